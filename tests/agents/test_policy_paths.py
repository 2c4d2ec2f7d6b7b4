"""A policy's path is a path: kept exactly as given in every front end, read
only from a regular file within bounds, and pinned by its content for a run.

``learned:PATH`` is typed by people (capital letters, relative paths) and run
by processes in other folders; a FIFO or a device named by mistake must get
the project's own error, never a hang or a memory-eating read.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary.agents import check_agent, make_agent
from ossuary.agents.learned import (
    LearnedAgent,
    PolicyError,
    load_policy,
    read_tensors,
    shipped_policy_path,
    write_tensors,
)
from ossuary.cli.main import app

SHIPPED = shipped_policy_path("hecatomb", 2)
SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def odd_policy(tmp_path: Path) -> Path:
    """The shipped policy under a path with capitals (a copy)."""
    assert SHIPPED is not None
    path = tmp_path / "Runs" / "Policy.SafeTensors"
    path.parent.mkdir()
    path.write_bytes(SHIPPED.read_bytes())
    return path


def test_a_spec_keeps_its_parameter_and_lowers_its_name() -> None:
    from ossuary.agents.registry import normal_spec

    assert normal_spec(" LEARNED:Runs/Policy.SafeTensors ") == "learned:Runs/Policy.SafeTensors"
    assert normal_spec("Pure:ISMCTS:iters=20") == "pure:ismcts:iters=20"
    assert normal_spec("Heuristic") == "heuristic"


def test_play_takes_a_policy_path_with_capitals(odd_policy: Path) -> None:
    spec = f"learned:{odd_policy}"
    result = CliRunner().invoke(app, ["play", "--seats", f"{spec},random", "-q", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "wins" in result.output


def test_arena_and_simulate_show_the_path_as_given(odd_policy: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    spec = f"learned:{odd_policy}"
    out = tmp_path / "arena.json"
    result = runner.invoke(app, ["arena", "--agents", f"{spec},random", "--games", "2",
                                 "--workers", "1", "--no-progress", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert spec in data["agents"]
    assert {g["agents"][0] for g in data["games"]} | {g["agents"][1] for g in data["games"]} == {
        spec, "random"}  # fmt: skip
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    run = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "--agents", f"{spec},heuristic", "--games", "2",
                                 "--workers", "1", "--out", str(run), "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads((run / "summary.json").read_text())
    assert spec in json.dumps(summary)
    assert spec.lower() not in json.dumps(summary)


# -- only regular files, within bounds --------------------------------------------------------
def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


def _arena_with(spec: str) -> subprocess.CompletedProcess[str]:
    """``ossuary arena`` with ``spec``, in a process with 2 GB of address space;
    the timeout only turns a hang into a failure (nothing is timed)."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "ossuary.cli.main", "arena", "--agents", f"{spec},random",
         "--games", "1", "--workers", "1", "--no-progress"],
        capture_output=True, text=True, env=env, timeout=300, preexec_fn=_limit_memory,
    )  # fmt: skip


def test_a_fifo_or_a_device_is_refused_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "policy.safetensors"
    os.mkfifo(fifo)
    for path, why in ((fifo, "not a regular file"), (Path("/dev/zero"), "not a regular file"),
                      (tmp_path, "not a regular file")):  # fmt: skip
        with pytest.raises(PolicyError, match=why):
            load_policy(path)
        done = _arena_with(f"learned:{path}")
        assert done.returncode == 2, done.stderr
        assert why in done.stderr and "Traceback" not in done.stderr


# -- pinned by content --------------------------------------------------------------------------
def _other_policy(path: Path) -> None:
    """Overwrite ``path`` with another policy for the same table (one bias moved)."""
    assert SHIPPED is not None
    tensors, meta = read_tensors(SHIPPED)
    last = max(k for k in tensors if k.endswith(".bias"))
    tensors[last] = tensors[last] + 1.0
    write_tensors(path, tensors, meta)


def test_a_pinned_spec_names_the_content_and_refuses_another(odd_policy: Path) -> None:
    from ossuary.agents.registry import pin_spec

    pinned = pin_spec(f"learned:{odd_policy}", "hecatomb", 2)
    assert pinned == f"learned:sha256={hashlib.sha256(odd_policy.read_bytes()).hexdigest()}" \
        f":{odd_policy.resolve()}"  # fmt: skip
    agent = make_agent(pinned, 1)
    assert isinstance(agent, LearnedAgent) and agent.path == odd_policy.resolve()
    shipped = pin_spec("learned", "hecatomb", 2)
    assert shipped.startswith("learned:sha256=") and check_agent(shipped, "hecatomb", 2)
    assert pin_spec("Heuristic", "hecatomb", 2) == "Heuristic"
    _other_policy(odd_policy)
    with pytest.raises(PolicyError, match="has changed since this run began"):
        make_agent(pinned, 1)
    make_agent(f"learned:{odd_policy}", 1)  # unpinned, the new content is fine


def test_a_policy_replaced_during_an_arena_stops_it(odd_policy: Path) -> None:
    from ossuary.agents.arena import pin_arena_spec, run_arena, schedule

    specs = [f"learned:{odd_policy}", "random"]
    plan = schedule(specs, 4, 2, pinned=[pin_arena_spec(s, "hecatomb", 2) for s in specs])
    played = []

    def replace_after_the_first(result: object) -> None:
        played.append(result)
        if len(played) == 1:
            _other_policy(odd_policy)

    with pytest.raises(PolicyError, match="has changed since this run began"):
        run_arena(plan, 1, replace_after_the_first)
    assert len(played) == 1  # the second game never mixed the other policy in


def test_a_simulation_pins_its_policy_for_resumes_from_another_folder(
    odd_policy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    runner = CliRunner()
    monkeypatch.chdir(odd_policy.parent.parent)
    spec = "learned:Runs/Policy.SafeTensors"  # relative to where the run began
    run = tmp_path / "Sim"
    result = runner.invoke(app, ["simulate", "--agents", f"{spec},heuristic", "--games", "2",
                                 "--workers", "1", "--out", str(run), "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    config = json.loads((run / "run.json").read_text())["config"]
    assert config["agents"][0] == spec
    assert config["pinned"][0].endswith(f":{odd_policy.resolve()}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = runner.invoke(app, ["simulate", "--out", str(run), "--resume", "--games", "4",
                                 "--workers", "1", "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    # the file replaced: the run refuses to go on with another policy under its label
    _other_policy(odd_policy)
    result = runner.invoke(app, ["simulate", "--out", str(run), "--resume", "--games", "6",
                                 "--workers", "1", "--no-progress"])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "has changed since this run began" in result.output


def test_a_policy_replaced_during_a_simulation_stops_it(odd_policy: Path, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    from ossuary.sim import runner
    from ossuary.sim.plan import SimConfig, SimError

    spec = f"learned:{odd_policy}"
    from ossuary.agents.registry import pin_spec

    pinned = pin_spec(spec, "hecatomb", 2)
    config = SimConfig(game="hecatomb", agents=(spec, "heuristic"),
                       pinned=(pinned, "heuristic"))  # fmt: skip
    chunks: list[int] = []

    def replace_after_the_first(start: int, stop: int, table: object) -> None:
        chunks.append(start)
        if len(chunks) == 1:
            _other_policy(odd_policy)

    with pytest.raises((SimError, PolicyError), match="has changed since this run began"):
        runner.run(tmp_path / "run", config, 4, workers=1, chunk=1,
                   on_chunk=replace_after_the_first)  # fmt: skip
    assert chunks == [0]
