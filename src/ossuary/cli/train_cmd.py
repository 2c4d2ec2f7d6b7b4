"""``ossuary train``: make a policy the ``learned:PATH`` agent plays (docs/rl.md)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from .. import games as registry
from ..workers import how_stopped, sigterm_as_ctrl_c
from .errors import CliError, check_output, check_workers, reported_errors
from .options import PlayersPerGame

EXIT_INTERRUPTED = 130
DEFAULT_GAMES = 20_000
#: the game count of a run bounded by --minutes alone: no cap the clock would not reach first
UNBOUNDED_GAMES = 10**9


def need_torch() -> None:
    """Training needs PyTorch, an optional extra: say how to get it."""
    from ..extras import MissingExtra, require

    try:
        require("learn", "training")
    except MissingExtra as exc:
        raise CliError(str(exc)) from None


def _hidden(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise CliError(
            f"--hidden {text!r}: layer sizes separated by commas, e.g. 256,256"
        ) from None
    return sizes


def _rates(rates: dict[str, float | None]) -> str:
    """``vs heuristic 75% · vs pool 51% · best move 77%`` (fits 80 columns with the bar)."""
    short = {"best move vs heuristic": "best move"}
    return " · ".join(f"{short.get(k, k)} {'–' if v is None else f'{100 * v:.0f}%'}"
                      for k, v in rates.items() if k != "loss")  # fmt: skip


def train_command(
    game: Annotated[
        str, typer.Argument(help="The game to train for (see 'ossuary games').")
    ] = registry.DEFAULT,
    out: Annotated[
        Path, typer.Option("--out", help="The run's folder: policy, checkpoint, curve.")
    ] = Path("train-run"),
    seats: PlayersPerGame = 2,
    n_games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help="Self-play games in all (default 20000, or no cap with --minutes; with "
            "--resume: a new total, default the run's own).",
        ),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option("--minutes", help="Stop after this many minutes (resumable; not repeatable)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 0,
    device: Annotated[
        str, typer.Option("--device", help="Where the network learns: cpu, or cuda for a GPU.")
    ] = "cpu",
    workers: Annotated[
        int | None,
        typer.Option("--workers", help="Processes playing games (default: every core)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with the run in --out from its checkpoint.")
    ] = False,
    imitate: Annotated[
        int, typer.Option("--imitate", help="Games of the teacher to imitate first (0: none).")
    ] = 2_000,
    teacher: Annotated[
        str, typer.Option("--teacher", help="The agent imitated first.")
    ] = "heuristic",
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            help="Who the learner meets, with weights: agent specs, 'pool' (past versions), "
            "'self' (itself in every seat).",
        ),
    ] = "heuristic=0.5,pool=0.3,self=0.2",
    hidden: Annotated[
        str | None,
        typer.Option(
            "--hidden",
            help="Hidden layer sizes, comma separated (default 256,256; with --value-for 64).",
        ),
    ] = None,
    batch_games: Annotated[
        int, typer.Option("--batch-games", help="Games per learning step (PPO iteration).")
    ] = 128,
    lr: Annotated[float, typer.Option("--lr", help="Adam's learning rate.")] = 3e-4,
    eval_games: Annotated[
        int,
        typer.Option("--eval-games", help="Games against the heuristic every 10 steps (0: none)."),
    ] = 64,
    decks: Annotated[
        str,
        typer.Option(
            "--decks",
            help="Whose decks the games deal: 'default' (the game's default pairing) or "
            "'field' (half preconstructed decks drawn at random, half random legal decks; "
            "never arena's held-out seeds).",
        ),
    ] = "default",
    no_progress: Annotated[
        bool, typer.Option("--no-progress", help="Print a line per evaluation instead of a bar.")
    ] = False,
    value_for: Annotated[
        Path | None,
        typer.Option(
            "--value-for",
            help="Fit only a value head (for the guided search) for this policy file, from "
            "--games games it plays (default 600), and write the policy with it to "
            "--out/policy.safetensors: its policy layers are kept exactly.",
        ),
    ] = None,
) -> None:
    """Train a policy network by imitation and self-play (PyTorch: the 'learn' extra).

    The run's folder gets policy.safetensors (play it with learned:PATH in play,
    arena, simulate, balance and serve --policy), checkpoint.pt (--resume),
    curve.csv and curve.png (win rates against training time).
    """
    console = Console(highlight=False)
    if value_for is not None:
        _value_command(console, value_for, out, n_games, seed, hidden or "64", no_progress)
        return
    with reported_errors():
        need_torch()
        from ..learn.train import Status, TrainConfig, Trainer, parse_opponents

        check_workers(workers)
        check_output(out, "--out", folder=True)
        config = TrainConfig(
            game=game,
            seats=seats,
            games=n_games
            if n_games is not None
            else UNBOUNDED_GAMES
            if minutes is not None
            else DEFAULT_GAMES,
            seed=seed,
            hidden=_hidden(hidden or "256,256"),
            imitate=imitate,
            teacher=teacher,
            opponents=parse_opponents(opponents),
            batch_games=batch_games,
            lr=lr,
            eval_games=eval_games,
            decks=decks,
        )
        if minutes is not None and not 0 < minutes < math.inf:
            raise CliError(f"--minutes must be a number of minutes above 0, got {minutes}")
        progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[rates]}"),
            console=console,
            disable=no_progress,
            transient=False,
        )
        bar = progress.add_task("starting", total=None, rates="")

        def report(s: Status) -> None:
            total = None if s.total >= UNBOUNDED_GAMES else s.total
            progress.update(bar, description=s.phase, completed=s.games, total=total,
                            rates=_rates(s.rates))  # fmt: skip
            if no_progress and s.evaluated:
                console.print(f"{s.games} games, {s.seconds / 60:.1f} min: {_rates(s.rates)}")

        trainer = Trainer(config, out, device, workers, minutes, resume, report,
                          games_given=n_games is not None)  # fmt: skip
        cfg = trainer.config
        title = registry.get(cfg.game).title
        console.print(Text(
            f"Training a policy for {title}, {cfg.seats} seats, in {out} "
            f"({trainer.workers} worker{'s' if trainer.workers > 1 else ''} playing, "
            f"learning on {device}"
            f"{'; resuming at ' + str(trainer.games_done) + ' games' if resume else ''})",
            style="bold",
        ), soft_wrap=True)  # fmt: skip
        try:
            with progress, sigterm_as_ctrl_c():  # a kill keeps the checkpoint as Ctrl-C does
                policy = trainer.run()
        except KeyboardInterrupt as exc:
            words, status = how_stopped(exc, EXIT_INTERRUPTED)
            console.print(f"{words}. Go on with: ossuary train {cfg.game} --out {out} --resume")
            raise typer.Exit(status) from None
        spent = trainer.seconds / 60
        console.print(f"{trainer.games_done} self-play games in {spent:.1f} minutes of training.")
        console.print(f"Policy: {policy}  · curve: {out / 'curve.png'}")
        spec = f"learned:{policy}"
        table = ",".join(["human"] + [spec] * (cfg.seats - 1))
        console.print(f"Play it:  ossuary play {cfg.game} --seats {table}", soft_wrap=True)
        console.print(
            f"Rate it:  ossuary arena --game {cfg.game} --seats {cfg.seats} "
            f"--agents {spec},heuristic",
            soft_wrap=True,
        )


def _value_command(
    console: Console,
    policy: Path,
    out: Path,
    n_games: int | None,
    seed: int,
    hidden: str,
    no_progress: bool,
) -> None:
    """``ossuary train --value-for POLICY``: fit a value head alone (learn/value.py)."""
    with reported_errors():
        need_torch()
        from ..agents.learned import load_policy
        from ..learn.train import POLICY
        from ..learn.value import fit_value

        count = 600 if n_games is None else n_games
        if count < 10:
            raise CliError(f"--games: at least 10 games to fit a value head, got {count}")
        sizes = _hidden(hidden)
        if any(h < 1 or h > 4096 for h in sizes):
            raise CliError(f"--hidden: layer sizes from 1 to 4096, got {list(sizes)}")
        given = load_policy(policy)  # a PolicyError, before any game is played
        check_output(out, "--out", folder=True)
        out.mkdir(parents=True, exist_ok=True)
        target = out / POLICY
        title = registry.get(given.game).title
        console.print(Text(
            f"Fitting a value head for {policy} ({title}, {given.seats} seats) "
            f"from {count} games it plays",
            style="bold",
        ), soft_wrap=True)  # fmt: skip
        progress = Progress(
            TextColumn("playing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=no_progress,
        )
        bar = progress.add_task("playing", total=count)
        try:
            with progress, sigterm_as_ctrl_c():
                done = fit_value(policy, target, count, seed, sizes,
                                 lambda n, total: progress.update(bar, completed=n))  # fmt: skip
        except KeyboardInterrupt as exc:
            words, status = how_stopped(exc, EXIT_INTERRUPTED)
            console.print(f"{words}; nothing was written.")
            raise typer.Exit(status) from None
        console.print(
            f"{done.positions:,} positions from {done.games} games in "
            f"{done.seconds / 60:.1f} minutes; held-out squared error "
            f"{done.held_out_mse:.3f} (a constant: {done.constant_mse:.3f})"
        )
        console.print(f"Policy with its value head: {target}")
        console.print(
            f"Search with it:  ossuary arena --game {given.game} --seats {given.seats} "
            f"--agents guided:policy={target},ismcts",
            soft_wrap=True,
        )
