"""The live games: who is connected, who decides, and the one way an action lands.

Every action (a person's click, an AI's choice, a timeout's default) goes
through :meth:`Hub.act`, which under the game's lock checks that the seat is
the one deciding, applies the action to a *copy* of the state, writes it to
the database and waits for the commit, and only then makes the copy the game
and tells every socket. A refused or unsaved action leaves the game as it was.
After every change :meth:`Hub.schedule` looks at who decides next: a computer
seat starts thinking in the process pool; a person's turn timer starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..agents import check_agent
from ..engine.core import GameState
from ..engine.errors import IllegalAction, OssuaryError
from ..engine.game import DeckSpec, Game
from ..engine.replay import Replay, SeatReplay
from . import ai
from .db import Database
from .messages import (
    Message,
    error,
    player_name,
    replay_message,
    result_lines,
    state_message,
    try_action,
)
from .protocol import CreateGame
from .storage import (
    ActionRow,
    ClaimRow,
    ControllerRow,
    FinishRow,
    GameRecord,
    SeatRecord,
    StorageError,
    Write,
)

log = logging.getLogger("ossuary.server")

HUMAN = "human"
SEND_QUEUE = 256  # messages waiting for a slow socket before it is dropped
FINISHED_KEPT = 200  # finished games kept in memory (others reload from the database)
REPLAYS_KEPT = 32  # seat replays kept for stepping back and forth


class RequestError(OssuaryError):
    """A request the server refuses; ``status`` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Conn:
    """One open socket: a seat's (or a spectator's), with its own send queue so a
    slow reader never holds up the others."""

    seat: int | None
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    log_sent: int = 0
    closed: bool = False

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:  # the reader is gone or far behind: drop it
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


@dataclass(eq=False)
class LiveGame:
    record: GameRecord
    game: Game
    state: GameState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Conn] = field(default_factory=list)
    thinking: int | None = None
    deadline: float | None = None  # when the deciding person's timer runs out
    timer: asyncio.TimerHandle | None = None
    abandon: asyncio.TimerHandle | None = None
    ai_task: asyncio.Task[None] | None = None
    ai_n: int | None = None  # the action number the AI task decides for
    clock_n: int | None = None  # the action number the clocks were set for
    timeouts: dict[int, int] = field(default_factory=dict)  # timeouts in a row, per seat

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def n(self) -> int:
        """Actions applied so far (= stored)."""
        return len(self.record.actions)

    def controller(self, seat: int) -> str:
        return self.record.seats[seat].controller

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.conns)


class Hub:
    """Every live game of this server, and the rules for touching them."""

    def __init__(self, db: Database, pool: Executor, ai_limit: float = 60.0) -> None:
        self.db = db
        self.pool = pool
        self.ai_limit = ai_limit
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._replays: dict[tuple[str, int | None, int], SeatReplay] = {}

    # -- start and stop -----------------------------------------------------------------
    async def resume_all(self) -> int:
        """Rebuild every unfinished game from its action log (after a restart)."""
        records = await self.db.call(self.db.store.load_playing)
        for record in records:
            try:
                g = self._rebuild(record)
            except OssuaryError as exc:
                log.error("game %s cannot be resumed: %s", record.id, exc)
                continue
            self.live[record.id] = g
            self.schedule(g)
        return len(records)

    async def close(self) -> None:
        for g in self.live.values():
            self._stop_clocks(g)
            if g.ai_task is not None:
                g.ai_task.cancel()
            for c in g.conns:
                c.close()
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- creating games -----------------------------------------------------------------
    async def create(self, req: CreateGame) -> tuple[GameRecord, dict[int, str]]:
        """Set up and store a new game; return it and the secret token of each
        human seat (only their hashes are stored)."""
        try:
            game = games.get(req.game)
        except OssuaryError as exc:
            raise RequestError(str(exc)) from None
        n = len(req.seats)
        mode = None
        if req.mode is not None:
            modes = dict(game.modes)
            if req.mode not in modes:
                known = ", ".join(modes) or "none"
                raise RequestError(f"{game.title} has no mode {req.mode!r}; modes: {known}")
            mode = req.mode
            if modes[mode] != n:
                raise RequestError(f"mode {mode} is for {modes[mode]} seats, not {n}")
        try:
            game.check_seats(n)
        except OssuaryError as exc:
            raise RequestError(str(exc)) from None
        kinds: list[str] = []
        for i, kind in enumerate(req.seats):
            if kind.strip().lower() == HUMAN:
                kinds.append(HUMAN)
                continue
            try:
                kinds.append(check_agent(ai.agent_spec(kind), game.name, n))
            except ValueError as exc:  # a learned policy for another game, say
                raise RequestError(f"seat {i}: {exc}") from None
        try:
            takeover = check_agent(ai.agent_spec(req.takeover), game.name, n)
        except ValueError as exc:
            raise RequestError(f"takeover: {exc}") from None
        seed = req.seed if req.seed is not None else secrets.randbelow(2**53)
        decks = self._decks(game, req.decks, n, seed)
        try:
            state = game.new_game(decks=decks, seats=n, seed=seed)
        except (OssuaryError, ValueError) as exc:
            raise RequestError(str(exc)) from None
        tokens = {i: secrets.token_urlsafe(24) for i, k in enumerate(kinds) if k == HUMAN}
        record = GameRecord(
            id=secrets.token_urlsafe(9),
            game=game.name,
            version=state.version,
            created=time.time(),
            decks=[list(d) for d in state.deck_lists()],
            seed=seed,
            first=state.first,
            options={
                "mode": mode,
                "turn_seconds": req.turn_seconds,
                "timeouts_to_ai": req.timeouts_to_ai,
                "abandon_seconds": req.abandon_seconds,
                "takeover": takeover,
                "public": req.public,
                "seed_given": req.seed is not None,
            },
            status="finished" if state.is_terminal() else "playing",
            seats=[
                SeatRecord(
                    i, k, k, token_hash(tokens[i]) if i in tokens else None, claimed=k != HUMAN
                )
                for i, k in enumerate(kinds)
            ],
        )
        try:
            await self.db.call(self.db.store.create_game, record)
        except Exception as exc:
            log.error("cannot store a new game: %s", exc)
            raise RequestError("the game could not be saved; try again", 503) from None
        g = LiveGame(record, game, state)
        self.live[record.id] = g
        self.schedule(g)
        return record, tokens

    @staticmethod
    def _decks(
        game: Game, asked: Sequence[str | list[str] | None] | None, n: int, seed: int
    ) -> list[DeckSpec] | None:
        """The decks to start with: None (the game's defaults), or one per seat."""
        if asked is None:
            return None
        if len(asked) != n:
            raise RequestError(f"{n} seats need {n} decks (or null for the defaults), got "
                               f"{len(asked)}")  # fmt: skip
        if all(d is None for d in asked):
            return None
        defaults = game.new_game(decks=None, seats=n, seed=seed).deck_lists()
        by_lower = {name.lower(): name for name in game.preconstructed()}
        out: list[DeckSpec] = []
        for i, deck in enumerate(asked):
            who = f"seat {i}'s deck"
            if deck is None:
                out.append(list(defaults[i]))
            elif isinstance(deck, list):
                out.append(deck)
            elif deck.lower() in by_lower:
                out.append(list(game.preconstructed()[by_lower[deck.lower()]]))
            else:
                try:
                    out.append(game.parse_deck(deck, source=who))
                except OssuaryError as exc:
                    if "\n" in deck:
                        raise RequestError(str(exc)) from None
                    known = ", ".join(game.preconstructed()) or "none"
                    raise RequestError(
                        f"{who}: {deck!r} is neither a preconstructed deck ({known}) nor a "
                        f"deck list: {exc}"
                    ) from None
        return out

    async def claim(self, game_id: str) -> tuple[int, str]:
        """Take a free human seat of a public game: its seat and a new token."""
        g = await self.get(game_id)
        if not g.record.options.get("public"):
            raise RequestError("this game is not open to the lobby; ask for an invite link", 403)
        if g.record.status != "playing":
            raise RequestError("this game is over", 409)
        async with g.lock:
            free = next(
                (s for s in g.record.seats if s.kind == HUMAN and not s.claimed), None
            )  # fmt: skip
            if free is None:
                raise RequestError("every seat of this game is taken", 409)
            token = secrets.token_urlsafe(24)
            old = free.token_hash
            free.token_hash = token_hash(token)
            free.claimed = True
            try:
                await self.db.call(self.db.store.claim_seat, g.id, free.seat, free.token_hash)
            except Exception:
                free.token_hash, free.claimed = old, False
                raise RequestError("the seat could not be saved; try again", 503) from None
        self.broadcast_seats(g)
        return free.seat, token

    # -- finding games --------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame:
        """The live game, loading (and replaying) it from the database if needed."""
        g = self.live.get(game_id)
        if g is not None:
            return g
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            g = self.live.get(game_id)
            if g is None:
                record = await self.db.call(self.db.store.load, game_id)
                if record is None:
                    raise RequestError(f"no game {game_id!r}", 404)
                try:
                    g = self._rebuild(record)
                except OssuaryError as exc:
                    raise RequestError(f"game {game_id} cannot be rebuilt: {exc}", 500) from None
                self.live[game_id] = g
                self._evict()
        self._loading.pop(game_id, None)
        return g

    def _rebuild(self, record: GameRecord) -> LiveGame:
        game = games.get(record.game)
        state = start_state(game, record)
        if state.version != record.version:
            raise OssuaryError(
                f"made with {record.game} rules version {record.version}; this server has "
                f"version {state.version}"
            )
        for i, aid in enumerate(record.actions):
            try:
                state.apply_action(aid)
            except IllegalAction as exc:
                raise OssuaryError(
                    f"stored action {i} ({aid!r}) is illegal on replay: {exc}"
                ) from None
        return LiveGame(record, game, state)

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

    # -- sockets ---------------------------------------------------------------------------
    async def connect(self, g: LiveGame, conn: Conn) -> None:
        g.conns.append(conn)
        seat = conn.seat
        if seat is not None:
            rec = g.record.seats[seat]
            if not rec.claimed:
                rec.claimed = True
                await self._write_quietly([ClaimRow(g.id, seat)])
        conn.send(self.hello(g, conn))
        self._send_state(g, conn)
        if seat is not None:
            self.broadcast_seats(g)
            self.schedule(g)  # a returning person's turn: stop the abandon clock

    def disconnect(self, g: LiveGame, conn: Conn) -> None:
        conn.close()
        if conn in g.conns:
            g.conns.remove(conn)
        if conn.seat is not None:
            self.broadcast_seats(g)
            self.schedule(g)

    def hello(self, g: LiveGame, conn: Conn) -> Message:
        return {
            "type": "hello",
            "game": self.summary(g),
            "you": conn.seat,
            "board": board_url(g.game),
        }

    def summary(self, g: LiveGame) -> dict[str, Any]:
        """What anyone may know about a game (no token, no seed, no hidden card)."""
        return summary(g.record, g.game, connected={s for s in range(len(g.record.seats))
                                                     if g.connected(s)}, n=g.n)  # fmt: skip

    def seats_info(self, g: LiveGame) -> list[dict[str, Any]]:
        return self.summary(g)["seats"]  # type: ignore[no-any-return]

    def broadcast_seats(self, g: LiveGame) -> None:
        msg = {"type": "seats", "seats": self.seats_info(g), "thinking": g.thinking}
        for c in g.conns:
            c.send(msg)

    def _send_state(
        self, g: LiveGame, conn: Conn, seats: list[dict[str, Any]] | None = None
    ) -> None:
        msg, conn.log_sent = state_message(g.game, g.state, conn.seat, conn.log_sent, g.n)
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
        async with g.lock:
            state = g.state
            if g.record.status != "playing" or state.is_terminal():
                return error("the game is over; no action can be taken", "over")
            if seq is not None and seq != g.n:
                return error(
                    f"the game has moved on (action {g.n}, you sent {seq}); "
                    "look at the board again and choose anew",
                    "stale",
                )
            deciding = state.current_player()
            if deciding != seat:
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
            try:
                new, refused = try_action(state, aid)
            except Exception as exc:  # a bug in a rule: refuse, keep the game, say so
                log.exception("game %s: action %r raised", g.id, aid)
                return error(f"the server could not apply {aid!r}: {type(exc).__name__}",
                             "internal")  # fmt: skip
            if new is None:
                return refused
            now = time.time()
            rows: list[Write] = [ActionRow(g.id, g.n, seat, aid, by, now)]
            over = new.is_terminal()
            if over:
                result = result_lines(g.game, new)
                rows.append(FinishRow(g.id, getattr(new, "winner", None), result, now))
            try:
                await self.db.write(rows)
            except StorageError as exc:
                log.error("game %s: %s", g.id, exc)
                return error("the action could not be saved; nothing changed, try again",
                             "storage")  # fmt: skip
            g.state = new
            g.record.actions.append(aid)
            if by != "timeout":
                g.timeouts[seat] = 0
            if over:
                g.record.status = "finished"
                g.record.winner = getattr(new, "winner", None)
                g.record.result = result
                g.record.finished = now
            g.thinking = None
            self.schedule(g)
            self.broadcast_state(g)
        return None

    # -- who decides next --------------------------------------------------------------------
    def _stop_clocks(self, g: LiveGame) -> None:
        for handle in (g.timer, g.abandon):
            if handle is not None:
                handle.cancel()
        g.timer = g.abandon = None
        g.deadline = None

    def schedule(self, g: LiveGame) -> None:
        """Start whatever the next decision needs: an AI's thinking, a person's
        turn timer, the abandon clock of a person who is away. Called after every
        change; a decision's turn timer is set once (reconnecting doesn't reset it)."""
        if g.clock_n != g.n:
            self._stop_clocks(g)
            g.clock_n = g.n
        if g.record.status != "playing" or g.state.is_terminal():
            self._stop_clocks(g)
            return
        seat = g.state.current_player()
        if seat is None:
            return
        controller = g.controller(seat)
        if controller != HUMAN:
            self._stop_clocks(g)
            if g.ai_task is None or g.ai_task.done() or g.ai_n != g.n:
                g.thinking = seat
                g.ai_n = g.n
                g.ai_task = self._spawn(self._think(g, seat, controller, g.n), f"ai-{g.id}")
                self.broadcast_thinking(g)
            return
        loop = asyncio.get_running_loop()
        n = g.n
        turn = g.record.options.get("turn_seconds")
        if turn and g.timer is None:
            g.deadline = time.time() + turn
            g.timer = loop.call_later(
                turn, lambda: self._spawn(self._timeout(g, seat, n), f"timeout-{g.id}")
            )
        away = g.record.options.get("abandon_seconds")
        if away and not g.connected(seat):
            if g.abandon is None:
                g.abandon = loop.call_later(
                    away, lambda: self._spawn(self._abandoned(g, seat, n), f"abandon-{g.id}")
                )
        elif g.abandon is not None:
            g.abandon.cancel()
            g.abandon = None

    def broadcast_thinking(self, g: LiveGame) -> None:
        msg = {"type": "thinking", "seat": g.thinking}
        for c in g.conns:
            c.send(msg)

    async def _think(self, g: LiveGame, seat: int, spec: str, n: int) -> None:
        state = g.state
        seed = (g.record.seed * 1_000_003 + (seat + 1) * 7919 + n) % 2**63
        try:
            aid = await ai.decide(
                self.pool, g.game.name, state.serialize(), seat, spec, seed, self._limit(spec)
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a crashed or slow worker: the game goes on
            log.warning("game %s: AI %s failed (%s); taking the default option", g.id, spec, exc)
            aid = g.game.timeout_action(state)
        if g.n != n or g.controller(seat) != spec:
            return  # the seat was taken back, or the game moved on meanwhile
        err = await self.act(g, seat, aid, by=spec, seq=n)
        if err is not None and g.n == n:
            log.warning("game %s: AI %s chose %r: %s", g.id, spec, aid, err["message"])
            await self.act(g, seat, g.game.timeout_action(g.state), by=spec, seq=n)

    def _limit(self, spec: str) -> float:
        seconds = ai.think_seconds(spec)
        return self.ai_limit if seconds is None else min(self.ai_limit, seconds * 3 + 10)

    async def _timeout(self, g: LiveGame, seat: int, n: int) -> None:
        if g.n != n or g.state.current_player() != seat or g.controller(seat) != HUMAN:
            return
        aid = g.game.timeout_action(g.state)
        g.timeouts[seat] = g.timeouts.get(seat, 0) + 1
        for c in g.conns:
            if c.seat == seat:
                c.send(error("your time ran out: the default option was taken", "timeout"))
        await self.act(g, seat, aid, by="timeout", seq=n)
        limit = g.record.options.get("timeouts_to_ai") or 0
        if limit and g.timeouts.get(seat, 0) >= limit and g.record.status == "playing":
            await self.hand_to_ai(g, seat)

    async def _abandoned(self, g: LiveGame, seat: int, n: int) -> None:
        if g.n == n and not g.connected(seat) and g.controller(seat) == HUMAN:
            await self.hand_to_ai(g, seat)

    async def hand_to_ai(self, g: LiveGame, seat: int) -> Message | None:
        """Let the takeover AI play ``seat`` until its person reclaims it."""
        rec = g.record.seats[seat]
        if rec.kind != HUMAN or rec.controller != HUMAN:
            return error(f"{player_name(seat)} is not played by a person now", "takeover")
        spec = g.record.options.get("takeover") or ai.AI_LEVELS["easy"]
        if not await self._write_quietly([ControllerRow(g.id, seat, spec)]):
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
        if not await self._write_quietly([ControllerRow(g.id, seat, HUMAN)]):
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

    async def _write_quietly(self, rows: list[Write]) -> bool:
        try:
            await self.db.write(rows)
        except StorageError as exc:
            log.error("%s", exc)
            return False
        return True

    # -- replays -----------------------------------------------------------------------------
    async def replay(self, g: LiveGame, seat: int | None, step: int) -> Message:
        """Step ``step`` (0: the start) of the game as ``seat`` saw it, from the
        kernel's seat replay (kept for the last few games and seats asked)."""
        steps = g.n
        if not 0 <= step <= steps:
            raise RequestError(f"step must be from 0 to {steps}, not {step}")
        key = (g.id, seat, steps)
        recorded = self._replays.get(key)
        if recorded is None:
            replay = Replay(g.state.ruleset, g.record.version, len(g.record.seats),
                            g.record.decks, g.record.seed, g.record.first,
                            list(g.record.actions))  # fmt: skip
            recorded = await asyncio.to_thread(SeatReplay.record, replay, seat)
            self._replays[key] = recorded
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.pop(next(iter(self._replays)))
        return replay_message(g.game, recorded, step)


def start_state(game: Game, record: GameRecord) -> GameState:
    """The game as it was set up, before any action."""
    try:
        return game.new_game(
            decks=record.decks, seats=len(record.seats), seed=record.seed, first=record.first
        )
    except (OssuaryError, ValueError) as exc:
        raise OssuaryError(f"cannot set the game up again: {exc}") from None


def board_url(game: Game) -> str | None:
    """Where the page finds the game's board module (None: the generic board)."""
    folder = game.web_assets()
    if folder is None or not (folder / "board.js").is_file():
        return None
    return f"/boards/{game.name}/board.js"


def summary(
    record: GameRecord, game: Game, connected: set[int] | None = None, n: int | None = None
) -> dict[str, Any]:
    """A game as the lobby and the sockets may show it (no tokens, no seed unless
    the creator chose it)."""
    connected = connected or set()
    opts = record.options
    return {
        "id": record.id,
        "game": record.game,
        "title": game.title,
        "mode": opts.get("mode"),
        "created": record.created,
        "status": record.status,
        "public": bool(opts.get("public")),
        "turn_seconds": opts.get("turn_seconds"),
        "seed": record.seed if opts.get("seed_given") else None,
        "actions": n if n is not None else len(record.actions),
        "winner": record.winner,
        "result": record.result,
        "teams": game.teams(len(record.seats)),
        "seats": [
            {
                "seat": s.seat,
                "name": player_name(s.seat),
                "kind": ai.public_name(s.kind),
                "controller": ai.public_name(s.controller),
                "claimed": s.claimed,
                "connected": s.seat in connected,
            }
            for s in record.seats
        ],
        "open_seats": sum(1 for s in record.seats if s.kind == HUMAN and not s.claimed)
        if opts.get("public") and record.status == "playing"
        else 0,
    }
