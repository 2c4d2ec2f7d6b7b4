"""Mid-game positions for the browser's layout tests and the docs' pictures: a
game on a real server played over sockets by every seat until seat 0 (Player 1)
decides its turn with a full board of its own, a full hand, and a card it can play.

Every seat plays what it can (cards onto the table, into mana) and never
attacks or destroys, so the table fills; a seat whose own board is full ends its
turn instead, so its hand fills. The seed and this policy make the same position
every time.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

from websockets.sync.client import connect

from .helpers import ServerProcess

Message = dict[str, Any]
Picker = Callable[[int, Message], "str | None"]

# option verbs that put a card on the table, and those that take one off it
BUILD = ("play", "mana", "on", "new", "at", "stitch", "onto", "keep")
HARM = ("attack", "attacker", "hunt", "kill", "destroy", "enemy", "dismiss", "sacrifice",
        "trade", "purge")  # fmt: skip
QUIET = ("end", "pass", "done", "no", "none")
TURN = ("main", "turn")  # the decision that is a seat's turn, by game


# what "full" means, by game (and 2v2): (cards of the seat's own on the table, cards in hand)
FULL = {
    "hecatomb": (22, 7),
    "necromancer": (6, 6),
    "diabolicards": (18, 5),
    "diabolicards 2v2": (18, 5),
}
SEEDS = {"hecatomb": 7, "necromancer": 7, "diabolicards": 3, "diabolicards 2v2": 3}


def counts(game: str, view: Message, seat: int) -> tuple[int, int]:
    """(cards of ``seat``'s own on the table, cards in its hand), from its view."""
    player = next(p for p in view["players"] if p["seat"] == seat)
    hand = sum(1 for c in player["hand"] if c)
    if game == "hecatomb":
        stacks = sum(len(a["minions"]) for a in player["abominations"])
        return stacks + len(player["mana"]) + bool(player["god"]) + len(player["relics"]), hand
    if game == "necromancer":
        return sum(1 for m in player["minions"] if m) + sum(1 for c in player["magic"] if c), hand
    side = view["sides"][seat % 2]  # Diabolicards: the side's cards, partners' together
    on = sum(len(z["slots"]) + bool(z["activation"]) + len(z["scorched"]) for z in side["zones"])
    return on, hand


def _choose(ids: list[str], full: bool, turn: bool, rng: random.Random) -> str:
    if turn and full:
        for quiet in QUIET:
            if quiet in ids:
                return quiet
    build = [i for i in ids if i.split(" ")[0] in BUILD]
    if build:
        return rng.choice(build)
    for quiet in QUIET:
        if quiet in ids:
            return quiet
    calm = [i for i in ids if i.split(" ")[0] not in HARM]
    return rng.choice(calm or ids)


def drive(server: ServerProcess, created: Message, pick: Picker, limit: int = 1500) -> None:
    """Play a game whose every seat is a person over sockets: ``pick(seat, state)``
    answers the seat deciding (an option id), or None to stop there."""
    ws_base = server.base.replace("http://", "ws://")
    with contextlib.ExitStack() as stack:
        sockets = []
        for seat in created["seats"]:
            sock = stack.enter_context(connect(f"{ws_base}/ws/games/{created['id']}"))
            sock.send(json.dumps({"type": "auth", "token": seat["token"]}))
            sockets.append(sock)
        states: list[Message] = [{} for _ in sockets]

        def drain(seq: int) -> None:
            for i, sock in enumerate(sockets):
                while states[i].get("seq", -1) < seq:
                    msg = json.loads(sock.recv(timeout=20))
                    if msg["type"] == "state":
                        states[i] = msg

        drain(0)
        for n in range(limit):
            assert not states[0]["over"], "the game ended before the position was reached"
            who = next(i for i, s in enumerate(states) if s["legal"])
            choice = pick(who, states[who])
            if choice is None:
                return
            sockets[who].send(json.dumps({"type": "action", "id": choice, "seq": n}))
            drain(n + 1)
    raise AssertionError(f"the position was not reached in {limit} actions")


def full_table(server: ServerProcess, key: str) -> Message:
    """Create a game of ``key`` ("hecatomb", "diabolicards 2v2", ...) with a person
    in every seat and play it to seat 0's turn with a full board and hand. The
    server's answer to the creation (its seats' links and tokens)."""
    game, _, mode = key.partition(" ")
    seats = 4 if mode == "2v2" else 2
    body: Message = {"game": game, "seats": ["human"] * seats, "seed": SEEDS[key]}
    if mode:
        body["mode"] = mode
    created = server.post("/api/games", body)
    board, hand = FULL[key]
    rng = random.Random(SEEDS[key])

    def pick(who: int, state: Message) -> str | None:
        view = state["view"]
        kind = (view.get("decision") or {}).get("kind")
        mine, held = counts(game, view, who)
        ids = [o["id"] for o in state["legal"]]
        playable = any(i.startswith("play ") for i in ids)
        if who == 0 and kind in TURN and mine >= board and held >= hand and playable:
            return None
        return _choose(ids, mine >= board, kind in TURN, rng)

    drive(server, created, pick)
    return created
