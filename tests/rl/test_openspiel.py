"""OpenSpiel: importing ossuary.rl registers ``python_ossuary_<game>``; the game
passes ``pyspiel.random_sim_test``, and OpenSpiel's ISMCTS bot plays a whole
game through ``resample_from_infostate`` (backed by the game's ``resample``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts  # noqa: E402

from ossuary import games, rl  # noqa: E402
from ossuary.engine.errors import OssuaryError  # noqa: E402

from .helpers import GAMES, encoder_or_skip  # noqa: E402


def _load(game: str, **params: Any) -> Any:
    encoder_or_skip(game, params.get("players", games.get(game).seat_counts[0]))
    return pyspiel.load_game(rl.openspiel.short_name(game), params)


@pytest.mark.parametrize("game", GAMES)
def test_registered_on_import(game: str) -> None:
    encoder_or_skip(game, games.get(game).seat_counts[0])
    assert f"python_ossuary_{game}" in pyspiel.registered_names()


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test(game: str) -> None:
    """Two games at the smallest table and one at the next size up (a bigger
    table only makes each check slower: every seat's information state is
    rebuilt after every action)."""
    counts = games.get(game).seat_counts
    pyspiel.random_sim_test(_load(game), num_sims=2, serialize=False, verbose=False)
    if len(counts) > 1:
        bigger = _load(game, players=counts[1])
        pyspiel.random_sim_test(bigger, num_sims=1, serialize=False, verbose=False)


class _FlatEvaluator:
    """No rollouts (they would make the test slow): every leaf is worth 0 and
    every action equally likely; the search itself is OpenSpiel's ISMCTS."""

    def __init__(self, players: int) -> None:
        self.players = players

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        return np.zeros(self.players)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


# not Necromancer: its game takes 40 s under OpenSpiel's search; it plays
# through OpenSpiel in test_random_sim_test
@pytest.mark.parametrize("game", [g for g in GAMES if g != "necromancer"])
def test_openspiel_ismcts_plays_a_whole_game(game: str) -> None:
    g = _load(game)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(g, _FlatEvaluator(g.num_players()), uct_c=2.0, max_simulations=6,
                           random_state=rng, allow_inconsistent_action_sets=True)  # fmt: skip
    state = g.new_initial_state()
    state.apply_action(12)  # the deal
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    assert searched > 10
    assert state.table.state.is_terminal(), "the game finished, not cut at max_game_length"
    assert sorted(state.returns()) != [0.0] * g.num_players()


def test_resample_keeps_the_information_state_and_deals_anew() -> None:
    g = _load("hecatomb")
    state = g.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(p, sampler)
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.information_state_tensor(p) == state.information_state_tensor(p)
    assert other.observation_tensor(p) == state.observation_tensor(p)
    assert other.legal_actions() == state.legal_actions()
    assert str(other) != str(state)  # the hidden cards were dealt anew
    with pytest.raises(OssuaryError, match="not deciding"):
        state.resample_from_infostate(1 - p, sampler)


def test_information_state_string_hides_the_other_hand() -> None:
    g = _load("hecatomb")
    state = g.new_initial_state()
    state.apply_action(5)
    p = state.current_player()
    table = state.table
    theirs = [table.state.defs[c].name for c in table.state.seats[1 - p].hand]
    mine = [table.state.defs[c].name for c in table.state.seats[p].hand]
    text = state.information_state_string(p)
    assert all(name in text for name in mine)
    public = {e.get("card") for e in table.state.view(p)["log"]}
    hidden_only = set(theirs) - set(mine) - public
    assert hidden_only and not any(f'"{name}"' in text for name in hidden_only)
