"""How fast the agents think: ISMCTS iterations a second, heuristic and learned decisions a second.

Speed is measured here, never asserted in tests. Each ISMCTS decision that
needs a search runs a fixed number of iterations (so the work is the same on
every machine); the rate is total iterations over total search time.

    .venv/bin/python bench/bench_agents.py --games 4 --iters 1000
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from ossuary import hecatomb
from ossuary.agents import (
    Agent,
    Budget,
    HeuristicAgent,
    ISMCTSAgent,
    Observation,
    make_agent,
    play_game,
)


class Timed:
    """Wraps an agent and counts its decisions and the time they took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.seconds = 0.0

    def act(self, obs: Observation) -> str:
        start = time.perf_counter()
        aid = self.agent.act(obs)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return aid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--iters", type=int, default=1000, help="ISMCTS iterations a decision")
    parser.add_argument("--json", help="also write the numbers to this file")
    args = parser.parse_args()
    iterations = 0
    search = 0.0
    searched = 0
    decisions = 0
    heuristic = Timed(HeuristicAgent(0))
    start = time.perf_counter()
    for g in range(args.games):
        ismcts = ISMCTSAgent(g + 1, Budget(iterations=args.iters))
        agents: list[Agent] = [ismcts, heuristic] if g % 2 == 0 else [heuristic, ismcts]
        seat = agents.index(ismcts)
        state = hecatomb.new_game(seed=100 + g)
        played: list[int] = []
        play_game(state, agents, observer=lambda _s, who, _a, out=played: out.append(who))
        decisions += played.count(seat)
        iterations += ismcts.iterations
        search += ismcts.search_seconds
        searched += ismcts.searches
    # the shipped learned policy (numpy inference), against the heuristic
    learned = Timed(make_agent("learned", 0))
    for g in range(args.games):
        pair: list[Agent] = [learned, heuristic] if g % 2 == 0 else [heuristic, learned]
        play_game(hecatomb.new_game(seed=200 + g), pair)
    wall = time.perf_counter() - start
    out = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games": args.games,
        "iters_per_decision": args.iters,
        "ismcts_decisions": decisions,
        "ismcts_searches": searched,
        "ismcts_iterations_per_second": round(iterations / search) if search else 0,
        "ismcts_seconds_per_search": round(search / searched, 3) if searched else 0,
        "heuristic_decisions_per_second": round(heuristic.decisions / heuristic.seconds)
        if heuristic.seconds
        else 0,
        "learned_decisions_per_second": round(learned.decisions / learned.seconds)
        if learned.seconds
        else 0,
        "wall_seconds": round(wall, 1),
    }
    for key, value in out.items():
        print(f"{key:32} {value}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
