"""Words for people: option labels and decision prompts.

Agents don't need these (they use option ids); the terminal, the browser and
logs do. Nothing here changes the state.
"""

from __future__ import annotations

from .cards import DOOMS
from .queries import abom_of, abom_strength
from .state import HecatombState


# =============================================================================
def describe_abom(s: HecatombState, aid: int) -> str:
    a = s.aboms.get(aid)
    if a is None:
        return f"abomination {aid}"
    names = "/".join(s.defs[c].name for c in a.cards)
    return f"[{names}] (str {abom_strength(s, a)}, size {a.size})"


def describe_target(s: HecatombState, t: str) -> str:
    kind, num = t[0], int(t[1:])
    if kind == "a":
        return describe_abom(s, num)
    if kind == "p":
        return f"player {num}"
    if kind == "m":
        a = abom_of(s, num)
        where = f" in {describe_abom(s, a.aid)}" if a else ""
        return f"{s.defs[num].name}{where}"
    return s.defs[num].name


def label(s: HecatombState, aid: str) -> str:
    verb, _, rest = aid.partition(" ")
    defs = s.defs
    if verb == "end":
        return "End your turn"
    if verb == "mana":
        return f"Put {defs[int(rest)].name} into your mana zone"
    if verb == "play":
        d = defs[int(rest)]
        cost = f"X+{d.cost}" if d.x_cost else str(d.cost)
        return f"Play {d.name} ({d.type}, {d.doom}, cost {cost})"
    if verb == "attack":
        return "Attack"
    if verb == "tap":
        a, cid, i = (int(v) for v in rest.split())
        n = defs[cid].abilities[i].tap
        return f"Use {defs[cid].name}'s ↻{n} ability (tap {describe_abom(s, a)})"
    if verb == "pass":
        return "Pass (play nothing more now)"
    if verb == "x":
        return f"X = {rest}"
    if verb == "new":
        return "As a new abomination"
    if verb == "on":
        return f"On {describe_abom(s, int(rest))}"
    if verb == "pay":
        parts = [f"{n} {DOOMS[i]}" for i, n in enumerate(int(v) for v in rest.split(",")) if n]
        return "Tap " + (", ".join(parts) if parts else "nothing")
    if verb == "enemy":
        return f"Attack player {rest}"
    if verb == "attacker":
        return f"Attack with {describe_abom(s, int(rest))}"
    if verb == "done":
        return "Done"
    if verb == "block":
        blk, att = rest.split()
        return f"Block {describe_abom(s, int(att))} with {describe_abom(s, int(blk))}"
    if verb == "hunt":
        return f"Hunt {describe_abom(s, int(rest))}"
    if verb == "rip":
        return f"Destroy {defs[int(rest)].name}"
    if verb in ("stitch", "onto"):
        return (
            f"Stitch onto {describe_abom(s, int(rest))}"
            if rest != "new"
            else "Stitch as a new abomination"
        )
    if verb == "first":
        pending = s.pending
        if pending is not None and pending.kind == "order":
            item = pending.ctx[1][int(rest)]
            return f"First: {defs[item[1]].name}'s ability"
        return aid
    if verb in ("yes", "no"):
        return verb.capitalize()
    if verb == "card":
        return defs[int(rest)].name
    if verb == "none":
        return "None (stop here)"
    if verb == "draw":
        return f"Draw {rest}"
    if verb == "toll":
        return f"Tap {defs[int(rest)].name} to pay the toll"
    if len(aid) > 1 and aid[0] in "ampc" and aid[1:].isdigit():
        return describe_target(s, aid)
    return aid


def prompt(s: HecatombState) -> str:
    """What the pending decision asks, in words (for people, not for agents)."""
    pending = s.pending
    if pending is None:
        return "The game is over."
    kind, ctx, defs = pending.kind, pending.ctx, s.defs
    if kind == "main":
        return "Your main phase: add a mana card, play cards, attack, or end your turn."
    if kind == "window":
        which = "first" if ctx[0] == 1 else "second"
        return f"Combat, {which} window: play combat cards or tap abilities, or pass."
    if kind == "x":
        return f"Choose X for {defs[ctx[1]].name}."
    if kind == "place":
        return f"Where does {defs[ctx[1]].name} go?"
    if kind == "pay":
        d = defs[ctx[1]]
        return f"Pay {d.cost + ctx[2]} for {d.name}, at least one of it {d.doom}."
    if kind == "target":
        cid = ctx[2] if ctx[0] == "play" else ctx[1]
        return f"Choose a target for {defs[cid].name}."
    if kind == "may":
        return f"Use {defs[ctx[0]].name}'s ability?"
    if kind == "enemy":
        return "Attack which enemy?"
    if kind == "attacker":
        return "Choose attacking abominations one at a time, then Done."
    if kind == "hunt":
        return (
            f"{describe_abom(s, ctx[0])} is a Hunter: pick an enemy abomination to untap and "
            "force to block it, or No."
        )
    if kind == "block":
        return "You are attacked: assign blockers (one per attacker), then Done."
    if kind == "rip":
        return f"Ripper: choose which minions of {describe_abom(s, ctx[1])} its damage destroys."
    if kind == "order":
        return "These abilities happen at once: which of yours goes first?"
    if kind == "soulbound":
        return f"{defs[ctx[0]].name} is Soulbound: stitch it instead of it being destroyed?"
    if kind == "choose":
        what = ctx[0]
        if what == "stitch":
            return f"Stitch {defs[ctx[1]].name} onto which abomination?"
        if what == "discard":
            whose = "your" if ctx[1] == pending.player else f"player {ctx[1]}'s"
            return f"Discard a card from {whose} hand."
        if what == "draw":
            return "Draw how many cards?"
        if what == "toll":
            return f"Attacking player {ctx[1]} costs a mana card: tap which one?"
        if what == "zone":
            return {
                "exhume": "Exhume which card?",
                "exhume_up_to": "Exhume which card, or stop?",
                "retrieve": "Retrieve which card from your deck?",
            }.get(ctx[1], "Put which minion card into play?")
        if what == "put":
            return f"Where does {defs[ctx[2]].name} go?"
        if what == "sacrifice":
            return "Sacrifice which of your cards?"
    return kind
