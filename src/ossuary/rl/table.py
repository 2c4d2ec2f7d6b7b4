"""One game seen through a game's :class:`~ossuary.engine.game.Encoder`.

:class:`Table` is what the PettingZoo, Gymnasium and OpenSpiel front ends share:
it holds the engine state, asks the encoder for the deciding seat's action
paths, keeps the steps of a multi-step option chosen so far (the *prefix*),
and applies an option once its path is complete. Everything it gives out
(observations, masks, legal actions) is computed from ``state.view(seat)``
alone: the true state never reaches the encoder.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.core import GameState
from ..engine.errors import OssuaryError
from ..engine.game import Encoder, Game, NotSupported
from ..engine.rng import Rng


class EncodingClash(OssuaryError):
    """A game's encoder gave two options of one decision the same action path
    (or one path that starts another): a bug in that encoder."""


class Table:
    """A game in progress plus the deciding seat's partial multi-step choice."""

    __slots__ = (
        "_next", "_paths", "_views", "encoder", "game", "prefix", "skipped", "state", "steps",
    )  # fmt: skip

    def __init__(self, game: Game, encoder: Encoder, state: GameState) -> None:
        self.game = game
        self.encoder = encoder
        self.state = state
        self.prefix: tuple[int, ...] = ()
        self.steps = 0  # actions taken through this table (sub-steps included)
        self.skipped = 0  # options left out of masks because the encoding had no room
        self._paths: dict[tuple[int, ...], str] | None = None
        self._next: dict[int, bool] | None = None
        self._views: dict[int, dict[str, Any]] = {}  # this position's views (no log), by seat

    def copy(self) -> Table:
        """An independent copy (the state is cloned; the encoder is shared)."""
        t = Table(self.game, self.encoder, self.state.clone())
        t.prefix = self.prefix
        t.steps = self.steps
        t.skipped = self.skipped
        t._paths = self._paths  # never mutated, only replaced
        t._next = self._next
        t._views = self._views  # read only; replaced when the state changes
        return t

    def resample(self, seat: int, rng: Rng) -> Table:
        """A table ``seat`` can't tell from this one: the game's ``resample``
        (hidden cards dealt anew), with this table's partial choice."""
        t = Table(self.game, self.encoder, self.state.resample(seat, rng))
        t.prefix = self.prefix
        t.steps = self.steps
        return t

    # -- what the deciding seat may do ------------------------------------------------
    def seat(self) -> int | None:
        """The deciding seat (None when the game is over)."""
        return None if self.state.is_terminal() else self.state.current_player()

    def view(self, seat: int, with_log: bool = False) -> dict[str, Any]:
        """``seat``'s view; without the log unless asked (it grows all game).
        Without the log it is kept until the state changes: treat it as read-only."""
        if with_log:
            return self.state.view(seat, 0)
        found = self._views.get(seat)
        if found is None:
            found = self._views[seat] = self.state.view(seat, len(self.state.log))
        return found

    def _decision_paths(self) -> dict[tuple[int, ...], str]:
        if self._paths is None:
            seat = self.seat()
            paths: dict[tuple[int, ...], str] = {}
            if seat is not None:
                raw = self.encoder.action_paths(self.view(seat))
                for option, path in raw.items():
                    if path is None:
                        self.skipped += 1
                        continue
                    if not path or path in paths:
                        raise EncodingClash(
                            f"{self.game.title}'s encoder gives {option!r} the path {path}, "
                            f"{'empty' if not path else 'also ' + repr(paths[path])}"
                        )
                    paths[path] = option
                starts = {p[:k] for p in paths for k in range(1, len(p))}
                for p in paths:
                    if p in starts:
                        raise EncodingClash(
                            f"{self.game.title}'s encoder: the path of {paths[p]!r} starts "
                            "another option's path"
                        )
                if not paths and raw:
                    raise NotSupported(
                        f"{self.game.title}'s encoding has no room for any option of this "
                        f"decision: {', '.join(raw)}"
                    )
            self._paths = paths
        return self._paths

    def legal(self) -> list[int]:
        """The action indices that may come next, ascending."""
        if self._next is None:
            k = len(self.prefix)
            nxt: dict[int, bool] = {}
            for path in self._decision_paths():
                if path[:k] == self.prefix:
                    nxt[path[k]] = True
            self._next = nxt
        return sorted(self._next)

    def mask(self) -> npt.NDArray[np.int8]:
        out = np.zeros(self.encoder.num_actions, np.int8)
        if self.seat() is not None:
            out[self.legal()] = 1
        return out

    # -- acting ------------------------------------------------------------------------
    def step(self, action: int) -> str | None:
        """Take one action; returns the option id applied when its path is
        complete (None while a multi-step option is still being chosen)."""
        self.legal()
        assert self._next is not None
        if action not in self._next:
            raise ValueError(f"action {action} is not legal now; legal: {self.legal()}")
        self.steps += 1
        prefix = (*self.prefix, int(action))
        option = self._decision_paths().get(prefix)
        if option is None:
            self.prefix = prefix
            self._next = None
            return None
        self.prefix = ()
        self._changed()
        self.state.apply_action(option)
        return option

    def _changed(self) -> None:
        self._paths = None
        self._next = None
        self._views = {}

    def apply_option(self, option: str) -> None:
        """Apply an option id directly (for Ossuary agents sitting at the table)."""
        self.prefix = ()
        self._changed()
        self.state.apply_action(option)

    # -- what a seat sees ------------------------------------------------------------------
    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        out = np.zeros(self.encoder.observation_size, np.float32)
        prefix = self.prefix if seat == self.seat() else ()
        self.encoder.observe(self.view(seat), prefix, out)
        return out

    def info_state(self, seat: int) -> npt.NDArray[np.float32]:
        size = self.encoder.info_state_size or self.encoder.observation_size
        out = np.zeros(size, np.float32)
        prefix = self.prefix if seat == self.seat() else ()
        self.encoder.info_state(self.view(seat, with_log=True), prefix, out)
        return out
