"""Ctrl-C in a command that plays on worker processes or imports a heavy
library prints one line, never a traceback (from the command or from any of
its workers), and ends with the shell's code 130."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..ctrl_c import cli_env, one_line, run_cli


def test_ctrl_c_while_the_arenas_workers_start_is_one_line() -> None:
    # the workers are still importing the command (as every spawned process does)
    done = run_cli(
        ["arena", "--agents", "heuristic,random", "--games", "8", "--workers", "2",
         "--no-progress"],
        cli_env(on_import="ossuary.agents.heuristic", where="worker"),
    )  # fmt: skip
    assert done.returncode == 130, done.stderr
    assert one_line(done.stderr), done.stderr
    assert "Interrupted" in done.stderr


def test_ctrl_c_while_a_simulations_workers_start_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    done = run_cli(
        ["simulate", "--agents", "heuristic,random", "--games", "8", "--workers", "2",
         "--out", str(tmp_path / "run"), "--no-progress"],
        cli_env(on_import="ossuary.agents.heuristic", where="worker"),
    )  # fmt: skip
    assert done.returncode == 130, done.stderr
    assert one_line(done.stderr), done.stderr


def test_ctrl_c_during_matplotlibs_first_import_is_one_line(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    run = tmp_path / "run"
    made = run_cli(["simulate", "--games", "2", "--workers", "1", "--out", str(run),
                    "--no-progress"], cli_env())  # fmt: skip
    assert made.returncode == 0, made.stderr
    done = run_cli(["report", str(run), "--html", str(tmp_path / "r.html")],
                   cli_env(on_import="matplotlib"))  # fmt: skip
    assert done.returncode == 130, (done.stdout, done.stderr)
    assert one_line(done.stderr) and "Interrupted" in done.stderr, done.stderr
