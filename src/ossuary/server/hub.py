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
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..agents import check_agent
from ..engine.core import GameState
from ..engine.errors import IllegalAction, OssuaryError
from ..engine.game import DeckSpec, Game
from ..engine.names import naming, speak
from ..engine.untrusted import unsafe_char
from ..tutorial import Deal, Tutorial, lesson, lessons
from . import ai
from .db import Database
from .decks import playable, saved_id
from .messages import (
    Message,
    error,
    names_for,
    player_name,
    result_lines,
    speak_decision,
    state_message,
    try_action,
)
from .protocol import CreateGame
from .refusals import RequestError, token_hash
from .replays import ReplayDesk
from .storage import (
    ActionRow,
    ClaimRow,
    ControllerRow,
    FinishRow,
    GameRecord,
    SeatRecord,
    StorageError,
    Write,
    position_digest,
)

log = logging.getLogger("ossuary.server")

HUMAN = "human"
SEND_QUEUE = 256  # messages waiting for a slow socket before it is closed
OVERFLOW_CODE = 1013  # "try again later": the page reconnects and gets the whole state
#: seconds a response window (``Game.auto_kinds``) stays open at least, whoever answers
HOLD_SECONDS = 0.8
FINISHED_KEPT = 200  # finished games kept in memory (others reload from the database)
SWEEP_EVERY = 600.0  # seconds between looks for abandoned games
DAMAGED_KEPT = 10_000  # damaged games remembered (their reasons), newest kept


@dataclass(eq=False)
class Conn:
    """One open socket: a seat's (or a spectator's), with its own send queue so a
    slow reader never holds up the others."""

    seat: int | None
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    log_sent: int = 0
    closed: bool = False
    #: the reader fell so far behind that its queue overflowed (it is closed with
    #: OVERFLOW_CODE, and its page reconnects and starts afresh)
    overflowed: bool = False
    #: what the socket's handler does when the queue overflows (closes the socket)
    on_overflow: Callable[[], None] | None = None
    closing: asyncio.Task[None] | None = None  # that close, under way

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:  # the reader is gone or far behind: close it
            self.overflowed = True
            self.close()
            if self.on_overflow is not None:
                self.on_overflow()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            while not self.queue.empty():  # what it has not read is dropped
                self.queue.get_nowait()
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
    creator: str | None = None  # the address that made it (in memory only: for limits)
    active: float = field(default_factory=time.time)  # the last action or connection
    posed: float = field(default_factory=time.monotonic)  # when the pending decision was sent

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
        max_live_games: int = 20,
        expire_days: float = 7.0,
        hold: float = HOLD_SECONDS,
    ) -> None:
        self.db = db
        self.pool = pool
        self.ai_limit = ai_limit
        self.max_live_games = max_live_games  # games in progress one client may have made
        self.expire_seconds = expire_days * 86_400
        self.hold = hold  # seconds a response window stays open at least
        self.live: dict[str, LiveGame] = {}
        # games in the database that this server cannot rebuild: id -> why. They
        # stay stored as they were (a later version may read them), are listed
        # as damaged, and their players are told why.
        self.damaged: dict[str, str] = {}
        self._loading: dict[str, _Loading] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.replays = ReplayDesk()

    # -- start and stop -----------------------------------------------------------------
    async def resume_all(self) -> int:
        """Rebuild every unfinished game from its action log (after a restart)."""
        records = await self.db.call(self.db.store.load_playing)
        resumed = 0
        for record in records:
            g = self._rebuild_or_mark(record)
            if g is None:
                continue
            self.live[record.id] = g
            self.schedule(g)
            resumed += 1
        return resumed

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
            async with g.lock:
                if g.record.status != "playing" or g.conns:
                    continue
                days = self.expire_seconds / 86_400
                result = [f"Abandoned: nobody played it for {days:g} days"]
                try:
                    await self.db.write([FinishRow(g.id, None, result, now, "abandoned")])
                except StorageError as exc:
                    log.error("game %s: %s", g.id, exc)
                    continue
                g.record.status = "abandoned"
                g.record.result = result
                g.record.finished = now
                self._stop_clocks(g)
                if g.ai_task is not None:
                    g.ai_task.cancel()
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
    async def create(
        self, req: CreateGame, client: str | None = None
    ) -> tuple[GameRecord, dict[int, str]]:
        """Set up and store a new game; return it and the secret token of each
        human seat (only their hashes are stored). ``client``: who asks (their
        address), for the limit on games in progress per client."""
        if client is not None:
            mine = sum(1 for g in self.live.values()
                       if g.creator == client and g.record.status == "playing")  # fmt: skip
            if mine >= self.max_live_games:
                raise RequestError(
                    f"you already have {mine} games in progress on this server, the most it "
                    "allows one player; finish or leave one first (a game nobody plays ends "
                    f"by itself after {self.expire_seconds / 86_400:g} days)",
                    429,
                )
        try:
            game = games.get(req.game)
        except OssuaryError as exc:
            raise RequestError(str(exc)) from None
        first = None
        if req.tutorial:  # the guided first game: the lesson's own deal
            deal = self._lesson_deal(game, req.mode)
            req = req.model_copy(update={"seats": list(deal.seats), "decks": deal.decks,
                                         "seed": deal.seed, "mode": deal.mode,
                                         "names": req.names or deal.names or None})  # fmt: skip
            first = deal.first
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
                raise RequestError(f"{lobby_name(i)}: {exc}") from None
        computers = sum(1 for k in kinds if k != HUMAN)
        if computers > ai.MAX_COMPUTER_SEATS:
            raise RequestError(
                f"{computers} computer seats: this server plays at most "
                f"{ai.MAX_COMPUTER_SEATS} in one game"
            )
        try:
            takeover = check_agent(ai.agent_spec(req.takeover), game.name, n)
        except ValueError as exc:
            raise RequestError(f"takeover: {exc}") from None
        names = list(req.names or [])
        if len(names) > n:
            raise RequestError(f"{n} seats, {len(names)} names: give at most one name a seat")
        for i, name in enumerate(names):
            bad = None if name is None else unsafe_char(name)
            if bad is not None:
                raise RequestError(f"names.{i}: a name can't hold {bad}")
        seed = req.seed if req.seed is not None else secrets.randbelow(2**53)
        decks = self._decks(game, await self._saved_decks(game, req.decks), n, seed)
        try:
            state = game.new_game(decks=decks, seats=n, seed=seed, first=first)
        except (OssuaryError, ValueError) as exc:
            raise RequestError(str(exc)) from None
        # Every human seat whose link is handed out is that link's from now on,
        # connected or not. A public game hands out only its creator's link (the
        # first human seat); its other human seats are open to the lobby's /join.
        humans = [i for i, k in enumerate(kinds) if k == HUMAN]
        linked = humans[:1] if req.public else humans
        tokens = {i: secrets.token_urlsafe(24) for i in linked}
        record = GameRecord(
            id=secrets.token_urlsafe(9),
            game=game.name,
            version=state.version,
            created=time.time(),
            decks=[list(d) for d in state.deck_lists()],
            seed=seed,
            # as given to new_game above: the lesson's first player, or None (the
            # seed chooses; never a guess read off the state)
            first=first,
            options={
                "mode": mode,
                "turn_seconds": req.turn_seconds,
                "timeouts_to_ai": req.timeouts_to_ai,
                "abandon_seconds": req.abandon_seconds,
                "takeover": takeover,
                "public": req.public,
                "seed_given": req.seed is not None,
                "names": [" ".join(x.split()) or None if x else None for x in names] or None,
                "tutorial": req.tutorial,
            },
            status="finished" if state.is_terminal() else "playing",
            seats=[
                SeatRecord(
                    i,
                    k,
                    k,
                    token_hash(tokens[i]) if i in tokens else None,
                    claimed=k != HUMAN or i in tokens,
                )
                for i, k in enumerate(kinds)
            ],
        )
        try:
            await self.db.call(self.db.store.create_game, record)
        except Exception as exc:
            log.error("cannot store a new game: %s", exc)
            raise RequestError("the game could not be saved; try again", 503) from None
        g = LiveGame(record, game, state, creator=client)
        self.live[record.id] = g
        self.schedule(g)
        return record, tokens

    @staticmethod
    def _lesson_deal(game: Game, mode: str | None) -> Deal:
        """The deal of ``game``'s lesson for ``mode`` (None: its main one)."""
        if lesson(game.name) is None:
            raise RequestError(f"{game.title} has no guided first game yet")
        found = lesson(game.name, mode)
        if found is None:
            have = ", ".join(t.mode or "the usual game" for t in lessons(game.name))
            raise RequestError(f"{game.title} has no lesson for mode {mode}; lessons: {have}")
        return found.deal

    async def _saved_decks(
        self, game: Game, asked: Sequence[str | list[str] | None] | None
    ) -> Sequence[str | list[str] | None] | None:
        """``asked`` with each ``saved:ID`` entry replaced by that saved deck's
        cards; a refusal if it is missing, another game's, or a draft."""
        if asked is None or not any(saved_id(d) for d in asked):
            return asked
        out: list[str | list[str] | None] = []
        for i, deck in enumerate(asked):
            deck_id = saved_id(deck)
            if deck_id is None:
                out.append(deck)
                continue
            record = await self.db.call(self.db.store.load_deck, deck_id[:40])
            out.append(playable(game, record, deck_id, f"{lobby_name(i)}'s deck"))
        return out

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
        if len(defaults) != n:  # no deck per seat: the game deals from one shared deck
            raise RequestError(
                f"{game.title} deals every seat from one shared deck: leave 'decks' out "
                "(or null for every seat)"
            )
        by_lower = {name.lower(): name for name in game.preconstructed()}
        out: list[DeckSpec] = []
        for i, deck in enumerate(asked):
            who = f"{lobby_name(i)}'s deck"
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
                    self.live[game_id] = g
                    self._evict()
        finally:
            loading.waiting -= 1
            if loading.waiting == 0:
                self._loading.pop(game_id, None)
        return g

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
            return self._rebuild(record)
        except Exception as exc:  # any failure: say which game and why, affect no other
            why = str(exc) if isinstance(exc, OssuaryError) else f"{type(exc).__name__}: {exc}"
            log.error("game %s cannot be resumed: %s", record.id, why)
            self.damaged[record.id] = why
            while len(self.damaged) > DAMAGED_KEPT:
                self.damaged.pop(next(iter(self.damaged)))
            return None

    def _rebuild(self, record: GameRecord) -> LiveGame:
        game = games.get(record.game)
        state = start_state(game, record)
        if state.version != record.version:
            raise OssuaryError(
                f"it was made with {game.title} rules version {record.version}; this server "
                f"has version {state.version}"
            )
        for i, aid in enumerate(record.actions):
            try:
                state.apply_action(aid)
            except IllegalAction as exc:
                raise OssuaryError(
                    f"stored action {i + 1} ({aid!r}) is illegal on replay: {exc}"
                ) from None
            digest = record.digests[i] if i < len(record.digests) else None
            if digest is not None and digest != position_digest(state):
                raise OssuaryError(
                    f"replaying its stored actions reaches another position after action "
                    f"{i + 1} ({aid!r}) than the one that was played"
                )
        g = LiveGame(record, game, state)
        g.active = max(record.created, record.last_at or 0.0)
        return g

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
        g.active = time.time()
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
        g.active = time.time()
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

    @staticmethod
    def lesson_of(g: LiveGame) -> Tutorial | None:
        """The lesson ``g`` was dealt from (None: not a guided game)."""
        if not g.record.options.get("tutorial"):
            return None
        return lesson(g.game.name, g.record.options.get("mode"))

    def _send_state(
        self, g: LiveGame, conn: Conn, seats: list[dict[str, Any]] | None = None
    ) -> None:
        taught = self.lesson_of(g)
        msg, conn.log_sent = state_message(
            g.game,
            g.state,
            conn.seat,
            conn.log_sent,
            g.n,
            names=seat_words(g.record, conn.seat),
            lesson=taught,
        )
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
            try:
                new, refused = try_action(state, aid, seat_words(g.record, seat))
            except Exception as exc:  # a bug in a rule: refuse, keep the game, say so
                log.exception("game %s: action %r raised", g.id, aid)
                return error(f"the server could not apply {aid!r}: {type(exc).__name__}",
                             "internal")  # fmt: skip
            if new is None:
                return refused
            now = time.time()
            rows: list[Write] = [ActionRow(g.id, g.n, seat, aid, by, now, position_digest(new))]
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
            g.posed = time.monotonic()
            g.record.actions.append(aid)
            g.record.digests.append(rows[0].digest if isinstance(rows[0], ActionRow) else None)
            if by != "timeout":
                g.timeouts[seat] = 0
            if over:
                g.record.status = "finished"
                g.record.winner = getattr(new, "winner", None)
                g.record.result = result
                g.record.finished = now
            g.thinking = None
            g.active = now
            self.schedule(g)
            self.broadcast_state(g)
        return None

    async def _held(self, g: LiveGame) -> None:
        """Wait until the pending decision has been open for :attr:`hold` seconds
        when it is one a client may answer for its person (``Game.auto_kinds``):
        an answer from an auto-pass, from a quick person and from a computer then
        reach the table at the same moment, so nobody learns from the timing what
        a hand could have done."""
        decision = g.state.decision()
        if not self.hold or decision is None or decision.kind not in g.game.auto_kinds:
            return
        if all(s.controller != HUMAN for s in g.record.seats):
            return  # only computers at the table: no person's answer to hide
        wait = g.posed + self.hold - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

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
            aid = await self.pool.decide(
                g.id, g.game.name, state.serialize(), seat, spec, seed, self._limit(spec)
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
        return ai.limit_of(spec, self.ai_limit)

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
                                              g.state.is_terminal(), seat, step)  # fmt: skip
        except OssuaryError as exc:
            raise RequestError(f"this game's replay cannot be rebuilt: {exc}", 409) from None
        # the same words as the live game's: the seats named as this reader names them
        for key in ("events", "log", "result"):
            if msg.get(key):
                msg[key] = [speak(line) for line in msg[key]]
        if msg.get("action"):
            msg["action"] = speak(msg["action"])
        speak_decision(msg["view"])
        msg["names"] = names
        return msg


def lobby_name(seat: int) -> str:
    """A seat as the lobby's form names it while a game is being set up
    ("Player 1" for the first row), for a refusal of that row's deck or player."""
    return f"Player {seat + 1}"


def seat_words(record: GameRecord, seat: int | None) -> list[str]:
    """How the person at ``seat`` (None: a spectator) is told the seats' names."""
    typed = record.options.get("names") or ()
    return names_for([s.kind for s in record.seats], seat, typed)


def start_state(game: Game, record: GameRecord) -> GameState:
    """The game as it was set up, before any action."""
    first = record.first
    if first is None and record.options.get("tutorial"):
        # a lesson stored before its first player was: it is the lesson's (a
        # wrong one would show as a stored action illegal or a digest unmatched)
        found = lesson(game.name, record.options.get("mode"))
        first = None if found is None else found.deal.first
    try:
        return game.new_game(
            decks=record.decks, seats=len(record.seats), seed=record.seed, first=first
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
    record: GameRecord,
    game: Game,
    connected: set[int] | None = None,
    n: int | None = None,
    damaged: str | None = None,
) -> dict[str, Any]:
    """A game as the lobby and the sockets may show it: no tokens, and no seed
    while it runs (a seed deals every hidden card; it is shown once the game is
    over, with the replay). ``seed_given`` tells the players that its creator
    chose the deal. ``damaged``: why this server cannot rebuild it."""
    connected = connected or set()
    opts = record.options
    names = seat_words(record, None)
    return {
        "id": record.id,
        "game": record.game,
        "title": game.title,
        "mode": opts.get("mode"),
        "created": record.created,
        "status": record.status,
        "public": bool(opts.get("public")),
        "turn_seconds": opts.get("turn_seconds"),
        "seed": record.seed if record.status != "playing" else None,
        "seed_given": bool(opts.get("seed_given")),
        "actions": n if n is not None else len(record.actions),
        "winner": record.winner,
        "result": record.result,
        "damaged": damaged,
        "teams": game.teams(len(record.seats)),
        "seats": [
            {
                "seat": s.seat,
                "name": names[s.seat],
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
