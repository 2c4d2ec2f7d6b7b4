"""Where a build spends its time: Hecatomb random playouts or ISMCTS searches,
profiled (docs/compiled.md, "Where the time goes").

    OSSUARY_PURE=1 python bench/profile_builds.py playout --cprofile   # pure Python, by function
    perf record -F 2000 -o perf.data python bench/profile_builds.py ismcts
    python bench/profile_builds.py --perf-report perf.data            # compiled, by kind of work
    python bench/profile_builds.py parts --game diabolicards   # an ISMCTS iteration, both builds

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


def ismcts(games_played: int, name: str = "hecatomb") -> None:
    from ossuary import games
    from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, play_game

    for g in range(games_played):
        agents = [ISMCTSAgent(1, Budget(iterations=200)), HeuristicAgent(2)]
        play_game(games.get(name).new_game(seats=2, seed=100 + g), agents)


PARTS = ("clone", "rollout", "cut", "sample")


def iteration_parts(name: str, seats: int, rounds: int = 300) -> dict[str, float]:
    """CPU seconds of each part of an ISMCTS iteration, done by hand on the
    same mid-game information states: ``clone`` (the sample a root option is
    played on), ``rollout`` (the game's rollout policy and moves, to its
    depth), ``cut`` (the search's evaluation where the rollout stops), and
    ``sample`` (a determinization; ISMCTS deals one per iteration, or with
    common samples one per pool slot)."""
    from ossuary import games
    from ossuary.agents.knowledge import knowledge_for
    from ossuary.engine import Rng

    game = games.get(name)
    states = []
    for g in range(8):
        s, rng = game.new_game(seats=seats, seed=300 + g), Rng(g)
        for _ in range(30 + 9 * g):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_action_ids()))
        if not s.is_terminal():
            seat = s.current_player()
            assert seat is not None
            states.append((s.information_state(seat), seat))
    know = knowledge_for(states[0][0].ruleset)
    cut, policy = know.search_evaluate or know.evaluate, know.rollout_policy
    spent = dict.fromkeys(PARTS, 0.0)
    cpu, rng = time.process_time, Rng(1)
    for _ in range(rounds):
        for s, seat in states:
            t0 = cpu()
            c = s.clone()
            t1 = cpu()
            depth = know.rollout_depth
            moves = 20 if depth is None else depth if isinstance(depth, int) else depth(c)
            for _ in range(moves):
                if c.is_terminal():
                    break
                c.apply_action(policy(c, rng))
            t2 = cpu()
            if not c.is_terminal():
                cut(c)
            t3 = cpu()
            s.resample(seat, rng)
            t4 = cpu()
            for part, (a, b) in zip(PARTS, ((t0, t1), (t1, t2), (t2, t3), (t3, t4)), strict=True):
                spent[part] += b - a
    return spent


def parts_side_by_side(name: str, seats: int) -> None:
    """:func:`iteration_parts` in this build compiled and pure, each in a
    process of its own, and the ratio part by part."""
    import json
    import os
    import sys

    found = {}
    for build, pure in (("compiled", "0"), ("pure", "1")):
        out = subprocess.run(
            [sys.executable, __file__, "--parts-json", name, str(seats)],
            env={**os.environ, "OSSUARY_PURE": pure},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        found[build] = json.loads(out)
    print(f"{name}, {seats} seats: CPU seconds per part, compiled / pure / ratio")
    for part in (*PARTS, "all"):
        c = sum(found["compiled"].values()) if part == "all" else found["compiled"][part]
        p = sum(found["pure"].values()) if part == "all" else found["pure"][part]
        print(f"  {part:8s} {c:7.3f} {p:7.3f}  {p / c:4.1f}x")


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
    parser.add_argument(
        "what", nargs="?", choices=("playout", "ismcts", "parts"), default="playout"
    )
    parser.add_argument("--game", default="hecatomb", help="ismcts and parts: the game")
    parser.add_argument("--seats", type=int, default=2, help="parts: the seat count")
    parser.add_argument("--parts-json", nargs=2, metavar=("GAME", "SEATS"), help=argparse.SUPPRESS)
    parser.add_argument("--cprofile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--perf-report", metavar="DATA", help="summarize a perf recording")
    args = parser.parse_args()
    if args.perf_report:
        perf_report(args.perf_report)
        return
    if args.parts_json:
        import json

        print(json.dumps(iteration_parts(args.parts_json[0], int(args.parts_json[1]))))
        return
    if args.what == "parts":
        parts_side_by_side(args.game, args.seats)
        return
    run = (lambda: playout(4.0)) if args.what == "playout" else (lambda: ismcts(3, args.game))
    if not args.cprofile:
        run()
        return
    profile = cProfile.Profile()
    profile.runcall(run)
    pstats.Stats(profile).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
