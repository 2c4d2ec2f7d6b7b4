"""The compiled and pure-Python builds compared by full state on many fuzz games.

    python -m tests.build_compare --games 200 --workers 2 --out compiled.jsonl.gz
    OSSUARY_PURE=1 python -m tests.build_compare --games 200 --workers 2 --out pure.jsonl.gz
    python -m tests.build_compare --diff compiled.jsonl.gz pure.jsonl.gz

For every configuration (every registered game at every seat count it
allows), ``--games`` uniformly random games as the fuzzer plays them (its
decks, seeds and choices; no checks) write one line each: the actions taken,
a digest chain over the state after every action, and the full ``serialize()``
of the final state. ``--diff`` compares two such files and fails on the first
difference, naming the game, seats and seed, and (playing that game again on
both builds) the first action after which the states differ.

The chain sees every state at a fraction of hashing ``serialize()`` after
every action (measured in docs/testing.md): after each action it digests the
state's ``to_json()`` without the parts that never change in a game or only
grow (the card definitions, the history, the event log), the action and the
log events the action wrote; the final ``serialize()`` holds those parts
whole. A game without ``to_json`` is digested through ``serialize()``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ossuary import compiled, games
from ossuary.engine.core import GameState
from ossuary.engine.rng import Rng

MAX_ACTIONS = 20_000  # the fuzzer's limit: a random game ends long before
_ENCODE = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
_FIXED = ("cards", "history", "log")  # never change in a game, or only grow


class Chain:
    """A digest over the states after every action (see the module docstring).
    ``how``: ``compact`` (that), ``full`` (``serialize()`` after every action,
    to measure against), ``none`` (no digest: the game alone)."""

    def __init__(self, state: GameState, how: str = "compact") -> None:
        self.hash = hashlib.sha1()
        self.logged = 0
        self.how = how
        to_json = getattr(state, "to_json", None)  # every game of Ossuary's has one
        if how == "compact" and not (callable(to_json) and isinstance(to_json(), dict)):
            self.how = "full"
        self.add(state, "")

    def add(self, state: GameState, action: str) -> str:
        h = self.hash
        h.update(action.encode())
        if self.how == "none":
            return ""
        if self.how == "full":
            h.update(state.serialize().encode())
            return h.hexdigest()[:16]
        data = state.to_json()  # type: ignore[attr-defined]
        for key in _FIXED:
            data.pop(key, None)
        h.update(_ENCODE(data).encode())
        h.update(_ENCODE(state.log[self.logged :]).encode())
        self.logged = len(state.log)
        return h.hexdigest()[:16]


def play(
    name: str, seats: int, seed: int, steps: bool = False, how: str = "compact"
) -> dict[str, Any]:
    """One fuzz game (no checks): its line; ``steps``: the chain after every action too."""
    game = games.get(name)
    state = game.new_game(decks=game.checks.fuzz_decks(seed, seats), seats=seats, seed=seed)
    rng = Rng(seed * 7919 + seats)
    chain = Chain(state, how)
    digests = []
    while not state.is_terminal() and state.ply < MAX_ACTIONS:
        action = rng.choice(state.legal_action_ids())
        state.apply_action(action)
        digest = chain.add(state, action)
        if steps:
            digests.append(digest)
    line: dict[str, Any] = {"game": name, "seats": seats, "seed": seed, "actions": state.ply}
    line.update(chain=chain.hash.hexdigest(), final=state.serialize())
    if steps:
        line["steps"] = digests
        line["history"] = state.history
    return line


def _play(task: tuple[str, int, int, str]) -> str:
    name, seats, seed, how = task
    return json.dumps(play(name, seats, seed, how=how), separators=(",", ":"))


def tasks(names: list[str], n: int, seed: int, how: str) -> list[tuple[str, int, int, str]]:
    return [(name, seats, seed + k, how) for name in names
            for seats in games.get(name).seat_counts for k in range(n)]  # fmt: skip


def lines(todo: list[tuple[str, int, int, str]], workers: int) -> Iterator[str]:
    if workers == 1:
        yield from map(_play, todo)
        return
    # spawn: every worker imports the build this process runs (OSSUARY_PURE is inherited)
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_play, todo, chunksize=4)


def where(line: dict[str, Any]) -> str:
    return f"{games.get(line['game']).title}, {line['seats']} seats, seed {line['seed']}"


def first_difference(a: str, b: str) -> str:
    k = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return (
        f"at character {k}: {a[max(0, k - 60) : k + 60]!r} against {b[max(0, k - 60) : k + 60]!r}"
    )


def first_step(line: dict[str, Any]) -> str:
    """Play the game again on both builds, action by action: the first action
    after which the states differ."""
    args = [sys.executable, "-m", "tests.build_compare", "--one",
            f"{line['game']}:{line['seats']}:{line['seed']}"]  # fmt: skip
    root = Path(__file__).resolve().parents[1]
    runs = []
    for pure in ("0", "1"):
        env = {**os.environ, "OSSUARY_PURE": pure}
        done = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    a, b = runs
    for k, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=False)):
        if x != y:
            return f"the states differ after action {k + 1} ({a['history'][k]!r})"
    return "the states after every action agree; the final texts differ"


def diff(left: Path, right: Path, both: bool = False) -> int:
    """0 when the two files hold the same games, else 1 with a message.
    ``both``: the files must come from the two builds, one compiled."""
    with gzip.open(left, "rt") as fa, gzip.open(right, "rt") as fb:
        head_a, head_b = json.loads(next(fa)), json.loads(next(fb))
        if both and head_a["compiled"] == head_b["compiled"]:
            print(f"both runs are of the {head_a['build']} build: nothing to compare (is the "
                  "compiled build installed? make build)")  # fmt: skip
            return 1
        games_ = 0
        for la, lb in zip(fa, fb, strict=False):
            a, b = json.loads(la), json.loads(lb)
            if (a["game"], a["seats"], a["seed"]) != (b["game"], b["seats"], b["seed"]):
                print(f"the files list other games: {where(a)} against {where(b)}")
                return 1
            if la != lb:
                said = [f"{where(a)}: the {head_a['build']} and {head_b['build']} builds differ"]
                if a["final"] != b["final"]:
                    said.append("final state " + first_difference(a["final"], b["final"]))
                if a["chain"] != b["chain"] or a["actions"] != b["actions"]:
                    said.append(first_step(a))
                print("; ".join(said))
                return 1
            games_ += 1
        if next(fa, None) is not None or next(fb, None) is not None:
            print(f"{left} and {right} hold different numbers of games")
            return 1
    print(f"the {head_a['build']} and {head_b['build']} builds agree on {games_:,} games: "
          "the state after every action and the final saved state")  # fmt: skip
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, help="where to write the games (.jsonl.gz)")
    parser.add_argument(
        "--chain", choices=["compact", "full", "none"], default="compact",
        help="full, none: other digests, to measure what the chain costs",
    )  # fmt: skip
    parser.add_argument("--diff", nargs=2, type=Path, metavar="FILE", help="compare two runs")
    parser.add_argument(
        "--require-both", action="store_true", help="--diff: one run compiled, one pure"
    )
    parser.add_argument("--one", help="GAME:SEATS:SEED: that game's chain after every action")
    args = parser.parse_args(argv)
    if args.diff:
        left, right = args.diff
        return diff(left, right, both=args.require_both)
    if args.one:
        name, seats, seed = args.one.split(":")
        print(json.dumps(play(name, int(seats), int(seed), steps=True)))
        return 0
    if args.out is None:
        parser.error("give --out FILE (or --diff A B)")
    todo = tasks(args.game or games.names(), args.games, args.seed, args.chain)
    start = time.perf_counter()
    with gzip.open(args.out, "wt", compresslevel=1) as out:
        out.write(json.dumps({"compiled": compiled.COMPILED, "build": compiled.describe()}) + "\n")
        for line in lines(todo, args.workers):
            out.write(line + "\n")
    mine, workers = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                          resource.RUSAGE_CHILDREN))  # fmt: skip
    cpu = sum(r.ru_utime + r.ru_stime for r in (mine, workers))
    print(f"{len(todo):,} games by the {compiled.describe()} build in {args.out}: "
          f"{time.perf_counter() - start:,.1f} s, {cpu:,.1f} CPU-s in all")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
