"""Every illegal action is refused with IllegalAction naming the rule, and the
state is unchanged (DESIGN; guide sections named in each message)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary.diabolicards import new_game
from ossuary.engine import IllegalAction
from ossuary.engine.rng import Rng

from .script import act, card, illegal, play, scenario


def test_a_card_not_in_hand_cannot_be_played() -> None:
    s = scenario('[[seat]]\nhand = ["Viper"]\n[[seat]]\nhand = ["Knuckles"]')
    illegal(s, play(s, "Knuckles", "vask"), "not in your hand")
    illegal(s, f"play {card(s, 'Viper')} 7 r", "zone 0-2")


def test_an_unknown_option_lists_the_legal_ones() -> None:
    s = scenario('[[seat]]\nhand = ["Viper"]')
    err = illegal(s, "fly away")
    # who is asked what, in words, then the ids a program may send
    assert "(Player 1 is asked: Your turn:" in str(err)
    assert "legal options:" in str(err) and "play" in str(err)


def test_nothing_is_legal_after_the_end() -> None:
    s = scenario('[game]\nrest = "dead"\n[[seat]]\nhand = ["Viper"]')
    act(s, play(s, "Viper", "vask"))
    assert s.is_terminal()
    illegal(s, "purge", "game is over")


def test_a_kill_outside_the_ability_reach_is_refused() -> None:
    # THE ABILITIES: an ability acts in its own zone
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Knuckles"]
        havenvale_campus = ["Big Tuna"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"))
    illegal(s, f"kill {card(s, 'Big Tuna')}", "own zone")
    illegal(s, f"kill {card(s, 'Viper')}", "not on the mat")


_garbage = st.one_of(
    st.text(max_size=20),
    st.builds(
        lambda v, a, b, k: f"{v} {a} {b} {k}".strip(),
        st.sampled_from(["play", "trade", "purge", "kill", "give", "mode", "trio", "done", "x"]),
        st.integers(-3, 90),
        st.integers(-3, 5),
        st.sampled_from(["r", "a", "s", "", "q"]),
    ),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 40), st.integers(0, 30), _garbage, st.sampled_from([2, 4]))
def test_garbage_actions_are_refused_cleanly(seed: int, steps: int, aid: str, seats: int) -> None:
    s = new_game(seats=seats, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_action_ids()))
    if s.is_terminal() or aid in s.legal_action_ids():
        return
    before = s.serialize()
    try:
        s.apply_action(aid)
    except IllegalAction as exc:
        assert str(exc)
    else:  # pragma: no cover - a garbage id was legal
        raise AssertionError(f"{aid!r} was accepted")
    assert s.serialize() == before
