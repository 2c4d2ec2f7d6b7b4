"""Traces of games, to compare the compiled and the pure-Python builds.

    python -m tests.build_trace --games 3 --agent-games 1      # JSON lines
    OSSUARY_PURE=1 python -m tests.build_trace --games 3 ...    # the same, pure

The first line says which build ran. Then, for every game and seat count:
``--games`` random games (the fuzzer's decks, seeds and choices) with a digest
of ``serialize()`` after every action, and ``--agent-games`` games of the
heuristic against ISMCTS (a fixed number of iterations, so the same on any
machine and load) with every action chosen. tests/test_compiled.py runs it on
both builds and compares the lines; run it with more games to compare more.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from ossuary import compiled, games
from ossuary.agents import make_agent, play_game
from ossuary.engine.rng import Rng


def digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def random_trace(name: str, seats: int, seed: int) -> dict[str, object]:
    """A uniformly random game, as the fuzzer plays it: the state after every action."""
    game = games.get(name)
    state = game.new_game(decks=game.checks.fuzz_decks(seed, seats), seats=seats, seed=seed)
    rng = Rng(seed * 7919 + seats)
    states = [digest(state.serialize())]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_action_ids()))
        states.append(digest(state.serialize()))
    return {"game": name, "seats": seats, "seed": seed, "actions": state.history, "states": states}


def agent_trace(
    name: str, seats: int, seed: int, iterations: int, max_actions: int
) -> dict[str, object]:
    """The heuristic against ISMCTS (alternating seats): every action they chose
    (the first ``max_actions`` of the game)."""
    game = games.get(name)
    state = game.new_game(seats=seats, seed=seed)
    specs = ["heuristic", f"ismcts:iters={iterations}"]
    agents = [make_agent(specs[(i + seed) % 2], seed * 10 + i) for i in range(seats)]
    play_game(state, agents, max_actions=max_actions)
    return {
        "game": name,
        "seats": seats,
        "seed": seed,
        "agents": [a.name for a in agents],
        "actions": state.history,
        "final": digest(state.serialize()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per seat count")
    parser.add_argument("--agent-games", type=int, default=1, help="agent games per seat count")
    parser.add_argument("--iters", type=int, default=40, help="ISMCTS iterations a decision")
    parser.add_argument("--max-actions", type=int, default=2_000, help="of an agent game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    args = parser.parse_args(argv)
    out = sys.stdout
    out.write(json.dumps({"compiled": compiled.COMPILED, "build": compiled.describe()}) + "\n")
    for name in args.game or games.names():
        for seats in games.get(name).seat_counts:
            for k in range(args.games):
                out.write(json.dumps(random_trace(name, seats, args.seed + k)) + "\n")
            for k in range(args.agent_games):
                trace = agent_trace(name, seats, args.seed + k, args.iters, args.max_actions)
                out.write(json.dumps(trace) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
