"""A fuzz campaign: :func:`ossuary.fuzz.random_game` over every game, seat count and mode.

``ossuary fuzz`` (docs/testing.md) drives it. A campaign is a list of
*configurations* (a registered game and a seat count the game allows; a named
mode such as Diabolicards' 2v2 is its seat count) and ``--games N`` seeds for
each: game ``i`` of a configuration plays seed ``--seed + i`` with the decks
the game's ``fuzz_decks`` draws for that seed. The games are played in rounds
(seed 0 of every configuration, then seed 1, ...), so a campaign stopped early
has covered every configuration evenly.

Its folder (``--out``) is the record that makes it resumable::

    out/
      fuzz.json      what wrote it (format, Ossuary version, build)
      games.jsonl    one line per finished game: configuration, seed, actions,
                     CPU-seconds, the error if a check failed

A line is appended (and flushed) when its game has finished, by the driver
alone, whole or not at all: Ctrl-C is held back while it is written, and a
line cut short by a harder kill is dropped when the record is read again. A
campaign started again with the same folder skips every (game, seats, seed)
the record holds: a finished seed is never played twice; games in flight when
it stopped are played again.

The games are played in this process (``workers=1``), in a local process pool,
or on a Dask distributed cluster (``scheduler``: its address; the ``sim``
extra): batches of :data:`DASK_BATCH` games a task, since a task costs Dask a
few milliseconds; only the driver writes the record, so a cluster's campaign
resumes like a local one.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import __version__, compiled, fuzz, games
from .engine.errors import OssuaryError
from .workers import (
    DASK_ADDRESS,
    ctrl_c_deferred,
    dask_client,
    dask_results,
    deaf_to_ctrl_c,
    exit_with_parent,
    stop_pool,
)

FORMAT = "ossuary-fuzz"
FORMAT_VERSION = 1
HEAD_FILE = "fuzz.json"
GAMES_FILE = "games.jsonl"
MAX_LINE = 100_000  # characters: an error text is cut to fit
DASK_BATCH = 8  # games a Dask task plays
DASK_CONNECT = 20.0  # seconds to reach the scheduler


class FuzzError(OssuaryError):
    """A campaign that can't start or go on (bad option, unusable folder)."""


@dataclass(frozen=True, order=True)
class Config:
    """One configuration: a game and a seat count it allows."""

    game: str
    seats: int

    @property
    def label(self) -> str:
        """How people name it: ``Diabolicards 2v2``, ``Hecatomb 3 seats``."""
        g = games.get(self.game)
        for mode, n in g.modes.items():
            if n == self.seats:
                return f"{g.title} {mode}"
        return f"{g.title} {self.seats} seats"


@dataclass(frozen=True)
class Result:
    """One finished game of a campaign (a line of ``games.jsonl``)."""

    game: str
    seats: int
    seed: int
    actions: int
    cpu: float  # CPU-seconds of the process that played it, checks included
    error: str | None = None  # "ExceptionName: message" when a check failed
    trace: str | None = None  # where it failed (the traceback's last lines)

    @property
    def config(self) -> Config:
        return Config(self.game, self.seats)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "seats": self.seats, "seed": self.seed,
                               "actions": self.actions, "cpu": round(self.cpu, 4)}  # fmt: skip
        if self.error is not None:
            out["error"] = self.error
            out["trace"] = self.trace
        return out

    @staticmethod
    def from_json(data: Any) -> Result:
        if not isinstance(data, dict):
            raise TypeError("not an object")
        error, trace = data.get("error"), data.get("trace")
        return Result(
            game=str(data["game"]),
            seats=int(data["seats"]),
            seed=int(data["seed"]),
            actions=int(data["actions"]),
            cpu=float(data["cpu"]),
            error=None if error is None else str(error),
            trace=None if trace is None else str(trace),
        )


def configurations(names: Iterable[str] | None = None, seats: Iterable[int] = ()) -> list[Config]:
    """Every configuration of the named games (None: every registered game), in
    the registry's order; ``seats``: only those seat counts (a count no named
    game allows is an error)."""
    chosen = list(dict.fromkeys(names)) if names else games.names()
    wanted = set(seats)
    out: list[Config] = []
    for name in chosen:
        game = games.get(name)  # an unknown name: the registry's own error
        out.extend(Config(game.name, n) for n in game.seat_counts if not wanted or n in wanted)
    if not out:
        allowed = sorted({n for name in chosen for n in games.get(name).seat_counts})
        raise FuzzError(
            f"--seats {', '.join(map(str, sorted(wanted)))}: "
            f"{' and '.join(games.get(n).title for n in chosen)} allow "
            f"{', '.join(map(str, allowed))} seats"
        )
    return out


def plan(configs: list[Config], n_games: int, seed: int) -> list[tuple[Config, int]]:
    """The campaign's games in the order they are played: rounds of seeds."""
    return [(c, seed + i) for i in range(n_games) for c in configs]


# =============================================================================
# Playing one game (in a worker, or in this process)
# =============================================================================
def play(game: str, seats: int, seed: int) -> Result:
    """One fuzz game with every check; a failed check is a :class:`Result`
    with its error, never an exception."""
    start = time.process_time()
    try:
        state = fuzz.random_game(games.get(game), seed, seats)
    except Exception as exc:  # any failure is a finding, reported with its seed
        lines = traceback.format_exception(exc)
        return Result(
            game, seats, seed, actions=-1, cpu=time.process_time() - start,
            error=f"{type(exc).__name__}: {exc}"[:MAX_LINE],
            trace="".join(lines[-6:])[-MAX_LINE:],
        )  # fmt: skip
    return Result(game, seats, seed, state.ply, time.process_time() - start)


# =============================================================================
# The record
# =============================================================================
def open_record(folder: Path) -> list[Result]:
    """Make ``folder`` a campaign's record, or read the one it holds (its
    finished games). A line cut short by a kill is dropped from the file."""
    head = folder / HEAD_FILE
    if folder.exists() and not folder.is_dir():
        raise FuzzError(f"{str(folder)!r} is a file, not a folder")
    try:
        if not head.exists():
            if folder.is_dir() and any(folder.iterdir()):
                raise FuzzError(f"{str(folder)!r} is not empty and holds no fuzz campaign")
            folder.mkdir(parents=True, exist_ok=True)
            now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
            about = {"format": FORMAT, "format_version": FORMAT_VERSION, "ossuary": __version__,
                     "build": compiled.describe(), "created": now}  # fmt: skip
            head.write_text(json.dumps(about, indent=1) + "\n", "utf-8")
            (folder / GAMES_FILE).touch()
            return []
        info: Any
        try:
            info = json.loads(head.read_text("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            info = None
        if not isinstance(info, dict) or info.get("format") != FORMAT:
            raise FuzzError(f"{head}: not an Ossuary fuzz campaign")
        if info.get("format_version") != FORMAT_VERSION:
            raise FuzzError(f"{head}: format {info.get('format_version')!r}; this Ossuary "
                            f"reads format {FORMAT_VERSION}")  # fmt: skip
        return _read_games(folder / GAMES_FILE)
    except OSError as exc:
        raise FuzzError(f"cannot use {str(folder)!r}: {exc.strerror or exc}") from None


def _read_games(path: Path) -> list[Result]:
    data = path.read_bytes() if path.exists() else b""
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) != len(data):  # the last line was cut short: its game is played again
        with open(path, "r+b") as f:
            f.truncate(len(whole))
    out = []
    for number, line in enumerate(whole.decode("utf-8", "replace").splitlines(), 1):
        try:
            out.append(Result.from_json(json.loads(line)))
        except (ValueError, TypeError, KeyError) as exc:
            raise FuzzError(f"{path}, line {number}: not a fuzz game ({exc})") from None
    return out


class Recorder:
    """Appends finished games to ``games.jsonl``, each line whole."""

    def __init__(self, folder: Path | None) -> None:
        # open for the whole campaign, closed by close(): a line per finished game
        self.file = (
            None if folder is None else open(folder / GAMES_FILE, "a", encoding="utf-8")  # noqa: SIM115
        )
        self.synced = time.monotonic()

    def add(self, result: Result) -> None:
        if self.file is None:
            return
        with ctrl_c_deferred():  # a line is written whole or not at all
            self.file.write(json.dumps(result.to_json()) + "\n")
            self.file.flush()
        if time.monotonic() - self.synced > 1.0:  # to disk about once a second
            os.fsync(self.file.fileno())
            self.synced = time.monotonic()

    def close(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError):
                os.fsync(self.file.fileno())
            self.file.close()


# =============================================================================
# Running
# =============================================================================
@dataclass
class Campaign:
    """What a run of the campaign played and found (every game of its plan
    that the record holds, earlier runs' included)."""

    configs: list[Config]
    planned: int
    results: dict[tuple[Config, int], Result] = field(default_factory=dict)
    done_before: int = 0
    seconds: float = 0.0

    @property
    def failures(self) -> list[Result]:
        return sorted((r for r in self.results.values() if r.error is not None),
                      key=lambda r: (r.config, r.seed))  # fmt: skip


def _in_process(todo: list[tuple[Config, int]]) -> Iterator[Result]:
    for config, seed in todo:
        yield play(config.game, config.seats, seed)


def _pool(todo: list[tuple[Config, int]], workers: int) -> Iterator[Result]:
    # spawn: a clean interpreter per worker on every platform, started deaf to
    # Ctrl-C, which the driver alone handles (ossuary.workers)
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=exit_with_parent)
    pending: set[Future[Result]] = set()
    queue = iter(todo)
    finished = False

    def submit(n: int) -> None:
        for config, seed in queue:
            pending.add(pool.submit(play, config.game, config.seats, seed))
            if len(pending) >= n:
                return

    try:
        with deaf_to_ctrl_c():
            submit(2 * workers)  # two games a worker in flight: none waits for the driver
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                pending.discard(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    raise FuzzError(
                        "a worker process died (out of memory, or killed); the finished games "
                        "are recorded: run again to go on"
                    ) from None
                yield result
            submit(2 * workers)
        finished = True
    finally:
        if not finished:
            stop_pool(pool)  # Ctrl-C or an error: games in flight are played next time
        else:
            pool.shutdown(wait=True)


def play_batch(batch: list[tuple[str, int, int]]) -> list[Result]:
    """:func:`play` for each (game, seats, seed): one Dask task."""
    return [play(game, seats, seed) for game, seats, seed in batch]


def _dask(todo: list[tuple[Config, int]], scheduler: str) -> Iterator[Result]:
    def failed(future: object, exc: Exception) -> FuzzError:
        return FuzzError(
            f"a batch of games failed on the cluster: {type(exc).__name__}: {exc}; "
            "the finished games are recorded: run again to go on"
        )

    with dask_client(scheduler, DASK_CONNECT, FuzzError) as client:
        tag = f"ossuary-fuzz-{os.getpid()}-{time.monotonic_ns()}"
        futures = [
            client.submit(
                play_batch,
                [(c.game, c.seats, s) for c, s in todo[i : i + DASK_BATCH]],
                key=f"{tag}-{i}",
                pure=False,
                retries=2,  # a dead worker: Dask plays the batch again elsewhere
            )
            for i in range(0, len(todo), DASK_BATCH)
        ]
        for _, batch in dask_results(client, futures, failed):
            yield from batch


def run(
    configs: list[Config],
    n_games: int,
    seed: int,
    workers: int,
    folder: Path | None,
    on_start: Callable[[int, int], None] | None = None,
    on_game: Callable[[Result], None] | None = None,
    scheduler: str | None = None,
) -> Campaign:
    """Play what the campaign lacks (see the module docstring). ``on_start(total,
    done)`` once, then ``on_game(result)`` after each game is recorded. Ctrl-C
    (KeyboardInterrupt) passes through once the record is whole. ``scheduler``:
    a Dask scheduler's address, to play on its cluster (``workers`` unused)."""
    if n_games < 1:
        raise FuzzError(f"--games must be at least 1, not {n_games}")
    if workers < 1:
        raise FuzzError(f"--workers must be at least 1, not {workers}")
    if scheduler is not None and not DASK_ADDRESS.fullmatch(scheduler):
        raise FuzzError(f"--scheduler {scheduler!r}: give an address like tcp://127.0.0.1:8786")
    start = time.perf_counter()
    games_ = plan(configs, n_games, seed)
    campaign = Campaign(configs, len(games_))
    wanted = set(games_)
    for r in open_record(folder) if folder is not None else []:
        if (r.config, r.seed) in wanted:
            campaign.results[(r.config, r.seed)] = r
    campaign.done_before = len(campaign.results)
    todo = [g for g in games_ if g not in campaign.results]
    if on_start is not None:
        on_start(len(games_), campaign.done_before)
    results: Iterator[Result]
    if scheduler is not None:
        results = _dask(todo, scheduler)
    elif workers > 1 and len(todo) > 1:
        results = _pool(todo, min(workers, len(todo)))
    else:
        results = _in_process(todo)
    recorder = Recorder(folder)
    try:
        for result in results:
            recorder.add(result)
            campaign.results[(result.config, result.seed)] = result
            if on_game is not None:
                on_game(result)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        recorder.close()
        campaign.seconds = time.perf_counter() - start
    return campaign


# =============================================================================
# What a campaign found, in figures
# =============================================================================
@dataclass
class Row:
    """One configuration's figures."""

    label: str
    games: int
    failures: int
    actions: float  # mean actions a game (finished games)
    cpu: float  # mean CPU-seconds a game


def rows(campaign: Campaign) -> list[Row]:
    out = []
    for config in campaign.configs:
        mine = [r for (c, _), r in campaign.results.items() if c == config]
        ok = [r for r in mine if r.error is None]
        out.append(Row(
            config.label, len(mine), len(mine) - len(ok),
            sum(r.actions for r in ok) / len(ok) if ok else 0.0,
            sum(r.cpu for r in mine) / len(mine) if mine else 0.0,
        ))  # fmt: skip
    return out


def cpu_hours_per_million(results: Iterable[Result]) -> float:
    """The CPU-hours a million games like these would take (their mean)."""
    cpus = [r.cpu for r in results]
    return sum(cpus) / len(cpus) * 1e6 / 3600 if cpus else 0.0


def reproduce(result: Result) -> str:
    """The command that plays a failed game again, alone."""
    return (f"ossuary fuzz --game {result.game} --seats {result.seats} --seed {result.seed} "
            "--games 1 --workers 1")  # fmt: skip
