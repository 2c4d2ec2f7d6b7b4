"""N games stepped in one call, for trainers that batch (``docs/rl.md``, "Batches").

- :class:`OssuaryVectorEnv`: a :class:`gymnasium.vector.VectorEnv` of N
  single-learner games (each one :class:`~ossuary.rl.single.OssuarySingleEnv`
  underneath), next-step autoreset as Gymnasium 1.x specifies;
- :class:`OssuaryAECBatch`: N PettingZoo AEC games (each one
  :class:`~ossuary.rl.aec.OssuaryAEC`), every game's acting agent answered in
  one :meth:`~OssuaryAECBatch.step`, the same autoreset.

Both write every observation and mask straight into arrays made once (a row a
game), so a step allocates no observation. With ``copy=True`` (the default, as
Gymnasium's own vector environments) a step returns copies of them, safe to
keep; ``copy=False`` returns the arrays themselves, which the next step
overwrites (the fastest, for a loop that uses them at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..engine.game import DeckSpec
from ..engine.untrusted import is_int, shown
from .aec import MAX_STEPS, OssuaryAEC
from .single import OssuarySingleEnv

#: the most games one batch holds: a batch of observations is N rows of the
#: game's observation (Hecatomb's six-seat one is ~160 kB), so 4,096 of them is
#: most of a gigabyte before a trainer's own arrays
MAX_ENVS = 4096

BatchObs = dict[str, npt.NDArray[Any]]


def check_num_envs(num_envs: object) -> int:
    """``num_envs`` if it is a whole number from 1 to :data:`MAX_ENVS`, else a
    ValueError saying so."""
    if not isinstance(num_envs, int) or not is_int(num_envs) or not 1 <= num_envs <= MAX_ENVS:
        raise ValueError(
            f"num_envs must be a whole number from 1 to {MAX_ENVS}, not {shown(num_envs)}"
        )
    return num_envs


def _seeds(seed: int | Sequence[int | None] | None, n: int) -> list[int | None]:
    """Gymnasium's convention: one int seeds game ``i`` with ``seed + i``; a list
    gives each game its own (None: not reseeded)."""
    if seed is None:
        return [None] * n
    if isinstance(seed, int | np.integer):
        return [int(seed) + i for i in range(n)]
    found = list(seed)
    if len(found) != n:
        raise ValueError(f"reset: give one seed per game ({n}), not {len(found)}")
    return found


def _actions(actions: object, n: int) -> list[int]:
    """One action index per game, as Python ints (a ValueError otherwise)."""
    arr = np.asarray(actions)
    if arr.shape != (n,) or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(
            f"step: give one whole-number action per game, an array of shape ({n},), "
            f"not {arr.dtype} of shape {arr.shape}"
        )
    return [int(a) for a in arr]


class OssuaryVectorEnv(VectorEnv[BatchObs, Any, Any]):
    """N games of one learner seat against Ossuary agents, stepped together.

    The arguments after ``num_envs`` are :class:`~ossuary.rl.single.OssuarySingleEnv`'s,
    the same for every game. Observations are a dict of two arrays, one row per
    game: ``observation`` (float32) and ``action_mask`` (int8). A game that
    ended in the last step (``terminated | truncated``) is dealt anew by the
    next :meth:`step`, whose action for it is ignored: its row then holds the
    new game's first observation, reward 0 and both flags False (Gymnasium's
    next-step autoreset). A step with an illegal action for any game raises
    (``illegal="raise"``) before any game moves, so the batch is unchanged.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium's convention)
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str = "hecatomb",
        num_envs: int = 8,
        seats: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        decks: Sequence[DeckSpec] | None = None,
        max_steps: int = MAX_STEPS,
        illegal: str = "raise",
        copy: bool = True,
    ) -> None:
        n = check_num_envs(num_envs)
        self.envs = [
            OssuarySingleEnv(game, seats, opponents, seat, decks, max_steps, None, illegal)
            for _ in range(n)
        ]
        first = self.envs[0]
        self.num_envs = n
        self.copy = copy
        self.encoder = first.encoder
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs: BatchObs = {
            "observation": np.zeros((n, self.encoder.observation_size), np.float32),
            "action_mask": np.zeros((n, self.encoder.num_actions), np.int8),
        }
        self._rewards = np.zeros(n, np.float64)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self._autoreset = np.zeros(n, np.bool_)
        self._seats = np.zeros(n, np.int64)
        self._illegal = np.zeros(n, np.bool_)
        # each game's rows, as views made once (indexing an array makes a new view)
        self._rows = list(zip(self._obs["observation"], self._obs["action_mask"], strict=True))

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[BatchObs, dict[str, Any]]:
        """Deal every game anew; ``seed``: one int (game ``i`` gets ``seed + i``)
        or one per game. ``options`` as a single game's (``first``)."""
        for i, (env, s) in enumerate(zip(self.envs, _seeds(seed, self.num_envs), strict=True)):
            env.reset(seed=s, options=options)
            self._write(i)
        self._autoreset.fill(False)
        self._mark_unplayable()
        self._illegal.fill(False)
        return self._out(), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[BatchObs, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        todo = _actions(actions, self.num_envs)
        restart = self._autoreset.tolist()
        # every action checked before any game moves
        legal = [
            r or env.check_action(a) for env, a, r in zip(self.envs, todo, restart, strict=True)
        ]
        self._illegal.fill(False)
        for i, env in enumerate(self.envs):
            if restart[i]:
                env.reset()
                reward, terminated, truncated, illegal = 0.0, False, False, False
            else:
                reward, terminated, truncated, illegal = env.act(todo[i], legal[i])
            self._rewards[i] = reward
            self._terminations[i] = terminated
            self._truncations[i] = truncated
            self._illegal[i] = illegal
            self._write(i)
        np.logical_or(self._terminations, self._truncations, out=self._autoreset)
        self._mark_unplayable()
        return (
            self._out(),
            self._rewards.copy() if self.copy else self._rewards,
            self._terminations.copy() if self.copy else self._terminations,
            self._truncations.copy() if self.copy else self._truncations,
            self._infos(),
        )

    def _mark_unplayable(self) -> None:
        """A game dealt anew that ended before its learner's first move (the
        other seats used up a tiny ``max_steps``) is dealt again by the next
        step, like a finished one: its mask is all zeros, so it asks nothing."""
        for i, env in enumerate(self.envs):
            if not self._autoreset[i] and env.table is not None and env.table.seat() != env.seat:
                self._autoreset[i] = True

    def _write(self, i: int) -> None:
        env = self.envs[i]
        env.write_obs(*self._rows[i])
        self._seats[i] = env.seat

    def _out(self) -> BatchObs:
        if not self.copy:
            return self._obs
        return {k: v.copy() for k, v in self._obs.items()}

    def _infos(self) -> dict[str, Any]:
        """Gymnasium's vector info: each key an array over the games, ``_key``
        saying which games have it."""
        infos: dict[str, Any] = {
            "seat": self._seats.copy(),
            "_seat": np.ones(self.num_envs, np.bool_),
        }
        if self._illegal.any():
            infos["illegal_action"] = self._illegal.copy()
            infos["_illegal_action"] = self._illegal.copy()
        return infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's legal actions now, as booleans, one row a game."""
        return self._obs["action_mask"].astype(np.bool_)

    def action_label(self, action: int) -> str:
        """The readable name of an action index (the same in every game)."""
        return self.encoder.action_name(int(action))

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


class OssuaryAECBatch:
    """N PettingZoo AEC games of one game stepped together (see the module docstring).

    Each game has one acting agent at a time (its ``agent_selection``);
    :meth:`step` takes one action per game, for that agent. After :meth:`reset`
    and every :meth:`step`, the batch's attributes hold, one row a game:

    - ``observations``: ``observation`` and ``action_mask`` of the agent to act;
    - ``agents_to_act``: that agent's seat;
    - ``rewards``: the step's reward of every seat (N × seats; 0 for a seat an
      Ossuary agent plays), the game's returns when it ended;
    - ``terminations`` / ``truncations``: the game ended / was cut.

    A game that ended is dealt anew by the next step (its action ignored), as
    in :class:`OssuaryVectorEnv`. ``opponents`` as :class:`~ossuary.rl.aec.OssuaryAEC`'s.
    """

    def __init__(
        self,
        game: str = "hecatomb",
        num_envs: int = 8,
        seats: int = 2,
        decks: Sequence[DeckSpec] | None = None,
        max_steps: int = MAX_STEPS,
        opponents: Sequence[str] | dict[int, str] | None = None,
    ) -> None:
        n = check_num_envs(num_envs)
        self.envs = [OssuaryAEC(game, seats, decks, max_steps, None, opponents) for _ in range(n)]
        first = self.envs[0]
        self.num_envs = n
        self.seats = seats
        self.encoder = first.encoder
        self.possible_agents = first.possible_agents
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = first.action_space(first.possible_agents[0])
        self.observations: BatchObs = {
            "observation": np.zeros((n, self.encoder.observation_size), np.float32),
            "action_mask": np.zeros((n, self.encoder.num_actions), np.int8),
        }
        self.agents_to_act = np.zeros(n, np.int64)
        self.rewards = np.zeros((n, seats), np.float64)
        self.terminations = np.zeros(n, np.bool_)
        self.truncations = np.zeros(n, np.bool_)
        # each game's rows, as views made once (indexing an array makes a new view)
        self._obs_rows = list(self.observations["observation"])
        self._mask_rows = list(self.observations["action_mask"])
        self._agent_names = [f"player_{s}" for s in range(seats)]
        # with no Ossuary agents seated, a game's step mid-game is the table's own
        # action and nothing else of the AEC environment changes (rewards stay 0,
        # nobody else plays): the batch takes it on the table directly
        self._direct = not first.opponents

    def reset(self, seed: int | Sequence[int | None] | None = None) -> BatchObs:
        """Deal every game anew (``seed`` as :meth:`OssuaryVectorEnv.reset`);
        returns :attr:`observations`."""
        for i, (env, s) in enumerate(zip(self.envs, _seeds(seed, self.num_envs), strict=True)):
            env.reset(seed=s)
            self._write(i)
        self.rewards.fill(0.0)
        self.terminations.fill(False)
        self.truncations.fill(False)
        return self.observations

    def step(self, actions: npt.ArrayLike) -> BatchObs:
        """One action per game for its agent to act; returns :attr:`observations`
        (the other results are attributes). An illegal action for any game is a
        ValueError before any game moves."""
        todo = _actions(actions, self.num_envs)
        ended = (self.terminations | self.truncations).tolist()
        envs = self.envs
        for i, env in enumerate(envs):
            table = env.table
            if not ended[i] and table is not None and not table.is_legal_int(todo[i]):
                table.step(todo[i])  # raises the table's own error, naming the legal ones
        if self._direct:
            self.rewards.fill(0.0)  # every game's step: 0 for all, but at an end
            self.terminations.fill(False)
            self.truncations.fill(False)
        for i, env in enumerate(envs):
            if ended[i]:
                env.reset()
            elif self._direct:
                table = env.table
                assert table is not None
                table.step(todo[i])
                seat = table.seat()
                if seat is not None and table.steps < env.max_steps:
                    # mid-game: the next agent's observation and mask, nothing else moves
                    env.agent_selection = self._agent_names[seat]
                    self.agents_to_act[i] = seat
                    table.observation(seat, self._obs_rows[i])
                    table.mask(self._mask_rows[i])
                    continue
                env.after_action()  # the game ended or was cut: the environment's own books
            else:
                env.step(todo[i])
            self._write(i)
        return self.observations

    def _write(self, i: int) -> None:
        env = self.envs[i]
        table = env.table
        agent = env.agent_selection
        seat = int(agent.removeprefix("player_"))
        self.agents_to_act[i] = seat
        over = any(env.terminations.values()) or any(env.truncations.values())
        self.terminations[i] = any(env.terminations.values())
        self.truncations[i] = not self.terminations[i] and any(env.truncations.values())
        row = self.rewards[i]
        row.fill(0.0)
        for a, r in env.rewards.items():
            row[int(a.removeprefix("player_"))] = r
        if table is None:
            self.observations["observation"][i].fill(0.0)
            self.observations["action_mask"][i].fill(0)
            return
        table.observation(seat, self.observations["observation"][i])
        if over or table.seat() != seat:
            self.observations["action_mask"][i].fill(0)
        else:
            table.mask(self.observations["action_mask"][i])

    def action_label(self, action: int) -> str:
        """The readable name of an action index (the same in every game)."""
        return self.encoder.action_name(int(action))

    def close(self) -> None:
        for env in self.envs:
            env.close()
