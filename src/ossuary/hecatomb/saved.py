"""Loading a saved Hecatomb state: ``deserialize``, checked.

A saved state is untrusted text (a file, a socket). It is refused with a
:class:`~ossuary.engine.errors.StateError` naming the field unless it is a state
the engine could have written:

1. the text is read within bounds (:func:`~ossuary.engine.untrusted.load_json`);
2. every field is checked for its type and range, every card id, seat and
   abomination id for being one that exists, every card definition by the card
   schema, every step of the stack and the pending decision for its shape
   (:mod:`ossuary.engine.saved`);
3. the rebuilt position is asked whether it is legal, by the one statement
   of that which the fuzzer asks too (:func:`.invariants.check_position`:
   each card in one place and in its owner's zones, abominations of one to
   five minions listed by their owner, the attack's abominations, who is
   asked, a decision pending unless someone has won);
4. what the steps and the pending decision refer to is checked against the
   position (:mod:`.saved_stack`: a card being played is in limbo, an option
   names a card in the hand it plays from), and the pending question is asked
   again on a copy.

Only then is the state handed out, so a bad text fails at once and never later
in the middle of play.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import OssuaryError, StateError
from ..engine.game import MAX_SEED
from ..engine.saved import Checker, check_decision, check_header, check_step
from ..engine.untrusted import MAX_JSON, load_json
from .cards import DOOMS, CardDef, base_pool
from .invariants import ZONES, check_position
from .saved_stack import MAX_NUMBER, Consistency
from .schema import check_keywords
from .state import ABOM_FIELDS, MAX_SIZE, RULES, SEAT_FIELDS, HecatombState

MIN_SEATS, MAX_SEATS = 2, 6
MAX_CARDS = 10_000  # card instances in one game
SOURCE = "saved game"

FIELDS = (
    "ruleset", "version", "cards", "instances", "decks", "n", "seats", "aboms", "next_aid",
    "turn", "turn_number", "first", "seed", "history", "ply", "perspective", "known", "tapped",
    "minion_mod", "cond_on", "limbo", "eot", "trig", "combat", "stack", "pending", "rng", "log",
    "winner",
)  # fmt: skip
OPTIONAL = ("cancel_seats",)  # states saved before it was added have none
COMBAT_FIELDS = ("aggressor", "defender", "attackers", "blocks", "blocked", "forced")


def load_state(text: str | bytes) -> HecatombState:
    """The state :meth:`HecatombState.serialize` wrote, checked (module docstring)."""
    c = Checker(StateError, SOURCE)
    data = c.obj(load_json(text, StateError, SOURCE, limit=MAX_JSON), "the state", FIELDS, OPTIONAL)
    check_header(data, HecatombState, c)
    defs = Fields(data, c).check()
    s = HecatombState.from_json(data, defs)
    wrong = check_position(s, most=1)  # 3. the position, as the fuzzer checks it
    if wrong:
        raise StateError(f"{SOURCE}: {wrong[0]}")
    Consistency(s, c).check()  # 4. the pending work
    return s


# -- 2. fields ----------------------------------------------------------------------------
def _card(raw: Any, i: int) -> CardDef:
    """A saved card definition: the base set's own card when the saved text is
    exactly its definition (no need to check it again), else checked by the schema."""
    base = _base_dicts()
    if isinstance(raw, dict):
        name = raw.get("name")
        if isinstance(name, str) and name in base and base[name][1] == raw:
            return base[name][0]
    return CardDef.from_dict(raw, f"{SOURCE} card {i}")


_BASE_DICTS: dict[str, tuple[CardDef, dict[str, Any]]] = {}


def _base_dicts() -> dict[str, tuple[CardDef, dict[str, Any]]]:
    if not _BASE_DICTS:
        _BASE_DICTS.update((n, (d, d.to_dict())) for n, d in base_pool().cards.items())
    return _BASE_DICTS


class Fields:
    """Every field's type and range (step 2 of the module docstring): ``check``
    returns the card definitions the state is rebuilt with."""

    def __init__(self, d: dict[str, Any], c: Checker) -> None:
        self.d = d
        self.c = c
        self.n = c.whole(d["n"], "n (seats)", MIN_SEATS, MAX_SEATS + 1)
        self.ncards = 0
        self.next_aid = 0

    def check(self) -> dict[str, CardDef]:
        d, c = self.d, self.c
        defs = self.cards()
        self.next_aid = c.whole(d["next_aid"], "next_aid", 0, MAX_NUMBER)
        self.seats()
        self.aboms()
        self.counters()
        self.tables()
        self.combat()
        steps = c.items(d["stack"], "stack", MAX_CARDS)
        d["stack"] = [
            list(check_step(st, RULES.steps, c, f"stack {i}")) for i, st in enumerate(steps)
        ]
        if d["pending"] is not None:
            check_decision(d["pending"], RULES.resumes, self.n, c)
        c.whole(d["rng"], "rng", 0, 1 << 64)
        c.log(d["log"], "log", self.n)
        c.opt_whole(d["winner"], "winner", 0, self.n)
        return defs

    # -- helpers: one card, cards, an abomination id, a pair -----------------------------
    def card(self, value: Any, where: str) -> int:
        return self.c.whole(value, where, 0, self.ncards)

    def cards_of(self, value: Any, where: str) -> None:
        for v in self.c.items(value, where, MAX_CARDS):
            self.card(v, where)

    def aids(self, value: Any, where: str) -> None:
        for aid in self.c.items(value, where, MAX_CARDS):
            self.c.whole(aid, where, 0, self.next_aid)

    def pairs(self, value: Any, where: str, expected: str) -> list[list[Any]]:
        out = []
        for pair in self.c.items(value, where, MAX_CARDS):
            pair = self.c.items(pair, where, 2)
            if len(pair) != 2:
                self.c.fail(where, expected)
            out.append(pair)
        return out

    # -- the parts -------------------------------------------------------------------------
    def cards(self) -> dict[str, CardDef]:
        """The card definitions, the card instances and the deck lists."""
        d, c = self.d, self.c
        defs: dict[str, CardDef] = {}
        for i, raw in enumerate(c.items(d["cards"], "cards", MAX_CARDS)):
            try:
                made = _card(raw, i)
            except OssuaryError as exc:
                c.fail(f"cards {i}", str(exc))
            if made.name in defs:
                c.fail(f"cards {i}", f"the card {made.name!r} is defined twice")
            defs[made.name] = made
        instances = c.items(d["instances"], "instances", MAX_CARDS)
        for i, inst in enumerate(instances):
            pair = c.items(inst, f"instances {i}", 2)
            if len(pair) != 2 or not isinstance(pair[0], str) or pair[0] not in defs:
                c.fail(f"instances {i}", "expected [name of a defined card, owner seat]")
            c.whole(pair[1], f"instances {i} owner", 0, self.n)
        self.ncards = len(instances)
        decks = c.items(d["decks"], "decks", self.n)
        if len(decks) != self.n:
            c.fail("decks", f"expected one deck per seat ({self.n}), got {len(decks)}")
        for p, deck in enumerate(decks):
            for name in c.items(deck, f"decks {p}", MAX_CARDS):
                c.text(name, f"decks {p}")
        return defs

    def seats(self) -> None:
        c = self.c
        seats = c.items(self.d["seats"], "seats", self.n)
        if len(seats) != self.n:
            c.fail("seats", f"expected {self.n} seats, got {len(seats)}")
        for p, raw in enumerate(seats):
            where = f"seat {p}"
            seat = c.obj(raw, where, SEAT_FIELDS)
            c.whole(seat["souls"], f"{where} souls", 0, MAX_NUMBER)
            for zone in ZONES:
                self.cards_of(seat[zone], f"{where} {zone}")
            if seat["god"] != -1:
                self.card(seat["god"], f"{where} god")
            self.aids(seat["aboms"], f"{where} aboms")
            pool = c.items(seat["pool"], f"{where} pool", len(DOOMS))
            if len(pool) != len(DOOMS):
                c.fail(f"{where} pool", f"expected mana of each of the {len(DOOMS)} dooms")
            for v in pool:
                c.whole(v, f"{where} pool", 0, MAX_NUMBER)
            c.flag(seat["mana_added"], f"{where} mana_added")

    def aboms(self) -> None:
        c = self.c
        aids: set[int] = set()
        for k, raw in enumerate(c.items(self.d["aboms"], "aboms", MAX_CARDS)):
            where = f"abomination {k}"
            a = c.obj(raw, where, ABOM_FIELDS)
            aid = c.whole(a["aid"], f"{where} id", 0, self.next_aid)
            if aid in aids:
                c.fail(where, f"two abominations have the id {aid}")
            aids.add(aid)
            c.whole(a["owner"], f"{where} owner", 0, self.n)
            minions = c.items(a["cards"], f"{where} cards", MAX_SIZE)
            if not minions:
                c.fail(where, "an abomination has one to five minions")
            self.cards_of(minions, f"{where} cards")
            for flag in ("tapped", "played", "stitched"):
                c.flag(a[flag], f"{where} {flag}")
            c.whole(a["str_mod"], f"{where} str_mod", -MAX_NUMBER, MAX_NUMBER)
            for key, value in self.pairs(
                a["grants"], f"{where} grants", "expected [keyword, value]"
            ):
                if not isinstance(key, str):
                    c.fail(f"{where} grants", "expected [keyword, value]")
                try:
                    check_keywords({key: value})
                except ValueError as exc:
                    c.fail(f"{where} grants", str(exc))

    def counters(self) -> None:
        """Whose turn, the counts, who is looking, who may cancel."""
        d, c, n = self.d, self.c, self.n
        c.whole(d["turn"], "turn", 0, n)
        c.whole(d["turn_number"], "turn_number", 0, MAX_NUMBER)
        c.whole(d["first"], "first", 0, n)
        c.opt_whole(d["seed"], "seed", -MAX_SEED + 1, MAX_SEED)
        for aid in c.items(d["history"], "history", 10 * MAX_CARDS * 100):
            c.text(aid, "history")
        c.whole(d["ply"], "ply", 0, MAX_NUMBER)
        c.opt_whole(d["perspective"], "perspective", 0, n)
        c.whole(d.get("cancel_seats", 0), "cancel_seats", 0, 1 << n)

    def tables(self) -> None:
        """Who knows each card, tapped mana, strength changes, cards between zones."""
        d, c = self.d, self.c
        known = c.items(d["known"], "known", self.ncards)
        if len(known) != self.ncards:
            c.fail("known", f"expected one entry per card ({self.ncards}), got {len(known)}")
        for v in known:
            c.whole(v, "known", 0, 1 << self.n)
        self.cards_of(d["tapped"], "tapped")
        for cid, change in self.pairs(
            d["minion_mod"], "minion_mod", "expected [card, strength change] pairs"
        ):
            self.card(cid, "minion_mod")
            c.whole(change, "minion_mod", -MAX_NUMBER, MAX_NUMBER)
        self.cards_of(d["cond_on"], "cond_on")
        self.cards_of(d["limbo"], "limbo")
        for what, cid in self.pairs(d["eot"], "eot", "expected ['return', card] items"):
            if what != "return":
                c.fail("eot", "expected ['return', card] items")
            self.card(cid, "eot")
        for i, item in enumerate(c.items(d["trig"], "trig", MAX_CARDS)):
            c.plain(item, f"trig {i}")  # meaning checked with the rebuilt state

    def combat(self) -> None:
        if self.d["combat"] is None:
            return
        c = self.c
        combat = c.obj(self.d["combat"], "combat", COMBAT_FIELDS)
        for side in ("aggressor", "defender"):
            c.whole(combat[side], f"combat {side}", 0, self.n)
        for name in ("attackers", "blocked"):
            self.aids(combat[name], f"combat {name}")
        for name in ("blocks", "forced"):
            for pair in self.pairs(
                combat[name], f"combat {name}", "expected pairs of abomination ids"
            ):
                for aid in pair:
                    c.whole(aid, f"combat {name}", 0, self.next_aid)
