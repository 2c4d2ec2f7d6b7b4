"""Scenarios: a TOML text that sets up any Hecatomb position (docs/scenarios.md).

Rules tests, puzzles and bug reports all use it::

    [game]
    active = 0            # whose turn it is
    step = "main"         # "main": in that player's main phase; "start": before their ready phase

    [[seat]]
    souls = 7
    hand = ["Snap"]
    mana = ["Razorback Hound", "Snap"]
    abominations = [["Razorback Hound", "Bonecrusher Brute"]]   # bottom to top

    [[seat]]
    abominations = [{ minions = ["Grave Hoarder", "Gilded Ghoul"], tapped = true }]

Card ids are given in reading order (seat by seat: hand, deck, mana, mana_tapped,
graveyard, removed, relics, god, abominations); abomination ids likewise.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Any

from ..engine.errors import ScenarioError
from ..engine.rng import Rng
from .cards import CardDef, CardPool, base_pool
from .game import MAX_SEATS, MIN_SEATS
from .queries import invalidate
from .state import Abomination, HecatombState, Seat

SEAT_FIELDS = {
    "souls", "hand", "deck", "mana", "mana_tapped", "mana_added", "graveyard", "removed",
    "relics", "god", "abominations", "pool",
}  # fmt: skip
GAME_FIELDS = {"seats", "active", "step", "turn_number", "first", "seed"}


def load_scenario(text: str | Path, pool: CardPool | None = None) -> HecatombState:
    """Build the position a scenario describes and run to its first decision."""
    source = "scenario"
    if isinstance(text, Path):
        source = str(text)
        text = text.read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from exc
    pool = pool or base_pool()
    if "card" in data:
        pool = pool.with_cards(CardDef.from_dict(c, f"{source} [[card]]") for c in data["card"])
    game: dict[str, Any] = data.get("game", {})
    unknown = set(game) - GAME_FIELDS
    if unknown:
        raise ScenarioError(
            f"{source}: unknown [game] field(s) {sorted(unknown)}; known: {sorted(GAME_FIELDS)}"
        )
    seats_raw = data.get("seat", [])
    n = int(game.get("seats", max(2, len(seats_raw))))
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ScenarioError(f"{source}: seats must be {MIN_SEATS} to {MAX_SEATS}, got {n}")
    seats_raw = seats_raw + [{}] * (n - len(seats_raw))
    if len(seats_raw) > n:
        raise ScenarioError(f"{source}: {len(seats_raw)} [[seat]] tables for {n} seats")
    s = HecatombState()
    s.n = n
    s.rng = Rng(int(game.get("seed", 0)))
    s.turn = int(game.get("active", 0))
    s.first = int(game.get("first", s.turn))
    s.turn_number = int(game.get("turn_number", 3))
    if not 0 <= s.turn < n:
        raise ScenarioError(f"{source}: active must be a seat from 0 to {n - 1}")

    def card(name: Any, p: int, where: str) -> int:
        if not isinstance(name, str) or name not in pool:
            raise ScenarioError(f"{source}: seat {p} {where}: unknown card {name!r}")
        s.defs.append(pool[name])
        s.owner.append(p)
        s.known.append(0)
        return len(s.defs) - 1

    for p, raw in enumerate(seats_raw):
        bad = set(raw) - SEAT_FIELDS
        if bad:
            raise ScenarioError(
                f"{source}: seat {p}: unknown field(s) {sorted(bad)}; known: {sorted(SEAT_FIELDS)}"
            )
        seat = Seat()
        seat.souls = int(raw.get("souls", 5))
        if seat.souls < 0:
            raise ScenarioError(f"{source}: seat {p}: souls can't be negative")
        for name in raw.get("hand", []):
            cid = card(name, p, "hand")
            seat.hand.append(cid)
            s.known[cid] = 1 << p
        seat.deck = [card(name, p, "deck") for name in raw.get("deck", [])][
            ::-1
        ]  # listed top first
        seat.mana = [card(name, p, "mana") for name in raw.get("mana", [])]
        for name in raw.get("mana_tapped", []):
            cid = card(name, p, "mana_tapped")
            seat.mana.append(cid)
            s.tapped.add(cid)
        seat.mana_added = bool(raw.get("mana_added", False))
        seat.graveyard = [card(name, p, "graveyard") for name in raw.get("graveyard", [])]
        seat.removed = [card(name, p, "removed") for name in raw.get("removed", [])]
        for name in raw.get("relics", []):
            cid = card(name, p, "relics")
            if s.defs[cid].type != "relic":
                raise ScenarioError(f"{source}: seat {p}: {name!r} is not a relic")
            seat.relics.append(cid)
        if raw.get("god"):
            seat.god = card(raw["god"], p, "god")
            if s.defs[seat.god].type != "god":
                raise ScenarioError(f"{source}: seat {p}: {raw['god']!r} is not a god")
        pool_raw = raw.get("pool", {})
        for i, doom in enumerate(("corruption", "deceit", "destruction", "greed")):
            seat.pool[i] = int(pool_raw.get(doom, 0))
        s.seats.append(seat)
        for k, ab in enumerate(raw.get("abominations", [])):
            where = f"abomination {k + 1}"
            spec = {"minions": ab} if isinstance(ab, list) else dict(ab)
            minions = spec.get("minions")
            if not isinstance(minions, list) or not 1 <= len(minions) <= 5:
                raise ScenarioError(
                    f"{source}: seat {p} {where}: needs 1 to 5 minions, bottom to top"
                )
            cids = [card(m, p, where) for m in minions]
            for cid in cids:
                if not s.defs[cid].is_minion:
                    raise ScenarioError(
                        f"{source}: seat {p} {where}: {s.defs[cid].name!r} is not a minion"
                    )
            a = Abomination(s.next_aid, p, cids)
            s.next_aid += 1
            a.tapped = bool(spec.get("tapped", False))
            a.played = bool(spec.get("played", False))
            a.stitched = bool(spec.get("stitched", False))
            s.aboms[a.aid] = a
            seat.aboms.append(a.aid)
            for below, above in itertools.pairwise(cids):
                d = s.defs[above]
                if d.cond_keywords and d.cond_doom in s.defs[below].triggers:
                    s.cond_on.add(above)
    s.decks = [[s.defs[c].name for c in range(len(s.defs)) if s.owner[c] == p] for p in range(n)]
    invalidate(s)
    step = game.get("step", "main")
    if step == "main":
        s.push("main")
    elif step == "start":
        s.push("start_turn")
        s.turn_number -= 1
    else:
        raise ScenarioError(f"{source}: step must be 'main' or 'start', got {step!r}")
    s.run()
    return s
