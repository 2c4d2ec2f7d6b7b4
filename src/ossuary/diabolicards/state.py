"""The Diabolicards game state: plain data, integer card ids, a cheap clone.

A card is an integer ``cid`` indexing ``defs`` (the 80 cards, shared by every
game and clone). Where a card is: in ``deck`` (the top is the last item), a
seat's ``hands``, a ``contracts`` slot, the ``dead`` pile, or on the mat.

The mat (guide, THE LAYOUT) has two sides; side ``k`` holds seat ``k`` in 1v1
and seats ``k`` and ``k + 2`` in 2v2, so a seat's side is ``seat % 2``. Each
side has three zones; each zone has 8 regular slots (``mat[side][zone]``, a
list in the order cards arrived), one Diabolical activation slot
(``act[side][zone]``, -1 when empty) and the space around the zone's name for
Scorched Earth (``scorch[side][zone]``). ``place[cid]`` says where a card on
the mat is (see :func:`at`), ``ctrl[cid]`` which seat controls it.

Boosts and hinders in effect are ``mods``: ``(seq, source, target, value,
lasts)``, the latest ``seq`` winning (guide THE ABILITIES); ``lasts`` is
``"L"`` while the source lives, ``"B"`` while both stay in the zone, ``"P"``
for good, ``"V"`` while a Love partner shares the zone, ``"X"`` never again:
a pick lost when its card was moved away, kept so that the ability does not
pick that card again.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.core import GameState, to_json
from ..engine.rules import Ruleset
from .cards import CardDef

RULESET = "diabolicards"
VERSION = "1"
# a turn and a hand card given to the contracts or shown are choices over a
# hidden hand: asked even with one option
RULES: Ruleset[DiaboState] = Ruleset(
    RULESET, VERSION, always_ask=frozenset({"turn", "give", "reveal"})
)
SLOTS: Final = 8  # regular slots per zone (THE SLOTS)
CONTRACT_SLOTS: Final = 4  # THE CONTRACTS: four face-up cards
CONTRACT_MIN_DECK: Final = 10  # THE CONTRACTS: contract turns need 10+ cards in the deck
HAND = {2: 6, 4: 5}  # THE SETUP: 1v1 draws 6, 2v2 draws 5
CONTRACTS_EACH = {2: 2, 4: 1}  # THE SETUP: 1v1 two each, 2v2 one each
# kinds of place on the mat
REGULAR: Final = 0
ACTIVATION: Final = 1
SCORCH: Final = 2
KIND_LETTER = "ras"
MODES = {"1v1": 2, "2v2": 4}


def event(s: GameState, kind: str, **fields: Any) -> None:
    """Append an event to the log. ``seen_by``: the seats that may see the
    card names in it (absent: everyone); see :func:`.view.redact_event`."""
    fields["e"] = kind
    s.log.append(fields)


_CARDS_JSON: dict[int, tuple[tuple[CardDef, ...], list[dict[str, Any]]]] = {}


def cards_json(defs: tuple[CardDef, ...]) -> list[dict[str, Any]]:
    """The cards as JSON data, built once per deck (the definitions never
    change); callers serialize it and must not change it."""
    cached = _CARDS_JSON.get(id(defs))
    if cached is None or cached[0] is not defs:
        cached = (defs, [d.to_dict() for d in defs])
        _CARDS_JSON.clear()
        _CARDS_JSON[id(defs)] = cached
    return cached[1]


def at(place: int) -> tuple[int, int, int]:
    """``place[cid]`` -> (side, zone, kind); the code is ``side*9 + zone*3 + kind``."""
    return place // 9, (place // 3) % 3, place % 3


def code(side: int, zone: int, kind: int) -> int:
    return side * 9 + zone * 3 + kind


class DiaboState(GameState):
    """A game of Diabolicards in progress. See :mod:`ossuary.diabolicards.rules`."""

    rules = RULES
    ruleset = RULESET
    version = VERSION

    __slots__ = (
        "act", "banned", "contract_last", "contracts", "ctrl", "dead", "deck", "deck_high",
        "defs", "doomed", "endgames", "extra", "final", "hands", "known", "lost", "mat", "mods",
        "n", "opens", "pacts", "passes", "place", "scorch", "sealed", "seen", "seq", "sticks",
        "turn", "turn_number",
    )  # fmt: skip

    def __init__(self, blank: bool = False) -> None:
        if blank:  # for clone(), which sets every field
            return
        super().__init__()
        self.defs: tuple[CardDef, ...] = ()
        self.n = 2
        self.deck: list[int] = []  # index -1 is the top
        self.hands: list[list[int]] = []
        self.contracts: list[int] = [-1] * CONTRACT_SLOTS
        self.dead: list[int] = []
        self.mat: list[list[list[int]]] = [[[], [], []], [[], [], []]]
        self.act: list[list[int]] = [[-1, -1, -1], [-1, -1, -1]]
        self.scorch: list[list[list[int]]] = [[[], [], []], [[], [], []]]
        self.place: list[int] = []  # per card: where on the mat (see at()), -1 off it
        self.ctrl: list[int] = []  # per card: the seat controlling it on the mat, -1 off it
        self.known: list[int] = []  # per card in a hand: bit s set when seat s may see it
        self.lost: set[int] = set()  # cards whose ability is lost (used up, or never usable)
        self.mods: list[tuple[int, int, int, int, str]] = []
        self.opens: list[tuple[int, int, int]] = []  # (source, effect, picks left) filled later
        self.sticks: list[tuple[int, int, int]] = []  # Why Stick: (spider, its card, enemy card)
        self.pacts: list[tuple[int, int]] = []  # Doom Pact: (source, bound enemy card)
        self.seen: list[tuple[int, int]] = []  # Why See waiting: (seat, enemy side)
        self.sealed = [False, False, False]  # per zone, for both sides (Scorch the Earth)
        self.endgames: list[list[int]] = [[], []]  # per side: Endgame choices used
        self.banned = False  # contract turns banned (THE CONTRACTS)
        self.deck_high = True  # the deck had 10+ cards at the last check
        self.contract_last: list[bool] = []  # per seat: its last turn was a contract turn
        self.doomed: list[int] = []  # kills announced, counters not yet asked
        self.final: list[int] = []  # deaths to be discarded
        self.extra = 0  # extra turns owed to the seat whose turn it is (Turntable)
        self.passes = 0  # seats that passed in a row
        self.seq = 0  # clock for boosts and hinders
        self.turn = 0
        self.turn_number = 0

    # -- copying ---------------------------------------------------------------
    def clone(self) -> DiaboState:
        c = DiaboState(blank=True)
        c.defs = self.defs
        c.n = self.n
        c.deck = self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c.contracts = self.contracts[:]
        c.dead = self.dead[:]
        c.mat = [[z[:] for z in side] for side in self.mat]
        c.act = [a[:] for a in self.act]
        c.scorch = [[z[:] for z in side] for side in self.scorch]
        c.place = self.place[:]
        c.ctrl = self.ctrl[:]
        c.known = self.known[:]
        c.lost = set(self.lost)
        c.mods = self.mods[:]
        c.opens = self.opens[:]
        c.sticks = self.sticks[:]
        c.pacts = self.pacts[:]
        c.seen = self.seen[:]
        c.sealed = self.sealed[:]
        c.endgames = [e[:] for e in self.endgames]
        c.banned = self.banned
        c.deck_high = self.deck_high
        c.contract_last = self.contract_last[:]
        c.doomed = self.doomed[:]
        c.final = self.final[:]
        c.extra = self.extra
        c.passes = self.passes
        c.seq = self.seq
        c.turn = self.turn
        c.turn_number = self.turn_number
        self.copy_kernel_fields(c)
        c.log = self.log[:]
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": RULESET,
            "version": VERSION,
            "cards": cards_json(self.defs),
            "n": self.n,
            "deck": self.deck,
            "hands": self.hands,
            "contracts": self.contracts,
            "dead": self.dead,
            "mat": self.mat,
            "act": self.act,
            "scorch": self.scorch,
            "place": self.place,
            "ctrl": self.ctrl,
            "known": self.known,
            "lost": sorted(self.lost),
            "mods": to_json(self.mods),
            "opens": to_json(self.opens),
            "sticks": to_json(self.sticks),
            "pacts": to_json(self.pacts),
            "seen": to_json(self.seen),
            "sealed": self.sealed,
            "endgames": self.endgames,
            "banned": self.banned,
            "deck_high": self.deck_high,
            "contract_last": self.contract_last,
            "doomed": self.doomed,
            "final": self.final,
            "extra": self.extra,
            "passes": self.passes,
            "seq": self.seq,
            "turn": self.turn,
            "turn_number": self.turn_number,
            **self.kernel_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], defs: tuple[CardDef, ...]) -> DiaboState:
        """Rebuild from :meth:`to_json` data that :mod:`.game` has checked."""
        s = cls()
        s.defs = defs
        s.n = data["n"]
        s.deck = data["deck"]
        s.hands = data["hands"]
        s.contracts = data["contracts"]
        s.dead = data["dead"]
        s.mat = data["mat"]
        s.act = data["act"]
        s.scorch = data["scorch"]
        s.place = data["place"]
        s.ctrl = data["ctrl"]
        s.known = data["known"]
        s.lost = set(data["lost"])
        s.mods = [tuple(m) for m in data["mods"]]
        s.opens = [tuple(o) for o in data["opens"]]
        s.sticks = [tuple(t) for t in data["sticks"]]
        s.pacts = [tuple(p) for p in data["pacts"]]
        s.seen = [tuple(w) for w in data["seen"]]
        s.sealed = data["sealed"]
        s.endgames = data["endgames"]
        s.banned = data["banned"]
        s.deck_high = data["deck_high"]
        s.contract_last = data["contract_last"]
        s.doomed = data["doomed"]
        s.final = data["final"]
        s.extra = data["extra"]
        s.passes = data["passes"]
        s.seq = data["seq"]
        s.turn = data["turn"]
        s.turn_number = data["turn_number"]
        s.load_kernel_fields(data)
        return s

    def num_seats(self) -> int:
        return self.n

    def deck_lists(self) -> list[list[str]]:
        """One shared deck: there are no deck lists to replay."""
        return []

    def side_of(self, seat: int) -> int:
        return seat % 2

    def returns(self) -> list[float]:
        """Per seat: +1 for each seat of the winning side, -1 for the other
        side; all 0 for a tie or an unfinished game (guide THE END)."""
        if self.winner is None:
            return [0.0] * self.n
        return [1.0 if seat % 2 == self.winner else -1.0 for seat in range(self.n)]
