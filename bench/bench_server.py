"""Load benchmark: many concurrent games over WebSockets on loopback.

Starts ``ossuary serve`` on 127.0.0.1 with a fresh SQLite file, creates
``--games`` two-seat Hecatomb games over the REST API and plays them with
scripted clients (two sockets a game): a client that is offered options waits
its "thinking" time, sends a random legal option, and measures the round trip
from sending it to receiving the state it caused (the server checks the
action, commits it to the database, then answers). A finished game is replaced
by a new one while the run lasts. ``--ai-games`` adds games against the
``normal`` AI (one-second searches in the AI worker processes) to show that
computer seats don't stall the others' sockets.

Bounded: it stops after ``--seconds`` (and ``--max-games``), closes every
socket, and terminates the server and its workers. Talks to 127.0.0.1 only.

    python bench/bench_server.py --games 200 --seconds 60

``--fairness`` measures instead whether the AI is shared fairly: a person's
round trip in ``--games`` games, and the pace (actions a second) of two
computer-vs-computer games (``easy`` and ``normal``), first alone and then
while ``--hard-games`` games (10) play the strongest level, both phases in one
run on one server. The target: the person's p99 stays at or under 50 ms and
the computer games keep their pace.

    python bench/bench_server.py --fairness --games 5 --seconds 60

The fairness run ends with a phase in which a deck trial ("Try this deck":
the server plays a deck against every preconstructed deck on its AI workers)
runs all the time, a new one started as soon as one ends, polled every second
as the builder page does: a person's round trip and the two computer games'
pace must stay as they were alone. ``--trial-workers`` is passed to the
server (1: trials in a process of their own at the lowest priority; 0: on the
search workers, after any game's waiting decision); ``--phases`` picks phases.

    python bench/bench_server.py --fairness --phases alone,trial --games 5 --seconds 60

``--cluster N`` runs ``N`` server processes on one PostgreSQL database (the
bench's own, started with ``initdb`` as the tests do, unless ``--db`` names
one) behind HAProxy, the clients connecting through the balancer (no sticky
sessions: a game's two seats usually land on different processes, so the
owner's fan-out and the forwarding of actions are in every round trip). It
reports what ``--games`` reports and, from each process's ``/metrics``, the
fan-out lag (an owner's notice to its hearing elsewhere). Compare
``--cluster 1 --games 333`` with ``--cluster 3 --games 1000``:

    python bench/bench_server.py --cluster 3 --games 1000 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    ai_rtts: list[float] = field(default_factory=list)  # round trips in games with an AI
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    started: int = 0


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat."""
    fields = [float(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def served(
    db: str, *options: str, quiet: bool = False
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``ossuary serve`` on a free port of 127.0.0.1 with the database ``db``
    and ``options``, once it answers: its base URL and process. Stopped on
    leaving (SIGTERM, then whatever of its process group is left)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    exe = Path(sys.executable).with_name("ossuary")
    cmd = [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db, *options]
    out = subprocess.DEVNULL if quiet else None
    server = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/api/catalog", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        yield base, server
    finally:
        server.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(15)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)  # the AI workers, if any are left
        server.wait(5)


def post(base: str, path: str, body: dict[str, Any], client: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if client is not None:  # a player of its own behind the balancer (--cluster)
        headers["X-Forwarded-For"] = client
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.load(r)
        return out


async def seat_client(
    ws_url: str, token: str, stats: Stats, think: tuple[float, float], rng: random.Random,
    stop: float, with_ai: bool, client: str | None = None,
) -> bool:  # fmt: skip
    """Play one seat until the game ends or time is up; True if the game ended."""
    sent_seq: int | None = None
    sent_at = 0.0
    headers = {"X-Forwarded-For": client} if client else None
    async with connect(ws_url, max_size=2**22, open_timeout=30, ping_interval=None,
                       additional_headers=headers) as ws:  # fmt: skip
        await ws.send(json.dumps({"type": "auth", "token": token}))
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return False
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "error":
                stats.errors.append(f"{msg.get('code')}: {msg.get('message')}")
                sent_seq = None
                continue
            if kind != "state":
                continue
            if sent_seq is not None and msg["seq"] > sent_seq:
                (stats.ai_rtts if with_ai else stats.rtts).append(time.perf_counter() - sent_at)
                sent_seq = None
            if msg["over"]:
                return True
            if msg["legal"] and sent_seq is None:
                await asyncio.sleep(rng.uniform(*think))
                if time.monotonic() >= stop:
                    return False
                option = rng.choice(msg["legal"])["id"]
                sent_seq = msg["seq"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "id": option, "seq": msg["seq"]}))
    return False


async def game_loop(
    base: str, stats: Stats, args: argparse.Namespace, rng: random.Random, stop: float,
    with_ai: bool,
) -> None:  # fmt: skip
    """Keep one table busy: play a game, then start the next, until time is up."""
    ws_base = base.replace("http://", "ws://")
    loop = asyncio.get_running_loop()
    # each table is a player of its own (its address, as a balancer says it)
    client = f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
    while time.monotonic() < stop and stats.started < args.max_games:
        stats.started += 1
        seats = ["human", "normal"] if with_ai else ["human", "human"]
        body = {"seats": seats, "seed": rng.randrange(2**31)}
        try:
            game = await loop.run_in_executor(None, post, base, "/api/games", body, client)
            tasks = [
                seat_client(
                    f"{ws_base}/ws/games/{game['id']}",
                    s["token"],
                    stats,
                    args.think,
                    random.Random(rng.random()),
                    stop,
                    with_ai,
                    client,
                )
                for s in game["seats"]
            ]
            ended = await asyncio.gather(*tasks)
        except Exception as exc:  # a refused connection, a reset: count it, go on
            stats.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)
            continue
        if any(ended):
            stats.finished += 1


def get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(base + path, timeout=30) as r:
        out: dict[str, Any] = json.load(r)
        return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    ms = [v * 1000 for v in values]
    return (
        f"{name}: {len(ms)} actions, p50 {percentile(ms, 0.5):.1f} ms, "
        f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
        f"max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms"
    )


async def watch_pace(base: str, seats: list[str], stop: float, rng: random.Random) -> int:
    """Watch computer-vs-computer games as a spectator until ``stop`` (a finished
    game is replaced); the number of actions they made."""
    ws_base = base.replace("http://", "ws://")
    loop = asyncio.get_running_loop()
    actions = 0
    while time.monotonic() < stop:
        game = await loop.run_in_executor(
            None, post, base, "/api/games", {"seats": seats, "seed": rng.randrange(2**31)}
        )
        async with connect(f"{ws_base}/ws/games/{game['id']}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "auth"}))
            first: int | None = None
            last = 0
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg["type"] != "state":
                    continue
                first = msg["seq"] if first is None else first
                last = msg["seq"]
                if msg["over"]:
                    break
            actions += last - (first or 0)
    return actions


async def fairness_phase(base: str, args: argparse.Namespace, hard: int) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(args.seed + hard)
    stop = time.monotonic() + args.seconds
    people = [game_loop(base, stats, args, random.Random(rng.random()), stop, False)
              for _ in range(args.games)]  # fmt: skip
    paces = [watch_pace(base, [level, level], stop, random.Random(rng.random()))
             for level in ("easy", "normal")]  # fmt: skip
    loads = [watch_pace(base, ["hard", "hard"], stop, random.Random(rng.random()))
             for _ in range(hard)]  # fmt: skip
    t0 = time.monotonic()
    done = await asyncio.gather(asyncio.gather(*people), *paces, *loads)
    wall = time.monotonic() - t0
    return {"hard_games": hard, "seconds": wall, "rtts": stats.rtts, "errors": stats.errors,
            "easy_pace": done[1] / wall, "normal_pace": done[2] / wall,
            "hard_actions": sum(done[3:])}  # fmt: skip


async def page_replays(base: str, stop: float, rng: random.Random) -> int:
    """Play a quick computer game to its end, then step through its replay as
    each seat and a spectator, over and over, until ``stop``; the steps read."""
    loop = asyncio.get_running_loop()
    game = await loop.run_in_executor(
        None, post, base, "/api/games", {"seats": ["easy", "easy"], "seed": rng.randrange(2**31)}
    )
    while time.monotonic() < stop:  # until it is over
        summary = await loop.run_in_executor(None, get, base, f"/api/games/{game['id']}")
        if summary["status"] != "playing":
            break
        await asyncio.sleep(0.2)
    steps = summary["actions"]
    read = 0
    while time.monotonic() < stop:
        for step in range(steps + 1):
            if time.monotonic() >= stop:
                break
            try:
                await loop.run_in_executor(
                    None, get, base, f"/api/games/{game['id']}/replay?step={step}"
                )
                read += 1
            except urllib.error.HTTPError as exc:  # 429: reading too fast; wait a little
                if exc.code != 429:
                    raise
                await asyncio.sleep(0.05)
    return read


async def replay_phase(base: str, args: argparse.Namespace) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(args.seed + 99)
    stop = time.monotonic() + args.seconds
    people = [game_loop(base, stats, args, random.Random(rng.random()), stop, False)
              for _ in range(args.games)]  # fmt: skip
    pagers = [page_replays(base, stop, random.Random(rng.random())) for _ in range(4)]
    t0 = time.monotonic()
    done = await asyncio.gather(asyncio.gather(*people), *pagers)
    return {"replay_clients": 4, "seconds": time.monotonic() - t0, "rtts": stats.rtts,
            "errors": stats.errors, "replay_steps": sum(done[1:])}  # fmt: skip


async def keep_trying(base: str, stop: float) -> dict[str, Any]:
    """Keep a deck trial running until ``stop`` (a new one when one ends), polled
    every second as the builder page polls it; the games the trials played."""
    from ossuary import games

    hecatomb = games.get("hecatomb")
    text = hecatomb.decks.format(hecatomb.decks.preconstructed()["Blood and Gold"])
    loop = asyncio.get_running_loop()
    played = started = 0
    trial: dict[str, Any] | None = None
    while time.monotonic() < stop:
        if trial is None:
            trial = await loop.run_in_executor(
                None, post, base, "/api/trials", {"game": "hecatomb", "text": text}
            )
            started += 1
        await asyncio.sleep(1.0)
        now = await loop.run_in_executor(None, get, base, f"/api/trials/{trial['id']}")
        if now["status"] != "running":
            played += now["played"]
            trial = None
    if trial is not None:
        last = await loop.run_in_executor(None, post, base, f"/api/trials/{trial['id']}/stop", {})
        played += last["played"]
    return {"trials": started, "trial_games": played}


async def trial_phase(base: str, args: argparse.Namespace) -> dict[str, Any]:
    """As the phase alone, with a deck trial running throughout."""
    stats = Stats()
    rng = random.Random(args.seed + 7)
    stop = time.monotonic() + args.seconds
    people = [game_loop(base, stats, args, random.Random(rng.random()), stop, False)
              for _ in range(args.games)]  # fmt: skip
    paces = [watch_pace(base, [level, level], stop, random.Random(rng.random()))
             for level in ("easy", "normal")]  # fmt: skip
    t0 = time.monotonic()
    done = await asyncio.gather(asyncio.gather(*people), *paces, keep_trying(base, stop))
    wall = time.monotonic() - t0
    return {"phase": "trial", "hard_games": 0, "seconds": wall, "rtts": stats.rtts,
            "errors": stats.errors, "easy_pace": done[1] / wall, "normal_pace": done[2] / wall,
            **done[3]}  # fmt: skip


PHASES = ("alone", "hard", "replays", "trial")


async def fairness(base: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    out = []
    for phase in args.phases:
        if phase == "alone":
            out.append({"phase": "alone", **await fairness_phase(base, args, 0)})
        elif phase == "hard":
            out.append({"phase": "hard", **await fairness_phase(base, args, args.hard_games)})
        elif phase == "replays":
            out.append({"phase": "replays", **await replay_phase(base, args)})
        else:
            out.append(await trial_phase(base, args))
    return out


def _phase_label(p: dict[str, Any]) -> str:
    if p["phase"] == "hard":
        return f"{p['hard_games']} games at the hard level"
    if p["phase"] == "replays":
        return f"4 clients paging through replays ({p['replay_steps']} steps)"
    if p["phase"] == "trial":
        return f"a deck trial running ({p['trials']} trial(s), {p['trial_games']} games)"
    return "nothing else"


def _pooled(phases: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    """Every phase of one kind together: their round trips, their mean paces."""
    these = [p for p in phases if p["phase"] == kind]
    if not these:
        return None
    out: dict[str, Any] = {"rtts": [r for p in these for r in p["rtts"]], "n": len(these)}
    for pace in ("easy_pace", "normal_pace"):
        if all(pace in p for p in these):
            out[pace] = statistics.fmean(p[pace] for p in these)
    return out


def fairness_report(phases: list[dict[str, Any]]) -> list[str]:
    lines = []
    for p in phases:
        line = (f"{_phase_label(p)}, {p['seconds']:.0f} s: "
                + report("a person's round trip", p["rtts"]))  # fmt: skip
        if "easy_pace" in p:
            line += (f"; easy computer game {p['easy_pace']:.1f} actions/s, normal "
                     f"{p['normal_pace']:.2f} actions/s")  # fmt: skip
        lines.append(line + f"; errors {len(p['errors'])}")
    alone = _pooled(phases, "alone")
    if alone is None:
        return lines
    for kind, said in (("hard", "under load"), ("trial", "with a deck trial")):
        other = _pooled(phases, kind)
        if other is None:
            continue
        p99 = percentile(other["rtts"], 0.99) * 1000
        base = percentile(alone["rtts"], 0.99) * 1000
        lines.append(
            f"fairness {said} ({other['n']} phase(s) against {alone['n']} alone): a person's "
            f"p50 {percentile(other['rtts'], 0.5) * 1000:.1f} ms (alone "
            f"{percentile(alone['rtts'], 0.5) * 1000:.1f}), p99 {p99:.1f} ms (alone {base:.1f}; "
            f"target <= 50 ms: {'met' if p99 <= 50 else 'NOT met'}); computer games' pace: easy "
            f"{other['easy_pace'] / max(alone['easy_pace'], 1e-9):.0%}, normal "
            f"{other['normal_pace'] / max(alone['normal_pace'], 1e-9):.0%} of their pace alone"
        )
    return lines


async def run(base: str, args: argparse.Namespace) -> Stats:
    stats = Stats()
    rng = random.Random(args.seed)
    stop = time.monotonic() + args.seconds
    tables = [game_loop(base, stats, args, random.Random(rng.random()), stop, False)
              for _ in range(args.games)]  # fmt: skip
    tables += [game_loop(base, stats, args, random.Random(rng.random()), stop, True)
               for _ in range(args.ai_games)]  # fmt: skip
    await asyncio.gather(*tables)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent human-vs-human games")
    parser.add_argument("--ai-games", type=int, default=0, help="concurrent games against the AI")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the load runs")
    parser.add_argument("--max-games", type=int, default=5000, help="games started at most")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"),
                        help="seconds a client waits before each action (uniform)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="", help="SQLAlchemy URL (default: a temporary SQLite)")
    parser.add_argument("--ai-workers", type=int, default=max(1, (os.cpu_count() or 1) - 1),
                        help="search worker processes (default: a core but one)")  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--fairness", action="store_true",
                        help="measure the AI's fairness (see the module docstring)")  # fmt: skip
    parser.add_argument("--hard-games", type=int, default=10,
                        help="--fairness: computer games at the strongest level")  # fmt: skip
    parser.add_argument("--phases", default=",".join(PHASES),
                        help=f"--fairness: the phases to run, of {','.join(PHASES)}")  # fmt: skip
    parser.add_argument("--trial-workers", type=int, default=1,
                        help="server processes for deck trials (0: on the AI workers)")  # fmt: skip
    parser.add_argument("--cluster", type=int, default=0,
                        help="N processes on PostgreSQL, HAProxy in front")  # fmt: skip
    args = parser.parse_args()
    if args.cluster:
        cluster_main(args)
        return
    args.think = tuple(args.think)
    args.phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    if not args.phases or any(p not in PHASES for p in args.phases):
        raise SystemExit(f"--phases: choose among {', '.join(PHASES)}")
    tmp = tempfile.mkdtemp(prefix="ossuary-bench-")
    db = args.db or f"sqlite:///{tmp}/bench.db"
    # --hold 0: the round trips measured are the server's own; a response window
    # held open for its minimum time (docs/server.md, "Auto-pass") is a wait by design
    options = ["--ai-workers", str(args.ai_workers), "--max-live-games", "100000",
               "--hold", "0", "--trial-workers", str(args.trial_workers)]  # fmt: skip
    with served(db, *options) as (base, server):
        if args.fairness:
            phases = asyncio.run(fairness(base, args))
            print("\n".join(fairness_report(phases)))
            if args.json:
                args.json.write_text(json.dumps(phases, indent=1))
            return
        cpu0 = os.times()
        server0 = process_cpu(server.pid)
        t0 = time.monotonic()
        stats = asyncio.run(run(base, args))
        wall = time.monotonic() - t0
        cpu1 = os.times()
        server_cpu = process_cpu(server.pid) - server0
    total = len(stats.rtts) + len(stats.ai_rtts)
    lines = [
        f"{args.games} human games + {args.ai_games} AI games at once for {wall:.0f} s, "
        f"think {args.think[0]}-{args.think[1]} s; {stats.started} games started, "
        f"{stats.finished} finished; {total / wall:.0f} actions/s",
        report("round trip (human games)", stats.rtts),
        report("round trip (human's moves in AI games)", stats.ai_rtts),
        f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})" if stats.errors else ""),
        f"CPU: server {server_cpu:.1f} s ({server_cpu / wall:.0%} of a core), clients "
        f"{cpu1.user - cpu0.user + cpu1.system - cpu0.system:.1f} s",
    ]
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps({
            "games": args.games, "ai_games": args.ai_games, "seconds": wall,
            "think": args.think, "started": stats.started, "finished": stats.finished,
            "actions": total, "p50_ms": percentile(stats.rtts, 0.5) * 1000,
            "p99_ms": percentile(stats.rtts, 0.99) * 1000,
            "ai_p99_ms": percentile(stats.ai_rtts, 0.99) * 1000 if stats.ai_rtts else None,
            "errors": len(stats.errors),
        }, indent=1))  # fmt: skip
    if stats.errors:
        raise SystemExit(1)


# -- many processes --------------------------------------------------------------------------
HAPROXY = """global
    maxconn 8000
defaults
    mode http
    timeout connect 5s
    timeout client 120s
    timeout server 120s
    timeout tunnel 1h
    option redispatch
    retries 3
frontend ossuary
    bind 127.0.0.1:{port}
    option forwardfor
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
{servers}
"""


def scrape(base: str) -> dict[str, float]:
    """The figures of one process's /metrics (histogram buckets as name{le})."""
    out: dict[str, float] = {}
    with urllib.request.urlopen(base + "/metrics", timeout=30) as r:
        for line in r.read().decode().splitlines():
            if line.startswith("ossuary_"):
                name, _, value = line.rpartition(" ")
                out[name] = float(value)
    return out


def lag_figures(scrapes: list[dict[str, float]]) -> tuple[int, float, float]:
    """The fan-out lag over every process: notices heard, mean, and the bucket
    holding the 99th percentile (an upper bound), in ms."""
    count = sum(s.get("ossuary_fanout_lag_seconds_count", 0) for s in scrapes)
    total = sum(s.get("ossuary_fanout_lag_seconds_sum", 0) for s in scrapes)
    buckets: dict[float, float] = {}
    for s in scrapes:
        for name, value in s.items():
            if name.startswith("ossuary_fanout_lag_seconds_bucket"):
                le = name.split('le="')[1].rstrip('"}')
                bound = float("inf") if le == "+Inf" else float(le)
                buckets[bound] = buckets.get(bound, 0) + value
    p99 = next((b for b in sorted(buckets) if buckets[b] >= 0.99 * count), float("nan"))
    return int(count), (total / count * 1000 if count else float("nan")), p99 * 1000


def cluster_main(args: argparse.Namespace) -> None:
    import shutil

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_fanout import postgres

    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    exe = Path(sys.executable).with_name("ossuary")
    with contextlib.ExitStack() as stack:
        db = args.db
        if not db:
            db = stack.enter_context(postgres()).replace("postgresql://", "postgresql+psycopg://")
        ports = [free_port() for _ in range(args.cluster)]
        servers = []
        for port in ports:
            cmd = [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db,
                   "--ai-workers", "1", "--max-live-games", "100000", "--hold", "0",
                   "--trial-workers", "0", "--trusted-proxy", "127.0.0.1",
                   "--log-level", "warning"]  # fmt: skip
            servers.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL, start_new_session=True))
        tmp = Path(tempfile.mkdtemp(prefix="ossuary-bench-lb-"))
        lb_port = free_port()
        lines = "\n".join(f"    server s{i} 127.0.0.1:{p} check inter 1s fall 2 rise 1"
                           for i, p in enumerate(ports))  # fmt: skip
        (tmp / "haproxy.cfg").write_text(HAPROXY.format(port=lb_port, servers=lines))
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        balancer = subprocess.Popen([haproxy, "-f", str(tmp / "haproxy.cfg"), "-db"], **quiet)
        try:
            for port in ports:
                deadline = time.monotonic() + 120
                while True:
                    try:
                        urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).read()
                        break
                    except OSError:
                        if time.monotonic() > deadline:
                            raise SystemExit("a server did not start") from None
                        time.sleep(0.2)
            base = f"http://127.0.0.1:{lb_port}"
            deadline = time.monotonic() + 30
            while True:  # the balancer, once its first checks passed
                try:
                    urllib.request.urlopen(base + "/readyz", timeout=1).read()
                    break
                except OSError:
                    if time.monotonic() > deadline or balancer.poll() is not None:
                        raise SystemExit("HAProxy did not start") from None
                    time.sleep(0.2)
            cpu0 = [process_cpu(s.pid) for s in servers]
            mine0 = os.times()
            busy0 = machine_busy()
            t0 = time.monotonic()
            stats = asyncio.run(run(base, args))
            wall = time.monotonic() - t0
            mine1 = os.times()
            busy1 = machine_busy()
            machine = (busy1[0] - busy0[0]) / max(1.0, busy1[1] - busy0[1])
            clients = mine1.user - mine0.user + mine1.system - mine0.system
            cpu = [process_cpu(s.pid) - c for s, c in zip(servers, cpu0, strict=True)]
            scrapes = [scrape(f"http://127.0.0.1:{p}") for p in ports]
        finally:
            balancer.terminate()
            balancer.wait(10)
            for s in servers:
                s.send_signal(signal.SIGTERM)
            for s in servers:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    s.wait(20)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(s.pid, signal.SIGKILL)
            shutil.rmtree(tmp, ignore_errors=True)
    heard, lag_mean, lag_p99 = lag_figures(scrapes)
    total = len(stats.rtts) + len(stats.ai_rtts)
    out = [
        f"{args.cluster} process(es) on PostgreSQL behind HAProxy: {args.games} games at once "
        f"for {wall:.0f} s, think {args.think[0]}-{args.think[1]} s; {stats.started} started, "
        f"{stats.finished} finished; {total / wall:.0f} actions/s",
        report("round trip (through the balancer)", stats.rtts),
        f"fan-out: {heard} notices heard, lag mean {lag_mean:.2f} ms, p99 <= {lag_p99:g} ms; "
        f"lease takeovers {sum(x.get('ossuary_lease_takeovers_total', 0) for x in scrapes):.0f}",
        f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[0]})" if stats.errors else ""),
        "CPU: "
        + ", ".join(f"server {i + 1} {c:.0f} s ({c / wall:.0%})" for i, c in enumerate(cpu))
        + f", clients {clients:.0f} s ({clients / wall:.0%}); the machine's "
        f"{os.cpu_count()} cores {machine:.0%} busy (everything on it, PostgreSQL included)",
    ]
    print("\n".join(out))
    if args.json:
        args.json.write_text(json.dumps({
            "processes": args.cluster, "games": args.games, "seconds": wall,
            "actions_per_s": total / wall, "p50_ms": percentile(stats.rtts, 0.5) * 1000,
            "p99_ms": percentile(stats.rtts, 0.99) * 1000, "errors": len(stats.errors),
            "fanout_notices": heard, "fanout_lag_mean_ms": lag_mean, "fanout_lag_p99_ms": lag_p99,
            "server_cpu_s": cpu, "client_cpu_s": clients, "machine_busy": machine,
            "cores": os.cpu_count(),
        }, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
