"""The PettingZoo AEC environment: any registered game, one agent per seat.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each observation is
a dict with ``observation`` (float32, the game encoder's ``observation_size``)
and ``action_mask`` (int8, ``num_actions``); both come from that seat's view
alone. Rewards are zero until the game ends, then the game's ``returns()``.
A game that runs past ``max_steps`` actions is truncated (rewards 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from .. import games
from ..engine.game import DeckSpec
from .table import Table

MAX_STEPS = 10_000

ObsDict = dict[str, npt.NDArray[Any]]


class OssuaryAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment for one Ossuary game (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's convention)
        "render_modes": ["ansi"],
        "name": "ossuary_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "hecatomb",
        seats: int = 2,
        decks: Sequence[DeckSpec] | None = None,
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        self.game.check_seats(seats)
        self.encoder = self.game.rl_encoder(seats)
        self.seats = seats
        self.decks = None if decks is None else list(decks)
        self.max_steps = max_steps
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ossuary_{self.game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, (self.encoder.observation_size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self._seeds = np.random.default_rng()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes the deal and everything after it.
        ``options`` may give ``first`` (the first seat)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**62))
        first = (options or {}).get("first")
        state = self.game.new_game(decks=self.decks, seats=self.seats, seed=game_seed, first=first)
        self.table = Table(self.game, self.encoder, state)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select_decider()
        self._check_end()

    def _select_decider(self) -> None:
        assert self.table is not None
        seat = self.table.seat()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _check_end(self) -> None:
        table = self.table
        assert table is not None
        if table.state.is_terminal():
            returns = table.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
        elif table.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None
        if action is None:
            raise ValueError(f"{agent} must act: an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        table.step(int(action))
        self._check_end()
        self._select_decider()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    # -- what an agent sees ------------------------------------------------------------------
    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation and action mask, from its seat's view alone."""
        table = self.table
        assert table is not None
        seat = self._index[agent]
        if table.seat() == seat:
            mask = table.mask()
        else:
            mask = np.zeros(self.encoder.num_actions, np.int8)
        return {"observation": table.observation(seat), "action_mask": mask}

    def render(self) -> str | None:
        """The position in words as the seat to act sees it (public lines only)."""
        if self.render_mode is None or self.table is None:
            return None
        seat = self._index.get(self.agent_selection, 0)
        lines = self.game.summary_lines(self.table.view(seat))
        return "\n".join(lines)

    def close(self) -> None:
        self.table = None
