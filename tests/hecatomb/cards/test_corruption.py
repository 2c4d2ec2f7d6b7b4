"""Scenario tests for the corruption cards of the base set (collector numbers 1-36).

Each test sets up a small position, plays the card's printed text and checks what
it did. Test-only minions (destruction beasts, no triggers) fill the positions;
corruption mana comes from Gutter Spawn cards in the mana zone.
"""

import pytest

from ossuary.hecatomb import HecatombState
from ossuary.hecatomb.cards import Selector
from ossuary.hecatomb.queries import targets

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
    names,
    scenario,
    souls,
    stack_names,
    strength,
)

CARDS = [
    minion("Grunt", 1),
    minion("Brute", 2),
    minion("Hulk", 3),
    minion("Titan", 5, cost=5),
    minion("Gold Grub", 1, "greed", subtype="undead"),
]


def board(seat0: str = "", seat1: str = "", game: str = "") -> HecatombState:
    """Two seats; seat 0 acts unless ``game`` says otherwise."""
    return scenario(f"[game]\n{game}\n[[seat]]\n{seat0}\n[[seat]]\n{seat1}\n", CARDS)


def mana(n: int) -> str:
    """``n`` untapped corruption mana cards."""
    return "mana = [" + ", ".join(['"Gutter Spawn"'] * n) + "]"


def aid(s: HecatombState, seat: int, k: int = 0) -> int:
    return s.seats[seat].aboms[k]


def all_stacks(s: HecatombState, seat: int) -> list[list[str]]:
    return [stack_names(s, seat, k) for k in range(len(s.seats[seat].aboms))]


def knows(s: HecatombState, seat: int, cards: list[int]) -> bool:
    return all(s.known[c] & (1 << seat) for c in cards)


def attack_all(s: HecatombState) -> None:
    """Seat 0 attacks seat 1 with its only eligible abomination."""
    act(s, "attack")


# -- minions --------------------------------------------------------------------------
@pytest.mark.card("Brood Sac")
def test_brood_sac_is_a_host_that_others_build_on() -> None:
    """Host: it only starts a new abomination; a corruption conditional then works on it."""
    s = board(f'hand = ["Brood Sac", "Maw Acolyte"]\n{mana(4)}\ndeck = ["Hulk"]\n'
              'abominations = [["Grunt", "Brute"]]')  # fmt: skip
    act(s, "Play Brood Sac")
    expect(s, "main", 0)  # no placement question: "new" is its only choice
    assert all_stacks(s, 0) == [["Grunt", "Brute"], ["Brood Sac"]]
    act(s, "Play Maw Acolyte")
    expect(s, "place", 0)
    act(s, f"on {aid(s, 0, 1)}")
    expect(s, "may", 0)  # Maw Acolyte's corruption box matches a Brood Sac trigger
    act(s, "yes")
    assert stack_names(s, 0, 1) == ["Brood Sac", "Maw Acolyte"]
    assert hand_names(s, 0) == ["Hulk"]


@pytest.mark.card("Eye of the Outer Dark")
def test_eye_of_the_outer_dark_severs_a_weak_enemy_minion() -> None:
    """↻3 severs only an enemy minion of strength 2 or less, and taps the abomination."""
    s = board(
        'abominations = [["Grunt", "Gutter Spawn", "Eye of the Outer Dark"], '
        '["Grunt", "Eye of the Outer Dark"]]',
        'abominations = [["Hulk", "Grunt", "Brute"]]',
    )
    big, small = aid(s, 0, 0), aid(s, 0, 1)
    eye = cid(s, 0, 0, "Eye of the Outer Dark")
    assert f"tap {big} {eye} 0" in s.decision().options
    assert not [o for o in s.decision().options if o.startswith(f"tap {small} ")]  # size 2
    act(s, f"tap {big} {eye} 0")
    expect(s, "target", 0)
    grunt, brute = cid(s, 1, 0, "Grunt"), cid(s, 1, 0, "Brute")
    assert set(s.decision().options) == {f"m{grunt}", f"m{brute}"}  # not the 3-strength Hulk
    act(s, f"m{grunt}")
    assert all_stacks(s, 1) == [["Hulk", "Brute"], ["Grunt"]]
    assert abom(s, 0, 0).tapped


@pytest.mark.card("Festering Drudge")
def test_festering_drudge_rages_only_on_a_destruction_trigger() -> None:
    """On a destruction trigger it gives Rager +1; on a corruption-only trigger it doesn't."""
    s = board(
        f'hand = ["Festering Drudge"]\n{mana(1)}\nabominations = [["Grunt", "Pale Devourer"]]'
    )
    act(s, "Play Festering Drudge", "on 0")
    assert keywords(s, 0) == {"reaper": 1, "rager": 1}
    s = board(f'hand = ["Festering Drudge"]\n{mana(1)}\nabominations = [["Grunt", "Gutter Spawn"]]')
    act(s, "Play Festering Drudge", "on 0")
    assert keywords(s, 0) == {}


@pytest.mark.card("Gnawing Imp")
def test_gnawing_imp_makes_the_enemy_discard_at_end_of_turn() -> None:
    """At the end of its controller's turn the enemy discards a card of their choice."""
    s = board('abominations = [["Grunt", "Gnawing Imp"]]', 'hand = ["Splinter", "Dissolve"]')
    act(s, "end")
    expect(s, "choose", 1)  # the discarding player picks
    act(s, f"card {in_hand(s, 1, 'Dissolve')}")
    assert hand_names(s, 1) == ["Splinter"]
    assert grave_names(s, 1) == ["Dissolve"]
    expect(s, "main", 1)
    act(s, "end")  # the enemy's end of turn sets nothing off
    expect(s, "main", 0)
    assert grave_names(s, 1) == ["Dissolve"]


@pytest.mark.card("Gutter Spawn")
def test_gutter_spawn_becomes_a_mana_card_when_destroyed() -> None:
    """Martyr: destroyed, it goes to its owner's mana zone instead of the graveyard."""
    s = board(f'hand = ["Dissolve"]\n{mana(2)}', 'abominations = [["Brute", "Gutter Spawn"]]')
    act(s, "Play Dissolve", "x 1")
    assert stack_names(s, 1) == ["Brute"]
    assert names(s, s.seats[1].mana) == ["Gutter Spawn"]
    assert grave_names(s, 1) == []


@pytest.mark.card("Howling Deformity")
def test_howling_deformity_weakens_an_enemy_when_it_attacks() -> None:
    """Attacking gives the enemy abomination -1 strength, which ends at end of turn."""
    s = board(
        'abominations = [["Grunt", "Howling Deformity"]]', 'abominations = [["Brute", "Hulk"]]'
    )
    assert strength(s, 1) == 5
    attack_all(s)
    expect(s, "block", 1)
    assert strength(s, 1) == 4
    act(s, "done", "end")
    assert strength(s, 1) == 5


@pytest.mark.card("Jade Cenote Drowner")
def test_jade_cenote_drowner_drowns_a_strong_enemy() -> None:
    """On a destruction trigger: 3 damage to an enemy abomination of strength 4 or more only."""
    s = board(
        f'hand = ["Jade Cenote Drowner"]\n{mana(3)}\nabominations = [["Grunt", "Pale Devourer"]]',
        'abominations = [["Brute", "Hulk"], ["Grunt", "Grunt"]]',
    )
    act(s, "Play Jade Cenote Drowner", "on 0")
    expect(s, "may", 0)
    act(s, "yes")  # the 2-strength abomination is no target, so the 5-strength one is chosen
    assert all_stacks(s, 1) == [["Brute"], ["Grunt", "Grunt"]]
    assert grave_names(s, 1) == ["Hulk"]


@pytest.mark.card("Knitting Flesh")
def test_knitting_flesh_regenerates_to_the_hand() -> None:
    """Regenerator: destroyed, it goes back to its owner's hand."""
    s = board(f'hand = ["Dissolve"]\n{mana(3)}', 'abominations = [["Grunt", "Knitting Flesh"]]')
    act(s, "Play Dissolve", "x 2")
    assert stack_names(s, 1) == ["Grunt"]
    assert hand_names(s, 1) == ["Knitting Flesh"]
    assert grave_names(s, 1) == []


@pytest.mark.card("Marrow Fiend")
def test_marrow_fiend_exhumes_a_minion_when_it_reaps() -> None:
    """After reaping, a minion card (not a fate) comes back from the graveyard to the hand."""
    s = board(
        'graveyard = ["Splinter", "Pale Devourer"]\nabominations = [["Grunt", "Marrow Fiend"]]'
    )
    attack_all(s)
    assert souls(s) == [7, 3]
    assert hand_names(s, 0) == ["Pale Devourer"]
    assert grave_names(s, 0) == ["Splinter"]


@pytest.mark.card("Maw Acolyte")
def test_maw_acolyte_draws_on_a_corruption_trigger() -> None:
    """On a corruption trigger it may draw a card; on a destruction-only trigger nothing asks."""
    s = board(f'hand = ["Maw Acolyte"]\n{mana(2)}\ndeck = ["Hulk"]\n'
              'abominations = [["Grunt", "Gutter Spawn"]]')  # fmt: skip
    act(s, "Play Maw Acolyte", "on 0", "yes")
    assert hand_names(s, 0) == ["Hulk"]
    s = board(f'hand = ["Maw Acolyte"]\n{mana(2)}\ndeck = ["Hulk"]\n'
              'abominations = [["Grunt", "Pale Devourer"]]')  # fmt: skip
    act(s, "Play Maw Acolyte", "on 0")
    expect(s, "main", 0)
    assert hand_names(s, 0) == []


@pytest.mark.card("Obsidian Priest")
def test_obsidian_priest_burns_an_enemy_and_shrugs_off_deceit() -> None:
    """On a destruction trigger it deals 2 damage to an enemy; deceit effects can't target it."""
    s = board(
        f'hand = ["Obsidian Priest"]\n{mana(4)}\nabominations = [["Grunt", "Pale Devourer"]]',
        'abominations = [["Grunt", "Brute"]]',
    )
    act(s, "Play Obsidian Priest", "on 0", "yes")
    assert stack_names(s, 1) == ["Grunt"]
    mine = f"a{aid(s, 0)}"
    assert mine not in targets(s, 1, Selector("abomination"), "deceit")
    assert mine in targets(s, 1, Selector("abomination"), "destruction")


@pytest.mark.card("Pale Devourer")
def test_pale_devourer_reaps_one_extra_soul() -> None:
    """Reaper +1: an unblocked two-minion abomination reaps 3."""
    s = board('abominations = [["Grunt", "Pale Devourer"]]')
    attack_all(s)
    assert souls(s) == [8, 2]


@pytest.mark.card("Pale Unbinder")
def test_pale_unbinder_removes_an_undead_for_good() -> None:
    """On a corruption trigger it removes an enemy Undead minion from the game, for good."""
    s = board(
        f'hand = ["Pale Unbinder"]\n{mana(4)}\nabominations = [["Grunt", "Gutter Spawn"]]',
        'abominations = [["Gold Grub", "Brute"]]',
    )
    act(s, "Play Pale Unbinder", "on 0", "yes")  # Gold Grub is the only Undead: no choice
    assert stack_names(s, 1) == ["Brute"]
    assert names(s, s.seats[1].removed) == ["Gold Grub"]
    assert grave_names(s, 1) == []
    act(s, "end")
    assert names(s, s.seats[1].removed) == ["Gold Grub"]


@pytest.mark.card("Sinew Snapper")
def test_sinew_snapper_severs_the_top_of_a_big_enemy() -> None:
    """On a corruption trigger it severs the top minion of an enemy abomination of size 3+."""
    s = board(
        f'hand = ["Sinew Snapper"]\n{mana(3)}\nabominations = [["Grunt", "Gutter Spawn"]]',
        'abominations = [{ minions = ["Grunt", "Brute", "Hulk"], tapped = true }, '
        '["Grunt", "Titan"]]',
    )
    act(s, "Play Sinew Snapper", "on 0", "yes")  # the size-2 abomination is no target
    assert all_stacks(s, 1) == [["Grunt", "Brute"], ["Grunt", "Titan"], ["Hulk"]]
    assert not abom(s, 1, 2).tapped


@pytest.mark.card("Swollen Tick")
def test_swollen_tick_bites_greed_and_closes_its_stack() -> None:
    """On a corruption trigger: 2 damage to an enemy with a greed minion; then Parasite."""
    s = board(
        f'hand = ["Swollen Tick", "Gutter Spawn"]\n{mana(3)}\n'
        'abominations = [["Grunt", "Gutter Spawn"]]',
        'abominations = [["Gold Grub", "Brute"], ["Grunt", "Brute"]]',
    )
    act(s, "Play Swollen Tick", "on 0", "yes")  # only the abomination with a greed minion
    assert all_stacks(s, 1) == [["Gold Grub"], ["Grunt", "Brute"]]
    assert keywords(s, 0) == {"parasite": True}
    act(s, "Play Gutter Spawn")
    expect(s, "main", 0)  # "new" was the only placement: nothing goes on the Parasite
    assert all_stacks(s, 0) == [["Grunt", "Gutter Spawn", "Swollen Tick"], ["Gutter Spawn"]]


@pytest.mark.card("Thing Between Angles")
def test_thing_between_angles_weakens_its_blocker() -> None:
    """Blocked, it gives the enemy -2 strength before damage: the blocker loses every minion."""
    s = board(
        'abominations = [["Grunt", "Thing Between Angles"]]', 'abominations = [["Brute", "Hulk"]]'
    )
    attack_all(s)
    act(s, f"block {aid(s, 1)} {aid(s, 0)}")
    # 3 damage against Hulk (3-2=1) and Brute (2): both destroyed; without the
    # penalty Hulk alone would fall.
    assert s.seats[1].aboms == []
    assert sorted(grave_names(s, 1)) == ["Brute", "Hulk"]
    assert souls(s) == [5, 5]


@pytest.mark.card("Thornback Sentinel")
def test_thornback_sentinel_strikes_the_attacker_it_blocks() -> None:
    """Blocking deals 1 damage to the attacker: down to one minion, it leaves combat."""
    s = board(
        'abominations = [["Grunt", "Thornback Sentinel"]]',
        'abominations = [["Brute", "Grunt"]]',
        game="active = 1",
    )
    assert keywords(s, 0) == {"survivor": 1}
    act(s, "attack", f"block {aid(s, 0)} {aid(s, 1)}")
    expect(s, "main", 1)
    assert stack_names(s, 1) == ["Brute"]
    assert grave_names(s, 1) == ["Grunt"]
    assert stack_names(s, 0) == ["Grunt", "Thornback Sentinel"]  # no fight happened
    assert souls(s) == [5, 5]


@pytest.mark.card("Throbbing Gland")
def test_throbbing_gland_adds_corruption_mana_each_turn() -> None:
    """At the start of its controller's turn it adds one corruption mana that pays a card."""
    s = board(
        'hand = ["Gutter Spawn"]\nabominations = [["Grunt", "Throbbing Gland"]]',
        game='step = "start"',
    )
    expect(s, "main", 0)
    assert s.seats[0].pool == [1, 0, 0, 0]
    act(s, "Play Gutter Spawn", "new")  # no mana cards: the pool pays
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert all_stacks(s, 0) == [["Grunt", "Throbbing Gland"], ["Gutter Spawn"]]


@pytest.mark.card("Votary of the Ninth Sun")
def test_votary_survives_only_while_you_have_a_god() -> None:
    """Follower — Survivor +2: with a god the blocked Votary shrugs off 2 damage."""
    for god, survives in (('god = "Xoloth, Eater of Names"', True), ("", False)):
        s = board(
            f'{god}\nabominations = [["Grunt", "Votary of the Ninth Sun"]]',
            'abominations = [["Grunt", "Brute"]]',
        )
        act(s, "attack", f"block {aid(s, 1)} {aid(s, 0)}")
        if survives:
            assert stack_names(s, 0) == ["Grunt", "Votary of the Ninth Sun"]
        else:
            assert s.seats[0].aboms == []


# -- combat minions -------------------------------------------------------------------
@pytest.mark.card("Flayed Jaguar Knight")
def test_flayed_jaguar_knight_rips_when_played_mid_attack() -> None:
    """Played on an attacker on a destruction trigger it gives Ripper: it picks the blocker's
    middle minion instead of the top one."""
    s = board(
        f'hand = ["Flayed Jaguar Knight"]\n{mana(3)}\nabominations = [["Grunt", "Pale Devourer"]]',
        'abominations = [["Hulk", "Titan"]]',
    )
    attacker = aid(s, 0)
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "Play Flayed Jaguar Knight", f"on {attacker}")  # then nothing left to play
    assert keywords(s, 0) == {"reaper": 1, "ripper": True}
    act(s, f"block {aid(s, 1)} {attacker}")
    expect(s, "rip", 0)  # 7 damage spread as the aggressor likes
    act(s, f"rip {cid(s, 1, 0, 'Hulk')}")
    assert stack_names(s, 1) == ["Titan"]  # without Ripper, Titan (the top) would fall


@pytest.mark.card("Lurching Graft")
def test_lurching_graft_saps_the_blocker_mid_combat() -> None:
    """Played on a corruption trigger after blocks: the blocker gets -2 strength and
    can no longer destroy the whole attacker."""
    s = board(
        f'hand = ["Lurching Graft"]\n{mana(1)}\nabominations = [["Grunt", "Gutter Spawn"]]',
        'abominations = [["Grunt", "Brute"]]',
    )
    attacker = aid(s, 0)
    act(s, "attack", "pass", f"block {aid(s, 1)} {attacker}")
    expect(s, "window", 0)
    act(s, "Play Lurching Graft", f"on {attacker}", "yes")  # then the fight: 3 against 1
    assert stack_names(s, 0) == ["Grunt", "Gutter Spawn"]  # only the Graft fell, not all three
    assert grave_names(s, 0) == ["Lurching Graft"]
    assert s.seats[1].aboms == []


@pytest.mark.card("Pustule Crawler")
def test_pustule_crawler_bursts_on_an_enemy_when_destroyed() -> None:
    """When it is destroyed it deals 2 damage to an enemy abomination."""
    s = board(
        f'hand = ["Dissolve"]\n{mana(2)}\nabominations = [["Grunt", "Pustule Crawler"]]',
        'abominations = [["Grunt", "Brute"]]',
    )
    act(s, "Play Dissolve", "x 1", f"a{aid(s, 0)}")
    assert stack_names(s, 0) == ["Grunt"]
    assert stack_names(s, 1) == ["Grunt"]  # Brute took the 2 damage
    assert "Pustule Crawler" in grave_names(s, 0)


# -- fates ----------------------------------------------------------------------------
@pytest.mark.card("Cannibal Rite")
def test_cannibal_rite_sacrifices_then_deals_three() -> None:
    """You sacrifice one of your minions, then 3 damage hits the target."""
    s = board(
        f'hand = ["Cannibal Rite"]\n{mana(1)}\nabominations = [["Grunt", "Brute"]]',
        'abominations = [["Grunt", "Hulk"]]',
    )
    act(s, "Play Cannibal Rite", f"a{aid(s, 1)}")
    expect(s, "choose", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 0).cards}
    act(s, f"m{cid(s, 0, 0, 'Grunt')}")
    assert stack_names(s, 0) == ["Brute"]
    assert stack_names(s, 1) == ["Grunt"]
    assert sorted(grave_names(s, 0)) == ["Cannibal Rite", "Grunt"]


@pytest.mark.card("Disinterment")
def test_disinterment_exhumes_up_to_two_minion_cards() -> None:
    """Up to two minion cards from the graveyard: stop after one, or take two and no more."""
    grave = 'graveyard = ["Grunt", "Splinter", "Hulk", "Brute"]'
    s = board(f'hand = ["Disinterment"]\n{mana(2)}\n{grave}')
    act(s, "Play Disinterment")
    expect(s, "choose", 0)
    assert "none" in s.decision().options
    assert len(s.decision().options) == 4  # three minion cards, not the fate, and "none"
    act(s, "Hulk", "none")
    assert hand_names(s, 0) == ["Hulk"]
    s = board(f'hand = ["Disinterment"]\n{mana(2)}\n{grave}')
    act(s, "Play Disinterment", "Hulk", "Brute")
    expect(s, "main", 0)
    assert sorted(hand_names(s, 0)) == ["Brute", "Hulk"]
    assert grave_names(s, 0) == ["Grunt", "Splinter", "Disinterment"]


@pytest.mark.card("Dissolve")
def test_dissolve_deals_x_damage() -> None:
    """Paying X+1 deals X damage, then draws a card: X = 2 destroys a 2-strength top
    minion only. (The draw was added after balance simulation: docs/balance.md.)"""
    s = board(
        f'hand = ["Dissolve"]\ndeck = ["Grunt"]\n{mana(3)}', 'abominations = [["Grunt", "Brute"]]'
    )
    act(s, "Play Dissolve")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2")
    act(s, "x 2")
    assert stack_names(s, 1) == ["Grunt"]
    assert all(m in s.tapped for m in s.seats[0].mana)
    assert hand_names(s, 0) == ["Grunt"]


@pytest.mark.card("Pry Open the Mind")
def test_pry_open_the_mind_looks_and_picks_the_discard() -> None:
    """You see the enemy's hand and choose the card they discard."""
    s = board(f'hand = ["Pry Open the Mind"]\n{mana(2)}', 'hand = ["Splinter", "Hulk", "Grunt"]')
    hand = list(s.seats[1].hand)
    assert not knows(s, 0, hand)
    act(s, "Play Pry Open the Mind")
    expect(s, "choose", 0)  # the controller chooses, not the discarding player
    assert knows(s, 0, hand)
    act(s, f"card {in_hand(s, 1, 'Hulk')}")
    assert hand_names(s, 1) == ["Splinter", "Grunt"]
    assert grave_names(s, 1) == ["Hulk"]


@pytest.mark.card("Unwritten")
def test_unwritten_removes_a_strong_minion_for_good() -> None:
    """Only a minion of strength 4 or more may be chosen; it is removed, not destroyed."""
    s = board(
        f'hand = ["Unwritten"]\n{mana(4)}\nabominations = [["Grunt", "Hulk"]]',
        'abominations = [["Titan", "Grunt"]]',
    )
    act(s, "Play Unwritten")  # Titan (5) is the only legal target
    assert stack_names(s, 1) == ["Grunt"]
    assert names(s, s.seats[1].removed) == ["Titan"]
    act(s, "end")
    assert names(s, s.seats[1].removed) == ["Titan"]
    assert stack_names(s, 1) == ["Grunt"]


# -- combat fates ---------------------------------------------------------------------
@pytest.mark.card("Blight Bloom")
def test_blight_bloom_gives_minus_two_until_end_of_turn() -> None:
    """-2 strength on the target's top minion, gone at end of turn."""
    s = board(f'hand = ["Blight Bloom"]\n{mana(2)}', 'abominations = [["Grunt", "Hulk"]]')
    act(s, "Play Blight Bloom")
    assert strength(s, 1) == 2
    act(s, "end")
    assert strength(s, 1) == 4


@pytest.mark.card("Splinter")
def test_splinter_severs_an_enemy_minion() -> None:
    """An enemy minion leaves its abomination as a new one."""
    s = board(
        f'hand = ["Splinter"]\n{mana(2)}\nabominations = [["Grunt", "Grunt"]]',
        'abominations = [["Grunt", "Brute", "Hulk"]]',
    )
    act(s, "Play Splinter")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 1).cards}  # enemy only
    act(s, f"m{cid(s, 1, 0, 'Brute')}")
    assert all_stacks(s, 1) == [["Grunt", "Hulk"], ["Brute"]]


@pytest.mark.card("Step Sideways")
def test_step_sideways_hides_your_minion_until_end_of_turn() -> None:
    """Your own minion leaves play and comes back at end of turn as a new abomination."""
    s = board(
        f'hand = ["Step Sideways"]\n{mana(1)}\nabominations = [["Grunt", "Brute", "Hulk"]]',
        'abominations = [["Grunt", "Grunt"]]',
    )
    act(s, "Play Step Sideways")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 0).cards}  # yours only
    act(s, f"m{cid(s, 0, 0, 'Brute')}")
    assert stack_names(s, 0) == ["Grunt", "Hulk"]
    assert names(s, s.seats[0].removed) == ["Brute"]
    act(s, "end")
    assert all_stacks(s, 0) == [["Grunt", "Hulk"], ["Brute"]]
    assert s.seats[0].removed == []


# -- relics ---------------------------------------------------------------------------
@pytest.mark.card("Codex of Unmaking")
def test_codex_of_unmaking_reads_the_enemy_and_makes_outsiders_rip() -> None:
    """Outsider abominations of yours have Ripper; each turn you start by seeing the enemy hand."""
    s = board(
        'relics = ["Codex of Unmaking"]\n'
        'abominations = [["Grunt", "Thing Between Angles"], ["Thing Between Angles", "Grunt"]]',
        'hand = ["Splinter", "Hulk"]\nabominations = [["Grunt", "Eye of the Outer Dark"]]',
        game='step = "start"',
    )
    expect(s, "main", 0)
    assert knows(s, 0, s.seats[1].hand)
    assert keywords(s, 0, 0) == {"ripper": True}
    assert keywords(s, 0, 1) == {}  # top minion is a beast
    assert keywords(s, 1, 0) == {}  # not the enemy's Outsiders


@pytest.mark.card("Greenrot Censer")
def test_greenrot_censer_weakens_enemy_greed_abominations() -> None:
    """-1 strength to enemy abominations that hold a greed minion, not to others or yours."""
    s = board(
        'relics = ["Greenrot Censer"]\nabominations = [["Gold Grub", "Grunt"]]',
        'abominations = [["Gold Grub", "Brute"], ["Grunt", "Brute"]]',
    )
    assert strength(s, 1, 0) == 2
    assert strength(s, 1, 1) == 3
    assert strength(s, 0) == 2


@pytest.mark.card("Idol of the Hollow Sun")
def test_idol_of_the_hollow_sun_gives_aztecal_survivor() -> None:
    """Your abominations topped by an Aztecal have Survivor +1; others don't."""
    s = board(
        'relics = ["Idol of the Hollow Sun"]\n'
        'abominations = [["Grunt", "Maw Acolyte"], ["Maw Acolyte", "Grunt"]]',
        'abominations = [["Grunt", "Maw Acolyte"]]',
    )
    assert keywords(s, 0, 0) == {"survivor": 1}
    assert keywords(s, 0, 1) == {}
    assert keywords(s, 1, 0) == {}


@pytest.mark.card("Jar of Mutagens")
def test_jar_of_mutagens_gives_mutants_rager() -> None:
    """Your Mutant abominations have Rager +1: 1 more strength while attacking."""
    s = board(
        'relics = ["Jar of Mutagens"]\nabominations = [["Grunt", "Gutter Spawn"]]',
        'abominations = [["Brute", "Hulk"]]',
    )
    assert keywords(s, 0) == {"rager": 1}
    assert strength(s, 0) == 2
    act(s, "attack")
    expect(s, "block", 1)
    assert strength(s, 0) == 3


# -- gods -----------------------------------------------------------------------------
@pytest.mark.card("Tlacoxiuh, the Flayed Star")
def test_tlacoxiuh_strips_a_card_and_feeds_big_stacks() -> None:
    """On arrival each enemy discards; your size 4+ abominations have Reaper +1."""
    s = board(
        f'hand = ["Tlacoxiuh, the Flayed Star"]\n{mana(6)}\n'
        'abominations = [["Grunt", "Grunt", "Grunt", "Grunt"], ["Grunt", "Grunt", "Grunt"]]',
        'souls = 9\nhand = ["Hulk"]',
    )
    act(s, "Play Tlacoxiuh")
    assert grave_names(s, 1) == ["Hulk"]
    assert keywords(s, 0, 0) == {"reaper": 1}
    assert keywords(s, 0, 1) == {}
    act(s, "attack", f"attacker {aid(s, 0, 0)}", "done")
    assert souls(s) == [10, 4]  # reaped 4 + 1


@pytest.mark.card("Tlacoxiuh, the Flayed Star")
def test_tlacoxiuh_makes_each_attacker_cost_a_soul() -> None:
    """Each abomination attacking its controller costs 1 soul: with 1 soul, one attacker only."""
    s = board(
        'god = "Tlacoxiuh, the Flayed Star"',
        'souls = 1\nabominations = [["Grunt", "Grunt"], ["Grunt", "Grunt"]]',
        game="active = 1",
    )
    act(s, "attack")
    expect(s, "attacker", 1)
    assert s.decision().options == (f"attacker {aid(s, 1, 0)}", f"attacker {aid(s, 1, 1)}")
    act(s, f"attacker {aid(s, 1, 0)}")  # a second attacker can't be paid for: no more asked
    expect(s, "main", 1)
    assert not abom(s, 1, 1).tapped
    assert souls(s) == [3, 2]  # paid 1, then reaped 2


@pytest.mark.card("Xoloth, Eater of Names")
def test_xoloth_draws_two_and_feeds_mutants() -> None:
    """On arrival you draw two; your Mutant abominations get +1 strength."""
    s = board(
        f'hand = ["Xoloth, Eater of Names"]\n{mana(5)}\ndeck = ["Grunt", "Brute", "Hulk"]\n'
        'abominations = [["Grunt", "Gutter Spawn"], ["Gutter Spawn", "Grunt"]]',
        'abominations = [["Grunt", "Gutter Spawn"]]',
    )
    act(s, "Play Xoloth")
    assert hand_names(s, 0) == ["Grunt", "Brute"]
    assert [strength(s, 0, 0), strength(s, 0, 1), strength(s, 1)] == [3, 2, 2]
