"""Training on the whole field (``ossuary train --decks field``): which decks
its games deal, that none of them is a deck ``arena --decks random`` measures
on, and that the option reaches the games and the policy file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary import games
from ossuary.agents.arena import HELD_OUT_SEEDS, random_decks
from ossuary.cli.main import app
from ossuary.learn.actors import GameTask, field_decks, play


@pytest.mark.parametrize("name", ["hecatomb", "necromancer"])
def test_the_field_is_every_preconstructed_deck_and_random_legal_decks(name: str) -> None:
    game = games.get(name)
    shipped = set(game.decks.preconstructed())
    drawn: set[str] = set()
    random_games = 0
    for seed in range(120):
        decks = field_decks(game, seed, 2)
        assert decks is not None and len(decks) == 2
        assert decks == field_decks(game, seed, 2)  # a function of the seed alone
        if all(isinstance(d, str) for d in decks):
            drawn.update(str(d) for d in decks)
        else:
            random_games += 1
            for deck in decks:
                assert isinstance(deck, list)
                game.decks.parse(game.decks.format(deck))  # legal (DeckError if not)
        state = game.new_game(decks=decks, seats=2, seed=seed)
        assert not state.is_terminal()
    assert drawn == shipped  # every preconstructed deck comes up
    assert 30 <= random_games <= 90  # and about half the games deal random decks


@pytest.mark.parametrize("name", ["hecatomb", "necromancer"])
def test_no_training_game_deals_a_held_out_deck(name: str) -> None:
    game = games.get(name)
    held_out = {
        tuple(tuple(sorted(d)) for d in random_decks(game, s, 2))
        for s in list(HELD_OUT_SEEDS)[:200]
    }
    for seed in [*list(HELD_OUT_SEEDS)[:200], *range(200)]:
        decks = field_decks(game, seed, 2)
        assert decks is not None
        if not all(isinstance(d, str) for d in decks):
            assert tuple(tuple(sorted(d)) for d in decks) not in held_out, seed


def test_a_game_with_one_shared_deck_deals_it() -> None:
    assert field_decks(games.get("diabolicards"), 7, 2) is None


def test_the_games_of_a_field_run_deal_the_field() -> None:
    heuristic = ("heuristic", "heuristic")
    default = [play(GameTask("hecatomb", 2, s, 0, heuristic, "")) for s in range(4)]
    field = [play(GameTask("hecatomb", 2, s, 0, heuristic, "", field=True)) for s in range(4)]
    # the same seeds and agents: only the decks differ, and so do the games
    assert [(r.actions, r.returns) for r in default] != [(r.actions, r.returns) for r in field]


def test_decks_is_checked_and_recorded(tmp_path: Path) -> None:
    if not os.environ.get("OSSUARY_REQUIRE_TORCH"):
        pytest.importorskip("torch", reason="needs PyTorch: pip install 'ossuary[learn]'")
    from ossuary.learn.train import TrainConfig

    bad = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(tmp_path / "bad"),
                                   "--decks", "all"])  # fmt: skip
    assert bad.exit_code != 0
    assert "--decks: one of default, field, got 'all'" in bad.output
    assert "Traceback" not in bad.output and not (tmp_path / "bad").exists()
    long = CliRunner().invoke(app, ["train", "hecatomb", "--out", str(tmp_path / "bad"),
                                    "--decks", "x" * 5000])  # fmt: skip
    assert long.exit_code != 0 and "xxx..." in long.output and len(long.output) < 600
    # the run's settings (what the policy file and a resume read) keep it; a run
    # recorded before the option existed trained on the default pairing
    assert TrainConfig.from_json(TrainConfig(decks="field").to_json()).decks == "field"
    old = TrainConfig().to_json().replace(', "decks": "default"', "")
    assert '"decks"' not in old and TrainConfig.from_json(old).decks == "default"
