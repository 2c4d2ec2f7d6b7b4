"""Where a build spends its time: Hecatomb random playouts or ISMCTS searches,
profiled (docs/compiled.md, "Where the time goes").

    OSSUARY_PURE=1 python bench/profile_builds.py playout --cprofile   # pure Python, by function
    perf record -F 2000 -o perf.data python bench/profile_builds.py ismcts
    python bench/profile_builds.py --perf-report perf.data            # compiled, by kind of work

cProfile sees only Python functions, so it describes the pure build; the
compiled modules are C, so ``perf`` samples them, and ``--perf-report`` sorts
the samples into the kinds of work that compiled code hands to CPython's
runtime (allocation, lookups by name, boxing...) and the compiled logic itself.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import re
import subprocess
import time

# (kind of work, pattern on "library symbol"), first match wins
KINDS = [
    ("compiled logic of the games", r"^(hecatomb|necromancer|diabolicards)__mypyc\S* CPyDef"),
    ("compiled logic of the kernel and agents", r"^(engine|agents)__mypyc\S* CPyDef"),
    (
        "allocating and freeing objects",
        r"Malloc|Free|dealloc|_New\b|New$|alloc|GC_|NewReference|Trash|gc_collect|free_keys|new_keys",
    ),
    (
        "dict and attribute lookups by name",
        r"dict|Dict|unicodekeys|GetAttr|_PyType_Lookup|GetMethod",
    ),
    ("sets", r"(?i)set_|frozenset"),
    ("boxing and unboxing integers", r"PyLong|long_|Int64|CPyTagged"),
    ("strings (action ids built and parsed)", r"Str|Unicode|unicode|FromString|format"),
    ("interpreted Python", r"EvalFrame|_PyFunction|Vectorcall|PyObject_Call"),
    ("lists and tuples", r"list|List|tuple|Tuple|memmove|memcpy"),
]


def playout(seconds: float) -> None:
    from ossuary import games
    from ossuary.engine import Rng

    game, n, start = games.get("hecatomb"), 0, time.process_time()
    while time.process_time() - start < seconds:
        s, rng = game.new_game(seats=2, seed=n), Rng(n)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_action_ids()))
        n += 1


def ismcts(games_played: int) -> None:
    from ossuary import games
    from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, play_game

    for g in range(games_played):
        agents = [ISMCTSAgent(1, Budget(iterations=200)), HeuristicAgent(2)]
        play_game(games.get("hecatomb").new_game(seats=2, seed=100 + g), agents)


def perf_report(data: str) -> None:
    out = subprocess.run(
        ["perf", "report", "-i", data, "--no-children", "--sort", "dso,sym", "--stdio"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    shares: collections.Counter[str] = collections.Counter()
    for line in out.splitlines():
        m = re.match(r"\s+([\d.]+)%\s+(\S+)\s+\[.\]\s+(\S+)", line)
        if not m:
            continue
        where = f"{m[2]} {m[3]}"
        kind = next((k for k, pattern in KINDS if re.search(pattern, where)), f"other ({m[2]})")
        shares[kind] += float(m[1])
    for kind, share in shares.most_common(12):
        print(f"{share:5.1f}%  {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=("playout", "ismcts"), default="playout")
    parser.add_argument("--cprofile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--perf-report", metavar="DATA", help="summarize a perf recording")
    args = parser.parse_args()
    if args.perf_report:
        perf_report(args.perf_report)
        return
    run = (lambda: playout(4.0)) if args.what == "playout" else (lambda: ismcts(3))
    if not args.cprofile:
        run()
        return
    profile = cProfile.Profile()
    profile.runcall(run)
    pstats.Stats(profile).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
