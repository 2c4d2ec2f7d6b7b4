"""Rulebook section 3, "Starting the Game", in its order: heroes placed, start
of game effects, shuffle, draw 6, one mulligan each, the first player, 40
health and 10 lifeforce."""

import pytest

from ossuary.engine.errors import SetupError
from ossuary.engine.replay import Replay
from ossuary.engine.rng import Rng
from ossuary.necromancer import new_game, preconstructed
from ossuary.necromancer.state import NecroState

from .script import act, expect


def test_start_of_game_effects_come_before_the_shuffle_and_the_draw() -> None:
    # Mother Vethra may bury up to four minions costing 1 or less before the
    # shuffle: the buried cards are not in the deck when the hands are drawn.
    s = new_game(decks=["Brood of Vethra", "Marrow Legion"], seed=3)
    expect(s, "pick", 0)
    assert len(s.seats[0].hand) == 0 and len(s.seats[1].hand) == 0
    cheap = [o for o in s.legal_action_ids() if o != "none"]
    assert all(s.defs[int(o.split()[1])].cost <= 1 for o in cheap)
    for _ in range(4):
        act(s, next(o for o in s.legal_action_ids() if o != "none"))
    expect(s, "mulligan", 0)  # four buried: the effect is done
    assert len(s.seats[0].graveyard) == 4
    assert len(s.seats[0].hand) == 6 and len(s.seats[0].deck) == 40 - 4 - 6
    assert all(s.defs[c].cost <= 1 for c in s.seats[0].graveyard)


def test_the_hero_starts_in_the_hero_zone() -> None:
    s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=1)
    assert s.defs[s.seats[0].hero].name == "Lord Osric of the Marrow"
    assert all(s.defs[c].type != "hero" for c in s.seats[0].deck + s.seats[0].hand)


def test_one_mulligan_each_discard_any_number_and_draw_as_many() -> None:
    s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=2)
    expect(s, "mulligan", 0)
    first_two = s.legal_action_ids()[:2]
    act(s, *first_two)
    act(s, "keep")
    assert len(s.seats[0].hand) == 6 and len(s.seats[0].graveyard) == 2
    expect(s, "mulligan", 1)
    act(s, "keep")
    assert len(s.seats[1].graveyard) == 0
    expect(s, "main")  # nobody mulligans twice: the first turn begins


def test_first_player_health_and_lifeforce() -> None:
    s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=5, first=1)
    act(s, "keep", "keep")
    expect(s, "main", 1)
    assert [seat.health for seat in s.seats] == [40, 40]
    assert [seat.lifeforce for seat in s.seats] == [10, 10]  # +5 can't pass 10
    assert len(s.seats[1].hand) == 7  # six, then the first draw phase
    assert len(s.seats[0].hand) == 6


def test_the_seed_chooses_the_first_player() -> None:
    firsts = set()
    for seed in range(12):
        s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=seed)
        act(s, "keep", "keep")
        firsts.add(s.current_player())
    assert firsts == {0, 1}


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players(seats: int) -> None:
    with pytest.raises(SetupError, match="2 to 4 players"):
        new_game(seats=seats)


def test_default_decks_and_four_seats() -> None:
    s = new_game(seats=4, seed=1)
    names = [s.defs[seat.hero].name for seat in s.seats]
    decks = preconstructed()
    assert names == [decks[d][0] for d in decks]


def _through_the_mulligans(s: NecroState) -> NecroState:
    while s.first_to_come() is not None:
        act(s, "keep")
    return s


def test_the_first_player_is_not_known_before_the_mulligans_end() -> None:
    """Step 6 comes after the mulligans: until then nobody, a search agent's
    sample included, may know who goes first (the true game drew it at the
    deal, so each sample must draw it again)."""
    s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=9)
    expect(s, "mulligan", 0)
    assert s.view(0)["first"] is None and s.view(None)["first"] is None
    truth = _through_the_mulligans(s.clone()).current_player()
    seen = {_through_the_mulligans(s.resample(0, Rng(k))).current_player() for k in range(24)}
    assert seen == {0, 1}, f"every sample knew the coin flip to come ({truth})"
    # a first player chosen openly at set-up is known to everyone, samples too
    given = new_game(decks=["Marrow Legion", "Crimson Court"], seed=9, first=1)
    assert {_through_the_mulligans(given.resample(0, Rng(k))).current_player()
            for k in range(8)} == {1}  # fmt: skip


@pytest.mark.parametrize("first", [None, 0, 1])
def test_a_replay_taken_during_the_mulligans_deals_the_same_game(first: int | None) -> None:
    """A replay holds the first player as given to new_game (None: the seed's),
    never a guess read off a game that has not decided it yet."""
    for seed in range(6):
        s = new_game(decks=["Marrow Legion", "Crimson Court"], seed=seed, first=first)
        replay = Replay.from_json(Replay.of(s).to_json())
        assert replay.first == first
        again = replay.final()
        assert again.serialize() == s.serialize()
        assert _through_the_mulligans(again).current_player() == (
            _through_the_mulligans(s).current_player()
        )
