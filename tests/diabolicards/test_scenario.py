"""The scenario format (docs/diabolicards-scenarios.md) is strict: unknown keys,
wrong types, unknown or repeated cards and impossible places are refused with
a ScenarioError that names them; random input never crashes the loader."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.diabolicards.invariants import check
from ossuary.diabolicards.scenario import load_scenario
from ossuary.engine.errors import ScenarioError

from .script import card, hand, scenario, where


def refused(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        load_scenario(text)
    return str(info.value)


def test_a_scenario_sets_up_every_part_of_the_position() -> None:
    s = scenario(
        """
        [game]
        mode = "2v2"
        turn = 1
        turn_number = 7
        deck = ["Knuckles", "Viper"]
        contracts = ["Big Tuna", "", "Dale"]
        dead = ["Aegis"]
        lost = ["Afterimage"]
        banned = true
        sealed = ["Havenvale Campus"]
        why_stick = [["Spiderloom", "VP Marsh", "Lil Sprocket"]]
        doom_pacts = [["Lady Doombound", "Jock Jensen"]]
        [[seat]]
        hand = ["Blink"]
        [[seat]]
        hand = ["Lodestar"]
        contract_last = true
        [[side]]
        vask_tower = ["Spiderloom", "VP Marsh", { card = "Lady Doombound", seat = 2 }]
        the_gang_hideout = ["Afterimage"]
        activation = { the_gang_hideout = "Empress" }
        scorched = { vask_tower = ["Razor"] }
        endgames = [3]
        [[side]]
        vask_tower = ["Lil Sprocket", "Jock Jensen"]
        """
    )
    assert s.n == 4 and s.current_player() == 1 and s.turn_number == 8
    assert [s.defs[c].name for c in s.deck[-2:]] == ["Viper", "Knuckles"]  # top first
    assert s.contracts[1] == -1 and s.defs[s.contracts[2]].name == "Dale"
    assert s.banned and s.sealed == [False, False, True] and s.contract_last[1]
    assert where(s, "Empress") == (0, "The Gang Hideout", "a")
    assert where(s, "Razor") == (0, "Vask Tower", "s") and s.endgames[0] == [3]
    assert s.ctrl[card(s, "Lady Doombound")] == 2
    assert card(s, "Afterimage") in s.lost and hand(s, 0) == ["Blink"]
    assert s.sticks and s.pacts
    check(s)


def test_a_scenario_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "pos.toml"
    path.write_text('[[seat]]\nhand = ["Viper"]\n', "utf-8")
    assert load_scenario(path).hands[0]
    with pytest.raises(ScenarioError, match="can't read"):
        load_scenario(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[game]\nmood = 1", ["'game.mood'", "unknown key"]),
        ("[game]\nturn = 'x'", ["'game.turn'"]),
        ("[game]\nmode = '3v3'", ["'game.mode'"]),
        ("[[seat]]\nhand = ['Nobody']", ["seat 0 hand", "unknown card 'Nobody'"]),
        ("[[seat]]\nhand = ['Viper']\n[[seat]]\nhand = ['Viper']", ["listed twice"]),
        ("[[side]]\nvask_tower = ['Razor']", ["goes in 'scorched'"]),
        ("[[side]]\nscorched = { vask_tower = ['Viper'] }", ["not a Scorched Earth card"]),
        ("[[side]]\nactivation = { vask_tower = 'Viper' }", ["only a Diabolical"]),
        ("[[side]]\nvask_tower = [{ card = 'Viper', seat = 1 }]", ["does not sit on side 0"]),
        ("[game]\nsealed = ['Vask Tower']\n[[side]]\nvask_tower = ['Viper']", ["sealed"]),
        ("[[side]]\nvask_tower = [" + ",".join(["'Viper'"] * 9) + "]", ["'side.0.vask_tower'"]),
        ("[game]\nturn = 2", ["seat from 0 to 1"]),
        ("[game]\nwhy_stick = [['Spiderloom', 'Viper', 'Knuckles']]", ["on the mat"]),
        ("[[seat]\n", ["not valid TOML"]),
        ("[[side]]\nmoon = []", ["'side.0.moon'", "unknown key"]),
    ],
)
def test_bad_scenarios_are_refused_by_name(text: str, words: list[str]) -> None:
    message = refused(text)
    for w in words:
        assert w in message, message


_keys = st.sampled_from(
    ["game", "seat", "side", "hand", "mode", "turn", "deck", "vask_tower", "activation",
     "scorched", "sealed", "lost", "contracts", "rest", "card", "seat"]
)  # fmt: skip
_leaf = st.one_of(
    st.integers(-2, 5), st.booleans(), st.text(max_size=8),
    st.sampled_from(["Viper", "Razor", "Dale", "1v1", "2v2", "dead", "Vask Tower"]),
)  # fmt: skip
_tree: Any = st.recursive(
    _leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_keys, inner, max_size=3),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _tree, max_size=4))
def test_random_scenarios_are_refused_cleanly_or_load(data: dict[str, Any]) -> None:
    import tomllib

    from ossuary.diabolicards.scenario import Scenario, _build

    try:
        spec = Scenario.model_validate(data)
    except Exception:
        return  # the loader turns this into a ScenarioError (tested above)
    try:
        s = _build(spec, "fuzz")
    except ScenarioError:
        return
    check(s, deep=False)
    assert tomllib  # the text path is covered by the next test


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=120))
def test_random_scenario_text_is_refused_cleanly(text: str) -> None:
    with contextlib.suppress(ScenarioError):
        load_scenario(text)
