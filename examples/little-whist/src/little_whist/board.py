"""Little Whist in the terminal: the board drawn from a seat's view, log
events in words (``ossuary play whist``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ossuary.engine.names import seat_name


def _names(cards: list[Any]) -> str:
    return ", ".join(c["card"] for c in cards if c) or "none"


def render_board(view: dict[str, Any], me: int | None = None, me_label: str = "you") -> Text:
    """Each seat's tricks and hand (the cards when the view shows them, else how
    many), then the trick on the table."""
    out = Text()
    for player in view["players"]:
        seat, hand = player["seat"], player["hand"]
        who = seat_name(seat)
        if seat == me and me_label != "you":  # "You" already says whose it is
            who += f" ({me_label})"
        tricks = player["tricks"]
        out.append(who, style="bold")
        out.append(f" · {tricks} trick{'s' * (tricks != 1)}")
        if hand and hand[0] is not None:
            out.append(f"\n  hand: {_names(hand)}\n")
        else:
            out.append(f" · {len(hand)} card{'s' * (len(hand) != 1)} in hand\n")
    table = ", ".join(f"{t['card']} ({seat_name(t['seat'])})" for t in view["table"])
    out.append("Table: ", style="bold")
    out.append((table or "empty") + "\n")
    if view["not_dealt"]:
        out.append(f"{view['not_dealt']} cards were not dealt.", style="dim")
    return out


def format_event(event: dict[str, Any]) -> str:
    kind = event.get("e")
    if kind == "deal":
        return (
            f"Each player is dealt {event['cards']} cards. {seat_name(event['first'])} plays first."
        )
    if kind == "play":
        return f"{seat_name(event['p'])} plays {event['card']}."
    if kind == "trick":
        return f"{seat_name(event['p'])} takes the trick ({', '.join(event['cards'])})."
    if kind == "win":
        return f"{seat_name(event['p'])} wins with {event['tricks']} tricks."
    if kind == "draw":
        who = " and ".join(seat_name(p) for p in event["seats"])
        return f"A draw: {who} took {event['tricks']} tricks each."
    return str(kind)


def result_lines(view: dict[str, Any]) -> list[str]:
    tricks = ", ".join(f"{seat_name(p['seat'])} {p['tricks']}" for p in view["players"])
    winner = view["winner"]
    head = "A draw." if winner is None else f"{seat_name(winner)} wins."
    return [head, f"Tricks taken: {tricks}."]


def visible_cards(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    out = []
    for player in view["players"]:
        hand = [c["card"] for c in player["hand"] if c]
        if hand:
            out.append((f"{seat_name(player['seat'])}'s hand", hand))
        if player["taken"]:
            taken = [c["card"] for c in player["taken"]]
            out.append((f"{seat_name(player['seat'])}'s tricks", taken))
    if view["table"]:
        out.append(("the table", [t["card"] for t in view["table"]]))
    return out
