"""The full-screen terminal's Necromancer board (``screen.py``): both rows by
position, health, lifeforce, statuses and the open response stack, from a
seat's view alone, fitted to the lines the screen gives it."""

from __future__ import annotations

import io

from rich.console import Console

from ossuary.games import get
from ossuary.necromancer.state import NecroState

from .script import attack, expect, m, table

GAME = get("necromancer")


def text(state: NecroState, seat: int, width: int = 100, height: int | None = None) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(GAME.render_screen(state.view(seat), seat, (), width, height))
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def position() -> NecroState:
    s = table(
        hand=["Cave Lurker", "Grave Bolt"],
        mine=[m("Mist Wraith", 1, invisible=True), m("Cave Lurker", 3, damage=1)],
        theirs=[m("Grave Gnawer", 2, ensnared=2)],
        health1=31,
        lifeforce0=7,
        hand1=["Frost Snare"],
    )
    return s


def test_both_rows_by_position_with_health_lifeforce_and_statuses() -> None:
    s = position()
    out = text(s, 0)
    lines = out.splitlines()
    mine = next(i for i, line in enumerate(lines) if line.startswith("Player 1"))
    theirs = next(i for i, line in enumerate(lines) if line.startswith("Player 2"))
    assert theirs < mine, "the seat's own side is drawn at the bottom"
    assert "health 31" in lines[theirs] and "lifeforce 7" in lines[mine]
    row = next(line for line in lines[mine:] if "minions" in line)
    # space 1 holds the wraith, space 2 is empty, space 3 the lurker
    assert row.index("1 Mist Wraith") < row.index("2 ·") < row.index("3 Cave Lurker")
    assert "inv" in out and "-1" in out and "ens2" in out
    assert "magic" in out and "hand: Cave Lurker" in out and "Grave Bolt" in out


def test_the_opponent_sees_no_hand_and_the_stack_is_shown_while_open() -> None:
    s = position()
    assert "hand:" in text(s, 0) and "Grave Bolt" not in text(s, 1)
    attack(s, 0, 3, "h1")  # the Cave Lurker in space 3 attacks: a window opens
    expect(s, "window", 1)
    assert s.view(1)["response_stack"]
    shown = text(s, 1)
    assert "Response stack" in shown and "attacks with Cave Lurker" in shown
    assert "Frost Snare" in shown and "Grave Bolt" not in shown


def test_a_short_screen_drops_detail_but_keeps_the_hand() -> None:
    s = position()
    full = text(s, 0).rstrip("\n").splitlines()
    short = text(s, 0, height=len(full) - 3).rstrip("\n").splitlines()
    assert len(short) < len(full)
    assert "hand: Cave Lurker" in short[-1] or any("hand:" in line for line in short)


def test_options_grouped_and_every_visible_card_listed() -> None:
    s = position()
    view = s.view(0)
    groups = [GAME.option_group(view, o["id"], o["label"]) for o in view["decision"]["options"]]
    assert ("Play", "Cave Lurker (2)") in groups or any(
        h == "Play" and lab.startswith("Cave Lurker") for h, lab in groups
    )
    assert ("Or", "End turn") in groups
    where = dict(GAME.visible_cards(view))
    assert where["your hand"] == ["Cave Lurker", "Grave Bolt"]
    assert "Grave Gnawer" in where["Player 2's field"]
    assert "Player 2's hand" not in where
    assert GAME.legend()


def test_four_seats_fit_a_small_screen_each_seat_on_one_line() -> None:
    # with four seats and 14 lines, every seat keeps a line with its name and
    # health (the hero's name gives way first) and the own hand stays at the bottom
    s = GAME.new_game(seats=4, seed=2)
    out = text(s, 0, width=80, height=14).rstrip("\n").splitlines()
    assert len(out) <= 14
    for seat in range(4):
        line = next(line for line in out if line.startswith(f"Player {seat + 1}"))
        assert "health 40" in line and "lifeforce" in line and len(line) <= 80
    assert out[-1].lstrip().startswith("hand:")
