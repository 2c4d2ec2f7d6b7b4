"""Fixtures for the server tests: an app on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ossuary.server import ServerConfig, create_app


def make_client(db: Path, workers: int = 0, hold: float = 0.0) -> TestClient:
    """The app on ``db``; response windows are not held open (``hold``) unless a
    test is about that: games play at the tests' pace."""
    config = ServerConfig(db_url=f"sqlite:///{db}", ai_workers=workers, hold_seconds=hold)
    return TestClient(create_app(config))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with make_client(db_path) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "hecatomb")
    body.setdefault("seats", ["human", "human"])
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out
