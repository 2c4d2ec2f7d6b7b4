"""The learned agent and its policy file, without PyTorch: the shipped policy
plays with numpy; a file for another game, table or encoder is refused; a
malformed or hostile file is refused with a clear error and never runs code."""

from __future__ import annotations

import json
import pickle
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary import games, hecatomb
from ossuary.agents import Observation, check_agent, make_agent, play_game
from ossuary.agents.learned import (
    FORMAT,
    LearnedAgent,
    PolicyError,
    load_policy,
    read_tensors,
    shipped_policy_path,
    write_tensors,
)
from ossuary.learn.actors import _learner_move

from .test_contracts import positions

SHIPPED = shipped_policy_path("hecatomb", 2)


#: the tables a policy ships for (docs/ai.md: each one's figures)
SHIPPED_TABLES = (
    ("hecatomb", 2),
    ("hecatomb", 3),
    ("hecatomb", 4),
    ("hecatomb", 5),
    ("necromancer", 2),
    ("necromancer", 3),
    ("necromancer", 4),
    ("diabolicards", 2),
    ("diabolicards", 4),
)
#: the tables a policy of fewer seats is shipped for: table -> the policy's seats
SERVED = {("hecatomb", 6): 5}
#: the most a shipped policy file may weigh: it lives in the repository
MAX_SHIPPED_BYTES = 8 * 2**20


@pytest.mark.parametrize(("name", "seats"), SHIPPED_TABLES)
def test_the_project_ships_a_small_policy_for_each_table(name: str, seats: int) -> None:
    path = shipped_policy_path(name, seats)
    assert path is not None
    assert path.stat().st_size < MAX_SHIPPED_BYTES  # a few MB at most
    policy = load_policy(path)
    assert (policy.game, policy.seats) == (name, seats)
    enc = games.get(name).research.encoder(seats)
    assert policy.encoder_version == enc.version
    training = policy.training
    assert training["games_played"] > 0 and training["seed"] == 1  # how it was made
    # and what it was measured to do, in words the lobby shows
    from ossuary.agents.registry import shipped_policy_about

    about = shipped_policy_about(name, seats)
    assert about.get("short") and "held-out" in about.get("measured", "")


def test_the_shipped_policies_are_the_ones_listed() -> None:
    from ossuary.agents.learned import shipped_policies

    assert sorted(shipped_policies()) == sorted(SHIPPED_TABLES + tuple(SERVED))
    files = {shipped_policy_path(*t) for t in SHIPPED_TABLES}
    total = sum(p.stat().st_size for p in files if p is not None)
    assert total < 40 * 2**20  # the repository carries them all


@pytest.mark.parametrize(("table", "by"), SERVED.items())
def test_a_larger_table_is_served_by_a_policy_of_fewer_seats(
    table: tuple[str, int], by: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hecatomb with 6 seats is played by the 5-seat policy, read through the
    5-seat encoder (docs/rl.md, "One policy, several tables"): a whole game,
    and the lobby's words for it."""
    from ossuary.agents import learned
    from ossuary.agents.registry import shipped_policy_about

    name, seats = table
    assert shipped_policy_path(name, seats) == shipped_policy_path(name, by)
    agent = LearnedAgent()
    policy, encoder = agent.policy_for(name, seats)
    assert policy.seats == by and encoder.observation_size == policy.observation_size
    state = games.get(name).new_game(seats=seats, seed=900_001)
    agents = [agent, *(make_agent("heuristic", s) for s in range(1, seats))]
    play_game(state, agents, max_actions=5_000)
    assert state.is_terminal()
    about = shipped_policy_about(name, seats)
    assert "held-out" in about["measured"] and f"{by}-seat policy" in about["measured"]
    # the other way, with no policy at all for a table, the error names the ones that ship
    monkeypatch.setattr(learned, "shipped_policy_path", lambda game, n: None)
    with pytest.raises(PolicyError, match=f"no learned policy ships for Hecatomb with {seats}"):
        LearnedAgent().policy_for(name, seats)


def test_the_shipped_policy_plays_without_torch_and_beats_random() -> None:
    # a player's install has no torch: a fresh interpreter must never import it
    code = (
        "import sys\n"
        "sys.modules['torch'] = None  # importing torch now fails\n"
        "from ossuary import hecatomb\n"
        "from ossuary.agents import make_agent, play_game\n"
        "wins = 0\n"
        "for seed in range(6):\n"
        "    agents = [make_agent('learned', seed), make_agent('random', seed)]\n"
        "    if seed % 2: agents.reverse()\n"
        "    st = play_game(hecatomb.new_game(seed=seed), agents)\n"
        "    wins += st.winner == seed % 2\n"
        "print(wins)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "6"  # the heuristic's own record against random


def test_learned_agent_plays_what_training_games_play() -> None:
    """The agent and the training games see the same numbers and choose alike
    (the training games' best move is the agent's move)."""
    assert SHIPPED is not None
    policy = load_policy(SHIPPED)
    enc = games.get("hecatomb").research.encoder(2)
    agent = make_agent("learned", 0)
    seen = 0
    for state in positions(90, seed=11):
        if state.n != 2:
            continue
        seat = state.current_player()
        assert seat is not None
        mine = agent.act(Observation.of(state, seat))
        assert mine == _learner_move(state, seat, enc, policy, None, None)
        seen += 1
    assert seen >= 20


def test_learned_spec_keeps_the_paths_case_and_checks_the_table(tmp_path: Path) -> None:
    assert SHIPPED is not None
    odd = tmp_path / "Runs" / "Policy.SafeTensors"
    odd.parent.mkdir()
    odd.write_bytes(SHIPPED.read_bytes())
    agent = make_agent(f"LEARNED:{odd}", 3)
    assert isinstance(agent, LearnedAgent) and agent.path == odd
    assert check_agent(f"learned:{odd}", "hecatomb", 2)
    with pytest.raises(PolicyError, match="not for Path of the Necromancer"):
        check_agent(f"learned:{odd}", "necromancer", 2)
    with pytest.raises(PolicyError, match="this game has 3 seats"):
        check_agent(f"learned:{odd}", "hecatomb", 3)
    # a policy file of fewer seats is refused at a larger table (only the game's
    # own data may serve one there: test_a_larger_table_is_served_by_...)
    with pytest.raises(PolicyError, match="this game has 6 seats"):
        check_agent(f"learned:{odd}", "hecatomb", 6)
    with pytest.raises(ValueError, match="give a policy file"):
        make_agent("learned:", 0)


def test_a_policy_for_another_encoder_version_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert SHIPPED is not None
    enc = games.get("hecatomb").research.encoder(2)
    monkeypatch.setattr(type(enc), "version", "2")
    from ossuary.agents import learned

    monkeypatch.setattr(learned, "_ENCODERS", {})
    with pytest.raises(PolicyError, match="encoder version 2: train the policy again"):
        check_agent("learned", "hecatomb", 2)
    # and the agent refuses too when asked to play without the check
    state = hecatomb.new_game(seed=1)
    with pytest.raises(PolicyError, match="encoder version"):
        play_game(state, [make_agent("learned", 1), make_agent("random", 1)], max_actions=20)


def _policy_file(path: Path, **meta: str) -> Path:
    """A tiny well-formed policy (its sizes fit no encoder)."""
    rng = np.random.default_rng(0)
    tensors = {
        "policy.0.weight": rng.normal(size=(4, 6)).astype(np.float32),
        "policy.0.bias": np.zeros(4, np.float32),
        "policy.2.weight": rng.normal(size=(3, 4)).astype(np.float16),
        "policy.2.bias": np.ones(3, np.float16),
    }
    base = {"format": FORMAT, "format_version": "1", "game": "hecatomb", "seats": "2",
            "encoder_version": "1"}  # fmt: skip
    write_tensors(path, tensors, {**base, **meta})
    return path


def test_policy_files_round_trip_and_the_network_is_relu_layers(tmp_path: Path) -> None:
    path = _policy_file(tmp_path / "p.safetensors")
    tensors, meta = read_tensors(path)
    assert tensors["policy.2.bias"].dtype == np.float32  # read as float32 whatever was stored
    assert meta["game"] == "hecatomb"
    policy = load_policy(path)
    x = np.array([0, 1.5, 0, 0, -2, 0], np.float32)
    (w0, b0), (w1, b1) = policy.layers
    expected = w1 @ np.maximum(w0 @ x + b0, 0) + b1
    np.testing.assert_allclose(policy.scores(x), expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(PolicyError, match="its network reads 6 numbers and scores 3 actions"):
        policy.check("hecatomb", 2, games.get("hecatomb").research.encoder(2))


@settings(max_examples=60, deadline=None)
@given(depth=st.integers(1, 3), seed=st.integers(0, 2**32 - 1), density=st.floats(0.0, 1.0))
def test_the_network_is_dense_relu_layers_however_sparse_and_deep(
    tmp_path_factory: pytest.TempPathFactory, depth: int, seed: int, density: float
) -> None:
    """The sparse first layer (only the inputs that are set) and the guided
    search's scores of a few actions give what the dense products give."""
    rng = np.random.default_rng(seed)
    sizes = [9] + [int(rng.integers(1, 6)) for _ in range(depth - 1)] + [7]
    tensors = {}
    for k in range(depth):
        shape = (sizes[k + 1], sizes[k])
        tensors[f"policy.{2 * k}.weight"] = rng.normal(size=shape).astype(np.float32)
        tensors[f"policy.{2 * k}.bias"] = rng.normal(size=sizes[k + 1]).astype(np.float32)
    base = {"format": FORMAT, "format_version": "1", "game": "hecatomb", "seats": "2",
            "encoder_version": "1"}  # fmt: skip
    path = tmp_path_factory.mktemp("net") / "p.safetensors"
    write_tensors(path, tensors, base)
    policy = load_policy(path)
    x = np.where(rng.random(9) < density, rng.normal(size=9), 0.0).astype(np.float32)
    h = x.astype(np.float64)
    for k in range(depth):
        w, b = tensors[f"policy.{2 * k}.weight"], tensors[f"policy.{2 * k}.bias"]
        h = w.astype(np.float64) @ h + b
        if k < depth - 1:
            h = np.maximum(h, 0.0)
    np.testing.assert_allclose(policy.scores(x), h, rtol=1e-4, atol=1e-4)
    rows = sorted({int(r) for r in rng.integers(0, 7, size=3)})
    np.testing.assert_allclose(policy.scores_of(x, rows), h[rows], rtol=1e-4, atol=1e-4)


def test_the_safetensors_library_reads_our_files(tmp_path: Path) -> None:
    safetensors_numpy = pytest.importorskip("safetensors.numpy")
    path = _policy_file(tmp_path / "p.safetensors")
    loaded = safetensors_numpy.load_file(str(path))
    assert loaded["policy.0.weight"].shape == (4, 6)
    assert loaded["policy.2.weight"].dtype == np.float16
    assert SHIPPED is not None
    shipped = safetensors_numpy.load_file(str(SHIPPED))
    assert shipped["policy.0.weight"].shape == (256, 6028)


def _raw(path: Path, header: object, body: bytes = b"") -> Path:
    text = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + body)
    return path


class Boom:
    """Unpickling this would create a file: proof that code ran."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Path.touch, (str(Path(__file__).parent / "PWNED"),))


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("empty", lambda p: p.write_bytes(b"") or p, "too short"),
        ("huge header", lambda p: p.write_bytes(struct.pack("<Q", 2**62) + b"{}") or p,
         "does not fit the file"),
        ("not json", lambda p: p.write_bytes(struct.pack("<Q", 3) + b"{{{") or p, "not valid JSON"),
        ("a list", lambda p: _raw(p, [1, 2]), "not a JSON object"),
        ("deep", lambda p: p.write_bytes(struct.pack("<Q", 20000) + b"[" * 20000) or p,
         "nested"),
        ("a list as dtype", lambda p: _raw(p, {"w": {"dtype": ["F32"], "shape": [1],
                                                     "data_offsets": [0, 4]}}, b"\0" * 4),
         "has dtype"),
        ("pickle", lambda p: p.write_bytes(pickle.dumps(Boom())) or p, "not a policy file"),
        ("bad metadata", lambda p: _raw(p, {"__metadata__": {"game": 3}}), "map strings"),
        ("float64", lambda p: _raw(p, {"w": {"dtype": "F64", "shape": [1],
                                             "data_offsets": [0, 8]}}, b"\0" * 8), "F64"),
        ("short data", lambda p: _raw(p, {"w": {"dtype": "F32", "shape": [4, 4],
                                                "data_offsets": [0, 64]}}, b"\0" * 8),
         "does not match its bytes"),
        ("negative shape", lambda p: _raw(p, {"w": {"dtype": "F32", "shape": [-1],
                                                    "data_offsets": [0, 4]}}, b"\0" * 4),
         "bad shape"),
        ("nan", lambda p: _raw(p, {"w": {"dtype": "F32", "shape": [1],
                                         "data_offsets": [0, 4]}},
                               struct.pack("<f", float("nan"))), "NaN"),
        ("no format", lambda p: _raw(p, {"__metadata__": {"game": "hecatomb"}}),
         "format='ossuary-policy'"),
        ("future format", lambda p: _policy_file(p, format_version="9"), "format version '9'"),
        ("no game", lambda p: _policy_file(p, game=""), "must name the game"),
        ("no layers", lambda p: _raw(p, {"__metadata__": {
            "format": FORMAT, "format_version": "1", "game": "hecatomb", "seats": "2",
            "encoder_version": "1"}}), "no policy.0.weight"),
    ],
)  # fmt: skip
def test_malformed_and_hostile_files_are_refused(
    tmp_path: Path, name: str, make: object, message: str
) -> None:
    path = tmp_path / "bad.safetensors"
    make(path)  # type: ignore[operator]
    with pytest.raises(PolicyError, match=message):
        load_policy(path)
    assert not (Path(__file__).parent / "PWNED").exists()
    # through the front ends' door it is the same clear refusal, not a traceback
    with pytest.raises(ValueError, match=r"bad\.safetensors"):
        check_agent(f"learned:{path}", "hecatomb", 2)


def test_an_oversized_file_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ossuary.agents import learned

    path = _policy_file(tmp_path / "p.safetensors")
    monkeypatch.setattr(learned, "MAX_FILE_BYTES", 100)
    with pytest.raises(PolicyError, match="too big for a policy"):
        learned.read_tensors(path)
    with pytest.raises(PolicyError, match="cannot read the policy"):
        load_policy(tmp_path / "missing.safetensors")
