"""Bad input gets the project's own error, names the problem, and changes nothing
(issue 8 §3): actions, game setup, deck text, card files, scenarios, saved states."""

from __future__ import annotations

from typing import Any

import pytest

from ossuary.engine import IllegalAction, OssuaryError
from ossuary.engine.errors import SetupError
from ossuary.hecatomb import new_game


# -- apply_action ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [None, 0, 1.5, {}, [], b"end", ("end",), object()],
    ids=["None", "0", "float", "dict", "list", "bytes", "tuple", "object"],
)
def test_an_action_that_is_not_text_is_an_illegal_action(action: Any) -> None:
    s = new_game(seed=1)
    before = s.serialize()
    with pytest.raises(IllegalAction) as info:
        s.apply_action(action)
    assert "option id" in str(info.value)
    assert s.serialize() == before


@pytest.mark.parametrize(
    "action",
    ["play ²", "mana ٣", "play 1" + "0" * 5000, "play " + "9" * 40, "tap ² ³ ⁴", "block ¹ ²",
     "on ²", "attacker ²", "play -1", "play  3", "", " ", "\x00", "play \x1b[2J"],
)  # fmt: skip
def test_garbage_action_ids_are_explained_not_crashed_on(action: str) -> None:
    # Only ASCII digits are numbers in an option id; anything else is simply not an option.
    s = new_game(seed=1)
    before = s.serialize()
    with pytest.raises(IllegalAction):
        s.apply_action(action)
    assert s.serialize() == before


def test_a_huge_action_id_gives_a_short_message() -> None:
    s = new_game(seed=1)
    with pytest.raises(IllegalAction) as info:
        s.apply_action("x" * 1_000_000)
    assert len(str(info.value)) < 2000


# -- new_game --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": None}, "seed"),
        ({"first": True}, "first"),
        ({"first": "0"}, "first"),
        ({"first": 2}, "first"),
        ({"first": -1}, "first"),
        ({"seats": 2.0}, "seats"),
        ({"seats": "2"}, "seats"),
        ({"seats": True}, "seats"),
        ({"seats": 1}, "2 to 6"),
        ({"seats": 7}, "2 to 6"),
        ({"seats": 10**100}, "2 to 6"),
        ({"decks": "Rot and Ruin"}, "one deck per seat"),
        ({"decks": 3}, "one deck per seat"),
        ({"decks": [3, 4]}, "seat 0"),
        ({"decks": [["Snap"] * 40, None]}, "seat 1"),
        ({"decks": [[1] * 40, "Rot and Ruin"]}, "card names"),
    ],
)
def test_new_game_refuses_bad_setup_with_a_setup_error(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(OssuaryError) as info:
        new_game(**kwargs)
    assert words in str(info.value)


def test_setup_errors_are_also_value_errors() -> None:
    # SetupError is an OssuaryError and a ValueError, so older callers that caught
    # ValueError keep working.
    with pytest.raises(SetupError):
        new_game(seats=9)
    with pytest.raises(ValueError):
        new_game(seed="x")  # type: ignore[arg-type]
