"""A search the policy guides: ISMCTS with PUCT priors and leaf values (``guided``).

The same single-observer information-set search as :mod:`.ismcts` (one tree
rooted at the deciding seat's information set, each iteration on a fresh
determinization, moves keyed by the game's ``action_key``, the game's
``tree_default`` below the root), with the two changes AlphaZero made to
Monte Carlo tree search (Silver et al. 2018):

- **Priors.** A node's options are chosen by PUCT,
  ``Q + c * P * sqrt(N) / (1 + n)``: ``Q`` the option's mean value for the
  player who makes it, ``P`` its prior, the policy's probability of it (the
  product of the policy's softmax over each step of the option's path, read
  from the mover's view of the determinization), ``N`` the visits of the
  options available in this determinization, ``n`` the option's own. The
  priors of the options available are renormalized to sum to 1, since a
  determinization may offer only some of the options the node has seen. An
  option not yet visited is valued at its visited siblings' mean (first-play
  urgency), so the prior alone orders the first visits.
- **Leaf values.** An iteration stops at the first option never visited
  before, and scores the position it leads to with a value in place of a
  random rollout: the policy's value head where the policy file has one
  (each seat's estimate from its own view), else the game's evaluation, the
  one the other agents use (``GameKnowledge.search_evaluate`` or
  ``evaluate``). A finished game scores 1 for the winner.

The policy is the one the project ships for the game and seat count (none
ships for some tables: there every prior is even and the leaves take the
game's evaluation), or a file given as ``guided:policy=PATH`` (pinned by
content as ``learned:PATH`` is). The chosen move is the root option with the
most visits (the higher prior on a tie). Budget: as ``ismcts``, seconds
(``guided:1.5``) or iterations (``guided:iters=400``); with iterations the
agent is deterministic for a seed. The agent sees only its observation: its
determinizations are ``obs.sample(rng)``, and the policy reads views of them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ..engine.core import GameState
from ..engine.rng import Rng
from .base import Observation, forced
from .ismcts import DEFAULT_SECONDS, Budget, search_start, took_default
from .knowledge import ActionKey, GameKnowledge

#: PUCT's exploration constant (values are in [0, 1])
C_PUCT = 1.0

#: the priors of ``options`` for ``player`` in a determinization
Priors = Callable[[GameState, int, list[str]], list[float]]
#: each seat's value, 0 to 1, of a determinization
Values = Callable[[GameState], list[float]]


class GNode:
    """One move sequence: the mover, its prior, visits and the mover's total value."""

    __slots__ = ("children", "player", "prior", "total", "visits")

    def __init__(self, player: int, prior: float) -> None:
        self.player = player  # who made the move leading here
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.children: dict[str, GNode] = {}


class Guide:
    """What guides the search at one table: priors (None: even) and leaf
    values (None: the game's evaluation)."""

    __slots__ = ("priors", "values")

    def __init__(self, priors: Priors | None = None, values: Values | None = None) -> None:
        self.priors = priors
        self.values = values


class GuidedAgent:
    """ISMCTS with PUCT over a policy's priors and leaf values (module docstring).

    ``policy``: a policy file (None: the one that ships for the table, if
    any); ``sha256``: the content pinned for a run (as ``learned`` pins it);
    ``guide``: a fixed guide for every table instead (for tests and tools).
    """

    reads_labels = False  # ids only (agents.base.legal_for)

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        policy: str | None = None,
        sha256: str | None = None,
        exploration: float = C_PUCT,
        guide: Guide | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.budget = budget or Budget(seconds=DEFAULT_SECONDS)
        self.policy = policy
        self.sha256 = sha256
        self.exploration = exploration
        self.name = f"guided:{self.budget}" + ("" if policy is None else f":policy={policy}")
        self.iterations = 0  # total iterations run, for benchmarks
        self.searches = 0
        #: after each search: each root option's visits (by option id), for tests and tools
        self.root_visits: dict[str, int] = {}
        self._guides: dict[tuple[str, int], Guide] = {}
        self._fixed = guide

    def check_table(self, game: str, seats: int) -> None:
        """Raise a ValueError (a PolicyError) unless this agent can play
        ``game`` at ``seats`` seats: its policy file must be made for it."""
        self.guide(game, seats)

    def pinned_spec(self, game: str, seats: int) -> str:
        """The spec that plays this very search and policy at the table from
        any folder, refused once the file holds another policy
        (``guided:BUDGET:policy=sha256=HASH:ABSOLUTE-PATH``; the shipped
        policy: ``policy=sha256=HASH``; as given where no policy guides it)."""
        from .learned import pinned_guide

        pinned = pinned_guide(self.policy, self.sha256, game, seats)
        return f"guided:{self.budget}" + ("" if pinned is None else f":policy={pinned}")

    def guide(self, game: str, seats: int) -> Guide:
        """The guide of a table (found once per table)."""
        if self._fixed is not None:
            return self._fixed
        key = (game, seats)
        found = self._guides.get(key)
        if found is None:
            from .learned import table_guide  # numpy: imported when a table is first played

            priors, values = table_guide(self.policy, self.sha256, game, seats)
            found = self._guides[key] = Guide(priors, values)
        return found

    def act(self, obs: Observation) -> str:
        only = forced(obs)
        if only is not None:
            self.root_visits = {}
            return only
        legal = obs.legal
        know, start, first = search_start(obs, self.rng)
        guide = self.guide(obs.ruleset, obs.seats or first.num_seats())
        keys: dict[str, str] = {}
        for a in legal:  # the first of options the game names alike stands for them all
            keys.setdefault(know.action_key(first, a.id), a.id)
        root = GNode(-1, 1.0)
        self._expand(root, first, obs.seat, list(keys), list(keys.values()), guide)
        done = self._search(obs, root, know, guide, start)
        self.iterations += done
        self.searches += 1
        self.root_visits = {keys[k]: ch.visits for k, ch in root.children.items() if k in keys}
        best = max(keys, key=lambda k: (root.children[k].visits, root.children[k].prior))
        return keys[best]

    def _search(
        self, obs: Observation, root: GNode, know: GameKnowledge, guide: Guide, start: float
    ) -> int:
        limit = self.budget.iterations
        seconds = self.budget.seconds
        deadline = start + seconds if seconds is not None else math.inf
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if seconds is not None and time.perf_counter() >= deadline:
                break
            self._iterate(obs, root, know, guide)
            done += 1
        return done

    def _expand(
        self,
        node: GNode,
        state: GameState,
        player: int,
        keys: list[str],
        options: list[str],
        guide: Guide,
    ) -> None:
        """Give ``node`` a child for each of ``keys`` it lacks, with its prior
        from this determinization."""
        children = node.children
        missing = [i for i, k in enumerate(keys) if k not in children]
        if not missing:
            return
        priors = guide.priors
        if priors is None:
            p = [1.0 / len(keys)] * len(keys)
        else:
            p = priors(state, player, options)
        for i in missing:
            children[keys[i]] = GNode(player, p[i])

    def _iterate(self, obs: Observation, root: GNode, know: GameKnowledge, guide: Guide) -> None:
        state = obs.sample(self.rng)
        path = [root]
        node = root
        key_of = know.action_key
        tree_default = know.tree_default
        c = self.exploration
        while not state.is_terminal():
            if node is not root and took_default(state, tree_default):
                continue
            player = state.current_player()
            assert player is not None
            keys, options = _keyed(state, key_of)
            self._expand(node, state, player, keys, options, guide)
            child, aid = _puct(node, keys, options, c)
            state.apply_action(aid)
            path.append(child)
            node = child
            if child.visits == 0:
                break  # a new leaf: scored below
        value = _leaf_value(state, know, guide)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += value[n.player]


def _keyed(state: GameState, key_of: ActionKey) -> tuple[list[str], list[str]]:
    """The keys of the legal options, and an option for each (the first of
    options the game names alike: they are the same move)."""
    keys: list[str] = []
    options: list[str] = []
    seen: set[str] = set()
    for aid in state.legal_action_ids():
        k = key_of(state, aid)
        if k not in seen:
            seen.add(k)
            keys.append(k)
            options.append(aid)
    return keys, options


def _puct(node: GNode, keys: list[str], options: list[str], c: float) -> tuple[GNode, str]:
    """The available child maximizing PUCT, and the option leading to it."""
    children = node.children
    avail = [children[k] for k in keys]
    prior_sum = 0.0
    visits = 0
    seen_total = 0.0
    seen_visits = 0
    for ch in avail:
        prior_sum += ch.prior
        visits += ch.visits
        if ch.visits:
            seen_total += ch.total
            seen_visits += ch.visits
    # an option never tried is valued at its tried siblings' mean
    fpu = seen_total / seen_visits if seen_visits else 0.5
    scale = c * math.sqrt(max(visits, 1)) / (prior_sum if prior_sum > 0 else 1.0)
    even = 1.0 / len(avail)
    best = 0
    best_u = -math.inf
    for i, ch in enumerate(avail):
        q = ch.total / ch.visits if ch.visits else fpu
        p = ch.prior if prior_sum > 0 else even
        u = q + scale * p / (1 + ch.visits)
        if u > best_u:
            best, best_u = i, u
    return avail[best], options[best]


def _leaf_value(state: GameState, know: GameKnowledge, guide: Guide) -> list[float]:
    """Each seat's value of a leaf, 0 to 1: the result of a finished game, else
    the guide's values, else the game's evaluation."""
    if state.is_terminal():
        if state.winner is None:  # defensive: over without a winner
            return [0.5] * state.num_seats()
        return [(r + 1.0) / 2.0 for r in state.returns()]
    values = guide.values
    if values is not None:
        return values(state)
    cut = know.search_evaluate or know.evaluate
    return cut(state)
