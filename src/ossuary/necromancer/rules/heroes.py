"""Hero abilities (section 10) and the activated abilities of cards in play.

Shared by every hero: **Draw Card** (3 lifeforce, your own turn, as often as
you can pay), **Destroy Magic** (4 lifeforce, any turn: it destroys a magic
card in play; what that card did when it was played stays done, what it would
go on doing ends), **Sacrifice Card** (any turn: discard a card for 1
lifeforce; it resolves at once and opens no window, our reading). Each hero's
own ability is used once during each of your turns, in your main phase
(section 12, FAQ 6).
"""

from __future__ import annotations

from typing import Final

from ..queries import any_target, targets
from ..state import Item, NecroState
from .base import discard, draw, event, gain_lifeforce, pay
from .leaving import destroy, on_field

DRAW_CARD: Final = 3
DESTROY_MAGIC: Final = 4


def begin_ability(s: NecroState, p: int, src: int, idx: int) -> None:
    ab = s.defs[src].abilities[idx]
    if ab.target is not None:
        s.ask("target", p, tuple(targets(s, p, ab.target, src)), "use", src, p, idx)
        return
    declare_ability(s, p, src, idx, None)


def declare_ability(s: NecroState, p: int, src: int, idx: int, target: str | None) -> None:
    """Pay, mark it used this turn, put it on the response stack."""
    ab = s.defs[src].abilities[idx]
    pay(s, p, ab.cost)
    if src == s.seats[p].hero:
        s.seats[p].hero_used = True
    else:
        s.used.append(src)
    event(s, "ability", p=p, card=s.defs[src].name, target=target)
    s.push("declare", "ability", p, src, target, (idx,))


def hero_ability_usable(s: NecroState, p: int) -> bool:
    """Once during each of your turns, in your main phase, if it can be paid and aimed."""
    seat = s.seats[p]
    if seat.hero_used:
        return False
    d = s.defs[seat.hero]
    idx = d.on["activated"][0]
    ab = d.abilities[idx]
    if ab.cost > seat.lifeforce:
        return False
    return ab.target is None or any_target(s, p, ab.target, seat.hero)


def declare_draw_card(s: NecroState, p: int) -> None:
    pay(s, p, DRAW_CARD)
    event(s, "draw_card", p=p)
    s.push("declare", "draw", p, s.seats[p].hero, None, ())


def declare_destroy_magic(s: NecroState, p: int, cid: int) -> None:
    pay(s, p, DESTROY_MAGIC)
    event(s, "destroy_magic", p=p, card=s.defs[cid].name)
    s.push("declare", "destroy", p, s.seats[p].hero, f"c{cid}", ())


def sacrifice_card(s: NecroState, p: int, cid: int, why: str = "sacrifice") -> None:
    """Section 10, "Sacrifice Card": discard it, gain 1 lifeforce (never above 10)."""
    discard(s, p, cid, why)
    gained = gain_lifeforce(s, p, 1)
    event(s, "lifeforce", p=p, amount=gained, why=why)


def resolve_ability(s: NecroState, it: Item) -> None:
    s.push("ability", it.source, it.player, it.extra[0], it.target, True)


def resolve_draw_card(s: NecroState, it: Item) -> None:
    draw(s, it.player, 1)


def resolve_destroy_magic(s: NecroState, it: Item) -> None:
    assert it.target is not None
    cid = int(it.target[1:])
    if not on_field(s, cid) or cid in s.dying:
        event(s, "fizzle", what="destroy", card=s.defs[cid].name, why="gone")
        return
    destroy(s, [cid], "destroy magic")
