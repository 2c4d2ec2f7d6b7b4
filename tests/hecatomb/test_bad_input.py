"""Bad input gets the project's own error, names the problem, and changes nothing
(issue 8 §3): actions, game setup, deck text, card files, scenarios, saved states."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ossuary.engine import DeckError, IllegalAction, OssuaryError
from ossuary.engine.errors import SetupError
from ossuary.hecatomb import base_pool, new_game
from ossuary.hecatomb.decks import parse_deck_text


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


# -- deck text ---------------------------------------------------------------------------
SNAP = "Snap"


def _deck_error(text: str) -> str:
    with pytest.raises(DeckError) as info:
        parse_deck_text(text, base_pool(), source="mine.txt")
    return str(info.value)


@pytest.mark.parametrize("count", ["²", "٣", "3²", "1" + "0" * 5000])
def test_a_count_in_other_digits_or_huge_is_a_deck_error(count: str) -> None:
    message = _deck_error(f"{count} {SNAP}\n")
    assert "mine.txt, line 1" in message
    assert len(message) < 500


def test_a_huge_count_is_refused_before_any_list_is_built() -> None:
    start = time.perf_counter()
    message = _deck_error(f"100000000 {SNAP}\n{10**30} {SNAP}\n")
    assert time.perf_counter() - start < 1.0
    assert "line 1: a count of 100000000" in message and "line 2" in message


def test_zero_and_negative_counts_say_so() -> None:
    message = _deck_error(f"-3 {SNAP}\n0 {SNAP}\n")
    assert "line 1: a count must be 1 or more, got -3" in message
    assert "line 2: a count must be 1 or more, got 0" in message


def test_a_tab_after_the_count_is_whitespace() -> None:
    assert parse_deck_text(f"3\t{SNAP}\n2x\t {SNAP}", base_pool()).main == [SNAP] * 5


def test_a_byte_order_mark_is_not_part_of_the_first_name() -> None:
    assert parse_deck_text(f"\ufeff3 {SNAP}\n", base_pool()).main == [SNAP] * 3


def test_a_huge_deck_file_is_refused_quickly_with_a_short_message() -> None:
    text = "".join(f"{i} Nonesuch Card Number {i}\n" for i in range(400_000))  # ~10 MB
    start = time.perf_counter()
    with pytest.raises(DeckError) as info:
        parse_deck_text(text, base_pool(), source="big.txt")
    assert time.perf_counter() - start < 2.0
    assert len(str(info.value)) < 5000


def test_many_unknown_names_are_reported_briefly() -> None:
    text = "".join(f"1 Nonesuch Card Number {i}\n" for i in range(500))
    start = time.perf_counter()
    message = _deck_error(text)
    assert time.perf_counter() - start < 2.0
    assert "line 1: unknown card" in message and "more problems" in message
    assert len(message) < 5000


def test_card_names_in_a_list_are_checked_briefly_too() -> None:
    start = time.perf_counter()
    with pytest.raises(DeckError) as info:
        new_game(decks=[["x" * 10_000] * 100_000, "Rot and Ruin"])
    assert time.perf_counter() - start < 2.0
    assert len(str(info.value)) < 5000
