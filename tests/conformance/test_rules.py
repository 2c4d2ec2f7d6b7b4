"""The kernel's promises, for every registered game and seat count: random
playouts to the end with every invariant, samples and views judged from where
the cards truly lie, saved games and replays that round-trip, refused input
that changes nothing, and a terminal board drawn from any seat's view."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from typing import Any

import pytest
from rich.console import Console

from ossuary import games
from ossuary.engine.contract import Sight, check_sample, shared_mutables
from ossuary.engine.core import GameState
from ossuary.engine.errors import IllegalAction, OssuaryError, SetupError
from ossuary.engine.game import Game
from ossuary.engine.replay import Replay, SeatReplay
from ossuary.engine.rng import Rng
from ossuary.fuzz import random_game

from .conftest import GAMES, TABLES, tables

#: one seed a table (each game's own playout tests play others; make fuzz thousands)
SEED = 101


def played(game: Game, seats: int, seed: int, upto: int | None = None) -> GameState:
    """A game played with uniformly random choices (to its end, or ``upto`` actions)."""
    if upto is None:
        return game.deserialize(_finished(game.name, seats, seed))
    state = game.new_game(decks=game.checks.fuzz_decks(seed, seats), seats=seats, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and state.ply < upto:
        state.apply_action(rng.choice(state.legal_action_ids()))
    return state


@functools.cache
def _finished(name: str, seats: int, seed: int) -> str:
    """A random game played to its end, saved (played once, for several tests)."""
    return played(games.get(name), seats, seed, upto=100_000).serialize()


@pytest.mark.parametrize("table", tables(TABLES))
def test_a_random_game_keeps_every_invariant_to_its_end(table: tuple[str, int]) -> None:
    """The fuzzer's checks (ossuary.fuzz.random_game): the game's own
    invariants after every action; every few actions clone and serialize
    round trips, a sample for the decider, and every seat's view and the
    spectator's judged from the truth (no card id a reader can't see, no card
    named that it can't account for); at the end, the replay is exact."""
    name, seats = table
    game = games.get(name)
    state = random_game(game, SEED, seats, deep_every=10)
    assert state.is_terminal() and state.current_player() is None
    assert state.legal_action_ids() == () and state.ply == len(state.history)
    returns = state.returns()
    assert len(returns) == seats and all(-1.0 <= r <= 1.0 for r in returns)
    if state.winner is not None:
        assert returns[state.winner] == max(returns)


def _where(places: list[object]) -> Counter[tuple[str, int]]:
    return Counter((p.zone, p.seat) for p in places)  # type: ignore[attr-defined]


@pytest.mark.parametrize("table", tables(TABLES))
def test_a_sample_keeps_all_the_seat_sees_and_deals_only_what_it_cannot(
    table: tuple[str, int],
) -> None:
    """At several moments of a game, a sample for the deciding seat keeps every
    card the seat can see where it is (same id, same card), keeps as many
    hidden cards in each hidden place, and changes nothing in the real game."""
    name, seats = table
    game = games.get(name)
    state = played(game, seats, SEED, upto=0)
    checked = 0
    while not state.is_terminal() and checked < 6:
        seat = state.current_player()
        assert seat is not None
        truth = game.checks.card_places(state)
        sample = check_sample(state, seat, Rng(state.ply))
        got = game.checks.card_places(sample)
        sight = Sight(truth, seat, seats)
        moved = [cid for cid, p in enumerate(truth) if cid not in sight.hidden and got[cid] != p]
        assert not moved, f"visible cards moved in seat {seat}'s sample: {moved[:5]}"
        assert _where(got) == _where(truth), "a sample deals other numbers of cards to a place"
        checked += 1
        rng = Rng(state.ply + 1)
        for _ in range(1 + state.ply % 7):  # on to a later moment
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_action_ids()))
    assert checked, "no decision to sample at"


@pytest.mark.parametrize("table", tables(TABLES))
def test_saved_games_and_replays_round_trip(table: tuple[str, int]) -> None:
    name, seats = table
    game = games.get(name)
    middle = played(game, seats, SEED, upto=15)
    text = middle.serialize()
    again = game.deserialize(text)
    assert again.serialize() == text and again == middle
    # the loaded game plays on as the original does
    if not middle.is_terminal():
        aid = middle.legal_action_ids()[-1]
        middle.apply_action(aid)
        again.apply_action(aid)
        assert again.serialize() == middle.serialize()
    # a replay file gives the same game, and each seat's replay file its views
    # (the end of a whole game's replay is checked by the playout test above)
    replay = Replay.from_json(Replay.of(middle).to_json())
    assert replay.final().serialize() == middle.serialize()
    for seat in [*range(seats), None]:
        mine = SeatReplay.record(replay, seat)
        read = SeatReplay.from_data(json.loads(mine.to_json()))
        assert read.frames == json.loads(json.dumps(mine.frames))
        assert len(read.frames) == middle.ply + 1
        # its last frame is the seat's view of the game now (the log aside,
        # which a frame holds only from the frame before)
        last, now = read.frames[-1]["view"], json.loads(json.dumps(middle.view(seat)))
        assert _public(last) == _public(now)


def _public(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in ("log", "log_from")}


@pytest.mark.parametrize("table", tables(TABLES))
def test_refused_input_is_said_in_words_and_changes_nothing(table: tuple[str, int]) -> None:
    name, seats = table
    game = games.get(name)
    state = played(game, seats, SEED, upto=5)
    before = state.serialize()
    for bad in ("no such option", "", 7, None, "x" * 500):
        with pytest.raises(IllegalAction) as refused:
            state.apply_action(bad)
        assert str(refused.value) and "Traceback" not in str(refused.value)
        assert state.serialize() == before
    for text in ("", "{", "[]", '{"ruleset": "' + name + '"}', before.replace("{", "[", 1)):
        with pytest.raises(OssuaryError):
            game.deserialize(text)


@pytest.mark.parametrize("table", tables(GAMES))
def test_a_setup_the_rules_cant_start_from_is_refused_in_words(table: tuple[str, int]) -> None:
    """A bad seat count, seed or first player, as a library caller or a saved
    request may give it: the kernel's SetupError naming it, never a TypeError
    from deep inside (``Game.check_setup``)."""
    name, seats = table
    game = games.get(name)
    too_many = max(game.seat_counts) + 1
    bad: list[dict[str, Any]] = [
        {"seats": too_many},
        {"seats": str(seats)},
        {"seats": seats, "seed": 2**70},
        {"seats": seats, "seed": 1.5},
        {"seats": seats, "first": "1"},
        {"seats": seats, "first": seats},
        {"seats": seats, "first": True},
    ]
    for setup in bad:
        with pytest.raises(SetupError) as refused:
            game.new_game(**setup)
        assert str(refused.value), setup


@pytest.mark.parametrize("table", tables(TABLES))
def test_the_terminal_draws_every_seats_view(table: tuple[str, int]) -> None:
    """The play screen's board from every seat's view and the spectator's, at
    the start and the end, within 80 columns; every log event in words; the
    result in words."""
    name, seats = table
    game = games.get(name)
    console = Console(width=80, record=True, color_system=None, force_terminal=False)
    labels = [f"Player {i + 1}" for i in range(seats)]
    for state in (played(game, seats, SEED, upto=0), played(game, seats, SEED)):
        for seat in [*range(seats), None]:
            view = state.view(seat)
            console.print(game.terminal.render_screen(view, seat, labels, 80, 24))
            drawn = console.export_text()
            assert drawn.strip(), f"seat {seat}: an empty board"
            assert max(len(line) for line in drawn.splitlines()) <= 80
            for event in view["log"]:
                assert game.terminal.format_event(event).strip()
            for option in state.legal_actions() if state.current_player() == seat else ():
                assert option.label.strip()
    assert all(line.strip() for line in game.terminal.result_lines(state.view(None)))


@pytest.mark.parametrize("table", tables(GAMES))
def test_the_leak_check_sees_inside_every_games_state(table: tuple[str, int]) -> None:
    """shared_mutables must walk a state's fields on either build (a compiled
    class has no __slots__ to read them from), or every leak check passes
    without looking."""
    name, seats = table
    state = games.get(name).new_game(seats=seats, seed=4)
    seat = state.current_player()
    assert seat is not None
    copy = state.information_state(seat)  # shares nothing with the game
    assert shared_mutables(copy, state) == []
    copy.stack = state.stack  # one list shared, deep inside
    assert shared_mutables(copy, state) == [".stack"]
    assert copy.rng is not state.rng
    copy.rng = state.rng
    assert ".rng" in shared_mutables(copy, state)


@pytest.mark.parametrize("table", tables(GAMES))
def test_resample_takes_the_standard_librarys_random_too(table: tuple[str, int]) -> None:
    name, seats = table
    state = games.get(name).new_game(seats=seats, seed=4)
    seat = state.current_player()
    assert seat is not None
    a = state.resample(seat, random.Random(5))
    b = state.resample(seat, random.Random(5))
    assert a == b and a.perspective == seat  # the same generator, the same sample
    assert a.legal_action_ids() == state.legal_action_ids()
    with pytest.raises(TypeError, match=r"random\.Random"):
        state.resample(seat, 5)  # type: ignore[arg-type]
