"""Path of the Necromancer for reinforcement learning: a fixed action space and
a numpy observation, for :mod:`ossuary.rl` through ``GAME.research.encoder(seats)``
(needs numpy: the ``rl`` extra). Modeled on ``ossuary.hecatomb.encode``.

Everything here reads **only what a seat's view holds**
(:func:`ossuary.necromancer.view.view`), so no number it writes can depend on a
card the seat may not see: :meth:`NecromancerEncoder.observe` and
``action_paths`` from the view, their ``*_state`` twins (what the environments
call) from the state in place through the view's own rules, tested to give the
same. Seats are relative: block 0 is the seat observing, 1 the next seat in
turn order, and so on.

Actions name *things*, not card instances (whose ids differ between games): a
card in hand, graveyard or deck by its name; a minion by its controller and its
space (1-4); a magic card by its controller and slot, a relic by its minion's
space and its place on it; a hero by its seat; a stack entry by its height.
When one decision offers two instances of one name (two identical cards in a
graveyard to choose from), each of them is a two-step path ``name, copy k``.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from ..engine.core import GameState
from ..engine.encoder import Blocks, Floats, floats
from ..engine.errors import OssuaryError
from ..engine.game import Encoder
from .cards import MINION_TYPES, base_pool
from .queries import defense_of, stats
from .state import EMPTY, START_HEALTH, NecroState
from .view import rounds_left

F32: TypeAlias = npt.NDArray[np.float32]  # a type alias also where numpy is absent (mypyc)

KINDS: Final = (
    "main", "window", "place", "aim", "target", "choose", "pick", "defend", "dismiss",
    "mulligan", "sacrifice", "may",
)  # fmt: skip
SINGLES: Final = ("end", "pass", "draw", "sacrifice", "dismiss", "hero", "keep", "none", "done",
           "yes", "no")  # fmt: skip
BY_NAME = ("play", "mulligan", "discard", "card", "destroy", "use0", "use1")
SPACES: Final = 4  # minion spaces a seat (rulebook "The Field")
SLOTS: Final = 3  # magic slots a seat
RELICS: Final = 2  # relics a minion may carry in this encoding (the base set never had more than 2)
COPIES: Final = 6  # identical cards one decision can offer apart
STACK: Final = 8  # response stack heights a target can name
STACK_SEEN: Final = 4  # stack entries the observation shows, from the top
MINION_FEATURES: Final = 10


class EncodingError(OssuaryError):
    """The view holds something the encoding does not know (a new option verb)."""


class NecromancerEncoder(Encoder):
    """The encoding for ``seats`` players (``docs/rl.md``, "Path of the Necromancer")."""

    def __init__(self, seats: int = 2) -> None:
        self.seats = seats
        pool = base_pool()
        self.names = sorted({c.name for c in pool.cards.values()})
        self.name_index = {n: i for i, n in enumerate(self.names)}
        self.heroes = sorted({c.name for c in pool.cards.values() if c.type == "hero"})
        nc = len(self.names)
        # -- actions
        acts = Blocks()
        block = acts.add
        self.a_single = block("single", len(SINGLES))
        self.a_name = {verb: block(verb, nc) for verb in BY_NAME}
        self.a_copy = block("copy", COPIES)
        self.a_attack = block("attack", SPACES)
        self.a_defend = block("defend", SPACES)
        self.a_dismiss = block("dismiss_minion", SPACES)
        self.a_at = block("at", SPACES)
        self.a_hero = block("hero_target", seats)
        self.a_minion = block("minion_target", seats * SPACES)
        self.a_magic = block("magic_target", seats * SLOTS)
        self.a_relic = block("relic_target", seats * SPACES * RELICS)
        self.a_stack = block("stack_target", STACK)
        self.num_actions = acts.size
        self._actions = acts.ranges
        # -- observation
        layout = Blocks()
        part = layout.add

        self.o_kind = part("decision_kind", len(KINDS) + 1)
        self.o_turn = part("turn", 2)
        self.o_seat = part("seats", seats * (8 + len(self.heroes)))
        self.o_minions = part("minions", seats * SPACES * (nc + MINION_FEATURES))
        self.o_magic = part("magic", seats * SLOTS * (nc + 2))
        self.o_hand = part("hand", nc)
        self.o_grave = part("graveyards", seats * nc)
        self.o_stack = part("stack", 1 + STACK_SEEN * (nc + seats + 1))
        self.o_prefix = part("prefix", nc)
        self._layout = layout.ranges
        self.observation_size = layout.size
        self.info_state_size = layout.size

    # -- actions ------------------------------------------------------------------
    def action_name(self, index: int) -> str:
        self.check_action(index)
        for name, start, stop in self._actions:
            if start <= index < stop:
                k = index - start
                if name == "single":
                    return SINGLES[k]
                if name in self.a_name:
                    return f"{name}[{self.names[k]}]"
                return f"{name}[{k}]"
        raise ValueError(index)  # pragma: no cover - the blocks tile the range

    def action_paths(self, view: dict[str, Any]) -> dict[str, tuple[int, ...] | None]:
        where = _Where(self.seats)
        where.read_view(view)
        return self._paths([o["id"] for o in view["decision"]["options"]], where)

    def action_paths_state(self, state: GameState, seat: int) -> dict[str, tuple[int, ...] | None]:
        """:meth:`action_paths` without the view: where each card the seat may
        see is, read from the state (:meth:`_Where.read_state`)."""
        s = _necro(state)
        pending = s.pending
        if pending is None or pending.player != seat:
            return {}
        where = _Where(self.seats)
        where.read_state(s, seat)
        return self._paths(list(pending.options), where)

    def _paths(self, ids: list[str], where: _Where) -> dict[str, tuple[int, ...] | None]:
        first: dict[str, tuple[int, ...] | None] = {}
        for aid in ids:
            first[aid] = self._path(aid, where)
        # identical names within one decision: a second step tells the copies apart
        groups: dict[tuple[int, ...], list[str]] = {}
        for aid, path in first.items():
            if path is not None:
                groups.setdefault(path, []).append(aid)
        out = dict(first)
        for path, same in groups.items():
            if len(same) > 1:
                for k, aid in enumerate(same):
                    out[aid] = (*path, self.a_copy + k) if k < COPIES else None
        return out

    def _path(self, aid: str, w: _Where) -> tuple[int, ...] | None:
        """The steps that choose the option ``aid``, by its first word; None
        where the encoding can't name it (a card or a place past its limits)."""
        verb, _, rest = aid.partition(" ")
        nums = [int(x) for x in rest.split()] if rest else []
        if not rest and verb in SINGLES:
            return (self.a_single + SINGLES.index(verb),)
        if (verb in _BY_NAME and len(nums) == 1) or (
            verb == "use" and len(nums) == 2 and nums[1] < 2
        ):
            return self._card_path(verb, nums, w)
        if verb in ("attack", "defend", "dismiss") and len(nums) == 1:
            place = w.minions.get(nums[0])
            if place is None:
                return None
            base = {"attack": self.a_attack, "defend": self.a_defend,
                    "dismiss": self.a_dismiss}[verb]  # fmt: skip
            return (base + place[1],)
        if verb == "at" and len(nums) == 1 and 0 <= nums[0] < SPACES:
            return (self.a_at + nums[0],)
        if not rest and len(aid) > 1 and aid[1:].isdigit():
            return self._thing_path(aid[0], int(aid[1:]), w)
        raise EncodingError(f"the Necromancer encoding does not know the option {aid!r}")

    def _card_path(self, verb: str, nums: list[int], w: _Where) -> tuple[int, ...] | None:
        """A card chosen by its name: played, kept, discarded, destroyed, or
        one of its two abilities used."""
        name = w.names.get(nums[0])
        if name is None or name not in self.name_index:
            return None
        block = f"use{nums[1]}" if verb == "use" else _BY_NAME[verb]
        return (self.a_name[block] + self.name_index[name],)

    def _thing_path(self, letter: str, num: int, w: _Where) -> tuple[int, ...] | None:
        """A hero (h), minion (m), magic card or relic (c), or stack entry (s) by
        where it sits."""
        if letter == "h" and 0 <= num < self.seats:
            return (self.a_hero + w.rel(num),)
        if letter == "m" and num in w.minions:
            r, space = w.minions[num]
            return (self.a_minion + r * SPACES + space,)
        if letter == "c" and num in w.magic:
            r, slot = w.magic[num]
            return (self.a_magic + r * SLOTS + slot,)
        if letter == "c" and num in w.relics:
            r, space, k = w.relics[num]
            if k >= RELICS:
                return None
            return (self.a_relic + (r * SPACES + space) * RELICS + k,)
        if letter == "s" and num < STACK:
            return (self.a_stack + num,)
        return None

    # -- observation --------------------------------------------------------------
    def observe(self, view: dict[str, Any], prefix: tuple[int, ...], out: F32) -> None:
        me = int(view["seat"]) if view.get("seat") is not None else 0
        decision = view.get("decision")
        kind = decision["kind"] if decision else None
        out[self.o_kind + (KINDS.index(kind) if kind in KINDS else len(KINDS))] = 1.0
        out[self.o_turn] = min(view["turn_number"], 100) / 50.0
        out[self.o_turn + 1] = 1.0 if view["active"] == me else 0.0
        for p in view["players"]:
            self._seat(out, p, (p["seat"] - me) % self.seats, view["active"])
            if p["seat"] == me:
                for c in p["hand"]:
                    if c is not None and c["card"] in self.name_index:
                        out[self.o_hand + self.name_index[c["card"]]] += 1.0 / 3.0
        self._stack(out, view, me)
        # the first step of a two-step path (a name offered more than once)
        nc = len(self.names)
        for start in self.a_name.values() if prefix else ():
            if start <= prefix[0] < start + nc:
                out[self.o_prefix + prefix[0] - start] = 1.0

    def _seat(self, out: F32, p: dict[str, Any], r: int, active: int | None) -> None:
        """One seat's counters and hero, minions, magic cards and graveyard, at
        its place ``r`` seats after the viewer's."""
        nc = len(self.names)
        o = self.o_seat + r * (8 + len(self.heroes))
        out[o : o + 8] = (
            p["health"] / START_HEALTH, p["lifeforce"] / 10.0, p["hand_count"] / 10.0,
            p["deck_count"] / 40.0, len(p["graveyard"]) / 40.0, 1.0 if p["alive"] else 0.0,
            1.0 if p["hero"]["ability_used"] else 0.0,
            1.0 if active == p["seat"] else 0.0,
        )  # fmt: skip
        if p["hero"]["card"] in self.heroes:
            out[o + 8 + self.heroes.index(p["hero"]["card"])] = 1.0
        width = nc + MINION_FEATURES
        for m in p["minions"]:
            if m is not None:
                self._minion(out, self.o_minions + (r * SPACES + m["position"] - 1) * width, m)
        for slot, c in enumerate(p["magic"]):
            if c is None:
                continue
            o = self.o_magic + (r * SLOTS + slot) * (nc + 2)
            self._name(out, o, c["card"])
            out[o + nc] = c.get("defense", 0) / 10.0
            out[o + nc + 1] = (c.get("rounds_left") or 0) / 5.0
        for c in p["graveyard"]:
            if c["card"] in self.name_index:
                out[self.o_grave + r * nc + self.name_index[c["card"]]] += 1.0 / 3.0

    def _minion(self, out: F32, o: int, m: dict[str, Any]) -> None:
        """A minion's name and features at ``o``."""
        nc = len(self.names)
        self._name(out, o, m["card"])
        kind_index = MINION_TYPES.index(m["minion_type"]) if m.get("minion_type") in \
            MINION_TYPES else -1  # fmt: skip
        out[o + nc : o + nc + MINION_FEATURES] = (
            m["attack"] / 10.0, m["defense"] / 10.0, m["damage"] / 10.0,
            1.0 if m["invisible"] else 0.0,
            (m["ensnared_rounds"] or 0) / 3.0 if m["ensnared_rounds"] is not None else 0.0,
            1.0 if m["borrowed_from"] is not None else 0.0,
            min(m["attacks_made"], 3) / 3.0, 1.0 if m["defended"] else 0.0,
            len(m["relics"]) / 2.0, (kind_index + 1) / len(MINION_TYPES),
        )  # fmt: skip

    def _stack(self, out: F32, view: dict[str, Any], me: int) -> None:
        """The response stack's depth and its top entries: card, who, negated."""
        stack = view["response_stack"]
        nc = len(self.names)
        out[self.o_stack] = len(stack) / STACK
        width = nc + self.seats + 1
        for k, entry in enumerate(reversed(stack[-STACK_SEEN:])):
            o = self.o_stack + 1 + k * width
            if entry.get("card"):
                self._name(out, o, entry["card"])
            out[o + nc + (entry["player"] - me) % self.seats] = 1.0
            out[o + nc + self.seats] = 1.0 if entry.get("negated") else 0.0

    def _name(self, out: F32, at: int, name: str) -> None:
        i = self.name_index.get(name)
        if i is not None:
            out[at + i] = 1.0

    # -- the same observation read from the state in place (reads_state) ----------
    # No view is built (its dicts were a third of an environment's step): each
    # number is read from the state through the view's own rules (view.py: a
    # hand card only when the seat's ``known`` bit is set, the rest public), into
    # the zeroed array. Tested equal to observe() of the seat's view at random
    # positions, every seat.
    reads_state = True

    def observe_state(self, state: GameState, seat: int, prefix: tuple[int, ...], out: F32) -> None:
        s = _necro(state)
        w = floats(out)
        me = seat
        pending = s.pending
        kind = pending.kind if pending is not None else None
        w[self.o_kind + (KINDS.index(kind) if kind in KINDS else len(KINDS))] = 1.0
        w[self.o_turn] = min(s.turn_number, 100) / 50.0
        if s.turn == me:
            w[self.o_turn + 1] = 1.0
        bit = 1 << me
        known = s.known
        defs = s.defs
        index = self.name_index
        for p, st in enumerate(s.seats):
            r = (p - me) % self.seats
            self._seat_state(w, s, p, r)
            if p == me:
                counted: dict[int, int] = {}
                for c in st.hand:
                    if known[c] & bit == bit:
                        i = index.get(defs[c].name)
                        if i is not None:
                            counted[i] = counted.get(i, 0) + 1
                for i, n in counted.items():
                    w[self.o_hand + i] = _thirds(n)
        self._stack_state(w, s, me)
        nc = len(self.names)
        for start in self.a_name.values() if prefix else ():
            if start <= prefix[0] < start + nc:
                w[self.o_prefix + prefix[0] - start] = 1.0

    def _seat_state(self, w: Floats, s: NecroState, p: int, r: int) -> None:
        """:meth:`_seat` of seat ``p`` (all public)."""
        st = s.seats[p]
        defs = s.defs
        nc = len(self.names)
        o = self.o_seat + r * (8 + len(self.heroes))
        w[o] = st.health / START_HEALTH
        w[o + 1] = st.lifeforce / 10.0
        w[o + 2] = len(st.hand) / 10.0
        w[o + 3] = len(st.deck) / 40.0
        w[o + 4] = len(st.graveyard) / 40.0
        if st.alive:
            w[o + 5] = 1.0
        if st.hero_used:
            w[o + 6] = 1.0
        if s.turn == p:
            w[o + 7] = 1.0
        hero = defs[st.hero].name
        if hero in self.heroes:
            w[o + 8 + self.heroes.index(hero)] = 1.0
        width = nc + MINION_FEATURES
        for k, c in enumerate(st.minions):
            if c != EMPTY:
                self._minion_state(w, s, self.o_minions + (r * SPACES + k) * width, c)
        for slot, c in enumerate(st.magic):
            if c == EMPTY:
                continue
            o = self.o_magic + (r * SLOTS + slot) * (nc + 2)
            d = defs[c]
            self._name_state(w, o, d.name)
            if d.type == "artifact":
                w[o + nc] = defense_of(s, c) / 10.0
            elif d.type == "event":
                w[o + nc + 1] = (rounds_left(s, c) or 0) / 5.0
        counted: dict[int, int] = {}
        index = self.name_index
        for c in st.graveyard:
            i = index.get(defs[c].name)
            if i is not None:
                counted[i] = counted.get(i, 0) + 1
        at = self.o_grave + r * nc
        for i, n in counted.items():
            w[at + i] = _thirds(n)

    def _minion_state(self, w: Floats, s: NecroState, o: int, cid: int) -> None:
        """:meth:`_minion` of minion ``cid`` (view.minion_view's numbers)."""
        nc = len(self.names)
        m = s.minions[cid]
        d = s.defs[cid]
        self._name_state(w, o, d.name)
        atk, full, _kws = stats(s, cid)
        o += nc
        w[o] = atk / 10.0
        w[o + 1] = max(0, full - m.damage) / 10.0
        w[o + 2] = m.damage / 10.0
        if m.invisible:
            w[o + 3] = 1.0
        if m.ensnare is not None:
            q, turns = m.ensnare
            w[o + 4] = max(0, turns - s.seats[q].turns) / 3.0
        if m.taken != EMPTY:
            w[o + 5] = 1.0
        w[o + 6] = min(m.attacks, 3) / 3.0
        if m.defended:
            w[o + 7] = 1.0
        w[o + 8] = len(m.relics) / 2.0
        kind_index = MINION_TYPES.index(d.minion_type) if d.minion_type in MINION_TYPES else -1
        w[o + 9] = (kind_index + 1) / len(MINION_TYPES)

    def _stack_state(self, w: Floats, s: NecroState, me: int) -> None:
        """:meth:`_stack` (view.stack_view's entries, all public)."""
        stack = s.rstack
        nc = len(self.names)
        w[self.o_stack] = len(stack) / STACK
        width = nc + self.seats + 1
        for k, it in enumerate(reversed(stack[-STACK_SEEN:])):
            o = self.o_stack + 1 + k * width
            name = s.defs[it.source].name
            if name:
                self._name_state(w, o, name)
            w[o + nc + (it.player - me) % self.seats] = 1.0
            if it.negated:
                w[o + nc + self.seats] = 1.0

    def _name_state(self, w: Floats, at: int, name: str) -> None:
        i = self.name_index.get(name)
        if i is not None:
            w[at + i] = 1.0

    def layout(self) -> list[tuple[str, int, int]]:
        return list(self._layout)

    def value_ranges(self) -> dict[str, tuple[float, float]]:
        """The slices that leave [0, 1] (the environments' observation bounds):
        the turn counts to 100 turns; health may fall below 0 and rise past the
        start, and an attack, a defense or damage may be raised or lowered by
        cards: those get a bound far past any game played (ten times a hero's
        starting health, a strength of 100); a count of copies a third each."""
        return {
            "turn": (0.0, 2.0),
            "seats": (-10.0, 10.0),
            "minions": (-10.0, 10.0),
            "magic": (-10.0, 10.0),
            "hand": (0.0, 10.0),
            "graveyards": (0.0, 10.0),
            "stack": (0.0, 10.0),
        }


#: the verbs that choose a card by its name, and the action block each uses
#: (a card sacrificed is the discard's choice)
_BY_NAME = {"play": "play", "mulligan": "mulligan", "sacrifice": "discard", "card": "card",
            "destroy": "destroy"}  # fmt: skip


def _thirds(n: int) -> float:
    """What adding a third ``n`` times to a float32 zero gives (observe()'s
    count of copies, the same bits)."""
    if n < len(_THIRDS):
        return _THIRDS[n]
    cell = np.zeros(1, np.float32)
    for _ in range(n):
        cell[0] += 1.0 / 3.0
    return float(cell[0])


def _third_sums(n: int) -> list[float]:
    cell = np.zeros(1, np.float32)
    out = [0.0]
    for _ in range(n):
        cell[0] += 1.0 / 3.0
        out.append(float(cell[0]))
    return out


_THIRDS: Final = _third_sums(40)


def _necro(state: GameState) -> NecroState:
    if not isinstance(state, NecroState):
        raise TypeError(
            f"the Necromancer encoder reads a Necromancer state, not {type(state).__name__}"
        )
    return state


class _Where:
    """Where each card id the observing seat may see is, relative to that seat:
    read from its view or, the same, from the state."""

    def __init__(self, seats: int) -> None:
        self.me, self.seats = 0, seats
        self.names: dict[int, str] = {}
        self.minions: dict[int, tuple[int, int]] = {}
        self.magic: dict[int, tuple[int, int]] = {}
        self.relics: dict[int, tuple[int, int, int]] = {}

    def read_state(self, s: NecroState, seat: int) -> None:
        """:meth:`read_view` of ``seat``'s view, from the state: its visible hand
        cards, every graveyard, banished card, minion, relic and magic card."""
        self.me = seat
        bit = 1 << seat
        defs = s.defs
        known = s.known
        names = self.names
        for p, st in enumerate(s.seats):
            r = self.rel(p)
            for c in st.hand:
                if known[c] & bit == bit:
                    names[c] = defs[c].name
            for c in st.graveyard:
                names[c] = defs[c].name
            for c in st.banished:
                names[c] = defs[c].name
            for k, c in enumerate(st.minions):
                if c == EMPTY:
                    continue
                names[c] = defs[c].name
                self.minions[c] = (r, k)
                for j, rel in enumerate(s.minions[c].relics):
                    names[rel] = defs[rel].name
                    self.relics[rel] = (r, k, j)
            for slot, c in enumerate(st.magic):
                if c != EMPTY:
                    names[c] = defs[c].name
                    self.magic[c] = (r, slot)
        pending = s.pending
        if pending is None or pending.player != seat:
            return
        for aid in pending.options:
            _verb, _, rest = aid.partition(" ")
            if rest.isdigit() and int(rest) not in names:
                names[int(rest)] = s.action_label(aid).split(" (")[0]

    def read_view(self, view: dict[str, Any]) -> None:
        me = int(view["seat"]) if view.get("seat") is not None else 0
        self.me = me
        for p in view["players"]:
            r = self.rel(p["seat"])
            for c in (*p["hand"], *p["graveyard"], *p["banished"]):
                if c is not None:
                    self.names[c["id"]] = c["card"]
            for m in p["minions"]:
                if m is None:
                    continue
                self.names[m["id"]] = m["card"]
                self.minions[m["id"]] = (r, m["position"] - 1)
                for k, rel in enumerate(m["relics"]):
                    self.names[rel["id"]] = rel["card"]
                    self.relics[rel["id"]] = (r, m["position"] - 1, k)
            for slot, c in enumerate(p["magic"]):
                if c is not None:
                    self.names[c["id"]] = c["card"]
                    self.magic[c["id"]] = (r, slot)
        # options that name a card the view holds nowhere else (a card chosen
        # from the deck) carry it in their label: "Spindle Runner (from your deck)"
        for option in (view.get("decision") or {}).get("options", []):
            _verb, _, rest = option["id"].partition(" ")
            if rest.isdigit() and int(rest) not in self.names:
                name = option.get("card") or option.get("label", "").split(" (")[0]
                self.names[int(rest)] = name

    def rel(self, seat: int) -> int:
        return (seat - self.me) % self.seats
