"""The arena's schedule, statistics and results (tiny games, no strength claims)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from ossuary.agents.arena import (
    GameResult,
    elo_ratings,
    labels,
    pairwise,
    play_one,
    run_arena,
    schedule,
    summarize,
    wilson,
)


def result(winner_agent: str | None, agents: list[str], index: int = 0) -> GameResult:
    winner = None if winner_agent is None else agents.index(winner_agent)
    return GameResult(index, index, agents, None, 0, winner, winner_agent, 10, 2, [20, 5], 0.0)


def test_wilson_interval_matches_hand_computed_values() -> None:
    # 8 wins in 10, z = 1.96: centre 0.99208/1.38416, half-width 0.313624/1.38416
    lo, hi = wilson(8, 10, z=1.96)
    assert lo == pytest.approx(0.490164, abs=1e-5)
    assert hi == pytest.approx(0.943311, abs=1e-5)
    # no wins: the interval starts at 0 and ends at z²/(n + z²)
    lo, hi = wilson(0, 10, z=1.96)
    assert lo == 0.0
    assert hi == pytest.approx(3.8416 / 13.8416, abs=1e-9)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(1 - 0.277532, abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_is_the_bradley_terry_maximum_likelihood() -> None:
    games = [result("a", ["a", "b"], i) for i in range(3)] + [result("b", ["a", "b"], 3)]
    elo = elo_ratings(games, ["a", "b"], prior=0.0)
    # P(a beats b) = 3/4 -> g_a / g_b = 3 -> 400 log10 3 apart, centred on 1500
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(1500)
    # one virtual draw per pair: 3.5 to 1.5
    elo = elo_ratings(games, ["a", "b"])
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    # a cycle a > b > c > a is a three-way tie
    cycle = [
        result("a", ["a", "b"]),
        result("b", ["b", "c"]),
        result("c", ["c", "a"]),
    ]
    elo = elo_ratings(cycle, ["a", "b", "c"], prior=0.0)
    assert all(v == pytest.approx(1500, abs=1e-6) for v in elo.values())
    # a perfect record stays finite thanks to the prior
    sweep = [result("a", ["a", "b"], i) for i in range(5)]
    assert math.isfinite(elo_ratings(sweep, ["a", "b"])["b"])


def test_pairwise_counts_multiplayer_wins_and_draws() -> None:
    w = pairwise([result("a", ["a", "b", "c"]), result(None, ["a", "b"])])
    assert w[("a", "b")] == 1.5 and w[("b", "a")] == 0.5
    assert w[("a", "c")] == 1.0 and w[("c", "a")] == 0.0


def test_labels_tell_repeated_agents_apart() -> None:
    assert labels(["heuristic", "Heuristic", "random"]) == ["heuristic", "heuristic#2", "random"]


def test_schedule_rotates_seats_first_player_and_decks() -> None:
    plan = schedule(["x", "y"], 8, 2, ["D1", "D2"], seed=5)
    assert [g.seed for g in plan] == list(range(5, 13))
    # over a full cycle each agent has each seat, moves first and plays each deck equally
    seat0 = Counter(g.agents[0] for g in plan)
    first = Counter(g.agents[g.first] for g in plan)
    decks = Counter((g.agents[s], g.decks[s]) for g in plan if g.decks for s in range(2))
    assert seat0 == {"x": 4, "y": 4}
    assert first == {"x": 4, "y": 4}
    assert decks == {("x", "D1"): 4, ("x", "D2"): 4, ("y", "D1"): 4, ("y", "D2"): 4}
    # more agents than seats: every pair meets
    trio = schedule(["a", "b", "c"], 3, 2)
    assert {frozenset(g.agents) for g in trio} == {
        frozenset("ab"),
        frozenset("ac"),
        frozenset("bc"),
    }
    assert all(g.decks is None for g in trio)
    # fewer agents than seats: they repeat around the table
    assert schedule(["a", "b"], 1, 4)[0].agents == ("a", "b", "a", "b")


def test_at_three_seats_each_agent_sits_after_each_other_equally() -> None:
    """Turn order around the table matters at three seats or more (the seat
    after a weak player wins more: a Necromancer table of random, heuristic
    and a policy gave the policy 28% in one order and 54% in the other), so
    a full cycle plays every order, not only the rotations of one."""
    plan = schedule(["a", "b", "c"], 18, 3)
    after = Counter((g.agents[s], g.agents[(s + 1) % 3]) for g in plan for s in range(3))
    assert set(after.values()) == {9} and len(after) == 6  # each ordered pair, equally
    assert Counter(g.agents[0] for g in plan) == {"a": 6, "b": 6, "c": 6}
    assert Counter(g.agents[g.first] for g in plan) == {"a": 6, "b": 6, "c": 6}
    # two seats: the same schedule as ever (the shipped figures replay)
    assert [g.agents for g in schedule(["x", "y"], 4, 2)] == [("x", "y"), ("y", "x")] * 2


def test_duplicate_deals_are_played_from_every_seat() -> None:
    plan = schedule(["x", "y"], 8, 2, seed=5, duplicate=True)
    assert [g.seed for g in plan] == [5, 5, 6, 6, 7, 7, 8, 8]
    for a, b in zip(plan[::2], plan[1::2], strict=True):
        assert a.agents == tuple(reversed(b.agents))  # the same deal, seats swapped
        assert a.first == b.first  # ...and the same seat moves first
    assert Counter(g.agents[g.first] for g in plan) == {"x": 4, "y": 4}
    # more agents than seats: every line-up plays the deal from every seat
    trio = schedule(["a", "b", "c"], 12, 2, seed=1, duplicate=True)
    assert [g.seed for g in trio] == [1] * 6 + [2] * 6
    assert {g.agents for g in trio[:6]} == {
        ("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")
    }  # fmt: skip


def test_arena_plays_tiny_games_and_summarizes() -> None:
    plan = schedule(["random", "heuristic"], 4, 2, seed=3)
    seen: list[int] = []
    results = run_arena(plan, workers=1, on_result=lambda r: seen.append(r.index))
    assert [r.index for r in results] == [0, 1, 2, 3] == sorted(seen)
    for r in results:
        assert r.winner is not None and r.winner_agent == r.agents[r.winner]
        assert r.length > 0 and r.turns > 0 and max(r.returns) == 1.0
    again = play_one(plan[1])
    assert (again.winner, again.length, again.returns) == (
        results[1].winner,
        results[1].length,
        results[1].returns,
    )
    summary = summarize(results, ["random", "heuristic"])
    per = summary["agents"]
    assert per["random"]["games"] == per["heuristic"]["games"] == 4
    assert per["random"]["wins"] + per["heuristic"]["wins"] == 4
    assert "random vs heuristic" in summary["head_to_head"]


def test_arena_on_two_processes_gives_the_same_results() -> None:
    plan = schedule(["random", "ismcts:iters=10"], 2, 2, seed=7)
    one = run_arena(plan, workers=1)
    two = run_arena(plan, workers=2)
    strip = [(r.index, r.winner, r.length, r.returns) for r in one]
    assert strip == [(r.index, r.winner, r.length, r.returns) for r in two]
