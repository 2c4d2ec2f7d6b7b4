"""The builds side by side: the pure-Python reference, Ossuary interpreted, Ossuary compiled.

    make bench                                          # runs this first
    python bench/bench_builds.py --seconds 1 --repeats 3 --json out.json --markdown out.md
    python bench/bench_builds.py --baseline /tmp/before  # and a source tree from before

For every game and seat count: random playouts (decisions/s), the time to
clone a mid-game state, ISMCTS iterations/s, heuristic decisions/s, simulator
games (heuristic against heuristic, through the simulator's own worker code)
and RL environment steps (PettingZoo's loop, random masked actions).

Every rate is per CPU-second of the process measuring it (``time.process_time``):
the measurements are single-threaded, and CPU time moves much less than wall
time when other work shares the machine. Each contender runs in a process of
its own, kept for the whole run: ``OSSUARY_PURE=1`` for the interpreted build,
the install as it is for the compiled one (the script says so when the install
has no compiled modules), and the reference. They take turns measure by
measure, ``--repeats`` times (the order turning each time), so each ratio
compares figures taken seconds apart; the tables give each contender's median
and each ratio's median over the repeats, with its lowest and highest. The reference is OpenSpiel's
``python_block_dominoes`` (bench/reference.py), and for the RL environments
PettingZoo's own classic card games, when installed (the ``bench`` extra).
``--baseline DIR`` adds a source tree (``git archive COMMIT src | tar -x -C
DIR``) run interpreted from ``DIR/src``: the code before a change, measured in
the same run. With ``--baseline-compiled`` the tree is run compiled instead:
archive the whole commit and build it in place first (``git archive COMMIT |
tar -x -C DIR; cd DIR; python setup.py build_ext --inplace``), so two compiled
builds are compared. ``--without pure`` leaves the interpreted build out (a
shorter run when only the compiled builds are being compared). Speed is
measured here, never asserted in tests.
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
        self.reads_labels = getattr(agent, "reads_labels", True)
        self.decisions = 0
        self.seconds = 0.0

    def act(self, obs: Any) -> str:
        start = cpu()
        aid: str = self.agent.act(obs)
        self.seconds += cpu() - start
        self.decisions += 1
        return aid


class _Enough(Exception):
    pass


def search_rate(make: Callable[[int], Any], name: str, seats: int, seconds: float) -> float:
    """A search in one seat (``make(g)``: game ``g``'s, with a fixed number of
    iterations a decision and an ``iterations`` count), the heuristic in the
    others, game after game on the same deals: iterations per CPU-second of
    search (bench/bench_guided.py measures the guided search so too)."""
    from ossuary import games
    from ossuary.agents import HeuristicAgent, play_game

    iterations, spent, g = 0, 0.0, 0
    while spent < seconds:
        search = make(g)
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


def ismcts(name: str, seats: int, seconds: float) -> float:
    """ISMCTS (a fixed number of iterations a decision) in one seat, the
    heuristic in the others: iterations per CPU-second of search."""
    from ossuary.agents import Budget, ISMCTSAgent

    def make(g: int) -> Any:
        return ISMCTSAgent(g + 1, Budget(iterations=ISMCTS_ITERATIONS))

    return search_rate(make, name, seats, seconds)


def commit() -> str:
    """The checkout's commit, short ("unknown" outside a git checkout)."""
    try:
        found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                               text=True, check=True, cwd=HERE)  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return found.stdout.strip()


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
    pick = random.Random(seed)  # numpy's Generator.choice would cost as much as a step
    steps = 0
    start = cpu()
    while cpu() - start < seconds:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            action = None
            if not (terminated or truncated):
                action = int(pick.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
    return steps / (cpu() - start)


def _build_name() -> str:
    try:
        from ossuary import compiled

        return compiled.describe()
    except ImportError:  # a source tree from before the compiled build
        return "pure Python (before the compiled build)"


def measure_one(measure: str, row: str, seconds: float) -> float | None:
    """One measure of one game and seat count, in this process's build."""
    from functools import partial

    from ossuary import games

    name, seats_text = row.split()
    seats = int(seats_text)
    if name not in games.names():
        return None
    if measure == "decisions":
        return playouts(name, seats, seconds)
    if measure == "clone_us":
        return clone_us(name, seats)
    if measure == "ismcts":
        return ismcts(name, seats, seconds * 1.5)
    if measure == "heuristic":
        return heuristic(name, seats, seconds)
    if measure == "simulator":
        return simulator(name, seats, seconds)
    try:
        from ossuary import rl
    except ImportError:
        return None
    return rl_steps(partial(rl.env, name, seats=seats), seconds)


def reference_one(measure: str, seconds: float) -> dict[str, float]:
    """The reference's figure for one measure (RL: each PettingZoo game)."""
    sys.path.insert(0, str(HERE))
    from reference import _load_game, _mid_game_states, _step, reference_available

    if measure in ("decisions", "clone_us"):
        if not reference_available():
            return {}
        game = _load_game()
        rng = random.Random(0)
        if measure == "decisions":
            decisions = 0
            start = cpu()
            while cpu() - start < seconds:
                state = game.new_initial_state()
                while not state.is_terminal():
                    decisions += _step(state, rng)
            return {measure: decisions / (cpu() - start)}
        states = _mid_game_states(game, rng, 12)
        start = cpu()
        for st in states:
            for _ in range(300):
                st.clone()
        return {measure: (cpu() - start) / (300 * len(states)) * 1e6}
    if measure != "rl":
        return {}
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except Exception:  # ImportError, or rlcard's own import failures
        return {}
    return {
        "rl leduc_holdem_v4": rl_steps(leduc_holdem_v4.env, seconds),
        "rl texas_holdem_v4": rl_steps(texas_holdem_v4.env, seconds),
    }


def serve_worker(seconds: float) -> None:
    """A contender's process: one JSON request a line in, one answer a line out,
    so the driver can alternate the contenders measure by measure."""
    for line in sys.stdin:
        ask = json.loads(line)
        if ask["do"] == "build":
            answer: Any = _build_name()
        elif ask["do"] == "rows":
            from ossuary import games

            only = ask.get("only") or games.names()
            answer = [f"{n} {k}" for n in only for k in games.get(n).seat_counts]
        elif ask["do"] == "reference":
            answer = reference_one(ask["measure"], seconds)
        else:
            answer = measure_one(ask["measure"], ask["row"], seconds)
        print(json.dumps(answer), flush=True)


# =============================================================================
# The driver: one long-lived process a contender, alternated measure by
# measure within each repeat, so every ratio compares figures taken seconds
# apart (a machine's load drifts over minutes: measuring one build after the
# other, as this script did before 2026-11-29, made its ratios follow the drift)
# =============================================================================
class Contender:
    def __init__(self, name: str, env: dict[str, str], seconds: float) -> None:
        self.name = name
        cmd = [sys.executable, __file__, "--worker", "--seconds", str(seconds)]
        self.proc = subprocess.Popen(
            cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, **request: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} contender stopped (its error is above)")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every measure of every row from every contender, ``args.repeats``
    times; the contenders' order turns at each repeat so none is always first."""
    env = dict(os.environ)
    builds: dict[str, dict[str, str]] = {}
    if args.baseline is not None:
        src = str(args.baseline.resolve() / "src")
        pure = "0" if args.baseline_compiled else "1"
        builds["before"] = {**env, "PYTHONPATH": src, "OSSUARY_PURE": pure}
    if "pure" not in args.without:
        builds["pure"] = {**env, "OSSUARY_PURE": "1"}
    builds["compiled"] = {**env, "OSSUARY_PURE": "0"}
    contenders = {name: Contender(name, e, args.seconds) for name, e in builds.items()}
    contenders["reference"] = Contender("reference", env, args.seconds)
    names = [n for n in contenders if n != "reference"]
    values: dict[str, dict[str, dict[str, list[float]]]] = {n: {} for n in contenders}
    try:
        described = {n: contenders[n].ask(do="build") for n in names}
        for name in ("before", "compiled") if args.baseline_compiled else ("compiled",):
            if not described[name].startswith("compiled"):
                print(f"{name} has no compiled build: {described[name]}", file=sys.stderr)
        rows: list[str] = contenders["compiled"].ask(do="rows", only=args.game)
        total, done = args.repeats * len(rows) * len(TITLES), 0
        for repeat in range(args.repeats):
            order = list(contenders)
            turn = repeat % len(order)
            order = order[turn:] + order[:turn]
            for row in rows:
                for measure in TITLES:
                    for who in order:
                        _measure(contenders[who], measure, row, values[who])
                    done += 1
                    print(
                        f"  repeat {repeat + 1}/{args.repeats}  {row:14} {measure:10} "
                        f"{done}/{total}",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        for c in contenders.values():
            c.close()
    return {
        "seconds": args.seconds,
        "repeats": args.repeats,
        "builds": {n: {"build": described[n], "values": values[n]} for n in names},
        "reference": values["reference"],
    }


def _measure(c: Contender, measure: str, row: str, into: dict[str, dict[str, list[float]]]) -> None:
    if c.name == "reference":
        # the reference has one figure a measure, taken again beside each row
        got: dict[str, float] = c.ask(do="reference", measure=measure)
        for key, v in got.items():
            into.setdefault(key, {}).setdefault(row, []).append(v)
        return
    value = c.ask(do="measure", measure=measure, row=row)
    if value is not None:
        into.setdefault(measure, {}).setdefault(row, []).append(value)


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


def _ratios(top: list[float], other: list[float], lower: bool) -> str:
    """The compiled build against another contender, repeat by repeat (each
    pair measured seconds apart): the median ratio, and the lowest and highest."""
    pairs = [(o / t if lower else t / o) for t, o in zip(top, other, strict=False) if t and o]
    if not pairs:
        return "-"
    if len(pairs) == 1:
        return f"{pairs[0]:.1f}×"
    return f"{median(pairs):.1f}× ({min(pairs):.1f}-{max(pairs):.1f})"


def tables(results: dict[str, Any]) -> str:
    builds = results["builds"]  # name -> {"build", "values": measure -> row -> [values]}
    ref = results["reference"]  # measure -> row -> [values]
    names = list(builds)
    top = builds[names[-1]]["values"]
    lines: list[str] = []
    for measure, (title, lower) in TITLES.items():
        rows = top.get(measure)
        if not rows:
            continue
        has_ref = measure in ref
        lines += [f"### {title}", ""]
        cols = ["game", "seats", *(["reference"] if has_ref else []), *names]
        cols += [f"compiled vs {other}" for other in (["reference"] if has_ref else [])]
        cols += [f"compiled vs {base}" for base in names[:-1]]
        lines.append("| " + " | ".join(cols) + " |")
        lines.append("| --- | ---: |" + " ---: |" * (len(cols) - 2))
        for row, mine in rows.items():
            game, seats = row.split()
            cells = [game, seats]
            columns = [ref[measure].get(row, [])] if has_ref else []
            columns += [builds[b]["values"].get(measure, {}).get(row, []) for b in names]
            cells += [_fmt(median(v)) if v else "-" for v in columns]
            cells += [_ratios(mine, other, lower) for other in columns[:-1]]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    rl_refs = {k: v for k, v in ref.items() if k.startswith("rl ")}
    if rl_refs:
        lines.append(
            "RL reference, measured beside each row: "
            + ", ".join(
                f"PettingZoo {k[3:]} {_fmt(median([x for xs in v.values() for x in xs]))}"
                " steps per CPU-second (median)"
                for k, v in rl_refs.items()
            )
            + "."
        )
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a measure")
    parser.add_argument("--repeats", type=int, default=3, help="rounds of every contender")
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    parser.add_argument("--baseline", type=Path, help="also a source tree, interpreted")
    parser.add_argument(
        "--baseline-compiled",
        action="store_true",
        help="run the --baseline tree compiled (built in place) instead of interpreted",
    )
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        choices=["pure"],
        help="leave this contender out (repeat)",
    )
    parser.add_argument("--json", type=Path, help="write the numbers here")
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        serve_worker(args.seconds)
        return 0
    if args.repeats < 1 or args.seconds <= 0:
        parser.error("--repeats must be 1 or more and --seconds above 0")
    if args.baseline_compiled and args.baseline is None:
        parser.error("--baseline-compiled needs --baseline DIR")
    results = run(args)
    text = tables(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    if args.markdown:
        args.markdown.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
