"""Diabolicards for reinforcement learning: a fixed action space and a numpy observation.

:mod:`ossuary.rl` reaches this module through ``GAME.research.encoder(seats)``; it
needs numpy (the ``rl`` extra). Everything here reads **only what a seat's view
holds** (:func:`ossuary.diabolicards.view.view`), so no number it writes can
depend on a card the seat may not see: :meth:`DiabolicardsEncoder.observe`
from the view, and ``observe_state`` (what the environments call) from the
state in place through the view's own rules, tested to write the same numbers.
``docs/rl.md`` lists the action blocks and the observation slices.

A card's id is its place in the one shared 80-card deck, the same in every
game, so actions name cards by id: ``play 17 0 r`` (card 17 into Vask Tower's
regular slots) is one index in every deal. Every option is a single step.

Sides and seats are relative: "mine" is the observing seat's side, seat
block 0 the observing seat, 1 the next seat in turn order, and so on, so one
policy serves every seat.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from ..engine.core import GameState
from ..engine.encoder import Blocks, Floats, floats
from ..engine.errors import OssuaryError
from ..engine.game import Encoder
from .cards import DECK_SIZE, ZONES, deck
from .queries import (
    contract_turn_allowed,
    frozen,
    immune,
    power_map,
    scores,
    synergy,
    usable,
    zone_power,
)
from .state import DiaboState

F32: TypeAlias = npt.NDArray[np.float32]  # a type alias also where numpy is absent (mypyc)

KINDS: Final = "ras"  # regular slot, activation slot, around the zone's name (Scorched Earth)
MAX_MODES: Final = 4  # The Endgame's four choices: the most any choose-one ability has
SINGLES: Final = ("purge", "escape", "die", "done")
# verbs whose option names one card: "kill 17"
CARD_VERBS = (
    "give", "kill", "pick", "move", "take", "swap", "stick", "with", "pull", "show",
    "restart", "bind",
)  # fmt: skip
DECISIONS: Final = (
    "turn", "give", "mode", "kill", "pick", "counter", "flee", "redeploy", "destination",
    "influence", "swap", "stick", "stick_to", "preach", "reveal", "restart", "pact",
)  # fmt: skip
# where a card is, seen from the observing seat: hand, another hand (shown),
# contracts, dead pile, not visible, then the mat by side (mine, enemy), zone, kind
PLACES: Final = ("hand", "other hand", "contract", "dead", "unseen")
CARD_FEATURES: Final = len(PLACES) + 2 * 3 * len(KINDS) + 6
# power now / 10, ability works, ability lost, immune, in a Why Stick trio, in a Doom Pact
_FLAGS: Final = len(PLACES) + 2 * 3 * len(KINDS)  # the first of those six columns
_UNSEEN: Final = 4  # PLACES.index("unseen")
_MAT: Final = len(PLACES)  # the first column of the mat's places


def _place(cards: F32, cid: int, col: int) -> None:
    """Card ``cid`` is at place ``col`` (a column of PLACES or of the mat) and nowhere else."""
    cards[cid, :_FLAGS] = 0.0
    cards[cid, col] = 1.0


class EncodingError(OssuaryError):
    """The view holds something the encoding does not know (a new option verb)."""


#: option ids whose paths an encoder keeps at most (a 2v2 game names a few
#: thousand; the bound only holds memory if ids are made up)
KNOWN_PATHS: Final = 1 << 16


class DiabolicardsEncoder(Encoder):
    """The encoding for ``seats`` players (2: 1v1, 4: 2v2)."""

    def __init__(self, seats: int = 2) -> None:
        self.seats = seats
        names = [c.name for c in deck()]
        self.names = names
        self.by_name = {n: i for i, n in enumerate(names)}
        acts = Blocks()
        block = acts.add
        self.a_play = block("play (card, zone, slot kind)", DECK_SIZE * 3 * len(KINDS))
        self.a_trade = block("trade (contract slot)", 4)
        self.a_trio = block("trio (zone)", 3)
        self.a_zone = block("flee / to (zone)", 3)
        self.a_mode = block("mode (choice)", MAX_MODES)
        self.a_single = block("single options", len(SINGLES))
        self.a_card = {verb: block(f"{verb} (card)", DECK_SIZE) for verb in CARD_VERBS}
        self.num_actions = acts.size
        self.blocks = acts.ranges

        obs = Blocks()
        slice_ = obs.add

        self.o_cards = slice_(
            "cards (80 x where, power, ability, bonds)", DECK_SIZE * CARD_FEATURES
        )
        self.o_zones = slice_("zones (side mine/enemy x zone: power/20, synergy/4)", 12)
        self.o_scores = slice_("side scores / 50 (mine, enemy), lead / 20", 3)
        self.o_sealed = slice_("sealed zones", 3)
        self.o_counts = slice_("deck / 80, dead / 80, hands / 8 per seat (relative)", 2 + seats)
        self.o_flags = slice_(
            "contract freeze, ban, my contract turn allowed, my last turn a contract, "
            "my turn, 2v2, turn number / 100",
            7,
        )
        self.o_decision = slice_("decision kind", len(DECISIONS))
        self.obs = obs.ranges
        self.observation_size = obs.size
        self.info_state_size = obs.size
        # an option id's path, as _path worked it out: a path is a function of the
        # id alone (it names the card by its place in the one shared deck), so it
        # is parsed once, not at every decision (the masks' largest cost)
        self._known_paths: dict[str, tuple[int, ...] | None] = {}

    # -- actions ----------------------------------------------------------------
    def action_name(self, index: int) -> str:
        self.check_action(index)
        if index < self.a_trade:
            k = index - self.a_play
            card, rest = divmod(k, 3 * len(KINDS))
            zone, kind = divmod(rest, len(KINDS))
            return f"play[{self.names[card]}, {ZONES[zone]}, {KINDS[kind]}]"
        if index < self.a_trio:
            return f"trade[{index - self.a_trade + 1}]"
        if index < self.a_zone:
            return f"trio[{ZONES[index - self.a_trio]}]"
        if index < self.a_mode:
            return f"zone[{ZONES[index - self.a_zone]}]"
        if index < self.a_single:
            return f"mode[{index - self.a_mode}]"
        if index < self.a_single + len(SINGLES):
            return SINGLES[index - self.a_single]
        for verb, start in self.a_card.items():
            if start <= index < start + DECK_SIZE:
                return f"{verb}[{self.names[index - start]}]"
        raise ValueError(f"action {index} has no name")  # pragma: no cover

    def action_paths(self, view: dict[str, Any]) -> dict[str, tuple[int, ...] | None]:
        decision = view.get("decision") or {}
        return {o["id"]: self._path_of(o["id"]) for o in decision.get("options", ())}

    def _path_of(self, aid: str) -> tuple[int, ...] | None:
        """:meth:`_path`, kept: each option id is parsed once (an id the encoding
        doesn't know still raises every time, and is not kept)."""
        known = self._known_paths
        found = known.get(aid)
        if found is None and aid not in known:
            found = self._path(aid)
            if len(known) >= KNOWN_PATHS:
                known.clear()
            known[aid] = found
        return found

    def _path(self, aid: str) -> tuple[int, ...] | None:
        verb, _, rest = aid.partition(" ")
        parts = rest.split()
        try:
            if verb == "play":
                card, zone, kind = int(parts[0]), int(parts[1]), KINDS.index(parts[2])
                return (self.a_play + (card * 3 + zone) * len(KINDS) + kind,)
            if verb == "trade":
                return (self.a_trade + int(rest),)
            if verb == "trio":
                return (self.a_trio + int(rest),)
            if verb in ("flee", "to"):
                return (self.a_zone + int(rest),)
            if verb == "mode":
                i = int(rest)
                return (self.a_mode + i,) if i < MAX_MODES else None
            if verb in SINGLES and not rest:
                return (self.a_single + SINGLES.index(verb),)
            if verb in self.a_card:
                return (self.a_card[verb] + int(parts[0]),)
        except (ValueError, IndexError):
            pass
        raise EncodingError(f"the Diabolicards encoding does not know the option {aid!r}")

    # -- observations -------------------------------------------------------------
    def observe(self, view: dict[str, Any], prefix: tuple[int, ...], out: F32) -> None:
        F = CARD_FEATURES
        cards = out[self.o_cards : self.o_cards + DECK_SIZE * F].reshape(DECK_SIZE, F)
        self._off_mat(cards, view)
        mine = view["seat"] % 2
        for s in view["sides"]:
            self._side(out, cards, s, 0 if s["side"] == mine else 1)
        for trio in view["why_stick"]:
            for name in trio:
                cards[self.by_name[name], _FLAGS + 4] = 1.0
        for pact in view["doom_pacts"]:
            for name in pact:
                cards[self.by_name[name], _FLAGS + 5] = 1.0
        self._counts(out, view)

    def _off_mat(self, cards: F32, view: dict[str, Any]) -> None:
        """Where each card off the mat is: a hand, the contracts, the dead pile,
        or not seen."""
        me = view["seat"]
        cards[:, PLACES.index("unseen")] = 1.0
        for p in view["players"]:
            for c in p["hand"]:
                if c is not None:
                    _place(cards, c["id"], 0 if p["seat"] == me else 1)
        for c in view["contracts"]:
            if c is not None:
                _place(cards, c["id"], 2)
        for name in view["dead"]:
            _place(cards, self.by_name[name], 3)

    def _side(self, out: F32, cards: F32, s: dict[str, Any], rel: int) -> None:
        """One side of the mat (``rel`` 0: the viewer's): each zone's power and
        synergy, where its cards are and their state, and the viewer's seals."""
        zones = out[self.o_zones : self.o_zones + 12]
        for z in s["zones"]:
            zi = z["zone"]
            zones[(rel * 3 + zi) * 2] = z["power"] / 20
            zones[(rel * 3 + zi) * 2 + 1] = z["synergy"] / 4
            spots = [(c, 0) for c in z["slots"]] + [(c, 2) for c in z["scorched"]]
            if z["activation"] is not None:
                spots.append((z["activation"], 1))
            for c, kind in spots:
                cid = c["id"]
                _place(cards, cid, len(PLACES) + (rel * 3 + zi) * 3 + kind)
                cards[cid, _FLAGS] = c["power"] / 10
                cards[cid, _FLAGS + 1] = float(bool(c.get("ability_works")))
                cards[cid, _FLAGS + 2] = float(bool(c.get("ability_lost")))
                cards[cid, _FLAGS + 3] = float(bool(c.get("immune")))
        if rel == 0:
            out[self.o_sealed : self.o_sealed + 3] = [float(z["sealed"]) for z in s["zones"]]

    def _counts(self, out: F32, view: dict[str, Any]) -> None:
        """The scores, the deck, dead pile and hands counted, the flags of the
        turn and the decision's kind."""
        me, n = view["seat"], view["seats"]
        mine = me % 2
        scores = view["scores"]
        out[self.o_scores] = scores[mine] / 50
        out[self.o_scores + 1] = scores[1 - mine] / 50
        out[self.o_scores + 2] = (scores[mine] - scores[1 - mine]) / 20
        out[self.o_counts] = view["deck_count"] / DECK_SIZE
        out[self.o_counts + 1] = len(view["dead"]) / DECK_SIZE
        for p in view["players"]:
            k = (p["seat"] - me) % n
            if k < self.seats:
                out[self.o_counts + 2 + k] = p["hand_count"] / 8
        me_p = view["players"][me]
        decision = view.get("decision")
        out[self.o_flags : self.o_flags + 7] = [
            float(view["contract_freeze"]),
            float(view["contracts_banned"]),
            float(me_p["contract_turn"]),
            float(me_p["contract_last"]),
            float(decision is not None and decision["player"] == me),
            float(n == 4),
            min(view["turn_number"], 200) / 100,
        ]
        if decision is not None and decision["kind"] in DECISIONS:
            out[self.o_decision + DECISIONS.index(decision["kind"])] = 1.0

    # -- the same observation read from the state in place (reads_state) ----------
    # No view is built (its dicts are half of an environment's step): each number
    # is read from the state through the view's own rules (view.py: a hand card
    # only with the seat's ``known`` bit, the rest public), in the order
    # observe() writes it, into the zeroed array. Tested equal to observe() of
    # the seat's view at random positions, every seat.
    reads_state = True

    def observe_state(self, state: GameState, seat: int, prefix: tuple[int, ...], out: F32) -> None:
        s = _diabo(state)
        w = floats(out)
        me = seat
        bit = 1 << me
        defs = s.defs
        by_name = self.by_name
        # where each card's row says it is: the last place written wins, as
        # observe()'s _place clears the row's other places
        col = [_UNSEEN] * DECK_SIZE
        known = s.known
        for p, hand in enumerate(s.hands):
            for c in hand:
                if known[c] & bit:
                    col[c] = 0 if p == me else 1
        for c in s.contracts:
            if c >= 0:
                col[c] = 2
        for c in s.dead:
            col[by_name[defs[c].name]] = 3
        pm = power_map(s)
        mine = me % 2
        for side in (0, 1):
            rel = 0 if side == mine else 1
            for zi in range(3):
                at = self.o_zones + (rel * 3 + zi) * 2
                w[at] = zone_power(s, side, zi, pm) / 20
                w[at + 1] = synergy(s, side, zi) / 4
                first = _MAT + (rel * 3 + zi) * 3  # the zone's regular slots' column
                for c in s.mat[side][zi]:
                    self._mat_card(w, col, s, pm, c, first)
                for c in s.scorch[side][zi]:
                    self._mat_card(w, col, s, pm, c, first + 2)
                act = s.act[side][zi]
                if act >= 0:
                    self._mat_card(w, col, s, pm, act, first + 1)
            if rel == 0:
                for zi in range(3):
                    if s.sealed[zi]:
                        w[self.o_sealed + zi] = 1.0
        F = CARD_FEATURES
        cards = self.o_cards
        for c in range(DECK_SIZE):
            w[cards + c * F + col[c]] = 1.0
        for trio in s.sticks:
            for c in trio:
                w[cards + by_name[defs[c].name] * F + _FLAGS + 4] = 1.0
        for pact in s.pacts:
            for c in pact:
                w[cards + by_name[defs[c].name] * F + _FLAGS + 5] = 1.0
        self._counts_state(w, s, me, pm)

    def _mat_card(
        self, w: Floats, col: list[int], s: DiaboState, pm: dict[int, int], c: int, column: int
    ) -> None:
        """A card in a spot of the mat: its place and what view.card_view says
        of it (its power now and ability flags while it is on the mat)."""
        col[c] = column
        at = self.o_cards + c * CARD_FEATURES + _FLAGS
        d = s.defs[c]
        if s.place[c] >= 0:
            power = pm.get(c, d.power)
            if usable(s, c):
                w[at + 1] = 1.0
            if c in s.lost:
                w[at + 2] = 1.0
            if immune(s, c):
                w[at + 3] = 1.0
        else:  # (not met in play: a spot's card is on the mat) card_view's other case
            power = d.power
        w[at] = power / 10

    def _counts_state(self, w: Floats, s: DiaboState, me: int, pm: dict[int, int]) -> None:
        """:meth:`_counts` from the state."""
        n = s.n
        mine = me % 2
        totals = scores(s, pm)
        at = self.o_scores
        w[at] = totals[mine] / 50
        w[at + 1] = totals[1 - mine] / 50
        w[at + 2] = (totals[mine] - totals[1 - mine]) / 20
        at = self.o_counts
        w[at] = len(s.deck) / DECK_SIZE
        w[at + 1] = len(s.dead) / DECK_SIZE
        for p, hand in enumerate(s.hands):
            k = (p - me) % n
            if k < self.seats:
                w[at + 2 + k] = len(hand) / 8
        pending = s.pending
        at = self.o_flags
        if frozen(s):
            w[at] = 1.0
        if s.banned:
            w[at + 1] = 1.0
        if contract_turn_allowed(s, me):
            w[at + 2] = 1.0
        if s.contract_last[me]:
            w[at + 3] = 1.0
        if pending is not None and pending.player == me:
            w[at + 4] = 1.0
        if n == 4:
            w[at + 5] = 1.0
        w[at + 6] = min(s.turn_number, 200) / 100
        if pending is not None and pending.kind in DECISIONS:
            w[self.o_decision + DECISIONS.index(pending.kind)] = 1.0

    def action_paths_state(self, state: GameState, seat: int) -> dict[str, tuple[int, ...] | None]:
        """:meth:`action_paths` without the view: the deciding seat's option ids
        are the pending decision's own (the view lists them in that order)."""
        pending = _diabo(state).pending
        if pending is None or pending.player != seat:
            return {}
        return {aid: self._path_of(aid) for aid in pending.options}

    def layout(self) -> list[tuple[str, int, int]]:
        return list(self.obs)

    def value_ranges(self) -> dict[str, tuple[float, float]]:
        """The slices that leave [0, 1] (the environments' observation bounds):
        a card's power, a zone's power and synergy and the scores move with
        boosts and hinders, both ways, so they get a bound far past any game
        played (ten times the scale each is divided by); a hand holds at most
        the 80 cards of the deck; the turn number is read to 1,000 turns."""
        wide = (-10.0, 10.0)
        return {
            self.obs[0][0]: wide,  # the cards
            self.obs[1][0]: wide,  # the zones
            self.obs[2][0]: wide,  # the scores
            self.obs[4][0]: (0.0, 10.0),  # the counts
            self.obs[5][0]: (0.0, 10.0),  # the flags and the turn number
        }


def _diabo(state: GameState) -> DiaboState:
    if not isinstance(state, DiaboState):
        raise TypeError(
            f"Diabolicards' encoder reads a Diabolicards state, not {type(state).__name__}"
        )
    return state
