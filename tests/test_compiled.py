"""The compiled and the pure-Python builds (docs/compiled.md): the same games,
bit for bit, and a build that says which one it is.

The comparison runs tests/build_trace.py twice, side by side: once as installed
(compiled where a C compiler was found) and once with ``OSSUARY_PURE=1``. On an
install without the compiled modules it has nothing to compare and skips.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ossuary import compiled, games

ROOT = Path(__file__).resolve().parent.parent
TRACE = ["--games", "2", "--agent-games", "1", "--iters", "20", "--max-actions", "100"]


def _run(pure: bool, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, compiled.PURE_VARIABLE: "1" if pure else "0"}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.build_trace", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _lines(proc: subprocess.Popen[str]) -> list[dict[str, Any]]:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()]


def test_the_builds_play_the_same_games_and_make_the_same_choices() -> None:
    # every game and seat count: random games with the state after every
    # action, and the heuristic against ISMCTS with every choice they make
    as_installed, pure = _run(False, *TRACE), _run(True, *TRACE)
    ours, theirs = _lines(as_installed), _lines(pure)
    assert theirs[0]["compiled"] is False
    if not ours[0]["compiled"]:
        pytest.skip(f"nothing to compare: this install runs {ours[0]['build']}")
    assert len(ours) == len(theirs) > 1
    for a, b in zip(ours[1:], theirs[1:], strict=True):
        where = f"{a['game']}, {a['seats']} seats, seed {a['seed']}"
        if "states" in a:
            for ply, (x, y) in enumerate(zip(a["states"], b["states"], strict=False)):
                action = a["actions"][ply - 1] if ply else "setup"
                assert x == y, f"{where}: the builds differ after action {ply} ({action!r})"
            assert a["actions"] == b["actions"], f"{where}: different games"
        else:
            assert a["agents"] == b["agents"]
            for k, (x, y) in enumerate(zip(a["actions"], b["actions"], strict=False)):
                assert x == y, f"{where}: {a['agents']} chose differently at action {k}"
            assert len(a["actions"]) == len(b["actions"])
            assert a["final"] == b["final"], f"{where}: the final states differ"
    games = {(a["game"], a["seats"]) for a in ours[1:]}
    assert len(games) >= 10  # hecatomb 2-6, necromancer 2-4, diabolicards 1v1 and 2v2


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
