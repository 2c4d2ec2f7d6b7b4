"""The shipped policy is offered with what it was measured to do, on decks no
policy was trained on: ``ossuary play --help``, the lobby's level list and
docs/ai.md say it, and docs/ai.md gives the figure on held-out decks with the
command that reproduces it."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ossuary.agents.registry import shipped_policy_about
from ossuary.cli.main import app
from ossuary.server import ServerConfig, create_app

from .test_learned import SERVED, SHIPPED_TABLES

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHORT = "wins 7 games in 10 against easy, on decks it never saw"


def test_the_shipped_policy_says_where_it_was_measured() -> None:
    about = shipped_policy_about("hecatomb", 2)
    assert about["short"] == SHORT
    assert "held-out random decks" in about["measured"]
    # six players: the 5-seat policy, and it says so
    assert "five easy players" in shipped_policy_about("hecatomb", 6)["short"]
    assert "5-seat policy" in shipped_policy_about("hecatomb", 6)["measured"]
    assert "three easy players" in shipped_policy_about("necromancer", 4)["short"]
    assert "2 games in 3 against easy" in shipped_policy_about("necromancer", 2)["short"]
    # the Diabolicards policy says what it is: weaker than the easy level
    assert "7 games in 10 against easy" in shipped_policy_about("diabolicards", 2)["short"]


def test_play_help_says_what_the_learned_level_does() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    words = " ".join(result.output.replace("│", " ").split())  # the help's box, unwrapped
    assert re.search(r"learned \(a trained network, instant; Hecatomb with 2 seats, " + SHORT,
                     words), words  # fmt: skip
    # the larger tables are named, not described: the help stays short
    assert "also Hecatomb with 3" in words and "against two easy players" not in words


def test_the_lobby_lists_the_learned_level_with_what_it_does(tmp_path: Path) -> None:
    config = ServerConfig(db_url=f"sqlite:///{tmp_path / 'g.db'}", ai_workers=0)
    with TestClient(create_app(config)) as client:
        data = client.get("/api/catalog").json()
    # what it was measured to do, after its strength where the ladder measured it
    about = data["ai_about"]["learned"]
    # the tables a policy ships for, and the ones a policy of fewer seats serves
    assert set(about) == {f"{g}:{n}" for g, n in (*SHIPPED_TABLES, *SERVED)}
    assert about["hecatomb:2"].endswith(SHORT)
    assert about["diabolicards:2"].endswith("7 games in 10 against easy, on deals it never saw")
    # the seat list shows it below the row: tests/server/test_boards.py


def test_docs_give_the_held_out_figure_and_its_command() -> None:
    text = (DOCS / "ai.md").read_text()
    assert SHORT in text
    section = text[text.index("### On held-out decks") :]
    assert "--decks random --seed 900401 --games 400" in section
    assert re.search(r"297/400", section)
    measured = shipped_policy_about("hecatomb", 2)["measured"]
    assert "74.2%" in measured and "57.2%" in measured
