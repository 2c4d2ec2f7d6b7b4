"""Rulebook "Attack" (Declare attackers; Play combat fates and combat minions;
Assign blockers; Play more combat fates and combat minions; Reap souls; Have
abominations fight), "Enemies' Turns" and "One-Minion Abominations in Combat";
glossary "attack", "block", "mana" (the pool empties when an attack starts).
"""

from ossuary.hecatomb import HecatombState

from .script import (
    abom,
    act,
    expect,
    illegal,
    minion,
    scenario,
    souls,
    stack_names,
)

CARDS = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    minion("Brawler", 1, type="combat minion"),
    {"name": "Snipe", "type": "combat fate", "doom": "destruction", "cost": 1,
     "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Smash", "type": "fate", "doom": "destruction", "cost": 1, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                    "effects": [{"verb": "damage", "amount": 1}]}]},
]  # fmt: skip


def cid_in_hand(s: HecatombState, seat: int, name: str) -> int:
    return next(c for c in s.seats[seat].hand if s.defs[c].name == name)


# -- Declare attackers ------------------------------------------------------------------
def test_attackers_are_tapped_when_declared() -> None:
    # Declare attackers: the chosen abominations are tapped at once.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")  # the only attacker and then "done" are forced
    expect(s, "block", 1)
    assert abom(s, 0).tapped
    act(s, "done")
    expect(s, "main", 0)
    assert abom(s, 0).tapped
    assert "attack" not in s.decision().options  # tapped: it can't attack again


def test_only_untapped_two_minion_unplayed_abominations_may_attack() -> None:
    # Declare attackers; glossary "attack": tapped, one-minion, played-on and
    # stitched-onto abominations can't attack this turn.
    s = scenario(
        """
        [[seat]]
        abominations = [
            ["Two", "Two"],
            ["Two", "Two"],
            { minions = ["Two", "Two"], tapped = true },
            ["Two"],
            { minions = ["Two", "Two"], played = true },
            { minions = ["Two", "Two"], stitched = true },
        ]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "attacker", 0)
    assert s.decision().options == ("attacker 0", "attacker 1")
    illegal(s, "attacker 2", "tapped")
    illegal(s, "attacker 3", "one-minion")
    illegal(s, "attacker 4", "this turn")
    illegal(s, "attacker 5", "this turn")


def test_an_abomination_that_got_a_minion_this_turn_cannot_attack() -> None:
    # Playing minions / Declare attackers: adding a minion stops it attacking this turn.
    s = scenario(
        """
        [[seat]]
        hand = ["One"]
        mana = ["One"]
        abominations = [["Two", "Two"]]
        """,
        CARDS,
    )
    assert "attack" in s.decision().options
    act(s, "Play One", "on 0")
    assert stack_names(s, 0) == ["Two", "Two", "One"]
    assert "attack" not in s.decision().options
    illegal(s, "attack", "none of your abominations can attack")


def test_three_players_choose_the_enemy_and_only_it_may_block() -> None:
    # Declare attackers / Assign blockers: one chosen enemy; other enemies'
    # abominations can't block for the defender, and get no combat window.
    s = scenario(
        """
        [game]
        seats = 3
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Snipe"]
        mana = ["One"]
        abominations = [["Three", "Three"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "enemy", 0)
    assert s.decision().options == ("enemy 1", "enemy 2")
    act(s, "enemy 2")
    # Seat 1 holds a playable combat fate but is not in this attack: no window for it.
    expect(s, "block", 2)
    assert s.decision().options == ("block 2 0", "done")
    illegal(s, "block 1 0")
    act(s, "done")
    assert souls(s) == [7, 5, 3]


# -- Combat windows ---------------------------------------------------------------------
def test_windows_offer_only_combat_cards_aggressor_then_defender_twice() -> None:
    # Play combat fates and combat minions, then Play more: aggressor first, then
    # the defender, before and after blocks; normal fates are not playable.
    s = scenario(
        """
        [[seat]]
        hand = ["Smash", "Snipe", "Brawler"]
        mana = ["One", "One"]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Smash", "Snipe"]
        mana = ["One"]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 0)
    smash0 = cid_in_hand(s, 0, "Smash")
    snipe0 = cid_in_hand(s, 0, "Snipe")
    brawler = cid_in_hand(s, 0, "Brawler")
    assert s.decision().options == (f"play {snipe0}", f"play {brawler}", "pass")
    illegal(s, f"play {smash0}", "only combat fates and combat minions")
    illegal(s, f"mana {smash0}", "not during an attack")
    act(s, "pass")
    expect(s, "window", 1)
    smash1 = cid_in_hand(s, 1, "Smash")
    snipe1 = cid_in_hand(s, 1, "Snipe")
    assert s.decision().options == (f"play {snipe1}", "pass")
    illegal(s, f"play {smash1}", "only combat fates")
    act(s, "pass")
    expect(s, "block", 1)
    act(s, "done")
    expect(s, "window", 0)  # Play more combat fates: the aggressor again first
    act(s, "pass")
    expect(s, "window", 1)
    act(s, "pass")
    expect(s, "main", 0)
    assert souls(s) == [7, 3]


def test_a_combat_minion_can_be_played_in_a_window() -> None:
    # Play combat fates and combat minions: combat minions are playable mid-attack.
    s = scenario(
        """
        [[seat]]
        hand = ["Brawler"]
        mana = ["One"]
        abominations = [["Two", "Two"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "Play Brawler", "new")
    expect(s, "main", 0)  # the hand is now empty: no more windows to ask
    assert [stack_names(s, 0, k) for k in range(2)] == [["Two", "Two"], ["Brawler"]]
    assert souls(s) == [7, 3]


def test_enemys_turn_the_defender_may_only_block_and_play_combat_cards() -> None:
    # Enemies' Turns: when attacked you may block and play combat fates/minions only.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Smash", "Snipe", "Brawler"]
        mana = ["One", "One"]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)  # the aggressor has nothing: its window is skipped
    smash = cid_in_hand(s, 1, "Smash")
    snipe = cid_in_hand(s, 1, "Snipe")
    brawler = cid_in_hand(s, 1, "Brawler")
    assert s.decision().options == (f"play {snipe}", f"play {brawler}", "pass")
    illegal(s, f"play {smash}", "only combat fates")
    illegal(s, f"mana {smash}", "not during an attack")
    illegal(s, "end")


# -- Assign blockers --------------------------------------------------------------------
def test_blocking_does_not_tap_the_blocker() -> None:
    # Assign blockers: only attackers are tapped; a blocker stays untapped.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    expect(s, "main", 0)
    assert not abom(s, 1).tapped
    assert stack_names(s, 1) == ["Three", "Three"]
    assert s.seats[0].aboms == []  # 6 damage destroyed the 2-strength attacker


def test_one_blocker_per_attacker_and_one_attacker_per_blocker() -> None:
    # Assign blockers: each blocker blocks one attacker; each attacker has one blocker.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"], ["Two", "Two"]]
        [[seat]]
        abominations = [["Three", "Three"], ["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "attacker 1")
    expect(s, "block", 1)
    assert set(s.decision().options) == {"block 2 0", "block 2 1", "block 3 0", "block 3 1", "done"}
    act(s, "block 2 0")
    assert s.decision().options == ("block 3 1", "done")
    illegal(s, "block 3 0", "already")
    illegal(s, "block 2 1", "already")


def test_tapped_and_one_minion_abominations_cannot_block() -> None:
    # Assign blockers (untapped abominations); glossary "block": not one-minion ones.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"]]
        [[seat]]
        abominations = [
            { minions = ["Three", "Three"], tapped = true },
            ["Three"],
            ["Three", "Three"],
        ]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "block", 1)
    assert s.decision().options == ("block 3 0", "done")
    illegal(s, "block 1 0", "tapped")
    illegal(s, "block 2 0", "one-minion")


def test_no_legal_blocker_means_no_block_question() -> None:
    # Assign blockers: with only tapped or one-minion abominations the defender can't block.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"]]
        [[seat]]
        abominations = [{ minions = ["Three", "Three"], tapped = true }, ["Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "main", 0)
    assert souls(s) == [7, 3]


# -- Reap souls -------------------------------------------------------------------------
def test_unblocked_attacker_reaps_its_size_not_its_strength() -> None:
    # Reap souls: a three-minion abomination reaps 3, whatever its strength.
    s = scenario(
        """
        [[seat]]
        souls = 4
        abominations = [["Three", "Three", "Three"]]
        [[seat]]
        souls = 10
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "main", 0)
    assert souls(s) == [7, 7]


def test_reaping_is_capped_at_the_defenders_souls() -> None:
    # Reap souls: only what the enemy has.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One", "One"]]
        [[seat]]
        souls = 2
        """,
        CARDS,
    )
    act(s, "attack")
    assert souls(s) == [7, 0]


def test_a_blocked_attacker_does_not_reap() -> None:
    # Have abominations fight: neither a blocked attacker nor its blocker reaps.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One", "One"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    assert souls(s) == [5, 5]


def test_several_attackers_each_reap() -> None:
    # Reap souls: each unblocked attacker reaps its own size.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"], ["One", "One", "One"]]
        [[seat]]
        souls = 9
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "attacker 1")  # "done" is then the only option
    assert souls(s) == [10, 4]


# -- Have abominations fight ------------------------------------------------------------
def test_fight_damage_is_simultaneous() -> None:
    # Have abominations fight: both deal their full strength at the same time, so
    # both 4-strength abominations die even though each kills the other.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "Three"]]
        [[seat]]
        abominations = [["Three", "One"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    assert s.aboms == {}
    assert len(s.seats[0].graveyard) == 2
    assert len(s.seats[1].graveyard) == 2


def test_fight_damage_spills_from_the_top_down() -> None:
    # Have abominations fight: damage starts at the top and spills down while it
    # can destroy the minion it reaches.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "One", "Three"]]
        [[seat]]
        abominations = [["Three", "Two", "One", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    # 6 damage to the defender's [Three, Two, One, Three]: Three, One, then 2 kills Two.
    assert stack_names(s, 1) == ["Three"]
    # 9 damage to the attacker's [Two, One, Three]: all three die.
    assert s.seats[0].aboms == []


def test_a_surviving_blocker_can_block_again_later_in_the_turn() -> None:
    # Assign blockers: a blocker that survives may block a later attack the same turn.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"], ["One", "One"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "done", "block 2 0")
    expect(s, "main", 0)
    assert stack_names(s, 1) == ["Three", "Three"]
    act(s, "attack")  # the other abomination is the only possible attacker
    expect(s, "block", 1)
    assert s.decision().options == ("block 2 1", "done")


def test_a_blocker_cut_to_one_minion_cannot_block_again() -> None:
    # Assign blockers: ... unless it has been reduced to one minion.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "Two"], ["One", "One"]]
        [[seat]]
        abominations = [["Three", "Two"]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "done", "block 2 0")
    assert stack_names(s, 1) == ["Three"]
    act(s, "attack")
    expect(s, "main", 0)  # no block question: the one-minion abomination can't block
    assert souls(s) == [7, 3]


def test_attacker_stays_blocked_when_its_blocker_leaves_combat() -> None:
    # Assign blockers: once blocked, an attacker stays blocked even if its blocker
    # leaves combat (One-Minion Abominations in Combat): no reap, no damage.
    s = scenario(
        """
        [[seat]]
        hand = ["Snipe"]
        mana = ["One"]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["One", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "pass", "block 1 0")
    expect(s, "window", 0)
    act(s, "Play Snipe", f"m{abom(s, 1).top}")
    assert stack_names(s, 1) == ["One"]
    expect(s, "main", 0)  # empty hands: no more windows
    assert souls(s) == [5, 5]
    assert stack_names(s, 0) == ["Two", "Two"]  # the one-minion ex-blocker dealt nothing
    assert stack_names(s, 1) == ["One"]  # and took nothing


# -- One-Minion Abominations in Combat --------------------------------------------------
def test_attacker_cut_to_one_minion_before_blocks_does_not_reap() -> None:
    # One-Minion Abominations in Combat: an attacker reduced to one minion by a
    # combat fate leaves combat at once and reaps nothing.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two", "Two"]]
        [[seat]]
        hand = ["Snipe"]
        mana = ["One"]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    act(s, "Play Snipe", f"m{abom(s, 0).cards[1]}")
    assert stack_names(s, 0) == ["Two", "Two"]  # still two minions: still attacking
    expect(s, "block", 1)
    act(s, "done")
    assert souls(s) == [7, 3]


def test_attacker_cut_to_one_minion_after_blocks_neither_reaps_nor_deals_damage() -> None:
    # One-Minion Abominations in Combat: the attacker neither reaps nor exchanges damage.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Snipe"]
        mana = ["One"]
        abominations = [["One", "One"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    act(s, "pass", "block 1 0")
    expect(s, "window", 1)
    act(s, "Play Snipe", f"m{abom(s, 0).top}")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["Two"]  # not hit by the blocker's 2 damage
    assert stack_names(s, 1) == ["One", "One"]  # not hit by the attacker
    assert souls(s) == [5, 5]


def test_attacker_cut_to_one_minion_while_unblocked_does_not_reap() -> None:
    # One-Minion Abominations in Combat: removed from combat before Reap souls.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Snipe"]
        mana = ["One"]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    act(s, "Play Snipe", f"m{abom(s, 0).top}")
    expect(s, "main", 0)
    assert souls(s) == [5, 5]


# -- Mana pool and repeated attacks -----------------------------------------------------
def test_the_mana_pool_empties_when_an_attack_starts() -> None:
    # Glossary "mana": mana in the pool is lost when an attack starts.
    s = scenario(
        """
        [[seat]]
        hand = ["Two"]
        pool = { destruction = 2 }
        abominations = [["One", "One"]]
        """,
        CARDS,
    )
    two = cid_in_hand(s, 0, "Two")
    assert f"play {two}" in s.decision().options  # the pool pays for it now
    act(s, "attack")
    expect(s, "window", 0)  # the hand is not empty, though nothing is playable
    assert s.view(0)["players"][0]["pool"] == {
        "corruption": 0, "deceit": 0, "destruction": 0, "greed": 0,
    }  # fmt: skip
    act(s, "pass", "pass")  # both windows are asked: the hand is hidden, not empty
    expect(s, "main", 0)
    assert f"play {two}" not in s.decision().options


def test_you_can_attack_several_times_a_turn() -> None:
    # Attack: attack as often as you like until all your abominations are tapped.
    s = scenario(
        """
        [[seat]]
        abominations = [["One", "One"], ["One", "One"]]
        [[seat]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "done")
    assert souls(s) == [7, 3]
    act(s, "attack")  # the second abomination attacks on its own
    assert souls(s) == [9, 1]
    assert s.decision().options == ("end",)


# -- Combat minions and winning mid-attack ----------------------------------------------
def test_combat_minion_on_an_attacker_keeps_it_attacking_and_adds_to_its_reap() -> None:
    # Play combat fates and combat minions; glossary "tap" (adding a minion doesn't
    # change tapped status). Reading: a combat minion played on an attacker joins
    # the attack, so the bigger abomination reaps its new size.
    s = scenario(
        """
        [[seat]]
        hand = ["Brawler"]
        mana = ["One"]
        abominations = [["Two", "Two"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "Play Brawler", "on 0")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["Two", "Two", "Brawler"]
    assert abom(s, 0).tapped
    assert souls(s) == [8, 2]


def test_defender_combat_minion_turns_a_one_minion_abomination_into_a_blocker() -> None:
    # Playing minions: an abomination that gets a minion can't attack that turn but
    # can block; Enemies' Turns: the defender plays a combat minion, then blocks.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        hand = ["Brawler"]
        mana = ["One"]
        abominations = [["Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    act(s, "Play Brawler", "on 1")
    expect(s, "block", 1)
    assert s.decision().options == ("block 1 0", "done")
    act(s, "block 1 0")
    assert souls(s) == [5, 5]


def test_reaping_to_twenty_souls_wins_at_once() -> None:
    # Reap souls with Object of the Game / glossary "souls": 20 or more wins.
    s = scenario(
        """
        [[seat]]
        souls = 18
        abominations = [["One", "One"], ["One", "One"]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "attacker 1")
    assert s.is_terminal()
    assert s.winner == 0
    assert s.seats[0].souls == 20  # the second attacker never reaped
