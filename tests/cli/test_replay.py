"""``ossuary replay``: round trip with ``play --save-replay``, stepping, bad files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary.cli import main as cli_main
from ossuary.cli.main import app
from ossuary.engine import OssuaryError, Replay


def _result(output: str) -> list[str]:
    """The end-of-game lines, seats named alike (a replay file does not say which
    seat was a computer: the replay names them "Player N", the game "Computer N")."""
    lines = re.findall(r"^(?:\S.* wins with .+|Souls: .*)$", output, re.M)
    return [re.sub(r"\b(Computer|Player) (\d)", r"seat \2", line) for line in lines]


@pytest.fixture
def saved(runner: CliRunner, tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "game.json"
    args = ["play", "hecatomb", "--seats", "random,random", "--seed", "3", "-q"]
    result = runner.invoke(app, [*args, "--save-replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"Replay saved to {path}" in result.output
    return path, result.output


def test_replay_round_trip_shows_every_step_and_the_same_winner(
    runner: CliRunner, saved: tuple[Path, str]
) -> None:
    path, played = saved
    n = len(Replay.load(path).actions)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    steps = re.findall(r"^Step (\d+)\. (Player [12].+)$", result.output, re.M)
    assert [int(s) for s, _ in steps] == list(range(1, n + 1))
    # each step names its seat, never "your" (the replay is watched, not played)
    assert any(re.fullmatch(r"Player [12] ends the turn", said) for _, said in steps)
    assert any(re.fullmatch(r"Player [12] plays .+", said) for _, said in steps)
    assert not any("your" in said.lower() for _, said in steps)
    # and what each step caused, in words
    assert re.search(r"^    Player [12] gains 1 soul \(start of the turn\)$", result.output, re.M)
    assert _result(result.output) == _result(played)
    assert len(_result(played)) == 2


def test_replay_shows_the_board_as_a_seat_saw_it(
    runner: CliRunner, saved: tuple[Path, str]
) -> None:
    # issue 35 §9: the terminal replay showed a line of souls, no board; now the
    # board after each step, as the seat that acted saw it (its hand shown)
    path, _ = saved
    out = runner.invoke(app, ["replay", str(path), "--all"]).output
    assert "the board as each step's player saw it" in out
    step = out.index("Step 1. Player 1 puts")
    board = out[step : out.index("Step 2.")]
    assert "Turn 1 · Player 1 is active" in board
    assert "Player 1 (hand shown) · souls 6 · hand 4" in board and "mana: corruption 1/1" in board
    assert "  hand:" in board and "Quarry Stalker" in board
    turn2 = out[out.index("Step 3. Player 2") : out.index("Step 4.")]
    assert "Player 2 (hand shown)" in turn2 and "Player 1 (hand shown)" not in turn2
    # --seat follows one seat, counted from 1: the other hand stays hidden
    one = runner.invoke(app, ["replay", str(path), "--all", "--seat", "1"]).output
    turn2 = one[one.index("Step 3. Player 2") : one.index("Step 4.")]
    assert "Player 1 (hand shown)" in turn2 and "Player 2 (hand shown)" not in turn2
    assert "Strongbox Mimic · minion" not in turn2
    assert "the board as Player 1 saw it" in one


@pytest.mark.parametrize("seat", ["0", "3"])
def test_replay_seat_out_of_range_is_said_in_seats_from_1(
    runner: CliRunner, saved: tuple[Path, str], seat: str
) -> None:
    path, _ = saved
    result = runner.invoke(app, ["replay", str(path), "--all", "--seat", seat])
    assert result.exit_code == 2
    assert f"--seat {seat}: the game has seats 1 to 2" in result.output


def test_replay_waits_between_steps(runner: CliRunner, saved: tuple[Path, str]) -> None:
    path, _ = saved
    result = runner.invoke(app, ["replay", str(path)], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "Step 2." in result.output and "Step 3." not in result.output
    assert "(20 win)" not in result.output
    rest = runner.invoke(app, ["replay", str(path), "--step"], input="\na\n")
    assert rest.exit_code == 0
    assert _result(rest.output) == _result(
        runner.invoke(app, ["replay", str(path), "--all"]).output
    )


def test_replay_steps_back_as_well_as_forward(runner: CliRunner, saved: tuple[Path, str]) -> None:
    path, _ = saved
    result = runner.invoke(app, ["replay", str(path)], input="\n\n\nb\nb\n\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Step 3." in out and "Step 4." not in out
    assert "Back to step 2" in out and "Back to step 1" in out
    # forward again after going back: step 2 is shown a second time
    assert out.count("Step 2.") == 2
    assert out.index("Back to step 1") < out.rindex("Step 2.")
    start = runner.invoke(app, ["replay", str(path)], input="b\nq\n")
    assert "This is the start of the game." in start.output


def test_replay_of_an_abandoned_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    played = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--save-replay", str(path)], input="1\nq\n"
    )
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    assert "Replay of Hecatomb as you saw it" in result.output
    assert "Step 1. You: Put" in result.output
    assert "not finished" in result.output
    # the board as you saw it: your hand, never the computer's
    assert "You · souls" in result.output and "  hand:" in result.output
    assert "Player 2 (hand shown)" not in result.output
    seat = runner.invoke(app, ["replay", str(path), "--all", "--seat", "2"])
    assert seat.exit_code == 2 and "holds only what Player 1 saw" in seat.output


def _bad(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(text, "utf-8")
    return path


def _good_data(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"actions": ["nonsense"]}, "illegal on replay"),
        ({"actions": [1, 2]}, "'actions' must be a list of option ids"),
        ({"seats": "two"}, "'seats' must be a number of seats"),
        ({"seats": 9}, "cannot start the game"),
        ({"ruleset": "poker"}, "unknown ruleset 'poker'"),
        ({"version": "0"}, "rules version 0"),
        ({"decks": [["No Such Card"] * 40, ["No Such Card"] * 40]}, "unknown card"),
    ],
)
def test_bad_replay_contents_give_code_2(
    runner: CliRunner,
    saved: tuple[Path, str],
    tmp_path: Path,
    change: dict[str, object],
    message: str,
) -> None:
    data = _good_data(saved[0]) | change
    result = runner.invoke(app, ["replay", str(_bad(tmp_path, json.dumps(data))), "--all"])
    assert result.exit_code == 2, result.output
    assert "Error:" in result.output and message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "not a replay file"),
        ("[1, 2]", "not a replay file"),
        ("{}", "not a replay"),
    ],
)
def test_unreadable_replay_files_give_code_2(
    runner: CliRunner, tmp_path: Path, text: str, message: str
) -> None:
    result = runner.invoke(app, ["replay", str(_bad(tmp_path, text))])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_replay_file_gives_code_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert "can't read replay" in result.output
    assert "No such file" in result.output


def test_cannot_save_replay_into_a_missing_folder(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir.json"
    result = runner.invoke(
        app, ["play", "hecatomb", "--seats", "random,random", "-q", "--save-replay", str(target)]
    )
    assert result.exit_code == 2
    assert "cannot save the replay" in result.output


def test_main_turns_an_escaped_ossuary_error_into_code_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom() -> None:
        raise OssuaryError("the bones are restless")

    monkeypatch.setattr(cli_main, "app", boom)
    with pytest.raises(SystemExit) as exc:
        cli_main.main()
    assert exc.value.code == 2
    assert "the bones are restless" in capsys.readouterr().err


def test_a_diabolicards_replay_names_whose_hand_is_shown(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "mat.json"
    args = ["play", "diabolicards", "--seats", "random,random", "--seed", "4", "-q"]
    assert runner.invoke(app, [*args, "--save-replay", str(path)]).exit_code == 0
    out = runner.invoke(app, ["replay", str(path), "--all"]).output
    start = out[: out.index("Step 1.")]
    assert "Player 1's hand: " in start and "Your hand" not in out
