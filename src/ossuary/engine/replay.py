"""Replays: (ruleset, version, seats, decks, seed, first player, action ids).

A replay rebuilds a game exactly, because the game's randomness lives in its
state. Games register how to start themselves; the kernel imports no game.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .core import GameState
from .errors import IllegalAction, OssuaryError, ReplayError

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
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{source}: not a replay file (invalid JSON: {exc})") from exc
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: not a replay file (expected a JSON object)")
        expected = {
            "ruleset": str, "version": str, "seats": int, "decks": list, "seed": int,
            "first": int, "actions": list,
        }  # fmt: skip
        bad = f"{source}: not a replay file:"
        for key, kind in expected.items():
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ReplayError(f"{bad} {key!r} must be {kind.__name__}, got {value!r}")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise ReplayError(f"{bad} 'actions' must be a list of strings")
        if not all(
            isinstance(d, list) and all(isinstance(c, str) for c in d) for d in data["decks"]
        ):
            raise ReplayError(f"{bad} 'decks' must be lists of card names")
        unknown = set(data) - set(expected)
        if unknown:
            raise ReplayError(f"{bad} unknown field(s) {sorted(unknown)}")
        return cls(**data)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        try:
            text = Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ReplayError(f"cannot read replay {path}: {exc}") from exc
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
            try:
                state.apply_action(aid)
            except IllegalAction as exc:
                raise ReplayError(f"action {i + 1} ({aid!r}) is illegal on replay: {exc}") from exc
            yield aid, state

    def final(self) -> GameState:
        state = self.start()
        for aid in self.actions:
            state.apply_action(aid)
        return state
