"""``--decks random``: each game deals every seat a random legal deck drawn by
the game's seed, a pure function of (seed, seat), in the arena and in
simulations alike, so anyone can measure an agent on decks no policy was
trained on; the held-out decks are a documented range of those seeds."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary import games
from ossuary.agents import make_agent, play_game
from ossuary.agents.arena import (
    HELD_OUT_SEEDS,
    MAX_ACTIONS,
    agent_seed,
    random_decks,
    run_arena,
    schedule,
)
from ossuary.cli.main import app

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("game", ["hecatomb", "necromancer"])
def test_random_decks_are_legal_and_a_function_of_seed_and_seat(game: str) -> None:
    rules = games.get(game)
    two = random_decks(rules, 41, 2)
    assert random_decks(rules, 41, 2) == two  # the same draw every time
    assert random_decks(rules, 41, 4)[:2] == two  # a seat's deck whatever the table
    assert random_decks(rules, 42, 2) != two
    for deck in two:
        rules.new_game(decks=[deck, deck], seats=2, seed=1)  # legal: the game takes it
    # every seat's deck differs from the preconstructed ones: new ground for a policy
    shipped = [Counter(cards) for cards in rules.decks.preconstructed().values()]
    assert all(Counter(deck) not in shipped for deck in two)


@pytest.mark.parametrize("game", ["hecatomb", "necromancer"])
def test_the_arena_plays_each_game_with_its_seeds_random_decks(game: str) -> None:
    plan = schedule(["heuristic", "random"], 4, 2, ["random"], seed=900_001)
    results = run_arena(plan, 1, game=game)
    rules = games.get(game)
    for spec, res in zip(plan, results, strict=True):
        state = rules.new_game(decks=random_decks(rules, spec.seed, 2), seats=2,
                               seed=spec.seed, first=spec.first)  # fmt: skip
        agents = [make_agent(s, agent_seed(spec.seed, i)) for i, s in enumerate(spec.specs)]
        play_game(state, agents, max_actions=MAX_ACTIONS)
        assert (res.winner, res.length) == (state.winner, len(state.history))
        assert res.decks == ["random", "random"]


def test_arena_and_simulate_take_decks_random_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "a.json"
    result = runner.invoke(app, ["arena", "--game", "necromancer", "--agents", "heuristic,random",
                                 "--decks", "Random", "--games", "2", "--seed", "900001",
                                 "--workers", "1", "--no-progress", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "random legal decks" in result.output
    assert json.loads(out.read_text())["decks"] == ["random"]
    pytest.importorskip("pyarrow", reason="simulate needs the sim extra")
    import pyarrow.parquet as pq

    run = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "--agents", "heuristic", "--decks", "random",
                                 "--games", "2", "--seed", "900001", "--workers", "1",
                                 "--out", str(run), "--no-progress"])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = pq.read_table(run / "games").to_pylist()
    hecatomb = games.get("hecatomb")
    for row in rows:  # the simulation's decks are the arena's: one draw for both
        dealt = random_decks(hecatomb, row["seed"], 2)[row["seat"]]
        assert dict(row["deck_cards"]) == dict(Counter(dealt))


def test_a_game_with_one_shared_deck_refuses_random_decks_and_says_why(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "--game", "diabolicards", "--agents", "heuristic,random",
                                 "--decks", "random", "--games", "2"])  # fmt: skip
    assert result.exit_code == 2
    assert "one shared deck" in result.output and "Traceback" not in result.output


def test_the_held_out_seeds_are_the_ones_the_docs_give() -> None:
    text = (DOCS / "ai.md").read_text()
    found = re.search(r"held-out decks[^.]*?seeds (\d[\d,]*)\D(\d[\d,]*)", text, re.IGNORECASE)
    assert found, "docs/ai.md names the held-out seeds"
    first, last = (int(x.replace(",", "")) for x in found.groups())
    assert (first, last) == (HELD_OUT_SEEDS[0], HELD_OUT_SEEDS[-1])
