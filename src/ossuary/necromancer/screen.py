"""Path of the Necromancer on the full-screen terminal (``cli/screen.py``).

The play screen gives the board a line budget; this draws it in as few lines
as the position needs, from the seat's view alone: every seat's hero, health
and lifeforce, both rows by position (minion spaces 1-4, magic slots 1-3) with
each minion's statuses, the open response stack, and the seat's own hand at the
bottom (the screen never cuts the bottom). When the budget is short it drops
detail (two spaces a line, then empty rows and the heroes' names in the seats'
lines) before anything else, and shortens the names of the cards in play
(:func:`shorten`: "Skullpike S.") only when nothing else is left to drop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from .board import health, minion_statuses, player, stack_text

View = dict[str, Any]

LEGEND = [
    "health / lifeforce: the hero's health (0: out) and what is left to spend this turn",
    "1-4 minion spaces, left to right; 1-3 magic slots; · an empty place",
    "3/2: attack / defense left (damage taken already counted); -2: damage taken",
    "inv: invisible · ens2: ensnared 2 more rounds · from Ann: borrowed from Ann",
    "atk: has attacked this turn · def: has defended this turn · +Name: a relic on it",
    "ability used: the hero's own ability is spent this turn",
    "Response stack: what waits to resolve, the top (first listed) first",
]


SMALL_WORDS = frozenset({"of", "the", "a", "an"})
# a row on one line shortens no name below READABLE; where that is not enough
# it takes two lines (two spaces a line), unless the board is as short as it
# goes: then names go down to SHORTEST and the screen cuts the rest
READABLE, SHORTEST = 8, 4


def shorten(name: str, n: int) -> str:
    """``name`` in at most ``n`` characters, still readable: the small words go
    first ("Queen Hollow Web"), then the later words become their first letters
    ("Skullpike Serg.", "Skullpike S."), then the first word too ("Skullp. S.");
    only then is it cut with "…". A name that fits is left whole."""
    if len(name) <= n:
        return name
    words = name.replace(",", "").split()
    kept = [w for i, w in enumerate(words) if i == 0 or w.lower() not in SMALL_WORDS]
    if len(" ".join(kept)) <= n:
        return " ".join(kept)
    # later words from the last backward, each to its initial
    for i in range(len(kept) - 1, 0, -1):
        kept[i] = kept[i][0] + "."
        if len(" ".join(kept)) <= n:
            return " ".join(kept)
    first = kept[0]
    for k in range(len(first) - 1, 2, -1):
        kept[0] = first[:k] + "."
        if len(" ".join(kept)) <= n:
            return " ".join(kept)
    return name[: max(0, n - 1)] + "…"


def minion_flags(m: dict[str, Any]) -> list[str]:
    """A minion's statuses in the legend's short words."""
    flags = []
    if m["damage"]:
        flags.append(f"-{m['damage']}")
    flags += [short for _words, short in minion_statuses(m)]
    flags += [f"+{r['card']}" for r in m["relics"]]
    return flags


def _stats(m: dict[str, Any]) -> str:
    return f"{m['attack']}/{m['defense']}"


def _place(k: int, name: str, rest: str, style: str = "bold") -> Text:
    """One space's cell: its number, the card's name and what follows it."""
    cell = Text()
    cell.append(f"{k} ", style="dim")
    if not name:
        cell.append("·", style="dim")
        return cell
    cell.append(name, style=style)
    if rest:
        cell.append(f" {rest}")
    return cell


def _flow(label: str, places: list[tuple[str, str]], width: int, detail: int) -> list[Text]:
    """A row of places (name, what follows it; "" for an empty one), numbered
    from 1: on one line, the empty places short and the names shortened evenly,
    the longest first (:func:`shorten`), so each stays readable instead of all
    being cut to a few letters; or, where one line would shorten a name (at
    ``detail`` 2) or shorten one below READABLE (at 1), two places a line in
    columns, names whole as far as the column allows. At ``detail`` 0 always
    one line."""
    grid = detail >= 3
    lead = f"  {label:<8}"
    if grid:
        column = (width - len(lead)) // 2
        lines = []
        for at in range(0, len(places), 2):
            line = Text(lead if at == 0 else " " * len(lead), style="bold")
            for k in range(at, min(at + 2, len(places))):
                name, rest = places[k]
                room = column - 3 - (len(rest) + 1 if rest else 0)
                cell = _place(k + 1, shorten(name, max(READABLE, room)), rest)
                if k == at and at + 1 < len(places):
                    cell.truncate(column - 1, overflow="ellipsis", pad=True)
                    cell.append(" ")
                line.append_text(cell)
            lines.append(line)
        return lines
    names = [name for name, _ in places]

    def line_of(shown: list[str]) -> Text:
        line = Text(lead, style="bold")
        for k, (name, (_, rest)) in enumerate(zip(shown, places, strict=True)):
            if k:
                line.append("  ")
            line.append_text(_place(k + 1, name, rest))
        return line

    floor = {0: SHORTEST, 1: READABLE}.get(detail, 10**3)  # 2: names whole
    line = line_of(names)
    while len(line) > width:
        longest = max(range(len(names)), key=lambda i: len(names[i]))
        if len(names[longest]) <= floor:
            break  # as short as a name goes here
        names[longest] = shorten(places[longest][0], max(floor, len(names[longest]) - 1))
        line = line_of(names)
    if len(line) > width and detail:
        return _flow(label, places, width, 3)
    return [line]


def _minion_rows(p: dict[str, Any], width: int, detail: int) -> list[Text]:
    places = []
    for m in p["minions"]:
        if m is None:
            places.append(("", ""))
        else:
            places.append((m["card"], " ".join([_stats(m), *minion_flags(m)])))
    return _flow("minions", places, width, detail)


def _magic_row(p: dict[str, Any], width: int, detail: int) -> list[Text]:
    places = []
    for c in p["magic"]:
        if c is None:
            places.append(("", ""))
            continue
        extra = c["type"]
        if "defense" in c:
            extra += f" {c['defense']}"
        if c.get("rounds_left") is not None:
            extra += f" {c['rounds_left']}r"
        places.append((c["card"], extra))
    return _flow("magic", places, width, min(detail, 1))


def _head(
    view: View,
    p: dict[str, Any],
    me: int | None,
    labels: Sequence[str],
    width: int,
    compact: bool = False,
) -> list[Text]:
    """The seat's name, then its hero's numbers; on two lines when one is too
    narrow, unless ``compact``: then one line, the name cut short and the hero
    left out (its name is in the ``c`` list), so four seats fit a small screen."""
    seat = p["seat"]
    head = Text()
    name = labels[seat] if seat < len(labels) and labels[seat] else player(seat)
    if seat == me and seat >= len(labels):
        name += " (you)"
    head.append(name, style="bold green" if seat == me else "bold blue")
    if seat == view["active"]:
        head.append(" ▶ active", style="bold yellow")
    if not p["alive"]:
        head.append(" · out of the game", style="dim")
    stats = Text()
    stats.append(f"health {health(p)}", style="bold red")
    stats.append(" · ")
    stats.append(f"lifeforce {p['lifeforce']}", style="bold green")
    stats.append(f" · hand {p['hand_count']} · deck {p['deck_count']}")
    stats.append(f" · grave {len(p['graveyard'])}")
    if p["banished"]:
        stats.append(f" · banished {len(p['banished'])}")
    if p["hero"]["ability_used"]:
        stats.append(" · ability used", style="italic")
    hero = Text(f" · {p['hero']['card']}", style="dim")
    if len(head) + 3 + len(stats) + len(hero) <= width:
        return [Text.assemble(head, " · ", stats, hero)]
    if compact:
        head.truncate(max(12, width - 3 - len(stats)), overflow="ellipsis")
        return [Text.assemble(head, " · ", stats)]
    return [Text.assemble(head, hero), Text.assemble("  ", stats)]


def _hand_lines(p: dict[str, Any], width: int, detail: bool) -> list[Text]:
    cards = [c for c in p["hand"] if c is not None]
    if not cards:
        return [Text("  hand: (empty)", style="dim")]
    words = []
    for c in cards:
        bits = str(c.get("cost", ""))
        if "attack" in c:
            bits += f", {c['attack']}/{c['defense']}"
        elif detail:
            bits += f", {c['type']}"
        words.append(f"{c['card']} ({bits})")
    lines: list[Text] = []
    line = Text("  hand: ", style="bold")
    for w in words:
        if len(line) + len(w) + 3 > width and len(line) > 8:
            lines.append(line)
            line = Text("        ")
        line.append(w)
        line.append(" · ", style="dim")
    line.right_crop(3)
    lines.append(line)
    return lines


def screen_lines(
    view: View,
    me: int | None,
    seat_labels: Sequence[str] = (),
    width: int = 80,
    detail: int = 2,
    rows: int | None = None,
) -> list[Text]:
    """The board as lines, ``detail`` 2 (everything), 1 (the same, a row of
    places on one line where its names stay readable) or 0 (empty magic rows
    left out, each seat's name and numbers on one line). ``rows`` is how the
    places are laid out (:func:`_flow`), ``detail`` unless given: 0 keeps every
    row on one line, whatever it does to the names."""
    rows = detail if rows is None else rows
    order = [p for p in view["players"] if p["seat"] != me]
    order += [p for p in view["players"] if p["seat"] == me]
    turn = f"Turn {view['turn_number']}" if view["turn_number"] else "Before the first turn"
    lines: list[Text] = [Text(turn, style="dim")] if detail else []
    for p in order:
        lines += _head(view, p, me, seat_labels, width, compact=not detail)
        lines += _minion_rows(p, width, rows)
        if detail or any(c is not None for c in p["magic"]):
            lines += _magic_row(p, width, rows)
        if p["seat"] == me:
            lines += _hand_lines(p, width, detail > 0)
    stack = stack_text(view)
    if stack is not None:
        at = len(lines) - (len(_hand_lines(order[-1], width, detail > 0)) if me is not None else 0)
        lines[at:at] = stack.split("\n")
    if view["between_zones"]:
        moving = ", ".join(c["card"] for c in view["between_zones"])
        lines.append(Text(f"  on its way into play: {moving}"))
    return lines


def render_screen(
    view: View,
    me: int | None,
    seat_labels: Sequence[str] = (),
    width: int = 80,
    height: int | None = None,
) -> RenderableType:
    """As much detail as fits in ``height`` lines (all of it when None): the
    names of the cards in play are the last to be shortened past reading."""
    lines: list[Text] = []
    for detail, rows in ((2, 2), (1, 1), (0, 1), (0, 0)):
        lines = screen_lines(view, me, seat_labels, width, detail, rows)
        if height is None or len(lines) <= height:
            break
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return Group(*lines)


def _names_by_id(view: View) -> dict[int, str]:
    names: dict[int, str] = {}
    for p in view["players"]:
        for c in [*p["hand"], *p["minions"], *p["magic"], *p["graveyard"]]:
            if c is not None:
                names[c["id"]] = c["card"]
        for m in p["minions"]:
            for r in m["relics"] if m is not None else ():
                names[r["id"]] = r["card"]
    return names


def _which(view: View, cid: int, name: str) -> str:
    """A card in play by name, with where it lies when another card in play has
    that name too ("Cave Lurker (space 2)", "Bone Crown (on Computer's Cave
    Lurker, space 1)"), so two options never read the same."""
    me = view.get("seat")
    places: dict[int, str] = {}
    for p in view["players"]:
        whose = "" if p["seat"] == me else f"{player(p['seat'])}'s "
        for m in p["minions"]:
            if m is not None:
                places[m["id"]] = f"{whose}space {m['position']}"
                for r in m["relics"]:
                    places[r["id"]] = f"on {whose}{m['card']}, space {m['position']}"
        for c in p["magic"]:
            if c is not None:
                places[c["id"]] = f"{whose}slot {c['slot']}"
    named = [c for c, n in _names_by_id(view).items() if n == name and c in places]
    if len(named) < 2 or cid not in places:
        return name
    return f"{name} ({places[cid]})"


_OR = {
    "end": "End your turn",
    "pass": "Pass",
    "draw": "Draw Card (3)",
    "sacrifice": "Sacrifice Card",
    "dismiss": "Dismiss",
    "hero": "Hero ability",
    "done": "Done",
    "keep": "Keep",
    "none": "None of them",
}


def _num(action_id: str) -> int:
    """The card an option's id names ("defend 18": 18); -1 when it names none."""
    rest = action_id.partition(" ")[2]
    return int(rest) if rest.isdigit() else -1


def option_group(view: View, action_id: str, label: str) -> tuple[str, str]:
    """A heading and a short label, so a main phase fits in a few lines:
    ``Play: 1 Grave Gnawer (1)  2 Corpse Eater (2)`` / ``Attack with: 3 ...``."""
    verb, _, rest = action_id.partition(" ")
    names = _names_by_id(view)
    num = int(rest) if rest.isdigit() else None
    if verb == "play" and num in names:
        cost = next((c.get("cost") for p in view["players"] for c in p["hand"]
                     if c is not None and c["id"] == num), None)  # fmt: skip
        return "Play", f"{names[num]} ({cost})" if cost is not None else names[num]
    if verb in ("attack", "defend", "mulligan", "destroy") and num in names:
        heading = {"attack": "Attack with", "defend": "Defend with", "mulligan": "Discard",
                   "destroy": "Destroy Magic (4) on"}[verb]  # fmt: skip
        if verb == "mulligan":
            return heading, names[num]
        return heading, _which(view, num, names[num])
    if verb == "hero":
        return "Or", label.removeprefix("Use ").replace("'s ability", " ability")
    if verb in _OR and not rest:
        return "Or", _OR[verb]
    return "", label


def visible_cards(view: View) -> list[tuple[str, list[str]]]:
    """Every card name the view shows, by where it is."""
    out: list[tuple[str, list[str]]] = []
    me = view.get("seat")
    for p in view["players"]:
        who = "your" if p["seat"] == me else f"{player(p['seat'])}'s"
        out.append((f"{who} hero", [p["hero"]["card"]]))
        hand = [c["card"] for c in p["hand"] if c is not None]
        field = [m["card"] for m in p["minions"] if m is not None]
        field += [r["card"] for m in p["minions"] if m is not None for r in m["relics"]]
        field += [c["card"] for c in p["magic"] if c is not None]
        for where, names in (("hand", hand), ("field", field),
                             ("graveyard", [c["card"] for c in p["graveyard"]]),
                             ("banished cards", [c["card"] for c in p["banished"]])):  # fmt: skip
            if names:
                out.append((f"{who} {where}", names))
    stack = [e["card"] for e in view["response_stack"] if e.get("card")]
    stack += [c["card"] for c in view["between_zones"]]
    if stack:
        out.append(("being played", stack))
    return out
