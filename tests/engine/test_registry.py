"""One registration: every game is found through the ``ossuary.games`` entry
points, and everything else (replays, the agents' knowledge) comes from its one
:class:`Game` object; a game whose rules are not whole is refused when it
registers, with words that name what is missing."""

from __future__ import annotations

import importlib
import importlib.metadata
import signal
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from ossuary import games
from ossuary.agents import RandomAgent, play_game
from ossuary.agents.knowledge import knowledge_for
from ossuary.engine import registry
from ossuary.engine.errors import BrokenGame, NotSupported, ReplayError, UnknownGame
from ossuary.engine.facets import Cards, Decks
from ossuary.engine.knowledge import PLAIN
from ossuary.engine.replay import Replay

from . import pebbles

ROOT = Path(__file__).resolve().parents[2]
REAL_ENTRY_POINTS = importlib.metadata.entry_points


def _point(name: str, value: str) -> importlib.metadata.EntryPoint:
    return importlib.metadata.EntryPoint(name, value, registry.GROUP)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[importlib.metadata.EntryPoint]]:
    """Entry points of a pretend installed package, added to the real ones."""
    extra: list[importlib.metadata.EntryPoint] = []

    def entry_points(**select: str) -> importlib.metadata.EntryPoints:
        found = list(REAL_ENTRY_POINTS(**select))
        if select.get("group") == registry.GROUP:
            found += extra
        return importlib.metadata.EntryPoints(found)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry.forget()
    yield extra
    registry.forget()


def test_the_project_declares_its_three_games_as_entry_points() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    declared = project["entry-points"]["ossuary.games"]
    assert declared == {
        "hecatomb": "ossuary.hecatomb.entry:GAME",
        "necromancer": "ossuary.necromancer.entry:GAME",
        "diabolicards": "ossuary.diabolicards.entry:GAME",
    }
    assert games.names()[:3] == list(declared)
    assert games.names()[0] == games.DEFAULT


def test_without_installed_metadata_the_source_tree_declares_the_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A checkout run from ``src`` (or installed before the group existed)
    still plays what its pyproject.toml declares, and nothing else names a game."""
    monkeypatch.setattr(
        importlib.metadata, "entry_points", lambda **_: importlib.metadata.EntryPoints([])
    )
    registry.forget()
    try:
        assert games.names() == ["hecatomb", "necromancer", "diabolicards"]
        assert games.get("Necromancer").title == "Path of the Necromancer"
    finally:
        registry.forget()  # the next test reads the real entry points again


def test_a_fake_entry_point_adds_a_game_to_every_front_end(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    with pytest.raises(UnknownGame, match="unknown game 'pebbles'"):
        games.get("pebbles")
    installed.append(_point("pebbles", "tests.engine.pebbles:GAME"))
    registry.forget()  # the registry reads the entry points once, as a process starts
    assert games.names()[-1] == "pebbles"
    game = games.get("pebbles")
    assert game is pebbles.GAME and game.missing() == []
    # a game that gives no knowledge is searched with the plain one
    assert knowledge_for("pebbles") is PLAIN


# on the compiled build too: an interpreted game subclasses the compiled GameState
def test_a_game_from_an_entry_point_plays_and_replays(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    installed.append(_point("pebbles", "tests.engine.pebbles:GAME"))
    game = games.get("pebbles")
    done = play_game(game.new_game(seed=5), [RandomAgent(1), RandomAgent(2)])
    assert done.is_terminal() and done.winner in (0, 1)
    # its replay finds the game through the same registry
    replay = Replay.of(done)
    assert replay.final().serialize() == done.serialize()


def test_a_half_bound_game_is_refused_naming_what_is_missing(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    installed.append(_point("half", "tests.engine.pebbles:HALF"))
    assert "half" in games.names()  # listed: it is declared
    with pytest.raises(BrokenGame) as refused:
        games.get("half")
    words = str(refused.value)
    assert "'half'" in words and "tests.engine.pebbles:HALF" in words
    assert "its behaviours are not bound" in words
    for behaviour in ("view", "resample", "redact_event", "action_label", "prompt"):
        assert behaviour in words
    assert "Traceback" not in words
    # a replay of it is refused with the same words, never a crash
    with pytest.raises(BrokenGame, match="not bound"):
        Replay("half", "1", 2, [[], []], 1, None).final()


def test_a_game_is_named_by_its_ruleset_unless_it_says_otherwise() -> None:
    class Renamed(pebbles.PebblesGame):
        rules = pebbles.HALF_RULES

    assert Renamed.name == "half"  # its own ruleset's name, not its parent's

    class Misnamed(pebbles.PebblesGame):
        name = "other"

    assert Misnamed.name == "other"  # said, so kept: and refused for the clash
    assert "its ruleset is called 'pebbles', not 'other'" in Misnamed().missing()


def test_a_game_missing_steps_or_kinds_is_refused(
    installed: list[importlib.metadata.EntryPoint], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pebbles.HALF_RULES, "steps", {})
    monkeypatch.setattr(pebbles.HALF_RULES, "resumes", {})
    installed.append(_point("half", "tests.engine.pebbles:HALF"))
    with pytest.raises(BrokenGame) as refused:
        games.get("half")
    assert "no step is registered" in str(refused.value)
    assert "no decision kind is registered" in str(refused.value)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("tests.engine.pebbles:NOT_A_GAME", "is not a Game object"),
        ("tests.engine.no_such_module:GAME", "could not be loaded: ModuleNotFoundError"),
        ("tests.engine.pebbles:NOWHERE", "could not be loaded: AttributeError"),
        ("tests.engine.pebbles:GAME", "registered as 'other' but calls itself 'pebbles'"),
    ],
)
def test_a_broken_entry_point_is_refused_in_words(
    installed: list[importlib.metadata.EntryPoint], value: str, words: str
) -> None:
    installed.append(_point("other", value))
    with pytest.raises(BrokenGame, match=words):
        games.get("other")
    assert games.get("hecatomb").title == "Hecatomb"  # the others still play


def test_a_game_whose_facets_cant_load_is_refused_naming_each(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    installed.append(_point("pebbles", "tests.engine.pebbles:BROKEN"))
    with pytest.raises(BrokenGame) as refused:
        games.get("pebbles")
    words = str(refused.value)
    assert "tests.engine.pebbles:BROKEN" in words and "Traceback" not in words
    assert "its cards facet (.nowhere:PebbleCards) could not be loaded" in words
    assert "its decks facet (.pebbles:PebblesTerminal) is not a Decks" in words
    assert "no facet is called 'scores'" in words
    assert games.get("hecatomb").title == "Hecatomb"  # the others still play


def test_a_games_facets_are_its_own_classes_or_the_kernels_defaults(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    installed.append(_point("pebbles", "tests.engine.pebbles:TOLD"))
    game = games.get("pebbles")
    assert game.missing() == []
    assert isinstance(game.terminal, pebbles.PebblesTerminal)
    assert game.terminal is game.terminal  # made once
    assert game.terminal.format_event({"type": "take", "p": 1, "n": 2}) == "Player 2 takes 2."
    # a facet it does not name is the kernel's, with its defaults and their words
    assert type(game.cards) is Cards and type(game.decks) is Decks
    with pytest.raises(NotSupported, match="Pebbles has no card list"):
        game.cards.records()
    with pytest.raises(NotSupported, match="Pebbles has no preconstructed decks"):
        game.decks.defaults(2)
    assert game.terminal.result_lines({"winner": 0}) == ["Player 1 wins."]


def test_an_unknown_replay_ruleset_is_a_replay_error() -> None:
    with pytest.raises(ReplayError, match="unknown ruleset 'nope'"):
        Replay("nope", "1", 2, [[], []], 1, None).start()


@pytest.mark.parametrize("name", ["hecatomb", "necromancer", "diabolicards"])
def test_the_agents_knowledge_is_the_games_own(name: str) -> None:
    game = games.get(name)
    evaluate = __import__(f"ossuary.{name}.evaluate", fromlist=["KNOWLEDGE"])
    assert game.knowledge() is evaluate.KNOWLEDGE
    assert knowledge_for(name) is evaluate.KNOWLEDGE
    assert game.rules is not None and game.rules.name == name and game.missing() == []


def test_a_games_lesson_checks_and_board_are_found_by_their_conventional_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A package with learn.toml, lesson.py and web/ needs no Game method for them.
    package = tmp_path / "conventional"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("", "utf-8")
    (package / "learn.toml").write_text('title = "Pebbles"\n', "utf-8")
    (package / "lesson.py").write_text(
        "CLAIMS = {'took': None}\nCONDITIONS = {'late': None}\n", "utf-8"
    )
    (package / "wrong.py").write_text("CLAIMS = 3\n", "utf-8")
    (package / "entry.py").write_text(
        "from ossuary.engine.game import Game\n\n"
        "class WithFiles(Game):\n    lesson_at = '.lesson'\n\n"
        "class Without(Game):\n    pass\n\n"
        "class Wrong(Game):\n    title = 'Wrong'\n    lesson_at = '.wrong'\n",
        "utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    entry = importlib.import_module("conventional.entry")
    game = entry.WithFiles()
    assert game.lessons.text() == 'title = "Pebbles"\n'
    assert game.browser.assets() == package / "web"
    assert set(game.lessons.claims()) == {"took"} and set(game.lessons.conditions()) == {"late"}
    # a lesson module whose checks are no table is refused in words
    with pytest.raises(BrokenGame, match=r"Wrong: its lesson checks \(\.wrong:CLAIMS\) are not a"):
        entry.Wrong().lessons.claims()
    (package / "learn.toml").unlink()
    (package / "web").rmdir()
    bare = entry.Without()
    assert bare.lessons.text() is None and bare.browser.assets() is None
    assert bare.lessons.claims() == {} and bare.lessons.conditions() == {}


def test_a_ctrl_c_during_a_games_import_stays_a_ctrl_c(
    installed: list[importlib.metadata.EntryPoint],
) -> None:
    """A library that turns the KeyboardInterrupt into its own error (pydantic
    does) must not make a person's Ctrl-C read as a broken game. (Python's
    own Ctrl-C handler is set for the test: a pytest-xdist worker ignores
    SIGINT, as a process in the background may.)"""
    sys.modules.pop("tests.engine.interrupted", None)  # imported afresh
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        installed.append(_point("ouch", "tests.engine.interrupted:GAME"))
        with pytest.raises(KeyboardInterrupt):
            games.get("ouch")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    finally:
        signal.signal(signal.SIGINT, before)
        sys.modules.pop("tests.engine.interrupted", None)
    # without a Ctrl-C, the same failure is a broken game, in words
    installed.append(_point("other", "tests.engine.pebbles:NOWHERE"))
    registry.forget()
    with pytest.raises(BrokenGame, match="could not be loaded"):
        games.get("other")
