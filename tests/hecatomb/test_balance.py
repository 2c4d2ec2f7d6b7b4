"""Balance by simulation (issue: the base set): random legal decks, played-card
win rates with Wilson intervals, and ``ossuary balance``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ossuary.cli.main import app
from ossuary.engine.rng import Rng
from ossuary.hecatomb import base_pool, validate_deck
from ossuary.hecatomb.balance import BalanceGame, card_stats, random_deck, simulate

POOL = base_pool()


def test_random_decks_are_legal_two_doom_decks_and_seeded() -> None:
    for seed in range(20):
        deck = random_deck(POOL, Rng(seed))
        validate_deck(deck, POOL)
        assert len({POOL[n].doom for n in deck}) == 2
        assert deck == random_deck(POOL, Rng(seed))


def _game(decks: list[list[str]], played: list[list[str]], winner: int | None) -> BalanceGame:
    return BalanceGame(seed=0, decks=decks, played=played, winner=winner, actions=1)


def test_card_stats_count_deck_and_played_wins_and_flag_outliers() -> None:
    a, b, c = sorted(POOL.names())[:3]
    # a and b are in every deck of seat 0 / seat 1; seat 0 wins 40 of 41 games.
    # c is in both decks, so it wins exactly half the time it is held.
    games = [_game([[a, c], [b, c]], [[a], [b]], 0) for _ in range(40)]
    games.append(_game([[a, c], [b, c]], [[a, b], []], 1))
    baseline, stats = card_stats(games, POOL)
    by_name = {s.name: s for s in stats}
    assert baseline == 0.5
    assert (by_name[a].decks, by_name[a].deck_wins) == (41, 40)
    assert (by_name[a].played, by_name[a].wins) == (41, 40)
    assert by_name[a].verdict == "strong" and by_name[a].low > 0.55
    assert (by_name[b].decks, by_name[b].deck_wins, by_name[b].played) == (41, 1, 41)
    assert by_name[b].verdict == "weak"
    assert (by_name[c].decks, by_name[c].deck_wins, by_name[c].played) == (82, 41, 0)
    assert by_name[c].verdict == ""
    # a card seen in few games is never flagged: its interval is too wide
    few = [_game([[a], []], [[a], []], 0) for _ in range(3)]
    assert {s.verdict for s in card_stats(few, POOL)[1]} == {""}


def test_simulated_games_record_cards_from_the_seats_decks() -> None:
    games = simulate(3, "random", seats=2, workers=1)
    assert [g.seed for g in games] == [0, 1, 2]
    for g in games:
        for deck, played in zip(g.decks, g.played, strict=True):
            assert set(played) <= set(deck)
        assert g.winner in (0, 1, None)


def test_balance_command_reports_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "balance.json"
    result = CliRunner().invoke(
        app, ["balance", "--games", "4", "--agent", "random", "--workers", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "Strongest" in result.output and "Weakest" in result.output
    data = json.loads(out.read_text("utf-8"))
    assert len(data["games"]) == 4 and len(data["cards"]) == len(POOL)


def test_balance_command_bad_input() -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["balance", "--games", "0"]).exit_code == 2
    bad = runner.invoke(app, ["balance", "--agent", "nobody"])
    assert bad.exit_code == 2 and "--agent" in bad.output


def test_deck_round_robin_plays_every_pair_both_ways() -> None:
    from ossuary.agents.arena import deck_round_robin
    from ossuary.hecatomb import preconstructed

    decks = list(preconstructed())[:3]
    results = deck_round_robin("hecatomb", decks, 2, agent="random", workers=1)
    assert {d: n for d, (n, _) in results.items()} == {d: 4 for d in decks}
    assert sum(w for _, w in results.values()) <= 6  # one winner at most per game


def test_balance_decks_command() -> None:
    result = CliRunner().invoke(
        app, ["balance", "--decks", "--games", "1", "--agent", "random", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "Win rate" in result.output
