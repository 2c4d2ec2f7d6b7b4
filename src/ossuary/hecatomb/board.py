"""Drawing Hecatomb for the terminal: the board from a seat's view, the log, cards.

Everything here reads the JSON-ready ``view(seat)`` dict (or a log event from
it), never the game state, so nothing hidden from that seat can be shown.
The only other source is the public card catalogue (a card's printed text, for
a card whose name the view already shows).

The board is a list of short lines, one fact each, so that it reads well in a
screen reader's transcript and fits a full-screen terminal: :func:`board_lines`
drops detail, opponents first, until the lines fit the height it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..engine.names import seat_name, speak
from .cards import CardDef
from .words import abom_tag, ordinal

View = dict[str, Any]
DOOMS = ("corruption", "deceit", "destruction", "greed")
DOOM_STYLE = {
    "corruption": "grey70",
    "deceit": "bright_blue",
    "destruction": "red",
    "greed": "green",
}
# three letters each, distinct at a glance (help and the glossary explain them)
DOOM_SHORT = {"corruption": "cor", "deceit": "dec", "destruction": "dst", "greed": "grd"}
LEGEND = [
    "cor dec dst grd: the dooms corruption, deceit, destruction, greed",
    "▲dst/grd: a minion's trigger dooms (on the board: the top minion's). A minion "
    "played on top fires its conditional ability when its doom is one of them",
    "◆grd: the doom a minion's own conditional ability needs beneath it",
    "#3: an abomination's number; minions listed bottom / to / top",
    "mana cor 2/3: 2 of your 3 corruption mana cards are untapped",
    "short hand: 2dst = cost 2, destruction; c.min = combat minion; s3 = strength 3",
]
SHORT_TYPE = {
    "minion": "",
    "combat minion": "c.min",
    "combat fate": "c.fate",
}  # two hand cards side by side at 80 columns


def player(seat: int) -> str:
    """How a seat is named to people (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


def plural(n: int, word: str) -> str:
    """``1 soul``, ``2 souls``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- small pieces ------------------------------------------------------------------
def keywords_text(keywords: dict[str, Any]) -> str:
    """A view's keywords the way a card prints them:
    ``{"reaper": 1, "guardian": True, "evader": ["deceit"]}`` -> ``Reaper +1, Guardian,
    Deceit Evader``."""
    return keyword_text((k, tuple(v) if isinstance(v, list) else v) for k, v in keywords.items())


def doom_marks(dooms: Sequence[str], mark: str = "▲") -> Text:
    """Trigger dooms as short coloured marks: ``▲dst/grd``."""
    out = Text(mark)
    for i, d in enumerate(dooms):
        if i:
            out.append("/")
        out.append(DOOM_SHORT.get(d, d), style=DOOM_STYLE.get(d, ""))
    return out


def stack_text(abom: dict[str, Any]) -> str:
    """An abomination's minions bottom to top: ``Drudge 2 / Acolyte 3``."""
    return " / ".join(f"{m['card']} {m['strength']}" for m in abom["minions"])


def abom_status(abom: dict[str, Any]) -> str:
    """Whether an abomination can act (rulebook "Declare attackers"; glossary
    "Fanatic", "Guardian", "stitch"): ``ready`` only when it could attack."""
    kw = abom.get("keywords", {})
    if abom["tapped"]:
        return "tapped"
    if abom["size"] < 2:
        return "alone: can't attack or block"
    if kw.get("guardian"):
        return "Guardian: blocks, can't attack"
    if abom.get("stitched_this_turn"):
        return "stitched this turn: can't attack yet"
    if abom.get("played_this_turn") and not kw.get("fanatic"):
        return "new this turn: can't attack yet"
    return "ready"


def abom_line(abom: dict[str, Any]) -> str:
    """One line: ``#3 Drudge 2 / Acolyte 3 = str 5, size 2, tapped``."""
    flags = ", tapped" if abom["tapped"] else ""
    size = f"str {abom['strength']}, size {abom['size']}{flags}"
    return f"{abom_tag(abom['id'])} {stack_text(abom)} = {size}"


def mana_text(mana: list[dict[str, Any]], short: bool = False) -> str:
    """Mana cards by doom, untapped of all: ``corruption 2/3, greed 1/1 untapped``."""
    if not mana:
        return "no mana cards"
    untapped = Counter(m["doom"] for m in mana if not m["tapped"])
    every = Counter(m["doom"] for m in mana)
    parts = [f"{DOOM_SHORT[d] if short else d} {untapped[d]}/{every[d]}" for d in DOOMS if every[d]]
    return ", ".join(parts) + " untapped"


def pool_text(pool: dict[str, int]) -> str:
    return ", ".join(f"{n} {doom}" for doom, n in pool.items() if n)


def _card_bits(card: dict[str, Any], short: bool) -> Text:
    """A hand card: ``Snap  fate 2 dst`` or ``Warbeast Alpha  4 dst, str 5 ▲cor ◆grd``."""
    out = Text(card["card"], style="bold")
    doom = card.get("doom", "")
    kind = card.get("type", "")
    if short:
        out.append(f" {card.get('cost', '?')}")
        out.append(DOOM_SHORT.get(doom, doom), style=DOOM_STYLE.get(doom, ""))
        kind = SHORT_TYPE.get(kind, kind)
        if kind:
            out.append(f" {kind}")
        if "strength" in card:
            out.append(f" s{card['strength']}")
    else:
        out.append(f" · {kind}, cost {card.get('cost', '?')} ")
        out.append(doom, style=DOOM_STYLE.get(doom, ""))
        if "strength" in card:
            out.append(f", strength {card['strength']}")
    if card.get("triggers"):
        out.append(" ")
        out.append_text(doom_marks(card["triggers"]))
    if card.get("conditional"):
        out.append(" ")
        out.append_text(doom_marks([card["conditional"]], "◆"))
    return out


def _line(*parts: str | Text, style: str = "") -> Text:
    out = Text(style=style, no_wrap=True, overflow="ellipsis")
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            out.append_text(part)
    return out


# -- the board -------------------------------------------------------------------------
def _abom_text(a: dict[str, Any], detail: bool) -> Text:
    line = _line(f"  {abom_tag(a['id'])} ")
    if detail:
        line.append(stack_text(a))
        line.append(f" = str {a['strength']}, size {a['size']}, {abom_status(a)}")
    else:
        line.append(f"{a['minions'][-1]['card']} on top, str {a['strength']}, size {a['size']}")
        line.append(f", {abom_status(a).split(':')[0]}")
    top = a["minions"][-1]
    if top.get("triggers"):
        line.append(" ")
        line.append_text(doom_marks(top["triggers"]))
    kws = keywords_text(a["keywords"])
    if kws:
        line.append(f" · {kws}")
    return line


def _seat_head(view: View, p: dict[str, Any], mine: bool, label: str) -> Text:
    """Who, their souls, hand and deck sizes, and whether it is their turn."""
    head = _line(f"{label} · ", style="bold green" if mine else "bold blue")
    head.append(f"souls {p['souls']}", style="bold magenta")
    head.append(f" · hand {p['hand_count']} · deck {p['deck_count']}")
    if p["seat"] == view["active"]:
        head.append(" · active", style="bold")
    return head


def _zone_lines(p: dict[str, Any]) -> list[Text]:
    """Full detail: relics and god, the newest of the graveyard, what is removed."""
    lines = []
    grave = p["graveyard"]
    if p["relics"] or p["god"]:
        relics = ", ".join(r["card"] for r in p["relics"]) or "none"
        god = p["god"]["card"] if p["god"] else "none"
        lines.append(_line(f"  relics: {relics} · god: {god}"))
    if grave:
        shown = ", ".join(reversed(grave[-4:])) + (", ..." if len(grave) > 4 else "")
        lines.append(_line(f"  graveyard ({len(grave)}, newest first): {shown}"))
    if p["removed"]:
        lines.append(_line(f"  removed from the game: {', '.join(p['removed'])}"))
    return lines


def _zone_brief(p: dict[str, Any]) -> str:
    """Less detail: what is in play and the graveyard's top, for the mana line."""
    owned = [r["card"] for r in p["relics"]] + ([p["god"]["card"]] if p["god"] else [])
    grave = p["graveyard"]
    extra = []
    if owned:
        extra.append("in play: " + ", ".join(owned))
    if grave:
        extra.append(f"graveyard {len(grave)} (top {grave[-1]})")
    return " · " + " · ".join(extra) if extra else ""


def _abom_lines(p: dict[str, Any], mine: bool, level: int) -> list[Text]:
    """The seat's abominations: one line each (with their minions at the lowest
    levels), or all on one line of numbers when space is short."""
    aboms = p["abominations"]
    if not aboms:
        return [_line("  no abominations", style="dim")]
    if level < (4 if mine else 3):
        return [_abom_text(a, detail=level < (2 if mine else 1)) for a in aboms]
    summary = "; ".join(
        f"{abom_tag(a['id'])} str {a['strength']} size {a['size']}"
        + (" tapped" if a["tapped"] else "")
        for a in aboms
    )
    return [_line("  abominations: " + summary)]


def _hand_lines(p: dict[str, Any], level: int, width: int) -> list[Text]:
    """The reader's own hand: a card a line, or two a line when space is short
    and the screen is wide enough for two columns."""
    cards = [c for c in p["hand"] if c is not None]
    column = (width - 3) // 2
    lines = []
    if level < 4:
        lines.append(_line("  hand:", style="bold"))
    if level < 2 or column < 30:
        lines.extend(_line("    ", _card_bits(c, short=False)) for c in cards)
        return lines
    for i in range(0, len(cards), 2):
        left = _card_bits(cards[i], short=True)
        left.truncate(column, overflow="ellipsis", pad=True)
        row = _line("  ", left)
        if i + 1 < len(cards):
            row.append(" ")
            row.append_text(_card_bits(cards[i + 1], short=True))
        lines.append(row)
    return lines


def _seat_lines(
    view: View, p: dict[str, Any], me: int | None, label: str, level: int, width: int
) -> list[Text]:
    """One seat's lines; ``level`` 0 is full detail, higher levels drop detail
    (other seats' first, never this seat's souls or hand when it is ``me``; at
    level 6 the board's head line goes, the turn's number is in the log)."""
    mine = p["seat"] == me
    head = _seat_head(view, p, mine, label)
    zone = _line(f"  mana: {mana_text(p['mana'], level >= 2)}")
    pool = pool_text(p["pool"])
    if pool:
        zone.append(f" · pool: {pool}")
    lines = [head, zone]
    if level == 0:
        lines.extend(_zone_lines(p))
    elif brief := _zone_brief(p):
        zone.append(brief)
    if not mine and level >= 5:  # the mana goes up into the header line
        lines.pop()
        head.append(" ·" + zone.plain.removeprefix("  mana:"))
    lines.extend(_abom_lines(p, mine, level))
    if mine and p["hand"]:
        lines.extend(_hand_lines(p, level, width))
    return lines


def combat_text(view: View) -> Text | None:
    c = view["combat"]
    if c is None:
        return None
    tops = {a["id"]: a["minions"][-1]["card"] for p in view["players"]
            for a in p["abominations"] if a["minions"]}  # fmt: skip

    def named(aid: Any) -> str:  # "#3 Grave Hoarder": its number and its top minion
        aid = int(aid)
        return f"{abom_tag(aid)} {tops[aid]}" if aid in tops else abom_tag(aid)

    attackers = ", ".join(named(a) for a in c["attackers"]) or "none left"
    text = _line(
        speak(f"Combat: {player(c['aggressor'])} attacks {player(c['defender'])} with {attackers}"),
        style="bold red",
    )
    if c["blocks"]:
        text.append(
            # the attacker was named just before: its number is enough now
            "; "
            + ", ".join(f"{named(b)} blocks {abom_tag(int(a))}" for a, b in c["blocks"].items())
        )
    return text


def board_lines(
    view: View,
    me: int | None = None,
    seat_labels: Sequence[str] = (),
    width: int = 80,
    height: int | None = None,
    me_label: str = "you",
) -> list[Text]:
    """The table as short lines: other seats first, ``me`` last (nearest the
    options). With ``height``, detail is dropped until the lines fit."""
    labels = list(seat_labels)
    for p in view["players"][len(labels) :]:
        seat = p["seat"]
        labels.append(player(seat) + (f" ({me_label})" if seat == me and me_label else ""))
    order = [p for p in view["players"] if p["seat"] != me]
    order += [p for p in view["players"] if p["seat"] == me]
    lines: list[Text] = []
    for level in range(7):
        lines = [
            _line(
                speak(f"Turn {view['turn_number']} · {player(view['active'])} is active"),
                style="bold",
            )
        ]
        if level >= 6:  # the last to go: the active seat's line says "active"
            lines = []
        combat = combat_text(view)
        if combat is not None:
            lines.append(combat)
        if view["in_play"]:
            lines.append(_line("Being played: " + ", ".join(c["card"] for c in view["in_play"])))
        for p in order:
            lines.extend(_seat_lines(view, p, me, labels[p["seat"]], level, width))
        if height is None or len(lines) <= height:
            break
    if height is None:  # a transcript: wrap long lines instead of cutting them
        for line in lines:
            line.no_wrap = False
            line.overflow = "fold"
    return lines


def render_board(
    view: View,
    me: int | None = None,
    me_label: str = "you",
    seat_labels: Sequence[str] = (),
    width: int = 80,
    height: int | None = None,
) -> RenderableType:
    """The whole table as ``view`` shows it; ``me`` is the seat whose hand is drawn."""
    return Group(*board_lines(view, me, seat_labels, width, height, me_label))


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
    """Who won and why, said to the seat whose view it is ("You lose: Computer
    reached 20 souls"), then every seat's souls."""
    winner = view["winner"]
    me = view.get("seat")
    souls = ", ".join(f"{player(p['seat'])} {p['souls']}" for p in view["players"])
    if winner is None:
        return ["The game ended without a winner.", f"Souls: {souls}"]
    won = next(p["souls"] for p in view["players"] if p["seat"] == winner)
    why = f"{player(winner)} reached {plural(won, 'soul')} (20 win)"
    if me is None:
        head = f"{player(winner)} wins with {plural(won, 'soul')} (20 win)"
    else:
        head = f"{player(me)} {'wins' if me == winner else 'loses'}: {why}"
    return [head, f"Souls: {souls}"]


def visible_cards(view: View) -> list[tuple[str, list[str]]]:
    """Every card name the view shows, by where it is."""
    out: list[tuple[str, list[str]]] = []
    me = view.get("seat")
    for p in view["players"]:
        who = "your" if p["seat"] == me else f"{player(p['seat'])}'s"
        hand = [c["card"] for c in p["hand"] if c is not None]
        if hand:
            out.append((f"{who} hand", hand))
        board = [m["card"] for a in p["abominations"] for m in a["minions"]]
        board += [r["card"] for r in p["relics"]] + ([p["god"]["card"]] if p["god"] else [])
        if board:
            out.append((f"{who} board", board))
        for key, where in (("mana", "mana zone"), ("graveyard", "graveyard"),
                           ("removed", "removed cards")):  # fmt: skip
            names = [c if isinstance(c, str) else c["card"] for c in p[key]]
            if names:
                out.append((f"{who} {where}", names))
        known = [k["card"] for k in p.get("deck_known", [])]
        if known:
            out.append((f"{who} deck (seen)", known))
    if view["in_play"]:
        out.append(("being played", [c["card"] for c in view["in_play"]]))
    return out


# -- options ------------------------------------------------------------------------------
def _names_by_id(view: View) -> dict[int, str]:
    names: dict[int, str] = {}
    for p in view["players"]:
        for c in p["hand"]:
            if c is not None:
                names[c["id"]] = c["card"]
        for a in p["abominations"]:
            for m in a["minions"]:
                names[m["id"]] = m["card"]
    return names


def _tapped_minion(view: View, aid: int, cid: int, names: dict[int, str]) -> str:
    """``Seamstress of Debts (#8)``, or ``(#8, on top)`` when another minion
    of that abomination has the name too."""
    aboms = [a for p in view["players"] for a in p["abominations"] if a["id"] == aid]
    stack: list[dict[str, Any]] = aboms[0]["minions"] if aboms else []
    ids = [m["id"] for m in stack]
    name = names.get(cid, "a minion")
    where = abom_tag(aid)
    if cid in ids and [m["card"] for m in stack].count(name) > 1:
        at = ids.index(cid)
        where += ", on top" if at == len(ids) - 1 else f", {ordinal(at + 1)} from the bottom"
    return f"{name} ({where})"


def _payment(rest: str) -> str:
    """A payment by doom, as a short label the option's number can stand before:
    ``corruption``, ``greed ×2 + deceit`` (never "1 1 corruption")."""
    counts = [int(v) for v in rest.split(",") if v.isdigit()]
    parts = [d if n == 1 else f"{d} ×{n}" for d, n in zip(DOOMS, counts, strict=False) if n]
    return " + ".join(parts) or "nothing"


def option_group(view: View, action_id: str, label: str) -> tuple[str, str]:
    """A heading and a short label, so the main phase fits in a few lines:
    ``Play: 1 Snap (2)  2 Warbeast Alpha (4)`` / ``Mana: 3 Snap  4 Warbeast Alpha``."""
    verb, _, rest = action_id.partition(" ")
    names = _names_by_id(view)
    if verb in ("mana", "play") and rest.isdigit() and int(rest) in names:
        name = names[int(rest)]
        if verb == "mana":
            return "Add to mana", name
        cost = next(
            (
                c.get("cost")
                for p in view["players"]
                for c in p["hand"]
                if c and c["id"] == int(rest)
            ),
            None,
        )
        return "Play", f"{name} ({cost})" if cost is not None else name
    if verb == "tap":
        parts = rest.split()
        if len(parts) == 3 and parts[1].isdigit() and int(parts[1]) in names:
            return "Use ↻", _tapped_minion(view, int(parts[0]), int(parts[1]), names)
    if verb in ("attack", "end", "pass", "cancel"):
        return "Or", {"attack": "Attack", "end": "End your turn", "pass": "Pass",
                      "cancel": "Back"}[verb]  # fmt: skip
    if verb == "pay":
        return "Pay", _payment(rest)
    if verb == "x":  # "X = 2", so the option's number never stands next to the value
        return "Choose", f"X = {rest}"
    if verb in ("yes", "no"):
        return "Answer", label
    return "", label


# -- the event log -----------------------------------------------------------------
def _a(value: Any) -> str:
    return abom_tag(value) if isinstance(value, int) else str(value)


def _who(event: dict[str, Any], key: str = "p") -> str:
    p = event.get(key)
    return player(p) if isinstance(p, int) else "a player"


def _card(event: dict[str, Any]) -> str:
    return str(event.get("card", "a card"))


def _souls(e: dict[str, Any]) -> str:
    n, mode = int(e.get("n", 0)), e.get("mode")
    if mode == "steal":
        return f"{player(e['to'])} steals {plural(n, 'soul')} from {_who(e)}"
    if mode == "lose":
        return f"{_who(e)} loses {plural(n, 'soul')}"
    why = " (start of the turn)" if e.get("why") == "turn" else ""
    return f"{_who(e)} gains {plural(n, 'soul')}{why}"


def _zone(e: dict[str, Any]) -> str:
    whose = f"{player(e['whose'])}'s" if isinstance(e.get("whose"), int) else "a"
    zone = e.get("zone", "hand")
    return f"{whose} hand" if zone == "hand" else f"the top of {whose} deck"


def _toll(e: dict[str, Any]) -> str:
    if "souls" in e:
        return f"{_who(e)} pays {plural(int(e['souls']), 'soul')} to attack"
    return f"{_who(e)} taps a mana card to attack"


#: every event kind the rules log, in words (a test checks the rules code for kinds
#: missing here). Each takes an event as a seat sees it (private cards may be gone).
EVENT_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "turn": lambda e: f"-- turn {e.get('n')}: {_who(e)} --",
    "souls": _souls,
    "draw": lambda e: f"{_who(e)} draws {e['card']}" if "card" in e else f"{_who(e)} draws a card",
    "draw_empty": lambda e: f"{_who(e)} can't draw: the deck is empty",
    "mana": lambda e: f"{_who(e)} puts {_card(e)} into the mana zone",
    "play": lambda e: f"{_who(e)} plays {_card(e)}",
    "minion": lambda e: f"{_who(e)}'s {_card(e)} joins abomination {_a(e.get('a'))}",
    "tap_ability": lambda e: f"{_who(e)} taps an abomination to use {_card(e)}'s ability",
    "no_target": lambda e: f"{_card(e)}'s ability has no legal target and does nothing",
    "attack": lambda e: (
        f"{_who(e)} attacks {player(e['defender'])} with "
        + ", ".join(_a(a) for a in e.get("attackers", []))
    ),
    "toll": _toll,
    "hunt": lambda e: f"Hunter {_a(e.get('hunter'))} untaps {_a(e.get('prey'))} and makes it block",
    "block": lambda e: (
        f"{_a(e.get('blocker'))} blocks {_a(e.get('attacker'))}"
        + (" (forced by Hunter)" if e.get("forced") else "")
    ),
    "leaves_combat": lambda e: f"{_a(e.get('a'))} is down to one minion and leaves the combat",
    "damage": lambda e: f"{_a(e.get('source'))} deals {e.get('amount')} damage to {_a(e.get('a'))}",
    "reap": lambda e: (
        f"{_a(e.get('a'))} reaps {plural(int(e.get('souls', 0)), 'soul')} for {_who(e)}"
    ),
    "destroyed": lambda e: (
        f"{_card(e)} is destroyed" + (" in the fight" if e.get("cause") == "combat" else "")
    ),
    "sacrifice": lambda e: f"{_card(e)} is sacrificed",
    "martyr": lambda e: f"{_card(e)} is destroyed and, a Martyr, becomes a mana card",
    "regenerate": lambda e: f"{_card(e)} regenerates: back to its owner's hand",
    "soulbound": lambda e: f"{_card(e)}, Soulbound, is stitched onto {_a(e.get('onto'))}",
    "stitch": lambda e: (
        f"{_card(e)} is stitched "
        + (f"onto {_a(e['onto'])}" if e.get("onto") is not None else "into a new abomination")
    ),
    "sever": lambda e: f"{_card(e)} is severed and becomes an abomination of its own",
    "discard": lambda e: f"{_who(e)} discards {_card(e)}",
    "exile": lambda e: f"{_card(e)} is exiled to its owner's hand",
    "exhume": lambda e: f"{_card(e)} is exhumed from the graveyard to its owner's hand",
    "retrieve": lambda e: f"{_who(e)} retrieves {_card(e)} from the deck (and shuffles)",
    "removed": lambda e: f"{_card(e)} is removed from the game",
    "returns": lambda e: f"{_card(e)} comes back",
    "look": lambda e: (
        f"{_who(e)} looks at {_zone(e)}"
        + (
            f": {', '.join(e['cards'])}"
            if e.get("cards")
            else f" ({plural(int(e.get('n', 0)), 'card')})"
        )
    ),
    "reveal": lambda e: (
        f"{_zone(e).capitalize()} is revealed: {', '.join(e.get('cards', [])) or 'nothing'}"
    ),
    "win": lambda e: f"{_who(e)} wins with {plural(int(e.get('souls', 0)), 'soul')}",
    "strength": lambda e: (
        f"{e['minion'] if 'minion' in e else _a(e.get('a'))} gets {int(e['n']):+d} strength "
        f"until end of turn ({e.get('source')})"
    ),
    "grant": lambda e: (
        f"{_a(e.get('a'))} gets {keyword_text([(str(e['keyword']), _kw_value(e))])} "
        f"until end of turn ({e.get('source')})"
    ),
    "tap": lambda e: f"{_a(e.get('a'))} is tapped ({e.get('source')})",
    "untap": lambda e: f"{_a(e.get('a'))} untaps ({e.get('source')})",
    "pool": lambda e: (
        f"{_who(e)} adds {e.get('n')} {e.get('doom')} mana to the pool ({e.get('source')})"
    ),
}


def _kw_value(e: dict[str, Any]) -> Any:
    value = e.get("value", True)
    return tuple(value) if isinstance(value, list) else value


def format_event(event: dict[str, Any]) -> str:
    """One log event (as a seat sees it) in words."""
    words = EVENT_WORDS.get(str(event.get("e")))
    if words is not None:
        try:
            return words(event)
        except (KeyError, TypeError, ValueError):
            pass  # a malformed event still gets printed below, never a crash
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("e", "private"))
    return f"{event.get('e', '?')} {rest}".rstrip()


# -- cards ---------------------------------------------------------------------------
def keyword_text(kws: Iterable[tuple[str, Any]]) -> str:
    """Keywords the way a card prints them: "Rager +1, Deceit Evader, Martyr"."""
    out = []
    for key, value in kws:
        title = key.replace("_", " ").title()
        if value is True:
            out.append(title)
        elif isinstance(value, int):
            out.append(f"{title} {value:+d}")
        else:
            out.append(f"{'/'.join(str(d).title() for d in value)} {title}")
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
            lines.append(
                Text("Trigger dooms: ")
                + doom_marks(card.triggers)
                + Text(
                    f" ({', '.join(card.triggers)}): a minion played on this one fires its "
                    "conditional ability when the doom matches"
                )
            )
        if card.cond_doom:
            lines.append(
                Text("Conditional box: ")
                + doom_marks([card.cond_doom], "◆")
                + Text(
                    f" ({card.cond_doom}): works when played from hand onto a minion "
                    f"showing {card.cond_doom}"
                )
            )
    if card.text:
        lines.append(Text(""))
        lines.append(Text(card.text))
    if card.attack_cost and not card.text:  # printed text says it already, in its words
        parts = ", ".join(plural(n, k.removesuffix("s")) for k, n in card.attack_cost)
        lines.append(Text(f"Attacking its controller costs {parts} per abomination."))
    if card.flavor:
        lines.append(Text(""))
        lines.append(Text(card.flavor, style="italic dim"))
    foot = f"{card.rarity} · set {card.set}" + (f" · #{card.number}" if card.number else "")
    return Panel(
        Group(*lines), subtitle=foot, border_style=DOOM_STYLE[card.doom], expand=False, width=64
    )
