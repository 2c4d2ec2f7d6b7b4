"""Optional extras (issue 35 §9): a command that needs a package of an extra the
player did not install says so in one line, naming the extra, with exit code 2,
never a traceback; the commands that need no extra run without any of them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

WITHOUT = str(Path(__file__).with_name("without.py"))
EVERY_EXTRA = "pyarrow,dask,distributed,matplotlib,torch,gymnasium,pettingzoo,pyspiel,open_spiel"


def run_without(modules: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, WITHOUT, modules, *args],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small simulated run (made with the extras this machine has)."""
    folder = tmp_path_factory.mktemp("extras") / "run"
    made = subprocess.run(
        [sys.executable, "-m", "ossuary.cli.main", "simulate", "--out", str(folder),
         "--games", "4", "--workers", "1", "--agents", "random", "--no-progress"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return folder


def one_line_naming(result: subprocess.CompletedProcess[str], module: str, extra: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith("Error: ") and f"needs {module}" in errors[0]
    assert f"pip install 'ossuary[{extra}]'" in errors[0] and f"the '{extra}' extra" in errors[0]


@pytest.mark.parametrize("flag", ["--html", "--png"])
def test_report_with_plots_names_the_sim_extra_without_matplotlib(
    run: Path, tmp_path: Path, flag: str
) -> None:
    # the case: a traceback from deep in the plotting code
    result = run_without("matplotlib", "report", str(run), flag, str(tmp_path / "out"))
    one_line_naming(result, "matplotlib", "sim")
    assert not (tmp_path / "out").exists()
    # the numbers alone need no plots
    plain = run_without("matplotlib", "report", str(run))
    assert plain.returncode == 0, plain.stderr
    assert "win rate" in plain.stdout


@pytest.mark.parametrize(
    ("modules", "args", "module", "extra"),
    [
        ("pyarrow", ["report", "RUN"], "pyarrow", "sim"),
        ("pyarrow", ["simulate", "--out", "OUT", "--games", "2"], "pyarrow", "sim"),
        ("distributed,dask", ["simulate", "--out", "OUT", "--games", "2", "--scheduler",
                              "tcp://127.0.0.1:9"], "distributed", "sim"),
        ("pyarrow", ["balance", "--games", "2"], "pyarrow", "sim"),
        ("matplotlib", ["balance", "--games", "2", "--html", "OUT.html"], "matplotlib", "sim"),
        ("matplotlib", ["balance", "--decks", "--games", "1", "--html", "OUT.html"],
         "matplotlib", "sim"),
        ("pyarrow", ["deck", "try", "Gilded Lies", "--games", "1"], "pyarrow", "sim"),
        ("torch", ["train", "hecatomb", "--out", "OUT"], "torch", "learn"),
    ],
)  # fmt: skip
def test_each_command_names_the_extra_it_needs(
    run: Path, tmp_path: Path, modules: str, args: list[str], module: str, extra: str
) -> None:
    args = [str(run) if a == "RUN" else a.replace("OUT", str(tmp_path / "out")) for a in args]
    one_line_naming(run_without(modules, *args), module, extra)


def test_playing_needs_no_extra(tmp_path: Path) -> None:
    # play, arena, replay, the cards and the rules: no optional package at all
    path = tmp_path / "game.json"
    played = run_without(EVERY_EXTRA, "play", "hecatomb", "--seats", "random,random",
                         "--seed", "2", "-q", "--save-replay", str(path))  # fmt: skip
    assert played.returncode == 0, played.stderr
    for args in (["replay", str(path), "--all"], ["games"], ["rules", "ripper"],
                 ["cards", "snap"], ["deck", "check", "Gilded Lies"],
                 ["arena", "--agents", "random,random", "--games", "2", "--workers", "1",
                  "--no-progress"]):  # fmt: skip
        result = run_without(EVERY_EXTRA, *args)
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr
