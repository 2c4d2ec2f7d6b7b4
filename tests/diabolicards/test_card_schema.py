"""Card files are checked by a schema (docs/diabolicards-cards.md): a bad file is
refused with the file, the card, the field and what was expected; random input
never crashes the loader."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.diabolicards.cards import CardDef, deck, load_card_file
from ossuary.engine.errors import CardFileError

GOOD = {"name": "Grunt", "group": "The Gang", "type": "Human", "gender": "male", "power": 3,
        "origin": "ours"}  # fmt: skip


def with_ability(*effects: dict[str, Any], **extra: Any) -> dict[str, Any]:
    ability = {"name": "Thing", "category": extra.pop("category", ["kill"]),
               "effects": list(effects), **extra.pop("ability", {})}  # fmt: skip
    return {**GOOD, "text": "Thing: does it.", "ability": ability, **extra}


def refused(raw: Any) -> str:
    with pytest.raises(CardFileError) as info:
        CardDef.from_dict(raw, "my.toml")
    return str(info.value)


def test_every_card_round_trips_through_to_dict() -> None:
    for card in deck():
        again = CardDef.from_dict(card.to_dict())
        assert again.to_dict() == card.to_dict()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"group": "The Gnag"}, ["field 'group'", "'The Gang'"]),
        ({"type": "Robot"}, ["field 'type'", "'Human'"]),
        ({"gender": "x"}, ["field 'gender'", "'female'"]),
        ({"power": 11}, ["field 'power'", "10"]),
        ({"power": "high"}, ["field 'power'"]),
        ({"colour": "red"}, ["field 'colour'", "unknown field"]),
        ({"origin": "maybe"}, ["field 'origin'", "'released'"]),
        ({"text": "Text but no ability."}, ["no 'text'"]),
    ],
)
def test_bad_fields_name_the_file_card_field_and_expectation(
    change: dict[str, Any], words: list[str]
) -> None:
    message = refused({**GOOD, **change})
    assert message.startswith("my.toml: card 'Grunt': ")
    for w in words:
        assert w in message, message


def test_an_effect_takes_only_its_own_arguments() -> None:
    message = refused(with_ability({"verb": "kill", "side": "enemy", "up_to": 1, "amount": 2}))
    assert "field 'ability.effects.0.amount': unknown field" in message


def test_an_unknown_verb_lists_the_vocabulary() -> None:
    message = refused(with_ability({"verb": "zap"}))
    assert "unknown verb 'zap'" in message and "kill" in message and "set_power" in message


def test_an_out_of_range_argument_names_its_field() -> None:
    message = refused(with_ability({"verb": "kill", "side": "enemy", "up_to": 9}))
    assert "field 'ability.effects.0.up_to'" in message


def test_boost_and_hinder_only_set_power_to_8_or_0() -> None:
    # guide THE ABILITIES: a boost is to power 8, a hinder to power 0
    effect = {"verb": "set_power", "value": 5, "side": "yours", "up_to": 1}
    assert "field 'ability.effects.0.value'" in refused(with_ability(effect, category=["boost"]))


def test_the_category_must_match_the_effects() -> None:
    message = refused(
        with_ability({"verb": "kill", "side": "enemy", "up_to": 1}, category=["boost"])
    )
    assert "does not match the effects" in message and "kill" in message


def test_runaway_is_both_cheat_death_and_movement() -> None:
    effect = {"verb": "escape", "how": "run"}
    assert CardDef.from_dict(with_ability(effect, category=["cheat_death", "movement"]))
    assert "does not match" in refused(with_ability(effect, category=["cheat_death"]))


def test_why_even_and_doomed_squad_abilities_are_uncategorized() -> None:
    # guide THE ABILITIES: these two groups bend categorization (the ? symbol)
    effect = {"verb": "kill", "side": "enemy", "up_to": 1}
    raw = with_ability(effect, group="Doomed Squad")
    assert "category must be" in refused(raw)
    assert CardDef.from_dict({**raw, "ability": {**raw["ability"], "category": ["uncategorized"]}})
    assert "only Why Even and Doomed Squad" in refused(
        with_ability(effect, category=["uncategorized"])
    )


def test_choose_one_needs_two_effects_and_one_time_effects() -> None:
    one = with_ability({"verb": "nothing"}, category=["kill"], ability={"choose_one": True})
    assert "at least two effects" in refused(one)


def test_one_time_and_lasting_effects_do_not_mix() -> None:
    raw = with_ability(
        {"verb": "kill", "side": "enemy", "up_to": 1},
        {"verb": "escape", "how": "dodge"},
        category=["kill", "cheat_death"],
    )
    assert "don't mix" in refused(raw)


def test_an_ability_needs_our_text() -> None:
    raw = with_ability({"verb": "kill", "side": "enemy", "up_to": 1})
    del raw["text"]
    assert "needs its 'text'" in refused(raw)


def test_a_card_that_is_not_a_table_is_refused() -> None:
    assert "expected a table" in refused(["not", "a", "card"])


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[card]\nname = 1", "utf-8")
    with pytest.raises(CardFileError, match=r"bad\.toml: not valid TOML"):
        load_card_file(path)


def test_a_file_error_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[card]]\nname = "Grunt"\ngroup = "The Gang"\n', "utf-8")
    with pytest.raises(CardFileError, match=r"mine.toml: card 'Grunt': .*type"):
        load_card_file(path)


def test_duplicate_names_in_a_file_are_refused(tmp_path: Path) -> None:
    card = '[[card]]\nname = "G"\ngroup = "The Gang"\ntype = "Human"\ngender = "male"\n'
    card += 'power = 1\norigin = "ours"\n'
    path = tmp_path / "twice.toml"
    path.write_text(card + card, "utf-8")
    with pytest.raises(CardFileError, match="two cards are named 'G'"):
        load_card_file(path)


def test_a_missing_card_file_is_a_card_file_error(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="can't read the card file"):
        load_card_file(tmp_path / "nope.toml")


# -- random input (hypothesis) -----------------------------------------------------
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-20, 20), st.text(max_size=12),
    st.sampled_from(["The Gang", "Human", "Apex", "male", "kill", "enemy", "yours", "ours"]),
)  # fmt: skip
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["verb", "side", "up_to", "name", "category", "effects", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)
_fields = st.sampled_from(
    ["name", "group", "type", "gender", "power", "origin", "text", "ability", "note", "zzz"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_fields, _values, max_size=8))
def test_random_card_tables_are_refused_cleanly_or_built(raw: dict[str, Any]) -> None:
    try:
        card = CardDef.from_dict(raw, "fuzz.toml")
    except CardFileError as exc:
        assert str(exc).startswith("fuzz.toml: ")
    else:
        assert CardDef.from_dict(card.to_dict()).to_dict() == card.to_dict()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_random_card_file_text_is_refused_cleanly(text: str) -> None:
    try:
        load_card_file("fuzz.toml", text)
    except CardFileError as exc:
        assert "fuzz.toml" in str(exc)
