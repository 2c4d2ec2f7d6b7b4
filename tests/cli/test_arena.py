"""``ossuary arena``: tiny games end to end, the results file, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ossuary.cli.main import app
from ossuary.hecatomb import preconstructed


def test_arena_prints_the_table_and_writes_every_game(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    decks = list(preconstructed())[:2]
    result = runner.invoke(
        app,
        [
            "arena", "--agents", "random,heuristic", "--games", "4", "--seats", "2",
            "--decks", ",".join(decks), "--workers", "1", "--out", str(out), "--no-progress",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Win rates" in result.output and "Elo" in result.output
    assert "random" in result.output and "heuristic" in result.output
    data = json.loads(out.read_text("utf-8"))
    assert data["seats"] == 2 and data["decks"] == decks
    assert data["agents"] == {"random": "random", "heuristic": "heuristic"}
    assert len(data["games"]) == 4
    for game in data["games"]:
        assert {"seed", "agents", "decks", "first", "winner", "winner_agent", "length"} <= set(game)
        assert sorted(game["agents"]) == ["heuristic", "random"]
        assert sorted(game["decks"]) == sorted(decks)
        assert game["winner_agent"] == game["agents"][game["winner"]]
        assert game["length"] > 0
    summary = data["summary"]["agents"]
    assert summary["random"]["games"] == 4
    lo, hi = summary["heuristic"]["ci95"]
    assert 0 <= lo <= summary["heuristic"]["win_rate"] <= hi <= 1
    assert {"elo", "wins", "win_rate"} <= set(summary["random"])


def test_arena_bad_input_fails_with_code_2(runner: CliRunner, tmp_path: Path) -> None:
    for args, message in [
        (["--agents", "random,grandmaster"], "unknown agent 'grandmaster'"),
        (["--agents", "random,ismcts:soon"], "neither seconds"),
        (["--agents", "random,,heuristic"], "separated by commas"),
        (["--games", "0"], "--games must be at least 1"),
        (["--decks", "Nope"], "unknown deck 'Nope'"),
        (["--seats", "7"], "Hecatomb is for 2 to 6 players"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--out", str(tmp_path / "missing" / "r.json"), "--games", "1"], "cannot write"),
    ]:
        base = ["arena", "--agents", "random,random", "--no-progress", "--workers", "1"]
        result = runner.invoke(app, [*base, *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
