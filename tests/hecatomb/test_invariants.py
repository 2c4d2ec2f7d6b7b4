"""One statement of a legal Hecatomb position (``hecatomb/invariants.py``): the
fuzzer's check after every action and the loader of saved states judge a
position alike, in the same words."""

from collections.abc import Callable

import pytest

from ossuary.engine import StateError
from ossuary.engine.core import Decision
from ossuary.hecatomb import HecatombState, new_game
from ossuary.hecatomb.game import deserialize
from ossuary.hecatomb.invariants import InvariantError, check, check_position
from ossuary.hecatomb.state import Abomination


def _tap_a_hand_card(s: HecatombState) -> None:
    s.tapped.add(s.seats[0].hand[0])


def _a_minion_as_god(s: HecatombState) -> None:
    seat = s.seats[s.turn]
    card = next(c for c in seat.hand if s.defs[c].type != "god")
    seat.hand.remove(card)
    seat.god = card


def _main_phase_of_the_other_seat(s: HecatombState) -> None:
    pending = s.pending
    assert pending is not None and pending.kind == "main"
    s.pending = Decision("main", 1 - pending.player, pending.options, pending.ctx)


def _an_abomination_listed_by_the_wrong_seat(s: HecatombState) -> None:
    seat = s.seats[s.turn]
    cid = next(c for c in seat.hand if s.defs[c].is_minion)
    seat.hand.remove(cid)
    aid = s.next_aid
    s.next_aid += 1
    s.aboms[aid] = Abomination(aid, s.turn, [cid])
    s.seats[1 - s.turn].aboms.append(aid)


def _a_hand_card_also_in_the_graveyard(s: HecatombState) -> None:
    s.seats[0].graveyard.append(s.seats[0].hand[0])


def _a_card_in_the_other_seats_hand(s: HecatombState) -> None:
    s.seats[1].hand.append(s.seats[0].deck.pop())


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (_a_hand_card_also_in_the_graveyard, "seat 0 graveyard: card"),
        (_a_card_in_the_other_seats_hand, "seat 1 hand: card"),
        (_tap_a_hand_card, "tapped: only mana cards can be tapped"),
        (_a_minion_as_god, "is not a god"),
        (_main_phase_of_the_other_seat, "the main phase is the active player's"),
        (_an_abomination_listed_by_the_wrong_seat, "is not one of seat"),
    ],
)
def test_the_fuzzer_and_the_loader_refuse_a_position_alike(
    tamper: Callable[[HecatombState], None], words: str
) -> None:
    s = new_game(seed=3)
    assert check_position(s) == []
    tamper(s)
    found = check_position(s)
    assert found and words in found[0], found
    with pytest.raises(InvariantError, match=words):
        check(s, deep=False)  # the fuzzer's check, after every action
    with pytest.raises(StateError) as info:
        deserialize(s.serialize())  # the loader's, the same words
    assert str(info.value) == f"saved game: {found[0]}"


def test_every_position_of_a_random_game_is_legal() -> None:
    s = new_game(seed=5)
    for k in range(200):
        if s.is_terminal():
            break
        assert check_position(s) == [], f"after {k} actions"
        options = s.legal_action_ids()
        s.apply_action(options[k % len(options)])
    assert check_position(s) == []
