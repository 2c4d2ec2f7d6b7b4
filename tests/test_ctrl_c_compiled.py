"""Ctrl-C stops compiled code with a KeyboardInterrupt, never an abort.

CPython looks for a pending Ctrl-C inside a big-integer product; code that
mypyc compiled takes the error such a product then returns for "out of
memory" and aborts the whole process (``fatal: out of memory``, SIGABRT). A
training run stopped by Ctrl-C died that way on CI. So the compiled hot paths
never multiply big integers (the generator's seeding is i64 arithmetic), and
this test presses Ctrl-C on real processes while they seed generators and
play, resample and search every game, as a terminal does.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

# the generator seeded with 64-bit seeds, as every resample does
SEEDING = """
from ossuary.engine.rng import Rng
print("ready", flush=True)
while True:
    for i in range(1000):
        Rng(2**63 + i)
"""

# every game played at random, resampled from each seat's view and searched
PLAYING = """
from ossuary import games
from ossuary.agents import make_agent
from ossuary.agents.base import Observation
from ossuary.engine.rng import Rng
for name in games.names():  # loaded before Ctrl-C may come: this is about play, not imports
    games.get(name).knowledge()
print("ready", flush=True)
seed = 0
while True:
    for name in games.names():
        game = games.get(name)
        seed += 1
        state = game.new_game(decks=game.checks.fuzz_decks(seed, 2), seats=2, seed=seed)
        rng = Rng(seed)
        search = make_agent("ismcts:iters=20", seed)
        while not state.is_terminal():
            seat = state.current_player()
            state.resample(seat, Rng(rng.next64()))
            if len(state.history) % 7 == 0:
                legal = state.legal_actions()
                state.apply_action(search.act(Observation.of(state, seat, legal, "samples")))
            else:
                state.apply_action(rng.choice(state.legal_action_ids()))
"""


@pytest.mark.parametrize(
    ("work", "waits"), [(SEEDING, 6), (PLAYING, 4)], ids=["seeding", "playing"]
)
def test_ctrl_c_in_compiled_code_is_a_keyboard_interrupt(work: str, waits: int) -> None:
    for k in range(waits):
        process = subprocess.Popen(
            [sys.executable, "-c", work],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            # SIGINT at its default, as in a terminal: a test runner's worker may
            # ignore it, and a child then inherits the ignoring
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        time.sleep(0.15 + 0.1 * k)  # at a different moment each time
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
        assert "out of memory" not in stderr, stderr
        assert process.returncode == -signal.SIGINT, stderr
        assert stderr.strip().splitlines()[-1] == "KeyboardInterrupt"
