"""``ossuary train`` for real, at a tiny size: it makes a policy file that every
front end plays, the same seed gives the same network (whatever the number of
workers, and across a resume), and bad options or files are clear errors.

Needs PyTorch: skipped without it, except where ``OSSUARY_REQUIRE_TORCH`` is set
(CI), which turns a missing torch into a failure.
"""

from __future__ import annotations

import json
import os
import re
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

if not os.environ.get("OSSUARY_REQUIRE_TORCH"):
    pytest.importorskip("torch", reason="needs PyTorch: pip install 'ossuary[learn]' (docs/rl.md)")

import torch

from ossuary.agents import check_agent, make_agent, play_game
from ossuary.agents.learned import load_policy, read_tensors, shipped_policy_path
from ossuary.cli.main import app
from ossuary.hecatomb import new_game

# a few games of everything: imitation, two PPO steps, a pool snapshot, an evaluation;
# five games imitated: more than a chunk of imitated games on one worker (four), fewer
# than one on two (eight), so the worker-count test below spans a chunk's edge too
#: a 2-seat policy file
TWO_SEATS = shipped_policy_path("hecatomb", 2)
TINY = [
    "--games", "4", "--batch-games", "2", "--imitate", "5", "--hidden", "16,8",
    "--eval-games", "2", "--seed", "5", "--no-progress",
]  # fmt: skip


def train(runner: CliRunner, out: Path, *extra: str) -> str:
    result = runner.invoke(app, ["train", "hecatomb", "--out", str(out), *TINY, *extra])
    assert result.exit_code == 0, result.output
    return result.output


def tensors(path: Path) -> dict[str, np.ndarray]:
    return read_tensors(path)[0]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("train") / "run"
    train(CliRunner(), out, "--workers", "1")
    return out


def test_training_writes_a_policy_that_every_front_end_plays(run: Path) -> None:
    policy_file = run / "policy.safetensors"
    for name in ("policy.safetensors", "checkpoint.pt", "curve.csv", "curve.png"):
        assert (run / name).is_file(), name
    assert (run / "curve.png").read_bytes()[:4] == b"\x89PNG"
    policy = load_policy(policy_file)
    assert (policy.game, policy.seats) == ("hecatomb", 2)
    settings = policy.training
    assert settings["games_played"] == 4 and settings["imitate"] == 5
    assert settings["hidden"] == [16, 8] and settings["seed"] == 5
    assert [w.shape for w, _ in policy.layers] == [(16, 6028), (8, 16), (1106, 8)]
    # the value network too, which the guided search scores its leaves with
    assert [w.shape for w, _ in policy.value_layers] == [(16, 6028), (8, 16), (1, 8)]
    rows = (run / "curve.csv").read_text().splitlines()
    assert rows[0].startswith("iteration,games,minutes") and len(rows) == 3  # two steps
    assert "best move vs heuristic" in rows[0]
    # the agent plays it: a whole game, legal moves only
    spec = f"learned:{policy_file}"
    assert check_agent(spec, "hecatomb", 2)
    state = play_game(new_game(seed=4), [make_agent(spec, 1), make_agent("heuristic", 2)])
    assert state.is_terminal()


def test_the_cli_front_ends_take_the_trained_policy(run: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    spec = f"learned:{run / 'policy.safetensors'}"
    result = runner.invoke(app, ["play", "--seats", f"{spec},random", "-q", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert re.search(r"Computer [12] wins with \d+ souls", result.output), result.output
    result = runner.invoke(app, ["arena", "--agents", f"{spec},random", "--games", "2",
                                 "--workers", "1", "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output
    out = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "--agents", f"{spec},heuristic", "--games", "2",
                                 "--workers", "1", "--out", str(out), "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["balance", "--agent", spec, "--games", "2", "--workers", "1",
                                 "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    # made for Hecatomb with two seats: refused elsewhere, before any game
    result = runner.invoke(app, ["arena", "--agents", f"{spec},random", "--seats", "3"])
    assert result.exit_code == 2 and "this game has 3 seats" in result.output


def test_torch_reads_the_policy_file_as_linear_layers_and_agrees_with_numpy(run: Path) -> None:
    from safetensors.torch import load_file

    policy = load_policy(run / "policy.safetensors")
    net = torch.nn.Sequential(
        torch.nn.Linear(6028, 16), torch.nn.ReLU(), torch.nn.Linear(16, 8), torch.nn.ReLU(),
        torch.nn.Linear(8, 1106),
    )  # fmt: skip
    state = {k.removeprefix("policy."): v.float()
             for k, v in load_file(str(run / "policy.safetensors")).items()
             if k.startswith("policy.")}  # fmt: skip
    net.load_state_dict(state)
    x = np.zeros(6028, np.float32)
    x[[3, 70, 900, 5000]] = [1.0, 0.5, 0.25, 2.0]
    with torch.no_grad():
        expected = net(torch.from_numpy(x)).numpy()
    np.testing.assert_allclose(policy.scores(x), expected, rtol=1e-4, atol=1e-5)


def test_the_same_seed_trains_the_same_network_on_any_number_of_workers(
    run: Path, tmp_path: Path
) -> None:
    # the imitated games, the PPO steps' games and the evaluation's, spread over two
    # workers (and the imitated ones in other chunks: TINY): the network of one
    train(CliRunner(), tmp_path / "again", "--workers", "2")
    a, b = tensors(run / "policy.safetensors"), tensors(tmp_path / "again" / "policy.safetensors")
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])


def test_resuming_goes_on_as_if_the_run_had_not_stopped(run: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    half = tmp_path / "half"
    result = runner.invoke(app, ["train", "hecatomb", "--out", str(half), *TINY, "--workers", "1",
                                 "--games", "2"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert load_policy(half / "policy.safetensors").training["games_played"] == 2
    # going on: the saved settings hold (the different --hidden here is ignored)
    again = ["--resume", "--games", "4", "--workers", "1", "--hidden", "4", "--no-progress"]
    result = runner.invoke(app, ["train", "hecatomb", "--out", str(half), *again])
    assert result.exit_code == 0, result.output
    assert "resuming at 2 games" in result.output
    a, b = tensors(run / "policy.safetensors"), tensors(half / "policy.safetensors")
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])
    rows = (half / "curve.csv").read_text().splitlines()
    assert len(rows) == 3
    # --resume alone keeps the run's own total: nothing more to play
    result = runner.invoke(app, ["train", "hecatomb", "--out", str(half), "--resume",
                                 "--workers", "1", "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert load_policy(half / "policy.safetensors").training["games_played"] == 4


def test_bad_options_and_folders_are_clear_errors(run: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    cases = [
        (["--out", str(run)], "already holds a training run"),
        (["--out", str(tmp_path / "x"), "--resume"], "no checkpoint.pt"),
        (["--out", str(tmp_path / "x"), "--hidden", "a,b"], "layer sizes"),
        (["--out", str(tmp_path / "x"), "--hidden", "0"], "from 1 to 4096"),
        (["--out", str(tmp_path / "x"), "--opponents", "nobody"], "unknown agent 'nobody'"),
        (["--out", str(tmp_path / "x"), "--opponents", "heuristic=-1"], "0 or more"),
        (
            # a 2-seat file plays no larger table (learned at 6 seats is the
            # 5-seat policy, which the game's own data names)
            ["--out", str(tmp_path / "x"), "--teacher", f"learned:{TWO_SEATS}", "--seats", "6"],
            "this game has 6 seats",
        ),
        (["--out", str(tmp_path / "x"), "--workers", "0"], "at least 1"),
        (["--out", str(tmp_path / "x"), "--minutes", "0"], "above 0"),
        (["--out", str(tmp_path / "x"), "--minutes", "nan"], "above 0"),
        (["--out", str(tmp_path / "x"), "--minutes", "inf"], "above 0"),
        (["--out", str(tmp_path / "x"), "--minutes", "1e400"], "above 0"),
        (["--out", str(tmp_path / "x"), "--seats", "9"], "for 2 to 6 players"),
    ]
    if not torch.cuda.is_available():
        cases.append((["--out", str(tmp_path / "x"), "--device", "cuda"], "no CUDA GPU"))
    for args, message in cases:
        result = runner.invoke(app, ["train", "hecatomb", *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_a_hostile_checkpoint_is_refused_without_running_its_code(tmp_path: Path) -> None:
    import pickle

    class Boom:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (Path.touch, (str(tmp_path / "PWNED"),))

    out = tmp_path / "run"
    out.mkdir()
    hostile = {"format": "ossuary-train-checkpoint", "x": Boom()}
    (out / "checkpoint.pt").write_bytes(pickle.dumps(hostile, protocol=2))
    result = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(out), "--resume"])
    assert result.exit_code == 2 and "can't be resumed from" in result.output
    assert not (tmp_path / "PWNED").exists()
    # a torch.save of plain data with a code-running object inside: the same
    torch.save({"format": "ossuary-train-checkpoint", "x": Boom()}, out / "checkpoint.pt")
    result = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(out), "--resume"])
    assert result.exit_code == 2 and "can't be resumed from" in result.output
    assert not (tmp_path / "PWNED").exists()


def test_without_torch_the_command_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # importing torch now fails
    result = CliRunner().invoke(app, ["train", "--out", str(tmp_path / "r")])
    assert result.exit_code == 2
    assert "pip install 'ossuary[learn]'" in result.output and "docs/rl.md" in result.output


def test_the_shipped_policy_records_how_it_was_made() -> None:
    from ossuary.agents.learned import shipped_policy_path

    path = shipped_policy_path("hecatomb", 2)
    assert path is not None
    settings = json.loads(load_policy(path).metadata["training"])
    # trained on the whole field of decks, 2,000 heuristic games imitated first
    assert settings["decks"] == "field" and settings["imitate"] == 2000
    assert settings["games_played"] == 100736 and settings["seed"] == 1


def test_value_for_fits_a_value_head_and_keeps_the_policy_byte_for_byte(
    run: Path, tmp_path: Path
) -> None:
    source = run / "policy.safetensors"
    out = tmp_path / "valued"
    args = ["train", "--value-for", str(source), "--out", str(out), "--games", "10",
            "--hidden", "4", "--seed", "3", "--no-progress"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "held-out squared error" in result.output
    made = out / "policy.safetensors"
    before, after = raw_tensors(source), raw_tensors(made)
    assert {k: v for k, v in after.items() if k.startswith("policy.")} == {
        k: v for k, v in before.items() if k.startswith("policy.")
    }  # the same bytes, the same storage type: the policy plays exactly as before
    policy = load_policy(made)
    assert [w.shape for w, _ in policy.value_layers] == [(4, 6028), (1, 4)]
    fitted = json.loads(policy.metadata["value"])
    assert fitted["games"] == 10 and fitted["from_sha256"] == load_policy(source).sha256
    assert policy.metadata["training"] == load_policy(source).metadata["training"]
    # the guided search plays it, its leaves scored by the new head
    assert check_agent(f"guided:iters=5:policy={made}", "hecatomb", 2)


def raw_tensors(path: Path) -> dict[str, tuple[str, bytes]]:
    """Each tensor's stored type and bytes, as the file holds them."""
    data = path.read_bytes()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + n])
    body = data[8 + n :]
    return {k: (v["dtype"], body[v["data_offsets"][0] : v["data_offsets"][1]])
            for k, v in header.items() if k != "__metadata__"}  # fmt: skip


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--value-for", "/nonexistent/p.safetensors"], "cannot read the policy"),
        (["--value-for", "POLICY", "--games", "3"], "at least 10 games"),
        (["--value-for", "POLICY", "--hidden", "0"], "layer sizes from 1 to 4096"),
    ],
)
def test_value_for_refuses_bad_input_clearly(
    run: Path, tmp_path: Path, extra: list[str], message: str
) -> None:
    extra = [str(run / "policy.safetensors") if a == "POLICY" else a for a in extra]
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["train", "--out", str(out), *extra])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not out.exists()  # nothing written


def test_minutes_alone_sets_no_game_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--minutes`` without ``--games`` trains until the clock, not until the
    default 20,000 games (which stopped long runs early)."""
    import ossuary.learn.train as train

    seen = []

    class Stop(Exception):
        pass

    def fake(config: train.TrainConfig, *args: object, **kwargs: object) -> None:
        seen.append(config.games)
        raise Stop

    monkeypatch.setattr(train, "Trainer", fake)
    runner = CliRunner()
    cases = [(["--minutes", "90"], 10**9), ([], 20_000),
             (["--minutes", "90", "--games", "300"], 300)]  # fmt: skip
    for extra, _ in cases:
        result = runner.invoke(app, ["train", "hecatomb", "--out", str(tmp_path / "r"), *extra])
        assert isinstance(result.exception, Stop), result.output
    assert seen == [games for _, games in cases]
