"""Reference half of the engine benchmark: OpenSpiel's pure-Python block dominoes.

Plays uniform-random playouts of ``python_block_dominoes`` and measures decisions
per second, games per second and the cost of ``state.clone()`` on mid-game states.
OpenSpiel is imported lazily, so this module imports fine without it installed
(``pip install 'open_spiel>=1.5'``, the ``bench`` extra).

Run: ``python bench/reference.py`` prints the result as JSON.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import time
import timeit
from typing import Any

GAME_NAME = "python_block_dominoes"


def reference_available() -> bool:
    """True when OpenSpiel (``pyspiel`` plus its Python games) can be imported."""
    try:
        return importlib.util.find_spec("pyspiel") is not None and (
            importlib.util.find_spec("open_spiel.python.games") is not None
        )
    except ModuleNotFoundError:
        return False


def _load_game() -> Any:
    pyspiel = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games")  # registers the python_* games
    return pyspiel.load_game(GAME_NAME)


def _step(state: Any, rng: random.Random) -> bool:
    """Apply one random action; return True when it was a decision (non-chance)."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights=probs)[0])
        return False
    state.apply_action(rng.choice(state.legal_actions()))
    return True


def _mid_game_states(game: Any, rng: random.Random, count: int) -> list[Any]:
    """States halfway through the decisions of ``count`` random games."""
    states = []
    for _ in range(count):
        state = game.new_initial_state()
        decision_at: list[int] = []
        while not state.is_terminal():
            if _step(state, rng):
                decision_at.append(len(state.history()) - 1)
        history = state.history()
        mid = game.new_initial_state()
        for action in history[: decision_at[len(decision_at) // 2]]:
            mid.apply_action(action)
        states.append(mid)
    return states


def measure_reference(seconds: float = 3.0, seed: int = 0) -> dict[str, float | int]:
    """Random playouts for about ``seconds``; returns throughput and mean clone time."""
    game = _load_game()
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += _step(state, rng)
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start

    states = _mid_game_states(game, rng, 20)
    number = 500
    total = sum(timeit.timeit(s.clone, number=number) for s in states)
    return {
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "clone_us": total / (number * len(states)) * 1e6,
        "games": games,
        "decisions": decisions,
    }


if __name__ == "__main__":
    print(json.dumps(measure_reference(), indent=2))
