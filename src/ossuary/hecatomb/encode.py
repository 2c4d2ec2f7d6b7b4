"""Hecatomb for reinforcement learning: a fixed action space and a numpy observation.

:mod:`ossuary.rl` reaches this module through ``GAME.research.encoder(seats)``; it
needs numpy (the ``rl`` extra). Everything here reads **only a seat's view**
(:func:`ossuary.hecatomb.view.view`), so no number it writes can depend on a
card the seat may not see. ``docs/rl.md`` lists every action block and every
observation slice.

Seats are relative: block 0 is the seat observing, 1 the next seat clockwise,
and so on, so an agent learns one policy for every seat.

Actions name *things* rather than card instances (whose ids differ between
games): a card in hand by its name (identical cards are one option in the
engine), an abomination by its owner and its place in that player's row, a
minion by its abomination and height, a relic by its place. Numbers that have
no fixed bound (X, how many cards to draw, a payment of several mana) are
paths of small steps: ``x 3`` is ``up, up, up, stop``; ``pay 1,0,2,0`` is
``pay[corruption], pay[destruction], pay[destruction]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np

from ..engine.core import GameState
from ..engine.encoder import Blocks, Floats, floats
from ..engine.errors import OssuaryError
from ..engine.game import Encoder
from .cards import DOOMS, KEYWORDS, SUBTYPES, TYPES, CardDef, base_pool
from .encode_parts import (
    DOOM_AT,
    F32,
    KNOWN_TOP,
    MAX_ABILITIES,
    MAX_ABOMS,
    MAX_MANA,
    MAX_ORDER,
    MAX_RELICS,
    SUBTYPE_AT,
    Cells,
    FactsTable,
    Fight,
    Where,
    abom_numbers,
    kw_sparse,
    kw_vector,
    named,
    one_hot,
    place_objects,
    seat_slot,
)
from .state import MAX_SIZE, WIN_SOULS, HecatombState
from .view import decision_detail, option_card

_MAX_SIZE: Final = MAX_SIZE  # the hot paths' copies of the rules' numbers
_WIN_SOULS: Final = WIN_SOULS

KINDS: Final = (
    "main", "window", "x", "place", "pay", "target", "may", "enemy", "attacker",
    "toll", "hunt", "block", "rip", "order", "soulbound", "choose",
)  # fmt: skip
WHATS: Final = (
    "stitch", "discard", "draw", "exhume", "exhume_up_to", "retrieve", "put_card", "put",
    "sacrifice", "play", "ability",
)  # fmt: skip
SINGLES = ("end", "attack", "pass", "done", "yes", "no", "none", "new", "up", "stop")


class EncodingError(OssuaryError):
    """The view holds something the encoding does not know (a new option verb)."""


class HecatombEncoder(Encoder):
    """The encoding for a table of ``seats`` players; see the module docstring."""

    def __init__(self, seats: int = 2, cards: Sequence[CardDef] | None = None) -> None:
        if cards is None:
            pool = base_pool()
            cards = sorted(pool.cards.values(), key=lambda c: (c.number or 10**6, c.name))
        self.seats = S = seats
        self.names = [c.name for c in cards]
        self.index = {name: i for i, name in enumerate(self.names)}
        P = self.P = len(self.names)
        A = MAX_ABOMS

        # -- actions --------------------------------------------------------------
        act = Blocks()
        self.single = {name: act.add(name, 1) for name in SINGLES}
        self.a_pay = act.add("pay[doom]", 4)
        self.a_mana = act.add("mana[card]", P)
        self.a_play = act.add("play[card]", P)
        self.a_card = act.add("card[owner][card]", S * P)
        self.a_player = act.add("player[seat]", S)
        self.a_abom = act.add("abomination[owner][slot]", S * A)
        self.a_minion = act.add("minion[owner][slot][height]", S * A * MAX_SIZE)
        self.a_perm = act.add("relic_or_god[owner][slot]", S * (MAX_RELICS + 1))
        self.a_tap = act.add("tap[slot][height][ability]", A * MAX_SIZE * MAX_ABILITIES)
        self.a_block = act.add("block[blocker slot][attacker slot]", A * A)
        self.a_first = act.add("first[trigger]", MAX_ORDER)
        self.a_toll = act.add("toll[mana slot]", MAX_MANA)
        self.actions = act
        self.num_actions = act.size

        # -- observation --------------------------------------------------------------
        # a card's printed facts: doom, type, cost, X, strength, subtype, keywords
        self.D = 4 + len(TYPES) + 3 + len(SUBTYPES) + len(KEYWORDS)
        desc = np.zeros((P, self.D), np.float32)
        for i, c in enumerate(cards):
            desc[i] = (
                one_hot(4, c.doom_i)
                + one_hot(len(TYPES), TYPES.index(c.type) if c.type in TYPES else -1)
                + [c.cost / 6.0, float(c.x_cost), (c.strength or 0) / 6.0]
                + one_hot(len(SUBTYPES), SUBTYPES.index(c.subtype) if c.subtype else -1)
                + kw_vector(dict(c.keywords))
            )
        self.desc = desc
        self.desc_sparse = [[(int(k), float(row[k])) for k in np.flatnonzero(row)] for row in desc]
        self.CARD = 2 + self.D  # present, name index, printed facts
        self.MINION = 3 + 4 + len(KEYWORDS)  # present, name, strength, doom, keywords
        self.ABOM = 9 + 4 + len(KEYWORDS) + len(SUBTYPES) + MAX_SIZE * self.MINION
        self._subtype_at = 13 + len(KEYWORDS)  # in an abomination's slice
        self._minions_at = 13 + len(KEYWORDS) + len(SUBTYPES)

        obs = Blocks()
        self.o_deciding = obs.add("deciding", 1)
        self.o_kind = obs.add("decision kind", len(KINDS))
        self.o_what = obs.add("decision detail", len(WHATS))
        self.o_turn = obs.add("turn number / 50", 1)
        self.o_active = obs.add("active seat", S)
        self.o_aggressor = obs.add("attacking seat", S)
        self.o_defender = obs.add("defending seat", S)
        self.o_winner = obs.add("winner seat", S)
        self.o_limbo = obs.add("cards being played", P)
        self.o_count = obs.add("path: count so far / 10", 1)
        self.o_paid = obs.add("path: mana chosen per doom / 5", 4)
        self.o_order = obs.add("order options", MAX_ORDER * self.CARD)
        self.o_seat = []
        for k in range(S):
            base = {
                "counters": obs.add(f"seat {k}: counters", 17),
                "mana": obs.add(f"seat {k}: mana slots", MAX_MANA * 6),
                "hand": obs.add(f"seat {k}: visible hand cards", P),
                "graveyard": obs.add(f"seat {k}: graveyard", P),
                "removed": obs.add(f"seat {k}: removed from game", P),
                "deck_top": obs.add(f"seat {k}: known deck top", KNOWN_TOP * self.CARD),
                "god": obs.add(f"seat {k}: god", self.CARD),
                "relics": obs.add(f"seat {k}: relics", MAX_RELICS * self.CARD),
                "aboms": obs.add(f"seat {k}: abominations", A * self.ABOM),
            }
            self.o_seat.append(base)
        self.obs_blocks = obs
        self._facts = FactsTable(self.index, self.P)  # per card definition met
        self.observation_size = obs.size
        self.o_played = obs.size  # information state: cards each seat has played
        self.info_state_size = obs.size + S * P
        # every place of the observation and 1.0, as objects (Cells)
        self._at = place_objects(self.observation_size)
        self._one: object = 1.0

    # =========================================================================
    # Actions
    # =========================================================================
    def action_name(self, index: int) -> str:
        self.check_action(index)
        for name, start, stop in self.actions.ranges:
            if start <= index < stop:
                k = index - start
                if stop - start == 1:
                    return name
                if name in ("mana[card]", "play[card]"):
                    return f"{name.split('[')[0]}[{self.names[k]}]"
                if name == "card[owner][card]":
                    return f"card[{k // self.P}][{self.names[k % self.P]}]"
                if name == "pay[doom]":
                    return f"pay[{DOOMS[k]}]"
                # the block's own dimensions, outermost first: minion[1][3][0] is
                # seat 1 (relative), row slot 3, bottom of the stack
                dims = {
                    "abomination[owner][slot]": (MAX_ABOMS,),
                    "minion[owner][slot][height]": (MAX_ABOMS, MAX_SIZE),
                    "relic_or_god[owner][slot]": (MAX_RELICS + 1,),
                    "tap[slot][height][ability]": (MAX_SIZE, MAX_ABILITIES),
                    "block[blocker slot][attacker slot]": (MAX_ABOMS,),
                }.get(name, ())
                parts = []
                for d in reversed(dims):
                    parts.append(k % d)
                    k //= d
                parts.append(k)
                return name.split("[")[0] + "".join(f"[{p}]" for p in reversed(parts))
        raise ValueError(index)  # pragma: no cover - the blocks tile the range

    def action_paths(self, view: dict[str, Any]) -> dict[str, tuple[int, ...] | None]:
        decision = view.get("decision") or {}
        options = decision.get("options")
        if not options:
            return {}
        where = Where(view["seat"], view["seats"], self.seats)
        where.read_view(view)
        return {o["id"]: self._path(o, where) for o in options}

    def action_paths_state(self, state: GameState, seat: int) -> dict[str, tuple[int, ...] | None]:
        """:meth:`action_paths` without the view: the option ids and the card each
        names as the view gives them (``view.option_card``), the places of things
        in play (all public)."""
        s = _hecatomb(state)
        pending = s.pending
        if pending is None or pending.player != seat or not pending.options:
            return {}
        where = Where(seat, s.n, self.seats)
        where.read_state(s)  # lazily: most decisions name no place
        out: dict[str, tuple[int, ...] | None] = {}
        single = self.single
        index = self.index
        defs = s.defs
        for aid in pending.options:
            step = single.get(aid)
            if step is not None:
                out[aid] = (step,)
                continue
            verb, _, rest = aid.partition(" ")
            if verb == "mana" or verb == "play":
                # _card_path without the option dict: a card by its name
                i = index.get(defs[int(rest)].name)
                out[aid] = (
                    None if i is None else ((self.a_mana if verb == "mana" else self.a_play) + i,)
                )
                continue
            option: dict[str, Any] = {"id": aid}
            option_card(s, aid, option)
            out[aid] = self._path(option, where)
        return out

    def _path(self, option: dict[str, Any], w: Where) -> tuple[int, ...] | None:
        """The steps that choose ``option``, found by its id's first word;
        None where the encoding can't name it (a card or a place past its
        limits)."""
        aid: str = option["id"]
        single = self.single.get(aid)
        if single is not None:
            return (single,)
        verb, _, rest = aid.partition(" ")
        if verb in ("x", "draw", "pay"):
            return self._counted_path(verb, rest)
        if verb in ("mana", "play", "card"):
            return self._card_path(verb, option, w)
        if verb == "onto" and rest == "new":
            return (self.single["new"],)
        thing = named(verb, rest)
        if thing is not None:
            return self._thing_path(thing[0], thing[1], w)
        if verb in ("tap", "block", "first", "toll"):
            return self._choice_path(verb, rest, w)
        raise EncodingError(f"Hecatomb's RL encoding does not know the option {aid!r}")

    def _counted_path(self, verb: str, rest: str) -> tuple[int, ...]:
        """A number chosen by counting up (x, draw) or mana paid doom by doom."""
        if verb != "pay":
            return (self.single["up"],) * int(rest) + (self.single["stop"],)
        path: tuple[int, ...] = ()
        for d, n in enumerate(int(v) for v in rest.split(",")):
            path += (self.a_pay + d,) * n
        return path or (self.single["done"],)

    def _card_path(self, verb: str, option: dict[str, Any], w: Where) -> tuple[int, ...] | None:
        """A card by name: put as mana, played, or chosen from a seat's cards."""
        name = self.index.get(option.get("card", ""))
        if name is None:
            return None  # a card outside the encoding's card list
        if verb == "mana":
            return (self.a_mana + name,)
        if verb == "play":
            return (self.a_play + name,)
        r = w.rel(option["owner"])
        return None if r < 0 else (self.a_card + r * self.P + name,)

    def _thing_path(self, kind: str, ident: int, w: Where) -> tuple[int, ...] | None:
        """A player, abomination, minion, relic or god, by where it sits."""
        if kind == "p":
            r = w.rel(ident)
            return None if r < 0 else (self.a_player + r,)
        if kind == "a":
            spot = w.abom(ident)
            if spot is None or spot[0] < 0:
                return None
            return (self.a_abom + spot[0] * MAX_ABOMS + spot[1],)
        if kind == "m":
            at = w.minion(ident)
            if at is None or at[0] < 0:
                return None
            r, slot, height = at
            return (self.a_minion + (r * MAX_ABOMS + slot) * MAX_SIZE + height,)
        perm = w.perm(ident)
        if perm is None or perm[0] < 0:
            return None
        return (self.a_perm + perm[0] * (MAX_RELICS + 1) + perm[1],)

    def _choice_path(self, verb: str, rest: str, w: Where) -> tuple[int, ...] | None:
        """A tap ability, a block, the first of an order, or a mana card paid as a toll."""
        if verb == "tap":
            abom, cid, i = (int(v) for v in rest.split())
            at = w.minion(cid)
            if at is None or at[0] != 0 or i >= MAX_ABILITIES or w.abom(abom) != at[:2]:
                return None
            return (self.a_tap + (at[1] * MAX_SIZE + at[2]) * MAX_ABILITIES + i,)
        if verb == "block":
            blk, att = (w.abom(int(v)) for v in rest.split())
            if blk is None or att is None:
                return None
            return (self.a_block + blk[1] * MAX_ABOMS + att[1],)
        if verb == "first":
            k = int(rest)
            return (self.a_first + k,) if k < MAX_ORDER else None
        mana_slot = w.mana_slot(int(rest))
        if mana_slot is None or mana_slot >= MAX_MANA:
            return None
        return (self.a_toll + mana_slot,)

    # =========================================================================
    # Observation
    # =========================================================================
    # The observation is mostly zeros: only its set entries are written, one by
    # one, into the zeroed array (``Floats``).
    def _card(self, w: Floats, at: int, name: str) -> None:
        w[at] = 1.0
        i = self.index.get(name)
        if i is not None:
            w[at + 1] = (i + 1) / self.P
            at += 2
            for k, v in self.desc_sparse[i]:
                w[at + k] = v

    def _mark(self, w: Floats, at: int, seat: int, me: int, n: int) -> None:
        """A one-hot seat (the active one, the attacker...) where the encoding
        has room for it (:func:`seat_slot`)."""
        k = seat_slot(int((seat - me) % n), n, self.seats)
        if 0 <= k < self.seats:
            w[at + k] = 1.0

    def _count(self, w: Floats, at: int, names: Sequence[str], scale: float = 0.25) -> None:
        index = self.index
        for name in names:
            i = index.get(name)
            if i is not None:
                w[at + i] += scale  # exact in float32 too: a few quarters or ones

    def observe(self, view: dict[str, Any], prefix: tuple[int, ...], out: F32) -> None:
        self._observe(view, prefix, floats(out))

    def _observe(self, view: dict[str, Any], prefix: tuple[int, ...], w: Floats) -> None:
        me = view["seat"]
        n = view["seats"]
        decision = view.get("decision")
        if decision is not None and decision.get("player") == me:
            self._decision(w, decision)
        w[self.o_turn] = view.get("turn_number", 0) / 50.0
        self._mark(w, self.o_active, view["active"], me, n)
        combat = view.get("combat")
        fight = Fight()
        if combat is not None:
            self._mark(w, self.o_aggressor, combat["aggressor"], me, n)
            self._mark(w, self.o_defender, combat["defender"], me, n)
            fight = Fight(combat)
        if view.get("winner") is not None:
            self._mark(w, self.o_winner, view["winner"], me, n)
        self._count(w, self.o_limbo, [c["card"] for c in view.get("in_play", ())], 1.0)
        self._prefix(w, prefix)
        for player in view["players"]:
            k = seat_slot(int((player["seat"] - me) % n), n, self.seats)
            if 0 <= k < self.seats:
                self._seat(w, self.o_seat[k], player, fight)

    # -- the same observation read from the state in place (reads_state) ----------
    # Each part mirrors its view-reading twin above and hecatomb/view.py's view:
    # a hand or deck card is read only where the seat's bit is set in ``known``
    # (view.py's redaction); everything else read here is public. The tests
    # compare the two at random positions of every table (tests/rl).
    reads_state = True
    # at a larger table: the viewer, the seats just after and just before it
    # (seat_slot), the rest left out
    reads_larger_tables = True

    def observe_state(self, state: GameState, seat: int, prefix: tuple[int, ...], out: F32) -> None:
        self._observe_state(_hecatomb(state), seat, prefix, floats(out))

    def _observe_state(self, s: HecatombState, me: int, prefix: tuple[int, ...], w: Floats) -> None:
        n = s.n
        pending = s.pending
        if pending is not None and pending.player == me:
            self._decision_state(w, s)
        w[self.o_turn] = s.turn_number / 50.0
        self._mark(w, self.o_active, s.turn, me, n)
        combat = s.combat
        fight = Fight()
        if combat is not None:
            self._mark(w, self.o_aggressor, combat.aggressor, me, n)
            self._mark(w, self.o_defender, combat.defender, me, n)
            fight.attacking = set(combat.attackers)
            fight.blocked = set(combat.blocked)
            fight.blocking = set(combat.blocks.values())
        if s.winner is not None:
            self._mark(w, self.o_winner, s.winner, me, n)
        defs = s.defs
        self._count(w, self.o_limbo, [defs[c].name for c in s.limbo], 1.0)
        self._prefix(w, prefix)
        for p in range(n):
            k = seat_slot((p - me) % n, n, self.seats)
            if 0 <= k < self.seats:
                self._seat_state(w, self.o_seat[k], s, p, 1 << me, fight)

    def _decision_state(self, w: Floats, s: HecatombState) -> None:
        """:meth:`_decision` of the pending decision, the viewer's own."""
        pending = s.pending
        assert pending is not None
        w[self.o_deciding] = 1.0
        kind = pending.kind
        if kind in KINDS:
            w[self.o_kind + KINDS.index(kind)] = 1.0
        what = decision_detail(s)
        if what in WHATS:
            w[self.o_what + WHATS.index(what)] = 1.0
        if kind == "order":
            for aid in pending.options:
                k = int(aid.split()[1])
                option: dict[str, Any] = {}
                option_card(s, aid, option)
                if k < MAX_ORDER and "card" in option:
                    self._card(w, self.o_order + k * self.CARD, option["card"])

    def _seat_state(
        self, w: Floats, o: dict[str, int], s: HecatombState, p: int, bit: int,
        fight: Fight,
    ) -> None:  # fmt: skip
        """:meth:`_seat` of seat ``p`` as the seat with ``bit`` sees it."""
        st = s.seats[p]
        defs = s.defs
        known = s.known
        self._counters_state(w, o, s, p, bit)
        self._count_state(w, o["hand"], s, st.hand, bit)
        self._count_state(w, o["graveyard"], s, st.graveyard, 0)
        self._count_state(w, o["removed"], s, st.removed, 0)
        deck = st.deck
        for i in range(min(KNOWN_TOP, len(deck))):
            c = deck[len(deck) - 1 - i]
            if known[c] & bit:
                self._card(w, o["deck_top"] + i * self.CARD, defs[c].name)
        if st.god >= 0:
            self._card(w, o["god"], defs[st.god].name)
        for j, relic in enumerate(st.relics[:MAX_RELICS]):
            self._card(w, o["relics"] + j * self.CARD, defs[relic].name)
        for j, aid in enumerate(st.aboms[:MAX_ABOMS]):
            self._abom_state(w, o["aboms"] + j * self.ABOM, s, aid, fight)

    def _count_state(self, w: Floats, at: int, s: HecatombState, cids: list[int], bit: int) -> None:
        """:meth:`_count` of the cards ``cids`` whose ``known`` bits meet ``bit``
        (0: all of them, a public zone)."""
        index = self.index
        defs = s.defs
        known = s.known
        counted: dict[int, int] = {}  # copies of a name counted here, written once
        for c in cids:
            if bit == 0 or known[c] & bit:
                i = index.get(defs[c].name)
                if i is not None:
                    counted[i] = counted.get(i, 0) + 1
        for i, n in counted.items():
            w[at + i] = n * 0.25  # a sum of quarters, exact in float32 too

    def _counters_state(
        self, w: Floats, o: dict[str, int], s: HecatombState, p: int, bit: int
    ) -> None:
        """:meth:`_counters` of seat ``p`` (the same numbers: a mana count is a
        sum of tenths, taken from :data:`_TENTHS`; zeros are not written)."""
        st = s.seats[p]
        at = o["counters"]
        if st.souls:
            w[at] = st.souls / _WIN_SOULS
        if st.hand:
            w[at + 1] = len(st.hand) / 10.0
        if st.deck:
            w[at + 2] = len(st.deck) / 40.0
        if st.mana_added:
            w[at + 3] = 1.0
        pool = st.pool  # by doom, in DOOMS' order (the view's pool too)
        for d in range(4):
            if pool[d]:
                w[at + 4 + d] = pool[d] / 5.0
        defs = s.defs
        tapped = s.tapped
        cells = cast(Cells, w)
        places = self._at
        one = self._one
        counted = [0, 0, 0, 0, 0, 0, 0, 0]  # untapped by doom, then tapped
        m = o["mana"]
        for j, c in enumerate(st.mana):
            d = defs[c].doom_i  # DOOMS' order
            is_tapped = c in tapped
            counted[(4 if is_tapped else 0) + d] += 1
            if j < MAX_MANA:
                cells[places[m]] = one
                if is_tapped:
                    cells[places[m + 1]] = one
                cells[places[m + 2 + d]] = one
                m += 6
        for k in range(8):
            n = counted[k]
            if n:
                w[at + 8 + k] = _tenths(n)
        known = s.known
        unseen = 0
        for c in st.hand:
            if not known[c] & bit:
                unseen += 1
        if unseen:
            w[at + 16] = unseen / 10.0

    def _abom_state(self, w: Floats, at: int, s: HecatombState, aid: int, fight: Fight) -> None:
        """:meth:`_abom` of abomination ``aid``."""
        a = s.aboms[aid]
        defs = s.defs
        cells = cast(Cells, w)
        places = self._at
        one = self._one
        cells[places[at]] = one
        if a.tapped:
            cells[places[at + 1]] = one
        if a.played:
            cells[places[at + 2]] = one
        if a.stitched:
            cells[places[at + 3]] = one
        if aid in fight.attacking:
            cells[places[at + 4]] = one
        if aid in fight.blocked:
            cells[places[at + 5]] = one
        if aid in fight.blocking:
            cells[places[at + 6]] = one
        cards = a.cards
        seats = s.seats
        owner = s.owner
        cond_on = s.cond_on
        table = self._facts
        facts = [table.of(defs[c]) for c in cards]
        kw_pairs, strengths = abom_numbers(s, a, facts, aid in fight.attacking)
        w[at + 7] = len(cards) / _MAX_SIZE
        total = 0
        for strength in strengths:
            total += strength
        w[at + 8] = total / 10.0
        for f in facts:
            cells[places[at + 9 + f.doom]] = one
        k_at = at + 13
        for i, v in kw_pairs:
            cells[places[k_at + i]] = v
        subtype = facts[-1].subtype
        if subtype >= 0:
            cells[places[at + self._subtype_at + subtype]] = one
        r = at + self._minions_at
        for h in range(min(_MAX_SIZE, len(cards))):
            c = cards[h]
            f = facts[h]
            cells[places[r]] = one
            cells[places[r + 1]] = f.name_v
            w[r + 2] = strengths[h] / 6.0
            cells[places[r + 3 + f.doom]] = one
            case = (1 if seats[owner[c]].god >= 0 else 0) | (2 if c in cond_on else 0)
            k_at = r + 7
            for i, v in f.minion_kw[case]:
                cells[places[k_at + i]] = v
            r += self.MINION

    def _decision(self, w: Floats, decision: dict[str, Any]) -> None:
        """The viewer's own decision: its kind, what it is about, the cards to order."""
        w[self.o_deciding] = 1.0
        kind = decision.get("kind", "")
        if kind in KINDS:
            w[self.o_kind + KINDS.index(kind)] = 1.0
        what = decision.get("what", "")
        if what in WHATS:
            w[self.o_what + WHATS.index(what)] = 1.0
        if kind == "order":
            for o in decision.get("options", ()):
                k = int(o["id"].split()[1])
                if k < MAX_ORDER and "card" in o:
                    self._card(w, self.o_order + k * self.CARD, o["card"])

    def _prefix(self, w: Floats, prefix: tuple[int, ...]) -> None:
        """The steps of a multi-step choice taken so far: the count, the mana chosen."""
        up = self.single["up"]
        ups = sum(1 for a in prefix if a == up)
        if ups:
            w[self.o_count] = ups / 10.0
        paid = [0.0] * 4  # summed in double, then stored: 0.2 is not exact in float32
        for a in prefix:
            if self.a_pay <= a < self.a_pay + 4:
                paid[a - self.a_pay] += 0.2
        for d, v in enumerate(paid):
            if v:
                w[self.o_paid + d] = v

    def _seat(self, w: Floats, o: dict[str, int], player: dict[str, Any], fight: Fight) -> None:
        """One seat's counters, mana, known cards, god, relics and abominations."""
        self._counters(w, o, player)
        self._count(w, o["hand"], [h["card"] for h in player["hand"] if h is not None])
        self._count(w, o["graveyard"], player["graveyard"])
        self._count(w, o["removed"], player["removed"])
        for known in player["deck_known"]:
            if known["from_top"] < KNOWN_TOP:
                self._card(w, o["deck_top"] + known["from_top"] * self.CARD, known["card"])
        if player["god"] is not None:
            self._card(w, o["god"], player["god"]["card"])
        for j, relic in enumerate(player["relics"][:MAX_RELICS]):
            self._card(w, o["relics"] + j * self.CARD, relic["card"])
        # (not ``a``: that name holds ints elsewhere, and compiled code keeps it one)
        for j, abom in enumerate(player["abominations"][:MAX_ABOMS]):
            self._abom(w, o["aboms"] + j * self.ABOM, abom, fight)

    def _counters(self, w: Floats, o: dict[str, int], player: dict[str, Any]) -> None:
        """A seat's numbers (souls, hand, deck, mana by doom, unseen hand cards)
        and its mana cards one by one."""
        counts = [0.0] * 17
        counts[0] = player["souls"] / WIN_SOULS
        counts[1] = player["hand_count"] / 10.0
        counts[2] = player["deck_count"] / 40.0
        counts[3] = float(player["mana_added"])
        pool = player["pool"]
        for d, doom in enumerate(DOOMS):
            counts[4 + d] = pool[doom] / 5.0
        for j, m in enumerate(player["mana"]):
            d = DOOM_AT[m["doom"]]
            counts[(12 if m["tapped"] else 8) + d] += 0.1
            if j < MAX_MANA:
                at = o["mana"] + 6 * j
                w[at] = 1.0
                if m["tapped"]:
                    w[at + 1] = 1.0
                w[at + 2 + d] = 1.0
        counts[16] = sum(1 for h in player["hand"] if h is None) / 10.0
        c = o["counters"]
        for j, v in enumerate(counts):
            if v:
                w[c + j] = v

    def _abom(
        self,
        w: Floats,
        at: int,
        a: dict[str, Any],
        fight: Fight,
    ) -> None:
        aid = a["id"]
        w[at] = 1.0
        for k, flag in enumerate(
            (a["tapped"], a["played_this_turn"], a["stitched_this_turn"], aid in fight.attacking,
             aid in fight.blocked, aid in fight.blocking),
            1,
        ):  # fmt: skip
            if flag:
                w[at + k] = 1.0
        w[at + 7] = a["size"] / MAX_SIZE
        w[at + 8] = a["strength"] / 10.0
        for doom in a["dooms"]:
            w[at + 9 + DOOM_AT[doom]] = 1.0
        kw_sparse(w, at + 13, a["keywords"])
        if a["subtype"] in SUBTYPE_AT:
            w[at + 13 + len(KEYWORDS) + SUBTYPE_AT[a["subtype"]]] = 1.0
        m_at = at + 13 + len(KEYWORDS) + len(SUBTYPES)
        for h, m in enumerate(a["minions"][:MAX_SIZE]):
            r = m_at + h * self.MINION
            w[r] = 1.0
            w[r + 1] = (self.index.get(m["card"], -1) + 1) / self.P
            w[r + 2] = m["strength"] / 6.0
            w[r + 3 + DOOM_AT[m["doom"]]] = 1.0
            kw_sparse(w, r + 7, m["keywords"])

    def info_state(self, view: dict[str, Any], prefix: tuple[int, ...], out: F32) -> None:
        """The observation, then per seat the cards it has been seen to play
        (counted from the seat's redacted log, so only public plays)."""
        w = floats(out)
        self._observe(view, prefix, w)
        me, n = view["seat"], view["seats"]
        for event in view.get("log", ()):
            if event.get("e") == "play" and "card" in event:
                i = self.index.get(event["card"])
                k = seat_slot(int((event["p"] - me) % n), n, self.seats)
                if i is not None and 0 <= k < self.seats:
                    at = self.o_played + k * self.P + i
                    w[at] += 0.25

    def value_ranges(self) -> dict[str, tuple[float, float]]:
        """The slices that leave [0, 1] (the environments' observation bounds).

        Counts are bounded by the cards at the table: at most three copies of a
        name in a deck (rulebook "Deck Rules and Strategy") in each seat's deck;
        a card's printed facts by the largest in the card pool. What the rules
        leave open (the turn number, a hand or a strength grown by effects) gets
        a bound far past any game played: 10,000 turns (the environments cut a
        game at 10,000 actions), 200 cards, a strength of 100."""
        copies = 3.0 * self.seats  # every copy of one name at the table
        printed = max(1.0, float(self.desc.max()))
        out = {
            "turn number / 50": (0.0, 200.0),
            "cards being played": (0.0, copies),
            "path: count so far / 10": (0.0, 10.0),
            "path: mana chosen per doom / 5": (0.0, 20.0),
            "order options": (0.0, printed),
        }
        for k in range(self.seats):
            out[f"seat {k}: counters"] = (0.0, 20.0)
            for part in ("visible hand cards", "graveyard", "removed from game"):
                out[f"seat {k}: {part}"] = (0.0, 0.25 * copies)
            for part in ("known deck top", "god", "relics"):
                out[f"seat {k}: {part}"] = (0.0, printed)
            out[f"seat {k}: abominations"] = (-10.0, 10.0)
        return out

    def layout(self) -> list[tuple[str, int, int]]:
        played = [
            (f"seat {k}: cards played (information state only)", a, a + self.P)
            for k, a in enumerate(range(self.o_played, self.info_state_size, self.P))
        ]
        return [*self.obs_blocks.ranges, *played]


def _tenth_sums(n: int) -> list[float]:
    """0.1 added to 0.0 once, twice, ... ``n`` times (the view's mana counts
    are such sums)."""
    out = [0.0]
    total = 0.0
    for _ in range(n):
        total += 0.1
        out.append(total)
    return out


_TENTHS: Final = _tenth_sums(64)


def _tenths(n: int) -> float:
    return _TENTHS[n] if n < len(_TENTHS) else _tenth_sums(n)[n]


def _hecatomb(state: GameState) -> HecatombState:
    if not isinstance(state, HecatombState):
        raise TypeError(f"Hecatomb's encoder reads a Hecatomb state, not {type(state).__name__}")
    return state
