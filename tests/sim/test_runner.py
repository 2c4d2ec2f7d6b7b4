"""The run folder and the driver: chunks committed whole, resume plays only what is
missing, and a run refuses to mix games of other settings or other cards."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.sim import store
from ossuary.sim.plan import SimError
from ossuary.sim.runner import run

from .conftest import small_config


class Crash(Exception):
    pass


def _games(folder: Path) -> list[int]:
    return (
        store.read_games(folder, ["game", "seat"])
        .filter(store.read_games(folder, ["seat"])["seat"].to_numpy() == 0)["game"]
        .to_pylist()
    )


def _without_timing(folder: Path):  # type: ignore[no-untyped-def]
    return (
        store.read_games(folder)
        .drop_columns(["seconds", "cpu_seconds", "worker"])
        .sort_by([("game", "ascending"), ("seat", "ascending")])
    )


def test_an_interrupted_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path) -> None:
    config = small_config()
    straight = tmp_path / "straight"
    run(straight, config, 20, workers=1, chunk=3)

    broken = tmp_path / "broken"
    seen: list[tuple[int, int]] = []

    def die_after_three(a: int, b: int, _: object) -> None:
        seen.append((a, b))
        if len(seen) == 3:
            raise Crash

    with pytest.raises(Crash):
        run(broken, config, 20, workers=1, chunk=3, on_chunk=die_after_three)
    assert not (broken / store.SUMMARY_FILE).exists()
    assert store.committed(broken, 2) == [(0, 3), (3, 6), (6, 9)]
    # a chunk half written when the driver died: never counted, cleaned up
    (broken / store.GAMES_DIR / ".games-0000000009-0000000012.parquet.1.tmp").write_bytes(b"x")
    report = run(broken, config, 20, resume=True, workers=1, chunk=3)
    assert (report.done_before, report.played, report.complete) == (9, 11, True)
    assert _games(broken) == list(range(20))
    assert _without_timing(broken).equals(_without_timing(straight))
    assert not list((broken / store.GAMES_DIR).glob(".*"))
    summary = json.loads((broken / store.SUMMARY_FILE).read_text())
    assert summary["games"] == 20 and summary["complete"]


def test_a_run_grows_with_resume_and_never_shrinks_its_files(tmp_path: Path) -> None:
    config = small_config()
    run(tmp_path / "r", config, 5, workers=1, chunk=4)
    report = run(tmp_path / "r", config, 9, resume=True, workers=1, chunk=4)
    assert report.played == 4
    assert store.committed(tmp_path / "r", 2) == [(0, 4), (4, 5), (5, 8), (8, 9)]
    assert _games(tmp_path / "r") == list(range(9))
    assert store.read_run(tmp_path / "r").games == 9


def test_a_new_run_refuses_a_folder_that_holds_one(tmp_path: Path) -> None:
    run(tmp_path / "r", small_config(), 2, workers=1)
    with pytest.raises(SimError, match="--resume"):
        run(tmp_path / "r", small_config(), 2, workers=1)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SimError, match="not empty"):
        run(tmp_path / "other", small_config(), 2, workers=1)


def test_resume_refuses_other_settings(tmp_path: Path) -> None:
    run(tmp_path / "r", small_config(), 2, workers=1)
    with pytest.raises(SimError, match="seed"):
        run(tmp_path / "r", small_config(seed=9), 4, resume=True, workers=1)
    with pytest.raises(SimError, match="agents"):
        run(tmp_path / "r", small_config(agents=("heuristic",)), 4, resume=True, workers=1)


def test_resume_refuses_changed_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run(tmp_path / "r", small_config(), 2, workers=1)
    monkeypatch.setattr("ossuary.sim.runner.cards_fingerprint", lambda name: "0" * 16)
    with pytest.raises(SimError, match="cards or decks changed"):
        run(tmp_path / "r", small_config(), 4, resume=True, workers=1)


def test_a_worker_with_other_cards_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ossuary.sim.runner as runner

    real = runner.play_chunk_checked

    def foreign(config_json: str, start: int, stop: int):  # type: ignore[no-untyped-def]
        return real(config_json, start, stop).replace_schema_metadata({"cards": "f" * 16})

    monkeypatch.setattr(runner, "play_chunk_checked", foreign)
    with pytest.raises(SimError, match="other hecatomb cards"):
        run(tmp_path / "r", small_config(), 2, workers=1)
    assert store.committed(tmp_path / "r", 2) == []


def test_damaged_or_foreign_files_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    run(folder, small_config(), 4, workers=1, chunk=2)
    chunk = folder / store.GAMES_DIR / store.chunk_name(2, 4)
    table = pq.read_table(chunk)
    pq.write_table(table.slice(0, 1), chunk)
    with pytest.raises(SimError, match=r"games-0000000002-0000000004\.parquet: 1 rows"):
        run(folder, small_config(), 4, resume=True, workers=1)
    chunk.write_bytes(b"not parquet")
    with pytest.raises(SimError, match="damaged"):
        store.read_games(folder)
    chunk.unlink()
    (folder / store.GAMES_DIR / "mine.parquet").write_bytes(b"")
    with pytest.raises(SimError, match="not a chunk of this run"):
        store.read_games(folder)


@pytest.mark.parametrize(
    "text", ["", "{", "[]", '{"format": "ossuary-simulation", "format_version": 99}',
             '{"format": "ossuary-simulation", "format_version": 1, "config": {}}'],
)  # fmt: skip
def test_a_damaged_run_file_is_a_clear_error(tmp_path: Path, text: str) -> None:
    (tmp_path / store.RUN_FILE).write_text(text)
    with pytest.raises(SimError):
        store.read_run(tmp_path)
    with pytest.raises(SimError):
        run(tmp_path, small_config(), 2, resume=True, workers=1)


def test_options_the_driver_refuses(tmp_path: Path) -> None:
    with pytest.raises(SimError, match="--games"):
        run(tmp_path / "a", small_config(), 0)
    with pytest.raises(SimError, match="--scheduler"):
        run(tmp_path / "b", small_config(), 2, scheduler="http://127.0.0.1:1")
    assert not (tmp_path / "b").exists()  # refused before anything is written
    with pytest.raises(SimError, match="--chunk"):
        run(tmp_path / "c", small_config(), 2, chunk=0)
    with pytest.raises(SimError, match="agent"):
        run(tmp_path / "d", small_config(agents=("nobody",)), 2)
    with pytest.raises(Exception, match="players"):
        run(tmp_path / "e", small_config(seats=9), 2)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_the_run_file_loader_never_crashes_on_random_input(tmp_path: Path, data: bytes) -> None:
    (tmp_path / store.RUN_FILE).write_bytes(data)
    with contextlib.suppress(SimError):
        store.read_run(tmp_path)


VALUES = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
FIELDS = st.dictionaries(
    st.sampled_from(["config", "games", "cards", "resources", "created", "ossuary", "x"]),
    VALUES | st.lists(VALUES, max_size=3) | st.dictionaries(st.text(max_size=5), VALUES),
)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(FIELDS)
def test_a_run_file_with_random_fields_is_refused_clearly(tmp_path: Path, fields: dict) -> None:  # type: ignore[type-arg]
    data = {"format": "ossuary-simulation", "format_version": 1, **fields}
    (tmp_path / store.RUN_FILE).write_text(json.dumps(data))
    with contextlib.suppress(SimError):
        store.read_run(tmp_path)


def test_a_game_that_raises_is_recorded_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ossuary.agents

    real = ossuary.agents.make_agent

    def flaky(spec: str, seed: int):  # type: ignore[no-untyped-def]
        if seed // 1_000_003 == 3:  # the agents of the game with seed 3 (game 2)
            raise RuntimeError("agent crashed")
        return real(spec, seed)

    monkeypatch.setattr(ossuary.agents, "make_agent", flaky)
    folder = tmp_path / "r"
    run(folder, small_config(), 4, workers=1)
    rows = store.read_games(folder, ["game", "error"]).to_pylist()
    assert [r["game"] for r in rows if r["error"]] == [2, 2]
    assert "RuntimeError: agent crashed" in rows[4]["error"]
    summary = json.loads((folder / store.SUMMARY_FILE).read_text())
    assert summary["errors"] == 1 and summary["first_error"]["seed"] == 3
    assert sum(r["games"] for r in summary["by_order"]) == 6  # three games, two seats
