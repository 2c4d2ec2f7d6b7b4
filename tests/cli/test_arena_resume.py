"""``ossuary arena --out F``: a stopped run goes on where it stopped
(``--resume``), with exactly the games of a run that was never stopped; the
file it goes on from is checked like any input."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.agents.arena import StoppedRun, schedule

from ..ctrl_c import cli_env, ctrl_c, run_cli, signal_when, start_cli

ARGS = ["arena", "--game", "necromancer", "--agents", "heuristic,random", "--games", "120",
        "--workers", "1", "--no-progress"]  # fmt: skip


def _games(path: Path) -> list[dict[str, object]]:
    """The games of a results file, without the seconds each took."""
    found = json.loads(path.read_text("utf-8"))["games"]
    return [{k: v for k, v in g.items() if k != "seconds"} for g in found]


def _kept(partial: Path) -> int:
    return max(0, partial.read_text("utf-8").count("\n") - 1) if partial.exists() else 0


def test_a_stopped_arena_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """A real process stopped by Ctrl-C, then by SIGTERM (``kill PID``), then
    killed (a machine gone down), then run again with --resume: it plays only
    the missing games and writes the same games and summary as the run never
    stopped."""
    env = cli_env()
    clean = run_cli([*ARGS, "--out", str(tmp_path / "clean.json")], env)
    assert clean.returncode == 0, clean.stderr
    assert not (tmp_path / "clean.json.partial").exists()  # done: nothing kept beside it

    out, partial = tmp_path / "cut.json", tmp_path / "cut.json.partial"
    first = start_cli([*ARGS, "--out", str(out)], env)
    _stdout, err = ctrl_c(first, lambda: _kept(partial) >= 3)
    assert first.returncode == 130, err
    assert "Traceback" not in err
    assert "kept in" in _stdout + err and "--resume" in _stdout + err
    stopped_at = _kept(partial)
    assert 3 <= stopped_at < 120 and not out.exists()

    # run again without --resume: refused, the kept games untouched
    again = run_cli([*ARGS, "--out", str(out)], env)
    assert again.returncode == 2 and "add --resume" in again.stderr, again.stderr
    assert _kept(partial) == stopped_at

    # SIGTERM to the command's own process (not its group), as `kill PID` sends it
    termed = start_cli([*ARGS, "--out", str(out), "--resume"], env)
    termed_out, termed_err = signal_when(
        termed, lambda: _kept(partial) >= stopped_at + 3, signal.SIGTERM
    )
    assert termed.returncode == 143, termed_err  # a shell's "ended by SIGTERM"
    said = termed_out + termed_err
    assert "Stopped (SIGTERM)" in said and "--resume" in said, said
    assert "Traceback" not in termed_err
    termed_at = _kept(partial)
    assert stopped_at + 3 <= termed_at < 120 and not out.exists()

    second = start_cli([*ARGS, "--out", str(out), "--resume"], env)
    signal_when(second, lambda: _kept(partial) >= termed_at + 3, signal.SIGKILL)
    assert second.returncode == -signal.SIGKILL
    killed_at = _kept(partial)
    assert termed_at + 3 <= killed_at < 120
    with partial.open("a", encoding="utf-8") as f:
        f.write('{"game": {"index": 7')  # the line being written when it was killed

    last = run_cli([*ARGS, "--out", str(out), "--resume"], env)
    assert last.returncode == 0, last.stderr
    assert f"{killed_at} of 120 games kept" in last.stdout
    assert _games(out) == _games(tmp_path / "clean.json")
    ours = json.loads(out.read_text("utf-8"))["summary"]
    truth = json.loads((tmp_path / "clean.json").read_text("utf-8"))["summary"]
    assert ours["agents"] == truth["agents"]
    assert not partial.exists()


PLAN = schedule(["heuristic", "random"], 6, 2, [], 1)
KEY = {"game": "hecatomb", "agents": ["heuristic", "random"], "games": 6}


def _game(index: int) -> dict[str, object]:
    """Game ``index`` of :data:`PLAN` as the arena keeps it (the first seat won)."""
    spec = PLAN[index]
    return {"index": index, "seed": spec.seed, "agents": list(spec.agents), "decks": None,
            "first": spec.first, "winner": 0, "winner_agent": spec.agents[0], "length": 3,
            "turns": 1, "returns": [1.0, -1.0], "seconds": 0.1, "teams": None,
            "winners": [0]}  # fmt: skip


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def near_games(draw: st.DrawFn) -> bytes:
    """A stopped run's file, its lines close to right: this run's header or
    another, games of the plan with a field or two replaced by any JSON."""
    header = draw(st.sampled_from([KEY, {**KEY, "games": 7}, None]))
    lines = [json.dumps({"arena": header} if header is not None else draw(JSON))]
    for _ in range(draw(st.integers(0, 4))):
        game = _game(draw(st.integers(0, len(PLAN) - 1)))
        for field in draw(st.lists(st.sampled_from(sorted(game)), max_size=2)):
            game[field] = draw(JSON)
        lines.append(json.dumps({"game": game}))
    cut = draw(st.integers(0, 3))  # the last line cut short, as a kill leaves it
    text = "\n".join(lines) + "\n"
    return text.encode("utf-8")[: len(text) - cut] if cut else text.encode("utf-8")


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.binary(max_size=400) | st.text(max_size=400).map(lambda t: t.encode("utf-8")) | near_games()
)
def test_any_damaged_stopped_run_is_refused_in_words(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "r.json.partial"
    path.write_bytes(data)
    try:
        kept = StoppedRun(path, KEY).read(PLAN)
    except ValueError as exc:
        assert str(path) in str(exc)
    else:  # read: only this run's games, each the schedule's
        assert all(PLAN[i].seed == r.seed for i, r in kept.items())
    assert path.read_bytes() == data  # reading changes nothing


def test_a_stopped_run_with_a_game_not_of_this_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json.partial"
    run = StoppedRun(path, KEY)
    run.start()
    game = {**_game(0), "seed": PLAN[0].seed + 1}
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"game": game}) + "\n")
    with pytest.raises(ValueError, match="line 2: game 0 is not this run's"):
        run.read(PLAN)
    game["seed"] = PLAN[0].seed
    path.write_text(json.dumps({"arena": KEY}) + "\n" + json.dumps({"game": game}) + "\n")
    assert list(run.read(PLAN)) == [0]
    with pytest.raises(ValueError, match="another arena run"):
        StoppedRun(path, {**KEY, "games": 7}).read(PLAN)
