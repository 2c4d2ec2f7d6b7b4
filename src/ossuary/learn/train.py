"""``ossuary train``: imitation, then PPO self-play against a pool and the heuristic.

The recipe (``docs/rl.md`` says why):

1. **Imitation** (``imitate`` games): a teacher agent (the heuristic) plays
   itself; the policy learns to pick its moves (cross-entropy) and the value
   to predict each seat's result. A start far better than random play.
2. **PPO self-play** (Schulman et al. 2017, with action masks): each
   iteration plays ``batch_games`` games in worker processes, the learner in
   one seat against an opponent drawn from ``opponents``: an Ossuary agent
   (the heuristic), a past version from the pool (a snapshot every
   ``snapshot_every`` iterations), or itself in every seat. Then a few epochs
   of clipped policy-gradient updates with generalized advantage estimates.

Every ``eval_every`` iterations the policy, playing its best move, meets the
heuristic over ``eval_games`` games. The output folder holds ``policy.safetensors``
(the policy, what ``learned:PATH`` plays, and the value head, which
``guided:policy=PATH`` scores its leaves with), ``checkpoint.pt`` (both
networks and the optimizer, loaded with ``torch.load(weights_only=True)``:
``--resume`` goes on from it), ``pool/`` (past versions), ``curve.csv`` and
``curve.png`` (win rates against training time). ``--resume`` keeps the run's
own settings; only the game count (``games_given``), the time limit, the
workers and the device come from the new command.

Deterministic on the CPU for a seed and a game count: every game's seeds and
every minibatch come from ``(seed, iteration)``, whatever the number of
workers; resuming gives the same run as not stopping.
"""

from __future__ import annotations

import contextlib
import csv
import json
import math
import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, fields
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from .. import __version__, games
from ..agents import check_agent
from ..agents.learned import FORMAT, FORMAT_VERSION, encoder_for, write_tensors
from ..agents.registry import pin_spec
from ..engine.errors import OssuaryError
from ..workers import ctrl_c_deferred, start_workers, stop_pool
from .actors import LEARNER, GameRecord, GameTask, SeatSteps, play_many
from .net import ActorCritic, Samples, entropy, masked_log_probs

CHECKPOINT = "checkpoint.pt"
EVAL = "best move vs heuristic"  # the evaluation's column in curve.csv
POLICY = "policy.safetensors"
#: what --decks takes (TrainConfig.decks)
DECKS = ("default", "field")


class TrainError(OssuaryError, ValueError):
    """Training options or an output folder that can't be used (the message says why)."""


@dataclass
class TrainConfig:
    """Everything that decides what is trained (recorded in the policy file)."""

    game: str = "hecatomb"
    seats: int = 2
    games: int = 20_000  # self-play games in all (resuming may raise it)
    seed: int = 0
    hidden: tuple[int, ...] = (256, 256)
    imitate: int = 2_000  # games of the teacher to imitate first (0: none)
    teacher: str = "heuristic"
    imitate_epochs: int = 3
    opponents: dict[str, float] = field(
        default_factory=lambda: {"heuristic": 0.5, "pool": 0.3, "self": 0.2}
    )
    batch_games: int = 128  # games per PPO iteration
    epochs: int = 3
    minibatch: int = 1024
    lr: float = 3e-4
    clip: float = 0.2
    entropy: float = 0.01
    gamma: float = 0.995
    lam: float = 0.95
    value_coef: float = 0.5
    snapshot_every: int = 10  # iterations between pool snapshots
    pool_size: int = 16
    eval_every: int = 10  # iterations between evaluations
    eval_games: int = 64
    max_actions: int = 5_000  # a game this long is cut (result 0)
    #: whose decks the games deal: "default" (the game's default pairing, as
    #: the shipped Hecatomb policy was trained), or "field" (every
    #: preconstructed deck and random legal decks: actors.field_decks)
    decks: str = "default"
    #: what an opponent or teacher spec plays as, fixed when the run began: a
    #: policy file named by its content (``learned:sha256=HASH:PATH``), so a
    #: resumed run finds it from any folder and refuses a file replaced since
    pinned: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        d = asdict(self)
        d["hidden"] = list(self.hidden)
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TrainConfig:
        d = json.loads(text)
        known = {f.name for f in fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        if "hidden" in d:
            d["hidden"] = tuple(d["hidden"])
        return cls(**d)

    def check(self) -> None:
        game = games.get(self.game)  # UnknownGame names the games
        self.game = game.name
        game.check_seats(self.seats)
        encoder_for(self.game, self.seats)  # NotSupported: a game without an encoder
        if self.decks not in DECKS:
            given = self.decks if len(self.decks) <= 40 else self.decks[:40] + "..."
            raise TrainError(f"--decks: one of {', '.join(DECKS)}, got {given!r}")
        if self.games < 0 or self.imitate < 0:
            raise TrainError("--games and --imitate can't be negative")
        if not self.hidden or any(h < 1 or h > 4096 for h in self.hidden):
            raise TrainError(f"--hidden: layer sizes from 1 to 4096, got {list(self.hidden)}")
        if self.batch_games < 1 or self.minibatch < 1 or self.epochs < 1:
            raise TrainError("--batch-games, minibatch and epochs must be at least 1")
        if not 0 < self.lr < 1:
            raise TrainError(f"--lr must be between 0 and 1, got {self.lr}")
        if not self.opponents or any(w < 0 for w in self.opponents.values()):
            raise TrainError("--opponents: give kinds with weights of 0 or more")
        if sum(self.opponents.values()) <= 0:
            raise TrainError("--opponents: at least one weight must be above 0")
        for kind in self.opponents:
            if kind not in ("pool", "self"):
                try:
                    check_agent(self._pin(kind), self.game, self.seats)
                except ValueError as exc:
                    raise TrainError(f"--opponents: {exc}") from None
        if self.imitate:
            try:
                check_agent(self._pin(self.teacher), self.game, self.seats)
            except ValueError as exc:
                raise TrainError(f"--teacher: {exc}") from None

    def _pin(self, spec: str) -> str:
        """``spec`` as the run plays it: pinned the first time it is checked."""
        if spec not in self.pinned:
            pinned = pin_spec(spec, self.game, self.seats)
            if pinned == spec:
                return spec
            self.pinned[spec] = pinned
        return self.pinned[spec]

    def plays(self, spec: str) -> str:
        """The spec an opponent or the teacher plays as (:attr:`pinned`)."""
        return self.pinned.get(spec, spec)


def parse_opponents(text: str) -> dict[str, float]:
    """``"heuristic=0.5,pool=0.3,self=0.2"`` -> weights by kind (an agent spec,
    ``pool`` or ``self``); a kind without ``=w`` weighs 1."""
    out: dict[str, float] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        kind, eq, weight = part.rpartition("=")
        if not eq or not _is_number(weight):
            kind, weight = part, "1"
        try:
            w = float(weight)
        except ValueError:
            raise TrainError(f"--opponents: {part!r}: the weight must be a number") from None
        if not math.isfinite(w) or w < 0:
            raise TrainError(f"--opponents: {part!r}: the weight must be 0 or more")
        out[kind.strip().lower() if kind.strip().lower() in ("pool", "self") else kind.strip()] = w
    if not out:
        raise TrainError("--opponents: name at least one kind (heuristic, pool, self)")
    return out


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# -- progress ------------------------------------------------------------------------------
@dataclass
class Status:
    """What the progress display shows after each step."""

    phase: str
    games: int
    total: int
    seconds: float
    rates: dict[str, float | None]
    evaluated: bool = False  # this step ended with an evaluation


Reporter = Callable[[Status], None]


# -- the run -------------------------------------------------------------------------------
class Trainer:
    """One training run in ``out`` (see the module docstring)."""

    def __init__(
        self,
        config: TrainConfig,
        out: Path,
        device: str = "cpu",
        workers: int | None = None,
        minutes: float | None = None,
        resume: bool = False,
        report: Reporter | None = None,
        games_given: bool = True,
    ) -> None:
        self.out = out
        self.report = report or (lambda s: None)
        self.minutes = minutes
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise TrainError(f"--device {device}: PyTorch sees no CUDA GPU here")
        try:
            self.device = torch.device(device)
        except RuntimeError as exc:
            raise TrainError(f"--device {device!r}: {exc}") from None
        if self.device.type == "cpu":
            torch.set_num_threads(1)  # ~10x faster than the default on a small machine
            torch.use_deterministic_algorithms(True)
        self.workers = max(1, workers or os.cpu_count() or 1)
        checkpoint = out / CHECKPOINT
        state: dict[str, Any] | None = None
        if resume:
            if not checkpoint.is_file():
                raise TrainError(f"--resume: no {CHECKPOINT} in {out} to go on from")
            state = _load_checkpoint(checkpoint)
            saved = TrainConfig.from_json(state["config"])
            if games_given:  # a new total; otherwise the run's own
                saved.games = config.games
            config = saved
        elif checkpoint.exists():
            raise TrainError(
                f"{out} already holds a training run: --resume goes on with it, "
                "or choose another --out"
            )
        config.check()
        self.config = config
        self.encoder = encoder_for(config.game, config.seats)
        torch.manual_seed(config.seed)
        self.net = ActorCritic(
            self.encoder.observation_size, self.encoder.num_actions, config.hidden
        ).to(self.device)
        self.optim = torch.optim.Adam(self.net.parameters(), lr=config.lr, eps=1e-5)
        self.iteration = 0
        self.games_done = 0
        self.seconds = 0.0
        self.imitated = False
        self.pool: list[str] = []
        self.curve: list[dict[str, float]] = []
        self.window: dict[str, deque[float]] = {}
        self.evaluated: float | None = None  # this iteration's evaluation, once logged
        self.last_eval: float | None = None
        if state is not None:
            self.net.load_state_dict(state["net"])
            self.optim.load_state_dict(state["optim"])
            self.iteration = int(state["iteration"])
            self.games_done = int(state["games"])
            self.seconds = float(state["seconds"])
            self.imitated = bool(state["imitated"])
            self.pool = [str(p) for p in state["pool"]]
            self.curve = [dict(row) for row in state["curve"]]
            self.window = {k: deque(v, maxlen=256) for k, v in state["window"].items()}
            evals = [r[EVAL] for r in self.curve if EVAL in r]
            self.last_eval = evals[-1] if evals else None
        out.mkdir(parents=True, exist_ok=True)
        (out / "pool").mkdir(exist_ok=True)

    # -- workers ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def _executor(self) -> Iterator[Executor | None]:
        if self.workers == 1:
            yield None
            return
        # each worker is one thread of numpy: the cores are the workers
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(var, "1")
        method = (
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        ex = ProcessPoolExecutor(
            self.workers, mp_context=multiprocessing.get_context(method), initializer=_worker
        )
        try:
            start_workers(ex, self.workers)  # deaf to Ctrl-C: the trainer handles it
            yield ex
        except BaseException:  # Ctrl-C: drop the games in hand, keep no one waiting
            stop_pool(ex)
            raise
        ex.shutdown(wait=True)

    def _play(self, pool: Executor | None, tasks: list[GameTask]) -> list[GameRecord]:
        if pool is None:
            return play_many(tasks)
        n = max(1, math.ceil(len(tasks) / (self.workers * 2)))
        chunks = [tasks[i : i + n] for i in range(0, len(tasks), n)]
        return [r for part in pool.map(play_many, chunks) for r in part]

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> Path:
        """Train until ``config.games`` self-play games (or ``minutes``); write
        the policy; return its path.

        Ctrl-C stops it, resumable exactly: the checkpoint is written whole
        (Ctrl-C waits for it) after every step, and the step in hand when
        Ctrl-C comes is dropped, so ``--resume`` plays that step again from the
        same state and the run ends as if it had never stopped."""
        start = time.perf_counter()
        base = self.seconds
        cfg = self.config
        self._clean()  # what a run killed outright left behind
        try:
            if not (self.out / CHECKPOINT).exists():
                self._save()  # the start, so a run stopped before its first step resumes
            with self._executor() as pool:
                if cfg.imitate and not self.imitated:
                    self._imitate(pool, start, base)
                    self.seconds = base + time.perf_counter() - start
                    self._save()
                while self.games_done < cfg.games:
                    if self.minutes is not None and time.perf_counter() - start > 60 * self.minutes:
                        break
                    self._iterate(pool)
                    self.seconds = base + time.perf_counter() - start
                    evaluated = self.iteration % cfg.eval_every == 0 or self.games_done >= cfg.games
                    if evaluated:
                        self._evaluate(pool)
                    self._log()
                    self._status("self-play", evaluated)
                    self._save()
                if self.curve and EVAL not in self.curve[-1]:  # stopped between evaluations
                    self._evaluate(pool)
                    self.curve[-1][EVAL] = round(self.last_eval or 0.0, 4)
                    self.evaluated = None
                    self._status("self-play", True)
                    self._save()
        except KeyboardInterrupt:
            # the step in hand is dropped (the checkpoint holds the last whole one)
            self._clean()
            raise
        return self.out / POLICY

    def _clean(self) -> None:
        """Remove the files a step writes for its games and the half-written
        ones of a save: none outlives the step or the save."""
        for pattern in (".current-*.safetensors", "*.tmp", "pool/*.tmp"):
            for leftover in self.out.glob(pattern):
                with contextlib.suppress(OSError):
                    leftover.unlink()

    def _status(self, phase: str, evaluated: bool = False) -> None:
        rates = {k: (sum(v) / len(v) if v else None) for k, v in sorted(self.window.items())}
        if self.last_eval is not None:
            rates[EVAL] = self.last_eval
        self.report(Status(phase, self.games_done, self.config.games, self.seconds, rates,
                           evaluated))  # fmt: skip

    # -- imitation ---------------------------------------------------------------------
    def _imitate(self, pool: Executor | None, start: float, base: float) -> None:
        cfg = self.config
        steps: list[SeatSteps] = []
        chunk = max(cfg.batch_games, self.workers * 4)
        made = 0
        while made < cfg.imitate:
            n = min(chunk, cfg.imitate - made)
            # each game's seed from its own index, not from the chunk it falls in
            # (the chunk's size follows the workers): any worker count, one network
            tasks = [
                GameTask(cfg.game, cfg.seats, _game_seed(cfg.seed, 1, made + g),
                         (made + g) % cfg.seats, (cfg.plays(cfg.teacher),) * cfg.seats, "",
                         cfg.max_actions, teacher=cfg.plays(cfg.teacher),
                         field=cfg.decks == "field")
                for g in range(n)
            ]  # fmt: skip
            for rec in self._play(pool, tasks):
                steps.extend(s for s in rec.steps if len(s))
            made += n
            self.seconds = base + time.perf_counter() - start
            self.report(Status(f"watching {cfg.teacher}", made, cfg.imitate, self.seconds, {}))
        samples, results = _samples(steps)
        if not len(samples):
            self.imitated = True
            return
        # value targets: the seat's result, discounted back from the game's end
        ret = np.concatenate([
            s.result * cfg.gamma ** np.arange(len(s) - 1, -1, -1, dtype=np.float64) for s in steps
        ]).astype(np.float32)  # fmt: skip
        del results
        rng = np.random.default_rng([cfg.seed, 2])
        n = len(samples)
        total = cfg.imitate_epochs * math.ceil(n / cfg.minibatch)
        done = 0
        for _ in range(cfg.imitate_epochs):
            order = rng.permutation(n)
            for i in range(0, n, cfg.minibatch):
                rows = order[i : i + cfg.minibatch]
                batch = samples.batch(rows, self.encoder.num_actions, self.device)
                act = torch.from_numpy(samples.action[rows]).to(self.device)
                target = torch.from_numpy(ret[rows]).to(self.device)
                logp = masked_log_probs(self.net.policy(batch), batch.mask)
                loss_pi = -logp.gather(1, act[:, None]).mean()
                loss_v = ((self.net.value(batch).squeeze(-1) - target) ** 2).mean()
                self.optim.zero_grad()
                (loss_pi + cfg.value_coef * loss_v).backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.optim.step()
                done += 1
                if done % 20 == 0 or done == total:
                    self.seconds = base + time.perf_counter() - start
                    self.report(Status("imitating", done, total, self.seconds,
                                       {"loss": loss_pi.item()}))  # fmt: skip
        self.imitated = True

    # -- one PPO iteration -------------------------------------------------------------
    def _tasks(self, rng: np.random.Generator, policy: str) -> tuple[list[GameTask], list[str]]:
        cfg = self.config
        kinds = list(cfg.opponents)
        weights = np.array([cfg.opponents[k] for k in kinds], np.float64)
        weights /= weights.sum()
        tasks, labels = [], []
        for g in range(cfg.batch_games):
            kind = kinds[int(rng.choice(len(kinds), p=weights))]
            seed = int(rng.integers(0, 2**62))
            pick = int(rng.integers(0, 2**31))
            learner = g % cfg.seats
            first = (g // cfg.seats) % cfg.seats
            if kind == "pool" and not self.pool:
                kind = "self"
            if kind == "self":
                roles = (LEARNER,) * cfg.seats
            elif kind == "pool":
                spec = "pool:" + str(self.out / "pool" / self.pool[pick % len(self.pool)])
                roles = tuple(LEARNER if s == learner else spec for s in range(cfg.seats))
            else:
                spec = cfg.plays(kind)
                roles = tuple(LEARNER if s == learner else spec for s in range(cfg.seats))
            tasks.append(GameTask(cfg.game, cfg.seats, seed, first, roles, policy,
                                  cfg.max_actions, field=cfg.decks == "field"))  # fmt: skip
            labels.append(kind)
        return tasks, labels

    def _iterate(self, pool: Executor | None) -> None:
        cfg = self.config
        self.iteration += 1
        rng = np.random.default_rng([cfg.seed, 3, self.iteration])
        policy = self._write_current()
        tasks, labels = self._tasks(rng, str(policy))
        records = self._play(pool, tasks)
        steps: list[SeatSteps] = []
        for rec, kind in zip(records, labels, strict=True):
            learners = [s for s, r in enumerate(rec.task.roles) if r == LEARNER]
            if kind != "self":
                win = 1.0 if rec.returns[learners[0]] > 0 else 0.0
                self.window.setdefault("vs " + ("pool" if kind == "pool" else kind),
                                       deque(maxlen=256)).append(win)  # fmt: skip
            steps.extend(s for s in rec.steps if len(s))
        self.games_done += len(records)
        with contextlib.suppress(OSError):
            policy.unlink()
        if steps:
            self._update(steps, rng)
        if self.iteration % cfg.snapshot_every == 0:
            name = f"v{self.iteration:05d}.safetensors"
            self._export(self.out / "pool" / name)
            self.pool.append(name)
            if len(self.pool) > cfg.pool_size:
                self.pool.pop(0)

    def _update(self, steps: list[SeatSteps], rng: np.random.Generator) -> None:
        cfg = self.config
        samples, _ = _samples(steps)
        n = len(samples)
        acts = self.encoder.num_actions
        with torch.no_grad():
            old_logp = np.empty(n, np.float32)
            values = np.empty(n, np.float32)
            for i in range(0, n, 4096):
                rows = np.arange(i, min(n, i + 4096))
                batch = samples.batch(rows, acts, self.device)
                act = torch.from_numpy(samples.action[rows]).to(self.device)
                lp = masked_log_probs(self.net.policy(batch), batch.mask)
                old_logp[rows] = lp.gather(1, act[:, None]).squeeze(1).cpu().numpy()
                values[rows] = self.net.value(batch).squeeze(-1).cpu().numpy()
        adv = np.zeros(n, np.float32)
        at = 0
        for s in steps:  # generalized advantage estimates, one seat's game at a time
            k = len(s)
            gae = 0.0
            for t in range(k - 1, -1, -1):
                last = t == k - 1
                reward = s.result if last else 0.0
                nxt = 0.0 if last else float(values[at + t + 1])
                delta = reward + cfg.gamma * nxt - float(values[at + t])
                gae = delta + cfg.gamma * cfg.lam * gae
                adv[at + t] = gae
            at += k
        ret = adv + values
        for _ in range(cfg.epochs):
            order = rng.permutation(n)
            for i in range(0, n, cfg.minibatch):
                rows = order[i : i + cfg.minibatch]
                batch = samples.batch(rows, acts, self.device)
                act = torch.from_numpy(samples.action[rows]).to(self.device)
                a = torch.from_numpy(adv[rows]).to(self.device)
                a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
                logp_all = masked_log_probs(self.net.policy(batch), batch.mask)
                logp = logp_all.gather(1, act[:, None]).squeeze(1)
                ratio = torch.exp(logp - torch.from_numpy(old_logp[rows]).to(self.device))
                loss_pi = -torch.min(
                    ratio * a, torch.clamp(ratio, 1 - cfg.clip, 1 + cfg.clip) * a
                ).mean()
                v = self.net.value(batch).squeeze(-1)
                loss_v = ((v - torch.from_numpy(ret[rows]).to(self.device)) ** 2).mean()
                ent = entropy(logp_all, batch.mask).mean()
                loss = loss_pi + cfg.value_coef * loss_v - cfg.entropy * ent
                self.optim.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.optim.step()

    # -- evaluation ------------------------------------------------------------------------
    def _evaluate(self, pool: Executor | None) -> None:
        cfg = self.config
        if not cfg.eval_games:
            return
        policy = self._write_current()
        rng = np.random.default_rng([cfg.seed, 4, self.iteration])
        tasks = []
        for g in range(cfg.eval_games):
            learner = g % cfg.seats
            roles = tuple(LEARNER if s == learner else "heuristic" for s in range(cfg.seats))
            tasks.append(GameTask(cfg.game, cfg.seats, int(rng.integers(0, 2**62)),
                                  (g // cfg.seats) % cfg.seats, roles, str(policy),
                                  cfg.max_actions, greedy=True,
                                  field=cfg.decks == "field"))  # fmt: skip
        records = self._play(pool, tasks)
        with contextlib.suppress(OSError):
            policy.unlink()
        wins = sum(1 for r in records if r.returns[r.task.roles.index(LEARNER)] > 0)
        self.evaluated = wins / len(records)
        self.last_eval = self.evaluated

    # -- files -----------------------------------------------------------------------------
    def _write_current(self) -> Path:
        path = self.out / f".current-{self.iteration}.safetensors"
        self._export(path)
        return path

    def _export(self, path: Path) -> None:
        cfg = self.config
        layers = self.net.policy.linear_layers()
        tensors: dict[str, npt.NDArray[Any]] = {}
        for k, (w, b) in enumerate(layers):
            # float16 halves the file; inference computes in float32 all the same
            tensors[f"policy.{2 * k}.weight"] = w.astype(np.float16)
            tensors[f"policy.{2 * k}.bias"] = b.astype(np.float16)
        # the value head too: the guided search scores its leaves with it
        for k, (w, b) in enumerate(self.net.value.linear_layers()):
            tensors[f"value.{2 * k}.weight"] = w.astype(np.float16)
            tensors[f"value.{2 * k}.bias"] = b.astype(np.float16)
        training = {
            **json.loads(cfg.to_json()),
            "iterations": self.iteration,
            "games_played": self.games_done,
            "training_seconds": round(self.seconds, 1),
            "device": str(self.device),
            "torch": torch.__version__,
            "ossuary": __version__,
            "date": date.today().isoformat(),
        }
        meta = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": cfg.game,
            "seats": str(cfg.seats),
            "encoder_version": self.encoder.version,
            "architecture": "mlp-relu",
            "training": json.dumps(training, sort_keys=True),
        }
        write_tensors(path, tensors, meta)

    def _log(self) -> None:
        row = {"iteration": float(self.iteration), "games": float(self.games_done),
               "minutes": round(self.seconds / 60, 3)}  # fmt: skip
        for k, v in self.window.items():
            if v:
                row[k] = round(sum(v) / len(v), 4)
        if self.evaluated is not None:
            row[EVAL] = round(self.evaluated, 4)
            self.evaluated = None
        self.curve.append(row)

    def _save(self) -> None:
        """The policy, the curve and plot, and the checkpoint (last, atomically),
        all of them: a Ctrl-C meanwhile waits until they are written."""
        with ctrl_c_deferred():
            self._write_files()

    def _write_files(self) -> None:
        self._export(self.out / POLICY)
        game, seats = games.get(self.config.game), self.config.seats
        table = f"{game.title}, {game.mode_of(seats) or f'{seats} seats'}"
        write_curve(self.out, self.curve, table, 1 / len(set(game.teams(seats))))
        state = {
            "format": "ossuary-train-checkpoint",
            "config": self.config.to_json(),
            "net": self.net.state_dict(),
            "optim": self.optim.state_dict(),
            "iteration": self.iteration,
            "games": self.games_done,
            "seconds": self.seconds,
            "imitated": self.imitated,
            "pool": list(self.pool),
            "curve": [dict(r) for r in self.curve],
            "window": {k: list(v) for k, v in self.window.items()},
        }
        tmp = self.out / (CHECKPOINT + ".tmp")
        torch.save(state, tmp)
        os.replace(tmp, self.out / CHECKPOINT)


def _game_seed(seed: int, stream: int, index: int) -> int:
    """The seed of game ``index`` of a stream of games of the run ``seed``."""
    return int(np.random.default_rng([seed, stream, index]).integers(0, 2**62))


def _worker() -> None:
    """A game worker leaves Ctrl-C to the trainer, which saves and stops them
    (the terminal sends it to every process of the command)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _load_checkpoint(path: Path) -> dict[str, Any]:
    try:
        # weights_only: tensors, numbers, strings and containers; never code
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # a corrupt file: torch raises many kinds
        raise TrainError(f"{path} can't be resumed from: {exc}") from None
    if not isinstance(state, dict) or state.get("format") != "ossuary-train-checkpoint":
        raise TrainError(f"{path} is not an 'ossuary train' checkpoint")
    return state


def _samples(steps: Sequence[SeatSteps]) -> tuple[Samples, list[float]]:
    lens = np.array([len(s.index) for s in steps], np.int64)
    lptr = np.concatenate([[0], np.cumsum(lens)])
    obs_ptr = np.concatenate(
        [[0]] + [np.asarray(s.indptr[1:], np.int64) + lptr[i] for i, s in enumerate(steps)]
    )
    llens = np.array([len(s.legal) for s in steps], np.int64)
    llptr = np.concatenate([[0], np.cumsum(llens)])
    legal_ptr = np.concatenate(
        [[0]] + [np.asarray(s.legal_ptr[1:], np.int64) + llptr[i] for i, s in enumerate(steps)]
    )
    samples = Samples(
        obs_ptr=obs_ptr.astype(np.int64),
        obs_index=np.fromiter((i for s in steps for i in s.index), np.int64),
        obs_value=np.fromiter((v for s in steps for v in s.value), np.float32),
        legal_ptr=legal_ptr.astype(np.int64),
        legal=np.fromiter((a for s in steps for a in s.legal), np.int64),
        action=np.fromiter((a for s in steps for a in s.action), np.int64),
    )
    return samples, [s.result for s in steps]


def write_curve(
    out: Path, curve: list[dict[str, float]], table: str = "", share: float = 0.5
) -> None:
    """``curve.csv`` and ``curve.png``: win rates against training minutes, with
    a line at ``share``, the rate of a seat no better than the others (a half
    at two sides, a third at three seats)."""
    if not curve:
        return
    keys = ["iteration", "games", "minutes"]
    for row in curve:
        keys += [k for k in row if k not in keys]
    with open(out / "curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, keys)
        w.writeheader()
        for row in curve:
            w.writerow(row)
    try:
        import matplotlib  # optional: matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure  # optional: matplotlib
    except ImportError:
        return
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    for k in keys[3:]:
        pts = [(r["minutes"], r[k]) for r in curve if k in r]
        if pts:
            xs, ys = zip(*pts, strict=True)
            ax.plot(xs, [100 * y for y in ys], marker="." if len(pts) < 40 else None, label=k)
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(0, 100)
    ax.axhline(100 * share, color="grey", linewidth=0.8, linestyle="--",
               label=f"an equal share ({100 * share:.0f}%)")  # fmt: skip
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:  # (none before the first rated game: no warning)
        ax.legend(loc="lower right", fontsize=8)
    ax.set_title("ossuary train: the learner's win rate" + (f" ({table})" if table else ""))
    fig.savefig(out / "curve.png", dpi=100, bbox_inches="tight")
