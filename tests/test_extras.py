"""A player's install has none of the optional extras: the server starts and
refuses deck trials in words, and ``ossuary doctor`` lists every extra (the
commands that need one: tests/cli/test_extras.py). The extras are hidden from
real processes by modules of the same name that refuse to import, first on
their path (as on a machine where they were never installed)."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ossuary import extras

from .server.helpers import ServerProcess, ossuary_command

# every module the extras bring that Ossuary imports, and Dask's
HIDDEN = sorted({m for e in extras.EXTRAS.values() for m in e.modules} | {"dask", "distributed"})


@pytest.fixture
def without_extras(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """An environment in which no extra can be imported."""
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    for module in HIDDEN:
        (blocked / f"{module}.py").write_text(
            f"raise ImportError('{module} is not installed (hidden by the test)')\n"
        )
    path = os.pathsep.join(p for p in (str(blocked), os.environ.get("PYTHONPATH", "")) if p)
    monkeypatch.setenv("PYTHONPATH", path)
    return {**os.environ}


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ossuary_command(), *args], env=env, capture_output=True, text=True, timeout=120
    )


def test_the_server_starts_and_plays_without_any_extra(
    without_extras: dict[str, str], tmp_path: Path
) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}")
    server.start(timeout=60)
    try:
        with urllib.request.urlopen(server.base + "/", timeout=10) as page:
            assert page.status == 200
        assert server.get("/api/catalog")["trials"] is False
        game = server.post("/api/games", {"seats": ["human", "easy"], "seed": 3})
        assert game["seats"][0]["link"]
        with pytest.raises(urllib.error.HTTPError) as refused:
            server.post("/api/trials", {"game": "hecatomb", "text": "3 Brood Sac\n"})
        assert refused.value.code == 501
        said = json.load(refused.value)["error"]
        assert "'sim' extra" in said and "pip install 'ossuary[sim]'" in said, said
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()
    server.log_path.unlink(missing_ok=True)


def test_doctor_says_the_build_and_every_missing_extra(without_extras: dict[str, str]) -> None:
    done = _run(without_extras, "doctor")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("ossuary ") and ("compiled" in lines[0] or "pure" in lines[0])
    for name in extras.EXTRAS:
        line = next(x for x in lines if x.strip().startswith(name + " "))
        assert f"missing: pip install 'ossuary[{name}]'" in line, line


def test_doctor_says_an_installed_extra_is_installed() -> None:
    done = _run({**os.environ}, "doctor")
    sim = next(x for x in done.stdout.splitlines() if x.strip().startswith("sim "))
    assert sim.rstrip().endswith(": installed"), sim  # the dev extra brings the simulator
