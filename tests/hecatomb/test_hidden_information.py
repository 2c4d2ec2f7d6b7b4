"""Hidden information (DESIGN: one redaction path): a seat's view, its log and
``resample`` never reveal cards the seat may not see."""

import pytest

from ossuary.agents import Observation
from ossuary.engine import ReplayError, Rng, SampleError, UnknownSeat
from ossuary.engine.contract import NameFinder, Sight, check_sample, name_leaks, shared_mutables
from ossuary.engine.replay import Replay, SeatReplay
from ossuary.hecatomb import GAME, new_game
from ossuary.hecatomb.invariants import hidden_from

from .script import act, minion, scenario


def _mid_game(seed: int = 4, steps: int = 40):  # type: ignore[no-untyped-def]
    s = new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        s.apply_action(rng.choice(s.legal_action_ids()))
    return s


def test_view_shows_own_hand_and_only_counts_of_the_enemy_hand() -> None:
    s = new_game(seed=2)
    v = s.view(0)
    assert all(card is not None for card in v["players"][0]["hand"])
    assert v["players"][1]["hand_count"] == len(s.seats[1].hand)
    assert all(card is None for card in v["players"][1]["hand"])
    assert "deck" not in v["players"][1]
    text = str(v)
    for cid in hidden_from(s, 0):
        assert f"'id': {cid}," not in text


def test_log_hides_what_the_enemy_drew() -> None:
    s = _mid_game()
    enemy_draws = [e for e in s.view(0)["log"] if e["e"] == "draw" and e["p"] == 1]
    own_draws = [e for e in s.view(1)["log"] if e["e"] == "draw" and e["p"] == 1]
    assert enemy_draws and all("card" not in e for e in enemy_draws)
    assert own_draws and all("card" in e for e in own_draws)


def test_options_are_shown_only_to_the_deciding_seat() -> None:
    s = new_game(seed=3)
    p = s.current_player()
    assert p is not None
    assert "options" in s.view(p)["decision"]
    assert "options" not in s.view(1 - p)["decision"]


def _deciding(s):  # type: ignore[no-untyped-def]
    seat = s.current_player()
    assert seat is not None
    return seat


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    s = _mid_game()
    me = _deciding(s)
    other = 1 - me
    seen = s.view(me)
    changed = False
    for k in range(20):
        r = s.resample(me, Rng(k))
        # what the seat sees is identical (its view ignores the random future)
        assert r.view(me)["players"] == seen["players"]
        assert len(r.seats[other].hand) == len(s.seats[other].hand)
        assert sorted(r.seats[other].hand + r.seats[other].deck) == sorted(
            s.seats[other].hand + s.seats[other].deck
        )
        if r.seats[other].hand != s.seats[other].hand:
            changed = True
        # the resampled state is a playable game
        assert r.legal_action_ids() == s.legal_action_ids()
    assert changed, "resample never changed the hidden enemy hand"


def test_resample_log_names_no_card_the_seat_did_not_see() -> None:
    # The log of a sample must not leak what other seats drew in private.
    s = new_game(seed=4)
    rng = Rng(3)
    sampled: set[int] = set()
    while len(sampled) < s.n:
        seat = _deciding(s)
        sample = s.resample(seat, Rng(1))
        leaked = [e for e in sample.log if e.get("private") not in (None, seat) and "card" in e]
        assert leaked == []
        own = [e for e in sample.log if e.get("private") == seat]
        assert own and all("card" in e for e in own)  # its own draws are still named
        sampled.add(seat)
        s.apply_action(rng.choice(s.legal_action_ids()))


# -- issue 8 §2: a sample gives nothing of the true game back -------------------------
def test_a_sample_has_no_seed_no_history_and_shares_nothing_with_the_game() -> None:
    for seed in range(3):
        s = new_game(seed=seed)
        rng = Rng(seed)
        for step in range(120):
            if s.is_terminal():
                break
            if step % 7 == 0:
                sample = check_sample(s, _deciding(s), Rng(step))
                with pytest.raises(ReplayError):
                    Replay.of(sample)  # nothing to rebuild the true deal from
            s.apply_action(rng.choice(s.legal_action_ids()))


def test_writing_to_a_sample_or_an_observation_changes_nothing_in_the_game() -> None:
    s = _mid_game()
    seat = _deciding(s)
    before = s.serialize()
    obs = Observation.of(s, seat)
    assert shared_mutables(obs, s) == []
    view = obs.view
    sample = obs.sample(Rng(5))
    assert shared_mutables(sample, s) == []
    # vandalize everything the agent holds
    sample.defs.clear()
    sample.owner.clear()
    sample.log.clear()
    sample.decks.clear()
    view["players"].clear()
    obs.legal.clear()
    assert s.serialize() == before


def test_samples_are_only_for_the_deciding_seat() -> None:
    s = _mid_game()
    waiting = 1 - _deciding(s)
    with pytest.raises(SampleError, match="deciding"):
        s.resample(waiting, Rng(0))
    with pytest.raises(SampleError):
        Observation.of(s, waiting)
    sample = s.resample(_deciding(s), Rng(0))
    with pytest.raises(SampleError, match="built from what seat"):
        sample.resample(waiting, Rng(0))  # a determinization can't switch seats


@pytest.mark.parametrize("seat", [-1, 2, 99, True, "0", 0.0])
def test_bad_seats_are_clear_errors(seat: object) -> None:
    s = new_game(seed=1)
    with pytest.raises(UnknownSeat, match="seat must be"):
        s.view(seat)  # type: ignore[arg-type]
    with pytest.raises(UnknownSeat):
        s.resample(seat, Rng(0))  # type: ignore[arg-type]


def test_a_spectator_sees_no_hand_and_no_private_draw() -> None:
    s = _mid_game()
    v = s.view(None)
    assert v["seat"] is None and v["decision"] is not None and "options" not in v["decision"]
    everyone = (1 << s.n) - 1
    for p, seat in zip(v["players"], s.seats, strict=True):
        # a hand card is shown only when it was revealed to every seat (e.g. Audit of Sins)
        for card, cid in zip(p["hand"], seat.hand, strict=True):
            assert (card is None) == (s.known[cid] & everyone != everyone)
        assert p["deck_known"] == []
    assert all("card" not in e for e in v["log"] if e.get("private") is not None)


def test_a_view_shares_nothing_with_the_game() -> None:
    s = _mid_game()
    for seat in (0, 1, None):
        assert shared_mutables(s.view(seat), s) == []


# -- whether a question is asked must not depend on hidden cards ------------------------
CARDS = [
    minion("One", 1),
    minion("Two", 2),
    {"name": "Rot", "type": "fate", "doom": "destruction", "cost": 1, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "player", "side": "enemy"},
                    "effects": [{"verb": "discard", "amount": 1, "who": "target"}]}]},
    {"name": "Summon", "type": "fate", "doom": "destruction", "cost": 1, "subtype": "tactic",
     "abilities": [{"trigger": "play", "effects": [{"verb": "put_into_play"}]}]},
    {"name": "Seek", "type": "fate", "doom": "destruction", "cost": 1, "subtype": "tactic",
     "abilities": [{"trigger": "play", "effects": [{"verb": "retrieve",
                                                   "filter": {"type": "relic"}}]}]},
]  # fmt: skip


def _asked(hand0: str, hand1: str, play: str, deck0: str = "") -> list[tuple[str, int]]:
    s = scenario(
        f'[[seat]]\nhand = [{hand0}]\nmana = ["One"]\n{deck0}\n[[seat]]\nhand = [{hand1}]\n',
        CARDS,
    )
    kinds = []
    act(s, f"Play {play}")
    while s.decision() is not None and s.decision().kind != "main":  # type: ignore[union-attr]
        d = s.decision()
        assert d is not None
        kinds.append((d.kind, d.player))
        s.apply_action(d.options[0])
    return kinds


def test_a_forced_discard_is_asked_whatever_the_hidden_hand_holds() -> None:
    # Glossary "discard": the discarding player chooses. If the question were
    # skipped when every card in hand is the same, the table would learn the hand.
    same = _asked('"Rot"', '"One", "One"', "Rot")
    mixed = _asked('"Rot"', '"One", "Two"', "Rot")
    assert same == mixed == [("choose", 1)]


def test_put_into_play_from_hand_is_asked_even_with_no_minion_in_hand() -> None:
    # Glossary "put into play": the hand is hidden, so the search is asked whether
    # it finds a minion or nothing (the only option then is "none").
    found = _asked('"Summon", "One"', "", "Summon")
    nothing = _asked('"Summon", "Rot"', "", "Summon")
    assert [k for k, _ in found][:1] == [k for k, _ in nothing] == ["choose"]


def test_retrieve_from_the_deck_is_asked_even_when_nothing_matches() -> None:
    nothing = _asked('"Seek"', "", "Seek", deck0='deck = ["One", "Two"]')
    assert nothing == [("choose", 0)]


# -- replays handed to a seat -------------------------------------------------------------
def test_a_seat_replay_holds_only_that_seats_views() -> None:
    s = _mid_game(seed=6, steps=60)
    replay = Replay.of(s)
    for seat in (0, 1, None):
        mine = SeatReplay.record(replay, seat)
        assert len(mine.frames) == len(replay.actions) + 1
        states = [st for _, st in replay.states()]
        log: list[dict[str, object]] = []
        for frame, state in zip(mine.frames, states, strict=True):
            log.extend(frame["view"]["log"])
            if seat is not None:  # judged from where the cards truly lie
                places = GAME.checks.card_places(state)
                now = Sight(places, seat, state.num_seats())
                problems = name_leaks(frame["view"], now, NameFinder(p.name for p in places))
                assert not problems, f"a frame shows a card hidden from its seat: {problems}"
            whole = state.view(seat)
            assert {k: v for k, v in frame["view"].items() if k not in ("log", "log_from")} == {
                k: v for k, v in whole.items() if k not in ("log", "log_from")
            }
        assert log == state.view(seat)["log"]
        # another seat's choices are not labelled (a label can name a hidden card)
        assert all(f["action"] is None for f in mine.frames if f["actor"] != seat)
