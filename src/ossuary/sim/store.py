"""A run's folder: its configuration, its games in Parquet chunks, its summary.

::

    run/
      run.json                          what the run plays (plan.SimConfig) and with which cards
      games/games-0000000000-0000000100.parquet   games [0, 100): one row per seat
      games/...
      summary.json                      the statistics of every committed game

A chunk is committed atomically: it is written to a temporary file in the same
folder, flushed to disk, and renamed to its final name (``os.replace``, atomic
on POSIX and Windows). So a chunk file either holds all its games or does not
exist, whatever kills the run and when; the games it names are the games it
holds (checked again when a run is resumed or read). Leftover temporary files
are from a run that died while writing; they are removed on resume.
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .. import __version__
from .plan import FORMAT_VERSION, SimConfig, SimError

RUN_FILE = "run.json"
SUMMARY_FILE = "summary.json"
GAMES_DIR = "games"
_CHUNK = re.compile(r"games-(\d{10})-(\d{10})\.parquet")
MAX_RUN_FILE = 50_000_000  # bytes: run.json holds a configuration and deck lists


@dataclass
class RunInfo:
    """What run.json says."""

    config: SimConfig
    games: int  # how many games the run is to have
    cards: str  # fingerprint of the game's cards when the run began
    resources: tuple[str, ...]
    created: str
    version: str  # the ossuary version that began the run

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "ossuary-simulation",
            "format_version": FORMAT_VERSION,
            "config": self.config.to_json(),
            "games": self.games,
            "cards": self.cards,
            "resources": list(self.resources),
            "created": self.created,
            "ossuary": self.version,
        }


def chunk_name(start: int, stop: int) -> str:
    return f"games-{start:010d}-{stop:010d}.parquet"


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that it is never seen half written."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def write_run(folder: Path, info: RunInfo) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / GAMES_DIR).mkdir(exist_ok=True)
        text = json.dumps(info.to_json(), indent=1) + "\n"
        write_atomic(folder / RUN_FILE, text.encode())
    except OSError as exc:
        raise SimError(f"cannot write to {str(folder)!r}: {exc.strerror or exc}") from None


def read_run(folder: Path) -> RunInfo:
    """run.json of ``folder``; a clear :class:`SimError` when it is not a run."""
    path = folder / RUN_FILE
    if not path.is_file():
        raise SimError(f"{str(folder)!r} holds no simulation (no {RUN_FILE})")
    try:
        if path.stat().st_size > MAX_RUN_FILE:
            raise SimError(f"{path}: too large for a run description")
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SimError(f"{path}: not a readable run description ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != "ossuary-simulation":
        raise SimError(f"{path}: not an Ossuary simulation")
    if data.get("format_version") != FORMAT_VERSION:
        raise SimError(
            f"{path}: written in format {data.get('format_version')!r}; this Ossuary reads "
            f"format {FORMAT_VERSION}"
        )
    try:
        return RunInfo(
            config=SimConfig.from_json(data["config"]),
            games=int(data["games"]),
            cards=str(data["cards"]),
            resources=tuple(str(r) for r in data["resources"]),
            created=str(data["created"]),
            version=str(data["ossuary"]),
        )
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise SimError(f"{path}: damaged ({type(exc).__name__}: {exc})") from None


def remove_leftovers(folder: Path) -> int:
    """Delete temporary files of a run that died while writing; how many."""
    n = 0
    for path in (folder / GAMES_DIR).glob(".*.tmp"):
        path.unlink(missing_ok=True)
        n += 1
    return n


def committed(folder: Path, seats: int, check: bool = True) -> list[tuple[int, int]]:
    """The ``[start, stop)`` ranges of the committed chunks, sorted. With
    ``check``, each file's row count is compared with its name (a damaged or
    foreign file is a :class:`SimError` that names it)."""
    games_dir = folder / GAMES_DIR
    ranges: list[tuple[int, int, Path]] = []
    for path in games_dir.glob("*.parquet"):
        m = _CHUNK.fullmatch(path.name)
        if m is None:
            raise SimError(f"{path}: not a chunk of this run (move it out of {games_dir})")
        start, stop = int(m[1]), int(m[2])
        if stop <= start:
            raise SimError(f"{path}: an empty or reversed range in its name")
        if check:
            try:
                rows = pq.read_metadata(path).num_rows
            except (OSError, pa.ArrowException) as exc:
                raise SimError(
                    f"{path}: damaged ({exc}); delete it and --resume to play its games again"
                ) from None
            if rows != (stop - start) * seats:
                raise SimError(
                    f"{path}: {rows} rows where {stop - start} games of {seats} seats need "
                    f"{(stop - start) * seats}; delete it and --resume to play them again"
                )
        ranges.append((start, stop, path))
    ranges.sort()
    for (_, a1, pa_), (b0, _, pb) in itertools.pairwise(ranges):
        if b0 < a1:
            raise SimError(f"{pa_.name} and {pb.name} hold the same games; remove one")
    return [(a, b) for a, b, _ in ranges]


def write_chunk(folder: Path, start: int, stop: int, table: pa.Table) -> Path:
    """Commit games ``[start, stop)`` (see the module docstring)."""
    path = folder / GAMES_DIR / chunk_name(start, stop)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            pq.write_table(table, f, compression="zstd")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as exc:
        raise SimError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def read_games(folder: Path, columns: list[str] | None = None) -> pa.Table:
    """Every committed game of the run in ``folder`` (rows in game order)."""
    info = read_run(folder)
    ranges = committed(folder, info.config.seats)
    from .play import schema

    want = schema(info.resources)
    if not ranges:
        table = want.empty_table()
        return table if columns is None else table.select(columns)
    import pyarrow.dataset as ds  # optional: pyarrow

    paths = [str(folder / GAMES_DIR / chunk_name(a, b)) for a, b in ranges]
    try:
        # one dataset: the files are read on all cores, in order
        return ds.dataset(paths, schema=want, format="parquet").to_table(columns=columns)
    except (OSError, pa.ArrowException) as exc:
        raise SimError(f"{folder}: a damaged chunk ({exc})") from None


def write_summary(folder: Path, summary: dict[str, Any]) -> None:
    text = json.dumps(summary, indent=1, default=float) + "\n"
    try:
        write_atomic(folder / SUMMARY_FILE, text.encode())
    except OSError as exc:
        raise SimError(f"cannot write {folder / SUMMARY_FILE}: {exc.strerror or exc}") from None


def new_info(config: SimConfig, games: int, cards: str, resources: tuple[str, ...]) -> RunInfo:

    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return RunInfo(config, games, cards, resources, now, __version__)
