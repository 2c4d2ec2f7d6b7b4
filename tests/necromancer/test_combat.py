"""Rulebook section 9, "Combat Mechanics": attack (minion against minion both
ways, excess piercing, the hero, artifacts), defend (several defenders in the
defender's order, damage carrying on, once per turn), dismiss, and defense
regenerating at the end of the owner's turn; FAQ 1, 2, 7, 8, 10, 14-16."""

from .script import (
    PLAIN,
    act,
    at,
    attack,
    dismiss,
    expect,
    grave_names,
    health,
    illegal,
    m,
    minion,
    ms,
    pass_all,
    play,
    row,
    scenario,
    slot,
    stats_at,
)


def duel(mine: str, theirs: str, hand1: str = "", extra0: str = "", extra1: str = "") -> str:
    return f"""
[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{mine}]
{extra0}

[[seat]]
hero = "{PLAIN}"
hand = [{hand1}]
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{theirs}]
{extra1}
"""


def test_minion_against_minion_both_deal_damage_and_excess_pierces() -> None:
    # Ironhide Ravager (5 attack, +1 when it attacks) against a 2/3 lurker:
    # 6 - 3 = 3 piercing to the lurker's hero; the lurker hits back for 2.
    s = scenario(duel(m("Ironhide Ravager", 1), m("Cave Lurker", 1)))
    attack(s, 0, 1, "minion 1 1")
    expect(s, "main", 0)
    assert row(s, 1)[0] is None and health(s) == [40, 37]
    assert s.minions[at(s, 0, 1)].damage == 2


def test_the_section_11_example_five_attack_into_three_defense_pierces_two() -> None:
    s = scenario(
        duel(
            m("Veilborn Stalker", 1),
            m("Mist Wraith", 1, defense=1),
        )
    )
    attack(s, 0, 1, "minion 1 1")
    assert health(s)[1] == 38


def test_faq_7_immune_minions_are_damaged_normally_but_stop_piercing() -> None:
    s = scenario(duel(m("Veilborn Stalker", 1), m("Grave Gnawer", 1)))
    attack(s, 0, 1, "minion 1 1")
    assert row(s, 1)[0] is None  # destroyed all the same
    assert health(s)[1] == 40  # the excess 3 does not reach the hero
    assert any(e["e"] == "pierce_stopped" for e in s.log)


def test_an_ensnared_target_deals_no_damage_back() -> None:
    s = scenario(
        duel(
            m("Cave Lurker", 1),
            m("Barrow Sentinel", 1, ensnared=1),
        )
    )
    attack(s, 0, 1, "minion 1 1")
    assert s.minions[at(s, 0, 1)].damage == 0
    assert s.minions[at(s, 1, 1)].damage == 2


def test_faq_1_the_hero_can_be_attacked_even_behind_minions() -> None:
    s = scenario(duel(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    act(s, f"attack {at(s, 0, 1)}")
    assert "h1" in s.legal_action_ids()  # the hero is among the targets
    act(s, "h1")
    expect(s, "defend", 1)  # but the opponent may defend with its minions
    act(s, "done")
    assert health(s) == [40, 38]


def defenders_scenario() -> str:
    return duel(
        m("Bone Colossus", 1),
        ms(m("Mist Wraith", 1), m("Cave Lurker", 2), m("Grave Gnawer", 3)),
    )


def test_faq_8_several_defenders_in_the_defenders_order_damage_carries_on() -> None:
    # Bone Colossus (6 attack, +2 against heroes: 8) attacks the hero; the
    # defender orders Mist Wraith (2) then Cave Lurker (3): 8 - 2 - 3 = 3
    # pierces to the hero. The attacker takes no damage from defenders.
    s = scenario(defenders_scenario())
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}", f"defend {at(s, 1, 2)}", "done")
    pass_all(s)
    assert row(s, 1) == [None, None, "Grave Gnawer", None]
    assert health(s)[1] == 37
    assert s.minions[at(s, 0, 1)].damage == 0


def test_faq_8_no_piercing_when_the_last_defender_is_immune() -> None:
    s = scenario(defenders_scenario())
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}", f"defend {at(s, 1, 3)}", "done")
    pass_all(s)
    assert health(s)[1] == 40  # 8 - 2 - 2 = 4 stopped by the immune ghoul


def test_damage_stops_at_a_defender_that_survives() -> None:
    s = scenario(duel(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}")  # the only possible defender: no "done" to ask
    assert s.minions[at(s, 1, 1)].damage == 2 and health(s) == [40, 40]


def test_each_minion_defends_once_per_turn() -> None:
    s = scenario(
        duel(
            ms(m("Cave Lurker", 1), m("Spindle Runner", 2)),
            m("Barrow Sentinel", 1),
        )
    )
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}")
    attack(s, 0, 2, "h1")  # the sentinel has defended this turn: no defenders to ask
    expect(s, "main", 0)
    assert health(s)[1] == 40 - 2  # Spindle Runner's 2 reach the hero


def test_an_ensnared_minion_cannot_defend() -> None:
    s = scenario(
        duel(
            m("Cave Lurker", 1),
            m("Barrow Sentinel", 1, ensnared=1),
        )
    )
    attack(s, 0, 1, "h1")
    expect(s, "main", 0)  # nobody could defend: no question
    assert health(s)[1] == 38


def test_a_defender_ensnared_before_the_damage_leaves_the_order() -> None:
    # Player 0 answers the defence with Frost Snare on the defender: it is
    # removed from the defenders, so the attack reaches the hero.
    s = scenario(
        duel(
            m("Cave Lurker", 1),
            m("Barrow Sentinel", 1),
            extra0='hand = ["Frost Snare"]',
        )
    )
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}")
    expect(s, "window", 0)  # player 1 has nothing to respond with: only player 0 is asked
    play(s, 0, "Frost Snare")
    expect(s, "main", 0)
    assert health(s)[1] == 38
    assert s.minions[at(s, 1, 1)].damage == 1  # only the snare's 1


def test_the_attacker_attacks_once_a_turn_unless_a_card_says_more() -> None:
    s = scenario(
        duel(
            ms(m("Cave Lurker", 1), m("Phantom Duelist", 2)),
            "",
        )
    )
    lurker, duelist = at(s, 0, 1), at(s, 0, 2)
    attack(s, 0, 1, "h1")
    illegal(s, f"attack {lurker}", "section 9")
    attack(s, 0, 2, "h1")
    attack(s, 0, 2, "h1")  # Phantom Duelist may attack twice
    illegal(s, f"attack {duelist}", "already attacked")


def test_attacking_an_artifact_destroys_it_and_pierces() -> None:
    s = scenario(
        duel(
            m("Bone Colossus", 1),
            "",
            extra1='magic = [{ card = "Spirit Lantern", slot = 1 }]',
        )
    )
    lantern = slot(s, 1, 1)
    attack(s, 0, 1, f"c{lantern}")
    pass_all(s)  # player 1 could Destroy Magic: it is asked
    assert grave_names(s, 1) == ["Spirit Lantern"]
    assert health(s)[1] == 40 - (6 - 3)


def test_defense_regenerates_at_the_end_of_its_owners_turn_only() -> None:
    s = scenario(
        duel(
            m("Cave Lurker", 1, damage=2),
            m("Barrow Sentinel", 1, damage=3),
        )
    )
    act(s, "end")
    # the end of player 0's turn heals player 0's lurker, not player 1's sentinel
    expect(s, "main", 1)
    assert s.minions[at(s, 0, 1)].damage == 0 and s.minions[at(s, 1, 1)].damage == 3


def test_dismiss_returns_the_minion_to_the_deck_shuffled_without_its_effects() -> None:
    # Echo Wraith draws two cards on death; dismissed, it does nothing.
    s = scenario(duel(ms(m("Echo Wraith", 1), m("Cave Lurker", 2)), ""))
    wraith = at(s, 0, 1)
    dismiss(s, wraith)
    dismiss(s, at(s, 0, 2))  # any number of dismissals in a turn
    assert row(s, 0) == [None, None, None, None]
    assert wraith in s.seats[0].deck and len(s.seats[0].deck) == 4
    assert len(s.seats[0].hand) == 0
    assert any(e["e"] == "dismissed" for e in s.log)


def test_faq_10_only_your_own_minions_can_be_dismissed() -> None:
    s = scenario(duel(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    illegal(s, f"dismiss {at(s, 1, 1)}", "FAQ 10")


def test_an_ensnared_minion_cannot_be_dismissed() -> None:
    s = scenario(duel(m("Cave Lurker", 1, ensnared=1), ""))
    illegal(s, f"dismiss {at(s, 0, 1)}", "ensnare")


def test_faq_2_four_minions_at_most_dismiss_to_make_room() -> None:
    four = ", ".join(f'{{ card = "Spindle Runner", space = {k} }}' for k in range(1, 5))
    s = scenario(duel(four, "", extra0='hand = ["Cave Lurker"]'))
    lurker = s.seats[0].hand[0]
    illegal(s, f"play {lurker}", "FAQ 2")
    dismiss(s, at(s, 0, 3))
    play(s, 0, "Cave Lurker")
    assert row(s, 0)[2] == "Cave Lurker"


def test_faq_14_and_16_defense_lowered_to_zero_destroys_nothing() -> None:
    s = scenario(duel(m("Cave Lurker", 1), "", extra0='hand = ["Crumble"]'))
    play(s, 0, "Crumble")  # -3 defense on the 2/3 lurker (its own, the only minion)
    assert stats_at(s, 0, 1) == (2, 0)
    assert row(s, 0)[0] == "Cave Lurker"  # 0 defense alone is not death
    act(s, "end")
    assert stats_at(s, 0, 1) == (2, 0)  # it stays 0 until something changes it


def _change(name: str, defense: int) -> dict[str, object]:
    return {
        "name": name, "type": "spell", "cost": 0, "rarity": "common", "text": name,
        "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                       "effects": [{"verb": "modify", "defense": defense}]}],
    }  # fmt: skip


def test_faq_15_lowering_defense_stops_at_zero_so_a_later_raise_counts_in_full() -> None:
    # FAQ 15: effects that reduce defense stop at zero. A 0/3 given -5 loses
    # the 3 it has, not 5; +2 afterwards gives it 2 (not -5 + 2 + 3 = 0).
    cards = [minion("Brittle Husk", 0, 3), _change("Sap Five", -5), _change("Shore Two", 2)]
    s = scenario(duel(m("Brittle Husk", 1), "", extra0='hand = ["Sap Five", "Shore Two"]'), cards)
    play(s, 0, "Sap Five")
    assert stats_at(s, 0, 1) == (0, 0)
    play(s, 0, "Shore Two")
    assert stats_at(s, 0, 1) == (0, 2)
    # a scenario that writes -5 on it means the same: down to 0
    s = scenario(duel(m("Brittle Husk", 1, defense=-5), "", extra0='hand = ["Shore Two"]'), cards)
    play(s, 0, "Shore Two")
    assert stats_at(s, 0, 1) == (0, 2)


def test_faq_15_defense_never_goes_below_zero_and_one_damage_then_destroys() -> None:
    s = scenario(duel(m("Cave Lurker", 1, defense=-5), "", extra0='hand = ["Grave Bolt"]'))
    assert stats_at(s, 0, 1) == (2, 0)
    play(s, 0, "Grave Bolt")  # 3 damage: more than 0 defense, so it dies; 3 pierces
    assert row(s, 0)[0] is None and health(s)[0] == 37


def test_defenders_are_logged_even_when_every_eligible_minion_defends() -> None:
    # issue 30 §2: the defenders were logged on "done" only; choosing the last
    # eligible minion ends the choice without a "done", and nothing was logged
    from ossuary.necromancer.board import format_event

    s = scenario(duel(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    attack(s, 0, 1, "h1")
    act(s, f"defend {at(s, 1, 1)}")  # the only possible defender: no "done" to ask
    said = [format_event(e) for e in s.view(0)["log"]]
    assert "Player 2 defends with Barrow Sentinel" in said
    # and declining to defend is said too: the attacker sees the attack go through
    s = scenario(duel(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    attack(s, 0, 1, "h1")
    expect(s, "defend", 1)
    act(s, "done")
    said = [format_event(e) for e in s.view(0)["log"]]
    assert "Player 2 does not defend against Cave Lurker" in said
    assert "Player 1's Cave Lurker attacks Player 2's hero" in said
