"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Single-observer ISMCTS (SO-ISMCTS): one tree, rooted at the deciding seat's
information set, whose nodes are sequences of moves. Each iteration:

1. **Determinize**: ``obs.sample(rng)`` deals the hidden cards anew, consistent
   with what the seat knows (so the search never sees the real hidden cards).
   A game may ask for common samples instead
   (``GameKnowledge.common_samples``, :class:`CommonSamples`): the root option
   is chosen first, and its *n*-th visit is played on the *n mod size*-th of
   a pool of samples dealt once per decision, so the root's options are
   compared on the same deals (common random numbers).
2. **Select**: from the root, while every option available *in this
   determinization* has a child, pick the child maximizing UCB1 with
   availability counts (``mean + C * sqrt(ln(available) / visits)``), where the
   mean is from the point of view of the player who made that move; children
   not available in this determinization are skipped. A game whose values
   move by little between moves (``GameKnowledge.relative_values``) has the
   means rescaled to [0, 1] between the node's lowest and highest before the
   exploration term is added (min-max normalization, as MuZero does).
3. **Expand**: add one untried option as a new child.
4. **Roll out** for at most ``rollout_depth`` moves with the game's cheap
   rollout policy, then **cut**: evaluate the position with the game's
   evaluation (each seat's prospects in [0, 1]; ``GameKnowledge.search_evaluate``
   where the game gives the search its own) instead of playing to the end;
   a finished game scores 1 for the winner (``returns()`` mapped to [0, 1]).
5. **Back up** the value of each node's mover along the path.

Below the root, a game may name choices the tree should not branch on
(``GameKnowledge.tree_default``, such as which card a kill takes inside a
turn): those take the game's default, so the tree's visits go to the moves
that matter. The agent's own decision at the root is always searched.

Moves are keyed with the game's ``action_key`` (a card in hand by its name, not
its instance), so the same move shares statistics across determinizations.
The chosen move is the root child with the most visits.

Budget: seconds (``ismcts:1.5``) or iterations (``ismcts:iters=2000``), and
the search stops early once no other move could catch up with the most
visited one. With an iteration budget the agent is fully deterministic for a
seed; a time budget depends on the machine's speed.

Tree reuse: when the next call is the same seat's immediate follow-up (its own
chosen move was the only move in between, as with choosing where a minion
goes after choosing to play it), the subtree under that move becomes the new
root: its statistics were gathered from determinizations of a slightly wider
information set, which UCB corrects as new iterations arrive. Otherwise the
tree starts fresh; following opponents' moves into the tree would key their
moves by hidden instances we could not name the same way.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TypeVar

from ..engine.core import GameState
from ..engine.rng import Rng
from .base import Observation, forced
from .knowledge import GameKnowledge, TreeDefault, identity_key, knowledge_for

EXPLORATION = 0.7  # UCB constant; values are in [0, 1]
DEFAULT_SECONDS = 1.0
DEFAULT_ROLLOUT = 20
T = TypeVar("T")


def took_default(state: GameState, tree_default: TreeDefault | None) -> bool:
    """Whether the game made this choice itself: below the root, a choice it
    trusts its default for (``GameKnowledge.tree_default``) is taken, not searched."""
    if tree_default is None:
        return False
    aid = tree_default(state)
    if aid is None:
        return False
    state.apply_action(aid)
    return True


class Node:
    """Statistics of one move sequence: visits, availability, the mover's total value."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who made the move leading here
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[str, Node] = {}


def search_start(obs: Observation, rng: Rng) -> tuple[GameKnowledge, float, GameState]:
    """What a search of one decision starts from: the game's knowledge, the
    clock, and a first determinization drawn from ``rng`` (before anything
    else draws on it, so a seeded search stays the same)."""
    know = knowledge_for(obs.ruleset)
    start = time.perf_counter()
    return know, start, obs.sample(rng)


@dataclass(frozen=True)
class Budget:
    """Seconds per decision, or iterations per decision (exactly one is set)."""

    seconds: float | None = None
    iterations: int | None = None

    @classmethod
    def parse(cls, text: str | None, agent: str = "ismcts") -> Budget:
        """``None`` -> one second; ``"2.5"`` -> seconds; ``"iters=2000"`` -> iterations
        (``agent`` names the agent in errors)."""
        if text is None or not text.strip():
            return cls(seconds=DEFAULT_SECONDS)
        t = text.strip().lower()
        if t.startswith(("iters=", "i=")):
            num = t.split("=", 1)[1]
            if not num.isdigit() or int(num) < 1:
                raise ValueError(f"{agent}: iterations must be a whole number >= 1, got {num!r}")
            return cls(iterations=int(num))
        try:
            seconds = float(t.removesuffix("s"))
        except ValueError:
            raise ValueError(
                f"{agent}: budget {text!r} is neither seconds ({agent}:1.5) "
                f"nor iterations ({agent}:iters=2000)"
            ) from None
        if not 0 < seconds <= 3600 or math.isnan(seconds):
            raise ValueError(f"{agent}: seconds must be above 0 and at most 3600, got {text!r}")
        return cls(seconds=seconds)

    def __str__(self) -> str:
        return f"iters={self.iterations}" if self.iterations else f"{self.seconds:g}"


class ISMCTSAgent:
    """SO-ISMCTS with heuristic-cut rollouts; see the module docstring."""

    reads_labels = False  # ids only (agents.base.legal_for)

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        rollout_depth: int | None = None,
        exploration: float = EXPLORATION,
        tree_defaults: bool = True,
        relative: bool | None = None,
        common_samples: int | None = None,
        stop_early: bool = True,
    ) -> None:
        self.rng = Rng(seed)
        self.budget = budget or Budget(seconds=DEFAULT_SECONDS)
        self.rollout_depth = rollout_depth  # None: the game's choice, else DEFAULT_ROLLOUT
        self.exploration = exploration
        self.tree_defaults = tree_defaults  # use the game's tree_default below the root
        self.relative = relative  # None: the game's choice (GameKnowledge.relative_values)
        self.common_samples = common_samples  # None: the game's choice; 0: fresh samples
        # stop once no other move could catch up (False: the whole budget, for tests)
        self.stop_early = stop_early
        self._pool: CommonSamples | None = None
        self.name = f"ismcts:{self.budget}"
        self.iterations = 0  # total iterations run, for benchmarks
        self.searches = 0  # decisions that needed a search
        self.reused = 0  # searches that started from the previous search's subtree
        self.search_seconds = 0.0
        # after each search: each root option's value for the deciding seat (its
        # stratified mean with common samples), for tools that study the search
        self.root_values: dict[str, float] = {}
        # tree reuse: the root we searched, the move we chose and the ply then
        self._last: tuple[Node, str, int, int] | None = None

    # -- the decision -----------------------------------------------------------
    def act(self, obs: Observation) -> str:
        only = forced(obs)
        if only is not None:
            self._last = None
            self.root_values = {}
            return only
        legal = obs.legal
        know, start, first = search_start(obs, self.rng)
        keys = {know.action_key(first, a.id): a.id for a in legal}
        size = know.common_samples if self.common_samples is None else self.common_samples
        if size:  # a fresh tree: the root's statistics are the pool's
            self._pool = CommonSamples(obs, self.rng, keys, size, self._relative(know))
            self._last = None
            root = Node(-1)
        else:
            root = self._reused_root(first, obs.seat)
        done = self._search(obs, root, know, keys, start)
        pool, self._pool = self._pool, None
        if pool is not None:
            self.root_values = {keys[k]: st.mean() for k, st in pool.strata.items() if st.seen}
        else:
            self.root_values = {
                keys[k]: ch.total / ch.visits
                for k, ch in root.children.items()
                if k in keys and ch.visits
            }
        self.iterations += done
        self.searches += 1
        self.search_seconds += time.perf_counter() - start
        best_key = max(
            keys,
            key=lambda k: (
                (root.children[k].visits, root.children[k].total)
                if k in root.children
                else (-1, 0.0)
            ),
        )
        self._last = (root, best_key, first.ply, obs.seat)
        return keys[best_key]

    def _relative(self, know: GameKnowledge) -> bool:
        """Whether children are compared on relative values (the game's choice by default)."""
        return know.relative_values if self.relative is None else self.relative

    def _reused_root(self, sample: GameState, seat: int) -> Node:
        last, self._last = self._last, None
        if last is not None:
            node, key, ply, last_seat = last
            child = node.children.get(key)
            if child is not None and seat == last_seat and sample.ply == ply + 1:
                self.reused += 1
                return child
        return Node(-1)

    def _search(
        self,
        obs: Observation,
        root: Node,
        know: GameKnowledge,
        keys: dict[str, str],
        start: float,
    ) -> int:
        budget = self.budget
        limit = budget.iterations
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        timed = budget.seconds is not None
        done = 0
        check_every = 8
        while True:
            if limit is not None and done >= limit:
                break
            # a time budget is looked at before every iteration: on a starved
            # CPU eight iterations can overrun a server's moment (the timing
            # test saw searched answers late on a loaded CI machine)
            if timed or done % check_every == 0:
                now = time.perf_counter()
                if now >= deadline:
                    break
                if (
                    done >= 32
                    and done % check_every == 0
                    and self.stop_early
                    and self._decided(root, keys, limit, done, now, start, deadline)
                ):
                    break
            self._iterate(obs, root, know)
            done += 1
        return done

    @staticmethod
    def _decided(
        root: Node,
        keys: dict[str, str],
        limit: int | None,
        done: int,
        now: float,
        start: float,
        deadline: float,
    ) -> bool:
        """True when the runner-up could not catch the leader in what is left."""
        visits = sorted((root.children[k].visits for k in keys if k in root.children), reverse=True)
        if len(visits) < len(keys):
            return False
        if limit is not None:
            left = limit - done
        else:
            rate = done / max(now - start, 1e-9)
            left = int(rate * (deadline - now)) + 1
        return visits[0] - (visits[1] if len(visits) > 1 else 0) > left

    # -- one iteration --------------------------------------------------------------
    def _iterate(self, obs: Observation, root: Node, know: GameKnowledge) -> None:
        pool = self._pool
        if pool is None:
            rng = self.rng
            state = obs.sample(rng)
            path = [root]
            expanded = False
        else:
            state, rng, path, expanded = pool.start(root, self.exploration)
        c = self.exploration
        if not expanded:
            self._select(state, root, path, know, rng, c, self._relative(know))
        # rollout, cut by the evaluation (the search's own, where the game has one)
        policy = know.rollout_policy
        cut = know.search_evaluate or know.evaluate
        depth = self.rollout_depth
        if depth is None:
            game = know.rollout_depth
            if game is None:
                depth = DEFAULT_ROLLOUT
            else:
                depth = game if isinstance(game, int) else game(state)
        for _ in range(depth):
            if state.is_terminal():
                break
            state.apply_action(policy(state, rng))
        if state.is_terminal():
            value = [(r + 1.0) / 2.0 for r in state.returns()]
            if state.winner is None:  # defensive: over without a winner
                value = [0.5] * len(value)
        else:
            value = cut(state)
        # backpropagation
        if pool is not None:
            pool.record(value[path[1].player])
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += value[n.player]

    def _select(
        self,
        state: GameState,
        root: Node,
        path: list[Node],
        know: GameKnowledge,
        rng: Rng,
        c: float,
        relative: bool,
    ) -> None:
        """Selection and expansion from ``path[-1]`` down, in place."""
        node = path[-1]
        key_of = know.action_key
        same = key_of is identity_key  # ids are keys already: skip the call
        tree_default = know.tree_default if self.tree_defaults else None
        while not state.is_terminal():
            if node is not root and took_default(state, tree_default):
                continue
            player = state.current_player()
            assert player is not None
            options = state.legal_action_ids()
            untried: list[tuple[str, str]] = []
            children = node.children
            tried: list[tuple[Node, str]] = []
            for aid in options:
                k = aid if same else key_of(state, aid)
                child = children.get(k)
                if child is None:
                    untried.append((k, aid))
                    continue
                child.available += 1
                if not untried:
                    tried.append((child, aid))
            if untried:
                k, aid = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(player)
                child.available = 1
                children[k] = child
                state.apply_action(aid)
                path.append(child)
                return
            means = [child.total / child.visits for child, _ in tried]
            best, best_aid = _ucb(tried, means, c, relative)
            state.apply_action(best_aid)
            node = best
            path.append(best)


def _ucb(
    tried: list[tuple[Node, T]], means: list[float], c: float, relative: bool
) -> tuple[Node, T]:
    """The child (and what leads to it) maximizing UCB1 on ``means`` with
    availability counts; with ``relative``, on the means rescaled to [0, 1]
    between the lowest and the highest of them."""
    low, span = 0.0, 1.0
    if relative:
        low = min(means)
        span = max(means) - low or 1.0
    best, best_what = tried[0]
    best_u = -math.inf
    for (child, what), mean in zip(tried, means, strict=True):
        # math.log and math.sqrt called by name: compiled, they are C calls on
        # native floats (bound to local names, they were Python calls)
        u = (mean - low) / span + c * math.sqrt(math.log(child.available) / child.visits)
        if u > best_u:
            best, best_what, best_u = child, what, u
    return best, best_what


class CommonSamples:
    """Common random numbers at the root (Veness, Lanctot & Bowling 2011).

    A pool of determinizations is dealt once per decision, each with its own
    playout randomness, and a root option's *n*-th visit is played on sample
    ``n mod size``. Each option's value is the mean, over the samples it has
    been tried on, of its mean on each sample (a stratified mean: every deal
    weighs the same however often it came round). So two options tried on
    every sample are compared on exactly the same deals and draws: the luck
    of the deal, which moves a position's value far more than the choice
    between two good moves, cancels out of the comparison. The root's options
    are the deciding seat's own and the same in every sample, so the option
    is chosen before its sample.
    """

    def __init__(
        self, obs: Observation, rng: Rng, keys: dict[str, str], size: int, relative: bool
    ) -> None:
        self.obs = obs
        self.rng = rng
        self.keys = keys
        self.size = size
        self.relative = relative
        self.samples: list[tuple[GameState, int]] = []
        self.strata = {k: _Strata(size) for k in keys}
        self._now: tuple[_Strata, int] | None = None  # the iteration's option and sample

    def start(self, root: Node, c: float) -> tuple[GameState, Rng, list[Node], bool]:
        """Choose the root option and play it on its sample: the state, the
        iteration's generator, the path so far, and whether it expanded."""
        rng = self.rng
        children = root.children
        untried = [k for k in self.keys if k not in children]
        if untried:
            key = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
            child = None
        else:
            tried = [(children[k], k) for k in self.keys]
            for ch, _ in tried:
                ch.available += 1
            means = [self.strata[k].mean() for k in self.keys]
            child, key = _ucb(tried, means, c, self.relative)
        strata = self.strata[key]
        j = strata.tries % self.size
        self._now = (strata, j)
        samples = self.samples
        while len(samples) <= j:
            samples.append((self.obs.sample(rng), rng.next64()))
        sample, seed = samples[j]
        state = sample.clone()
        expanded = child is None
        if child is None:
            player = state.current_player()
            assert player is not None
            child = Node(player)
            child.available = 1
            children[key] = child
        state.apply_action(self.keys[key])
        return state, Rng.from_state(seed), [root, child], expanded

    def record(self, value: float) -> None:
        """The iteration's value for the player of its root option."""
        assert self._now is not None
        strata, j = self._now
        strata.add(j, value)


class _Strata:
    """One root option's values per sample, and their running stratified mean."""

    __slots__ = ("counts", "seen", "sum_of_means", "sums", "tries")

    def __init__(self, size: int) -> None:
        self.sums = [0.0] * size
        self.counts = [0] * size
        self.sum_of_means = 0.0  # over the samples tried, of the mean on each
        self.seen = 0  # samples tried at least once
        self.tries = 0

    def add(self, j: int, value: float) -> None:
        n = self.counts[j]
        if n:
            self.sum_of_means -= self.sums[j] / n
        else:
            self.seen += 1
        self.sums[j] += value
        self.counts[j] = n + 1
        self.sum_of_means += self.sums[j] / (n + 1)
        self.tries += 1

    def mean(self) -> float:
        return self.sum_of_means / self.seen
