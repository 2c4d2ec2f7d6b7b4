"""Diabolicards in the browser server (issue 10, "Around it"; docs/server.md):
the server reaches the game only through its registry entry, so its generic
board plays a whole 2v2 game over sockets, each seat seeing its own hand only
(a teammate's never, guide THE SETUP), and the result names the winning side."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fastapi.testclient import TestClient

from ossuary.server import ServerConfig, create_app

from ..server.helpers import Seat, seat_socket


def test_four_seats_play_a_whole_2v2_game_over_sockets(tmp_path: Path) -> None:
    config = ServerConfig(db_url=f"sqlite:///{tmp_path / 'games.db'}", ai_workers=0)
    with TestClient(create_app(config)) as client:
        r = client.post(
            "/api/games",
            json={"game": "diabolicards", "seats": ["human"] * 4, "mode": "2v2", "seed": 4},
        )
        assert r.status_code == 201, r.text
        game = r.json()
        catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
        assert catalog["diabolicards"]["modes"] == {"1v1": 2, "2v2": 4}
        assert catalog["diabolicards"]["board"] == "/boards/diabolicards/board.js"
        rng = random.Random(4)
        tokens = [s["token"] for s in game["seats"]]
        with (
            seat_socket(client, game["id"], tokens[0]) as w0,
            seat_socket(client, game["id"], tokens[1]) as w1,
            seat_socket(client, game["id"], tokens[2]) as w2,
            seat_socket(client, game["id"], tokens[3]) as w3,
        ):
            seats = [Seat(w) for w in (w0, w1, w2, w3)]
            for s in seats:
                s.until("state")
            n = 0
            public: set[str] = set()  # cards every seat saw: contracts, shown cards
            while not seats[0].state["over"]:  # type: ignore[index]
                for k, s in enumerate(seats):  # each seat sees its own hand only
                    view = s.state["view"]  # type: ignore[index]
                    public |= {c["card"] for c in view["contracts"] if c is not None}
                    public |= {e["card"] for e in view["log"] if e["e"] == "reveal" and "card" in e}
                    for p in view["players"]:
                        if p["seat"] == k:
                            assert all(c is not None for c in p["hand"])
                        elif p["seat"] % 2 == k % 2:
                            seen = {c["card"] for c in p["hand"] if c is not None}
                            assert seen <= public, f"a teammate's hand showed: {seen - public}"
                me = seats[seats[0].state["deciding"]]  # type: ignore[index]
                me.act(rng.choice(me.legal), seq=n)
                n += 1
                for s in seats:
                    s.until_state(n)
                assert n < 2000
            result = seats[0].state["result"]  # type: ignore[index]
            assert result and re.match(r"(You and Player 3|Player 2 and Player 4) (win|lose): "
                                       r"|A tie", result[0]), result  # fmt: skip
