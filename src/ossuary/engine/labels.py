"""Option labels made from words: the kit each game's ``words.py`` builds its
table of labels with (option verb -> label function).

A game's label function takes its state, the rest of the option id after the
verb, and one more argument of the game's choosing; these make the two kinds
every game has many of, so that a game writes each label as its words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a label as the kit makes it: (state, rest of the id, the game's argument) -> words
MadeLabel = Callable[[Any, str, Any], str]


def fixed(words: str) -> MadeLabel:
    """A label that is always ``words``."""

    def label(s: Any, rest: str, extra: Any) -> str:
        return words

    return label


def naming(words: str, name_of: Callable[[Any, int], str]) -> MadeLabel:
    """A label that names what the option's id numbers (``rest``, a number), as
    ``name_of(state, number)`` words it, at ``{}`` in ``words``."""

    def label(s: Any, rest: str, extra: Any) -> str:
        return words.format(name_of(s, int(rest)))

    return label
