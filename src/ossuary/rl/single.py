"""A Gymnasium single-agent environment: you play one seat, Ossuary agents the rest.

The other seats are played by agents from :func:`ossuary.agents.make_agent`
(``random``, ``heuristic``, ``ismcts:iters=200`` ...), which see only their own
seat's view and samples of what they can't see. Observations and the action
mask are the same as the PettingZoo environment's for the learner's seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import games
from ..agents import Agent, Observation, check_agent, make_agent
from ..agents.base import Needs, legal_for
from ..engine.game import DeckSpec
from .aec import MAX_STEPS, observation_box
from .record import TrajectoryLog
from .table import Table

ObsDict = dict[str, Any]  # "observation": float32 vector, "action_mask": int8 vector


class OssuarySingleEnv(gym.Env[ObsDict, Any]):
    """One learner seat against Ossuary agents (see the module docstring).

    ``opponents``: one agent spec for every other seat, in seat order (a single
    spec is used for all of them). ``seat``: the learner's seat, or None to
    take a random seat each episode (the seed decides). ``illegal``: what an
    action outside the mask does: ``"raise"`` a ValueError (the state is
    unchanged), or ``"lose"``: the episode ends with reward -1 and
    ``info["illegal_action"]`` (for tools that sample unmasked actions, such as
    Gymnasium's environment checker).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium's convention)
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str = "hecatomb",
        seats: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        decks: Sequence[DeckSpec] | None = None,
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
        illegal: str = "raise",
        record: str | Path | None = None,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.illegal = illegal
        self.game = games.get(game)
        self.game.check_seats(seats)
        self.encoder = self.game.research.encoder(seats)
        self.seats = seats
        specs = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != seats - 1:
            raise ValueError(f"{seats} seats need {seats - 1} opponents, got {len(specs)}")
        for spec in specs:
            check_agent(spec, self.game.name, seats)  # a bad spec fails here, not mid-episode
        self.specs = specs
        if seat is not None and not 0 <= seat < seats:
            raise ValueError(f"seat must be 0 to {seats - 1}, got {seat}")
        self.fixed_seat = seat
        self.seat = seat or 0
        self.decks = None if decks is None else list(decks)
        self.max_steps = max_steps
        self.render_mode = render_mode
        low, high = observation_box(self.encoder)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.table: Table | None = None
        self.agents: dict[int, Agent] = {}
        self.record, self.log = TrajectoryLog.kept(
            record, self.game.name, seats, self.encoder, "gymnasium"
        )
        self._in_episode = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        self._end_episode()  # a game left unfinished by this reset
        rng = self.np_random
        game_seed = int(rng.integers(0, 2**62))
        if self.fixed_seat is None:
            self.seat = int(rng.integers(0, self.seats))
        others = [s for s in range(self.seats) if s != self.seat]
        self.agents = {
            s: make_agent(spec, int(rng.integers(0, 2**31)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        first = (options or {}).get("first")
        state = self.game.new_game(decks=self.decks, seats=self.seats, seed=game_seed, first=first)
        self.table = Table(self.game, self.encoder, state)
        self._in_episode = True
        self._play_others()
        if self.table.state.is_terminal():
            self._end_episode()
        return self._obs(), self._info()

    def _play_others(self) -> None:
        """Let the Ossuary agents act until the learner must decide or the game ends."""
        table = self.table
        assert table is not None
        while True:
            seat = table.seat()
            if seat is None or seat == self.seat or table.steps >= self.max_steps:
                return
            state = table.state
            agent = self.agents[seat]
            legal = legal_for(agent, state)
            needs: Needs = getattr(agent, "observes", "samples")
            choice = agent.act(Observation.of(state, seat, legal, needs))
            table.apply_option(choice)
            table.steps += 1

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, illegal = self.act(action)
        if illegal:
            obs: ObsDict = {
                "observation": np.zeros(self.encoder.observation_size, np.float32),
                "action_mask": np.zeros(self.encoder.num_actions, np.int8),
            }
            return obs, reward, terminated, truncated, {**self._info(), "illegal_action": True}
        return self._obs(), reward, terminated, truncated, self._info()

    def check_action(self, action: int) -> bool:
        """Whether ``action`` may be taken now: True if legal; False if not and
        ``illegal`` is ``"lose"``; an :class:`~ossuary.engine.actions.IllegalActionIndex`
        (a ValueError) if not and ``illegal`` is ``"raise"``. Raises RuntimeError
        when the learner is not to act (call reset)."""
        table = self.table
        if table is None:
            raise RuntimeError("call reset() before step()")
        if table.seat() != self.seat:
            raise RuntimeError("the episode is over; call reset()")
        if table.is_legal_int(int(action)):
            return True
        if self.illegal == "lose":
            return False
        table.step(action)  # raises the table's own error, naming the legal actions
        raise AssertionError("unreachable: the action was not legal")  # pragma: no cover

    def act(self, action: int, legal: bool | None = None) -> tuple[float, bool, bool, bool]:
        """:meth:`step` without building the observation: (reward, terminated,
        truncated, illegal) — what the vector environment calls. ``legal``:
        what :meth:`check_action` said of ``action`` just before (the vector
        environment checks a whole batch first), so it is not asked twice."""
        if not (self.check_action(action) if legal is None else legal):
            self._end_episode(truncated=False)  # ended by the learner's move, not cut
            self.table = None
            return -1.0, True, False, True
        table = self.table
        assert table is not None
        if self.log is not None:
            self.log.step(self.seat, table.observation(self.seat), table.mask(), int(action))
        table.step(int(action))
        self._play_others()
        terminated = table.state.is_terminal()
        truncated = not terminated and table.steps >= self.max_steps
        if terminated or truncated:
            self._end_episode()
        reward = float(table.state.returns()[self.seat]) if terminated else 0.0
        return reward, terminated, truncated, False

    def write_obs(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """The learner's observation and mask, written into the given rows
        (zeros when the episode ended on an illegal action)."""
        table = self.table
        if table is None:
            observation.fill(0.0)
            mask.fill(0)
            return
        table.observation(self.seat, observation)
        if table.seat() == self.seat:
            table.mask(mask)
        else:
            mask.fill(0)

    def _obs(self) -> ObsDict:
        obs: ObsDict = {
            "observation": np.empty(self.encoder.observation_size, np.float32),
            "action_mask": np.empty(self.encoder.num_actions, np.int8),
        }
        self.write_obs(obs["observation"], obs["action_mask"])
        return obs

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat}

    def _end_episode(self, truncated: bool | None = None) -> None:
        if self.log is not None and self._in_episode and self.table is not None:
            self.log.end_episode(self.table.state, truncated)
        self._in_episode = False

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, as booleans (all False when it is
        not to act): the method sb3-contrib's MaskablePPO and similar
        libraries look for, so they need no wrapper."""
        mask = np.zeros(self.encoder.num_actions, np.bool_)
        table = self.table
        if table is not None and table.seat() == self.seat:
            mask[table.legal()] = True
        return mask

    def action_label(self, action: int) -> str:
        """The readable name of an action index, the same in every position
        (``play[Bone Mason]``, ``block[0][2]``); ``docs/rl.md`` lists the blocks."""
        return self.encoder.action_name(int(action))

    def close(self) -> None:
        """End the environment; with ``record``, write the trajectory file."""
        self._end_episode()
        if self.log is not None and self.record is not None:
            self.log.save(self.record)
        super().close()

    def render(self) -> Any:
        """``ansi``: the public summary in words; ``rgb_array``: the board as the
        learner's seat sees it, a picture (height × width × 3, uint8)."""
        if self.table is None:
            return None
        view = self.table.view(self.seat)
        if self.render_mode == "ansi":
            return "\n".join(self.game.terminal.summary_lines(view))
        if self.render_mode == "rgb_array":
            from .picture import board_picture

            return board_picture(self.game, view, self.seat)
        return None
