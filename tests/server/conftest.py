"""Fixtures for the server tests: an app on a temporary SQLite file."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ossuary.server import ServerConfig, create_app

from .helpers import free_port


def make_client(db: Path, workers: int = 0, hold: float = 0.0, **options: Any) -> TestClient:
    """The app on ``db``; response windows are not held open (``hold``) unless a
    test is about that: games play at the tests' pace, and so do deck checks
    (the tests check decks faster than a person can click)."""
    config = ServerConfig(db_url=f"sqlite:///{db}", ai_workers=workers, hold_seconds=hold,
                          deck_checks_per_second=10_000, deck_checks_burst=10_000)  # fmt: skip
    for key, value in options.items():
        setattr(config, key, value)
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


# -- PostgreSQL --------------------------------------------------------------------------------
def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return versions[-1].parent if versions else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of our own in a temporary folder, on 127.0.0.1."""
    pg = _pg_bin()
    if pg is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql; .ci/run does)")
    pytest.importorskip(
        "psycopg", reason="psycopg is not installed (pip install ossuary[postgres])"
    )
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("no 'postgres' user to run initdb as (it refuses root)")
    tmp = Path(tempfile.mkdtemp(prefix="ossuary-pg-"))
    os.chown(tmp, user.pw_uid, user.pw_gid)
    data = tmp / "data"
    port = free_port()

    def as_postgres(*cmd: str) -> None:
        run_as = [] if os.getuid() == user.pw_uid else ["runuser", "-u", "postgres", "--"]
        subprocess.run([*run_as, *cmd], check=True, capture_output=True, timeout=60)

    try:
        as_postgres(str(pg / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
        opts = f"-c listen_addresses=127.0.0.1 -c port={port} -k {tmp} -c fsync=off"
        as_postgres(str(pg / "pg_ctl"), "-D", str(data), "-o", opts, "-l",
                    str(tmp / "log"), "-w", "start")  # fmt: skip
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        pytest.skip(f"could not start a local PostgreSQL: {exc}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(Exception):
            as_postgres(str(pg / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(tmp, ignore_errors=True)
