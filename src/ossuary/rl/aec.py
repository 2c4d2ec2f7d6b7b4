"""The PettingZoo AEC environment: any registered game, one agent per seat.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each observation is
a dict with ``observation`` (float32, the game encoder's ``observation_size``)
and ``action_mask`` (int8, ``num_actions``); both come from that seat's view
alone. Rewards are zero until the game ends, then the game's ``returns()``.
A game that runs past ``max_steps`` actions is truncated (rewards 0).

``opponents`` seats Ossuary agents (``heuristic``, ``ismcts:0.2``,
``learned:PATH`` ...) in some seats: they play inside the environment, which
then hands out only the other seats. ``state()`` is the global state for a
centralised critic (never part of an observation); ``action_label(a)`` names an
action index; ``record=PATH`` writes every step and game to one trajectory file
(:mod:`ossuary.rl.record`) when the environment is closed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from .. import games
from ..agents import Agent, Observation, check_agent, make_agent
from ..agents.base import Needs, legal_for
from ..engine.game import DeckSpec, Encoder
from .record import TrajectoryLog
from .table import Table

MAX_STEPS = 10_000

ObsDict = dict[str, npt.NDArray[Any]]
Opponents = Sequence[str] | Mapping[int, str]


def observation_box(
    encoder: Encoder,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The observation space's finite bounds: the encoder's value ranges
    (:meth:`~ossuary.engine.encoder.Encoder.observation_bounds`)."""
    low, high = encoder.observation_bounds()
    return np.array(low, np.float32), np.array(high, np.float32)


def opponent_seats(seats: int, opponents: Opponents | None, game: str) -> dict[int, str]:
    """Seat -> agent spec: a list fills the last seats, a mapping names them.
    Every spec is checked for the game and table (ValueError saying what is wrong)."""
    if opponents is None:
        return {}
    if isinstance(opponents, str):
        raise ValueError("opponents: give a list of agent specs (one per seat), not a string")
    if isinstance(opponents, Mapping):
        found = {int(k): str(v) for k, v in opponents.items()}
    else:
        specs = [str(o) for o in opponents]
        found = {seats - len(specs) + i: spec for i, spec in enumerate(specs)}
    for seat, spec in found.items():
        if not 0 <= seat < seats:
            raise ValueError(f"opponents: {seats} seats are numbered 0 to {seats - 1}, not {seat}")
        check_agent(spec, game, seats)
    if len(found) >= seats:
        raise ValueError(f"opponents: leave at least one of the {seats} seats to the learners")
    return found


class OssuaryAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment for one Ossuary game (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's convention)
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 2,
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
        opponents: Opponents | None = None,
        record: str | Path | None = None,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        self.game.check_seats(seats)
        self.encoder = self.game.research.encoder(seats)
        self.seats = seats
        self.opponents = opponent_seats(seats, opponents, self.game.name)
        self.bots: dict[int, Agent] = {}
        self.record, self.log = TrajectoryLog.kept(
            record, self.game.name, seats, self.encoder, "pettingzoo"
        )
        self._in_episode = False
        self.decks = None if decks is None else list(decks)
        self.max_steps = max_steps
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ossuary_{self.game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(seats) if i not in self.opponents]
        self._index = {a: int(a.removeprefix("player_")) for a in self.possible_agents}
        low, high = observation_box(self.encoder)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self.state_space = spaces.Box(np.tile(low, seats), np.tile(high, seats), dtype=np.float32)
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
        self._end_episode()  # a game left unfinished by this reset
        game_seed = int(self._seeds.integers(0, 2**62))
        self.bots = {
            s: make_agent(spec, int(self._seeds.integers(0, 2**31)))
            for s, spec in sorted(self.opponents.items())
        }
        first = (options or {}).get("first")
        state = self.game.new_game(decks=self.decks, seats=self.seats, seed=game_seed, first=first)
        self.table = Table(self.game, self.encoder, state)
        self._in_episode = True
        self._play_bots()
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
        if seat is not None and seat not in self.bots:
            self.agent_selection = f"player_{seat}"
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _play_bots(self) -> None:
        """Let the opponents' agents act until a learner's seat must decide."""
        table = self.table
        assert table is not None
        while table.steps < self.max_steps:
            seat = table.seat()
            if seat is None or seat not in self.bots:
                return
            state = table.state
            agent = self.bots[seat]
            legal = legal_for(agent, state)
            needs: Needs = getattr(agent, "observes", "samples")
            table.apply_option(agent.act(Observation.of(state, seat, legal, needs)))
            table.steps += 1

    def _check_end(self) -> None:
        table = self.table
        assert table is not None
        if table.state.is_terminal():
            returns = table.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
            self._end_episode()
        elif table.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self._end_episode()

    def _end_episode(self) -> None:
        if self.log is not None and self._in_episode and self.table is not None:
            self.log.end_episode(self.table.state)
        self._in_episode = False

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
        if self.log is not None and int(action) in table.legal():
            seat = self._index[agent]
            self.log.step(seat, table.observation(seat), table.mask(), int(action))
        if table.step(int(action)) is not None:
            self._play_bots()
        self.after_action()
        if self.render_mode == "ansi":
            print(self.render())

    def after_action(self) -> None:
        """The bookkeeping after the table took an action: the end of the game
        (rewards, flags), the next agent, the cumulative rewards. The batch
        (:class:`~ossuary.rl.vector.OssuaryAECBatch`) calls it too, when a game
        it stepped itself ends."""
        self._check_end()
        self._select_decider()
        self._accumulate_rewards()

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

    def state(self) -> npt.NDArray[np.float32]:
        """The global state, for a centralised critic (``state_space``): every
        seat's observation side by side, seat 0 first. Together they hold all
        that any seat can see (each hand as its owner sees it); only the order
        of the decks, which nobody sees, is not in it. It is never part of an
        agent's observation: give it to a critic at training time only."""
        table = self.table
        assert table is not None
        return np.concatenate([table.observation(s) for s in range(self.seats)])

    def action_label(self, action: int) -> str:
        """The readable name of an action index, the same in every position
        (``play[Bone Mason]``, ``block[0][2]``); ``docs/rl.md`` lists the blocks."""
        return self.encoder.action_name(int(action))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent to act (``agent_selection``), as
        booleans: what action-masking libraries ask an environment for."""
        mask = np.zeros(self.encoder.num_actions, np.bool_)
        table = self.table
        if table is not None and table.seat() == self._index.get(
            getattr(self, "agent_selection", "")
        ):
            mask[table.legal()] = True
        return mask

    def render(self) -> Any:
        """As the agent to act sees it: ``ansi``, the position in words (public
        lines only); ``rgb_array``, its board as a picture (height × width × 3,
        uint8)."""
        if self.render_mode is None or self.table is None:
            return None
        seat = self._index.get(self.agent_selection, 0)
        view = self.table.view(seat)
        if self.render_mode == "rgb_array":
            from .picture import board_picture

            return board_picture(self.game, view, seat)
        return "\n".join(self.game.terminal.summary_lines(view))

    def close(self) -> None:
        """End the environment; with ``record``, write the trajectory file."""
        self._end_episode()
        if self.log is not None and self.record is not None:
            self.log.save(self.record)
        self.table = None
