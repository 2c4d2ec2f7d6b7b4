"""Checking a saved state before it is rebuilt: the kernel's part of every
game's ``deserialize``.

A saved state is untrusted text. A game's loader reads it with
:func:`~ossuary.engine.untrusted.load_json` (bounded size and nesting), then
checks every field with a :class:`Checker` (types, ranges, ids), then rebuilds
the state and checks that it is consistent (each card in one place, the pending
decision's options naming things that exist). Only then is the state handed
out, so a garbage or tampered text is refused at once with a
:class:`~ossuary.engine.errors.StateError` naming the field, instead of
crashing later in the middle of play.

The kernel knows the parts every game shares: the header (ruleset, version),
the step stack and the pending decision (:func:`check_step`,
:func:`check_decision`), the event log and plain data (:meth:`Checker.plain`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Mapping
from typing import Any, NoReturn

from .core import MAX_ACTION_ID, Decision, GameState, Step
from .errors import OssuaryError, StateError
from .untrusted import is_int, printable, shown, unsafe_char

MAX_INT = 2**63  # any int in a state is smaller than this in size
MAX_TEXT = 200  # characters of a string in a step, decision or log event
MAX_LIST = 100_000  # items of one list (a zone, the log, the history)


class Checker:
    """Checks values from a parsed saved state; every failure is one
    ``error`` naming the source, where in the state, and what was expected."""

    def __init__(self, error: type[OssuaryError] = StateError, source: str = "saved state") -> None:
        self.error = error
        self.source = source

    def fail(self, where: str, message: str) -> NoReturn:
        raise self.error(f"{self.source}: {where}: {message}")

    def obj(
        self, value: Any, where: str, keys: Collection[str], optional: Collection[str] = ()
    ) -> dict[str, Any]:
        """A JSON object with exactly ``keys`` (and any of ``optional``)."""
        if not isinstance(value, dict):
            self.fail(where, f"expected an object, got {shown(value)}")
        if set(value) - set(optional) != set(keys):
            missing = sorted(set(keys) - set(value))
            extra = sorted(set(value) - set(keys) - set(optional))
            said = []
            if missing:
                said.append(f"missing {', '.join(missing)}")
            if extra:
                said.append(f"unknown {', '.join(printable(str(k), 30) for k in extra[:5])}")
            self.fail(where, "; ".join(said))
        return value

    def items(self, value: Any, where: str, most: int = MAX_LIST) -> list[Any]:
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {shown(value)}")
        if len(value) > most:
            self.fail(where, f"{len(value):,} items; at most {most:,}")
        return value

    def whole(self, value: Any, where: str, lo: int = -MAX_INT, hi: int = MAX_INT) -> int:
        """A whole number with ``lo <= value < hi``."""
        if not is_int(value):
            self.fail(where, f"expected a whole number, got {shown(value)}")
        if not lo <= value < hi:
            self.fail(where, f"{shown(value)} is out of range ({lo} to {hi - 1})")
        return int(value)

    def opt_whole(
        self, value: Any, where: str, lo: int = -MAX_INT, hi: int = MAX_INT
    ) -> int | None:
        return None if value is None else self.whole(value, where, lo, hi)

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {shown(value)}")
        return value

    def text(self, value: Any, where: str, choices: Collection[str] | None = None) -> str:
        if not isinstance(value, str):
            self.fail(where, f"expected text, got {shown(value)}")
        if len(value) > MAX_TEXT:
            self.fail(where, f"text too long ({len(value):,} characters)")
        if unsafe_char(value):
            self.fail(where, f"unprintable text: {unsafe_char(value)}")
        if choices is not None and value not in choices:
            self.fail(where, f"{shown(value)} is not one of {', '.join(sorted(choices))}")
        return value

    def plain(self, value: Any, where: str, depth: int = 6) -> Any:
        """Plain step data: whole numbers, text, true/false, null, and lists of
        those (nested at most ``depth``); returned with lists as tuples."""
        if value is None or isinstance(value, bool):
            return value
        if is_int(value):
            return self.whole(value, where)
        if isinstance(value, str):
            return self.text(value, where)
        if isinstance(value, list) and depth > 0:
            self.items(value, where, 1000)
            return tuple(self.plain(v, where, depth - 1) for v in value)
        self.fail(where, f"expected plain data, got {shown(value)}")

    def log(self, value: Any, where: str, seats: int) -> list[dict[str, Any]]:
        """The event log: objects with a kind ``e`` and plain fields."""
        events = self.items(value, where, 10 * MAX_LIST)
        if not plain_log(events, seats):  # else every event passes the checks below
            self._log_events(events, where, seats)
        return events

    def _log_events(self, events: list[Any], where: str, seats: int) -> None:
        """The log's checks event by event: the first one that fails says why."""
        for i, event in enumerate(events):
            here = f"{where} event {i}"
            if not isinstance(event, dict) or len(event) > 20:
                self.fail(here, f"expected an event object, got {shown(event)}")
            self.text(event.get("e"), f"{here} kind")
            for key, v in event.items():
                self.text(key, f"{here} field name")
                if isinstance(v, list):
                    for item in self.items(v, f"{here} {key}", 100):
                        if not (is_int(item) or isinstance(item, str)):
                            self.fail(f"{here} {key}", f"expected ids or names, got {shown(item)}")
                        self.plain(item, f"{here} {key}")
                else:
                    self.plain(v, f"{here} {key}", 0)
            if "private" in event:
                self.whole(event["private"], f"{here} private", 0, seats)


def plain_log(events: list[Any], seats: int) -> bool:
    """Whether every event passes :meth:`Checker.log`'s checks, found in one
    pass without naming a place: a saved log holds thousands of strings and
    numbers, the same checks one call each cost a deep fuzz check a tenth of
    its time. False answers nothing (the checks then name what is wrong); so
    this accepts only what they accept. Its texts are searched for an unsafe
    character joined, which finds one exactly when one of them holds it (the
    check is character by character)."""
    texts: list[str] = []
    lo, hi = -MAX_INT, MAX_INT
    for event in events:
        if type(event) is not dict or len(event) > 20 or type(event.get("e")) is not str:
            return False
        for key, v in event.items():
            if type(key) is not str:
                return False
            texts.append(key)
            kind = type(v)
            if kind is str:
                texts.append(v)
            elif kind is int:
                if not lo <= v < hi:
                    return False
            elif kind is list:
                if len(v) > 100:
                    return False
                for item in v:
                    if type(item) is str:
                        texts.append(item)
                    elif type(item) is not int or not lo <= item < hi:
                        return False
            elif not (v is None or kind is bool):
                return False
        if "private" in event:
            private = event["private"]
            if type(private) is not int or not 0 <= private < seats:
                return False
    if any(len(text) > MAX_TEXT for text in texts):
        return False
    return unsafe_char("".join(texts)) is None


def check_header(data: Mapping[str, Any], state_cls: type[GameState], c: Checker) -> None:
    """The saved state is this game's, at this rules version."""
    ruleset, version = data.get("ruleset"), data.get("version")
    if ruleset != state_cls.ruleset:
        c.fail("ruleset", f"a saved {shown(ruleset)} game is not a {state_cls.ruleset} game")
    if version != state_cls.version:
        c.fail(
            "version",
            f"saved with {state_cls.ruleset} rules version {shown(version)}; this Ossuary has "
            f"version {state_cls.version}",
        )


_ARITY: dict[Callable[..., None], tuple[int, int]] = {}


def _arity(fn: Callable[..., None]) -> tuple[int, int]:
    """How many arguments a step function takes after the state (least, most)."""
    if fn not in _ARITY:
        params = list(inspect.signature(fn).parameters.values())[1:]
        most = len(params)
        least = sum(1 for p in params if p.default is inspect.Parameter.empty)
        _ARITY[fn] = (least, most)
    return _ARITY[fn]


def check_step(
    value: Any, steps: Mapping[str, Callable[..., None]], c: Checker, where: str
) -> Step:
    """One step of the stack: a known step name and as many plain arguments as
    its function takes (the game then checks what the arguments mean)."""
    step = c.items(value, where, 20)
    if not step or not isinstance(step[0], str) or step[0] not in steps:
        c.fail(where, f"unknown step {shown(step[0] if step else None)}")
    least, most = _arity(steps[step[0]])
    if not least <= len(step) - 1 <= most:
        c.fail(where, f"step {step[0]!r} takes {most} arguments, got {len(step) - 1}")
    return (step[0], *(c.plain(v, f"{where} ({step[0]})") for v in step[1:]))


def check_decision(
    value: Any, resume: Mapping[str, Callable[..., None]], seats: int, c: Checker
) -> Decision:
    """The pending decision: a known kind, a seat, distinct option ids, plain context."""
    where = "pending decision"
    data = c.items(value, where, 4)
    if len(data) != 4:
        c.fail(where, "expected [kind, player, options, context]")
    kind = c.text(data[0], f"{where} kind")
    if kind not in resume:
        c.fail(where, f"unknown decision kind {shown(kind)}")
    player = c.whole(data[1], f"{where} player", 0, seats)
    options = c.items(data[2], f"{where} options", 10_000)
    if not options:
        c.fail(where, "a decision needs at least one option")
    for option in options:
        c.text(option, f"{where} option")
        if len(option) > MAX_ACTION_ID:
            c.fail(where, f"option {shown(option)} is too long")
    if len(set(options)) != len(options):
        c.fail(where, "an option appears twice")
    ctx = c.plain(c.items(data[3], f"{where} context", 20), f"{where} context")
    return Decision(kind, player, tuple(options), ctx)
