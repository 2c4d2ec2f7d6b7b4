"""Every illegal action is refused with an IllegalAction that names the rule,
and the state is left exactly as it was (DESIGN: every choice is a decision)."""

from collections.abc import Callable

import pytest

from ossuary.necromancer import NecroState

from .script import PLAIN, act, at, expect, illegal, in_hand, m, ms, play, scenario

DECK = '["Mist Wraith", "Mist Wraith", "Mist Wraith"]'
MINIONS0 = ms(
    m("Cave Lurker", 1), m("Spindle Runner", 2, ensnared=1), m("Mist Wraith", 3, attacks=1)
)
MINIONS1 = ms(m("Barrow Sentinel", 1), m("Whisper Shade", 2, invisible=True))


def base(lifeforce: int = 2) -> NecroState:
    return scenario(f"""
[[seat]]
hero = "{PLAIN}"
lifeforce = {lifeforce}
hand = ["Pit Fiend", "Grave Bolt", "Spirit Lantern"]
deck = {DECK}
minions = [{MINIONS0}]
magic = [{{ card = "Silent Vigil", slot = 1 }}, {{ card = "Bone Fields", slot = 2 }},
         {{ card = "Grave Bell", slot = 3 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Bone Ward", "Grave Bolt"]
deck = {DECK}
minions = [{MINIONS1}]
""")


CASES: list[tuple[str, Callable[[NecroState], str], str]] = [
    ("too dear", lambda s: f"play {in_hand(s, 0, 'Pit Fiend')}", "section 8"),
    ("slots full", lambda s: f"play {in_hand(s, 0, 'Spirit Lantern')}", "section 15"),
    ("not in hand", lambda s: "play 999", "not in your hand"),
    ("ensnared attacker", lambda s: f"attack {at(s, 0, 2)}", "Ensnare"),
    ("attacked already", lambda s: f"attack {at(s, 0, 3)}", "already attacked"),
    ("invisible target", lambda s: f"attack {at(s, 0, 1)} m{at(s, 1, 2)}", "Invisibility"),
    ("own hero", lambda s: f"attack {at(s, 0, 1)} h0", "own hero"),
    ("own minion", lambda s: f"attack {at(s, 0, 1)} m{at(s, 0, 3)}", "section 9"),
    ("enemy's minion", lambda s: f"attack {at(s, 1, 1)}", "minions you control"),
    ("dismiss enemy", lambda s: f"dismiss {at(s, 1, 1)}", "FAQ 10"),
    ("dismiss ensnared", lambda s: f"dismiss {at(s, 0, 2)}", "Ensnare"),
    ("draw card", lambda s: "draw", "section 10"),
    ("destroy magic", lambda s: f"destroy {s.seats[0].magic[0]}", "Destroy Magic costs 4"),
    ("hero ability", lambda s: "hero", "lifeforce"),
    ("pass in main", lambda s: "pass", "section 13"),
    ("not an option", lambda s: "bogus", ""),
]


@pytest.mark.parametrize(("why", "aid", "words"), CASES, ids=[c[0] for c in CASES])
def test_main_phase_actions_are_refused_naming_the_rule(
    why: str, aid: Callable[[NecroState], str], words: str
) -> None:
    s = base()
    illegal(s, aid(s), words)


def test_destroy_magic_short_of_lifeforce_says_when_sacrificing_would_pay() -> None:
    # Sacrifice Card (section 10) gives 1 lifeforce a card on any turn: with 2
    # lifeforce and 3 cards in hand, two sacrifices pay for Destroy Magic
    s = base(lifeforce=2)
    err = illegal(s, f"destroy {s.seats[0].magic[0]}", "Destroy Magic costs 4")
    assert "sacrifice 2 cards from your hand first" in str(err)
    # with 0 lifeforce, 3 cards can't make 4: no such hint
    s = base(lifeforce=0)
    err = illegal(s, f"destroy {s.seats[0].magic[0]}", "Destroy Magic costs 4")
    assert "sacrifice" not in str(err)


def test_window_refusals_name_section_13() -> None:
    s = base(lifeforce=10)
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 1, 1)}")
    expect(s, "window", 1)
    bolt = in_hand(s, 1, "Grave Bolt")
    err = illegal(s, f"play {bolt}", "not a reaction")
    assert "section 13" in str(err)
    illegal(s, "end", "section 13")
    illegal(s, "hero", "section 13")
    illegal(s, f"attack {at(s, 1, 1)}", "section 13")


def test_an_attack_target_must_be_attackable() -> None:
    s = base()
    act(s, f"attack {at(s, 0, 1)}")
    expect(s, "aim", 0)
    illegal(s, f"m{at(s, 1, 2)}", "Invisibility")
    illegal(s, "h0", "own hero")
    illegal(s, f"m{at(s, 0, 3)}", "not your own")


def test_a_defender_must_be_able_to_defend() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = {DECK}
minions = [{m("Cave Lurker", 1)}]

[[seat]]
hero = "{PLAIN}"
deck = {DECK}
minions = [{ms(m("Barrow Sentinel", 1), m("Spindle Runner", 2), m("Grave Gnawer", 3, ensnared=1))}]
""")
    act(s, f"attack {at(s, 0, 1)}", f"m{at(s, 1, 2)}")
    expect(s, "defend", 1)
    illegal(s, f"defend {at(s, 1, 2)}", "can't defend itself")
    illegal(s, f"defend {at(s, 1, 3)}", "ensnared")
    illegal(s, f"defend {at(s, 0, 1)}", "attacked player's own")


def test_a_full_field_refuses_another_minion() -> None:
    four = ms(*(m("Spindle Runner", k) for k in range(1, 5)))
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Cave Lurker"]
deck = {DECK}
minions = [{four}]

[[seat]]
hero = "{PLAIN}"
deck = {DECK}
""")
    illegal(s, f"play {in_hand(s, 0, 'Cave Lurker')}", "FAQ 2")


def test_the_game_over_refuses_everything() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = {DECK}

[[seat]]
hero = "{PLAIN}"
""")
    act(s, "end")
    assert s.is_terminal()
    illegal(s, "end", "over")
