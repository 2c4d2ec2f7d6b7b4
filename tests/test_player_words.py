"""What players read is in their words (issue 30 §2): for every game and mode,
every log line, prompt, option label, board and end-of-game line of random
games, as each seat and a spectator are shown them (named "You", "Computer",
"Player 2"...), holds no internal id, raw field name, agent spec or counting
from zero, and "You" agrees with its verb. And whatever a seat's decisions
change on the table, the log says (by the time another seat decides)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ossuary import games
from ossuary.cli.human import render_text
from ossuary.engine.core import GameState
from ossuary.engine.game import Game
from ossuary.engine.names import VERBS, naming, seat_names, speak

#: what must never reach a player, with why
FORBIDDEN = [
    (re.compile(r"\b[hmcgs]\d+\b"), "an internal card or target id (h1, m69)"),
    (re.compile(r"\b\w+=\S"), "a raw key=value dump"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a raw field name (minion_type, no_target)"),
    (re.compile(r"\bPlayer 0\b"), "a seat counted from zero"),
    (re.compile(r"\b(None|True|False|null|undefined)\b(?! of| \()|[{}]"), "a program's value"),
    (re.compile(r"\bismcts\b|\bheuristic\b|\brandom:"), "an agent spec"),
    (re.compile(r"\b(drawing|draws|gains|loses|takes) 0\b|\b0 new\b"), "an empty event"),
    (re.compile(r"[Bb]etween zones"), "jargon"),
    (re.compile(r"\bYou's\b|\bYour's\b"), "'You' without agreement"),
]
#: words that may follow "You" though they end in s (not verbs)
NOT_VERBS = {"as", "this"}
YOU_WORD = re.compile(r"\bYou ([a-z']+)")

# (game, seats): every mode and seat count, a few games each; boards are drawn
# every few decisions (drawing is the slow part)
CASES = [
    ("hecatomb", 2), ("hecatomb", 3), ("hecatomb", 4),
    ("necromancer", 2), ("necromancer", 3), ("necromancer", 4),
    ("diabolicards", 2), ("diabolicards", 4),
]  # fmt: skip
GAMES_EACH = 3
BOARD_EVERY = 25
MAX_ACTIONS = 1500


#: the terminal boards' compact marks, explained in their legends ("s2": strength 2,
#: "{Vex 5}": a Diabolical in the activation slot)
BOARD_MARKS = re.compile(r"\b[a-z]\d+\b|[{}]")


def problems(text: str, board: bool = False) -> list[str]:
    if board:
        text = BOARD_MARKS.sub("", text)
    out = [f"{why}: {m.group(0)!r}" for rx, why in FORBIDDEN for m in rx.finditer(text)]
    for m in YOU_WORD.finditer(text):
        word = m.group(1)
        if word.endswith("s") and word not in VERBS.values() and word not in NOT_VERBS:
            out.append(f"'You {word}': a verb speak() does not know")
    return out


class Reader:
    """Everything one seat (or a spectator) is shown, checked as it comes."""

    def __init__(self, game: Game, seats: int, seat: int | None) -> None:
        self.game = game
        kinds = ["human" if i == seat else "computer" for i in range(seats)]
        if seat is None:
            kinds = ["human"] * seats
        self.names = seat_names(kinds, me=seat)
        self.seat = seat
        self.found: list[str] = []

    def check(self, text: str, where: str) -> None:
        # log lines, prompts, labels and results are strings the front ends pass
        # through speak(); a board is drawn as it comes, so it must agree itself
        for line in (text if where == "board" else speak(text)).splitlines():
            for problem in problems(line, board=where == "board"):
                self.found.append(f"{self.game.name} {where}: {problem} in {line.strip()!r}")

    def look(self, state: GameState, board: bool) -> None:
        with naming(self.names):
            view = state.view(self.seat)
            decision = view.get("decision") or {}
            if decision.get("player") == self.seat and self.seat is not None:
                self.check(str(decision.get("prompt") or ""), "prompt")
                for option in decision.get("options", []):
                    self.check(option["label"], "option")
                    group = self.game.option_group(view, option["id"], option["label"])
                    self.check(" ".join(group), "option")
            if board:
                labels = self.names
                drawn = self.game.render_screen(view, self.seat, labels, 80, 18)
                self.check(render_text(drawn, 80), "board")

    def finish(self, state: GameState) -> None:
        with naming(self.names):
            view = state.view(self.seat)
            for event in view["log"]:
                self.check(self.game.format_event(event), "log")
            for line in self.game.result_lines(view):
                self.check(line, "result")


def public(state: GameState) -> tuple[dict[str, Any], int]:
    """What everyone sees of the table (a spectator's view, less the pending
    question and the log), and how long the public log is."""
    view = state.view(None)
    log = view.pop("log")
    for key in ("decision", "log_from"):
        view.pop(key, None)
    return view, len(log)


def play(name: str, seats: int, seed: int) -> list[str]:
    game = games.get(name)
    state = game.new_game(seats=seats, seed=seed)
    readers = [Reader(game, seats, s) for s in [*range(seats), None]]
    rng = random.Random(seed)
    unsaid = []
    run: tuple[int | None, dict[str, Any], int, list[str]] = (
        state.current_player(),
        *public(state),
        [],
    )
    while not state.is_terminal() and state.ply < MAX_ACTIONS:
        board = state.ply % BOARD_EVERY == 0
        for r in readers:
            if board or r.seat == state.current_player():
                r.look(state, board)
        aid = rng.choice(state.legal_action_ids())
        decision = state.decision()
        assert decision is not None
        run[3].append(f"{decision.kind}: {aid}")
        state.apply_action(aid)
        if state.current_player() != run[0]:
            # a seat's decisions in a row, done: what others can see changed, so the
            # log says what that seat did (issue 30 §2: every visible decision logged)
            table, said = public(state)
            if table != run[1] and said == run[2]:
                unsaid.append(f"{name}: seat {run[0]}'s {run[3]} changed the table unlogged")
            run = (state.current_player(), table, said, [])
    for r in readers:
        r.finish(state)
        r.look(state, True)
    found = [f for r in readers for f in r.found] + unsaid
    return list(dict.fromkeys(found))


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_what_players_read_holds_no_internal_words(name: str, seats: int) -> None:
    found: list[str] = []
    for seed in range(GAMES_EACH):
        found += play(name, seats, seed)
    found = list(dict.fromkeys(found))
    assert not found, f"{len(found)} problems, e.g.:\n" + "\n".join(found[:25])


def test_the_check_catches_what_it_looks_for() -> None:
    # each pattern finds what the issue saw on screen
    for seen in ("Player 1's Ghoul attacks h1", "Magpie: no_target card=Magpie Swarm",
                 "Player 0 plays Snap", "minion_type", "Player 1 (ismcts:1)",
                 "Player 2 keeps, drawing 0 new card(s)", "gains 0 lifeforce",
                 "between zones: Snap", "You plays Snap", "You's hero"):  # fmt: skip
        assert problems(speak(seen)) or problems(seen), seen


def test_speak_makes_you_agree() -> None:
    assert speak("You plays Snap") == "You play Snap"
    assert speak("You's hero takes 2 damage") == "Your hero takes 2 damage"
    assert speak("Snap deals 2 damage to You's hero") == "Snap deals 2 damage to your hero"
    assert speak("Computer passes; You has no card left") == (
        "Computer passes; you have no card left"
    )
    assert speak("-- turn 2: You --") == "-- turn 2: You --"
    assert speak("Your hand") == "Your hand"
    assert speak("Computer plays Snap") == "Computer plays Snap"


def test_seat_names() -> None:
    assert seat_names(["human", "computer"], me=0) == ["You", "Computer"]
    assert seat_names(["computer", "human", "computer"], me=1) == [
        "Computer 1", "You", "Computer 2"]  # fmt: skip
    assert seat_names(["human", "human"]) == ["Player 1", "Player 2"]
    assert seat_names(["human", "human"], me=1, typed=["Ann", "Bo"]) == ["Ann", "You"]
    assert seat_names(["human", "human"], typed=["Ann", "ann"]) == ["Ann", "ann (2)"]
    assert seat_names(["human", "human"], typed=["You", None]) == ["You (1)", "Player 2"]
