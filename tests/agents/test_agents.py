"""The agent protocol: Observation, RandomAgent, make_agent and play_game."""

from __future__ import annotations

import pytest

from ossuary import hecatomb
from ossuary.agents import Agent, Observation, RandomAgent, known_agents, make_agent, play_game
from ossuary.engine import GameState


def _random_walk(seed: int, agent_seed: int, steps: int = 60) -> list[str]:
    state = hecatomb.new_game(seed=seed)
    agent = RandomAgent(agent_seed)
    chosen = []
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        aid = agent.act(Observation.of(state, seat))
        assert aid in {a.id for a in legal}
        chosen.append(aid)
        state.apply_action(aid)
    return chosen


def test_random_agent_returns_only_legal_ids() -> None:
    for seed in range(5):
        assert _random_walk(seed, seed + 100)


def test_random_agent_is_deterministic_per_seed() -> None:
    assert _random_walk(4, 7) == _random_walk(4, 7)
    assert _random_walk(4, 7) != _random_walk(4, 8)


def test_random_agent_needs_an_option() -> None:
    with pytest.raises(ValueError):
        RandomAgent(0).act(Observation.of(hecatomb.new_game(seed=1), 0, [], "legal"))


def test_make_agent_knows_random_and_names_known_agents_otherwise() -> None:
    agent = make_agent("random", 3)
    assert isinstance(agent, RandomAgent)
    assert isinstance(agent, Agent)
    assert agent.name == "random"
    assert isinstance(make_agent(" Random ", 3), RandomAgent)
    assert {"random", "heuristic", "ismcts"} <= set(known_agents())
    with pytest.raises(ValueError, match=r"known agents: .*random"):
        make_agent("grandmaster", 0)


class Spy:
    """An agent that checks it is given exactly its seat's observation."""

    name = "spy"

    def __init__(self, state_ref: list[GameState], seed: int) -> None:
        self.state_ref = state_ref
        self.inner = RandomAgent(seed)
        self.calls = 0

    def act(self, obs: Observation) -> str:
        state = self.state_ref[0]
        seat = state.current_player()
        assert seat is not None
        assert obs.seat == seat
        assert isinstance(obs.view, dict)
        assert obs.view["seat"] == seat
        assert obs.view == state.view(seat)
        assert obs.legal == state.legal_actions()
        self.calls += 1
        return self.inner.act(obs)


def test_play_game_plays_to_the_end_giving_agents_only_their_observation() -> None:
    state = hecatomb.new_game(seed=2)
    spies = [Spy([state], 1), Spy([state], 2)]
    seen: list[tuple[int, str]] = []
    out = play_game(state, spies, observer=lambda s, seat, a: seen.append((seat, a.id)))
    assert out is state
    assert state.is_terminal()
    assert state.winner is not None
    assert spies[0].calls > 0 and spies[1].calls > 0
    assert [aid for _, aid in seen] == state.history


def test_play_game_same_seeds_same_game() -> None:
    def game() -> list[str]:
        s = play_game(hecatomb.new_game(seed=9), [make_agent("random", 1), make_agent("random", 2)])
        return s.history

    assert game() == game()


def test_play_game_stops_after_max_actions() -> None:
    state = hecatomb.new_game(seed=2)
    play_game(state, [RandomAgent(1), RandomAgent(2)], max_actions=5)
    assert len(state.history) == 5
    assert not state.is_terminal()


class Cheater:
    name = "cheater"

    def act(self, obs: Observation) -> str:
        return "not an action"


def test_play_game_rejects_an_illegal_choice_and_a_wrong_agent_count() -> None:
    state = hecatomb.new_game(seed=2)
    with pytest.raises(ValueError, match="cheater"):
        play_game(state, [Cheater(), Cheater()])
    assert state.history == []
    with pytest.raises(ValueError, match="2 agents"):
        play_game(state, [RandomAgent(0)])
