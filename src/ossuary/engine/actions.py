"""Integer actions beside the string ids: a game's options as numbers in a fixed
range, OpenSpiel's shape (``num_distinct_actions``, ``legal_action_ints()``,
``action_to_string``, ``apply_action_int``).

The numbers are the game's :class:`~ossuary.engine.encoder.Encoder` action
indices, the ones the RL environments' action masks and trained policies use:
one mapping, kept by the encoder (``action_paths``), so an int means the same
thing to a policy, to an environment and to this API. An option whose encoding
needs several small steps (a payment of several mana, the second copy of two
identical cards) is that many ints in a row, as in OpenSpiel: the steps taken so
far are the *prefix*, kept here, not in the game state (which stays the
rules' own and saves as it always did).

The encoder reads only the deciding seat's view, so which ints are legal can't
depend on a hidden card. Why a separate object and not methods of
:class:`~ossuary.engine.core.GameState`: the mapping belongs to an encoder
(made per seat count, built from the card pool), and the partial choice of a
multi-step option is not part of a game; a state without this object plays as
fast as before. ``legal_action_ints`` and not OpenSpiel's ``legal_actions``:
that name is already the string API's (:meth:`GameState.legal_actions`, a
contract the front ends keep).
"""

from __future__ import annotations

from operator import index as as_index
from typing import Any

from mypy_extensions import mypyc_attr

from .core import GameState
from .encoder import Encoder
from .errors import IllegalAction, NotSupported, OssuaryError


class EncodingClash(OssuaryError):
    """A game's encoder gave two options of one decision the same action path
    (or one path that starts another): a bug in that encoder."""


class IllegalActionIndex(IllegalAction, ValueError):
    """An integer action that is not legal now (or not an action index at all).
    Also a ValueError, which is what Gymnasium and PettingZoo users catch."""


# the RL environments' table (ossuary.rl.table) extends it in interpreted Python
@mypyc_attr(allow_interpreted_subclasses=True)
class IntActions:
    """One game in progress, chosen in integer actions (see the module docstring).

    ``state`` is played on (not copied); ``encoder`` gives the mapping. Take
    actions through this object only while it exists: applying string ids to the
    state directly is fine too, through :meth:`apply_option`, which clears the
    partial choice.
    """

    def __init__(self, state: GameState, encoder: Encoder) -> None:
        self.state = state
        self.encoder = encoder
        #: the fixed size of the action range: every int is 0 .. this - 1
        self.num_distinct_actions: int = encoder.num_actions
        self.prefix: tuple[int, ...] = ()  # the steps of a multi-step option so far
        self.steps = 0  # actions taken through this object (sub-steps included)
        self.skipped = 0  # options left out because the encoding had no room
        self._paths: dict[tuple[int, ...], str] | None = None
        self._next: list[int] | None = None  # ascending
        self._views: dict[int, dict[str, Any]] = {}  # this position's views (no log)

    # -- whose turn, what they see ----------------------------------------------------
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
            found = self.state.view(seat, len(self.state.log))
            self._views[seat] = found
        return found

    # -- the mapping ------------------------------------------------------------------------
    def _decision_paths(self) -> dict[tuple[int, ...], str]:
        paths = self._paths
        if paths is None:
            paths = {}
            seat = self.seat()
            if seat is not None:
                encoder = self.encoder
                if encoder.reads_state:  # no view to build (docs/rl.md, "Speed")
                    raw = encoder.action_paths_state(self.state, seat)
                else:
                    raw = encoder.action_paths(self.view(seat))
                for option, path in raw.items():
                    if path is None:
                        self.skipped += 1
                    elif not path or path in paths:
                        also = "empty" if not path else f"also {paths[path]!r}'s"
                        raise EncodingClash(f"the encoder gives {option!r} the path {path}, {also}")
                    else:
                        paths[path] = option
                _check_prefixes(paths)
                if not paths and raw:
                    raise NotSupported(
                        f"the encoding has no room for any option of this decision: "
                        f"{', '.join(raw)}"
                    )
            self._paths = paths
        return paths

    def option_paths(self) -> dict[str, tuple[int, ...]]:
        """Each legal option id the encoding can express -> its ints, in order (one
        int for most options). One-to-one: no two options share a path."""
        return {option: path for path, option in self._decision_paths().items()}

    def legal_action_ints(self) -> list[int]:
        """The ints that may come next, ascending (empty when the game is over):
        each option's first int, or after a partial choice the next ints of the
        options it starts."""
        found = self._next
        if found is None:
            prefix = self.prefix
            k = len(prefix)
            ints: set[int] = set()
            for path in self._decision_paths():
                if path[:k] == prefix:
                    ints.add(path[k])
            found = sorted(ints)
            self._next = found
        return found[:]  # a copy: the kept list answers is_legal_int

    def is_legal_int(self, action: int) -> bool:
        if self._next is None:
            self.legal_action_ints()
        nxt = self._next
        return nxt is not None and action in nxt

    def action_to_string(self, action: object) -> str:
        """A short stable name of an int, the same in every position
        (``play[Bone Mason]``); an int outside the range is an
        :class:`IllegalActionIndex`."""
        return self.encoder.action_name(self._checked_int(action))

    def _checked_int(self, action: object) -> int:
        try:
            # numpy's integers too; bool is an int Python would accept, but no action
            if isinstance(action, bool):
                raise TypeError
            number = as_index(action)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalActionIndex(
                f"an integer action is a whole number, not {type(action).__name__} {action!r}",
                "engine: apply_action_int",
            ) from None
        if not 0 <= number < self.num_distinct_actions:
            raise IllegalActionIndex(
                f"action {number} is outside 0..{self.num_distinct_actions - 1}",
                "engine: apply_action_int",
            )
        return number

    # -- acting -------------------------------------------------------------------------
    def apply_action_int(self, action: object) -> str | None:
        """Take one int; returns the option id applied when its path is complete
        (None while a multi-step option is still being chosen). An int that is
        not legal now is an :class:`IllegalActionIndex` and changes nothing."""
        number = self._checked_int(action)
        if self.seat() is None:
            raise IllegalActionIndex("the game is over; no action can be taken", "end of game")
        if not self.is_legal_int(number):
            raise IllegalActionIndex(
                f"action {number} ({self.encoder.action_name(number)}) is not legal now; "
                f"legal: {self.legal_action_ints()}",
                "engine: apply_action_int",
            )
        self.steps += 1
        prefix = (*self.prefix, number)
        option = self._decision_paths().get(prefix)
        if option is None:
            self.prefix = prefix
            self._next = None
            return None
        self.apply_option(option)
        return option

    def apply_option(self, option: str) -> None:
        """Apply an option id directly (an Ossuary agent at the table): the
        partial choice, if any, is dropped. Not counted in :attr:`steps`."""
        self.state.apply_action(option)  # raises, changing nothing, when illegal
        self.prefix = ()
        self._paths = None
        self._next = None
        self._views = {}


def _check_prefixes(paths: dict[tuple[int, ...], str]) -> None:
    """No complete path may start another (it would end the choice early)."""
    longer = [p for p in paths if len(p) > 1]
    if not longer:
        return
    starts = {p[:k] for p in longer for k in range(1, len(p))}
    for p, option in paths.items():
        if p in starts:
            raise EncodingClash(f"the encoder: the path of {option!r} starts another option's")
