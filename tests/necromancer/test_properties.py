"""Every loader refuses bad input with the project's own error, in bounded
time, and never crashes: deck text, card files, scenarios, saved games; and
apply_action refuses garbage leaving the state unchanged (property tests)."""

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.engine import CardFileError, DeckError, IllegalAction, OssuaryError, Rng, ScenarioError
from ossuary.necromancer import base_pool, deserialize, new_game, parse_deck_text
from ossuary.necromancer.cards import load_card_file
from ossuary.necromancer.scenario import load_scenario

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted({c.name for c in base_pool().cards.values()})


def mid_game(seed: int = 3, steps: int = 60) -> Any:
    s = new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_action_ids()))
    return s


STATE = mid_game()
TEXT = STATE.serialize()
SCENARIO = """
[game]
active = 0

[[seat]]
hero = "Lord Osric of the Marrow"
hand = ["Grave Bolt", "Cave Lurker"]
deck = ["Mist Wraith"]
minions = [{ card = "Skullpike Sergeant", space = 2, damage = 1 }]
magic = [{ card = "Bone Fields", slot = 1 }]

[[seat]]
hero = "Sister Nyx, Veilkeeper"
deck = ["Mist Wraith"]
minions = [{ card = "Mist Wraith", space = 1, invisible = true }]
"""
CARD = """
[[card]]
name = "Test Bolt"
type = "spell"
cost = 2
abilities = [
  { trigger = "play", target = { kind = "minion" }, effects = [{ verb = "damage", amount = 3 }] },
]
"""


def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    for pos, cut, insert in edits:
        pos %= len(text) + 1
        text = text[:pos] + insert + text[pos + cut :]
    return text


EDITS = st.lists(
    st.tuples(st.integers(0, 10_000), st.integers(0, 6), st.text(max_size=6)), max_size=4
)


@SETTINGS
@given(st.lists(st.tuples(st.one_of(st.sampled_from(NAMES), st.text(max_size=20)),
                          st.integers(-3, 120)), max_size=12))  # fmt: skip
def test_deck_text_never_crashes(entries: list[tuple[str, int]]) -> None:
    lines = [f"{c} {n}" if i % 3 else n for i, (n, c) in enumerate(entries)]
    try:
        cards = parse_deck_text("\n".join(["Hero: Lord Osric of the Marrow", *lines]))
    except DeckError:
        return
    assert all(c in base_pool() for c in cards)


@SETTINGS
@given(EDITS)
def test_card_files_never_crash(edits: list[tuple[int, int, str]]) -> None:
    with contextlib.suppress(CardFileError):
        load_card_file("fuzz.toml", mutate(CARD, edits))


@SETTINGS
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "name",
                "type",
                "cost",
                "attack",
                "defense",
                "rarity",
                "minion_type",
                "keywords",
                "abilities",
                "rounds",
                "x",
            ]
        ),
        st.one_of(
            st.integers(-5, 50),
            st.text(max_size=8),
            st.booleans(),
            st.lists(st.integers(), max_size=3),
            st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
        ),
    )
)
def test_card_tables_never_crash(raw: dict[str, Any]) -> None:  # fmt: skip
    from ossuary.necromancer.cards import CardDef

    with contextlib.suppress(CardFileError):
        CardDef.from_dict(raw, "fuzz")


@SETTINGS
@given(EDITS)
def test_scenarios_never_crash(edits: list[tuple[int, int, str]]) -> None:
    try:
        s = load_scenario(mutate(SCENARIO, edits))
    except ScenarioError:
        return
    assert s.decision() is not None or s.is_terminal()


@SETTINGS
@given(st.text(max_size=200))
def test_deserialize_refuses_random_text(text: str) -> None:
    with contextlib.suppress(OssuaryError):
        deserialize(text)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*path, i)))
    return out


DATA = json.loads(TEXT)
PATHS = [p for p in _paths(DATA) if p and p[0] != "log"]


@SETTINGS
@given(st.sampled_from(PATHS),
       st.one_of(st.integers(-3, 200), st.text(max_size=5), st.none(), st.booleans(),
                 st.lists(st.integers(0, 90), max_size=3)))  # fmt: skip
def test_deserialize_refuses_tampered_saves_or_gives_a_playable_state(
    path: tuple[Any, ...], value: Any
) -> None:
    data = json.loads(TEXT)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    try:
        s = deserialize(json.dumps(data))
    except OssuaryError:
        return
    for aid in s.legal_action_ids()[:5]:  # a state that loads can be played on
        s.clone().apply_action(aid)


@SETTINGS
@given(
    st.one_of(
        st.text(max_size=20),
        st.sampled_from(["play 9999", "attack -1", "end x", "sacrifice 0", "h9", "pass", ""]),
    )
)
def test_apply_action_refuses_garbage_and_changes_nothing(aid: str) -> None:  # fmt: skip
    s = STATE.clone()
    before = s.serialize()
    if aid in s.legal_action_ids():
        return
    with pytest.raises(IllegalAction):
        s.apply_action(aid)
    assert s.serialize() == before


WRONG = [None, -1, "x", [], True]


def _shape(path: tuple[Any, ...]) -> tuple[Any, ...]:
    """The path with its list positions left out: the fields one loop of the
    loader reads (every card's cost, every instance's owner)."""
    return tuple("*" if isinstance(key, int) else key for key in path)


def _tampered(value_index: int) -> list[tuple[Any, ...]]:
    """The paths to tamper with ``WRONG[value_index]``: every field of each
    shape at the ends of its lists (the first and the last path of the shape),
    and every fifth field of all, in turn; so every field gets one wrong value,
    and every kind of field every wrong value, at a third of the loads."""
    first: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    last: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for path in PATHS:
        first.setdefault(_shape(path), path)
        last[_shape(path)] = path
    ends = {*first.values(), *last.values()}
    return [p for i, p in enumerate(PATHS) if p in ends or i % len(WRONG) == value_index]


@pytest.mark.parametrize("value_index", range(len(WRONG)), ids=[repr(v) for v in WRONG])
def test_every_field_of_a_save_tampered_one_way_is_refused_or_playable(value_index: int) -> None:
    """The property test above samples paths; this walks every one of them, so
    a loader gap can't hide behind the sampling (a null effect filter once
    crashed deserialize with AttributeError). A field and its like in the same
    list (the 82 instances' owners, the 60 actions of the history) go through
    the same check of the loader: each field gets one of the wrong values, and
    the first and last field of each kind gets every one."""
    value = WRONG[value_index]
    for path in _tampered(value_index):
        data = json.loads(TEXT)
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        try:
            s = deserialize(json.dumps(data))
        except OssuaryError:
            continue
        for aid in s.legal_action_ids()[:2]:
            s.clone().apply_action(aid)


def test_the_tampering_walk_reaches_every_field_and_every_kind_with_every_value() -> None:
    walked = [set(_tampered(i)) for i in range(len(WRONG))]
    assert set().union(*walked) == set(PATHS)
    for i in range(len(WRONG)):
        assert {_shape(p) for p in walked[i]} == {_shape(p) for p in PATHS}
