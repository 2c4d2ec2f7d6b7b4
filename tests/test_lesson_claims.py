"""Every lesson says what the engine does (issue 35 §3).

Each lesson of every game (every mode that has one) is walked to the end of
its game: the learner follows the lesson's suggestions, and where a step
suggests nothing, an agent chooses. Every step the learner is shown names the
claims its text makes (``claims`` in ``learn.toml``), and each claim is checked
by the game's own check (``game.lessons.claims``) against what the engine then
did: after every later action until the check settles; one never settled by
the end of the game fails too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from ossuary import games
from ossuary.agents import Agent, Observation, make_agent
from ossuary.cli.play import agent_seed
from ossuary.engine.core import GameState
from ossuary.tutorial import Step, Tutorial, lessons

LESSONS = [t for name in games.names() for t in lessons(name)]
MAX_ACTIONS = 3000


@dataclass
class Pending:
    claim: str
    step: Step
    before: GameState
    action: str

    def where(self) -> str:
        turn = getattr(self.before, "turn_number", "?")
        return (
            f"claim {self.claim!r} of the {self.step.kind!r} step, turn {turn}: {self.step.text!r}"
        )


def _act(agent: Agent, state: GameState, seat: int) -> str:
    return agent.act(Observation.of(state, seat, None, getattr(agent, "observes", "samples")))


def walk(lesson: Tutorial) -> tuple[GameState, Counter[str], Counter[str]]:
    """The lesson's game played to its end, every claim checked; the end, how
    often each step was shown (by its text) and each claim settled."""
    game, deal = lesson.game, lesson.deal
    state = game.new_game(decks=lesson.decks, seats=len(deal.seats), seed=deal.seed,
                          first=deal.first)  # fmt: skip
    # the computers as `ossuary play GAME --tutorial` seeds them; the learner's
    # own choices where the lesson suggests none by an agent of the same kind
    agents = {i: make_agent("heuristic" if spec == "human" else spec, agent_seed(deal.seed, i))
              for i, spec in enumerate(deal.seats)}  # fmt: skip
    checks = game.lessons.claims()
    shown: Counter[str] = Counter()
    settled: Counter[str] = Counter()
    pending: list[Pending] = []
    while not state.is_terminal() and state.ply < MAX_ACTIONS:
        seat = state.current_player()
        assert seat is not None
        if seat == deal.you:
            view = state.view(seat)
            options = [(a.id, a.label) for a in state.legal_actions()]
            found = lesson.step_for(view, options)
            kind, turn = view["decision"]["kind"], view["turn_number"]
            assert found is not None, f"no word for {kind} on turn {turn}"
            step, suggest, _ = found
            assert step.claims, f"a step shown that names no claim: {step.text!r}"
            shown[step.text] += 1
            aid = suggest[0] if suggest else _act(agents[seat], state, seat)
            pending += [Pending(c, step, state.clone(), aid) for c in step.claims]
        else:
            aid = _act(agents[seat], state, seat)
        state.apply_action(aid)
        still = []
        for p in pending:
            name, *args = p.claim.split()
            verdict = checks[name](p.before, p.action, state, args)
            if verdict is None:
                still.append(p)
                continue
            assert verdict, f"the engine did otherwise: {p.where()}"
            settled[p.claim] += 1
        pending = still
    assert state.is_terminal(), "the lesson's game did not end"
    assert not pending, "never settled: " + "; ".join(p.where() for p in pending)
    return state, shown, settled


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda t: f"{t.game.name}-{t.mode or 'main'}")
def test_walking_the_lesson_every_claim_of_every_step_holds(lesson: Tutorial) -> None:
    _, shown, settled = walk(lesson)
    scripted = [s for s in lesson.steps if s.turn is not None]
    # the walk meets every step written for a turn of this deal
    assert [s.text for s in scripted if s.text not in shown] == []
    assert sum(settled.values()) >= 20


def test_the_necromancer_lesson_says_defenders_do_not_hit_back() -> None:
    """The step that once said defenders hit back (the engine never had them)."""
    lesson = next(t for t in LESSONS if t.game.name == "necromancer")
    defend = next(s for s in lesson.steps if s.kind == "defend")
    assert "don't hit back" in defend.text
    assert "defenders_deal_nothing_back" in defend.claims
    _, shown, settled = walk(lesson)
    assert shown[defend.text] and settled["defenders_deal_nothing_back"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda t: f"{t.game.name}-{t.mode or 'main'}")
def test_how_to_win_is_said_again_when_it_matters(lesson: Tutorial) -> None:
    """Near the end (a game's own condition: souls, health, the deck), a step
    says the standing and how to win; Hecatomb names its 20 souls whenever
    souls can be reaped."""
    _, shown, _ = walk(lesson)
    near = [s for s in lesson.steps if s.when is not None and s.text in shown]
    assert near, "no step near the end was shown"
    if lesson.game.name == "hecatomb":
        reaping = [s for s in lesson.steps if s.has == "attack" and s.text in shown]
        assert reaping and all("20 souls" in s.text for s in reaping)
