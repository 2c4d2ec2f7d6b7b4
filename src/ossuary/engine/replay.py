"""Replays: (ruleset, version, seats, decks, seed, first player, action ids).

A replay rebuilds a game exactly, because the game's randomness lives in its
state. Games register how to start themselves; the kernel imports no game.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .core import MAX_ACTION_ID, GameState
from .errors import IllegalAction, OssuaryError, ReplayError
from .game import MAX_SEED
from .untrusted import load_json, read_file, shown

NewGame = Callable[..., GameState]
_RULESETS: dict[str, tuple[str, NewGame]] = {}


def register_ruleset(name: str, version: str, new_game: NewGame) -> None:
    _RULESETS[name] = (version, new_game)


def ruleset(name: str) -> tuple[str, NewGame]:
    """The (version, new_game) of a ruleset, importing its package on demand."""
    if name not in _RULESETS:
        try:
            importlib.import_module(f"ossuary.{name}")
        except ImportError as exc:
            raise ReplayError(f"unknown ruleset {name!r}") from exc
    if name not in _RULESETS:
        raise ReplayError(f"unknown ruleset {name!r}")
    return _RULESETS[name]


@dataclass
class Replay:
    ruleset: str
    version: str
    seats: int
    decks: list[list[str]]
    seed: int
    first: int
    actions: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, state: GameState) -> Replay:
        """The replay of a game started with ``new_game`` (not of a scenario)."""
        return cls(
            state.ruleset,
            state.version,
            state.num_seats(),
            [list(d) for d in state.deck_lists()],
            state.seed,
            state.first,
            list(state.history),
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", "utf-8")

    @classmethod
    def from_json(cls, text: str, source: str = "replay") -> Replay:
        """A replay from its JSON text, read within the kernel's bounds and checked
        field by field (types, sizes, ranges); every problem is a :class:`ReplayError`."""
        data = load_json(text, ReplayError, f"{source}: not a replay file", limit=MAX_REPLAY)
        bad = f"{source}: not a replay file:"
        if not isinstance(data, dict):
            raise ReplayError(f"{bad} expected a JSON object, got {type(data).__name__}")
        unknown = set(data) - set(_FIELDS)
        if unknown:
            names = ", ".join(shown(k, 30) for k in sorted(unknown)[:5])
            raise ReplayError(f"{bad} unknown field(s) {names}; known: {', '.join(_FIELDS)}")
        for key, (kind, check, rule) in _FIELDS.items():
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool) or not check(value):
                raise ReplayError(f"{bad} {key!r} must be {rule}, got {shown(value)}")
        return cls(**data)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        text = read_file(path, ReplayError, "replay", limit=MAX_REPLAY)
        return cls.from_json(text, str(path))

    def start(self) -> GameState:
        version, new_game = ruleset(self.ruleset)
        if version != self.version:
            raise ReplayError(
                f"replay was made with {self.ruleset} rules version {self.version}; "
                f"this Ossuary has version {version}"
            )
        try:
            return new_game(decks=self.decks, seats=self.seats, seed=self.seed, first=self.first)
        except (OssuaryError, ValueError) as exc:
            raise ReplayError(f"cannot start the game: {exc}") from exc

    def states(self) -> Iterator[tuple[str | None, GameState]]:
        """Yield (action applied, state after it), starting with (None, start)."""
        state = self.start()
        yield None, state
        for i, aid in enumerate(self.actions):
            state = state.clone()
            _apply(state, i, aid)
            yield aid, state

    def final(self) -> GameState:
        """The state after every action (a :class:`ReplayError`, as from
        :meth:`states`, if one is illegal)."""
        state = self.start()
        for i, aid in enumerate(self.actions):
            _apply(state, i, aid)
        return state


def _apply(state: GameState, i: int, aid: str) -> None:
    try:
        state.apply_action(aid)
    except IllegalAction as exc:
        raise ReplayError(f"action {i + 1} ({shown(aid)}) is illegal on replay: {exc}") from exc


MAX_REPLAY = 50_000_000  # bytes: a million actions of a very long game
MAX_SEATS = 64
MAX_ACTIONS = 1_000_000
MAX_DECK = 10_000  # card names in one deck
_RULESET_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _names(value: list[Any], most: int, longest: int) -> bool:
    return len(value) <= most and all(isinstance(v, str) and len(v) <= longest for v in value)


# field -> (type, check, what it must be, for the message)
_FIELDS: dict[str, tuple[type, Callable[[Any], bool], str]] = {
    "ruleset": (
        str, lambda v: _RULESET_NAME.fullmatch(v) is not None, "a game's name, e.g. 'hecatomb'"
    ),
    "version": (str, lambda v: len(v) <= 40, "a rules version (text)"),
    "seats": (int, lambda v: 1 <= v <= MAX_SEATS, f"a number of seats from 1 to {MAX_SEATS}"),
    "decks": (
        list,
        lambda v: len(v) <= MAX_SEATS
        and all(isinstance(d, list) and _names(d, MAX_DECK, 200) for d in v),
        "one list of card names per seat",
    ),
    "seed": (int, lambda v: -MAX_SEED < v < MAX_SEED, "a whole number below 2**64 in size"),
    "first": (int, lambda v: 0 <= v < MAX_SEATS, "a seat number"),
    "actions": (
        list,
        lambda v: _names(v, MAX_ACTIONS, MAX_ACTION_ID),
        f"a list of option ids (text of at most {MAX_ACTION_ID} characters)",
    ),
}  # fmt: skip
