"""The kernel's bounded readers, and replays read through them (issue 8 §3): any
bad input is the caller's own OssuaryError, quickly, with a short message."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary.engine import OssuaryError, Replay, ReplayError
from ossuary.engine.contract import bounded_memory
from ossuary.engine.errors import CardFileError
from ossuary.engine.untrusted import (
    _JSON_STRING,
    _max_depth,
    _strings_blanked,
    load_json,
    load_toml,
    printable,
    read_file,
    shown,
    small_int,
    unsafe_char,
)
from ossuary.hecatomb import new_game


def _refused(fn: object, *args: object) -> str:
    with bounded_memory(), pytest.raises(CardFileError) as info:
        fn(*args, CardFileError, "src")  # type: ignore[operator]
    assert str(info.value).startswith("src: ")
    assert len(str(info.value)) < 500
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nested"),
        ('{"a":' * 50_000, "nested"),
        ("1" * 5000, "number too large"),
        ("[-" + "1" * 40 + "]", "number too large"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ('{"b": 1, "a": 1, "a": 2, "b": 2}', "the key 'a' appears twice"),
        ('[{"x": {"c": [], "c": []}}]', "the key 'c' appears twice"),
        ("[1.5]", "whole numbers"),
        ("[1e999999]", "whole numbers"),
        ("[NaN]", "NaN"),
        ("[Infinity]", "Infinity"),
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        (None, "expected text"),
        (3, "expected text"),
        (b"\xff\xfe", "not UTF-8"),
        ("x" * 20_000_001, "too large"),
    ],
)
def test_load_json_refuses_within_bounds(text: object, words: str) -> None:
    assert words in _refused(load_json, text)


def test_load_json_reads_good_json_and_brackets_in_strings() -> None:
    assert load_json('{"a": ["[[[[", "\\"]]"], "b": -3}', CardFileError, "src") == {
        "a": ["[[[[", '"]]'],
        "b": -3,
    }
    assert load_json("\ufeff[1]", CardFileError, "src") == [1]
    assert load_json(b"[2]", CardFileError, "src") == [2]


# what load_json measures nesting and numbers in: the strings blanked as the
# regular expression blanks them, whichever way it is done
JSONISH = st.text(alphabet='"\\[]{}a1 \n', max_size=40)


@settings(max_examples=500)
@given(JSONISH)
def test_strings_are_blanked_as_the_regular_expression_blanks_them(text: str) -> None:
    assert _strings_blanked(text) == _JSON_STRING.sub('""', text)


@given(st.text(alphabet="[]{}", max_size=40))
def test_the_depth_is_the_deepest_nesting(brackets: str) -> None:
    depth, depths = 0, []
    for c in brackets:
        depth += 1 if c in "[{" else -1
        depths.append(depth)
    assert _max_depth("a" + brackets) == max(depths, default=0)


@pytest.mark.parametrize(
    "text",
    ['["[[[[' + "]" * 3 + '"]', '["\\"' + "[" * 90 + '"]', '["a\\"' + "[" * 90 + ']"]'],
)
def test_brackets_in_strings_are_not_nesting(text: str) -> None:
    json.loads(text)
    assert load_json(text, CardFileError, "src")


def test_brackets_after_an_escaped_backslash_are_nesting() -> None:
    text = '["\\\\", ' + "[" * 90 + "]" * 90 + "]"
    assert json.loads(text)
    assert "nested" in _refused(load_json, text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a = " + "[" * 5000 + "]" * 5000, "nested"),
        ("a = " + "{ b = " * 100 + "1" + " }" * 100, "nested"),
        ("[[card]]\n" + ".".join(f"k{i}" for i in range(50_000)) + " = 1", "dotted key"),
        ("a = " + "9" * 5000, "number too large"),
        ("a = 0x" + "f" * 40, "number too large"),
        ("a = [1", "not valid TOML"),
        ("a = 1\na = 2", "not valid TOML"),
        (["a = 1"], "expected text"),
    ],
)
def test_load_toml_refuses_within_bounds(text: object, words: str) -> None:
    assert words in _refused(load_toml, text)


@settings(max_examples=3, deadline=1000)  # ms; a quadratic check takes seconds here
@given(n=st.integers(20_000, 40_000), word=st.sampled_from(["a", "9", "a-b_c"]))
def test_load_toml_is_linear_on_long_words(n: int, word: str) -> None:
    # A long word with no dots must not make the dotted-key or number checks quadratic.
    with contextlib.suppress(CardFileError):
        load_toml(word * n + " = 1", CardFileError, "src")


def test_load_toml_ignores_brackets_dots_and_digits_in_strings_and_comments() -> None:
    text = (
        'a = "[[[[ x.y.z.a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q 1111111111111111111111111111111111"\n'
        "b = '''\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n'''\n"
        "# {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\n"
        "c.d.e = [[1, 2], [3]]\n"
    )
    data = load_toml(text, CardFileError, "src")
    assert data["c"] == {"d": {"e": [[1, 2], [3]]}}


def test_read_file_bounds_size_and_encoding(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(CardFileError, match="too large"):
        read_file(big, CardFileError, "a card file", limit=1000)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CardFileError, match="not UTF-8"):
        read_file(bad, CardFileError, "a card file")
    with pytest.raises(CardFileError, match="can't read a card file"):
        read_file(tmp_path / "missing", CardFileError, "a card file")
    bom = tmp_path / "bom.txt"
    bom.write_bytes("\ufeffhello".encode())
    assert read_file(bom, CardFileError, "a card file") == "hello"


def test_small_int_reads_only_short_ascii_digits() -> None:
    assert small_int("12") == 12
    for text in ("²", "٣", "3²", "-3", " 3", "", "1" * 10, "３"):
        assert small_int(text) is None, text


def test_unsafe_and_printable_text() -> None:
    assert unsafe_char("Bone Mason") is None
    assert unsafe_char("Zoë 👩‍👩‍👧") is None  # a zero-width joiner is fine
    for bad in ("a\x00", "\x1b[2J", "a\nb", "\u202eb", "\x9b31m", "a\u2028b"):
        assert unsafe_char(bad) is not None, bad
    assert printable("Snap") == "Snap"
    assert printable("\x1b[2J") == repr("\x1b[2J")
    assert len(shown("x" * 10_000)) < 100


# -- replays ----------------------------------------------------------------------------------
def _replay_json(**change: object) -> str:
    data = json.loads(Replay.of(new_game(seed=3)).to_json())
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nested"),
        ('{"seed": ' + "1" * 5000 + "}", "number too large"),
        (_replay_json(seed=10**25), "seed"),
        (_replay_json(seats=10**20), "seats"),
        (_replay_json(seats=0), "seats"),
        (_replay_json(first=-1), "first"),
        (_replay_json(actions="end"), "actions"),
        (_replay_json(actions=[["end"]]), "actions"),
        (_replay_json(actions=["x" * 1000]), "actions"),
        (_replay_json(decks="Rot and Ruin"), "decks"),
        (_replay_json(ruleset="../../etc"), "ruleset"),
        (_replay_json(ruleset="x" * 1000), "ruleset"),
        (_replay_json(version=3), "version"),
        (_replay_json(extra=1), "unknown field"),
    ],
)
def test_bad_replay_text_is_a_replay_error(text: str, words: str) -> None:
    with bounded_memory(), pytest.raises(ReplayError) as info:
        Replay.from_json(text, "r.json")
    assert words in str(info.value) and len(str(info.value)) < 1000


@pytest.mark.parametrize("action", ["play ²", "play 1" + "0" * 150, "tap ² ³ ⁴", "nonsense"])
def test_a_bad_action_in_a_replay_is_a_replay_error_in_states_and_final(action: str) -> None:
    replay = Replay.from_json(_replay_json(actions=[action]))
    with pytest.raises(ReplayError, match="action 1"):
        list(replay.states())
    with pytest.raises(ReplayError, match="action 1"):
        replay.final()


def test_a_replay_that_cannot_start_is_a_replay_error() -> None:
    for change in ({"decks": [["Snap"] * 40, ["Nope"] * 40]}, {"seats": 9}, {"first": 5}):
        replay = Replay.from_json(_replay_json(**change))
        with pytest.raises(ReplayError):
            replay.final()


def test_replay_errors_are_ossuary_errors() -> None:
    assert issubclass(ReplayError, OssuaryError)


# load_json reads with orjson where that parse can be trusted, and the careful
# way (json with the checks as hooks) elsewhere: on any text, the two give the
# same value or the same refusal
def _careful(text: str, floats: bool = False) -> object:
    import ossuary.engine.untrusted as untrusted

    fast, untrusted._fast_json = untrusted._fast_json, lambda *_: untrusted._SLOW
    try:
        return load_json(text, CardFileError, "src", floats=floats)
    except CardFileError as exc:
        return ("refused", str(exc))
    finally:
        untrusted._fast_json = fast


def _either(text: str, floats: bool = False) -> object:
    try:
        return load_json(text, CardFileError, "src", floats=floats)
    except CardFileError as exc:
        return ("refused", str(exc))


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**80), 2**80) | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=40,
)


@st.composite
def _json_texts(draw: st.DrawFn) -> str:
    """JSON text, then perhaps changed: a key given twice, a colon escaped, a
    character cut or doubled, deeper nesting."""
    text = json.dumps(draw(_json_values), ensure_ascii=draw(st.booleans()))
    change = draw(st.sampled_from(["none", "duplicate", "escape", "cut", "double", "nest"]))
    if change == "duplicate" and text.startswith("{") and len(text) > 2:
        text = '{"k": 1, "k": 2, ' + text[1:]
    elif change == "escape":
        text = '{"\\u003a": 1, ":": ' + text + "}"
    elif change == "cut" and text:
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + text[i + 1 :]
    elif change == "double" and text:
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + text[i] + text[i:]
    elif change == "nest":
        n = draw(st.integers(25, 40))
        text = "[" * n + text + "]" * n
    return text


@given(_json_texts(), st.booleans())
@settings(max_examples=600, deadline=None)
def test_the_fast_read_is_the_careful_one(text: str, floats: bool) -> None:
    assert repr(_either(text, floats)) == repr(_careful(text, floats))


def test_a_key_twice_hidden_by_an_escaped_colon_is_still_refused() -> None:
    # orjson keeps one "a"; the escaped colon would make the colons add up
    text = '{"a": 1, "a": 2, "\\u003a": 3}'
    assert "appears twice" in _refused(load_json, text)
