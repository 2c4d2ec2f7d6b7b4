"""The guided search (``guided``): PUCT over a policy's priors, leaf values from a
value head or the game's evaluation (agents/guided.py). Tiny budgets: behaviour,
not strength."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from ossuary import games
from ossuary.agents import Observation, check_agent, make_agent
from ossuary.agents.arena import run_arena, schedule
from ossuary.agents.guided import Guide, GuidedAgent
from ossuary.agents.ismcts import Budget
from ossuary.agents.knowledge import knowledge_for
from ossuary.agents.learned import (
    PolicyError,
    PolicyGuide,
    encoder_for,
    load_policy,
    read_tensors,
    shipped_policy_path,
    table_guide,
    write_tensors,
)
from ossuary.agents.registry import pin_spec
from ossuary.engine.rng import Rng

from ..hecatomb.script import minion, scenario
from .test_contracts import positions

SHIPPED = shipped_policy_path("hecatomb", 2)
#: the policy layers of the shipped Hecatomb policy, the one docs/ai.md measured
#: on held-out decks (2026-11-30, 100,736 games): a file that plays otherwise is another policy
POLICY_LAYERS_SHA256 = "2ead72a5b7f6af629d72261f0b79560f66cb1271fae9c59fd17924b3caca9269"


def _two_seat_positions(count: int, seed: int) -> list[Observation]:
    out = []
    for state in positions(count * 2, seed=seed):
        if state.n == 2:
            seat = state.current_player()
            assert seat is not None
            out.append(Observation.of(state, seat))
        if len(out) == count:
            break
    return out


def _with_value_head(path: Path, seed: int = 0) -> Path:
    """The shipped policy with a random value head added."""
    assert SHIPPED is not None
    tensors, meta = read_tensors(SHIPPED)
    tensors = {k: v for k, v in tensors.items() if k.startswith("policy.")}
    rng = np.random.default_rng(seed)
    width = tensors["policy.0.weight"].shape[1]
    tensors["value.0.weight"] = rng.normal(0, 0.05, (8, width)).astype(np.float32)
    tensors["value.0.bias"] = np.zeros(8, np.float32)
    tensors["value.2.weight"] = rng.normal(0, 0.5, (1, 8)).astype(np.float32)
    tensors["value.2.bias"] = np.zeros(1, np.float32)
    write_tensors(path, tensors, meta)
    return path


def _without_value_head(path: Path) -> Path:
    assert SHIPPED is not None
    tensors, meta = read_tensors(SHIPPED)
    write_tensors(path, {k: v for k, v in tensors.items() if k.startswith("policy.")}, meta)
    return path


def test_the_shipped_policy_is_the_one_measured_and_carries_a_value_head() -> None:
    assert SHIPPED is not None
    tensors, meta = read_tensors(SHIPPED)
    h = hashlib.sha256()
    for k in sorted(tensors):
        if k.startswith("policy."):
            h.update(k.encode())
            h.update(tensors[k].tobytes())
    assert h.hexdigest() == POLICY_LAYERS_SHA256
    policy = load_policy(SHIPPED)
    assert policy.has_value and "value" in meta  # how the head was fitted


def test_with_one_iteration_puct_takes_the_priors_favourite() -> None:
    assert SHIPPED is not None
    policy = load_policy(SHIPPED)
    guide = PolicyGuide(policy, encoder_for("hecatomb", 2))
    tried = 0
    for obs in _two_seat_positions(20, seed=5):
        options = [a.id for a in obs.legal]
        priors = guide.priors(obs.sample(Rng(0)), obs.seat, options)
        assert sum(priors) == pytest.approx(1.0)
        favourite = options[int(np.argmax(priors))]
        if sorted(priors)[-1] - sorted(priors)[-2] < 1e-6:
            continue  # a tie: either is the favourite
        assert make_agent("guided:iters=1", 3).act(obs) == favourite
        tried += 1
    assert tried >= 6


def _win_in_one() -> Observation:
    """Seat 0 at 18 souls with Tithe (2 souls) in hand and a mana to pay for it:
    playing it wins at once (glossary, "souls"); anything else does not."""
    cards = [
        minion("One", 1),
        {"name": "Tithe", "type": "fate", "doom": "greed", "cost": 1, "subtype": "invocation",
         "abilities": [{"trigger": "play", "effects": [{"verb": "souls", "amount": 2}]}]},
    ]  # fmt: skip
    state = scenario(
        """
[game]
active = 0
step = "main"
[[seat]]
souls = 18
hand = ["Tithe", "One", "One"]
mana = ["Tithe"]
deck = ["One", "One", "One", "One"]
[[seat]]
souls = 18
hand = ["One", "One"]
deck = ["One", "One", "One", "One"]
""",
        cards,
    )
    assert state.current_player() == 0
    return Observation.of(state, 0)


def test_the_search_finds_a_win_its_priors_and_values_point_away_from() -> None:
    obs = _win_in_one()
    win = next(a.id for a in obs.legal if "Tithe" in a.label and "mana" not in a.label.lower())

    def priors(state: object, player: int, options: list[str]) -> list[float]:
        # the win is the least likely option, the leaves all look even
        return [0.1 if o == win else 1.0 for o in options]

    def values(state: object) -> list[float]:
        return [0.5, 0.5]

    blind = GuidedAgent(1, Budget(iterations=1), guide=Guide(priors, values))
    assert blind.act(obs) != win  # one iteration follows the priors
    agent = GuidedAgent(1, Budget(iterations=80), guide=Guide(priors, values))
    assert agent.act(obs) == win
    assert max(agent.root_visits, key=lambda k: agent.root_visits[k]) == win
    # and with the real guide: the shipped policy, its value head
    assert make_agent("guided:iters=40", 2).act(obs) == win


def test_leaves_take_the_value_head_where_the_file_has_one(tmp_path: Path) -> None:
    with_head = _with_value_head(tmp_path / "with.safetensors")
    without = _without_value_head(tmp_path / "without.safetensors")
    priors, values = table_guide(str(with_head), None, "hecatomb", 2)
    assert priors is not None and values is not None
    assert table_guide(str(without), None, "hecatomb", 2)[1] is None
    # the value head's numbers, each seat from its own view, mapped to [0, 1]
    policy = load_policy(with_head)
    encoder = encoder_for("hecatomb", 2)
    # a position where the policy leaves the search a choice to make
    obs = next(
        o
        for o in _two_seat_positions(20, seed=8)
        if max(priors(o.sample(Rng(0)), o.seat, [a.id for a in o.legal])) < 0.6
    )
    state = obs.sample(Rng(1))
    got = values(state)
    for seat in range(2):
        x = np.zeros(encoder.observation_size, np.float32)
        encoder.observe(state.view(seat), (), x)
        assert got[seat] == pytest.approx((policy.value(x) + 1) / 2, abs=1e-6)
        assert 0.0 <= got[seat] <= 1.0
    # the agent searches with exactly those: the same visits as a guide built by hand
    evaluate = knowledge_for("hecatomb")
    cut = evaluate.search_evaluate or evaluate.evaluate

    def visits(agent: GuidedAgent) -> dict[str, int]:
        agent.act(obs)
        return agent.root_visits

    spec_with = make_agent(f"guided:iters=30:policy={with_head}", 4)
    spec_without = make_agent(f"guided:iters=30:policy={without}", 4)
    assert isinstance(spec_with, GuidedAgent) and isinstance(spec_without, GuidedAgent)
    head = visits(spec_with)
    assert head == visits(GuidedAgent(4, Budget(iterations=30), guide=Guide(priors, values)))
    # no value head: the game's own evaluation scores the leaves
    plain = visits(spec_without)
    assert plain == visits(GuidedAgent(4, Budget(iterations=30), guide=Guide(priors, cut)))
    assert plain != head  # (a random value head searches otherwise)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("guided:iters=0", "whole number >= 1"),
        ("guided:soon", "neither seconds"),
        ("guided:1:2", "not a budget and a policy file"),
        ("guided:policy=", "give a policy file"),
        ("guided:policy=/nonexistent/p.safetensors", "cannot read the policy"),
        ("guided:9999", "at most 3600"),
    ],
)
def test_bad_guided_specs_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_agent(spec, "hecatomb", 2)


def test_bad_policy_files_are_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.safetensors"
    junk.write_bytes(b"not a policy at all")
    with pytest.raises(PolicyError, match=r"junk\.safetensors is not a policy file"):
        check_agent(f"guided:iters=5:policy={junk}", "hecatomb", 2)
    # a policy for another table: refused for that table, with the reason
    assert SHIPPED is not None
    with pytest.raises(PolicyError, match="this game has 3 seats"):
        check_agent(f"guided:policy={SHIPPED}", "hecatomb", 3)
    # a value head that does not read the policy's observation
    tensors, meta = read_tensors(SHIPPED)
    tensors = {k: v for k, v in tensors.items() if k.startswith("policy.")}
    tensors["value.0.weight"] = np.zeros((1, 7), np.float32)
    tensors["value.0.bias"] = np.zeros(1, np.float32)
    bad = tmp_path / "bad-value.safetensors"
    write_tensors(bad, tensors, meta)
    with pytest.raises(PolicyError, match="its value head reads 7 numbers"):
        check_agent(f"guided:policy={bad}", "hecatomb", 2)


def test_a_run_pins_the_guiding_policy_by_content(tmp_path: Path) -> None:
    assert SHIPPED is not None
    shipped = load_policy(SHIPPED)
    assert pin_spec("guided:iters=7", "hecatomb", 2) == (
        f"guided:iters=7:policy=sha256={shipped.sha256}"
    )
    # six seats are served by the 5-seat policy: that one is pinned
    five = load_policy(shipped_policy_path("hecatomb", 5))  # type: ignore[arg-type]
    assert pin_spec("guided:iters=7", "hecatomb", 6) == (
        f"guided:iters=7:policy=sha256={five.sha256}"
    )
    check_agent(pin_spec("guided:iters=7", "hecatomb", 6), "hecatomb", 6)
    path = _without_value_head(tmp_path / "Mine:v2.safetensors")  # a capital and a colon
    pinned = pin_spec(f"guided:2:policy={path}", "hecatomb", 2)
    assert pinned == f"guided:2:policy=sha256={load_policy(path).sha256}:{path.resolve()}"
    check_agent(pinned, "hecatomb", 2)
    _with_value_head(path)  # the file replaced: the pinned spec refuses it
    with pytest.raises(PolicyError, match="has changed since this run began"):
        check_agent(pinned, "hecatomb", 2)


@pytest.mark.parametrize("game", games.names())
def test_arena_plays_guided_against_the_heuristic_in_every_game(game: str) -> None:
    plan = schedule(["guided:iters=8", "heuristic"], 2, 2, seed=11)
    results = run_arena(plan, workers=1, game=game)
    assert len(results) == 2
    assert all(r.length > 0 for r in results)
    assert {a for r in results for a in r.agents} == {"guided:iters=8", "heuristic"}


def test_the_server_takes_guided_within_its_limits_and_no_policy_path() -> None:
    from ossuary.server.ai import MAX_ITERATIONS, agent_spec

    assert agent_spec("guided:2") == "guided:2"
    with pytest.raises(ValueError, match="at most 10 s"):
        agent_spec("guided:30")
    with pytest.raises(ValueError, match=f"at most {MAX_ITERATIONS:,}"):
        agent_spec(f"guided:iters={MAX_ITERATIONS + 1}")
    for spec in ("guided:policy=/etc/passwd", "Guided:1,Policy=mine.safetensors"):
        with pytest.raises(ValueError, match="unknown level"):
            agent_spec(spec)
