""" "Play someone" through the API (docs/server.md, "Matchmaking"): join, poll,
get matched with a seat of one's own (its token once, in the poll's body),
leave at any time; refusals that change nothing."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, update

from ossuary.server.matchmaking import MAX_WINDOW
from ossuary.server.storage import queue_table

from .accounts_seed import seed, seed_ratings
from .conftest import make_client
from .helpers import Seat, seat_socket


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with make_client(tmp_path_factory.mktemp("queue") / "games.db") as c:
        yield c


@pytest.fixture
def client(server: TestClient) -> TestClient:
    """The module's server, with nobody waiting."""
    store = server.app.state.services.db.store  # type: ignore[attr-defined]
    with store.engine.begin() as conn:
        conn.execute(delete(queue_table))
    return server


class Player:
    """One signed-in player in one browser, through the test client."""

    made = itertools.count()

    def __init__(self, client: TestClient, name: str, browser: str | None = None) -> None:
        self.client = client
        self.name = f"{name}{next(Player.made)}"  # one server for the module: names differ
        name = self.name
        store = client.app.state.services.db.store  # type: ignore[attr-defined]
        self.account = seed(store, [name])[name]
        self.headers = self.account.headers(browser)

    def join(self, status: int = 201, **body: Any) -> dict[str, Any]:
        body.setdefault("game", "hecatomb")
        body.setdefault("seats", 2)
        r = self.client.post("/api/queue", json=body, headers=self.headers)
        assert r.status_code == status, r.text
        out: dict[str, Any] = r.json()
        return out

    def look(self) -> dict[str, Any]:
        r = self.client.get("/api/queue", headers=self.headers)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def leave(self) -> dict[str, Any]:
        r = self.client.delete("/api/queue", headers=self.headers)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def matched(self, within: float = 10.0) -> dict[str, Any]:
        """Poll as the page does until matched (the matcher runs by itself)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            seen = self.look()
            if seen["status"] == "matched":
                return seen
            assert seen["status"] == "waiting", seen
            time.sleep(0.05)  # a poll's pace, not a wait for a time
        raise AssertionError(f"{self.name} was never matched")


def tick(client: TestClient) -> int:
    """One look of the matcher, now."""
    app: Any = client.app
    assert client.portal is not None
    made: int = client.portal.call(app.state.services.queue.tick)
    return made


def backdate(client: TestClient, seconds: float, **column: bool) -> None:
    """Every queue row as if joined (and last polled) ``seconds`` earlier."""
    q = queue_table.c
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    with store.engine.begin() as conn:
        values: dict[str, Any] = {"joined": q.joined - seconds}
        if column.get("polled"):
            values["polled"] = q.polled - seconds
        conn.execute(update(queue_table).values(**values))


def test_two_players_are_seated_together_each_with_their_own_seat(client: TestClient) -> None:
    ann, bob = Player(client, "ann"), Player(client, "bob")
    waiting = ann.join(deck="Rot and Ruin")
    assert waiting["status"] == "waiting" and waiting["window"] == 100
    assert waiting["others"] == 0 and waiting["rating"] == 1500
    bob.join()
    a, b = ann.matched(), bob.matched()
    assert a["game_id"] == b["game_id"] and {a["seat"], b["seat"]} == {0, 1}
    assert a["link"] == f"/g/{a['game_id']}"  # no token in the link
    # the token comes once, in the body: a later poll does not hand it again
    assert a["token"] and b["token"] and a["token"] != b["token"]
    assert "token" not in ann.look() and ann.look()["status"] == "matched"
    game = client.get(f"/api/games/{a['game_id']}").json()
    by_seat = {a["seat"]: ann, b["seat"]: bob}
    assert [s["name"] for s in game["seats"]] == [by_seat[0].name, by_seat[1].name]
    # each seat is its player's account's (a rated game's result is theirs)
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    held = [s.account_id for s in store.load_seats(a["game_id"])]
    assert held == [by_seat[0].account.id, by_seat[1].account.id]
    assert store.load(a["game_id"]).options["rated"] is True  # people only: rated
    # the lobby can't give the seats to anyone else
    assert client.post(f"/api/games/{a['game_id']}/join").status_code == 403
    # each token plays its own seat
    for seen in (a, b):
        with seat_socket(client, seen["game_id"], seen["token"]) as ws:
            assert Seat(ws).until("hello")["you"] == seen["seat"]


def test_a_guest_can_not_queue(client: TestClient) -> None:
    r = client.post("/api/queue", json={"game": "hecatomb", "seats": 2})
    assert r.status_code == 401 and "sign in" in r.json()["error"]
    assert client.get("/api/queue").status_code == 401


def test_a_join_or_leave_without_the_csrf_token_or_from_another_site_is_refused(
    client: TestClient,
) -> None:
    ann = Player(client, "ann")
    bare = {"cookie": ann.headers["cookie"]}
    body = {"game": "hecatomb", "seats": 2}
    assert client.post("/api/queue", json=body, headers=bare).status_code == 403
    elsewhere = {**ann.headers, "origin": "https://elsewhere.example"}
    assert client.post("/api/queue", json=body, headers=elsewhere).status_code == 403
    assert ann.look() == {"status": "none"}
    ann.join()
    assert client.delete("/api/queue", headers=bare).status_code == 403
    assert ann.look()["status"] == "waiting"


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"game": "chess"}, 400, "chess"),
        ({"game": "hecatomb", "seats": 7}, 400, "2, 3, 4, 5, 6 players"),
        ({"game": "hecatomb", "mode": "2v2"}, 400, "no modes"),
        ({"game": "diabolicards", "mode": "3v3"}, 400, "no mode '3v3'"),
        ({"game": "diabolicards", "mode": "2v2", "seats": 2}, 400, "for 4 players"),
        ({"game": "diabolicards", "mode": "1v1", "deck": "Rot and Ruin"}, 400, "shared deck"),
        ({"game": "hecatomb", "seats": 2, "deck": "Nope"}, 400, "no deck 'Nope'"),
        ({"game": "hecatomb", "seats": 2, "deck": "saved:missing"}, 400, "no saved deck"),
        ({"game": "hecatomb", "seats": 2, "fill_after": 1}, 422, "fill_after"),
        ({"game": "hecatomb", "seats": 2, "colour": "red"}, 422, "colour"),
    ],
)
def test_a_bad_join_is_refused_and_changes_nothing(
    client: TestClient, body: dict[str, Any], status: int, says: str
) -> None:
    ann = Player(client, "ann")
    r = client.post("/api/queue", json=body, headers=ann.headers)
    assert r.status_code == status and says in r.json()["error"], r.text
    assert ann.look() == {"status": "none"}


def test_one_player_waits_once_and_one_browser_queues_one_player(client: TestClient) -> None:
    ann = Player(client, "ann", browser="shared")
    ann.join()
    assert "already waiting" in ann.join(409, game="necromancer")["error"]
    second = Player(client, "ann-again", browser="shared")  # another account, same browser
    assert "this browser" in second.join(409)["error"]
    assert second.look() == {"status": "none"}
    assert tick(client) == 0  # ann is not seated against herself
    assert ann.look()["status"] == "waiting"


def test_leaving_at_any_time_takes_the_player_out(client: TestClient) -> None:
    ann, bob, cat = Player(client, "ann"), Player(client, "bob"), Player(client, "cat")
    ann.join(seats=3)
    bob.join(seats=3)
    assert bob.look()["others"] == 1
    assert ann.leave() == {"status": "none", "left": True}
    assert ann.leave() == {"status": "none", "left": False}
    cat.join(seats=3)
    tick(client)
    assert bob.look()["status"] == "waiting" and ann.look() == {"status": "none"}


def test_the_computer_fills_the_table_after_the_chosen_wait(client: TestClient) -> None:
    ann = Player(client, "ann")
    ann.join(seats=4, fill_after=30)
    assert tick(client) == 0
    backdate(client, 30)
    seen = ann.matched()
    game = client.get(f"/api/games/{seen['game_id']}").json()
    kinds = [s["kind"] for s in game["seats"]]
    assert kinds.count("human") == 1 and len(kinds) == 4
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    assert not store.load(seen["game_id"]).options.get("rated")  # a computer plays: unrated


def test_a_closed_page_leaves_the_queue(client: TestClient) -> None:
    ann, bob = Player(client, "ann"), Player(client, "bob")
    ann.join()
    backdate(client, 60, polled=True)
    tick(client)
    assert ann.look() == {"status": "none"}
    bob.join()
    assert tick(client) == 0


def test_two_v_two_seats_four_and_joins_by_mode(client: TestClient) -> None:
    people = [Player(client, n) for n in ("ann", "bob", "cat", "dan")]
    for p in people:
        p.join(game="diabolicards", mode="2v2", seats=None)
    seen = [p.matched() for p in people]
    assert len({s["game_id"] for s in seen}) == 1
    assert sorted(s["seat"] for s in seen) == [0, 1, 2, 3]


def test_a_crowd_of_forty_is_seated_once_each_and_within_the_window(client: TestClient) -> None:
    """The benchmark's correctness half (bench/bench_matchmaking.py): forty
    players of spread ratings queue at once for two-player Hecatomb; after a
    minute's wait (the widest windows) everyone with someone in reach is
    seated, nobody twice, every table within its window."""
    rng = random.Random(7)
    people = [Player(client, "crowd") for _ in range(40)]
    rating = {p.name: round(min(1900, max(1100, rng.gauss(1500, 150)))) for p in people}
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    seed_ratings(store, "hecatomb", "2 players", {p.account.id: rating[p.name] for p in people})
    for p in people:
        assert p.join()["rating"] == rating[p.name]
    tick(client)
    backdate(client, 60)
    tick(client)
    seen = {p.name: p.look() for p in people}
    tables: dict[str, list[str]] = {}
    for name, answer in seen.items():
        if answer["status"] == "matched":
            tables.setdefault(answer["game_id"], []).append(name)
    for game_id, names in tables.items():
        assert sorted(seen[n]["seat"] for n in names) == [0, 1], game_id
        window = seen[names[0]]["window"]
        a, b = (rating[n] for n in names)
        assert abs(a - b) <= window, (game_id, a, b, window)
    left = [n for n, answer in seen.items() if answer["status"] != "matched"]
    assert all(seen[n]["status"] == "waiting" for n in left)
    for n in left:  # nobody is left who had someone within the widest window
        assert all(abs(rating[n] - rating[m]) > MAX_WINDOW for m in left if m != n)
