"""Random playouts that check the engine's invariants after every action.

``python -m ossuary.diabolicards.fuzz --games 10000`` plays many games, 1v1 and
2v2 in turn; the test suite runs a smaller sample.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..engine.rng import Rng
from .cards import DECK_SIZE
from .state import ACTIVATION, REGULAR, SCORCH, SLOTS, DiaboState, code


class InvariantError(AssertionError):
    pass


def card_places(s: DiaboState) -> Counter[int]:
    """How many times each card appears across deck, hands, contracts, mat, dead."""
    seen: Counter[int] = Counter(s.deck)
    for hand in s.hands:
        seen.update(hand)
    seen.update(c for c in s.contracts if c >= 0)
    seen.update(s.dead)
    for side in (0, 1):
        for z in range(3):
            seen.update(s.mat[side][z])
            seen.update(s.scorch[side][z])
            if s.act[side][z] >= 0:
                seen[s.act[side][z]] += 1
    return seen


def _walk(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def check(s: DiaboState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant."""
    places = card_places(s)
    if len(places) != DECK_SIZE or any(v != 1 for v in places.values()) or len(s.defs) != 80:
        lost = set(range(DECK_SIZE)) - set(places)
        twice = [c for c, v in places.items() if v != 1]
        raise InvariantError(f"cards lost {sorted(lost)} or in two places {twice}")
    on_mat: set[int] = set()
    for side in (0, 1):
        for z in range(3):
            regular = s.mat[side][z]
            if len(regular) > SLOTS:
                raise InvariantError(f"side {side} zone {z} holds {len(regular)} cards")
            if s.sealed[z] and (regular or s.scorch[side][z] or s.act[side][z] >= 0):
                raise InvariantError(f"sealed zone {z} is not empty")
            for kind, cards in (
                (REGULAR, regular),
                (SCORCH, s.scorch[side][z]),
                (ACTIVATION, [s.act[side][z]] if s.act[side][z] >= 0 else []),
            ):
                for c in cards:
                    d = s.defs[c]
                    if s.place[c] != code(side, z, kind):
                        raise InvariantError(f"{d.name}: place index out of step")
                    if not 0 <= s.ctrl[c] < s.n or s.ctrl[c] % 2 != side:
                        raise InvariantError(f"{d.name}: controller {s.ctrl[c]} not on side {side}")
                    if (kind == SCORCH) != d.scorched or (kind == ACTIVATION and not d.diabolical):
                        raise InvariantError(f"{d.name} is in the wrong kind of slot")
                    on_mat.add(c)
    for c in range(DECK_SIZE):
        if c not in on_mat and (s.place[c] != -1 or s.ctrl[c] != -1):
            raise InvariantError(f"{s.defs[c].name} is off the mat but has a place")
    for group in (s.sticks, s.pacts):
        for bond in group:
            if not all(c in on_mat for c in bond):
                raise InvariantError(f"a bond {bond} holds a card off the mat")
    for m in s.mods:
        if m[2] not in on_mat:
            raise InvariantError(f"a boost or hinder on a card off the mat: {m}")
    if s.is_terminal() and s.pending is None:
        r = s.returns()
        if abs(sum(r)) > 1e-9 and s.n == 2:
            raise InvariantError(f"returns {r} are not zero-sum")
    if not deep:
        return
    from .game import deserialize

    text = s.serialize()
    if s.clone().serialize() != text:
        raise InvariantError("clone differs from the original")
    if deserialize(text).serialize() != text:
        raise InvariantError("serialize does not round-trip")
    from .view import hidden_from

    for who in [*range(s.n), None]:
        hidden = hidden_from(s, who)
        v = s.view(who)  # None: a spectator
        for item in _walk(v):
            if "card" in item and item.get("id") in hidden:
                raise InvariantError(f"seat {who}'s view shows hidden card {item['id']}")
            seen_by = item.get("seen_by")
            if seen_by is not None and who not in seen_by and ("card" in item or "cards" in item):
                raise InvariantError(f"seat {who}'s log shows a private card")
        if who is not None:
            for p, player in enumerate(v["players"]):
                if p != who and any(
                    c is not None and not s.known[c["id"]] & (1 << who) for c in player["hand"]
                ):
                    raise InvariantError(f"seat {who} sees seat {p}'s hand")


def random_game(
    seed: int, seats: int, checks: bool = True, deep_every: int = 1, max_actions: int = 5000
) -> tuple[DiaboState, list[str]]:
    """Play one uniformly random game; return the final state and the actions."""
    from .game import new_game

    s = new_game(seats=seats, seed=seed)
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
                f"game {seed} ({seats} seats) did not end in {max_actions} actions"
            )
    if checks:
        check(s)
        again = new_game(seats=seats, seed=seed)
        for aid in actions:
            again.apply_action(aid)
        if again.serialize() != s.serialize():
            raise InvariantError(f"game {seed}: same seed and actions gave a different game")
    return s, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Diabolicards random playouts with checks.")
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
        seats = 2 if i % 2 == 0 else 4
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
