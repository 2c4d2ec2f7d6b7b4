"""Scenario tests for the deceit cards of the base set (collector numbers 37-72):
each test sets up a position, plays the card's printed text and checks the result.
"""

from typing import Any

import pytest

from ossuary.hecatomb import HecatombState
from ossuary.hecatomb.cards import Selector
from ossuary.hecatomb.queries import targets

from ..script import (
    abom,
    act,
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
    minion("Pawn", 1),  # destruction, no triggers
    minion("Brute", 4),  # destruction, no triggers
    minion("Lure", 1, "deceit", subtype="mutant", triggers=["deceit"]),
    minion("Coin", 1, "greed", subtype="undead", triggers=["greed"]),
    minion("Rot", 1, "corruption", subtype="aztecal", triggers=["corruption"]),
    {"name": "Idol", "type": "god", "doom": "greed", "cost": 1},
    {"name": "Zap", "type": "fate", "doom": "deceit", "cost": 1, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                    "effects": [{"verb": "destroy"}]}]},
]  # fmt: skip


def game(seat0: str = "", seat1: str = "", mana: int = 0, active: int = 0) -> HecatombState:
    """Seat 0 (or ``active``) in its main phase; ``mana`` untapped deceit mana
    cards for seat 0; ``seat0`` / ``seat1``: more TOML lines for each seat."""
    lures = ", ".join(['"Lure"'] * mana)
    return scenario(
        f"[game]\nactive = {active}\n[[seat]]\nmana = [{lures}]\n{seat0}\n[[seat]]\n{seat1}\n",
        CARDS,
    )


def in_stack(s: HecatombState, seat: int, k: int, name: str) -> int:
    return next(c for c in abom(s, seat, k).cards if s.defs[c].name == name)


def seen_hand(s: HecatombState, viewer: int, seat: int) -> list[Any]:
    """What ``viewer`` sees of ``seat``'s hand: card names, None where hidden."""
    return [c and c["card"] for c in s.view(viewer)["players"][seat]["hand"]]


def play(s: HecatombState, name: str, *then: str, seat: int = 0) -> None:
    act(s, f"play {in_hand(s, seat, name)}", *then)


# -- minions ---------------------------------------------------------------------------
@pytest.mark.card("Whispering Mask")
def test_whispering_mask_can_only_start_a_new_abomination() -> None:
    """Host: the Mask is never offered a place on an existing abomination."""
    s = game('hand = ["Whispering Mask"]\nabominations = [["Lure", "Lure"]]', mana=1)
    play(s, "Whispering Mask")  # "new" is its only placement, so nothing is asked
    expect(s, "main", 0)
    assert stack_names(s, 0, 0) == ["Lure", "Lure"]
    assert stack_names(s, 0, 1) == ["Whispering Mask"]


@pytest.mark.card("Glass-Eyed Mimic")
def test_glass_eyed_mimic_looks_at_the_enemy_hand_and_draws() -> None:
    """On a deceit trigger the Mimic shows seat 0 the enemy hand and draws a card."""
    s = game(
        'hand = ["Glass-Eyed Mimic"]\ndeck = ["Coin"]\nabominations = [["Pawn", "Lure"]]',
        'hand = ["Brute", "Rot"]',
        mana=1,
    )
    assert seen_hand(s, 0, 1) == [None, None]
    play(s, "Glass-Eyed Mimic", "on 0", "yes")
    expect(s, "main", 0)
    assert seen_hand(s, 0, 1) == ["Brute", "Rot"]
    assert hand_names(s, 0) == ["Coin"]
    assert stack_names(s, 0) == ["Pawn", "Lure", "Glass-Eyed Mimic"]


@pytest.mark.card("Glass-Eyed Mimic")
def test_glass_eyed_mimic_does_nothing_on_a_destruction_minion() -> None:
    """The Mimic's conditional needs a deceit trigger underneath."""
    s = game(
        'hand = ["Glass-Eyed Mimic"]\ndeck = ["Coin"]\nabominations = [["Pawn", "Pawn"]]',
        'hand = ["Brute"]',
        mana=1,
    )
    play(s, "Glass-Eyed Mimic", "on 0")
    expect(s, "main", 0)  # no "use it?" question
    assert seen_hand(s, 0, 1) == [None]
    assert hand_names(s, 0) == []


@pytest.mark.card("Hollow Understudy")
def test_hollow_understudy_makes_an_attacker_unblockable_by_destruction() -> None:
    """Played mid-attack on a deceit trigger, it grants Destruction Evader: no block."""
    s = game(
        'hand = ["Hollow Understudy"]\nabominations = [["Lure", "Lure"]]',
        'abominations = [["Brute", "Brute"]]',
        mana=1,
    )
    act(s, "attack")  # the only attacker is declared at once
    expect(s, "window", 0)
    play(s, "Hollow Understudy", "on 0", "yes")
    assert keywords(s, 0)["evader"] == ("destruction",)
    expect(s, "main", 0)  # the defender had no way to block the evader
    assert souls(s) == [8, 2]  # three minions reaped
    assert stack_names(s, 0) == ["Lure", "Lure", "Hollow Understudy"]


@pytest.mark.card("Mirror Skulker")
def test_mirror_skulker_evades_destruction_and_draws_on_greed() -> None:
    """Destruction Evader, and on a greed trigger it draws a card."""
    s = game('hand = ["Mirror Skulker"]\ndeck = ["Rot"]\nabominations = [["Pawn", "Coin"]]', mana=2)
    play(s, "Mirror Skulker", "on 0", "yes")
    assert hand_names(s, 0) == ["Rot"]
    assert keywords(s, 0) == {"evader": ("destruction",)}


@pytest.mark.card("Tattered Doppelganger")
def test_tattered_doppelganger_stitches_onto_a_deceit_top_instead_of_dying() -> None:
    """Deceit Soulbound: killed in combat, it may move onto an abomination topped by deceit."""
    s = game(
        'abominations = [["Pawn", "Tattered Doppelganger"], ["Pawn", "Lure"], ["Lure", "Pawn"]]',
        'abominations = [["Brute", "Brute"]]',
    )
    act(s, "attack", "attacker 0", "done", "block 3 0")
    expect(s, "soulbound", 0)
    assert s.decision().options == ("stitch 1", "no")  # abomination 2 has a destruction top
    act(s, "stitch 1")
    assert stack_names(s, 0, 0) == ["Pawn", "Lure", "Tattered Doppelganger"]
    assert grave_names(s, 0) == ["Pawn"]


@pytest.mark.card("Sudden Double")
def test_sudden_double_untaps_a_defender_so_it_can_block() -> None:
    """Played by the defender on a deceit trigger, it untaps a tapped abomination to block."""
    s = game(
        'hand = ["Sudden Double"]\nabominations = [{ minions = ["Lure", "Lure"], tapped = true }]',
        'abominations = [["Pawn", "Pawn"]]',
        mana=2,
        active=1,
    )
    act(s, "attack")  # seat 1's only attacker is declared at once
    expect(s, "window", 0)
    play(s, "Sudden Double", "on 0", "yes")
    assert not abom(s, 0).tapped
    expect(s, "block", 0)
    act(s, "block 0 1")
    expect(s, "main", 1)
    assert souls(s) == [5, 5]  # blocked: nothing reaped
    assert s.seats[1].aboms == []  # 4 strength destroyed both Pawns


@pytest.mark.card("Leech of Whispers")
def test_leech_of_whispers_lets_nothing_be_played_on_top() -> None:
    """Parasite: after the Leech, another minion can only start a new abomination."""
    s = game('hand = ["Leech of Whispers", "Lure"]\nabominations = [["Lure", "Lure"]]', mana=3)
    play(s, "Leech of Whispers", "on 0")
    assert keywords(s, 0) == {"parasite": True}
    assert strength(s, 0) == 5
    play(s, "Lure")  # only "new" is left, so it isn't asked
    expect(s, "main", 0)
    assert stack_names(s, 0, 0) == ["Lure", "Lure", "Leech of Whispers"]
    assert stack_names(s, 0, 1) == ["Lure"]


@pytest.mark.card("Cutpurse Shadow")
def test_cutpurse_shadow_taps_a_small_enemy_when_it_attacks() -> None:
    """When it attacks it taps the enemy strength 3- abomination, which then can't block."""
    s = game(
        'abominations = [["Pawn", "Cutpurse Shadow"]]',
        'abominations = [["Pawn", "Pawn"], ["Brute", "Brute"]]',
    )
    assert not abom(s, 1, 0).tapped
    act(s, "attack")  # the only target (strength 2; the Brutes have 8) is chosen at once
    expect(s, "block", 1)
    assert abom(s, 1, 0).tapped
    assert not abom(s, 1, 1).tapped
    assert s.decision().options == ("block 2 0", "done")


@pytest.mark.card("Restless Marionette")
def test_restless_marionette_attacks_at_once_with_rager_on_greed() -> None:
    """Fanatic lets it attack the turn it is played; on a greed trigger it has Rager +1."""
    s = game('hand = ["Restless Marionette"]\nabominations = [["Pawn", "Coin"]]', mana=2)
    play(s, "Restless Marionette", "on 0")
    assert keywords(s, 0) == {"fanatic": True, "rager": 1}
    act(s, "attack")
    expect(s, "main", 0)
    assert souls(s) == [8, 2]


@pytest.mark.card("Restless Marionette")
def test_restless_marionette_has_no_rager_on_a_deceit_trigger() -> None:
    """The Rager +1 conditional needs a greed trigger underneath."""
    s = game('hand = ["Restless Marionette"]\nabominations = [["Pawn", "Lure"]]', mana=2)
    play(s, "Restless Marionette", "on 0")
    assert keywords(s, 0) == {"fanatic": True}


@pytest.mark.card("Spiteful Puppet")
def test_spiteful_puppet_makes_the_enemy_discard_at_random_when_destroyed() -> None:
    """Destroyed, the Puppet makes the enemy discard one card chosen at random."""
    s = game(
        'hand = ["Zap"]\nabominations = [["Pawn", "Spiteful Puppet"]]',
        'hand = ["Brute", "Coin", "Rot"]',
        mana=1,
    )
    before = sorted(s.seats[1].hand)
    act(s, f"play {in_hand(s, 0, 'Zap')}", f"m{in_stack(s, 0, 0, 'Spiteful Puppet')}")
    expect(s, "main", 0)  # nobody chose the discarded card
    assert grave_names(s, 0) == ["Spiteful Puppet", "Zap"]
    assert len(s.seats[1].hand) == 2
    assert sorted(s.seats[1].hand + s.seats[1].graveyard) == before


@pytest.mark.card("Masked Devotee")
def test_masked_devotee_evades_destruction_only_with_a_god() -> None:
    """Follower: Destruction Evader while its controller has a god, not otherwise."""
    theirs = 'abominations = [["Brute", "Brute"]]'
    with_god = game('god = "Idol"\nabominations = [["Lure", "Masked Devotee"]]', theirs)
    assert keywords(with_god, 0) == {"evader": ("destruction",)}
    act(with_god, "attack")
    expect(with_god, "main", 0)  # no block was possible
    assert souls(with_god) == [7, 3]
    without = game('abominations = [["Lure", "Masked Devotee"]]', theirs)
    assert keywords(without, 0) == {}
    act(without, "attack")
    expect(without, "block", 1)


@pytest.mark.card("Puppet Widow")
def test_puppet_widow_goes_back_to_the_hand_when_destroyed() -> None:
    """Regenerator: destroyed, the Widow returns to its owner's hand."""
    s = game('hand = ["Zap"]\nabominations = [["Pawn", "Puppet Widow"]]', mana=1)
    act(s, f"play {in_hand(s, 0, 'Zap')}", f"m{in_stack(s, 0, 0, 'Puppet Widow')}")
    assert hand_names(s, 0) == ["Puppet Widow"]
    assert grave_names(s, 0) == ["Zap"]
    assert stack_names(s, 0) == ["Pawn"]


@pytest.mark.card("Veil Trickster")
def test_veil_trickster_exiles_a_small_enemy_minion_on_deceit() -> None:
    """On a deceit trigger it sends an enemy strength 2- minion back to its owner's hand."""
    s = game(
        'hand = ["Veil Trickster"]\nabominations = [["Pawn", "Lure"]]',
        'abominations = [["Brute", "Pawn"]]',
        mana=3,
    )
    play(s, "Veil Trickster", "on 0", "yes")  # the Brute (4) is no target: Pawn at once
    assert hand_names(s, 1) == ["Pawn"]
    assert stack_names(s, 1) == ["Brute"]


@pytest.mark.card("Dusk Changeling")
def test_dusk_changeling_untaps_an_abomination_at_end_of_turn() -> None:
    """At the end of its controller's turn it untaps their abomination, ready to block."""
    s = game(
        'abominations = [["Pawn", "Dusk Changeling"], ["Lure", "Lure"]]',
        'abominations = [["Pawn", "Pawn"]]',
    )
    act(s, "attack", "attacker 0", "attacker 1")
    expect(s, "block", 1)
    act(s, "done")
    assert abom(s, 0, 0).tapped and abom(s, 0, 1).tapped
    act(s, "end")
    expect(s, "target", 0)
    act(s, f"a{abom(s, 0, 1).aid}")
    expect(s, "main", 1)
    assert not abom(s, 0, 1).tapped
    assert abom(s, 0, 0).tapped


@pytest.mark.card("Ambush Spawn")
def test_ambush_spawn_taps_a_big_enemy_abomination_before_blocks() -> None:
    """Played on the attacker with a deceit trigger, it taps an enemy of size 3+."""
    s = game(
        'hand = ["Ambush Spawn"]\nabominations = [["Lure", "Lure"]]',
        'abominations = [["Pawn", "Pawn", "Pawn"], ["Brute", "Brute"]]',
        mana=3,
    )
    act(s, "attack")
    play(s, "Ambush Spawn", "on 0", "yes")  # only the three Pawns are size 3+
    assert abom(s, 1, 0).tapped
    assert not abom(s, 1, 1).tapped
    expect(s, "block", 1)
    assert s.decision().options == ("block 2 0", "done")


@pytest.mark.card("Whisper Pilferer")
def test_whisper_pilferer_picks_the_enemy_discard_when_it_reaps() -> None:
    """When it reaps, seat 0 sees the enemy hand and chooses the card they discard."""
    s = game('abominations = [["Coin", "Whisper Pilferer"]]', 'hand = ["Brute", "Rot"]')
    act(s, "attack", "pass", "pass")  # the defender holds cards: both its windows are asked
    expect(s, "choose", 0)
    assert seen_hand(s, 0, 1) == ["Brute", "Rot"]
    act(s, f"card {in_hand(s, 1, 'Rot')}")
    expect(s, "main", 0)
    assert souls(s) == [7, 3]
    assert hand_names(s, 1) == ["Brute"]
    assert grave_names(s, 1) == ["Rot"]


@pytest.mark.card("Trapdoor Chest")
def test_trapdoor_chest_draws_a_card_when_it_blocks() -> None:
    """When its abomination blocks, its controller draws a card."""
    s = game(
        'deck = ["Rot"]\nabominations = [["Lure", "Trapdoor Chest"]]',
        'abominations = [["Pawn", "Pawn"]]',
        active=1,
    )
    act(s, "attack", "block 0 1")
    assert hand_names(s, 0) == ["Rot"]
    act(s, "pass")  # the defender's second window: it now holds a card
    expect(s, "main", 1)
    assert souls(s) == [5, 5]


@pytest.mark.card("Lamplight Siren")
def test_lamplight_siren_attacks_at_once_and_drags_in_a_blocker() -> None:
    """Fanatic on a deceit trigger; Hunter untaps an enemy and forces it to block."""
    s = game(
        'hand = ["Lamplight Siren"]\nabominations = [["Lure", "Lure"]]',
        'abominations = [{ minions = ["Pawn", "Pawn"], tapped = true }]',
        mana=3,
    )
    play(s, "Lamplight Siren", "on 0")
    assert keywords(s, 0) == {"hunter": True, "fanatic": True}
    act(s, "attack")
    expect(s, "hunt", 0)
    act(s, "hunt 1")
    expect(s, "main", 0)
    assert souls(s) == [5, 5]  # forced to block: no reap
    assert s.seats[1].aboms == []  # 4 strength destroyed both Pawns


@pytest.mark.card("Smoke-Veil Dancer")
def test_smoke_veil_dancer_exiles_a_small_blocker_minion() -> None:
    """When it is blocked, it exiles an enemy strength 2- minion (here the blocker's top)."""
    s = game(
        'abominations = [["Lure", "Smoke-Veil Dancer"]]',
        'abominations = [["Brute", "Brute", "Pawn"]]',
    )
    act(s, "attack", "block 1 0")
    assert hand_names(s, 1) == ["Pawn"]
    act(s, "pass")
    assert stack_names(s, 1) == ["Brute", "Brute"]


@pytest.mark.card("Faceless Warden")
def test_faceless_warden_retrieves_a_fate_on_corruption_and_shuns_destruction() -> None:
    """Conditional on corruption retrieves a fate from the deck (only fates are offered);
    Destruction Nemesis stops destruction targets."""
    s = game(
        'hand = ["Faceless Warden"]\ndeck = ["Coin", "Stolen Face", "Lure"]\n'
        'abominations = [["Rot", "Rot"]]',
        mana=4,
    )
    play(s, "Faceless Warden", "on 0", "yes")
    # a search of the hidden deck is always asked (issue 8 §2), even with one match
    expect(s, "choose", 0)
    act(s, "Stolen Face")  # the only fate in the deck: one option, asked all the same
    assert hand_names(s, 0) == ["Stolen Face"]
    assert sorted(names(s, s.seats[0].deck)) == ["Coin", "Lure"]
    assert keywords(s, 0) == {"nemesis": ("destruction",)}
    enemy_minion = Selector("minion", side="enemy")
    assert targets(s, 1, enemy_minion, "destruction") == []
    assert len(targets(s, 1, enemy_minion, "corruption")) == 3


@pytest.mark.card("Shadow Puppeteer")
def test_shadow_puppeteer_taps_an_enemy_abomination() -> None:
    """↻2: tapping its own abomination taps an enemy abomination."""
    s = game('abominations = [["Lure", "Shadow Puppeteer"]]', 'abominations = [["Pawn", "Pawn"]]')
    puppeteer = in_stack(s, 0, 0, "Shadow Puppeteer")
    act(s, f"tap {abom(s, 0).aid} {puppeteer} 0")
    expect(s, "main", 0)
    assert abom(s, 0).tapped
    assert abom(s, 1).tapped


@pytest.mark.card("Shadow Puppeteer")
def test_shadow_puppeteer_needs_size_two() -> None:
    """↻2 is not offered on a one-minion abomination."""
    s = game('abominations = [["Shadow Puppeteer"]]', 'abominations = [["Pawn", "Pawn"]]')
    assert s.decision().options == ("end",)


@pytest.mark.card("Lullaby Devourer")
def test_lullaby_devourer_makes_each_enemy_discard_at_turn_start() -> None:
    """At the start of its controller's turn, each enemy discards a card of their choice."""
    s = scenario(
        """
        [game]
        step = "start"
        [[seat]]
        abominations = [["Lure", "Lullaby Devourer"]]
        [[seat]]
        hand = ["Brute", "Rot"]
        [[seat]]
        hand = ["Coin"]
        """,
        CARDS,
    )
    expect(s, "choose", 1)  # the discarding player chooses
    act(s, f"card {in_hand(s, 1, 'Rot')}")
    expect(s, "main", 0)  # seat 2's only card is discarded without a question
    assert hand_names(s, 1) == ["Brute"]
    assert grave_names(s, 1) == ["Rot"]
    assert grave_names(s, 2) == ["Coin"]


# -- fates -----------------------------------------------------------------------------
@pytest.mark.card("Stolen Face")
def test_stolen_face_makes_the_enemy_discard_a_card_they_choose() -> None:
    """The targeted enemy discards one card, and they choose it."""
    s = game('hand = ["Stolen Face"]', 'hand = ["Brute", "Rot"]', mana=1)
    play(s, "Stolen Face")
    expect(s, "choose", 1)
    act(s, f"card {in_hand(s, 1, 'Brute')}")
    assert hand_names(s, 1) == ["Rot"]
    assert grave_names(s, 1) == ["Brute"]


@pytest.mark.card("Flesh Weaver")
def test_flesh_weaver_stitches_a_minion_onto_another_abomination() -> None:
    """A minion of yours moves onto another of your abominations, which then can't attack."""
    s = game('hand = ["Flesh Weaver"]\nabominations = [["Lure", "Pawn"], ["Lure", "Lure"]]', mana=1)
    pawn = in_stack(s, 0, 0, "Pawn")
    play(s, "Flesh Weaver", f"m{pawn}")
    expect(s, "choose", 0)
    assert s.decision().options == ("onto 1", "onto new")
    act(s, "onto 1")
    assert stack_names(s, 0, 0) == ["Lure"]
    assert stack_names(s, 0, 1) == ["Lure", "Lure", "Pawn"]
    assert abom(s, 0, 1).stitched
    assert "attack" not in s.decision().options


@pytest.mark.card("Switched Cup")
def test_switched_cup_untaps_a_deceit_abomination_and_makes_it_evade() -> None:
    """Untaps only an abomination with a deceit minion and gives it Destruction Evader."""
    s = game(
        'hand = ["Switched Cup"]\n'
        'abominations = [{ minions = ["Pawn", "Pawn"], tapped = true },'
        ' { minions = ["Lure", "Pawn"], tapped = true }]',
        'abominations = [["Brute", "Brute"]]',
        mana=1,
    )
    play(s, "Switched Cup")  # the Pawns have no deceit minion: one target only
    assert abom(s, 0, 0).tapped
    assert not abom(s, 0, 1).tapped
    assert keywords(s, 0, 1) == {"evader": ("destruction",)}
    act(s, "attack")
    expect(s, "main", 0)  # the Brutes could not block
    assert souls(s) == [7, 3]


@pytest.mark.card("Scry the Lie")
def test_scry_the_lie_looks_at_three_and_draws_up_to_two() -> None:
    """Seat 0 learns its top three cards, then may draw fewer than two."""
    s = game('hand = ["Scry the Lie"]\ndeck = ["Pawn", "Coin", "Rot", "Brute"]', mana=2)
    top3 = s.seats[0].deck[::-1][:3]
    fourth = s.seats[0].deck[0]
    assert not any(s.known[c] & 1 for c in top3)
    play(s, "Scry the Lie")
    expect(s, "choose", 0)
    assert s.decision().options == ("draw 0", "draw 1", "draw 2")
    assert all(s.known[c] & 1 for c in top3)
    assert not s.known[fourth] & 1
    assert not any(s.known[c] & 2 for c in top3)  # only the player who looked
    act(s, "draw 1")
    assert hand_names(s, 0) == ["Pawn"]
    assert names(s, s.seats[0].deck[::-1]) == ["Coin", "Rot", "Brute"]


@pytest.mark.card("Pry the Secret")
def test_pry_the_secret_reveals_the_hand_then_discards_at_random() -> None:
    """Every player sees the enemy hand, then one random card of it is discarded."""
    s = game('hand = ["Pry the Secret"]', 'hand = ["Brute", "Coin", "Rot"]', mana=2)
    play(s, "Pry the Secret")
    expect(s, "main", 0)
    assert len(s.seats[1].hand) == 2
    assert len(s.seats[1].graveyard) == 1
    assert sorted(seen_hand(s, 0, 1)) == sorted(hand_names(s, 1))  # revealed, still known


@pytest.mark.card("Humble the Mighty")
def test_humble_the_mighty_taps_a_strength_four_plus_enemy() -> None:
    """Taps an enemy abomination of strength 4 or more; weaker ones are no target."""
    s = game(
        'hand = ["Humble the Mighty"]\nabominations = [["Lure", "Lure"]]',
        'abominations = [["Pawn", "Pawn"], ["Brute", "Pawn"]]',
        mana=2,
    )
    play(s, "Humble the Mighty")  # only the Brute stack (5) qualifies
    assert abom(s, 1, 1).tapped
    assert not abom(s, 1, 0).tapped


@pytest.mark.card("Humble the Mighty")
def test_humble_the_mighty_in_combat_stops_a_blocker() -> None:
    """As a combat fate during the attack, the tapped abomination can't block."""
    s = game(
        'hand = ["Humble the Mighty"]\nabominations = [["Lure", "Lure"]]',
        'abominations = [["Brute", "Pawn"]]',
        mana=2,
    )
    act(s, "attack")
    play(s, "Humble the Mighty")
    expect(s, "main", 0)  # no block possible
    assert souls(s) == [7, 3]


@pytest.mark.card("Banishment")
def test_banishment_removes_an_enemy_minion_until_end_of_turn() -> None:
    """The minion leaves the game, then returns as a new abomination at end of turn."""
    s = game('hand = ["Banishment"]', 'abominations = [["Pawn", "Brute"]]', mana=3)
    brute = in_stack(s, 1, 0, "Brute")
    play(s, "Banishment", f"m{brute}")
    assert s.seats[1].removed == [brute]
    assert stack_names(s, 1) == ["Pawn"]
    act(s, "end")
    expect(s, "main", 1)
    assert s.seats[1].removed == []
    assert stack_names(s, 1, 1) == ["Brute"]


@pytest.mark.card("Unravel Memory")
def test_unravel_memory_discards_x_cards() -> None:
    """Paying X+1 with X = 2, the enemy discards two cards of their choice."""
    s = game('hand = ["Unravel Memory"]', 'hand = ["Brute", "Coin", "Rot"]', mana=3)
    play(s, "Unravel Memory")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2")
    act(s, "x 2")
    expect(s, "choose", 1)
    act(s, f"card {in_hand(s, 1, 'Brute')}", f"card {in_hand(s, 1, 'Coin')}")
    expect(s, "main", 0)
    assert hand_names(s, 1) == ["Rot"]
    assert grave_names(s, 1) == ["Brute", "Coin"]


# -- relics ----------------------------------------------------------------------------
@pytest.mark.card("Shroud Loom")
def test_shroud_loom_gives_shapeshifter_abominations_rager() -> None:
    """Rager +1 for abominations topped by a Shapeshifter only; it adds when attacking."""
    s = game(
        'hand = ["Brute"]\nrelics = ["Shroud Loom"]\n'
        'abominations = [["Lure", "Mirror Skulker"], ["Lure", "Lure"]]'
    )
    assert keywords(s, 0, 0) == {"evader": ("destruction",), "rager": 1}
    assert keywords(s, 0, 1) == {}
    act(s, "attack", "attacker 0", "attacker 1")
    expect(s, "window", 0)
    assert strength(s, 0, 0) == 4  # 3 + Rager 1 while attacking
    assert strength(s, 0, 1) == 2


@pytest.mark.card("Lantern of Lies")
def test_lantern_of_lies_makes_every_abomination_evade_destruction() -> None:
    """All of its controller's abominations get Destruction Evader."""
    s = game(
        'relics = ["Lantern of Lies"]\nabominations = [["Lure", "Lure"], ["Pawn", "Pawn"]]',
        'abominations = [["Brute", "Brute"]]',
    )
    assert keywords(s, 0, 0) == keywords(s, 0, 1) == {"evader": ("destruction",)}
    act(s, "attack", "attacker 0", "attacker 1")
    expect(s, "main", 0)  # no block was possible
    assert souls(s) == [9, 1]


@pytest.mark.card("Gate of False Doors")
def test_gate_of_false_doors_charges_a_mana_card_per_attacker() -> None:
    """Each attacker costs an untapped mana card: one untapped card, one attacker."""
    s = game(
        'abominations = [["Pawn", "Pawn"], ["Lure", "Lure"]]',
        'relics = ["Gate of False Doors"]',
        mana=1,
    )
    act(s, "attack", "attacker 0")  # a second attacker can't be paid for: declared at once
    expect(s, "main", 0)
    assert all(m in s.tapped for m in s.seats[0].mana)
    assert abom(s, 0, 0).tapped and not abom(s, 0, 1).tapped
    assert souls(s) == [7, 3]


@pytest.mark.card("Gate of False Doors")
def test_gate_of_false_doors_stops_an_attack_without_mana() -> None:
    """With no untapped mana card, nothing can be declared as an attacker."""
    s = game('abominations = [["Pawn", "Pawn"]]', 'relics = ["Gate of False Doors"]')
    assert s.decision().options == ("end",)


@pytest.mark.card("Mirror of Deep Night")
def test_mirror_of_deep_night_strengthens_and_shields_big_abominations() -> None:
    """Size 3 or more: +1 strength and Destruction Nemesis; smaller ones get nothing."""
    s = game(
        'relics = ["Mirror of Deep Night"]\n'
        'abominations = [["Lure", "Lure", "Lure"], ["Lure", "Lure"]]'
    )
    assert strength(s, 0, 0) == 4
    assert keywords(s, 0, 0) == {"nemesis": ("destruction",)}
    assert strength(s, 0, 1) == 2
    assert keywords(s, 0, 1) == {}
    enemy_minion = Selector("minion", side="enemy")
    assert len(targets(s, 1, enemy_minion, "destruction")) == 2


# -- gods ------------------------------------------------------------------------------
@pytest.mark.card("The Smiling Void")
def test_the_smiling_void_severs_and_shields_shapeshifters() -> None:
    """«Sever target enemy minion»; Shapeshifter abominations get Destruction Nemesis."""
    s = game(
        'hand = ["The Smiling Void"]\n'
        'abominations = [["Lure", "Mirror Skulker"], ["Lure", "Lure"]]',
        'abominations = [["Pawn", "Brute"]]',
        mana=5,
    )
    play(s, "The Smiling Void")
    expect(s, "target", 0)
    act(s, f"m{in_stack(s, 1, 0, 'Pawn')}")
    assert stack_names(s, 1, 0) == ["Brute"]
    assert stack_names(s, 1, 1) == ["Pawn"]
    assert keywords(s, 0, 0) == {"evader": ("destruction",), "nemesis": ("destruction",)}
    assert keywords(s, 0, 1) == {}


@pytest.mark.card("Oryssa, Queen of Veils")
def test_oryssa_taps_destruction_enemies_and_empowers_animates() -> None:
    """«Tap each enemy abomination with a destruction minion»; Animates get +1 and Hunter."""
    s = game(
        'hand = ["Oryssa, Queen of Veils"]\n'
        'abominations = [["Lure", "Spiteful Puppet"], ["Lure", "Mirror Skulker"]]',
        'abominations = [["Coin", "Pawn"], ["Coin", "Coin"]]',
        mana=6,
    )
    play(s, "Oryssa, Queen of Veils")
    expect(s, "main", 0)
    assert abom(s, 1, 0).tapped
    assert not abom(s, 1, 1).tapped
    assert strength(s, 0, 0) == 4
    assert keywords(s, 0, 0) == {"hunter": True}
    assert strength(s, 0, 1) == 3
    assert keywords(s, 0, 1) == {"evader": ("destruction",)}
