"""The kernel's integer actions against the string ids, the truth: in random
positions of every game and seat count, the ints map one-to-one onto the legal
options, applying an option's ints equals applying its id, and a bad int is the
project's own error and changes nothing."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ossuary import games
from ossuary.engine.actions import IllegalActionIndex, IntActions
from ossuary.engine.errors import IllegalAction
from ossuary.engine.game import NotSupported

TABLES = [(name, n) for name in games.names() for n in games.get(name).seat_counts]
PLIES = 60  # positions per game: enough for every decision kind early play reaches


def _ints(game: str, seats: int, seed: int) -> IntActions:
    g = games.get(game)
    try:
        return g.research.int_actions(g.new_game(seats=seats, seed=seed))
    except NotSupported as exc:
        pytest.skip(str(exc))


def _check_position(ia: IntActions, rng: random.Random) -> None:
    """One position without a partial choice: the mapping is the truth's."""
    state = ia.state
    paths = ia.option_paths()
    assert set(paths) == {a.id for a in state.legal_actions()}  # every option, none made up
    assert ia.skipped == 0
    assert len(set(paths.values())) == len(paths)  # one-to-one
    assert ia.legal_action_ints() == sorted({p[0] for p in paths.values()})
    assert all(0 <= a < ia.num_distinct_actions for p in paths.values() for a in p)
    for a in ia.legal_action_ints():
        assert ia.action_to_string(a) == ia.encoder.action_name(a)
    # applying an option's ints equals applying its id (a few options a position)
    for option in rng.sample(sorted(paths), min(3, len(paths))):
        by_id = state.clone()
        by_id.apply_action(option)
        by_int = IntActions(state.clone(), ia.encoder)
        *first, last = paths[option]
        for a in first:
            assert by_int.apply_action_int(a) is None
            assert by_int.prefix and by_int.legal_action_ints()
        assert by_int.apply_action_int(np.int64(last)) == option  # numpy ints as well
        assert by_int.prefix == ()
        assert by_int.state.serialize() == by_id.serialize()


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_ints_are_the_legal_options(table: tuple[str, int]) -> None:
    game, seats = table
    ia = _ints(game, seats, seed=11)
    rng = random.Random(11)
    positions = 0
    while ia.seat() is not None and positions < PLIES:
        _check_position(ia, rng)
        positions += 1
        option = rng.choice(sorted(ia.option_paths()))
        for a in ia.option_paths()[option]:
            ia.apply_action_int(a)
        assert ia.state.history[-1] == option
    assert positions > 10


def _bad_ints(ia: IntActions) -> list[object]:
    legal = set(ia.legal_action_ints())
    not_legal = next(a for a in range(ia.num_distinct_actions) if a not in legal)
    return [not_legal, -1, ia.num_distinct_actions, True, "0", 1.0, None]


@pytest.mark.parametrize("game", games.names())
def test_a_bad_int_is_refused_and_changes_nothing(game: str) -> None:
    ia = _ints(game, games.get(game).seat_counts[0], seed=5)
    before = ia.state.serialize()
    legal = ia.legal_action_ints()
    for bad in _bad_ints(ia):
        with pytest.raises(IllegalAction) as caught:
            ia.apply_action_int(bad)
        assert isinstance(caught.value, ValueError)  # what Gymnasium users catch
        assert ia.state.serialize() == before
        assert ia.prefix == () and ia.steps == 0 and ia.legal_action_ints() == legal
    with pytest.raises(IllegalActionIndex, match="outside"):
        ia.action_to_string(ia.num_distinct_actions)


def test_a_multi_step_option_keeps_its_partial_choice_out_of_the_state() -> None:
    """Hecatomb pays mana in steps: the state is unchanged until the last int,
    and a bad int in the middle keeps the steps taken so far."""
    rng = random.Random(2)
    for seed in range(40):
        ia = _ints("hecatomb", 2, seed)
        for _ in range(200):
            if ia.seat() is None:
                break
            paths = ia.option_paths()
            long = [o for o, p in paths.items() if len(p) > 1]
            if long:
                path = paths[long[0]]
                before = ia.state.serialize()
                assert ia.apply_action_int(path[0]) is None
                assert ia.state.serialize() == before and ia.prefix == path[:1]
                bad = next(a for a in range(ia.num_distinct_actions)
                           if a not in ia.legal_action_ints())  # fmt: skip
                with pytest.raises(IllegalActionIndex):
                    ia.apply_action_int(bad)
                assert ia.prefix == path[:1] and ia.state.serialize() == before
                for a in path[1:]:
                    ia.apply_action_int(a)
                assert ia.state.history[-1] == long[0]
                return
            option = rng.choice(sorted(paths))
            for a in paths[option]:
                ia.apply_action_int(a)
    pytest.fail("no multi-step option came up in 40 random Hecatomb games")


def test_no_action_once_the_game_is_over() -> None:
    ia = _ints("diabolicards", 2, seed=1)
    rng = random.Random(1)
    while ia.seat() is not None:
        ia.apply_action_int(rng.choice(ia.legal_action_ints()))
    assert ia.legal_action_ints() == []
    with pytest.raises(IllegalActionIndex, match="over"):
        ia.apply_action_int(0)
