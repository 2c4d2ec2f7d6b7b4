"""tests/build_compare.py, which CI runs on both builds (.ci/run): its chain
sees a state that differs after any action, and its diff names the game."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from . import build_compare


def write(path: Path, lines: list[dict[str, Any]]) -> Path:
    with gzip.open(path, "wt") as f:
        f.write(json.dumps({"compiled": False, "build": "pure Python"}) + "\n")
        f.writelines(json.dumps(line) + "\n" for line in lines)
    return path


def test_the_chain_sees_a_state_that_differs_after_one_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = build_compare.play("diabolicards", 2, 3, steps=True)
    assert plain["actions"] == len(plain["steps"]) > 20
    real = build_compare._ENCODE

    def one_off(data: Any) -> str:
        if isinstance(data, dict) and data.get("ply") == 20:
            data = {**data, "n": data["n"] + 1}  # one field of one state, right again after
        return real(data)

    monkeypatch.setattr(build_compare, "_ENCODE", one_off)
    changed = build_compare.play("diabolicards", 2, 3, steps=True)
    assert changed["final"] == plain["final"]  # the end alone would not tell
    assert changed["steps"][:19] == plain["steps"][:19]
    assert changed["steps"][19] != plain["steps"][19]
    assert changed["chain"] != plain["chain"]


def test_the_diff_names_the_game_whose_final_states_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [build_compare.play("diabolicards", seats, 1) for seats in (2, 4)]
    a = write(tmp_path / "a.jsonl.gz", lines)
    assert build_compare.diff(a, write(tmp_path / "b.jsonl.gz", lines)) == 0
    assert "agree on 2 games" in capsys.readouterr().out
    other = [lines[0], {**lines[1], "final": lines[1]["final"].replace('"n":4', '"n":5')}]
    assert other[1]["final"] != lines[1]["final"]
    assert build_compare.diff(a, write(tmp_path / "c.jsonl.gz", other)) == 1
    said = capsys.readouterr().out
    assert said.startswith("Diabolicards, 4 seats, seed 1: the pure Python and pure Python builds")
    assert "final state at character" in said
