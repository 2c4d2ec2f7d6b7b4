"""Scenario tests for the greed cards of the base set (collector numbers 109-144):
each test sets up a position, plays the card's text and checks what it did.
"""

from typing import Any

import pytest

from ossuary.hecatomb import HecatombState

from ..script import (
    abom,
    act,
    cid,
    expect,
    grave_names,
    hand_names,
    in_hand,
    keywords,
    minion,
    scenario,
    souls,
    stack_names,
    strength,
)

CARDS: list[dict[str, Any]] = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    minion("Four", 4),
    minion("Five", 5),
    {"name": "Idol", "type": "god", "doom": "corruption", "cost": 1},
    {"name": "Zap", "type": "fate", "doom": "destruction", "cost": 1, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                    "effects": [{"verb": "destroy"}]}]},
]  # fmt: skip


def board(text: str) -> HecatombState:
    return scenario(text, CARDS)


def option_names(s: HecatombState) -> set[str]:
    """The card names behind a ``card <id>`` / ``m<id>`` / ``c<id>`` choice."""
    out = set()
    for o in s.decision().options:
        if o.startswith("card "):
            out.add(s.defs[int(o.split()[1])].name)
        elif o[0] in "mc" and o[1:].isdigit():
            out.add(s.defs[int(o[1:])].name)
    return out


def greed_mana(n: int) -> str:
    return "mana = [" + ", ".join(['"Grave Hoarder"'] * n) + "]"


# -- minions ------------------------------------------------------------------------
@pytest.mark.card("Bone Broker")
def test_bone_broker_exhumes_up_to_two_cheap_minion_cards() -> None:
    """Bone Broker on a greed trigger offers minion cards costing 2 or less and may stop early."""
    s = board(
        f"""
        [[seat]]
        hand = ["Bone Broker"]
        {greed_mana(3)}
        graveyard = ["Pennyweight Skeleton", "Tithe Collector", "Hoard Wyrm", "Blood Price"]
        abominations = [["Grave Hoarder"]]
        """
    )
    act(s, "Play Bone Broker", "on 0", "yes")
    expect(s, "choose", 0)
    assert option_names(s) == {"Pennyweight Skeleton", "Tithe Collector"}
    assert "none" in s.decision().options
    act(s, "Pennyweight Skeleton")
    assert option_names(s) == {"Tithe Collector"}
    act(s, "none")
    expect(s, "main", 0)
    assert hand_names(s, 0) == ["Pennyweight Skeleton"]
    assert grave_names(s, 0) == ["Tithe Collector", "Hoard Wyrm", "Blood Price"]


@pytest.mark.card("Coin-Sworn Acolyte")
def test_coin_sworn_acolyte_adds_two_greed_mana_to_spend() -> None:
    """Coin-Sworn Acolyte on a greed trigger adds 2 greed mana that pays for another card."""
    s = board(
        f"""
        [[seat]]
        hand = ["Coin-Sworn Acolyte", "Tithe Collector"]
        {greed_mana(1)}
        abominations = [["Grave Hoarder"]]
        """
    )
    collector = in_hand(s, 0, "Tithe Collector")
    act(s, "Play Coin-Sworn Acolyte", "on 0", "yes")
    assert s.seats[0].pool == [0, 0, 0, 2]
    assert f"play {collector}" in s.decision().options  # no mana card left untapped
    act(s, f"play {collector}", "new")
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert stack_names(s, 0, 1) == ["Tithe Collector"]


@pytest.mark.card("Coinbound Revenant")
def test_coinbound_revenant_exhumes_a_minion_card_and_has_survivor() -> None:
    """Coinbound Revenant on greed exhumes a minion card (not a fate); it has Survivor +1."""
    s = board(
        f"""
        [[seat]]
        hand = ["Coinbound Revenant"]
        {greed_mana(4)}
        graveyard = ["Blood Price", "Pennyweight Skeleton"]
        abominations = [["Grave Hoarder"]]
        """
    )
    act(s, "Play Coinbound Revenant", "on 0", "yes")
    expect(s, "main", 0)  # the only minion card is taken without asking
    assert hand_names(s, 0) == ["Pennyweight Skeleton"]
    assert grave_names(s, 0) == ["Blood Price"]
    assert keywords(s, 0) == {"survivor": 1}


@pytest.mark.card("Collector's Imp")
def test_collectors_imp_steals_a_soul_when_played_onto_an_attacker() -> None:
    """Collector's Imp played in combat on a greed trigger steals a soul; the attacker reaps 3."""
    s = board(
        f"""
        [[seat]]
        hand = ["Collector's Imp"]
        {greed_mana(2)}
        abominations = [["One", "Grave Hoarder"]]
        """
    )
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "Play Collector's Imp", "on 0", "yes")
    expect(s, "main", 0)
    assert souls(s) == [5 + 1 + 3, 5 - 1 - 3]


@pytest.mark.card("Counting-House Rat")
def test_counting_house_rat_adds_greed_mana_when_it_reaps() -> None:
    """Counting-House Rat's abomination reaps and adds 1 greed mana, enough for a 1-cost card."""
    s = board(
        """
        [[seat]]
        hand = ["Pennyweight Skeleton"]
        abominations = [["One", "Counting-House Rat"]]
        """
    )
    skeleton = in_hand(s, 0, "Pennyweight Skeleton")
    assert f"play {skeleton}" not in s.decision().options
    act(s, "attack", "pass", "pass")  # asked in both windows: the hand isn't empty
    assert souls(s) == [7, 3]
    assert s.seats[0].pool == [0, 0, 0, 1]
    act(s, f"play {skeleton}", "new")
    assert stack_names(s, 0, 1) == ["Pennyweight Skeleton"]


@pytest.mark.card("Debtbound Fiend")
def test_debtbound_fiend_destroys_a_small_enemy_minion_when_destroyed() -> None:
    """When Debtbound Fiend is destroyed, its owner destroys an enemy strength 2- minion."""
    s = board(
        f"""
        [[seat]]
        hand = ["Blood Price"]
        {greed_mana(1)}
        abominations = [["One", "Debtbound Fiend"]]
        [[seat]]
        abominations = [["Two", "Three"], ["One", "Four"]]
        """
    )
    act(s, "Play Blood Price", f"m{cid(s, 0, 0, 'Debtbound Fiend')}")
    expect(s, "target", 0)
    assert option_names(s) == {"Two", "One"}  # enemy minions of strength 2 or less
    act(s, f"m{cid(s, 1, 0, 'Two')}")
    assert grave_names(s, 1) == ["Two"]
    assert stack_names(s, 1, 0) == ["Three"]
    assert "Debtbound Fiend" in grave_names(s, 0)


@pytest.mark.card("Gilded Ghoul")
def test_gilded_ghoul_reaps_one_more_and_rages_with_a_god() -> None:
    """Gilded Ghoul gives Reaper +1, and Rager +2 only while its controller has a god."""
    text = """
        [[seat]]
        {god}
        abominations = [["One", "Gilded Ghoul"]]
        """
    s = board(text.format(god=""))
    assert keywords(s, 0) == {"reaper": 1}
    act(s, "attack")
    assert souls(s) == [8, 2]
    with_god = board(text.format(god='god = "Idol"'))
    assert keywords(with_god, 0) == {"reaper": 1, "rager": 2}


@pytest.mark.card("Grasping Dead")
def test_grasping_dead_gives_rager_on_a_greed_trigger_only() -> None:
    """Grasping Dead played in combat onto a greed trigger gives its attacker Rager +1."""
    s = board(
        f"""
        [[seat]]
        hand = ["Grasping Dead"]
        {greed_mana(1)}
        abominations = [["One", "Grave Hoarder"]]
        [[seat]]
        abominations = [["Two", "Two"]]
        """
    )
    act(s, "attack", "Play Grasping Dead", "on 0")
    expect(s, "block", 1)
    assert keywords(s, 0) == {"rager": 1}
    assert strength(s, 0) == 1 + 2 + 1 + 1
    off = board(
        f"""
        [[seat]]
        hand = ["Grasping Dead"]
        {greed_mana(1)}
        abominations = [["One", "Gilded Ghoul"]]
        """
    )
    act(off, "Play Grasping Dead", "on 0")
    assert keywords(off, 0) == {"reaper": 1}  # Gilded Ghoul has a deceit trigger only


@pytest.mark.card("Grave Hoarder")
def test_grave_hoarder_stitches_onto_a_greed_abomination_instead_of_dying() -> None:
    """Grave Hoarder killed in combat may be stitched onto another abomination with a greed top."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Grave Hoarder"], ["Two", "Pennyweight Skeleton"]]
        [[seat]]
        abominations = [["Two", "Three"]]
        """
    )
    act(s, "attack", "attacker 0", "done", "block 2 0")
    expect(s, "soulbound", 0)
    act(s, "stitch 1")
    assert s.seats[0].aboms == [1]
    assert stack_names(s, 0) == ["Two", "Pennyweight Skeleton", "Grave Hoarder"]
    assert grave_names(s, 0) == ["One"]


@pytest.mark.card("Hoard Wyrm")
def test_hoard_wyrm_gains_souls_when_blocked_and_shrugs_off_damage() -> None:
    """Hoard Wyrm gains 2 souls when blocked, hits harder with Rager and ignores 1 damage."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Hoard Wyrm"]]
        [[seat]]
        abominations = [["Two", "Four"]]
        """
    )
    act(s, "attack", "block 1 0")
    expect(s, "main", 0)
    assert souls(s) == [7, 5]
    assert stack_names(s, 0) == ["One", "Hoard Wyrm"]  # 6 damage, 1 ignored: 5 < 6
    assert grave_names(s, 1) == ["Four", "Two"]  # 1 + 5 + Rager 1 = 7 damage


@pytest.mark.card("Ledger Golem")
def test_ledger_golem_taps_for_a_soul() -> None:
    """Ledger Golem's ↻2 gains a soul and taps its abomination; alone it can't be used."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Ledger Golem"], ["Ledger Golem"]]
        """
    )
    tap = f"tap 0 {cid(s, 0, 0, 'Ledger Golem')} 0"
    assert [o for o in s.decision().options if o.startswith("tap")] == [tap]
    act(s, tap)
    assert souls(s) == [6, 5]
    assert abom(s, 0).tapped


@pytest.mark.card("Magpie Swarm")
def test_magpie_swarm_exiles_an_enemy_relic_in_combat() -> None:
    """Magpie Swarm played on a greed trigger mid-attack returns an enemy relic to its hand."""
    s = board(
        f"""
        [[seat]]
        hand = ["Magpie Swarm"]
        {greed_mana(2)}
        abominations = [["One", "Grave Hoarder"]]
        [[seat]]
        relics = ["Reliquary of Teeth"]
        abominations = [["Two", "Grave Hoarder"]]
        """
    )
    assert keywords(s, 1) == {"survivor": 1}
    act(s, "attack", "Play Magpie Swarm", "on 0", "yes")
    act(s, "pass")  # the defender now holds a card, so is asked
    expect(s, "block", 1)
    assert s.seats[1].relics == []
    assert hand_names(s, 1) == ["Reliquary of Teeth"]
    assert keywords(s, 1) == {}
    assert stack_names(s, 0) == ["One", "Grave Hoarder", "Magpie Swarm"]


@pytest.mark.card("Pennyweight Skeleton")
def test_pennyweight_skeleton_gains_a_soul_on_a_greed_trigger() -> None:
    """Pennyweight Skeleton gains a soul played on a greed trigger, and nothing on a deceit one."""
    s = board(
        f"""
        [[seat]]
        hand = ["Pennyweight Skeleton", "Pennyweight Skeleton"]
        {greed_mana(2)}
        abominations = [["Grave Hoarder"], ["Gilded Ghoul"]]
        """
    )
    act(s, "Play Pennyweight Skeleton", "on 0", "yes")
    assert souls(s) == [6, 5]
    act(s, "Play Pennyweight Skeleton", "on 1")
    expect(s, "main", 0)  # Gilded Ghoul has no greed trigger: no "may" question
    assert souls(s) == [6, 5]


@pytest.mark.card("Priest of the Open Palm")
def test_priest_of_the_open_palm_drains_on_destruction_and_follows_a_god() -> None:
    """Priest of the Open Palm on destruction costs the enemy 2 souls; Reaper +1 with a god."""
    s = board(
        f"""
        [[seat]]
        hand = ["Priest of the Open Palm"]
        {greed_mana(3)}
        abominations = [["Coin-Sworn Acolyte"]]
        """
    )
    act(s, "Play Priest of the Open Palm", "on 0", "yes")
    assert souls(s) == [5, 3]
    assert keywords(s, 0) == {}
    with_god = board(
        """
        [[seat]]
        god = "Idol"
        abominations = [["One", "Priest of the Open Palm"]]
        """
    )
    assert keywords(with_god, 0) == {"reaper": 1}


@pytest.mark.card("Rift Pickpocket")
def test_rift_pickpocket_severs_a_strong_enemy_minion() -> None:
    """Rift Pickpocket on a destruction trigger severs the enemy's strength 4+ minion."""
    s = board(
        f"""
        [[seat]]
        hand = ["Rift Pickpocket"]
        {greed_mana(3)}
        abominations = [["Coin-Sworn Acolyte"]]
        [[seat]]
        abominations = [["Two", "Five", "Three"]]
        """
    )
    act(s, "Play Rift Pickpocket", "on 0", "yes")  # Five is the only legal target
    assert stack_names(s, 1, 0) == ["Two", "Three"]
    assert stack_names(s, 1, 1) == ["Five"]


@pytest.mark.card("Seamstress of Debts")
def test_seamstress_of_debts_taps_to_stitch_a_minion() -> None:
    """Seamstress of Debts' ↻2 stitches one of your minions onto another abomination."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Seamstress of Debts"], ["Two", "Three"]]
        [[seat]]
        abominations = [["Four", "Four"]]
        """
    )
    act(s, f"tap 0 {cid(s, 0, 0, 'Seamstress of Debts')} 0")
    expect(s, "target", 0)
    assert option_names(s) == {"One", "Seamstress of Debts", "Two", "Three"}  # yours only
    act(s, f"m{cid(s, 0, 1, 'Three')}", "onto 0")
    assert stack_names(s, 0, 0) == ["One", "Seamstress of Debts", "Three"]
    assert stack_names(s, 0, 1) == ["Two"]
    assert abom(s, 0, 0).tapped and abom(s, 0, 0).stitched


@pytest.mark.card("Star-Hoarder")
def test_star_hoarder_gains_a_soul_at_the_end_of_your_turn_only() -> None:
    """Star-Hoarder gains a soul at the end of its controller's turn, not at the enemy's."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Star-Hoarder"]]
        """
    )
    act(s, "end")
    expect(s, "main", 1)
    assert souls(s) == [6, 6]
    act(s, "end")
    expect(s, "main", 0)
    assert souls(s) == [7, 6]  # only the ready phase's soul


@pytest.mark.card("Strongbox Mimic")
def test_strongbox_mimic_looks_at_an_enemy_hand_on_deceit() -> None:
    """Strongbox Mimic on a deceit trigger shows its controller one enemy's hand, nobody else."""
    s = board(
        f"""
        [game]
        seats = 3
        [[seat]]
        hand = ["Strongbox Mimic"]
        {greed_mana(2)}
        abominations = [["One", "Gilded Ghoul"]]
        [[seat]]
        hand = ["Two", "Three"]
        [[seat]]
        """
    )
    assert [c for c in s.view(0)["players"][1]["hand"] if c] == []
    act(s, "Play Strongbox Mimic", "on 0", "yes", "p1")
    assert [c["card"] for c in s.view(0)["players"][1]["hand"]] == ["Two", "Three"]
    assert [c for c in s.view(2)["players"][1]["hand"] if c] == []
    assert keywords(s, 0) == {"reaper": 1, "survivor": 1}


@pytest.mark.card("Tithe Collector")
def test_tithe_collector_steals_on_deceit_and_still_attacks() -> None:
    """Tithe Collector on a deceit trigger steals a soul; Fanatic lets the abomination attack."""
    s = board(
        f"""
        [[seat]]
        hand = ["Tithe Collector"]
        {greed_mana(2)}
        abominations = [["One", "Gilded Ghoul"]]
        """
    )
    act(s, "Play Tithe Collector", "on 0", "yes")
    assert souls(s) == [6, 4]
    act(s, "attack")
    assert souls(s) == [10, 0]  # size 3, Reaper +1


@pytest.mark.card("Tollgate Sentinel")
def test_tollgate_sentinel_cannot_attack_but_steals_when_it_blocks() -> None:
    """Tollgate Sentinel can't attack; when it blocks, its controller steals a soul."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Tollgate Sentinel"]]
        [[seat]]
        abominations = [["One", "Two"]]
        """
    )
    assert "attack" not in s.decision().options
    act(s, "end", "attack", "block 0 1")
    assert souls(s) == [6, 5]
    assert grave_names(s, 1) == ["Two", "One"]


@pytest.mark.card("Undying Moneylender")
def test_undying_moneylender_returns_to_hand_when_destroyed() -> None:
    """Undying Moneylender killed in combat goes back to its owner's hand, not the graveyard."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Undying Moneylender"]]
        [[seat]]
        abominations = [["Two", "Three"]]
        """
    )
    act(s, "attack", "block 1 0")
    assert hand_names(s, 0) == ["Undying Moneylender"]
    assert grave_names(s, 0) == ["One"]


@pytest.mark.card("Vault Jackal")
def test_vault_jackal_makes_the_enemy_lose_a_soul_when_it_attacks() -> None:
    """Vault Jackal's attack costs the enemy a soul (not gained), on top of the reap."""
    s = board(
        """
        [[seat]]
        abominations = [["One", "Vault Jackal"]]
        """
    )
    act(s, "attack")
    assert souls(s) == [7, 2]


# -- fates ----------------------------------------------------------------------------
@pytest.mark.card("Audit of Sins")
def test_audit_of_sins_reveals_an_enemy_hand_to_everyone_and_draws() -> None:
    """Audit of Sins shows the target enemy's hand to every player, then draws a card."""
    s = board(
        f"""
        [game]
        seats = 3
        [[seat]]
        hand = ["Audit of Sins"]
        deck = ["Four"]
        {greed_mana(1)}
        [[seat]]
        hand = ["Two", "Three"]
        [[seat]]
        """
    )
    act(s, "Play Audit of Sins", "p1")
    for seat in (0, 2):
        assert [c["card"] for c in s.view(seat)["players"][1]["hand"]] == ["Two", "Three"]
    assert hand_names(s, 0) == ["Four"]
    assert hand_names(s, 1) == ["Two", "Three"]  # revealed, not taken


@pytest.mark.card("Blood Price")
def test_blood_price_sacrifices_a_minion_for_two_souls() -> None:
    """Blood Price sacrifices one of your minions (even a Regenerator) and gains 2 souls."""
    s = board(
        f"""
        [[seat]]
        hand = ["Blood Price"]
        {greed_mana(1)}
        abominations = [["One", "Undying Moneylender"]]
        """
    )
    act(s, "Play Blood Price", f"m{cid(s, 0, 0, 'Undying Moneylender')}")
    assert souls(s) == [7, 5]
    assert grave_names(s, 0) == ["Undying Moneylender", "Blood Price"]
    assert hand_names(s, 0) == []


@pytest.mark.card("Hoard of Bones")
def test_hoard_of_bones_retrieves_an_undead_minion_card() -> None:
    """Hoard of Bones offers only Undead minion cards from the deck and puts the choice in hand."""
    s = board(
        f"""
        [[seat]]
        hand = ["Hoard of Bones"]
        {greed_mana(2)}
        deck = ["One", "Grave Hoarder", "Tithe Collector", "Pennyweight Skeleton", "Blood Price"]
        """
    )
    act(s, "Play Hoard of Bones")
    expect(s, "choose", 0)
    assert option_names(s) == {"Grave Hoarder", "Pennyweight Skeleton"}
    act(s, "Pennyweight Skeleton")
    assert hand_names(s, 0) == ["Pennyweight Skeleton"]
    assert len(s.seats[0].deck) == 4


@pytest.mark.card("Open the Crypt")
def test_open_the_crypt_puts_a_graveyard_minion_into_play() -> None:
    """Open the Crypt puts a minion card from your graveyard into play on your abomination."""
    s = board(
        f"""
        [[seat]]
        hand = ["Open the Crypt"]
        {greed_mana(3)}
        graveyard = ["Blood Price", "Hoard Wyrm"]
        abominations = [["One", "Grave Hoarder"]]
        """
    )
    act(s, "Play Open the Crypt")
    expect(s, "choose", 0)
    assert option_names(s) == {"Hoard Wyrm"}
    act(s, "Hoard Wyrm", "on 0")
    assert stack_names(s, 0) == ["One", "Grave Hoarder", "Hoard Wyrm"]
    assert grave_names(s, 0) == ["Blood Price", "Open the Crypt"]
    assert "attack" not in s.decision().options  # put into play counts as playing on it


@pytest.mark.card("Usurer's Due")
def test_usurers_due_steals_x_souls() -> None:
    """Usurer's Due paid with X = 2 (3 mana) steals 2 souls from the enemy."""
    s = board(
        f"""
        [[seat]]
        hand = ["Usurer's Due"]
        {greed_mana(4)}
        """
    )
    act(s, "Play Usurer's Due")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2", "x 3")
    act(s, "x 2")
    assert souls(s) == [7, 3]
    assert len(s.seats[0].mana) - len(s.tapped) == 1


# -- combat fates ---------------------------------------------------------------------
@pytest.mark.card("Greased Palm")
def test_greased_palm_taps_the_would_be_blocker() -> None:
    """Greased Palm in the attack window taps the enemy abomination, so nothing can block."""
    s = board(
        f"""
        [[seat]]
        hand = ["Greased Palm"]
        {greed_mana(2)}
        abominations = [["One", "Two"]]
        [[seat]]
        abominations = [["Five", "Five"]]
        """
    )
    act(s, "attack", "Play Greased Palm")
    expect(s, "main", 0)  # no block was possible
    assert abom(s, 1).tapped
    assert souls(s) == [7, 3]


@pytest.mark.card("Plunder Rights")
def test_plunder_rights_gives_a_greed_attacker_reaper_two() -> None:
    """Plunder Rights gives a Greed abomination of yours Reaper +2; it needs one to target."""
    s = board(
        f"""
        [[seat]]
        hand = ["Plunder Rights"]
        {greed_mana(2)}
        abominations = [["One", "Grave Hoarder"]]
        """
    )
    act(s, "attack", "Play Plunder Rights")
    expect(s, "main", 0)
    assert souls(s) == [9, 1]
    assert keywords(s, 0) == {"reaper": 2}
    no_greed = board(
        f"""
        [[seat]]
        hand = ["Plunder Rights"]
        {greed_mana(2)}
        abominations = [["One", "Two"]]
        """
    )
    assert f"play {in_hand(no_greed, 0, 'Plunder Rights')}" not in no_greed.decision().options


@pytest.mark.card("Second Wind")
def test_second_wind_untaps_an_attacker_to_attack_again() -> None:
    """Second Wind played during an attack untaps the attacker, which then attacks again."""
    s = board(
        f"""
        [[seat]]
        hand = ["Second Wind"]
        {greed_mana(1)}
        abominations = [["One", "Two"]]
        """
    )
    act(s, "attack", "Play Second Wind")
    expect(s, "main", 0)
    assert souls(s) == [7, 3]
    assert not abom(s, 0).tapped
    act(s, "attack")
    assert souls(s) == [9, 1]


# -- relics ---------------------------------------------------------------------------
@pytest.mark.card("Crown of Avarice")
def test_crown_of_avarice_strengthens_undead_abominations() -> None:
    """Crown of Avarice gives Undead abominations +1 strength and Rager +1, others nothing."""
    s = board(
        """
        [[seat]]
        relics = ["Crown of Avarice"]
        abominations = [["Five", "Pennyweight Skeleton"], ["Pennyweight Skeleton", "One"]]
        [[seat]]
        abominations = [["Four", "Four"]]
        """
    )
    assert (strength(s, 0, 0), keywords(s, 0, 0)) == (7, {"rager": 1})
    assert (strength(s, 0, 1), keywords(s, 0, 1)) == (2, {})
    act(s, "attack", "attacker 0", "done", "block 2 0")
    assert grave_names(s, 1) == ["Four", "Four"]  # 8 damage while attacking


@pytest.mark.card("Miser's Scales")
def test_misers_scales_adds_greed_mana_at_the_start_of_your_turn() -> None:
    """Miser's Scales puts 1 greed mana in the pool at the start of its controller's turn."""
    s = board(
        """
        [game]
        step = "start"
        [[seat]]
        relics = ["Miser's Scales"]
        hand = ["Pennyweight Skeleton"]
        """
    )
    expect(s, "main", 0)
    assert s.seats[0].pool == [0, 0, 0, 1]
    act(s, "Play Pennyweight Skeleton")  # paid from the pool; "new" is its only place
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert stack_names(s, 0) == ["Pennyweight Skeleton"]


@pytest.mark.card("Reliquary of Teeth")
def test_reliquary_of_teeth_lets_an_undead_top_minion_survive() -> None:
    """Reliquary of Teeth: an Undead attacker ignores 1 damage, so 2 doesn't kill its top 2."""
    s = board(
        """
        [[seat]]
        relics = ["Reliquary of Teeth"]
        abominations = [["One", "Grave Hoarder"], ["Grave Hoarder", "One"]]
        [[seat]]
        abominations = [["One", "One"]]
        """
    )
    assert keywords(s, 0, 1) == {}
    act(s, "attack", "attacker 0", "done", "block 2 0")
    assert stack_names(s, 0, 0) == ["One", "Grave Hoarder"]
    assert grave_names(s, 0) == []


@pytest.mark.card("Treasury Seal")
def test_treasury_seal_gives_reaper_to_big_greed_abominations() -> None:
    """Treasury Seal gives Reaper +1 to your Greed abominations of size 3 or more only."""
    s = board(
        """
        [[seat]]
        relics = ["Treasury Seal"]
        abominations = [["One", "Two", "Grave Hoarder"], ["One", "Grave Hoarder"],
                        ["One", "Two", "Three"]]
        """
    )
    assert [keywords(s, 0, k) for k in range(3)] == [{"reaper": 1}, {}, {}]
    act(s, "attack", "attacker 0", "done")
    assert souls(s) == [9, 1]


# -- gods -----------------------------------------------------------------------------
@pytest.mark.card("Mammon's Shade")
def test_mammons_shade_gains_two_souls_and_undead_reap_more() -> None:
    """Mammon's Shade gains 2 souls when played and gives Undead abominations Reaper +1."""
    s = board(
        f"""
        [[seat]]
        hand = ["Mammon's Shade"]
        {greed_mana(5)}
        abominations = [["One", "Grave Hoarder"]]
        """
    )
    act(s, "Play Mammon's Shade")
    assert souls(s) == [7, 5]
    assert keywords(s, 0) == {"reaper": 1}
    act(s, "attack")
    assert souls(s) == [10, 2]


@pytest.mark.card("Vesk, the Hoardmother")
def test_vesk_tithes_richer_enemies_and_beasts_rage() -> None:
    """Vesk takes 2 souls from each enemy richer than you (registered effect "tithe") and
    gives Beast abominations Rager +1."""
    s = board(
        f"""
        [game]
        seats = 3
        [[seat]]
        hand = ["Vesk, the Hoardmother"]
        {greed_mana(6)}
        abominations = [["One", "Counting-House Rat"], ["One", "Grave Hoarder"]]
        [[seat]]
        souls = 9
        [[seat]]
        souls = 0
        """
    )
    act(s, "Play Vesk")
    assert souls(s) == [7, 7, 0]
    assert [keywords(s, 0, 0), keywords(s, 0, 1)] == [{"rager": 1}, {}]


@pytest.mark.card("Vesk, the Hoardmother")
def test_vesk_makes_each_attacker_cost_its_aggressor_a_soul() -> None:
    """Attacking Vesk's controller costs a soul per attacker; with no souls you can't attack."""
    text = """
        [[seat]]
        souls = {souls}
        abominations = [["One", "Two"], ["One", "Two"]]
        [[seat]]
        god = "Vesk, the Hoardmother"
        """
    s = board(text.format(souls=3))
    act(s, "attack", "attacker 0", "attacker 1")
    expect(s, "main", 0)
    assert souls(s) == [3 - 2 + 4, 5 - 4]
    broke = board(text.format(souls=0))
    assert "attack" not in broke.decision().options
