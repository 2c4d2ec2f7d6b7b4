"""Rated games in the database (docs/server.md, "Ratings"): ratings applied
once, in the transaction that stores the end, only for a game created rated,
ended normally and played by accounts only; an older database gains the
tables; a seat that left ranks last."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy import insert, select

from ossuary.server import ratings
from ossuary.server.storage import (
    ControllerRow,
    FinishRow,
    GameRecord,
    SeatRecord,
    Store,
    accounts_table,
    rated_seats_table,
    ratings_table,
)

from .test_restart import OLD_SCHEMA


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'r.db'}")


def _game(store: Store, gid: str, accounts: list[str | None], rated: bool = True,
          game: str = "hecatomb", kinds: list[str] | None = None) -> None:  # fmt: skip
    kinds = kinds or ["human"] * len(accounts)
    with store.engine.begin() as conn:  # the accounts (the seats' foreign keys)
        for a in {a for a in accounts if a is not None}:
            if conn.execute(select(accounts_table).where(accounts_table.c.id == a)).first() is None:
                conn.execute(insert(accounts_table).values(id=a, username=a, username_key=a,
                                                           created=time.time()))  # fmt: skip
    store.create_game(
        GameRecord(
            id=gid, game=game, version="1", created=time.time(), decks=[[]] * len(accounts),
            seed=1, first=None, options={"mode": None, "rated": rated}, status="playing",
            seats=[SeatRecord(i, k, k, None, True, account_id=a)
                   for i, (k, a) in enumerate(zip(kinds, accounts, strict=True))],
        )
    )  # fmt: skip


def _ratings(store: Store) -> dict[tuple[str, str, str], tuple[int, int]]:
    with store.engine.connect() as conn:
        rows = conn.execute(select(ratings_table)).all()
    return {(r.account_id, r.game, r.mode):
            (ratings.shown(ratings.Skill(r.mu, r.sigma)), r.games) for r in rows}  # fmt: skip


def _seats(store: Store, gid: str) -> list[tuple[int, str, int, int, int]]:
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(rated_seats_table).where(rated_seats_table.c.game_id == gid)
            .order_by(rated_seats_table.c.seat)
        ).all()  # fmt: skip
    return [(r.seat, r.account_id, r.place, r.before, r.after) for r in rows]


def test_a_rated_game_moves_its_players_once(store: Store) -> None:
    _game(store, "g1", ["a", "b", "c", "d"])
    store.write([FinishRow("g1", 2, ["Player 3 wins."], time.time())])
    got = _ratings(store)
    assert set(got) == {(p, "hecatomb", "4 players") for p in "abcd"}
    assert got[("c", "hecatomb", "4 players")][0] > 1500 > got[("a", "hecatomb", "4 players")][0]
    seats = _seats(store, "g1")
    assert [s[2] for s in seats] == [2, 2, 1, 2] and all(s[3] == 1500 for s in seats)
    # the end written again (a retry, a second server) changes nothing
    store.write([FinishRow("g1", 0, ["Player 1 wins."], time.time())])
    assert _ratings(store) == got and _seats(store, "g1") == seats
    assert all(n == 1 for _, n in got.values())


def test_teams_are_rated_under_their_mode(store: Store) -> None:
    _game(store, "t1", ["a", "b", "c", "d"], game="diabolicards")
    store.write([FinishRow("t1", 1, ["Team 2 wins."], time.time())])
    got = _ratings(store)
    assert got[("b", "diabolicards", "2v2")] == got[("d", "diabolicards", "2v2")]
    assert got[("b", "diabolicards", "2v2")][0] > 1500 > got[("a", "diabolicards", "2v2")][0]


@pytest.mark.parametrize(
    ("accounts", "rated", "status"),
    [
        (["a", None], True, "finished"),  # a guest: not every seat is an account
        (["a", "b"], False, "finished"),  # not created rated
        (["a", "b"], True, "abandoned"),  # did not end normally
        (["a", "a"], True, "finished"),  # one account in two seats
    ],
)
def test_only_a_rated_game_of_accounts_that_ended_normally_is_rated(
    store: Store, accounts: list[str | None], rated: bool, status: str
) -> None:
    _game(store, "n1", accounts, rated=rated)
    store.write([FinishRow("n1", 0, ["Player 1 wins."], time.time(), status)])
    assert _ratings(store) == {} and _seats(store, "n1") == []


def test_a_seat_handed_to_the_computer_comes_last(store: Store) -> None:
    _game(store, "l1", ["a", "b", "c"])
    # b's person was away too long: the computer played b's seat and won
    store.write([ControllerRow("l1", 1, "heuristic")])
    store.write([FinishRow("l1", 1, ["Player 2 wins."], time.time())])
    assert [s[2] for s in _seats(store, "l1")] == [1, 2, 1]
    got = _ratings(store)
    assert got[("b", "hecatomb", "3 players")][0] < 1500


def test_ratings_and_the_end_are_one_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _game(store, "f1", ["a", "b"])
    _game(store, "f2", ["c", "d"])
    real = ratings.rate
    calls: list[int] = []

    def second_fails(*args: object) -> list[ratings.Skill]:
        calls.append(1)
        if len(calls) == 2:
            raise ValueError("the second game's ratings failed")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ratings, "rate", second_fails)
    with pytest.raises(ValueError):
        store.write(
            [FinishRow("f1", 0, ["x"], time.time()), FinishRow("f2", 0, ["y"], time.time())]
        )
    # nothing of the transaction stayed: neither game ended, nobody was rated
    assert _ratings(store) == {} and _seats(store, "f1") == []
    loaded = store.load("f1")
    assert loaded is not None and loaded.status == "playing"


def test_an_older_database_gains_the_rating_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    store = Store(f"sqlite:///{path}")
    _game(store, "o1", ["a", "b"])
    store.write([FinishRow("o1", 1, ["Player 2 wins."], time.time())])
    assert _ratings(store)[("b", "hecatomb", "2 players")][1] == 1
    with sqlite3.connect(path) as db:
        options = json.loads(db.execute("SELECT options FROM games").fetchone()[0])
    assert options["rated"] is True


def test_on_postgresql_two_servers_ending_games_at_once_both_count(postgres_url: str) -> None:
    """Two stores (two servers) end two rated games of the same players at
    the same moment: each account's rating is locked for its transaction, so
    both games count, once each."""
    import secrets
    import threading

    one, two = Store(postgres_url), Store(postgres_url)
    a, b = f"a{secrets.token_hex(6)}", f"b{secrets.token_hex(6)}"
    ga, gb = f"p{secrets.token_hex(6)}", f"q{secrets.token_hex(6)}"
    _game(one, ga, [a, b])
    _game(one, gb, [b, a])
    start = threading.Barrier(2)

    def end(store: Store, gid: str) -> None:
        start.wait()
        store.write([FinishRow(gid, 0, ["Player 1 wins."], time.time())])

    threads = [threading.Thread(target=end, args=(s, g)) for s, g in ((one, ga), (two, gb))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    one.write([FinishRow(ga, 1, ["again"], time.time())])  # a second end: nothing more
    mine = {k: v for k, v in _ratings(one).items() if k[0] in (a, b)}
    assert {n for _, n in mine.values()} == {2}  # two games each, neither lost nor doubled
    assert len(_seats(one, ga)) == len(_seats(one, gb)) == 2
    one.close()
    two.close()
