"""Replays: (ruleset, version, seats, decks, seed, first player, action ids).

The first player is the one given to ``new_game`` (None: the seed chose), so
that ``new_game`` with the replay's setup deals the same game again, whatever
the game decides during play and whenever it decides it.

A replay rebuilds a game exactly, because the game's randomness lives in its
state. The game is the registry's (:mod:`ossuary.engine.registry`) of the
replay's ruleset name; the kernel imports no game.

A full :class:`Replay` rebuilds every hand and deck order, so it is for after
the game (or for the server that runs it). What a seat may be handed while the
game goes on is its :class:`SeatReplay`: the seat's own views, step by step,
built through the one redaction path (``view``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .core import MAX_ACTION_ID, GameState
from .errors import IllegalAction, OssuaryError, ReplayError, UnknownGame
from .game import MAX_SEED, Game
from .registry import get
from .untrusted import load_json, read_file, shown


def ruleset(name: str) -> Game:
    """The game whose ruleset is called ``name`` (a :class:`ReplayError` when no
    installed package registers it)."""
    try:
        return get(name)
    except UnknownGame as exc:
        raise ReplayError(f"unknown ruleset {name!r}") from exc


@dataclass
class Replay:
    ruleset: str
    version: str
    seats: int
    decks: list[list[str]]
    seed: int
    first: int | None  # as given to new_game; None: the seed chooses
    actions: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, state: GameState) -> Replay:
        """The replay of a game started with ``new_game`` (not of a scenario,
        nor of a sample, which hold no seed)."""
        if state.seed is None or state.perspective is not None:
            raise ReplayError(
                "this state has no replay: it was not dealt by new_game (a scenario or a "
                "sample holds no seed and no history)"
            )
        return cls(
            state.ruleset,
            state.version,
            state.num_seats(),
            [list(d) for d in state.deck_lists()],
            state.seed,
            state.replay_first(),
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
        return cls.from_data(data, source)

    @classmethod
    def from_data(cls, data: Any, source: str = "replay") -> Replay:
        """A replay from parsed JSON, checked field by field."""
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
        game = ruleset(self.ruleset)
        version = game.rules.version if game.rules is not None else ""
        if version != self.version:
            raise ReplayError(
                f"replay was made with {self.ruleset} rules version {self.version}; "
                f"this Ossuary has version {version}"
            )
        try:
            return game.new_game(
                decks=self.decks, seats=self.seats, seed=self.seed, first=self.first
            )
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
_FIELDS: dict[str, tuple[type | tuple[type, ...], Callable[[Any], bool], str]] = {
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
    "first": (
        (int, type(None)), lambda v: v is None or 0 <= v < MAX_SEATS,
        "a seat number, or null (the seed chooses)",
    ),
    "actions": (
        list,
        lambda v: _names(v, MAX_ACTIONS, MAX_ACTION_ID),
        f"a list of option ids (text of at most {MAX_ACTION_ID} characters)",
    ),
}  # fmt: skip


SEAT_REPLAY = "ossuary seat replay"


@dataclass
class SeatReplay:
    """What one seat saw of a game, step by step: safe to give that seat at any
    time, because every frame is built by the game's ``view(seat)``.

    ``seat`` None is a spectator's replay (public information only). Each frame
    is ``{"actor": seat or None, "action": label or None, "view": view}``: the
    action's label only when this seat took it (another seat's choice can name
    its hidden cards; what it did shows in the log), and the view after it,
    whose ``log`` holds only the events that are new since the previous frame.
    The first frame is the position before any action.
    """

    ruleset: str
    version: str
    seats: int
    seat: int | None
    frames: list[dict[str, Any]]
    finished: bool = False

    @classmethod
    def record(cls, replay: Replay, seat: int | None) -> SeatReplay:
        """Step through ``replay`` and keep only what ``seat`` sees."""
        frames: list[dict[str, Any]] = []
        seen = 0
        state: GameState | None = None
        for aid, after in replay.states():
            actor = None if state is None else state.current_player()
            label = None
            if aid is not None and state is not None and actor == seat:
                label = state.action_label(aid)
            view = after.view(seat, log_from=seen)
            seen += len(view["log"])
            frames.append({"actor": actor, "action": label, "view": view})
            state = after
        finished = state is not None and state.is_terminal()
        return cls(replay.ruleset, replay.version, replay.seats, seat, frames, finished)

    def to_json(self) -> str:
        return json.dumps({"format": SEAT_REPLAY, **asdict(self)}, separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", "utf-8")

    @classmethod
    def from_data(cls, data: dict[str, Any], source: str = "replay") -> SeatReplay:
        bad = f"{source}: not a seat replay:"
        expected: dict[str, type | tuple[type, ...]] = {
            "format": str, "ruleset": str, "version": str, "seats": int, "seat": (int, type(None)),
            "frames": list, "finished": bool,
        }  # fmt: skip
        for key, kind in expected.items():
            value = data.get(key)
            if not isinstance(value, kind) or (key != "finished" and isinstance(value, bool)):
                raise ReplayError(f"{bad} {key!r} has the wrong type ({type(value).__name__})")
        unknown = set(data) - set(expected)
        if unknown:
            raise ReplayError(f"{bad} unknown field(s) {sorted(unknown)}")
        for i, frame in enumerate(data["frames"]):
            if (
                not isinstance(frame, dict)
                or set(frame) != {"actor", "action", "view"}
                or not isinstance(frame["view"], dict)
                or not (frame["actor"] is None or type(frame["actor"]) is int)
                or not (frame["action"] is None or isinstance(frame["action"], str))
            ):
                raise ReplayError(f"{bad} frame {i} must hold actor, action and view")
        if not data["frames"]:
            raise ReplayError(f"{bad} it has no frames")
        fields = {k: v for k, v in data.items() if k != "format"}
        return cls(**fields)


def load_replay(path: str | Path) -> Replay | SeatReplay:
    """A replay file of either kind: a full replay, or a seat's (read within the
    kernel's bounds; every problem is a :class:`ReplayError`)."""
    text = read_file(path, ReplayError, "replay", limit=MAX_REPLAY)
    data = load_json(text, ReplayError, f"{path}: not a replay file", limit=MAX_REPLAY)
    if isinstance(data, dict) and data.get("format") == SEAT_REPLAY:
        return SeatReplay.from_data(data, str(path))
    return Replay.from_data(data, str(path))
