"""Bad input on the command line: a message and exit code 2, never a traceback, and
outputs checked before any long work (issue 8 §3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary.cli.main import app

MISSING = "no/such/folder"


def _fails(runner: CliRunner, args: list[str], words: str, input: str | None = None) -> str:
    result = runner.invoke(app, args, input=input)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert "Error:" in result.output and words in result.output, result.output
    return result.output


def _never(*args: object, **kwargs: object) -> object:
    raise AssertionError("the long work started before the output was checked")


def test_balance_checks_its_output_before_simulating(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ossuary.cli.balance_cmd.need_sim", _never)
    _fails(runner, ["balance", "--out", str(tmp_path / MISSING / "run")], "--out")
    (tmp_path / "file").write_text("x", "utf-8")
    _fails(runner, ["balance", "--out", str(tmp_path / "file")], "a file")
    _fails(runner, ["balance", "--html", str(tmp_path / MISSING / "r.html")], "--html")


@pytest.mark.parametrize("workers", ["-2", "0"])
def test_balance_workers_must_be_one_or_more(
    runner: CliRunner, workers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ossuary.cli.balance_cmd.need_sim", _never)
    monkeypatch.setattr("ossuary.cli.sim_cmd.need_sim", _never)
    _fails(runner, ["balance", "--workers", workers], "--workers")
    _fails(runner, ["simulate", "--out", "run", "--workers", workers], "--workers")
    _fails(runner, ["balance", "--decks", "--workers", workers], "--workers")


def test_deck_export_to_a_missing_folder(runner: CliRunner, tmp_path: Path) -> None:
    _fails(
        runner, ["deck", "export", "Rot and Ruin", "--out", str(tmp_path / MISSING / "d.txt")],
        "--out",
    )  # fmt: skip


def test_arena_checks_its_output_before_playing(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ossuary.cli.arena_cmd.run_arena", _never)
    _fails(
        runner,
        ["arena", "--agents", "random,random", "--out", str(tmp_path / MISSING / "r.json")],
        "--out",
    )


def test_play_checks_the_replay_file_before_the_game(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ossuary.cli.play.play_game", _never)
    _fails(
        runner,
        ["play", "--seats", "random,random", "--save-replay", str(tmp_path / MISSING / "r.json")],
        "--save-replay",
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[[card]]\nname = "Gr\\u0000ub"\ntype = "fate"\ndoom = "greed"\n', "name"),
        ('[[card]]\nname = "Grub"\ntype = "fate"\ndoom = "greed"\ncost = true\n', "cost"),
        ("card = [1]", "card 1"),
        ("a = " + "[" * 5000, "nested"),
    ],
)
def test_cards_file_errors_are_messages(
    runner: CliRunner, tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    out = _fails(runner, ["cards", "--file", str(path)], words)
    assert "\x00" not in out and "\x1b" not in out


@pytest.mark.parametrize(
    ("text", "words"),
    [("² Snap\n", "digits 0-9"), ("1" + "0" * 5000 + " Snap\n", "more than a deck"),
     ("-3 Snap\n", "1 or more")],
)  # fmt: skip
def test_deck_check_errors_are_messages(
    runner: CliRunner, tmp_path: Path, text: str, words: str
) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(text, "utf-8")
    _fails(runner, ["deck", "check", str(path)], words)


@pytest.mark.parametrize(
    "text", ["[" * 100_000, '{"seed": ' + "1" * 5000 + "}", '{"actions": ["play ²"]}']
)
def test_replay_errors_are_messages(runner: CliRunner, tmp_path: Path, text: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, "utf-8")
    _fails(runner, ["replay", str(path), "--all"], "r.json")


def test_a_unicode_digit_at_the_prompt_asks_again_and_the_replay_is_saved(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "r.json"
    result = runner.invoke(
        app,
        ["play", "--seed", "3", "--ai", "easy", "--save-replay", str(path)],
        input="²\n٣\n1" + "0" * 5000 + "\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "You entered '²'" in result.output
    assert "Game abandoned." in result.output
    assert path.exists()
