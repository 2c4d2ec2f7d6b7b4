"""Random playouts of any registered game, checking invariants after every action.

``python -m ossuary.fuzz --game hecatomb --games 10000`` (``make fuzz``) plays
uniformly random games over the game's seat counts. After every action it runs
the game's own cheap checks (``GAME.check_invariants(state, deep=False)``:
cards accounted for, counters in bounds); every ``--deep-every`` actions the
deep ones, and the kernel's, which hold for every game:

- ``clone()`` equals the original and ``deserialize(serialize())`` round-trips;
- a sample for the deciding seat shares nothing with the game, has no seed and
  no history, and shows that seat exactly what the real game shows it;
- at the end, the same seed and actions give the same game (the replay is exact).
"""

from __future__ import annotations

import argparse
import sys
import time

from . import games
from .engine.contract import check_sample
from .engine.core import GameState
from .engine.game import Game
from .engine.replay import Replay
from .engine.rng import Rng


class InvariantError(AssertionError):
    """The engine broke one of its promises."""


def check_kernel(game: Game, state: GameState) -> None:
    """The kernel's invariants, for any game (see the module docstring)."""
    text = state.serialize()
    if state.clone().serialize() != text:
        raise InvariantError("clone differs from original")
    if game.deserialize(text).serialize() != text:
        raise InvariantError("serialize does not round-trip")
    decider = state.current_player()
    if decider is not None:
        try:
            check_sample(state, decider, Rng(state.ply))
        except AssertionError as exc:
            raise InvariantError(f"sample for seat {decider}: {exc}") from exc


def random_game(
    game: Game,
    seed: int,
    seats: int,
    deep_every: int = 10,
    max_actions: int = 20_000,
) -> GameState:
    """Play one uniformly random game with every check; return the final state."""
    decks = game.fuzz_decks(seed, seats)
    state = game.new_game(decks=decks, seats=seats, seed=seed)
    rng = Rng(seed * 7919 + seats)
    while not state.is_terminal():
        deep = state.ply % deep_every == 0
        game.check_invariants(state, deep)
        if deep:
            check_kernel(game, state)
        state.apply_action(rng.choice(state.legal_action_ids()))
        if state.ply > max_actions:
            raise InvariantError(f"game {seed} with {seats} seats did not end in {max_actions}")
    game.check_invariants(state, True)
    check_kernel(game, state)
    again = Replay.of(state).final()
    if again.serialize() != state.serialize():
        raise InvariantError(f"game {seed}: same seed and actions gave a different game")
    return state


EXIT_INTERRUPTED = 130  # the shell's code for "stopped by Ctrl-C"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random playouts with invariant checks.")
    parser.add_argument("--game", default=games.DEFAULT, help="which game (ossuary games)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--deep-every",
        type=int,
        default=10,
        help="clone/serialize/sample checks every N actions (cheap checks every action)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.deep_every < 1:
        parser.error("--games and --deep-every must be 1 or more")
    try:
        game = games.get(args.game)
    except games.UnknownGame as exc:
        parser.error(str(exc))
    from rich.progress import track

    start = time.perf_counter()
    actions = failures = 0
    counts = game.seat_counts
    played = 0
    try:
        for i in track(range(args.games), description=f"fuzzing {game.title}"):
            seed = args.seed + i
            seats = counts[i % len(counts)]
            try:
                actions += random_game(game, seed, seats, args.deep_every).ply
            except Exception as exc:  # report every failing seed, keep going
                failures += 1
                print(f"FAIL seed={seed} seats={seats}: {type(exc).__name__}: {exc}",
                      file=sys.stderr)  # fmt: skip
            played += 1
    except KeyboardInterrupt:  # Ctrl-C: say what was checked, without a traceback
        took = time.perf_counter() - start
        print(f"Interrupted (Ctrl-C) after {played} of {args.games} games: {actions} actions, "
              f"{failures} failures, {took:.1f}s; --seed {args.seed + played} goes on from "
              "there")  # fmt: skip
        return EXIT_INTERRUPTED
    took = time.perf_counter() - start
    print(f"{game.title}: {args.games} games, {actions} actions, {failures} failures, {took:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
