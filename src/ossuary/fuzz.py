"""Random playouts of any registered game, checking invariants after every action.

``python -m ossuary.fuzz --game hecatomb --games 10000`` (``make fuzz``) plays
uniformly random games over the game's seat counts. After every action it runs
the game's own cheap checks (``GAME.checks.invariants(state, deep=False)``:
cards accounted for, counters in bounds); every ``--deep-every`` actions the
deep ones, and the kernel's, which hold for every game:

- ``clone()`` equals the original and ``deserialize(serialize())`` round-trips;
- a sample for the deciding seat shares nothing with the game, has no seed and
  no history, and shows that seat exactly what the real game shows it;
- no seat's view and no spectator's, log and log lines in words included,
  names a card that reader may not know, judged from where every card truly
  lies (:class:`ViewCheck`);
- at the end, the same seed and actions give the same game (the replay is exact).
"""

from __future__ import annotations

import argparse
import bisect
import gc
import operator
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import games
from .engine.contract import (
    CardPlace,
    NameFinder,
    Sight,
    cards_by_name,
    check_sample,
    name_leaks,
    newly_shown,
)
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
            check_sample(state, decider, Rng(state.ply), before=text)
        except AssertionError as exc:
            raise InvariantError(f"sample for seat {decider}: {exc}") from exc


class ViewCheck:
    """The views of one game judged from the truth, not from the game's redaction.

    After every action it notes where every card lies (``game.checks.card_places``)
    and how long the log is; :meth:`check` then hands every seat's view and the
    spectator's, with the log lines in words, to
    :func:`~ossuary.engine.contract.name_leaks`: no card shown by id may be one
    the reader can't see now, no card named in words may be one of which the
    reader can account for no copy (its hand, public zones, cards the rules
    showed it), and each log event is judged at the moment its action wrote it
    (just before or after: a card seen going into a deck may be named). The log
    events written since the last check are judged; the position, now.
    """

    def __init__(self, game: Game, state: GameState) -> None:
        self.game = game
        places = game.checks.card_places(state)
        self.names = NameFinder(p.name for p in places)
        self.seats = state.num_seats()
        #: (log length, places) after each action since the last check; the first
        #: is the setup's (its events have no moment before) or the last check's
        self.marks: list[tuple[int, list[CardPlace]]] = [(len(state.log), places)]
        self.setup = True
        self.judged = 0  # log events judged so far
        # the cards by name, for the sights, once a mark: the same from one
        # action to the next unless a card's name changed, so shared then
        self._names: tuple[str, ...] = ()
        self._by_name: dict[str, list[int]] = {}
        self._index: dict[int, dict[str, list[int]]] = {}  # id(places) -> by name

    def by_name(self, places: list[CardPlace]) -> dict[str, list[int]]:
        found = self._index.get(id(places))  # the places are kept in the marks
        if found is None:
            names = tuple(map(_NAME, places))  # p.name of each, in C
            if names != self._names:
                self._names, self._by_name = names, cards_by_name(places)
            found = self._index[id(places)] = self._by_name
        return found

    def after_action(self, state: GameState) -> None:
        """Note the position after an action; check that every card the rules
        just showed a seat is one the seat is told of (a log event it reads or
        an option it is offered names it)."""
        before_log, before = self.marks[-1]
        after = self.game.checks.card_places(state)
        self.marks.append((len(state.log), after))
        # a card shown to a seat is marked shown to it now and not before: only
        # the few cards whose marks changed are looked at, seat by seat
        changed = [(b, a) for b, a in zip(before, after, strict=True) if a.known != b.known]
        if not changed:
            return
        was, now = [b for b, _ in changed], [a for _, a in changed]
        for seat in range(self.seats):
            shown = newly_shown(was, now, seat)
            if not shown:
                continue
            view = state.view(seat, before_log)
            # what it is told: the new log events (and their lines), its options
            told = [
                view["log"],
                [self.game.terminal.format_event(e) for e in view["log"]],
                (view.get("decision") or {}).get("options", []),
            ]
            words = set(self.names(" ".join(strings_in(told))))
            untold = sorted(set(shown) - words)
            if untold:
                raise InvariantError(
                    f"action {state.ply} showed seat {seat} {untold} without telling it"
                )

    def _moment(self, reader: int | None) -> Callable[[int], list[Sight]]:
        marks, sights = self.marks, {}
        lengths = [length for length, _ in marks]  # never decreasing

        def sight(k: int) -> Sight:
            if k not in sights:
                places = marks[k][1]
                sights[k] = Sight(places, reader, self.seats, by_name=self.by_name(places))
            return sights[k]

        def moments(i: int) -> list[Sight]:
            k = bisect.bisect_right(lengths, i)  # the first mark whose log is longer than i
            if k == len(marks):  # written since the last action noted: judged now
                return [sight(len(marks) - 1)]
            if k == 0:
                if not self.setup:
                    raise InvariantError(f"log event {i} was judged before")
                return [sight(0)]
            return [sight(k - 1), sight(k)]

        return moments

    def check(self, state: GameState) -> None:
        """Judge every reader's view now (raise :class:`InvariantError`)."""
        places = self.marks[-1][1]
        decider = state.current_player()
        for reader in [*range(self.seats), None]:
            view = state.view(reader, self.judged)
            words = [self.game.terminal.format_event(e) for e in view.get("log", [])]
            message = {"view": view, "events": words}
            index = self.by_name(places)
            now = Sight(places, reader, self.seats, by_name=index)
            choosing = (
                Sight(places, reader, self.seats, own_deck=True, by_name=index)
                if reader == decider
                else None
            )
            problems = name_leaks(message, now, self.names, self._moment(reader), choosing)
            if problems:
                who = "the spectator" if reader is None else f"seat {reader}"
                raise InvariantError(f"{who} at action {state.ply}: {'; '.join(problems[:3])}")
        self.judged = len(state.log)
        self.marks = self.marks[-1:]
        self._index = {id(places): self.by_name(places)}
        self.setup = False


_NAME = operator.attrgetter("name")


def strings_in(obj: Any) -> Iterator[str]:
    """Every string in a JSON-like value (dict values and list items, nested)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings_in(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings_in(v)


#: objects allocated (less those freed) between two collections of the youngest
#: generation while a fuzz game runs (Python's default: 700)
YOUNG_COLLECTION = 10_000


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector run less often: a deep check parses and
    writes whole saved states, tens of thousands of short-lived objects, and
    at Python's default the collector ran some 300 times a Necromancer game
    (a tenth of its time). It still runs, every ``YOUNG_COLLECTION`` objects;
    the setting is the caller's again after the game."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], YOUNG_COLLECTION), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def random_game(
    game: Game,
    seed: int,
    seats: int,
    deep_every: int = 10,
    max_actions: int = 20_000,
) -> GameState:
    """Play one uniformly random game with every check; return the final state."""
    with _fewer_collections():
        return _random_game(game, seed, seats, deep_every, max_actions)


def _random_game(game: Game, seed: int, seats: int, deep_every: int, max_actions: int) -> GameState:
    decks = game.checks.fuzz_decks(seed, seats)
    state = game.new_game(decks=decks, seats=seats, seed=seed)
    rng = Rng(seed * 7919 + seats)
    views = ViewCheck(game, state)
    while not state.is_terminal():
        deep = state.ply % deep_every == 0
        game.checks.invariants(state, deep)
        if deep:
            check_kernel(game, state)
            views.check(state)
        state.apply_action(rng.choice(state.legal_action_ids()))
        views.after_action(state)
        if state.ply > max_actions:
            raise InvariantError(f"game {seed} with {seats} seats did not end in {max_actions}")
    game.checks.invariants(state, True)
    check_kernel(game, state)
    views.check(state)
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
