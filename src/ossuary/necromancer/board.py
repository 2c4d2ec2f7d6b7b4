"""Drawing Path of the Necromancer for the terminal: the board from a seat's
view, the log in words, and cards.

Everything here reads the JSON-ready ``view(seat)`` dict (or a log event from
it), never the game state, so nothing hidden from that seat can be shown.
The only other source is the public card catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine.facets import hand_table, with_question
from ..engine.names import seat_name, speak
from .cards import CardDef, traits

View = dict[str, Any]
RARITY_STYLE = {"common": "green", "rare": "blue", "epic": "magenta", "legendary": "yellow"}


def player(seat: int) -> str:
    """How a seat is named to people (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


KEYWORD_WORDS = {
    "invisibility": "Invisibility",
    "immune": "Immune to piercing",
    "reaction": "Reaction",
    "hero_bonus": "+{} vs heroes",
    "extra_attacks": "{} extra attack(s)",
    "ensnaring": "Ensnares ({} round(s))",
    "bloodprice": "Blood price {}",
    "drain": "Drain {}",
}


def keywords_text(kws: dict[str, Any]) -> str:
    out = []
    for k, v in kws.items():
        words = KEYWORD_WORDS.get(k, k)
        if "(s)" in words and "{}" in words:  # "2 rounds", "1 round"
            words = words.replace("(s)", "" if v == 1 else "s")
        out.append(words.format(v) if "{}" in words else words)
    return ", ".join(out)


def _target(view: View, t: str | None) -> str:
    """A target id in words, from the view alone."""
    if not t:
        return ""
    kind, num = t[0], int(t[1:]) if t[1:].isdigit() else -1
    if kind == "h":
        return f"{player(num)}'s hero"
    if kind == "s":
        stack = view.get("response_stack", [])
        return f"stack entry {num + 1}" + (f" ({stack[num]['card']})" if num < len(stack) else "")
    for p in view.get("players", []):
        for m in p["minions"]:
            if m is not None and m["id"] == num:
                return f"{m['card']} ({player(p['seat'])}'s space {m['position']})"
        for c in p["magic"]:
            if c is not None and c["id"] == num:
                return f"{c['card']} ({player(p['seat'])}'s slot {c['slot']})"
        for c in p["graveyard"]:
            if c["id"] == num:
                return f"{c['card']} in {player(p['seat'])}'s graveyard"
    return t


def minion_statuses(m: dict[str, Any]) -> list[tuple[str, str]]:
    """A minion's statuses, each in the board's words and the play screen's
    short ones (its legend): invisible, ensnared, borrowed, attacked, defended."""
    out = []
    if m["invisible"]:
        out.append(("invisible", "inv"))
    rounds = m["ensnared_rounds"]
    if rounds is not None:
        out.append((f"ensnared {rounds}r", f"ens{rounds}"))
    if m["borrowed_from"] is not None:
        lender = player(m["borrowed_from"])
        out.append((f"borrowed from {lender}", f"from {lender}"))
    if m["attacks_made"]:
        out.append(("attacked", "atk"))
    if m["defended"]:
        out.append(("defended", "def"))
    return out


def _minion_cell(m: dict[str, Any] | None) -> Text:
    if m is None:
        return Text("·", style="dim")
    text = Text()
    text.append(m["card"], style="bold")
    text.append(f"\n{m['attack']}/{m['defense']}")
    if m["damage"]:
        text.append(f" ({m['damage']} dmg)", style="red")
    flags = [words for words, _short in minion_statuses(m)]
    if flags:
        text.append("\n" + ", ".join(flags), style="italic")
    if m["relics"]:
        text.append("\n+ " + ", ".join(r["card"] for r in m["relics"]), style="cyan")
    return text


def _magic_cell(c: dict[str, Any] | None) -> Text:
    if c is None:
        return Text("·", style="dim")
    text = Text()
    text.append(c["card"], style="bold")
    text.append(f"\n{c['type']}")
    if "defense" in c:
        text.append(f", defense {c['defense']}")
    if c.get("rounds_left") is not None:
        text.append(f", {c['rounds_left']} round(s) left")
    return text


def _field(p: dict[str, Any]) -> Table:
    """Both rows by position: minion spaces 1-4 above, magic slots 1-3 below."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column("", style="bold")
    for k in range(1, 5):
        table.add_column(f"{k}", justify="left", min_width=14)
    table.add_row("minions", *(_minion_cell(m) for m in p["minions"]))
    table.add_row("magic", *(_magic_cell(c) for c in p["magic"]), Text(""))
    return table


#: the columns of the hand's table (the viewer's own hand)
HAND_COLUMNS = ("card", "type", "cost", "stats", "text")


def _hand_row(card: Mapping[str, Any]) -> Sequence[RenderableType]:
    stats = f"{card['attack']}/{card['defense']}" if "attack" in card else ""
    kind = card["type"] + (f" ({card['minion_type']})" if "minion_type" in card else "")
    return (card["card"], kind, str(card.get("cost", "")), stats, card.get("text", ""))


def _seat_panel(view: View, p: dict[str, Any], me: int | None, me_label: str) -> Panel:
    seat = p["seat"]
    head = Text()
    head.append(f"{p['hero']['card']}  ", style="bold")
    head.append(f"health {health(p)}", style="bold red")
    head.append("  ·  ")
    head.append(f"lifeforce {p['lifeforce']}", style="bold green")
    head.append(
        f"  ·  hand {p['hand_count']}  ·  deck {p['deck_count']}  ·  "
        f"graveyard {len(p['graveyard'])}"
    )
    if p["banished"]:
        head.append(f"  ·  banished {len(p['banished'])}")
    if p["hero"]["ability_used"]:
        head.append("  ·  hero ability used", style="italic")
    parts: list[RenderableType] = [head, _field(p)]
    if seat == me and p["hand"]:
        parts.append(Text("Hand:", style="bold"))
        parts.append(hand_table(p["hand"], HAND_COLUMNS, _hand_row, right="cost"))
    title = player(seat)
    if seat == me and me_label:
        title += f" ({me_label})"
    if seat == view["active"]:
        title += " · active"
    if not p["alive"]:
        title += " · out of the game"
    style = "green" if seat == me else "blue" if p["alive"] else "dim"
    return Panel(Group(*parts), title=Text(title, style="bold"), title_align="left",
                 border_style=style)  # fmt: skip


def stack_text(view: View) -> Text | None:
    """The response stack while a window is open, top first."""
    stack = view["response_stack"]
    if not stack:
        return None
    text = Text("Response stack (top resolves first):", style="bold magenta")
    for entry in reversed(stack):
        what = {"card": "plays", "ability": "uses", "draw": "uses Draw Card",
                "destroy": "uses Destroy Magic on", "attack": "attacks with",
                "dismiss": "dismisses"}.get(entry["kind"], entry["kind"])  # fmt: skip
        name = "" if entry["kind"] in ("draw", "destroy") else f" {entry['card']}"
        aim = _target(view, entry["target"])
        line = f"{player(entry['player'])} {what}{name}"
        if aim:
            line += f" → {aim}"
        if entry["negated"]:
            line += " (negated)"
        text.append(f"\n  {entry['index'] + 1}. " + speak(line))
    return text


def render_board(view: View, me: int | None = None, me_label: str = "you") -> RenderableType:
    """The whole table as ``view`` shows it; ``me`` is the seat whose hand is drawn."""
    parts: list[RenderableType] = [
        Text(
            speak(f"Turn {view['turn_number']} · {player(view['active'])} is active"), style="bold"
        )
    ]
    for p in view["players"]:
        parts.append(_seat_panel(view, p, me, me_label))
    stack = stack_text(view)
    if stack is not None:
        parts.append(stack)
    if view["between_zones"]:
        moving = ", ".join(c["card"] for c in view["between_zones"])
        parts.append(Text(f"On its way into play: {moving}"))
    return with_question(parts, view)


def summary_lines(view: View) -> list[str]:
    """A compact board (public facts only): health and lifeforce, then each row."""
    lines = [
        "  "
        + ", ".join(
            f"{player(p['seat'])} {health(p)} health {p['lifeforce']} lifeforce"
            + ("" if p["alive"] else " (out)")
            for p in view["players"]
        )
    ]
    for p in view["players"]:
        row = " | ".join(
            "-" if m is None else f"{m['card']} {m['attack']}/{m['defense']}" for m in p["minions"]
        )
        magic = " | ".join("-" if c is None else c["card"] for c in p["magic"])
        lines.append(f"  {player(p['seat'])}: {row}  //  {magic}")
    return lines


def result_lines(view: View) -> list[str]:
    """Who won and why, said to the seat whose view it is ("You lose: your hero
    fell to 0 health"), or that it was a draw; then every hero's health."""
    winner = view["winner"]
    me = view.get("seat")
    healths = ", ".join(f"{player(p['seat'])} {health(p)}" for p in view["players"])
    out = [p for p in view["players"] if not p["alive"]]
    if winner is not None:
        if len(out) == 1:  # section "Winning": the last hero standing wins
            why = _lost(out[0])
        else:
            why = f"{player(winner)}'s hero is the last one standing"
        if me is None:
            head = f"{player(winner)} wins: {why}"
        else:
            head = f"{player(me)} {'wins' if me == winner else 'loses'}: {why}"
    elif view.get("draw"):
        head = "A draw: every hero still standing fell at the same time"
    else:
        head = "The game ended without a winner"
    return [head, f"Health: {healths}"]


def _lost(p: dict[str, Any]) -> str:
    """Why a seat is out: its hero at 0 health, else it had no card to draw."""
    if p["health"] <= 0:
        return f"{player(p['seat'])}'s hero fell to 0 health"
    return f"{player(p['seat'])} had no card left to draw"


# -- the event log -----------------------------------------------------------------
def format_event(event: dict[str, Any]) -> str:
    """One log event (as a seat sees it) in words."""
    kind = event.get("e", "?")
    p = event.get("p")
    who = player(p) if isinstance(p, int) else "Someone"
    card = event.get("card") or "a card"
    fn = _EVENT_WORDS.get(kind)
    if fn is not None:
        return fn(event, who, card)
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("e", "private"))
    return f"{kind} {rest}".rstrip()


_FIZZLE = {
    "attacker": "the attacker is gone, held or no longer its player's",
    "target": "its target can't be attacked any more",
    "gone": "the minion is gone",
}

_WHY = {
    "mulligan": " (mulligan)",
    "sacrifice": " (Sacrifice Card)",
    "hand limit": " (hand limit)",
    "random": " (at random)",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def health(p: dict[str, Any]) -> int:
    """A hero's health as people read it: a hero dealt more than it had is at 0
    (section 14: the hero is out at zero), not below."""
    return max(0, int(p["health"]))


def _lifeforce(e: dict[str, Any], who: str) -> str:
    amount = e.get("amount", 0)
    why = {"resource": "start of the turn", "sacrifice": "Sacrifice Card"}.get(
        e.get("why", ""), str(e.get("why", ""))
    )
    if amount == 0:  # already at the most a hero may hold (section 8)
        return f"{who} stays at 10 lifeforce ({why})"
    verb = "gains" if amount > 0 else "loses"
    return f"{who} {verb} {abs(amount)} lifeforce ({why})"


def _aimed(e: dict[str, Any]) -> str:
    """What an attack is aimed at, from the event (a log written before the
    event named its target gives the target's place only)."""
    seat = e.get("target_p")
    if not isinstance(seat, int):
        return "a target"
    if e.get("hero"):
        return f"{player(seat)}'s hero"
    return f"{player(seat)}'s {e.get('target_card') or 'card'}"


def _amount(event: dict[str, Any]) -> str:
    return str(event.get("amount", "?"))


EventWords = Callable[[dict[str, Any], str, str], str]
_EVENT_WORDS: dict[str, EventWords] = {
    "turn": lambda e, who, card: f"-- turn {e.get('n')}: {who} --",
    "first": lambda e, who, card: f"{who} goes first",
    "draw": lambda e, who, card: f"{who} draws {card}" if "card" in e else f"{who} draws a card",
    "deck_empty": lambda e, who, card: f"{who} has no card left to draw",
    "mulligan": lambda e, who, card: (
        f"{who} keeps the opening hand"
        if not e.get("count")
        else f"{who} keeps, drawing {plural(e['count'], 'new card')}"
    ),
    "discard": lambda e, who, card: f"{who} discards {card}{_WHY.get(e.get('why', ''), '')}",
    "lifeforce": lambda e, who, card: _lifeforce(e, who),
    "play": lambda e, who, card: f"{who} plays {card}",
    "ability": lambda e, who, card: f"{who} uses {card}'s ability",
    "draw_card": lambda e, who, card: f"{who} uses Draw Card",
    "destroy_magic": lambda e, who, card: f"{who} uses Destroy Magic on {card}",
    "attack": lambda e, who, card: (
        f"{who}'s {card} attacks {_aimed(e)}"
        + (" unseen (no defenders)" if e.get("invisible") else "")
    ),
    "defenders": lambda e, who, card: f"{who} defends with " + ", ".join(e.get("cards", [])),
    "no_defenders": lambda e, who, card: f"{who} does not defend against {card}",
    "dismiss": lambda e, who, card: f"{who} dismisses {card}",
    "dismissed": lambda e, who, card: f"{card} goes back into {who}'s deck",
    "resolve": lambda e, who, card: f"{who}'s {e.get('what')} ({card}) resolves",
    "negated": lambda e, who, card: f"{who}'s {e.get('what')} ({card}) is negated",
    "negates": lambda e, who, card: f"{who}'s {card} negates {e.get('of')}",
    "fizzle": lambda e, who, card: (
        f"{card}: the {e.get('what')} does nothing ({_FIZZLE.get(e.get('why', ''), e.get('why'))})"
    ),
    "summon": lambda e, who, card: f"{who}: {card} takes space {int(e.get('at', 0)) + 1}",
    "attach": lambda e, who, card: f"{who} attaches {card} to {e.get('host')}",
    "magic": lambda e, who, card: f"{who}: {card} takes magic slot {int(e.get('slot', 0)) + 1}",
    "land_replaced": lambda e, who, card: f"{who}'s new land replaces {card}",
    "expired": lambda e, who, card: f"{who}'s {card} runs out",
    "destroyed": lambda e, who, card: f"{card} is destroyed ({e.get('cause')})",
    "relic_lost": lambda e, who, card: f"{card} falls from {e.get('host')} to the graveyard",
    "damage": lambda e, who, card: (
        f"{e.get('source')} deals {_amount(e)} damage to {card}"
        + (" (lethal)" if e.get("lethal") else "")
    ),
    "hero_damage": lambda e, who, card: (
        f"{who}'s hero takes {_amount(e)} "
        f"{'piercing ' if e.get('piercing') else ''}damage from {e.get('source')}"
    ),
    "pierce_stopped": lambda e, who, card: f"{card} is immune: {_amount(e)} piercing damage stops",
    "heal": lambda e, who, card: f"{who}'s hero heals {_amount(e)}",
    "mend": lambda e, who, card: f"{card} heals {_amount(e)} damage",
    "visible": lambda e, who, card: f"{card} is no longer invisible",
    "invisible": lambda e, who, card: f"{card} becomes invisible",
    "ensnared": lambda e, who, card: (
        f"{card} is ensnared for {plural(int(e.get('rounds') or 0), 'round')}"
    ),
    "freed": lambda e, who, card: f"{card} is no longer ensnared",
    "modified": lambda e, who, card: (
        f"{card} gets {e.get('attack', 0):+d} attack, "
        f"{e.get('defense', 0):+d} defense{' this turn' if e.get('turn') else ''}"
    ),
    "granted": lambda e, who, card: f"{card} gains {e.get('keyword')}",
    "control": lambda e, who, card: (
        f"{who} takes control of {card}"
        + (" until the end of the turn" if e.get("duration") == "turn" else "")
    ),
    "control_failed": lambda e, who, card: f"{who} has no free space to take {card}",
    "control_ends": lambda e, who, card: (
        f"{card} goes back to {who}"
        + (" but the field is full: it is destroyed" if e.get("full") else "")
    ),
    "banished": lambda e, who, card: f"{card} is banished",
    "recalled": lambda e, who, card: f"{card} returns to {who}'s hand",
    "fetch": lambda e, who, card: f"{who} brings {card} from the {e.get('frm')} ({e.get('how')})",
    "search": lambda e, who, card: f"{who} reveals {card} from the deck and takes it",
    "bury": lambda e, who, card: f"{who} puts {card} from the deck into the graveyard",
    "condition_unmet": lambda e, who, card: f"{card}: its condition is not met",
    "no_target": lambda e, who, card: f"{card}: nothing to aim at",
    "declined": lambda e, who, card: f"{who} doesn't use {card}'s ability",
    "end_phase": lambda e, who, card: f"{who} ends the turn",
    "lose": lambda e, who, card: (
        f"{who} loses ("
        + {"health": "hero at 0 health", "deck": "no card to draw"}.get(e.get("why", ""), "")
        + ")"
    ),
    "win": lambda e, who, card: f"{who} wins",
    "draw_game": lambda e, who, card: "Everyone left lost at once: a draw",
}

EVENT_KINDS = frozenset(_EVENT_WORDS)


# -- cards ---------------------------------------------------------------------------
def card_panel(card: CardDef) -> Panel:
    """One card laid out like the printed card."""
    head = Text()
    head.append(card.name, style="bold")
    if card.type != "hero":
        head.append(f"   {card.cost} lifeforce", style="bold green")
    kind = card.type + (f" — {card.minion_type}" if card.minion_type else "")
    lines: list[Any] = [head, Text(kind, style="italic")]
    if card.is_minion:
        lines.append(Text(f"Attack {card.attack} · Defense {card.defense}"))
        trait = traits().get(card.minion_type)
        if trait is not None:
            lines.append(Text(f"Trait ({trait.trait}): {trait.text}", style="cyan"))
    elif card.type == "artifact":
        lines.append(Text(f"Defense {card.defense}"))
    elif card.type == "event":
        lines.append(Text(f"Lasts {card.rounds} round(s)"))
    if card.text:
        lines.append(Text(""))
        lines.append(Text(card.text))
    if card.flavor:
        lines.append(Text(""))
        lines.append(Text(card.flavor, style="italic dim"))
    foot = card.rarity + (f" · #{card.number}" if card.number else "")
    return Panel(Group(*lines), subtitle=foot, border_style=RARITY_STYLE[card.rarity],
                 expand=False, width=64)  # fmt: skip
