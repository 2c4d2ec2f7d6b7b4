"""What the terminal draws: the board from one seat's view, and never a hidden card."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from ossuary import hecatomb
from ossuary.agents import Observation, RandomAgent
from ossuary.cli.human import HumanAgent, Table
from ossuary.engine import Action, Rng
from ossuary.fuzz import strings_in
from ossuary.hecatomb import GAME, HecatombState, load_scenario
from ossuary.hecatomb.board import (
    abom_status,
    board_lines,
    format_event,
    keywords_text,
    render_board,
    summary_lines,
)

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
    lines = text.splitlines()
    me = next(line for line in lines if line.startswith("Player 1 (you)"))
    assert "souls 9" in me and "hand 2" in me and "active" in me
    assert "souls 12" in text and "hand 2" in next(line for line in lines if "Player 2" in line)
    # own hand: name, type, cost, doom, strength
    assert any("Warbeast Alpha" in line and "destruction" in line for line in lines)
    assert any("Snap" in line and "fate" in line and "cost 2" in line for line in lines)
    # mana by doom, untapped of all
    assert "corruption 2/3, destruction 1/2 untapped" in text
    # a stack bottom to top on one line, with strength, size, state and keywords
    hound = next(line for line in lines if "Razorback Hound" in line)
    assert "Razorback Hound 2 / Basalt Sentinel 3 / Bonecrusher Brute 4 = str 9, size 3" in hound
    assert "Guardian" in hound and "Ripper" in hound
    assert "tapped" in next(line for line in lines if "Grave Hoarder" in line)
    assert "Reaper +1" in text and "Destruction Evader" in text
    assert "Idol of the Hollow Sun" in text and "Xoloth, Eater of Names" in text
    # the opponent's hand is only a count
    assert "Veil Trickster" not in text and "Stolen Face" not in text
    # own seat last: its souls and hand are nearest the options
    assert lines.index(me) > max(i for i, line in enumerate(lines) if "Player 2" in line)


def test_keywords_read_as_the_card_prints_them() -> None:
    # Issue 8 §4: "Rager +1" as the card says, not "Rager 1".
    assert keywords_text({"rager": 1, "survivor": 2, "evader": ["deceit"], "guardian": True}) == (
        "Rager +1, Survivor +2, Deceit Evader, Guardian"
    )


def test_an_abomination_that_cannot_attack_is_not_ready() -> None:
    # Rulebook "Declare attackers"; glossary "Fanatic", "Guardian", "stitch".
    base = {"tapped": False, "size": 2, "keywords": {}}
    assert abom_status(base) == "ready"
    assert abom_status({**base, "played_this_turn": True}).startswith("new this turn")
    assert abom_status({**base, "played_this_turn": True, "keywords": {"fanatic": True}}) == "ready"
    assert abom_status({**base, "stitched_this_turn": True}).startswith("stitched")
    assert abom_status({**base, "keywords": {"guardian": True}}).startswith("Guardian")
    assert abom_status({**base, "size": 1}).startswith("alone")
    assert abom_status({**base, "tapped": True}) == "tapped"
    s = load_scenario(SCENARIO)
    hoarder = s.aboms[s.seats[1].aboms[0]]  # Grave Hoarder / Gilded Ghoul
    hoarder.tapped, hoarder.played = False, True  # a minion joined it this turn
    text = text_of(render_board(s.view(1), me=1))
    line = next(line for line in text.splitlines() if "Grave Hoarder" in line)
    assert "ready" not in line and "can't attack yet" in line


def test_board_shows_trigger_dooms_conditionals_and_graveyards() -> None:
    s = load_scenario(SCENARIO)
    s.seats[1].graveyard = [s.seats[1].hand.pop()]  # Stolen Face, now public
    text = text_of(render_board(s.view(0), me=0))
    # the top minion's trigger dooms, and a hand minion's own
    assert "▲" in next(line for line in text.splitlines() if "Bonecrusher Brute" in line)
    assert "▲" in next(line for line in text.splitlines() if "Warbeast Alpha" in line)
    assert "graveyard (1, newest first): Stolen Face" in text


def test_the_board_fits_80_by_24_and_keeps_your_souls_and_hand() -> None:
    # Issue 8 §4: at 80x24 for 2 seats the seat's own souls and hand never go away.
    s = load_scenario(CROWDED)
    view = s.view(0)
    for height in (14, 10, 8):
        lines = board_lines(view, me=0, width=80, height=height)
        text = text_of(render_board(view, me=0, width=80, height=height), width=80)
        assert len(lines) <= height or height < 9
        assert len(text.splitlines()) == len(lines)  # one line each: nothing wraps
        mine = [line.plain for line in lines]
        assert any(line.startswith("Player 1 (you)") and "souls 9" in line for line in mine)
        for card in ("Snap", "Warbeast Alpha", "Gutter Spawn", "Maw Acolyte"):
            assert any(card in line for line in mine), (height, card)


def test_the_head_line_is_the_last_detail_to_go() -> None:
    # issue 35 §8: the computer's turn is read in the log, so a board one line
    # short of it gives up its "Turn N · X is active" line (the log names the
    # turn, the seat's line says "active") before the log must open a page
    s = load_scenario(CROWDED)
    view = s.view(0)
    tightest = board_lines(view, me=0, width=80, height=1)
    assert not tightest[0].plain.startswith("Turn ")
    assert any("· active" in line.plain for line in tightest)
    roomy = board_lines(view, me=0, width=80, height=len(tightest) + 1)
    assert roomy[0].plain.startswith("Turn ") and roomy[0].plain.endswith(" is active")


CROWDED = """
[game]
active = 0
[[seat]]
souls = 9
hand = ["Snap", "Warbeast Alpha", "Gutter Spawn", "Maw Acolyte", "Skullcrack", "Firestorm"]
mana = ["Maw Acolyte", "Festering Drudge", "Razorback Hound", "Snap", "Snap"]
abominations = [["Razorback Hound", "Basalt Sentinel", "Bonecrusher Brute"],
                ["Festering Drudge", "Maw Acolyte"], ["Gutter Spawn", "Festering Drudge"]]
graveyard = ["Snap", "Festering Drudge"]
relics = ["Idol of the Hollow Sun"]
god = "Xoloth, Eater of Names"
[[seat]]
souls = 12
hand = ["Veil Trickster", "Stolen Face", "Veil Trickster"]
mana = ["Grave Hoarder", "Gilded Ghoul", "Grave Hoarder"]
abominations = [{ minions = ["Grave Hoarder", "Gilded Ghoul"], tapped = true },
                ["Mirror Skulker", "Grave Hoarder"], ["Gilded Ghoul", "Grave Hoarder"]]
graveyard = ["Stolen Face"]
"""


def test_summary_lines_are_public_facts() -> None:
    s = load_scenario(SCENARIO)
    lines = summary_lines(s.view(1))
    assert lines[0] == "  souls: Player 1 9, Player 2 12"
    assert (
        "  Player 1 #1 Razorback Hound 2 / Basalt Sentinel 3 / Bonecrusher Brute 4 = str 9, size 3"
        in lines
    )
    assert "  Player 2 #2 Grave Hoarder 2 / Gilded Ghoul 3 = str 5, size 2, tapped" in lines


def test_log_events_read_as_words() -> None:
    assert format_event({"e": "draw", "p": 1, "private": 1}) == "Player 2 draws a card"
    assert format_event({"e": "draw", "p": 0, "card": "Snap"}) == "Player 1 draws Snap"
    assert format_event({"e": "turn", "p": 0, "n": 3}) == "-- turn 3: Player 1 --"
    assert format_event({"e": "leaves_combat", "a": 0}) == (
        "#1 is down to one minion and leaves the combat"
    )
    assert format_event({"e": "hunt", "hunter": 1, "prey": 4}) == (
        "Hunter #2 untaps #5 and makes it block"
    )
    assert format_event({"e": "souls", "p": 0, "mode": "steal", "n": 1, "to": 1}) == (
        "Player 2 steals 1 soul from Player 1"
    )


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
    legal: list[Action] = []
    seen: list[str] = []

    def read(prompt: str) -> str | None:
        if not pending:  # now and then help, every visible card, the log, a card's text
            card = f"c {answers.choice(seen)}" if seen else "c"
            pages = ["?", "c", "l", card, "board", "o"] if answers.below(4) == 0 else ["c"]
            pending.extend(reversed([*pages, answers.choice([a.id for a in legal])]))
        return pending.pop()

    human = HumanAgent(me, Table(console, read, GAME, auto_pass=False))
    computer = RandomAgent(seed)
    checked = 0
    while not s.is_terminal():
        seat = s.current_player()
        assert seat is not None
        legal[:] = s.legal_actions()
        view = s.view(seat)
        seen[:] = [n for _, names in GAME.terminal.visible_cards(view) for n in names]
        obs = Observation.of(s, seat, legal, "view")
        if seat != me:
            s.apply_action(computer.act(obs))
            continue
        hidden = _hidden_names(s, me)
        public = set(strings_in(view)) | {a.label for a in legal}
        secret = {n for n in hidden if not any(n in text for text in public)}
        start = out.tell()
        pending.clear()
        human.act(obs)  # draws the board, the pages, then answers
        shown = out.getvalue()[start:]
        assert "Your options:" in shown
        for name in secret:
            assert name not in shown, f"{name!r} from the opponent's hand was shown"
        checked += len(secret)
        s.apply_action(computer.act(obs))
    assert checked > 0
