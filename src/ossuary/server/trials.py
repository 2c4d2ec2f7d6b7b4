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
from .errors import RequestError

log = logging.getLogger("ossuary.server")

JOB = "ossuary.server.trials:play"
JOB_SECONDS = 1.0  # a job's games take about this long: a trial yields its worker often
MAX_CHUNK = 20  # games in one job at most
JOB_LIMIT = 60.0  # seconds a job may take before its worker is recycled
POLL_EVERY = 1.0  # how often the page asks (it is told)
POLL_TIMEOUT = 20.0  # a trial nobody asked about for this long is stopped
KEEP_FINISHED = 600.0  # seconds a finished trial's numbers stay to be read
ENDED_PER_CLIENT = 4  # ended trials kept for one client (its oldest forgotten first)
ENDED_KEPT = 1_000  # ended trials kept on a server
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
        #: told of every change of a trial (the board every process reads)
        self.on_change: Callable[[Trial], None] | None = None

    def running(self, client: str | None = None) -> list[Trial]:
        return [t for t in self.trials.values() if t.status == "running"
                and (client is None or t.client == client)]  # fmt: skip

    def start(
        self, game: Game, text: str, client: str | None, trial_id: str | None = None
    ) -> Trial:
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
            cards = game.decks.parse(text, source="your deck")
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
        t = Trial(trial_id or secrets.token_urlsafe(9), client, config, planned, now, now)
        t.summary = trial.summary(config, _empty(), planned)
        self.trials[t.id] = t
        self._forget_ended(client)
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
            self._forget_ended(t.client)
            self._changed(t)
        return t

    def _changed(self, t: Trial) -> None:
        if self.on_change is not None:
            self.on_change(t)

    def _forget_ended(self, client: str | None) -> None:
        """Keep the numbers of at most :data:`ENDED_PER_CLIENT` ended trials of
        ``client`` and :data:`ENDED_KEPT` on the server, the newest: a client
        that starts and stops trials in a loop holds a few, not thousands."""
        ended = sorted((t for t in self.trials.values() if t.ended is not None),
                       key=lambda t: t.ended or 0.0)  # fmt: skip
        mine = [t for t in ended if t.client == client]
        drop = mine[: max(0, len(mine) - ENDED_PER_CLIENT)]
        rest = [t for t in ended if t not in drop]
        drop += rest[: max(0, len(rest) - ENDED_KEPT)]
        for t in drop:
            self.trials.pop(t.id, None)

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
        import pyarrow as pa

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
                self._changed(t)
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
            self._changed(t)


def _chunk(per_game: float | None) -> int:
    """Games in the next job: about :data:`JOB_SECONDS` of play, going by the
    games so far (two to start with)."""
    if per_game is None or per_game <= 0:
        return 2
    return max(1, min(MAX_CHUNK, round(JOB_SECONDS / per_game)))


def _empty() -> Any:
    import pyarrow as pa

    return pa.table({})


def _json(config: Any) -> str:
    import json

    return json.dumps(config.to_json())


class TrialBoard:
    """The trials as every process of the database sees them (``trials``
    table): a page may ask any process how a trial goes, or stop it; the one
    playing its games writes its numbers there as they come in, stops it when
    asked or when nobody asks any more, and one trial at a time per client is
    counted there."""

    def __init__(self, db: Any, node: str, desk: TrialDesk) -> None:
        self.db = db
        self.node = node
        self.desk = desk
        self._tasks: set[asyncio.Task[Any]] = set()
        desk.on_change = self._save

    async def start(self, game: Game, text: str, client: str | None) -> dict[str, Any]:
        from .decks import client_key
        from .storage import LimitReached

        key = client_key(client)
        trial_id = secrets.token_urlsafe(9)
        try:
            await self.db.call(self.db.store.trial_begin, trial_id, key, self.node, "{}",
                               PER_CLIENT)  # fmt: skip
        except LimitReached:
            raise RequestError(
                "you already have a deck trial running: wait for it to finish or stop it "
                "(one at a time for each player)",
                429,
            ) from None
        try:
            t = self.desk.start(game, text, client, trial_id)
        except RequestError:
            await self.db.call(self.db.store.trial_save, trial_id, "failed", "{}", True)
            raise
        answer = self.desk.answer(t)
        # stored before the answer goes: the page's first look may reach
        # another process, which knows the trial only from the database
        await self.db.call(self.db.store.trial_save, t.id, t.status, json.dumps(answer),
                           t.status != "running")  # fmt: skip
        await self.db.call(self.db.store.trial_forget, key, ENDED_PER_CLIENT, KEEP_FINISHED)
        return answer

    async def look(self, trial_id: str, stop: bool = False) -> dict[str, Any]:
        """How a trial goes (and, with ``stop``, stopped), whichever process plays it."""
        mine = self.desk.trials.get(trial_id)
        if mine is not None:
            t = (
                self.desk.stop(trial_id, "stopped by its player")
                if stop
                else self.desk.get(trial_id)
            )
            await self.db.call(self.db.store.trial_look, trial_id)
            return self.desk.answer(t)
        text = await self.db.call(self.db.store.trial_look, trial_id, stop)
        if text is None or text == "{}":
            raise RequestError(
                "no such deck trial (it may have ended a while ago: start another)", 404
            )
        answer: dict[str, Any] = json.loads(text)
        if stop and answer.get("status") == "running":  # its process stops it at its next look
            answer = {**answer, "status": "stopped", "error": "stopped by its player"}
        return answer

    async def sweeping(self) -> None:
        """Stop this process's trials nobody asks about (on any process) or
        that were asked to stop elsewhere; forget old ones."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                ids = [t.id for t in self.desk.running()]
                seen = await self.db.call(self.db.store.trial_watch, ids)
                now = time.time()
                for trial_id, (polled, stop) in seen.items():
                    t = self.desk.trials.get(trial_id)
                    if t is not None:
                        t.polled = self.desk.clock() - max(0.0, now - polled)
                    if stop:
                        self.desk.stop(trial_id, "stopped by its player")
                self.desk.sweep()
            except Exception as exc:  # the database is away: look again later
                log.warning("sweeping the trials failed: %s", exc)

    def _save(self, t: Trial) -> None:
        answer = json.dumps(self.desk.answer(t))
        ended = t.status != "running"
        task = asyncio.get_running_loop().create_task(
            self.db.call(self.db.store.trial_save, t.id, t.status, answer, ended)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
