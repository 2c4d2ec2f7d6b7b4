"""Shared pieces of the simulation tests: small runs of random agents (a game of
Hecatomb between random agents takes a few hundredths of a second)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ossuary.sim.plan import SimConfig
from ossuary.sim.runner import run


def small_config(**kw: object) -> SimConfig:
    base: dict[str, object] = {"game": "hecatomb", "agents": ("random",), "deck_mode": "random"}
    base.update(kw)
    return SimConfig(**base)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def random_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of 24 games with random decks, shared by the report tests."""
    folder = tmp_path_factory.mktemp("sim") / "run"
    run(folder, small_config(), 24, workers=1, chunk=8)
    return folder
