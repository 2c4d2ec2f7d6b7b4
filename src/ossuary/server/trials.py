"""Deck trials: a deck played against its game's field on the server's AI
workers while its page watches ("Try this deck" in the deck builder).

A trial is the simulator's run of a deck's trial (:mod:`ossuary.sim.trial`:
the deck against each preconstructed deck, heuristic against heuristic, both
seats), its games played a few at a time as jobs of the AI pool
(:class:`~ossuary.server.ai.AIPool`), each job a chunk of games sized to take
about :data:`JOB_SECONDS`, keyed by the trial so that trials share their
workers fairly. The jobs are *background* work: they go to the pool's trial
lane, whose processes run at the lowest priority, so a trial never takes a
worker from a game and only takes the CPU that games leave (without a trial
lane, ``--trial-workers 0``, they run on the search workers after any waiting
decision of a game). The numbers the page shows come from
:func:`ossuary.sim.trial.summary`, recomputed as each chunk comes in.

Bounds (docs/server.md, "Limits"): one trial at a time per client,
:data:`MAX_TRIALS` at once on a server. A trial ends when its games are
played, when its page asks it to stop, or when its page stops asking how it
goes (:data:`POLL_TIMEOUT`: the page was closed); stopping it cancels its
queued jobs (a job already running finishes, a second or so).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import OssuaryError
from ..engine.game import Game
from ..extras import EXTRAS
from ..sim.plan import PER_OPPONENT
from . import ai
from .decks import has_deck_lists
from .refusals import RequestError

log = logging.getLogger("ossuary.server")

JOB = "ossuary.server.trials:play"
JOB_SECONDS = 1.0  # a job's games take about this long: a trial yields its worker often
MAX_CHUNK = 20  # games in one job at most
JOB_LIMIT = 60.0  # seconds a job may take before its worker is recycled
POLL_EVERY = 1.0  # how often the page asks (it is told)
POLL_TIMEOUT = 20.0  # a trial nobody asked about for this long is stopped
KEEP_FINISHED = 600.0  # seconds a finished trial's numbers stay to be read
MAX_TRIALS = 8  # trials running at once on one server
PER_CLIENT = 1  # trials running at once for one client (address)
SWEEP_EVERY = 5.0


def play(config_json: str, start: int, stop: int) -> Any:
    """Run in a worker: games ``start`` to ``stop - 1`` of a trial's run (an
    Arrow table, as :func:`ossuary.sim.play.play_chunk` gives it)."""
    from ..sim.play import play_chunk

    return play_chunk(config_json, start, stop)


ai.register_job(JOB, play)


def available() -> bool:
    """Trials need the simulator (the ``sim`` extra: pyarrow); without it the
    server still starts, and the builder says why it can't try decks."""
    return not EXTRAS["sim"].missing()


@dataclass(eq=False)
class Trial:
    id: str
    client: str | None
    config: Any  # ossuary.sim.plan.SimConfig
    planned: int
    started: float
    polled: float
    status: str = "running"  # then done, stopped, failed
    played: int = 0
    tables: list[Any] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    ended: float | None = None
    task: asyncio.Task[None] | None = None


class TrialDesk:
    """Every trial of this server: started, watched, stopped."""

    def __init__(
        self,
        pool: ai.AIPool,
        per_opponent: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pool = pool
        self.per_opponent = per_opponent or PER_OPPONENT
        self.clock = clock
        self.trials: dict[str, Trial] = {}

    def running(self, client: str | None = None) -> list[Trial]:
        return [t for t in self.trials.values() if t.status == "running"
                and (client is None or t.client == client)]  # fmt: skip

    def start(self, game: Game, text: str, client: str | None) -> Trial:
        """A new trial of the deck ``text`` (it must be legal), or a refusal."""
        if not available():
            raise RequestError(
                "this server can't try decks: it needs the simulator, the 'sim' extra "
                "(pip install 'ossuary[sim]')",
                501,
            )
        if not has_deck_lists(game):
            raise RequestError(
                f"{game.title} deals every player from one shared deck: there is no deck of "
                "your own to try"
            )
        if len(self.running(client)) >= PER_CLIENT:
            raise RequestError(
                "you already have a deck trial running: wait for it to finish or stop it "
                "(one at a time for each player)",
                429,
            )
        if len(self.running()) >= MAX_TRIALS:
            raise RequestError(
                f"this server is already trying {MAX_TRIALS} decks, the most it runs at once: "
                "try again in a minute",
                503,
            )
        try:
            cards = game.parse_deck(text, source="your deck")
        except OssuaryError as exc:
            raise RequestError(f"{exc}\nOnly a legal deck can be tried.") from None
        from ..sim import trial
        from ..sim.plan import SimError

        try:
            config = trial.trial_config(game.name, cards)
        except SimError as exc:
            raise RequestError(str(exc)) from None
        planned = trial.planned_games(config, self.per_opponent)
        now = self.clock()
        t = Trial(secrets.token_urlsafe(9), client, config, planned, now, now)
        t.summary = trial.summary(config, _empty(), planned)
        self.trials[t.id] = t
        t.task = asyncio.get_running_loop().create_task(self._run(t), name=f"trial-{t.id}")
        log.info("trial %s started: %s, %d games", t.id, game.name, planned)
        return t

    def get(self, trial_id: str) -> Trial:
        """A trial, marked as watched (a page that stops asking ends it)."""
        t = self.trials.get(trial_id)
        if t is None:
            raise RequestError(
                "no such deck trial (it may have ended a while ago: start another)", 404
            )
        t.polled = self.clock()
        return t

    def stop(self, trial_id: str, why: str = "stopped") -> Trial:
        t = self.get(trial_id)
        if t.status == "running" and t.task is not None:
            t.task.cancel()
            t.status = "stopped"
            t.error = why
            t.ended = self.clock()
        return t

    def answer(self, t: Trial) -> dict[str, Any]:
        """What the page is told: the state of the trial and its numbers so far."""
        return {
            "id": t.id,
            "status": t.status,
            "planned": t.planned,
            "played": t.played,
            "error": t.error,
            "poll": POLL_EVERY,
            **t.summary,
        }

    def sweep(self) -> None:
        """Stop the trials nobody watches; forget finished ones after a while."""
        now = self.clock()
        for t in list(self.trials.values()):
            if t.status == "running" and now - t.polled > POLL_TIMEOUT:
                self.stop(t.id, f"its page stopped asking for {POLL_TIMEOUT:g} s (closed)")
                log.info("trial %s stopped: nobody watched it", t.id)
            elif t.ended is not None and now - t.ended > KEEP_FINISHED:
                del self.trials[t.id]

    async def sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    async def close(self) -> None:
        tasks = [t.task for t in self.trials.values() if t.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- playing ---------------------------------------------------------------------------
    async def _run(self, t: Trial) -> None:
        import pyarrow as pa  # optional: pyarrow

        from ..sim import trial

        config_json = _json(t.config)
        key = f"trial:{t.id}"
        running: set[asyncio.Task[Any]] = set()
        at = 0
        per_game: float | None = None
        in_flight = self.pool.background_workers + 1  # one waits while one plays
        try:
            while at < t.planned or running:
                while at < t.planned and len(running) < in_flight:
                    stop = min(t.planned, at + _chunk(per_game))
                    job = self.pool.run(key, JOB, (config_json, at, stop), JOB_LIMIT,
                                        background=True)  # fmt: skip
                    running.add(asyncio.ensure_future(job))
                    at = stop
                done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                for finished in done:
                    table = finished.result()
                    t.tables.append(table)
                    # each game's seconds are on each of its seats' rows: the mean is a game's
                    per_game = sum(table["seconds"].to_pylist()) / max(1, table.num_rows)
                whole = pa.concat_tables(t.tables)
                t.summary = await asyncio.to_thread(trial.summary, t.config, whole, t.planned)
                t.played = t.summary["games"]  # counted with the numbers they make
            t.status = "done"
        except asyncio.CancelledError:
            if t.status == "running":
                t.status = "stopped"
            raise
        except Exception as exc:  # a failed or overrun job: the trial says so and ends
            log.warning("trial %s failed: %s", t.id, exc)
            t.status = "failed"
            t.error = "the trial's games failed on the server; try again later"
        finally:
            for pending in running:
                pending.cancel()
            with contextlib.suppress(Exception):
                await asyncio.gather(*running, return_exceptions=True)
            t.ended = self.clock()
            t.tables = []  # the numbers are in the summary


def _chunk(per_game: float | None) -> int:
    """Games in the next job: about :data:`JOB_SECONDS` of play, going by the
    games so far (two to start with)."""
    if per_game is None or per_game <= 0:
        return 2
    return max(1, min(MAX_CHUNK, round(JOB_SECONDS / per_game)))


def _empty() -> Any:
    import pyarrow as pa  # optional: pyarrow

    return pa.table({})


def _json(config: Any) -> str:

    return json.dumps(config.to_json())
