"""Ratings: how strong a player is at one game and table, from the games they finished.

The model is OpenSkill's Weng-Lin Bayesian rating with the Plackett-Luce
likelihood (``openskill.models.PlackettLuce``), which rates a table of any
number of sides at once: a free-for-all of 2 to 6 players, where every player
is a side of their own, and teams, where the seats of one team are one side.
Each rating is a belief about the player's skill: ``mu`` (the best guess) and
``sigma`` (how unsure it is). Every new player starts at mu 25, sigma 25/3.

Nothing here names a game. A game says its outcome through the registry's
:class:`~ossuary.engine.game.Game`: its ``teams(seats)`` and the finished
state's ``winner`` (a team number of ``teams``, which is the seat where every
seat plays for itself). The winning side comes first; the other sides tie
behind it, since no game of ours orders its losers; a seat that left the game
(resigned, or handed to the computer because its person was away) comes after
every side that played to the end. A game without a winner (a draw) ties every
side that played to the end.

The scale people read (``docs/server.md``, "Ratings"):

- a rating is shown as ``1500 + 30 × (mu − 25)``, rounded: 1500 for a new
  player. 30 points a unit of mu puts the gap of a ten-to-one favourite in a
  two-player game at about 400 points once both ratings are settled (the
  model's skill width ``beta`` is 25/6: ``400 / (√2 · beta · ln 10) ≈ 29.5``),
  the gap Elo readers know;
- it is shown with ``?`` after it while ``sigma`` is above :data:`PROVISIONAL_SIGMA`
  (about the first dozen games);
- leaderboards sort by the conservative ``mu − 3 sigma`` (a player known to be
  at least that good), so one lucky first game does not top the board;
- a game's change is the shown rating after minus before: ``+12``, ``-8``.

A rating's key is (game, mode): the mode names the table as a player would
(:func:`mode_name`): a game's named mode for its seat count ("1v1", "2v2"),
else "N players".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

#: a new player's skill (OpenSkill's defaults)
MU = 25.0
SIGMA = 25.0 / 3.0
#: the shown scale: BASE + SCALE * (mu - MU)
BASE = 1500.0
SCALE = 30.0
#: a rating is provisional (shown with "?") while its sigma is above this
PROVISIONAL_SIGMA = 6.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Skill:
    """One player's rating at one game and table."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0  # rated games played


def shown(skill: Skill) -> int:
    """The rating people read: 1500 for a new player."""
    return round(BASE + SCALE * (skill.mu - MU))


def provisional(skill: Skill) -> bool:
    """Whether too few games back the rating for it to mean much yet."""
    return skill.sigma > PROVISIONAL_SIGMA


def label(skill: Skill) -> str:
    """The rating in words: ``1523``, or ``1523?`` while provisional."""
    return f"{shown(skill)}{'?' if provisional(skill) else ''}"


def conservative(skill: Skill) -> float:
    """What leaderboards sort by: mu - 3 sigma (at least this good, nearly surely)."""
    return skill.mu - 3.0 * skill.sigma


def change(before: Skill, after: Skill) -> str:
    """A game's change in shown points: ``+12``, ``-8``, ``±0``."""
    return change_of(shown(before), shown(after))


def change_of(before: int, after: int) -> str:
    """The change between two shown ratings: ``+12``, ``-8``, ``±0``."""
    delta = after - before
    return "±0" if delta == 0 else f"{delta:+d}"


def mode_name(modes: Mapping[str, int], seats: int) -> str:
    """The table as a player names it: the game's named mode for ``seats``
    seats where it has one ("1v1", "2v2"), else "N players"."""
    for name, n in modes.items():
        if n == seats:
            return name
    return f"{seats} players"


def places(teams: Sequence[int], winner: int | None, left: Sequence[int] = ()) -> list[int]:
    """Each seat's place, 1 the best, from a finished game's outcome.

    ``teams``: each seat's team (``Game.teams``); ``winner``: the winning team
    (None: nobody won); ``left``: seats that resigned or whose person left
    (they come after everyone who played to the end). A team's seats share
    its place; a team with a seat in ``left`` comes after the teams without.
    """
    gone = {teams[s] for s in left if 0 <= s < len(teams)}
    out = []
    for team in teams:
        place = 1 if winner is None or team == winner else 2
        if team in gone:
            place = 3
        out.append(place)
    # no gaps: places 1 and 3 only (a draw with a leaver) read as 1 and 2
    used = sorted(set(out))
    return [used.index(p) + 1 for p in out]


def rate(teams: Sequence[int], seat_places: Sequence[int], skills: Sequence[Skill]) -> list[Skill]:
    """Every seat's skill after one game: ``teams`` and ``seat_places`` as
    :func:`places` gives them, ``skills`` each seat's before. One player must
    not hold two seats (give each seat its own skill)."""
    if not len(teams) == len(seat_places) == len(skills) or len(set(teams)) < 2:
        raise ValueError("a rated game needs a team, a place and a skill per seat, two sides")
    sides = sorted(set(teams))
    members = [[s for s, t in enumerate(teams) if t == side] for side in sides]
    rated = _MODEL.rate(
        [[_MODEL.rating(mu=skills[s].mu, sigma=skills[s].sigma) for s in seats]
         for seats in members],
        ranks=[float(max(seat_places[s] for s in seats)) for seats in members],
    )  # fmt: skip
    out = list(skills)
    for seats, new in zip(members, rated, strict=True):
        for s, r in zip(seats, new, strict=True):
            out[s] = replace(skills[s], mu=float(r.mu), sigma=float(r.sigma),
                             games=skills[s].games + 1)  # fmt: skip
    return out


def result_words(place: int, seat_places: Sequence[int]) -> str:
    """A seat's result as a player says it: won, lost, or drew."""
    if all(p == 1 for p in seat_places):
        return "drew"
    return "won" if place == 1 else "lost"
