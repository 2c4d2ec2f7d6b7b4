"""Matchmaking, game-neutral and pure: who waits, and which tables to make.

A queue is a (game, mode, seat count): the players waiting in it, each with a
rating (display points), a deck choice, the key of the browser they queue
from, when they joined and, optionally, after how many seconds they accept
computers in the empty seats. :func:`pair` makes the tables of one queue at
one moment; :class:`Queues` keeps many queues in memory and refuses what
must never happen (one player waiting twice, two players from one browser).
The server keeps the queues in the database instead (``server/queue.py``)
and calls :func:`pair` the same way; nothing here does any I/O.

**The window.** A table is made around its *anchor*, the player of the queue
who has waited longest and is not yet seated: everyone at the table is within
:func:`window` display points of the anchor's rating, and the window widens
with the anchor's wait: ±100 at first, 50 more every 10 seconds, at most ±400
(after a minute). Among those in the window the anchor gets the closest
ratings (earliest joined first on a tie). Nobody is ever seated further from
the anchor than the window, and never two players from one browser.

**Computers.** A player who chose "fill with the computer after N seconds"
and has waited that long, with too few people in the window for a full table,
gets a table with the people in the window who chose the same and have also
waited their own time, and the computer in the other seats.

**Teams.** Where the game plays in teams (Diabolicards 2v2), the players of a
table are put in the seats that make the teams' rating sums closest (a
computer counts as the table's mean human rating).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

BASE_WINDOW = 100.0  # display points either side of the anchor, at first
WIDEN_BY = 50.0  # added ...
WIDEN_EVERY = 10.0  # ... every this many seconds the anchor waits
MAX_WINDOW = 400.0  # never wider: reached after a minute


def window(waited: float) -> float:
    """How far (display points, either side) a table may reach from the rating
    of an anchor who has waited ``waited`` seconds."""
    steps = int(max(0.0, waited) // WIDEN_EVERY)
    return min(MAX_WINDOW, BASE_WINDOW + WIDEN_BY * steps)


@dataclass(frozen=True)
class QueueKey:
    """One queue: a game, its mode (None: the game has none) and its seats."""

    game: str
    mode: str | None
    seats: int


@dataclass(frozen=True)
class Entry:
    """A player waiting in a queue."""

    player: str  # their account's id
    rating: float  # display points, in this queue's game and mode
    client: str  # the browser they queue from: two entries never share one
    joined: float  # when they joined (seconds, any clock the caller keeps)
    deck: str | None = None  # as the lobby takes it: None, a deck's name, saved:ID
    fill_after: float | None = None  # seconds; None: people only

    def waited(self, now: float) -> float:
        return max(0.0, now - self.joined)

    def fills(self, now: float) -> bool:
        """True once this player accepts computers in the empty seats."""
        return self.fill_after is not None and self.waited(now) >= self.fill_after


@dataclass(frozen=True)
class Table:
    """A table made from a queue: one entry per seat, None for a computer."""

    seats: tuple[Entry | None, ...]
    anchor: Entry  # the longest waiter, whose window it was made in
    window: float  # that window, display points either side of its rating

    @property
    def players(self) -> list[Entry]:
        return [e for e in self.seats if e is not None]

    @property
    def computers(self) -> int:
        return sum(1 for e in self.seats if e is None)


def pair(
    waiting: Sequence[Entry],
    seats: int,
    now: float,
    teams: Sequence[int] | None = None,
    max_computers: int | None = None,
) -> list[Table]:
    """The tables to make now from one queue's ``waiting`` players, for a game
    of ``seats`` seats whose seat ``i`` plays for team ``teams[i]`` (None:
    everyone for themselves). Nobody is in two tables, and a table never
    holds two entries of one player or of one browser. ``max_computers``:
    at most this many computer seats in a table (None: all but one)."""
    if seats < 1:
        raise ValueError("a table has at least one seat")
    most = seats - 1 if max_computers is None else min(max_computers, seats - 1)
    order = sorted(waiting, key=lambda e: (e.joined, e.player))
    taken: set[str] = set()
    tables: list[Table] = []
    for anchor in order:
        if anchor.player in taken:
            continue
        reach = window(anchor.waited(now))
        free = [e for e in order if e.player not in taken and e.player != anchor.player]
        near = sorted(
            (e for e in free if abs(e.rating - anchor.rating) <= reach),
            key=lambda e: (abs(e.rating - anchor.rating), e.joined, e.player),
        )
        group = _pick(anchor, near, seats - 1)
        if len(group) < seats:
            if not anchor.fills(now):
                continue
            group = _pick(anchor, [e for e in near if e.fills(now)], seats - 1)
            if seats - len(group) > most:
                continue
        taken.update(e.player for e in group)
        filled: list[Entry | None] = [*group, *([None] * (seats - len(group)))]
        tables.append(Table(tuple(_seated(filled, teams)), anchor, reach))
    return tables


def _pick(anchor: Entry, near: Sequence[Entry], wanted: int) -> list[Entry]:
    """The anchor and up to ``wanted`` of ``near`` (closest first), skipping
    anyone who shares a player or a browser with someone already picked."""
    group = [anchor]
    players, clients = {anchor.player}, {anchor.client}
    for e in near:
        if len(group) > wanted:
            break
        if e.player in players or e.client in clients:
            continue
        group.append(e)
        players.add(e.player)
        clients.add(e.client)
    return group


def _seated(group: list[Entry | None], teams: Sequence[int] | None) -> list[Entry | None]:
    """``group`` in seat order: as given, or (teams) the order whose teams'
    rating sums are closest together."""
    if teams is None or len(set(teams)) == len(teams):
        return group
    if len(teams) != len(group):
        raise ValueError(f"{len(teams)} teams for {len(group)} seats")
    people = [e.rating for e in group if e is not None]
    mean = sum(people) / len(people)

    def spread(order: tuple[int, ...]) -> float:
        sums: dict[int, float] = {}
        for seat, i in enumerate(order):
            e = group[i]
            sums[teams[seat]] = sums.get(teams[seat], 0.0) + (mean if e is None else e.rating)
        return max(sums.values()) - min(sums.values())

    best = min(itertools.permutations(range(len(group))), key=lambda o: (spread(o), o))
    return [group[i] for i in best]


class Refused(ValueError):
    """A join that must not happen: the message says why, in the player's words."""


@dataclass
class Queues:
    """Many queues in memory, with the rules a join must keep: a player waits
    in one queue at a time, and one browser queues one player at a time."""

    entries: dict[str, tuple[QueueKey, Entry]] = field(default_factory=dict)

    def join(self, key: QueueKey, entry: Entry) -> None:
        if entry.player in self.entries:
            raise Refused("you are already waiting for a game; leave that queue first")
        if any(e.client == entry.client for _, e in self.entries.values()):
            raise Refused("someone else is already waiting from this browser")
        self.entries[entry.player] = (key, entry)

    def leave(self, player: str) -> bool:
        """Take ``player`` out of their queue; False when they were in none."""
        return self.entries.pop(player, None) is not None

    def keys(self) -> list[QueueKey]:
        return sorted({k for k, _ in self.entries.values()},
                      key=lambda k: (k.game, k.mode or "", k.seats))  # fmt: skip

    def waiting(self, key: QueueKey) -> list[Entry]:
        return [e for k, e in self.entries.values() if k == key]

    def match(
        self,
        now: float,
        teams: Mapping[QueueKey, Sequence[int]] | None = None,
        max_computers: int | None = None,
    ) -> list[tuple[QueueKey, Table]]:
        """Every table that can be made now, its players taken out of the queues."""
        out: list[tuple[QueueKey, Table]] = []
        for key in self.keys():
            made = pair(self.waiting(key), key.seats, now, (teams or {}).get(key), max_computers)
            for table in made:
                for e in table.players:
                    del self.entries[e.player]
                out.append((key, table))
        return out
