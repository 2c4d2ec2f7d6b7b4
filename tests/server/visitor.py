"""A visitor of a real server with a cookie of its own (the session cookie),
for the accounts' tests from outside (urllib: nothing of the app's own)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

COOKIE = "ossuary_session"


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str]
    set_cookie: str  # the raw Set-Cookie header ("" when none)


@dataclass
class Visitor:
    """One browser: its session cookie (as the server last set it), its CSRF
    token (as the server last gave it), its address (X-Forwarded-For, which a
    server trusting 127.0.0.1 believes) and the origin its pages send."""

    base: str
    address: str | None = None
    cookie: str | None = None
    csrf: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def call(self, method: str, path: str, body: object = None, **headers: str) -> Answer:
        sent = {"Content-Type": "application/json", "Origin": self.base, **self.extra}
        if self.address is not None:
            sent["X-Forwarded-For"] = self.address
        if self.cookie is not None:
            sent["Cookie"] = f"{COOKIE}={self.cookie}"
        if self.csrf is not None:
            sent["X-CSRF-Token"] = self.csrf
        sent.update({k.replace("_", "-"): v for k, v in headers.items()})
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, headers=sent, method=method)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                answer = Answer(r.status, _json(r.read()), dict(r.headers),
                                r.headers.get("Set-Cookie") or "")  # fmt: skip
        except urllib.error.HTTPError as exc:
            answer = Answer(exc.code, _json(exc.read()), dict(exc.headers),
                            exc.headers.get("Set-Cookie") or "")  # fmt: skip
        self._remember(answer)
        return answer

    def _remember(self, answer: Answer) -> None:
        if answer.set_cookie:
            jar: SimpleCookie = SimpleCookie()
            jar.load(answer.set_cookie)
            if COOKIE in jar:
                morsel = jar[COOKIE]
                self.cookie = morsel.value if morsel.value and morsel["max-age"] != "0" else None
        if isinstance(answer.body, dict) and "csrf" in answer.body:
            self.csrf = answer.body["csrf"]

    def sign_up(self, name: str, password: str) -> Answer:
        return self.call("POST", "/api/accounts", {"username": name, "password": password})

    def sign_in(self, name: str, password: str) -> Answer:
        return self.call("POST", "/api/sessions", {"username": name, "password": password})


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace")
