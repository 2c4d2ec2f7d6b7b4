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

import inspect
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from pettingzoo.utils import wrappers

from ..engine.game import NotSupported
from .aec import OssuaryAEC
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


P = ParamSpec("P")
R = TypeVar("R")


def arguments_of(make: Callable[P, object]) -> Callable[[Callable[..., R]], Callable[P, R]]:
    """Give a maker the arguments of the class it makes: one list to keep, and
    ``help()`` shows them."""

    def bind(maker: Callable[..., R]) -> Callable[P, R]:
        made = inspect.signature(maker).return_annotation
        maker.__signature__ = inspect.signature(make).replace(return_annotation=made)  # type: ignore[attr-defined]
        return maker

    return bind


@arguments_of(OssuaryAEC)
def raw_env(*args: Any, **kwargs: Any) -> OssuaryAEC:
    """The AEC environment without PettingZoo's order-checking wrapper."""
    return OssuaryAEC(*args, **kwargs)


@arguments_of(OssuaryAEC)
def env(*args: Any, **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` for ``seats`` players.

    ``decks``: one per seat (card names or a preconstructed deck's name; None:
    the game's defaults). ``max_steps``: actions before the episode is
    truncated. ``opponents``: Ossuary agents for some seats (a list: the last
    seats; a mapping: seat -> spec), played inside the environment.
    ``record``: a file that gets every step and game when the environment is
    closed (:mod:`ossuary.rl.record`). Raises :class:`NotSupported` for a game
    without an encoder.
    """
    return wrappers.OrderEnforcingWrapper(OssuaryAEC(*args, **kwargs))


@arguments_of(OssuarySingleEnv)
def gym_env(*args: Any, **kwargs: Any) -> OssuarySingleEnv:
    """A Gymnasium environment: the learner plays ``seat``, agents the rest
    (see :class:`OssuarySingleEnv`). ``render_mode``: ``ansi`` (the position in
    words) or ``rgb_array`` (the board as the learner's seat sees it, a picture)."""
    return OssuarySingleEnv(*args, **kwargs)


def openspiel_names() -> list[str]:
    """The OpenSpiel games registered (empty without ``pyspiel``)."""
    try:
        from .openspiel import register_all
    except ImportError:
        return []
    return register_all()


openspiel_names()  # importing ossuary.rl registers the OpenSpiel games
