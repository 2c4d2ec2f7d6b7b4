"""Scenarios: a TOML text that sets up any Path of the Necromancer position
(``docs/necromancer-scenarios.md``). Rules tests, puzzles and bug reports use it::

    [game]
    active = 0          # whose turn it is
    phase = "main"      # "main", "start" (the turn is about to begin) or "end"

    [[seat]]
    hero = "Lord Osric of the Marrow"
    lifeforce = 7
    hand = ["Grave Bolt"]
    minions = [{ card = "Skullpike Sergeant", space = 2, damage = 1 }]

    [[seat]]
    hero = "Sister Nyx, Veilkeeper"
    minions = [{ card = "Mist Wraith", space = 1, invisible = true }]

The loader is strict: an unknown key, a value of the wrong type, an unknown
card or a card in the wrong place is a :class:`ScenarioError` that says where.
Card ids follow reading order: seat by seat its hero, hand, deck, graveyard,
banished, minions (each followed by its relics), magic; then the stack.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..engine.errors import CardFileError, ScenarioError
from ..engine.rng import Rng
from ..engine.untrusted import load_document
from .cards import CardDef, CardPool, base_pool
from .game import MAX_SEATS, MIN_SEATS
from .queries import controller_of, invalidate
from .rules.window import asking_order
from .state import EMPTY, MAX_LIFEFORCE, SLOTS, SPACES, START_HEALTH, Item, Minion, NecroState, Seat


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class GameTable(_Strict):
    seats: int | None = Field(default=None, ge=MIN_SEATS, le=MAX_SEATS)
    active: int = Field(default=0, ge=0, lt=MAX_SEATS)
    phase: Literal["main", "start", "end"] = "main"
    turn_number: int = Field(default=5, ge=1)
    first: int | None = Field(default=None, ge=0, lt=MAX_SEATS)
    seed: int = 0


class MinionTable(_Strict):
    card: str
    space: int = Field(ge=1, le=SPACES)
    damage: int = Field(default=0, ge=0)
    attack: int = 0  # lasting changes
    defense: int = 0
    attack_turn: int = 0  # changes until the end of the turn
    defense_turn: int = 0
    invisible: bool = False
    ensnared: int = Field(default=0, ge=0, le=10)  # rounds left, counted from the active player
    attacks: int = Field(default=0, ge=0)  # attacks made this turn
    defended: bool = False
    used: bool = False  # its activated ability was used this turn
    relics: list[str] = Field(default_factory=list)
    owner: int | None = Field(default=None, ge=0, lt=MAX_SEATS)  # default: this seat
    borrowed_from: int | None = Field(default=None, ge=0, lt=MAX_SEATS)  # returns at end of turn
    granted: dict[str, int] = Field(default_factory=dict)


class MagicTable(_Strict):
    card: str
    slot: int = Field(ge=1, le=SLOTS)
    damage: int = Field(default=0, ge=0)  # artifacts
    rounds: int | None = Field(default=None, ge=1, le=10)  # events: rounds left
    used: bool = False


class SeatTable(_Strict):
    hero: str
    health: int = Field(default=START_HEALTH, ge=1, le=START_HEALTH)
    lifeforce: int = Field(default=MAX_LIFEFORCE, ge=0, le=MAX_LIFEFORCE)
    turns: int = Field(default=3, ge=0)  # turns begun; 1: this is its first turn
    hero_used: bool = False
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)  # top first
    graveyard: list[str] = Field(default_factory=list)
    banished: list[str] = Field(default_factory=list)
    minions: list[MinionTable] = Field(default_factory=list)
    magic: list[MagicTable] = Field(default_factory=list)


class StackTable(_Strict):
    kind: Literal["card", "ability", "draw", "destroy", "attack", "dismiss"]
    player: int = Field(ge=0, lt=MAX_SEATS)
    card: str | None = None  # card: the card being played (made for ``player``)
    source: str | None = None  # ability/attack/dismiss: "minion S P", "magic S K" or "hero S"
    ability: int = Field(default=0, ge=0)
    target: str | None = None  # "hero S", "minion S P", "magic S K", "graveyard S Name", "stack K"
    defenders: list[int] = Field(default_factory=list)  # attack: the target's spaces, in order
    negated: bool = False

    @model_validator(mode="after")
    def _needs(self) -> StackTable:
        if self.kind == "card" and self.card is None:
            raise ValueError("a 'card' entry needs 'card' (the card being played)")
        if self.kind in ("ability", "attack", "dismiss") and self.source is None:
            raise ValueError(f"a {self.kind!r} entry needs 'source' (e.g. \"minion 0 1\")")
        if self.kind in ("attack", "destroy") and self.target is None:
            raise ValueError(f"a {self.kind!r} entry needs 'target'")
        return self


class WindowTable(_Strict):
    actor: int | None = Field(default=None, ge=0, lt=MAX_SEATS)  # who took the original action
    next: int | None = Field(default=None, ge=0, lt=MAX_SEATS)  # who is asked next


class Scenario(_Strict):
    game: GameTable = Field(default_factory=GameTable)
    seat: list[SeatTable] = Field(default_factory=list)
    stack: list[StackTable] = Field(default_factory=list)
    window: WindowTable | None = None
    card: list[dict[str, Any]] = Field(default_factory=list)


def _problems(exc: ValidationError) -> str:
    out = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(x) for x in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            msg = "unknown key (a typo?)"
        out.append(f"{where}: {msg}" if where else msg)
    return "; ".join(out)


def _checked(raw: dict[str, Any], source: str) -> Scenario:
    try:
        return Scenario.model_validate(raw)
    except ValidationError as exc:
        raise ScenarioError(f"{source}: {_problems(exc)}") from None


def load_scenario(text: str | Path, pool: CardPool | None = None) -> NecroState:
    """Build the position a scenario describes and run to its first decision."""
    source = str(text) if isinstance(text, Path) else "scenario"
    sc = load_document(text, ScenarioError, "a scenario", _checked, source=source)
    pool = pool or base_pool()
    if sc.card:
        try:
            pool = pool.with_cards(CardDef.from_dict(c, f"{source} [[card]]") for c in sc.card)
        except CardFileError as exc:
            raise ScenarioError(str(exc)) from None
    return _Builder(source, pool, sc).build()


class _Builder:
    def __init__(self, source: str, pool: CardPool, sc: Scenario) -> None:
        self.source = source
        self.pool = pool
        self.sc = sc
        self.s = NecroState()

    def fail(self, where: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {where}: {msg}")

    def card(self, key: str, p: int, where: str, types: tuple[str, ...] = ()) -> int:
        card = self.pool.lookup(key)
        if card is None:
            shared = self.pool.ambiguous(key)
            why = (
                f"{key!r} names cards of several types; write "
                + " or ".join(repr(self.pool.key(c)) for c in shared)
                if shared
                else f"unknown card {key!r}"
            )
            raise self.fail(where, why)
        if types and card.type not in types:
            raise self.fail(where, f"{card.name!r} is a {card.type}, not a {' or '.join(types)}")
        s = self.s
        s.defs.append(card)
        s.owner.append(p)
        s.known.append(0)
        return len(s.defs) - 1

    def build(self) -> NecroState:
        sc, s = self.sc, self.s
        n = sc.game.seats or max(MIN_SEATS, len(sc.seat))
        if len(sc.seat) != n:
            raise self.fail(
                "[[seat]]", f"{len(sc.seat)} [[seat]] tables for {n} seats (give one each)"
            )
        for k, v in (("active", sc.game.active), ("first", sc.game.first)):
            if v is not None and v >= n:
                raise self.fail("[game]", f"{k} must be a seat from 0 to {n - 1}")
        s.n = n
        s.turn = sc.game.active
        s.first = sc.game.active if sc.game.first is None else sc.game.first
        s.turn_number = sc.game.turn_number
        s.rng = Rng(sc.game.seed)
        s.seed = sc.game.seed
        for p, raw in enumerate(sc.seat):
            s.seats.append(self.seat(p, raw))
        for p, raw in enumerate(sc.seat):
            self.field(p, raw)
        self.stack()
        s.decks = [
            [self.pool.key(s.defs[c]) for c in range(len(s.defs)) if s.owner[c] == p]
            for p in range(n)
        ]
        s.index_reactions()
        invalidate(s)
        self.start()
        s.run()
        return s

    def seat(self, p: int, raw: SeatTable) -> Seat:
        s = self.s
        seat = Seat()
        where = f"seat {p}"
        seat.hero = self.card(raw.hero, p, f"{where} hero", ("hero",))
        seat.health = raw.health
        seat.lifeforce = raw.lifeforce
        seat.turns = raw.turns
        seat.hero_used = raw.hero_used
        not_hero = ("minion", "relic", "spell", "artifact", "event", "land")
        for key in raw.hand:
            cid = self.card(key, p, f"{where} hand", not_hero)
            seat.hand.append(cid)
            s.known[cid] = 1 << p
        seat.deck = [self.card(k, p, f"{where} deck", not_hero) for k in raw.deck][::-1]
        seat.graveyard = [self.card(k, p, f"{where} graveyard", not_hero) for k in raw.graveyard]
        seat.banished = [self.card(k, p, f"{where} banished", not_hero) for k in raw.banished]
        return seat

    def field(self, p: int, raw: SeatTable) -> None:
        s, n = self.s, self.s.n
        seat = s.seats[p]
        for k, mt in enumerate(raw.minions):
            where = f"seat {p} minion {k + 1} ({mt.card})"
            owner = p if mt.owner is None else mt.owner
            if owner >= n or (mt.borrowed_from is not None and mt.borrowed_from >= n):
                raise self.fail(where, f"a seat must be from 0 to {n - 1}")
            if seat.minions[mt.space - 1] != EMPTY:
                raise self.fail(where, f"space {mt.space} is already taken")
            cid = self.card(mt.card, owner, where, ("minion",))
            m = Minion(cid, p)
            # a lowering stops at 0 defense (FAQ 15): -5 on a 0/3 is -3
            base = s.defs[cid].defense
            m.damage, m.atk, m.dfn = mt.damage, mt.attack, max(mt.defense, -base)
            m.atk_turn, m.dfn_turn = mt.attack_turn, max(mt.defense_turn, -(base + m.dfn))
            m.invisible, m.attacks, m.defended = mt.invisible, mt.attacks, mt.defended
            if mt.ensnared:  # ends when the active player begins turn `turns + ensnared`
                m.ensnare = (s.turn, s.seats[s.turn].turns + mt.ensnared)
            m.taken = EMPTY if mt.borrowed_from is None else mt.borrowed_from
            for kw, v in mt.granted.items():
                if kw not in ("immune", "extra_attacks", "drain", "hero_bonus", "ensnaring"):
                    raise self.fail(where, f"granted keyword {kw!r} is not one a card can grant")
                m.granted.append((kw, True if kw == "immune" else v))
            s.minions[cid] = m
            seat.minions[mt.space - 1] = cid
            if mt.used:
                s.used.append(cid)
            for r in mt.relics:
                m.relics.append(self.card(r, p, f"{where} relics", ("relic",)))
        lands = 0
        for k, mg in enumerate(raw.magic):
            where = f"seat {p} magic {k + 1} ({mg.card})"
            if seat.magic[mg.slot - 1] != EMPTY:
                raise self.fail(where, f"slot {mg.slot} is already taken")
            cid = self.card(mg.card, p, where, ("artifact", "event", "land"))
            d = s.defs[cid]
            lands += d.type == "land"
            if lands > 1:
                raise self.fail(where, "a player has one land at most (section 15)")
            seat.magic[mg.slot - 1] = cid
            if d.type == "event":
                left = d.rounds if mg.rounds is None else mg.rounds
                s.expiry[cid] = (s.turn, s.seats[s.turn].turns + left)
            elif mg.rounds is not None:
                raise self.fail(where, "only events have rounds")
            if mg.damage:
                if d.type != "artifact":
                    raise self.fail(where, "only artifacts take damage")
                s.art_damage[cid] = mg.damage
            if mg.used:
                s.used.append(cid)

    def ref(self, text: str, where: str) -> tuple[str, int]:
        """A card or target reference -> (id kind, number)."""
        s = self.s
        parts = text.split(maxsplit=2)
        kinds = ("hero", "minion", "magic", "graveyard", "stack")
        if (
            not parts
            or parts[0] not in kinds
            or len(parts) != (2 if parts[0] in ("hero", "stack") else 3)
        ):
            raise self.fail(
                where,
                f'bad reference {text!r}: write "hero S", "minion S P", "magic S K", '
                '"graveyard S Name" or "stack K"',
            )
        try:
            kind = parts[0]
            if kind == "hero":
                q = int(parts[1])
                if not 0 <= q < s.n:
                    raise ValueError
                return "h", q
            if kind == "stack":
                return "s", int(parts[1])
            q = int(parts[1])
            seat = s.seats[q]
            if kind == "graveyard":
                name = parts[2]
                for c in seat.graveyard:
                    if s.defs[c].name == name:
                        return "g", c
                raise self.fail(where, f"no {name!r} in seat {q}'s graveyard")
            k = int(parts[2]) - 1
            row = seat.minions if kind == "minion" else seat.magic if kind == "magic" else None
            if row is None or not 0 <= k < len(row) or row[k] == EMPTY:
                raise self.fail(where, f"nothing at {text!r}")
            return ("m" if kind == "minion" else "c"), row[k]
        except (ValueError, IndexError):
            raise self.fail(
                where,
                f'bad reference {text!r}: write "hero S", "minion S P", "magic S K", '
                '"graveyard S Name" or "stack K"',
            ) from None

    def stack(self) -> None:
        s = self.s
        for k, st in enumerate(self.sc.stack):
            where = f"stack entry {k}"
            if st.player >= s.n:
                raise self.fail(where, f"player must be a seat from 0 to {s.n - 1}")
            target = None
            if st.target is not None:
                kind, num = self.ref(st.target, where)
                if kind == "s" and not 0 <= num < k:
                    raise self.fail(where, "a stack entry can only target one below it")
                target = f"{kind}{num}"
            if st.kind == "card":
                assert st.card is not None
                source = self.card(st.card, st.player, where)
                if s.defs[source].type == "hero":
                    raise self.fail(where, "a hero is never played")
                s.known[source] = (1 << s.n) - 1
            elif st.kind in ("draw", "destroy"):
                source = s.seats[st.player].hero
            else:
                assert st.source is not None
                kind, source = self.ref(st.source, where)
                if kind not in "mch":
                    raise self.fail(where, "the source is a minion, a magic card or a hero")
                if kind == "h":
                    source = s.seats[source].hero
            extra: tuple[int, ...] = ()
            if st.kind == "ability":
                abilities = s.defs[source].abilities
                if st.ability >= len(abilities) or abilities[st.ability].trigger != "activated":
                    raise self.fail(
                        where, f"{s.defs[source].name} has no activated ability {st.ability}"
                    )
                extra = (st.ability,)
            if st.kind == "attack":
                assert target is not None
                q = int(target[1:]) if target[0] == "h" else None
                if q is None:
                    q = controller_of(s, int(target[1:]))
                row = s.seats[q].minions
                for space in st.defenders:
                    if not 1 <= space <= SPACES or row[space - 1] == EMPTY:
                        raise self.fail(where, f"no defender in seat {q}'s space {space}")
                extra = tuple(row[space - 1] for space in st.defenders)
            it = Item(st.kind, st.player, source, target, extra)
            it.negated = st.negated
            s.rstack.append(it)

    def start(self) -> None:
        s, sc = self.s, self.sc
        phase = sc.game.phase
        if s.rstack:
            if phase != "main":
                raise self.fail("[game]", "a response stack is open only in the main phase")
            actor = s.rstack[0].player
            win = sc.window or WindowTable()
            if win.actor is not None:
                actor = win.actor

            order = asking_order(s, actor)
            nxt = order[0] if win.next is None else win.next
            if nxt not in order:
                raise self.fail("[window]", f"seat {nxt} can't be asked")
            s.push("main")
            s.push("resolve")
            s.push("window", actor, order.index(nxt))
            return
        if sc.window is not None:
            raise self.fail("[window]", "a window needs a [[stack]] entry to respond to")
        if phase == "main":
            s.push("main")
        elif phase == "start":
            s.seats[s.turn].turns -= 1
            s.turn_number -= 1
            s.push("start_turn")
        else:
            s.push("end_phase")
