"""The golden games replay identically (tests/golden.py says what they are and
how to record them again when a change means to change what players see)."""

from __future__ import annotations

import pytest

from . import golden


@pytest.mark.parametrize("recipe", golden.recipes(), ids=lambda r: r.path.stem)
def test_a_golden_game_replays_identically(recipe: golden.Recipe) -> None:
    assert recipe.path.exists(), (
        f"{recipe.path.name} was never recorded (python -m tests.golden --record)"
    )
    problem = golden.check(recipe)
    assert problem is None, problem
