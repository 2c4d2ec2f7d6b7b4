"""Rulebook section 10, "Hero Abilities": Draw Card (3 lifeforce, own turn,
repeatable), Destroy Magic (4 lifeforce, any turn; the destroyed card's
immediate effects stay, its ongoing ones end), Sacrifice Card (any turn, +1
lifeforce a card); a hero's own ability once during each of your turns.
FAQ 3, 4 and 6."""

from .script import (
    PLAIN,
    act,
    at,
    expect,
    grave_names,
    hand_names,
    illegal,
    lifeforce,
    pass_all,
    play,
    scenario,
    slot,
)

DECK = '["Mist Wraith", "Mist Wraith", "Mist Wraith", "Mist Wraith", "Mist Wraith"]'


def two(seat0: str = "", seat1: str = "", game: str = "") -> str:
    return f"""
[game]
{game}

[[seat]]
hero = "{PLAIN}"
deck = {DECK}
{seat0}

[[seat]]
hero = "{PLAIN}"
deck = {DECK}
{seat1}
"""


def test_draw_card_costs_three_and_can_be_used_again_and_again() -> None:
    s = scenario(two())
    act(s, "draw")
    act(s, "draw")
    expect(s, "main", 0)
    assert len(s.seats[0].hand) == 2 and lifeforce(s)[0] == 4
    act(s, "draw")
    assert lifeforce(s)[0] == 1 and "draw" not in s.legal_action_ids()
    illegal(s, "draw", "3 lifeforce")


def test_faq_3_draw_card_only_on_your_own_turn_destroy_and_sacrifice_on_any() -> None:
    s = scenario(
        two(
            seat0='hand = ["Grave Bolt"]\nmagic = [{ card = "Bone Fields", slot = 1 }]',
            seat1='hand = ["Mist Wraith"]\nminions = [{ card = "Cave Lurker", space = 1 }]',
        )
    )
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)  # player 1 may Destroy Magic on player 0's turn
    opts = s.legal_action_ids()
    assert f"destroy {slot(s, 0, 1)}" in opts
    assert "sacrifice" in opts
    assert "draw" not in opts
    illegal(s, "draw", "section 13")
    act(s, "sacrifice")
    expect(s, "sacrifice", 1)  # which card: asked even with one card in hand
    act(s, f"sacrifice {s.seats[1].hand[0]}")
    assert lifeforce(s)[1] == 10  # never above 10
    act(s, f"destroy {slot(s, 0, 1)}")
    pass_all(s)
    assert grave_names(s, 0) == ["Bone Fields", "Grave Bolt"] and lifeforce(s)[1] == 6


def test_faq_4_destroy_magic_takes_events_and_lands() -> None:
    s = scenario(
        two(
            seat1='magic = [{ card = "Silent Vigil", slot = 1 }, '
            '{ card = "Charnel Pits", slot = 2 }]'
        )
    )
    act(s, f"destroy {slot(s, 1, 1)}")
    pass_all(s)
    act(s, f"destroy {slot(s, 1, 2)}")
    pass_all(s)
    assert grave_names(s, 1) == ["Silent Vigil", "Charnel Pits"] and lifeforce(s)[0] == 2


def test_destroy_magic_keeps_what_was_done_and_ends_what_would_go_on() -> None:
    # Infernal Portal: when played, two minion cards come to the hand; while it
    # stays, minions cost 1 less. Destroyed, the cards stay in hand; the
    # discount ends (section 10's Hellgate example, with our card).
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Infernal Portal"]
deck = ["Cave Lurker", "Pit Fiend", "Grave Bolt", "Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
deck = {DECK}
""")
    play(s, 0, "Infernal Portal")
    pass_all(s)
    act(s, "Cave Lurker")
    act(s, "Pit Fiend")
    assert sorted(hand_names(s, 0)) == ["Cave Lurker", "Pit Fiend"]
    fiend = next(c for c in s.seats[0].hand if s.defs[c].name == "Pit Fiend")
    assert s.action_label(f"play {fiend}").endswith("2 lifeforce)")  # 3 - 1
    act(s, "end")
    act(s, f"destroy {slot(s, 0, 1)}")  # player 1, on its own turn
    pass_all(s)
    assert sorted(hand_names(s, 0)) == ["Cave Lurker", "Pit Fiend"]  # the search stays done
    assert grave_names(s, 0) == ["Infernal Portal"]
    act(s, "end")
    assert s.action_label(f"play {fiend}").endswith("3 lifeforce)")  # the discount has ended


def test_sacrifice_card_gives_one_lifeforce_a_card_and_opens_no_window() -> None:
    s = scenario(
        two(
            seat0='lifeforce = 3\nhand = ["Grave Bolt", "Mist Wraith"]',
            seat1='magic = [{ card = "Bone Fields", slot = 1 }]',
        )
    )
    act(s, "sacrifice", "Sacrifice Grave Bolt")
    expect(s, "main", 0)  # player 1 could Destroy Magic, but nothing opened a window
    assert lifeforce(s)[0] == 4 and grave_names(s, 0) == ["Grave Bolt"]


def test_faq_6_a_heros_own_ability_once_during_each_of_your_turns() -> None:
    s = scenario(
        two(seat0='minions = [{ card = "Cave Lurker", space = 1 }]').replace(
            f'hero = "{PLAIN}"', 'hero = "Lord Osric of the Marrow"', 1
        )
    )
    act(s, "hero")
    pass_all(s)
    assert s.minions[at(s, 0, 1)].atk_turn == 2
    assert "hero" not in s.legal_action_ids()
    illegal(s, "hero", "FAQ 6")
    act(s, "end")
    act(s, "end")
    assert "hero" in s.legal_action_ids()  # a new turn of its own
