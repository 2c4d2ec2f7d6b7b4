"""Checks every game's state must pass at the hidden-information boundary.

The rule (DESIGN.md, "hidden information"): nothing handed to an agent, a
socket, an RL environment or a replay file references the true state or lets
it be rebuilt. These helpers are shared by the games' tests and fuzzers, so
one definition of "leak" serves all three games:

- :func:`shared_mutables` finds mutable objects that two object graphs share
  (a view, an observation or a sample must share none with the game); frozen
  dataclasses count as values (card definitions are shared by every game and
  must hold only immutable fields);
- :func:`check_sample` checks a determinization: independent, no seed and no
  history, the seat's own view unchanged;
- :func:`bounded_memory` checks that bad input is refused without building
  anything large (the bad-input rule: bounded time and memory);
- :class:`Sight` and :func:`name_leaks` judge what a reader is handed (a view,
  a socket message) against the *true* position of every card
  (:meth:`~ossuary.engine.facets.Checks.card_places`), not against the game's own
  redaction: the fuzzer (:mod:`ossuary.fuzz`) and the server's wire-level leak
  oracle (``tests/server/test_oracle.py``) both use them.
"""

from __future__ import annotations

import dataclasses
import re
import tracemalloc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from .core import Decision, GameState
from .rng import Rng

_IMMUTABLE = (str, int, float, bool, bytes, type(None), range, MappingProxyType)


def _frozen(obj: Any) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _attribute_names(cls: type) -> tuple[tuple[str, str], ...]:
    """The slot attributes (and a compiled class's) of ``cls``, each as
    (mangled as :func:`getattr` wants it, as written): the same for every
    object of the class, so worked out once."""
    found = _NAMES.get(cls)
    if found is None:
        names: list[str] = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
            # a class compiled with mypyc has no slots: its attributes are named here
            names.extend(klass.__dict__.get("__mypyc_attrs__", ()))
        prefix = f"_{cls.__name__.lstrip('_')}"
        found = _NAMES[cls] = tuple(
            (f"{prefix}{name}" if name.startswith("__") else name, name) for name in names
        )
    return found


_NAMES: dict[type, tuple[tuple[str, str], ...]] = {}


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield f"[{k!r}]", v
    elif isinstance(obj, list | tuple | set | frozenset):
        for i, v in enumerate(obj):
            yield f"[{i}]", v
    elif isinstance(obj, MappingProxyType):
        for k, v in obj.items():
            yield f"[{k!r}]", v
    else:
        for mangled, name in _attribute_names(type(obj)):
            if hasattr(obj, mangled):
                yield f".{name}", getattr(obj, mangled)
        for name, value in getattr(obj, "__dict__", {}).items():
            yield f".{name}", value
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            for f in dataclasses.fields(obj):
                if hasattr(obj, f.name):
                    yield f".{f.name}", getattr(obj, f.name)


def _values(obj: Any) -> Iterable[Any]:
    """The objects :func:`_children` names, without naming them (the fast walk)."""
    if isinstance(obj, dict | MappingProxyType):
        return obj.values()
    if isinstance(obj, list | tuple | set | frozenset):
        return obj
    out = [getattr(obj, m) for m, _ in _attribute_names(type(obj)) if hasattr(obj, m)]
    out.extend(getattr(obj, "__dict__", {}).values())
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out.extend(getattr(obj, f.name) for f in dataclasses.fields(obj) if hasattr(obj, f.name))
    return out


def _skipped(obj: Any) -> bool:
    """What the walks step over: values that can't change (frozen dataclasses
    hold only such values) and plain functions."""
    return (
        isinstance(obj, _IMMUTABLE)
        or _frozen(obj)
        or (callable(obj) and not hasattr(obj, "__slots__"))
    )


def _walk(root: Any, limit: int = 2_000_000) -> dict[int, tuple[str, Any]]:
    """Every object reachable from ``root`` (id -> (path, object))."""
    seen: dict[int, tuple[str, Any]] = {}
    todo: list[tuple[str, Any]] = [("", root)]
    while todo and len(seen) < limit:
        path, obj = todo.pop()
        if _skipped(obj) or id(obj) in seen:
            continue
        seen[id(obj)] = (path, obj)
        todo.extend((path + step, child) for step, child in _children(obj))
    return seen


#: how :func:`_reachable` treats an object of a type: skip it, walk its items
#: (a list, tuple or set), its values (a dict) or its attributes
_SKIP, _ITEMS, _VALUES, _ATTRIBUTES = range(4)
_KINDS: dict[type, int] = {}
#: types whose objects hold nothing: a container of only these is not looked into
_LEAVES = frozenset({str, int, float, bool, bytes, type(None), range})


def _kind(obj: Any) -> int:
    """How :func:`_reachable` treats ``obj``: as :func:`_walk` and
    :func:`_children` do, worked out once a type (but for classes, which
    answer ``__slots__`` each for itself)."""
    if _skipped(obj):
        kind = _SKIP
    elif isinstance(obj, dict):
        kind = _VALUES
    elif isinstance(obj, list | tuple | set | frozenset):
        kind = _ITEMS
    else:
        kind = _ATTRIBUTES
    if not isinstance(obj, type):
        _KINDS[type(obj)] = kind
    return kind


def _reachable(root: Any, limit: int = 2_000_000) -> dict[int, Any]:
    """The objects :func:`_walk` finds, by id, without the paths to them: the
    same walk at a fraction of the cost (the objects are kept, so no id is
    reused while the walk runs)."""
    seen: dict[int, Any] = {}
    todo: list[Any] = [root]
    kinds, leaves = _KINDS, _LEAVES
    while todo and len(seen) < limit:
        obj = todo.pop()
        kind = kinds.get(type(obj))
        if kind is None:
            kind = _kind(obj)
        if kind == _SKIP or id(obj) in seen:
            continue
        seen[id(obj)] = obj
        values = obj if kind == _ITEMS else obj.values() if kind == _VALUES else _values(obj)
        if not leaves.issuperset(map(type, values)):  # only numbers and text: nothing to walk
            todo.extend(values)
    return seen


def _mutable(obj: Any) -> bool:
    if isinstance(obj, tuple | frozenset) or _frozen(obj):
        return False
    return not isinstance(obj, _IMMUTABLE)


def shared_mutables(given: Any, game: Any) -> list[str]:
    """Paths (inside ``given``) of mutable objects also reachable from ``game``:
    anything there is a way for whoever holds ``given`` to change the game."""
    ours = _reachable(game)
    theirs = _reachable(given)
    if not any(oid in ours and _mutable(obj) for oid, obj in theirs.items()):
        return []  # the common answer, found without naming a path
    return sorted(
        path or "(itself)"
        for oid, (path, obj) in _walk(given).items()
        if oid in ours and _mutable(obj)
    )


def check_sample(state: GameState, seat: int, rng: Rng, before: str | None = None) -> GameState:
    """Take a sample for ``seat`` (the deciding seat) and check the boundary:
    it shares nothing mutable with ``state``, carries no seed and no history,
    is built from ``seat``'s perspective, and the seat sees in it exactly what
    it sees in the real game. Returns the sample; raises AssertionError.
    ``before``: ``state.serialize()``, when the caller has it already."""
    if before is None:
        before = state.serialize()
    sample = state.resample(seat, rng)
    assert state.serialize() == before, "resample changed the game"
    shared = shared_mutables(sample, state)
    assert not shared, f"a sample shares mutable objects with the game: {shared[:5]}"
    assert sample.seed is None and sample.history == [], "a sample must carry no seed or history"
    assert sample.perspective == seat
    assert sample.ply == state.ply
    assert sample.view(seat) == state.view(seat), "the seat's view changed in its own sample"
    assert isinstance(sample.pending, Decision) and sample.pending is not state.pending
    return sample


@contextmanager
def bounded_memory(limit_mb: int = 100) -> Iterator[None]:
    """Fail if the block allocates more than ``limit_mb`` MiB at its peak. Bad
    input is refused in bounded memory (time is bounded by the same checks;
    speed is not asserted in tests)."""
    tracemalloc.start()
    try:
        yield
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak < limit_mb * 2**20, f"peak memory {peak / 2**20:.0f} MB"


# -- judging from the truth: where every card lies, and what a reader may name -----------------
#: the zones whose cards are hidden but from the seats that hold them (a hand)
#: or from everyone (a deck); every other zone is public
HIDDEN_ZONES = frozenset({"hand", "deck"})


def private_event_leak(state: Any, seats: int) -> str | None:
    """What is wrong with the log's own marks, or None: an event marked
    private to one seat must name its cards (``card``, ``cards``) to no other
    seat and no spectator once redacted. (Every view is also judged from where
    the cards truly lie, by ``ossuary.fuzz.ViewCheck``, which can't tell copies
    of one card apart.) ``state``: a :class:`GameState`, or anything with its
    ``log`` and ``redact_event`` (typed ``Any``: compiled, a parameter typed
    ``GameState`` would refuse such a stand-in)."""
    for event in state.log:
        private = event.get("private")
        if private is None:
            continue
        for who in [*range(seats), None]:
            if who == private:  # its own seat may read it whole
                continue
            shown = state.redact_event(event, who)
            if "card" in shown or "cards" in shown:
                return f"seat {who}'s log shows a card private to seat {private}"
    return None


class CardPlace(NamedTuple):
    """Where one card truly lies (``game.checks.card_places`` gives one per card id)."""

    name: str
    #: ``hand``, ``deck``, or the public zone it is in (``mat``, ``graveyard``...)
    zone: str
    #: whose hand or deck it is in (-1: a deck all seats share, or a public zone)
    seat: int
    #: bit ``s`` set: the rules showed this card to seat ``s`` while it lies hidden
    known: int


@mypyc_attr(native_class=False)  # compiled, it could not subclass AssertionError
class InvariantError(AssertionError):
    """A position the rules could not have made (the fuzzer's finding)."""


_new_tuple = tuple.__new__


class CardPlaces:
    """Where every card of a state lies, put zone by zone: how a game's
    ``card_places`` is written. ``names[c]`` and ``known[c]`` are card ``c``'s
    name and the seats it was shown to (the state's ``known`` bits)."""

    def __init__(self, names: Sequence[str], known: Sequence[int]) -> None:
        self.names = names
        self.known = known
        self.out: list[CardPlace | None] = [None] * len(names)

    def put(self, cards: Iterable[int], zone: str, seat: int) -> None:
        """The cards ``cards`` lie in ``zone`` (``seat``: whose hand or deck, -1
        public); a negative id (an empty slot) is passed over."""
        out, names, known = self.out, self.names, self.known
        for c in cards:
            if c >= 0:
                # as CardPlace(...) makes it, without the Python call its __new__
                # is (every card of every game, after every fuzz action)
                out[c] = _new_tuple(CardPlace, (names[c], zone, seat, known[c]))

    def places(self) -> list[CardPlace]:
        """One place per card id; :class:`InvariantError` if a card was put nowhere."""
        missing = [c for c, place in enumerate(self.out) if place is None]
        if missing:
            raise InvariantError(f"cards {missing} are nowhere")
        return [place for place in self.out if place is not None]


class Sight:
    """What ``reader`` (None: a spectator) can account for at one moment, from
    where the cards truly lie: every card in a public zone, its own hand, and a
    card hidden elsewhere only when the rules showed it to the reader (a
    spectator: to every seat). ``own_deck``: the reader is choosing among the
    cards of its own deck (a search shows the searcher its deck).

    ``hidden``: the ids the reader can't see; ``seen``: the names of which it
    can see a copy; ``unseen``: the names of which a copy lies hidden from it.
    They are worked out when first asked: a judge that asks of a few cards
    (:meth:`shows`, :meth:`copies`) looks at those cards alone, finding them
    by name in ``by_name`` (name -> card ids, see :func:`cards_by_name`) when
    it is given.
    """

    __slots__ = ("_by_name", "_hidden", "_seen", "_unseen", "everyone", "own_deck", "places",
                 "reader")  # fmt: skip

    def __init__(
        self,
        places: Sequence[CardPlace],
        reader: int | None,
        seats: int,
        own_deck: bool = False,
        by_name: Mapping[str, Sequence[int]] | None = None,
    ) -> None:
        self.everyone = (1 << seats) - 1
        self.places = places
        self.reader = reader
        self.own_deck = own_deck
        self._by_name = by_name
        self._hidden: set[int] | None = None
        self._seen: set[str] = set()
        self._unseen: set[str] = set()

    def visible(self, p: CardPlace) -> bool:
        """Whether the reader can see the card that lies at ``p``."""
        if p.zone not in HIDDEN_ZONES:
            return True
        reader = self.reader
        if reader is None:
            return p.known & self.everyone == self.everyone
        return (p.seat == reader and (p.zone == "hand" or self.own_deck)) or bool(
            p.known >> reader & 1
        )

    def shows(self, cid: int) -> bool:
        """Whether the reader can see card ``cid`` (an id of ``places``)."""
        return self.visible(self.places[cid])

    def copies(self, name: str) -> tuple[bool, bool]:
        """(a copy of ``name`` the reader can see, one it can't) exist."""
        if self._hidden is None and self._by_name is not None:
            seen = unseen = False
            for cid in self._by_name.get(name, ()):
                if self.visible(self.places[cid]):
                    seen = True
                else:
                    unseen = True
            return seen, unseen
        return name in self.seen, name in self.unseen

    def _fill(self) -> set[int]:
        hidden: set[int] = set()
        for cid, p in enumerate(self.places):
            if self.visible(p):
                self._seen.add(p.name)
            else:
                hidden.add(cid)
                self._unseen.add(p.name)
        self._hidden = hidden
        return hidden

    @property
    def hidden(self) -> set[int]:
        return self._fill() if self._hidden is None else self._hidden

    @property
    def seen(self) -> set[str]:
        if self._hidden is None:
            self._fill()
        return self._seen

    @property
    def unseen(self) -> set[str]:
        if self._hidden is None:
            self._fill()
        return self._unseen


def cards_by_name(places: Sequence[CardPlace]) -> dict[str, list[int]]:
    """Name -> the ids of its copies: how a :class:`Sight` finds a card by name."""
    out: dict[str, list[int]] = {}
    for cid, p in enumerate(places):
        out.setdefault(p.name, []).append(cid)
    return out


def newly_shown(before: Sequence[CardPlace], after: Sequence[CardPlace], seat: int) -> list[str]:
    """The names of the cards the rules showed ``seat`` in one action: lying
    hidden from it after the action (another hand, a deck), marked as shown to
    it now but not before, and not where it could see them before. Whatever
    shows a seat a card must also tell it the card (a log event it reads, or
    the options it is offered, name it): the check that the engine's record of
    who was shown what is not wrong where nobody reads it."""
    out = []
    bit = 1 << seat
    for b, a in zip(before, after, strict=True):
        if (
            a.known & bit
            and not b.known & bit
            and a.zone in HIDDEN_ZONES
            and not (a.zone == "hand" and a.seat == seat)
            and b.zone in HIDDEN_ZONES
            and not (b.zone == "hand" and b.seat == seat)
        ):
            out.append(a.name)
    return out


class NameFinder:
    """Finds card names in text: whole names, the longest first, case as printed."""

    def __init__(self, names: Iterable[str]) -> None:
        ordered = sorted(set(names), key=lambda n: (-len(n), n))
        alternatives = "|".join(re.escape(n) for n in ordered) or "(?!)"
        self._re = re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")

    def __call__(self, text: str) -> list[str]:
        return self._re.findall(text)


#: where a message or a view holds the deciding seat's options and prompt
_CHOICE_KEYS = frozenset({"legal", "options", "prompt"})
#: the keys :meth:`_Walk._entry` reads in a way of their own
_SPECIAL_KEYS = _CHOICE_KEYS | {"events", "log"}


#: what is left to read: (a part of what was given, the sights that judge it, where it is)
_Todo = list[tuple[Any, Sequence[Sight], Any]]  # (what, judged by, where: see _place)


def _card_problem(now: Sight, cid: int, name: str, where: Any) -> str | None:
    """A card shown with its ``id``: it must be that card, and one the reader sees now."""
    places = now.places
    if not 0 <= cid < len(places):
        return f"{_place(where)}: card id {cid} is no card of the game"
    if places[cid].name != name:
        return f"{_place(where)}: card {cid} is {places[cid].name!r}, shown as {name!r}"
    if not now.shows(cid):
        return f"{_place(where)}: shows {name!r} (card {cid}), which the reader can't see"
    return None


class _Walk:
    """One reading of what is given, depth first: the problems of cards shown
    by id as they are met, and every text, grouped by the sights that judge it
    (so that each group is one search for names)."""

    def __init__(
        self,
        now: Sight,
        moments: Callable[[int], Sequence[Sight]] | None,
        choosing: Sight | None,
    ) -> None:
        self.now = now
        self.moments = moments
        self.choosing = choosing
        self.out: list[str] = []
        # a place is named only when something is wrong there: until then it is
        # kept as (parent, key or index), which costs less than a string (_place)
        self.groups: dict[tuple[int, ...], tuple[Sequence[Sight], list[tuple[Any, str]]]] = {}
        self.todo: _Todo = []

    def read(self, given: Any) -> None:
        self.todo.append((given, (self.now,), ()))
        while self.todo:
            obj, sights, where = self.todo.pop()
            if isinstance(obj, str):
                self._text(obj, sights, where)
            elif isinstance(obj, list | tuple):
                self.todo.extend((v, sights, (where, k)) for k, v in enumerate(obj)
                                 if isinstance(v, str | list | tuple | dict))  # fmt: skip
            elif isinstance(obj, dict):
                self._mapping(obj, sights, where)

    def _text(self, text: str, sights: Sequence[Sight], where: Any) -> None:
        key = tuple(map(id, sights))
        if key not in self.groups:
            self.groups[key] = (sights, [])
        self.groups[key][1].append((where, text))

    def _event_sights(self, i: int) -> Sequence[Sight]:
        """The reader's sights around the action that wrote log event ``i``."""
        return self.moments(i) if self.moments is not None else (self.now,)

    def _mapping(self, obj: dict[Any, Any], sights: Sequence[Sight], where: Any) -> None:
        """A card shown with its id is judged here; any other mapping is read key by key."""
        cid, name = obj.get("id"), obj.get("card")
        if isinstance(cid, int) and not isinstance(cid, bool) and isinstance(name, str):
            problem = _card_problem(self.now, cid, name, where)
            if problem is not None:
                self.out.append(problem)
            return
        todo = self.todo
        for key, value in obj.items():
            if isinstance(value, str | list | tuple | dict):
                if key in _SPECIAL_KEYS:
                    self._entry(obj, key, value, sights, (where, str(key)))
                else:  # what _entry does with any other key, without the call
                    todo.append((value, sights, (where, str(key))))

    def _entry(
        self, obj: dict[Any, Any], key: Any, value: Any, sights: Sequence[Sight], here: Any
    ) -> None:
        """Log events are judged at their moments; options and the prompt with
        the decider's sight; the rest with the sights of what holds them."""
        if key == "events" and self._events(obj, here):
            return
        if key == "log" and self._log(obj, here):
            return
        if key in _CHOICE_KEYS and self.choosing is not None:
            self.todo.append((value, (self.choosing,), here))
        else:
            self.todo.append((value, sights, here))

    def _events(self, obj: dict[Any, Any], here: Any) -> bool:
        """A message: ``events`` are its view's log events in words (from the
        view's ``log_from``). False when it is not that shape."""
        lines, view = obj.get("events"), obj.get("view")
        start = view.get("log_from", 0) if isinstance(view, dict) else None
        if not (isinstance(lines, list) and isinstance(start, int)):
            return False
        self.todo.extend((line, self._event_sights(start + k), (here, k))
                         for k, line in enumerate(lines))  # fmt: skip
        return True

    def _log(self, obj: dict[Any, Any], here: Any) -> bool:
        """A view's ``log`` from its ``log_from``. False when it is not that shape."""
        log, log_from = obj.get("log"), obj.get("log_from")
        if not (isinstance(log, list) and isinstance(log_from, int)):
            return False
        self.todo.extend((e, self._event_sights(log_from + k), (here, log_from + k))
                         for k, e in enumerate(log))  # fmt: skip
        return True

    def leaks(self, names: NameFinder) -> list[str]:
        """The names in the texts of each group that the group's sights can't
        account for: named somewhere unseen and seen nowhere."""
        out: list[str] = []
        for sights, texts in self.groups.values():
            found = set(names("\n".join(text for _, text in texts)))
            bad = set()
            for n in found:
                copies = [s.copies(n) for s in sights]
                if any(unseen for _, unseen in copies) and not any(seen for seen, _ in copies):
                    bad.add(n)
            for where, text in texts if bad else ():
                for name in sorted(bad.intersection(names(text))):
                    out.append(
                        f"{_place(where)}: names {name!r}, which lies where the reader can't see it"
                    )
        return out


def name_leaks(
    given: Any,
    now: Sight,
    names: NameFinder,
    moments: Callable[[int], Sequence[Sight]] | None = None,
    choosing: Sight | None = None,
) -> list[str]:
    """Every place in ``given`` (a view, a message: anything JSON-like handed to
    ``now.reader``) that names a card the reader may not know, judged from the
    truth: ``now`` is the reader's :class:`Sight` at the moment ``given`` was
    built. A card shown with its ``id`` must be one the reader can see now; a
    card named in words (log events, their lines, options, lists of names) must
    have a copy the reader can account for. A log event is judged at the moment
    it happened: ``moments(i)`` gives the reader's sights just before and just
    after the action that wrote event ``i``, so a card seen going into a deck may
    be named. Options and the prompt are judged with ``choosing`` (the decider's
    sight with its own deck: a search shows it) when given. An empty list: no
    leak."""
    walk = _Walk(now, moments, choosing)
    walk.read(given)
    return walk.out + walk.leaks(names)


def _place(where: Any) -> str:
    """A place :func:`name_leaks` kept as (parent, key or index), as written:
    ``.view.log[3]``."""
    parts: list[str] = []
    while where:
        where, step = where
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return "".join(reversed(parts))
