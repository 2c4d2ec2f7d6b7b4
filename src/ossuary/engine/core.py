"""The game-agnostic kernel: decisions, actions and the step machine.

Every game in Ossuary is a :class:`GameState` subclass. The state never calls
out to a player: it runs its rules until somebody must choose, and stops with a
pending :class:`Decision` (who decides, what kind of choice, the legal option
ids). :meth:`GameState.apply_action` checks the chosen id against that list and
runs on to the next decision.

The engine's pending work is itself data: ``stack`` holds small tuples
``(step_name, *args)``; the rules register a function for each step name and a
function for each decision kind that resumes after the choice. So a state has
no Python frames, generators or closures in it, ``clone`` is a structural copy
and ``serialize`` is complete JSON.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import orjson
from mypy_extensions import mypyc_attr

from .errors import IllegalAction, SampleError, UnknownSeat
from .names import seat_name
from .rng import Rng, as_rng
from .rules import ResumeFn, Ruleset, Step, StepFn
from .untrusted import shown

__all__ = ["MAX_ACTION_ID", "Action", "Decision", "GameState", "ResumeFn", "Step", "StepFn"]

MAX_ACTION_ID = 200  # characters; option ids are a few words


@dataclass(frozen=True, slots=True)
class Action:
    """One legal option: a stable string ``id`` and a ``label`` for people."""

    id: str
    label: str

    def __str__(self) -> str:
        return self.label


class Decision:
    """A pending choice: the ``player`` who makes it, its ``kind``, its options.

    ``ctx`` is the data the rules need to resume after the choice; it is plain
    data (tuples of ints and strings) like everything else in a state.
    """

    __slots__ = ("ctx", "kind", "options", "player")

    def __init__(self, kind: str, player: int, options: tuple[str, ...], ctx: Step = ()) -> None:
        self.kind = kind
        self.player = player
        self.options = options
        self.ctx = ctx

    def to_json(self) -> list[Any]:
        return [self.kind, self.player, list(self.options), _to_json(self.ctx)]

    @classmethod
    def from_json(cls, data: list[Any]) -> Decision:
        return cls(data[0], data[1], tuple(data[2]), _to_tuple(data[3]))

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, player={self.player}, options={list(self.options)})"


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _to_tuple(value: Any) -> Any:
    """JSON has no tuples: steps and contexts come back as nested lists."""
    if isinstance(value, list):
        return tuple(_to_tuple(v) for v in value)
    return value


S = TypeVar("S", bound="GameState")


# A game from a package of its own (an ``ossuary.games`` entry point, not
# compiled with Ossuary) subclasses this class in interpreted Python: mypyc
# allows that only when the class says so (docs/adding-a-game.md)
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """Base class of every game's state; the public API all games share.

    A subclass is the game's data: it sets ``rules``, its
    :class:`~ossuary.engine.rules.Ruleset`, in its class body (the steps,
    decision kinds and behaviours the rules modules register there), and
    gives ``clone``, ``serialize``, ``returns``, ``num_seats`` and
    ``deck_lists``. ``view``, ``resample``, ``redact_event``,
    ``action_label``, ``prompt`` and ``explain_illegal`` are the ruleset's.
    """

    #: the game's rules (set in the subclass's body; this one runs nothing)
    rules: ClassVar[Ruleset[Any]] = Ruleset("game", "0")
    #: the ruleset's name and version, as replays and saved games carry them
    ruleset: ClassVar[str] = "game"
    version: ClassVar[str] = "0"

    __slots__ = (
        "first", "history", "log", "pending", "perspective", "ply", "rng", "seed", "stack",
        "winner",
    )  # fmt: skip

    def __init__(self) -> None:
        # the seed the game was dealt with; None when unknown (a scenario, a sample)
        self.seed: int | None = 0
        self.first = 0
        self.history: list[str] = []  # every action id applied since setup, for replays
        self.ply = 0  # how many actions have been applied (public, unlike the history)
        # None: the true game. A seat: a determinization built only from what that
        # seat knows (see resample); it has no seed and no history.
        self.perspective: int | None = None
        self.stack: list[Step] = []
        self.pending: Decision | None = None
        self.rng = Rng(0)
        self.log: list[dict[str, Any]] = []
        self.winner: int | None = None

    # -- the step machine ---------------------------------------------------
    def push(self, *step: Any) -> None:
        self.stack.append(step)

    def ask(
        self, kind: str, player: int, options: tuple[str, ...], *ctx: Any, secret: bool = False
    ) -> None:
        """Stop for a decision; a forced choice resumes at once unless it is
        ``secret``: a choice over hidden cards, where skipping the question would
        tell the other players what those cards are (or the kind is in
        the ruleset's ``always_ask``)."""
        if len(options) == 1 and not secret and kind not in self.rules.always_ask:
            self.rules.resumes[kind](self, ctx, options[0])
            return
        self.pending = Decision(kind, player, options, ctx)

    def run(self) -> None:
        """Run steps until a decision is pending or the game is over."""
        stack = self.stack
        steps = self.rules.steps
        while self.pending is None and stack and self.winner is None:
            step = stack.pop()
            fn = steps[step[0]]
            # most steps have two arguments or fewer: called without building a
            # tuple of arguments (compiled, a direct call; the same either way)
            n = len(step)
            if n == 1:
                fn(self)
            elif n == 2:
                fn(self, step[1])
            elif n == 3:
                fn(self, step[1], step[2])
            else:
                fn(self, *step[1:])

    # -- public API -----------------------------------------------------------
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.pending is None else self.pending.player

    def decision(self) -> Decision | None:
        return self.pending

    def legal_action_ids(self) -> tuple[str, ...]:
        """The legal option ids, without building labels (fast path for agents)."""
        return () if self.pending is None else self.pending.options

    def legal_actions(self) -> list[Action]:
        """The legal options, each with its stable id and a label for people."""
        if self.pending is None:
            return []
        return [Action(a, self.action_label(a)) for a in self.pending.options]

    def apply_action(self, action: object) -> None:
        """Apply a legal action (an :class:`Action` or its id) and run to the next
        decision.

        Raises :class:`IllegalAction` naming the rule when the action is not
        legal now, or not an action at all; the state is then unchanged. (Typed
        ``object``: a compiled method would refuse anything else with a bare
        TypeError before it could say what was wrong.)
        """
        aid = action.id if isinstance(action, Action) else action
        if not isinstance(aid, str):
            raise IllegalAction(
                f"an action is one of the legal option ids (a string) or an Action, not "
                f"{type(aid).__name__} {shown(aid)}",
                "engine: apply_action",
            )
        pending = self.pending
        if pending is None:
            raise IllegalAction("the game is over; no action can be taken", "end of game")
        if aid not in pending.options:
            if len(aid) > MAX_ACTION_ID:  # no option is this long: don't parse it
                raise IllegalAction(self.not_an_option(aid), "engine: apply_action")
            message, rule = self.explain_illegal(aid)
            raise IllegalAction(message, rule)
        self.pending = None
        self.history.append(aid)
        self.ply += 1
        self.rules.resumes[pending.kind](self, pending.ctx, aid)
        self.run()

    def replay_first(self) -> int | None:
        """The first player to give ``new_game`` to deal this game again (None:
        let the seed choose). By default the first player, which every game
        knows from the deal; a game that decides it later (after the mulligans)
        answers None or the seat given until then."""
        return self.first

    def is_terminal(self) -> bool:
        return self.winner is not None or (self.pending is None and not self.stack)

    def iter_log(self, seat: int | None = None) -> Iterator[dict[str, Any]]:
        """The event log; with a seat, as that seat may see it (copies)."""
        for event in self.log:
            yield copy_json(event if seat is None else self.redact_event(event, seat))

    # -- hidden information -------------------------------------------------------
    def check_seat(self, seat: object, spectator: bool = False) -> int | None:
        """``seat`` if it names a seat of this game (or None for a spectator when
        ``spectator``); else an :class:`UnknownSeat` error saying what is allowed."""
        if spectator and seat is None:
            return None
        n = self.num_seats()
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            also = " or None (a spectator)" if spectator else ""
            raise UnknownSeat(f"seat must be a number from 0 to {n - 1}{also}, not {seat!r}")
        return seat

    def check_sample_seat(self, seat: object) -> int:
        """The seat a sample may be taken for: the one deciding now, and (for a
        determinization) the one it was built for. Samples for a seat that is
        not deciding would keep the decider's options, which name its cards."""
        checked = self.check_seat(seat)
        assert checked is not None
        if self.perspective is not None and self.perspective != checked:
            raise SampleError(
                f"this state was built from what seat {self.perspective} knows; it can't be "
                f"resampled for seat {checked}"
            )
        if self.pending is None or self.pending.player != checked:
            who = "nobody" if self.pending is None else f"seat {self.pending.player}"
            raise SampleError(
                f"a sample can be taken only for the seat that is deciding ({who} is), "
                f"not seat {checked}"
            )
        return checked

    # -- what every game's view shares ------------------------------------------------
    def check_view_args(self, seat: object, log_from: object) -> tuple[int | None, int]:
        """A view's arguments as anyone may give them, checked: the seat (None: a
        spectator) and ``log_from``, a count of events to skip."""
        checked = self.check_seat(seat, spectator=True)
        if isinstance(log_from, bool) or not isinstance(log_from, int) or log_from < 0:
            raise ValueError(f"log_from must be a count of events (0 or more), not {log_from!r}")
        return checked, log_from

    def view_head(self, seat: int | None, active: int, turn_number: int) -> dict[str, Any]:
        """The fields every game's view starts with, the ones every front end
        reads (``docs/adding-a-game.md``, "The view"): the game, whose view it is
        (None: a spectator's), how many seats, whose turn it is and its number
        (the game says what a turn is). The game adds its own fields after."""
        return {
            "ruleset": self.ruleset,
            "seat": seat,
            "seats": self.num_seats(),
            "active": active,
            "turn_number": turn_number,
        }

    def decision_view(
        self, seat: int | None, option: Callable[[str, str], dict[str, Any]] | None = None
    ) -> dict[str, Any] | None:
        """The pending decision as ``seat`` sees it (None when the game is over):
        its kind and who decides for every reader (that is public); the prompt
        and the options (``option(id, label)``, by default ``{"id", "label"}``)
        in the deciding seat's own view only."""
        pending = self.pending
        if pending is None:
            return None
        decision: dict[str, Any] = {"kind": pending.kind, "player": pending.player}
        if seat is not None and pending.player == seat:
            decision["prompt"] = self.prompt()
            actions = self.legal_actions()
            if option is None:
                decision["options"] = [{"id": a.id, "label": a.label} for a in actions]
            else:
                decision["options"] = [option(a.id, a.label) for a in actions]
        return decision

    def start_sample(self: S, seat: object) -> tuple[S, int]:
        """The opening every game's ``resample`` shares: ``seat`` checked (only
        the deciding seat may be sampled for: :meth:`check_sample_seat`), this
        state cloned, and where this is the true game, the clone given its own
        copies of what :meth:`clone` shares (:meth:`unshare`) and made to leave
        the true game (:meth:`leave_true_game`). Returns the sample and the
        seat; the game then deals again the cards the seat can't see."""
        checked = self.check_sample_seat(seat)
        out = self.clone()
        assert isinstance(out, type(self))  # a game's clone is of its own class
        if self.perspective is None:
            self.unshare(out)
            self.leave_true_game(out, checked)
        return out, checked

    def unshare(self, out: GameState) -> None:
        """Give ``out``, a sample cloned from this true state, its own copies of
        what :meth:`clone` shares between a state and its clone because play
        never changes it (card tables, derived caches), since a sample deals the
        cards again. A game whose clone shares nothing of the kind keeps this
        default, which does nothing."""

    def leave_true_game(self, out: GameState, seat: int) -> None:
        """How a sample leaves the true game (:meth:`start_sample` calls it), for
        ``out``, a clone of this true state taken for ``seat``, the deciding seat: the
        log redacted for ``seat``, the pending decision copied, the perspective
        set, and no seed or action history, from which the true deal could be
        recovered (what else the clone shares, :meth:`unshare` copies)."""
        out.log = [copy_json(self.redact_event(e, seat)) for e in self.log]
        pending = self.pending
        assert pending is not None  # check_sample_seat: the seat is deciding
        out.pending = Decision(pending.kind, pending.player, pending.options, pending.ctx)
        out.perspective = seat
        out.seed = None
        out.history = []

    def information_state(self, seat: object) -> GameState:
        """What ``seat`` knows, as a full state: the hidden cards dealt in a
        fixed order that depends only on the seat's information, no seed, no
        history, sharing nothing with this state. Agents get this, never the
        true state; their samples are :meth:`resample` of it."""
        return self.resample(self.check_sample_seat(seat), Rng(0))

    # -- the ruleset's behaviours (Ruleset.bind) --------------------------------
    def action_label(self, aid: str) -> str:
        """The option ``aid`` in words for people."""
        return self.rules.action_label(self, aid)

    def prompt(self) -> str:
        """What the pending decision asks, in words for people."""
        return self.rules.prompt(self)

    def explain_illegal(self, aid: str) -> tuple[str, str]:
        """(Why ``aid`` is refused now, the rule that says so)."""
        return self.rules.explain_illegal(self, aid)

    def not_an_option(self, aid: str) -> str:
        """Why ``aid`` is refused when a game has nothing more particular to say:
        who is deciding what, in the seats' names and the question's own words,
        then the ids a program may send ("'fly' is not an option now (Player 1
        is asked: Your main phase: ...); legal options: play 3, end")."""
        pending = self.pending
        if pending is None:
            return "the game is over; no action can be taken"
        asked = self.prompt() or "to choose"
        return (
            f"{shown(aid)} is not an option now ({seat_name(pending.player)} is asked: "
            f"{asked}); legal options: {', '.join(pending.options)}"
        )

    def redact_event(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A log event as ``seat`` may read it (None: a spectator)."""
        return self.rules.redact_event(event, seat)

    # seat and log_from as given by anyone: the game's view checks them (a
    # compiled method would refuse a wrong type before the check could say what
    # was wrong)
    def view(self, seat: object, log_from: object = 0) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator, public information only), as
        fresh JSON-ready data."""
        return self.rules.view(self, seat, log_from)

    def resample(self, seat: object, rng: Rng | random.Random) -> GameState:
        """A determinization for ``seat`` at its own decision: an independent
        full state in which every card the seat can't see is dealt anew; no
        seed, no history, the seat's redacted log; ``perspective == seat``.
        ``rng`` is the engine's :class:`Rng` or a :class:`random.Random`
        (:func:`~ossuary.engine.rng.as_rng`)."""
        found: GameState = self.rules.resample(self, seat, as_rng(rng))
        return found

    # -- the game's data (the subclass) ---------------------------------------------
    def returns(self) -> list[float]:
        """Per seat, the game's result: by default +1 for the winner and the
        others share -1 (zero-sum); all 0 for an unfinished game or a draw (no
        winner). A game of sides or scores gives its own."""
        n = self.num_seats()
        if self.winner is None:
            return [0.0] * n
        lose = -1.0 / (n - 1) if n > 1 else 0.0
        return [1.0 if i == self.winner else lose for i in range(n)]

    def num_seats(self) -> int:
        raise NotImplementedError

    def deck_lists(self) -> list[list[str]]:
        raise NotImplementedError

    def clone(self) -> GameState:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (the game's fields, then
        :meth:`kernel_json`'s)."""
        raise NotImplementedError

    def serialize(self) -> str:
        """The complete state as JSON text; the game's ``deserialize`` rebuilds it."""
        return compact_json(self.to_json())

    # -- the kernel's fields, for every game's clone, to_json and from_json ----------
    def copy_kernel_fields(self, c: GameState) -> None:
        """Copy this class's fields into the clone ``c``, all but the log (a game
        copies it, or shares it until one side writes)."""
        c.first = self.first
        c.seed = self.seed
        c.history = self.history[:]
        c.ply = self.ply
        c.perspective = self.perspective
        c.stack = self.stack[:]
        c.pending = self.pending  # decisions are never mutated, only replaced
        c.rng = self.rng.copy()
        c.winner = self.winner

    def kernel_json(self) -> dict[str, Any]:
        """This class's fields as a saved state holds them."""
        return {
            "first": self.first,
            "seed": self.seed,
            "history": self.history,
            "ply": self.ply,
            "perspective": self.perspective,
            "stack": to_json_steps(self.stack),
            "pending": self.pending.to_json() if self.pending else None,
            "rng": self.rng.state,
            "log": self.log,
            "winner": self.winner,
        }

    def load_kernel_fields(self, data: dict[str, Any]) -> None:
        """Set this class's fields from :meth:`kernel_json` data the game's
        loader has checked."""
        self.first = data["first"]
        self.seed = data["seed"]
        self.history = data["history"]
        self.ply = data["ply"]
        self.perspective = data["perspective"]
        self.stack = from_json_steps(data["stack"])
        self.pending = Decision.from_json(data["pending"]) if data["pending"] else None
        self.rng = Rng.from_state(data["rng"])
        self.log = data["log"]
        self.winner = data["winner"]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.serialize() == other.serialize()

    __hash__ = None  # type: ignore[assignment]


def redact_private(
    event: dict[str, Any], seat: int | None, hidden: tuple[str, ...] = ("card", "cards")
) -> dict[str, Any]:
    """A log event as ``seat`` may see it (None: a spectator), for games whose
    events mark a seat-only one with ``"private": seat``: the ``hidden`` fields
    (card names) are dropped for every other reader. The result may share the
    event's objects: callers that hand it out copy it."""
    private = event.get("private")
    if private is None or (seat is not None and private == seat):
        return event
    return {k: v for k, v in event.items() if k not in hidden}


def copy_json(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, tuples, scalars) sharing nothing
    mutable with the original: what leaves a state (views, logs) is copied so
    that whoever receives it can't change the game."""
    # a text, number or null is returned as it is without a call for it: most
    # of a log is those (every view and sample copies the log)
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    return value


_SCALARS = frozenset({str, int, bool, float, type(None)})


#: orjson's options for :func:`compact_json`: keys sorted; anything orjson
#: would write where ``json`` refuses or writes otherwise (a dataclass, a
#: datetime, a subclass of str, int, dict or list) raises instead, and the
#: text comes from ``json``
_ORJSON_SORTED = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


def compact_json(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"), sort_keys=True)``, the text of
    every saved state, written by orjson (about ten times faster: the fuzz
    checks write three saved states a deep check) where the two write the same
    text, else by ``json``: orjson refuses a key that is not a text and a
    number beyond 64 bits, and writes other characters than ASCII, and DEL,
    unescaped, so those texts come from ``json``. The saved-state formats hold
    no fractions (their loader refuses them), the one thing the two write
    differently that is not checked here (``1e-07`` against ``1e-7``).
    ``tests/engine/test_compact_json.py`` holds the two to the same text."""
    try:
        data = orjson.dumps(value, option=_ORJSON_SORTED)
        if data.isascii() and b"\x7f" not in data:
            return data.decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        pass
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def dumps_with(data: dict[str, Any], key: str, encoded: str) -> str:
    """What :meth:`GameState.serialize` writes for ``data`` with ``key`` set to
    a value whose text (as ``json.dumps`` writes it there: compact, keys
    sorted) is ``encoded``: for a part that is the same in every save, written
    once (a game's card definitions). ``data`` must not hold ``key``; its keys
    are texts, which ``json.dumps`` sorts as Python does, so the keys before
    ``key`` are written, then ``key``, then the rest."""
    before = compact_json({k: v for k, v in data.items() if k < key})
    after = compact_json({k: v for k, v in data.items() if k > key})
    middle = json.dumps(key) + ":" + encoded
    return (
        before[:-1]
        + ("," if len(before) > 2 else "")
        + middle
        + ("," if len(after) > 2 else "")
        + after[1:]
    )


#: a definition's text by its id, with the definition itself (kept alive here,
#: so its id is never another's)
_TEXTS: dict[int, tuple[Any, str]] = {}


def definition_text(d: Any) -> str:
    """``d.to_dict()`` as ``json.dumps`` writes it in a saved state (compact,
    keys sorted), worked out once for ``d``: only for what never changes, a
    card definition (frozen, holding only values), shared by every game that
    plays the card."""
    found = _TEXTS.get(id(d))
    if found is not None and found[0] is d:
        return found[1]
    text = compact_json(d.to_dict())
    if len(_TEXTS) < 8192:
        _TEXTS[id(d)] = (d, text)
    return text


def to_json_steps(stack: list[Step]) -> list[Any]:
    return [_to_json(s) for s in stack]


def from_json_steps(data: list[Any]) -> list[Step]:
    return [_to_tuple(s) for s in data]


to_json = _to_json
from_json_tuple = _to_tuple
