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


@pytest.fixture(scope="session")
def random_report(random_run: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """``ossuary report`` of :func:`random_run`: (the page, the folder of plots)."""
    from typer.testing import CliRunner

    from ossuary.cli.main import app

    folder = tmp_path_factory.mktemp("report")
    page, png = folder / "report.html", folder / "png"
    result = CliRunner().invoke(app, ["report", str(random_run), "--html", str(page), "--png",
                                      str(png)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Report written" in result.output
    return page, png
