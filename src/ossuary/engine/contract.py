"""Checks every game's state must pass at the hidden-information boundary.

The rule (DESIGN.md, "hidden information"): nothing handed to an agent, a
socket, an RL environment or a replay file references the true state or lets
it be rebuilt. These helpers are shared by the games' tests and fuzzers, so
one definition of "leak" serves all three games:

- :func:`shared_mutables` finds mutable objects that two object graphs share
  (a view, an observation or a sample must share none with the game); frozen
  dataclasses count as values (card definitions are shared by every game and
  must hold only immutable fields);
- :func:`check_sample` checks a determinization: independent, no seed and no
  history, the seat's own view unchanged;
- :func:`bounded_memory` checks that bad input is refused without building
  anything large (the bad-input rule: bounded time and memory).
"""

from __future__ import annotations

import dataclasses
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

from .core import Decision, GameState
from .rng import Rng

_IMMUTABLE = (str, int, float, bool, bytes, type(None), range, MappingProxyType)


def _frozen(obj: Any) -> bool:
    params = getattr(type(obj), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield f"[{k!r}]", v
    elif isinstance(obj, list | tuple | set | frozenset):
        for i, v in enumerate(obj):
            yield f"[{i}]", v
    elif isinstance(obj, MappingProxyType):
        for k, v in obj.items():
            yield f"[{k!r}]", v
    else:
        names: list[str] = []
        for cls in type(obj).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
            # a class compiled with mypyc has no slots: its attributes are named here
            names.extend(cls.__dict__.get("__mypyc_attrs__", ()))
        for name in names:
            mangled = f"_{type(obj).__name__.lstrip('_')}{name}" if name.startswith("__") else name
            if hasattr(obj, mangled):
                yield f".{name}", getattr(obj, mangled)
        for name, value in getattr(obj, "__dict__", {}).items():
            yield f".{name}", value
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            for f in dataclasses.fields(obj):
                if hasattr(obj, f.name):
                    yield f".{f.name}", getattr(obj, f.name)


def _walk(root: Any, limit: int = 2_000_000) -> dict[int, tuple[str, Any]]:
    """Every object reachable from ``root`` (id -> (path, object))."""
    seen: dict[int, tuple[str, Any]] = {}
    todo: list[tuple[str, Any]] = [("", root)]
    while todo and len(seen) < limit:
        path, obj = todo.pop()
        if isinstance(obj, _IMMUTABLE) or _frozen(obj):
            continue  # values that can't change (frozen dataclasses hold only such values)
        if callable(obj) and not hasattr(obj, "__slots__"):
            continue
        if id(obj) in seen:
            continue
        seen[id(obj)] = (path, obj)
        todo.extend((path + step, child) for step, child in _children(obj))
    return seen


def _mutable(obj: Any) -> bool:
    if isinstance(obj, tuple | frozenset) or _frozen(obj):
        return False
    return not isinstance(obj, _IMMUTABLE)


def shared_mutables(given: Any, game: Any) -> list[str]:
    """Paths (inside ``given``) of mutable objects also reachable from ``game``:
    anything there is a way for whoever holds ``given`` to change the game."""
    ours = _walk(game)
    return sorted(
        path or "(itself)"
        for oid, (path, obj) in _walk(given).items()
        if oid in ours and _mutable(obj)
    )


def check_sample(state: GameState, seat: int, rng: Rng) -> GameState:
    """Take a sample for ``seat`` (the deciding seat) and check the boundary:
    it shares nothing mutable with ``state``, carries no seed and no history,
    is built from ``seat``'s perspective, and the seat sees in it exactly what
    it sees in the real game. Returns the sample; raises AssertionError."""
    before = state.serialize()
    sample = state.resample(seat, rng)
    assert state.serialize() == before, "resample changed the game"
    shared = shared_mutables(sample, state)
    assert not shared, f"a sample shares mutable objects with the game: {shared[:5]}"
    assert sample.seed is None and sample.history == [], "a sample must carry no seed or history"
    assert sample.perspective == seat
    assert sample.ply == state.ply
    assert sample.view(seat) == state.view(seat), "the seat's view changed in its own sample"
    assert isinstance(sample.pending, Decision) and sample.pending is not state.pending
    return sample


@contextmanager
def bounded_memory(limit_mb: int = 100) -> Iterator[None]:
    """Fail if the block allocates more than ``limit_mb`` MiB at its peak. Bad
    input is refused in bounded memory (time is bounded by the same checks;
    speed is not asserted in tests)."""
    tracemalloc.start()
    try:
        yield
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak < limit_mb * 2**20, f"peak memory {peak / 2**20:.0f} MB"
