"""Drawing Hecatomb for the terminal: the board from a seat's view, and cards.

Everything here reads the JSON-ready ``view(seat)`` dict (or a log event from
it), never the game state, so nothing hidden from that seat can be shown.
The only other source is the public card catalogue (cost, doom, type of a card
whose name the view already shows).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import CardDef

View = dict[str, Any]
DOOMS = ("corruption", "deceit", "destruction", "greed")
DOOM_STYLE = {
    "corruption": "grey70",
    "deceit": "bright_blue",
    "destruction": "red",
    "greed": "green",
}


def player(seat: int) -> str:
    """How a seat is named everywhere (the engine's labels count seats from 0)."""
    return f"Player {seat}"


# -- small pieces ------------------------------------------------------------------
def keywords_text(keywords: dict[str, Any]) -> str:
    """``{"reaper": 1, "guardian": True, "evader": ["deceit"]}`` -> ``Reaper 1, Guardian, ...``."""
    out = []
    for name, value in keywords.items():
        title = name.replace("_", " ").title()
        if value is True:
            out.append(title)
        elif isinstance(value, list):
            out.append(f"{title} ({', '.join(str(v) for v in value)})")
        else:
            out.append(f"{title} {value}")
    return ", ".join(out)


def stack_text(abom: dict[str, Any]) -> str:
    """An abomination's minions bottom to top: ``Drudge 2 / Acolyte 3``."""
    return " / ".join(f"{m['card']} {m['strength']}" for m in abom["minions"])


def abom_line(abom: dict[str, Any]) -> str:
    """One line: ``#3 Drudge 2 / Acolyte 3 = str 5, size 2, tapped``."""
    flags = ", tapped" if abom["tapped"] else ""
    return f"#{abom['id']} {stack_text(abom)} = str {abom['strength']}, size {abom['size']}{flags}"


def mana_text(mana: list[dict[str, Any]]) -> str:
    """Mana cards grouped by doom: ``corruption 2 untapped + 1 tapped; greed 1 untapped``."""
    if not mana:
        return "none"
    untapped = Counter(m["doom"] for m in mana if not m["tapped"])
    tapped = Counter(m["doom"] for m in mana if m["tapped"])
    parts = []
    for doom in DOOMS:
        if untapped[doom] or tapped[doom]:
            parts.append(f"{doom} {untapped[doom]} untapped + {tapped[doom]} tapped")
    return "; ".join(parts)


def pool_text(pool: dict[str, int]) -> str:
    return ", ".join(f"{n} {doom}" for doom, n in pool.items() if n)


def _hand_table(hand: list[dict[str, Any] | None]) -> Table:
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False, expand=False)
    for column in ("card", "type", "doom", "cost", "str", "text"):
        table.add_column(column, justify="right" if column in ("cost", "str") else "left")
    for card in hand:
        if card is None:  # not ours to see (cannot happen for one's own hand)
            table.add_row("(hidden)", "", "", "", "", "")
            continue
        strength = str(card["strength"]) if "strength" in card else ""
        table.add_row(
            card["card"],
            card.get("type", "?"),
            card.get("doom", "?"),
            str(card.get("cost", "?")),
            strength,
            card.get("text", ""),
        )
    return table


def _aboms_table(aboms: list[dict[str, Any]]) -> Table:
    table = Table(box=box.SIMPLE, show_edge=False, pad_edge=False, expand=False)
    table.add_column("#", justify="right")
    table.add_column("minions, bottom to top")
    table.add_column("str", justify="right")
    table.add_column("size", justify="right")
    table.add_column("state")
    table.add_column("keywords")
    for a in aboms:
        stack = "\n".join(
            f"{m['card']} ({m['strength']})"
            + (f" [{keywords_text(m['keywords'])}]" if m.get("keywords") else "")
            for m in a["minions"]
        )
        state = "tapped" if a["tapped"] else "ready"
        table.add_row(
            str(a["id"]),
            stack,
            str(a["strength"]),
            str(a["size"]),
            state,
            keywords_text(a["keywords"]),
        )
    return table


def _seat_panel(view: View, p: dict[str, Any], me: int | None, me_label: str) -> Panel:
    seat = p["seat"]
    parts: list[RenderableType] = []
    head = Text()
    head.append(f"souls {p['souls']}", style="bold magenta")
    head.append(f"  ·  hand {p['hand_count']}  ·  deck {p['deck_count']}")
    pool = pool_text(p["pool"])
    if pool:
        head.append(f"  ·  mana pool: {pool}")
    parts.append(head)
    if seat == me and p["hand"]:
        parts.append(Text("Hand:", style="bold"))
        parts.append(_hand_table(p["hand"]))
    parts.append(Text(f"Mana: {mana_text(p['mana'])}"))
    if p["abominations"]:
        parts.append(Text("Abominations:", style="bold"))
        parts.append(_aboms_table(p["abominations"]))
    else:
        parts.append(Text("Abominations: none"))
    relics = ", ".join(r["card"] for r in p["relics"]) or "none"
    god = p["god"]["card"] if p["god"] else "none"
    parts.append(Text(f"Relics: {relics}  ·  God: {god}"))
    title = player(seat)
    if seat == me and me_label:
        title += f" ({me_label})"
    if seat == view["active"]:
        title += " · active"
    style = "green" if seat == me else "blue"
    return Panel(
        Group(*parts), title=Text(title, style="bold"), title_align="left", border_style=style
    )


def combat_text(view: View) -> Text | None:
    c = view["combat"]
    if c is None:
        return None
    text = Text(
        f"Combat: {player(c['aggressor'])} attacks {player(c['defender'])}", style="bold red"
    )
    attackers = ", ".join(f"#{a}" for a in c["attackers"]) or "none"
    text.append(f"\n  attackers: {attackers}")
    if c["blocks"]:
        blocks = ", ".join(f"#{blk} blocks #{att}" for att, blk in c["blocks"].items())
        text.append(f"\n  blocks: {blocks}")
    if c["blocked"]:
        text.append(f"\n  blocked: {', '.join(f'#{a}' for a in c['blocked'])}")
    return text


def render_board(view: View, me: int | None = None, me_label: str = "you") -> RenderableType:
    """The whole table as ``view`` shows it; ``me`` is the seat whose hand is drawn
    (its panel's title says ``me_label``)."""
    parts: list[RenderableType] = [
        Text(f"Turn {view['turn_number']} · {player(view['active'])} is active", style="bold")
    ]
    for p in view["players"]:
        parts.append(_seat_panel(view, p, me, me_label))
    if view["in_play"]:
        parts.append(Text("Being played: " + ", ".join(c["card"] for c in view["in_play"])))
    combat = combat_text(view)
    if combat is not None:
        parts.append(combat)
    decision = view["decision"]
    if decision is not None:
        ask = decision.get("prompt") or decision["kind"]
        parts.append(Text(f"{player(decision['player'])}: {ask}", style="bold"))
    return Group(*parts)


def summary_lines(view: View) -> list[str]:
    """A compact board (public facts only): everyone's souls, then each abomination
    stack, bottom to top, one per line."""
    souls = ", ".join(f"{player(p['seat'])} {p['souls']}" for p in view["players"])
    lines = [f"  souls: {souls}"]
    for p in view["players"]:
        for a in p["abominations"]:
            lines.append(f"  {player(p['seat'])} {abom_line(a)}")
    return lines


def result_lines(view: View) -> list[str]:
    """Who won and every seat's souls."""
    winner = view["winner"]
    head = f"Winner: {player(winner)}" if winner is not None else "No winner"
    souls = ", ".join(f"{player(p['seat'])} {p['souls']}" for p in view["players"])
    return [head, f"Souls: {souls}"]


# -- the event log -----------------------------------------------------------------
def _a(value: Any) -> str:
    return f"#{value}" if isinstance(value, int) else str(value)


def format_event(event: dict[str, Any]) -> str:
    """One log event (as a seat sees it) in words."""
    kind = event.get("e", "?")
    p = event.get("p")
    who = player(p) if isinstance(p, int) else ""
    card = event.get("card")
    if kind == "turn":
        return f"-- turn {event.get('n')}: {who} --"
    if kind == "draw":
        return f"{who} draws {card}" if card else f"{who} draws a card"
    if kind == "draw_empty":
        return f"{who} cannot draw: the deck is empty"
    if kind == "mana":
        return f"{who} puts {card} into the mana zone"
    if kind == "play":
        return f"{who} plays {card}"
    if kind == "minion":
        return f"{who}: {card} joins abomination {_a(event.get('a'))}"
    if kind == "attack":
        attackers = ", ".join(_a(a) for a in event.get("attackers", []))
        return f"{who} attacks {player(event['defender'])} with {attackers}"
    if kind == "block":
        forced = " (forced)" if event.get("forced") else ""
        return f"{_a(event.get('blocker'))} blocks {_a(event.get('attacker'))}{forced}"
    if kind == "damage":
        return (
            f"{_a(event.get('source'))} deals {event.get('amount')} damage to {_a(event.get('a'))}"
        )
    if kind == "reap":
        return f"{_a(event.get('a'))} reaps {event.get('souls')} souls for {who}"
    if kind == "souls":
        return f"{who} souls: {event.get('mode')} {event.get('n')}"
    if kind == "win":
        return f"{who} wins with {event.get('souls')} souls"
    rest = ", ".join(
        f"{k}={_a(v) if k in ('a', 'onto') else v}"
        for k, v in event.items()
        if k not in ("e", "private", "p")
    )
    prefix = f"{who}: " if who else ""
    return f"{prefix}{kind} {rest}".rstrip()


# -- cards ---------------------------------------------------------------------------
def keyword_text(kws: Iterable[tuple[str, Any]]) -> str:
    """Keywords the way a card prints them: "Rager +1, Deceit Evader, Martyr"."""
    out = []
    for key, value in kws:
        if value is True:
            out.append(key.title())
        elif isinstance(value, int):
            out.append(f"{key.title()} {value:+d}")
        else:
            out.append(f"{'/'.join(d.title() for d in value)} {key.title()}")
    return ", ".join(out)


def cost_text(card: CardDef) -> str:
    return (f"X+{card.cost}" if card.cost else "X") if card.x_cost else str(card.cost)


def card_panel(card: CardDef) -> Panel:
    """One card laid out like the printed card: header line, text, flavor."""
    head = Text()
    head.append(card.name, style="bold")
    head.append(f"   {cost_text(card)} ", style="bold")
    head.append(card.doom, style=DOOM_STYLE[card.doom])
    kind = card.type + (f" — {card.subtype}" if card.subtype else "")
    lines: list[Any] = [head, Text(kind, style="italic")]
    if card.is_minion:
        lines.append(Text(f"Strength {card.strength}"))
        if card.triggers:
            lines.append(Text("Trigger dooms: " + ", ".join(card.triggers)))
    if card.text:
        lines.append(Text(""))
        lines.append(Text(card.text))
    if card.attack_cost:
        parts = ", ".join(f"{n} {k}" for k, n in card.attack_cost)
        lines.append(Text(f"Attacking its controller costs {parts} per abomination."))
    if card.flavor:
        lines.append(Text(""))
        lines.append(Text(card.flavor, style="italic dim"))
    foot = f"{card.rarity} · set {card.set}" + (f" · #{card.number}" if card.number else "")
    return Panel(
        Group(*lines), subtitle=foot, border_style=DOOM_STYLE[card.doom], expand=False, width=64
    )
