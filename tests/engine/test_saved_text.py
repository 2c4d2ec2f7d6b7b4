"""A saved state's text: Hecatomb's and Necromancer's ``serialize`` write
each card definition's text once for all games and splice it in
(``engine.core.definition_text``, ``dumps_with``); the text must be what
``json.dumps`` writes for ``to_json()`` (the kernel's way), byte for byte, in
every position a fuzz game meets, in a sample, and after a save is loaded."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ossuary import games
from ossuary.engine.core import GameState, dumps_with
from ossuary.engine.rng import Rng


def kernel_text(state: GameState) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("name", ["hecatomb", "necromancer", "diabolicards"])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_text_is_the_kernels_in_every_position(name: str, seed: int) -> None:
    game = games.get(name)
    seats = game.seat_counts[seed % len(game.seat_counts)]
    state = game.new_game(decks=game.checks.fuzz_decks(seed, seats), seats=seats, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and state.ply < 400:
        if state.ply % 7 == 0:
            text = state.serialize()
            assert text == kernel_text(state)
            loaded = game.deserialize(text)  # its card definitions come from the loader
            assert loaded.serialize() == kernel_text(loaded) == text
            sample = state.resample(state.current_player(), Rng(state.ply))
            assert sample.serialize() == kernel_text(sample)
        state.apply_action(rng.choice(state.legal_action_ids()))
    assert state.serialize() == kernel_text(state)


@pytest.mark.parametrize("name", ["hecatomb", "necromancer"])
def test_to_json_keeps_its_keys_in_their_order(name: str) -> None:
    state = games.get(name).new_game(seats=2, seed=3)
    assert list(state.to_json())[:4] == ["ruleset", "version", "cards", "instances"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=10,
)


@given(data=st.dictionaries(st.text(max_size=4), JSON, max_size=6), key=st.text(max_size=4),
       value=JSON)  # fmt: skip
def test_dumps_with_writes_what_json_dumps_writes(
    data: dict[str, object], key: str, value: object
) -> None:
    data.pop(key, None)
    compact = {"separators": (",", ":"), "sort_keys": True}
    expected = json.dumps({**data, key: value}, **compact)  # type: ignore[arg-type]
    assert dumps_with(data, key, json.dumps(value, **compact)) == expected  # type: ignore[arg-type]


def test_a_saved_card_is_shared_only_with_one_of_the_same_value() -> None:
    # Necromancer's loader builds a saved card once per distinct definition,
    # keyed by repr(raw): 1, 1.0 and true are three keys, not one
    from ossuary.necromancer.state import _card

    state = games.get("necromancer").new_game(seats=2, seed=1)
    raws = json.loads(state.serialize())["cards"]
    raw = next(r for r in raws if r.get("cost") == 1)
    first = _card(raw)
    assert _card(json.loads(json.dumps(raw))) is first  # the same definition: shared
    for other in (1.0, True):
        try:
            found = _card({**raw, "cost": other})
        except Exception:  # refused by the card schema: not taken for the first
            continue
        assert found is not first
