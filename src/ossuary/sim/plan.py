"""What a simulation plays: its configuration, and game ``i`` of it.

Every game of a run is a pure function of the configuration and its index
``i``: its seed (``seed + i``), who sits where, with which deck, who goes
first. That is what makes a run resumable and distributable: any process on
any machine plays game ``i`` the same way, so a chunk of games that was lost
(a killed worker, an interrupted run) is played again and gives the same
result, and the run's files hold every index exactly once.

The seating cycles so that small runs already see every match-up and long
runs are exactly fair: the line-up of decks changes fastest (every combination
of ``seats`` decks from the list meets within the first few games), then the
line-up of agents, then the first player, then the agents rotate around the
table, then the decks; each of these is also shifted by the faster ones, so
the first player and the seating vary from the first games on. Over a whole
cycle (:func:`cycle_length` games) every agent and every deck sits in every
seat and every turn-order place equally often, with every partner; over any
run the counts differ by less than one cycle's worth.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.arena import MAX_ACTIONS, agent_seed, check_random_decks, labels, random_decks
from ..engine.errors import OssuaryError
from ..engine.game import Game

#: a deck trial's games against each deck of the field (a whole number of seatings;
#: here, not in trial.py, so the server can read it without the sim extra)
PER_OPPONENT = 48

#: the version of the files a run writes (run.json and the Parquet columns)
FORMAT_VERSION = 1

DEFAULT_DECKS = "default"  # the game's own choice of decks (new_game(decks=None))
RANDOM_DECKS = "random"  # a random legal deck per seat (agents.arena.random_decks)
LIST_DECKS = "list"  # the decks given, every combination of them
VERSUS_DECKS = "versus"  # the first deck given against each of the others (a deck's trial)


class SimError(OssuaryError):
    """A simulation that can't run as asked (bad options, a damaged run folder)."""


@dataclass(frozen=True)
class Deck:
    """A deck in a run: the name reports show, and its cards (kept in the run's
    configuration, so a worker on another machine needs no deck file)."""

    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SimConfig:
    """Everything that decides the games of a run (not how many: a run can grow).

    ``agents`` are agent specs (``heuristic``, ``ismcts:iters=200``), rotated
    over the seats; ``deck_mode`` is ``default`` (the game's own decks),
    ``list`` (``decks``, every combination of ``seats`` of them), ``versus``
    (the first of ``decks`` against each combination of the others: one deck
    tried against a field, the field never playing itself) or ``random``.
    """

    game: str
    agents: tuple[str, ...]
    seats: int = 2
    deck_mode: str = DEFAULT_DECKS
    decks: tuple[Deck, ...] = ()
    seed: int = 1
    max_actions: int = MAX_ACTIONS
    #: what each agent plays as, when not its spec: a policy file named by its
    #: content (``learned:sha256=HASH:PATH``, :func:`~ossuary.agents.registry.pin_spec`),
    #: fixed when the run began; empty: the specs themselves
    pinned: tuple[str, ...] = ()
    #: the agents' unique labels (a repeated spec gets ``#2``), derived from ``agents``
    labels: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", tuple(labels(self.agents)))

    # -- JSON (run.json) ---------------------------------------------------------
    @property
    def played(self) -> tuple[str, ...]:
        """The spec each agent plays as (its pinned spec, or the spec itself)."""
        return self.pinned or self.agents

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "agents": list(self.agents),
            "seats": self.seats,
            "deck_mode": self.deck_mode,
            "decks": [{"name": d.name, "cards": list(d.cards)} for d in self.decks],
            "seed": self.seed,
            "max_actions": self.max_actions,
        }
        if self.pinned:  # only then: runs without policy files keep their fingerprint
            data["pinned"] = list(self.pinned)
        return data

    @classmethod
    def from_json(cls, data: Any) -> SimConfig:
        """The configuration ``to_json`` wrote; anything else is a :class:`SimError`."""
        try:
            config = cls(
                game=str(data["game"]),
                agents=tuple(str(a) for a in data["agents"]),
                seats=int(data["seats"]),
                deck_mode=str(data["deck_mode"]),
                decks=tuple(
                    Deck(str(d["name"]), tuple(str(c) for c in d["cards"])) for d in data["decks"]
                ),
                seed=int(data["seed"]),
                max_actions=int(data["max_actions"]),
                pinned=tuple(str(a) for a in data.get("pinned", ())),
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            what = f"{type(exc).__name__}: {exc}"
            raise SimError(f"not a simulation configuration ({what})") from None
        config.check_shape()
        return config

    def check_shape(self) -> None:
        """The checks that need no game: counts and modes."""
        if not self.agents or any(not a.strip() for a in self.agents):
            raise SimError("give at least one agent")
        if self.pinned and len(self.pinned) != len(self.agents):
            raise SimError("one pinned spec per agent, or none")
        if self.seats < 1:
            raise SimError(f"a game needs at least one seat, not {self.seats}")
        if self.deck_mode not in (DEFAULT_DECKS, RANDOM_DECKS, LIST_DECKS, VERSUS_DECKS):
            raise SimError(f"unknown deck mode {self.deck_mode!r}")
        if (self.deck_mode in (LIST_DECKS, VERSUS_DECKS)) != bool(self.decks):
            raise SimError("a deck list goes with deck mode 'list' or 'versus', and only with them")
        if self.deck_mode == VERSUS_DECKS and len(self.decks) < self.seats:
            raise SimError(
                f"'versus' plays the first deck against {self.seats - 1} of the others at a "
                f"time: give at least {self.seats} decks, not {len(self.decks)}"
            )
        if self.max_actions < 1:
            raise SimError(f"max_actions must be at least 1, not {self.max_actions}")

    def key(self) -> str:
        """A short fingerprint of the configuration (it names nothing secret)."""
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Seating:
    """Game ``index`` of a run: its seed, and per seat the agent and the deck."""

    index: int
    seed: int
    first: int
    labels: tuple[str, ...]  # agent label per seat
    specs: tuple[str, ...]  # agent spec per seat
    decks: tuple[int, ...] | None  # index into config.decks per seat; None: not a list

    def agent_seeds(self) -> list[int]:
        return [agent_seed(self.seed, s) for s in range(len(self.specs))]


def lineups(n: int, seats: int) -> list[tuple[int, ...]]:
    """Who plays together: every combination of ``seats`` of ``n`` entries, or,
    with fewer entries than seats, the entries repeated around the table."""
    if n >= seats:
        return list(itertools.combinations(range(n), seats))
    return [tuple(i % n for i in range(seats))]


def deck_lineups(config: SimConfig) -> list[tuple[int, ...]]:
    """Which decks meet in a game: every combination (``list``), the first deck
    with every combination of the others (``versus``), or none (``[()]``)."""
    s = config.seats
    if config.deck_mode == LIST_DECKS:
        return lineups(len(config.decks), s)
    if config.deck_mode == VERSUS_DECKS:
        others = itertools.combinations(range(1, len(config.decks)), s - 1)
        return [(0, *rest) for rest in others]
    return [()]


def cycle_length(config: SimConfig) -> int:
    """Games after which the seating repeats (all counts exactly equal)."""
    s = config.seats
    n_decks = len(deck_lineups(config)) * s if config.deck_mode in (LIST_DECKS, VERSUS_DECKS) else 1
    return s * s * n_decks * len(lineups(len(config.agents), s))


def seating(config: SimConfig, index: int) -> Seating:
    """Game ``index`` of the run (see the module docstring for the rotation)."""
    s = config.seats
    dl = deck_lineups(config)
    al = lineups(len(config.agents), s)
    # the index in mixed radix, fastest digit first
    i = index
    d_line, i = i % len(dl), i // len(dl)
    a_line, i = i % len(al), i // len(al)
    d_first, i = i % s, i // s
    d_rot_a, i = i % s, i // s
    d_rot_d = i % s
    # each slower digit shifted by faster ones: a small run already varies the
    # first player and the seating, and over a whole cycle every combination
    # still comes exactly once (the shift is a bijection digit by digit)
    first = (d_first + d_line + a_line) % s
    rot_a = (d_rot_a + d_first) % s
    rot_d = (d_rot_d + d_rot_a) % s
    lineup_d, lineup_a = dl[d_line], al[a_line]
    decks: tuple[int, ...] | None = None
    if config.deck_mode in (LIST_DECKS, VERSUS_DECKS):
        decks = tuple(lineup_d[(k + rot_d) % s] for k in range(s))
    who = [lineup_a[(k + rot_a) % s] for k in range(s)]
    return Seating(
        index=index,
        seed=config.seed + index,
        first=first,
        labels=tuple(config.labels[w] for w in who),
        specs=tuple(config.played[w] for w in who),
        decks=decks,
    )


def seat_decks(config: SimConfig, game: Game, seat: Seating) -> tuple[list[str], list[Any] | None]:
    """(deck name per seat, what ``game.new_game(decks=...)`` is given)."""
    if config.deck_mode in (LIST_DECKS, VERSUS_DECKS):
        assert seat.decks is not None
        chosen = [config.decks[d] for d in seat.decks]
        return [d.name for d in chosen], [list(d.cards) for d in chosen]
    if config.deck_mode == RANDOM_DECKS:  # the arena's draw: a function of (seed, seat)
        return [RANDOM_DECKS] * config.seats, random_decks(game, seat.seed, config.seats)
    return [DEFAULT_DECKS] * config.seats, None


def check_config(config: SimConfig, game: Game) -> None:
    """Refuse, before any game is played, what the game or the agents can't do."""
    from ..agents import check_agent

    config.check_shape()
    game.check_seats(config.seats)
    for spec in config.played:
        try:
            check_agent(spec, game.name, config.seats)
        except ValueError as exc:
            raise SimError(f"--agents: {exc}") from None
    if config.deck_mode == RANDOM_DECKS:
        try:
            check_random_decks(game.name)
        except ValueError as exc:
            raise SimError(f"--decks random: {exc}") from None
    for d in config.decks:
        if not d.cards:
            raise SimError(f"deck {d.name!r} has no cards")


def missing(done: Sequence[tuple[int, int]], total: int) -> list[tuple[int, int]]:
    """The ``[start, stop)`` gaps in ``range(total)`` that the sorted,
    non-overlapping ranges ``done`` leave."""
    out: list[tuple[int, int]] = []
    at = 0
    for start, stop in done:
        if start > at:
            out.append((at, min(start, total)))
        at = max(at, stop)
        if at >= total:
            break
    if at < total:
        out.append((at, total))
    return [(a, b) for a, b in out if a < b]


def chunks(gaps: Sequence[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """The gaps cut into chunks of at most ``size`` games, at multiples of
    ``size``, so the files of a run line up however often it was resumed."""
    out: list[tuple[int, int]] = []
    for start, stop in gaps:
        a = start
        while a < stop:
            b = min(stop, (a // size + 1) * size)
            out.append((a, b))
            a = b
    return out
