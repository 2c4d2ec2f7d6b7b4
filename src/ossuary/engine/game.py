"""What a game package gives the rest of Ossuary.

Every game is a package ``ossuary.<name>`` that imports only the kernel and
exposes one :class:`Game` object named ``GAME``. The registry
(:mod:`ossuary.games`) finds it by name; the command line, the agents, the
arena, the server, the simulator and the RL environments reach a game only
through this object and the :class:`~ossuary.engine.core.GameState` API, so
none of them holds code for a particular game.

The methods fall in groups. The *rules* group (``new_game``, ``deserialize``,
``load_scenario``) every game must give. The others have defaults that raise a
clear :class:`NotSupported` error, so a game can grow into them.

Card records (``cards()``) are plain JSON-ready dicts: every game's record has
at least ``name``, ``type`` and ``text``; the rest are the game's own fields
(``doom`` and ``cost`` in Hecatomb, ``group`` and ``power`` in Diabolicards).
Filters for ``ossuary cards --FIELD VALUE`` match those fields (see
:meth:`Game.card_filters`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from .core import GameState
from .errors import OssuaryError, QueryError, SetupError

CardRecord = dict[str, Any]
DeckSpec = list[str] | str  # card names, or a preconstructed deck's name


class NotSupported(OssuaryError):
    """A game does not offer something (yet): say so instead of crashing."""


class Game:
    """One game's entry in the registry (subclass it in the game package).

    Class attributes describe the game; methods give its parts. Everything
    returned is plain data (JSON-ready) or a rich renderable for the terminal.
    """

    #: short name used on the command line and in replays: ``hecatomb``
    name: ClassVar[str] = ""
    #: how people write it: ``Hecatomb``
    title: ClassVar[str] = ""
    #: one line about the game, for ``ossuary games`` and the lobby
    summary: ClassVar[str] = ""
    #: the numbers of seats the rules allow, e.g. ``(2, 3, 4, 5, 6)``
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    #: named modes and their seat counts, e.g. ``{"1v1": 2, "2v2": 4}``
    modes: ClassVar[Mapping[str, int]] = {}
    #: what ``ossuary cards --FIELD VALUE`` accepts: field -> help text
    card_filters: ClassVar[Mapping[str, str]] = {}

    # -- rules (required) -------------------------------------------------------
    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        """Set up a game and run it to its first decision. ``decks`` None: the
        game's default decks; ``first`` None: the seed chooses."""
        raise NotImplementedError

    def deserialize(self, text: str) -> GameState:
        """The state :meth:`GameState.serialize` wrote (checked; a bad text is an
        :class:`OssuaryError`, never a crash)."""
        raise NotImplementedError

    def load_scenario(self, text: str | Path) -> GameState:
        """A position from the game's scenario text (``docs/scenarios.md``)."""
        raise NotImplementedError

    def teams(self, seats: int) -> list[int]:
        """The team of each seat; by default every seat plays for itself."""
        return list(range(seats))

    def check_seats(self, seats: int) -> None:
        """Refuse a seat count the rules don't allow, saying which they do."""
        if seats not in self.seat_counts:
            counts = self.seat_counts
            if counts == tuple(range(counts[0], counts[-1] + 1)):
                allowed = f"{counts[0]} to {counts[-1]}"
            else:
                allowed = " or ".join(str(n) for n in counts)
            raise SetupError(f"{self.title} is for {allowed} players, not {seats}")

    # -- cards ------------------------------------------------------------------
    def cards(self, card_file: Path | None = None) -> list[CardRecord]:
        """Every card, in catalogue order (or those of a card file of the user's,
        checked with the same errors as the base set)."""
        raise NotSupported(f"{self.title} has no card list")

    def card_detail(self, record: CardRecord) -> Any:
        """One card in full, as a rich renderable (the terminal's card panel)."""
        raise NotSupported(f"{self.title} cards can't be shown in full yet")

    def card_columns(self) -> list[tuple[str, str]]:
        """(record field, column heading) pairs for the card table."""
        return [("name", "Name"), ("type", "Type"), ("text", "Text")]

    def card_cells(self, record: CardRecord) -> dict[str, str]:
        """Extra table cells computed from a record (fields not in the record)."""
        return {}

    def card_search_text(self, record: CardRecord) -> str:
        """What free-text search looks in: by default every text field."""
        return " ".join(
            str(v) for v in record.values() if isinstance(v, str | int) and not isinstance(v, bool)
        )

    def card_matches(self, record: CardRecord, field: str, value: str) -> bool:
        """Whether ``record`` passes the filter ``--field value``. The default
        compares case-insensitively; games override it for ranges (cost 2-4)."""
        have = record.get(field)
        want = value.strip().lower()
        if isinstance(have, list | tuple):
            return any(str(v).lower() == want for v in have)
        return str(have).lower() == want

    def glossary(self) -> list[tuple[str, str]]:
        """(term, explanation in our own words) for every keyword and rule term."""
        return []

    # -- decks ------------------------------------------------------------------
    def preconstructed(self) -> dict[str, list[str]]:
        """The decks shipped with the game: name -> card names."""
        return {}

    def deck_about(self, name: str) -> str:
        """One line about a preconstructed deck."""
        return ""

    def parse_deck(self, text: str, source: str = "deck") -> list[str]:
        """A deck list from text, checked against the deck rules; every problem
        is reported at once in one :class:`~ossuary.engine.errors.DeckError`."""
        raise NotSupported(f"{self.title} has no deck lists")

    def format_deck(self, cards: Sequence[str], title: str = "") -> str:
        """A deck list as text that :meth:`parse_deck` reads back."""
        raise NotSupported(f"{self.title} has no deck lists")

    def deck_summary(self, cards: Sequence[str]) -> Any:
        """A short rich renderable about a legal deck (counts, curve)."""
        return f"{len(cards)} cards"

    # -- terminal -----------------------------------------------------------------
    def render_board(
        self, view: dict[str, Any], me: int | None = None, me_label: str = "you"
    ) -> Any:
        """The board as ``me`` sees it (a rich renderable), from the view only;
        ``me_label`` says whose hand is shown ("you", "hand shown")."""
        raise NotSupported(f"{self.title} has no terminal board yet")

    def result_lines(self, view: dict[str, Any]) -> list[str]:
        """The end of a game in words (who won, the final score)."""
        winner = view.get("winner")
        return ["No winner." if winner is None else f"Player {winner} wins."]

    def summary_lines(self, view: dict[str, Any]) -> list[str]:
        """A compact, public-only picture of the position (replays print it)."""
        return []

    def format_event(self, event: dict[str, Any]) -> str:
        """One (already redacted) log event in words."""
        return " ".join(f"{k}={v}" for k, v in event.items())

    # -- analysis ---------------------------------------------------------------
    def fuzz_decks(self, seed: int, seats: int) -> list[DeckSpec] | None:
        """The decks a fuzz game with ``seed`` plays (None: the default decks);
        games vary them so every card gets played under the checks."""
        return None

    def check_invariants(self, state: GameState, deep: bool = True) -> None:
        """Raise AssertionError if ``state`` breaks one of the game's invariants
        (``deep``: also the costly ones, such as views holding no hidden card).
        The kernel's own (clone, serialization, samples) are checked by
        :mod:`ossuary.fuzz` for every game."""


_NUMBER_SPEC = re.compile(r"(?P<n>[0-9]{1,6})(?P<end>[+-]?)|(?P<lo>[0-9]{1,6})-(?P<hi>[0-9]{1,6})")


def match_number(value: int, spec: str, option: str = "value") -> bool:
    """``3`` exactly, ``2-4`` a range, ``5+`` or ``2-`` open ends; a bad spec is a
    :class:`QueryError` naming ``option``."""
    m = _NUMBER_SPEC.fullmatch(spec.strip())
    if m is None:
        raise QueryError(f"{option} {spec!r}: use a number, a range like 2-4, 5+ or 2-")
    if m["lo"] is not None:
        return int(m["lo"]) <= value <= int(m["hi"])
    n = int(m["n"])
    return value >= n if m["end"] == "+" else value <= n if m["end"] == "-" else value == n


def check_game_class(game: Game) -> None:
    """Fail loudly if a registered game forgot its identity."""
    if not game.name or not game.title or not game.seat_counts:
        raise TypeError(f"{type(game).__name__} must set name, title and seat_counts")
