"""The Path of the Necromancer game state: plain data, integer ids, a cheap clone.

Cards are integers (``cid``) indexing ``defs`` and ``owner``, which never change
during a game and are shared between clones. A player's zones are a
:class:`Seat`: the hero zone, four minion spaces and three magic slots (rulebook
section 6, -1 where a space is empty), deck, hand, graveyard and banished cards.
A minion on the field is also a :class:`Minion`, which holds what happens to it
while it stays: damage, changes, statuses, attached relics. When it leaves the
field that record is dropped, so a minion that comes back is a new entity
(section 11, "Resurrection"). The response stack of section 13 is a list of
:class:`Item`.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.core import GameState, definition_text, dumps_with, to_json
from ..engine.rules import Ruleset
from .cards import CardDef

RULESET: Final = "necromancer"
VERSION: Final = "1"
# asked even with one option: skipping would tell the others about a hidden
# hand or deck (main phase, response windows, mulligan, hand limit, picks,
# which card to sacrifice)
RULES: Ruleset[NecroState] = Ruleset(
    RULESET,
    VERSION,
    always_ask=frozenset({"main", "window", "mulligan", "hand_limit", "pick", "sacrifice"}),
)
START_HEALTH: Final = 40  # section 3, "Set Initial Values"
START_LIFEFORCE: Final = 10
MAX_LIFEFORCE: Final = 10  # section 8
TURN_LIFEFORCE = 5
START_HAND = 6  # section 3, "Draw Starting Hands"
HAND_LIMIT = 10  # section 7, "End Phase"
SPACES: Final = 4  # section 6: minion spaces in the front row
SLOTS: Final = 3  # section 6: magic slots in the back row
DECK_SIZE = 40  # section 3, "Deck Size"
EMPTY: Final = -1


# the fields of a seat and of a minion, as saved (a compiled class has no
# ``__slots__`` to read them from)
SEAT_FIELDS: Final = (
    "alive", "banished", "deck", "graveyard", "hand", "health", "hero", "hero_used",
    "lifeforce", "magic", "minions", "turns",
)  # fmt: skip
MINION_FIELDS: Final = (
    "atk", "atk_turn", "attacks", "cid", "controller", "damage", "defended", "dfn",
    "dfn_turn", "ensnare", "granted", "invisible", "relics", "taken",
)  # fmt: skip


class Seat:
    """One player's zones and counters."""

    __slots__ = SEAT_FIELDS

    def __init__(self, blank: bool = False) -> None:
        if blank:  # for copy(), which sets every field
            return
        self.hero = EMPTY  # the hero card in the hero zone
        self.health = START_HEALTH
        self.lifeforce = START_LIFEFORCE
        self.deck: list[int] = []  # index -1 is the top
        self.hand: list[int] = []
        self.graveyard: list[int] = []
        self.banished: list[int] = []
        self.minions = [EMPTY] * SPACES  # positions 1-4 of the rulebook are 0-3
        self.magic = [EMPTY] * SLOTS
        self.hero_used = False  # the hero's own ability, once during each of your turns
        self.turns = 0  # turns this player has begun (rounds are counted with it)
        self.alive = True

    def copy(self) -> Seat:
        s = Seat(blank=True)
        s.hero = self.hero
        s.health = self.health
        s.lifeforce = self.lifeforce
        s.deck = self.deck[:]
        s.hand = self.hand[:]
        s.graveyard = self.graveyard[:]
        s.banished = self.banished[:]
        s.minions = self.minions[:]
        s.magic = self.magic[:]
        s.hero_used = self.hero_used
        s.turns = self.turns
        s.alive = self.alive
        return s

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SEAT_FIELDS}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Seat:
        s = Seat()
        for name in SEAT_FIELDS:
            setattr(s, name, data[name])
        return s


class Minion:
    """A minion on the field and what has happened to it there.

    ``damage`` heals at the end of its controller's turn (section 9, "Defense");
    ``atk``/``dfn`` are lasting changes, ``atk_turn``/``dfn_turn`` end with the
    turn. ``ensnare`` is ``(seat, turns)``: it ends when that seat begins its
    turn number ``turns`` (a round, section 5). ``taken`` is the seat a
    borrowed minion returns to at the end of the turn (-1: none).
    """

    __slots__ = MINION_FIELDS

    def __init__(self, cid: int, controller: int) -> None:
        self.cid = cid
        self.controller = controller
        self.damage = 0
        self.atk = 0
        self.dfn = 0
        self.atk_turn = 0
        self.dfn_turn = 0
        self.attacks = 0  # attacks made this turn
        self.defended = False  # defended this turn
        self.invisible = False
        self.ensnare: tuple[int, int] | None = None
        self.relics: list[int] = []
        # a flag keyword (immune) keeps True, a number keyword its number. Not
        # typed int | bool: mypy reads that as int, and the compiled build then
        # stores True as 1 (both builds must save the same JSON)
        self.granted: list[tuple[str, Any]] = []
        self.taken = EMPTY

    def copy(self) -> Minion:
        m = Minion(self.cid, self.controller)
        m.damage = self.damage
        m.atk = self.atk
        m.dfn = self.dfn
        m.atk_turn = self.atk_turn
        m.dfn_turn = self.dfn_turn
        m.attacks = self.attacks
        m.defended = self.defended
        m.invisible = self.invisible
        m.ensnare = self.ensnare
        m.relics = self.relics[:]
        m.granted = self.granted[:]
        m.taken = self.taken
        return m

    def to_json(self) -> dict[str, Any]:
        return {name: to_json(getattr(self, name)) for name in MINION_FIELDS}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Minion:
        m = Minion(data["cid"], data["controller"])
        for name in MINION_FIELDS:
            if name not in ("ensnare", "granted"):  # JSON lists, made tuples below
                setattr(m, name, data[name])
        e = data["ensnare"]
        m.ensnare = None if e is None else (e[0], e[1])
        # a game saved by a compiled build before the fix has ["immune", 1]
        m.granted = []
        for k, v in data["granted"]:
            value: Any = v
            if k == "immune":
                value = True
            m.granted.append((k, value))
        return m


class Item:
    """One entry of the response stack (section 13): an action waiting to resolve.

    ``kind``: ``card`` (a card being played), ``ability`` (a card's activated
    ability: ``extra`` is its index), ``draw`` (Draw Card), ``destroy``
    (Destroy Magic), ``attack`` (``extra``: the declared defenders, in order)
    or ``dismiss``. ``source`` is the card acting; ``target`` the chosen target id.
    """

    __slots__ = ("extra", "kind", "negated", "player", "source", "target")

    def __init__(
        self,
        kind: str,
        player: int,
        source: int,
        target: str | None = None,
        extra: tuple[int, ...] = (),
    ) -> None:
        self.kind = kind
        self.player = player
        self.source = source
        self.target = target
        self.extra = extra
        self.negated = False

    def copy(self) -> Item:
        it = Item(self.kind, self.player, self.source, self.target, self.extra)
        it.negated = self.negated
        return it

    def to_json(self) -> list[Any]:
        return [self.kind, self.player, self.source, self.target, list(self.extra), self.negated]

    @classmethod
    def from_json(cls, data: list[Any]) -> Item:
        it = cls(data[0], data[1], data[2], data[3], tuple(data[4]))
        it.negated = data[5]
        return it


_CARDS: dict[str, CardDef] = {}


def _card(raw: dict[str, Any]) -> CardDef:
    """A saved card, checked by the schema once per distinct definition (cards
    are immutable, so every game that names the same card can share it). The
    key is ``repr(raw)``, which tells every two JSON values apart (``1`` from
    ``true`` and ``1.0``) at a quarter of the cost of ``json.dumps`` with its
    keys sorted; the same keys in another order are another key, and built
    once more."""
    key = repr(raw)
    card = _CARDS.get(key)
    if card is None:
        card = CardDef.from_dict(raw, "saved game")
        if len(_CARDS) < 4096:
            _CARDS[key] = card
    return card


class NecroState(GameState):
    """A game of Path of the Necromancer in progress (rules: :mod:`.rules`)."""

    rules = RULES
    ruleset = RULESET
    version = VERSION

    __slots__ = (
        "_log_shared",
        "_statics",
        "_stats",
        "art_damage",
        "decks",
        "defs",
        "dying",
        "expiry",
        "known",
        "limbo",
        "minions",
        "n",
        "owner",
        "reactions",
        "rstack",
        "seats",
        "turn",
        "turn_number",
        "used",
    )  # fmt: skip

    def __init__(self, blank: bool = False) -> None:
        if blank:  # for clone(), which sets every field
            return
        super().__init__()
        self.defs: list[CardDef] = []
        self.owner: list[int] = []
        self.known: list[int] = []  # per card: bit s set when seat s knows it while hidden
        self.decks: list[list[str]] = []  # the decks as given (hero first), for replays
        self.n = 2
        self.seats: list[Seat] = []
        self.minions: dict[int, Minion] = {}
        self.turn = 0  # the active seat
        self.turn_number = 0  # every player's turns, counted from 1
        self.rstack: list[Item] = []  # the response stack, bottom first
        self.dying: list[int] = []  # destroyed together, deaths not yet resolved (section 12)
        self.art_damage: dict[int, int] = {}  # damage on artifacts (they don't regenerate)
        self.expiry: dict[int, tuple[int, int]] = {}  # events: (seat, turns) when they end
        self.limbo: list[int] = []  # cards between zones (a minion choosing its space)
        self.used: list[int] = []  # cards whose activated ability was used this turn
        # derived from defs and owner (not saved): each seat's reaction cards
        self.reactions: list[tuple[int, ...]] = []
        self._statics: list[tuple[int, int]] | None = None  # cache: (controller, cid)
        # cache: minion -> (attack, full defense, keywords); valid until invalidated
        self._stats: dict[int, tuple[int, int, dict[str, Any]]] | None = None
        # the log is append-only: a clone shares it until one of them writes
        # (rules.base.event copies it first), so clone doesn't pay for its length
        self._log_shared = False

    # -- copying ---------------------------------------------------------------
    def clone(self) -> NecroState:
        c = NecroState(blank=True)
        c.defs = self.defs
        c.owner = self.owner
        c.decks = self.decks
        c.n = self.n
        c.known = self.known[:]
        c.seats = [s.copy() for s in self.seats]
        c.minions = {k: m.copy() for k, m in self.minions.items()}
        c.turn = self.turn
        c.turn_number = self.turn_number
        c.rstack = [it.copy() for it in self.rstack]
        c.dying = self.dying[:]
        c.art_damage = dict(self.art_damage)
        c.expiry = dict(self.expiry)
        c.used = self.used[:]
        c.limbo = self.limbo[:]
        c.reactions = self.reactions
        c._statics = self._statics
        c._stats = self._stats  # entries are filled only while still valid for both
        self.copy_kernel_fields(c)
        c.log = self.log
        c._log_shared = self._log_shared = True
        return c

    def unshare(self, out: GameState) -> None:
        # a sample's own card tables and caches: it shares no mutable object
        # with the true game (view.resample)
        assert isinstance(out, NecroState)
        out.defs = list(self.defs)
        out.owner = list(self.owner)
        out.decks = [list(d) for d in self.decks]
        out.reactions = list(self.reactions)
        out._statics = None
        out._stats = None

    def card_kinds(self) -> tuple[list[CardDef], list[int]]:
        """The distinct card definitions (the first of each identity, in card
        order) and, per card, the index of its own among them: how a saved
        state holds ``defs``."""
        kinds: dict[tuple[str, str], int] = {}
        cards: list[CardDef] = []
        instances = []
        for d in self.defs:
            k = kinds.get(d.identity)
            if k is None:
                k = kinds[d.identity] = len(cards)
                cards.append(d)
            instances.append(k)
        return cards, instances

    def to_json(self) -> dict[str, Any]:
        cards, instances = self.card_kinds()
        # the keys in the order they always had: ruleset, version, cards, instances...
        return {
            "ruleset": RULESET,
            "version": VERSION,
            "cards": [d.to_dict() for d in cards],
            **self._fields(instances),
        }

    def serialize(self) -> str:
        """As :meth:`to_json` would be written (``GameState.serialize``), with
        each card definition's text written once for all games
        (:func:`~ossuary.engine.core.definition_text`): they are a third of a
        saved state, the same in every save (``tests/engine/test_saved_text.py``
        compares the two)."""
        cards, instances = self.card_kinds()
        text = "[" + ",".join([definition_text(d) for d in cards]) + "]"
        return dumps_with(self._fields(instances), "cards", text)

    def _fields(self, instances: list[int]) -> dict[str, Any]:
        """What :meth:`to_json` holds but the card definitions."""
        return {
            "ruleset": RULESET,
            "version": VERSION,
            "instances": instances,
            "owner": self.owner,
            "known": self.known,
            "decks": self.decks,
            "n": self.n,
            "seats": [s.to_json() for s in self.seats],
            "minions": [m.to_json() for m in self.minions.values()],
            "turn": self.turn,
            "turn_number": self.turn_number,
            "rstack": [it.to_json() for it in self.rstack],
            "dying": self.dying,
            "art_damage": sorted([k, v] for k, v in self.art_damage.items()),
            "expiry": sorted([k, *v] for k, v in self.expiry.items()),
            "used": self.used,
            "limbo": self.limbo,
            **self.kernel_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NecroState:
        """Build from :meth:`to_json` output that :func:`.game.deserialize` has checked."""
        s = cls()
        kinds = [_card(raw) for raw in data["cards"]]
        s.defs = [kinds[k] for k in data["instances"]]
        s.owner = data["owner"]
        s.known = data["known"]
        s.decks = data["decks"]
        s.n = data["n"]
        s.seats = [Seat.from_json(x) for x in data["seats"]]
        s.minions = {m["cid"]: Minion.from_json(m) for m in data["minions"]}
        s.turn = data["turn"]
        s.turn_number = data["turn_number"]
        s.rstack = [Item.from_json(x) for x in data["rstack"]]
        s.dying = data["dying"]
        s.art_damage = {k: v for k, v in data["art_damage"]}
        s.expiry = {k: (p, t) for k, p, t in data["expiry"]}
        s.used = data["used"]
        s.limbo = data["limbo"]
        s.load_kernel_fields(data)
        s.index_reactions()
        return s

    def index_reactions(self) -> None:
        """Fill the derived ``reactions`` (call after ``defs`` and ``owner`` are set)."""
        self.reactions = [
            tuple(c for c, d in enumerate(self.defs) if d.reaction and self.owner[c] == q)
            for q in range(self.n)
        ]

    def first_to_come(self) -> tuple[int, bool] | None:
        """While the first player is still to be decided (section 3, step 6,
        after the mulligans): (the seat that will go first, whether it was given
        at set-up rather than drawn by the seed); None once decided."""
        for step in self.stack:
            if step[0] in ("setup", "first_player"):
                return int(step[1]), bool(step[2]) if len(step) > 2 else False
        return None

    def replay_first(self) -> int | None:
        coming = self.first_to_come()
        if coming is None:
            return self.first
        seat, given = coming
        return seat if given else None

    def num_seats(self) -> int:
        return self.n

    def deck_lists(self) -> list[list[str]]:
        return self.decks

    # returns: the kernel's zero-sum default; a draw (everyone lost at once,
    # section 14) has no winner and is all 0
