"""What the terminal draws: the board from one seat's view, and never a hidden card."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from ossuary import hecatomb
from ossuary.agents import Observation, RandomAgent
from ossuary.cli.human import HumanAgent, Table
from ossuary.engine import Rng
from ossuary.hecatomb import GAME, HecatombState, load_scenario
from ossuary.hecatomb.board import format_event, render_board, summary_lines

SCENARIO = """
[game]
active = 0
[[seat]]
souls = 9
hand = ["Snap", "Warbeast Alpha"]
mana = ["Maw Acolyte", "Festering Drudge", "Razorback Hound"]
mana_tapped = ["Gutter Spawn", "Snap"]
abominations = [["Razorback Hound", "Basalt Sentinel", "Bonecrusher Brute"]]
relics = ["Idol of the Hollow Sun"]
god = "Xoloth, Eater of Names"
[[seat]]
souls = 12
hand = ["Veil Trickster", "Stolen Face"]
abominations = [{ minions = ["Grave Hoarder", "Gilded Ghoul"], tapped = true }, ["Mirror Skulker"]]
"""


def text_of(renderable: Any, width: int = 160) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_board_shows_each_seat_from_the_human_view() -> None:
    s = load_scenario(SCENARIO)
    text = text_of(render_board(s.view(0), me=0))
    assert "Player 0 (you) · active" in text
    assert "souls 9" in text and "souls 12" in text
    assert "hand 2" in text  # both hands are counted
    # own hand: name, type, doom, cost
    assert "Warbeast Alpha" in text and "destruction" in text
    assert any("Snap" in line and "fate" in line and "2" in line for line in text.splitlines())
    # mana grouped by doom, untapped and tapped
    assert "corruption 2 untapped + 1 tapped" in text
    assert "destruction 1 untapped + 1 tapped" in text
    # stacks bottom to top, with strength, size, tapped flag and keywords
    lines = text.splitlines()
    hound = next(i for i, line in enumerate(lines) if "Razorback Hound (2)" in line)
    assert "Basalt Sentinel (3)" in lines[hound + 1]
    assert "Bonecrusher Brute (4)" in lines[hound + 2]
    assert "Guardian" in text and "Ripper" in text
    assert "tapped" in next(line for line in lines if "Grave Hoarder" in line)
    assert "Reaper 1" in text and "Evader (destruction)" in text
    assert "Idol of the Hollow Sun" in text and "Xoloth, Eater of Names" in text
    # the opponent's hand is only a count
    assert "Veil Trickster" not in text and "Stolen Face" not in text


def test_summary_lines_are_public_facts() -> None:
    s = load_scenario(SCENARIO)
    lines = summary_lines(s.view(1))
    assert lines[0] == "  souls: Player 0 9, Player 1 12"
    assert (
        "  Player 0 #0 Razorback Hound 2 / Basalt Sentinel 3 / Bonecrusher Brute 4 = str 9, size 3"
        in lines
    )
    assert "  Player 1 #1 Grave Hoarder 2 / Gilded Ghoul 3 = str 5, size 2, tapped" in lines


def test_log_events_read_as_words() -> None:
    assert format_event({"e": "draw", "p": 1, "private": 1}) == "Player 1 draws a card"
    assert format_event({"e": "draw", "p": 0, "card": "Snap"}) == "Player 0 draws Snap"
    assert format_event({"e": "turn", "p": 0, "n": 3}) == "-- turn 3: Player 0 --"
    assert format_event({"e": "odd", "x": 1}) == "odd x=1"


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def _hidden_names(s: HecatombState, seat: int) -> set[str]:
    """Names of the other seats' hand cards that ``seat`` does not know."""
    bit = 1 << seat
    return {
        s.defs[c].name
        for p, st in enumerate(s.seats)
        if p != seat
        for c in st.hand
        if not s.known[c] & bit
    }


@pytest.mark.parametrize(("seed", "me"), [(1, 0), (2, 1), (3, 0), (4, 1)])
def test_a_human_never_sees_a_card_in_the_opponents_hand(seed: int, me: int) -> None:
    # Disjoint decks, so a name in the opponent's hand can only reach the human's
    # screen by a leak, unless the same name is also public (then the view has it).
    s = hecatomb.new_game(decks=["Rot and Ruin", "Gilded Lies"], seed=seed)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    answers = Rng(seed)
    pending: list[str] = []

    def read(prompt: str) -> str | None:
        if pending:
            return pending.pop()
        pending.append(str(answers.below(3) + 1))
        return "?"  # show the recent log too, then choose

    human = HumanAgent(me, Table(console, read, GAME))
    computer = RandomAgent(seed)
    checked = 0
    while not s.is_terminal():
        seat = s.current_player()
        assert seat is not None
        legal = s.legal_actions()
        view = s.view(seat)
        obs = Observation.of(s, seat, legal, "view")
        if seat != me:
            s.apply_action(computer.act(obs))
            continue
        hidden = _hidden_names(s, me)
        public = set(_strings(view)) | {a.label for a in legal}
        secret = {n for n in hidden if not any(n in text for text in public)}
        start = out.tell()
        pending.clear()
        human.act(obs)  # draws the board; its answer may be out of range
        shown = out.getvalue()[start:]
        assert "Your options:" in shown
        for name in secret:
            assert name not in shown, f"{name!r} from the opponent's hand was shown"
        checked += len(secret)
        s.apply_action(computer.act(obs))
    assert checked > 0
