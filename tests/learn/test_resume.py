"""A training run stopped by Ctrl-C or SIGTERM and resumed is the run it
would have been.

Real processes, interrupted by SIGINT sent to their process group (as a
terminal does) or by SIGTERM sent to the command alone (``kill PID``, a batch
system's time limit) at several points, then resumed with ``--resume``: the same
weights, the same curve rows (all but the wall-clock minutes), the same pool
of past versions as one run that never stopped, and nothing left behind.
(That the number of workers never changes the network, however many games are
imitated, is test_train.py's; here the run stopped in its first step was
started on two workers.)
"""

from __future__ import annotations

import csv
import os
import signal
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

if not os.environ.get("OSSUARY_REQUIRE_TORCH"):
    pytest.importorskip("torch", reason="needs PyTorch: pip install 'ossuary[learn]' (docs/rl.md)")

from ossuary.agents.learned import read_tensors
from ossuary.cli.main import app

from ..ctrl_c import cli_env, ctrl_c, one_line, signal_when, start_cli

# one xdist worker runs the module, so the run that never stopped (``whole``, a
# module fixture) is trained once, not once per worker that meets a stopped one
pytestmark = pytest.mark.xdist_group("training-resume")

# three PPO steps of 2 games after 2 imitated: long enough to stop in the middle
# (a step's size is not the point: each point below comes once in any run); seed 8
# meets the heuristic in the first step (with no rated game yet, the curve's plot
# warns on stderr, which a stopped run must keep to one line) and pool and self later
SMALL = [
    "--games", "6", "--batch-games", "2", "--imitate", "2", "--hidden", "16,8",
    "--eval-games", "2", "--seed", "8", "--no-progress",
]  # fmt: skip


def train(out: Path, *extra: str) -> None:
    result = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(out), *SMALL, *extra])
    assert result.exit_code == 0, result.output


def curve(out: Path) -> list[dict[str, str]]:
    """The curve's rows without the wall-clock column."""
    with open(out / "curve.csv", newline="") as f:
        return [{k: v for k, v in row.items() if k != "minutes"} for row in csv.DictReader(f)]


def same_run(a: Path, b: Path) -> None:
    """``b`` ended exactly as ``a``: weights, curve, pool; nothing left over."""
    ta, tb = read_tensors(a / "policy.safetensors")[0], read_tensors(b / "policy.safetensors")[0]
    assert ta.keys() == tb.keys()
    for k in ta:
        np.testing.assert_array_equal(ta[k], tb[k], err_msg=k)
    assert curve(a) == curve(b)
    pool_a = sorted(p.name for p in (a / "pool").iterdir())
    assert pool_a == sorted(p.name for p in (b / "pool").iterdir())
    for name in pool_a:
        assert (a / "pool" / name).read_bytes() == (b / "pool" / name).read_bytes(), name
    left = [p.name for p in b.rglob("*") if p.name.startswith(".current") or p.suffix == ".tmp"]
    assert not left


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("whole") / "run"
    train(out, "--workers", "1")
    return out


def _exists(path: Path) -> Callable[[], bool]:
    return path.exists


def _current(out: Path, step: int) -> Callable[[], bool]:
    # the file a step's games play from: it exists while they are played
    return (out / f".current-{step}.safetensors").exists


def _rows(out: Path, n: int) -> Callable[[], bool]:
    def enough() -> bool:
        try:
            return len((out / "curve.csv").read_text().splitlines()) > n
        except OSError:
            return False

    return enough


@pytest.mark.parametrize(
    ("point", "workers", "how"),
    [
        ("start", "1", signal.SIGINT),
        ("first step", "2", signal.SIGINT),
        ("second step", "1", signal.SIGINT),
        ("first step", "2", signal.SIGTERM),  # the driver alone; its workers are its to stop
        # a checkpoint is written whole all the same (one signal: on one worker
        # there is no pool, and SIGTERM is handled as Ctrl-C, workers.py)
        ("saving", "1", signal.SIGTERM),
    ],
)
def test_a_run_stopped_by_ctrl_c_and_resumed_is_the_run_itself(
    whole: Path, tmp_path: Path, point: str, workers: str, how: int
) -> None:
    out = tmp_path / "run"
    when = {
        "start": _exists(out / "checkpoint.pt"),  # imitation under way
        "first step": _current(out, 1),  # the first step's games are being played
        "saving": _rows(out, 1),  # the first step's files are being written
        "second step": _current(out, 2),
    }[point]
    process = start_cli(
        ["train", "hecatomb", "--out", str(out), *SMALL, "--workers", workers], cli_env()
    )
    if how == signal.SIGINT:
        stdout, stderr = ctrl_c(process, when)
    else:
        stdout, stderr = signal_when(process, when, how)
    # it was stopped, not finished: the shell's codes for Ctrl-C and SIGTERM
    assert process.returncode == (130 if how == signal.SIGINT else 143), (stdout, stderr)
    assert one_line(stderr), stderr
    assert "--resume" in stdout
    assert not [p for p in out.rglob("*") if p.name.startswith(".current")]
    result = CliRunner().invoke(
        app, ["train", "hecatomb", "--out", str(out), "--resume", "--workers", "1", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    same_run(whole, out)


def test_a_run_pins_the_policy_files_it_plays_against(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ossuary.agents.learned import shipped_policy_path, write_tensors

    shipped = shipped_policy_path("hecatomb", 2)
    assert shipped is not None
    (tmp_path / "Opp").mkdir()
    rival = tmp_path / "Opp" / "Rival.safetensors"
    rival.write_bytes(shipped.read_bytes())
    monkeypatch.chdir(tmp_path)
    few = ["--games", "2", "--imitate", "0", "--eval-games", "0", "--workers", "1",
           "--opponents", "learned:Opp/Rival.safetensors", "--no-progress"]  # fmt: skip
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(out), *SMALL, *few])
    assert result.exit_code == 0, result.output
    # resumed from another folder: the relative path was resolved when the run began
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    again = ["train", "hecatomb", "--out", str(out), "--resume", "--workers", "1", "--no-progress"]
    result = CliRunner().invoke(app, [*again, "--games", "4"])
    assert result.exit_code == 0, result.output
    # the opponent's file replaced: the run refuses to go on against another policy
    tensors, meta = read_tensors(rival)
    last = max(k for k in tensors if k.endswith(".bias"))
    tensors[last] = tensors[last] + 1.0
    write_tensors(rival, tensors, meta)
    result = CliRunner().invoke(app, [*again, "--games", "6"])
    assert result.exit_code == 2, result.output
    assert "has changed since this run began" in result.output
