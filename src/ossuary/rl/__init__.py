"""Ossuary's games behind the APIs researchers already use (``docs/rl.md``).

>>> from ossuary import rl
>>> env = rl.env("hecatomb")          # PettingZoo AEC, two seats
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape == (env.unwrapped.encoder.observation_size,)
True

- :func:`env` / :class:`OssuaryAEC`: a PettingZoo AEC environment per game;
- :class:`OssuarySingleEnv`: Gymnasium, one learner seat against Ossuary agents;
- :class:`OssuaryVectorEnv` (Gymnasium's vector API) and :class:`OssuaryAECBatch`
  (PettingZoo games in a batch): N games stepped in one call;
- trajectory files (``record=PATH``, :func:`load_trajectories`) and
  :func:`simulation_trajectories` (a simulation run's games as training data);
- OpenSpiel: importing this package registers ``python_ossuary_<game>`` for
  every game with an encoder, when ``pyspiel`` is installed.

A game takes part once its registry entry names an RL encoder (``encoder_at``,
made by ``game.research.encoder``; see :class:`ossuary.engine.game.Encoder`);
for any other game these raise
:class:`~ossuary.engine.game.NotSupported`. Needs the ``rl`` extra
(``pip install 'ossuary[rl]'``; OpenSpiel: ``'ossuary[openspiel]'``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pettingzoo.utils import wrappers

from ..engine.game import DeckSpec, NotSupported
from .aec import MAX_STEPS, Opponents, OssuaryAEC
from .record import Trajectories, TrajectoryLog, load_trajectories
from .simdata import simulation_trajectories
from .single import OssuarySingleEnv
from .table import EncodingClash, Table
from .vector import OssuaryAECBatch, OssuaryVectorEnv

__all__ = [
    "EncodingClash",
    "NotSupported",
    "OssuaryAEC",
    "OssuaryAECBatch",
    "OssuarySingleEnv",
    "OssuaryVectorEnv",
    "Table",
    "Trajectories",
    "TrajectoryLog",
    "env",
    "gym_env",
    "load_trajectories",
    "openspiel_names",
    "raw_env",
    "simulation_trajectories",
]


def raw_env(
    game: str = "hecatomb",
    seats: int = 2,
    decks: Sequence[DeckSpec] | None = None,
    max_steps: int = MAX_STEPS,
    render_mode: str | None = None,
    opponents: Opponents | None = None,
    record: str | Path | None = None,
) -> OssuaryAEC:
    """The AEC environment without PettingZoo's order-checking wrapper."""
    return OssuaryAEC(game, seats, decks, max_steps, render_mode, opponents, record)


def env(
    game: str = "hecatomb",
    seats: int = 2,
    decks: Sequence[DeckSpec] | None = None,
    max_steps: int = MAX_STEPS,
    render_mode: str | None = None,
    opponents: Opponents | None = None,
    record: str | Path | None = None,
) -> Any:
    """The PettingZoo AEC environment of ``game`` for ``seats`` players.

    ``decks``: one per seat (card names or a preconstructed deck's name; None:
    the game's defaults). ``max_steps``: actions before the episode is
    truncated. ``opponents``: Ossuary agents for some seats (a list: the last
    seats; a mapping: seat -> spec), played inside the environment.
    ``record``: a file that gets every step and game when the environment is
    closed (:mod:`ossuary.rl.record`). Raises :class:`NotSupported` for a game
    without an encoder.
    """
    return wrappers.OrderEnforcingWrapper(
        raw_env(game, seats, decks, max_steps, render_mode, opponents, record)
    )


def gym_env(
    game: str = "hecatomb",
    seats: int = 2,
    opponents: str | Sequence[str] = "random",
    seat: int | None = 0,
    decks: Sequence[DeckSpec] | None = None,
    max_steps: int = MAX_STEPS,
    illegal: str = "raise",
    record: str | Path | None = None,
    render_mode: str | None = None,
) -> OssuarySingleEnv:
    """A Gymnasium environment: the learner plays ``seat``, agents the rest
    (see :class:`OssuarySingleEnv`). ``render_mode``: ``ansi`` (the position in
    words) or ``rgb_array`` (the board as the learner's seat sees it, a picture)."""
    return OssuarySingleEnv(
        game, seats, opponents, seat, decks, max_steps, render_mode, illegal=illegal,
        record=record,
    )  # fmt: skip


def openspiel_names() -> list[str]:
    """The OpenSpiel games registered (empty without ``pyspiel``)."""
    try:
        from .openspiel import register_all
    except ImportError:
        return []
    return register_all()


openspiel_names()  # importing ossuary.rl registers the OpenSpiel games
