"""Illegal actions, across the rulebook: "Add One Mana Card", "Play Cards" (Tapping mana
cards, Playing minions, Playing fates), "Attack" (Declare attackers, Assign blockers) and the
glossary's "block", "Evader", "Host", "Parasite". Each refused action raises IllegalAction
naming the rule it breaks and leaves the state exactly as it was (``illegal()`` checks both)."""

from typing import Any

import pytest

from ossuary.engine import IllegalAction
from ossuary.hecatomb import HecatombState

from .script import act, expect, illegal, scenario
from .script import minion as paid_minion


def minion(name: str, strength: int, **extra: Any) -> dict[str, Any]:
    return paid_minion(name, strength, cost=extra.pop("cost", 0), **extra)


CARDS = [
    minion("Grunt", 1),
    minion("Two", 2),
    minion("Miser", 1, doom="greed"),
    minion("Costly", 3, cost=4),
    minion("Sentinel", 1, keywords={"guardian": True}),
    minion("Dodger", 1, keywords={"evader": ["destruction"]}),
    minion("Leech", 1, keywords={"parasite": True}),
    minion("Tapper", 1, abilities=[{"trigger": "tap", "tap": 3,
                                    "effects": [{"verb": "draw", "amount": 1}]}]),
    {"name": "Cull", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "minion", "side": "enemy"},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Tithe", "type": "fate", "doom": "greed", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "souls", "amount": 1}]}]},
    {"name": "Burn", "type": "fate", "doom": "destruction", "cost": "X", "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                    "effects": [{"verb": "damage", "amount": "X"}]}]},
    {"name": "Brace", "type": "combat fate", "doom": "destruction", "cost": 0, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                    "effects": [{"verb": "strength", "amount": 1}]}]},
]  # fmt: skip


# -- Main phase ----------------------------------------------------------------------------------
MAIN = """
[game]
active = 0
[[seat]]
hand = ["Grunt", "Costly", "Cull", "Burn"]
mana = ["Grunt", "Grunt", "Miser"]
deck = ["Grunt"]
abominations = [["Grunt"], ["Grunt", "Grunt", "Grunt", "Grunt", "Grunt"], ["Grunt", "Leech"],
                ["Grunt", "Grunt"]]
[[seat]]
hand = ["Two"]
deck = ["Grunt"]
abominations = [["Two", "Two"]]
"""


@pytest.fixture
def main() -> HecatombState:
    s = scenario(MAIN, CARDS)
    expect(s, "main", 0)
    return s


def test_a_second_mana_card_in_one_turn(main: HecatombState) -> None:
    # Add One Mana Card: once per turn.
    grunt, costly, *_ = main.seats[0].hand
    act(main, f"mana {grunt}")
    err = illegal(main, f"mana {costly}", "Add One Mana Card")
    assert err.rule == "rulebook: Add One Mana Card"


def test_a_mana_card_that_is_not_in_your_hand(main: HecatombState) -> None:
    # Add One Mana Card: the card comes from your hand (not your mana zone, not an enemy's).
    illegal(main, f"mana {main.seats[0].mana[0]}", "not in your hand")
    illegal(main, f"mana {main.seats[1].hand[0]}", "Add One Mana Card")


def test_playing_a_card_that_is_not_in_your_hand(main: HecatombState) -> None:
    # Play Cards: you play cards from your hand.
    illegal(main, f"play {main.seats[1].hand[0]}", "Play Cards")
    illegal(main, f"play {main.seats[0].deck[0]}", "not in your hand")


def test_playing_a_card_you_cannot_pay_for(main: HecatombState) -> None:
    # Tapping mana cards: cost 4 with three mana cards.
    costly = main.seats[0].hand[1]
    err = illegal(main, f"play {costly}", "Tapping mana cards")
    assert "costs 4" in err.reason


def test_playing_a_targeted_fate_with_no_target() -> None:
    # Playing fates: a targeted fate needs a legal target (the enemy has no minions here).
    s = scenario(MAIN.replace('abominations = [["Two", "Two"]]', ""), CARDS)
    cull = s.seats[0].hand[2]
    illegal(s, f"play {cull}", "Playing fates")


def test_attacking_when_no_abomination_can() -> None:
    # Declare attackers: one-minion, tapped and just-grown abominations can't attack.
    s = scenario(
        """
[game]
active = 0
[[seat]]
abominations = [["Grunt"], { minions = ["Grunt", "Grunt"], tapped = true },
                { minions = ["Grunt", "Grunt"], played = true }]
""",
        CARDS,
    )
    assert "attack" not in s.decision().options
    illegal(s, "attack", "Declare attackers")


@pytest.mark.parametrize(
    ("aid", "words"),
    [(1, "at most five"), (2, "Parasite"), (4, "only on your own")],
)
def test_placing_a_minion_where_it_cannot_go(main: HecatombState, aid: int, words: str) -> None:
    # Playing minions: five at most, only your own; glossary "Parasite".
    act(main, "play Grunt")
    expect(main, "place", 0)
    assert main.decision().options == ("new", "on 0", "on 3")
    err = illegal(main, f"on {aid}", words)
    assert err.rule


def test_an_option_of_another_decision_kind(main: HecatombState) -> None:
    # While placing a minion, main-phase actions are not options.
    act(main, "play Grunt")
    err = illegal(main, "end")
    # said in the question's words, then the ids a program may send
    assert "is asked: Where does Grunt go?" in err.reason and "legal options: new" in err.reason


# -- Declare attackers -----------------------------------------------------------------------------
ATTACK = """
[game]
active = 0
[[seat]]
hand = ["Grunt", "Brace", "Tithe"]
abominations = [
  { minions = ["Two", "Two"], tapped = true },
  ["Two"],
  ["Two", "Sentinel"],
  ["Grunt", "Grunt"],
  ["Grunt", "Dodger"],
  { minions = ["Grunt", "Grunt"], played = true },
  ["Tapper", "Grunt"],
]
[[seat]]
hand = ["Brace"]
abominations = [
  ["Two"],
  { minions = ["Two", "Two"], tapped = true },
  ["Two", "Two"],
  ["Miser", "Miser", "Miser"],
]
"""


@pytest.fixture
def attacking() -> HecatombState:
    s = scenario(ATTACK, CARDS)
    act(s, "attack")
    expect(s, "attacker", 0)
    assert s.decision().options == ("attacker 3", "attacker 4", "attacker 6")
    return s


@pytest.mark.parametrize(
    ("aid", "words"),
    [
        (0, "it is tapped"),
        (1, "one-minion abomination can't attack"),
        (2, "Guardian"),
        (5, "got a minion"),
        (7, "not yours"),
    ],
)
def test_an_attacker_that_cannot_attack(attacking: HecatombState, aid: int, words: str) -> None:
    # Declare attackers; glossary "attack", "Guardian".
    err = illegal(attacking, f"attacker {aid}", words)
    assert err.rule == "rulebook: Declare attackers"


def test_done_before_any_attacker(attacking: HecatombState) -> None:
    # Declare attackers: choose one or more abominations.
    illegal(attacking, "done")


@pytest.fixture
def window(attacking: HecatombState) -> HecatombState:
    act(attacking, "attacker 3", "attacker 4", "done")
    expect(attacking, "window", 0)
    return attacking


def test_adding_mana_during_an_attack(window: HecatombState) -> None:
    # Attack: no mana cards during attacks.
    illegal(window, f"mana {window.seats[0].hand[0]}", "during an attack")


def test_playing_a_non_combat_card_during_an_attack(window: HecatombState) -> None:
    # Attack: only combat fates and combat minions during an attack.
    grunt, _, tithe = window.seats[0].hand
    illegal(window, f"play {grunt}", "only combat fates and combat minions")
    illegal(window, f"play {tithe}", "rulebook: Attack")


def test_starting_an_attack_during_an_attack(window: HecatombState) -> None:
    illegal(window, "attack", "only from your main phase")


def test_the_defender_cannot_add_mana_or_play_normal_cards(window: HecatombState) -> None:
    act(window, "pass")
    expect(window, "window", 1)
    illegal(window, f"mana {window.seats[1].hand[0]}", "rulebook: Attack")


@pytest.fixture
def blocking(window: HecatombState) -> HecatombState:
    act(window, "pass", "pass")
    expect(window, "block", 1)
    return window


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("block 7 3", "one-minion abomination can't block"),
        ("block 8 3", "tapped abomination can't block"),
        ("block 9 4", "Evader"),
    ],
)
def test_a_block_that_is_not_allowed(blocking: HecatombState, move: str, words: str) -> None:
    # Assign blockers; glossary "block", "Evader".
    illegal(blocking, move, words)


def test_one_blocker_per_attacker_and_one_attacker_per_blocker(blocking: HecatombState) -> None:
    # Assign blockers: each blocker blocks one attacker; one blocker per attacker.
    act(blocking, "block 9 3")
    expect(blocking, "block", 1)
    illegal(blocking, "block 10 3", "already blocked")
    illegal(blocking, "block 9 4", "Evader")  # busy, and Evader against destruction anyway


def test_a_busy_blocker_cannot_block_a_second_attacker(blocking: HecatombState) -> None:
    act(blocking, "block 10 4")
    expect(blocking, "block", 1)
    illegal(blocking, "block 10 3", "Assign blockers")


# -- Not rules-specific ---------------------------------------------------------------------------
def test_an_action_after_the_game_is_over() -> None:
    # Glossary "souls": the game ends when a player reaches 20; nothing can be done after.
    s = scenario(
        '[game]\nactive = 0\nstep = "start"\n[[seat]]\nsouls = 19\nhand = ["Tithe"]\n', CARDS
    )
    assert s.winner == 0
    err = illegal(s, "end", "game is over")
    assert err.rule == "end of game"
    illegal(s, "play 0", "game is over")


def test_a_completely_unknown_action_id(main: HecatombState) -> None:
    # Anything that is not an option is refused, and the message lists what is legal.
    err = illegal(main, "fly to the moon")
    assert "not an option" in err.reason
    assert "end" in err.reason
    illegal(main, "")
    illegal(main, "play")
    illegal(main, "play 9999")
    illegal(main, "mana -1")
    illegal(main, "on 99")
    illegal(main, "attacker 99")


def test_illegal_action_objects_carry_reason_and_rule(main: HecatombState) -> None:
    with pytest.raises(IllegalAction) as info:
        main.apply_action(f"play {main.seats[0].hand[1]}")
    assert info.value.rule == "rulebook: Tapping mana cards"
    assert str(info.value).endswith("(rulebook: Tapping mana cards)")


# -- Engine gaps: refused correctly, but the message names no rule -------------------------------
def test_a_payment_without_the_cards_doom_names_the_rule(main: HecatombState) -> None:
    # Tapping mana cards: at least one mana of the card's doom.
    act(main, "play Burn", "x 2", "a0")
    expect(main, "pay", 0)
    assert main.decision().options == ("pay 0,0,1,1", "pay 0,0,2,0")
    illegal(main, "pay 0,0,0,2", "Tapping mana cards")


def test_an_x_you_cannot_pay_names_the_rule(main: HecatombState) -> None:
    # Glossary "X" / "cost": X can be at most what you can pay.
    act(main, "play Burn")
    expect(main, "x", 0)
    illegal(main, "x 5", "Tapping mana cards")


def test_a_tap_ability_on_a_too_small_abomination_names_the_rule(window: HecatombState) -> None:
    # Glossary "↻": the abomination's size must be at least the tap number.
    illegal(window, "tap 6 " + str(window.aboms[6].cards[0]) + " 0", "↻")


def test_only_the_defender_can_block(blocking: HecatombState) -> None:
    # Assign blockers: only the defender's abominations block (not the aggressor's own).
    err = illegal(blocking, "block 6 3", "Assign blockers")
    assert "already" not in err.reason


def test_blocking_an_abomination_that_is_not_attacking(blocking: HecatombState) -> None:
    # Assign blockers: a blocker blocks one of the attacking abominations.
    assert 5 not in blocking.combat.attackers  # the aggressor's, but it stayed home
    err = illegal(blocking, "block 9 5", "abomination 5 is not attacking")
    assert err.rule == "rulebook: Assign blockers"


def test_a_tap_ability_outside_the_main_phase_and_the_windows(attacking: HecatombState) -> None:
    # Glossary "↻": used only when you could play combat fates (not while declaring).
    tapper = attacking.aboms[6].cards[0]
    err = illegal(attacking, f"tap 6 {tapper} 0", "only when you could play combat fates")
    assert err.rule == "glossary: ↻"


def test_a_tap_ability_of_someone_elses_abomination(window: HecatombState) -> None:
    # Glossary "↻": you use your own abominations' tap abilities.
    minion = window.aboms[9].cards[0]
    illegal(window, f"tap 9 {minion} 0", "not one of your abominations")


def test_a_tap_ability_of_a_tapped_abomination(window: HecatombState) -> None:
    # Glossary "↻": the abomination taps to use it, so a tapped one can't.
    assert window.aboms[0].tapped
    illegal(window, f"tap 0 {window.aboms[0].cards[0]} 0", "tapped abomination can't use")


def test_ending_the_turn_during_an_attack_names_the_rule(window: HecatombState) -> None:
    # Attack: during an attack only combat cards and tap abilities can be used.
    illegal(window, "end", "Attack")


def test_the_second_copy_of_a_card_is_explained_truthfully() -> None:
    # Identical cards in hand are one option; the other copy's id is refused, but the
    # explanation must not invent a rule (a minion has no target to need).
    s = scenario('[game]\nactive = 0\n[[seat]]\nhand = ["Grunt", "Grunt"]\n', CARDS)
    assert "play 0" in s.decision().options and "play 1" not in s.decision().options
    err = illegal(s, "play 1")
    assert "target" not in err.reason
