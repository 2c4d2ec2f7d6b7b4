"""What the search agents learn of Diabolicards (``diabolicards/evaluate.py``):
the default choices, settling, the value of a position, and how ISMCTS uses
them. No rule is checked here; the rules tests do that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ossuary import diabolicards
from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, Observation
from ossuary.agents.ismcts import Node
from ossuary.agents.knowledge import knowledge_for
from ossuary.diabolicards import DiaboState
from ossuary.diabolicards.evaluate import (
    cards_to_come,
    default_choice,
    evaluate,
    scale,
    settle,
    tree_default,
    values,
)
from ossuary.diabolicards.rules import PARSE
from ossuary.engine.core import GameState
from ossuary.engine.rng import Rng

from .script import act, card, play, scenario


def positions(seats: int, seed: int, count: int) -> Iterator[DiaboState]:
    """Positions of one random game, every decision along the way."""
    s = diabolicards.new_game(seats=seats, seed=seed)
    rng = Rng(seed)
    while not s.is_terminal() and count > 0:
        yield s
        count -= 1
        s.apply_action(rng.choice(s.legal_action_ids()))


def kill_pending() -> DiaboState:
    # Dominique's Anti-Apex in the Gang Hideout: two enemy Apexes to choose from
    s = scenario(
        """
        [[seat]]
        hand = ["Dominique", "Viper"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        [[side]]
        the_gang_hideout = ["Captain Adequate", "Aegis"]
        """
    )
    act(s, play(s, "Dominique", "gang"))
    pending = s.decision()
    assert pending is not None and pending.kind == "kill"
    return s


def test_the_default_kill_takes_the_strongest_enemy_card() -> None:
    s = kill_pending()
    assert default_choice(s) == f"kill {card(s, 'Aegis')}"  # power 5, not 0


def test_the_tree_branches_on_turns_and_takes_the_default_inside_them() -> None:
    s = kill_pending()
    assert tree_default(s) == default_choice(s)
    s.apply_action(default_choice(s))
    while (d := s.decision()) is not None and d.kind != "turn":
        s.apply_action(default_choice(s))
    assert s.decision() is not None
    assert tree_default(s) is None  # a turn: the search branches
    assert knowledge_for("diabolicards").tree_default is tree_default


@pytest.mark.parametrize("seats", [2, 4])
def test_evaluate_settles_a_copy_and_gives_prospects(seats: int) -> None:
    for s in positions(seats, seed=seats, count=60):
        before = s.serialize()
        v = evaluate(s)
        assert s.serialize() == before  # the position itself is left alone
        assert v == values(settle(s))  # quiet positions skip the copy, same value
        assert len(v) == seats and all(0.0 < x < 1.0 for x in v)
        assert v[0] + v[1] == pytest.approx(1.0)
        if seats == 4:
            assert v[0] == v[2] and v[1] == v[3]  # teammates share a value


def test_a_finished_game_is_won_lost_or_tied() -> None:
    s = diabolicards.new_game(seats=2, seed=5)
    rng = Rng(5)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_action_ids()))
    v = evaluate(s)
    if s.winner is None:
        assert v == [0.5, 0.5]
    else:
        assert v[s.winner] == 1.0 and v[1 - s.winner] == 0.0


def test_settling_stops_at_a_turn_with_the_kill_done() -> None:
    s = kill_pending()
    after = settle(s)
    assert after.decision() is not None and after.decision().kind == "turn"  # type: ignore[union-attr]
    assert after.place[card(s, "Aegis")] < 0  # killed by the default choice
    assert s.place[card(s, "Aegis")] >= 0  # the original is untouched


def lead_of_seven(rest: str, mode: str = "1v1") -> DiaboState:
    seats = '[[seat]]\nhand = ["Viper"]\n[[seat]]\nhand = ["Lil Sprocket"]\n'
    if mode == "2v2":  # two more seats with empty hands: the same cards to come
        seats += "[[seat]]\n[[seat]]\n"
    return scenario(
        f"""
        [game]
        mode = "{mode}"
        rest = "{rest}"
        {seats}
        [[side]]
        the_gang_hideout = ["Big Tuna"]
        [[side]]
        """
    )


def test_a_lead_is_worth_more_as_the_cards_run_out() -> None:
    # The same seven-point lead with the deck full and with it empty: early
    # on, many cards are still to come and the lead is far from safe.
    early, late = lead_of_seven("deck"), lead_of_seven("dead")
    assert scale(early) == len(early.deck) + 2 > 60
    assert scale(late) == 2.0  # the floor: two cards left in hands
    assert 0.5 < values(early)[0] < 0.6 < values(late)[0] < 1.0
    assert values(early)[1] == pytest.approx(1.0 - values(early)[0])


def test_a_lead_counts_for_more_in_2v2_with_as_many_cards_to_come() -> None:
    # In 2v2 four hands hold more of the cards still to come, and heuristic
    # games are decided by smaller leads than in 1v1: the calibration fitted a
    # width of about 0.6 of the cards left (docs/ai.md, "What was tried for
    # Diabolicards", 2026-11-24, cd1a559).
    one, two = lead_of_seven("deck"), lead_of_seven("deck", "2v2")
    assert cards_to_come(one) == cards_to_come(two) > 60
    assert scale(two) == pytest.approx(0.6 * scale(one))
    assert 0.5 < values(one)[0] < values(two)[0] < 0.6
    assert values(two) == [values(two)[0], values(two)[1]] * 2  # teammates share it


def _turn_option(aid: str) -> bool:
    return aid in PARSE or aid == "purge" or aid.startswith(("trade ", "trio "))


def test_ismcts_tree_below_the_root_holds_only_turns() -> None:
    # The agent's own decision at the root is searched whatever its kind; below
    # it, choices inside a turn take the default instead of growing the tree.
    s = diabolicards.new_game(seats=2, seed=3)
    agent = ISMCTSAgent(1, Budget(iterations=300))
    seat = s.current_player()
    assert seat is not None
    agent.act(Observation.of(s, seat))
    assert agent._last is not None
    root = agent._last[0]
    below: list[Node] = [c for c in root.children.values()]
    seen = 0
    while below:
        node = below.pop()
        for key, child in node.children.items():
            assert _turn_option(key), key
            below.append(child)
            seen += 1
    assert seen > 0  # the tree did grow below the root


def test_ismcts_searches_a_kill_at_its_root() -> None:
    s = kill_pending()
    agent = ISMCTSAgent(2, Budget(iterations=200))
    aid = agent.act(Observation.of(s, 0))
    assert aid in s.legal_action_ids()
    assert agent._last is not None
    assert set(agent._last[0].children) == set(s.legal_action_ids())  # every target tried


def _root_visits(monkeypatch: pytest.MonkeyPatch, squeeze: float, relative: bool) -> dict[str, int]:
    """The root's visit counts after a search whose evaluation is squeezed
    towards 1/2 by ``squeeze`` (1: as it is)."""
    import dataclasses

    know = knowledge_for("diabolicards")

    def squeezed(state: GameState) -> list[float]:
        return [0.5 + (v - 0.5) * squeeze for v in know.evaluate(state)]

    # the search's own late-game judge off: the squeezed one cuts every playout
    fake = dataclasses.replace(know, evaluate=squeezed, search_evaluate=None)
    monkeypatch.setattr(diabolicards.GAME, "knowledge", lambda: fake)  # the Game's own
    s = diabolicards.new_game(seats=2, seed=8)
    seat = s.current_player()
    assert seat is not None
    agent = ISMCTSAgent(3, Budget(iterations=400), relative=relative)
    agent.act(Observation.of(s, seat))
    assert agent._last is not None
    return {k: n.visits for k, n in agent._last[0].children.items()}


def test_relative_values_make_the_search_blind_to_the_curves_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Early in a game the calibrated evaluation moves by little from one move
    # to the next; comparing the children's means relative to each other
    # (min-max) makes the search the same however flat the curve is.
    assert knowledge_for("diabolicards").relative_values
    as_is = _root_visits(monkeypatch, 1.0, relative=True)
    assert _root_visits(monkeypatch, 0.01, relative=True) == as_is
    assert max(as_is.values()) > 2 * min(as_is.values())  # it did prefer some moves
    # without it, a flat curve leaves the exploration term to spread the visits
    flat = _root_visits(monkeypatch, 0.01, relative=False)
    assert max(flat.values()) - min(flat.values()) < max(as_is.values()) - min(as_is.values())


@pytest.mark.parametrize("seats", [2, 4])
def test_the_heuristic_and_ismcts_play_legal_games_in_both_modes(seats: int) -> None:
    from ossuary.agents import play_game

    s = diabolicards.new_game(seats=seats, seed=11)
    agents = [
        ISMCTSAgent(seat, Budget(iterations=30)) if seat % 2 == 0 else HeuristicAgent(seat)
        for seat in range(seats)
    ]
    play_game(s, agents)
    assert s.is_terminal()


def test_common_samples_deal_one_pool_per_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    # Diabolicards asks ISMCTS for common samples: a root option's n-th visit
    # is played on the (n mod size)-th deal of a pool dealt once per decision,
    # so a search deals the pool and one first sample, not one per iteration.
    size = knowledge_for("diabolicards").common_samples
    assert size > 0
    s = diabolicards.new_game(seats=2, seed=8)
    seat = s.current_player()
    assert seat is not None
    dealt = {"count": 0}
    real = Observation.sample

    def counting(self: Observation, rng: Rng) -> GameState:
        dealt["count"] += 1
        return real(self, rng)

    monkeypatch.setattr(Observation, "sample", counting)
    for common, deals in ((None, 1 + size), (0, 1 + 3000)):
        dealt["count"] = 0
        agent = ISMCTSAgent(3, Budget(iterations=3000), common_samples=common, stop_early=False)
        agent.act(Observation.of(s, seat))
        assert agent._last is not None
        assert max(n.visits for n in agent._last[0].children.values()) > size
        assert dealt["count"] == deals


def _finds_the_better_move(monkeypatch: pytest.MonkeyPatch, common: int, seed: int) -> bool:
    """Whether the search plays the one card worth a little more, under an
    evaluation whose luck of the deal (the deck's bottom card, hidden from
    the seat, never drawn in a few turns) is fifty times that difference."""
    import dataclasses

    # under 10 cards in the deck: no contract turn, so no move reshuffles it
    s = scenario(
        """
        [game]
        rest = "dead"
        deck = ["Knuckles", "Viper", "Lodestar", "Aegis", "Jock Jensen", "Nerd Nguyen",
                "VP Marsh", "Auditor Kell"]
        [[seat]]
        hand = ["Barista Bo", "Intern Ivy", "Pizza Pete", "Librarian Lou"]
        [[seat]]
        hand = ["Tourist Tim", "Yoga Yolanda", "Old Thunder"]
        """
    )
    target = card(s, "Pizza Pete")

    def lucky(state: GameState) -> list[float]:
        assert isinstance(state, DiaboState)
        luck = (state.deck[0] * 37 % 80) / 80 * 0.4 if state.deck else 0.0
        v = 0.3 + luck + (0.004 if state.place[target] >= 0 else 0.0)
        return [v if p % 2 == 0 else 1 - v for p in range(state.n)]

    know = knowledge_for("diabolicards")
    fake = dataclasses.replace(know, evaluate=lucky, search_evaluate=None)
    monkeypatch.setattr(diabolicards.GAME, "knowledge", lambda: fake)  # the Game's own
    agent = ISMCTSAgent(seed, Budget(iterations=600), rollout_depth=0, common_samples=common)
    aid = agent.act(Observation.of(s, 0))
    return PARSE[aid][0] == target


def test_common_samples_tell_moves_apart_through_the_luck_of_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # On the same deals the luck cancels out of the comparison; on fresh
    # deals it drowns the difference.
    found = {
        common: sum(_finds_the_better_move(monkeypatch, common, seed) for seed in range(6))
        for common in (16, 0)
    }
    assert found[16] == 6
    assert found[0] <= 3


@pytest.mark.parametrize(("seats", "moves"), [(2, 4), (4, 8)])
def test_a_playout_gives_every_seat_two_turns(seats: int, moves: int) -> None:
    # a move is mostly a whole turn: four in 1v1, eight in 2v2
    know = knowledge_for("diabolicards")
    assert callable(know.rollout_depth)
    assert know.rollout_depth(diabolicards.new_game(seats=seats, seed=1)) == moves


@pytest.mark.parametrize("seats", [2, 4])
def test_ismcts_plays_out_as_many_moves_as_the_game_asks_for_the_state(
    monkeypatch: pytest.MonkeyPatch, seats: int
) -> None:
    import dataclasses

    know = knowledge_for("diabolicards")
    moves: list[int] = []

    def counted(state: GameState, rng: Rng) -> str:
        assert isinstance(state, DiaboState)
        moves.append(state.n)
        return know.rollout_policy(state, rng)

    fake = dataclasses.replace(
        know, rollout_policy=counted, rollout_depth=lambda s: 3 if s.n == 2 else 5
    )
    monkeypatch.setattr(diabolicards.GAME, "knowledge", lambda: fake)  # the Game's own
    s = diabolicards.new_game(seats=seats, seed=2)
    ISMCTSAgent(1, Budget(iterations=1)).act(Observation.of(s, s.current_player() or 0))
    # one iteration: expand one root option, then the playout (early in a
    # game, nothing ends it sooner)
    assert moves == [seats] * (3 if seats == 2 else 5)
