"""Words for people: option labels and decision prompts.

Agents don't need these (they use option ids); the terminal, the browser and
logs do. Nothing here changes the state.
"""

from __future__ import annotations

from .cards import ZONES
from .queries import power
from .state import DiaboState, at

SLOT_WORDS = {"r": "", "a": " (activation slot)", "s": " (around the zone's name)"}


def side_word(s: DiaboState, cid: int, seat: int) -> str:
    if s.place[cid] < 0:
        return ""
    side = at(s.place[cid])[0]
    return "yours" if side == seat % 2 else "enemy"


def describe(s: DiaboState, cid: int, seat: int | None = None) -> str:
    """``Dominique (4, The Gang, enemy)``: name, power now, group, whose."""
    d = s.defs[cid]
    bits = [str(power(s, cid)) if s.place[cid] >= 0 else str(d.power), d.group]
    if seat is not None and s.place[cid] >= 0:
        bits.append(side_word(s, cid, seat))
    return f"{d.name} ({', '.join(bits)})"


def _mode_words(s: DiaboState, cid: int, i: int) -> str:
    ab = s.defs[cid].ability
    assert ab is not None
    e = ab.effects[i]
    zone = ZONES[at(s.place[cid])[1]] if s.place[cid] >= 0 else "this zone"
    if e.verb == "wipe":
        sides = {"enemy": "the enemy side", "yours": "your side", "both": "both sides"}
        return f"Kill everything on {sides[e.get('side')]} of {zone}"
    if e.verb == "kill":
        whose = "enemy cards" if e.get("side") == "enemy" else "of your own cards"
        return f"Kill up to {e.get('up_to')} {whose} in {zone}"
    if e.verb == "nothing":
        return "Do nothing at all"
    return e.verb


def label(s: DiaboState, aid: str) -> str:
    verb, _, rest = aid.partition(" ")
    parts = rest.split()
    pending = s.pending
    seat = pending.player if pending is not None else None
    defs = s.defs
    if verb == "play":
        c, z, k = int(parts[0]), int(parts[1]), parts[2]
        d = defs[c]
        ability = f", {d.ability.name}" if d.ability else ""
        return f"Play {d.name} (power {d.power}, {d.group}{ability}) in {ZONES[z]}{SLOT_WORDS[k]}"
    if verb == "trade":
        c = s.contracts[int(rest)]
        return f"Contract Trade: take {describe(s, c)} from contract slot {int(rest) + 1}"
    if verb == "purge":
        return "Contract Purge: the contracts go into the deck; discard two, deal four"
    if verb == "trio":
        return f"Move your Why Stick trio to {ZONES[int(rest)]} (this is your turn)"
    if verb == "give":
        return f"Put {describe(s, int(rest))} face up in the contract slot"
    if verb == "mode" and pending is not None:
        return _mode_words(s, pending.ctx[0], int(rest))
    if verb == "escape" and pending is not None:
        d = defs[pending.ctx[0]]
        if d.escape == "run":
            return f"{d.ability_name}: {d.name} runs to another of your zones"
        return f"{d.ability_name}: {d.name} goes back into the deck"
    if verb == "die" and pending is not None:
        return f"Let {defs[pending.ctx[0]].name} die"
    if verb in ("flee", "to"):
        return f"To {ZONES[int(rest)]}"
    if verb == "done":
        return "Done (no more)"
    words = {
        "kill": "Kill", "pick": "Pick", "move": "Move", "take": "Take", "swap": "Swap with",
        "stick": "Bind", "with": "...with", "pull": "Pull", "show": "Show",
        "restart": "Restart the ability of", "bind": "Bind to",
    }  # fmt: skip
    if verb in words and parts and parts[0].isdigit():
        return f"{words[verb]} {describe(s, int(parts[0]), seat)}"
    return aid


#: what each kind of decision asks; ``{source}``: the card whose ability asks
#: (the card the decision is about), "the ability" where the decision names none
PROMPTS = {
    "turn": "Your turn: play a card, or take a contract turn?",
    "give": "Contract Trade: which hand card goes face up into the empty contract slot?",
    "mode": "{source}: which one?",
    "kill": "{source}: which card do you kill?",
    "counter": "{source} is being killed: counter with its ability?",
    "flee": "Runaway: where does {source} run to?",
    "redeploy": "{source}: which of your cards here do you move?",
    "destination": "Where does {source} go?",
    "influence": "{source}: which enemy card here do you take?",
    "swap": "{source}: which enemy card do you swap places with?",
    "stick": "{source}: which of your cards do you bind?",
    "stick_to": "{source}: to which enemy card of the same power?",
    "preach": "Why Preach: which of your cards comes to the zone?",
    "reveal": "Why See: which hand card do you show the other side?",
    "restart": "{source}: whose lost ability restarts?",
    "pact": "{source}: which enemy card do you bind in the pact?",
}


def prompt(s: DiaboState) -> str:
    """What the pending decision asks, in words (:data:`PROMPTS`)."""
    pending = s.pending
    if pending is None:
        return ""
    kind, ctx = pending.kind, pending.ctx
    defs = s.defs
    source = defs[ctx[0]].name if ctx and isinstance(ctx[0], int) else "the ability"
    if kind == "pick":
        ab = defs[ctx[0]].ability
        assert ab is not None
        what = "boost to 8" if ab.effects[ctx[1]].get("value") == 8 else "hinder to 0"
        return f"{source}: which card do you {what}?"
    words = PROMPTS.get(kind)
    return f"{kind}?" if words is None else words.format(source=source)
