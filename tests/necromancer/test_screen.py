"""The full-screen terminal's Necromancer board (``screen.py``): both rows by
position, health, lifeforce, statuses and the open response stack, from a
seat's view alone, fitted to the lines the screen gives it."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from ossuary.games import get
from ossuary.necromancer.state import NecroState

from .script import act, attack, expect, m, table

GAME = get("necromancer")


def text(state: NecroState, seat: int, width: int = 100, height: int | None = None) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(GAME.terminal.render_screen(state.view(seat), seat, (), width, height))
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


def crowded() -> NecroState:
    """Four minions with long names on one side, statuses and all, and three on
    the other: the row a player reads at 80 columns."""
    return table(
        hand=["Cave Lurker", "Grave Bolt"],
        mine=[m("Skullpike Sergeant", 1, ensnared=2, damage=1), m("Silkspinner Hatchling", 2),
              m("Deathless Legionnaire", 3, invisible=True), m("Hellhound Whelp", 4)],
        theirs=[m("Rattlebone Footman", 1), m("Brimstone Tormentor", 3, damage=2),
                m("Queen of the Hollow Web", 4)],
        magic1=["The Shattered Necropolis"],
    )  # fmt: skip


def test_card_names_stay_readable_at_80_columns() -> None:
    # issue 35 §9: at 80 columns names were cut to 3-4 letters ("Skul… 3/4 ens1");
    # now a row takes two lines before a name is shortened past reading, and a
    # shortened name keeps its first word ("Brimstone T.")
    s = crowded()
    full = text(s, 0, width=80).rstrip("\n").splitlines()
    board = "\n".join(full)
    # a row that does not fit one line takes two, in columns: 3 below 1, 4 below 2
    at = next(i for i, line in enumerate(full) if "1 Skullpike Sergeant" in line)
    assert full[at + 1].index("3 Deathless") == full[at].index("1 Skullpike")
    assert full[at + 1].index("4 Hellhound") == full[at].index("2 Silkspinner")
    for name in ("Skullpike Sergeant", "Silkspinner Hatchling", "Deathless Legionnaire",
                 "Hellhound Whelp", "Rattlebone Footman", "Brimstone Tormentor",
                 "Queen of the Hollow Web"):  # fmt: skip
        assert name in board, name
    assert all(len(line) <= 80 for line in full)
    for height in range(len(full) - 1, 7, -1):  # what a screen gives the board
        lines = text(s, 0, width=80, height=height).rstrip("\n").splitlines()
        if len(lines) > height:
            break  # as short as the board goes
        words = " ".join(lines)
        for first in ("Skullpike", "Silkspinner", "Deathless", "Hellhound", "Rattlebone",
                      "Brimstone", "Queen"):  # fmt: skip
            assert first in words, (height, first, lines)
        assert "ens2" in words and "inv" in words and "-2" in words


def test_names_are_shortened_word_by_word() -> None:
    from ossuary.necromancer.screen import shorten

    assert shorten("Hellhound Whelp", 20) == "Hellhound Whelp"
    assert shorten("Queen of the Hollow Web", 16) == "Queen Hollow Web"
    assert shorten("Skullpike Sergeant", 14) == "Skullpike S."
    assert shorten("Queen of the Hollow Web", 11) == "Queen H. W."
    assert len(shorten("Count Malachar the Thirsting", 6)) <= 6


def test_options_grouped_and_every_visible_card_listed() -> None:
    s = position()
    view = s.view(0)
    groups = [
        GAME.terminal.option_group(view, o["id"], o["label"]) for o in view["decision"]["options"]
    ]
    assert ("Play", "Cave Lurker (2)") in groups or any(
        h == "Play" and lab.startswith("Cave Lurker") for h, lab in groups
    )
    assert ("Or", "End your turn") in groups
    where = dict(GAME.terminal.visible_cards(view))
    assert where["your hand"] == ["Cave Lurker", "Grave Bolt"]
    assert "Grave Gnawer" in where["Player 2's field"]
    assert "Player 2's hand" not in where
    assert GAME.terminal.legend()


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


def test_u_keeps_passing_across_a_defend_question() -> None:
    # issue 35 §7: "u" was dropped at every defend question, so a player typed it
    # again after each attack; a defend question is asked as usual, and the
    # windows after it with nothing new are still passed, until your own turn
    from ossuary.agents import Observation
    from ossuary.cli.human import Table

    s = table(
        hand=["Frost Snare", "Cave Lurker"],
        mine=[m("Cave Lurker", 1)],
        theirs=[m("Grave Gnawer", 2)],
        hand1=["Cave Lurker", "Grave Bolt"],
        active=1,
    )
    notes: list[str] = []
    tbl = Table(Console(file=io.StringIO()), lambda _: None, GAME)
    tbl.screen_ui.note = lambda text, style="": notes.append(text)  # type: ignore[method-assign]
    tbl.screen_ui.info = lambda text, style="": notes.append(text)  # type: ignore[method-assign]

    def mine() -> tuple[dict[str, Any], list[Any]]:
        obs = Observation.of(s, 0, None, "view")
        return obs.view, obs.legal

    act(s, "play 10")  # the computer plays a minion: you may answer with Frost Snare
    expect(s, "window", 0)
    view, legal = mine()
    assert tbl.answer_for(0, view, legal) is None  # asked: Frost Snare could answer
    tbl.hold(0, view, legal, "pass")  # u
    act(s, "pass")
    act(s, "at 0")  # where the minion goes
    attack(s, 1, 2, "h0")  # the computer attacks your hero: defend?
    expect(s, "defend", 0)
    view, legal = mine()
    assert tbl.answer_for(0, view, legal) is None  # asked as usual
    assert 0 in tbl.holding  # and the passing stays on
    assert "passing (u)" in tbl.screen_for(0, view, tbl.options(0, view, legal)).title
    act(s, "done")
    passed = 0
    while (d := s.decision()) is not None and not (d.player == 0 and d.kind == "main"):
        if d.player == 0:
            view, legal = mine()
            answer = tbl.answer_for(0, view, legal)
            assert answer is not None and answer.id == "pass", (d.kind, legal)
            passed += 1
            s.apply_action("pass")
        else:
            ids = [a.id for a in s.legal_actions()]
            s.apply_action("end" if "end" in ids else "pass" if "pass" in ids else ids[0])
    assert passed >= 1  # the window after the attack, nothing new in it
    assert not any("Something changed" in n for n in notes), notes
    view, legal = mine()  # your own turn: asked, and the passing ends
    assert tbl.answer_for(0, view, legal) is None
    assert 0 not in tbl.holding
    assert "Your turn: you are no longer passing (u)." in notes


def test_u_asks_again_when_a_window_offers_something_new() -> None:
    from ossuary.agents import Observation
    from ossuary.cli.human import Table

    s = table(hand=["Frost Snare"], theirs=[m("Grave Gnawer", 2)], hand1=["Cave Lurker"],
              active=1)  # fmt: skip
    notes: list[str] = []
    tbl = Table(Console(file=io.StringIO()), lambda _: None, GAME)
    tbl.screen_ui.note = lambda text, style="": notes.append(text)  # type: ignore[method-assign]
    act(s, "Cave Lurker")
    obs = Observation.of(s, 0, None, "view")
    # typed u when only Sacrifice Card and Pass were on offer
    tbl.hold(0, obs.view, [a for a in obs.legal if not a.id.startswith("play")], "pass")
    assert tbl.answer_for(0, obs.view, obs.legal) is None
    assert notes == ["Something changed: Play Frost Snare (spell, 2 lifeforce), so you are asked "
                     "again."]  # fmt: skip


def test_two_minions_of_one_name_are_told_apart_by_their_space() -> None:
    # issue 35 §9: "Defend with: 1 Cave Lurker 2 Cave Lurker" (which one?)
    s = table(mine=[m("Cave Lurker", 1), m("Cave Lurker", 3), m("Mist Wraith", 4)],
              theirs=[m("Grave Gnawer", 2)], active=1)  # fmt: skip
    attack(s, 1, 2, "h0")
    while s.decision() is not None and s.decision().kind != "defend":  # type: ignore[union-attr]
        act(s, "pass")
    view = s.view(0)
    groups = [
        GAME.terminal.option_group(view, o["id"], o["label"]) for o in view["decision"]["options"]
    ]
    assert ("Defend with", "Cave Lurker (space 1)") in groups
    assert ("Defend with", "Cave Lurker (space 3)") in groups
    assert ("Defend with", "Mist Wraith") in groups  # one of its name: no space needed
