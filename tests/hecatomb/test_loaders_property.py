"""Every loader, fed random input (issue 8 §3): random bytes and text, random
structures (deep nesting, huge numbers, wrong types, Unicode) written as JSON or
TOML, and real inputs with one part replaced. Only the project's own errors
(OssuaryError subclasses) may come out, within the hypothesis deadline; a failed
action changes nothing, and a state that loads plays on without crashing."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.engine import IllegalAction, OssuaryError, Replay
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
from ossuary.hecatomb.schema import TRIGGER_NAMES, VERB_NAMES

LOADERS = settings(
    max_examples=60,
    deadline=2000,  # milliseconds per example: bounded time
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- random input -----------------------------------------------------------------------
HUGE = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([2**63, -(2**63), 2**64, 10**30, -1, 0, 1, 7, 99, 100]),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    HUGE,
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["²", "٣", "X+²", "\x00", "\x1b[2J", "\u202e", "Snap", "greed", "minion"]),
)
# Field names the loaders know, so random structures get past the first check.
KEYS = st.one_of(
    st.sampled_from([
        "name", "type", "doom", "cost", "strength", "subtype", "keywords", "abilities",
        "effects", "verb", "amount", "target", "kind", "trigger", "card", "game", "seat",
        "seats", "active", "first", "souls", "hand", "deck", "mana", "pool", "abominations",
        "minions", "tapped", "turn_number", "step", "seed", "god", "relics", "actions",
        "decks", "ruleset", "version", "greed", "scope", "filter", "who", "mode", "keyword",
        "value", "from", "up_to", "optional", "tap", "statics", "conditional", "follower",
    ]),
    st.text(max_size=12),
)  # fmt: skip


def structures(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=6),
        max_leaves=max_leaves,
    )


def deep(opening: str, closing: str) -> st.SearchStrategy[str]:
    return st.integers(1, 3000).map(lambda n: opening * n + closing * n)


def toml_value(value: Any) -> str:
    """A TOML value (inline) for a JSON-like value; None has no TOML form."""
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


def toml_document(value: Any) -> str:
    if not isinstance(value, dict):
        return f"x = {toml_value(value)}"
    return "\n".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items())


TEXT = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: b.decode("utf-8", "replace")),
    deep("[", "]"),
    deep("{", "}"),
    deep("a = [", "]"),
    st.integers(1, 6000).map(lambda n: "x = " + "9" * n),
    st.integers(1, 6000).map(lambda n: ".".join(["k"] * n) + " = 1"),
)
JSON_TEXT = st.one_of(TEXT, structures().map(json.dumps))
TOML_TEXT = st.one_of(TEXT, structures().map(toml_document))


def only_our_errors(load: Callable[[Any], object], value: Any) -> None:
    with contextlib.suppress(OssuaryError):
        load(value)


# -- the loaders ------------------------------------------------------------------------
@LOADERS
@given(text=st.one_of(TEXT, st.lists(st.tuples(HUGE, SCALARS)).map(
    lambda lines: "\n".join(f"{n} {name}" for n, name in lines))))  # fmt: skip
def test_deck_text(text: str) -> None:
    only_our_errors(lambda t: parse_deck_text(t, base_pool(), "deck.txt"), text)


@LOADERS
@given(text=st.one_of(TOML_TEXT, st.lists(structures(), max_size=3).map(
    lambda cards: "\n".join("[[card]]\n" + toml_document(c) if isinstance(c, dict)
                            else f"card = [{toml_value(c)}]" for c in cards))))  # fmt: skip
def test_card_file(text: str) -> None:
    only_our_errors(lambda t: load_card_file("cards.toml", t), text)


GRUB = {"name": "Grub", "type": "minion", "doom": "greed", "cost": 1, "strength": 1}


@LOADERS
@given(key=KEYS, value=structures(10))
def test_card_dicts(key: str, value: Any) -> None:
    only_our_errors(lambda raw: CardDef.from_dict(raw, "cards.toml"), {**GRUB, key: value})


@LOADERS
@given(
    verb=st.sampled_from(VERB_NAMES),
    trigger=st.sampled_from(TRIGGER_NAMES),
    key=KEYS,
    value=structures(8),
)
def test_card_abilities(verb: str, trigger: str, key: str, value: Any) -> None:
    # nested fields too: an effect's arguments, a target, a scope (null included)
    ability = {"trigger": trigger, "tap": 1, "effects": [{"verb": verb, key: value}]}
    card = {**GRUB, "abilities": [ability]}
    only_our_errors(lambda raw: CardDef.from_dict(raw, "cards.toml"), card)
    card = {**GRUB, "abilities": [{"trigger": trigger, "effects": [{"verb": verb}], key: value}]}
    only_our_errors(lambda raw: CardDef.from_dict(raw, "cards.toml"), card)


@LOADERS
@given(text=st.one_of(TOML_TEXT, st.lists(st.tuples(st.sampled_from(["game", "seat"]),
                                                    structures()), max_size=3).map(
    lambda tables: "\n".join(f"[[{t}]]\n" if t == "seat" else f"[{t}]\n" for t, _ in tables)
    + "\n".join(toml_document(v) for _, v in tables[-1:]))))  # fmt: skip
def test_scenario(text: str) -> None:
    only_our_errors(load_scenario, text)


@LOADERS
@given(field=KEYS, value=structures(10))
def test_scenario_fields(field: str, value: Any) -> None:
    seat = f"[[seat]]\n{json.dumps(field)} = {toml_value(value)}\n"
    game = f"[game]\n{json.dumps(field)} = {toml_value(value)}\n"
    only_our_errors(load_scenario, seat)
    only_our_errors(load_scenario, game)


REPLAY = json.loads(Replay.of(new_game(seed=4)).to_json())


@LOADERS
@given(text=JSON_TEXT, field=st.sampled_from(sorted(REPLAY)), value=structures(10))
def test_replay(text: str, field: str, value: Any) -> None:
    only_our_errors(lambda t: Replay.from_json(t, "r.json").final(), text)
    changed = json.dumps({**REPLAY, field: value})
    only_our_errors(lambda t: Replay.from_json(t, "r.json").final(), changed)


# -- saved states ------------------------------------------------------------------------
def _states() -> list[str]:
    """Saved states from a few games, at several kinds of decision."""
    out = []
    for seed in range(3):
        s = new_game(seed=seed, seats=2 + seed)
        rng = Rng(seed)
        for k in range(300):
            if s.is_terminal():
                break
            if k % 37 == 0:
                out.append(s.serialize())
            s.apply_action(rng.choice(s.legal_action_ids()))
    return out


STATES = _states()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*path, i)))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    out = list(value)
    out[head] = _replace(value[head], rest, new)
    return out


def _plays_on(s: HecatombState) -> None:
    """A state that loaded can be viewed and every option applied: only our errors."""
    for seat in range(s.n):
        s.view(seat)
    for aid in s.legal_action_ids():
        t = s.clone()
        t.apply_action(aid)
        rng = Rng(len(aid))
        for _ in range(30):  # and play on a little
            if t.is_terminal():
                break
            t.apply_action(rng.choice(t.legal_action_ids()))


@LOADERS
@given(text=JSON_TEXT)
def test_deserialize_garbage(text: str) -> None:
    only_our_errors(deserialize, text)


@settings(LOADERS, max_examples=150)
@given(data=st.data())
def test_deserialize_tampered(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(STATES))
    state = json.loads(text)
    paths = _paths(state)
    path = data.draw(st.sampled_from(paths))
    if data.draw(st.booleans()):  # a value replaced
        new = data.draw(st.one_of(structures(6), HUGE, st.integers(-3, 200)))
    else:  # a list with an item dropped or repeated
        lists = [p for p in paths if isinstance(_get(state, p), list) and _get(state, p)]
        path = data.draw(st.sampled_from(lists))
        items = list(_get(state, path))
        i = data.draw(st.integers(0, len(items) - 1))
        if data.draw(st.booleans()):
            del items[i]
        else:
            items.insert(data.draw(st.integers(0, len(items))), items[i])
        new = items
    try:
        s = deserialize(json.dumps(_replace(state, path, new)))
    except OssuaryError:
        return
    _plays_on(s)


# -- apply_action --------------------------------------------------------------------------
def _digits_swapped(option: str) -> st.SearchStrategy[str]:
    other = st.sampled_from(["²", "٣", "0", "-1", "9" * 50, "", " ", "1" * 5000])
    return other.map(lambda d: "".join(d if ch.isdigit() else ch for ch in option))


@LOADERS
@given(data=st.data())
def test_apply_action(data: st.DataObject) -> None:
    s = deserialize(data.draw(st.sampled_from(STATES)))
    options = s.legal_action_ids()
    action = data.draw(
        st.one_of(
            structures(5),
            st.text(max_size=50),
            st.sampled_from(options).flatmap(_digits_swapped) if options else st.just("x"),
            st.sampled_from(options).map(lambda o: o + " ") if options else st.just("y"),
        )
    )
    before = s.serialize()
    try:
        s.apply_action(action)
    except IllegalAction:
        assert s.serialize() == before, "a refused action changed the state"
