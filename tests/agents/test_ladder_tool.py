"""``bench/ladder.py``, the tool that writes the levels' strength the lobby
shows: a tiny run writes what it played (with the build it ran on, since a
level that thinks for a time is as strong as its build) and keeps every
table it did not play."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ossuary import compiled, games

from ..bench_tools import load_bench


def test_a_ladder_run_records_its_table_and_build_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ladder = load_bench("ladder")
    out = tmp_path / "ladder.json"
    kept = {"easy": {"rating": 1600, "mu": 28.3, "sigma": 2.0, "games": 400}, "_commit": "abc"}
    out.write_text(json.dumps({"tables": {"hecatomb:3": kept}}))
    argv = ["ladder.py", "--tables", "diabolicards:2", "--levels", "random,easy"]
    games_file = tmp_path / "games.jsonl"
    other = {"table": "hecatomb:3", "levels": ["easy", "easy", "random"], "winner": 0, "seed": 1}
    games_file.write_text(json.dumps(other) + "\n")
    argv += ["--games", "4", "--workers", "1", "--out", str(out), "--date", "2026-01-02"]
    argv += ["--games-file", str(games_file)]
    monkeypatch.setattr(sys, "argv", argv)
    ladder.main()
    data = json.loads(out.read_text())
    assert data["tables"]["hecatomb:3"] == kept
    played = data["tables"]["diabolicards:2"]
    assert played["_played"] == 4
    assert played["_build"] == compiled.describe()
    assert played["_date"] == "2026-01-02"
    assert {lv: played[lv]["games"] for lv in ("random", "easy")} == {"random": 4, "easy": 4}
    assert "ladder: " + compiled.describe() in capsys.readouterr().err
    kept_games = ladder.read_games(games_file)
    assert kept_games[0] == {**other, "run": None}  # another table's games stay
    assert [g["table"] for g in kept_games[1:]] == ["diabolicards:2"] * 4
    assert {g["run"]["date"] for g in kept_games[1:]} == {"2026-01-02"}
    # where the run wrote is not part of what it measured
    assert played["_command"] == (
        "python bench/ladder.py --tables diabolicards:2 --levels random,easy --games 4 "
        "--workers 1 --date 2026-01-02"
    )

    # a second run with --add: the table is fitted over both runs' games
    monkeypatch.setattr(sys, "argv", [*argv, "--add", "--seed", "5"])
    ladder.main()
    added = json.loads(out.read_text())["tables"]["diabolicards:2"]
    assert added["_played"] == 8
    assert {lv: added[lv]["games"] for lv in ("random", "easy")} == {"random": 8, "easy": 8}
    assert len(ladder.read_games(games_file)) == 1 + 8
    assert len(games_file.read_text().splitlines()) == 1 + 2 + 8  # a line for each run
    # without --add, a run replaces the table's games
    monkeypatch.setattr(sys, "argv", argv)
    ladder.main()
    assert json.loads(out.read_text())["tables"]["diabolicards:2"]["_played"] == 4
    assert len(ladder.read_games(games_file)) == 1 + 4


def test_at_a_team_table_each_level_plays_as_a_whole_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ladder = load_bench("ladder")
    games_file = tmp_path / "games.jsonl"
    argv = ["ladder.py", "--tables", "diabolicards:4", "--levels", "random,easy,learned"]
    argv += ["--games", "6", "--workers", "1", "--out", str(tmp_path / "ladder.json")]
    monkeypatch.setattr(sys, "argv", [*argv, "--games-file", str(games_file)])
    ladder.main()
    kept = ladder.read_games(games_file)
    assert len(kept) == 6
    teams = games.get("diabolicards").teams(4)
    pairings = []
    for g in kept:
        sides = {
            t: {lv for lv, team in zip(g["levels"], teams, strict=True) if team == t}
            for t in set(teams)
        }
        assert all(len(s) == 1 for s in sides.values()), g["levels"]  # one level a side
        pairings.append(frozenset().union(*sides.values()))
    # every pairing of the three levels, twice (the sides swapped), each game its own deal
    assert sorted(sorted(p) for p in set(pairings)) == [
        ["easy", "learned"],
        ["easy", "random"],
        ["learned", "random"],
    ]
    assert all(pairings.count(p) == 2 for p in pairings)
    assert len({g["seed"] for g in kept}) == 6


@pytest.mark.parametrize(
    "text",
    [
        "{not json\n",
        "[1, 2]\n",
        '{"table": "hecatomb:2"}\n',
        '{"table": "x", "levels": ["a"], "winner": 3}\n',
        "\udcff",
    ],
)
def test_a_damaged_games_file_is_refused_in_words_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    ladder = load_bench("ladder")
    games_file = tmp_path / "games.jsonl"
    games_file.write_bytes(text.encode("utf-8", "surrogateescape"))
    argv = [
        "ladder.py",
        "--tables",
        "diabolicards:2",
        "--games",
        "2",
        "--games-file",
        str(games_file),
    ]
    monkeypatch.setattr(sys, "argv", [*argv, "--out", str(tmp_path / "ladder.json")])
    with pytest.raises(SystemExit) as stop:
        ladder.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert str(games_file) in err and "Traceback" not in err
    assert not (tmp_path / "ladder.json").exists()  # nothing played, nothing written
