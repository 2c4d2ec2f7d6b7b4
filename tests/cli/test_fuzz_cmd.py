"""``ossuary fuzz``: every game's configurations, a record that resumes after
Ctrl-C without replaying a finished seed, failures with the command that plays
them again, and the project's own error for a bad option."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary import fuzz, games
from ossuary.cli.main import app
from ossuary.engine.core import GameState
from ossuary.engine.game import Game

from ..ctrl_c import cli_env, ctrl_c, one_line, signal_when, start_cli


def recorded(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def every_configuration() -> set[tuple[str, int]]:
    return {(name, n) for name in games.names() for n in games.get(name).seat_counts}


def test_a_campaign_plays_every_game_and_names_how_to_replay_a_failure(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one check planted to fail in one configuration's game; the deep checks
    # only at the end, to keep this a test of the command (the checks
    # themselves are each game's playout tests)
    real_check, real_game = fuzz.check_kernel, fuzz.random_game

    def planted(game: Game, state: GameState) -> None:
        if game.name == "necromancer" and state.num_seats() == 3 and state.seed == 5:
            raise fuzz.InvariantError("planted: the clone differs")
        real_check(game, state)

    def lighter(game: Game, seed: int, seats: int, deep_every: int = 10) -> GameState:
        return real_game(game, seed, seats, deep_every=10_000)

    monkeypatch.setattr(fuzz, "check_kernel", planted)
    monkeypatch.setattr(fuzz, "random_game", lighter)
    out = tmp_path / "campaign"
    args = ["fuzz", "--games", "1", "--seed", "5", "--workers", "1", "--no-progress"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 1, result.output  # a check failed
    rows = recorded(out)
    assert {(r["game"], r["seats"]) for r in rows} == every_configuration()
    assert all(r["seed"] == 5 for r in rows)
    assert [r for r in rows if "error" in r] == [
        next(r for r in rows if (r["game"], r["seats"]) == ("necromancer", 3))
    ]
    for label in ("Hecatomb 6 seats", "Path of the Necromancer 4 seats", "Diabolicards 2v2"):
        assert label in result.output
    assert "Projected CPU-hours per million games" in result.output
    assert "Path of the Necromancer 3 seats, seed 5: InvariantError: planted" in result.output
    again = re.search(r"again: ossuary (.+)", result.output)
    assert again is not None
    assert again[1] == "fuzz --game necromancer --seats 3 --seed 5 --games 1 --workers 1"
    # the command plays that game alone, and fails again
    replayed = runner.invoke(app, [*again[1].split(), "--no-progress"])
    assert replayed.exit_code == 1, replayed.output
    assert "1 game," in replayed.output and "InvariantError: planted" in replayed.output
    assert "Hecatomb" not in replayed.output


def test_sigterm_stops_a_campaign_as_ctrl_c_does(tmp_path: Path) -> None:
    """``kill PID`` (SIGTERM to the driver alone, its pool of workers left to it):
    the finished games are recorded, one line says so, the workers are gone,
    and the exit status is the shell's "ended by SIGTERM"."""
    out = tmp_path / "campaign"
    games_file = out / "games.jsonl"
    args = ["fuzz", "--game", "diabolicards", "--games", "3", "--no-progress", "--out", str(out)]

    def two_finished() -> bool:
        return games_file.exists() and games_file.read_text().count("\n") >= 2

    process = start_cli([*args, "--workers", "2"], cli_env())
    stdout, stderr = signal_when(process, two_finished, signal.SIGTERM)
    assert process.returncode == 143, (stdout, stderr)
    assert one_line(stderr) and "Stopped (SIGTERM)" in stderr, stderr
    assert 2 <= len(recorded(out)) < 6
    # the command ran in a session of its own: soon nothing of it is alive (a
    # zombie, dead and waiting to be reaped by whoever inherited it, is not;
    # multiprocessing's resource tracker ends when it sees its driver gone)
    deadline = time.monotonic() + 10
    while True:
        ps = subprocess.run(["ps", "-o", "stat=,args=", "-g", str(process.pid)],
                            capture_output=True, text=True, check=False)  # fmt: skip
        alive = [line for line in ps.stdout.splitlines() if not line.lstrip().startswith("Z")]
        if not alive or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert not alive, alive


def test_ctrl_c_stops_a_campaign_that_the_same_command_continues(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "campaign"
    args = ["fuzz", "--game", "diabolicards", "--games", "3", "--no-progress", "--out", str(out)]
    games_file = out / "games.jsonl"

    def two_finished() -> bool:
        return games_file.exists() and games_file.read_text().count("\n") >= 2

    process = start_cli([*args, "--workers", "2"], cli_env())  # a real Ctrl-C, a real pool
    stdout, stderr = ctrl_c(process, two_finished)
    assert process.returncode == 130, (stdout, stderr)
    assert one_line(stderr) and "Interrupted (Ctrl-C)" in stderr, stderr
    before = recorded(out)
    assert 2 <= len(before) < 6
    result = runner.invoke(app, [*args, "--workers", "1"])  # the rest, in this process
    assert result.exit_code == 0, result.output
    assert f"continuing: {len(before)} games already recorded" in result.output
    after = recorded(out)
    assert after[: len(before)] == before  # kept as they were
    keys = [(r["game"], r["seats"], r["seed"]) for r in after]
    assert len(keys) == len(set(keys)) == 6  # no finished seed played twice
    assert set(keys) == {("diabolicards", n, s) for n in (2, 4) for s in range(3)}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--game", "chess"], "--game: "),
        (["--game", "necromancer", "--seats", "6"], "--seats 6: Path of the Necromancer allow"),
        (["--out", "{file}"], "that is a file"),
        (["--out", "{other}"], "is not empty and holds no fuzz campaign"),
        (["--scheduler", "nonsense"], "--scheduler 'nonsense': give an address like tcp://"),
        (["--scheduler", ""], "--scheduler '': give an address like tcp://"),
    ],
)
def test_a_bad_option_gets_the_projects_error(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    before = sorted(tmp_path.rglob("*"))
    args = [a.format(file=tmp_path / "file", other=tmp_path / "other") for a in args]
    result = runner.invoke(app, ["fuzz", "--workers", "1", "--no-progress", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert sorted(tmp_path.rglob("*")) == before  # nothing made


def test_a_campaign_on_a_dask_cluster_plays_the_local_games(
    runner: CliRunner, tmp_path: Path
) -> None:
    """``--scheduler``: the same games as one local process, recorded here;
    a scheduler nobody answers at is the project's error."""
    pytest.importorskip("distributed")
    from ..dask_cluster import dask_cluster

    args = ["fuzz", "--game", "diabolicards", "--games", "3", "--no-progress"]
    local = runner.invoke(app, [*args, "--workers", "1", "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    with dask_cluster(tmp_path / "cluster") as cluster:
        far = runner.invoke(app, [*args, "--scheduler", cluster.address,
                                  "--out", str(tmp_path / "far")])  # fmt: skip
    assert far.exit_code == 0, far.output
    assert f"on the Dask cluster at {cluster.address}" in " ".join(far.output.split())

    def games_of(out: Path) -> list[tuple[object, ...]]:
        return sorted((g["game"], g["seats"], g["seed"], g["actions"]) for g in recorded(out))

    assert len(games_of(tmp_path / "far")) == 6  # 1v1 and 2v2, three seeds each
    assert games_of(tmp_path / "far") == games_of(tmp_path / "local")


def test_a_scheduler_nobody_answers_at_gets_the_projects_error(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    from ossuary import fuzz_run

    monkeypatch.setattr(fuzz_run, "DASK_CONNECT", 1.0)
    result = runner.invoke(app, ["fuzz", "--game", "diabolicards", "--games", "1",
                                 "--no-progress", "--scheduler", "tcp://127.0.0.1:9"])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in " ".join(result.output.split())
    assert "Traceback" not in result.output
