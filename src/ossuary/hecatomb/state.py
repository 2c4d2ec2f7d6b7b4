"""The Hecatomb game state: plain data, integer ids, a cheap structural clone.

Cards are integers (``cid``) indexing ``defs`` and ``owner``, which never change
during a game and are shared between clones. Everything that changes lives in
:class:`Seat`, :class:`Abomination`, :class:`Combat` and a few flat containers,
each copied with a few list copies in :meth:`HecatombState.clone`.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.core import GameState, definition_text, dumps_with, from_json_steps, to_json
from ..engine.rules import Ruleset
from .cards import CardDef

RULESET: Final = "hecatomb"
VERSION: Final = "1"
# a choice from the hand (the main phase, the combat windows) is asked even
# with one option: skipping it would tell the others about a hidden hand
RULES: Ruleset[HecatombState] = Ruleset(RULESET, VERSION, always_ask=frozenset({"main", "window"}))
WIN_SOULS: Final = 20
START_SOULS = 5
START_HAND = 4
MAX_SIZE: Final = 5


# the fields of a seat and of an abomination, as saved (a compiled class has no
# ``__slots__`` to read them from)
SEAT_FIELDS: Final = (
    "aboms", "deck", "god", "graveyard", "hand", "mana", "mana_added", "pool", "relics",
    "removed", "souls",
)  # fmt: skip
ABOM_FIELDS = ("aid", "cards", "grants", "owner", "played", "stitched", "str_mod", "tapped")


class Seat:
    """One player's zones and counters."""

    __slots__ = SEAT_FIELDS

    def __init__(self, blank: bool = False) -> None:
        if blank:  # for copy(), which sets every field
            return
        self.souls = START_SOULS
        self.deck: list[int] = []  # index -1 is the top
        self.hand: list[int] = []
        self.mana: list[int] = []
        self.graveyard: list[int] = []
        self.removed: list[int] = []
        self.aboms: list[int] = []  # abomination ids, in the order they came into play
        self.relics: list[int] = []
        self.god = -1
        self.pool = [0, 0, 0, 0]  # mana from effects, by doom
        self.mana_added = False

    def copy(self) -> Seat:
        s = Seat(blank=True)
        s.souls = self.souls
        s.deck = self.deck[:]
        s.hand = self.hand[:]
        s.mana = self.mana[:]
        s.graveyard = self.graveyard[:]
        s.removed = self.removed[:]
        s.aboms = self.aboms[:]
        s.relics = self.relics[:]
        s.god = self.god
        s.pool = self.pool[:]
        s.mana_added = self.mana_added
        return s

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SEAT_FIELDS}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Seat:
        s = Seat()
        for name in SEAT_FIELDS:
            setattr(s, name, data[name])
        return s


class Abomination:
    """A stack of minions in play, bottom (index 0) to top (index -1).

    ``played``: a minion was played on it (or it was played) this turn;
    ``stitched``: minions were stitched onto it this turn. ``str_mod`` and
    ``grants`` are until-end-of-turn changes to the abomination, which the
    rulebook applies to whichever minion is on top (glossary "strength +/-X").
    """

    __slots__ = ABOM_FIELDS

    def __init__(self, aid: int, owner: int, cards: list[int]) -> None:
        self.aid = aid
        self.owner = owner
        self.cards = cards
        self.tapped = False
        self.played = False
        self.stitched = False
        self.str_mod = 0
        self.grants: list[tuple[str, Any]] = []

    def copy(self) -> Abomination:
        a = Abomination(self.aid, self.owner, self.cards[:])
        a.tapped = self.tapped
        a.played = self.played
        a.stitched = self.stitched
        a.str_mod = self.str_mod
        a.grants = self.grants[:]
        return a

    @property
    def top(self) -> int:
        return self.cards[-1]

    @property
    def size(self) -> int:
        return len(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {name: to_json(getattr(self, name)) for name in ABOM_FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Abomination:
        a = cls(data["aid"], data["owner"], data["cards"])
        for name in ("tapped", "played", "stitched", "str_mod"):
            setattr(a, name, data[name])
        a.grants = [(k, tuple(v) if isinstance(v, list) else v) for k, v in data["grants"]]
        return a


class Combat:
    """The attack in progress (rulebook "Attack")."""

    __slots__ = ("aggressor", "attackers", "blocked", "blocks", "defender", "forced")

    def __init__(self, aggressor: int, defender: int) -> None:
        self.aggressor = aggressor
        self.defender = defender
        self.attackers: list[int] = []  # attacking abominations still in combat
        self.blocks: dict[int, int] = {}  # attacker -> blocker (while the blocker is in combat)
        self.blocked: list[int] = []  # attackers that became blocked stay blocked
        self.forced: dict[int, int] = {}  # Hunter: forced blocker -> hunter

    def copy(self) -> Combat:
        c = Combat(self.aggressor, self.defender)
        c.attackers = self.attackers[:]
        c.blocks = dict(self.blocks)
        c.blocked = self.blocked[:]
        c.forced = dict(self.forced)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "aggressor": self.aggressor,
            "defender": self.defender,
            "attackers": self.attackers,
            "blocks": [[a, b] for a, b in self.blocks.items()],
            "blocked": self.blocked,
            "forced": [[a, b] for a, b in self.forced.items()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combat:
        c = cls(data["aggressor"], data["defender"])
        c.attackers = data["attackers"]
        c.blocks = {a: b for a, b in data["blocks"]}
        c.blocked = data["blocked"]
        c.forced = {a: b for a, b in data["forced"]}
        return c


def _name(d: CardDef) -> str:
    return d.name


class HecatombState(GameState):
    """A game of Hecatomb in progress. See :mod:`ossuary.hecatomb.rules`."""

    rules = RULES
    ruleset = RULESET
    version = VERSION

    __slots__ = (
        "_auras",
        "aboms",
        "cancel_seats",
        "combat",
        "cond_on",
        "decks",
        "defs",
        "eot",
        "known",
        "limbo",
        "minion_mod",
        "n",
        "next_aid",
        "owner",
        "seats",
        "tapped",
        "trig",
        "turn",
        "turn_number",
    )  # fmt: skip

    def __init__(self, blank: bool = False) -> None:
        if blank:  # for clone(), which sets every field
            return
        super().__init__()
        self.defs: list[CardDef] = []
        self.owner: list[int] = []
        self.decks: list[list[str]] = []  # the decks as given, for replays
        self.n = 2
        self.seats: list[Seat] = []
        self.aboms: dict[int, Abomination] = {}
        self.next_aid = 0
        self.turn = 0  # the active seat
        self.turn_number = 0  # counts every player's turns, from 1
        self.known: list[int] = []  # per card: bit s set when seat s knows it while hidden
        self.tapped: set[int] = set()  # tapped mana cards
        self.minion_mod: dict[int, int] = {}  # until-end-of-turn strength changes on minions
        self.cond_on: set[int] = set()  # minions whose continual conditional ability is active
        self.limbo: list[int] = []  # cards being played or between zones
        self.eot: list[tuple[Any, ...]] = []  # things that end or return at end of turn
        self.trig: list[tuple[Any, ...]] = []  # triggered abilities waiting to be ordered
        self.combat: Combat | None = None
        # seats offered "cancel" in the decisions of a play not yet paid for: a
        # convenience for people at a client, never a rule (docs/rules-notes.md)
        self.cancel_seats = 0
        self._auras: list[tuple[int, int]] | None = None  # cache: (controller, cid)

    # -- copying ---------------------------------------------------------------
    def clone(self) -> HecatombState:
        c = HecatombState(blank=True)
        c.defs = self.defs
        c.owner = self.owner
        c.decks = self.decks  # shared: the decks as dealt, never changed after setup
        c.n = self.n
        c.seats = [s.copy() for s in self.seats]
        c.aboms = {k: a.copy() for k, a in self.aboms.items()}
        c.next_aid = self.next_aid
        c.turn = self.turn
        c.turn_number = self.turn_number
        c.known = self.known[:]
        c.tapped = set(self.tapped)
        c.minion_mod = dict(self.minion_mod)
        c.cond_on = set(self.cond_on)
        c.limbo = self.limbo[:]
        c.eot = self.eot[:]
        c.trig = self.trig[:]
        c.combat = self.combat.copy() if self.combat else None
        c.cancel_seats = self.cancel_seats
        c._auras = self._auras
        self.copy_kernel_fields(c)
        c.log = self.log[:]
        return c

    def unshare(self, out: GameState) -> None:
        # a sample's own card tables: "shares no mutable object" (view.resample)
        assert isinstance(out, HecatombState)
        out.defs = list(self.defs)
        out.owner = list(self.owner)
        out.decks = [list(d) for d in self.decks]
        out._auras = None

    def card_kinds(self) -> list[CardDef]:
        """One card definition a name (the last of the name, in card order), by name."""
        return sorted({d.name: d for d in self.defs}.values(), key=_name)

    def to_json(self) -> dict[str, Any]:
        # the keys in the order they always had: ruleset, version, cards, instances...
        return {
            "ruleset": RULESET,
            "version": VERSION,
            "cards": [d.to_dict() for d in self.card_kinds()],
            **self._fields(),
        }

    def serialize(self) -> str:
        """As :meth:`to_json` would be written (``GameState.serialize``), with
        each card definition's text written once for all games
        (:func:`~ossuary.engine.core.definition_text`), the same in every save
        (``tests/engine/test_saved_text.py`` compares the two)."""
        text = "[" + ",".join([definition_text(d) for d in self.card_kinds()]) + "]"
        return dumps_with(self._fields(), "cards", text)

    def _fields(self) -> dict[str, Any]:
        """What :meth:`to_json` holds but the card definitions."""
        return {
            "ruleset": RULESET,
            "version": VERSION,
            "instances": [[d.name, o] for d, o in zip(self.defs, self.owner, strict=True)],
            "decks": self.decks,
            "n": self.n,
            "seats": [s.to_json() for s in self.seats],
            "aboms": [a.to_json() for a in self.aboms.values()],
            "next_aid": self.next_aid,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "known": self.known,
            "tapped": sorted(self.tapped),
            "minion_mod": sorted([k, v] for k, v in self.minion_mod.items()),
            "cond_on": sorted(self.cond_on),
            "limbo": self.limbo,
            "eot": to_json(self.eot),
            "trig": to_json(self.trig),
            "combat": self.combat.to_json() if self.combat else None,
            "cancel_seats": self.cancel_seats,
            **self.kernel_json(),
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], defs: dict[str, CardDef] | None = None
    ) -> HecatombState:
        """Build from checked data (``deserialize`` checks it first); ``defs``: the
        cards already built from ``data["cards"]``."""
        s = cls()
        if defs is None:
            defs = {raw["name"]: CardDef.from_dict(raw, "saved game") for raw in data["cards"]}
        s.defs = [defs[name] for name, _ in data["instances"]]
        s.owner = [o for _, o in data["instances"]]
        s.decks = data["decks"]
        s.n = data["n"]
        s.seats = [Seat.from_json(x) for x in data["seats"]]
        s.aboms = {a["aid"]: Abomination.from_json(a) for a in data["aboms"]}
        s.next_aid = data["next_aid"]
        s.turn = data["turn"]
        s.turn_number = data["turn_number"]
        s.known = data["known"]
        s.tapped = set(data["tapped"])
        s.minion_mod = {k: v for k, v in data["minion_mod"]}
        s.cond_on = set(data["cond_on"])
        s.limbo = data["limbo"]
        s.eot = list(from_json_steps(data["eot"]))
        s.trig = list(from_json_steps(data["trig"]))
        s.combat = Combat.from_json(data["combat"]) if data["combat"] else None
        s.cancel_seats = data.get("cancel_seats", 0)
        s.load_kernel_fields(data)
        return s

    def num_seats(self) -> int:
        return self.n

    def deck_lists(self) -> list[list[str]]:
        return self.decks
