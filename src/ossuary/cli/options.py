"""Options that several commands share, declared once: the same flag, the same
words in ``--help`` and the same type in every command that takes them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

GameOption = Annotated[str, typer.Option("--game", "-g", help="Which game (see 'ossuary games').")]
NoProgress = Annotated[bool, typer.Option("--no-progress", help="Don't draw the progress bar.")]
LocalWorkers = Annotated[
    int | None, typer.Option("--workers", help="Local processes (default: every core).")
]
PlayersPerGame = Annotated[int, typer.Option("--seats", help="Players per game.")]
FirstSeed = Annotated[int, typer.Option("--seed", help="Seed of the first game.")]
KeptRun = Annotated[
    Path | None,
    typer.Option("--out", help="Keep the games in this run folder (like 'ossuary simulate')."),
]
