"""Words for people: option labels and decision prompts.

Agents don't need these (they use option ids); the terminal, the browser and
logs do. Nothing here changes the state.
"""

from __future__ import annotations

from ..engine.names import seat_name
from .cards import DOOMS
from .queries import abom_of, abom_strength
from .state import HecatombState


# =============================================================================
def abom_tag(aid: int) -> str:
    """How people tell abominations apart: ``#1``, ``#2``... in the order they
    came into play (the engine's ids count from 0)."""
    return f"#{aid + 1}"


def describe_abom(s: HecatombState, aid: int) -> str:
    """``#3 [Drudge/Acolyte] (str 5, size 2)``: its number, its minions bottom to top."""
    a = s.aboms.get(aid)
    if a is None:
        return f"abomination {abom_tag(aid)}"
    names = "/".join(s.defs[c].name for c in a.cards)
    return f"{abom_tag(aid)} [{names}] (str {abom_strength(s, a)}, size {a.size})"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (n from 1)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def stack_place(names: list[str], at: int) -> str:
    """Which of an abomination's minions (``names`` bottom to top) is meant, when
    another there has its name: `` (2nd from the bottom)``; else nothing."""
    if names.count(names[at]) < 2:
        return ""
    return " (on top)" if at == len(names) - 1 else f" ({ordinal(at + 1)} from the bottom)"


def describe_minion(s: HecatombState, cid: int) -> str:
    """A minion in play: ``Imp (2nd from the bottom) in #3 [Acolyte/Imp/Imp] (...)``."""
    a = abom_of(s, cid)
    if a is None:
        return s.defs[cid].name
    place = stack_place([s.defs[c].name for c in a.cards], a.cards.index(cid))
    return f"{s.defs[cid].name}{place} in {describe_abom(s, a.aid)}"


def describe_target(s: HecatombState, t: str) -> str:
    kind, num = t[0], int(t[1:])
    if kind == "a":
        return describe_abom(s, num)
    if kind == "p":
        return seat_name(num)
    if kind == "m":
        return describe_minion(s, num)
    return s.defs[num].name


def _placed_card(s: HecatombState) -> tuple[int, bool] | None:
    """The minion a pending placement is for, and whether it is played from hand
    (a "put into play" is not: its one-time conditional effect doesn't happen)."""
    pending = s.pending
    if pending is None:
        return None
    if pending.kind == "place":
        return pending.ctx[1], True
    if pending.kind == "choose" and pending.ctx[0] == "put":
        return pending.ctx[2], False
    return None


def _conditional_note(s: HecatombState, aid: int | None) -> str:
    """Whether the placed minion's conditional ability will work there (glossary
    "conditional ability": the box's doom must match a trigger doom of the
    minion it is played on)."""
    placed = _placed_card(s)
    if placed is None:
        return ""
    cid, from_hand = placed
    d = s.defs[cid]
    if not d.cond_doom:
        return ""
    a = s.aboms.get(aid) if aid is not None else None
    if a is None:
        return " (no conditional: nothing beneath)"
    under = s.defs[a.top]
    if d.cond_doom not in under.triggers:
        shows = ", ".join(under.triggers) or "no trigger doom"
        return f" (no conditional: {under.name} shows {shows}, not {d.cond_doom})"
    if not from_hand and not d.cond_keywords:
        return " (no conditional: not played from hand)"
    return f" (conditional fires: {under.name} shows {d.cond_doom})"


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
        ab = s.aboms.get(a)
        at = ab.cards.index(cid) if ab is not None and cid in ab.cards else -1
        which = stack_place([defs[c].name for c in ab.cards], at) if ab and at >= 0 else ""
        return f"Use {defs[cid].name}'s ↻{n} ability{which} (tap {describe_abom(s, a)})"
    if verb == "pass":
        return "Pass (play nothing more now)"
    if verb == "x":
        return f"X = {rest}"
    if verb == "new":
        return "As a new abomination" + _conditional_note(s, None)
    if verb == "on":
        return f"On {describe_abom(s, int(rest))}" + _conditional_note(s, int(rest))
    if verb == "cancel":
        return "Back: don't play it after all (nothing is spent)"
    if verb == "pay":
        parts = [f"{n} {DOOMS[i]}" for i, n in enumerate(int(v) for v in rest.split(",")) if n]
        return "Tap " + (", ".join(parts) if parts else "nothing")
    if verb == "enemy":
        return f"Attack {seat_name(int(rest))}"
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
        d = defs[ctx[0]]
        return f"Use {d.name}'s ability" + (f" ({d.text})?" if d.text else "?")
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
            whose = "your" if ctx[1] == pending.player else f"{seat_name(ctx[1])}'s"
            return f"Discard a card from {whose} hand."
        if what == "draw":
            return "Draw how many cards?"
        if what == "toll":
            return f"Attacking {seat_name(ctx[1])} costs a mana card: tap which one?"
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


# =============================================================================
# The glossary, in our own words (``ossuary rules hecatomb``; ``rules`` in play).
# Section names in brackets are the rulebook's, for whoever wants the original.
GLOSSARY: list[tuple[str, str]] = [
    # -- how a turn goes
    ("turn", "Your turn: gain 1 soul, untap everything of yours, draw two cards (the "
     "very first turn of the game draws one). Then, in any order: put at most one card "
     "into your mana zone, play cards, attack (as often as you have abominations to "
     "send), and end the turn. [Turn Sequence]"),
    ("souls", "The score. Everyone starts with 5; whoever reaches 20 wins at once. "
     "Souls never drop below 0. [Object of the Game]"),
    ("doom", "The four colours of evil: corruption (cor), deceit (dec), destruction "
     "(dst) and greed (grd). Every card belongs to one, and an effect has its card's "
     "doom. [Doom]"),
    ("mana", "Once per turn, one card of your choice may go from your hand to your mana "
     "zone, where it stays as a mana card. To pay a cost of N, tap N untapped mana cards, at least "
     "one of them of the card's doom. X in a cost is a number you choose; you pay X more. "
     "[Add One Mana Card, Tapping mana cards]"),
    ("mana pool", "Mana given by an effect instead of a mana card. Spend it like tapped "
     "mana; whatever is left vanishes when an attack starts and when the turn ends."),
    # -- minions and abominations
    ("minion", "The creatures. A minion in play always sits in an abomination, alone "
     "or stacked on others."),
    ("abomination", "A stack of one to five of your minions, bottom to top, that acts as "
     "one creature. Its strength is the sum of its minions' strengths, its size the number "
     "of minions; its subtype is the top minion's. A one-minion abomination can neither "
     "attack nor block. A minion from your hand either starts a new abomination or goes on "
     "top of one of yours."),
    ("strength", "How hard an abomination hits in a fight: the sum of its minions' "
     "strengths. Changes to an abomination's strength sit on its top minion. Below 0 counts "
     "as 0."),
    ("size", "How many minions an abomination holds; an unblocked attacker reaps that "
     "many souls."),
    ("trigger doom", "The doom marks in a minion's corner, shown ▲ on the board (▲dst/grd). "
     "A minion played on top of it fires its conditional ability if the conditional's doom "
     "is one of them."),
    ("conditional ability", "The bottom box of some minions, shown ◆ with its doom. It "
     "works only when this minion lands on a minion whose trigger dooms include that doom. "
     "A one-time effect in «» is optional and happens only when the minion is played from "
     "your hand; a keyword in the box works for as long as the minion sits there, however "
     "it got there. The placement options say whether it will fire. [Conditional Abilities]"),
    ("tap ability", "Written ↻N: tap one of your untapped abominations of size N or more "
     "that holds the card, at a moment when you could play a combat fate (your main phase, "
     "or your combat window). [↻]"),
    # -- other cards
    ("fate", "A card that does its effect once and goes to your graveyard. A fate with a "
     "target can't be played without a legal target. Combat fates can also be played in "
     "the combat windows."),
    ("combat minion", "A minion you may also play during an attack's combat windows."),
    ("relic", "A card that stays in play and keeps working while it is there."),
    ("god", "A card that stays in play; usually a one-time effect when played plus a "
     "lasting one. You keep one god: playing another sacrifices the old one."),
    # -- the attack
    ("attack", "In your main phase, as often as you like: choose one enemy and any of "
     "your abominations that are untapped, have two or more minions, and got no new "
     "minion this turn (and "
     "weren't stitched). They tap. Then: combat window, blocks, combat window, reaping, "
     "fights. [Attack]"),
    ("combat window", "Twice in an attack (before and after blocks) the attacker, then "
     "the defender, may play combat fates and combat minions and use tap abilities, or "
     "pass. Nobody else may."),
    ("block", "When you are attacked, each of your untapped abominations with two or more "
     "minions may stand in front of one attacker. The two fight; a blocked attacker reaps "
     "nothing. [Assign blockers]"),
    ("reap", "Each attacker nobody blocked takes souls from the defender equal to its size "
     "(plus Reaper), never more than the defender has. [Reap souls]"),
    ("fight", "A blocked attacker and its blocker deal damage equal to their strength to "
     "each other at the same moment. [Have abominations fight]"),
    ("damage", "Damage hits the top minion first: if it is at least that minion's strength "
     "the minion is destroyed and the rest carries on down the stack. Damage too small to "
     "destroy the next minion is lost; it never adds up with other damage. [Damage]"),
    # -- verbs on cards
    ("target", "Something an effect lets you choose. No legal target: the effect does "
     "nothing."),
    ("destroy", "Send to its owner's graveyard (Martyr and Regenerator can change where)."),
    ("sacrifice", "Destroy one of your own cards; nothing saves it, not even Regenerator."),
    ("discard", "Move a card from a hand to its owner's graveyard."),
    ("exile", "Send a card in play back to its owner's hand."),
    ("exhume", "Take a card from a graveyard back to its owner's hand."),
    ("retrieve", "Look through your deck, pick the card, let everyone see it and keep it in "
     "your hand; the deck is shuffled afterwards."),
    ("put into play", "Like playing a minion (the same choice of where it goes), but without "
     "paying and without its one-time conditional effect."),
    ("stitch", "Move your minions onto one of your abominations, or together into a new one. "
     "No conditional ability fires, and an abomination that got stitched minions can't "
     "attack this turn; past five minions the extras on top are severed."),
    ("sever", "Lift a minion off its abomination; it becomes a new untapped abomination on "
     "its own."),
    ("graveyard", "Each player's face-up pile of used cards; anyone may read it at any time "
     "(type 'card' in the game to list what you can see)."),
    # -- keywords
    ("Rager +X", "Keyword: the abomination is X stronger while it attacks. Several add up."),
    ("Reaper +X", "Keyword: the abomination reaps X more souls when nobody blocks it."),
    ("Survivor +X", "Keyword: in a fight, the first X damage to its top minion is ignored."),
    ("Evader", "Keyword with a doom, e.g. Deceit Evader: abominations holding a minion of "
     "that doom can't block it."),
    ("Nemesis", "Keyword with a doom, e.g. Greed Nemesis: effects of that doom can't target "
     "the abomination or its minions (untargeted effects still reach it)."),
    ("Soulbound", "Keyword of a single minion, with a doom: when a fight would destroy it "
     "you may stitch it instead onto another of your abominations whose top minion has "
     "that doom."),
    ("Fanatic", "Keyword: the abomination may attack even though a minion joined it this "
     "turn (but not when tapped)."),
    ("Guardian", "Keyword: the abomination never attacks; it still blocks."),
    ("Host", "Keyword of a single minion: it can only be played as a new abomination."),
    ("Hunter", "Keyword: when it attacks you may pick an enemy abomination, untap it, and "
     "make it block the Hunter if it can."),
    ("Martyr", "Keyword of a single minion: when destroyed it goes to its owner's mana zone "
     "instead of the graveyard."),
    ("Parasite", "Keyword: nothing can be played on top of this abomination."),
    ("Regenerator", "Keyword of a single minion: when it would be destroyed it goes back to "
     "its owner's hand instead (not when sacrificed)."),
    ("Ripper", "Keyword: in a fight, its controller chooses which of the other side's "
     "minions its damage destroys, in any order, instead of top down."),
    ("Follower", "A minion's extra ability that works only while its controller has a god "
     "in play."),
]  # fmt: skip


def narrate(s: HecatombState, seat: int, aid: str) -> str:
    """An action as a third party tells it ("Player 1 plays Snap ..."): replays
    and watchers name the seat where a label, said to the chooser, says "your"."""
    who = seat_name(seat)
    verb, _, rest = aid.partition(" ")
    text = label(s, aid)
    if verb == "end":
        return f"{who} ends the turn"
    if verb == "pass":
        return f"{who} passes"
    if verb == "attack":
        return f"{who} attacks"
    if verb == "mana":
        return f"{who} puts {s.defs[int(rest)].name} into the mana zone"
    if verb == "play":
        return f"{who} plays " + text.removeprefix("Play ")
    if verb == "cancel":
        return f"{who} steps back"
    if verb == "tap":
        return f"{who}: " + text.replace("Use ", "uses ", 1)
    return f"{who}: " + text.replace("your ", f"{who}'s ")
