"""``bench/bench_rl_vector.py --profile`` finds the parts of a batched step on
both builds: cProfile names a compiled method without its file (it printed 0%
for every part on the compiled build before)."""

from __future__ import annotations

from tests.bench_tools import load_bench


def test_the_profile_counts_compiled_and_pure_methods() -> None:
    bench = load_bench("bench_rl_vector")
    encoder = ("Encoder",)
    compiled = ("~", 0, "<method 'observe_state' of 'HecatombEncoder' objects>")
    pure = ("/x/ossuary/hecatomb/encode.py", 40, "observe_state")
    assert bench._is_part(compiled, "encode.py", encoder, ("observe_state",))
    assert bench._is_part(pure, "encode.py", encoder, ("observe_state",))
    assert not bench._is_part(compiled, "encode.py", ("State",), ("observe_state",))
    assert not bench._is_part(pure, "core.py", encoder, ("observe_state",))
    shares = bench.profile_shares("hecatomb", 2, 2, calls=20)
    assert shares["the encoder's observe"] > 0  # on whichever build runs the tests
