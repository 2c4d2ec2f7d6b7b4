"""Rulebook sections 7 and 8, "Turn Structure" and "Lifeforce Mechanics": start
phase triggers, +5 lifeforce never above 10 nor below 0, draw one (an empty
deck loses), main phase in any order, the end phase with its triggers and the
hand limit of 10, no attacks on a player's first turn."""

from .script import (
    PLAIN,
    act,
    at,
    expect,
    grave_names,
    hand_names,
    illegal,
    lifeforce,
    play,
    scenario,
)


def test_resource_phase_adds_five_up_to_ten() -> None:
    for before, after in ((3, 8), (7, 10), (0, 5)):
        s = scenario(f"""
[game]
phase = "start"

[[seat]]
hero = "{PLAIN}"
lifeforce = {before}
deck = ["Mist Wraith", "Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
""")
        expect(s, "main", 0)
        assert lifeforce(s)[0] == after


def test_lifeforce_never_drops_below_zero() -> None:
    from ossuary.necromancer.rules.base import gain_lifeforce

    s = scenario(
        f'[[seat]]\nhero = "{PLAIN}"\nlifeforce = 2\ndeck = ["Mist Wraith"]\n'
        f'[[seat]]\nhero = "{PLAIN}"\ndeck = ["Mist Wraith"]\n'
    )
    assert gain_lifeforce(s, 0, -5) == -2 and lifeforce(s)[0] == 0


def test_start_phase_triggers_come_before_the_resource_and_draw_phases() -> None:
    # Sister Nyx draws at the start of the turn when she has no minions: that
    # draw takes the top card, the draw phase the next one.
    s = scenario(f"""
[game]
phase = "start"

[[seat]]
hero = "Sister Nyx, Veilkeeper"
lifeforce = 4
deck = ["Grave Bolt", "Cave Lurker", "Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
""")
    expect(s, "main", 0)
    assert hand_names(s, 0) == ["Grave Bolt", "Cave Lurker"]
    kinds = [e["e"] for e in s.log]
    assert kinds.index("lifeforce") > kinds.index("draw")  # start trigger, then resource
    assert [e.get("why") for e in s.log if e["e"] == "lifeforce"] == ["resource"]


def test_end_phase_triggers_then_the_hand_limit() -> None:
    hand = ", ".join(['"Mist Wraith"'] * 6 + ['"Cave Lurker"'] * 6)
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
lifeforce = 5
hand = [{hand}]
deck = ["Mist Wraith"]
magic = [{{ card = "Bonewall [artifact]", slot = 1 }}]
health = 30

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
""")
    act(s, "end")
    # Bonewall heals 1 at the end of the turn; then 12 cards are 2 too many
    expect(s, "hand_limit", 0)
    assert s.seats[0].health == 31
    act(s, "Mist Wraith")
    expect(s, "hand_limit", 0)
    act(s, "Cave Lurker")
    expect(s, "main", 1)
    assert len(s.seats[0].hand) == 10 and lifeforce(s)[0] == 7
    assert grave_names(s, 0) == ["Mist Wraith", "Cave Lurker"]


def test_no_attacks_on_a_players_first_turn() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
turns = 1
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
""")
    assert not any(o.startswith("attack") for o in s.legal_action_ids())
    illegal(s, f"attack {at(s, 0, 1)}", "First Turn Restriction")


def test_main_phase_actions_in_any_order_and_the_turn_passes() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Cave Lurker", "Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{{ card = "Whisper Shade", space = 2, invisible = false }}]
""")
    play(s, 0, "Grave Bolt")
    play(s, 0, "Cave Lurker")
    act(s, "at 3")
    act(s, "end")
    expect(s, "main", 1)
    assert s.seats[1].turns == 4 and s.turn_number == 6
