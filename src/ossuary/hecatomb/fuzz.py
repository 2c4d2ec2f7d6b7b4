"""Random playouts that check the engine's invariants after every action.

``python -m ossuary.hecatomb.fuzz --games 10000`` (``make fuzz``) plays many
games over seeds and 2-6 seats; the test suite runs a smaller sample.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..engine.rng import Rng
from .cards import base_pool
from .decks import random_deck
from .game import deserialize, new_game
from .state import MAX_SIZE, HecatombState


class InvariantError(AssertionError):
    pass


def all_card_places(s: HecatombState) -> Counter[int]:
    seen: Counter[int] = Counter()
    for seat in s.seats:
        for zone in (seat.deck, seat.hand, seat.mana, seat.graveyard, seat.removed, seat.relics):
            seen.update(zone)
        if seat.god >= 0:
            seen[seat.god] += 1
    for a in s.aboms.values():
        seen.update(a.cards)
    seen.update(s.limbo)
    return seen


def hidden_from(s: HecatombState, seat: int) -> set[int]:
    bit = 1 << seat
    out = set()
    for p, st in enumerate(s.seats):
        out.update(st.deck)
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


def check(s: HecatombState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant."""
    places = all_card_places(s)
    n_cards = len(s.defs)
    if len(places) != n_cards or any(v != 1 for v in places.values()):
        lost = set(range(n_cards)) - set(places)
        twice = [c for c, v in places.items() if v != 1]
        raise InvariantError(f"cards lost {sorted(lost)} or in two places {twice}")
    for p, seat in enumerate(s.seats):
        if seat.souls < 0:
            raise InvariantError(f"seat {p} has negative souls")
        for aid in seat.aboms:
            a = s.aboms[aid]
            if not 1 <= a.size <= MAX_SIZE or a.owner != p:
                raise InvariantError(f"abomination {aid} has {a.size} minions")
    if sum(len(seat.aboms) for seat in s.seats) != len(s.aboms):
        raise InvariantError("abomination index out of step with seats")
    if not deep:
        return
    text = s.serialize()
    if s.clone().serialize() != text:
        raise InvariantError("clone differs from original")
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
) -> tuple[HecatombState, list[str]]:
    """Play one uniformly random game; return the final state and the actions.

    Even seeds use the preconstructed decks; odd seeds give every seat a random
    legal two-doom deck, so every card of the base set gets played.
    """
    decks: list[list[str] | str] | None = None
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
    from rich.progress import track

    start = time.perf_counter()
    actions = 0
    failures = 0
    for i in track(range(args.games), description="fuzzing"):
        seed = args.seed + i
        seats = 2 + i % 5
        try:
            _, acts = random_game(seed, seats, deep_every=args.deep_every)
            actions += len(acts)
        except Exception as exc:  # report every failing seed, keep going
            failures += 1
            print(f"FAIL seed={seed} seats={seats}: {type(exc).__name__}: {exc}", file=sys.stderr)
    took = time.perf_counter() - start
    print(f"{args.games} games, {actions} actions, {failures} failures, {took:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
