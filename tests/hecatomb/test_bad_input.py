"""Bad input gets the project's own error, names the problem, and changes nothing
(issue 8 §3): actions, game setup, deck text, card files, scenarios, saved states."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ossuary.engine import CardFileError, DeckError, IllegalAction, OssuaryError, ScenarioError
from ossuary.engine.contract import bounded_memory
from ossuary.engine.errors import SetupError, StateError
from ossuary.engine.rng import Rng
from ossuary.hecatomb import (
    CardDef,
    HecatombState,
    base_pool,
    deserialize,
    load_card_file,
    load_scenario,
    new_game,
)
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
        ({"decks": [3, 4]}, "Player 1's deck"),
        ({"decks": [["Snap"] * 40, None]}, "Player 2's deck"),
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
    with bounded_memory():
        message = _deck_error(f"100000000 {SNAP}\n{10**30} {SNAP}\n")
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
    with bounded_memory(), pytest.raises(DeckError) as info:
        parse_deck_text(text, base_pool(), source="big.txt")
    assert len(str(info.value)) < 5000


def test_many_unknown_names_are_reported_briefly() -> None:
    text = "".join(f"1 Nonesuch Card Number {i}\n" for i in range(500))
    with bounded_memory():
        message = _deck_error(text)
    assert "line 1: unknown card" in message and "more problems" in message
    assert len(message) < 5000


def test_card_names_in_a_list_are_checked_briefly_too() -> None:
    with bounded_memory(), pytest.raises(DeckError) as info:
        new_game(decks=[["x" * 10_000] * 100_000, "Rot and Ruin"])
    assert len(str(info.value)) < 5000


# -- card files --------------------------------------------------------------------------
GRUB = {"name": '"Grub"', "type": '"minion"', "doom": '"greed"', "cost": "1", "strength": "1"}


def grub(extra: str = "", **fields: str) -> str:
    """A [[card]] table for Grub in TOML, with some fields' TOML values replaced."""
    lines = [f"{k} = {v}" for k, v in {**GRUB, **fields}.items()]
    return "[[card]]\n" + "\n".join(lines) + "\n" + extra


def _card_file_error(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    with bounded_memory(), pytest.raises(CardFileError) as info:
        load_card_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") or message.startswith("can't read the card file"), (
        message
    )
    assert len(message) < 3000
    return message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("card = [1]", "card 1"),
        ('card = ["x"]', "card 1"),
        ("card = 3", "[[card]] tables"),
        ('card = [{ name = "A" }, 2]', "card 2"),
        (grub(cost='"X+²"'), "cost"),
        (grub(cost="9" * 5000), "number too large"),
        (grub(cost="99999999999999"), "cost"),
        (grub("abilities = " + "[" * 5000 + "]" * 5000), "nested"),
        ("[[card]]\n" + ".".join(f"k{i}" for i in range(50_000)) + " = 1", "dotted key"),
        (grub(cost="true"), "cost"),
        (grub(strength='"4"'), "strength"),
        (grub(strength="1.0"), "strength"),
        (grub(strength="-1"), "strength"),
        (grub("keywords = { rager = -2 }"), "rager"),
        (grub("keywords = { survivor = true }"), "survivor"),
        (grub(name='"Gr\\u0000ub"'), "name"),
        (grub(name='"Grub\\u001b[2J"'), "name"),
        (grub(name='"Grub\\u202e"'), "name"),
        (grub('text = "a\\u001b]0;pwned\\u0007"'), "text"),
        (grub('flavor = "\\u009b31m"'), "flavor"),
        (grub(name='" "'), "name"),
        (grub("[[cards]]\nname = 1"), "cards"),
    ],
)
def test_bad_card_files_are_card_file_errors(tmp_path: Path, text: str, words: str) -> None:
    assert words in _card_file_error(tmp_path, text)


@pytest.mark.parametrize(
    "effect",
    [
        {"verb": "souls", "amount": -30, "mode": "lose", "who": "target"},
        {"verb": "damage", "amount": -3},
        {"verb": "draw", "amount": -1},
        {"verb": "discard", "amount": -1},
        {"verb": "mana", "amount": -2},
        {"verb": "exhume", "amount": -1},
        {"verb": "look", "amount": -1},
        {"verb": "souls", "amount": 10**12},
        {"verb": "souls", "amount": True},
        {"verb": "grant", "keyword": "rager", "value": -5},
        {"verb": "grant", "keyword": "rager", "value": "deceit"},
        {"verb": "grant", "keyword": "evader", "value": 3},
    ],
)
def test_negative_or_absurd_amounts_are_refused(effect: dict[str, Any]) -> None:
    card = {"name": "Hm", "type": "fate", "doom": "greed", "cost": 1,
            "abilities": [{"trigger": "play", "target": {"kind": "player"},
                           "effects": [effect]}]}  # fmt: skip
    with pytest.raises(CardFileError) as info:
        CardDef.from_dict(card, "my.toml")
    assert "abilities.0.effects.0" in str(info.value)


def test_a_negative_strength_change_is_still_a_card() -> None:
    # Glossary "strength +/-X": strength changes go both ways.
    card = {"name": "Hm", "type": "fate", "doom": "greed", "cost": 1,
            "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                           "effects": [{"verb": "strength", "amount": -2}]}]}  # fmt: skip
    assert CardDef.from_dict(card).abilities[0].effects[0].get("amount") == -2


def test_card_dicts_that_are_not_tables_are_card_file_errors() -> None:
    for raw in (1, "x", [1], None):
        with pytest.raises(CardFileError):
            CardDef.from_dict(raw, "my.toml")  # type: ignore[arg-type]


# -- scenarios -------------------------------------------------------------------------------
def _scenario_error(text: str) -> str:
    with bounded_memory(), pytest.raises(ScenarioError) as info:
        load_scenario(text)
    message = str(info.value)
    assert message.startswith("scenario: "), message
    assert len(message) < 3000
    return message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[game]\nseats = "two"', "seats"),
        ('[game]\nactive = "0"', "active"),
        ("[game]\nseed = 1.5", "seed"),
        ("[game]\nseed = 1979-05-27", "seed"),
        ('[[seat]]\nsouls = "7"', "seat 0"),
        ("[[seat]]\nsouls = 7.5", "souls"),
        ("[[seat]]\nhand = 3", "hand"),
        ("[[seat]]\nhand = [3]", "hand"),
        ('[[seat]]\nhand = "Snap"', "hand"),
        ("[[seat]]\nabominations = [3]", "abominations"),
        ('[[seat]]\nabominations = ["Snap"]', "abominations"),
        ("[[seat]]\nabominations = [[]]", "abominations"),
        ("game = 3", "game"),
        ("seat = 3", "seat"),
        ("seat = [1, 2]", "seat"),
        ("[[seat]]\npool = 3", "pool"),
        ("[[seat]]\nsouls = 1" + "0" * 40, "number too large"),
        ("[[seat]]\nsouls = 100000000000000000000", "souls"),
        ("[game]\nturn_number = 99999999999999999999", "turn_number"),
        ("[[seat]]\nhand = " + "[" * 5000 + "]" * 5000, "nested"),
        ("[[seat]]\n" + ".".join(f"k{i}" for i in range(50_000)) + " = 1", "dotted key"),
        ('[[seat]]\nabominations = [{ minions = ["Snap"], colour = "red" }]', "colour"),
        ('[[seat]]\nabominations = [{ minions = ["Snap"], tapped = "false" }]', "tapped"),
        ('[[seat]]\nmana_added = "no"', "mana_added"),
        ("[[seat]]\npool = { purple = 2 }", "purple"),
        ("[[seat]]\npool = { greed = -1 }", "greed"),
        ('[[seat]]\npool = { greed = "1" }', "greed"),
        ("[game]\nseats = 2.9", "seats"),
        ("[game]\nseats = 7", "seats"),
        ("[game]\nfirst = 9", "first"),
        ("[game]\nactive = -1", "active"),
        ("[game]\nturn_number = -5", "turn_number"),
        ("[[seat]]\nsouls = -1", "souls"),
        ("[[seat]]\n[[seat]]\n[[seat]]\n[game]\nseats = 2", "seat"),
        ("[games]\nseats = 2", "games"),
        ("[[seat]]\ngod = 3", "god"),
        ('[[seat]]\nhand = ["Snap\\u001b[2J"]', "unknown card"),
        ("[[seat]]\nsouls = 25\n[[seat]]\nsouls = 20", "20 or more"),
        ('[[card]]\nname = "Snap"\ntype = "fate"\ndoom = "greed"', "Snap"),
        ("card = [1]", "card"),
    ],
)
def test_malformed_scenarios_are_scenario_errors(text: str, words: str) -> None:
    assert words in _scenario_error(text)


def test_an_unknown_field_in_an_abomination_names_it() -> None:
    message = _scenario_error('[[seat]]\nabominations = [{ minions = ["Snap"], tapped = 1 }]')
    assert "seat 0" in message and "abominations.0.tapped" in message


def test_a_player_with_twenty_souls_has_won() -> None:
    # Glossary "souls": 20 or more and you win, at once; a position where one seat
    # already has them is a finished game, with that seat the winner.
    s = load_scenario("[[seat]]\n[[seat]]\nsouls = 25")
    assert s.winner == 1
    assert s.is_terminal() and s.decision() is None
    assert s.returns() == [-1.0, 1.0]
    assert any(e["e"] == "win" for e in s.log)


def test_a_scenario_card_may_add_but_not_replace_a_card() -> None:
    s = load_scenario(
        '[[seat]]\nhand = ["Test Ogre"]\n[[card]]\nname = "Test Ogre"\ntype = "minion"\n'
        'doom = "destruction"\ncost = 1\nstrength = 4\nsubtype = "beast"\n'
    )
    assert s.defs[s.seats[0].hand[0]].name == "Test Ogre"


# -- saved states ----------------------------------------------------------------------------
def _state_in_an_attack() -> HecatombState:
    """A 2-seat game in progress with cards in every kind of zone and an attack on."""
    for seed in range(200):
        s = new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            pending = s.decision()
            assert pending is not None
            if (
                pending.kind == "block"
                and all(seat.graveyard and seat.mana for seat in s.seats)
                and s.seats[pending.player].hand
            ):
                return s
            s.apply_action(rng.choice(s.legal_action_ids()))
    raise AssertionError("no game reached a block with full zones")


ATTACK = _state_in_an_attack()


def _tampered(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(ATTACK.serialize())
    change(data)
    return json.dumps(data)


def _first_card(zone: str, seat: int = 0) -> Callable[[dict[str, Any]], int]:
    return lambda d: d["seats"][seat][zone][0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(ruleset="chess"), "not a hecatomb game"),
        (lambda d: d.update(version="999"), "version"),
        (lambda d: d.pop("seats"), "missing seats"),
        (lambda d: d.update(extra=1), "unknown extra"),
        (lambda d: d["seats"][1]["hand"].append(d["seats"][1]["deck"][0]), "one place"),
        (lambda d: d["seats"][0]["hand"].append(d["seats"][0]["deck"][0]), "one place"),
        (lambda d: d["seats"][0]["hand"].append(99_999), "out of range"),
        (lambda d: d["seats"][0]["deck"].pop(), "nowhere"),
        (lambda d: d["seats"][0]["deck"].append(d["seats"][1]["deck"].pop()), "belongs to"),
        (lambda d: d["seats"][0].update(souls=-3), "souls"),
        (lambda d: d["seats"][0].update(souls="7"), "souls"),
        (lambda d: d["seats"][0].update(souls=10**20), "souls"),
        (lambda d: d["seats"][0].update(mana_added=1), "mana_added"),
        (lambda d: d["seats"][0].update(pool=[0, 0, 0]), "pool"),
        (lambda d: d["seats"][0].update(god=d["seats"][0]["hand"][0]), "god"),
        (lambda d: d.update(n=3), "one deck per seat"),
        (lambda d: d.update(n=1), "n (seats)"),
        (lambda d: d.update(turn=5), "turn"),
        (lambda d: d.update(turn=True), "turn"),
        (lambda d: d["pending"].__setitem__(1, 7), "player"),
        (lambda d: d["pending"].__setitem__(0, "fly"), "unknown decision kind"),
        (lambda d: d["pending"].__setitem__(2, ["block 99 0"]), "doesn't fit"),
        (lambda d: d["pending"].__setitem__(2, ["block ² 0"]), "doesn't fit"),
        (lambda d: d["pending"].__setitem__(2, []), "at least one option"),
        (lambda d: d["pending"].__setitem__(2, ["done", "done"]), "twice"),
        (lambda d: d["pending"].__setitem__(0, "main"), "main phase"),
        (lambda d: d.update(pending=None), "no decision is pending"),
        (lambda d: d.update(winner=0), "the game is over"),
        (lambda d: d["stack"].append(["nonsense"]), "unknown step"),
        (lambda d: d["stack"].append(["window"]), "arguments"),
        (lambda d: d["stack"].append(["fate_done", 0]), "limbo"),
        (lambda d: d["stack"].append(["shuffle", 9]), "out of range"),
        (lambda d: d["stack"].append(["ability", 0, 0, "a", 99, None, 0, False]), "out of range"),
        (lambda d: d["aboms"][0].update(cards=[]), "one to five"),
        (lambda d: d["aboms"][0].update(owner=1 - d["aboms"][0]["owner"]), "seat"),
        (lambda d: d["aboms"][0].update(tapped="false"), "tapped"),
        (lambda d: d["aboms"].append(d["aboms"][0]), "two abominations"),
        (lambda d: d["combat"].update(defender=d["combat"]["aggressor"]), "combat"),
        (lambda d: d["combat"].update(attackers=[99]), "combat attackers"),
        (lambda d: d["known"].__setitem__(0, 1 << 10), "known"),
        (lambda d: d["known"].pop(), "known"),
        (lambda d: d.update(rng=-1), "rng"),
        (lambda d: d.update(rng=2**64), "rng"),
        (lambda d: d["instances"][0].__setitem__(0, "Nope"), "instances 0"),
        (lambda d: d["cards"][0].update(cost=-1), "cards 0"),
        (lambda d: d["cards"][0].update(name="\x1b[2J"), "cards 0"),
        (lambda d: d["log"].append({"e": "x", "card": "\x1b[2J"}), "unprintable"),
        (lambda d: d["log"].append({"e": "x", "card": {"a": 1}}), "log"),
        (lambda d: d["log"].append(3), "log"),
        (lambda d: d["tapped"].append(d["seats"][0]["hand"][0]), "tapped"),
        (lambda d: d["eot"].append(["explode", 0]), "eot"),
        (lambda d: d["trig"].append([0, 0, "a", 99, None]), "trig"),
        (lambda d: d.update(history="end"), "history"),
        (lambda d: d.update(seed=2**70), "seed"),
    ],
)
def test_tampered_saved_states_are_refused(
    change: Callable[[dict[str, Any]], object], words: str
) -> None:
    text = _tampered(change)
    with pytest.raises(StateError) as info:
        deserialize(text)
    message = str(info.value)
    assert message.startswith("saved game: ") and words in message, message
    assert len(message) < 1000


@pytest.mark.parametrize(
    "text",
    ["", "x", "null", "[]", "{}", "3", '"state"', "[" * 100_000, '{"n": ' + "9" * 5000 + "}",
     b"\xff\xfe", "{" + '"a": 1,' * 100_000 + '"a": 2}', None, 3],
)  # fmt: skip
def test_garbage_is_refused_as_a_state_error(text: Any) -> None:
    with bounded_memory(), pytest.raises(StateError):
        deserialize(text)


def test_a_saved_state_still_round_trips_and_plays_on() -> None:
    text = ATTACK.serialize()
    again = deserialize(text)
    assert again.serialize() == text
    for aid in again.legal_action_ids():
        again.clone().apply_action(aid)


def _effect_models() -> list[tuple[str, str]]:
    from typing import get_args

    from ossuary.hecatomb import schema

    union = get_args(get_args(schema.Effect)[0])
    return [
        (get_args(m.model_fields["verb"].annotation)[0], field.alias or name)
        for m in union
        for name, field in m.model_fields.items()
        if name != "verb"
    ]


@pytest.mark.parametrize(("verb", "arg"), _effect_models())
def test_a_null_effect_argument_is_unset_not_a_crash(verb: str, arg: str) -> None:
    # A saved state is JSON, where an optional argument can be null.
    card = {"name": "Hm", "type": "fate", "doom": "greed", "cost": 1,
            "abilities": [{"trigger": "play", "effects": [{"verb": verb, arg: None}]}]}  # fmt: skip
    with contextlib.suppress(CardFileError):
        CardDef.from_dict(card, "my.toml")
