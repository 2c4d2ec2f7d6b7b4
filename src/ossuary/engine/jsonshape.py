"""The shape of parsed JSON, measured in one compiled walk: what the bounded
JSON reader (:func:`ossuary.engine.untrusted.load_json`) needs to know to
trust a fast parse (orjson's) without parsing the text again."""

from __future__ import annotations

from typing import Any


class Shape:
    """What :func:`measure` found: the key-value ``pairs`` of every object,
    the ``depth`` (nesting of arrays and objects: ``[]`` is 1, a number 0),
    the ``colons`` inside every text (keys included), and whether the value
    holds only what a whole-number JSON document parses to (``plain``: no
    fraction; a parser gives a number too large for 64 bits as one)."""

    __slots__ = ("colons", "depth", "pairs", "plain")

    def __init__(self) -> None:
        self.pairs = 0
        self.depth = 0
        self.colons = 0
        self.plain = True


def measure(value: Any) -> Shape:
    """The :class:`Shape` of a value that a JSON parser returned (dicts,
    lists, texts, whole numbers, floats, booleans, None)."""
    shape = Shape()
    shape.depth = _walk(value, shape)
    return shape


def _colons(text: str) -> int:
    # most texts hold no colon: a membership test, and a count only for those
    return text.count(":") if ":" in text else 0


def _walk(value: Any, shape: Shape) -> int:
    """The depth of ``value``, adding its pairs and colons to ``shape``."""
    deepest = 0
    if isinstance(value, dict):
        shape.pairs += len(value)
        for key, item in value.items():
            shape.colons += _colons(key)
            deepest = max(deepest, _item(item, shape))
        return deepest + 1
    if isinstance(value, list):
        for item in value:
            deepest = max(deepest, _item(item, shape))
        return deepest + 1
    return _item(value, shape)


def _item(item: Any, shape: Shape) -> int:
    """The depth of an array's item or an object's value. Each kind is tested
    on its own: compiled, an isinstance of a union is a generic call."""
    if isinstance(item, str):
        shape.colons += _colons(item)
        return 0
    if isinstance(item, dict) or isinstance(item, list):  # noqa: SIM101
        return _walk(item, shape)
    if isinstance(item, float):
        shape.plain = False
    return 0
