"""The compiled and the pure-Python builds (docs/compiled.md): a build that
says which one it is, and notices an edited source.

That the builds play the same games bit for bit is checked for every
registered game by the conformance suite (tests/conformance/test_front_ends.py,
``test_the_compiled_build_plays_as_the_pure_one``): it runs
tests/build_trace.py on both builds side by side.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ossuary import compiled, games


def test_the_command_line_says_which_build_runs() -> None:
    def version(pure: str) -> str:
        env = {**os.environ, compiled.PURE_VARIABLE: pure}
        out = subprocess.run(
            [sys.executable, "-m", "ossuary.cli.main", "--version"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout

    assert "pure Python" in version("1")
    code = "import ossuary.engine.core as m, ossuary.compiled as c; print(c.COMPILED, m.__file__)"
    probe = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, compiled.PURE_VARIABLE: "0"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    is_compiled, loaded = probe.stdout.split()
    # what it says is what runs: the kernel comes from an extension module
    # exactly when the build says it is compiled
    assert (is_compiled == "True") == (not loaded.endswith(".py"))
    said = version("0")
    assert ("compiled with mypyc" in said) == (is_compiled == "True")


def _fingerprint(path: Path) -> list[object]:
    st = path.stat()
    return [st.st_mtime_ns, st.st_size, hashlib.sha256(path.read_bytes()).hexdigest()]


def test_an_edited_source_is_noticed_and_a_touched_one_is_not(tmp_path: Path) -> None:
    # an in-place build runs pure Python once a compiled module's source
    # changes, so a stale extension module never shadows an edit
    source = tmp_path / "rules.py"
    source.write_text("X = 1\n")
    built = {str(source): _fingerprint(source)}
    assert compiled.changed(built) is None
    os.utime(source, ns=(1, 1))  # touched (a checkout): the same text
    assert compiled.changed(built) is None
    source.write_text("X = 2\n")
    assert compiled.changed(built) is not None
    source.unlink()
    assert compiled.changed(built) is not None


def test_the_pure_worker_gives_its_agent_the_same_observation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # pure:SPEC's worker rebuilds the observation from the seat's information
    # state: every field an agent may read arrives, the table size included
    # (a learned policy checks it)
    from ossuary.agents import registry
    from ossuary.agents.base import Observation
    from ossuary.agents.remote import serve

    seen: list[Observation] = []

    class Spy:
        name = "spy"
        observes = "samples"

        def act(self, obs: Observation) -> str:
            seen.append(obs)
            return obs.legal[-1].id

    monkeypatch.setitem(registry._AGENTS, "test-spy", lambda seed: Spy())
    state = games.get("hecatomb").new_game(seats=3, seed=5)
    seat = state.current_player()
    assert seat is not None
    obs = Observation.of(state, seat)
    request = {
        "game": obs.ruleset,
        "seat": seat,
        "legal": [[a.id, a.label] for a in obs.legal],
        "state": obs.serialize(),
    }
    answers = io.StringIO()
    serve("test-spy", 0, io.StringIO(json.dumps(request) + "\n"), answers)
    assert json.loads(answers.getvalue()) == {"action": obs.legal[-1].id}
    (got,) = seen
    assert (got.seat, got.seats, got.ruleset) == (seat, 3, "hecatomb")
    assert [a.id for a in got.legal] == [a.id for a in obs.legal]
    assert got.view == obs.view
