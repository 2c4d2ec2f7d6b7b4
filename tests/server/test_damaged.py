"""Every damaged row is one damaged game: whatever a stored game's rows hold,
the server starts, the lobby answers, and that game alone is listed under
"damaged" with the reason (docs/server.md, "Storage").

The row reader is property-tested with random content in every column of a
game's rows (SQLite stores any value in any column, as a hand edit or a
broken tool might), and a real app is started on random damaged rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary import games
from ossuary.server import ServerConfig, create_app
from ossuary.server.live import rebuild
from ossuary.server.storage import ActionRow, GameRecord, SeatRecord, Store

from .conftest import create
from .helpers import seat_socket

GAME_ID = "damagedgame1"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
# anything a column may hold: numbers, text, bytes, JSON of any shape, JSON
# almost right, and the floats JSON can't say
anything = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.binary(max_size=8),
    json_values.map(json.dumps),
    st.sampled_from(
        [
            "NaN",
            "[[1]]",
            '{"names": [1]}',
            '{"turn_seconds": "x"}',
            "[",
            "{}",
            '{"names": "ab"}',
            "[]",
            '[["Snap"]]',
            "playing",
            "finished",
            "hecatomb",
            "nope",
            '{"public": 1}',
            '["a", 2]',
        ]
    ),
)
GAME_COLUMNS = ["game", "version", "created", "decks", "seed", "first", "options", "status",
                "winner", "result", "finished"]  # fmt: skip
SEAT_COLUMNS = ["seat", "kind", "controller", "token_hash", "claimed"]
ACTION_COLUMNS = ["n", "action", "by", "at", "digest"]


def _baseline(store: Store) -> None:
    """A real game, two actions in, as the server stores it."""
    game = games.get("hecatomb")
    state = game.new_game(seats=2, seed=11)
    record = GameRecord(GAME_ID, "hecatomb", state.version, 1.0,
                        [list(d) for d in state.deck_lists()], 11, None,
                        {"mode": None, "public": True, "names": ["Ann", None]}, "playing",
                        seats=[SeatRecord(0, "human", "human", "ab" * 32, True),
                               SeatRecord(1, "human", "heuristic", None, False)])  # fmt: skip
    store.create_game(record)
    from ossuary.server.storage import position_digest

    rows = []
    for n in range(2):
        aid = state.legal_action_ids()[0]
        state.apply_action(aid)
        rows.append(ActionRow(GAME_ID, n, n % 2, aid, "human", 2.0 + n, position_digest(state)))
    store.write(rows)


damage = st.fixed_dictionaries(
    {},
    optional={
        "games": st.dictionaries(st.sampled_from(GAME_COLUMNS), anything, min_size=1, max_size=3),
        "seat": st.tuples(st.integers(0, 1), st.sampled_from(SEAT_COLUMNS), anything),
        "action": st.tuples(st.integers(0, 1), st.sampled_from(ACTION_COLUMNS), anything),
        "drop_action": st.integers(0, 1),
        "drop_seat": st.integers(0, 1),
    },
)


def _damage(store: Store, what: dict[str, Any]) -> bool:
    """Write ``what`` over the stored game; False when SQLite itself refuses it
    (a NULL in a NOT NULL column, a duplicate key): nothing to read then."""
    import sqlite3

    from sqlalchemy.exc import IntegrityError

    statements: list[tuple[str, tuple[Any, ...]]] = []
    for column, value in (what.get("games") or {}).items():
        statements.append((f'UPDATE games SET "{column}" = ? WHERE id = ?', (value, GAME_ID)))
    if "seat" in what:
        seat, column, value = what["seat"]
        statements.append((f'UPDATE seats SET "{column}" = ? WHERE seat = ?', (value, seat)))
    if "action" in what:
        n, column, value = what["action"]
        statements.append((f'UPDATE actions SET "{column}" = ? WHERE n = ?', (value, n)))
    if "drop_action" in what:
        statements.append(("DELETE FROM actions WHERE n = ?", (what["drop_action"],)))
    if "drop_seat" in what:
        statements.append(("DELETE FROM seats WHERE seat = ?", (what["drop_seat"],)))
    try:
        with store.engine.begin() as conn:
            for sql, params in statements:
                conn.exec_driver_sql(sql, params)
    except (IntegrityError, sqlite3.IntegrityError, OverflowError):
        return False
    return True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage)
def test_the_row_reader_never_raises_whatever_a_row_holds(what: dict[str, Any]) -> None:
    store = Store("sqlite://")
    try:
        _baseline(store)
        if not _damage(store, what):
            return
        for record in [*store.load_playing(), *store.list_games(), store.load(GAME_ID)]:
            assert record is not None and record.id == GAME_ID
            if record.damaged is not None:
                assert record.damaged  # a reason, in words
                continue
            # a record read in full has every field of its type: the game is
            # rebuilt, or refused with the project's own error, nothing else
            try:
                rebuild(record)
            except Exception as exc:
                from ossuary.engine.errors import OssuaryError

                assert isinstance(exc, OssuaryError), repr(exc)
    finally:
        store.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(damage)
def test_the_server_starts_and_lists_a_damaged_game_whatever_its_rows_hold(
    tmp_path: Path, what: dict[str, Any]
) -> None:
    path = tmp_path / f"{abs(hash(json.dumps(what, default=repr)))}.db"
    path.unlink(missing_ok=True)
    store = Store(f"sqlite:///{path}")
    _baseline(store)
    ok = _damage(store, what)
    store.close()
    if not ok:
        return
    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{path}", ai_workers=0))) as client:
        other = create(client, seed=3)  # the server serves others beside it
        r = client.get("/api/games")
        assert r.status_code == 200, r.text
        listed = r.json()
        where = [k for k, v in listed.items() for g in v if g["id"] == GAME_ID]
        assert where, listed  # it is listed somewhere ...
        if "damaged" in where:  # ... as damaged with a reason, or as a game
            assert where == ["damaged"]
            (entry,) = [g for g in listed["damaged"] if g["id"] == GAME_ID]
            assert entry["damaged"]
        assert client.get(f"/api/games/{GAME_ID}").status_code in (200, 409)
        assert any(g["id"] == other["id"] for g in listed["playing"])
        with seat_socket(client, other["id"], other["seats"][0]["token"]) as ws:
            assert ws.receive_json()["type"] == "hello"


@pytest.mark.parametrize(
    ("what", "why"),
    [
        ({"drop_action": 0}, "action 1 is missing"),
        ({"games": {"decks": "not json"}}, "decks is not valid JSON"),
        ({"games": {"options": "{oops"}}, "options is not valid JSON"),
        ({"games": {"options": '{"names": [7]}'}}, "seat names are not text"),
        ({"games": {"created": "yesterday"}}, "creation time is not a number"),
        ({"seat": (1, "controller", "ismcts:99999999")}, "seat 2 is played by"),
    ],
)
def test_each_damage_the_attack_found_is_one_damaged_game(
    tmp_path: Path, what: dict[str, Any], why: str
) -> None:
    path = tmp_path / "games.db"
    store = Store(f"sqlite:///{path}")
    _baseline(store)
    assert _damage(store, what)
    store.close()
    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{path}", ai_workers=0))) as client:
        listed = client.get("/api/games").json()
        (entry,) = listed["damaged"]
        assert entry["id"] == GAME_ID and why in entry["damaged"], entry
        assert not listed["playing"]
        with seat_socket(client, GAME_ID) as ws:
            msg = ws.receive_json()
            assert msg["code"] == "refused" and why in msg["message"]
