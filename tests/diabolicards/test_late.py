"""The late-game evaluation ISMCTS uses in 1v1 (``ossuary.diabolicards.late``,
``ai/late.toml``) and the tool that fits it (``bench/fit_late_diabolicards.py``).

Its strength is a measurement (docs/ai.md, "What was tried for Diabolicards",
2026-11-24, b5711ee and 5f33b8b). These tests
check that the shipped weights load, that a bad weights file is refused with
the file and key named, that the search scores positions by the formula the
fit was made for, and that the heuristic agent (ISMCTS's yardstick) never
uses it."""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary import diabolicards
from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, Observation
from ossuary.agents.knowledge import knowledge_for
from ossuary.diabolicards import evaluate, late
from ossuary.diabolicards.state import DiaboState
from ossuary.engine.core import GameState

from ..bench_tools import load_bench

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "src" / "ossuary" / "diabolicards" / "ai" / "late.toml"
NAMES = tuple(d.name for d in diabolicards.new_game(seats=2, seed=0).defs)


def positions(seats: int, games: int, seed: int) -> list[DiaboState]:
    """Every turn of a few heuristic games, as copies."""
    out = []
    for g in range(games):
        s = diabolicards.new_game(seats=seats, seed=seed + g)
        agents = [HeuristicAgent(seed + g * seats + i) for i in range(seats)]
        while not s.is_terminal():
            seat = s.current_player()
            assert seat is not None
            if s.pending is not None and s.pending.kind == "turn":
                out.append(s.clone())
            s.apply_action(agents[seat].act(Observation.of(s, seat)))
    return out


@pytest.fixture(scope="module")
def one_v_one() -> list[DiaboState]:
    return positions(2, 3, 610)


# -- the shipped weights ---------------------------------------------------------------
def test_the_shipped_model_weighs_every_card_of_the_deck_and_writes_back_the_same() -> None:
    model = late.default(NAMES)
    assert (model.lo, model.hi) == (10, 30)
    assert set(model.cards) == set(NAMES)
    assert model.constants["lead"] > 0  # a lead in the evaluation's points is good
    assert late.parse(late.dumps(model), "again", NAMES) == model


def test_the_shipped_file_is_packaged() -> None:
    assert "ai/*.toml" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert SHIPPED.is_file()


# -- scoring -------------------------------------------------------------------------------
def by_hand(model: late.LateEval, s: DiaboState) -> float:
    """The model's win chance for side 0, from its weights by card name."""
    left = evaluate.cards_to_come(s)
    pm = evaluate.power_map(s)
    totals = evaluate.scores(s, pm)
    lead = evaluate.side_value(s, 0, totals, pm) - evaluate.side_value(s, 1, totals, pm)
    k = model.constants
    z = k["intercept"] + k["lead"] * lead / evaluate.scale_for(left, 2)
    z += k["turn"] * (1 if s.current_player() == 0 else -1) + k["left"] * left / 30
    for c, d in enumerate(s.defs):
        w = model.cards[d.name]
        for h in range(2):
            if c in s.hands[h]:
                z += w[h]
        if s.place[c] >= 0:
            z += w[2 + s.place[c] // 9]
        if c in s.dead:
            z += w[4]
    return 1 / (1 + math.exp(-z))


def test_in_range_the_search_scores_by_the_fitted_formula(one_v_one: list[DiaboState]) -> None:
    model = late.default(NAMES)
    inside = [s for s in one_v_one if model.lo <= evaluate.cards_to_come(s) < model.hi]
    assert len(inside) > 20
    differs = 0
    for s in inside:
        got = evaluate.late_values(s)
        assert got[0] == pytest.approx(by_hand(model, s), abs=1e-9)
        assert got[0] + got[1] == pytest.approx(1.0)
        differs += abs(got[0] - evaluate.values(s)[0]) > 1e-3
    assert differs > len(inside) // 2  # it is a different judge, not the same one


def test_out_of_range_and_in_2v2_the_search_keeps_the_evaluation(
    one_v_one: list[DiaboState],
) -> None:
    model = late.default(NAMES)
    outside = [s for s in one_v_one if not model.lo <= evaluate.cards_to_come(s) < model.hi]
    team = positions(4, 1, 611)
    assert outside and team
    for s in outside + team:
        assert evaluate.late_values(s) == evaluate.values(s)


def test_the_heuristic_agent_never_uses_the_late_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """ISMCTS is measured against the heuristic: changing the search's judge
    must not change its yardstick."""
    assert evaluate.KNOWLEDGE.evaluate is evaluate.evaluate
    assert evaluate.KNOWLEDGE.search_evaluate is evaluate.search_evaluate

    def boom(names: tuple[str, ...]) -> late.LateEval:
        raise AssertionError("the heuristic asked the late-game model")

    monkeypatch.setattr(late, "default", boom)
    assert len(positions(2, 1, 612)) > 20  # a whole heuristic game, late turns included


def test_ismcts_cuts_its_playouts_with_the_search_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    know = knowledge_for("diabolicards")
    calls = {"search": 0}

    def counting(state: GameState) -> list[float]:
        calls["search"] += 1
        return evaluate.evaluate(state)

    counted = dataclasses.replace(know, search_evaluate=counting)
    monkeypatch.setattr(diabolicards.GAME, "knowledge", lambda: counted)  # the Game's own
    s = diabolicards.new_game(seats=2, seed=613)
    seat = s.current_player()
    assert seat is not None
    ISMCTSAgent(seed=1, budget=Budget(iterations=40)).act(Observation.of(s, seat))
    assert calls["search"] >= 30  # nearly every iteration's playout is cut by it


# -- bad weights files -------------------------------------------------------------------
GOOD = SHIPPED.read_text(encoding="utf-8")
FIRST = NAMES[0]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("cards_to_come = [10, 30]", "cards_to_come = [30, 10]"), "range"),
        (lambda t: t.replace("cards_to_come = [10, 30]", "cards_to_come = [10]"), "range"),
        (lambda t: re.sub(r"(?m)^lead = .*$", 'lead = "big"', t), "weights.lead"),
        (lambda t: re.sub(r"(?m)^turn = .*$", "turn = nan", t), "weights.turn"),
        (lambda t: re.sub(r"(?m)^left = .*$", "left = true", t), "weights.left"),
        (lambda t: re.sub(r"(?m)^left = .*$\n", "", t), r"\[weights\] must hold"),
        (lambda t: re.sub(rf'(?m)^"{FIRST}" = .*$\n', "", t), "cards missing"),
        (lambda t: re.sub(rf'(?m)^"{FIRST}" = \[', f'"{FIRST}" = [1e9, ', t), FIRST),
        (lambda t: t + '"Nobody At All" = [0, 0, 0, 0, 0]\n', "Nobody At All"),
        (lambda t: t + "[extra]\nx = 1\n", "unknown table"),
        (lambda t: t.replace("[cards]", "[cardz]"), "cardz"),
        (lambda t: t.replace("[weights]", "[weights"), "not valid TOML"),
    ],
)
def test_a_bad_weights_file_is_refused_naming_the_file_and_what_is_wrong(
    edit: object, message: str
) -> None:
    assert callable(edit)
    with pytest.raises(late.LateEvalError, match=message) as info:
        late.parse(edit(GOOD), "ai/late.toml", NAMES)
    assert str(info.value).startswith("ai/late.toml: ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text_is_refused_cleanly(text: str) -> None:
    try:
        late.parse(text, "fuzz.toml", NAMES)
    except late.LateEvalError as exc:
        assert str(exc).startswith("fuzz.toml: ")


_lines = GOOD.splitlines()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(_lines) - 1),
    st.one_of(
        st.text(max_size=20),
        st.sampled_from(["= 1", "= []", "= [1, 2, 3, 4, 5]", "= inf", '= "x"', "[cards]"]),
    ),
)
def test_a_good_file_with_one_line_spoiled_loads_or_is_refused_cleanly(
    line: int, junk: str
) -> None:
    lines = list(_lines)
    lines[line] = lines[line].split("=")[0] + junk
    try:
        model = late.parse("\n".join(lines), "fuzz.toml", NAMES)
    except late.LateEvalError as exc:
        assert str(exc).startswith("fuzz.toml: ")
    else:
        assert set(model.cards) == set(NAMES)
        assert all(math.isfinite(w) for ws in model.cards.values() for w in ws)


# -- the fit tool ----------------------------------------------------------------------------
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_bench("fit_late_diabolicards")


def test_the_tool_reads_card_places_as_the_model_does(
    tool: ModuleType, one_v_one: list[DiaboState]
) -> None:
    model = late.default(NAMES)
    for s in one_v_one[::7]:
        fast = model.logit(s, 0.0, 1.0, 0) - model.constants["intercept"]
        fast -= model.constants["turn"] * (1 if s.current_player() == 0 else -1)
        from_places = sum(model.cards[s.defs[c].name][p] for c, p in tool.places(s))
        assert fast == pytest.approx(from_places, abs=1e-9)


def test_the_fit_finds_known_weights(tool: ModuleType) -> None:
    rng = np.random.default_rng(5)
    x = np.column_stack([np.ones(20_000), rng.normal(size=(20_000, 3))])
    true = np.array([0.0, 1.5, -0.7, 0.3])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-x @ true))).astype(float)
    beta = tool.fit(x, y, np.ones(20_000), c=100.0)
    assert beta == pytest.approx(true, abs=0.08)


def test_the_tool_writes_a_model_the_game_loads(tool: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "late.toml"
    tool.main(["--games", "12", "--test-games", "4", "--workers", "1", "--out", str(out)])
    model = late.parse(out.read_text(encoding="utf-8"), str(out), NAMES)
    assert (model.lo, model.hi) == (10, 30)
    assert set(model.cards) == set(NAMES)


@pytest.mark.parametrize(
    "argv",
    [["--games", "0"], ["--range", "30", "10"], ["--c", "-1"], ["--c", "nan"], ["--workers", "0"]],
)
def test_the_tool_refuses_bad_options(tool: ModuleType, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        tool.main(argv)
    assert info.value.code == 2
