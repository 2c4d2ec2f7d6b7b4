"""The matchmaker's rules (server/matchmaking.py), pure: random joins, leaves
and ticks never seat anyone twice, never lose anyone, never reach outside the
window, and pair everyone who has a partner once they have waited long enough."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary.server.matchmaking import (
    MAX_WINDOW,
    WIDEN_EVERY,
    Entry,
    QueueKey,
    Queues,
    Refused,
    Table,
    pair,
    window,
)

ONE_V_ONE = QueueKey("diabolicards", "1v1", 2)
TWO_V_TWO = QueueKey("diabolicards", "2v2", 4)
FOUR = QueueKey("hecatomb", None, 4)
KEYS = [ONE_V_ONE, TWO_V_TWO, FOUR]
TEAMS = {TWO_V_TWO: [0, 1, 0, 1]}


def entry(player: str, rating: float, joined: float = 0.0, client: str | None = None,
          fill_after: float | None = None) -> Entry:  # fmt: skip
    return Entry(player, rating, client or f"browser-{player}", joined, None, fill_after)


def test_the_window_widens_with_the_wait_and_stops_at_its_cap() -> None:
    assert window(0) == 100
    assert window(WIDEN_EVERY - 0.1) == 100
    assert window(WIDEN_EVERY) == 150
    assert window(35) == 250
    assert window(10_000) == MAX_WINDOW


def test_close_ratings_pair_at_once_and_far_ones_wait_for_the_window() -> None:
    a, b = entry("a", 1500), entry("b", 1580)
    assert [t.players for t in pair([a, b], 2, now=0)] == [[a, b]]
    far = entry("c", 1750)
    assert pair([a, far], 2, now=0) == []  # 250 apart, the window is 100
    assert pair([a, far], 2, now=29.9) == []  # 200
    (table,) = pair([a, far], 2, now=30)  # 250
    assert table.players == [a, far] and table.window == 250
    assert pair([a, entry("d", 1901)], 2, now=10_000) == []  # beyond the cap: never


def test_the_anchor_gets_the_closest_ratings() -> None:
    old = entry("old", 1500, joined=0)
    near, nearer = entry("near", 1590, joined=1), entry("nearer", 1480, joined=2)
    (table,) = pair([near, old, nearer], 2, now=3)
    assert table.anchor == old and table.players == [old, nearer]


def test_never_two_players_from_one_browser_at_a_table() -> None:
    a, b = entry("a", 1500, client="same"), entry("b", 1500, client="same")
    assert pair([a, b], 2, now=100) == []
    queues = Queues()
    queues.join(ONE_V_ONE, a)
    with pytest.raises(Refused, match="this browser"):
        queues.join(FOUR, b)
    with pytest.raises(Refused, match="already waiting"):
        queues.join(FOUR, entry("a", 1500, client="other"))


def test_the_computer_fills_only_for_those_who_asked_and_waited() -> None:
    a = entry("a", 1500, fill_after=30)
    assert pair([a], 4, now=29) == []
    (table,) = pair([a], 4, now=30)
    assert table.players == [a] and table.computers == 3
    # someone in the window who did not ask for computers is not put with them
    b = entry("b", 1520)
    assert pair([a, b], 4, now=30)[0].players == [a]
    assert pair([a, b], 4, now=30, max_computers=2) == []


def test_two_v_two_teams_are_balanced() -> None:
    people = [entry(p, r) for p, r in [("a", 1600), ("b", 1550), ("c", 1520), ("d", 1500)]]
    (table,) = pair(people, 4, now=0, teams=[0, 1, 0, 1])
    seats = [e.rating for e in table.players]
    team_sums = (seats[0] + seats[2], seats[1] + seats[3])
    assert team_sums in [(3100, 3070), (3070, 3100)]  # 1600+1500 against 1550+1520


# -- random joins, leaves and ticks -------------------------------------------------------------
@dataclass(frozen=True)
class Join:
    player: int
    key: int
    rating: int
    client: int
    fill_after: int | None


@dataclass(frozen=True)
class Leave:
    player: int


@dataclass(frozen=True)
class Tick:
    seconds: float


steps = st.lists(
    st.one_of(
        st.builds(
            Join,
            st.integers(0, 15),
            st.integers(0, 2),
            st.integers(1000, 2200),
            st.integers(0, 18),
            st.none() | st.sampled_from([0, 20, 60]),
        ),
        st.builds(Leave, st.integers(0, 15)),
        st.builds(Tick, st.floats(0, 40)),
    ),
    max_size=60,
)


def _check_table(key: QueueKey, table: Table, now: float) -> None:
    people = table.players
    assert len(table.seats) == key.seats
    assert len({e.player for e in people}) == len(people)
    assert len({e.client for e in people}) == len(people)
    assert table.window == window(table.anchor.waited(now))
    for e in people:
        assert abs(e.rating - table.anchor.rating) <= table.window
    if table.computers:
        assert all(e.fills(now) for e in people)
    assert table.anchor == min(people, key=lambda e: (e.joined, e.player))


@settings(max_examples=150, deadline=None)
@given(steps)
def test_random_joins_leaves_and_ticks_keep_everyone_once(script: list[object]) -> None:
    queues = Queues()
    now = 0.0
    seated: set[str] = set()
    for step in script:
        if isinstance(step, Join):
            player = f"p{step.player}"
            e = Entry(player, float(step.rating), f"c{step.client}", now, None,
                      None if step.fill_after is None else float(step.fill_after))  # fmt: skip
            before = dict(queues.entries)
            try:
                queues.join(KEYS[step.key], e)
            except Refused:
                assert queues.entries == before  # a refusal changes nothing
                assert player in before or any(x.client == e.client for _, x in before.values())
            else:
                seated.discard(player)  # a player may queue again after a game
        elif isinstance(step, Leave):
            was = f"p{step.player}" in queues.entries
            assert queues.leave(f"p{step.player}") == was
            assert f"p{step.player}" not in queues.entries
        elif isinstance(step, Tick):
            now += step.seconds
            waited = set(queues.entries)
            made = queues.match(now, TEAMS)
            placed = [e.player for _, t in made for e in t.players]
            assert len(placed) == len(set(placed))  # nobody in two tables
            assert not set(placed) & seated  # nor seated again without queueing again
            # nobody lost: everyone who waited is seated now or still waiting
            assert waited == set(placed) | set(queues.entries)
            assert not set(placed) & set(queues.entries)
            for key, table in made:
                _check_table(key, table, now)
            seated |= set(placed)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1000, 2200), st.floats(0, 100)), min_size=2, max_size=12),
    st.sampled_from([2, 3, 4]),
)
def test_everyone_with_partners_in_reach_is_seated_once_they_waited(
    people: list[tuple[int, float]], seats: int
) -> None:
    """Once the window is at its widest, a player with enough others within
    it (distinct browsers) is never left waiting alone: each tick seats the
    oldest who can be seated, and the queue ends with nobody who could
    still make a table around themselves."""
    waiting = [entry(f"p{i}", r, joined=j) for i, (r, j) in enumerate(people)]
    now = 100 + MAX_WINDOW / 50 * WIDEN_EVERY
    left = list(waiting)
    tables = pair(left, seats, now)
    placed = {e.player for t in tables for e in t.players}
    left = [e for e in waiting if e.player not in placed]
    for e in left:
        reachable = [x for x in left if x is not e and abs(x.rating - e.rating) <= MAX_WINDOW]
        # a table could only fail to form around e if fewer than seats-1 are in reach
        assert len(reachable) < seats - 1


@given(st.lists(st.integers(1000, 2200), min_size=4, max_size=4))
def test_team_split_is_the_most_balanced(ratings: list[int]) -> None:
    people = [entry(f"p{i}", r) for i, r in enumerate(ratings)]
    tables = pair(people, 4, now=10_000, teams=[0, 1, 0, 1])
    if not tables:  # further apart than the widest window
        assert max(abs(r - ratings[0]) for r in ratings) > MAX_WINDOW  # p0 anchors
        return
    (table,) = tables
    r = [e.rating for e in table.players]
    got = abs((r[0] + r[2]) - (r[1] + r[3]))
    s = sorted(ratings)
    best = min(abs((s[0] + s[3]) - (s[1] + s[2])), abs((s[0] + s[1]) - (s[2] + s[3])),
               abs((s[0] + s[2]) - (s[1] + s[3])))  # fmt: skip
    assert got == best
