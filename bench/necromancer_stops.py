"""How often auto-pass stops a person in Path of the Necromancer's response
windows: seeded games, heuristic agents at every seat, seat 0 read as a person
with auto-pass on (``docs/terminal.md``, "Auto-pass"). Prints, per game and in
all, the windows posed to seat 0 that its client would answer by itself and
those it stops for, and what the stops offered.

    .venv/bin/python bench/necromancer_stops.py --games 10
"""

from __future__ import annotations

import argparse
import collections

from ossuary import games
from ossuary.agents import make_agent, play_game
from ossuary.engine.core import Action, GameState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args()
    game = games.get("necromancer")
    total: collections.Counter[str] = collections.Counter()
    offered: collections.Counter[str] = collections.Counter()
    for seed in range(args.games):
        count: collections.Counter[str] = collections.Counter()

        def seen(
            state: GameState, seat: int, _action: Action, count: collections.Counter[str] = count
        ) -> None:
            decision = state.decision()
            if seat != 0 or decision is None or decision.kind != "window":
                return
            ids = list(state.legal_action_ids())
            if game.client.auto_pass(state.view(0), ids) is not None:
                count["auto-passed"] += 1
                return
            count["stopped"] += 1
            offered[" / ".join(sorted({i.split()[0] for i in ids}))] += 1

        agents = [make_agent("heuristic", seed + k) for k in range(args.seats)]
        end = play_game(game.new_game(seats=args.seats, seed=seed), agents, observer=seen)
        print(f"seed {seed}: {end.turn_number} turns, {dict(count)}")  # type: ignore[attr-defined]
        total.update(count)
    print(f"in all: {dict(total)}; stopped {total['stopped'] / args.games:.1f} a game")
    for options, n in offered.most_common():
        print(f"  {n:4} stops offering {options}")


if __name__ == "__main__":
    main()
