"""Attacks on accounts, from outside, on a real ``ossuary serve`` process:
password guessing, session fixation, CSRF from another site, telling which
usernames exist (by message, status and time), another player's data, and
the cookie's flags (docs/server.md, "Accounts").

One server for the module, trusting 127.0.0.1 as its proxy, so each test is
a client of its own (``X-Forwarded-For``) and can say it came over HTTPS
(``X-Forwarded-Proto``)."""

from __future__ import annotations

import itertools
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import ServerProcess, running
from .visitor import COOKIE, Visitor

PASSWORD = "a fine long password"
_addresses = (f"203.0.113.{i}" for i in itertools.count(1))


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'games.db'}"
        with running(url, workers=0, extra=["--trusted-proxy", "127.0.0.1"]) as s:
            yield s


def visitor(server: ServerProcess) -> Visitor:
    """A new browser at an address of its own (its own sign-in limit)."""
    return Visitor(server.base, address=next(_addresses))


def test_password_guessing_stops_at_the_limit(server: ServerProcess) -> None:
    owner = visitor(server)
    assert owner.sign_up("guessed", PASSWORD).status == 201
    guesses = []
    for i in range(12):  # from addresses of their own: the name's own limit holds
        guesses.append(visitor(server).sign_in("guessed", f"guess number {i}"))
    statuses = [g.status for g in guesses]
    assert statuses[:10] == [401] * 10 and statuses[10:] == [429, 429]
    limited = guesses[-1]
    assert int(limited.headers["retry-after"]) > 0
    # even the right password now waits: the guesser can't tell it was right
    right = visitor(server).sign_in("guessed", PASSWORD)
    assert (right.status, right.body) == (limited.status, limited.body)
    # (an unknown name is limited alike: test_accounts.py, with smaller buckets)
    # the owner's session, made before, still works
    assert owner.call("GET", "/api/session").body["account"]["username"] == "guessed"


def test_a_session_id_chosen_before_sign_in_is_not_the_one_after(server: ServerProcess) -> None:
    # an id the attacker made up and planted: never adopted
    victim = visitor(server)
    planted = "attacker-chosen-session-id-0123456789abcdef"
    victim.cookie = planted
    assert victim.sign_up("fixated", PASSWORD).status == 201
    assert victim.cookie not in (None, planted)
    attacker = Visitor(server.base, address=victim.address, cookie=planted)
    assert attacker.call("GET", "/api/session").body["account"] is None
    # the attacker's own real session planted in the victim's browser: replaced
    # at sign-in, and that planted session is over (it can't see the victim)
    spy = visitor(server)
    assert spy.sign_up("the-spy", PASSWORD).status == 201
    spy_cookie = spy.cookie
    victim2 = visitor(server)
    victim2.cookie = spy_cookie
    assert victim2.sign_in("fixated", PASSWORD).status == 200
    assert victim2.cookie not in (None, spy_cookie)
    assert victim2.call("GET", "/api/session").body["account"]["username"] == "fixated"
    assert spy.call("GET", "/api/session").body["account"] is None


def test_requests_from_another_site_are_refused(server: ServerProcess) -> None:
    me = visitor(server)
    assert me.sign_up("csrf-target", PASSWORD).status == 201
    # a page of another site, with the cookie (and even the token, had it stolen it)
    evil = Visitor(server.base, address=me.address, cookie=me.cookie, csrf=me.csrf,
                   extra={"Origin": "https://evil.example"})  # fmt: skip
    r = evil.call("PUT", "/api/account/password",
                  {"old_password": PASSWORD, "new_password": "owned by evil"})  # fmt: skip
    assert r.status == 403 and "another site" in r.body["error"]
    assert evil.call("DELETE", "/api/account", {"password": PASSWORD}).status == 403
    assert evil.call("DELETE", "/api/sessions").status == 403
    # without the token, from no named origin at all (a form a script posts)
    bare = Visitor(server.base, address=me.address, cookie=me.cookie, extra={"Origin": ""})
    r = bare.call("DELETE", "/api/account", {"password": PASSWORD})
    assert r.status == 403 and "X-CSRF-Token" in r.body["error"]
    # a game made from another site is a guest's, never the account's
    assert evil.call("POST", "/api/games", {"seats": ["human", "human"]}).status == 201
    evil.csrf = None
    assert evil.call("POST", "/api/games", {"seats": ["human", "human"]}).status == 201
    assert me.call("GET", "/api/account/export").body["games"] == []
    # signing in from another site is refused too (no planting of a session)
    r = Visitor(server.base, extra={"Origin": "https://evil.example"}).sign_in(
        "csrf-target", PASSWORD
    )
    assert r.status == 403 and not r.set_cookie
    assert me.call("GET", "/api/session").body["account"]["username"] == "csrf-target"


def test_the_answers_do_not_tell_which_names_exist(server: ServerProcess) -> None:
    """Same status and body; and in time, a wrong password and an unknown name
    take alike (a dummy hash is verified for an unknown name). Tries alternate,
    so a busy machine slows both; medians, so one slow try says nothing."""
    owner = visitor(server)
    assert owner.sign_up("timed", PASSWORD).status == 201
    known: list[float] = []
    unknown: list[float] = []
    answers = set()
    for i in range(8):
        for name, times in (("timed", known), (f"untimed-{i}", unknown)):
            who = visitor(server)
            start = time.perf_counter()
            r = who.sign_in(name, "not the password")
            times.append(time.perf_counter() - start)
            answers.add((r.status, str(r.body), r.set_cookie))
    assert answers == {(401, str({"error": "wrong username or password"}), "")}
    ratio = statistics.median(known) / statistics.median(unknown)
    # both do one argon2id check (hundreds of ms); without the dummy an unknown
    # name answers in a few ms, a ratio of 50 or more
    assert 1 / 3 < ratio < 3, (known, unknown)


def test_another_players_data_is_not_theirs_to_read_or_change(server: ServerProcess) -> None:
    alice, mallory = visitor(server), visitor(server)
    assert alice.sign_up("alice-data", PASSWORD).status == 201
    assert mallory.sign_up("mallory-data", PASSWORD).status == 201
    game = alice.call("POST", "/api/games", {"seats": ["human", "human"]}).body
    deck = alice.call("POST", "/api/decks", {"game": "hecatomb", "name": "A", "text": "3 Snap"})
    deck_path = f"/api/decks/{deck.body['id']}"
    # mallory's export is mallory's only
    mine = mallory.call("GET", "/api/account/export").body
    assert mine["account"]["username"] == "mallory-data"
    assert mine["games"] == [] and mine["decks"] == []
    # alice's deck: readable by link (as every saved deck), not changeable
    assert mallory.call("PUT", deck_path, {"name": "Mine"}).status == 403
    assert mallory.call("DELETE", deck_path).status == 403
    # alice's seat: not mallory's without its token, nor with a made-up one
    seat = f"/api/games/{game['id']}/seat/account"
    assert mallory.call("POST", seat).status == 403
    assert mallory.call("POST", seat, Authorization="Bearer made-up-token").status == 403
    # nothing of alice changed
    theirs = alice.call("GET", "/api/account/export").body
    assert [g["id"] for g in theirs["games"]] == [game["id"]]
    assert [d["name"] for d in theirs["decks"]] == ["A"]
    assert mallory.call("GET", "/api/account/export").body["games"] == []


def test_the_session_cookie_is_httponly_samesite_and_secure_over_https(
    server: ServerProcess,
) -> None:
    plain = visitor(server)
    assert plain.sign_up("cookie-plain", PASSWORD).status == 201
    flags = _flags(plain.sign_in("cookie-plain", PASSWORD).set_cookie)
    assert {"httponly", "samesite=lax", "path=/"} <= flags and "secure" not in flags
    # behind the trusted proxy, over HTTPS: Secure (and the page's origin is https)
    https = visitor(server)
    https.extra = {"X-Forwarded-Proto": "https",
                   "Origin": server.base.replace("http://", "https://")}  # fmt: skip
    r = https.sign_up("cookie-https", PASSWORD)
    assert r.status == 201, r.body
    assert {"httponly", "samesite=lax", "secure"} <= _flags(r.set_cookie)
    assert COOKIE in r.set_cookie


def _flags(set_cookie: str) -> set[str]:
    return {part.strip().lower() for part in set_cookie.split(";")[1:]}
