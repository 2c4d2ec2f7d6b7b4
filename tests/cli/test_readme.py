"""The README's commands work as written (issue 8 §4): every ``ossuary ...`` it
shows is run here, in order, in a scratch folder (long simulations with fewer
games), and the way to reach ``ossuary`` it gives exists."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def readme_commands() -> list[str]:
    """Every ``ossuary`` command in the README's code spans and shell blocks."""
    text = README.read_text("utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    found = [
        line.split("#")[0].strip()
        for block in blocks
        for line in block.splitlines()
        if line.strip().startswith("ossuary ")
    ]
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    # the commands table names commands (`ossuary simulate`): those are checked with --help
    prose = re.sub(r"^\| `(ossuary [a-z]+)` \|", r"| `\1 --help` |", prose, flags=re.M)
    spans = re.findall(r"`(ossuary\s[^`]*)`", prose)
    found += [" ".join(span.split()) for span in spans]
    return [c for c in found if c != "ossuary"]


def _quick(args: list[str]) -> list[str]:
    """The same command with a bounded amount of simulation."""
    if args[0] in ("arena", "balance", "simulate"):
        if "--games" in args:
            args[args.index("--games") + 1] = "1"
        else:
            args += ["--games", "1"]
        if args[0] == "arena" and "--agents" not in args:
            args += ["--agents", "ismcts,heuristic"]  # the default agents, searching less
        args = [re.sub(r"^ismcts(,|$)", r"ismcts:iters=4\1", a) for a in args]
        args = [a.replace(",ismcts", ",ismcts:iters=4") for a in args]
        if args[0] in ("balance", "simulate"):
            args += ["--workers", "1"]
    if args[0] == "train":
        # training takes minutes even when small: tests/learn/ trains for real
        return ["train", "--help"]
    if args[:2] == ["deck", "try"]:  # the fewest games: one seating of each opponent
        args += ["--games", "1", "--workers", "1", "--no-progress"]
    if args[0] == "serve":
        # a server runs until it is stopped: here it only shows its options
        # (tests/server/ start it on a free port and stop it)
        return ["serve", "--help"]
    if args[0] == "play" and "--seed" not in args and "--tutorial" not in args:
        args += ["--seed", "3"]
    if args[0] == "play" and "--ai" not in args and "--tutorial" not in args:
        args += ["--ai", "easy"]  # (a lesson plays the easy computer and takes no --ai)
    return args


def test_every_ossuary_command_in_the_readme_runs(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = readme_commands()
    assert len(commands) >= 15, commands
    assert 'ossuary play hecatomb --deck "Blood and Gold"' in " ".join(commands)
    for command in commands:
        args = _quick(shlex.split(command)[1:])
        result = runner.invoke(app, args, input="q\n")
        assert result.exit_code == 0, f"{command}:\n{result.output}"
        assert "Traceback" not in result.output


def test_the_readme_says_how_to_reach_ossuary() -> None:
    text = README.read_text("utf-8")
    assert ". .venv/bin/activate" in text
    assert "make play ARGS=" in text and "make ossuary ARGS=" in text


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_passes_arguments_to_ossuary() -> None:
    def dry(*args: str) -> str:
        done = subprocess.run(
            ["make", "-n", "--no-print-directory", "-C", str(ROOT), *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    lines = dry("play", "ARGS=--deck 'Blood and Gold' --ai easy").splitlines()
    assert any(
        line.endswith("ossuary play hecatomb --deck 'Blood and Gold' --ai easy") for line in lines
    ), lines
    lines = dry("ossuary", "ARGS=rules ripper").splitlines()
    assert any(line.endswith("ossuary rules ripper") for line in lines), lines


def _make_lines(target: str) -> list[str]:
    done = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(ROOT), target],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return [line for line in done.stdout.splitlines() if line.strip()]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_test_says_why_tests_were_skipped() -> None:
    pytest_line = next(line for line in _make_lines("test") if "pytest" in line)
    assert " -rs" in pytest_line


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_docs_runs_without_warnings(tmp_path: Path) -> None:
    # each catalogue command as make runs it, in a scratch folder (so the real
    # docs are not rewritten), with every warning an error
    import os
    import sys

    (tmp_path / "docs").mkdir()
    # (make may compile first, when a source changed since the build: those lines aside)
    lines = [line for line in _make_lines("docs") if "catalog import main" in line]
    assert len(lines) == 3, lines
    for line in lines:
        args = shlex.split(line)
        assert args[0].endswith("python"), line
        env = {**os.environ, "PYTHONWARNINGS": "error"}
        done = subprocess.run([sys.executable, *args[1:]], cwd=tmp_path, env=env,
                              capture_output=True, text=True)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "Warning" not in done.stderr, done.stderr
    assert len(list((tmp_path / "docs").glob("*.md"))) == 3


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_what_the_readmes_examples_write_is_ignored_by_git() -> None:
    written = set()
    for command in readme_commands():
        args = shlex.split(command)
        for option in ("--out", "--html", "--png", "--save-replay"):
            if option in args:
                written.add(args[args.index(option) + 1])
    assert {"run/", "report.html", "plots/", "my.txt", "game.json"} <= written, written
    for path in sorted(written):
        done = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", path])
        assert done.returncode == 0, f"{path} (written by a README example) is not ignored"
