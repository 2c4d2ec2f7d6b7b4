"""A game no Ossuary package holds, for the registry's tests: Pebbles, a pile of
seven pebbles from which the players take one or two in turn; whoever takes the
last one wins (the subtraction game, a folk game in the public domain).

It is a whole game in one file, as a separate package would give it: a state,
a :class:`Ruleset` filled by decorators and bound once, a :class:`Game`. The
tests name it through a fake ``ossuary.games`` entry point. :data:`HALF` is the
same game with its rules never bound, which the registry must refuse;
:data:`TOLD` names a facet of its own, :data:`BROKEN` facets that can't load.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

from ossuary.engine.core import Decision, GameState
from ossuary.engine.errors import StateError
from ossuary.engine.facets import Terminal
from ossuary.engine.game import DeckSpec, Game, check_setup
from ossuary.engine.names import seat_name
from ossuary.engine.rng import Rng
from ossuary.engine.rules import Ruleset

RULES: Ruleset[PebblesState] = Ruleset("pebbles", "1")
PILE = 7


class PebblesState(GameState):
    rules = RULES
    ruleset = "pebbles"
    version = "1"
    __slots__ = ("pile", "turn")

    def __init__(self) -> None:
        super().__init__()
        self.pile = PILE
        self.turn = 0

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in range(2)]

    def num_seats(self) -> int:
        return 2

    def deck_lists(self) -> list[list[str]]:
        return [[], []]

    def clone(self) -> PebblesState:
        return _load(self.serialize())

    def serialize(self) -> str:
        return json.dumps(
            {
                "pile": self.pile, "turn": self.turn, "winner": self.winner, "seed": self.seed,
                "first": self.first, "history": self.history, "ply": self.ply,
                "log": self.log, "stack": self.stack, "rng": self.rng.state,
                "pending": None if self.pending is None else self.pending.to_json(),
            }
        )  # fmt: skip


@RULES.step
def step_turn(s: PebblesState) -> None:
    s.ask("take", s.turn, tuple(str(n) for n in (1, 2) if n <= s.pile))


@RULES.resume("take")
def resume_take(s: PebblesState, ctx: tuple[Any, ...], choice: str) -> None:
    s.pile -= int(choice)
    s.log.append({"type": "take", "p": s.turn, "n": int(choice)})
    if s.pile == 0:
        s.winner = s.turn
        return
    s.turn = 1 - s.turn
    s.push("turn")


def _view(s: PebblesState, seat: object, log_from: object = 0) -> dict[str, Any]:
    me = s.check_seat(seat, spectator=True)
    decision = s.decision()
    mine = decision is not None and decision.player == me
    return {
        "pile": s.pile, "turn": s.turn, "winner": s.winner, "log": list(s.log),
        "decision": {"kind": decision.kind, "options": list(decision.options)} if mine else None,
    }  # fmt: skip


def _resample(s: PebblesState, seat: object, rng: Rng) -> PebblesState:
    return s.clone()  # nothing is hidden


def _load(text: str) -> PebblesState:
    try:
        data = json.loads(text)
        s = PebblesState()
        for key in ("pile", "turn", "winner", "seed", "first", "history", "ply", "log"):
            setattr(s, key, data[key])
        s.stack = [tuple(step) for step in data["stack"]]
        s.rng = Rng.from_state(data["rng"])
        if data["pending"] is not None:
            s.pending = Decision.from_json(data["pending"])
    except (ValueError, KeyError, TypeError) as exc:
        raise StateError(f"not a saved game of Pebbles: {exc}") from exc
    return s


RULES.bind(
    view=_view,
    resample=_resample,
    redact_event=lambda event, seat: dict(event),
    action_label=lambda s, aid: f"Take {aid}",
    prompt=lambda s: f"{s.pile} pebbles left: take one or two",
    explain_illegal=lambda s, aid: (s.not_an_option(aid), ""),
)


class PebblesGame(Game):
    name = "pebbles"
    title = "Pebbles"
    summary = "Take one or two pebbles; whoever takes the last one wins."
    seat_counts = (2,)
    rules = RULES

    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        check_setup(self.title, self.seat_counts, seats, seed, first)
        s = PebblesState()
        s.rng = Rng(seed)
        s.seed = seed
        chosen = s.rng.below(2)  # always drawn: a given first player keeps the same game
        s.first = s.turn = chosen if first is None else first
        s.push("turn")
        s.run()
        return s

    def deserialize(self, text: str) -> GameState:
        return _load(text)


GAME = PebblesGame()

# the same game, with rules that were filled but never bound
HALF_RULES: Ruleset[PebblesState] = Ruleset("half", "1")
HALF_RULES.step(step_turn)
HALF_RULES.resume("take")(resume_take)


class HalfGame(PebblesGame):
    name = "half"
    title = "Half Pebbles"
    rules = HALF_RULES


HALF = HalfGame()


class PebblesTerminal(Terminal):
    """Pebbles' one facet of its own: its log told in words."""

    def format_event(self, event: dict[str, Any]) -> str:
        return f"{seat_name(event['p'])} takes {event['n']}."


class ToldGame(PebblesGame):
    """Pebbles with a facet of its own (its terminal's words)."""

    facets: ClassVar[dict[str, str]] = {"terminal": ".pebbles:PebblesTerminal"}


class BrokenFacetsGame(PebblesGame):
    """Pebbles whose facets can't be found: a module that isn't there, a class
    of the wrong facet, a facet the kernel has never heard of."""

    facets: ClassVar[dict[str, str]] = {
        "cards": ".nowhere:PebbleCards",
        "decks": ".pebbles:PebblesTerminal",
        "scores": ".pebbles:PebblesTerminal",
    }


TOLD = ToldGame()
BROKEN = BrokenFacetsGame()
NOT_A_GAME = object()
