"""Rulebook section 14, "Win and Lose Conditions": a hero at 0 health loses; a
player who can't draw in their draw phase loses; if every player loses at
once the game is a draw."""

from .script import PLAIN, act, attack, play, scenario

DOOM_BELL = {
    "name": "Doom Bell",
    "type": "spell",
    "cost": 0,
    "abilities": [{"trigger": "play", "effects": [
        {"verb": "damage", "amount": 5, "scope": {"kind": "hero"}}]}],
    "text": "Deal 5 damage to every hero.",
}  # fmt: skip


def test_a_hero_at_zero_health_loses_and_the_other_player_wins() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
minions = [{{ card = "Veilborn Stalker", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
health = 5
deck = ["Mist Wraith"]
""")
    attack(s, 0, 1, "h1")
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, -1.0]
    assert [e["e"] for e in s.log[-2:]] == ["lose", "win"]


def test_an_empty_deck_in_the_draw_phase_loses() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
""")
    act(s, "end")
    assert s.is_terminal() and s.winner == 0
    assert any(e["e"] == "lose" and e["why"] == "deck" for e in s.log)


def test_draw_card_from_an_empty_deck_is_not_offered() -> None:
    s = scenario(
        f'[[seat]]\nhero = "{PLAIN}"\n[[seat]]\nhero = "{PLAIN}"\ndeck = ["Mist Wraith"]\n'
    )
    assert "draw" not in s.legal_action_ids()


def test_everyone_losing_at_once_is_a_draw() -> None:
    s = scenario(
        f"""
[[seat]]
hero = "{PLAIN}"
health = 5
hand = ["Doom Bell"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
health = 3
deck = ["Mist Wraith"]
""",
        [DOOM_BELL],
    )
    play(s, 0, "Doom Bell")
    assert s.is_terminal() and s.winner is None
    assert s.returns() == [0.0, 0.0] and s.log[-1]["e"] == "draw_game"
    v = s.view(0)
    assert v["over"] and v["draw"]


def test_health_is_checked_when_the_action_is_done_not_halfway() -> None:
    # Both heroes drop to 0 or below within one spell: nobody wins before the
    # spell has finished, so it is a draw rather than a win for whoever was hit
    # second.
    s = scenario(
        f"""
[[seat]]
hero = "{PLAIN}"
health = 1
hand = ["Doom Bell"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
health = 5
deck = ["Mist Wraith"]
""",
        [DOOM_BELL],
    )
    play(s, 0, "Doom Bell")
    assert s.winner is None and s.is_terminal() and s.decision() is None
