"""Errors raised by the engine. Every message is written for a person."""

from __future__ import annotations


class OssuaryError(Exception):
    """Base class of every error Ossuary raises on purpose."""


class IllegalAction(OssuaryError):
    """An action that the rules do not allow now.

    ``rule`` names the rulebook section that forbids it. The state that raised
    it is unchanged.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        self.reason = message
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class DeckError(OssuaryError):
    """A deck that breaks the deck-building rules, or names unknown cards."""


class CardFileError(OssuaryError):
    """A card definition that is malformed."""


class ScenarioError(OssuaryError):
    """A scenario (position) text that cannot be loaded."""


class ReplayError(OssuaryError):
    """A replay file that cannot be rebuilt."""


class SetupError(OssuaryError, ValueError):
    """A game that can't be set up as asked: seat count, seed, first player."""


class QueryError(OssuaryError):
    """A question that can't be answered as asked: an unknown filter, a bad range."""


class UnknownSeat(OssuaryError, ValueError):
    """A seat number that this game does not have."""


class SampleError(OssuaryError):
    """A determinization that can't be taken (not for the deciding seat)."""


class StateError(OssuaryError):
    """A saved state (``deserialize``) that is not one the engine wrote: garbage,
    another game's or version's, or tampered with."""


class NotSupported(OssuaryError):
    """A game does not offer something (yet): say so instead of crashing."""


class UnknownGame(OssuaryError):
    """A game name that no installed package registers (:mod:`ossuary.engine.registry`)."""


class BrokenGame(OssuaryError):
    """A registered game that can't be played: its package fails to load, or its
    :class:`~ossuary.engine.game.Game` is not whole (the message names what is
    missing)."""
