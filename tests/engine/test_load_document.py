"""The kernel's one bounded loader (issue 39 item 4): every game's card, scenario,
deck, model and saved-state reader goes through it, so bad input is the
caller's own error, in bounded memory, whichever game reads it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.diabolicards import cards as diabo_cards
from ossuary.diabolicards import game as diabo_game
from ossuary.diabolicards import late as diabo_late
from ossuary.diabolicards import scenario as diabo_scenario
from ossuary.engine.contract import bounded_memory
from ossuary.engine.errors import CardFileError, OssuaryError, ScenarioError
from ossuary.engine.untrusted import load_document
from ossuary.hecatomb import cards as heca_cards
from ossuary.hecatomb import scenario as heca_scenario
from ossuary.necromancer import cards as necro_cards
from ossuary.necromancer import game as necro_game
from ossuary.necromancer import scenario as necro_scenario


def _keep(data: dict[str, Any], source: str) -> tuple[dict[str, Any], str]:
    return data, source


def test_it_reads_a_file_or_text_and_hands_the_table_to_the_check(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text("a = 1\n", "utf-8")
    assert load_document(path, CardFileError, "a file", _keep) == ({"a": 1}, str(path))
    assert load_document("a = 2", CardFileError, "a file", _keep) == ({"a": 2}, "a file")
    assert load_document('{"a": 3}', CardFileError, "x", _keep, source="s", fmt="json") == (
        {"a": 3},
        "s",
    )


@pytest.mark.parametrize(
    ("given_", "fmt", "words"),
    [
        ("[1, 2]", "json", "expected a JSON object"),
        ("[" * 50_000, "json", "nested"),
        ("a = " + "[" * 50_000, "toml", "nested"),
        ("a = [1", "toml", "not valid TOML"),
        (b"\xff\xfe", "toml", "not UTF-8"),
        (Path("/nonexistent/x.toml"), "toml", "can't read"),
    ],
)
def test_bad_input_is_the_callers_error_naming_the_source(
    given_: object, fmt: str, words: str
) -> None:
    with bounded_memory(), pytest.raises(ScenarioError) as info:
        load_document(given_, ScenarioError, "a scenario", _keep, source="src", fmt=fmt)  # type: ignore[arg-type]
    assert words in str(info.value) and len(str(info.value)) < 500
    assert str(info.value).startswith(("src: ", "can't read"))


# Text that is nearly TOML or JSON: brackets, quotes, dots, digits and keys.
_PIECES = st.sampled_from(
    ["[", "]", "{", "}", "[[card]]", "a", " = ", "1", "9" * 40, ".", '"', "'", "\n", ",", "#"]
)
_NEAR = st.lists(_PIECES, max_size=60).map("".join)
_TEXT = st.one_of(st.text(max_size=200), _NEAR, st.binary(max_size=200))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT, fmt=st.sampled_from(["toml", "json"]))
def test_random_input_is_a_table_or_the_callers_error(text: str | bytes, fmt: str) -> None:
    with bounded_memory(20):
        try:
            data, source = load_document(text, ScenarioError, "a scenario", _keep, fmt=fmt)
        except ScenarioError as exc:
            assert str(exc).startswith("a scenario: ") and len(str(exc)) < 1000
        else:
            assert isinstance(data, dict) and source == "a scenario"


# Every game's loaders, fed input that the raw standard parsers did not survive
# (nesting past the recursion limit) or that is not text at all.
_LOADERS: list[tuple[str, Callable[[str], object]]] = [
    ("hecatomb cards", lambda t: heca_cards.load_card_file("c.toml", t)),
    ("hecatomb scenario", heca_scenario.load_scenario),
    ("necromancer cards", lambda t: necro_cards.load_card_file("c.toml", t)),
    ("necromancer traits", necro_cards.load_traits),
    ("necromancer scenario", necro_scenario.load_scenario),
    ("diabolicards cards", lambda t: diabo_cards.load_card_file("c.toml", t)),
    ("diabolicards scenario", diabo_scenario.load_scenario),
    ("diabolicards model", lambda t: diabo_late.parse(t, "m.toml", ())),
]
_SAVED: list[tuple[str, Callable[[str], object]]] = [
    ("necromancer saved", necro_game.deserialize),
    ("diabolicards saved", diabo_game.deserialize),
]


@pytest.mark.parametrize(("name", "load"), _LOADERS, ids=[n for n, _ in _LOADERS])
def test_every_toml_loader_refuses_deep_nesting_in_bounded_memory(
    name: str, load: Callable[[str], object]
) -> None:
    with bounded_memory(), pytest.raises(OssuaryError, match="nested"):
        load("a = " + "[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize(("name", "load"), _SAVED, ids=[n for n, _ in _SAVED])
def test_every_saved_state_loader_refuses_deep_nesting_and_huge_numbers(
    name: str, load: Callable[[str], object]
) -> None:
    with bounded_memory(), pytest.raises(OssuaryError, match="nested"):
        load("[" * 100_000 + "]" * 100_000)
    with bounded_memory(), pytest.raises(OssuaryError, match="number too large"):
        load('{"ply": ' + "1" * 5000 + "}")
