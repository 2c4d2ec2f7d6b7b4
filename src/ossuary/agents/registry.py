"""Agents by name, for the command line, the arena and the simulators.

A spec is a name, optionally followed by ``:`` and a parameter that the agent
understands: ``random``, ``heuristic``, ``ismcts`` (one second a decision),
``ismcts:2.5`` (seconds) or ``ismcts:iters=2000`` (iterations, reproducible on
any machine), ``learned`` (the policy network the project ships for the game)
or ``learned:PATH`` (a policy file made by ``ossuary train``;
``learned:sha256=HASH:PATH`` also checks the file's content, see
:func:`pin_spec`), ``guided`` (the search the shipped policy guides, one
second a decision) with ``ismcts``'s budgets and a policy file last
(``guided:iters=400``, ``guided:2:policy=PATH``). Names are
case-insensitive; a parameter keeps its case (a path). Agents register
themselves with :func:`register_agent`.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Callable

from .base import Agent
from .guided import GuidedAgent
from .heuristic import HeuristicAgent
from .ismcts import Budget, ISMCTSAgent
from .random_agent import RandomAgent

AgentFactory = Callable[[int], Agent]
ParamAgentFactory = Callable[[int, str], Agent]

_AGENTS: dict[str, AgentFactory] = {}
_WITH_PARAM: dict[str, ParamAgentFactory] = {}


def register_agent(
    name: str, factory: AgentFactory, with_param: ParamAgentFactory | None = None
) -> None:
    """Make ``make_agent(name, seed)`` return ``factory(seed)``, and, when
    ``with_param`` is given, ``make_agent("name:param", seed)`` return
    ``with_param(seed, "param")``."""
    _AGENTS[name.lower()] = factory
    if with_param is not None:
        _WITH_PARAM[name.lower()] = with_param


def normal_spec(spec: str) -> str:
    """``spec`` as the front ends show and compare it: the agent's name in lower
    case, its parameter exactly as given (a path keeps its capitals);
    ``pure:`` before a spec (the arena's) is a name too.

    >>> normal_spec(" LEARNED:Runs/Policy.safetensors ")
    'learned:Runs/Policy.safetensors'
    >>> normal_spec("Pure:ISMCTS:iters=20")
    'pure:ismcts:iters=20'
    """
    name, colon, param = spec.strip().partition(":")
    name = name.strip().lower()
    if not colon:
        return name
    if name == "pure":
        return f"pure:{normal_spec(param)}"
    return f"{name}:{param.strip()}"


def known_agents() -> list[str]:
    """The names ``make_agent`` accepts, sorted."""
    return sorted(_AGENTS)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The agent named by ``spec`` (case-insensitive), seeded with ``seed``.

    Raises :class:`ValueError` naming the known agents when ``spec`` is unknown,
    or saying what is wrong with its parameter.
    """
    name, colon, param = spec.strip().partition(":")
    name = name.strip().lower()
    factory = _AGENTS.get(name)
    if factory is None:
        raise ValueError(f"unknown agent {spec!r}; known agents: {', '.join(known_agents())}")
    if not colon:
        return factory(seed)
    with_param = _WITH_PARAM.get(name)
    if with_param is None:
        raise ValueError(f"agent {name!r} takes no parameter (got {spec!r})")
    return with_param(seed, param.strip())


def check_agent(spec: str, game: str | None = None, seats: int | None = None) -> str:
    """``spec`` if :func:`make_agent` accepts it; otherwise the ValueError.

    With ``game`` and ``seats``, also whether the agent can play that table
    (an agent may say so with a ``check_table(game, seats)`` method that raises
    ValueError: a learned policy made for another game, say)."""
    agent = make_agent(spec, 0)
    check = getattr(agent, "check_table", None)
    if game is not None and seats is not None and check is not None:
        check(game, seats)
    return spec


def shipped_policy_about(game: str, seats: int) -> dict[str, str]:
    """What is known of the strength of the policy that ships for ``game`` at
    ``seats`` seats: ``short`` (a few words for a list of levels) and
    ``measured`` (a sentence: where it was measured, and how it fared), from
    ``ai/learned-<seats>.toml`` beside the policy in the game's package; empty
    when none ships. Read without numpy, for help texts and the lobby."""

    from .. import games

    if game not in games.names():
        return {}
    found = importlib.resources.files(games.get(game).package).joinpath(
        "ai", f"learned-{seats}.toml"
    )
    if not found.is_file():
        return {}
    data = tomllib.loads(found.read_text("utf-8"))
    return {k: str(data[k]) for k in ("short", "measured") if k in data}


def learned_level_about() -> str:
    """The ``learned`` level in words, short enough for a help text: what each
    two-player policy was measured to do ("Hecatomb with 2 seats, wins 2 games
    in 3 against easy, on decks it never saw"), then the larger tables a policy
    plays ("also Hecatomb with 3 or 4 seats"); the lobby says what each of
    those was measured to do."""
    from .. import games

    parts, also = [], []
    for name in games.names():
        game = games.get(name)
        seats_more, modes = [], []
        for seats in game.seat_counts:
            about = shipped_policy_about(name, seats)
            if not about:
                continue
            mode = game.mode_of(seats)
            if seats == 2:
                table = f"{game.title} {mode}" if mode else f"{game.title} with 2 seats"
                parts.append(f"{table}, {about.get('short', '')}".rstrip(", "))
            elif mode:
                modes.append(mode)
            else:
                seats_more.append(str(seats))
        counts = " or ".join(
            [", ".join(seats_more[:-1]), *seats_more[-1:]] if seats_more[:-1] else seats_more
        )
        more = ([f"with {counts} seats"] if seats_more else []) + modes
        if more:
            also.append(f"{game.title} {' or '.join(more)}")
    if also:
        parts.append("also " + ", ".join(also))
    return "; ".join(parts)


def _ismcts(seed: int) -> Agent:
    return ISMCTSAgent(seed)


def _ismcts_with(seed: int, param: str) -> Agent:
    return ISMCTSAgent(seed, Budget.parse(param))


def _learned(seed: int) -> Agent:
    from .learned import LearnedAgent  # numpy: imported when a learned agent is asked for

    return LearnedAgent(None, seed)


def _learned_with(seed: int, param: str) -> Agent:
    from .learned import LearnedAgent, parse_param

    if not param:
        raise ValueError("learned: give a policy file after the colon (learned:PATH)")
    path, sha256 = parse_param(param)
    return LearnedAgent(path, seed, sha256=sha256)


def _guided(seed: int) -> Agent:
    return GuidedAgent(seed)


def _guided_with(seed: int, param: str) -> Agent:
    budget, policy = parse_guided(param)
    sha256 = None
    if policy is not None:
        from .learned import load_policy, parse_param

        policy, sha256 = parse_param(policy)
        if policy is not None:
            load_policy(policy, sha256)  # a file that can't be a policy is refused now
    return GuidedAgent(seed, Budget.parse(budget, "guided"), policy, sha256)


def parse_guided(param: str) -> tuple[str | None, str | None]:
    """(budget, policy) of a ``guided:`` parameter: a budget as ``ismcts``
    takes it, ``policy=PATH`` (last: the path may hold anything), or both
    separated by a colon (``iters=400:policy=runs/p.safetensors``; not a
    comma, which separates the specs of a list such as ``arena --agents``)."""
    budget: str | None = None
    rest = param.strip()
    while rest:
        if rest[:7].lower() == "policy=":
            path = rest[7:].strip()
            if not path:
                raise ValueError("guided: give a policy file after policy= (guided:policy=PATH)")
            return budget, path
        part, _, rest = rest.partition(":")
        rest = rest.strip()
        if budget is not None or not part.strip():
            raise ValueError(
                f"guided: {param!r} is not a budget and a policy file "
                "(guided:1.5, guided:iters=400, guided:iters=400:policy=PATH)"
            )
        budget = part.strip()
    return budget, None


def pin_spec(spec: str, game: str, seats: int) -> str:
    """``spec`` fixed for a whole run at ``game`` with ``seats`` seats.

    An agent whose behaviour lives in a file says how to name that file's
    content (a ``pinned_spec(game, seats)`` method): ``learned:PATH`` becomes
    ``learned:sha256=HASH:ABSOLUTE-PATH``, which plays from any folder and is
    refused once the file holds another policy. Other specs come back as given.
    A spec that can't play the table raises ValueError (as :func:`check_agent`).
    """
    agent = make_agent(spec, 0)
    check = getattr(agent, "check_table", None)
    if check is not None:
        check(game, seats)
    pinned = getattr(agent, "pinned_spec", None)
    return spec.strip() if pinned is None else str(pinned(game, seats))


register_agent("random", RandomAgent)
register_agent("heuristic", HeuristicAgent)
register_agent("ismcts", _ismcts, _ismcts_with)
register_agent("learned", _learned, _learned_with)
register_agent("guided", _guided, _guided_with)
