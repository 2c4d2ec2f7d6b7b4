"""The builds side by side: the pure-Python reference, Ossuary interpreted, Ossuary compiled.

    make bench                                          # runs this first
    python bench/bench_builds.py --seconds 1 --json out.json --markdown out.md
    python bench/bench_builds.py --baseline /tmp/before  # and a source tree from before

For every game and seat count: random playouts (decisions/s), the time to
clone a mid-game state, ISMCTS iterations/s, heuristic decisions/s, simulator
games (heuristic against heuristic, through the simulator's own worker code)
and RL environment steps (PettingZoo's loop, random masked actions).

Every rate is per CPU-second of the process measuring it (``time.process_time``):
the measurements are single-threaded, and CPU time moves much less than wall
time when other work shares the machine. Each build runs in a process of its
own, one after the other in the same run: ``OSSUARY_PURE=1`` for the
interpreted build, the install as it is for the compiled one (the script says
so when the install has no compiled modules). The reference is OpenSpiel's
``python_block_dominoes`` (bench/reference.py), and for the RL environments
PettingZoo's own classic card games, when installed (the ``bench`` extra).
``--baseline DIR`` adds a source tree (``git archive COMMIT src | tar -x -C
DIR``) run interpreted from ``DIR/src``: the code before a change, measured in
the same run. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ISMCTS_ITERATIONS = 200  # per decision: a fixed amount of work on any machine


def cpu() -> float:
    return time.process_time()


# =============================================================================
# What a worker measures (in the build it was started in)
# =============================================================================
def playouts(name: str, seats: int, seconds: float) -> float:
    """Uniformly random playouts: decisions per CPU-second."""
    from ossuary import games
    from ossuary.engine import Rng

    game = games.get(name)
    decisions = played = 0
    start = cpu()
    while cpu() - start < seconds:
        s = game.new_game(seats=seats, seed=played)
        rng = Rng(played)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_action_ids()))
            decisions += 1
        played += 1
    return decisions / (cpu() - start)


def clone_us(name: str, seats: int, number: int = 300) -> float:
    """Mean CPU time of ``clone()`` on mid-game states, in microseconds."""
    from ossuary import games
    from ossuary.engine import Rng

    game = games.get(name)
    states = []
    for g in range(12):
        s = game.new_game(seats=seats, seed=1000 + g)
        rng = Rng(g)
        trail = []
        while not s.is_terminal():
            trail.append(s.clone())
            s.apply_action(rng.choice(s.legal_action_ids()))
        states.append(trail[len(trail) // 2])
    start = cpu()
    for s in states:
        for _ in range(number):
            s.clone()
    return (cpu() - start) / (number * len(states)) * 1e6


class _Timed:
    """An agent that counts its decisions and the CPU time they took."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.observes = getattr(agent, "observes", "samples")
        self.decisions = 0
        self.seconds = 0.0

    def act(self, obs: Any) -> str:
        start = cpu()
        aid: str = self.agent.act(obs)
        self.seconds += cpu() - start
        self.decisions += 1
        return aid


def ismcts(name: str, seats: int, seconds: float) -> float:
    """ISMCTS (a fixed number of iterations a decision) in one seat, the
    heuristic in the others: iterations per CPU-second of search."""
    from ossuary import games
    from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, play_game

    iterations, spent, g = 0, 0.0, 0
    while spent < seconds:
        search = ISMCTSAgent(g + 1, Budget(iterations=ISMCTS_ITERATIONS))
        timed = _Timed(search)
        agents: list[Any] = [HeuristicAgent(g * 10 + i) for i in range(seats)]
        agents[g % seats] = timed
        state = games.get(name).new_game(seats=seats, seed=100 + g)
        # a game at most: stop once the budget is spent (about a few searches)
        budget_left = seconds - spent

        def watch(_s: Any, _w: int, _a: Any, limit: float = budget_left, t: Any = timed) -> None:
            if t.seconds > limit:
                raise _Enough

        with contextlib.suppress(_Enough):
            play_game(state, agents, observer=watch, max_actions=5_000)
        iterations += search.iterations
        spent += timed.seconds
        g += 1
    return iterations / spent


class _Enough(Exception):
    pass


def heuristic(name: str, seats: int, seconds: float) -> float:
    """The heuristic in every seat: decisions per CPU-second."""
    from ossuary import games
    from ossuary.agents import HeuristicAgent, play_game

    decisions, spent, g = 0, 0.0, 0
    while spent < seconds:
        timed = [_Timed(HeuristicAgent(g * 10 + i)) for i in range(seats)]
        state = games.get(name).new_game(seats=seats, seed=200 + g)
        play_game(state, timed, max_actions=5_000)
        decisions += sum(t.decisions for t in timed)
        spent += sum(t.seconds for t in timed)
        g += 1
    return decisions / spent


def simulator(name: str, seats: int, seconds: float) -> float:
    """Heuristic against heuristic through the simulator's worker code
    (``play_chunk``: games, statistics, an Arrow table): games per CPU-second."""
    from ossuary.sim.plan import SimConfig
    from ossuary.sim.play import play_chunk

    config = json.dumps(SimConfig(game=name, agents=("heuristic",), seats=seats).to_json())
    played = 0
    start = cpu()
    while cpu() - start < seconds:
        play_chunk(config, played, played + 1)
        played += 1
    return played / (cpu() - start)


def rl_steps(make: Callable[[], Any], seconds: float, seed: int = 0) -> float:
    """PettingZoo's loop with uniformly random legal actions: steps per CPU-second."""
    import numpy as np

    env = make()
    rng = np.random.default_rng(seed)
    steps = 0
    start = cpu()
    while cpu() - start < seconds:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
    return steps / (cpu() - start)


def worker(seconds: float, only: list[str] | None) -> dict[str, Any]:
    """Every measure for every game and seat count, in this process's build."""
    from functools import partial

    from ossuary import games

    try:
        from ossuary import compiled

        build = compiled.describe()
    except ImportError:  # a source tree from before the compiled build
        build = "pure Python (before the compiled build)"
    try:
        from ossuary import rl
    except ImportError:
        rl = None
    out: dict[str, Any] = {"build": build, "measures": {}}
    measures: dict[str, dict[str, float]] = out["measures"]
    for name in only or games.names():
        for seats in games.get(name).seat_counts:
            row = f"{name} {seats}"
            print(f"  {build[:22]:22} {row}", file=sys.stderr, flush=True)
            measures.setdefault("decisions", {})[row] = playouts(name, seats, seconds)
            measures.setdefault("clone_us", {})[row] = clone_us(name, seats)
            measures.setdefault("ismcts", {})[row] = ismcts(name, seats, seconds * 1.5)
            measures.setdefault("heuristic", {})[row] = heuristic(name, seats, seconds)
            measures.setdefault("simulator", {})[row] = simulator(name, seats, seconds)
            if rl is not None:
                make = partial(rl.env, name, seats=seats)
                measures.setdefault("rl", {})[row] = rl_steps(make, seconds)
    return out


def reference(seconds: float) -> dict[str, float]:
    """OpenSpiel's block dominoes (decisions/s, clone), and PettingZoo's classic
    card games (RL steps/s), where installed."""
    sys.path.insert(0, str(HERE))
    from reference import _load_game, _mid_game_states, _step, reference_available

    out: dict[str, float] = {}
    if reference_available():
        game = _load_game()
        rng = random.Random(0)
        decisions = 0
        start = cpu()
        while cpu() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                decisions += _step(state, rng)
        out["decisions"] = decisions / (cpu() - start)
        states = _mid_game_states(game, rng, 12)
        start = cpu()
        for s in states:
            for _ in range(300):
                s.clone()
        out["clone_us"] = (cpu() - start) / (300 * len(states)) * 1e6
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except Exception:  # ImportError, or rlcard's own import failures
        pass
    else:
        out["rl leduc_holdem_v4"] = rl_steps(leduc_holdem_v4.env, seconds)
        out["rl texas_holdem_v4"] = rl_steps(texas_holdem_v4.env, seconds)
    return out


# =============================================================================
# The driver: one process per build, then the tables
# =============================================================================
def run_worker(env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--worker", "--seconds", str(args.seconds)]
    for g in args.game or []:
        cmd += ["--game", g]
    done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


TITLES = {
    "decisions": ("Random playouts: decisions per CPU-second", False),
    "clone_us": ("Clone of a mid-game state: CPU microseconds (lower is better)", True),
    "ismcts": (
        f"ISMCTS, {ISMCTS_ITERATIONS} iterations a decision: iterations per CPU-second",
        False,
    ),
    "heuristic": ("Heuristic agent: decisions per CPU-second", False),
    "simulator": ("Simulator, heuristic against heuristic: games per CPU-second", False),
    "rl": ("RL environment (PettingZoo AEC, random legal actions): steps per CPU-second", False),
}


def _fmt(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def tables(results: dict[str, Any]) -> str:
    builds = results["builds"]  # name -> worker output
    ref = results["reference"]
    names = list(builds)
    lines: list[str] = []
    for measure, (title, lower) in TITLES.items():
        rows = builds[names[-1]]["measures"].get(measure)
        if not rows:
            continue
        lines += [f"### {title}", ""]
        cols = ["game", "seats"]
        ref_value = ref.get(measure)
        if ref_value is not None:
            cols.append("reference")
        cols += names
        if ref_value is not None:
            cols.append("compiled vs reference")
        for base in names[:-1]:
            cols.append(f"compiled vs {base}")
        lines.append("| " + " | ".join(cols) + " |")
        lines.append("| --- | ---: |" + " ---: |" * (len(cols) - 2))
        for row in rows:
            game, seats = row.split()
            cells = [game, seats]
            if ref_value is not None:
                cells.append(_fmt(ref_value))
            values = [builds[b]["measures"].get(measure, {}).get(row) for b in names]
            cells += [_fmt(v) if v is not None else "-" for v in values]
            top = values[-1]

            def ratio(other: float | None, top: float | None = top, lower: bool = lower) -> str:
                if other is None or top is None:
                    return "-"
                r = other / top if lower else top / other
                return f"{r:.1f}×"

            if ref_value is not None:
                cells.append(ratio(ref_value))
            for v in values[:-1]:
                cells.append(ratio(v))
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    rl_refs = {k: v for k, v in ref.items() if k.startswith("rl ")}
    if rl_refs:
        lines.append(
            "RL reference, in the same run: "
            + ", ".join(
                f"PettingZoo {k[3:]} {_fmt(v)} steps per CPU-second" for k, v in rl_refs.items()
            )
            + "."
        )
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a measure")
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    parser.add_argument("--baseline", type=Path, help="also a source tree, interpreted")
    parser.add_argument("--json", type=Path, help="write the numbers here")
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.seconds, args.game)))
        return 0
    results: dict[str, Any] = {"seconds": args.seconds, "builds": {}}
    print("reference", file=sys.stderr, flush=True)
    results["reference"] = reference(args.seconds)
    env = dict(os.environ)
    if args.baseline is not None:
        before = {**env, "PYTHONPATH": str(args.baseline.resolve() / "src"), "OSSUARY_PURE": "1"}
        results["builds"]["before"] = run_worker(before, args)
    results["builds"]["pure"] = run_worker({**env, "OSSUARY_PURE": "1"}, args)
    compiled = run_worker({**env, "OSSUARY_PURE": "0"}, args)
    if not compiled["build"].startswith("compiled"):
        print(f"this install has no compiled build: {compiled['build']}", file=sys.stderr)
    results["builds"]["compiled"] = compiled
    text = tables(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    if args.markdown:
        args.markdown.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
