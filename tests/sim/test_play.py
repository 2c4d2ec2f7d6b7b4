"""What the simulator records of each game, for every registered game: one row per
seat, scores that add up, cards from the seat's own deck, resources per turn."""

from __future__ import annotations

import json

import pytest

from ossuary import games
from ossuary.sim.plan import SimConfig
from ossuary.sim.play import play_chunk, schema, team_scores

from .conftest import small_config

# every registered game, at its smallest and largest seat count: the games being
# built now are covered as soon as they register
CASES = sorted(
    {(name, n) for name in games.names() for n in (min(games.get(name).seat_counts),
                                                    max(games.get(name).seat_counts))}
)  # fmt: skip


def test_scores_share_the_win_between_tied_teams() -> None:
    assert team_scores([1.0, -1.0], [0, 1]) == [1.0, 0.0]
    assert team_scores([0.0, 0.0], [0, 1]) == [0.5, 0.5]  # a draw is half a win
    assert team_scores([1.0, -1.0, 1.0, -1.0], [0, 1, 0, 1]) == [1.0, 0.0, 1.0, 0.0]  # 2v2
    assert team_scores([1.0, 1.0, -1.0], [0, 1, 2]) == [0.5, 0.5, 0.0]
    assert team_scores([0.0, 0.0, 0.0], [0, 1, 2]) == pytest.approx([1 / 3] * 3)


def _config(name: str, seats: int) -> SimConfig:
    return SimConfig(name, ("random",), seats=seats, seed=11)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_chunk_records_every_seat_of_every_game(name: str, seats: int) -> None:
    game = games.get(name)
    config = _config(name, seats)
    table = play_chunk(json.dumps(config.to_json()), 3, 5)
    assert table.schema.equals(schema(game.statistics.resources))
    rows = table.to_pylist()
    assert [(r["game"], r["seat"]) for r in rows] == [(g, s) for g in (3, 4) for s in range(seats)]
    teams = game.teams(seats)
    for g in (3, 4):
        mine = [r for r in rows if r["game"] == g]
        assert all(r["error"] is None for r in mine), mine[0]["error"]
        # the winning teams' scores add up to one per game (shared when tied);
        # teammates (2v2) each carry their team's score
        by_team = {teams[r["seat"]]: r["score"] for r in mine}
        assert all(r["score"] == by_team[teams[r["seat"]]] for r in mine)
        if all(r["finished"] for r in mine):
            assert sum(by_team.values()) == pytest.approx(1.0)
        assert {r["seed"] for r in mine} == {config.seed + g}
        assert all(r["won"] == (r["finished"] and r["score"] == 1.0) for r in mine)
        assert len({r["first"] for r in mine}) == 1
        assert sorted(r["order"] for r in mine) == list(range(seats))
        for r in mine:
            deck = dict(r["deck_cards"])
            assert set(dict(r["played"])) <= set(deck) or not deck
            assert all(n <= deck.get(c, n) for c, n in r["drawn"])
            for res in game.statistics.resources:
                assert len(r[f"res_{res}"]) == r["turns"]
                assert r[f"final_{res}"] is not None


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_same_index_gives_the_same_game(name: str, seats: int) -> None:
    text = json.dumps(_config(name, seats).to_json())
    a = play_chunk(text, 7, 8).drop_columns(["seconds", "cpu_seconds", "worker"])
    b = play_chunk(text, 6, 8).drop_columns(["seconds", "cpu_seconds", "worker"]).slice(seats)
    assert a.equals(b)


def test_random_decks_record_the_cards_and_their_families() -> None:
    table = play_chunk(json.dumps(small_config(seed=3).to_json()), 0, 2)
    groups = games.get("hecatomb").cards.groups()
    for r in table.to_pylist():
        assert r["deck"] == "random"
        deck = dict(r["deck_cards"])
        assert sum(deck.values()) >= 40
        assert len({groups[c] for c in deck}) == 2  # two dooms
