"""The computer levels' strength in the lobby comes from the ladder's
measurements (src/ossuary/server/ladder.json, bench/ladder.py), only where
measured and settled: never a guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ossuary.server import ServerConfig, create_app, ratings, strength

LADDER = json.loads(strength.LADDER.read_text())["tables"]


def _about(tmp_path: Path) -> dict[str, dict[str, str]]:
    config = ServerConfig(db_url=f"sqlite:///{tmp_path / 'g.db'}", ai_workers=0)
    with TestClient(create_app(config)) as client:
        about: dict[str, dict[str, str]] = client.get("/api/catalog").json()["ai_about"]
    return about


def test_the_lobby_gives_each_measured_level_its_ladder_rating(tmp_path: Path) -> None:
    about = _about(tmp_path)
    easy = LADDER["hecatomb:2"]["easy"]
    skill = ratings.Skill(easy["mu"], easy["sigma"], easy["games"])
    assert not ratings.provisional(skill)
    want = f"about as strong as a player rated {round(ratings.shown(skill), -1)}"
    assert about["easy"]["hecatomb:2"] == want
    # normal and hard where the ladder played them, nowhere else
    for level in ("normal", "hard"):
        played = {t: row[level] for t, row in LADDER.items() if level in row}
        # some table the ladder has not played the level at (the equality
        # below then says the lobby gives it no figure)
        assert "hecatomb:2" in played and set(LADDER) - set(played)
        want_level = {}
        for table, found in played.items():
            skill = ratings.Skill(found["mu"], found["sigma"], found["games"])
            rated = round(ratings.shown(skill), -1)
            want_level[table] = f"about as strong as a player rated {rated}"
        assert about[level] == want_level, level
    # random is no lobby level
    assert "random" not in about


def test_no_figure_where_the_ladder_is_unsure_or_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "ladder.json"
    fake.write_text(json.dumps({"tables": {
        "hecatomb:2": {"easy": {"mu": 31.0, "sigma": 3.0, "games": 90, "rating": 1680}},
        "hecatomb:3": {"easy": {"mu": 31.0, "sigma": 7.5, "games": 4, "rating": 1680}},
    }}))  # fmt: skip
    monkeypatch.setattr(strength, "LADDER", fake)
    strength._ladder.cache_clear()
    try:
        assert strength.measured() == {
            "easy": {"hecatomb:2": "about as strong as a player rated 1680"}
        }
        fake.write_text("{not json")
        strength._ladder.cache_clear()
        assert strength.measured() == {}
    finally:
        strength._ladder.cache_clear()
