"""The lobby: games set up and stored, and public games' free seats taken.

:meth:`Lobby.create` checks a request for a new game (the game, its mode and
seats, the computer levels, the names, the decks, saved ones included), deals
it, stores it and hands it to the hub as a live game; it answers each human
seat's secret token (only their hashes are stored). :meth:`Lobby.claim` gives
a lobby player a free seat of a public game.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Sequence

from .. import games
from ..agents import check_agent
from ..engine.errors import OssuaryError
from ..engine.game import DeckSpec, Game
from ..engine.untrusted import unsafe_char
from ..tutorial import Tutorial, lesson, lessons
from . import ai
from .decks import client_key, playable, saved_id
from .errors import RequestError, token_hash
from .hub import Hub
from .live import HUMAN, LiveGame
from .protocol import CreateGame
from .rated import rated_request
from .storage import GameRecord, LimitReached, SeatRecord

log = logging.getLogger("ossuary.server")


class Lobby:
    """New games and free seats, for the hub's live games."""

    def __init__(self, hub: Hub, max_live_games: int = 20) -> None:
        self.hub = hub
        self.max_live_games = max_live_games  # games in progress one client may have made

    async def create(
        self, req: CreateGame, client: str | None = None
    ) -> tuple[GameRecord, dict[int, str]]:
        """Set up and store a new game; return it and the secret token of each
        human seat (only their hashes are stored). ``client``: who asks (their
        address), for the limit on games in progress per client."""
        hub = self.hub
        try:
            game = games.get(req.game)
        except OssuaryError as exc:
            raise RequestError(str(exc)) from None
        first = None
        if req.tutorial:  # the guided first game: the lesson's own deal
            found = _lesson(game, req.mode)
            deal = found.deal
            req = req.model_copy(update={"seats": list(deal.seats), "decks": found.decks,
                                         "seed": deal.seed, "mode": deal.mode,
                                         "names": req.names or deal.names or None})  # fmt: skip
            first = deal.first
        n = len(req.seats)
        mode = _mode(game, req.mode, n)
        kinds, takeover = _seat_kinds(game, req, n)
        names = _names(req.names, n)
        seed = req.seed if req.seed is not None else secrets.randbelow(2**53)
        decks = _decks(game, await self._saved_decks(game, req.decks), n, seed)
        try:
            state = game.new_game(decks=decks, seats=n, seed=seed, first=first)
        except (OssuaryError, ValueError) as exc:
            raise RequestError(str(exc)) from None
        # Every human seat whose link is handed out is that link's from now on,
        # connected or not. A public game hands out only its creator's link (the
        # first human seat); its other human seats are open to the lobby's /join.
        humans = [i for i, k in enumerate(kinds) if k == HUMAN]
        linked = humans[:1] if req.public else humans
        tokens = {i: secrets.token_urlsafe(24) for i in linked}
        record = GameRecord(
            id=secrets.token_urlsafe(9),
            game=game.name,
            version=state.version,
            created=time.time(),
            decks=[list(d) for d in state.deck_lists()],
            seed=seed,
            # as given to new_game above: the lesson's first player, or None (the
            # seed chooses; never a guess read off the state)
            first=first,
            options={
                "mode": mode,
                "turn_seconds": req.turn_seconds,
                "timeouts_to_ai": req.timeouts_to_ai,
                "abandon_seconds": req.abandon_seconds,
                "takeover": takeover,
                "public": req.public,
                "seed_given": req.seed is not None,
                "names": names or None,
                "tutorial": req.tutorial,
                "rated": rated_request(req, kinds),
            },
            status="finished" if state.is_terminal() else "playing",
            seats=[
                SeatRecord(
                    i,
                    k,
                    k,
                    token_hash(tokens[i]) if i in tokens else None,
                    claimed=k != HUMAN or i in tokens,
                )
                for i, k in enumerate(kinds)
            ],
            creator=client_key(client),
        )
        try:
            await hub.db.call(hub.db.store.create_game, record, self.max_live_games,
                              hub.cluster.lease_for_new())  # fmt: skip
        except LimitReached as exc:
            raise RequestError(
                f"you already have {exc.count} games in progress on this server, the most it "
                "allows one player; finish or leave one first (a game nobody plays ends "
                f"by itself after {hub.expire_seconds / 86_400:g} days)",
                429,
            ) from None
        except Exception as exc:
            log.error("cannot store a new game: %s", exc)
            raise RequestError("the game could not be saved; try again", 503) from None
        hub.cluster.took(record.id, 1)
        hub.add(LiveGame(record, game, state))
        return record, tokens

    async def _saved_decks(
        self, game: Game, asked: Sequence[str | list[str] | None] | None
    ) -> Sequence[str | list[str] | None] | None:
        """``asked`` with each ``saved:ID`` entry replaced by that saved deck's
        cards; a refusal if it is missing, another game's, or a draft."""
        if asked is None or not any(saved_id(d) for d in asked):
            return asked
        db = self.hub.db
        out: list[str | list[str] | None] = []
        for i, deck in enumerate(asked):
            deck_id = saved_id(deck)
            if deck_id is None:
                out.append(deck)
                continue
            record = await db.call(db.store.load_deck, deck_id[:40])
            out.append(playable(game, record, deck_id, f"{lobby_name(i)}'s deck"))
        return out

    async def claim(self, game_id: str) -> tuple[int, str]:
        """Take a free human seat of a public game: its seat and a new token."""
        hub = self.hub
        g = await hub.get(game_id)
        if not g.record.options.get("public"):
            raise RequestError("this game is not open to the lobby; ask for an invite link", 403)
        if g.record.status != "playing":
            raise RequestError("this game is over", 409)
        async with g.lock:
            # a free seat, taken in the database only if it is still free there
            # (another server may be seating someone in it at the same moment)
            for _ in range(len(g.record.seats) + 1):
                free = next(
                    (s for s in g.record.seats if s.kind == HUMAN and not s.claimed), None
                )  # fmt: skip
                if free is None:
                    raise RequestError("every seat of this game is taken", 409)
                token = secrets.token_urlsafe(24)
                digest = token_hash(token)
                try:
                    took = await hub.db.call(hub.db.store.claim_seat, g.id, free.seat, digest)
                except Exception:
                    raise RequestError("the seat could not be saved; try again", 503) from None
                if took:
                    free.token_hash, free.claimed = digest, True
                    break
                free.claimed = True  # someone else's now: look again
            else:
                raise RequestError("every seat of this game is taken", 409)
        await hub.cluster.tell(g.id, "s")
        hub.broadcast_seats(g)
        return free.seat, token


def lobby_name(seat: int) -> str:
    """A seat as the lobby's form names it while a game is being set up
    ("Player 1" for the first row), for a refusal of that row's deck or player."""
    return f"Player {seat + 1}"


def _lesson(game: Game, mode: str | None) -> Tutorial:
    """``game``'s lesson for ``mode`` (None: its main one)."""
    if lesson(game.name) is None:
        raise RequestError(f"{game.title} has no guided first game yet")
    found = lesson(game.name, mode)
    if found is None:
        have = ", ".join(t.mode or "the usual game" for t in lessons(game.name))
        raise RequestError(f"{game.title} has no lesson for mode {mode}; lessons: {have}")
    return found


def _mode(game: Game, asked: str | None, n: int) -> str | None:
    if asked is None:
        return None
    modes = dict(game.modes)
    if asked not in modes:
        known = ", ".join(modes) or "none"
        raise RequestError(f"{game.title} has no mode {asked!r}; modes: {known}")
    if modes[asked] != n:
        raise RequestError(f"mode {asked} is for {modes[asked]} seats, not {n}")
    return asked


def _seat_kinds(game: Game, req: CreateGame, n: int) -> tuple[list[str], str]:
    """Each seat's kind (``human`` or an agent spec) and the takeover agent."""
    try:
        game.check_seats(n)
    except OssuaryError as exc:
        raise RequestError(str(exc)) from None
    kinds: list[str] = []
    for i, kind in enumerate(req.seats):
        if kind.strip().lower() == HUMAN:
            kinds.append(HUMAN)
            continue
        try:
            kinds.append(check_agent(ai.agent_spec(kind), game.name, n))
        except ValueError as exc:  # a learned policy for another game, say
            raise RequestError(f"{lobby_name(i)}: {exc}") from None
    computers = sum(1 for k in kinds if k != HUMAN)
    if computers > ai.MAX_COMPUTER_SEATS:
        raise RequestError(
            f"{computers} computer seats: this server plays at most "
            f"{ai.MAX_COMPUTER_SEATS} in one game"
        )
    try:
        takeover = check_agent(ai.agent_spec(req.takeover), game.name, n)
    except ValueError as exc:
        raise RequestError(f"takeover: {exc}") from None
    return kinds, takeover


def _names(asked: Sequence[str | None] | None, n: int) -> list[str | None]:
    names = list(asked or [])
    if len(names) > n:
        raise RequestError(f"{n} seats, {len(names)} names: give at most one name a seat")
    for i, name in enumerate(names):
        bad = None if name is None else unsafe_char(name)
        if bad is not None:
            raise RequestError(f"names.{i}: a name can't hold {bad}")
    return [" ".join(x.split()) or None if x else None for x in names]


def _decks(
    game: Game, asked: Sequence[str | list[str] | None] | None, n: int, seed: int
) -> list[DeckSpec] | None:
    """The decks to start with: None (the game's defaults), or one per seat."""
    if asked is None:
        return None
    if len(asked) != n:
        raise RequestError(f"{n} seats need {n} decks (or null for the defaults), got "
                           f"{len(asked)}")  # fmt: skip
    if all(d is None for d in asked):
        return None
    defaults = game.new_game(decks=None, seats=n, seed=seed).deck_lists()
    if len(defaults) != n:  # no deck per seat: the game deals from one shared deck
        raise RequestError(
            f"{game.title} deals every seat from one shared deck: leave 'decks' out "
            "(or null for every seat)"
        )
    by_lower = {name.lower(): name for name in game.decks.preconstructed()}
    out: list[DeckSpec] = []
    for i, deck in enumerate(asked):
        who = f"{lobby_name(i)}'s deck"
        if deck is None:
            out.append(list(defaults[i]))
        elif isinstance(deck, list):
            out.append(deck)
        elif deck.lower() in by_lower:
            out.append(list(game.decks.preconstructed()[by_lower[deck.lower()]]))
        else:
            try:
                out.append(game.decks.parse(deck, source=who))
            except OssuaryError as exc:
                if "\n" in deck:
                    raise RequestError(str(exc)) from None
                known = ", ".join(game.decks.preconstructed()) or "none"
                raise RequestError(
                    f"{who}: {deck!r} is neither a preconstructed deck ({known}) nor a "
                    f"deck list: {exc}"
                ) from None
    return out
