"""One game seen through a game's :class:`~ossuary.engine.game.Encoder`.

:class:`Table` is what the PettingZoo, Gymnasium and OpenSpiel front ends share:
the kernel's integer actions (:class:`~ossuary.engine.actions.IntActions`: the
engine state, the deciding seat's action paths, the steps of a multi-step
option chosen so far) plus the numpy side, observations and masks.
Everything it gives out is computed from what the seat may see: its view
(``state.view(seat)``), or for an encoder that ``reads_state`` the seat's part
of the state read in place (tested equal to encoding the view).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine.actions import EncodingClash, IllegalActionIndex, IntActions
from ..engine.core import GameState
from ..engine.game import Encoder, Game
from ..engine.rng import Rng

__all__ = ["EncodingClash", "IllegalActionIndex", "Table"]


class Table(IntActions):
    """A game in progress plus the deciding seat's partial multi-step choice."""

    def __init__(self, game: Game, encoder: Encoder, state: GameState) -> None:
        super().__init__(state, encoder)
        self.game = game

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

    # -- what the deciding seat may do (the kernel's names, kept for callers) --------
    def legal(self) -> list[int]:
        """The action indices that may come next, ascending."""
        return self.legal_action_ints()

    def mask(self, out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
        """The legal actions as 0/1; written into ``out`` (zeroed first) when given."""
        if out is None:
            out = np.zeros(self.num_distinct_actions, np.int8)
        else:
            out.fill(0)
        if self.seat() is not None:
            legal = self.legal_action_ints()
            if len(legal) <= 16:  # item by item: a few ints, no index array to build
                for i in legal:
                    out[i] = 1
            else:
                out[legal] = 1
        return out

    def step(self, action: int) -> str | None:
        """Take one action (:meth:`apply_action_int`); an illegal one is an
        :class:`IllegalActionIndex` (a ValueError) and changes nothing."""
        return self.apply_action_int(action)

    # -- what a seat sees ------------------------------------------------------------------
    def observation(
        self, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """``seat``'s observation; written into ``out`` (zeroed first) when given,
        so a batch of games can fill one preallocated array."""
        if out is None:
            out = np.zeros(self.encoder.observation_size, np.float32)
        else:
            out.fill(0.0)
        prefix = self.prefix if seat == self.seat() else ()
        encoder = self.encoder
        if encoder.reads_state:  # no view to build (docs/rl.md, "Speed")
            encoder.observe_state(self.state, seat, prefix, out)
        else:
            encoder.observe(self.view(seat), prefix, out)
        return out

    def info_state(self, seat: int) -> npt.NDArray[np.float32]:
        size = self.encoder.info_state_size or self.encoder.observation_size
        out = np.zeros(size, np.float32)
        prefix = self.prefix if seat == self.seat() else ()
        self.encoder.info_state(self.view(seat, with_log=True), prefix, out)
        return out
