"""Trajectories: the steps of games as arrays, with each game's replay, in one file.

One ``.npz`` file (numpy's zip of arrays; read it with ``np.load(path,
allow_pickle=False)`` or :func:`load_trajectories`) per run:

- ``action`` (int64), ``reward`` (float32), ``seat`` (int8), ``episode``
  (int32), ``done`` (bool), ``truncated`` (bool): one row per step an agent
  took. ``reward`` is what that seat received for the step: the game's result
  for the seat on its last step of a finished game, else 0. ``done``: the
  seat's last step of the episode; ``truncated``: that last step of a game cut
  short (the action limit, or still running when the file was written), as
  Gymnasium's flag of that name: a step that ends a game by its rules is
  ``done`` and not ``truncated``.
- Observations and masks, sparse (most of an observation is zeros): row ``i``'s
  observation has the values ``observation_value[p:q]`` at the positions
  ``observation_index[p:q]``, where ``p, q = observation_ptr[i], observation_ptr[i+1]``;
  its legal actions are ``mask_index[mask_ptr[i]:mask_ptr[i+1]]``.
  :meth:`Trajectories.observations` and :meth:`Trajectories.masks` give them dense.
- ``episode_returns`` (float32, episodes × seats): each game's result (zeros
  for a game cut short); ``episode_truncated`` (bool, episodes): the games cut
  short; ``replays``: the games as Ossuary replays, a JSON list
  (UTF-8 bytes), one per episode: ``ossuary replay`` shows one saved on its own
  (:meth:`Trajectories.replay`).
- ``meta``: JSON (UTF-8 bytes): game, seats, encoder version, sizes, source.

Written by the environments (``record=PATH``, when closed) and by
:func:`simulation_trajectories` from a simulation run's folder.
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.core import GameState
from ..engine.errors import OssuaryError
from ..engine.game import Encoder
from ..engine.replay import Replay

FORMAT = "ossuary-trajectories"


@dataclass
class TrajectoryLog:
    """Steps collected while games are played; :meth:`save` writes the file."""

    game: str
    seats: int
    encoder: Encoder
    source: str
    obs_index: list[npt.NDArray[np.int64]] = field(default_factory=list)
    obs_value: list[npt.NDArray[np.float32]] = field(default_factory=list)
    mask_index: list[npt.NDArray[np.int64]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    reward: list[float] = field(default_factory=list)
    seat: list[int] = field(default_factory=list)
    episode: list[int] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    truncated: list[bool] = field(default_factory=list)
    returns: list[list[float]] = field(default_factory=list)
    cut: list[bool] = field(default_factory=list)  # per episode: cut short
    replays: list[Any] = field(default_factory=list)
    _open: dict[int, int] = field(default_factory=dict)  # seat -> its last row this episode

    @classmethod
    def kept(
        cls, record: str | Path | None, game: str, seats: int, encoder: Encoder, source: str
    ) -> tuple[Path | None, TrajectoryLog | None]:
        """An environment's ``record=`` file and the log that fills it (both None
        without one)."""
        if record is None:
            return None, None
        return Path(record), cls(game, seats, encoder, source)

    @property
    def episodes(self) -> int:
        return len(self.returns)

    def step(
        self,
        seat: int,
        observation: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        action: int,
    ) -> None:
        """One step of ``seat`` in the current episode (before it is applied)."""
        nz = np.flatnonzero(observation)
        self.obs_index.append(nz.astype(np.int64))
        self.obs_value.append(observation[nz].astype(np.float32))
        self.mask_index.append(np.flatnonzero(mask).astype(np.int64))
        self.action.append(int(action))
        self.reward.append(0.0)
        self.seat.append(seat)
        self.episode.append(self.episodes)
        self.done.append(False)
        self.truncated.append(False)
        self._open[seat] = len(self.action) - 1

    def end_episode(self, state: GameState | None, truncated: bool | None = None) -> None:
        """Close the current episode: results on each seat's last step, and the
        replay. ``truncated``: whether the game was cut short (by default:
        unless it ended by its rules)."""
        finished = state is not None and state.is_terminal()
        returns = [float(r) for r in state.returns()] if finished and state else [0.0] * self.seats
        cut = not finished if truncated is None else truncated
        for seat, row in self._open.items():
            self.reward[row] = returns[seat]
            self.done[row] = True
            self.truncated[row] = cut
        self._open = {}
        self.returns.append(returns)
        self.cut.append(cut)
        replay = None
        if state is not None:
            try:
                replay = json.loads(Replay.of(state).to_json())
            except OssuaryError:  # a game not started from a seed has no replay
                replay = None
        self.replays.append(replay)

    def save(self, path: str | Path) -> Path:
        """Write the file (atomically); the episode in progress, if any, is left out."""
        path = Path(path)
        rows = len(self.episode)
        keep = [i for i in range(rows) if self.episode[i] < self.episodes]

        def cat(parts: list[npt.NDArray[Any]], dtype: Any) -> npt.NDArray[Any]:
            return np.concatenate([parts[i] for i in keep]) if keep else np.zeros(0, dtype)

        def ptr(parts: list[npt.NDArray[Any]]) -> npt.NDArray[np.int64]:
            out = np.zeros(len(keep) + 1, np.int64)
            np.cumsum([len(parts[i]) for i in keep], out=out[1:])
            return out

        meta = {
            "format": FORMAT,
            "game": self.game,
            "seats": self.seats,
            "encoder_version": self.encoder.version,
            "observation_size": self.encoder.observation_size,
            "num_actions": self.encoder.num_actions,
            "source": self.source,
        }
        arrays: dict[str, npt.NDArray[Any]] = {
            "action": np.array([self.action[i] for i in keep], np.int64),
            "reward": np.array([self.reward[i] for i in keep], np.float32),
            "seat": np.array([self.seat[i] for i in keep], np.int8),
            "episode": np.array([self.episode[i] for i in keep], np.int32),
            "done": np.array([self.done[i] for i in keep], np.bool_),
            "truncated": np.array([self.truncated[i] for i in keep], np.bool_),
            "observation_index": cat(self.obs_index, np.int64).astype(np.int32),
            "observation_value": cat(self.obs_value, np.float32),
            "observation_ptr": ptr(self.obs_index),
            "mask_index": cat(self.mask_index, np.int64).astype(np.int32),
            "mask_ptr": ptr(self.mask_index),
            "episode_returns": np.array(self.returns, np.float32).reshape(-1, self.seats),
            "episode_truncated": np.array(self.cut, np.bool_),
            "replays": np.frombuffer(json.dumps(self.replays).encode(), np.uint8),
            "meta": np.frombuffer(json.dumps(meta).encode(), np.uint8),
        }
        buf = io.BytesIO()
        np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(buf.getvalue())
        os.replace(tmp, path)
        return path


class Trajectories:
    """A trajectory file, read back (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        with np.load(Path(path), allow_pickle=False) as data:
            self.arrays = {k: data[k] for k in data.files}
        self.meta: dict[str, Any] = json.loads(self.arrays["meta"].tobytes().decode())
        if self.meta.get("format") != FORMAT:
            raise OssuaryError(f"{path} is not an Ossuary trajectory file")
        self.action = self.arrays["action"]
        self.reward = self.arrays["reward"]
        self.seat = self.arrays["seat"]
        self.episode = self.arrays["episode"]
        self.done = self.arrays["done"]
        self.episode_returns = self.arrays["episode_returns"]
        # files written before the mark: no game known to be cut short
        self.truncated = self.arrays.get("truncated", np.zeros(len(self.done), np.bool_))
        self.episode_truncated = self.arrays.get(
            "episode_truncated", np.zeros(len(self.episode_returns), np.bool_)
        )

    def __len__(self) -> int:
        return len(self.action)

    def observations(self, rows: Any = None) -> npt.NDArray[np.float32]:
        """Dense observations (rows × observation size), of ``rows`` or all."""
        return self._dense("observation", int(self.meta["observation_size"]), rows, True)

    def masks(self, rows: Any = None) -> npt.NDArray[np.int8]:
        """Dense action masks (rows × actions), of ``rows`` or all."""
        return self._dense("mask", int(self.meta["num_actions"]), rows, False).astype(np.int8)

    def _dense(self, name: str, width: int, rows: Any, values: bool) -> npt.NDArray[np.float32]:
        ptr = self.arrays[f"{name}_ptr"]
        idx = np.arange(len(self)) if rows is None else np.asarray(rows).reshape(-1)
        out = np.zeros((len(idx), width), np.float32)
        for r, i in enumerate(idx):
            p, q = ptr[i], ptr[i + 1]
            cols = self.arrays[f"{name}_index"][p:q]
            out[r, cols] = self.arrays[f"{name}_value"][p:q] if values else 1.0
        return out

    def replay(self, episode: int) -> Replay | None:
        """Episode ``episode`` as an Ossuary replay (``.save(path)``, then ``ossuary replay``)."""
        found = json.loads(self.arrays["replays"].tobytes().decode())[episode]
        return None if found is None else Replay.from_data(found)


def load_trajectories(path: str | Path) -> Trajectories:
    """Read a trajectory file (no pickles: only arrays and JSON)."""
    return Trajectories(path)
