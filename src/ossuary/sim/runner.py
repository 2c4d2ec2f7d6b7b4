"""Running a simulation: plan the missing chunks, play them somewhere, commit them.

One process drives a run. It works out which games the run folder lacks
(:func:`ossuary.sim.plan.missing`), cuts them into chunks, hands the chunks to
an executor and commits each finished chunk as one Parquet file
(:mod:`ossuary.sim.store`). Executors:

- in this process (``workers=1``);
- a local process pool (the default: one process per core, nothing to start);
- a Dask distributed cluster (``scheduler="tcp://host:port"``): the same chunks
  as tasks. A worker that dies takes its unfinished tasks with it; the
  scheduler gives them to another worker, which plays the same games (a game
  depends only on the configuration and its index) and the driver commits
  each chunk once.

Exactly once: a game is in the run folder if and only if the chunk file that
names it exists, chunks are written whole (atomic rename) by the driver alone,
and a resumed run plays only the ranges no file names. Killing the driver
loses at most the chunks in flight, which the next ``--resume`` plays again.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pyarrow as pa

from .. import games as registry
from ..engine.game import NotSupported
from ..workers import DASK_ADDRESS, dask_client, dask_results, deaf_to_ctrl_c, exit_with_parent
from . import store
from .plan import SimConfig, SimError, check_config, chunks, missing
from .play import play_chunk

MAX_CHUNK = 100  # games: small enough that the progress bar moves, big enough to batch

Chunk = tuple[int, int]
OnChunk = Callable[[int, int, pa.Table], None]


@dataclass
class RunReport:
    """What :func:`run` did."""

    folder: Path
    games: int  # the run's planned total
    done_before: int  # games already committed when it started
    played: int  # games played and committed now
    chunks: int
    seconds: float
    complete: bool


@lru_cache(maxsize=8)
def cards_fingerprint(game_name: str) -> str:
    """A short hash of the game's cards and preconstructed decks: a run refuses
    to mix games played with different card files."""
    game = registry.get(game_name)
    try:
        records: list[Any] = game.cards.records()
    except NotSupported:
        records = []
    text = json.dumps([records, game.decks.preconstructed()], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def auto_chunk(games: int, workers: int) -> int:
    """About 25 chunks per worker, at most :data:`MAX_CHUNK` games each: enough
    chunks that the last ones finish together (the pool's tail is short)."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (max(1, workers) * 25))))


def play_chunk_checked(config_json: str, start: int, stop: int) -> pa.Table:
    """:func:`play_chunk`, labelled with this worker's card fingerprint."""
    table = play_chunk(config_json, start, stop)
    game = json.loads(config_json)["game"]
    return table.replace_schema_metadata({"cards": cards_fingerprint(game)})


# =============================================================================
# Executors: each yields (start, stop, table) as chunks finish, in any order
# =============================================================================
def _in_process(config_json: str, todo: list[Chunk]) -> Iterator[tuple[int, int, pa.Table]]:
    for start, stop in todo:
        yield start, stop, play_chunk_checked(config_json, start, stop)


def _process_pool(
    config_json: str, todo: list[Chunk], workers: int
) -> Iterator[tuple[int, int, pa.Table]]:
    import multiprocessing

    # spawn: a clean interpreter per worker, the same on every platform
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=exit_with_parent)
    pending: dict[Future[pa.Table], Chunk] = {}
    queue = iter(todo)
    finished = False
    try:
        # two chunks per worker in flight: none idles while the driver commits;
        # the workers start here, deaf to Ctrl-C, which the driver handles
        with deaf_to_ctrl_c():
            for chunk in queue:
                pending[pool.submit(play_chunk_checked, config_json, *chunk)] = chunk
                if len(pending) >= 2 * workers:
                    break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                start, stop = pending.pop(future)
                try:
                    table = future.result()
                except BrokenProcessPool:
                    raise SimError(
                        "a worker process died (out of memory, or killed); the games "
                        "committed so far are kept: --resume continues"
                    ) from None
                except Exception as exc:  # not a game's error: those are recorded
                    raise SimError(
                        f"games {start}-{stop - 1} failed: {type(exc).__name__}: {exc}"
                    ) from None
                yield start, stop, table
                nxt = next(queue, None)
                if nxt is not None:
                    pending[pool.submit(play_chunk_checked, config_json, *nxt)] = nxt
        finished = True
    finally:
        if not finished:
            # stopped early (Ctrl-C, an error): the chunks in flight are lost
            # anyway and a resume plays them again, so don't wait for them
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _dask(
    config_json: str, gaps: list[Chunk], chunk: int | None, scheduler: str, timeout: float
) -> Iterator[tuple[int, int, pa.Table]]:
    with dask_client(scheduler, timeout, SimError) as client:
        threads = sum(client.nthreads().values()) or 1
        todo = chunks(gaps, chunk or auto_chunk(sum(b - a for a, b in gaps), threads))
        tag = hashlib.sha256(config_json.encode()).hexdigest()[:12]
        futures = {
            client.submit(
                play_chunk_checked,
                config_json,
                start,
                stop,
                key=f"ossuary-{tag}-{start}-{stop}-{os.getpid()}-{time.monotonic_ns()}",
                pure=False,
                retries=2,  # an exception in a task; a dead worker is handled by Dask
            ): (start, stop)
            for start, stop in todo
        }

        def failed(future: object, exc: Exception) -> SimError:
            start, stop = futures[future]
            return SimError(
                f"games {start}-{stop - 1} failed on the cluster: {type(exc).__name__}: {exc}"
            )

        for future, table in dask_results(client, futures, failed):
            start, stop = futures[future]
            yield start, stop, table


# =============================================================================
# The driver
# =============================================================================
def prepare(
    folder: Path, config: SimConfig, games: int, resume: bool
) -> tuple[store.RunInfo, list[Chunk]]:
    """Check the request against the folder; (run info, committed ranges).

    A new run refuses a folder that already holds one (``resume`` continues
    it); a resumed run must ask for the same games (configuration and cards),
    and may ask for more of them.
    """
    game = registry.get(config.game)
    check_config(config, game)
    if games < 1:
        raise SimError(f"--games must be at least 1, not {games}")
    cards = cards_fingerprint(game.name)
    exists = (folder / store.RUN_FILE).exists()
    if exists and not resume:
        raise SimError(
            f"{str(folder)!r} already holds a simulation; add --resume to continue it, "
            "or choose another --out"
        )
    if not exists:
        if folder.exists() and not folder.is_dir():
            raise SimError(f"{str(folder)!r} is a file, not a folder")
        if folder.is_dir() and any(folder.iterdir()):
            raise SimError(f"{str(folder)!r} is not empty and holds no simulation")
        info = store.new_info(config, games, cards, game.statistics.resources)
        store.write_run(folder, info)
        return info, []
    info = store.read_run(folder)
    if info.config != config:
        old, new = info.config.to_json(), config.to_json()
        diff = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k)]
        if diff == ["pinned"]:
            raise SimError(
                f"{str(folder)!r} began with other policy files (or the file changed since): "
                "a run plays one policy throughout; resume it without --agents, or start a "
                "new --out"
            )
        raise SimError(
            f"{str(folder)!r} is a run with other settings ({', '.join(diff)} differ: "
            f"{'; '.join(f'{k} {old.get(k)!r}' for k in diff if k != 'decks')}); resume it with "
            "its own settings or start a new --out"
        )
    if info.cards != cards:
        raise SimError(
            f"the {game.title} cards or decks changed since {str(folder)!r} began; its games "
            "and new ones would not be comparable: start a new --out"
        )
    store.remove_leftovers(folder)
    done = store.committed(folder, config.seats)
    if games != info.games:
        info.games = games
        store.write_run(folder, info)
    return info, done


def run(
    folder: Path,
    config: SimConfig,
    games: int,
    *,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    chunk: int | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_chunk: OnChunk | None = None,
    timeout: float = 30.0,
) -> RunReport:
    """Play the games ``folder`` lacks, up to ``games`` of them (see the module
    docstring). ``on_start(total, already_done)`` is called once, then
    ``on_chunk(start, stop, table)`` after each commit. Ends with
    ``summary.json`` once the run is complete. Ctrl-C stops it; committed chunks
    stay and ``resume`` continues."""
    t0 = time.perf_counter()
    if workers is not None and workers < 1:
        raise SimError(f"--workers must be at least 1, not {workers}")
    if scheduler is not None and not DASK_ADDRESS.fullmatch(scheduler):
        raise SimError(f"--scheduler {scheduler!r}: give an address like tcp://127.0.0.1:8786")
    if chunk is not None and chunk < 1:
        raise SimError(f"--chunk must be at least 1, not {chunk}")
    n_workers = max(1, workers or os.cpu_count() or 1)
    info, done = prepare(folder, config, games, resume)
    gaps = missing(done, games)
    left = sum(b - a for a, b in gaps)
    todo = chunks(gaps, chunk or auto_chunk(left, n_workers))
    already = games - left
    if on_start is not None:
        on_start(games, already)
    config_json = json.dumps(config.to_json(), sort_keys=True)
    results: Iterator[tuple[int, int, pa.Table]]
    if not todo:
        results = iter(())  # a finished run, resumed: nothing to play, no pool
    elif scheduler is not None:
        results = _dask(config_json, gaps, chunk, scheduler, timeout)
    elif n_workers == 1 or len(todo) == 1:
        results = _in_process(config_json, todo)
    else:
        results = _process_pool(config_json, todo, min(n_workers, len(todo)))
    played = 0
    n_chunks = 0
    try:
        for start, stop, table in results:
            meta = table.schema.metadata or {}
            theirs = meta.get(b"cards", b"").decode()
            if theirs != info.cards:
                raise SimError(
                    f"a worker ({table.column('worker')[0]}) plays with other {config.game} "
                    f"cards than this run ({theirs} vs {info.cards}); give every worker the "
                    "same Ossuary and card files"
                )
            store.write_chunk(folder, start, stop, table.replace_schema_metadata(None))
            played += stop - start
            n_chunks += 1
            if on_chunk is not None:
                on_chunk(start, stop, table)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    complete = already + played >= games
    if complete:
        from .stats import summarize

        store.write_summary(folder, summarize(folder))
    return RunReport(folder, games, already, played, n_chunks, time.perf_counter() - t0, complete)
