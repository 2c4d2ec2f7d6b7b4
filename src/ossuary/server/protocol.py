"""What may come in: every request body and socket message, as pydantic models.

Everything a browser (or anything else) sends is checked here before the
server looks at it: unknown fields, wrong types, oversized strings and lists
are refused with a message that says which field and why, and nothing
changes. The limits are generous for people and tight for abuse.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
)

from ..engine.untrusted import unsafe_char

MAX_BODY = 256 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4096  # characters of one socket message
MAX_DECK_TEXT = 64 * 1024
MAX_SEATS = 8


def plain_text(text: str) -> str:
    """``text`` if it is lines of plain text (tabs allowed), else a ValueError
    naming the line and the character: a NUL or an escape is no part of a deck
    list, and no database or log should be handed one."""
    for i, line in enumerate(text.split("\n")):
        bad = unsafe_char(line.removesuffix("\r").replace("\t", " "))
        if bad is not None:
            raise ValueError(f"a deck list is plain text: on line {i + 1}, {bad}")
    return text


Name = Annotated[str, Field(min_length=1, max_length=100)]
SeatKind = Annotated[str, Field(min_length=1, max_length=60)]
SeatName = Annotated[str, Field(max_length=40)]
DeckText = Annotated[str, Field(min_length=1, max_length=MAX_DECK_TEXT), AfterValidator(plain_text)]
CardList = Annotated[list[Name], Field(min_length=1, max_length=500)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class CreateGame(Strict):
    """``POST /api/games``."""

    game: Annotated[str, Field(min_length=1, max_length=40)] = "hecatomb"
    seats: Annotated[list[SeatKind], Field(min_length=1, max_length=MAX_SEATS)] = [
        "human",
        "normal",
    ]
    #: None: the game's default decks. Else one per seat: None (that seat's
    #: default deck), a preconstructed deck's name, a pasted deck list, or card names.
    decks: Annotated[list[DeckText | CardList | None], Field(max_length=MAX_SEATS)] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    mode: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    #: seconds a person has for each decision; None: no timer
    turn_seconds: Annotated[int, Field(ge=5, le=86_400)] | None = None
    #: after this many timeouts in a row the seat is handed to the AI
    timeouts_to_ai: Annotated[int, Field(ge=1, le=100)] = 3
    #: a disconnected person's seat goes to the AI after this many seconds of
    #: their turn (None: only when another player asks)
    abandon_seconds: Annotated[int, Field(ge=5, le=86_400)] | None = None
    #: the AI that takes over a timed-out or abandoned seat
    takeover: SeatKind = "easy"
    #: listed as open: anyone may take a free seat from the lobby
    public: bool = False
    #: what to call each seat (None or missing: "Player N", "Computer"); a
    #: person is "You" on their own screen whatever their name
    names: Annotated[list[SeatName | None], Field(max_length=MAX_SEATS)] | None = None
    #: the game's guided first game (its lesson's deal: seats, decks, seed and
    #: first player come from the lesson, not from this request); with
    #: ``mode``, the lesson for that mode (the catalogue's ``lessons``)
    tutorial: bool = False
    #: a rated game: its result moves its players' ratings (docs/server.md,
    #: "Ratings"); only for people with accounts, no computer seat, no lesson
    rated: bool = False


MAX_SAVED_DECK_TEXT = 16 * 1024  # characters of a saved deck's list (a deck is ~2,000)
MAX_DECK_NAME = 80


def _one_line(name: str) -> str:

    bad = unsafe_char(name)
    if bad is not None:
        raise ValueError(f"a deck's name is one line of plain text ({bad})")
    return name


DeckName = Annotated[str, Field(min_length=1, max_length=MAX_DECK_NAME), AfterValidator(_one_line)]
SavedDeckText = Annotated[str, Field(max_length=MAX_SAVED_DECK_TEXT), AfterValidator(plain_text)]
GameName = Annotated[str, Field(min_length=1, max_length=40)]


class CheckDeck(Strict):
    """``POST /api/decks/check``: ``name``, what the messages call the deck
    (default "pasted deck")."""

    game: Annotated[str, Field(min_length=1, max_length=40)] = "hecatomb"
    text: DeckText
    name: DeckName | None = None


class SaveDeck(Strict):
    """``POST /api/decks``: a deck to keep (a draft that breaks the rules too)."""

    game: GameName
    name: DeckName
    text: SavedDeckText


class EditDeck(Strict):
    """``PUT /api/decks/{id}`` (with the deck's edit token): a new name or text."""

    name: DeckName | None = None
    text: SavedDeckText | None = None


class StartTrial(Strict):
    """``POST /api/trials``: a legal deck to try against the game's field."""

    game: GameName
    text: Annotated[
        str, Field(min_length=1, max_length=MAX_SAVED_DECK_TEXT), AfterValidator(plain_text)
    ]


class AuthMessage(Strict):
    """The first message on a game socket: the seat's secret token (none, or
    null: a spectator). The token travels inside the socket, never in its URL,
    which servers, proxies and browsers write to logs and history."""

    type: Literal["auth"]
    token: Annotated[str, Field(min_length=1, max_length=100)] | None = None


_AUTH = TypeAdapter(AuthMessage)
M = TypeVar("M")


class ActionMessage(Strict):
    """Choose one of the options offered under ``legal``."""

    type: Literal["action"]
    id: Annotated[str, Field(min_length=1, max_length=200)]
    #: the number of actions the client has seen; when given and stale (the game
    #: moved on meanwhile), the action is refused instead of applied to a game
    #: the player did not see
    seq: Annotated[int, Field(ge=0)] | None = None


class TakeoverMessage(Strict):
    """Hand a disconnected player's seat to the AI (any seated player may ask)."""

    type: Literal["takeover"]
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)]


class ReclaimMessage(Strict):
    """Take one's own seat back from the AI."""

    type: Literal["reclaim"]


class ResignMessage(Strict):
    """Concede the game (where two sides play: docs/rules-notes.md)."""

    type: Literal["resign"]


class LeaveMessage(Strict):
    """Leave the table: the computer plays one's seat (or, with no other person
    at the table, the game ends as abandoned)."""

    type: Literal["leave"]


class PingMessage(Strict):
    type: Literal["ping"]


Incoming = (
    ActionMessage | TakeoverMessage | ReclaimMessage | ResignMessage | LeaveMessage | PingMessage
)
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


class BadMessage(ValueError):
    """A socket message that is not one the protocol knows; ``str`` says why."""


def parse_auth(text: str | bytes | None) -> AuthMessage:
    """The socket's first message, checked; :class:`BadMessage` says what was wrong."""
    return _read(
        text,
        _AUTH,
        'send text frames holding JSON objects, first {"type": "auth"}',
        'the first message must be {"type": "auth", "token": ...} (no token: a spectator): ',
    )


def parse_message(text: str | bytes | None) -> Incoming:
    """One client message, checked; :class:`BadMessage` says what was wrong."""
    return _read(text, _CLIENT, "send text frames holding JSON objects")


def _read(text: str | bytes | None, adapter: TypeAdapter[M], binary: str, bad: str = "") -> M:
    """``text`` read by ``adapter`` within the size limit; ``binary``: what a frame
    that is not text is told, ``bad``: what comes before why the JSON is wrong."""
    if text is None:
        raise BadMessage(binary)
    if len(text) > MAX_MESSAGE:
        raise BadMessage(f"message too large ({len(text)} > {MAX_MESSAGE} characters)")
    try:
        return adapter.validate_json(text)
    except ValidationError as exc:
        raise BadMessage(bad + describe(exc)) from None


def describe(exc: ValidationError) -> str:
    """A validation error in one line per problem: ``seats.2: String should ...``."""
    parts = []
    for err in exc.errors(include_url=False, include_input=False)[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("function-after",))
        parts.append(f"{where}: {err['msg']}" if where else str(err["msg"]))
    more = len(exc.errors()) - 5
    if more > 0:
        parts.append(f"... and {more} more")
    return "; ".join(parts)
