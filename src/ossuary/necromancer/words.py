"""Words for people: option labels and decision prompts.

Agents use option ids; the terminal, the browser and logs use these. Nothing
here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.labels import fixed, naming
from ..engine.names import seat_name
from .queries import attack_of, cost_of, defense_of, position
from .rules.window import Answer, answers, own_action
from .state import NecroState


def player(seat: int) -> str:
    """How a seat is named to people (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


def describe_card(s: NecroState, cid: int) -> str:
    """A card in play as people say it: ``Gravel Knight (3/4, P1 space 2)``."""
    d = s.defs[cid]
    if cid in s.minions:
        m = s.minions[cid]
        return (
            f"{d.name} ({attack_of(s, cid)}/{defense_of(s, cid)}, "
            f"{player(m.controller)}'s space {position(s, cid) + 1})"
        )
    if d.type == "artifact":
        return f"{d.name} (artifact, defense {defense_of(s, cid)})"
    return d.name


def describe_target(s: NecroState, t: str) -> str:
    kind, num = t[0], int(t[1:])
    if kind == "h":
        return f"{player(num)}'s hero {s.defs[s.seats[num].hero].name}"
    if kind == "m":
        return describe_card(s, num)
    if kind == "c":
        return describe_card(s, num)
    if kind == "g":
        return f"{s.defs[num].name} in {player(s.owner[num])}'s graveyard"
    if num < len(s.rstack):
        it = s.rstack[num]
        what = s.defs[it.source].name
        return f"{player(it.player)}'s {ITEM_WORDS.get(it.kind, it.kind)} ({what})"
    return t


ITEM_WORDS = {
    "card": "card being played",
    "ability": "ability",
    "draw": "Draw Card",
    "destroy": "Destroy Magic",
    "attack": "attack",
    "dismiss": "dismissal",
}


# Option labels, by the verb that opens the option id: each takes the state,
# the rest of the id and the deciding seat.
Label = Callable[[NecroState, str, int], str]


def _label_play(s: NecroState, rest: str, p: int) -> str:
    d = s.defs[int(rest)]
    kind = d.type + (f", {d.minion_type}" if d.minion_type else "")
    stats_ = f" {d.attack}/{d.defense}" if d.is_minion else ""
    return f"Play {d.name} ({kind}{stats_}, {cost_of(s, p, d)} lifeforce)"


def _label_hero(s: NecroState, rest: str, p: int) -> str:
    hero = s.defs[s.seats[p].hero]
    ab = hero.abilities[hero.on["activated"][0]]
    return f"Use {hero.name}'s ability ({ab.cost} lifeforce)"


def _label_use(s: NecroState, rest: str, p: int) -> str:
    cid, idx = (int(v) for v in rest.split())
    ab = s.defs[cid].abilities[idx]
    return f"Use {s.defs[cid].name}'s ability ({ab.cost} lifeforce)"


def _label_sacrifice(s: NecroState, rest: str, p: int) -> str:
    """The basic action (no card named yet), or the card to sacrifice."""
    if not rest:
        return "Sacrifice Card: discard a card for +1 lifeforce"
    return f"Sacrifice {s.defs[int(rest)].name} (+1 lifeforce)"


def _label_dismiss(s: NecroState, rest: str, p: int) -> str:
    """The basic action (no minion named yet), or the minion to dismiss."""
    if not rest:
        return "Dismiss a minion (back into your deck)"
    return f"Dismiss {describe_card(s, int(rest))} (back into your deck)"


def _label_at(s: NecroState, rest: str, p: int) -> str:
    return f"Space {int(rest) + 1}"


def _label_mulligan(s: NecroState, rest: str, p: int) -> str:
    return f"Discard {s.defs[int(rest)].name} (you draw a card for it)"


def _label_card(s: NecroState, rest: str, p: int) -> str:
    """A card chosen from one of the decider's zones, with the zone it is in."""
    c = int(rest)
    seat = s.seats[p]
    zone = "hand" if c in seat.hand else "graveyard" if c in seat.graveyard else "deck"
    return f"{s.defs[c].name} (from your {zone})"


LABELS: dict[str, Label] = {
    "end": fixed("End your turn"),
    "pass": fixed("Pass (don't respond)"),
    "play": _label_play,
    "hero": _label_hero,
    "use": _label_use,
    "draw": fixed("Draw Card (3 lifeforce)"),
    "destroy": naming("Destroy Magic on {} (4 lifeforce)", describe_card),
    "sacrifice": _label_sacrifice,
    "attack": naming("Attack with {}", describe_card),
    "dismiss": _label_dismiss,
    "defend": naming("Defend with {}", describe_card),
    "done": fixed("Done"),
    "at": _label_at,
    "mulligan": _label_mulligan,
    "keep": fixed("Keep the rest and draw"),
    "yes": fixed("Yes"),
    "no": fixed("No"),
    "card": _label_card,
    "none": fixed("None of them"),
}


def label(s: NecroState, aid: str) -> str:
    """An option id in words: by its verb (:data:`LABELS`), for the seat
    deciding (the turn's when nothing is pending); a bare target id (``m3``,
    ``h1``, ``c7``, ``g9``, ``s0``) names the target; anything else shows as it is."""
    verb, _, rest = aid.partition(" ")
    words = LABELS.get(verb)
    if words is not None:
        pending = s.pending
        return words(s, rest, pending.player if pending is not None else s.turn)
    if len(aid) > 1 and aid[0] in "mhcgs" and aid[1:].isdigit():
        return describe_target(s, aid)
    return aid


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _answer_words(s: NecroState, answer: Answer, lifeforce: int, alone: bool) -> str:
    """One thing that could answer, short enough for an 80-column question: "your
    Frost Snare", "Soul Jar's ability", "Destroy Magic on Computer's Bone Fields
    (new this turn)"; with what paying it takes when the lifeforce is short."""
    what, cid, cost = answer
    name = s.defs[cid].name
    whose = f"{player(s.owner[cid])}'s {name}"
    if what == "destroy" and alone:
        words = f"{whose} is new this turn: Destroy Magic"
    else:
        words = {
            "reaction": f"your {name}",
            "ability": f"{name}'s ability",
            "destroy": f"Destroy Magic on {whose} (new this turn)",
        }[what]
    if cost > lifeforce:
        short = _cards(cost - lifeforce)
        words += f" can, if you sacrifice {short}" if alone else f" (sacrifice {short})"
    elif alone:
        words += " can"
    return words


def window_reason(s: NecroState, q: int) -> str:
    """Why ``q`` is asked in this window, said to ``q`` (it reads ``q``'s hand):
    what it could answer with (:func:`~.rules.window.answers`, what auto-pass
    stops for), or why nothing it could do matters though it is asked."""
    found = answers(s, q)
    lifeforce = s.seats[q].lifeforce
    if len(found) == 1:
        said = _answer_words(s, found[0], lifeforce, alone=True)
        return said[0].upper() + said[1:] + "."
    if found:
        said = " or ".join(_answer_words(s, a, lifeforce, alone=False) for a in found)
        return said[0].upper() + said[1:] + " can."
    if own_action(s, q):
        return "Your own action: your main phase comes next."
    pending = s.pending
    if pending is not None and any(o.startswith("destroy ") for o in pending.options):
        return "Nothing new to destroy: Destroy Magic can wait for your main phase."
    return "Nothing you hold can; all who might are asked."


#: how a response window names what it answers ("Computer's attack with Pit Fiend")
WINDOW_WORDS = {
    "card": "{who}'s {card}",
    "ability": "{who}'s {card} ability",
    "draw": "{who}'s Draw Card",
    "destroy": "{who}'s Destroy Magic",
    "attack": "{who}'s attack with {card}",
    "dismiss": "{who}'s dismissal of {card}",
}


def window_prompt(s: NecroState, q: int) -> str:
    """``Answer Computer's Grave Drummer? Your Frost Snare can, if you sacrifice
    1 card.``: what is answered (the top of the response stack), and why ``q``
    is asked (:func:`window_reason`)."""
    what = "an action"
    if s.rstack:
        it = s.rstack[-1]
        card = s.defs[it.source].name.split(",")[0] if it.source >= 0 else "a card"
        words = WINDOW_WORDS.get(it.kind, "{who}'s {card}")
        what = words.format(who=player(it.player), card=card)
    return f"Answer {what}? {window_reason(s, q)}"


def prompt(s: NecroState) -> str:
    """What the pending decision asks, in words."""
    pending = s.pending
    if pending is None:
        return "The game is over."
    kind, ctx, defs = pending.kind, pending.ctx, s.defs
    if kind == "main":
        return "Your main phase: play cards, use abilities, command minions, or end your turn."
    if kind == "window":
        return window_prompt(s, pending.player)
    if kind == "mulligan":
        return "Mulligan: discard any cards you don't want, one at a time, then keep."
    if kind == "target":
        cid = ctx[1]
        return f"Choose a target for {defs[cid].name}."
    if kind == "aim":
        return f"Attack what with {describe_card(s, ctx[0])}?"
    if kind == "dismiss":
        return "Dismiss which minion (back into your deck)?"
    if kind == "sacrifice":
        return "Sacrifice which card (+1 lifeforce)?"
    if kind == "place":
        return f"Which minion space does {defs[ctx[1]].name} take?"
    if kind == "defend":  # one line at 80 columns: the attacker's numbers, then the ask
        attacker, target = ctx[0], ctx[1]
        aimed = f"{player(int(target[1:]))}'s hero" if target[0] == "h" else (
            describe_card(s, int(target[1:])))  # fmt: skip
        return (
            f"{defs[attacker].name} ({attack_of(s, attacker)}/{defense_of(s, attacker)}) "
            f"attacks {aimed}. Defenders, first hit first; then Done."
        )
    if kind == "may":
        return f"Use {defs[ctx[0]].name}'s ability?"
    if kind == "hand_limit":
        return "More than 10 cards in hand: sacrifice a card (+1 lifeforce)."
    if kind in ("pick", "choose"):
        what, src = ctx[0], ctx[-1]
        ask = {
            "summon": "summon which minion card? (or none)",
            "resurrect": "resurrect which minion from your graveyard?",
            "search": "take which card from your deck into your hand?",
            "bury": "put which card from your deck into your graveyard? (or none)",
        }.get(what, "choose a card.")
        # said with the card that asks (before the first turn, a hero's own start)
        source = defs[src].name if isinstance(src, int) and 0 <= src < len(defs) else ""
        source = source.split(",")[0]  # "Mother Vethra", not "..., the Weaver": one line
        return f"{source}: {ask}" if source else ask[0].upper() + ask[1:]
    return kind
