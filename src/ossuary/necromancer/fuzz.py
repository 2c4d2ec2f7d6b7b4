"""Random playouts that check the engine's invariants after every action.

``python -m ossuary.necromancer.fuzz --games 10000`` plays many games over
seeds and 2-4 seats (random legal decks on odd seeds, so every card of the
base set gets played); the test suite runs a smaller sample.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..engine.rng import Rng
from .state import EMPTY, MAX_LIFEFORCE, SLOTS, SPACES, START_HEALTH, NecroState


class InvariantError(AssertionError):
    pass


def all_card_places(s: NecroState) -> Counter[int]:
    """How many places each card is in (each must be in exactly one)."""
    seen: Counter[int] = Counter()
    for seat in s.seats:
        if seat.hero != EMPTY:
            seen[seat.hero] += 1
        for zone in (seat.deck, seat.hand, seat.graveyard, seat.banished):
            seen.update(zone)
        seen.update(c for c in seat.minions if c != EMPTY)
        seen.update(c for c in seat.magic if c != EMPTY)
    for m in s.minions.values():
        seen.update(m.relics)
    seen.update(it.source for it in s.rstack if it.kind == "card")
    seen.update(s.limbo)
    return seen


def hidden_from(s: NecroState, seat: int) -> set[int]:
    """Cards whose identity ``seat`` may not see: every deck, others' unknown hand cards."""
    bit = 1 << seat
    out: set[int] = set()
    for p, st in enumerate(s.seats):
        out.update(c for c in st.deck if not s.known[c] & bit)
        if p != seat:
            out.update(c for c in st.hand if not s.known[c] & bit)
    return out


def _walk(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def check(s: NecroState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant."""
    places = all_card_places(s)
    n_cards = len(s.defs)
    if (
        set(places) - set(range(n_cards))
        or len(places) != n_cards
        or any(v != 1 for v in places.values())
    ):
        lost = sorted(set(range(n_cards)) - set(places))
        twice = [c for c, v in places.items() if v != 1 or not 0 <= c < n_cards]
        raise InvariantError(f"cards lost {lost} or in two places (or unknown) {twice}")
    on_rows = {}
    for p, seat in enumerate(s.seats):
        if seat.hero == EMPTY or s.defs[seat.hero].type != "hero" or s.owner[seat.hero] != p:
            raise InvariantError(f"seat {p} has no hero in its hero zone")
        if not 0 <= seat.lifeforce <= MAX_LIFEFORCE:
            raise InvariantError(f"seat {p} has {seat.lifeforce} lifeforce")
        if seat.health > START_HEALTH or (
            seat.alive
            and seat.health <= 0
            and s.pending is not None
            and s.pending.kind in ("main", "mulligan")
        ):
            raise InvariantError(f"seat {p} has {seat.health} health")
        if len(seat.minions) != SPACES or len(seat.magic) != SLOTS:
            raise InvariantError(f"seat {p}'s field has the wrong number of spaces")
        for c in seat.minions:
            if c != EMPTY:
                on_rows[c] = p
                if not s.defs[c].is_minion:
                    raise InvariantError(f"{s.defs[c].name} is in a minion space")
        lands = 0
        for c in seat.magic:
            if c != EMPTY:
                if s.defs[c].type not in ("artifact", "event", "land"):
                    raise InvariantError(f"{s.defs[c].name} is in a magic slot")
                lands += s.defs[c].type == "land"
        if lands > 1:
            raise InvariantError(f"seat {p} has {lands} lands (section 15: one)")
        if any(s.defs[c].type == "hero" for z in (seat.deck, seat.hand) for c in z):
            raise InvariantError(f"a hero is in seat {p}'s deck or hand")
    if on_rows.keys() != s.minions.keys():
        raise InvariantError("the minion records are out of step with the minion spaces")
    for cid, m in s.minions.items():
        if m.cid != cid or on_rows[cid] != m.controller:
            raise InvariantError(f"minion {cid} is on the wrong row")
        if m.damage < 0 or any(s.defs[r].type != "relic" for r in m.relics):
            raise InvariantError(f"minion {cid} has negative damage or a non-relic attached")
    if not deep:
        return
    text = s.serialize()
    if s.clone().serialize() != text:
        raise InvariantError("clone differs from original")
    from .game import deserialize

    if deserialize(text).serialize() != text:
        raise InvariantError("serialize does not round-trip")
    for who in range(s.n):
        hidden = hidden_from(s, who)
        for d in _walk(s.view(who)):
            if "card" in d and d.get("id") in hidden:
                raise InvariantError(f"seat {who}'s view shows hidden card {d['id']}")
            if d.get("private") not in (None, who) and ("card" in d or "cards" in d):
                raise InvariantError(f"seat {who}'s log shows a private card")


def random_game(
    seed: int, seats: int, checks: bool = True, deep_every: int = 1, max_actions: int = 20000
) -> tuple[NecroState, list[str]]:
    """Play one uniformly random game; return the final state and the actions.

    Even seeds use the preconstructed decks; odd seeds give every seat a random
    legal deck, so every card of the base set gets played.
    """
    from .balance import random_deck
    from .cards import base_pool
    from .game import new_game

    decks: list[list[str]] | None = None
    if seed % 2:
        decks = [random_deck(base_pool(), Rng(seed * 31 + k)) for k in range(seats)]
    s = new_game(decks=decks, seats=seats, seed=seed)
    rng = Rng(seed * 7919 + seats)
    actions: list[str] = []
    while not s.is_terminal():
        if checks:
            check(s, deep=len(actions) % deep_every == 0)
        aid = rng.choice(s.legal_action_ids())
        actions.append(aid)
        s.apply_action(aid)
        if len(actions) > max_actions:
            raise InvariantError(
                f"game {seed} with {seats} seats did not end in {max_actions} actions"
            )
    if checks:
        check(s)
        again = new_game(decks=decks, seats=seats, seed=seed)
        for aid in actions:
            again.apply_action(aid)
        if again.serialize() != s.serialize():
            raise InvariantError(f"game {seed}: same seed and actions gave a different game")
    return s, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random playouts with invariant checks.")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--deep-every",
        type=int,
        default=10,
        help="clone/serialize/view checks every N actions (cheap checks every action)",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    actions = failures = 0
    for i in range(args.games):
        seed = args.seed + i
        seats = 2 + i % 3
        try:
            _, acts = random_game(seed, seats, deep_every=args.deep_every)
            actions += len(acts)
        except Exception as exc:  # report every failing seed, keep going
            failures += 1
            print(f"FAIL seed={seed} seats={seats}: {type(exc).__name__}: {exc}", file=sys.stderr)
        if (i + 1) % 500 == 0:
            print(f"{i + 1} games, {failures} failures, {time.perf_counter() - start:.0f}s",
                  flush=True)  # fmt: skip
    took = time.perf_counter() - start
    print(f"{args.games} games, {actions} actions, {failures} failures, {took:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
