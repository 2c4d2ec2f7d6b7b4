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
    assert ("Or", "End your turn") in groups
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


# -- auto-pass at the terminal (issue 30 §1) ----------------------------------------------
def _play(*args: str, answers: str) -> str:
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    # seed 3: you put no card into the graveyard (3), discard Frost Snare, your only
    # reaction, at the mulligan (1), keep the rest (7); the computer goes first
    result = CliRunner().invoke(
        app, ["play", "necromancer", "--seed", "3", "--ai", "easy", "--ui", "plain", *args],
        input="3\n1\n7\n" + answers,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.output


def test_auto_pass_answers_a_window_where_only_sacrifice_card_is_on_offer() -> None:
    # Sacrifice Card is always on offer with cards in hand: alone it is no reason to ask
    out = _play(answers="")
    assert out.count("You: Pass (don't respond) (auto-pass: nothing else you could do matters") >= 2
    assert "You: Answer Computer's" not in out
    assert "You: Your main phase" in out  # asked again when it is your own turn
    # without auto-pass the same windows are asked, with Sacrifice Card and Pass
    asked = _play("--no-auto-pass", answers="")
    assert "You: Answer Computer's" in asked  # with why it is asked:
    assert "? Nothing you hold can; all who might are asked." in asked
    assert "auto-pass:" not in asked


def test_u_passes_until_something_changes() -> None:
    # Frost Snare kept in hand: the window is asked (it could answer); "u" passes
    # it and every window after it that offers nothing new, until your own turn
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    result = CliRunner().invoke(
        app, ["play", "necromancer", "--seed", "3", "--ai", "easy", "--ui", "plain"],
        input="3\n7\nu\n",
    )  # fmt: skip
    out = result.output
    assert result.exit_code == 0, out
    asked = out.index("You: Answer Computer's")
    assert "1. Play Frost Snare" in out[asked:]
    after = out[out.index("Your choice", asked) :]
    assert after.count("(passing until something changes") >= 1
    assert "You: Answer Computer's" not in after  # not asked again meanwhile
    assert "You: Your main phase" in after


def test_a_place_is_chosen_by_its_space_number() -> None:
    # issue 30 §1: "2 Space 3 / 3 Space 1" let 3 put the card in space 1; each
    # space's option now has the space's own number, whatever came before
    import random

    from ossuary.agents import Observation
    from ossuary.cli.human import Table
    from ossuary.necromancer import GAME, new_game

    seen = 0
    shared = Table(Console(file=io.StringIO()), lambda _: None, GAME)  # numbers kept across
    for seed in range(6):
        s = new_game(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.ply < 400:
            d = s.decision()
            assert d is not None
            if d.kind == "place":
                view = Observation.of(s, d.player, None, "view").view
                for table in (Table(Console(file=io.StringIO()), lambda _: None, GAME), shared):
                    options = table.options(d.player, view, s.legal_actions())
                    for o in options:
                        assert o.key == str(int(o.action.id.split()[1]) + 1)
                        assert o.action.label == f"Space {o.key}"
                seen += len(options) < 4  # some spaces taken: the numbers have gaps
            s.apply_action(rng.choice(s.legal_action_ids()))
    assert seen >= 3


def test_keyword_counts_agree_with_their_nouns() -> None:
    from ossuary.necromancer.board import keywords_text

    assert keywords_text({"ensnaring": 2}) == "Ensnares (2 rounds)"
    assert keywords_text({"ensnaring": 1, "extra_attacks": 2}) == (
        "Ensnares (1 round), 2 extra attacks"
    )
