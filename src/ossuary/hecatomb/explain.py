"""Why an action is not legal now, and which rule says so: one function per verb.

:meth:`GameState.apply_action` raises :class:`IllegalAction` with these words
and leaves the state unchanged. The functions only explain; legality itself is
decided once, by the option lists the rules build. Each takes the state, the
pending decision and the numbers after the verb (None where a word is not a
short ASCII number: ``int`` would read "²" and 5,000 digits), and returns
(why, the rule), or None when it has nothing particular to say; then the
refusal is the kernel's own (:meth:`GameState.not_an_option`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.core import Decision
from ..engine.untrusted import small_int
from .queries import abom_keywords, can_attack, can_block, can_pay, mana_available, placements
from .state import HecatombState

Why = tuple[str, str]
Nums = list[int | None]
Explain = Callable[[HecatombState, Decision, Nums], Why | None]

ATTACK = "rulebook: Attack"
BLOCKERS = "rulebook: Assign blockers"
TAPPING = "rulebook: Tapping mana cards"
TAP = "glossary: ↻"


def explain_illegal(s: HecatombState, aid: str) -> Why:
    """Why ``aid`` is not an option of the pending decision, and the rule."""
    pending = s.pending
    assert pending is not None
    verb, _, rest = aid.partition(" ")
    explain = BY_VERB.get(verb)
    why = explain(s, pending, [small_int(w) for w in rest.split(" ")]) if explain else None
    return why or (s.not_an_option(aid), "")


def _first(nums: Nums) -> int:
    """The first number, or -1 (no card or abomination has that id)."""
    return nums[0] if nums and nums[0] is not None else -1


def _mana(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind != "main":
        return "mana cards can be added only in your main phase, not during an attack", ATTACK
    if s.seats[pending.player].mana_added:
        return "you have already added a mana card this turn", "rulebook: Add One Mana Card"
    num = _first(nums)
    if num not in s.seats[pending.player].hand:
        return f"card {num} is not in your hand", "rulebook: Add One Mana Card"
    return None


def _end(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind == "window":
        return "the turn can't end during an attack; pass instead", ATTACK
    return None


def _play(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind not in ("main", "window"):
        return None
    num = _first(nums)
    if num not in s.seats[pending.player].hand:
        return f"card {num} is not in your hand", "rulebook: Play Cards"
    d = s.defs[num]
    twin = _twin(s, pending, d.name)
    if twin is not None:
        return (
            f"identical copies of {d.name} in hand are one option: use {twin!r}",
            "engine: interchangeable choices are collapsed",
        )
    if pending.kind == "window" and not d.is_combat:
        return (
            f"{d.name} is a {d.type}; only combat fates and combat minions can be played "
            "during an attack",
            ATTACK,
        )
    avail = mana_available(s, pending.player)
    if not can_pay(avail, d.doom_i, d.cost):
        return (
            f"{d.name} costs {d.cost} with at least one {d.doom} mana; you have "
            f"{sum(avail)} mana available, {avail[d.doom_i]} of it {d.doom}",
            TAPPING,
        )
    if d.type in ("fate", "combat fate"):
        return f"{d.name} needs a legal target and there is none", "rulebook: Playing fates"
    return None


def _twin(s: HecatombState, pending: Decision, name: str) -> str | None:
    """The option that plays another copy of the card called ``name``, if any."""
    for option in pending.options:
        if option.startswith("play ") and s.defs[int(option.split()[1])].name == name:
            return option
    return None


def _attack(s: HecatombState, pending: Decision, nums: Nums) -> Why:
    if pending.kind != "main":
        return "you can start an attack only from your main phase", ATTACK
    return (
        "none of your abominations can attack: each is tapped, has one minion, got a "
        "minion this turn, was stitched this turn, or has Guardian; or no enemy's "
        "attack cost (a relic or god's toll) can be paid",
        "rulebook: Declare attackers; glossary: attack",
    )


def _attacker(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    num = _first(nums)
    if pending.kind != "attacker" or num not in s.aboms:
        return None
    a = s.aboms[num]
    if a.owner != pending.player:
        why = "it is not yours"
    elif can_attack(s, a):
        return None
    elif a.tapped:
        why = "it is tapped"
    elif a.size < 2:
        why = "a one-minion abomination can't attack"
    elif abom_keywords(s, a).get("guardian"):
        why = "it has Guardian"
    else:
        why = "it got a minion (or was stitched) this turn"
    return f"abomination {num} can't attack: {why}", "rulebook: Declare attackers"


def _block(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind != "block" or len(nums) != 2 or nums[0] is None or nums[1] is None:
        return None
    blk, att = s.aboms.get(nums[0]), s.aboms.get(nums[1])
    if blk is None or att is None:
        return None
    combat = s.combat
    if combat is not None and blk.owner != combat.defender:
        return "only the defending player's abominations can block", BLOCKERS
    if combat is not None and att.aid not in combat.attackers:
        return f"abomination {att.aid} is not attacking", BLOCKERS
    if blk.size < 2:
        return "a one-minion abomination can't block", "glossary: block"
    if blk.tapped:
        return "a tapped abomination can't block", BLOCKERS
    if not can_block(s, blk, att):
        return "the attacker has Evader against a doom the blocker has", "glossary: Evader"
    return "that blocker is already blocking, or that attacker is already blocked", BLOCKERS


def _pay(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind != "pay":
        return None
    d = s.defs[pending.ctx[1]]
    cost = d.cost + pending.ctx[2]
    return (
        f"{d.name} costs {cost}: tap exactly {cost} mana you have, at least one of them "
        f"{d.doom}; possible: {', '.join(pending.options)}",
        TAPPING,
    )


def _done(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind != "rip":
        return None
    return (
        f"the damage left ({pending.ctx[2]}) can't be spread over the minions not chosen "
        "without destroying one: choose another minion to destroy",
        "glossary: Ripper; rulebook: Have abominations fight",
    )


def _x(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind != "x":
        return None
    return (
        f"you can't pay for that X; choose from: {', '.join(pending.options)}",
        "glossary: X; rulebook: Tapping mana cards",
    )


def _tap(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    if pending.kind not in ("main", "window"):
        return "tap abilities can be used only when you could play combat fates", TAP
    if len(nums) != 3 or None in nums:
        return None
    user_id, cid, i = (n for n in nums if n is not None)
    user = s.aboms.get(user_id)
    if user is None or user.owner != pending.player:
        return "that is not one of your abominations", TAP
    if user.tapped:
        return "a tapped abomination can't use its tap ability", TAP
    if cid in user.cards and i < len(s.defs[cid].abilities):
        need = s.defs[cid].abilities[i].tap
        if user.size < need:
            return (
                f"this ↻{need} ability needs an abomination of size {need} or more; "
                f"it has {user.size}",
                TAP,
            )
    return None


def _on(s: HecatombState, pending: Decision, nums: Nums) -> Why | None:
    num = _first(nums)
    if pending.kind != "place" or num not in s.aboms:
        return None
    a = s.aboms[num]
    d = s.defs[pending.ctx[1]]
    if f"on {num}" in placements(s, pending.player, d):
        return None
    if d.kw.get("host"):
        return f"{d.name} has Host: it can only be a new abomination", "glossary: Host"
    if a.owner != pending.player:
        return "you can play minions only on your own abominations", "rulebook: Playing minions"
    if a.size >= 5:
        return "an abomination holds at most five minions", "rulebook: Playing minions"
    return "that abomination has Parasite: nothing can be played on it", "glossary: Parasite"


#: the first word of an option id -> what explains its refusal
BY_VERB: dict[str, Explain] = {
    "mana": _mana,
    "end": _end,
    "play": _play,
    "attack": _attack,
    "attacker": _attacker,
    "block": _block,
    "pay": _pay,
    "done": _done,
    "x": _x,
    "tap": _tap,
    "on": _on,
}
