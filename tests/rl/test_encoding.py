"""The encodings are fixed, bounded and unambiguous, for every game that has one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from ossuary import games
from ossuary.engine.game import Encoder

from .helpers import GAMES, TABLES, encoder_or_skip, random_positions, table_id


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_layout_covers_the_observation_exactly(table: tuple[str, int]) -> None:
    """docs/rl.md documents the layout's slices: they must tile the vector."""
    enc = encoder_or_skip(*table)
    at = 0
    names = set()
    for name, start, stop in enc.layout():
        assert start == at and stop > start, name
        assert name not in names
        names.add(name)
        at = stop
    assert at == (enc.info_state_size or enc.observation_size)
    assert enc.observation_size <= at


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_option_has_an_unambiguous_path(table: tuple[str, int]) -> None:
    """Random games: every legal option is encodable (no cap reached), the Table
    found no clash, each action index has a name, observations are finite."""
    game, seats = table
    enc = encoder_or_skip(game, seats)
    positions = 0
    for seed in range(3):
        for t in random_positions(game, seats, seed):
            positions += 1
            legal = t.legal()
            assert legal and all(0 <= a < enc.num_actions for a in legal)
            if not t.prefix:
                paths = enc.action_paths(t.view(t.seat() or 0))
                assert set(paths) == set(t.state.legal_action_ids())
                assert all(p is not None for p in paths.values()), paths
            obs = t.observation(t.seat() or 0)
            assert obs.shape == (enc.observation_size,) and np.isfinite(obs).all()
            assert t.skipped == 0
    assert positions > 50


@pytest.mark.parametrize("game", GAMES)
def test_action_names(game: str) -> None:
    enc: Encoder = encoder_or_skip(game, games.get(game).seat_counts[0])
    names = [enc.action_name(i) for i in range(enc.num_actions)]
    assert len(set(names)) == len(names)
    with pytest.raises(ValueError):
        enc.action_name(enc.num_actions)


def test_hecatomb_paths_name_things_not_instances() -> None:
    """The same card in hand is the same action in two different deals (card
    instance ids differ between games); X and payments are paths of steps."""
    from ossuary.hecatomb.encode import HecatombEncoder

    enc = HecatombEncoder(2)
    seen: dict[str, set[int]] = {}
    ids: dict[str, set[str]] = {}
    for seed in range(3, 13):
        g = games.get("hecatomb").new_game(seats=2, seed=seed)
        seat = g.current_player()
        assert seat is not None
        view = g.view(seat)
        paths = enc.action_paths(view)
        for o in view["decision"]["options"]:
            if o["id"].startswith("mana "):
                seen.setdefault(o["card"], set()).add(paths[o["id"]][0])  # type: ignore[index]
                ids.setdefault(o["card"], set()).add(o["id"])
    assert seen and all(len(v) == 1 for v in seen.values())
    assert any(len(v) > 1 for v in ids.values())  # the instances did differ
    view = {"seat": 0, "seats": 2, "players": [], "decision": {"options": [
        {"id": "x 3", "label": ""}, {"id": "pay 1,0,2,0", "label": ""}]}}  # fmt: skip
    paths = enc.action_paths(view)
    up, stop = enc.single["up"], enc.single["stop"]
    assert paths["x 3"] == (up, up, up, stop)
    assert paths["pay 1,0,2,0"] == (enc.a_pay, enc.a_pay + 2, enc.a_pay + 2)


def test_unknown_option_is_a_clear_error() -> None:
    from ossuary.hecatomb.encode import EncodingError, HecatombEncoder

    view = {"seat": 0, "seats": 2, "players": [],
            "decision": {"options": [{"id": "teleport 3", "label": ""}]}}  # fmt: skip
    with pytest.raises(EncodingError, match="teleport 3"):
        HecatombEncoder(2).action_paths(view)


@pytest.mark.parametrize(
    ("game", "seats", "seeds"),
    [
        ("hecatomb", 2, (4, 5)),
        ("hecatomb", 3, (4, 5)),
        ("hecatomb", 6, (4, 5)),
        ("necromancer", 2, (1, 2, 3, 19)),
        ("necromancer", 4, (1, 2, 3, 4)),
        ("diabolicards", 2, (1, 2, 3, 4, 5, 6)),
        ("diabolicards", 4, (1, 2, 3, 4, 5, 6)),
    ],
)
def test_the_encoder_reads_the_state_as_it_reads_the_view(
    game: str, seats: int, seeds: tuple[int, ...]
) -> None:
    """The environments' path (the encoder reading the state in place) gives
    every seat, deciding or not, the very observation and the decider the very
    action paths that encoding the seat's view gives, at random positions
    (with partial multi-step choices)."""
    enc = encoder_or_skip(game, seats)
    assert enc.reads_state
    positions = 0
    met: set[str] = set()
    for seed in seeds:
        for t in random_positions(game, seats, seed, limit=150):
            decider = t.seat()
            assert decider is not None
            for seat in range(seats):
                prefix = t.prefix if seat == decider else ()
                want = np.zeros(enc.observation_size, np.float32)
                enc.observe(t.view(seat), prefix, want)
                got = np.zeros(enc.observation_size, np.float32)
                enc.observe_state(t.state, seat, prefix, got)
                assert got.tobytes() == want.tobytes(), (seed, positions, seat)
            paths = enc.action_paths_state(t.state, decider)
            assert paths == enc.action_paths(t.view(decider))
            positions += 1
            met.update(name for name, seen in RARE.get(game, {}).items() if seen(t.state))
            # the deciding seat halfway along a multi-step option (random play
            # rarely stops there): its observation shows the steps taken
            longer = [p for p in paths.values() if p is not None and len(p) > 1]
            if longer and not t.prefix:
                prefix = longer[0][:1]
                want = np.zeros(enc.observation_size, np.float32)
                enc.observe(t.view(decider), prefix, want)
                got = np.zeros(enc.observation_size, np.float32)
                enc.observe_state(t.state, decider, prefix, got)
                assert got.tobytes() == want.tobytes(), (seed, positions, prefix)
                met.add("a multi-step option begun")
    assert positions > 200
    begun = {"a multi-step option begun"} if (game, seats) in STEPS else set()
    want_met = set(RARE.get(game, {})) | begun
    assert met == want_met, "the seeds must reach every rare case"


#: the tables whose seeds above reach an option chosen in several steps
#: (Diabolicards has none: every option is one index; Necromancer's come up
#: rarely, two identical cards offered apart, and seed 19 has one)
STEPS = {("hecatomb", 2), ("hecatomb", 3), ("hecatomb", 6), ("necromancer", 2)}


#: what the seeds of a game must reach for the test above to mean something:
#: the parts of a position read by rules of their own (a card shown to some
#: seats, a trio, a pact, a sealed zone)
RARE: dict[str, dict[str, Callable[[Any], bool]]] = {
    "diabolicards": {
        "a hand card shown to another seat": lambda s: any(
            s.known[c] & ~(1 << p) for p, hand in enumerate(s.hands) for c in hand
        ),
        "a Why Stick trio": lambda s: bool(s.sticks),
        "a Doom Pact": lambda s: bool(s.pacts),
        "a card in Scorched Earth": lambda s: any(z for side in s.scorch for z in side),
        "an activated Diabolical": lambda s: any(a >= 0 for side in s.act for a in side),
    },
}
