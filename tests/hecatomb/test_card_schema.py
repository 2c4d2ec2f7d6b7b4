"""Card files are checked by a schema: a bad file is refused with the file, the
card, the field and what was expected (issue: card language; docs/cards.md)."""

from pathlib import Path
from typing import Any

import pytest

from ossuary.engine.errors import CardFileError
from ossuary.hecatomb.cards import CardDef, base_pool, load_card_file

GOOD = {"name": "Grub", "type": "minion", "doom": "greed", "cost": 1, "strength": 1,
        "subtype": "undead"}  # fmt: skip


def fate(*effects: dict[str, Any], **extra: Any) -> dict[str, Any]:
    ability = {"trigger": "play", "effects": list(effects)}
    return {"name": "Hm", "type": "fate", "doom": "greed", "cost": 1, "abilities": [ability],
            **extra}  # fmt: skip


def refused(raw: dict[str, Any]) -> str:
    with pytest.raises(CardFileError) as info:
        CardDef.from_dict(raw, "my.toml")
    return str(info.value)


def test_a_good_card_round_trips_through_to_dict() -> None:
    for card in base_pool().cards.values():
        again = CardDef.from_dict(card.to_dict())
        assert again.to_dict() == card.to_dict()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"doom": "gred"}, ["field 'doom'", "'greed'"]),
        ({"type": "spell"}, ["field 'type'", "'minion'"]),
        ({"cost": "Y+1"}, ["field 'cost'", "'X+N'"]),
        ({"colour": "red"}, ["field 'colour'", "unknown field"]),
        ({"keywords": {"rager": True}}, ["field 'keywords'", "takes a number"]),
        ({"keywords": {"flying": True}}, ["unknown keyword 'flying'"]),
        ({"keywords": {"evader": ["purple"]}}, ["takes dooms"]),
        ({"subtype": "curse"}, ["fate subtype"]),
        ({"rarity": "mythic"}, ["field 'rarity'"]),
        ({"strength": None}, ["needs a whole-number 'strength'"]),
        ({"attack_cost": {"souls": 1}}, ["only relics and gods"]),
    ],
)
def test_bad_fields_name_the_file_card_field_and_expectation(
    change: dict[str, Any], words: list[str]
) -> None:
    raw = {**GOOD, **change}
    if change.get("strength", 0) is None:
        del raw["strength"]
    message = refused(raw)
    assert message.startswith("my.toml: card 'Grub': ")
    for w in words:
        assert w in message, message


def test_an_effect_takes_only_its_own_arguments() -> None:
    message = refused(fate({"verb": "draw", "keyword": "x"}))
    assert "field 'abilities.0.effects.0.keyword': unknown field" in message


def test_an_unknown_verb_lists_the_vocabulary() -> None:
    message = refused(fate({"verb": "zap"}))
    assert "unknown verb 'zap'" in message and "damage" in message and "retrieve" in message


def test_an_unregistered_python_effect_is_refused() -> None:
    assert "no Python effect named 'nope'" in refused(fate({"verb": "custom", "name": "nope"}))


def test_a_tap_ability_needs_its_number() -> None:
    raw = {**GOOD, "abilities": [{"trigger": "tap", "effects": [{"verb": "draw"}]}]}
    assert "tap ability needs 'tap'" in refused(raw)


def test_a_static_scope_cannot_depend_on_strength() -> None:
    scope = {"kind": "abomination", "strength_max": 2}
    raw = {"name": "Idol", "type": "relic", "doom": "greed", "cost": 1,
           "statics": [{"scope": scope, "strength": 1}]}  # fmt: skip
    assert "can't depend on strength" in refused(raw)


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[card]\nname = 1", "utf-8")
    with pytest.raises(CardFileError, match=r"bad\.toml: not valid TOML"):
        load_card_file(path)


def test_a_file_error_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[card]]\nname = "Grub"\ntype = "minion"\ndoom = "greed"\n', "utf-8")
    with pytest.raises(CardFileError, match=r"mine.toml: card 'Grub': .*strength"):
        load_card_file(path)


def test_duplicate_names_in_a_file_are_refused(tmp_path: Path) -> None:
    card = '[[card]]\nname = "Grub"\ntype = "fate"\ndoom = "greed"\n'
    path = tmp_path / "twice.toml"
    path.write_text(card + card, "utf-8")
    with pytest.raises(CardFileError, match="two cards are named 'Grub'"):
        load_card_file(path)


def test_a_missing_card_file_is_a_card_file_error(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="can't read the card file"):
        load_card_file(tmp_path / "nope.toml")


def test_this_is_a_scope_for_minions_not_a_target() -> None:
    this = {"kind": "this"}
    as_target = {**GOOD, "abilities": [{"trigger": "attacks", "target": this,
                                         "effects": [{"verb": "untap"}]}]}  # fmt: skip
    assert "'this' is not a target" in refused(as_target)
    assert "only a minion's effects" in refused(fate({"verb": "untap", "scope": this}))
