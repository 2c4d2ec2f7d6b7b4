"""A first game that teaches (issue 30 §3): every game has a "how to play, how to
win" in our words and a guided first game whose lesson is checked against the
game itself: each step names a kind of question the game really asks, every
kind it can ask is explained, and following the lesson's suggestions in its
fixed deal meets every kind of question it promises to teach."""

from __future__ import annotations

import sys

import pytest

from ossuary import games
from ossuary.agents import Observation, make_agent
from ossuary.cli.play import agent_seed
from ossuary.tutorial import LessonError, Tutorial, lesson, lessons, lessons_of

NAMES = games.names()
LESSONS = [t for name in NAMES for t in lessons(name)]
MAX_ACTIONS = 400


@pytest.mark.parametrize("name", NAMES)
def test_each_game_says_how_to_play_and_how_to_win(name: str) -> None:
    found = lesson(name)
    assert found is not None
    learn = found.learn
    assert "win" in learn.goal.lower() and len(learn.summary) > 80
    assert len(learn.turn) >= 3


@pytest.mark.parametrize("name", NAMES)
def test_every_kind_of_question_the_game_asks_is_explained(name: str) -> None:
    game = games.get(name)
    found = lesson(name)
    assert found is not None
    state = game.new_game(seed=1, seats=game.seat_counts[0])
    kinds = set(type(state).rules.resumes)  # what the engine can ask
    explained = {step.kind for step in found.steps if step.turn is None and step.has is None}
    assert kinds - explained == set(), "kinds with no explanation"
    assert {step.kind for step in found.steps} <= kinds, "a step for a kind the game never asks"
    assert set(found.teaches) <= kinds


@pytest.mark.parametrize("found", LESSONS, ids=lambda t: f"{t.game.name}-{t.mode or 'main'}")
def test_following_the_lesson_meets_every_kind_it_teaches(found: Tutorial) -> None:
    game = found.game
    deal = found.deal
    state = game.new_game(
        decks=found.decks, seats=len(deal.seats), seed=deal.seed, first=deal.first
    )
    # the computer as `ossuary play GAME --tutorial` seeds it
    agents = {
        i: make_agent(spec, agent_seed(deal.seed, i))
        for i, spec in enumerate(deal.seats)
        if spec != "human"
    }
    met: list[str] = []
    scripted = 0
    while not state.is_terminal() and state.ply < MAX_ACTIONS and set(found.teaches) - set(met):
        seat = state.current_player()
        assert seat is not None
        if seat != deal.you:
            agent = agents[seat]
            needs = getattr(agent, "observes", "samples")
            state.apply_action(agent.act(Observation.of(state, seat, None, needs)))
            continue
        view = state.view(seat)
        options = [(a.id, a.label) for a in state.legal_actions()]
        hint = found.hint(view, options)
        kind, turn = view["decision"]["kind"], view["turn_number"]
        assert hint is not None, f"no word for {kind} on turn {turn}"
        met.append(hint.kind)
        ids = [i for i, _ in options]
        if hint.suggest:
            assert set(hint.suggest) <= set(ids)
            scripted += 1
        state.apply_action(hint.suggest[0] if hint.suggest else ids[-1])
    assert set(found.teaches) <= set(met), f"not met: {set(found.teaches) - set(met)}"
    assert scripted >= 5  # the lesson points at what to do, not only explains


# -- at the terminal -----------------------------------------------------------------
def _play(*args: str, answers: str) -> str:
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    result = CliRunner().invoke(app, ["play", *args, "--ui", "plain"], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_terminal_lesson_says_what_to_do_and_why() -> None:
    # the first question: the lesson explains it and gives the option to type
    out = _play("necromancer", "--tutorial", answers="1\n1\n1\n1\n7\n")
    assert "Path of the Necromancer, seed 3" in out
    assert "Lesson, 0 of 7 kinds of question seen · type 1: Before the first turn" in out
    assert "Take a Spindle Runner each time." in out
    assert "Lesson, 1 of 7 kinds of question seen · type 7: Your opening hand" in out  # keep
    assert "Your main phase" in out and "Venom Skitterer" in out


def test_the_lesson_can_be_hidden_and_asks_for_its_own_deal() -> None:
    out = _play("hecatomb", "--tutorial", answers="tutorial\n")
    assert out.count("Lesson, ") == 1
    assert "The lesson's hints are hidden" in out
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    refused = CliRunner().invoke(app, ["play", "hecatomb", "--tutorial", "--seed", "4"])
    assert refused.exit_code == 2
    assert "--tutorial deals its own game" in refused.output
    assert "leave out --seed" in refused.output


@pytest.mark.parametrize("level", ["hard", "easy"])
def test_a_lesson_refuses_an_ai_level_in_one_line(level: str) -> None:
    """A lesson's steps tell what its easy computer does: --ai would make them
    untrue, so it is refused, in one line, before anything is dealt."""
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    refused = CliRunner().invoke(app, ["play", "necromancer", "--tutorial", "--ai", level],
                                 input="1\n")  # fmt: skip
    assert refused.exit_code == 2, refused.output
    assert refused.output.strip().count("\n") == 0, refused.output
    assert "leave out --ai" in refused.output and "easy computer" in refused.output
    assert "seed 3" not in refused.output  # no game was dealt


def test_the_help_says_a_lesson_plays_the_easy_computer() -> None:
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    out = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    text = " ".join(out.replace("│", " ").split())
    assert "Not with --tutorial" in text and "the lesson for that mode" in text


@pytest.mark.parametrize("name", NAMES)
def test_question_mark_says_how_to_play_and_how_to_win(name: str) -> None:
    out = _play(name, "--ai", "easy", "--seed", "2", answers="?\n")
    title = games.get(name).title
    assert f"How to play {title}" in out
    found = lesson(name)
    assert found is not None
    assert " ".join(found.learn.goal.split()[:6]) in " ".join(out.split())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")
@pytest.mark.parametrize("found", LESSONS, ids=lambda t: f"{t.game.name}-{t.mode or 'main'}")
def test_the_first_screen_of_every_lesson_says_how_to_win(found: Tutorial) -> None:
    """At 80x24 the title row keeps how to win in sight, whole, from the first
    screen on; the transcript says it before the first question."""
    from tests.cli.test_screen import ANSI, _pty_run

    args = ["play", found.game.name, "--tutorial"] + (["--mode", found.mode] if found.mode else [])
    code, out = _pty_run(args, [("Lesson, 0 of", b"q\r"), ("Leave this game?", b"y\r")])
    assert code == 0, out
    screen = ANSI.sub("", out)
    mode = f" {found.mode}" if found.mode else ""
    # nothing of it cut at 80 columns
    assert f"{found.game.title}{mode} · win: {found.goal} · auto-pass on" in screen
    plain = _play(*args[1:], answers="q\ny\n")
    assert f"How to win: {found.goal}." in plain
    assert plain.index("How to win:") < plain.index("Lesson, 0 of")


@pytest.mark.parametrize("found", LESSONS, ids=lambda t: f"{t.game.name}-{t.mode or 'main'}")
def test_every_step_fits_the_lesson_lines_of_an_80x24_terminal(found: Tutorial) -> None:
    """The full screen gives a lesson's word four lines at 80x24 (cutting the
    rest): with the longest "Lesson, ..., type ...:" before it, every step fits."""
    from rich.console import Console
    from rich.text import Text

    console = Console(width=80)
    n = len(found.teaches)
    for step in found.steps:
        text = step.text.replace("{when}", "souls now: You 15, Computer 12, Player 3 9")
        say = f"Lesson, {n} of {n} kinds of question seen · type 10 or 11 or 12: {text}"
        assert len(Text(say).wrap(console, 80)) <= 24 // 5, step.text


def test_the_lesson_deals_the_lists_it_was_written_for() -> None:
    """Hecatomb's lesson keeps its own deck lists: its preconstructed decks of
    the same names were re-tuned by simulation, and dealing those would deal
    another game than the one its steps describe."""
    game = games.get("hecatomb")
    found = lesson("hecatomb")
    assert found is not None and found.deal.decks == ["Rot and Ruin", "Gilded Lies"]
    mine, theirs = found.decks or []
    assert isinstance(mine, list) and isinstance(theirs, list)
    assert theirs.count("Magpie Swarm") == 3  # the list of the lesson, not today's deck
    assert theirs != game.decks.preconstructed()["Gilded Lies"]
    state = game.new_game(decks=found.decks, seats=2, seed=found.deal.seed, first=0)
    assert sorted(state.deck_lists()[1]) == sorted(theirs)


def test_a_lesson_listing_a_deck_it_does_not_deal_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = games.get("hecatomb")
    text = game.lessons.text() or ""
    monkeypatch.setattr(
        game.lessons, "text", lambda: text.replace('"Gilded Lies" = [', '"Gilded Lie" = [', 1)
    )
    with pytest.raises(LessonError, match="lists a deck 'Gilded Lie' that its deal does not use"):
        lessons_of(game)
