"""``bench/bench_rl_vector.py --profile`` says where a batched step's time goes,
timed in place (cProfile saw a compiled method only where interpreted code
called it, and its own cost swelled the interpreted parts)."""

from __future__ import annotations

import pytest

from tests.bench_tools import load_bench


@pytest.mark.parametrize("game", ["hecatomb", "diabolicards"])
def test_the_parts_of_a_batched_step_are_timed_on_whichever_build_runs(game: str) -> None:
    bench = load_bench("bench_rl_vector")
    parts = bench.step_parts(game, 2, 2, seconds=0.3)
    assert parts["steps"] > 10
    for name in bench.PART_NAMES:
        assert parts[name] > 0, name  # every part was reached and timed
    # the parts are inside the loop's time, which also deals finished games anew
    assert sum(parts[name] for name in bench.PART_NAMES) <= parts["total"]
    assert parts["the observation"] > parts["checking the actions"]
