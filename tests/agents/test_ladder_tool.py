"""``bench/ladder.py``, the tool that writes the levels' strength the lobby
shows: a tiny run writes what it played (with the build it ran on, since a
level that thinks for a time is as strong as its build) and keeps every
table it did not play."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from ossuary import compiled, games

from ..bench_tools import BENCH, load_bench


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


def _ladder_cmd(tmp: Path, name: str) -> list[str]:
    """A small ladder run writing its three files under ``tmp`` with ``name``."""
    return [
        sys.executable, str(BENCH / "ladder.py"), "--tables", "hecatomb:2",
        "--levels", "random,easy", "--games", "120", "--workers", "1", "--date", "2026-01-02",
        "--out", str(tmp / f"{name}.json"), "--games-file", str(tmp / f"{name}.jsonl"),
        "--partial", str(tmp / f"{name}.partial.jsonl"),
    ]  # fmt: skip


def _games(ladder: ModuleType, path: Path) -> list[dict[str, object]]:
    return [{k: v for k, v in g.items() if k != "run"} for g in ladder.read_games(path)]


def _stop_after(cmd: list[str], partial: Path, games: int, how: signal.Signals) -> str:
    """Run ``cmd`` and send it ``how`` once ``partial`` holds ``games`` games;
    its standard error."""
    # SIGINT at its default, as at a terminal (a shell's background job inherits it ignored)
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if partial.exists() and partial.read_text().count("\n") >= games:
                break
            time.sleep(0.002)
        proc.send_signal(how)
        _out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    # Ctrl-C and SIGTERM are answered (130, 143: a shell's "ended by" codes), SIGKILL can't be
    answered = {signal.SIGINT: 130, signal.SIGTERM: 143}
    assert proc.returncode == answered.get(how, -how), err
    return err


def test_a_ladder_run_stopped_midway_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """A real process stopped three times, by Ctrl-C, by SIGTERM (``kill PID``,
    a batch system's time limit) and by SIGKILL (a machine going down), then the
    same command again: it plays only the missing games and ends with exactly
    the games and ratings of a run that was never stopped."""
    ladder = load_bench("ladder")
    # the truth: the same run, never stopped
    clean = subprocess.run(_ladder_cmd(tmp_path, "clean"), capture_output=True, text=True,
                           timeout=120, check=True)  # fmt: skip
    assert "kept from a stopped run" not in clean.stderr
    assert not (tmp_path / "clean.partial.jsonl").exists()  # done: nothing left to resume

    cmd, partial = _ladder_cmd(tmp_path, "cut"), tmp_path / "cut.partial.jsonl"
    err = _stop_after(cmd, partial, 3, signal.SIGINT)
    assert "ladder: stopped; the games played are kept in" in err and "Traceback" not in err
    first = partial.read_text().count("\n")
    err = _stop_after(cmd, partial, first + 3, signal.SIGTERM)
    assert "ladder: stopped; the games played are kept in" in err and "Traceback" not in err
    second = partial.read_text().count("\n")
    assert first + 3 <= second < 120
    _stop_after(cmd, partial, second + 3, signal.SIGKILL)
    kept = partial.read_text().count("\n")
    assert second + 3 <= kept < 120
    assert not (tmp_path / "cut.jsonl").exists()  # the table was not done
    with partial.open("a") as f:
        f.write('{"key": {"table": "heca')  # a line cut short by the kill

    resumed = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True)
    assert "its last line, cut short when the run was stopped, is dropped" in resumed.stderr
    assert f"hecatomb:2: {kept} of 120 games kept from a stopped run" in resumed.stderr
    assert "Traceback" not in resumed.stderr
    assert _games(ladder, tmp_path / "cut.jsonl") == _games(ladder, tmp_path / "clean.jsonl")
    assert len(_games(ladder, tmp_path / "cut.jsonl")) == 120
    ours = json.loads((tmp_path / "cut.json").read_text())["tables"]["hecatomb:2"]
    truth = json.loads((tmp_path / "clean.json").read_text())["tables"]["hecatomb:2"]
    assert {lv: ours[lv] for lv in ("random", "easy")} == {
        lv: truth[lv] for lv in ("random", "easy")
    }
    assert not partial.exists()


def test_a_damaged_partial_file_is_refused_in_words_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ladder = load_bench("ladder")
    partial = tmp_path / "p.jsonl"
    partial.write_text('{"not": "a game"}\n{"key": {}, "index": 0}\n')
    argv = ["ladder.py", "--tables", "diabolicards:2", "--games", "2", "--partial", str(partial)]
    argv += ["--games-file", str(tmp_path / "g.jsonl"), "--out", str(tmp_path / "ladder.json")]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stop:
        ladder.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{partial}, line 1: not a game of a stopped run" in err and "Traceback" not in err
    assert not (tmp_path / "ladder.json").exists()
    assert partial.read_text().startswith('{"not"')  # left as it was


def test_the_commit_is_the_one_of_the_source_that_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ladder run records the commit of the Ossuary package it imported (a
    compiled worktree on PYTHONPATH, say), not of the checkout holding the
    tool, and says when that source has edits the commit lacks."""
    import ossuary

    ladder = load_bench("ladder")
    repo = tmp_path / "other-tree"
    package = repo / "src" / "ossuary"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("# another tree\n")

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                              check=True).stdout.strip()  # fmt: skip

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "x")
    head = git("rev-parse", "--short", "HEAD")
    monkeypatch.setattr(ossuary, "__file__", str(package / "__init__.py"))
    assert ladder.commit() == head
    (package / "__init__.py").write_text("# edited\n")
    assert ladder.commit() == f"{head}+edits"
    # the ladder's own figures, written into the package by a first run, are
    # not an edit of the source a second run plays
    git("checkout", "-q", "--", ".")
    figures = package / "server" / "ladder.json"
    figures.parent.mkdir()
    figures.write_text("{}\n")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "y")
    head = git("rev-parse", "--short", "HEAD")
    figures.write_text('{"tables": {}}\n')
    assert ladder.commit(figures) == head
    assert ladder.commit() == f"{head}+edits"
    monkeypatch.setattr(ossuary, "__file__", str(tmp_path / "nowhere" / "__init__.py"))
    (tmp_path / "nowhere").mkdir()
    assert ladder.commit() == "unknown"
