"""Words for people: option labels and decision prompts.

Agents use option ids; the terminal, the browser and logs use these. Nothing
here changes the state.
"""

from __future__ import annotations

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


def label(s: NecroState, aid: str) -> str:
    verb, _, rest = aid.partition(" ")
    defs = s.defs
    pending = s.pending
    p = pending.player if pending is not None else s.turn
    if verb == "end":
        return "End your turn"
    if verb == "pass":
        return "Pass (don't respond)"
    if verb == "play":
        d = defs[int(rest)]
        kind = d.type + (f", {d.minion_type}" if d.minion_type else "")
        stats_ = f" {d.attack}/{d.defense}" if d.is_minion else ""
        return f"Play {d.name} ({kind}{stats_}, {cost_of(s, p, d)} lifeforce)"
    if verb == "hero":
        hero = defs[s.seats[p].hero]
        ab = hero.abilities[hero.on["activated"][0]]
        return f"Use {hero.name}'s ability ({ab.cost} lifeforce)"
    if verb == "use":
        cid, idx = (int(v) for v in rest.split())
        ab = defs[cid].abilities[idx]
        return f"Use {defs[cid].name}'s ability ({ab.cost} lifeforce)"
    if verb == "draw":
        return "Draw Card (3 lifeforce)"
    if verb == "destroy":
        return f"Destroy Magic on {describe_card(s, int(rest))} (4 lifeforce)"
    if verb == "sacrifice":
        if not rest:
            return "Sacrifice Card: discard a card for +1 lifeforce"
        return f"Sacrifice {defs[int(rest)].name} (+1 lifeforce)"
    if verb == "attack":
        return f"Attack with {describe_card(s, int(rest))}"
    if verb == "dismiss":
        if not rest:
            return "Dismiss a minion (back into your deck)"
        return f"Dismiss {describe_card(s, int(rest))} (back into your deck)"
    if verb == "defend":
        return f"Defend with {describe_card(s, int(rest))}"
    if verb == "done":
        return "Done"
    if verb == "at":
        return f"Space {int(rest) + 1}"
    if verb == "mulligan":
        return f"Discard {defs[int(rest)].name} (you draw a card for it)"
    if verb == "keep":
        return "Keep the rest and draw"
    if verb in ("yes", "no"):
        return verb.capitalize()
    if verb == "card":
        c = int(rest)
        seat = s.seats[p]
        zone = "hand" if c in seat.hand else "graveyard" if c in seat.graveyard else "deck"
        return f"{defs[c].name} (from your {zone})"
    if verb == "none":
        return "None of them"
    if len(aid) > 1 and aid[0] in "mhcgs" and aid[1:].isdigit():
        return describe_target(s, aid)
    return aid


def _answer_words(s: NecroState, answer: Answer, lifeforce: int) -> str:
    what, cid, cost = answer
    name = s.defs[cid].name
    words = {
        "reaction": f"your reaction {name}",
        "ability": f"{name}'s any-turn ability",
        "destroy": f"Destroy Magic on {player(s.owner[cid])}'s {name} (new this turn)",
    }[what]
    if cost > lifeforce:
        more = cost - lifeforce
        words += f" (sacrificing {more} card{'' if more == 1 else 's'} would pay for it)"
    return words


def window_reason(s: NecroState, q: int) -> str:
    """Why ``q`` is asked in this window, said to ``q`` (it reads ``q``'s hand):
    what it could answer with (:func:`~.rules.window.answers`, what auto-pass
    stops for), or why nothing it could do matters though it is asked."""
    found = answers(s, q)
    if found:
        said = [_answer_words(s, a, s.seats[q].lifeforce) for a in found]
        return "You could answer with " + "; or ".join(said) + "."
    if own_action(s, q):
        return (
            "Nothing needs your answer: it is your own action, and your main phase "
            "comes right after it."
        )
    pending = s.pending
    if pending is not None and any(o.startswith("destroy ") for o in pending.options):
        return (
            "Nothing new to answer with: no other player's magic came into play this "
            "turn, so Destroy Magic can wait for your main phase."
        )
    return (
        "Nothing you hold can answer it; everyone who might is asked, so nobody learns "
        "what you hold."
    )


def prompt(s: NecroState) -> str:
    """What the pending decision asks, in words."""
    pending = s.pending
    if pending is None:
        return "The game is over."
    kind, ctx, defs = pending.kind, pending.ctx, s.defs
    if kind == "main":
        return "Your main phase: play cards, use abilities, command minions, or end your turn."
    if kind == "window":
        top = s.rstack[-1] if s.rstack else None
        what = describe_target(s, f"s{len(s.rstack) - 1}") if top is not None else "an action"
        return f"Response window: respond to {what}, or pass. {window_reason(s, pending.player)}"
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
    if kind == "defend":
        return (
            f"{describe_card(s, ctx[0])} attacks {describe_target(s, ctx[1])}: choose defenders "
            "one at a time, in the order they take the hit, then Done."
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
