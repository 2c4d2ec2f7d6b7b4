"""Seat tokens and decks' edit tokens are secrets: they never travel in a URL
and never reach a log.

Checked on a real ``ossuary serve`` process logging at debug level, the way an
operator would see it: every line it wrote (uvicorn's too) is searched for
every token it handed out, after sockets, replays, joins, a deck saved, edited
and deleted, and clients that still put the token in the URL."""

from __future__ import annotations

import json
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import auth, running


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, object]]:
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as exc:
        return exc.code, json.load(exc)


def _send(url: str, method: str, body: object, token: str | None) -> tuple[int, dict[str, object]]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as exc:
        return exc.code, json.load(exc)


def test_no_token_reaches_the_servers_log_or_any_url() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.db"
        with running(f"sqlite:///{db}", workers=0, log_level="debug") as server:
            ws_base = server.base.replace("http://", "ws://")
            game = server.post("/api/games", {"seats": ["human", "human"], "seed": 3})
            public = server.post(
                "/api/games", {"seats": ["human", "human"], "public": True, "seed": 4}
            )
            joined = server.post(f"/api/games/{public['id']}/join", {})
            tokens = [s["token"] for s in game["seats"]]
            tokens += [s["token"] for s in public["seats"]] + [joined["token"]]
            # every link handed out carries its token after '#', which no server sees
            for s in [*game["seats"], *public["seats"], joined]:
                assert s["link"].endswith(f"#token={s['token']}")

            # the socket: the token is the first message; play one action
            with connect(f"{ws_base}/ws/games/{game['id']}") as ws:
                ws.send(auth(tokens[0]))
                hello = json.loads(ws.recv(timeout=10))
                assert hello["type"] == "hello" and hello["you"] == 0
                state = json.loads(ws.recv(timeout=10))
                if state["legal"]:
                    ws.send(json.dumps({"type": "action", "id": state["legal"][0]["id"]}))
                    assert json.loads(ws.recv(timeout=10))["type"] in ("state", "seats")

            # a client that still puts the token in the URL is refused, clearly
            with connect(f"{ws_base}/ws/games/{game['id']}?token={tokens[1]}") as ws:
                refused = json.loads(ws.recv(timeout=10))
                assert refused["code"] == "refused" and "never goes in a URL" in refused["message"]
                with pytest.raises(ConnectionClosed):
                    ws.recv(timeout=10)
                assert ws.close_code == 4400

            # ... however the URL spells the name (percent-encoded, twice, in capitals)
            for query in (f"tok%65n={tokens[1]}", f"%74oken={tokens[1]}",
                          f"tok%2565n={tokens[1]}", f"TOKEN={tokens[1]}"):  # fmt: skip
                with connect(f"{ws_base}/ws/games/{game['id']}?{query}") as ws:
                    refused = json.loads(ws.recv(timeout=10))
                    assert refused["code"] == "refused", query
            # ... or the value (its logged form must not give it away either)
            spelled = "".join(f"%{b:02X}" for b in tokens[1].encode())
            with connect(f"{ws_base}/ws/games/{game['id']}?token={spelled}") as ws:
                assert json.loads(ws.recv(timeout=10))["code"] == "refused"
            # a JSON escape in the first message's key is still its token
            with connect(f"{ws_base}/ws/games/{game['id']}") as ws:
                ws.send('{"type": "auth", "tok\\u0065n": "' + tokens[1] + '"}')
                hello = json.loads(ws.recv(timeout=10))
                assert hello["type"] == "hello" and hello["you"] == 1

            # replays: the token in a header; in the query it is refused
            replay = f"{server.base}/api/games/{game['id']}/replay?step=0"
            status, body = _get(replay, {"Authorization": f"Bearer {tokens[0]}"})
            assert status == 200 and body["seat"] == 0
            status, body = _get(f"{replay}&token={tokens[1]}")
            assert status == 400 and "never goes in a URL" in str(body["error"])
            status, body = _get(replay, {"Authorization": "Bearer not-a-token"})
            assert status == 403

            # a saved deck's edit token: after '#' in its edit link, in a header to edit
            deck = server.post("/api/decks", {"game": "hecatomb", "name": "Mine", "text": "3 Snap"})
            assert deck["edit"].endswith(f"#edit={deck['token']}")
            tokens.append(deck["token"])
            path = f"{server.base}/api/decks/{deck['id']}"
            status, _ = _send(path, "PUT", {"name": "Mine too"}, deck["token"])
            assert status == 200
            status, body = _send(f"{path}?edit={deck['token']}", "PUT", {"name": "x"}, None)
            assert status == 400 and "never goes in a URL" in str(body["error"])
            status, _ = _send(f"{path}?edi%74={deck['token']}", "PUT", {"name": "x"}, None)
            assert status == 400
            status, _ = _send(path, "PUT", {"name": "x"}, "not-the-token")
            assert status == 403
            status, _ = _send(path, "DELETE", None, deck["token"])
            assert status == 200

            log = server.log_text()
    assert "WebSocket /ws/games/" in log  # uvicorn did log the sockets ...
    assert f"/api/games/{game['id']}/replay" in log  # ... and the requests
    assert f"/api/decks/{deck['id']}" in log
    for token in tokens:
        assert token not in log  # ... and no secret
        assert "".join(f"%{b:02X}" for b in token.encode()) not in log  # not even spelled out


def test_no_session_cookie_csrf_token_or_password_reaches_the_log() -> None:
    """Sign up, sign in, change the password, sign out, delete: none of the
    passwords, session cookies or CSRF tokens is in what the server logged."""
    from .visitor import Visitor

    first, second = "first secret pass 1", "second 'secret' pass 2"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.db"
        with running(f"sqlite:///{db}", workers=0, log_level="debug") as server:
            me = Visitor(server.base)
            secrets = [first, second]
            assert me.sign_up("Logged_Not", first).status == 201
            secrets += [str(me.cookie), str(me.csrf)]
            assert me.call("GET", "/api/session").body["account"]["username"] == "Logged_Not"
            other = Visitor(server.base)
            assert other.sign_in("logged_not", first).status == 200
            secrets += [str(other.cookie), str(other.csrf)]
            change = {"old_password": first, "new_password": second}
            assert me.call("PUT", "/api/account/password", change).status == 200
            assert other.call("GET", "/api/session").body["account"] is None
            assert other.sign_in("logged_not", "a wrong password").status == 401
            assert other.sign_in("logged_not", second).status == 200
            secrets += [str(other.cookie), str(other.csrf)]
            assert other.call("DELETE", "/api/sessions").status == 200
            assert me.call("DELETE", "/api/account", {"password": second}).status == 200
            log = server.log_text()
    assert "POST /api/accounts" in log and "PUT /api/account/password" in log  # logged ...
    for secret in secrets:
        assert secret not in log  # ... without a secret


def test_the_log_filter_hides_every_kind_of_account_secret() -> None:
    """What a debugging line could carry: a Cookie header, a request body, a
    CSRF header or answer; the filter hides each, whatever its spelling."""
    from ossuary.server.logs import redact

    lines = {
        "cookie: ossuary_session=Sess1on-Value_x; theme=dark": "Sess1on-Value_x",
        '{"username": "bob", "password": "correct horse \\"battery\\""}': "horse",
        "{'old_password': 'old one here', 'new_password': 'new one'}": "one",
        '{"account": {"id": "x"}, "csrf": "Csrf-Token_1"}': "Csrf-Token_1",
        "X-CSRF-Token: Csrf-Token_2": "Csrf-Token_2",
        "(b'x-csrf-token', b'Csrf-Token_3')": "Csrf-Token_3",
        '{"pass\\u0077ord": "escaped secret"}': "escaped secret",
    }
    for line, secret in lines.items():
        assert secret not in redact(line), line
    assert redact('{"username": "bob"}') == '{"username": "bob"}'
