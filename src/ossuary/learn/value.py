"""``ossuary train --value-for POLICY``: a value head for a policy that has none.

The guided search (``guided``) scores its leaves with a policy file's value
head. ``ossuary train`` writes one, but a policy made before it did (the one
the project ships, say) has only its policy layers. This fits the value head
alone, by regression on the results of games the policy plays:

1. **Games** (``games``, in this process: a few CPU-minutes): the policy,
   drawing its moves from its probabilities for variety, plays itself in
   every seat (even games) or meets the heuristic in one seat (odd games),
   half of them with the preconstructed decks and half with random legal
   decks drawn by the game's seed (never one of the held-out seeds
   ``ossuary arena --decks random --seed 900001`` measures on). At every
   decision with a choice, each seat's encoded view (the game's RL encoder,
   the same numbers the policy reads) is recorded with that seat's result.
2. **Fit** a small perceptron (``hidden``) by least squares on those
   results (-1 a loss, 1 a win, 0 a game cut short), one pass with weight
   decay (:func:`fit` says why), a tenth of the games held out to report its
   error beside a constant's.
3. **Write** the policy file again with the value head added: its policy
   layers are the input's bytes exactly (same tensors, same storage type),
   so the policy plays exactly as before; its metadata gains ``value``
   (how the head was fitted and its held-out error).

Deterministic for a seed (torch on one CPU thread, deterministic algorithms).
"""

from __future__ import annotations

import json
import math
import struct
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from .. import games
from ..agents import make_agent
from ..agents.arena import HELD_OUT_SEEDS, random_decks
from ..agents.base import Agent, decide, legal_for
from ..agents.learned import (
    LearnedAgent,
    Policy,
    encoder_for,
    load_policy,
    parse_tensors,
    read_policy_bytes,
    write_tensors,
)
from .net import Batch, SparseMLP

MAX_ACTIONS = 5_000  # a game this long is cut (result 0)
_DTYPES = {"F16": np.float16, "F32": np.float32}


@dataclass
class ValueFit:
    """What :func:`fit_value` did: the file written and the fit's figures."""

    out: Path
    games: int
    positions: int
    seconds: float
    #: mean squared error on the held-out games: the head's, and a constant's
    #: (the training results' mean), on the same positions
    held_out_mse: float
    constant_mse: float
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Rows:
    """Encoded views (sparse) and the results they are fitted to."""

    # arrays of machine numbers: a few hundred thousand views of a hundred
    # numbers each would take gigabytes as lists of Python numbers
    ptr: array[int] = field(default_factory=lambda: array("q", [0]))
    index: array[int] = field(default_factory=lambda: array("q"))
    value: array[float] = field(default_factory=lambda: array("f"))
    target: array[float] = field(default_factory=lambda: array("f"))
    game: array[int] = field(default_factory=lambda: array("q"))

    def add(self, x: npt.NDArray[np.float32], game: int) -> None:
        nz = np.flatnonzero(x)
        self.index.frombytes(nz.astype(np.int64).tobytes())
        self.value.frombytes(x[nz].astype(np.float32).tobytes())
        self.ptr.append(len(self.index))
        self.game.append(game)


def play_games(
    policy_path: Path,
    policy: Policy,
    games_count: int,
    seed: int,
    report: Callable[[int, int], None] | None = None,
) -> _Rows:
    """Play ``games_count`` games of the policy and record each seat's view at
    every decision with a choice, with the seat's result (module docstring)."""
    game = games.get(policy.game)
    seats = policy.seats
    encoder = encoder_for(game.name, seats)
    rows = _Rows()
    x = np.zeros(encoder.observation_size, np.float32)
    for g in range(games_count):
        gseed = int(np.random.default_rng([seed, 11, g]).integers(0, 2**62))
        if gseed in HELD_OUT_SEEDS:  # (never, in practice) keep the measurement's decks out
            gseed += len(HELD_OUT_SEEDS)
        decks = random_decks(game, gseed, seats) if (g // 2) % 2 else None
        state = game.new_game(decks=decks, seats=seats, seed=gseed, first=g % seats)
        agents: list[Agent] = [
            LearnedAgent(policy_path, gseed + s, sample=True, sha256=policy.sha256)
            for s in range(seats)
        ]
        if g % 2:
            agents[(g // 4) % seats] = make_agent("heuristic", gseed)
        start = len(rows.target)
        done = 0
        while not state.is_terminal() and done < MAX_ACTIONS:
            seat = state.current_player()
            if seat is None:
                break
            legal = legal_for(agents[seat], state)
            if len(legal) > 1:
                for s in range(seats):
                    x.fill(0.0)
                    encoder.observe_state(state, s, (), x)
                    rows.add(x, g)
                    rows.target.append(float(s))  # the seat, until the result is known
            state.apply_action(decide(agents[seat], state, seat, legal))
            done += 1
        returns = state.returns() if state.is_terminal() else [0.0] * seats
        for i in range(start, len(rows.target)):
            rows.target[i] = float(returns[int(rows.target[i])])
        if report is not None:
            report(g + 1, games_count)
    return rows


def _batch(rows: _Rows, pick: npt.NDArray[np.int64], arrays: dict[str, Any]) -> Batch:
    ptr = arrays["ptr"]
    starts, stops = ptr[pick], ptr[pick + 1]
    lengths = stops - starts
    offsets = np.zeros(len(pick), np.int64)
    np.cumsum(lengths[:-1], out=offsets[1:])
    pos = np.concatenate([np.arange(a, b) for a, b in zip(starts, stops, strict=True)])
    return Batch(
        torch.from_numpy(arrays["index"][pos]),
        torch.from_numpy(offsets),
        torch.from_numpy(arrays["value"][pos]),
        torch.zeros((len(pick), 1), dtype=torch.bool),
    )


def fit(
    rows: _Rows,
    inputs: int,
    hidden: tuple[int, ...],
    seed: int,
    epochs: int = 1,
    minibatch: int = 256,
    lr: float = 1e-4,
    weight_decay: float = 1e-2,
) -> tuple[SparseMLP, float, float]:
    """Fit the value perceptron on all but a tenth of the games; (the network,
    its held-out mean squared error, a constant's).

    One pass, a small step and weight decay: every position of a game shares
    its one result, so a longer fit learns the games by heart (on 600
    Hecatomb games, eight passes at 1e-3 ended worse on the held-out games
    than a constant; this recipe was chosen on those same games)."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    arrays = {
        "ptr": np.asarray(rows.ptr, np.int64),
        "index": np.asarray(rows.index, np.int64),
        "value": np.asarray(rows.value, np.float32),
    }
    target = np.asarray(rows.target, np.float32)
    game = np.asarray(rows.game, np.int64)
    held = game % 10 == 9
    train = np.flatnonzero(~held)
    test = np.flatnonzero(held)
    net = SparseMLP(inputs, hidden, 1, last_gain=1.0)
    optim = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weight_decay)
    rng = np.random.default_rng([seed, 12])
    for _ in range(epochs):
        order = train[rng.permutation(len(train))]
        for i in range(0, len(order), minibatch):
            pick = order[i : i + minibatch]
            out = net(_batch(rows, pick, arrays)).squeeze(-1)
            loss = ((out - torch.from_numpy(target[pick])) ** 2).mean()
            optim.zero_grad()
            loss.backward()
            optim.step()
    if not len(test):
        return net, math.nan, math.nan
    with torch.no_grad():
        pred = net(_batch(rows, test, arrays)).squeeze(-1).clamp(-1, 1).numpy()
    mse = float(((pred - target[test]) ** 2).mean())
    mean = float(target[train].mean()) if len(train) else 0.0
    return net, mse, float(((mean - target[test]) ** 2).mean())


def _stored_dtypes(data: bytes) -> dict[str, str]:
    """Each tensor's storage type as the file's header says (F16, F32)."""
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + n])
    return {k: v["dtype"] for k, v in header.items() if k != "__metadata__"}


def fit_value(
    policy_path: Path,
    out: Path,
    games_count: int = 600,
    seed: int = 0,
    hidden: tuple[int, ...] = (64,),
    report: Callable[[int, int], None] | None = None,
) -> ValueFit:
    """Fit a value head for the policy file ``policy_path`` and write the
    policy with it to ``out`` (module docstring)."""
    start = time.perf_counter()
    policy = load_policy(policy_path)
    policy.check(policy.game, policy.seats, encoder_for(policy.game, policy.seats))
    rows = play_games(policy_path, policy, games_count, seed, report)
    return write_value(policy_path, out, rows, games_count, seed, hidden, start)


def write_value(
    policy_path: Path,
    out: Path,
    rows: _Rows,
    games_count: int,
    seed: int,
    hidden: tuple[int, ...],
    start: float,
) -> ValueFit:
    """Fit the head on ``rows`` and write the policy with it (:func:`fit_value`)."""
    data = read_policy_bytes(policy_path)
    policy = load_policy(policy_path)
    encoder = encoder_for(policy.game, policy.seats)
    net, mse, constant = fit(rows, encoder.observation_size, hidden, seed)
    tensors, meta = parse_tensors(data, str(policy_path))
    stored = _stored_dtypes(data)
    kept: dict[str, npt.NDArray[Any]] = {
        k: t.astype(_DTYPES[stored[k]]) for k, t in tensors.items() if not k.startswith("value.")
    }
    value = net.linear_layers()  # the reader clips the output to [-1, 1]
    for k, (w, b) in enumerate(value):
        kept[f"value.{2 * k}.weight"] = w.astype(np.float16)
        kept[f"value.{2 * k}.bias"] = b.astype(np.float16)
    seconds = time.perf_counter() - start
    details = {
        "games": games_count,
        "seed": seed,
        "hidden": list(hidden),
        "positions": len(rows.target),
        "held_out_mse": round(mse, 4),
        "constant_mse": round(constant, 4),
        "from_sha256": policy.sha256,
    }
    write_tensors(out, kept, {**meta, "value": json.dumps(details, sort_keys=True)})
    return ValueFit(out, games_count, len(rows.target), seconds, mse, constant, details)
