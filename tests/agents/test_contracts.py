"""Contracts every agent keeps, whatever its strength: only legal actions, the
same choices for the same seed, and no way to the hidden cards.

These tests use no particular card or deck: positions come from random games
with the default decks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from ossuary import hecatomb
from ossuary.agents import (
    Budget,
    GameKnowledge,
    ISMCTSAgent,
    Observation,
    RandomAgent,
    knowledge_for,
    make_agent,
    play_game,
)
from ossuary.engine import GameState
from ossuary.engine.contract import shared_mutables
from ossuary.engine.rng import Rng
from ossuary.hecatomb import HecatombState

# small budgets: contracts, not strength; "learned" plays the shipped policy,
# which is for two seats, so it is given only two-seat positions
SPECS = ("random", "heuristic", "ismcts:iters=24", "learned", "guided:iters=12")


def fits(spec: str, state: HecatombState) -> bool:
    return spec != "learned" or state.n == 2


def positions(count: int, seed: int = 0) -> Iterator[HecatombState]:
    """Positions met in random games: every few actions, all kinds of decision."""
    rng = Rng(seed)
    game = 0
    found = 0
    while found < count:
        state = hecatomb.new_game(seed=seed * 1000 + game, seats=2 + game % 2)
        game += 1
        walker = RandomAgent(game)
        step = 0
        while not state.is_terminal() and found < count:
            seat = state.current_player()
            assert seat is not None
            if step % 7 == rng.below(7) and len(state.legal_action_ids()) > 1:
                found += 1
                yield state.clone()
            state.apply_action(walker.act(Observation.of(state, seat)))
            step += 1


@pytest.mark.parametrize("spec", SPECS)
def test_agents_choose_only_legal_actions(spec: str) -> None:
    count = {"random": 150, "heuristic": 60, "ismcts:iters=24": 25, "learned": 100,
             "guided:iters=12": 25}[spec]  # fmt: skip
    kinds = set()
    for i, state in enumerate(positions(count, seed=len(spec))):
        if not fits(spec, state):
            continue
        seat = state.current_player()
        assert seat is not None
        before = state.serialize()
        aid = make_agent(spec, i).act(Observation.of(state, seat))
        assert aid in state.legal_action_ids()
        assert state.serialize() == before  # the agent changed nothing
        kinds.add(state.pending.kind if state.pending else "")
    assert "main" in kinds and len(kinds) >= 3  # not only main phases


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iters=20", "guided:iters=20"])
def test_same_seed_same_game(spec: str) -> None:
    def game(seed: int) -> list[str]:
        state = hecatomb.new_game(seed=21)
        agents = [make_agent(spec, seed), make_agent("random", 5)]
        return play_game(state, agents, max_actions=60).history

    assert game(3) == game(3)


def test_ismcts_is_deterministic_decision_by_decision() -> None:
    for state in positions(6, seed=9):
        seat = state.current_player()
        assert seat is not None
        a = ISMCTSAgent(4, Budget(iterations=40)).act(Observation.of(state, seat))
        b = ISMCTSAgent(4, Budget(iterations=40)).act(Observation.of(state, seat))
        assert a == b


def hidden_swap(state: HecatombState) -> HecatombState | None:
    """The same position for the deciding seat, but with one opponent's hand card
    and one of their deck cards (of another name) exchanged, known bits too.
    None when no opponent has such a pair."""
    seat = state.current_player()
    assert seat is not None
    bit = 1 << seat
    for q, other in enumerate(state.seats):
        if q == seat:
            continue
        for i, h in enumerate(other.hand):
            if state.known[h] & bit:
                continue
            for j, d in enumerate(other.deck):
                if state.known[d] & bit or state.defs[d].name == state.defs[h].name:
                    continue
                twin = state.clone()
                twin.seats[q].hand[i], twin.seats[q].deck[j] = d, h
                twin.known[h], twin.known[d] = state.known[d], state.known[h]
                return twin
    return None


@pytest.mark.parametrize("spec", SPECS)
def test_agents_cannot_see_the_opponents_hidden_cards(spec: str) -> None:
    tried = 0
    for i, state in enumerate(positions(60, seed=3)):
        twin = hidden_swap(state)
        if twin is None or not fits(spec, state):
            continue
        seat = state.current_player()
        assert seat is not None
        assert twin.serialize() != state.serialize()  # the truth differs...
        assert twin.view(seat) == state.view(seat)  # ...but not what the seat sees
        real = make_agent(spec, i).act(Observation.of(state, seat))
        other = make_agent(spec, i).act(Observation.of(twin, seat))
        assert real == other
        tried += 1
        if tried >= (12 if spec.startswith(("ismcts", "guided")) else 25):
            break
    assert tried >= 5


def test_samples_depend_only_on_what_the_seat_knows() -> None:
    for state in positions(15, seed=4):
        twin = hidden_swap(state)
        if twin is None:
            continue
        seat = state.current_player()
        assert seat is not None
        a = Observation.of(state, seat).sample(Rng(11))
        b = Observation.of(twin, seat).sample(Rng(11))
        assert isinstance(a, HecatombState) and isinstance(b, HecatombState)
        assert [s.hand for s in a.seats] == [s.hand for s in b.seats]
        assert [s.deck for s in a.seats] == [s.deck for s in b.seats]


def test_samples_carry_only_the_seats_redacted_log() -> None:
    state = play_game(hecatomb.new_game(seed=4), [RandomAgent(1), RandomAgent(2)], max_actions=30)
    seat = state.current_player()
    assert seat is not None
    sample = Observation.of(state, seat).sample(Rng(1))
    assert sample.log == list(state.iter_log(seat))
    assert not any("card" in e for e in sample.log if e.get("private") not in (None, seat))


def test_the_observation_offers_no_way_to_the_state() -> None:
    state = hecatomb.new_game(seed=2)
    seat = state.current_player()
    assert seat is not None
    obs = Observation.of(state, seat)
    public = [name for name in dir(obs) if not name.startswith("_")]
    assert sorted(public) == [
        "legal",
        "of",
        "ruleset",
        "sample",
        "seat",
        "seats",
        "serialize",
        "view",
    ]
    # its text (for an agent in another process) is the seat's information
    # state: no seed, no history, the hidden cards dealt anew
    text = json.loads(obs.serialize())
    assert text["seed"] is None and text["history"] == [] and text["perspective"] == seat
    assert obs.serialize() == state.information_state(seat).serialize()
    for name in public:
        value = getattr(obs, name)
        assert value is not state
        assert not isinstance(value, GameState)
    # nothing reachable from it, private slots included, is part of the game
    assert shared_mutables(obs, state) == []
    assert not hasattr(obs, "state")
    assert not hasattr(obs, "__dict__")  # slots only: nothing can be hung on it
    sample = obs.sample(Rng(1))
    assert sample is not state
    sample.apply_action(sample.legal_action_ids()[0])  # searching a sample...
    assert len(state.history) == 0  # ...leaves the game alone


def test_ismcts_budgets_and_specs() -> None:
    assert Budget.parse(None) == Budget(seconds=1.0)
    assert Budget.parse("2.5") == Budget(seconds=2.5)
    assert Budget.parse("iters=300") == Budget(iterations=300)
    for bad in ("fast", "iters=0", "iters=x", "-1", "0", "nan"):
        with pytest.raises(ValueError, match="ismcts"):
            Budget.parse(bad)
    agent = make_agent("ISMCTS:iters=50", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.budget.iterations == 50
    assert agent.name == "ismcts:iters=50"
    assert make_agent("ismcts", 1).name == "ismcts:1"
    with pytest.raises(ValueError, match="takes no parameter"):
        make_agent("random:3", 0)


def test_ismcts_iteration_budget_and_tree_reuse() -> None:
    state = hecatomb.new_game(seed=8)
    agent = ISMCTSAgent(2, Budget(iterations=60))
    played: list[int] = []
    play_game(
        state,
        [agent, make_agent("heuristic", 1)],
        observer=lambda _s, seat, _a: played.append(seat),
        max_actions=80,
    )
    assert 0 < agent.searches <= played.count(0)
    assert agent.iterations <= 60 * agent.searches  # never over budget (may stop early)
    assert agent.reused > 0  # follow-ups to its own moves start from the kept subtree


def test_ismcts_time_budget_returns_in_time() -> None:
    import time

    for state in positions(3, seed=5):
        seat = state.current_player()
        assert seat is not None
        start = time.perf_counter()
        aid = make_agent("ismcts:0.05", 0).act(Observation.of(state, seat))
        assert time.perf_counter() - start < 1.0  # generous: shared CI machines
        assert aid in state.legal_action_ids()


def test_evaluation_is_registered_and_in_range() -> None:
    know = knowledge_for("hecatomb")
    assert isinstance(know, GameKnowledge)
    for state in positions(30, seed=6):
        values = know.evaluate(state)
        assert len(values) == state.n
        assert all(0.0 <= v <= 1.0 for v in values)
        if state.n == 2:
            assert values[0] + values[1] == pytest.approx(1.0)
        assert state.serialize() == state.clone().serialize()
    done = play_game(hecatomb.new_game(seed=1), [RandomAgent(1), RandomAgent(2)])
    assert done.winner is not None
    assert know.evaluate(done)[done.winner] == 1.0
    with pytest.raises(ValueError, match="no evaluation"):
        knowledge_for("no-such-game")
