"""Every registered game in every front end, through the registry alone: the
server (its API, its board and the wire leak oracle over every frame), the
terminal (``ossuary play``), the arena, the RL environments, and the compiled
build playing as the pure one does."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from ossuary import games, rl
from ossuary.cli.main import app
from ossuary.engine.game import NotSupported
from ossuary.server import catalog

from ..server.conftest import create, make_client
from ..server.helpers import seat_socket
from ..server.test_oracle import Frame, judge_played, sqlite_rows
from .conftest import EXAMPLES, GAMES, TABLES, tables
from .examples import pythonpath

SEED = 7
MOST = 1500  # actions: a game still going after this many fails


def mode_of(name: str, seats: int) -> str | None:
    return {n: m for m, n in games.get(name).modes.items()}.get(seats)


class Reader:
    """One socket of the in-process server (a seat's or the spectator's):
    every frame it is sent, kept."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[Frame] = []
        self.state: Frame = {}

    def until_state(self, seq: int) -> Frame:
        while self.state.get("seq", -1) < seq:
            msg: Frame = self.ws.receive_json()
            self.frames.append(msg)
            if msg.get("type") == "state":
                self.state = msg
        return self.state


@pytest.mark.parametrize("table", tables(GAMES))
def test_the_server_serves_the_game_and_no_frame_leaks(
    table: tuple[str, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby lists the game, a game of people at every seat plays to its end
    over sockets, the page's board (the game's own, or the generic one) is
    served, and every frame every seat and a spectator were sent is judged by
    the wire leak oracle (tests/server/test_oracle.py) against the game rebuilt
    from the database."""
    name, seats = table
    monkeypatch.setattr(catalog, "_CATALOG", None)  # the lobby's list, made again
    db = tmp_path / "games.db"
    with make_client(db) as client:
        listed = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
        assert listed[name]["seat_counts"] == list(games.get(name).seat_counts)
        body: dict[str, Any] = {"game": name, "seats": ["human"] * seats, "seed": SEED}
        if mode_of(name, seats):
            body["mode"] = mode_of(name, seats)
        created = create(client, **body)
        assert client.get(created["spectate"]).status_code == 200
        board = listed[name]["board"] or "/static/generic-board.js"
        got = client.get(board)
        assert got.status_code == 200 and "createBoard" in got.text
        frames = play_by_sockets(client, created, seats)
    judge_played([(seats, created["id"], frames)], sqlite_rows(db))


def play_by_sockets(client: Any, created: Frame, seats: int) -> dict[int | None, list[Frame]]:
    """Every seat a person choosing at random over its socket, and a spectator:
    the game played to its end, every frame kept."""
    rng = np.random.default_rng(SEED)
    with contextlib.ExitStack() as stack:
        readers: dict[int | None, Reader] = {
            s["seat"]: Reader(stack.enter_context(seat_socket(client, created["id"], s["token"])))
            for s in created["seats"]
        }
        readers[None] = Reader(stack.enter_context(seat_socket(client, created["id"])))
        for reader in readers.values():
            reader.until_state(0)
        seq = 0
        while not readers[None].state.get("over"):
            assert seq < MOST, f"the game did not end in {MOST} actions"
            me = readers[readers[None].state["deciding"]]
            options = [o["id"] for o in me.state["legal"]]
            assert options, "the deciding seat was offered nothing"
            me.ws.send_json({"type": "action", "id": str(rng.choice(options)), "seq": seq})
            seq += 1
            for reader in readers.values():
                reader.until_state(seq)
    return {who: r.frames for who, r in readers.items()}


@pytest.mark.parametrize("table", tables(GAMES))
def test_the_terminal_plays_the_game(table: tuple[str, int]) -> None:
    """``ossuary play``: computers to the end, and a person's screen (who then quits)."""
    name, seats = table
    runner = CliRunner()
    mode = ["--mode", m] if (m := mode_of(name, seats)) else ["--seats", str(seats)]
    computers = ",".join(["random"] * seats)
    # quietly: the boards are drawn by test_rules.py and the person's screen below
    done = runner.invoke(app, ["play", name, "--seats", computers, "--seed", "3", "-q"])
    assert done.exit_code == 0, done.output
    assert "Traceback" not in done.output
    person = runner.invoke(
        app, ["play", name, *mode, "--ai", "easy", "--seed", "3", "--ui", "plain"], input="q\ny\n"
    )
    assert person.exit_code == 0, person.output
    assert "You" in person.output and "Traceback" not in person.output


@pytest.mark.parametrize("table", tables(GAMES))
def test_the_arena_plays_the_game(table: tuple[str, int], tmp_path: Path) -> None:
    name, seats = table
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(
        app,
        ["arena", "--game", name, "--agents", "random,heuristic", "--games", "2",
         "--seats", str(seats), "--workers", "1", "--out", str(out), "--no-progress"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text("utf-8"))
    assert len(data["games"]) == 2 and all(g["length"] > 0 for g in data["games"])


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("table", tables(TABLES))
def test_the_rl_environments_play_the_game(table: tuple[str, int]) -> None:
    """PettingZoo's API test, a whole game whose rewards are the returns, and
    the Gymnasium wrapper's episode (for a game that gives an RL encoder)."""
    name, seats = table
    try:
        games.get(name).research.encoder(seats)
    except NotSupported as exc:
        pytest.skip(str(exc))
    from pettingzoo.test import api_test

    api_test(rl.env(name, seats=seats), num_cycles=10, verbose_progress=False)
    env = rl.raw_env(name, seats=seats)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.table.state if env.table else None
    assert state is not None and state.is_terminal()
    assert [totals[a] for a in env.possible_agents] == pytest.approx(state.returns())
    if seats == 2:
        single = rl.gym_env(name)
        obs, _ = single.reset(seed=1)
        for _ in range(MOST):
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = single.step(int(rng.choice(legal)))
            if terminated or truncated:
                break
        assert terminated or truncated


# one random game a table: `make compare-builds` (a CI stage) compares 200 fuzz
# games a table by full state; the agents' choices are compared here alone
TRACE = ["--games", "1", "--agent-games", "1", "--iters", "20", "--max-actions", "100"]


def _trace(name: str, pure: bool) -> subprocess.Popen[str]:
    env = {**os.environ, "OSSUARY_PURE": "1" if pure else "0",
           "PYTHONPATH": pythonpath(os.environ.get("PYTHONPATH"))}  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    return subprocess.Popen([sys.executable, "-m", "tests.build_trace", *TRACE, "--game", name],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip


def _lines(proc: subprocess.Popen[str]) -> list[dict[str, Any]]:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("name", [name for name, _ in GAMES])
def test_the_compiled_build_plays_as_the_pure_one(name: str) -> None:
    """Random games (the state after every action) and the heuristic against
    ISMCTS (every choice) at every seat count, on both builds, the same bit
    for bit. Where Ossuary runs pure Python there is nothing to compare."""
    from ossuary import compiled

    if not compiled.COMPILED:
        pytest.skip(f"nothing to compare: this install runs {compiled.describe()}")
    if name in EXAMPLES:
        pytest.skip("an example game is not compiled with Ossuary and can't run on its build")
    ours, theirs = (_lines(p) for p in [_trace(name, False), _trace(name, True)])
    assert ours[0]["compiled"] is True and theirs[0]["compiled"] is False
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
            assert a["final"] == b["final"], f"{where}: the final states differ"
    seat_counts = {a["seats"] for a in ours[1:]}
    assert seat_counts == set(games.get(name).seat_counts)
