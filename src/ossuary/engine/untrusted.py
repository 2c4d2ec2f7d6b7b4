"""Reading input that people (or programs) give us, within bounds.

Every loader in Ossuary (deck lists, card files, scenarios, replays, saved
states, and each game's own) reads untrusted text. The standard library
parsers are not safe on their own: deep nesting is a ``RecursionError``, a
5,000-digit number a ``ValueError``, one TOML key with 50,000 dotted parts
takes quadratic memory. The readers here check size and structure *before*
parsing, so a bad input is refused in time and memory proportional to its
(capped) size, with the caller's own :class:`OssuaryError` subclass and a
message that names the source.

:func:`load_document` is the one loader every game's card, scenario, deck,
model and saved-state reader goes through: read a file or take text within
bounds, parse it (TOML or JSON), require a table at the top, and hand it to
the game's own check, which builds what was asked for or raises the same
error. The helpers at the bottom (:func:`small_int`, :func:`unsafe_char`,
:func:`shown`) serve those checks.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from collections.abc import Callable
from importlib.resources.abc import Traversable
from itertools import accumulate
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import orjson

from .errors import CardFileError, OssuaryError
from .jsonshape import measure

ErrorType = type[OssuaryError]
T = TypeVar("T")

MAX_TEXT = 1_000_000  # characters: card files and scenarios are a few kilobytes
MAX_JSON = 20_000_000  # characters: a saved state or replay of a very long game
MAX_DEPTH = 32  # nesting of lists and tables; our formats need fewer than 10
MAX_KEY_PARTS = 16  # parts of one dotted TOML key (a.b.c)
MAX_DIGITS = 30  # digits of one number; ids and counts need far fewer


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about
    input that may be huge."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _fail(error: ErrorType, source: str, message: str) -> NoReturn:
    raise error(f"{source}: {message}")


def read_file(
    path: str | Path | Traversable, error: ErrorType, what: str, limit: int = MAX_TEXT
) -> str:
    """A UTF-8 text file (a BOM is dropped), refused if larger than ``limit``
    bytes or unreadable; reads at most ``limit + 1`` bytes. ``path`` may be a
    package resource (``importlib.resources.files(...)``)."""
    try:
        with (Path(path) if isinstance(path, str) else path).open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise error(f"can't read {what} {str(path)!r}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        _fail(error, str(path), f"too large for {what} (over {limit:,} bytes)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        _fail(error, str(path), f"not UTF-8 text (byte {exc.start}): is it {what}?")


def check_text(text: object, error: ErrorType, source: str, limit: int = MAX_TEXT) -> str:
    """``text`` as a string within ``limit`` characters, a leading BOM dropped."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limit * 4:  # a character is at most four bytes of UTF-8
            _fail(error, source, f"too large ({len(text):,} bytes; at most {limit:,} characters)")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail(error, source, f"not UTF-8 text (byte {exc.start})")
    if not isinstance(text, str):
        _fail(error, source, f"expected text, got {type(text).__name__}")
    if len(text) > limit:
        _fail(error, source, f"too large ({len(text):,} characters; at most {limit:,})")
    return text.removeprefix("\ufeff")


def _max_depth(structure: str) -> int:
    """The deepest nesting of ``[``/``{`` in text whose strings are removed."""
    brackets = _NOT_BRACKET.sub("", structure)
    if not brackets:
        return 0
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)))


_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_JSON_LONG_NUMBER = re.compile(r"[0-9]{" + str(MAX_DIGITS + 1) + ",}")


def _strings_blanked(text: str) -> str:
    """``text`` with every JSON string replaced by ``""``: what is measured
    for nesting and long numbers. Where no quote or backslash is escaped and
    the quotes pair up (a saved game's text, but for a rare quote in a name),
    every quote opens or closes a string, so splitting at the quotes blanks
    the same strings as the regular expression, at a seventh of its cost."""
    if '\\"' not in text and "\\\\" not in text:
        parts = text.split('"')
        if len(parts) % 2:  # an even number of quotes
            return '""'.join(parts[::2])
    return _JSON_STRING.sub('""', text)


_SLOW = object()  # _fast_json's "read it the careful way"


def _fast_json(text: str, max_depth: int) -> Any:
    """``text`` parsed by orjson (about ten times faster than ``json`` with
    the checks below as hooks), or :data:`_SLOW` wherever that parse can't be
    trusted to be the careful one's: orjson refused it (the careful reader
    then says why), it holds a fraction or a number past 64 bits (orjson
    reads those as fractions), or it nests deeper than ``max_depth``. A key
    given twice in one object is kept once by orjson: then the text has more
    colons than the parse has pairs plus colons inside texts (a text can hold
    a colon written as the escape ``\\u003a``, so such a text is read the
    careful way too)."""
    if "\\u003a" in text or "\\u003A" in text:
        return _SLOW
    try:
        value = orjson.loads(text)
    except ValueError:  # orjson.JSONDecodeError, or a text that is not UTF-8
        return _SLOW
    shape = measure(value)
    if not shape.plain or shape.depth > max_depth:
        return _SLOW
    if text.count(":") != shape.pairs + shape.colons:
        return _SLOW
    return value


def load_json(
    text: object,
    error: ErrorType,
    source: str,
    *,
    limit: int = MAX_JSON,
    max_depth: int = MAX_DEPTH,
    floats: bool = False,
) -> Any:
    """Parse JSON text within bounds: size, nesting, digits per number; no
    duplicate keys, no NaN or Infinity, and (unless ``floats``) no fractions."""
    text = check_text(text, error, source, limit)
    fast = _fast_json(text, max_depth)
    if fast is not _SLOW:
        return fast
    structure = _strings_blanked(text)
    depth = _max_depth(structure)
    if depth > max_depth:
        _fail(error, source, f"nested {depth} levels deep; at most {max_depth} are allowed")
    long = _JSON_LONG_NUMBER.search(structure)
    if long:
        _fail(error, source, f"number too large ({shown(long.group(), 20)})")

    def fraction(digits: str) -> float:
        if not floats:
            _fail(error, source, f"fractional number {shown(digits, 20)}: whole numbers only")
        if len(digits) > MAX_DIGITS + 10:
            _fail(error, source, f"number too long ({shown(digits, 20)})")
        return float(digits)

    def constant(name: str) -> NoReturn:
        _fail(error, source, f"{name} is not a number JSON allows")

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):  # a key appears twice: the first such, in order
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    _fail(error, source, f"the key {shown(key)} appears twice in one object")
                seen.add(key)
        return out

    try:
        return json.loads(
            text,
            parse_float=fraction,
            parse_constant=constant,
            object_pairs_hook=no_duplicates,
        )
    except json.JSONDecodeError as exc:
        _fail(error, source, f"not valid JSON: {exc}")
    except RecursionError:  # the pre-check above makes this unreachable; kept as a bound
        _fail(error, source, "nested too deeply")


# TOML: strings and comments are blanked before the structure is measured.
_TOML_SKIP = re.compile(
    r'"""[\s\S]*?"""(?!")|\'\'\'[\s\S]*?\'\'\'(?!\')|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
)
# A key part starts after a character that can't be in one (no search from inside a
# part: that would be quadratic on a long word), and is matched possessively.
_DOTTED = re.compile(
    r'(?<![A-Za-z0-9_-])(?:(?:[A-Za-z0-9_-]++|"")[ \t]*+\.[ \t]*+){' + str(MAX_KEY_PARTS) + ",}"
)
_LONG_NUMBER = re.compile(
    r"[0-9][0-9_]{" + str(MAX_DIGITS) + r",}|0x[0-9A-Fa-f_]{" + str(MAX_DIGITS) + ",}"
)


def load_toml(
    text: object,
    error: ErrorType,
    source: str,
    *,
    limit: int = MAX_TEXT,
    max_depth: int = MAX_DEPTH,
) -> dict[str, Any]:
    """Parse TOML text within bounds: size, nesting of arrays and inline tables,
    parts of a dotted key, digits per number."""
    text = check_text(text, error, source, limit)
    structure = _TOML_SKIP.sub('""', text)
    depth = _max_depth(structure)
    if depth > max_depth:
        _fail(error, source, f"nested {depth} levels deep; at most {max_depth} are allowed")
    if _DOTTED.search(structure):
        _fail(error, source, f"a dotted key with more than {MAX_KEY_PARTS} parts")
    long = _LONG_NUMBER.search(structure)
    if long:
        _fail(error, source, f"number too large ({shown(long.group(), 20)})")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        _fail(error, source, f"not valid TOML: {exc}")
    except (RecursionError, ValueError) as exc:  # bounded above; kept as a bound
        _fail(error, source, f"not valid TOML: {exc}")


def load_document(
    given: str | bytes | Path | Traversable,
    error: ErrorType,
    what: str,
    check: Callable[[dict[str, Any], str], T],
    *,
    source: str | None = None,
    fmt: str = "toml",
) -> T:
    """The one bounded loader: ``given`` is a file (a path or a package
    resource: read within :data:`MAX_TEXT` or :data:`MAX_JSON` bytes) or the text
    itself; it is parsed as ``fmt`` ("toml" or "json") within the bounds of
    :func:`load_toml` / :func:`load_json`, must be a table (a JSON object), and
    is handed to ``check(data, source)``, which validates it and builds the
    result (raising ``error`` itself). Every failure is ``error`` with a message
    that starts with the source (the file's path, else ``source``, else
    ``what``) and says what is wrong: "can't read", "not valid TOML", ...

    ``what`` names the kind of document for messages ("the card file").
    """
    limit = MAX_JSON if fmt == "json" else MAX_TEXT
    if isinstance(given, str | bytes | bytearray):
        label = source or what
        text: object = given
    else:
        label = source or str(given)
        text = read_file(given, error, what, limit)
    if fmt == "json":
        data = load_json(text, error, label, limit=limit)
        if not isinstance(data, dict):
            _fail(error, label, f"expected a JSON object for {what}, got {shown(data)}")
    elif fmt == "toml":
        data = load_toml(text, error, label, limit=limit)
    else:
        raise ValueError(f"unknown format {fmt!r}")  # a programming error, not input
    return check(data, label)


# -- checking what was loaded ---------------------------------------------------------
def small_int(text: str, max_digits: int = 9) -> int | None:
    """The number ``text`` spells in ASCII digits (at most ``max_digits``), else
    None: ``"²"``, ``"٣"``, ``"-3"``, ``" 3"`` and a 5,000-digit number are not
    small ints. (``str.isdigit`` and ``int`` accept other scripts' digits.)"""
    if 0 < len(text) <= max_digits and text.isascii() and text.isdigit():
        return int(text)
    return None


_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def unsafe_char(text: str) -> str | None:
    """A description of the first character in ``text`` that must never reach a
    terminal or a log line (control characters such as NUL or ESC, which start
    terminal escape sequences, line separators, and invisible format characters
    such as bidirectional overrides; a zero-width joiner is allowed), or None."""
    if text.isascii():  # the common case, without a Python loop
        found = _ASCII_CONTROL.search(text)
        return None if found is None else _describe(text, found.start())
    for i, ch in enumerate(text):
        if ch < "\x80" and not _ASCII_CONTROL.match(ch):
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Zl", "Zp") or (category == "Cf" and ch != "\u200d"):
            return _describe(text, i)
    return None


def _describe(text: str, i: int) -> str:
    ch = text[i]
    return f"character {i + 1} is U+{ord(ch):04X} ({unicodedata.name(ch, 'a control')})"


def printable(text: str, limit: int = 60) -> str:
    """``text`` itself when it is short and safe to print, else :func:`shown` of it
    (quoted, escaped, cut): for names from untrusted input inside messages."""
    if len(text) <= limit and unsafe_char(text) is None:
        return text
    return shown(text, limit)


def is_int(value: object) -> bool:
    """An int that is not a bool (``True`` is an int in Python, never in our data)."""
    return isinstance(value, int) and not isinstance(value, bool)


def load_card_file(
    given: str | bytes | Path | Traversable,
    source: str,
    build: Callable[[list[dict[str, Any]], str], T],
) -> T:
    """A game's card file (TOML) through :func:`load_document`: it holds only
    ``[[card]]`` tables, each a table, which ``build(tables, source)`` checks
    card by card and turns into the game's cards. Every failure is a
    :class:`~ossuary.engine.errors.CardFileError` that starts with ``source``."""

    def check(data: dict[str, Any], source: str) -> T:
        return build(_card_tables(data, source), source)

    return load_document(given, CardFileError, "the card file", check, source=source)


def _card_tables(data: dict[str, Any], source: str) -> list[dict[str, Any]]:
    cards = data.get("card")
    if not isinstance(cards, list):
        raise CardFileError(f"{source}: expected [[card]] tables")
    other = sorted(set(data) - {"card"})
    if other:
        raise CardFileError(
            f"{source}: unknown table(s) {', '.join(printable(k) for k in other)}; a card "
            "file holds only [[card]] tables"
        )
    for i, raw in enumerate(cards, 1):
        if not isinstance(raw, dict):
            raise CardFileError(f"{source}: card {i}: expected a [[card]] table, got {shown(raw)}")
    return cards
