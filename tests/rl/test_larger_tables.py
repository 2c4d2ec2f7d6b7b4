"""An encoder made for fewer seats reading a larger table (docs/rl.md, "One
policy, several tables"): Hecatomb's 5-seat encoding at a table of six, checked
against the 6-seat encoding of the same positions, which has room for every
seat: each seat the narrow one shows must be written exactly as the full one
writes it, the seat across the table nowhere, and each option must name the
same thing or, where it names the left-out seat's, nothing."""

from __future__ import annotations

import re

import numpy as np
import pytest

from ossuary import games
from ossuary.hecatomb.encode_parts import seat_slot

from .helpers import random_positions

#: the seat blocks of the observation, laid out alike for every seat
SEAT_PARTS = (
    "counters", "mana", "hand", "graveyard", "removed", "deck_top", "god", "relics", "aboms",
)  # fmt: skip
#: the action blocks that name a seat's thing, the seat first
OWNED = re.compile(r"(card|player|abomination|minion|relic_or_god)\[(\d+)\](.*)")


def test_seat_slot_keeps_the_nearest_seats_on_either_side() -> None:
    # at a table no larger than the encoding nothing moves
    assert [seat_slot(r, 5, 5) for r in range(5)] == [0, 1, 2, 3, 4]
    assert [seat_slot(r, 3, 5) for r in range(3)] == [0, 1, 2]
    # six seats in five: the viewer, two after it, two before it; across: left out
    assert [seat_slot(r, 6, 5) for r in range(6)] == [0, 1, 2, -1, 3, 4]
    # six in four: the viewer, one after... two before
    assert [seat_slot(r, 6, 4) for r in range(6)] == [0, 1, -1, -1, 2, 3]
    assert [seat_slot(r, 6, 2) for r in range(6)] == [0, -1, -1, -1, -1, 1]


def _slice(enc: object, name: str) -> slice:
    for block, start, stop in enc.obs_blocks.ranges:  # type: ignore[attr-defined]
        if block == name:
            return slice(start, stop)
    raise KeyError(name)


def _owned(name: str) -> tuple[str, int, str] | None:
    m = OWNED.fullmatch(name)
    return None if m is None else (m.group(1), int(m.group(2)), m.group(3))


@pytest.mark.parametrize("seed", [3, 8])
def test_five_seats_read_a_table_of_six_as_six_seats_would(seed: int) -> None:
    game = games.get("hecatomb")
    narrow, full = game.research.encoder(5), game.research.encoder(6)
    assert narrow.reads_larger_tables
    shared = [
        "deciding", "decision kind", "decision detail", "turn number / 50", "cards being played",
        "path: count so far / 10", "path: mana chosen per doom / 5", "order options",
    ]  # fmt: skip
    one_hots = ["active seat", "attacking seat", "defending seat", "winner seat"]
    positions = skipped = 0
    for t in random_positions("hecatomb", 6, seed, limit=300):
        decider = t.seat()
        assert decider is not None
        for me in range(6):
            view = t.view(me)
            a = np.zeros(narrow.observation_size, np.float32)
            narrow.observe(view, (), a)
            b = np.zeros(full.observation_size, np.float32)
            full.observe(view, (), b)
            # read from the state in place: the very same numbers
            c = np.zeros(narrow.observation_size, np.float32)
            narrow.observe_state(t.state, me, (), c)
            assert c.tobytes() == a.tobytes()
            for name in shared:
                assert (a[_slice(narrow, name)] == b[_slice(full, name)]).all(), name
            for name in one_hots:
                got, want = a[_slice(narrow, name)], b[_slice(full, name)]
                for rel in range(6):
                    k = seat_slot(rel, 6, 5)
                    if k >= 0:
                        assert got[k] == want[rel], (name, rel)
                # the left-out seat's mark is nowhere
                assert got.sum() == want.sum() - want[3]
            for rel in range(6):
                k = seat_slot(rel, 6, 5)
                if k < 0:
                    continue
                for part in SEAT_PARTS:
                    got = a[_slice(narrow, f"seat {k}: {_part_name(part)}")]
                    want = b[_slice(full, f"seat {rel}: {_part_name(part)}")]
                    assert (got == want).all(), (rel, part)
        # the decider's options: the same thing named, or nothing for the left-out seat's
        narrow_paths = narrow.action_paths_state(t.state, decider)
        full_paths = full.action_paths_state(t.state, decider)
        assert narrow_paths.keys() == full_paths.keys()
        named = [p for p in narrow_paths.values() if p is not None]
        assert len(set(named)) == len(named)  # still one path an option
        for option, path in narrow_paths.items():
            want_path = full_paths[option]
            assert want_path is not None
            wanted = [_owned(full.action_name(i)) for i in want_path]
            if any(w is not None and w[1] == 3 for w in wanted):
                assert path is None, option  # names a thing of the seat across
                skipped += 1
                continue
            assert path is not None and len(path) == len(want_path), option
            for i, j, w in zip(path, want_path, wanted, strict=True):
                if w is None:
                    assert narrow.action_name(i) == full.action_name(j)
                else:
                    kind, rel, rest = w
                    assert narrow.action_name(i) == f"{kind}[{seat_slot(rel, 6, 5)}]{rest}"
        positions += 1
    assert positions > 100
    assert skipped > 0  # random play reached options naming the seat across


def _part_name(part: str) -> str:
    return {
        "counters": "counters",
        "mana": "mana slots",
        "hand": "visible hand cards",
        "graveyard": "graveyard",
        "removed": "removed from game",
        "deck_top": "known deck top",
        "god": "god",
        "relics": "relics",
        "aboms": "abominations",
    }[part]
