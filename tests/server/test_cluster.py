"""Many processes, one truth (docs/server.md, "Many processes"): a real
cluster of three ``ossuary serve`` processes on one PostgreSQL database
behind HAProxy, started by the test on 127.0.0.1 (skipped, saying why, where
PostgreSQL or HAProxy is missing). One cluster serves every test here (for
the session, on one xdist worker); a test that kills or stops a process
starts it again.

- the seats of one game on different processes and a spectator on a third
  play it, each told every move, each knowing who is connected where;
- a public seat taken from two processes at once goes to one person;
- a computer seat is played once, by its game's owner;
- the wire leak oracle, its readers spread over the three processes;
- kill -9 of a game's owner mid-game and in the mulligans: another process
  takes the game over within seconds, the sockets reconnect through the
  balancer and are shown what they were shown before, and no acknowledged
  action is lost or doubled; the same for a game of every game and mode;
- a rolling restart of every process under play loses nothing;
- SQLite refuses a second serving process.
"""

from __future__ import annotations

import random
import tempfile
import time
import urllib.error
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ossuary.server.storage import Store

from .accounts_seed import Signed
from .accounts_seed import seed as seed_accounts
from .cluster import READY_S, Cluster, Reader, cluster, post
from .helpers import ServerProcess
from .test_oracle import judge_played, play, postgres_rows
from .test_restart import setups

# one cluster for the module: its tests stay on one xdist worker (make test
# runs --dist loadgroup), so two workers never start two clusters
pytestmark = [pytest.mark.timeout(300), pytest.mark.xdist_group("cluster")]


@pytest.fixture(scope="session")  # not module: xdist may interleave other modules' tests
def c(postgres_url: str) -> Iterator[Cluster]:
    with cluster(postgres_url) as running:
        yield running


def _new(base: str, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "hecatomb")
    body.setdefault("seats", ["human", "human"])
    status, game = post(base, "/api/games", body)
    assert status == 201, game
    return game


def _play(
    readers: dict[int, Reader], watchers: list[Reader], moves: int, rng: random.Random
) -> int:
    """Play ``moves`` random legal actions through the seats' own sockets, every
    reader told of each before the next; the last seq."""
    every = [*readers.values(), *watchers]
    seq = max(r.state["seq"] for r in every)
    for _ in range(moves):
        for r in every:
            r.until(seq)
        first = next(iter(readers.values())).state
        if first["over"]:
            break
        mover = readers[first["deciding"]]
        legal = [o["id"] for o in mover.state["legal"]]
        assert legal, mover.state
        mover.act(rng.choice(legal))
        seq += 1
        for r in every:
            r.until(seq)
    return seq


def _log_is_whole(c: Cluster, game_id: str, acknowledged: int) -> None:
    """Every acknowledged action is stored once, in order, none missing."""
    stored = c.actions(game_id)
    assert [n for n, _ in stored] == list(range(len(stored)))
    assert len(stored) >= acknowledged


def _shown(base: str, game: dict[str, Any]) -> dict[str | None, dict[str, Any]]:
    """What each seat and a spectator are shown when they connect (fresh sockets)."""
    out: dict[str | None, dict[str, Any]] = {}
    for token in [s["token"] for s in game["seats"]] + [None]:
        reader = Reader(base, game["id"], token)
        out[token] = reader.shown()
        reader.close()
    return out


def _again(c: Cluster, server: ServerProcess) -> None:
    """Start a stopped or killed process again, on its port."""
    server.launch()
    server.wait_ready(READY_S, "/readyz")
    c.learn_nodes()


def test_seats_on_different_processes_and_a_spectator_play_one_game(c: Cluster) -> None:
    a, b, s = c.servers
    game = _new(a.base, seed=11)
    tokens = [x["token"] for x in game["seats"]]
    seats = {0: Reader(b.base, game["id"], tokens[0]), 1: Reader(s.base, game["id"], tokens[1])}
    watcher = Reader(a.base, game["id"], None)
    seq = _play(seats, [watcher], 30, random.Random(11))
    # every reader is shown the same position, each as its seat sees it
    assert {r.state["seq"] for r in (*seats.values(), watcher)} == {seq}
    assert seats[0].state["deciding"] == watcher.state["deciding"]
    # who is connected is known everywhere, whichever process they are on
    deadline = time.monotonic() + 10
    while {x["seat"] for x in watcher.state["seats"] if x["connected"]} != {0, 1}:
        assert time.monotonic() < deadline, watcher.state["seats"]
        watcher.poll()
    _log_is_whole(c, game["id"], seq)
    for r in (*seats.values(), watcher):
        r.close()


def test_a_public_seat_goes_to_one_person_when_two_servers_seat_at_once(c: Cluster) -> None:
    a, b, s = c.servers
    game = _new(a.base, public=True)
    for server in (b, s):  # both hold a copy, and both seat someone at once
        Reader(server.base, game["id"], None).close()
    with ThreadPoolExecutor(2) as pool:
        answers = list(
            pool.map(lambda sv: post(sv.base, f"/api/games/{game['id']}/join", {}), (b, s))
        )
    assert sorted(code for code, _ in answers) == [200, 409], answers


def test_a_computer_seat_is_played_once_by_its_owner(c: Cluster) -> None:
    a, b, s = c.servers
    game = _new(a.base, seats=["human", "easy"], seed=5)
    me = Reader(b.base, game["id"], game["seats"][0]["token"])
    watcher = Reader(s.base, game["id"], None)
    rng = random.Random(5)
    for _ in range(6):
        deadline = time.monotonic() + 30
        while not me.state["legal"] and not me.state["over"]:
            assert time.monotonic() < deadline, "the computer never answered"
            me.until(me.state["seq"] + 1)
        if me.state["over"]:
            break
        me.act(rng.choice([o["id"] for o in me.state["legal"]]))
        me.until(me.state["seq"] + 1)
    watcher.until(me.state["seq"])
    stored = c.actions(game["id"])
    _log_is_whole(c, game["id"], me.state["seq"])
    # the computer moved (its owner played it), and the game never froze
    assert len(stored) > me.state["seq"] // 2
    me.close()
    watcher.close()


def test_no_frame_names_a_card_its_reader_may_not_know_on_the_cluster(c: Cluster) -> None:
    """The wire leak oracle (``test_oracle.py``), each game's readers spread
    over the three processes, judged against the game read from PostgreSQL."""
    bases = [s.base for s in c.servers]
    played = []
    for game, seats, mode, seed in [("hecatomb", 2, None, 41), ("diabolicards", 4, "2v2", 32)]:
        played.append((seats, *play(c.balancer.base, game, seats, mode, seed, bases=bases)))
    judge_played(played, postgres_rows(c.db_url))


@pytest.mark.parametrize("game_name", ["hecatomb", "necromancer"])
def test_kill_9_of_the_owner_loses_nothing(c: Cluster, game_name: str) -> None:
    """Mid-game (Hecatomb) and in the mulligans (Path of the Necromancer)."""
    lb = c.balancer.base
    game = _new(lb, game=game_name, seed=3)
    tokens = [x["token"] for x in game["seats"]]
    seats = {0: Reader(lb, game["id"], tokens[0]), 1: Reader(lb, game["id"], tokens[1])}
    watcher = Reader(lb, game["id"], None)
    rng = random.Random(3)
    moves = 12 if game_name == "hecatomb" else 1  # Necromancer: inside the mulligans
    seq = _play(seats, [watcher], moves, rng)
    before = _shown(lb, game)
    owner = c.owner(game["id"])
    owner.kill9()
    try:
        # the sockets reconnect through the balancer to the others, and are
        # shown what they were shown before
        assert _shown(lb, game) == before
        seq = _play(seats, [watcher], 12, rng)  # forwarded, then taken over
        assert c.owner(game["id"]) is not owner
        _log_is_whole(c, game["id"], seq)
    finally:
        _again(c, owner)
    for r in (*seats.values(), watcher):
        r.close()


def test_every_game_and_mode_survives_kill_9_of_a_process(c: Cluster) -> None:
    """The restart check of ``test_restart.py`` on the cluster: a game of every
    game and mode, stopped at a random point, the process owning most of them
    killed; every seat and a spectator are shown what they were shown before."""
    lb = c.balancer.base
    rng = random.Random(36)
    played = []
    for name, seats, mode in setups():
        body: dict[str, Any] = {"game": name, "seats": ["human"] * seats}
        if mode is not None:
            body["mode"] = mode
        game = _new(lb, **body)
        readers = {s["seat"]: Reader(lb, game["id"], s["token"]) for s in game["seats"]}
        _play(readers, [], rng.randrange(0, 8), rng)
        for r in readers.values():
            r.close()
        played.append((game, _shown(lb, game)))
    owners = [c.owner(g["id"]) for g, _ in played]
    victim = max(set(owners), key=owners.count)
    victim.kill9()
    try:
        for game, before in played:
            assert _shown(lb, game) == before, (game["game"], len(game["seats"]))
    finally:
        _again(c, victim)


def test_trials_and_replay_steps_are_counted_where_every_process_sees_them(c: Cluster) -> None:
    from ossuary import games

    a, b, s = c.servers
    hecatomb = games.get("hecatomb")
    deck = hecatomb.decks.format(hecatomb.decks.preconstructed()["Rot and Ruin"])
    status, trial = post(a.base, "/api/trials", {"game": "hecatomb", "text": deck})
    assert status == 201, trial
    # one at a time for a client, whichever process it asks
    status, again = post(b.base, "/api/trials", {"game": "hecatomb", "text": deck})
    assert status == 429 and "one at a time" in again["error"]
    # any process says how it goes, and any stops it
    from .cluster import get

    assert get(s.base, f"/api/trials/{trial['id']}")["planned"] == trial["planned"]
    status, stopped = post(b.base, f"/api/trials/{trial['id']}/stop", {})
    assert status == 200 and stopped["status"] == "stopped"
    deadline = time.monotonic() + 20
    while get(a.base, f"/api/trials/{trial['id']}")["status"] == "running":
        assert time.monotonic() < deadline, "the trial was not stopped where it runs"
        time.sleep(0.2)
    # replay steps: one client's allowance (60 at once, 30 a second after),
    # whichever process serves them: not 60 from each
    game = _new(a.base)

    def step(i: int) -> int:
        try:
            get(c.servers[i % 3].base, f"/api/games/{game['id']}/replay?step=0")
            return 200
        except urllib.error.HTTPError as exc:
            return exc.code

    started = time.monotonic()
    with ThreadPoolExecutor(12) as pool:
        codes = list(pool.map(step, range(150)))
    took = time.monotonic() - started
    assert set(codes) <= {200, 429}
    assert codes.count(200) <= 60 + 30 * took + 5, (codes.count(200), took)


def test_a_rolling_restart_loses_nothing(c: Cluster) -> None:
    lb = c.balancer.base
    rng = random.Random(9)
    played = []
    for seed in range(2):
        game = _new(lb, seed=seed)
        tokens = [x["token"] for x in game["seats"]]
        played.append((game, {i: Reader(lb, game["id"], t) for i, t in enumerate(tokens)}))
    seqs = {g["id"]: _play(r, [], 3, rng) for g, r in played}
    for server in c.servers:  # one at a time: stopped gracefully, started again
        server.terminate()
        for game, readers in played:
            seqs[game["id"]] = _play(readers, [], 2, rng)
        _again(c, server)
    for game, readers in played:
        seqs[game["id"]] = _play(readers, [], 2, rng)
        _log_is_whole(c, game["id"], seqs[game["id"]])
        for r in readers.values():
            r.close()


def test_a_second_process_on_one_sqlite_file_is_refused() -> None:
    from ossuary.server.cluster import serving_lock

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'g.db'}"
        held = serving_lock(url)  # this process serves it (as a first server would)
        assert held is not None
        try:
            second = ServerProcess(url, workers=0)
            with pytest.raises(RuntimeError, match="already being served"):
                second.start()
            assert "PostgreSQL" in second.log_text()
            second.log_path.unlink(missing_ok=True)
        finally:
            held.close()


def test_the_documented_balancer_configurations_are_valid() -> None:
    """``deploy/haproxy-local.cfg`` (the plain commands of docs/server.md) and
    the compose file's ``deploy/haproxy.cfg`` as HAProxy reads them."""
    import subprocess

    from .cluster import haproxy

    deploy = Path(__file__).resolve().parents[2] / "deploy"
    local = deploy / "haproxy-local.cfg"
    out = subprocess.run([haproxy(), "-c", "-f", str(local)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert [f"127.0.0.1:{p}" for p in (8001, 8002, 8003)] == [
        line.split()[2]
        for line in local.read_text().splitlines()
        if line.strip().startswith("server")
    ]
    # the compose file's names resolve inside its network only: checked with loopback
    text = (deploy / "haproxy.cfg").read_text().replace("ossuary1:", "127.0.0.1:")
    text = text.replace("ossuary2:", "127.0.0.1:").replace("ossuary3:", "127.0.0.1:")
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "haproxy.cfg"
        cfg.write_text(text)
        out = subprocess.run([haproxy(), "-c", "-f", str(cfg)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr


def _queue(base: str, method: str, who: Signed, body: dict[str, Any] | None = None) -> Any:
    """A queue request as a signed-in player from their own browser."""
    import json
    import urllib.request

    req = urllib.request.Request(
        base + "/api/queue", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **who.headers()},
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def test_players_queued_on_every_process_are_each_seated_once(c: Cluster) -> None:
    """Matchmaking on one database: players join, poll and play through
    different processes; one matcher seats each of them once."""
    store = Store(c.db_url)
    try:
        players = seed_accounts(store, [f"queued{i}" for i in range(12)])
    finally:
        store.close()
    names = list(players)
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda i: _queue(c.servers[i % 3].base, "POST", players[names[i]],
                                       {"game": "hecatomb", "seats": 2}), range(12)))  # fmt: skip
    seen: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + 60
    while len(seen) < len(names) and time.monotonic() < deadline:
        for i, name in enumerate(names):
            if name not in seen:
                answer = _queue(c.servers[(i + 1) % 3].base, "GET", players[name])
                if answer["status"] == "matched":
                    seen[name] = answer
        time.sleep(0.2)  # a page's poll, not a wait for a time
    assert len(seen) == len(names), f"not seated: {set(names) - set(seen)}"
    games: dict[str, list[int]] = {}
    for answer in seen.values():
        games.setdefault(answer["game_id"], []).append(answer["seat"])
    assert sorted(sorted(s) for s in games.values()) == [[0, 1]] * 6
    # each token plays its seat, through a third process
    for i, name in enumerate(names[:4]):
        answer = seen[name]
        reader = Reader(c.servers[(i + 2) % 3].base, answer["game_id"], answer["token"])
        try:
            assert reader.hello["you"] == answer["seat"]
        finally:
            reader.close()


def _matched(base: str, who: Signed) -> dict[str, Any]:
    """Poll the queue through ``base`` until ``who`` is seated (the poll that
    says so hands the seat's token)."""
    deadline = time.monotonic() + 60
    while True:
        answer: dict[str, Any] = _queue(base, "GET", who)
        if answer["status"] == "matched":
            return answer
        assert time.monotonic() < deadline, answer
        time.sleep(0.2)  # a page's poll, not a wait for a time


def test_a_matched_seats_token_is_good_at_once_on_a_process_holding_the_game(
    c: Cluster,
) -> None:
    """A token handed through one process is taken by another that already
    holds a copy of the game (a spectator keeps it there), within a notice's
    delay: the copy reads the seat's new token, not only a change of whose or
    claimed (a stale copy refused it for as long as it lived)."""
    store = Store(c.db_url)
    try:
        players = seed_accounts(store, ["handed0", "handed1"])
    finally:
        store.close()
    one, two = players.values()
    a = c.servers[0]
    for who in (one, two):
        _queue(a.base, "POST", who, {"game": "necromancer", "seats": 2})
    first = _matched(a.base, one)
    game_id = first["game_id"]
    owner = c.owner(game_id)
    holder, hander = [sv for sv in c.servers if sv is not owner][:2]
    watcher = Reader(holder.base, game_id, None)  # the holder's copy, kept live
    try:
        second = _matched(hander.base, two)  # handed on a process that is not the holder
        seat = Reader(holder.base, game_id, second["token"], timeout=10)
        try:
            assert seat.hello["you"] == second["seat"]
        finally:
            seat.close()
    finally:
        watcher.close()


def test_a_rated_games_end_tells_its_ratings_on_every_process(c: Cluster) -> None:
    """The ratings at a rated game's end reach the sockets of processes that
    do not own the game when it ends, not only when they reconnect."""
    store = Store(c.db_url)
    try:
        players = seed_accounts(store, ["ender0", "ender1"])
    finally:
        store.close()
    for i, who in enumerate(players.values()):
        _queue(c.servers[i].base, "POST", who, {"game": "hecatomb", "seats": 2})
    seen: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + 60
    while len(seen) < 2 and time.monotonic() < deadline:
        for name, who in players.items():
            if name in seen:
                continue  # the token comes once, in the answer that seats you
            answer = _queue(c.servers[2].base, "GET", who)
            if answer["status"] == "matched":
                seen[name] = answer
        time.sleep(0.2)  # a page's poll, not a wait for a time
    assert len(seen) == 2, seen
    game_id = next(iter(seen.values()))["game_id"]
    owner = c.owner(game_id)
    elsewhere = [s for s in c.servers if s is not owner]
    readers = {a["seat"]: Reader(elsewhere[a["seat"]].base, game_id, a["token"])
               for a in seen.values()}  # fmt: skip
    try:
        assert readers[0].ws is not None
        readers[0].ws.send('{"type": "resign"}')
        told = {seat: r._next("ratings")["lines"] for seat, r in readers.items()}
        assert told[0][0].startswith("Your rating:") and "(-" in told[0][0], told
        assert told[1][0].startswith("Your rating:") and "(+" in told[1][0], told
    finally:
        for r in readers.values():
            r.close()
