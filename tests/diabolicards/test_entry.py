"""Diabolicards through the registry and the command line (issue 10, "Interfaces
others rely on"): GAME, cards, play in both modes, arena teams, replay, words
for every event."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ossuary import diabolicards, games
from ossuary.cli.main import app
from ossuary.diabolicards.board import EVENTS, format_event
from ossuary.engine.errors import QueryError
from ossuary.fuzz import random_game


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_the_public_api() -> None:
    s = diabolicards.new_game(seats=2, seed=0)
    assert s.num_seats() == 2 and s.decision().kind == "turn"  # type: ignore[union-attr]
    t = diabolicards.new_game(seats=4, seed=0)
    assert t.num_seats() == 4
    assert diabolicards.deserialize(t.serialize()) == t


def test_the_registry_entry() -> None:
    game = games.get("diabolicards")
    assert game is diabolicards.GAME
    assert game.seat_counts == (2, 4) and dict(game.modes) == {"1v1": 2, "2v2": 4}
    assert game.teams(2) == [0, 1] and game.teams(4) == [0, 1, 0, 1]
    assert game.lessons.glossary()
    records = game.cards.records()
    assert len(records) == 80
    for r in records:
        assert {"name", "group", "type", "gender", "power", "ability", "text"} <= set(r)
    assert sum(1 for r in records if r["ability"] is None) == 38
    assert game.cards.matches(records[0], "power", "0-")
    gang = [r for r in records if game.cards.matches(r, "group", "gang")]
    assert len(gang) == 8
    with pytest.raises(QueryError):
        game.cards.matches(records[0], "group", "nobody")
    assert len([r for r in records if game.cards.matches(r, "ability", "none")]) == 38


def test_every_event_kind_has_words() -> None:
    src = Path(diabolicards.__file__).parent
    kinds = set()
    for path in src.glob("*.py"):
        kinds |= set(re.findall(r'event\(\s*s,\s*"([a-z_]+)"', path.read_text("utf-8")))
    kinds |= {"boost", "hinder"}  # named by a conditional expression
    assert kinds <= set(EVENTS), kinds - set(EVENTS)
    seen = set()
    for seed in range(6):
        state = random_game(diabolicards.GAME, seed, 2 + 2 * (seed % 2), deep_every=1000)
        for event in state.log:
            text = format_event(event)
            assert "=" not in text, (event, text)  # the fallback spells key=value
            seen.add(event["e"])
    assert {"turn", "play", "draw", "end"} <= seen


def test_the_board_draws_both_sides_zones_power_synergy_and_contracts() -> None:
    game = diabolicards.GAME
    state = random_game(game, 3, 4, deep_every=1000)
    console = Console(width=140, record=True)
    for seat in (0, 1, None):
        console.print(game.terminal.render_board(state.view(seat), me=seat))  # type: ignore[arg-type]
    text = console.export_text()
    for words in ("Vask Tower", "The Gang Hideout", "Havenvale Campus", "synergy", "Contracts:"):
        assert words in text
    assert "Player 1 & Player 3 · total power" in text
    lines = game.terminal.result_lines(state.view(None))  # type: ignore[arg-type]
    assert re.match(r"Player \d and Player \d win: \d+ power to \d+|A tie", lines[0]), lines
    assert game.terminal.summary_lines(state.view(0))[0].startswith("  power:")


def test_play_computers_to_the_end_in_both_modes(runner: CliRunner) -> None:
    one = runner.invoke(
        app, ["play", "diabolicards", "--seats", "random,random", "--seed", "1", "-q"]
    )
    assert one.exit_code == 0, one.output
    assert re.search(r"^(Computer [12] (wins|loses): \d+ power to \d+ when nobody could play "
                     r"on|A tie: both sides have \d+ power)$", one.output, re.M)  # fmt: skip
    assert re.search(r"^Power: Computer 1 \d+, Computer 2 \d+$", one.output, re.M)
    two = runner.invoke(
        app,
        ["play", "diabolicards", "--mode", "2v2", "--seats", "random,random,random,random",
         "--seed", "1", "-q"],
    )  # fmt: skip
    assert two.exit_code == 0, two.output
    assert re.search(r"^(Computer [1-4] and Computer [1-4] (win|lose): |A tie)", two.output, re.M)


def test_watching_draws_the_mat_each_turn(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "diabolicards", "--seats", "random,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Turn 1: Computer" in result.output and "Havenvale Campus" in result.output


def test_a_person_plays_2v2_beside_computers_and_quits(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["play", "diabolicards", "--mode", "2v2", "--seats", "human,random,random,random",
         "--seed", "4"],
        input="1\n" * 3 + "q\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output  # the seat's own hand, and only its own
    assert "You & Computer 2 · power" in result.output
    assert "Computer 2: 5 cards" in result.output  # a teammate: a count
    assert "Game abandoned." in result.output


def test_mode_errors_are_clear(runner: CliRunner) -> None:
    bad = runner.invoke(app, ["play", "diabolicards", "--mode", "3v3"])
    assert bad.exit_code == 2 and "no mode '3v3'" in bad.output
    wrong = runner.invoke(
        app, ["play", "diabolicards", "--mode", "2v2", "--seats", "random,random"]
    )
    assert wrong.exit_code == 2 and "4 seats" in wrong.output
    seats = runner.invoke(app, ["play", "diabolicards", "--seats", "random,random,random"])
    assert seats.exit_code == 2 and "2 or 4" in seats.output


def test_cards_table_and_json(runner: CliRunner) -> None:
    table = runner.invoke(app, ["cards", "--game", "diabolicards", "--group", "diabolicals"])
    assert table.exit_code == 0 and "Empress" in table.output and "Viper" not in table.output
    raw = runner.invoke(app, ["cards", "--game", "diabolicards", "--json"])
    assert raw.exit_code == 0
    cards = json.loads(raw.output)
    assert len(cards) == 80 and {c["group"] for c in cards} >= {"Scorched Earth", "Why Even"}
    one = runner.invoke(app, ["cards", "--game", "diabolicards", "--card", "Razor"])
    assert one.exit_code == 0 and "The Endgame" in one.output


def test_replay_a_saved_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = runner.invoke(
        app,
        ["play", "diabolicards", "--mode", "2v2", "--seats", "random,random,random,random",
         "--seed", "6", "-q", "--save-replay", str(path)],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    shown = runner.invoke(app, ["replay", str(path), "--all"])
    assert shown.exit_code == 0, shown.output
    assert "Replay of Diabolicards" in shown.output and "Step 1. Player" in shown.output

    # the same end (the replay file does not know which seats were computers)
    def final(output: str) -> list[str]:
        lines = re.findall(r"^(?:.+ (?:win|lose)s?: .+|A tie.*|Power: .*)$", output, re.M)
        return [re.sub(r"\b(Computer|Player) (\d)", r"seat \2", line) for line in lines]

    assert len(final(played.output)) == 2 and final(played.output) == final(shown.output)


def test_a_2v2_arena_reports_per_team_results(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["arena", "--game", "diabolicards", "--mode", "2v2", "--agents", "random,random",
         "--games", "2", "--workers", "1", "--no-progress"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Teams" in result.output and "random+random" in result.output


def test_the_card_table_shows_a_power_of_0(runner: CliRunner) -> None:
    # issue 30 §2: the table left a power of 0 blank, as if the card had none
    listed = runner.invoke(app, ["cards", "--game", "diabolicards", "--json"]).output
    zero = [c for c in json.loads(listed) if c["power"] == 0]
    assert zero
    table = runner.invoke(app, ["cards", "--game", "diabolicards", "--power", "0"])
    assert table.exit_code == 0, table.output
    rows = [[c.strip() for c in line.strip("│").split("│")]
            for line in table.output.splitlines() if line.startswith("│")]  # fmt: skip
    powers = [cells[4] for cells in rows if cells[4]]  # a long name wraps onto more rows
    assert powers == ["0"] * len(zero)
