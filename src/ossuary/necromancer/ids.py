"""Option and target ids made once, not at every decision.

An id such as ``play 12`` or ``m7`` is built each time the options are listed
(several times a turn), and is the same string every time. Each table holds
the ids of one kind for the numbers a game uses (card ids, seats, stack
entries), so listing options takes an id instead of formatting a new string;
a number past the table (a game with more cards than any deck makes) is
formatted as before. The ids are the same text either way.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 256  # four seats of 41 cards, and room to spare


class Ids:
    """The ids ``<prefix><n>``: ``Ids("m").of(7) == "m7"``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.table = [f"{prefix}{n}" for n in range(SIZE)]

    def of(self, n: int) -> str:
        if 0 <= n < SIZE:
            return self.table[n]
        return f"{self.prefix}{n}"


# targets (queries.targets)
MINION_ID: Final = Ids("m")
HERO_ID: Final = Ids("h")
MAGIC_ID: Final = Ids("c")
GRAVE_ID: Final = Ids("g")
STACK_ID: Final = Ids("s")
# main phase and window options (rules.actions, rules.window)
PLAY_ID: Final = Ids("play ")
ATTACK_ID: Final = Ids("attack ")
DESTROY_ID: Final = Ids("destroy ")
SACRIFICE_ID: Final = Ids("sacrifice ")
DISMISS_ID: Final = Ids("dismiss ")
DEFEND_ID: Final = Ids("defend ")
