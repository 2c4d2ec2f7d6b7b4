"""Every game with an encoder as an OpenSpiel Python game: ``python_ossuary_<game>``.

Importing :mod:`ossuary.rl` calls :func:`register_all` when ``pyspiel`` is
installed (the ``openspiel`` extra); then ``pyspiel.load_game(
"python_ossuary_hecatomb")`` works, with parameters ``players`` (a seat count
the game allows), ``max_game_length`` (actions before the game is stopped as
a draw), ``deals`` (how many different deals the opening chance node
chooses among) and ``decks`` (preconstructed decks by name, comma separated:
one for every seat or one per seat; empty: the game's defaults).

The game's randomness is all in its seeded generator, so the only chance node
is the first: it picks the deal (a seed). Players never see it. Information
states are built from the seat's view with its redacted log (so they recall
everything the seat saw); observations from the view alone.
``resample_from_infostate`` is the game's own ``resample(seat, rng)``: a full
state in which everything the seat can't see is dealt anew. OpenSpiel's C++
code does not call Python overrides of it, so it serves Python algorithms
such as :class:`open_spiel.python.algorithms.ismcts.ISMCTSBot`.

``str(state)`` and ``serialize()`` are the true state, as in every OpenSpiel
game: they are for the environment, not for a player. Players get
``information_state_*`` and ``observation_*``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from .. import games
from ..engine.errors import OssuaryError
from ..engine.game import Game, NotSupported
from ..engine.rng import Rng
from .table import Table

PREFIX = "python_ossuary_"
DEALS = 1 << 16
MAX_GAME_LENGTH = 5000


def short_name(game: str) -> str:
    return PREFIX + game


class _TableBox:
    """A state's only Python attribute: its game's settings (shared) and its
    :class:`Table`. ``copy.deepcopy``, which OpenSpiel's ``Clone`` applies to a
    Python state's attributes, becomes the engine's cheap ``clone``."""

    __slots__ = ("game", "table")

    def __init__(self, game: Any, table: Table | None) -> None:
        self.game = game
        self.table = table

    def __deepcopy__(self, memo: dict[int, Any]) -> _TableBox:
        return _TableBox(self.game, None if self.table is None else self.table.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's ``serialize`` pickles a Python state) as the
        engine's own saved game: small, and the same for every game."""
        table = self.table
        if table is None:
            return (_TableBox, (self.game, None))
        saved = (table.state.serialize(), table.prefix, table.steps, table.skipped)
        return (_restore_box, (self.game, *saved))


def _restore_box(
    game: Any, saved: str, prefix: tuple[int, ...], steps: int, skipped: int
) -> _TableBox:
    table = Table(game.ossuary, game.encoder, game.ossuary.deserialize(saved))
    table.prefix = tuple(prefix)
    table.steps = steps
    table.skipped = skipped
    return _TableBox(game, table)


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Ossuary {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.seat_counts),
        min_num_players=min(game.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": min(game.seat_counts),
            "max_game_length": MAX_GAME_LENGTH,
            "deals": DEALS,
            "decks": "",
        },
    )


def _decks(game: Game, text: str, seats: int) -> list[str] | None:
    """The ``decks`` parameter: preconstructed decks' names (any case), one for
    all seats or one per seat; empty: the game's defaults."""
    names = [n.strip() for n in text.split(",")] if text.strip() else []
    if not names:
        return None
    known = {d.lower(): d for d in game.decks.preconstructed()}
    found = []
    for name in names:
        if name.lower() not in known:
            raise ValueError(f"decks: {name!r} is not one of {game.title}'s decks: "
                             f"{', '.join(known.values())}")  # fmt: skip
        found.append(known[name.lower()])
    if len(found) == 1:
        return found * seats
    if len(found) != seats:
        raise ValueError(f"decks: give one deck for every seat or {seats} decks, not {len(found)}")
    return found


def _make_game_class(game: Game) -> type:
    game_type = _game_type(game)

    class OssuaryGame(pyspiel.Game):  # type: ignore[misc]
        __doc__ = f"{game.title} for OpenSpiel (see :mod:`ossuary.rl.openspiel`)."

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = {**game_type.parameter_specification, **(params or {})}
            seats = int(params["players"])
            game.check_seats(seats)
            self.ossuary = game
            self.seats = seats
            self.encoder = game.research.encoder(seats)
            self.deals = int(params["deals"])
            self.decks = _decks(game, str(params["decks"]), seats)
            self.max_length = int(params["max_game_length"])
            info = pyspiel.GameInfo(
                num_distinct_actions=self.encoder.num_actions,
                max_chance_outcomes=self.deals,
                num_players=seats,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.max_length,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> OssuaryState:
            return OssuaryState(self)

        def __reduce__(self) -> tuple[Any, ...]:
            # loaded again by name and parameters, as OpenSpiel loads any game
            return (load_game, (game_type.short_name, dict(self.get_parameters())))

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> OssuaryObserver:
            recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return OssuaryObserver(self, recall)

    # pickle (and so OpenSpiel's serialize) finds a class by its module and
    # name: give each game's class a name of its own in this module
    name = f"Ossuary{''.join(w.capitalize() for w in game.name.split('_'))}Game"
    OssuaryGame.__name__ = OssuaryGame.__qualname__ = name
    globals()[name] = OssuaryGame
    return OssuaryGame


class OssuaryState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; before the deal, a chance node (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._box = _TableBox(game, None)

    @property
    def table(self) -> Table:
        table = self._box.table
        if table is None:
            raise OssuaryError("the deal has not been made yet (a chance node)")
        return table

    # -- the OpenSpiel API -----------------------------------------------------------------
    def current_player(self) -> int:
        table = self._box.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = table.seat()
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        table = self._box.table
        if table is None:
            return False
        return table.state.is_terminal() or table.steps >= self._box.game.max_length

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._box.game.deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self._box.table is None:
            g = self._box.game
            state = g.ossuary.new_game(decks=g.decks, seats=g.seats, seed=int(action))
            self._box = _TableBox(g, Table(g.ossuary, g.encoder, state))
            return
        self.table.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self._box.game.encoder.action_name(int(action)))

    def returns(self) -> list[float]:
        table = self._box.table
        if table is None or not table.state.is_terminal():
            return [0.0] * self._box.game.seats
        return [float(r) for r in table.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OssuaryState:
        """A state ``player_id`` can't tell from this one, its hidden cards dealt anew
        (the game's ``resample``); only at that player's own decision."""
        table = self.table
        if table.seat() != player_id:
            raise OssuaryError(
                f"resample_from_infostate: player {player_id} is not deciding now "
                "(the game deals samples only at the sampling seat's own decision)"
            )
        seed = int(probability_sampler() * 2**53)
        out = OssuaryState(self._box.game)
        out._box = _TableBox(self._box.game, table.resample(player_id, Rng(seed)))
        return out

    def __str__(self) -> str:
        table = self._box.table
        if table is None:
            return "chance: the deal"
        return f"steps={table.steps} prefix={list(table.prefix)} {table.state.serialize()}"


class OssuaryObserver:
    """OpenSpiel's observer interface, from one seat's view (``recall``: with the
    seat's redacted log, i.e. the information state)."""

    def __init__(self, game: Any, recall: bool) -> None:
        self.recall = recall
        enc = game.encoder
        size = (enc.info_state_size or enc.observation_size) if recall else enc.observation_size
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: OssuaryState, player: int) -> None:
        table = state._box.table
        if table is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = table.info_state(player) if self.recall else table.observation(player)

    def string_from(self, state: OssuaryState, player: int) -> str:
        table = state._box.table
        if table is None:
            return f"seat {player}: before the deal"
        view = table.view(player, with_log=self.recall)
        view.pop("log_from", None)
        mine = table.prefix if table.seat() == player else ()
        return json.dumps({"view": view, "prefix": list(mine)}, sort_keys=True)


_REGISTERED: set[str] = set()


def load_game(name: str, params: dict[str, Any]) -> Any:
    """``pyspiel.load_game`` of one of ours (what an unpickled game or state
    calls, in a process that may not have registered them yet)."""
    register_all()
    return pyspiel.load_game(name, params)


def register_all() -> list[str]:
    """Register every game that has an encoder; returns their OpenSpiel names."""
    for name in games.names():
        game = games.get(name)
        try:
            game.research.encoder(min(game.seat_counts))
        except NotSupported:
            continue
        short = short_name(name)
        if short not in _REGISTERED and short not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game), _make_game_class(game))
        _REGISTERED.add(short)
    return sorted(_REGISTERED)
