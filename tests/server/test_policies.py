"""Learned policies in the lobby (``ossuary serve --policy PATH``): offered for
the table they were trained for, played by the AI workers, named by their
level (never by a file path on the server), and a bad file is refused at start."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ossuary.agents.learned import PolicyError, shipped_policy_path
from ossuary.cli.main import app as cli
from ossuary.server import ServerConfig, create_app

from .conftest import create
from .helpers import Seat, seat_socket


@pytest.fixture
def policy(tmp_path: Path) -> Path:
    shipped = shipped_policy_path("hecatomb", 2)
    assert shipped is not None
    path = tmp_path / "mine.safetensors"
    shutil.copy(shipped, path)
    return path


def test_the_lobby_offers_the_shipped_and_given_policies_for_their_table(
    tmp_path: Path, policy: Path
) -> None:
    config = ServerConfig(db_url=f"sqlite:///{tmp_path / 'g.db'}", ai_workers=0,
                          policies=[str(policy), f"Night Owl={policy}"])  # fmt: skip
    with TestClient(create_app(config)) as client:
        data = client.get("/api/catalog").json()
        assert set(data["ai_levels"]) == {"easy", "normal", "hard", "learned", "trained",
                                          "night owl"}  # fmt: skip
        tables = data["ai_tables"]
        assert set(tables) == {"learned", "trained", "night owl"}
        assert tables["trained"] == tables["night owl"] == ["hecatomb:2"]
        assert "hecatomb:2" in tables["learned"]  # and every other shipped table
        assert str(tmp_path) not in str(data)  # the lobby never sees the server's files
        game = create(client, seats=["human", "trained"], seed=4)
        summary = client.get(f"/api/games/{game['id']}").json()
        assert summary["seats"][1]["controller"] == "trained"
        assert str(tmp_path) not in str(game) + str(summary)
        # the policy plays its seat: answer with the last option until it has moved
        with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
            me = Seat(ws)
            for _ in range(300):
                msg = me.recv()
                if msg["type"] == "state" and msg["deciding"] == 0 and msg["legal"]:
                    me.act(msg["legal"][-1]["id"], seq=msg["seq"])
                if msg["type"] == "state" and (msg["over"] or msg["seq"] > 12):
                    break
            assert any(m.get("type") == "thinking" and m.get("seat") == 1 for m in me.seen)
            assert all(str(tmp_path) not in str(m) for m in me.seen)
        # a policy plays only its own table; files are chosen by level, not by path
        for seats, game_name, message in [
            (["human", "trained"], "necromancer", "not for Path of the Necromancer"),
            # a 2-seat file given to the server plays no larger table (only a
            # game's own data serves one: learned at 6 seats is the 5-seat policy)
            (["human", "trained", *["human"] * 4], "hecatomb", "this game has 6 seats"),
            (["human", "learned:mine.safetensors"], "hecatomb", "unknown level"),
            (["human", "learned:/etc/passwd"], "hecatomb", "unknown level"),
        ]:
            r = client.post("/api/games", json={"game": game_name, "seats": seats})
            assert r.status_code == 400, r.text
            assert message in r.json()["error"]


def test_a_bad_policy_file_stops_the_server_before_it_starts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.safetensors"
    bad.write_bytes(b"not a policy")
    with pytest.raises(PolicyError, match="not a policy file"):
        create_app(ServerConfig(db_url=f"sqlite:///{tmp_path / 'g.db'}", policies=[str(bad)]))
    result = CliRunner().invoke(
        cli, ["serve", "--db", f"sqlite:///{tmp_path / 'g.db'}", "--policy", str(bad)]
    )
    assert result.exit_code == 2 and "not a policy file" in result.output
    with pytest.raises(PolicyError, match="the level 'easy' is taken"):
        create_app(ServerConfig(policies=[f"easy={shipped_policy_path('hecatomb', 2)}"]))
