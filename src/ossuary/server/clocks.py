"""Who decides next, and what waits for them: the seat clocks and the AI's turn.

After every change of a game the hub calls :meth:`SeatClocks.schedule`. If a
computer plays the deciding seat, its thinking starts in the AI pool and its
answer comes back through the hub's one door for actions (``act``). If a
person decides, their turn timer starts (once per decision: reconnecting does
not reset it), and, while they are away, the abandon clock that hands their
seat to the AI. The clocks know the hub only through :class:`Referee`: the
door for actions and the seat hand-over.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from . import ai
from .live import HUMAN, LiveGame
from .messages import Message, error

log = logging.getLogger("ossuary.server")


class Referee(Protocol):
    """What the clocks may ask of the hub."""

    #: seconds a decision a client may answer by itself stays open at least
    #: (and the least a computer's answer waits, where a person plays)
    hold: float

    async def act(
        self, g: LiveGame, seat: int, aid: str, by: str = HUMAN, seq: int | None = None
    ) -> Message | None: ...

    async def hand_to_ai(self, g: LiveGame, seat: int) -> Message | None: ...

    def broadcast_thinking(self, g: LiveGame) -> None: ...

    def broadcast_notice(self, g: LiveGame, msg: Message) -> None: ...


class SeatClocks:
    """Turn timers, abandon clocks and computer seats' thinking, for every game."""

    def __init__(self, referee: Referee, pool: ai.AIPool, ai_limit: float = 60.0) -> None:
        self.referee = referee
        self.pool = pool
        self.ai_limit = ai_limit
        self._tasks: set[asyncio.Task[Any]] = set()

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def stop(self, g: LiveGame) -> None:
        """Stop a game's person clocks (the timer and the abandon clock)."""
        for handle in (g.timer, g.abandon):
            if handle is not None:
                handle.cancel()
        g.timer = g.abandon = None
        g.deadline = None

    def halt(self, g: LiveGame) -> None:
        """Stop everything that waits on a game: its clocks and its AI's thinking."""
        self.stop(g)
        if g.ai_task is not None:
            g.ai_task.cancel()

    async def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def schedule(self, g: LiveGame) -> None:
        """Start whatever the next decision needs: an AI's thinking, a person's
        turn timer, the abandon clock of a person who is away. Called after every
        change; a decision's turn timer is set once (reconnecting doesn't reset it)."""
        if g.clock_n != g.n:
            self.stop(g)
            g.clock_n = g.n
        if not g.playing:
            self.stop(g)
            return
        seat = g.state.current_player()
        if seat is None:
            return
        controller = g.controller(seat)
        if controller != HUMAN:
            self.stop(g)
            if g.ai_task is None or g.ai_task.done() or g.ai_n != g.n:
                g.thinking = seat
                g.ai_n = g.n
                g.ai_task = self._spawn(self._think(g, seat, controller, g.n), f"ai-{g.id}")
                self.referee.broadcast_thinking(g)
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

    async def _think(self, g: LiveGame, seat: int, spec: str, n: int) -> None:
        state = g.state
        seed = (g.record.seed * 1_000_003 + (seat + 1) * 7919 + n) % 2**63
        person = any(s.controller == HUMAN for s in g.record.seats)
        release = g.posed + self.release_after(spec, person)
        try:
            aid = await self.pool.decide(
                g.id, g.game.name, state.serialize(), seat, spec, seed, self._limit(spec),
                player=g.record.creator, person=person, deadline=release if person else None,
            )  # fmt: skip
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a crashed or slow worker: the game goes on, and says so
            log.warning("game %s: AI %s failed (%s); taking the default option", g.id, spec, exc)
            aid = g.game.client.timeout_action(state)
            self.referee.broadcast_notice(g, {"type": "notice", "code": "computer_default",
                                              "seat": seat})  # fmt: skip
        wait = release - time.monotonic()
        if wait > 0:  # the same moment whatever it had to choose from
            await asyncio.sleep(wait)
        if g.n != n or g.controller(seat) != spec:
            return  # the seat was taken back, or the game moved on meanwhile
        err = await self.referee.act(g, seat, aid, by=spec, seq=n)
        if err is not None and g.n == n:
            log.warning("game %s: AI %s chose %r: %s", g.id, spec, aid, err["message"])
            await self.referee.act(g, seat, g.game.client.timeout_action(g.state), by=spec, seq=n)

    def release_after(self, spec: str, person: bool) -> float:
        """Seconds after a computer's decision was posed that its answer is
        released, whatever it had to choose from (one option or many, a search
        stopped early or not): a search's time budget, and at least the hold;
        none where no person plays (nobody to learn from the timing)."""
        if not person:
            return 0.0
        return max(ai.think_seconds(spec) or 0.0, self.referee.hold)

    def _limit(self, spec: str) -> float:
        return ai.limit_of(spec, self.ai_limit)

    async def _timeout(self, g: LiveGame, seat: int, n: int) -> None:
        if g.n != n or g.state.current_player() != seat or g.controller(seat) != HUMAN:
            return
        aid = g.game.client.timeout_action(g.state)
        g.timeouts[seat] = g.timeouts.get(seat, 0) + 1
        for c in g.conns:
            if c.seat == seat:
                c.send(error("your time ran out: the default option was taken", "timeout"))
        await self.referee.act(g, seat, aid, by="timeout", seq=n)
        limit = g.record.options.get("timeouts_to_ai") or 0
        if limit and g.timeouts.get(seat, 0) >= limit and g.record.status == "playing":
            await self.referee.hand_to_ai(g, seat)

    async def _abandoned(self, g: LiveGame, seat: int, n: int) -> None:
        if g.n == n and not g.connected(seat) and g.controller(seat) == HUMAN:
            await self.referee.hand_to_ai(g, seat)
