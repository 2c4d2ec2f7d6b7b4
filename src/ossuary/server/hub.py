"""The live games: the one way an action lands, and who is told.

Every action (a person's click, an AI's choice, a timeout's default) goes
through :meth:`Hub.act`, a straight line under the game's lock: check that
the seat is the one deciding, apply the action to a *copy* of the state,
write it to the database and wait for the commit, and only then make the copy
the game and tell every socket. A refused or unsaved action leaves the game as
it was. After every change the seat clocks (:mod:`.clocks`) look at who
decides next: a computer seat starts thinking; a person's turn timer starts.

The hub also finds games (loading and replaying one from the database when
asked, listing one it can't rebuild as damaged), connects sockets, hands
seats to the AI and back, ends games nobody plays, and serves replay steps.
Creating games and joining them is the lobby's (:mod:`.lobby`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import OssuaryError
from ..engine.names import naming, speak
from . import ai, rated, replays
from .clocks import SeatClocks
from .cluster import MOVED, Alone
from .db import Database
from .decks import client_key
from .errors import RequestError, token_hash
from .leases import Tail
from .live import (
    HUMAN,
    Conn,
    LiveGame,
    board_url,
    ended_lines,
    lesson_dealt,
    rebuild,
    seat_words,
    start_state,
    summary,
)
from .messages import (
    Message,
    error,
    player_name,
    result_lines,
    speak_decision,
    state_message,
    try_action,
)
from .replays import ReplayDesk
from .storage import (
    ActionRow,
    ClaimRow,
    ControllerRow,
    Fenced,
    FinishRow,
    GameRecord,
    StorageError,
    Write,
    position_digest,
)

log = logging.getLogger("ossuary.server")

#: seconds a response window (``game.client.auto_kinds``) stays open at least, whoever answers
HOLD_SECONDS = 0.8
FINISHED_KEPT = 200  # finished games kept in memory (others reload from the database)
SWEEP_EVERY = 600.0  # seconds between looks for abandoned games
DAMAGED_KEPT = 10_000  # damaged games remembered (their reasons), newest kept


@dataclass(eq=False)
class _Loading:
    """A game being loaded from the database, and how many requests wait for it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    waiting: int = 0


class Hub:
    """Every live game of this server, and the rules for touching them."""

    def __init__(
        self,
        db: Database,
        pool: ai.AIPool,
        ai_limit: float = 60.0,
        expire_days: float = 7.0,
        hold: float = HOLD_SECONDS,
        cluster: Alone | None = None,
    ) -> None:
        self.db = db
        self.pool = pool
        #: who owns which game (several processes on PostgreSQL: cluster.py)
        self.cluster = cluster or Alone()
        self.expire_seconds = expire_days * 86_400
        self.hold = hold  # seconds a response window stays open at least
        self.live: dict[str, LiveGame] = {}
        # games in the database that this server cannot rebuild: id -> why. They
        # stay stored as they were (a later version may read them), are listed
        # as damaged, and their players are told why.
        self.damaged: dict[str, str] = {}
        self._loading: dict[str, _Loading] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.applied = 0  # actions applied here (the metrics)
        self.clocks = SeatClocks(self, pool, ai_limit)
        self.replays = ReplayDesk()

    # -- start and stop -----------------------------------------------------------------
    async def resume_all(self) -> int:
        """Rebuild every unfinished game from its action log (after a restart).
        Several processes on one database take the games over one lease at a
        time instead (``cluster.py``)."""
        if self.cluster.clustered:
            return 0
        records = await self.db.call(self.db.store.load_playing)
        resumed = 0
        for record in records:
            g = self._rebuild_or_mark(record)
            if g is None:
                continue
            self.add(g)
            resumed += 1
        return resumed

    def add(self, g: LiveGame) -> None:
        """A game made or rebuilt here goes live: its next decision is scheduled."""
        self.live[g.id] = g
        self.schedule(g)

    async def sweep(self, now: float | None = None) -> list[str]:
        """End every game in progress that nobody has played or watched for
        ``expire_seconds``: it is stored as abandoned, with its log (its replay
        stays), and leaves memory and its creator's count of games. Returns
        their ids. The server runs this every ``SWEEP_EVERY`` seconds."""
        now = time.time() if now is None else now
        ended: list[str] = []
        for g in list(self.live.values()):
            if g.record.status != "playing" or g.conns or now - g.active < self.expire_seconds:
                continue
            if not self.cluster.owns(g.id):
                continue  # its owner ends it
            async with g.lock:
                if g.record.status != "playing" or g.conns:
                    continue
                days = self.expire_seconds / 86_400
                result = [f"Abandoned: nobody played it for {days:g} days"]
                rows = [*self.cluster.fence(g.id), FinishRow(g.id, None, result, now, "abandoned"),
                        *self.cluster.notice(g.id, "e")]  # fmt: skip
                try:
                    await self.db.write(rows)
                except StorageError as exc:
                    log.error("game %s: %s", g.id, exc)
                    continue
                g.record.status = "abandoned"
                g.record.result = result
                g.record.finished = now
                self.clocks.halt(g)
            self.cluster.finished(g.id)
            self.live.pop(g.id, None)
            ended.append(g.id)
        if ended:
            log.info("%d game(s) nobody played for %g days ended as abandoned", len(ended),
                     self.expire_seconds / 86_400)  # fmt: skip
        return ended

    async def sweeping(self) -> None:
        """Run :meth:`sweep` every ``SWEEP_EVERY`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:  # a bug here must not stop the sweeps to come
                log.exception("sweeping abandoned games failed")

    async def close(self) -> None:
        await self.cluster.close()  # the others take the games over now
        for g in self.live.values():
            self.clocks.halt(g)
            for c in g.conns:
                c.close()
        await self.clocks.close()

    # -- finding games --------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame:
        """The live game, loading (and replaying) it from the database if needed."""
        g = self.live.get(game_id)
        if g is not None:
            return g
        self._refuse_damaged(game_id)
        # one load at a time per game; the entry lives only while someone waits
        # on it, so asking for unknown ids leaves nothing behind
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = _Loading()
        loading.waiting += 1
        try:
            async with loading.lock:
                g = self.live.get(game_id)
                if g is None:
                    self._refuse_damaged(game_id)
                    record = await self.db.call(self.db.store.load, game_id)
                    if record is None:
                        raise RequestError(f"no game {game_id!r}", 404)
                    g = self._rebuild_or_mark(record)
                    if g is None:
                        self._refuse_damaged(game_id)
                        raise RequestError(f"game {game_id} cannot be rebuilt", 409)
                    await self._place(g)
                    self._evict()
        finally:
            loading.waiting -= 1
            if loading.waiting == 0:
                self._loading.pop(game_id, None)
        return g

    async def _place(self, g: LiveGame) -> None:
        """A game just loaded goes live here: as its owner if nobody else owns it
        (then its next decision is scheduled), else as a copy that follows."""
        self.live[g.id] = g
        if not self.cluster.clustered:
            return
        playing = g.record.status == "playing"
        if playing and await self.cluster.free(g.id) and await self.cluster.adopt(g.id, tell=False):
            self.schedule(g)
        else:
            g.remote = await self.cluster.presence(g.id)

    async def exists(self, game_id: str) -> bool:
        """Whether a game of that id is stored (live, damaged, or in the database)."""
        if game_id in self.live or game_id in self.damaged:
            return True
        return await self.db.call(self.db.store.exists, game_id)

    def _refuse_damaged(self, game_id: str) -> None:
        why = self.damaged.get(game_id)
        if why is not None:
            raise RequestError(
                f"this game cannot be resumed by this server: {why}. It is kept in the "
                "database as it was; nothing of it was changed.",
                409,
            )

    def _rebuild_or_mark(self, record: GameRecord) -> LiveGame | None:
        """The game rebuilt from its record, or None (then it is listed as damaged,
        with why, and left in the database untouched)."""
        try:
            return rebuild(record)
        except Exception as exc:  # any failure: say which game and why, affect no other
            why = str(exc) if isinstance(exc, OssuaryError) else f"{type(exc).__name__}: {exc}"
            self.mark_damaged(record.id, why)
            return None

    def mark_damaged(self, game_id: str, why: str) -> None:
        log.error("game %s cannot be resumed: %s", game_id, why)
        self.damaged[game_id] = why
        while len(self.damaged) > DAMAGED_KEPT:
            self.damaged.pop(next(iter(self.damaged)))

    def _evict(self) -> None:
        done = [
            g for g in self.live.values() if g.record.status != "playing" and not g.conns
        ]  # fmt: skip
        for g in sorted(done, key=lambda g: g.record.finished or 0)[:-FINISHED_KEPT]:
            self.live.pop(g.id, None)

    def seat_of(self, g: LiveGame, token: str | None) -> int | None:
        """The seat ``token`` plays (None: no token, a spectator); a wrong token is
        an error, not a quiet spectator."""
        if token is None or token == "":
            return None
        digest = token_hash(token)
        for s in g.record.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        raise RequestError("this token plays no seat of this game", 403)

    def summary(self, g: LiveGame) -> dict[str, Any]:
        """What anyone may know about a game (no token, no seed, no hidden card)."""
        return summary(g.record, g.game, connected=g.connected_seats(), n=g.n)

    # -- sockets ---------------------------------------------------------------------------
    async def connect(self, g: LiveGame, conn: Conn) -> None:
        g.conns.append(conn)
        g.active = time.time()
        seat = conn.seat
        if seat is not None:
            rec = g.record.seats[seat]
            if not rec.claimed:
                rec.claimed = True
                await self._write_quietly([ClaimRow(g.id, seat), *self.cluster.notice(g.id, "s")])
            if self.cluster.clustered:
                await self.cluster.present(g.id, seat, +1)
        conn.send(self.hello(g, conn))
        self._send_state(g, conn)
        self._rated(g, [conn])
        if seat is not None:
            self.broadcast_seats(g)
            self.schedule(g)  # a returning person's turn: stop the abandon clock

    def disconnect(self, g: LiveGame, conn: Conn) -> None:
        conn.close()
        g.active = time.time()
        if conn in g.conns:
            g.conns.remove(conn)
        if conn.seat is not None:
            self.broadcast_seats(g)
            self.schedule(g)
            if self.cluster.clustered:
                self._spawn(self.cluster.present(g.id, conn.seat, -1))
        if not g.conns and self.cluster.clustered and not self.cluster.owns(g.id):
            self.live.pop(g.id, None)  # a copy nobody here watches: its owner has the game

    def hello(self, g: LiveGame, conn: Conn) -> Message:
        return {
            "type": "hello",
            "game": self.summary(g),
            "you": conn.seat,
            "board": board_url(g.game),
        }

    def seats_info(self, g: LiveGame) -> list[dict[str, Any]]:
        return self.summary(g)["seats"]  # type: ignore[no-any-return]

    def broadcast_seats(self, g: LiveGame) -> None:
        msg = {"type": "seats", "seats": self.seats_info(g), "thinking": g.thinking}
        for c in g.conns:
            c.send(msg)

    def broadcast_thinking(self, g: LiveGame) -> None:
        msg = {"type": "thinking", "seat": g.thinking}
        for c in g.conns:
            c.send(msg)

    def broadcast_notice(self, g: LiveGame, msg: Message, tell: bool = True) -> None:
        """A word for every socket of the game (and, several processes, theirs)."""
        for c in g.conns:
            c.send(msg)
        if tell and self.cluster.clustered:
            self._spawn(self.cluster.tell(g.id, "n", m=msg))

    def _send_state(
        self, g: LiveGame, conn: Conn, seats: list[dict[str, Any]] | None = None
    ) -> None:
        taught = lesson_dealt(g)
        msg, conn.log_sent = state_message(
            g.game,
            g.state,
            conn.seat,
            conn.log_sent,
            g.n,
            names=seat_words(g.record, conn.seat),
            lesson=taught,
        )
        if g.record.status != "playing" and not msg["over"]:  # ended by a person, not a rule
            msg.update(legal=[], prompt=None, deciding=None, auto=None, passing=None, over=True)
            msg["result"] = ended_lines(g.game, g.record, conn.seat)
        msg["thinking"] = g.thinking
        msg["deadline"] = g.deadline
        msg["seats"] = seats if seats is not None else self.seats_info(g)
        conn.send(msg)

    def broadcast_state(self, g: LiveGame) -> None:
        seats = self.seats_info(g)
        for c in list(g.conns):
            self._send_state(g, c, seats)

    # -- acting ------------------------------------------------------------------------------
    async def act(
        self, g: LiveGame, seat: int, aid: str, by: str = HUMAN, seq: int | None = None
    ) -> Message | None:
        """Apply ``aid`` for ``seat``; None when applied, else the error message
        for the sender (the game is then unchanged)."""
        await self._held(g)
        async with g.lock:
            refused = self._check(g, seat, by, seq)
            if refused is not None:
                return refused
            try:
                new, refused = try_action(g.state, aid, seat_words(g.record, seat))
            except Exception as exc:  # a bug in a rule: refuse, keep the game, say so
                log.exception("game %s: action %r raised", g.id, aid)
                return error(f"the server could not apply {aid!r}: {type(exc).__name__}",
                             "internal")  # fmt: skip
            if new is None:
                return refused
            now = time.time()
            action = ActionRow(g.id, g.n, seat, aid, by, now, position_digest(new))
            rows: list[Write] = [*self.cluster.fence(g.id), action]
            result = result_lines(g.game, new) if new.is_terminal() else None
            if result is not None:
                rows.append(FinishRow(g.id, getattr(new, "winner", None), result, now))
            # the action itself rides on its notice: a copy elsewhere applies it
            # without reading it back (a gap makes it read the log instead)
            rows += self.cluster.notice(g.id, "a", a=g.n, x=aid, d=action.digest)
            try:
                await self.db.write(rows)
            except Fenced as exc:  # another process took the game over: it decides
                log.warning("game %s: %s", g.id, exc)
                self.demoted(g.id)
                return error("the game moved to another server; send it again", MOVED)
            except StorageError as exc:
                log.error("game %s: %s", g.id, exc)
                return error("the action could not be saved; nothing changed, try again",
                             "storage")  # fmt: skip
            g.state = new
            self.applied += 1
            g.posed = time.monotonic()
            g.record.actions.append(aid)
            g.record.digests.append(action.digest)
            if by != "timeout":
                g.timeouts[seat] = 0
            if result is not None:
                g.record.status = "finished"
                g.record.winner = getattr(new, "winner", None)
                g.record.result = result
                g.record.finished = now
                self.cluster.finished(g.id)
            g.thinking = None
            g.active = now
            self.schedule(g)
            self.broadcast_state(g)
            if result is not None:
                self._rated(g)
        return None

    @staticmethod
    def _check(g: LiveGame, seat: int, by: str, seq: int | None) -> Message | None:
        """Why ``seat`` may not act now (None: it may)."""
        if not g.playing:
            return error("the game is over; no action can be taken", "over")
        if seq is not None and seq != g.n:
            return error(
                f"the game has moved on (action {g.n}, you sent {seq}); "
                "look at the board again and choose anew",
                "stale",
            )
        deciding = g.state.current_player()
        if deciding != seat:
            with naming(seat_words(g.record, seat)):  # as this seat's page names them
                who = "nobody" if deciding is None else player_name(deciding)
            return error(
                f"it is not your decision: {who} is deciding now", "not_your_turn",
                rule="only the deciding seat may act",
            )  # fmt: skip
        if by == HUMAN and g.controller(seat) != HUMAN:
            return error(
                "the AI is playing your seat; take it back first", "not_your_turn",
                rule="a seat handed to the AI is the AI's until reclaimed",
            )  # fmt: skip
        if by not in (HUMAN, "timeout") and g.controller(seat) != by:
            return error("this seat is no longer the AI's", "stale")
        return None

    async def _held(self, g: LiveGame) -> None:
        """Wait until the pending decision has been open for :attr:`hold` seconds
        when it is one a client may answer for its person (``game.client.auto_kinds``):
        an answer from an auto-pass, from a quick person and from a computer then
        reach the table at the same moment, so nobody learns from the timing what
        a hand could have done."""
        decision = g.state.decision()
        if not self.hold or decision is None or decision.kind not in g.game.client.auto_kinds:
            return
        if all(s.controller != HUMAN for s in g.record.seats):
            return  # only computers at the table: no person's answer to hide
        wait = g.posed + self.hold - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    def schedule(self, g: LiveGame) -> None:
        """Whatever the next decision needs (:meth:`SeatClocks.schedule`), where
        this process owns the game; the others are told of a computer thinking
        and of a turn timer (their sockets show them)."""
        if not self.cluster.owns(g.id):
            return
        self.clocks.schedule(g)
        if self.cluster.clustered and (g.thinking, g.deadline) != g.told:
            g.told = (g.thinking, g.deadline)
            self._spawn(self.cluster.tell(g.id, "x", th=g.thinking, dl=g.deadline))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- seats changing hands ---------------------------------------------------------------
    async def hand_to_ai(self, g: LiveGame, seat: int) -> Message | None:
        """Let the takeover AI play ``seat`` until its person reclaims it."""
        rec = g.record.seats[seat]
        if rec.kind != HUMAN or rec.controller != HUMAN:
            return error(f"{player_name(seat)} is not played by a person now", "takeover")
        spec = g.record.options.get("takeover") or ai.AI_LEVELS["easy"]
        if not await self._write_quietly(self._owned(g, ControllerRow(g.id, seat, spec))):
            return error("the change could not be saved; try again", "storage")
        rec.controller = spec
        g.timeouts[seat] = 0
        self.broadcast_seats(g)
        self.schedule(g)
        return None

    async def reclaim(self, g: LiveGame, seat: int) -> Message | None:
        rec = g.record.seats[seat]
        if rec.kind != HUMAN or rec.controller == HUMAN:
            return error("you are already playing your seat", "reclaim")
        if not await self._write_quietly(self._owned(g, ControllerRow(g.id, seat, HUMAN))):
            return error("the change could not be saved; try again", "storage")
        rec.controller = HUMAN
        if g.thinking == seat:  # its answer, when it comes, is dropped (see act)
            g.thinking = None
        self.broadcast_seats(g)
        self.schedule(g)
        self.broadcast_state(g)
        return None

    async def takeover(self, g: LiveGame, by: int, seat: int) -> Message | None:
        if seat >= len(g.record.seats):
            return error(f"there is no seat {seat}", "takeover")
        if seat == by:
            return error("you cannot hand your own seat to the AI while connected", "takeover")
        if g.connected(seat):
            return error(f"{player_name(seat)} is connected; only an absent player's seat "
                         "can be handed to the AI", "takeover")  # fmt: skip
        return await self.hand_to_ai(g, seat)

    async def resign(self, g: LiveGame, seat: int) -> Message | None:
        """``seat`` concedes: where two sides play, the other side wins at once
        (a platform rule, ``Game.resignation``); None when done, else why not."""
        async with g.lock:
            if not g.playing:
                return error("the game is over; no action can be taken", "over")
            winner = g.game.resignation(len(g.record.seats), seat)
            if winner is None:
                return error(
                    "more than two sides play this game: one resigning decides nothing; "
                    "you may leave it instead (the computer plays your seat)",
                    "refused",
                )
            seats = len(g.record.seats)
            with naming(seat_words(g.record, None)):
                result = g.game.resign_lines(seats, seat, winner)
            return await self._end(g, FinishRow(g.id, winner, result, time.time(), resigned=seat))

    async def leave(self, g: LiveGame, seat: int) -> Message | None:
        """``seat``'s person leaves the table: the computer plays the seat from
        now on (its person may come back and take it with their link); a game
        no other person plays ends, as abandoned."""
        async with g.lock:
            if not g.playing:
                return error("the game is over; no action can be taken", "over")
            others = [s for s in g.record.seats
                      if s.seat != seat and s.kind == HUMAN and s.controller == HUMAN]  # fmt: skip
            if not others:
                with naming(seat_words(g.record, None)):
                    result = [f"Abandoned: {player_name(seat)} left the game"]
                return await self._end(g, FinishRow(g.id, None, result, time.time(), "abandoned"))
        return await self.hand_to_ai(g, seat)

    def _owned(self, g: LiveGame, row: Write, kind: str = "s") -> list[Write]:
        """``row`` written as the game's owner: fenced on its lease, and told."""
        return [*self.cluster.fence(g.id), row, *self.cluster.notice(g.id, kind)]

    async def _end(self, g: LiveGame, row: FinishRow) -> Message | None:
        """End ``g`` by ``row`` (under its lock): stored, then told."""
        if not await self._write_quietly(self._owned(g, row, "e")):
            return error("the change could not be saved; nothing changed, try again", "storage")
        g.record.status = row.status
        g.record.winner = row.winner
        g.record.result = row.result
        g.record.finished = row.at
        g.record.resigned = row.resigned
        g.thinking = None
        self.clocks.halt(g)
        self.cluster.finished(g.id)
        self.broadcast_state(g)
        self._rated(g)
        return None

    def _rated(self, g: LiveGame, conns: list[Conn] | None = None) -> None:
        """Tell ``conns`` (every socket of ``g``) a rated game's ratings at its
        end, as stored with it (docs/server.md, "Ratings")."""
        if g.record.options.get("rated") and g.record.status == "finished":
            self._spawn(self._tell_ratings(g, list(g.conns if conns is None else conns)))

    async def _tell_ratings(self, g: LiveGame, conns: list[Conn]) -> None:
        try:
            rows = await self.db.call(rated.end_rows, self.db.store, g.id)
        except StorageError as exc:  # the end is stored; only this word is lost
            log.error("game %s: its ratings could not be read: %s", g.id, exc)
            return
        for c in conns:
            lines = rated.end_words(rows, c.seat)
            if lines:
                c.send({"type": "ratings", "lines": lines})

    async def _write_quietly(self, rows: list[Write]) -> bool:
        try:
            await self.db.write(rows)
        except StorageError as exc:
            log.error("%s", exc)
            return False
        return True

    # -- several processes: requests for the owner, and the copies that follow ----------------
    async def request(
        self, g: LiveGame, seat: int, op: str, args: dict[str, Any]
    ) -> Message | None:
        """A seat's ``op`` (``act``, ``takeover``, ``reclaim``, ``resign``,
        ``leave``): done here where this process owns the game, else by its
        owner (``cluster.forward``); the refusal for the sender, or None."""
        if op == "act" and args.get("seq") is None:
            # pinned to the position its sender saw, so that a request sent
            # again (its owner went away before answering) can't land twice
            args = {**args, "seq": g.n}
        for _ in range(3):
            if self.cluster.owns(g.id):
                reply = await self._do(g, seat, op, args)
                if reply is None or reply.get("code") != MOVED:
                    return reply
                continue  # it moved meanwhile: ask its new owner
            answer = await self.cluster.forward(g.id, seat, op, args)
            if answer != MOVED:
                return answer if isinstance(answer, dict) else None
        return error("the server playing this game did not answer; try again", "storage")

    async def _do(self, g: LiveGame, seat: int, op: str, args: dict[str, Any]) -> Message | None:
        if op == "act":
            return await self.act(g, seat, str(args["id"]), seq=args.get("seq"))
        if op == "takeover":
            return await self.takeover(g, seat, int(args["seat"]))
        if op == "reclaim":
            return await self.reclaim(g, seat)
        if op == "resign":
            return await self.resign(g, seat)
        if op == "leave":
            return await self.leave(g, seat)
        return error(f"unknown request {op!r}", "bad_message")

    async def serve_forwarded(
        self, game_id: str, seat: int, op: str, args: dict[str, Any]
    ) -> Message | None:
        """Another process's request for a game this process owns."""
        if not self.cluster.owns(game_id):
            return error("not here", MOVED)
        g = await self.get(game_id)
        if not 0 <= seat < len(g.record.seats):
            return error(f"there is no seat {seat}", "refused")
        return await self._do(g, seat, op, args)

    async def adopted(self, game_id: str) -> None:
        """This process now owns ``game_id`` (taken over): catch its copy up with
        what its last owner wrote, or load it, and schedule its next decision."""
        g = self.live.get(game_id)
        if g is None:
            record = await self.db.call(self.db.store.load, game_id)
            if record is None:
                return
            g = self._rebuild_or_mark(record)
            if g is None:
                return
            self.live[game_id] = g
        else:
            await self.catch_up(g)
        g.remote = await self.cluster.presence(game_id)
        g.clock_n = None  # its clocks start afresh here (timers restart, as after a restart)
        self.schedule(g)

    def demoted(self, game_id: str) -> None:
        """Another process owns ``game_id`` now: stop deciding for it here."""
        g = self.live.get(game_id)
        if g is None:
            return
        self.clocks.halt(g)
        g.thinking = None
        if not g.conns:
            self.live.pop(game_id, None)

    async def heard(self, game_id: str, kind: str, data: dict[str, Any]) -> None:
        """Another process changed ``game_id`` (a notice of ``kind``)."""
        if kind == "p":  # who is connected where: for the games a notice names
            gs = data.get("gs")
            named: list[Any] = gs if isinstance(gs, list) else [game_id]
            held = [x for x in named if isinstance(x, str) and x in self.live]
            if held:
                for gid, seats in (await self.cluster.presence_many(held)).items():
                    g = self.live.get(gid)
                    if g is not None and g.remote != seats:
                        g.remote = seats
                        self.broadcast_seats(g)
                        self.schedule(g)  # an owner's abandon clock starts or stops
            return
        g = self.live.get(game_id)
        if g is None:
            return
        if self.cluster.owns(game_id):
            if kind == "s":  # a seat taken from the lobby on another process
                stored = await self.db.call(self.db.store.load_seats, game_id)
                for mine, now in zip(g.record.seats, stored, strict=False):
                    mine.token_hash, mine.claimed = now.token_hash, now.claimed
                self.broadcast_seats(g)
        elif kind == "a" and self._follow_notice(g, data):
            self.broadcast_state(g)
            self._rated(g)  # the game's last action: its ratings, told here too
        elif kind == "n" and isinstance(data.get("m"), dict):  # the owner's word to all
            self.broadcast_notice(g, data["m"], tell=False)
        elif kind == "x":  # the owner's computer thinking, or a turn timer
            th, dl = data.get("th"), data.get("dl")
            g.thinking = th if isinstance(th, int) else None
            g.deadline = float(dl) if isinstance(dl, int | float) else None
            self.broadcast_thinking(g)
        else:
            await self.catch_up(g)

    def _follow_notice(self, g: LiveGame, data: dict[str, Any]) -> bool:
        """Apply the action a notice carries when it is the copy's next one
        (the digest checked); False when it isn't (then the log is read)."""
        n, aid, digest = data.get("a"), data.get("x"), data.get("d")
        if g.catching or g.lock.locked() or n != g.n or not isinstance(aid, str):
            return False
        new = g.state.clone()
        try:
            new.apply_action(aid)
        except Exception:
            return False
        if digest is not None and digest != position_digest(new):
            return False
        g.state = new
        g.record.actions.append(aid)
        g.record.digests.append(digest if isinstance(digest, str) else None)
        g.posed = time.monotonic()
        g.thinking = None
        if new.is_terminal():
            g.record.status = "finished"
            g.record.winner = getattr(new, "winner", None)
            g.record.result = result_lines(g.game, new)
        return True

    async def resync(self) -> None:
        """Notices may have been missed (the listening connection was lost):
        every copy catches up."""
        for g in list(self.live.values()):
            if not self.cluster.owns(g.id):
                await self.catch_up(g)

    async def catch_up(self, g: LiveGame) -> None:
        """Bring a copy up to what the database holds: the new actions replayed
        (each stored digest checked), the seats and the outcome; then its
        sockets are told. Notices that come meanwhile make it look again."""
        if g.catching:
            g.behind = True
            return
        g.catching = True
        try:
            while True:
                g.behind = False
                tail = await self.cluster.tail(g.id, g.n)
                if tail is None:
                    return
                async with g.lock:
                    changed = self._follow(g, tail)
                if changed:
                    self.broadcast_state(g)
                if not g.behind:
                    return
        finally:
            g.catching = False

    def _follow(self, g: LiveGame, tail: Tail) -> bool:
        changed = False
        for n, aid, digest, _at in tail.actions:
            if n < g.n:
                continue
            if n > g.n:
                break  # not yet committed in order: the next notice brings it
            try:
                g.state.apply_action(aid)
            except Exception as exc:
                self.mark_damaged(g.id, f"its copy here could not follow action {n + 1}: {exc}")
                self.live.pop(g.id, None)
                for c in g.conns:
                    c.close()
                return False
            if digest is not None and digest != position_digest(g.state):
                self.mark_damaged(g.id, f"its copy here reached another position at action {n + 1}")
                self.live.pop(g.id, None)
                for c in g.conns:
                    c.close()
                return False
            g.record.actions.append(aid)
            g.record.digests.append(digest)
            g.posed = time.monotonic()
            g.thinking = None
            changed = True
        # the token too: a matched seat's token is handed (replaced) on whichever
        # process the player polls, and the seat stays claimed; a copy that kept
        # the old one refused the new token until the copy was dropped
        if [(s.controller, s.claimed, s.token_hash) for s in g.record.seats] != [
            (s.controller, s.claimed, s.token_hash) for s in tail.seats
        ]:
            for mine, now in zip(g.record.seats, tail.seats, strict=False):
                mine.controller, mine.claimed, mine.token_hash = (
                    now.controller, now.claimed, now.token_hash
                )  # fmt: skip
            self.broadcast_seats(g)
            changed = True
        if tail.status != g.record.status:
            g.record.status = tail.status
            g.record.winner, g.record.result = tail.winner, tail.result
            g.record.finished, g.record.resigned = tail.finished, tail.resigned
            self._rated(g)  # it ended on its owner: its ratings, told here too
            changed = True
        return changed

    # -- replays -----------------------------------------------------------------------------
    async def replay_allowed(self, client: str | None) -> bool:
        """Whether ``client`` may read one more replay step now: counted in the
        database where several processes serve (every one sees the count),
        in memory where one does."""
        if not self.cluster.clustered or client is None:
            return self.replays.allow(client)

        key = f"replay:{client_key(client)}"
        rate, burst = replays.STEPS_PER_SECOND, replays.BURST
        return await self.db.call(self.db.store.take_token, key, rate, burst)

    async def replay(self, g: LiveGame, seat: int | None, step: int) -> Message:
        """Step ``step`` (0: the start) of the game as ``seat`` saw it (see
        :mod:`.replays`: cached per game, built in slices between live actions)."""
        steps = g.n
        if not 0 <= step <= steps:
            raise RequestError(f"step must be from 0 to {steps}, not {step}")
        names = seat_words(g.record, seat)
        try:
            start = start_state(g.game, g.record)
            with naming(names):
                msg = await self.replays.step(g.game, g.id, start, list(g.record.actions),
                                              not g.playing, seat, step)  # fmt: skip
        except OssuaryError as exc:
            raise RequestError(f"this game's replay cannot be rebuilt: {exc}", 409) from None
        # the same words as the live game's: the seats named as this reader names them
        for key in ("events", "log", "result"):
            if msg.get(key):
                msg[key] = [speak(line) for line in msg[key]]
        if msg.get("action"):
            msg["action"] = speak(msg["action"])
        speak_decision(msg["view"])
        if step == steps and not g.playing and not g.state.is_terminal():  # a person ended it
            msg["over"] = True
            msg["result"] = ended_lines(g.game, g.record, seat)
        msg["names"] = names
        return msg
