"""How a game turns a seat's view into numbers for :mod:`ossuary.rl`.

Its own module (the registry's :mod:`~ossuary.engine.game` re-exports it) so
that it is compiled with the games' encoders that extend it (docs/compiled.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from mypy_extensions import mypyc_attr

from .core import GameState

if TYPE_CHECKING:  # numpy is an optional dependency (the ``rl`` extra)
    import numpy as np
    import numpy.typing as npt


class Floats(Protocol):
    """Where an encoder that reads the state writes an observation: a
    ``memoryview`` of the zeroed float32 array, one item at a time. An
    observation sets about a hundred of its thousands of entries, and writing
    them so costs a third of gathering them in a dict for one numpy assignment
    (measured on Hecatomb's encoder)."""

    def __getitem__(self, i: int, /) -> float: ...
    def __setitem__(self, i: int, value: float, /) -> None: ...


def floats(out: npt.NDArray[np.float32]) -> Floats:
    """``out`` (a contiguous float32 array) as :class:`Floats`."""
    return cast("Floats", out.data)


class Blocks:
    """Named consecutive ranges of one flat index space: an encoder's action
    blocks or observation slices, each added with its length, laid end to end."""

    def __init__(self) -> None:
        self.size = 0
        self.ranges: list[tuple[str, int, int]] = []

    def add(self, name: str, length: int) -> int:
        """Reserve ``length`` indices for ``name``: the first of them."""
        start = self.size
        self.size += length
        self.ranges.append((name, start, self.size))
        return start


# a game of a package of its own subclasses it in interpreted Python
# (engine/core.py says why the compiled kernel must allow that)
@mypyc_attr(allow_interpreted_subclasses=True)
class Encoder:
    """How one game turns a seat's view into numbers for :mod:`ossuary.rl`.

    A game gives one from ``game.research.encoder``; ``docs/rl.md`` says what each
    part must promise. The encoder reads **only** what a seat may see: its view
    (``state.view(seat)``, already redacted by the game), so nothing it produces
    can depend on hidden cards; or, with :attr:`reads_state`, the seat's part of
    the state in place through the view's own redaction rule, tested to write
    exactly what encoding the view writes (faster: no view is built).

    Actions are a fixed range ``0 .. num_actions - 1``. Each legal option of the
    deciding seat maps to a *path*: a short tuple of action indices (most
    options are one index; an option that would need an unbounded range, such
    as a payment of several mana, is a few small steps). Within one decision
    two options never share a path and no path is a prefix of another, so a
    path names one option; the environment checks this and raises otherwise.
    An option the encoding can't express (beyond a documented cap) maps to
    ``None`` and is left out of the action mask.

    These indices are also the kernel's integer actions
    (:class:`~ossuary.engine.actions.IntActions`, ``game.research.int_actions``): one
    mapping for the environments, trained policies and programs that choose
    moves by number.
    """

    #: changes whenever an index of the observation or of the actions comes to mean
    #: something else, so a policy trained on the old encoding is refused
    #: (``ossuary.agents.learned``) rather than misread
    version: str = "1"
    #: size of the fixed action space
    num_actions: int = 0
    #: length of the flat float32 observation vector
    observation_size: int = 0
    #: length of the information-state vector (observation + what the seat remembers)
    info_state_size: int = 0
    #: whether the environments call :meth:`observe_state` and
    #: :meth:`action_paths_state` (the game's own redaction of its state, read
    #: in place) instead of building a view for :meth:`observe` and
    #: :meth:`action_paths`: the same numbers, without the view's dicts
    reads_state: bool = False
    #: whether an encoder made for N seats also reads a table of more than N
    #: (the nearest N seats, the rest left out, their things unnamed), so a
    #: policy trained for N seats can play there (docs/rl.md, "One policy,
    #: several tables")
    reads_larger_tables: bool = False

    def check_action(self, index: int) -> None:
        """Refuse an action index outside ``0 .. num_actions - 1`` (for
        :meth:`action_name` and the like), with the range in the message."""
        if not 0 <= index < self.num_actions:
            raise ValueError(f"action {index} is outside 0..{self.num_actions - 1}")

    def action_paths(self, view: dict[str, Any]) -> dict[str, tuple[int, ...] | None]:
        """Each legal option id in ``view`` (the deciding seat's) -> its path."""
        raise NotImplementedError

    def observe(
        self, view: dict[str, Any], prefix: tuple[int, ...], out: npt.NDArray[np.float32]
    ) -> None:
        """Write the observation of ``view`` into ``out`` (zeros, ``observation_size``
        long). ``prefix``: the steps of a multi-step option taken so far."""
        raise NotImplementedError

    def observe_state(
        self, state: GameState, seat: int, prefix: tuple[int, ...], out: npt.NDArray[np.float32]
    ) -> None:
        """:meth:`observe` of ``seat``'s view of ``state``, written straight from
        the state (an encoder with :attr:`reads_state`): it may read only what
        the view would hold for ``seat``, and must write exactly what
        :meth:`observe` of that view writes (the game's tests check both). By
        default it builds the view."""
        self.observe(state.view(seat, len(state.log)), prefix, out)

    def action_paths_state(self, state: GameState, seat: int) -> dict[str, tuple[int, ...] | None]:
        """:meth:`action_paths` of the deciding ``seat``'s view of ``state``, read
        straight from the state (as :meth:`observe_state`)."""
        return self.action_paths(state.view(seat, len(state.log)))

    def info_state(
        self, view: dict[str, Any], prefix: tuple[int, ...], out: npt.NDArray[np.float32]
    ) -> None:
        """Like :meth:`observe`, plus what the seat remembers from the game so far
        (``info_state_size`` long); by default the observation alone."""
        self.observe(view, prefix, out[: self.observation_size])

    def action_name(self, index: int) -> str:
        """A short stable name for an action index, e.g. ``play[Bone Mason]``."""
        return str(index)

    def layout(self) -> list[tuple[str, int, int]]:
        """The observation's slices: (name, start, stop), in order, covering it all."""
        return [("observation", 0, self.observation_size)]

    def value_ranges(self) -> dict[str, tuple[float, float]]:
        """The least and greatest value of each observation slice (by its
        :meth:`layout` name) whose values may leave [0, 1]; a slice not named
        holds one-hot codes, flags and fractions, all within [0, 1]."""
        return {}

    def observation_bounds(self) -> tuple[list[float], list[float]]:
        """Each observation entry's least and greatest value, finite: the
        environments' observation space (``gymnasium.spaces.Box``). From
        :meth:`value_ranges`; a name there that is no slice of :meth:`layout`
        is a ValueError (a bug in the encoder)."""
        ranges = self.value_ranges()
        low = [0.0] * self.observation_size
        high = [1.0] * self.observation_size
        names = set()
        for name, start, stop in self.layout():
            names.add(name)
            lo, hi = ranges.get(name, (0.0, 1.0))
            for i in range(start, min(stop, self.observation_size)):
                low[i] = lo
                high[i] = hi
        unknown = sorted(set(ranges) - names)
        if unknown:
            raise ValueError(f"value ranges for slices the layout lacks: {', '.join(unknown)}")
        return low, high
