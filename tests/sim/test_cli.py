"""``ossuary simulate``, ``ossuary report`` and ``ossuary balance`` from the command
line: what they print and write, and the clear errors for bad options."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary import games
from ossuary.cli.main import app
from ossuary.sim import store

RUNNER = CliRunner()


def _ok(args: list[str]) -> str:
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output


def _error(args: list[str], words: str) -> None:
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_simulate_writes_parquet_and_a_summary_then_resumes_to_more(tmp_path: Path) -> None:
    out = tmp_path / "run"
    text = _ok(["simulate", "--game", "hecatomb", "--agents", "random,heuristic", "--games", "4",
                "--decks", "Rot and Ruin,Gilded Lies", "--out", str(out), "--workers", "1",
                "--no-progress"])  # fmt: skip
    assert "Win rate by agent" in text and "Win rate by deck" in text
    assert sorted(p.name for p in (out / "games").iterdir())[0].endswith(".parquet")
    summary = json.loads((out / store.SUMMARY_FILE).read_text())
    assert summary["games"] == 4 and {r["name"] for r in summary["by_deck"]} == {
        "Rot and Ruin", "Gilded Lies"}  # fmt: skip
    # resume takes the run's own settings and grows it
    text = _ok(["simulate", "--out", str(out), "--resume", "--games", "6", "--workers", "1",
                "--no-progress"])  # fmt: skip
    assert "4 games already played" in text
    assert len(store.read_games(out, ["game"])) == 12


def test_simulate_takes_a_deck_file(tmp_path: Path) -> None:
    game = games.get("hecatomb")
    deck = tmp_path / "mine [red].txt"  # a name rich would read as markup
    deck.write_text(game.decks.format(game.decks.preconstructed()["Plague Tithe"]))
    out = tmp_path / "run"
    text = _ok(["simulate", "--agents", "random", "--games", "2", "--decks",
                f"{deck},Rot and Ruin", "--out", str(out), "--workers", "1",
                "--no-progress"])  # fmt: skip
    assert {d.name for d in store.read_run(out).config.decks} == {"mine [red]", "Rot and Ruin"}
    assert "│ mine [red]" in text  # the deck's row in "Win rate by deck", whole
    checked = _ok(["deck", "check", str(deck)])
    assert "mine [red].txt: a legal Hecatomb deck" in " ".join(checked.split())


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--agents", "nobody"], "unknown agent"),
        (["--agents", "random,"], "--agents"),
        (["--games", "0"], "--games"),
        (["--decks", "No Such Deck"], "unknown deck"),
        (["--decks", "Rot and Ruin,,Gilded Lies"], "empty deck name"),
        (["--seats", "9"], "players"),
        (["--game", "chess"], "unknown game"),
        (["--workers", "0"], "--workers"),
        (["--chunk", "0"], "--chunk"),
        (["--scheduler", "somewhere"], "tcp://"),
    ],
)
def test_simulate_refuses_bad_options(tmp_path: Path, args: list[str], words: str) -> None:
    _error(["simulate", "--out", str(tmp_path / "run"), "--no-progress", *args], words)


def test_simulate_refuses_to_overwrite_or_to_resume_differently(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _ok(["simulate", "--agents", "random", "--games", "2", "--out", str(out), "--workers", "1",
         "--no-progress"])  # fmt: skip
    _error(["simulate", "--agents", "random", "--games", "2", "--out", str(out)], "--resume")
    _error(["simulate", "--agents", "heuristic", "--out", str(out), "--resume"], "agents")
    _error(["simulate", "--games", "1", "--out", str(out), "--resume"], "not shrink")


def test_report_writes_a_page_and_plots(random_report: tuple[Path, Path]) -> None:
    page, png = random_report
    assert page.exists()
    pngs = sorted(p.name for p in png.iterdir())
    assert {"cards.png", "game_length.png", "resources.png", "turn_order.png"} <= set(pngs)
    assert all((png / p).read_bytes()[:4] == b"\x89PNG" for p in pngs)


def test_report_errors(tmp_path: Path) -> None:
    _error(["report", str(tmp_path)], "holds no simulation")
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "run.json").write_text("{nope")
    _error(["report", str(tmp_path / "x")], "not a readable run")


def test_balance_reports_cards_from_a_simulated_run(tmp_path: Path) -> None:
    out = tmp_path / "bal"
    text = _ok(["balance", "--games", "6", "--agent", "random", "--workers", "1", "--out",
                str(out), "--no-progress"])  # fmt: skip
    # 6 games rank no card (each must be played by 20 seats): it says so
    assert "No card has data enough to rank yet" in text and "By the deck's families" in text
    assert "Strongest" not in text
    run = store.read_run(out)
    assert run.config.deck_mode == "random" and run.games == 6
    summary = json.loads((out / store.SUMMARY_FILE).read_text())
    assert len(summary["cards"]) == len(games.get("hecatomb").cards.groups())


def test_balance_ranks_the_cards_that_have_data_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ossuary.sim import stats

    monkeypatch.setattr(stats, "MIN_PLAYED", 2)  # 6 games: cards played by 2 seats rank
    text = _ok(["balance", "--games", "6", "--agent", "random", "--workers", "1", "--top", "3",
                "--out", str(tmp_path / "bal"), "--no-progress"])  # fmt: skip
    assert "Strongest 3" in text and "Weakest 3" in text
    summary = json.loads((tmp_path / "bal" / store.SUMMARY_FILE).read_text())
    ranked = [c for c in summary["cards"] if c["ranked"]]
    assert ranked and all(c["played"]["games"] >= 2 for c in ranked)
    flat = " ".join(text.split())
    assert ranked[0]["card"].split()[0] in flat  # the strongest is named (a cell may wrap)


def test_balance_without_out_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    _ok(["balance", "--games", "2", "--agent", "random", "--workers", "1", "--no-progress"])
    assert list(tmp_path.iterdir()) == []


def test_balance_bad_input() -> None:
    _error(["balance", "--games", "0"], "--games")
    _error(["balance", "--agent", "nobody", "--games", "1", "--no-progress"], "--agents")


@pytest.mark.parametrize("name", games.names())
def test_balance_decks_plays_every_pair_of_preconstructed_decks(name: str, tmp_path: Path) -> None:
    decks = games.get(name).decks.preconstructed()
    if len(decks) < 2:
        _error(["balance", "--decks", "--game", name], "fewer than two")
        return
    out = tmp_path / "rr"
    text = _ok(["balance", "--decks", "--game", name, "--games", "1", "--agent", "random",
                "--workers", "1", "--out", str(out), "--no-progress"])  # fmt: skip
    assert "Win rate" in text
    table = store.read_games(out, ["game", "deck"])
    pairs = {frozenset(table["deck"].to_pylist()[i : i + 2]) for i in range(0, len(table), 2)}
    n = len(decks)
    assert len(pairs) == n * (n - 1) // 2  # one game per pair, every pair


def test_report_compares_a_run_with_the_one_before(random_run: Path, tmp_path: Path) -> None:
    other = tmp_path / "after"
    _ok(["simulate", "--agents", "random", "--decks", "random", "--games", "6", "--seed", "50",
         "--out", str(other), "--workers", "1", "--no-progress"])  # fmt: skip
    page = tmp_path / "r.html"
    text = _ok(["report", str(other), "--compare", str(random_run), "--html", str(page)])
    assert "Compared with" in text and "moved beyond chance" in text
    html = page.read_text()
    assert f"<h2>Compared with {random_run}</h2>" in html
    assert "cards whose deck win rate moved" in html or "changes cards" in html
    # a run compared with itself: nothing moved
    same = _ok(["report", str(random_run), "--compare", str(random_run)])
    assert "0 card(s) moved beyond chance" in same


def test_without_the_sim_extra_the_commands_say_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed
    _error(["simulate", "--out", str(tmp_path / "r")], "pip install 'ossuary[sim]'")
    _error(["report", str(tmp_path)], "pip install 'ossuary[sim]'")
    _error(["balance", "--games", "2"], "pip install 'ossuary[sim]'")
