"""Matchmaking under a crowd: many players queue at once against a real server.

Starts ``ossuary serve`` on 127.0.0.1 with a fresh SQLite file, gives
``--players`` accounts ratings spread around 1500 (written to the database
before the server starts, as if they had played), and then, all at once,
queues every one of them: most for two-player Hecatomb, the rest for
four-player Hecatomb and Diabolicards 2v2. Each player polls
``GET /api/queue`` every two seconds, as the lobby's page does, until it is
matched. Meanwhile a separate person plays a game against another person
(two sockets, a random legal option after a short think), and the round trip
of each of their actions is measured (sent to the state it caused, committed).

It checks what must hold and exits non-zero if it does not: everyone paired,
nobody in two games or two seats, every seat of every game a different
player, every table within its rating window (every player within the
window the poll reported of the table's longest waiter). It reports the time
from the crowd's joins to the last pairing, each player's wait (p50, p99), and
the person's round trip p50/p99 before and during the crowd.

    python bench/bench_matchmaking.py --players 200

Bounded: it stops after ``--seconds``, and terminates the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from sqlalchemy import insert
from websockets.asyncio.client import connect

from ossuary import games
from ossuary.server import ratings
from ossuary.server.accounts import (
    COOKIE,
    CSRF_HEADER,
    new_account_id,
    new_session,
    username_key,
)
from ossuary.server.matchmaking import window
from ossuary.server.storage import AccountRow, Store, ratings_table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import percentile, served

POLL = 2.0  # seconds between one waiting page's polls (static/queue.js)


@dataclass
class Crowd:
    """What the waiting players saw."""

    joined: dict[str, float] = field(default_factory=dict)
    matched: dict[str, dict[str, Any]] = field(default_factory=dict)  # the poll's answer
    waited: dict[str, float] = field(default_factory=dict)  # join to match, seconds
    errors: list[str] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)  # each join's and poll's answer time
    failed: list[str] = field(default_factory=list)  # requests that got no answer (tried again)


@dataclass(frozen=True)
class Waiter:
    name: str
    rating: float
    queue: dict[str, Any]  # the body of POST /api/queue


def crowd(n: int, rng: random.Random) -> list[Waiter]:
    """``n`` players: 60% two-player Hecatomb, 20% four-player Hecatomb, 20%
    Diabolicards 2v2 (counts rounded so every queue can fill its tables),
    ratings drawn around 1500 (sd 150, within 1100-1900)."""
    four = (n // 5) // 4 * 4
    two_v_two = (n // 5) // 4 * 4
    two = n - four - two_v_two
    two -= two % 2
    out = []
    queues = ([{"game": "hecatomb", "seats": 2}] * two + [{"game": "hecatomb", "seats": 4}] * four
              + [{"game": "diabolicards", "mode": "2v2"}] * two_v_two)  # fmt: skip
    for i, q in enumerate(queues):
        rating = min(1900.0, max(1100.0, rng.gauss(1500, 150)))
        out.append(Waiter(f"bench{i:03d}", round(rating), q))
    return out


#: each player's session cookie and CSRF token, made by :func:`seed`
SESSIONS: dict[str, tuple[str, str]] = {}


def identify(w: Waiter) -> dict[str, str]:
    """The headers that make a request this player's, from their own browser."""
    cookie, csrf = SESSIONS[w.name]
    return {"cookie": f"{COOKIE}={cookie}; ossuary_browser=b-{w.name}", CSRF_HEADER: csrf}


def seed(db_url: str, waiters: list[Waiter]) -> None:
    """An account for each player, signed in, with their rating, written to
    the database before the server starts (signing up through the API is
    limited per client, and nobody has played a rated game yet)."""
    store = Store(db_url)
    now = time.time()
    rated: list[dict[str, Any]] = []
    try:
        for w in waiters:
            row = AccountRow(new_account_id(), w.name, username_key(w.name), None, now)
            made = new_session(row.id, now)
            store.create_account(row, made.row)
            SESSIONS[w.name] = (made.cookie, made.row.csrf)
            game = games.get(w.queue["game"])
            seats = w.queue.get("seats") or dict(game.modes)[w.queue["mode"]]
            mu = ratings.MU + (w.rating - ratings.BASE) / ratings.SCALE
            rated.append({"account_id": row.id, "game": game.name, "updated": now, "mu": mu,
                          "mode": ratings.mode_name(game.modes, seats), "sigma": 2.0,
                          "games": 20})  # fmt: skip
        with store.engine.begin() as conn:
            conn.execute(insert(ratings_table), rated)
    finally:
        store.close()


async def wait_for_match(http: httpx.AsyncClient, w: Waiter, crowd: Crowd, stop: float) -> None:
    """Join, then poll as the page does until matched; a request that fails is
    counted and, as the page does, tried again at the next poll."""
    headers = identify(w)
    crowd.joined[w.name] = time.monotonic()
    joined = False
    while time.monotonic() < stop:
        asked = time.monotonic()
        try:
            if joined:
                r = await http.get("/api/queue", headers=headers)
            else:
                r = await http.post("/api/queue", json=w.queue, headers=headers)
        except httpx.HTTPError as exc:
            crowd.failed.append(f"{w.name}: {type(exc).__name__} {exc}")
            await asyncio.sleep(POLL)
            continue
        crowd.answers.append(time.monotonic() - asked)
        answer = r.json()
        if r.status_code not in (200, 201) or answer["status"] not in ("waiting", "matched"):
            crowd.errors.append(f"{w.name}: {r.status_code} {r.text}")
            return
        joined = True
        if answer["status"] == "matched":
            crowd.matched[w.name] = answer
            crowd.waited[w.name] = time.monotonic() - crowd.joined[w.name]
            return
        await asyncio.sleep(POLL)


async def person(base: str, rtts: list[float], stop: float, rng: random.Random) -> None:
    """Two seats of one game played by a person each, a short think between
    actions; each action's round trip is appended to ``rtts``."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop:
            game = (await http.post("/api/games", json={"seats": ["human", "human"]})).json()
            ws_base = base.replace("http://", "ws://")
            await asyncio.gather(*(
                seat(f"{ws_base}/ws/games/{game['id']}", s["token"], rtts, stop, rng)
                for s in game["seats"]
            ))  # fmt: skip


async def seat(url: str, token: str, rtts: list[float], stop: float, rng: random.Random) -> None:
    sent: int | None = None
    at = 0.0
    async with connect(url, max_size=2**22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token}))
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if sent is not None and msg["seq"] > sent:
                rtts.append(time.perf_counter() - at)
                sent = None
            if msg["over"]:
                return
            if msg["legal"] and sent is None:
                await asyncio.sleep(rng.uniform(0.1, 0.3))
                sent, at = msg["seq"], time.perf_counter()
                option = rng.choice(msg["legal"])["id"]
                await ws.send(json.dumps({"type": "action", "id": option, "seq": sent}))


def check(waiters: list[Waiter], crowd: Crowd, until: float) -> list[str]:
    """What must hold of the pairings; each broken rule in words. ``until``:
    when the crowd stopped waiting (``time.monotonic``)."""
    wrong: list[str] = []
    # one left waiting is wrong only if enough others left in its queue were
    # within the window its own wait had reached (the matchmaker tries every
    # waiter as a table's anchor): a table could have been made around it
    left = [w for w in waiters if w.name not in crowd.matched]
    for w in left:
        seats = w.queue.get("seats") or 4
        waited = until - crowd.joined.get(w.name, until)
        reach = window(waited)
        near = [x for x in left if x is not w and x.queue == w.queue
                and abs(x.rating - w.rating) <= reach]  # fmt: skip
        if len(near) >= seats - 1:
            wrong.append(
                f"{w.name} ({w.rating:.0f}) waited {waited:.0f} s and was never paired, though"
                f" {len(near)} others of its queue were left within its window of {reach:.0f}"
            )
    tables: dict[str, list[tuple[int, Waiter, dict[str, Any]]]] = {}
    by_name = {w.name: w for w in waiters}
    for name, answer in crowd.matched.items():
        tables.setdefault(answer["game_id"], []).append((answer["seat"], by_name[name], answer))
    for game_id, seated in tables.items():
        seats = [s for s, _, _ in seated]
        if len(set(seats)) != len(seats):
            wrong.append(f"game {game_id}: two players given one seat")
        want = seated[0][1].queue
        if any(w.queue != want for _, w, _ in seated):
            wrong.append(f"game {game_id}: players of different queues")
        n = want.get("seats") or 4
        if len(seated) != n:
            wrong.append(f"game {game_id}: {len(seated)} players for {n} seats")
        # the table was made around one of its players (its longest waiter):
        # everyone within the window of that player's rating
        reach = max(a["window"] for _, _, a in seated)
        ratings = [w.rating for _, w, _ in seated]
        if not any(all(abs(r - c) <= reach for r in ratings) for c in ratings):
            wrong.append(f"game {game_id}: ratings {sorted(ratings)} outside a window of {reach}")
    return wrong


async def run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    waiters = crowd(args.players, rng)
    before: list[float] = []
    during: list[float] = []
    calm = time.monotonic() + args.calm
    await person(base, before, calm, random.Random(1))
    stop = time.monotonic() + args.seconds
    result = Crowd()
    t0 = time.monotonic()
    playing = asyncio.ensure_future(person(base, during, stop, random.Random(2)))
    limits = httpx.Limits(max_connections=len(waiters), max_keepalive_connections=len(waiters))
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        await asyncio.gather(*(wait_for_match(http, w, result, stop) for w in waiters))
    paired_in = max(result.waited.values(), default=float("nan"))
    total = time.monotonic() - t0
    playing.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await playing
    wrong = check(waiters, result, min(stop, time.monotonic())) + result.errors
    waits = list(result.waited.values())
    return {
        "players": len(waiters),
        "paired": len(result.matched),
        "left": sorted(w.rating for w in waiters if w.name not in result.matched),
        "games": len({a["game_id"] for a in result.matched.values()}),
        "last_paired_s": paired_in,
        "wall_s": total,
        "wait_p50_s": percentile(waits, 0.5),
        "wait_p99_s": percentile(waits, 0.99),
        "answer_p50_ms": percentile(result.answers, 0.5) * 1000,
        "answer_p99_ms": percentile(result.answers, 0.99) * 1000,
        "requests": len(result.answers),
        "failed_requests": len(result.failed),
        "person_before_p50_ms": percentile(before, 0.5) * 1000,
        "person_before_p99_ms": percentile(before, 0.99) * 1000,
        "person_before_actions": len(before),
        "person_during_p50_ms": percentile(during, 0.5) * 1000,
        "person_during_p99_ms": percentile(during, 0.99) * 1000,
        "person_during_actions": len(during),
        "wrong": wrong,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0, help="the crowd's time at most")
    parser.add_argument("--calm", type=float, default=10.0,
                        help="seconds the person plays alone first (the baseline)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ossuary-bench-")
    db = f"sqlite:///{tmp}/bench.db"
    seed(db, crowd(args.players, random.Random(args.seed)))
    options = ["--ai-workers", "1", "--hold", "0", "--max-live-games", "100000"]
    with served(db, *options, quiet=True) as (base, _):
        out = asyncio.run(run(base, args))
    print(
        f"{out['players']} players queued at once: {out['paired']} paired into {out['games']} "
        f"games (left waiting, nobody in reach: ratings {out['left']});\n"
        f"a join's or poll's answer p50 {out['answer_p50_ms']:.1f} ms, p99 "
        f"{out['answer_p99_ms']:.1f} ms ({out['requests']} answered, {out['failed_requests']} "
        f"without an answer, tried again)\nthe last paired {out['last_paired_s']:.1f} s after the "
        f"joins; each player's wait p50 {out['wait_p50_s']:.1f} s, p99 "
        f"{out['wait_p99_s']:.1f} s (polled every {POLL:g} s)\n"
        f"a person's round trip alone: p50 {out['person_before_p50_ms']:.1f} ms, p99 "
        f"{out['person_before_p99_ms']:.1f} ms ({out['person_before_actions']} actions); "
        f"during the crowd: p50 {out['person_during_p50_ms']:.1f} ms, p99 "
        f"{out['person_during_p99_ms']:.1f} ms ({out['person_during_actions']} actions)"
    )
    for line in out["wrong"]:
        print("WRONG:", line)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    if out["wrong"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
