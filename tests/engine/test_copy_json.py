"""``copy_json``: what leaves a state is a copy equal to it (tuples become
lists) that shares nothing mutable with it."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ossuary.engine.contract import shared_mutables
from ossuary.engine.core import copy_json

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=4))  # fmt: skip
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=3), inner, max_size=4),
    ),
    max_leaves=30,
)


def as_lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: as_lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_lists(v) for v in value]
    return value


@given(JSON)
def test_a_copy_is_equal_and_shares_nothing_mutable(value: Any) -> None:
    copied = copy_json(value)
    assert copied == as_lists(value)
    assert [type(x) for x in _leaves(copied)] == [type(x) for x in _leaves(value)]
    assert shared_mutables(copied, value) == []


def test_nested_lists_in_a_log_event_are_copied() -> None:
    event = {"e": "x", "cards": [1, 2], "pairs": [[1, 2]], "at": (3, (4,))}
    copied = copy_json(event)
    assert copied == {"e": "x", "cards": [1, 2], "pairs": [[1, 2]], "at": [3, [4]]}
    assert copied["cards"] is not event["cards"] and copied["pairs"][0] is not event["pairs"][0]


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list | tuple):
        return [x for v in value for x in _leaves(v)]
    return [value]
