"""A late-game evaluation for ISMCTS in 1v1, fitted to heuristic self-play.

The evaluation in :mod:`.evaluate` counts power: what stands on the mat,
and a share of what is in hand. From the middle of a 1v1 game on, *which*
cards stand where tells more than their power: a kill card still in hand, a
card whose ability is spent. So with ``lo`` to ``hi`` cards still to come
(deck and hands), the search scores a position with a logistic model,
fitted to who won heuristic self-play games from that point:

    P(side 0 wins) = sigmoid(intercept + lead * (lead / width) + turn * (+1 or -1)
                             + left * (cards to come / 30) + the sum of each card's
                             weight for where it lies)

``lead`` is :func:`.evaluate.side_value` of side 0 less that of side 1, and
``width`` the evaluation's width (:func:`.evaluate.scale_for`). ``turn`` is
+1 when side 0 is to move. A card lies in side 0's hand, side 1's hand, on
side 0's half of the mat, on side 1's half, or in the dead pile; in the deck
or the contracts it adds nothing. Teammates (2v2) are not modelled: only
1v1 uses it. Outside the range the evaluation is used as it is, and the
heuristic agent never uses this model (it is what ISMCTS is measured
against).

The weights live in ``ai/late.toml`` and come from
``bench/fit_late_diabolicards.py``; ``docs/ai.md`` ("What was tried for
Diabolicards": the late-game model, 2026-11-24, ``b5711ee``) has the fit and
the games it played. Every error in that file names the file
and the key.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from importlib import resources
from typing import Any

from ..engine.errors import OssuaryError
from ..engine.untrusted import load_document
from .cards import CardDef
from .state import DiaboState

#: where a card may lie, in the order of its five weights in the file
PLACES = ("hand0", "hand1", "mat0", "mat1", "dead")
CONSTANTS = ("intercept", "lead", "turn", "left")
DATA = "late.toml"
MAX_WEIGHT = 1e3  # a weight beyond this is a broken fit, not a model


class LateEvalError(OssuaryError):
    """A late-game weights file that cannot be used."""


@dataclass(frozen=True)
class LateEval:
    """The fitted model (see the module docstring)."""

    lo: int
    hi: int
    constants: Mapping[str, float]
    cards: Mapping[str, tuple[float, float, float, float, float]]

    def covers(self, s: DiaboState, left: int) -> bool:
        """Whether the model scores this position (1v1, cards to come in range)."""
        return s.n == 2 and self.lo <= left < self.hi

    # per deck (a game's tuple of card definitions, the same object all game)
    _tables: dict[int, tuple[tuple[CardDef, ...], tuple[float, ...]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def table(self, defs: tuple[CardDef, ...]) -> tuple[float, ...]:
        """Every card's weights by place, flat: ``place * len(defs) + card``."""
        hit = self._tables.get(id(defs))
        if hit is not None and hit[0] is defs:
            return hit[1]
        zero = (0.0,) * len(PLACES)
        per_card = [self.cards.get(d.name, zero) for d in defs]
        flat = tuple(w[p] for p in range(len(PLACES)) for w in per_card)
        if len(self._tables) > 16:  # decks come and go in long runs: stay small
            self._tables.clear()
        self._tables[id(defs)] = (defs, flat)
        return flat

    def logit(self, s: DiaboState, lead: float, width: float, left: int) -> float:
        """The model's log-odds that side 0 wins."""
        k = self.constants
        turn = 1.0 if s.current_player() == 0 else -1.0
        z = k["intercept"] + k["lead"] * lead / width + k["turn"] * turn + k["left"] * left / 30
        n = len(s.defs)
        w = self.table(s.defs)
        for h, hand in enumerate(s.hands):
            off = h * n
            for c in hand:
                z += w[off + c]
        for c, place in enumerate(s.place):
            if place >= 0:
                z += w[(2 + place // 9) * n + c]
        off = 4 * n
        for c in s.dead:
            z += w[off + c]
        return z


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LateEvalError(f"{where}: expected a number, got {value!r}")
    out = float(value)
    if not math.isfinite(out) or abs(out) > MAX_WEIGHT:
        raise LateEvalError(
            f"{where}: {value!r} is not a usable weight (finite, at most {MAX_WEIGHT:g})"
        )
    return out


def parse(text: str, source: str, names: Sequence[str]) -> LateEval:
    """The model in ``text`` (TOML), for a deck of cards named ``names``;
    :class:`LateEvalError` naming ``source`` and the key for anything else."""
    return load_document(
        text, LateEvalError, "a late-game model", partial(_model, names), source=source
    )


def _model(names: Sequence[str], raw: dict[str, Any], source: str) -> LateEval:
    extra = set(raw) - {"range", "weights", "cards"}
    if extra:
        raise LateEvalError(f"{source}: unknown table(s) {', '.join(sorted(extra))}")
    rng = raw.get("range")
    if not isinstance(rng, dict) or set(rng) != {"cards_to_come"}:
        raise LateEvalError(f"{source}: [range] must hold exactly cards_to_come = [low, high]")
    span = rng["cards_to_come"]
    if (
        not isinstance(span, list)
        or len(span) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in span)
        or not 0 <= span[0] < span[1] <= 1000
    ):
        raise LateEvalError(
            f"{source}: range.cards_to_come must be [low, high], whole numbers, "
            "0 <= low < high <= 1000"
        )
    weights = raw.get("weights")
    if not isinstance(weights, dict) or set(weights) != set(CONSTANTS):
        raise LateEvalError(f"{source}: [weights] must hold exactly {', '.join(CONSTANTS)}")
    constants = {k: _number(weights[k], f"{source}: weights.{k}") for k in CONSTANTS}
    cards_raw = raw.get("cards")
    if not isinstance(cards_raw, dict):
        raise LateEvalError(f"{source}: [cards] is missing")
    known = set(names)
    cards: dict[str, tuple[float, float, float, float, float]] = {}
    for name, ws in cards_raw.items():
        where = f"{source}: cards.{name!r}"
        if name not in known:
            raise LateEvalError(f"{where}: no card of that name in the deck")
        if not isinstance(ws, list) or len(ws) != len(PLACES):
            raise LateEvalError(f"{where}: expected {len(PLACES)} weights ({', '.join(PLACES)})")
        a, b, c, d, e = (_number(v, f"{where}[{i}]") for i, v in enumerate(ws))
        cards[name] = (a, b, c, d, e)
    missing = known - set(cards)
    if missing:
        raise LateEvalError(f"{source}: cards missing from [cards]: {', '.join(sorted(missing))}")
    return LateEval(span[0], span[1], constants, cards)


def dumps(model: LateEval) -> str:
    """The model as the TOML that :func:`parse` reads."""
    lines = [
        "# Late-game evaluation for ISMCTS in 1v1 (src/ossuary/diabolicards/late.py).",
        "# Written by bench/fit_late_diabolicards.py; docs/ai.md, 'What was tried for "
        "Diabolicards' (the late-game model, 2026-11-24, b5711ee).",
        "# Per card, its weight in: " + ", ".join(PLACES) + " (side 0's hand, side 1's hand,",
        "# side 0's half of the mat, side 1's half, the dead pile).",
        "",
        "[range]",
        f"cards_to_come = [{model.lo}, {model.hi}]",
        "",
        "[weights]",
        *(f"{k} = {model.constants[k]!r}" for k in CONSTANTS),
        "",
        "[cards]",
    ]
    for name, ws in model.cards.items():
        key = name if name.replace("-", "").replace("_", "").isalnum() else _quote(name)
        lines.append(f"{key} = [{', '.join(repr(float(w)) for w in ws)}]")
    return "\n".join(lines) + "\n"


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@cache
def default(names: tuple[str, ...]) -> LateEval:
    """The shipped model for a deck of cards named ``names``."""
    text = resources.files(__package__).joinpath("ai", DATA).read_text(encoding="utf-8")
    return parse(text, f"ai/{DATA}", names)
