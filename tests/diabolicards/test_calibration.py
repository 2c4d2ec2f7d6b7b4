"""The evaluation's calibration tool (``bench/calibrate_diabolicards.py``):
its split of a side's value into terms, and its fit of their weights. The
tool's numbers are measurements (docs/ai.md); these tests check that what it
measures is the evaluation itself and that its fit finds known weights."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from ..bench_tools import load_bench

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def calibrate() -> ModuleType:
    return load_bench("calibrate_diabolicards")


@pytest.mark.parametrize("seats", [2, 4])
def test_the_terms_add_up_to_the_evaluations_lead(calibrate: ModuleType, seats: int) -> None:
    rows = calibrate.record(2, 77, seats)
    assert len(rows) > 40  # two games have dozens of turns
    for _, lead, result, diff in rows:
        assert len(diff) == len(calibrate.TERMS)
        assert sum(w * x for w, x in zip(calibrate.WEIGHTS, diff, strict=True)) == pytest.approx(
            lead, abs=1e-6
        )
        assert result in (0.0, 0.5, 1.0)
    # the terms vary: a fit has something to work with
    assert len({tuple(d) for *_, d in rows}) > 10


def test_the_fit_recovers_the_weights_results_were_drawn_with(calibrate: ModuleType) -> None:
    gen = np.random.default_rng(5)
    truth = np.array([1.2, -0.8, 0.3, 1.0, -0.5, 0.7, 0.1, 0.2])
    rows = []
    for _ in range(20_000):
        left = int(gen.integers(0, 80))
        diff = list(gen.normal(0.0, 10.0, len(truth)))
        z = float(truth @ np.array(diff)) / calibrate.evaluate.scale_for(left)
        result = float(gen.random() < 1.0 / (1.0 + math.exp(-z)))
        rows.append((left, 0.0, result, diff))
    fitted, loss = calibrate.fit_weights(rows)
    assert np.allclose(fitted, truth, atol=0.1)
    # and the fitted weights predict these results better than the evaluation's own
    x = np.array([[t / calibrate.evaluate.scale_for(r[0]) for t in r[3]] for r in rows])
    y = np.array([r[2] for r in rows])
    p = 1.0 / (1.0 + np.exp(-np.clip(x @ np.array(calibrate.WEIGHTS), -50, 50)))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    assert loss < float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
