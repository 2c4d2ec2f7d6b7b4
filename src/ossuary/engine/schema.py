"""The checked side of the card language, shared by every game's card schema.

A game describes its cards with pydantic models (its own fields, verbs and
keywords, in the game's ``schema.py``); what is the same in every game lives
here: the strict base model (an unknown field is an error, a card is frozen),
the way one card table is validated, and the way pydantic's errors are worded
for a card author (the place as ``abilities.0.effects.1.amount`` without
pydantic's union tags, an unknown verb listed against the known ones, at most
:data:`MAX_PROBLEMS` problems, each once).

Interpreted in both builds (``schema.py`` is in setup.py's list): it runs once
a card file and checks untrusted input.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import CardFileError
from .untrusted import ErrorType, printable, shown

M = TypeVar("M", bound=BaseModel)
MAX_PROBLEMS = 10  # problems listed for one table; the rest are counted


class Strict(BaseModel):
    """Unknown fields are errors: a typo must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def flag_keyword(key: str, value: Any, known: Sequence[str]) -> bool:
    """A card's keyword that is a flag (``guardian = true``), checked: a game's
    ``check_keywords`` hands here every keyword that is not one of its
    numbers or lists (``known``: all its keyword names, for the error that
    lists them when ``key`` is none of them)."""
    if key not in known:
        raise ValueError(f"unknown keyword {key!r}; known: {', '.join(known)}")
    if value is not True:
        raise ValueError(f"keyword {key!r} is a flag; write {key} = true")
    return True


def needs_one_of(model: M, what: str, *names: str) -> M:
    """``model`` (a model validator's ``self``) when it gives at least one of
    the fields ``names`` (given: not empty, not 0); else the error "``what``
    needs 'a' or 'b'", for a table that would say nothing without one."""
    if not any(getattr(model, name) for name in names):
        raise ValueError(f"{what} needs " + " or ".join(repr(name) for name in names))
    return model


def field_location(loc: Sequence[int | str], verbs: Sequence[str] = ()) -> str:
    """``abilities.0.effects.1.amount``: pydantic's union-branch tags dropped (a
    type name, or the verb after an effect's index)."""
    parts: list[str] = []
    for i, p in enumerate(loc):
        tag = isinstance(p, str) and (
            p[:1].isupper() or (p in verbs and i > 0 and isinstance(loc[i - 1], int))
        )
        if not tag:
            parts.append(printable(str(p), 40))
    return ".".join(parts)


def problems(exc: ValidationError, verbs: Sequence[str] = (), limit: int = MAX_PROBLEMS) -> str:
    """pydantic's errors in a card author's words, ``; ``-joined, each once."""
    errors = exc.errors(include_url=False)
    out: list[str] = []
    for err in errors:
        field = field_location(err["loc"], verbs)
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown field (a typo?)"
        elif err["type"] == "union_tag_invalid":
            given = err["input"]
            got = given.get("verb") if isinstance(given, dict) else given
            msg = f"unknown verb {shown(got)}; expected one of " + ", ".join(verbs)
        elif err["type"] == "union_tag_not_found":
            msg = "an effect needs a 'verb'"
        line = f"field '{field}': {msg}" if field else msg
        if line not in out:
            out.append(line)
    if len(out) > limit:
        out[limit:] = [f"and {len(out) - limit} more"]
    return "; ".join(out)


def validate_table(
    model: type[M],
    raw: Any,
    source: str,
    what: str = "card",
    verbs: Sequence[str] = (),
    error: ErrorType = CardFileError,
) -> M:
    """One table of a card file (a card, a minion type) checked by ``model``;
    an ``error`` names the source, the table by its name, and what is wrong."""
    name = raw.get("name") if isinstance(raw, dict) else None
    where = f"{source}: {what} {shown(name)}" if isinstance(name, str) and name else None
    where = where or f"{source}: a {what}"
    if not isinstance(raw, dict):
        raise error(f"{where}: expected a table of fields, got {shown(raw)}")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise error(f"{where}: {problems(exc, verbs)}") from None
