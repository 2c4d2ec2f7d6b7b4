"""Hidden information (DESIGN: one redaction path): a seat's view, its log and
``resample`` never reveal cards the seat may not see."""

from ossuary.engine import Rng
from ossuary.hecatomb import new_game
from ossuary.hecatomb.fuzz import hidden_from


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


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    s = _mid_game()
    seen = s.view(0)
    changed = False
    for k in range(20):
        r = s.resample(0, Rng(k))
        # what seat 0 sees is identical (its view ignores the random future)
        assert r.view(0)["players"] == seen["players"]
        assert len(r.seats[1].hand) == len(s.seats[1].hand)
        assert sorted(r.seats[1].hand + r.seats[1].deck) == sorted(
            s.seats[1].hand + s.seats[1].deck
        )
        if r.seats[1].hand != s.seats[1].hand:
            changed = True
        # the resampled state is a playable game
        assert r.legal_action_ids() == s.legal_action_ids()
    assert changed, "resample never changed the hidden enemy hand"


def test_resample_log_names_no_card_the_seat_did_not_see() -> None:
    # The log of a sample must not leak what other seats drew in private.
    s = new_game(seed=4)
    for seat in range(s.n):
        sample = s.resample(seat, Rng(1))
        leaked = [e for e in sample.log if e.get("private") not in (None, seat) and "card" in e]
        assert leaked == []
        own = [e for e in sample.log if e.get("private") == seat]
        assert own and all("card" in e for e in own)  # its own draws are still named
