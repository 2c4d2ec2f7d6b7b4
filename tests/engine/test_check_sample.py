"""``contract.check_sample`` (compiled since 2026-11-30): a sample with each
kind of defect the fuzzer's deep check looks for is still refused, in its
words. The game is Pebbles (``tests/engine/pebbles.py``), a state of Python
whose ``resample`` a test can plant a defect in."""

from __future__ import annotations

import pytest

from ossuary.engine.contract import check_sample
from ossuary.engine.core import Decision, GameState
from ossuary.engine.rng import Rng

from .pebbles import GAME, PebblesState


class Planted(PebblesState):
    """Pebbles whose samples have the defect named ``defect`` ("" for none)."""

    __slots__ = ("defect",)

    def resample(self, seat: object, rng: object) -> GameState:
        assert isinstance(seat, int)
        out = self.clone()  # a state of its own: fresh lists, as a sample must be
        out.seed, out.history, out.perspective = None, [], seat
        pending = self.pending
        assert pending is not None
        out.pending = Decision(pending.kind, pending.player, pending.options, pending.ctx)
        if self.defect == "shares":
            out.log = self.log
        elif self.defect == "changes":
            self.log.append({"e": "sampled"})
        elif self.defect == "seed":
            out.seed = self.seed
        elif self.defect == "view":
            out.pile -= 1
        return out


def _planted(defect: str) -> Planted:
    sound = GAME.new_game(seed=1)
    assert isinstance(sound, PebblesState)
    s = Planted()
    s.defect = defect
    for key in ("pile", "turn", "winner", "seed", "first", "history", "ply", "log", "stack"):
        setattr(s, key, getattr(sound, key))
    s.rng, s.pending = sound.rng, sound.pending
    return s


def test_a_sound_sample_passes() -> None:
    s = _planted("")
    seat = s.current_player()
    assert seat is not None
    check_sample(s, seat, Rng(0))


@pytest.mark.parametrize(
    ("defect", "words"),
    [
        ("shares", "shares mutable objects"),
        ("changes", "resample changed the game"),
        ("seed", "no seed or history"),
        ("view", "view changed in its own sample"),
    ],
)
def test_a_planted_defect_is_refused(defect: str, words: str) -> None:
    s = _planted(defect)
    seat = s.current_player()
    assert seat is not None
    with pytest.raises(AssertionError, match=words):
        check_sample(s, seat, Rng(0))
