"""Hidden information (DESIGN: one redaction path; guide THE SETUP: teammates
never see each other's cards): views, logs and samples never reveal a card
the seat may not see; samples are independent and consistent with the view."""

from __future__ import annotations

from typing import Any

import pytest

from ossuary.agents import Observation
from ossuary.diabolicards import DiaboState, new_game
from ossuary.diabolicards.view import hidden_from
from ossuary.engine import ReplayError, Rng, SampleError, UnknownSeat
from ossuary.engine.contract import check_sample, shared_mutables
from ossuary.engine.replay import Replay

from .script import act, card, play, scenario


def _mid_game(seats: int = 4, seed: int = 4, steps: int = 30) -> DiaboState:
    s = new_game(seats=seats, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        s.apply_action(rng.choice(s.legal_action_ids()))
    return s


def _deciding(s: DiaboState) -> int:
    seat = s.current_player()
    assert seat is not None
    return seat


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    s = _mid_game()
    for seat in range(4):
        v = s.view(seat)
        text = str(v)
        for cid in hidden_from(s, seat):
            assert f"'id': {cid}," not in text
        mate = (seat + 2) % 4
        # the teammate's hand is hidden, but for cards everyone saw it take from
        # the (face-up) contracts
        for c, shown in zip(s.hands[mate], v["players"][mate]["hand"], strict=True):
            assert (shown is not None) == bool(s.known[c] & (1 << seat))
            if shown is not None:
                assert any(e["e"] == "take" and e["card"] == shown["card"] for e in s.log)
        assert v["players"][mate]["hand_count"] == len(s.hands[mate])


def test_the_log_hides_every_other_seats_draws_teammates_included() -> None:
    s = _mid_game()
    for seat in range(4):
        for e in s.view(seat)["log"]:
            if e["e"] == "draw":
                assert ("card" in e) == (e["p"] == seat)


def test_options_are_shown_only_to_the_deciding_seat() -> None:
    s = _mid_game()
    p = _deciding(s)
    assert "options" in s.view(p)["decision"]
    for other in {0, 1, 2, 3} - {p}:
        assert "options" not in s.view(other)["decision"]


def test_a_shown_card_is_known_to_the_other_side_only() -> None:
    # Why See shows a card to the other side, not to the shower's teammate
    s = scenario(
        """
        [game]
        mode = "2v2"
        [[seat]]
        hand = ["Peeping Pam", "Viper"]
        [[seat]]
        hand = ["Lodestar", "Aegis"]
        [[seat]]
        hand = []
        [[seat]]
        hand = ["Blink"]
        """
    )
    act(s, play(s, "Peeping Pam", "vask"), play(s, "Lodestar", "vask"))
    act(s, "show Viper", "show Aegis")
    viper = card(s, "Viper")
    assert s.view(1)["players"][0]["hand"][0]["card"] == "Viper"
    assert s.view(3)["players"][0]["hand"][0]["card"] == "Viper"
    assert s.view(2)["players"][0]["hand"][0] is None  # the teammate did not see it
    # seat 2 has no cards and passes; a sample for seat 3 keeps the shown card
    assert _deciding(s) == 3
    for k in range(5):
        assert viper in s.resample(3, Rng(k)).hands[0]


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    s = _mid_game(seats=2)
    me = _deciding(s)
    other = 1 - me
    seen = s.view(me)
    changed = False
    for k in range(20):
        r = s.resample(me, Rng(k))
        assert r.view(me)["players"] == seen["players"]
        assert r.view(me)["sides"] == seen["sides"]
        assert sorted(r.hands[other] + r.deck) == sorted(s.hands[other] + s.deck)
        changed |= r.hands[other] != s.hands[other]
        assert r.legal_action_ids() == s.legal_action_ids()
    assert changed, "resample never changed the hidden enemy hand"


def test_two_games_the_seat_cannot_tell_apart_give_the_same_sample() -> None:
    s = _mid_game(seats=2)
    me = _deciding(s)
    other = 1 - me
    t = s.clone()
    # move hidden cards around: swap an enemy hand card with a deck card
    t.hands[other][0], t.deck[0] = t.deck[0], t.hands[other][0]
    t.known[t.hands[other][0]], t.known[t.deck[0]] = 1 << other, 0
    a, b = s.resample(me, Rng(7)), t.resample(me, Rng(7))
    assert a.serialize() == b.serialize()


def test_a_sample_has_no_seed_no_history_and_shares_nothing_with_the_game() -> None:
    for seats in (2, 4):
        s = new_game(seats=seats, seed=seats)
        rng = Rng(seats)
        for step in range(80):
            if s.is_terminal():
                break
            if step % 9 == 0:
                sample = check_sample(s, _deciding(s), Rng(step))
                with pytest.raises(ReplayError):
                    Replay.of(sample)
            s.apply_action(rng.choice(s.legal_action_ids()))


def test_writing_to_a_sample_or_an_observation_changes_nothing() -> None:
    s = _mid_game()
    seat = _deciding(s)
    before = s.serialize()
    obs = Observation.of(s, seat)
    assert shared_mutables(obs, s) == []
    sample = obs.sample(Rng(5))
    assert shared_mutables(sample, s) == []
    sample.hands[0].clear()
    sample.log.clear()
    sample.mat[0][0].append(3)
    obs.view["players"].clear()
    assert s.serialize() == before


def test_samples_are_only_for_the_deciding_seat() -> None:
    s = _mid_game()
    waiting = (_deciding(s) + 1) % 4
    with pytest.raises(SampleError, match="deciding"):
        s.resample(waiting, Rng(0))


@pytest.mark.parametrize("seat", [-1, 4, True, "0"])
def test_bad_seats_are_clear_errors(seat: object) -> None:
    s = new_game(seats=4, seed=1)
    with pytest.raises(UnknownSeat, match="seat must be"):
        s.view(seat)  # type: ignore[arg-type]


def test_a_spectator_sees_no_hand_and_no_private_draw() -> None:
    s = _mid_game()
    v = s.view(None)
    assert v["seat"] is None and "options" not in v["decision"]
    assert all(c is None for p in v["players"] for c in p["hand"])
    assert all("card" not in e for e in v["log"] if e.get("seen_by") is not None)
    for seat in (0, 1, 2, 3, None):
        assert shared_mutables(s.view(seat), s) == []


def _log_names(s: DiaboState, seat: int | None, name: str) -> bool:
    """Whether ``seat``'s log (as view and as words) names the card ``name``."""
    from ossuary.diabolicards.board import format_event

    log = s.view(seat)["log"]
    return any(name in str(e) for e in log) or any(name in format_event(e) for e in log)


def test_a_shown_card_is_named_in_the_log_only_to_the_seats_that_saw_it() -> None:
    # Why See in 2v2: seat 0 shows side 1 (seats 1 and 3) a card; its teammate
    # (seat 2) and a spectator read that a card was shown, never which
    s = scenario(
        """
        [game]
        mode = "2v2"
        [[seat]]
        hand = ["Peeping Pam", "Viper"]
        [[seat]]
        hand = ["Lodestar", "Aegis"]
        [[seat]]
        hand = []
        [[seat]]
        hand = ["Blink"]
        """
    )
    act(s, play(s, "Peeping Pam", "vask"), play(s, "Lodestar", "vask"))
    act(s, "show Viper", "show Aegis")
    # Viper was shown to side 1, Aegis (seat 1's) to side 0
    for seat, sees_viper, sees_aegis in ((0, True, True), (1, True, True), (2, False, True),
                                         (3, True, False), (None, False, False)):  # fmt: skip
        assert _log_names(s, seat, "Viper") == sees_viper, seat
        assert _log_names(s, seat, "Aegis") == sees_aegis, seat
    shown = [e for e in s.view(2)["log"] if e["e"] == "reveal"]
    assert [e["p"] for e in shown] == [0, 1] and "card" not in shown[0]


def test_fate_purge_on_a_low_deck_names_the_shown_card_only_to_the_enemy_side() -> None:
    s = scenario(
        """
        [game]
        mode = "2v2"
        rest = "dead"
        deck = ["Jock Jensen", "Nerd Nguyen", "Prodigy Priya"]
        [[seat]]
        hand = ["Quinn Cramwell", "Viper"]
        [[seat]]
        hand = ["Thunderclap"]
        [[seat]]
        hand = ["Knuckles"]
        [[seat]]
        hand = ["Blink"]
        """
    )
    act(s, play(s, "Quinn Cramwell", "campus"))
    assert [e["card"] for e in s.log if e["e"] == "reveal"] == ["Viper"]
    for seat, sees in ((0, True), (1, True), (2, False), (3, True), (None, False)):
        assert _log_names(s, seat, "Viper") == sees, seat
    assert s.view(2)["players"][0]["hand"][0] is None


def _watched(steps: int) -> tuple[DiaboState, Any]:
    """A 2v2 game after ``steps`` random actions, with the fuzzer's view check
    that watched every one."""
    from ossuary.diabolicards import GAME
    from ossuary.fuzz import ViewCheck

    s = new_game(seats=4, seed=4)
    views = ViewCheck(GAME, s)
    rng = Rng(4)
    for _ in range(steps):
        s.apply_action(rng.choice(s.legal_action_ids()))
        views.after_action(s)
    return s, views


def test_the_fuzzers_view_check_judges_the_log_from_the_truth() -> None:
    # a log event that names a card of seat 0's hand to everyone (as the reveal
    # did before it said whom it was shown to) fails the check for the others
    from ossuary.fuzz import InvariantError

    s, views = _watched(steps=10)
    views.check(s)
    s.log.append({"e": "reveal", "p": 0, "card": s.defs[s.hands[0][0]].name, "to": 1})
    with pytest.raises(InvariantError, match=r"seat 1 .*lies where the reader can't see it"):
        views.check(s)


def test_the_fuzzers_view_check_holds_whom_a_card_was_shown_to_to_the_log() -> None:
    # the record says seat 2 was shown a card of seat 0's hand, but nothing told seat 2
    from ossuary.fuzz import InvariantError

    s, views = _watched(steps=10)
    s.apply_action(s.legal_action_ids()[0])
    s.known[s.hands[0][0]] |= 1 << 2
    with pytest.raises(InvariantError, match=r"showed seat 2 .* without telling it"):
        views.after_action(s)
