"""The built side of the card language, shared by the games' ``cards.py``.

A card's effect is a verb with arguments (``damage amount=3 scope=...``),
built from a table its game's schema has checked and written back as the same
table (the round trip every card file, catalogue and saved game relies on).
:class:`Effect` is every game's effect (a game whose tables read otherwise
subclasses it); each game keeps its own ``Selector`` dataclass (its fields are
the game's), and what the selectors share is how they go to and from their
tables, here. Compiled in the real build with the rest of the kernel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Pairs = tuple[tuple[str, Any], ...]


def pairs(raw: Mapping[str, Any]) -> Pairs:
    """A table as sorted ``(key, value)`` pairs: hashable, and one order."""
    return tuple(sorted(raw.items()))


def effect_args(raw: Mapping[str, Any], selector: Callable[[Mapping[str, Any]], Any]) -> Pairs:
    """An effect's arguments from its checked table: the verb and arguments
    given as null left out, ``scope`` built by ``selector``, a ``filter`` table
    as pairs, lists as tuples (an effect is frozen)."""
    args: list[tuple[str, Any]] = []
    for k, v in raw.items():
        if k == "verb" or v is None:  # an argument given as null is one left out
            continue
        if k == "scope":
            v = selector(v)
        elif k == "filter":
            v = pairs(v)
        elif isinstance(v, list):
            v = tuple(v)
        args.append((k, v))
    return tuple(args)


def effect_table(verb: str, args: Pairs) -> dict[str, Any]:
    """The table :func:`effect_args` reads back to ``args``."""
    out: dict[str, Any] = {"verb": verb}
    for k, v in args:
        if k == "scope":
            out[k] = v.to_dict()
        elif k == "filter":
            out[k] = dict(v)
        elif isinstance(v, tuple):
            out[k] = list(v)
        else:
            out[k] = v
    return out


def selector_table(selector: Any, kind: str, names: Sequence[str]) -> dict[str, Any]:
    """A selector dataclass as its table: ``kind``, then each of ``names`` that
    differs from its default (a default is left out, so tables stay short)."""
    out: dict[str, Any] = {"kind": kind}
    defaults = selector.__dataclass_fields__
    for name in names:
        value = getattr(selector, name)
        if value != defaults[name].default:
            out[name] = value
    return out


@dataclass(frozen=True, slots=True, eq=False)
class NamedCard:
    """A card definition that is its name: two definitions of one name are the
    same card (equal, one hash), and it shows as its name. A game's ``CardDef``
    subclasses it and adds its fields (``@dataclass(..., eq=False, repr=False)``,
    so that these stay)."""

    name: str

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, NamedCard) and type(other) is type(self) and other.name == self.name
        )

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


@dataclass(frozen=True, slots=True)
class Effect:
    """One verb with its arguments, e.g. ``damage amount=3``: ``args`` are
    ``(name, value)`` pairs, hashable, in the order the card's table gave them."""

    verb: str
    args: Pairs = ()

    def get(self, key: str, default: Any = None) -> Any:
        """The argument ``key``, or ``default`` when the card leaves it out."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    @property
    def scope(self) -> Any:
        """The selector of what the effect's area covers (its ``scope``), or None."""
        return self.get("scope")

    @classmethod
    def from_table(
        cls, raw: Mapping[str, Any], selector: Callable[[Mapping[str, Any]], Any]
    ) -> Any:
        """Build from a table the game's schema has checked (:func:`effect_args`;
        ``selector`` builds the game's selector from its table)."""
        return cls(raw["verb"], effect_args(raw, selector))

    def to_dict(self) -> dict[str, Any]:
        """The table :meth:`from_table` reads back to this effect."""
        return effect_table(self.verb, self.args)


def one_per_name(
    cards: Sequence[int], defs: Sequence[Any], keep: Callable[[Any], bool]
) -> list[int]:
    """The cards of ``cards`` (indexes into ``defs``) whose definition passes
    ``keep``, the first copy of each name only, in order: a hand's two copies
    of a card are one choice, not two."""
    seen: set[str] = set()
    out: list[int] = []
    for c in cards:
        d = defs[c]
        if keep(d) and d.name not in seen:
            seen.add(d.name)
            out.append(c)
    return out
