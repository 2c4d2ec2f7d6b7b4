"""Ratings (docs/server.md, "Ratings"): places from a game's outcome, the shown
scale, and players of known strength ordered correctly after a few hundred
games at free-for-all and team tables."""

from __future__ import annotations

import pytest

from ossuary import games
from ossuary.agents.arena import GameSpec, play_one
from ossuary.server import ratings
from ossuary.server.matchmaking import Entry, QueueKey, Queues
from ossuary.server.ratings import Skill


def test_a_new_player_is_1500_and_provisional() -> None:
    new = Skill()
    assert ratings.shown(new) == 1500
    assert ratings.label(new) == "1500?"
    settled = Skill(mu=30.0, sigma=2.0, games=40)
    assert ratings.label(settled) == "1650"
    assert ratings.conservative(settled) == 24.0


def test_the_mode_is_named_as_a_player_names_the_table() -> None:
    diabolicards = games.get("diabolicards")
    hecatomb = games.get("hecatomb")
    assert ratings.mode_name(diabolicards.modes, 2) == "1v1"
    assert ratings.mode_name(diabolicards.modes, 4) == "2v2"
    assert ratings.mode_name(hecatomb.modes, 4) == "4 players"


def test_places_put_the_winner_first_and_tie_the_losers() -> None:
    assert ratings.places([0, 1, 2, 3], 2) == [2, 2, 1, 2]
    assert ratings.places([0, 1, 0, 1], 1) == [2, 1, 2, 1]  # teams share a place
    assert ratings.places([0, 1, 2], None) == [1, 1, 1]  # nobody won: a draw


def test_a_seat_that_left_comes_last_even_on_the_winning_side() -> None:
    assert ratings.places([0, 1, 2, 3], 2, left=[0]) == [3, 2, 1, 2]
    assert ratings.places([0, 1, 2, 3], 2, left=[2]) == [1, 1, 2, 1]  # the others tie first
    assert ratings.places([0, 1, 0, 1], 0, left=[2]) == [2, 1, 2, 1]  # its partner too
    assert ratings.places([0, 1, 2], None, left=[1]) == [1, 2, 1]


def test_a_win_moves_the_winner_up_and_the_losers_down() -> None:
    after = ratings.rate([0, 1, 2], ratings.places([0, 1, 2], 0), [Skill()] * 3)
    assert ratings.shown(after[0]) > 1500 > ratings.shown(after[1]) == ratings.shown(after[2])
    assert all(s.games == 1 and s.sigma < ratings.SIGMA for s in after)
    assert ratings.change(Skill(), after[0]).startswith("+")
    assert ratings.change(Skill(), after[1]).startswith("-")
    assert ratings.change(Skill(), Skill()) == "±0"


def test_a_game_needs_two_sides_and_a_place_per_seat() -> None:
    with pytest.raises(ValueError, match="two sides"):
        ratings.rate([0, 0], [1, 1], [Skill(), Skill()])
    with pytest.raises(ValueError):
        ratings.rate([0, 1], [1], [Skill(), Skill()])


# -- players of known strength, seated by the matchmaker ---------------------------------------
# Four players play with the heuristic agent and four at random (the heuristic
# wins nearly every game against random: docs/ai.md), each an account of its
# own. Whoever is not at a table queues again with the rating it has now, and
# the matchmaker's own rules (server/matchmaking.py: the window widening while
# they wait, the team split) make the tables, as the server's matcher does.
# After the games every heuristic player must be rated above every random one.
PLAYERS = {**{f"h{i}": "heuristic" for i in range(4)}, **{f"r{i}": "random" for i in range(4)}}


def _matched(game: str, seats: int, wanted: int, seed: int) -> dict[str, Skill]:
    teams = games.get(game).teams(seats)
    key = QueueKey(game, None, seats)
    queues, skills = Queues(), {p: Skill() for p in PLAYERS}
    now, played = 0.0, 0
    while played < wanted:
        for p in PLAYERS:
            if p not in queues.entries:  # back from a table: queue again
                queues.join(key, Entry(p, ratings.shown(skills[p]), client=p, joined=now))
        made = queues.match(now, {key: teams})
        now += 10.0  # the next look, a window's step later
        for _key, table in made:
            who = [e.player for e in table.players]
            assert len(who) == seats and len(set(who)) == seats
            spec = GameSpec(played, seed + played, tuple(who), tuple(PLAYERS[p] for p in who),
                            None, played % seats)  # fmt: skip
            result = play_one(spec, game)
            winner = None if result.winner is None else teams[result.winner]
            after = ratings.rate(teams, ratings.places(teams, winner), [skills[p] for p in who])
            skills.update(zip(who, after, strict=True))
            played += 1
    return skills


def _ordered(skills: dict[str, Skill]) -> None:
    shown = {p: ratings.shown(s) for p, s in skills.items()}
    heuristic = [v for p, v in shown.items() if PLAYERS[p] == "heuristic"]
    random_play = [v for p, v in shown.items() if PLAYERS[p] == "random"]
    assert min(heuristic) > max(random_play), shown


def test_ratings_order_players_of_known_strength_one_on_one() -> None:
    _ordered(_matched("diabolicards", 2, 120, 370100))


def test_ratings_order_players_of_known_strength_at_a_four_seat_table() -> None:
    _ordered(_matched("hecatomb", 4, 60, 370200))


def test_ratings_order_players_of_known_strength_in_teams() -> None:
    # partners are whoever the matchmaker seats together: the result says less
    # about each player than a game of one against one
    _ordered(_matched("diabolicards", 4, 120, 370300))
