"""Abilities: triggered abilities waiting, ordered and resolved (rulebook
"Simultaneous Abilities"), and one ability resolved effect by effect
(glossary "target": no legal target, no effect).
"""

from __future__ import annotations

from typing import Any

from ..cards import CardDef
from ..queries import effect_doom, targets
from ..state import RULES, Abomination, HecatombState
from .base import VERBS, event


def queue_triggers(s: HecatombState, cid: int, trigger: str, extra: Any = None) -> None:
    d = s.defs[cid]
    for i, ab in enumerate(d.abilities):
        if ab.trigger == trigger:
            s.trig.append((s.owner[cid], cid, "a", i, extra))


def queue_abom_triggers(s: HecatombState, a: Abomination, trigger: str, extra: Any = None) -> None:
    for cid in a.cards:
        queue_triggers(s, cid, trigger, extra)


@RULES.step
def step_flush(s: HecatombState) -> None:
    """Order waiting triggered abilities: the active player's first, then
    clockwise; each player orders their own."""
    if not s.trig:
        return
    items, s.trig = s.trig, []
    by_player: dict[int, list[tuple[Any, ...]]] = {}
    for it in items:
        by_player.setdefault(it[0], []).append(it)
    for k in range(s.n - 1, -1, -1):
        p = (s.turn + k) % s.n
        mine = by_player.get(p)
        if mine:
            s.push("order", p, tuple(mine))


@RULES.step
def step_order(s: HecatombState, p: int, items: tuple[tuple[Any, ...], ...]) -> None:
    if len(items) == 1:
        push_trigger(s, items[0])
        return
    seen: dict[tuple[str, str, int], int] = {}
    for k, (_, cid, key, idx, _x) in enumerate(items):
        seen.setdefault((s.defs[cid].name, key, idx), k)
    s.ask("order", p, tuple(f"first {k}" for k in seen.values()), p, items)


@RULES.resume("order")
def resume_order(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, items = ctx
    k = int(choice.split()[1])
    rest = items[:k] + items[k + 1 :]
    s.push("order", p, rest)
    push_trigger(s, items[k])


def push_trigger(s: HecatombState, item: tuple[Any, ...]) -> None:
    p, cid, key, idx, extra = item
    s.push("ability", cid, p, key, idx, extra, 0, False)


def ability_of(d: CardDef, key: str, idx: int) -> Any:
    return d.cond_abilities[idx] if key == "c" else d.abilities[idx]


@RULES.step
def step_ability(
    s: HecatombState, cid: int, p: int, key: str, idx: int, target: Any, x: int, confirmed: bool
) -> None:
    """Resolve one ability: ask "use it?" if optional, then its target, then
    each of its effects in order (glossary "target": no legal target, no effect)."""
    d = s.defs[cid]
    ab = ability_of(d, key, idx)
    opts: list[str] = []
    if ab.target is not None and target is None:
        opts = targets(s, p, ab.target, effect_doom(d, key))
        if not opts:
            event(s, "no_target", card=d.name)
            return
    if ab.optional and not confirmed:
        s.ask("may", p, ("yes", "no"), cid, p, key, idx, target, x)
        return
    if ab.target is not None and target is None:
        s.ask("target", p, tuple(opts), "ability", cid, p, key, idx, x)
        return
    if ab.trigger != "play":
        s.push("flush")  # abilities it set off wait until it has finished
    for j in range(len(ab.effects) - 1, -1, -1):
        s.push("effect", cid, p, key, idx, j, target, x)


@RULES.resume("may")
def resume_may(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    cid, p, key, idx, target, x = ctx
    if choice == "yes":
        s.push("ability", cid, p, key, idx, target, x, True)


@RULES.step
def step_effect(
    s: HecatombState, cid: int, p: int, key: str, idx: int, j: int, target: Any, x: int
) -> None:
    eff = ability_of(s.defs[cid], key, idx).effects[j]
    VERBS[eff.verb](s, cid, p, key, eff, target, x)
