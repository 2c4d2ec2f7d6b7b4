"""Why an action is not legal now, and which section of the rulebook says so.

:meth:`GameState.apply_action` raises :class:`IllegalAction` with these words
and leaves the state unchanged. The checks only explain; legality itself is
decided once, by the option lists the rules build.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CardDef
from .queries import (
    attack_targets,
    can_defend,
    cost_of,
    free_slot,
    free_spaces,
    keywords,
    land_slot,
    magic_in_play,
    target_owner,
)
from .state import NecroState

Why = tuple[str, str]


def _num(text: str) -> int:
    return int(text) if text.isdigit() else -1


def explain_illegal(s: NecroState, aid: str) -> Why:
    pending = s.pending
    assert pending is not None
    kind, p = pending.kind, pending.player
    verb, _, rest = aid.partition(" ")
    generic = (s.not_an_option(aid), "")
    if kind == "window":
        why = _window(s, p, verb, rest)
        if why is not None:
            return why
    if kind == "main":
        why = _main(s, p, verb, rest)
        if why is not None:
            return why
    if kind == "aim":
        why = _aim(s, p, aid)
        if why is not None:
            return why
    if kind == "dismiss" and verb == "dismiss":
        why = _dismiss(s, p, _num(rest))
        if why is not None:
            return why
    if kind == "defend" and verb == "defend":
        return _defend(s, pending.ctx, _num(rest))
    if kind == "place" and verb == "at":
        return (
            f"space {rest} is not free; free spaces: "
            + ", ".join(str(k + 1) for k in free_spaces(s, p)),
            'section 6, "Field Layout"',
        )
    if kind == "mulligan" and verb == "mulligan":
        return "that card is not in your hand", 'section 3, "Mulligan Option"'
    return generic


def _window(s: NecroState, p: int, verb: str, rest: str) -> Why | None:
    if verb in ("attack", "dismiss"):
        return (
            f"you can't respond with {'an attack' if verb == 'attack' else 'a dismissal'}",
            'section 13, "Restrictions"',
        )
    if verb == "end":
        return "the turn can't end while the response window is open: pass", "section 13"
    if verb in ("draw", "hero"):
        return (
            "only what can be done on any player's turn can respond (reactions, Destroy Magic, "
            "any-turn abilities, Sacrifice Card)",
            'section 13, "Limited Response Options"; section 10',
        )
    if verb == "play":
        cid = _num(rest)
        if cid not in s.seats[p].hand:
            return f"card {rest} is not in your hand", "section 13"
        d = s.defs[cid]
        if not d.reaction:
            return (
                f"{d.name} is not a reaction: only reactions can be played in a response window",
                'section 13, "Limited Response Options"',
            )
        return _afford(s, p, cid) or ("it has nothing to aim at now", 'section 11, "Target"')
    return _shared(s, p, verb, rest)


def _afford(s: NecroState, p: int, cid: int) -> Why | None:
    cost = cost_of(s, p, s.defs[cid])
    have = s.seats[p].lifeforce
    if cost > have:
        return (
            f"{s.defs[cid].name} costs {cost} lifeforce and you have {have}",
            'section 8, "Spending Lifeforce"',
        )
    return None


def _shared(s: NecroState, p: int, verb: str, rest: str) -> Why | None:
    """Destroy Magic and Sacrifice Card: any turn (section 10, FAQ 3)."""
    if verb == "destroy":
        have = s.seats[p].lifeforce
        if have < 4:
            short = 4 - have
            hint = ""
            if len(s.seats[p].hand) >= short:  # Sacrifice Card: 1 lifeforce a card, any turn
                cards = "a card" if short == 1 else f"{short} cards"
                hint = f": sacrifice {cards} from your hand first (1 lifeforce each)"
            return (
                f"Destroy Magic costs 4 lifeforce and you have {have}{hint}",
                'section 10, "Destroy Magic", "Sacrifice Card"',
            )
        if _num(rest) not in magic_in_play(s):
            return "Destroy Magic needs a magic card in play", 'section 10, "Destroy Magic"'
    if verb == "sacrifice" and _num(rest) not in s.seats[p].hand:
        return f"card {rest} is not in your hand", 'section 10, "Sacrifice Card"'
    if verb == "use":
        parts = rest.split()
        if parts and _num(parts[0]) in s.used:
            return "that ability was already used this turn", "section 12, FAQ 6"
        return (
            "that ability can't be used now (not yours, not paid for, nothing to aim at, or "
            "not an any-turn ability in a window)",
            'section 12, "Ability Activation"',
        )
    return None


def _main_pass(s: NecroState, p: int, rest: str) -> Why | None:
    return "there is no response window open", "section 13"


def _main_attack(s: NecroState, p: int, rest: str) -> Why | None:
    """``attack <minion>`` first, then ``attack <minion> <target>``."""
    parts = rest.split()
    why = _attacker(s, p, _num(parts[0]) if parts else -1)
    if why is not None or len(parts) != 2:
        return why
    return _aim(s, p, parts[1]) or (
        "choose the attacker first (attack <minion>), then its target",
        'section 9, "Attack"',
    )


def _main_dismiss(s: NecroState, p: int, rest: str) -> Why | None:
    return _dismiss(s, p, _num(rest))


def _main_draw(s: NecroState, p: int, rest: str) -> Why | None:
    """Draw Card: its cost, and a card to draw."""
    seat = s.seats[p]
    if seat.lifeforce < 3:
        return (
            f"Draw Card costs 3 lifeforce and you have {seat.lifeforce}",
            'section 10, "Draw Card"',
        )
    if not seat.deck:
        return "your deck is empty: there is no card to draw", 'section 10, "Draw Card"'
    return None


def _main_hero(s: NecroState, p: int, rest: str) -> Why | None:
    """The hero's ability: once a turn, its cost, else nothing to aim at."""
    seat = s.seats[p]
    hero = s.defs[seat.hero]
    ab = hero.abilities[hero.on["activated"][0]]
    if seat.hero_used:
        return (
            f"{hero.name}'s ability is used once during each of your turns",
            'section 12, "Main Phase"; FAQ 6',
        )
    if ab.cost > seat.lifeforce:
        return (
            f"the ability costs {ab.cost} lifeforce and you have {seat.lifeforce}",
            'section 8, "Spending Lifeforce"',
        )
    return "the ability has nothing to aim at now", 'section 11, "Target"'


def _room(s: NecroState, p: int, d: CardDef) -> Why | None:
    """Where the card would go: a free minion space, or a magic slot (a land
    may also replace the land in play)."""
    if d.is_minion and not free_spaces(s, p):
        return "all four of your minion spaces are taken", "section 6; FAQ 2"
    if d.type in ("artifact", "event") and free_slot(s, p) < 0:
        return "all three of your magic slots are taken", 'section 15, "Magic Slots Management"'
    if d.type == "land" and free_slot(s, p) < 0 and land_slot(s, p) < 0:
        return "all three of your magic slots are taken", 'section 15, "Magic Slots Management"'
    return None


def _main_play(s: NecroState, p: int, rest: str) -> Why | None:
    """Playing a card: in hand, not a collapsed twin, affordable, with room,
    else nothing to aim at."""
    seat = s.seats[p]
    cid = _num(rest)
    if cid not in seat.hand:
        return f"card {rest} is not in your hand", 'section 7, "Play Cards"'
    d = s.defs[cid]
    twin = next(
        (o for o in s.pending.options if o.startswith("play ")  # type: ignore[union-attr]
         and s.defs[int(o.split()[1])].identity == d.identity),
        None,
    )  # fmt: skip
    if twin is not None:
        return (
            f"identical copies of {d.name} in hand are one option: use {twin!r}",
            "engine: interchangeable choices are collapsed",
        )
    why = _afford(s, p, cid) or _room(s, p, d)
    return why or (f"{d.name} has nothing to aim at now", 'section 11, "Target"')


#: the main phase's refusals by verb; None from one: the shared words say why
_MAIN: dict[str, Callable[[NecroState, int, str], Why | None]] = {
    "pass": _main_pass,
    "attack": _main_attack,
    "dismiss": _main_dismiss,
    "draw": _main_draw,
    "hero": _main_hero,
    "play": _main_play,
}


def _main(s: NecroState, p: int, verb: str, rest: str) -> Why | None:
    """Why a main-phase action is refused: by its verb, else the words shared
    by every decision."""
    by_verb = _MAIN.get(verb)
    why = by_verb(s, p, rest) if by_verb is not None else None
    return why if why is not None else _shared(s, p, verb, rest)


def _attacker(s: NecroState, p: int, cid: int) -> Why | None:
    """Why minion ``cid`` can't attack now (section 9, "Limitations")."""
    m = s.minions.get(cid)
    if m is None:
        return f"there is no minion {cid} on the field", 'section 9, "Attack"'
    if m.controller != p:
        return "you can only command minions you control", 'section 9, "Minion Commands"'
    if s.seats[p].turns <= 1:
        return "no attacks on a player's first turn", 'section 7, "First Turn Restriction"'
    if m.ensnare is not None:
        return f"{s.defs[cid].name} is ensnared and can't attack", 'section 11, "Ensnare"'
    if m.attacks >= 1 + keywords(s, cid).get("extra_attacks", 0):
        return f"{s.defs[cid].name} has already attacked this turn", 'section 9, "Limitations"'
    return None


def _aim(s: NecroState, p: int, target: str) -> Why | None:
    """Why ``target`` can't be attacked by ``p`` (section 9, "Targets")."""
    if target in attack_targets(s, p):
        return None
    num = _num(target[1:])
    if target[:1] == "m" and num in s.minions:
        other = s.minions[num]
        if other.controller == p:
            return "a minion attacks enemies, not your own", 'section 9, "Targets"'
        if other.invisible:
            return (
                "an invisible minion can't be chosen as an enemy's target",
                'section 11, "Invisibility"',
            )
    if target[:1] == "h" and num == p:
        return "you can't attack your own hero", 'section 9, "Targets"'
    return (
        f"{target!r} can't be attacked: choose an enemy minion, artifact or hero",
        'section 9, "Targets"',
    )


def _dismiss(s: NecroState, p: int, cid: int) -> Why | None:
    m = s.minions.get(cid)
    if m is None or m.controller != p:
        return "you can only dismiss minions you control", 'section 9, "Dismiss"; FAQ 10'
    if m.ensnare is not None:
        return "ensnared minions can't be dismissed", 'section 11, "Ensnare"'
    return None


def _defend(s: NecroState, ctx: tuple[object, ...], cid: int) -> Why:
    _, target, chosen = ctx
    assert isinstance(target, str)
    m = s.minions.get(cid)
    if m is None or m.controller != target_owner(s, target):
        return (
            "only the attacked player's own minions can defend",
            'section 9, "Defend"',
        )
    if m.ensnare is not None:
        return "ensnared minions can't defend", 'section 9, "Defend"; section 11, "Ensnare"'
    if m.defended and cid not in chosen:  # type: ignore[operator]
        return "each minion defends once per turn", 'section 9, "Defend"; FAQ 8'
    if target == f"m{cid}":
        return "the attacked minion can't defend itself", 'section 9, "Defend"'
    if cid in chosen or not can_defend(s, cid, -1):  # type: ignore[operator]
        return "that minion is already defending", 'section 9, "Defend"'
    return "that minion can't defend now", 'section 9, "Defend"'
