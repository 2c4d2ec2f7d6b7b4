"""How a server runs: :class:`ServerConfig`, what ``ossuary serve`` is given."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ai
from .hub import HOLD_SECONDS
from .storage import default_sqlite_url


@dataclass
class ServerConfig:
    """How a server runs: its database, its AI workers, and the AI time guard."""

    db_url: str = ""
    ai_workers: int = ai.default_workers()
    #: seconds an AI may take at most for one decision (its own budget is
    #: shorter; past this the default option is taken)
    ai_limit: float = 60.0
    #: games in progress one client (address) may have created at once
    max_live_games: int = 20
    #: a game nobody has played or watched for this long ends as abandoned
    expire_days: float = 7.0
    #: processes for deck trials, at the lowest priority (0: trials run on the
    #: search workers, after any game's waiting decision)
    trial_workers: int = 1
    #: games a trial plays against each deck of the field (None: the simulator's default)
    trial_games: int | None = None
    #: seconds every response window stays open at least (docs/server.md, "Auto-pass")
    hold_seconds: float = HOLD_SECONDS
    #: learned policies offered in the lobby besides the shipped ones
    #: (``ossuary serve --policy PATH`` or ``NAME=PATH``)
    policies: list[str] = field(default_factory=list)
    #: sockets that have not said who they are yet, at once: from one client
    #: (address) and on the whole server; past them a socket is refused at once
    pending_per_client: int = 8
    pending_total: int = 256
    #: seconds a new socket may take to send its first message
    auth_seconds: float = 5.0
    #: deck checks (and deck saves and reads, which check) one client may ask
    #: for a second on average, and at once
    deck_checks_per_second: float = 5.0
    deck_checks_burst: float = 20.0
    #: the proxies (addresses or networks, "10.0.0.0/8") whose X-Forwarded-For
    #: names the client; from anyone else the header is ignored (a client
    #: could be as many clients as it likes by sending one)
    trusted_proxies: list[str] = field(default_factory=list)

    def url(self) -> str:
        return self.db_url or default_sqlite_url()
