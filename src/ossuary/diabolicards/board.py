"""Drawing Diabolicards for the terminal: the mat from a seat's view, cards, the log.

Everything here reads the JSON-ready ``view(seat)`` dict (or a log event from
it), never the game state, so nothing hidden from that seat can be shown. The
mat is drawn as the guide lays it out: each side's three zones left to right
(Vask Tower, The Gang Hideout, Havenvale Campus), eight slots, the Diabolical
activation slot at the bottom and the Scorched Earth space around the name;
under each zone its power and synergy; the four contracts between the sides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine.facets import hand_table, with_question
from ..engine.names import seat_name, speak
from .cards import ZONES, CardDef

View = dict[str, Any]
Event = dict[str, Any]
GROUP_STYLE = {
    "Vask Executives": "cyan",
    "The Gang": "dark_orange",
    "Havenvale Batch": "green",
    "The Vantheon": "bright_blue",
    "Doomed Squad": "magenta",
    "The Diabolicals": "red",
    "Scorched Earth": "bold red",
    "Why Even": "yellow",
}
SLOTS = 8


def player(seat: int) -> str:
    """How a seat is named to people (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


def side_name(view: View, side: int, joint: str = " & ") -> str:
    """A side named by who sits on it: "You", or "You & Computer 2" in 2v2."""
    return joint.join(player(p) for p in view["sides"][side]["seats"])


# -- small pieces ------------------------------------------------------------------
def card_line(card: dict[str, Any] | None) -> Text:
    """``Dominique 4 ⚔`` in the group's colour; the power shown is the power now."""
    if card is None:
        return Text("·", style="dim")
    text = Text(card["card"], style=GROUP_STYLE.get(card["group"], ""))
    power = card["power"]
    base = card.get("base_power", power)
    text.append(f" {power}" + (f" (was {base})" if power != base else ""), style="bold")
    if card.get("ability"):
        mark = "" if card.get("ability_works", True) else " off"
        if card.get("ability_lost"):
            mark = " used"
        text.append(f" [{card['ability']}{mark}]", style="dim")
    return text


def _zone_cell(zone: dict[str, Any]) -> RenderableType:
    if zone["sealed"]:
        return Text("SEALED (Scorch the Earth)", style="bold red")
    lines: list[RenderableType] = []
    for c in zone["scorched"]:
        lines.append(Text("☼ ", style="bold red") + card_line(c))
    slots = zone["slots"]
    lines += [card_line(c) for c in slots]
    if len(slots) < SLOTS:
        lines.append(Text(f"· {SLOTS - len(slots)} empty slots", style="dim"))
    act = Text("activation: ", style="dim")
    lines.append(act + card_line(zone["activation"]))
    lines.append(Text(f"power {zone['power']} + synergy {zone['synergy']}", style="bold magenta"))
    return Group(*lines)


def _side_table(view: View, side: int, me: int | None) -> Table:
    s = view["sides"][side]
    title = f"{side_name(view, side)} · total power {s['score']}"
    if me is not None and me % 2 == side:
        title += " · your side"
    table = Table(title=title, box=box.SIMPLE_HEAVY, expand=False, title_justify="left")
    for name in ZONES:
        table.add_column(name, min_width=22)
    table.add_row(*(_zone_cell(z) for z in s["zones"]))
    return table


#: the columns of the hand's table (the viewer's own hand)
HAND_COLUMNS = ("card", "power", "group", "type", "ability")


def _hand_row(card: Mapping[str, Any]) -> Sequence[RenderableType]:
    return (
        Text(card["card"], style=GROUP_STYLE.get(card["group"], "")),
        str(card["power"]),
        card["group"],
        f"{card['type']}, {card['gender']}",
        card["text"] or "-",
    )


def contracts_text(view: View) -> Text:
    cards = [c["card"] if c else "(empty)" for c in view["contracts"]]
    text = Text("Contracts: " + " | ".join(cards))
    if view["contract_freeze"]:
        text.append("  · frozen (only a purge)", style="yellow")
    if view["contracts_banned"]:
        text.append("  · contract turns banned", style="red")
    text.append(f"  ·  deck {view['deck_count']}  ·  dead {len(view['dead'])}")
    return text


def render_board(view: View, me: int | None = None, me_label: str = "you") -> RenderableType:
    """The mat as ``view`` shows it, the enemy side on top; ``me`` is the seat
    whose hand is drawn (its line says ``me_label``)."""
    mine = 0 if me is None else me % 2
    head = Text(
        speak(
            f"Diabolicards {view['mode']} · turn {view['turn_number']} · "
            f"{player(view['active'])} is active"
        ),
        style="bold",
    )
    parts: list[RenderableType] = [head, _side_table(view, 1 - mine, me)]
    parts.append(contracts_text(view))
    parts.append(_side_table(view, mine, me))
    bonds = [f"Why Stick: {' + '.join(t)}" for t in view["why_stick"]]
    bonds += [f"Doom Pact: {' + '.join(p)}" for p in view["doom_pacts"]]
    if bonds:
        parts.append(Text("  ·  ".join(bonds), style="yellow"))
    for p in view["players"]:
        mates = [q for q in view["sides"][p["side"]]["seats"] if q != p["seat"]]
        who = player(p["seat"]) + (f" (with {', '.join(map(player, mates))})" if mates else "")
        if p["seat"] == me:
            label = f"{who} ({me_label}) hand:"
            parts.append(Text(label, style="bold green"))
            parts.append(hand_table(p["hand"], HAND_COLUMNS, _hand_row, right="power"))
        else:
            shown = [c["card"] for c in p["hand"] if c is not None]
            extra = f"; shown to you: {', '.join(shown)}" if shown else ""
            out = " (out of cards)" if p["out"] else ""
            parts.append(Text(f"{who}: {p['hand_count']} cards{out}{extra}"))
    return with_question(parts, view)


def summary_lines(view: View) -> list[str]:
    """A compact mat (public facts only): each side's power, then its zones."""
    scores = view["scores"]
    lines = ["  power: " + ", ".join(f"{side_name(view, i)} {scores[i]}" for i in (0, 1))]
    for s in view["sides"]:
        for z in s["zones"]:
            cards = [f"{c['card']} {c['power']}" for c in z["slots"]]
            if z["activation"]:
                cards.append(f"[{z['activation']['card']} {z['activation']['power']}]")
            cards += [f"☼{c['card']} {c['power']}" for c in z["scorched"]]
            if cards or z["sealed"]:
                body = "SEALED" if z["sealed"] else ", ".join(cards)
                lines.append(f"  {side_name(view, s['side'])}, {z['name']}: {body}")
    return lines


def result_lines(view: View) -> list[str]:
    """Who won and why, said to the seat whose view it is ("You lose: 29 power
    to 34 when nobody could play on"), then both sides' power."""
    winner = view["winner"]
    scores = view["scores"]
    power = "Power: " + ", ".join(f"{side_name(view, i, ' and ')} {scores[i]}" for i in (0, 1))
    if winner is None:
        if view.get("over"):
            return [f"A tie: both sides have {scores[0]} power", power]
        return ["The game ended without a winner", power]
    # THE END: when nobody can play any more, the side with more power wins
    why = f"{scores[winner]} power to {scores[1 - winner]} when nobody could play on"
    mine = view.get("side")
    side = winner if mine is None else mine
    seats = view["sides"][side]["seats"]
    verb = ("win" if mine is None or mine == winner else "lose") + ("s" if len(seats) == 1 else "")
    return [f"{side_name(view, side, ' and ')} {verb}: {why}", power]


# -- the event log -----------------------------------------------------------------
def _zone(e: Event) -> str:
    z = e.get("zone")
    return ZONES[z] if isinstance(z, int) and 0 <= z < 3 else "a zone"


def _who(e: Event) -> str:
    p = e.get("p")
    return player(p) if isinstance(p, int) else "someone"


def _card(e: Event, what: str = "a card") -> str:
    return str(e.get("card") or what)


SLOT_WORDS = {"r": "", "a": "'s activation slot", "s": " (around the name)"}
CHOICES = {"wipe": "wipe", "kill": "kill", "nothing": "do nothing"}
WHOSE = {"enemy": " the enemy side", "yours": " its own side", "both": " both sides"}

EVENTS: dict[str, Callable[[Event], str]] = {
    "turn": lambda e: f"-- turn {e.get('n')}: {_who(e)} --",
    "pass": lambda e: f"{_who(e)} passes" + (" for good (no cards left)" if e.get("out") else ""),
    "draw": lambda e: f"{_who(e)} draws {_card(e)}",
    "play": lambda e: (
        f"{_who(e)} plays {_card(e)} in {_zone(e)}" + SLOT_WORDS.get(str(e.get("slot")), "")
    ),
    "ability": lambda e: f"{_card(e)} uses {e.get('ability')}",
    "ability_lost": lambda e: f"{_card(e)}'s {e.get('ability')} is lost ({e.get('why')})",
    "no_target": lambda e: f"{_card(e)}'s ability finds nothing to act on",
    "choice": lambda e: (
        f"{_card(e)} chooses: {CHOICES.get(str(e.get('verb')), e.get('verb'))}"
        + WHOSE.get(str(e.get("side")), "")
    ),
    "nothing": lambda e: f"{_card(e)} does nothing",
    "kill": lambda e: f"{e.get('source')} kills {_card(e)}",
    "no_counter": lambda e: f"{_card(e)} does not escape",
    "runaway": lambda e: f"{_card(e)} runs away to {_zone(e)}",
    "dodge": lambda e: f"{_card(e)} dodges death: back into the deck",
    "dodge_stays": lambda e: f"{_card(e)} dodges death and stays (the deck is empty)",
    "dies": lambda e: f"{_card(e)} dies",
    "switch": lambda e: f"{_card(e)}'s Dead Man's Switch goes off",
    "borrowed_time": lambda e: f"{_card(e)}'s time is up: the deck is empty",
    "copies_complete": lambda e: (
        "all four copies are on the mat: " + ", ".join(e.get("cards", ["they"])) + " die"
    ),
    "boost": lambda e: f"{e.get('source')} boosts {_card(e)} to 8",
    "hinder": lambda e: f"{e.get('source')} hinders {_card(e)} to 0",
    "redeploy": lambda e: f"{_card(e)} is redeployed to {_zone(e)}",
    "influence": lambda e: f"{_who(e)} takes {_card(e)} in {_zone(e)}",
    "turntable": lambda e: f"{_who(e)} will take another turn",
    "extra_turn": lambda e: f"{_who(e)} takes an extra turn",
    "fate_purge": lambda e: f"{_who(e)} shuffles {e.get('cards')} hand cards into the deck",
    # Why See shows the card to the other side (the shower's enemies)
    "reveal": lambda e: f"{_who(e)} shows {_card(e)} to the other side",
    "stick": lambda e: f"{_card(e)} binds " + " and ".join(e.get("cards", ["two cards"])),
    "trio_move": lambda e: f"{_who(e)} moves the Why Stick trio to {_zone(e)}",
    "preach": lambda e: f"{_card(e)} preaches: {e.get('n')} from each side come",
    "pulled": lambda e: f"{_card(e)} comes to {_zone(e)}",
    "see": lambda e: f"{_who(e)} will see a card after the enemy's next turn",
    "swap": lambda e: f"{_card(e)} swaps places with {e.get('other')}",
    "restart": lambda e: f"{e.get('source')} restarts {_card(e)}'s ability",
    "rewind": lambda e: f"{_card(e)} lifts the ban on contract turns",
    "pact": lambda e: f"{_card(e)} seals a Doom Pact with {e.get('other')}",
    "spared": lambda e: f"{_card(e)} lives: its side was behind",
    "how_dare_you": lambda e: (
        " and ".join(e.get("cards", ["both"])) + f" fight to the death in {_zone(e)} (How Dare You)"
    ),
    "scorch": lambda e: (
        " and ".join(e.get("cards", ["both"]))
        + f" scorch the earth: {_zone(e)} is sealed for both sides"
    ),
    "contracts": lambda e: "contracts: " + " | ".join(str(c or "(empty)") for c in e["cards"]),
    "setup_purge": lambda e: "only ineligible contracts: they are purged (no discard)",
    "take": lambda e: f"{_who(e)} takes {_card(e)} from the contracts",
    "give": lambda e: f"{_who(e)} puts {_card(e)} into the contracts",
    "burn": lambda e: f"{_card(e)} is discarded from the top of the deck",
    "purge": lambda e: f"{_who(e)} purges the contracts",
    "auto_purge": lambda e: "no eligible contract card left: an automatic purge",
    "freeze": lambda e: "contract freeze: no contract card can be traded",
    "ban": lambda e: f"the deck is down to {e.get('deck')}: contract turns are banned",
    "end": lambda e: _end(e),
}


def _end(e: Event) -> str:
    """``game over: 34 power for You, 29 for Computer; You win`` (the sides named
    by their seats; a log written before the event named them gives the powers)."""
    scores, winner, sides = e.get("scores", []), e.get("winner"), e.get("sides")
    if not isinstance(sides, list) or len(sides) != len(scores):
        out = "game over: power " + " to ".join(str(x) for x in scores)
        return out + ("; a tie" if winner is None else "")
    names = [" and ".join(player(p) for p in seats) for seats in sides]
    powers = [f"{x} for {n}" for n, x in zip(names, scores, strict=True)]
    out = f"game over: {powers[0].replace(' for', ' power for', 1)}, {', '.join(powers[1:])}"
    if winner is None:
        return out + "; a tie"
    verb = "wins" if len(sides[winner]) == 1 else "win"
    return f"{out}; {names[winner]} {verb}"


def format_event(event: Event) -> str:
    """One log event (as a seat sees it) in words."""
    words = EVENTS.get(str(event.get("e")))
    if words is not None:
        try:
            text = words(event)
        except (KeyError, TypeError, ValueError):
            pass
        else:  # a line of the log starts with a capital, as in the other games
            return text[:1].upper() + text[1:]
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("e", "seen_by"))
    return f"{event.get('e', '?')} {rest}".rstrip()


# -- cards ---------------------------------------------------------------------------
def card_panel(card: CardDef) -> Panel:
    """One card laid out like the printed one: name and type, power, group, ability."""
    style = GROUP_STYLE.get(card.group, "white")
    head = Text()
    head.append(card.name, style="bold")
    head.append(f"   power {card.power}", style="bold")
    lines: list[RenderableType] = [
        head,
        Text(f"{card.type}, {card.gender}", style="italic"),
        Text(card.group, style=style),
    ]
    if card.link >= 0:
        lines.append(Text(f"Linked to {ZONES[card.link]}: its ability works only there"))
    if card.diabolical:
        lines.append(Text("Ability and immunity only from a Diabolical activation slot"))
    if card.scorched:
        lines.append(Text("Takes no slot: goes around a zone's name"))
    if card.ability:
        lines.append(Text(""))
        lines.append(Text(f"{card.ability.name} ({', '.join(card.ability.category)})"))
        lines.append(Text(card.text))
    if card.note:
        lines.append(Text(""))
        lines.append(Text(card.note, style="italic dim"))
    foot = "released card" if card.origin == "released" else "our design"
    return Panel(Group(*lines), subtitle=foot, border_style=style, expand=False, width=64)


# -- the full-screen terminal (cli/screen.py) ------------------------------------------
ZONE_SHORT = ("Vask Tower", "Gang Hideout", "Havenvale")
ZONE_TINY = ("Vask", "Gang", "Haven")
SLOT_SHORT = {"r": "", "a": " act", "s": " ~"}
LEGEND = (
    "Each side's three zones, one a line: the zone, its power + synergy, then its cards.",
    "Name 4: a card and its power now; 8^ boosted, 0v hindered (the latest wins).",
    "{Name 5}: a Diabolical in the activation slot (ability on, immune but to Scorched Earth).",
    "~Name: a Scorched Earth card around the zone's name. SEALED: Scorch the Earth closed it.",
    "Name 3': the card's ability is used or lost; Name 3-: its ability can't work here.",
    "Contracts: the four face-up contract slots; deck and dead pile counts beside them.",
)


def _token(card: dict[str, Any], act: bool = False, scorched: bool = False) -> Text:
    """A mat card in a few characters: ``Dominique 8^``, ``{Vex 5}``, ``~Razor 0``."""
    style = GROUP_STYLE.get(card["group"], "")
    power, base = card["power"], card.get("base_power", card["power"])
    mark = "^" if power > base else "v" if power < base else ""
    if card.get("ability"):
        if card.get("ability_lost"):
            mark += "'"
        elif not card.get("ability_works", True):
            mark += "-"
    body = f"{card['card']} {power}{mark}"
    if act:
        body = "{" + body + "}"
    if scorched:
        body = "~" + body
    return Text(body, style=style)


def _zone_line(zone: dict[str, Any], width: int) -> Text:
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"  {ZONE_SHORT[zone['zone']]:<12}", style="bold")
    line.append(f"{_zone_power(zone):>5} ", style="bold magenta")
    if zone["sealed"]:
        line.append("SEALED (Scorch the Earth)", style="bold red")
        return line
    pieces = [_token(c, scorched=True) for c in zone["scorched"]]
    if zone["activation"] is not None:
        pieces.append(_token(zone["activation"], act=True))
    pieces += [_token(c) for c in zone["slots"]]
    if not pieces:
        line.append("-", style="dim")
    for i, piece in enumerate(pieces):
        if i:
            line.append(" · ", style="dim")
        line.append_text(piece)
    free = SLOTS - len(zone["slots"])
    if free < SLOTS and free <= 2:
        line.append(f"  ({free} free)", style="dim")
    return line


def _hand_lines(
    cards: list[dict[str, Any]], width: int, abilities: bool = True, whose: str = "Your"
) -> list[Text]:
    """One's own hand packed into as few lines as ``width`` allows (``abilities``
    False: names and power only, for a short screen); ``whose``: "Your", or the
    seat's name where it is not "You" (a replay, a shared screen)."""
    head = f"{whose} hand:"
    line = Text(head, style="bold green", no_wrap=True, overflow="ellipsis")
    lines = [line]
    if not cards:
        line.append(" (empty)", style="dim")
    for i, c in enumerate(cards):
        piece = Text(" · " if i else " ", style="dim")
        piece.append(c["card"], style=GROUP_STYLE.get(c["group"], ""))
        piece.append(f" {c['power']}", style="bold")
        if abilities and c.get("ability"):
            piece.append(f" [{c['ability']}]", style="dim")
        if cell_len(line.plain) + cell_len(piece.plain) > width and cell_len(line.plain) > 11:
            line = Text(" " * len(head), no_wrap=True, overflow="ellipsis")
            lines.append(line)
            piece = Text(" ") + piece[3:]
        line.append_text(piece)
    return lines


def _seat_name(seat: int, labels: Sequence[str], me: int | None) -> str:
    if seat < len(labels) and labels[seat]:
        return labels[seat].split(" · ")[0]
    return player(seat) + (" (you)" if seat == me else "")


def _zone_power(zone: dict[str, Any]) -> str:
    return f"{zone['power']}" + (f"+{zone['synergy']}" if zone["synergy"] else "")


def _hand_in_options(view: View, me: int | None, hand: list[dict[str, Any]]) -> bool:
    """Whether every card of ``me``'s hand is named by an option of the decision
    ``me`` is making (its turn: each card heads a line of the options)."""
    decision = view.get("decision") or {}
    if me is None or decision.get("player") != me or not hand:
        return False
    ids = [o["id"] for o in decision.get("options", ())]
    played = {i.split()[1] for i in ids if i.startswith("play ")}
    return all(str(c["id"]) in played for c in hand)


def _head_line(view: View, seat_labels: Sequence[str], me: int | None) -> Text:
    """The mode, the turn and whose it is."""
    head = Text(no_wrap=True, overflow="ellipsis", style="bold")
    head.append(
        f"{view['mode']} · turn {view['turn_number']} · "
        f"{_seat_name(view['active'], seat_labels, me)} to play"
    )
    return head


def _contracts_line(view: View) -> Text:
    """The contracts, whether they are frozen or banned, the deck and the dead."""
    contracts = Text("Contracts: ", no_wrap=True, overflow="ellipsis")
    for i, c in enumerate(view["contracts"]):
        if i:
            contracts.append(" | ", style="dim")
        if c is None:
            contracts.append("(empty)", style="dim")
        else:
            contracts.append(f"{c['card']} {c['power']}", style=GROUP_STYLE.get(c["group"], ""))
    if view["contract_freeze"]:
        contracts.append("  frozen", style="yellow")
    if view["contracts_banned"]:
        contracts.append("  banned", style="red")
    contracts.append(f"  · deck {view['deck_count']} · dead {len(view['dead'])}", style="dim")
    return contracts


def _other_hands(view: View, me: int | None, seat_labels: Sequence[str], width: int) -> list[Text]:
    """The other seats' hand counts (and cards shown from them), as many to a
    line as the width takes."""
    others: list[Text] = [Text(no_wrap=True, overflow="ellipsis")]
    for p in view["players"]:
        if p["seat"] == me:
            continue
        piece = Text(f"{_seat_name(p['seat'], seat_labels, me)}: {p['hand_count']} cards")
        if p["out"]:
            piece.append(" (out)")
        shown = [c["card"] for c in p["hand"] if c is not None]
        if shown:
            piece.append(f", shown: {', '.join(shown)}")
        line = others[-1]
        if line.plain and cell_len(line.plain) + 5 + cell_len(piece.plain) > width:
            line = Text(no_wrap=True, overflow="ellipsis")
            others.append(line)
        if line.plain:
            line.append("  ·  ", style="dim")
        line.append_text(piece)
    return others


def _side_tail(zones: list[dict[str, Any]], empty: bool, folded: bool, hand_below: bool) -> Text:
    """What follows a side's title: nothing on the mat yet, or (``folded``)
    each zone's power; and where the hand is when it is in the options."""
    tail = Text()
    if empty:
        tail.append(" · nothing on the mat yet", style="dim")
    elif folded:
        for z in zones:
            tail.append(f" · {ZONE_TINY[z['zone']]} ", style="bold")
            tail.append("SEALED" if z["sealed"] else _zone_power(z), style="bold magenta")
    if hand_below:
        tail.append(" · hand: in the options", style="dim")
    return tail


class _Mat:
    """The pieces of the play screen, built once; :meth:`layout` lays them out
    with more or less detail."""

    def __init__(self, view: View, me: int | None, seat_labels: Sequence[str], width: int) -> None:
        self.view = view
        self.me = me
        self.mine = 0 if me is None else me % 2
        self.seat_labels = seat_labels
        self.width = width
        self.head = _head_line(view, seat_labels, me)
        self.contracts = _contracts_line(view)
        self.has_hand = any(p["seat"] == me for p in view["players"])
        self.hand = [c for p in view["players"] if p["seat"] == me
                     for c in p["hand"] if c is not None]  # fmt: skip
        self.in_options = _hand_in_options(view, me, self.hand)
        bonds = [f"Why Stick: {' + '.join(t)}" for t in view["why_stick"]]
        bonds += [f"Doom Pact: {' + '.join(p)}" for p in view["doom_pacts"]]
        self.bond_lines = (
            [Text("  ·  ".join(bonds), style="yellow", no_wrap=True, overflow="ellipsis")]
            if bonds
            else []
        )
        self.others = [line for line in _other_hands(view, me, seat_labels, width) if line.plain]

    def side_lines(self, side: int, folded: bool, hand_below: bool) -> list[Text]:
        """A side's title and its three zones (``folded``: the zones' powers on
        the title line)."""
        s = self.view["sides"][side]
        empty = all(
            not z["slots"] and not z["scorched"] and z["activation"] is None and not z["sealed"]
            for z in s["zones"]
        )
        tail = _side_tail(s["zones"], empty, folded, hand_below)
        title = Text()
        for labels in (self.seat_labels, ()):  # "(computer, normal)" goes when it does not fit
            names = " & ".join(_seat_name(p, labels, self.me) for p in s["seats"])
            title = Text(no_wrap=True, overflow="ellipsis")
            title.append(names, style="bold green" if side == self.mine else "bold")
            title.append(f" · power {s['score']}", style="bold magenta")
            title.append_text(tail)
            if cell_len(title.plain) <= self.width:
                break
        if empty or folded:
            return [title]
        return [title, *(_zone_line(z, self.width) for z in s["zones"])]

    def layout(self, drop: int) -> list[Text]:
        """The lines with the first ``drop`` steps of :func:`render_screen`'s order taken."""
        hand_below = drop >= 5 and self.in_options
        out = [] if drop >= 1 else [self.head]
        out += [] if drop >= 8 else [self.contracts]
        out += self.side_lines(1 - self.mine, drop >= 6, False)
        out += self.side_lines(self.mine, drop >= 7, hand_below)
        out += self.bond_lines if drop < 2 else []
        out += self.others if drop < 3 else []
        if self.has_hand and not hand_below:
            me = self.me
            whose = speak(f"{player(me)}'s") if me is not None else "Your"
            hand_lines = _hand_lines(self.hand, self.width, abilities=drop < 4, whose=whose)
            out += hand_lines[:1] if drop >= 9 else hand_lines
        return out


def render_screen(
    view: View,
    me: int | None,
    seat_labels: Sequence[str] = (),
    width: int = 80,
    height: int | None = None,
) -> RenderableType:
    """The mat in a few lines for the play screen: a head line, the contracts,
    the enemy side's three zones, one's own side's three zones, the other hands'
    counts and one's own hand (kept last: the screen cuts from the top when it
    must).

    ``height``: at most that many lines. The mat is what a player must see while
    choosing, so detail goes in this order: the head line, the Why Stick / Doom
    Pact line, the other hands' counts, the abilities in one's own hand, then the
    hand itself when every card of it heads a line of the options below (the side
    title says so), then each side's zones fold into one line of zone powers (the
    enemy's first), then the contracts, then the hand's later lines."""
    mat = _Mat(view, me, seat_labels, width)
    lines = mat.layout(0)
    if height is not None:
        for drop in range(1, 10):
            if len(lines) <= height:
                break
            lines = mat.layout(drop)
        lines = lines[-max(1, height) :]  # one's own side and hand last, kept longest
    else:  # the plain transcript (screen readers, pipes): wrap, never cut
        for line in lines:
            line.no_wrap, line.overflow = False, "fold"
    return Group(*lines)


def _names_by_id(view: View) -> dict[int, dict[str, Any]]:
    """Every visible card of the view by id: hands, mat, contracts."""
    out: dict[int, dict[str, Any]] = {}
    for p in view["players"]:
        for c in p["hand"]:
            if c is not None:
                out[c["id"]] = c
    for s in view["sides"]:
        for z in s["zones"]:
            for c in (*z["slots"], *z["scorched"], z["activation"]):
                if c is not None:
                    out[c["id"]] = c
    for c in view["contracts"]:
        if c is not None:
            out[c["id"]] = c
    return out


def option_group(view: View, action_id: str, label: str) -> tuple[str, str]:
    """A heading and a short label, so a turn's options fit in a few lines:
    ``Valor (4, Love): 1 Vask  2 Gang  3 Haven`` (the card, then its zones) and
    ``Trade for: 19 Knuckles 6`` (``act``: the activation slot, ``~``: around the name)."""
    verb, _, rest = action_id.partition(" ")
    parts = rest.split()
    cards = _names_by_id(view)
    if verb == "play" and len(parts) == 3 and parts[0].isdigit() and parts[1].isdigit():
        c, z = cards.get(int(parts[0])), int(parts[1])
        if c is not None and 0 <= z < 3:
            ability = f", {c['ability']}" if c.get("ability") else ""
            return (
                f"{c['card']} ({c['power']}{ability})",
                ZONE_TINY[z] + SLOT_SHORT.get(parts[2], ""),
            )
    if verb == "trade" and rest.isdigit():
        k = int(rest)
        contracts = view["contracts"]
        if 0 <= k < len(contracts) and contracts[k] is not None:
            return "Trade for", f"{contracts[k]['card']} {contracts[k]['power']}"
    if verb == "purge":
        return "Or", "Contract Purge"
    if verb in ("flee", "to") and rest.isdigit() and 0 <= int(rest) < 3:
        return "To", ZONE_SHORT[int(rest)]
    if verb in ("escape", "die", "done", "pass"):
        return "Or" if verb in ("done", "pass") else "", label
    return "", label


def visible_cards(view: View) -> list[tuple[str, list[str]]]:
    """Every card name the view shows, by where it is (the ``c NAME`` command)."""
    out: list[tuple[str, list[str]]] = []
    me = view.get("seat")
    for p in view["players"]:
        hand = [c["card"] for c in p["hand"] if c is not None]
        if hand:
            out.append(("your hand" if p["seat"] == me else f"{player(p['seat'])}'s hand", hand))
    for s in view["sides"]:
        mat = [
            c["card"]
            for z in s["zones"]
            for c in (*z["scorched"], z["activation"], *z["slots"])
            if c is not None
        ]
        if mat:
            whose = "your" if s["side"] == view.get("side") else f"{side_name(view, s['side'])}'s"
            out.append((f"{whose} side of the mat", mat))
    contracts = [c["card"] for c in view["contracts"] if c is not None]
    if contracts:
        out.append(("contracts", contracts))
    if view["dead"]:
        out.append(("dead pile", list(view["dead"])))
    return out
