"""Games played for training, in worker processes, with numpy only.

A worker plays whole games: the seats marked as learners choose with the
current policy (:class:`~ossuary.agents.learned.Policy`, the same numpy code
the ``learned`` agent plays with), drawing each step from its probabilities;
the other seats are Ossuary agents (the heuristic, a past version of the
policy from the pool). A learner sees exactly what the ``learned`` agent sees:
the game's encoding of its seat's view. For each learner seat the game gives
back the steps where it had a real choice (more than one legal next index):
the observation (sparse: its nonzero entries), the legal next indices, and the
index taken, with the game's result for that seat.

Every game is a function of its :class:`GameTask` alone (seeds included), so
a run gives the same games whatever the number of workers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .. import games
from ..agents import Agent, make_agent
from ..agents.arena import HELD_OUT_SEEDS
from ..agents.base import decide, legal_for
from ..agents.learned import LearnedAgent, Policy, along_paths, encoder_for, load_policy
from ..engine.core import GameState
from ..engine.errors import NotSupported
from ..engine.facets import DeckSpec
from ..engine.game import Encoder, Game
from ..engine.rng import Rng

#: a seat's role in a training game: the learner, or an agent spec
LEARNER = "learner"


@dataclass(frozen=True)
class GameTask:
    """One game to play: who sits where, and the seeds."""

    game: str
    seats: int
    seed: int  # the deal, and the learners' draws
    first: int
    roles: tuple[str, ...]  # per seat: LEARNER, an agent spec, or "pool:PATH" (sampled)
    policy: str  # the current policy file (the learners')
    max_actions: int = 5000
    greedy: bool = False  # learners take their best action (evaluation games)
    teacher: str | None = None  # imitation: record this agent's choices for every seat
    field: bool = False  # deal the whole field's decks (:func:`field_decks`), not the defaults


@dataclass
class SeatSteps:
    """The steps of one learner seat (or one teacher seat) in one game."""

    seat: int
    indptr: list[int] = field(default_factory=lambda: [0])
    index: list[int] = field(default_factory=list)  # observation: nonzero positions
    value: list[float] = field(default_factory=list)  # ... and their values
    legal_ptr: list[int] = field(default_factory=lambda: [0])
    legal: list[int] = field(default_factory=list)  # legal next action indices
    action: list[int] = field(default_factory=list)  # the index taken
    result: float = 0.0  # the game's return for this seat (0 if it was cut)

    def add(self, x: npt.NDArray[np.float32], legal: list[int], action: int) -> None:
        nz = np.flatnonzero(x)
        self.index.extend(nz.tolist())
        self.value.extend(x[nz].tolist())
        self.indptr.append(len(self.index))
        self.legal.extend(legal)
        self.legal_ptr.append(len(self.legal))
        self.action.append(action)

    def __len__(self) -> int:
        return len(self.action)


@dataclass
class GameRecord:
    """What a training game gives back."""

    task: GameTask
    steps: list[SeatSteps]
    returns: list[float]  # per seat (zeros when the game was cut at max_actions)
    finished: bool
    actions: int


def _choose(
    policy: Policy, x: npt.NDArray[np.float32], legal: list[int], rng: np.random.Generator | None
) -> int:
    scores = policy.scores(x)[legal].astype(np.float64)
    if rng is None:
        return legal[int(np.argmax(scores))]
    p = np.exp(scores - scores.max())
    p /= p.sum()
    return legal[int(rng.choice(len(legal), p=p))]


def _learner_move(
    state: GameState,
    seat: int,
    encoder: Encoder,
    policy: Policy,
    rng: np.random.Generator | None,
    record: SeatSteps | None,
) -> str:
    """The learner's option, step by step along its path (as LearnedAgent does),
    recording each step that had a choice."""

    def choose(x: npt.NDArray[np.float32], legal: list[int]) -> int:
        step = _choose(policy, x, legal, rng)
        if record is not None:
            record.add(x, legal, step)
        return step

    option = along_paths(
        encoder.action_paths_state(state, seat),
        lambda prefix, x: encoder.observe_state(state, seat, prefix, x),
        encoder.observation_size,
        choose,
    )
    return state.legal_action_ids()[0] if option is None else option


def _teacher_steps(
    state: GameState, seat: int, encoder: Encoder, option: str, record: SeatSteps
) -> None:
    """Record the path of the teacher's ``option`` as steps to imitate."""
    raw = encoder.action_paths_state(state, seat)
    path = raw.get(option)
    if path is None:
        return  # no room in the encoding: nothing to learn from this one
    paths = [p for p in raw.values() if p is not None]
    x = np.zeros(encoder.observation_size, np.float32)
    for k in range(len(path)):
        prefix = path[:k]
        legal = sorted({p[k] for p in paths if p[:k] == prefix})
        if len(legal) > 1:
            x.fill(0.0)
            encoder.observe_state(state, seat, prefix, x)
            record.add(x, legal, path[k])


def field_decks(game: Game, seed: int, seats: int) -> list[DeckSpec] | None:
    """The decks of a training game on the whole field, a function of its seed.

    Half the games give every seat one of the game's preconstructed decks,
    drawn at random (so every pairing comes up, mirrors included), and half
    give every seat a random legal deck from the card pool. The random decks
    come from the game's ``random`` deck, drawn from ``Rng(2 * seed + 1)`` as
    ``arena --decks random`` draws them; a seed among the held-out seeds
    (``HELD_OUT_SEEDS``, what ``arena --decks random --seed 900001`` measures
    on) is moved past them, so no training game deals a held-out deck. A game
    that deals one shared deck (nothing to choose) gets ``None``: its defaults.
    """
    if seed in HELD_OUT_SEEDS:
        seed += len(HELD_OUT_SEEDS)
    rng = Rng(seed * 2 + 1)
    names = list(game.decks.preconstructed())
    if names and seed % 2 == 0:
        return [names[rng.below(len(names))] for _ in range(seats)]
    try:
        return [game.decks.random(rng) for _ in range(seats)]
    except NotSupported:
        return [names[rng.below(len(names))] for _ in range(seats)] if names else None


def _agent(role: str, seed: int) -> Agent:
    if role.startswith("pool:"):
        return LearnedAgent(role[5:], seed, sample=True)
    return make_agent(role, seed)


def play(task: GameTask) -> GameRecord:
    """Play one training game (see the module docstring)."""
    game = games.get(task.game)
    encoder = encoder_for(game.name, task.seats)
    decks = field_decks(game, task.seed, task.seats) if task.field else None
    state = game.new_game(decks=decks, seats=task.seats, seed=task.seed, first=task.first)
    seeds = np.random.SeedSequence([task.seed, 7]).spawn(task.seats + 1)
    rng = None if task.greedy else np.random.default_rng(seeds[-1])
    policy = load_policy(task.policy) if LEARNER in task.roles else None
    agents: dict[int, Agent] = {}
    for s, role in enumerate(task.roles):
        if role != LEARNER:
            agents[s] = _agent(role, int(seeds[s].generate_state(1)[0]))
    teacher = None
    if task.teacher is not None:
        teacher = {s: _agent(task.teacher, int(seeds[s].generate_state(1)[0]) ^ 1)
                   for s in range(task.seats)}  # fmt: skip
    steps = {s: SeatSteps(s) for s, role in enumerate(task.roles)
             if role == LEARNER or teacher is not None}  # fmt: skip
    done = 0
    while not state.is_terminal() and done < task.max_actions:
        seat = state.current_player()
        if seat is None:
            break
        # the learner and the agents here read ids, not labels: none are built
        legal = legal_for(teacher[seat] if teacher is not None else agents.get(seat), state)
        if teacher is not None:
            option = decide(teacher[seat], state, seat, legal)
            if len(legal) > 1:
                _teacher_steps(state, seat, encoder, option, steps[seat])
        elif task.roles[seat] == LEARNER:
            assert policy is not None
            option = (
                legal[0].id
                if len(legal) == 1
                else _learner_move(
                    state, seat, encoder, policy, rng, None if task.greedy else steps[seat]
                )
            )
        else:
            option = decide(agents[seat], state, seat, legal)
        state.apply_action(option)
        done += 1
    finished = state.is_terminal()
    returns = [float(r) for r in state.returns()] if finished else [0.0] * task.seats
    for s, rec in steps.items():
        rec.result = returns[s]
    return GameRecord(task, list(steps.values()), returns, finished, done)


def play_many(tasks: list[GameTask]) -> list[GameRecord]:
    """Several games in one worker call (fewer round trips)."""
    return [play(t) for t in tasks]
