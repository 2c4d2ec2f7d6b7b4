"""A real interruption: the ``ossuary simulate`` driver (not its pool of worker
processes) is killed with SIGKILL mid-run, or stopped with SIGTERM (``kill
PID``: it stops its pool and says how to go on); its workers and
multiprocessing's resource tracker end, then ``--resume`` finishes it. Every
game is in the folder exactly once and the games equal those of an
uninterrupted run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ossuary.sim import store
from ossuary.sim.runner import run

from .conftest import small_config

GAMES = 90
CHUNK = 3


def _command(out: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "ossuary.cli.main", "simulate", "--game", "hecatomb",
        "--agents", "random", "--decks", "random", "--games", str(GAMES), "--chunk", str(CHUNK),
        "--workers", "2", "--out", str(out), "--no-progress", *extra,
    ]  # fmt: skip


def _group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_run_resumes_and_holds_every_game_exactly_once(tmp_path: Path, how: int) -> None:
    out = tmp_path / "run"
    # its own process group: the test can find (and, failing, clean up) every
    # process the run started; the kill itself takes the driver alone
    proc = subprocess.Popen(
        _command(out), start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 120
        while len(list((out / store.GAMES_DIR).glob("*.parquet"))) < 2:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline, "no chunk was committed in time"
            time.sleep(0.02)
        os.kill(proc.pid, how)
        said, err = (x.decode() for x in proc.communicate(timeout=60))
        if how == signal.SIGTERM:  # answered: the shell's "ended by SIGTERM", and how to go on
            assert proc.returncode == 143, (said, err)
            assert "Stopped (SIGTERM)" in said and "--resume" in said, said
            assert "Traceback" not in err, err
        deadline = time.monotonic() + 30
        while not _group_gone(proc.pid):  # workers and resource tracker end by themselves
            assert time.monotonic() < deadline, "processes of the killed run are still alive"
            time.sleep(0.05)
    finally:
        if not _group_gone(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    kept = store.committed(out, 2)
    assert 2 <= len(kept) < GAMES // CHUNK, "the run was not killed mid-way"

    resumed = subprocess.run(_command(out, "--resume"), capture_output=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr.decode()
    assert f"{sum(b - a for a, b in kept):,} games already played" in resumed.stdout.decode()
    games = store.read_games(out).sort_by([("game", "ascending"), ("seat", "ascending")])
    assert games["game"].to_pylist() == [g for g in range(GAMES) for _ in range(2)]
    assert (out / store.SUMMARY_FILE).exists()

    straight = tmp_path / "straight"
    run(straight, small_config(), GAMES, workers=1, chunk=30)
    mine = store.read_games(straight).sort_by([("game", "ascending"), ("seat", "ascending")])
    drop = ["seconds", "cpu_seconds", "worker"]
    assert games.drop_columns(drop).equals(mine.drop_columns(drop))
