"""Words for people: option labels and decision prompts.

Agents don't need these (they use option ids); the terminal, the browser and
logs do. Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.core import Decision
from ..engine.labels import fixed, naming
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


# Option labels, by the verb that opens the option id: each takes the state,
# the rest of the id and the whole id (for the labels that show it as it is).
Label = Callable[[HecatombState, str, str], str]


def _label_play(s: HecatombState, rest: str, aid: str) -> str:
    d = s.defs[int(rest)]
    cost = f"X+{d.cost}" if d.x_cost else str(d.cost)
    return f"Play {d.name} ({d.type}, {d.doom}, cost {cost})"


def _label_tap(s: HecatombState, rest: str, aid: str) -> str:
    """A tap ability: which minion (its place when a namesake shares the stack)."""
    defs = s.defs
    a, cid, i = (int(v) for v in rest.split())
    n = defs[cid].abilities[i].tap
    ab = s.aboms.get(a)
    at = ab.cards.index(cid) if ab is not None and cid in ab.cards else -1
    which = stack_place([defs[c].name for c in ab.cards], at) if ab and at >= 0 else ""
    return f"Use {defs[cid].name}'s ↻{n} ability{which} (tap {describe_abom(s, a)})"


def _label_x(s: HecatombState, rest: str, aid: str) -> str:
    return f"X = {rest}"


def _label_new(s: HecatombState, rest: str, aid: str) -> str:
    return "As a new abomination" + _conditional_note(s, None)


def _label_on(s: HecatombState, rest: str, aid: str) -> str:
    return f"On {describe_abom(s, int(rest))}" + _conditional_note(s, int(rest))


def _label_pay(s: HecatombState, rest: str, aid: str) -> str:
    """Mana to tap, one count per doom (``pay 1,0,2,0``)."""
    parts = [f"{n} {DOOMS[i]}" for i, n in enumerate(int(v) for v in rest.split(",")) if n]
    return "Tap " + (", ".join(parts) if parts else "nothing")


def _label_enemy(s: HecatombState, rest: str, aid: str) -> str:
    return f"Attack {seat_name(int(rest))}"


def _label_block(s: HecatombState, rest: str, aid: str) -> str:
    blk, att = rest.split()
    return f"Block {describe_abom(s, int(att))} with {describe_abom(s, int(blk))}"


def _label_stitch(s: HecatombState, rest: str, aid: str) -> str:
    if rest == "new":
        return "Stitch as a new abomination"
    return f"Stitch onto {describe_abom(s, int(rest))}"


def _label_first(s: HecatombState, rest: str, aid: str) -> str:
    """Which simultaneous ability goes first (the id itself outside that question)."""
    pending = s.pending
    if pending is not None and pending.kind == "order":
        item = pending.ctx[1][int(rest)]
        return f"First: {s.defs[item[1]].name}'s ability"
    return aid


def _label_yes_no(s: HecatombState, rest: str, aid: str) -> str:
    return aid.partition(" ")[0].capitalize()


def _label_draw(s: HecatombState, rest: str, aid: str) -> str:
    return f"Draw {rest}"


def _card_name(s: HecatombState, cid: int) -> str:
    return s.defs[cid].name


LABELS: dict[str, Label] = {
    "end": fixed("End your turn"),
    "mana": naming("Put {} into your mana zone", _card_name),
    "play": _label_play,
    "attack": fixed("Attack"),
    "tap": _label_tap,
    "pass": fixed("Pass (play nothing more now)"),
    "x": _label_x,
    "new": _label_new,
    "on": _label_on,
    "cancel": fixed("Back: don't play it after all (nothing is spent)"),
    "pay": _label_pay,
    "enemy": _label_enemy,
    "attacker": naming("Attack with {}", describe_abom),
    "done": fixed("Done"),
    "block": _label_block,
    "hunt": naming("Hunt {}", describe_abom),
    "rip": naming("Destroy {}", _card_name),
    "stitch": _label_stitch,
    "onto": _label_stitch,
    "first": _label_first,
    "yes": fixed("Yes"),
    "no": fixed("No"),
    "card": naming("{}", _card_name),
    "none": fixed("None (stop here)"),
    "draw": _label_draw,
    "toll": naming("Tap {} to pay the toll", _card_name),
}


def label(s: HecatombState, aid: str) -> str:
    """An option id in words: by its verb (:data:`LABELS`); a bare target id
    (``a3``, ``m12``, ``p1``, ``c7``) names the target; anything else shows as it is."""
    verb, _, rest = aid.partition(" ")
    words = LABELS.get(verb)
    if words is not None:
        return words(s, rest, aid)
    if len(aid) > 1 and aid[0] in "ampc" and aid[1:].isdigit():
        return describe_target(s, aid)
    return aid


# Decision prompts, by the pending decision's kind: each takes the state and
# the decision (its ``ctx`` says what it is about).
Prompt = Callable[[HecatombState, Decision], str]


def _prompt_window(s: HecatombState, pending: Decision) -> str:
    which = "first" if pending.ctx[0] == 1 else "second"
    return f"Combat, {which} window: play combat cards or tap abilities, or pass."


def _prompt_x(s: HecatombState, pending: Decision) -> str:
    return f"Choose X for {s.defs[pending.ctx[1]].name}."


def _prompt_place(s: HecatombState, pending: Decision) -> str:
    return f"Where does {s.defs[pending.ctx[1]].name} go?"


def _prompt_pay(s: HecatombState, pending: Decision) -> str:
    d = s.defs[pending.ctx[1]]
    return f"Pay {d.cost + pending.ctx[2]} for {d.name}, at least one of it {d.doom}."


def _prompt_target(s: HecatombState, pending: Decision) -> str:
    ctx = pending.ctx
    cid = ctx[2] if ctx[0] == "play" else ctx[1]
    return f"Choose a target for {s.defs[cid].name}."


def _prompt_may(s: HecatombState, pending: Decision) -> str:
    d = s.defs[pending.ctx[0]]
    return f"Use {d.name}'s ability" + (f" ({d.text})?" if d.text else "?")


def _prompt_hunt(s: HecatombState, pending: Decision) -> str:
    return (
        f"{describe_abom(s, pending.ctx[0])} is a Hunter: pick an enemy abomination to untap "
        "and force to block it, or No."
    )


def _prompt_rip(s: HecatombState, pending: Decision) -> str:
    return (
        f"Ripper: choose which minions of {describe_abom(s, pending.ctx[1])} its damage destroys."
    )


def _prompt_soulbound(s: HecatombState, pending: Decision) -> str:
    return f"{s.defs[pending.ctx[0]].name} is Soulbound: stitch it instead of it being destroyed?"


def _prompt_discard(s: HecatombState, pending: Decision) -> str:
    ctx = pending.ctx
    whose = "your" if ctx[1] == pending.player else f"{seat_name(ctx[1])}'s"
    return f"Discard a card from {whose} hand."


def _prompt_toll(s: HecatombState, pending: Decision) -> str:
    return f"Attacking {seat_name(pending.ctx[1])} costs a mana card: tap which one?"


ZONE_PROMPTS = {
    "exhume": "Exhume which card?",
    "exhume_up_to": "Exhume which card, or stop?",
    "retrieve": "Retrieve which card from your deck?",
}


def _prompt_zone(s: HecatombState, pending: Decision) -> str:
    return ZONE_PROMPTS.get(pending.ctx[1], "Put which minion card into play?")


def _prompt_put(s: HecatombState, pending: Decision) -> str:
    return f"Where does {s.defs[pending.ctx[2]].name} go?"


def _prompt_stitch(s: HecatombState, pending: Decision) -> str:
    return f"Stitch {s.defs[pending.ctx[1]].name} onto which abomination?"


def _said(words: str) -> Prompt:
    """A prompt that is always the same words."""

    def said(s: HecatombState, pending: Decision) -> str:
        return words

    return said


#: a "choose" decision's prompts, by what is chosen (``ctx[0]``)
CHOICES: dict[str, Prompt] = {
    "stitch": _prompt_stitch,
    "discard": _prompt_discard,
    "draw": _said("Draw how many cards?"),
    "toll": _prompt_toll,
    "zone": _prompt_zone,
    "put": _prompt_put,
    "sacrifice": _said("Sacrifice which of your cards?"),
}


def _prompt_choose(s: HecatombState, pending: Decision) -> str:
    said = CHOICES.get(pending.ctx[0])
    return said(s, pending) if said is not None else pending.kind


PROMPTS: dict[str, Prompt] = {
    "main": _said("Your main phase: add a mana card, play cards, attack, or end your turn."),
    "window": _prompt_window,
    "x": _prompt_x,
    "place": _prompt_place,
    "pay": _prompt_pay,
    "target": _prompt_target,
    "may": _prompt_may,
    "enemy": _said("Attack which enemy?"),
    "attacker": _said("Choose attacking abominations one at a time, then Done."),
    "hunt": _prompt_hunt,
    "block": _said("You are attacked: assign blockers (one per attacker), then Done."),
    "rip": _prompt_rip,
    "order": _said("These abilities happen at once: which of yours goes first?"),
    "soulbound": _prompt_soulbound,
    "choose": _prompt_choose,
}


def prompt(s: HecatombState) -> str:
    """What the pending decision asks, in words (for people, not for agents):
    by its kind (:data:`PROMPTS`); an unknown kind shows as it is."""
    pending = s.pending
    if pending is None:
        return "The game is over."
    said = PROMPTS.get(pending.kind)
    return said(s, pending) if said is not None else pending.kind


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
