"""Golden games: recorded games that every change to the engines must replay bit for bit.

    python -m tests.golden --record          # write tests/golden/*.json anew
    python -m tests.golden                   # check them (what tests/test_golden.py does)

For every game and seat count (so every mode: Diabolicards' 2v2 is its four
seats), a random game on the fuzzer's decks and a heuristic game on the default
decks, each from a fixed seed: every action, and after every action a digest of
what every seat and a spectator see (``view(seat)`` with the log lines the
action added, as the server sends them; labels and the question included) and
of the whole state; at the end a digest of every whole view, log and all, so a
line of the past that changed is seen too. (Each view's whole log after every
action made a long game's check quadratic: 35 s for Necromancer's four seats.)
A redesign of a game's code must replay them identically, on the compiled and
the pure build; a change that means to change what players see (a label's
words, a new log line) records them again and says why in its commit.

The agents choose only when recording: a check applies the recorded actions,
so it does not depend on the agents staying the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ossuary import games
from ossuary.agents import make_agent, play_game
from ossuary.engine.core import GameState
from ossuary.engine.rng import Rng

FOLDER = Path(__file__).with_name("golden")
SEEDS = {"random": 101, "heuristic": 202}
MAX_ACTIONS = 3_000  # a game longer than this is cut (recorded as cut)


@dataclass(frozen=True)
class Recipe:
    game: str
    seats: int
    agent: str  # "random" (the fuzzer's decks) or "heuristic" (the default decks)

    @property
    def seed(self) -> int:
        return SEEDS[self.agent] + self.seats

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}-{self.seats}-{self.agent}.json"

    def new_game(self) -> GameState:
        game = games.get(self.game)
        decks = game.checks.fuzz_decks(self.seed, self.seats) if self.agent == "random" else None
        return game.new_game(decks=decks, seats=self.seats, seed=self.seed)


def recipes() -> list[Recipe]:
    return [
        Recipe(name, seats, agent)
        for name in games.names()
        for seats in games.get(name).seat_counts
        for agent in SEEDS
    ]


def _digest(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def seen(state: GameState, log_from: int = 0) -> str:
    """One digest of everything every reader may see now (the log from
    ``log_from`` on), and of the whole state."""
    readers: list[int | None] = [*range(state.num_seats()), None]
    parts = [_digest(state.view(seat, log_from)) for seat in readers]
    if state.pending is not None:
        parts.append(_digest([[a.id, a.label] for a in state.legal_actions()]))
        parts.append(_digest(state.prompt()))
    parts.append(_digest(state.serialize()))
    return _digest("".join(parts))


def record(recipe: Recipe) -> dict[str, Any]:
    state = recipe.new_game()
    if recipe.agent == "random":
        rng = Rng(recipe.seed)
        while not state.is_terminal() and len(state.history) < MAX_ACTIONS:
            state.apply_action(rng.choice(state.legal_action_ids()))
    else:
        agents = [make_agent("heuristic", recipe.seed * 10 + i) for i in range(recipe.seats)]
        play_game(state, agents, max_actions=MAX_ACTIONS)
    actions = list(state.history)
    replayed = recipe.new_game()
    digests = [seen(replayed)]
    for aid in actions:
        before = len(replayed.log)
        replayed.apply_action(aid)
        digests.append(seen(replayed, before))
    return {
        "game": recipe.game,
        "seats": recipe.seats,
        "agent": recipe.agent,
        "seed": recipe.seed,
        "ended": state.is_terminal(),
        "actions": actions,
        "seen": digests,
        "final": seen(replayed),
    }


def check(recipe: Recipe) -> str | None:
    """None when the recorded game replays identically; else where it parted."""
    data = json.loads(recipe.path.read_text())
    state = recipe.new_game()
    if seen(state) != data["seen"][0]:
        return f"{recipe.path.name}: the deal differs"
    for ply, aid in enumerate(data["actions"], 1):
        if aid not in state.legal_action_ids():
            return f"{recipe.path.name}: action {ply} ({aid!r}) is no longer legal"
        before = len(state.log)
        state.apply_action(aid)
        if seen(state, before) != data["seen"][ply]:
            return f"{recipe.path.name}: what the seats see differs after action {ply} ({aid!r})"
    if state.is_terminal() != data["ended"]:
        return f"{recipe.path.name}: the game {'ends' if state.is_terminal() else 'goes on'}"
    if seen(state) != data["final"]:
        return f"{recipe.path.name}: the whole views at the end differ (a past log line?)"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="record every golden game anew")
    args = parser.parse_args(argv)
    failed = 0
    for recipe in recipes():
        if args.record:
            FOLDER.mkdir(exist_ok=True)
            data = record(recipe)
            recipe.path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(f"{recipe.path.name}: {len(data['actions'])} actions", file=sys.stderr)
        else:
            problem = check(recipe)
            print(problem or f"{recipe.path.name}: same", file=sys.stderr)
            failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
