"""The pieces Hecatomb's RL encoder (:mod:`ossuary.hecatomb.encode`) is built
from: where an observation is written, the encoding's caps, keywords as
numbers, what it reads of a card definition (worked out once per definition),
an abomination's keywords and strengths, and where the things an option names
sit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from ..engine.encoder import Floats
from .cards import DOOMS, KEYWORDS, NUMBER_KEYWORDS, SUBTYPES, CardDef
from .queries import aura_parts, auras, merge_keywords
from .state import Abomination, HecatombState

F32: TypeAlias = npt.NDArray[np.float32]  # a type alias also where numpy is absent (mypyc)


class Cells(Protocol):
    """:class:`Floats` written with an index and a value that are objects
    already (the encoder's ``_at`` and ``_one``): compiled code otherwise makes
    a Python int and a Python float for every write, which costs about as much
    as the write itself."""

    def __setitem__(self, i: object, value: object, /) -> None: ...


#: the places of an observation as int objects, made once for every encoder
#: (:class:`Cells`)
PLACES: Final[list[object]] = []


def place_objects(n: int) -> list[object]:
    """:data:`PLACES`, grown to hold at least ``n`` places."""
    if len(PLACES) < n:
        PLACES.extend(range(len(PLACES), n))
    return PLACES


# Caps on how many of a thing the encoding has room for (random and heuristic
# games never came near them: at most 8 abominations and 14 mana cards a seat).
# An option beyond a cap maps to None and is left out of the action mask.
# (Final: compiled code reads them as constants, not from the module's dict)
MAX_ABOMS: Final = 12  # abominations per seat
MAX_RELICS: Final = 6  # relics per seat (the god has its own slot after them)
MAX_MANA: Final = 24  # mana cards per seat
MAX_ABILITIES: Final = 3  # abilities per card (the base set has at most 1)
MAX_ORDER: Final = 8  # simultaneous triggered abilities of one player
KNOWN_TOP: Final = 3  # known cards on top of a deck


def kw_vector(kw: dict[str, Any]) -> list[float]:
    """Keywords as numbers: amounts / 3 (Rager, Reaper, Survivor), the number of
    dooms / 4 (Evader, Nemesis, Soulbound), 1 for flags."""
    out = []
    for k in KEYWORDS:
        v = kw.get(k)
        if not v:
            out.append(0.0)
        elif k in NUMBER_KEYWORDS:
            out.append(float(v) / 3.0)
        elif isinstance(v, list | tuple):
            out.append(len(v) / 4.0)
        else:
            out.append(1.0)
    return out


DOOM_AT: Final = {d: i for i, d in enumerate(DOOMS)}
SUBTYPE_AT: Final = {t: i for i, t in enumerate(SUBTYPES)}
KEYWORD_AT = {k: i for i, k in enumerate(KEYWORDS)}


def kw_pairs(kw: Mapping[str, Any]) -> list[tuple[int, object]]:
    """:func:`kw_vector`'s set entries as (place, value) (keywords are few),
    each value a float already an object (:class:`Cells`)."""
    out: list[tuple[int, object]] = []
    for k, v in kw.items():
        i = KEYWORD_AT.get(k)
        if i is None or not v:
            continue
        if k in NUMBER_KEYWORDS:
            out.append((i, float(v) / 3.0))
        elif isinstance(v, list | tuple):
            out.append((i, len(v) / 4.0))
        else:
            out.append((i, 1.0))
    return out


def kw_sparse(w: Floats, at: int, kw: Mapping[str, Any]) -> None:
    """:func:`kw_vector`, written sparsely at ``at``."""
    cells = cast(Cells, w)
    for i, v in kw_pairs(kw):
        cells[at + i] = v


class Facts:
    """What the observation reads of one card definition, worked out once per
    definition (a ``CardDef`` is immutable, so none of it can go stale): its
    name's place, doom, subtype, printed strength, and its keywords in the four
    cases a state can put it in, indexed by ``1`` (a follower with its owner's
    god in play) plus ``2`` (its continual conditional ability on), both as
    :func:`~ossuary.hecatomb.queries.minion_keywords` and
    :func:`~ossuary.hecatomb.queries.abom_keywords` merge them."""

    def __init__(self, d: CardDef, index: int, P: int) -> None:
        self.d = d  # held: FactsTable is keyed on id(d)
        self.name_v: object = (index + 1) / P
        self.doom = DOOM_AT[d.doom]
        self.subtype = SUBTYPE_AT.get(d.subtype, -1)
        self.strength = d.strength
        #: the minion's own keywords, as (place, value) in a minion's slice
        self.minion_kw: list[list[tuple[int, object]]] = []
        #: its part of its abomination's keywords: as a dict, as pairs for
        #: merge_keywords, and as (place, value) for an abomination it alone
        #: gives keywords to
        self.abom_dict: list[dict[str, Any]] = []  # read only
        self.abom_kw: list[tuple[tuple[str, Any], ...]] = []
        self.abom_pairs: list[list[tuple[int, object]]] = []
        for case in range(4):
            minion: dict[str, Any] = {}
            abom: dict[str, Any] = {}
            for kws, on in (
                (d.keywords, True),
                (d.follower, case & 1),
                (d.cond_keywords, case & 2),
            ):
                if on and kws:
                    merge_keywords(minion, kws, True)
                    merge_keywords(abom, kws, False)
            self.minion_kw.append(kw_pairs(minion))
            self.abom_dict.append(abom)
            self.abom_kw.append(tuple(abom.items()))
            self.abom_pairs.append(kw_pairs(abom))


FACTS_KEPT = 4096  # card definitions whose Facts a table keeps at most


class FactsTable:
    """The :class:`Facts` of every card definition an encoder has met, worked
    out on first use, by the definition's id (each Facts holds its definition,
    so the id is not reused while kept). It only grows with new definitions (a
    saved game read back brings its own), so it is emptied past a bound. It is
    a cache of what never changes: it pickles and copies as an empty table (card
    definitions do not pickle), so an encoder still does."""

    def __init__(self, index: dict[str, int], P: int) -> None:
        self.index = index  # card name -> its place in the encoding
        self.P = P
        self.table: dict[int, Facts] = {}

    def of(self, d: CardDef) -> Facts:
        f = self.table.get(id(d))
        if f is None:
            if len(self.table) >= FACTS_KEPT:
                self.table.clear()
            f = Facts(d, self.index.get(d.name, -1), self.P)
            self.table[id(d)] = f
        return f

    def __reduce__(self) -> tuple[Any, ...]:
        return (FactsTable, (self.index, self.P))


def one_hot(n: int, i: int) -> list[float]:
    v = [0.0] * n
    if 0 <= i < n:
        v[i] = 1.0
    return v


def abom_numbers(
    s: HecatombState, a: Abomination, facts: list[Facts], attacking: bool
) -> tuple[list[tuple[int, object]], list[int]]:
    """:func:`~ossuary.hecatomb.queries.abom_keywords` of ``a`` as (place, value)
    pairs, and :func:`~ossuary.hecatomb.queries.minion_strengths`, from its
    minions' ``facts`` (bottom to top); ``attacking``: whether it attacks now."""
    cards = a.cards
    cond_on = s.cond_on
    # abom_keywords and minion_strengths from each minion's facts: one
    # minion giving keywords (the usual case) gives its own pairs; several,
    # granted keywords or continual effects of cards in play are merged
    aura_strength = 0
    aura_kws: list[tuple[tuple[str, Any], ...]] = []
    if auras(s):
        aura_strength, aura_kws = aura_parts(s, a)
    god = 1 if s.seats[a.owner].god >= 0 else 0
    single: dict[str, Any] | None = None
    merged: dict[str, Any] | None = None
    pairs: list[tuple[int, object]] = []
    for h, c in enumerate(cards):
        case = god | 2 if c in cond_on else god
        part = facts[h].abom_dict[case]
        if not part:
            continue
        if merged is not None:
            merge_keywords(merged, facts[h].abom_kw[case], False)
        elif single is None:
            single = part
            pairs = facts[h].abom_pairs[case]
        else:
            merged = dict(single)
            merge_keywords(merged, facts[h].abom_kw[case], False)
    if a.grants or aura_kws:
        if merged is None:
            merged = {} if single is None else dict(single)
        if a.grants:
            merge_keywords(merged, tuple(a.grants), False)
        for kws in aura_kws:
            merge_keywords(merged, kws, False)
    if merged is not None:
        pairs = kw_pairs(merged)
        single = merged
    mod = s.minion_mod
    strengths = [f.strength for f in facts]
    if mod:
        for h, c in enumerate(cards):
            strengths[h] += mod.get(c, 0)
    top_bonus = a.str_mod + aura_strength
    if single is not None and attacking:
        top_bonus += single.get("rager", 0)
    strengths[-1] += top_bonus
    strengths = [v if v > 0 else 0 for v in strengths]
    return pairs, strengths


#: the verbs that name a thing by its id, and which kind of thing: a player (p),
#: an abomination (a), a minion (m); a relic or god (c) has only the short form
NAMED_BY = {
    "enemy": "p", "attacker": "a", "hunt": "a", "on": "a", "stitch": "a", "onto": "a", "rip": "m",
}  # fmt: skip


def named(verb: str, rest: str) -> tuple[str, int] | None:
    """(kind, id) of an option that names one thing: by a verb and the id
    (``rip 12``) or the short form, the kind's letter and the id (``m12``)."""
    kind = NAMED_BY.get(verb)
    if kind is not None:
        return kind, int(rest)
    if verb[:1] in ("p", "a", "m", "c") and verb[1:].isdigit():
        return verb[0], int(verb[1:])
    return None


class Fight:
    """The abominations in the combat at hand: attacking, blocked, blocking."""

    __slots__ = ("attacking", "blocked", "blocking")

    def __init__(self, combat: dict[str, Any] | None = None) -> None:
        self.attacking: set[int] = set()
        self.blocked: set[int] = set()
        self.blocking: set[int] = set()
        if combat is not None:
            self.attacking = set(combat["attackers"])
            self.blocked = set(combat["blocked"])
            self.blocking = set(combat["blocks"].values())


def seat_slot(rel: int, n: int, shown: int) -> int:
    """The place in an encoding with room for ``shown`` seats of the seat
    ``rel`` places after the viewer (0: the viewer) at a table of ``n``.

    At a table no larger than the encoding every seat keeps its place. At a
    larger one (a policy trained for fewer seats playing there: docs/rl.md,
    "One policy, several tables") the viewer and the seats nearest it on
    either side keep theirs (the next players after it, and the ones just
    before it, who play into its turn), and the seats across the table are
    left out: -1."""
    if n <= shown:
        return rel
    before = shown // 2  # the seats kept just before the viewer
    if rel < shown - before:
        return rel
    if rel >= n - before:
        return rel - (n - shown)
    return -1


class Where:
    """Where the things an option names sit in one view: abomination id ->
    (relative owner, slot); minion id -> (relative owner, slot, height); relic or
    god id -> (relative owner, slot); the viewer's mana card id -> slot. Read
    from a view or, the same places, from the state (all public). The owner is
    its place in the encoding (:func:`seat_slot`), -1 for a seat left out: a
    path naming its things is None, one naming only a slot (a block) is kept."""

    __slots__ = ("_aboms", "_minions", "_perms", "_state", "mana", "me", "n", "shown")

    def __init__(self, me: int, n: int, shown: int) -> None:
        self.me = me
        self.n = n
        self.shown = shown  # the seats the encoding has room for (seat_slot)
        self._aboms: dict[int, tuple[int, int]] = {}
        self._minions: dict[int, tuple[int, int, int]] = {}
        self._perms: dict[int, tuple[int, int]] = {}
        self.mana: dict[int, int] = {}
        self._state: HecatombState | None = None  # read on first question

    def read_state(self, s: HecatombState) -> None:
        """Read the places from ``s`` when first asked for one (within the
        same call: the state must not change in between)."""
        self._state = s

    def _load(self) -> None:
        s = self._state
        if s is None:
            return
        self._state = None
        for p, st in enumerate(s.seats):
            r = self.rel(p)  # -1: a seat the encoding leaves out (its slots still count)
            for slot, aid in enumerate(st.aboms):
                if slot >= MAX_ABOMS:
                    break
                self._aboms[aid] = (r, slot)
                for h, c in enumerate(s.aboms[aid].cards):
                    self._minions[c] = (r, slot, h)
            for slot, relic in enumerate(st.relics[:MAX_RELICS]):
                self._perms[relic] = (r, slot)
            if st.god >= 0:
                self._perms[st.god] = (r, MAX_RELICS)
            if r == 0:
                self.mana = {c: j for j, c in enumerate(st.mana)}

    def read_view(self, view: dict[str, Any]) -> None:
        for player in view["players"]:
            r = self.rel(player["seat"])
            for slot, a in enumerate(player["abominations"]):
                if slot >= MAX_ABOMS:
                    break
                self._aboms[a["id"]] = (r, slot)
                for h, m in enumerate(a["minions"]):
                    self._minions[m["id"]] = (r, slot, h)
            for slot, relic in enumerate(player["relics"][:MAX_RELICS]):
                self._perms[relic["id"]] = (r, slot)
            if player["god"] is not None:
                self._perms[player["god"]["id"]] = (r, MAX_RELICS)
            if r == 0:
                self.mana = {m["id"]: j for j, m in enumerate(player["mana"])}

    def rel(self, seat: int) -> int:
        """``seat``'s place in the encoding, counted from the viewer (-1: left out)."""
        return seat_slot(int((seat - self.me) % self.n), self.n, self.shown)

    def abom(self, aid: int) -> tuple[int, int] | None:
        self._load()
        return self._aboms.get(aid)

    def minion(self, cid: int) -> tuple[int, int, int] | None:
        self._load()
        return self._minions.get(cid)

    def perm(self, cid: int) -> tuple[int, int] | None:
        self._load()
        return self._perms.get(cid)

    def mana_slot(self, cid: int) -> int | None:
        self._load()
        return self.mana.get(cid)
