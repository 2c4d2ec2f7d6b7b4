"""Little Whist bound and started: the one module that imports the rules
modules, binds the behaviours only the game can give, deals new games and
rebuilds saved ones."""

from __future__ import annotations

from typing import Any

from ossuary.engine.errors import StateError
from ossuary.engine.game import check_setup
from ossuary.engine.rng import Rng
from ossuary.engine.saved import Checker, check_decision, check_header, check_step
from ossuary.engine.untrusted import load_json

from . import rules, view, words  # noqa: F401  (importing rules registers its steps)
from .state import CARDS, HAND, RULES, SEATS, WhistState

RULES.bind(
    view=view.view,
    resample=view.resample,
    redact_event=view.redact_event,
    action_label=words.action_label,
    prompt=words.prompt,
    explain_illegal=words.explain,
)


def new_game(seats: int = 2, seed: int = 0, first: int | None = None) -> WhistState:
    check_setup("Little Whist", SEATS, seats, seed, first)
    s = WhistState(seats)
    s.rng = Rng(seed)
    s.seed = seed
    deck = list(range(len(CARDS)))
    s.rng.shuffle(deck)
    for p in range(seats):
        s.hands[p] = sorted(deck[p * HAND : (p + 1) * HAND])
    s.stock = deck[seats * HAND :]
    chosen = s.rng.below(seats)  # always drawn: a given first player keeps the same deal
    s.first = s.turn = s.leader = chosen if first is None else first
    s.log.append({"e": "deal", "cards": HAND, "first": s.first})
    s.push("turn")
    s.run()
    return s


def deserialize(text: str) -> WhistState:
    """A saved game, every field checked (a :class:`StateError` names the
    first wrong one), then its cards: each of the sixteen in exactly one place."""
    c = Checker(StateError, "saved Little Whist game")
    data = load_json(text, StateError, "saved Little Whist game")
    keys = ("ruleset", "version", "seats", "hands", "stock", "table", "taken", "tricks", "turn",
            "leader", "winner", "seed", "first", "perspective", "ply", "history", "log", "stack",
            "rng", "pending")  # fmt: skip
    c.obj(data, "the saved game", keys)
    check_header(data, WhistState, c)
    seats = c.whole(data["seats"], "seats", SEATS[0], SEATS[-1] + 1)
    s = WhistState(seats)
    s.hands = _cards_per_seat(c, data["hands"], "hands", seats)
    s.taken = _cards_per_seat(c, data["taken"], "taken", seats)
    s.stock = [_cid(c, v, "stock") for v in c.items(data["stock"], "stock", len(CARDS))]
    s.table = [_played(c, v, seats) for v in c.items(data["table"], "table", seats)]
    s.tricks = [c.whole(v, "tricks", 0, HAND + 1) for v in c.items(data["tricks"], "tricks")]
    if len(s.tricks) != seats:
        c.fail("tricks", f"one count a seat: {seats}, not {len(s.tricks)}")
    s.turn = c.whole(data["turn"], "turn", 0, seats)
    s.leader = c.whole(data["leader"], "leader", 0, seats)
    s.winner = c.opt_whole(data["winner"], "winner", 0, seats)
    s.seed = c.opt_whole(data["seed"], "seed")
    s.first = c.whole(data["first"], "first", 0, seats)
    s.perspective = c.opt_whole(data["perspective"], "perspective", 0, seats)
    s.ply = c.whole(data["ply"], "ply", 0)
    s.history = [c.text(v, "history") for v in c.items(data["history"], "history")]
    s.log = c.log(data["log"], "log", seats)
    s.stack = [check_step(v, RULES.steps, c, "stack") for v in c.items(data["stack"], "stack")]
    s.rng = Rng.from_state(c.whole(data["rng"], "rng", 0, 2**64))
    if data["pending"] is not None:
        s.pending = check_decision(data["pending"], RULES.resumes, seats, c)
    _check_places(c, s)
    return s


def _cid(c: Checker, value: Any, where: str) -> int:
    return c.whole(value, where, 0, len(CARDS))


def _played(c: Checker, value: Any, seats: int) -> list[int]:
    pair = c.items(value, "table", 2)
    if len(pair) != 2:
        c.fail("table", "each card played is [seat, card]")
    return [c.whole(pair[0], "table seat", 0, seats), _cid(c, pair[1], "table")]


def _cards_per_seat(c: Checker, value: Any, where: str, seats: int) -> list[list[int]]:
    rows = c.items(value, where, seats)
    if len(rows) != seats:
        c.fail(where, f"one list a seat: {seats}, not {len(rows)}")
    return [[_cid(c, v, where) for v in c.items(row, where, len(CARDS))] for row in rows]


def _check_places(c: Checker, s: WhistState) -> None:
    seen = [*(x for h in s.hands for x in h), *s.stock, *(x for _, x in s.table),
            *(x for t in s.taken for x in t)]  # fmt: skip
    if sorted(seen) != list(range(len(CARDS))):
        c.fail("cards", "each of the sixteen cards must lie in exactly one place")
    if sum(s.tricks) * s.seats != sum(len(t) for t in s.taken):
        c.fail("tricks", "the tricks counted do not match the cards taken")
