"""Rulebook section 11, "Keywords and Mechanics": invisibility, ensnare,
piercing and immunity, traits shared by a minion type (and upgraded by cost),
taking control, resurrection, banish, character and target. FAQ 5 and 9."""

from ossuary.necromancer import base_pool

from .script import (
    PLAIN,
    act,
    at,
    attack,
    expect,
    grave_names,
    health,
    illegal,
    kws_at,
    m,
    ms,
    pass_all,
    play,
    row,
    scenario,
    stats_at,
)

DECK = '["Mist Wraith", "Mist Wraith", "Mist Wraith", "Mist Wraith"]'


def two(mine: str = "", theirs: str = "", hand0: str = "", hand1: str = "", game: str = "") -> str:
    return f"""
[game]
{game}

[[seat]]
hero = "{PLAIN}"
hand = [{hand0}]
deck = {DECK}
minions = [{mine}]

[[seat]]
hero = "{PLAIN}"
hand = [{hand1}]
deck = {DECK}
minions = [{theirs}]
"""


# -- invisibility ----------------------------------------------------------------
def test_an_invisible_minion_cannot_be_targeted_or_attacked_by_enemies() -> None:
    s = scenario(
        two(
            m("Cave Lurker", 1),
            ms(m("Mist Wraith", 1, invisible=True), m("Cave Lurker", 2)),
            hand0='"Grave Bolt"',
        )
    )
    wraith = at(s, 1, 1)
    act(s, f"attack {at(s, 0, 1)}")
    assert f"m{wraith}" not in s.legal_action_ids()
    illegal(s, f"m{wraith}", "Invisibility")
    act(s, "h1", "done")  # no defender
    pass_all(s)
    play(s, 0, "Grave Bolt")
    assert f"m{wraith}" not in s.legal_action_ids()  # the bolt's targets
    assert f"m{at(s, 1, 2)}" in s.legal_action_ids()


def test_your_own_effects_can_target_your_invisible_minion() -> None:
    s = scenario(two(m("Mist Wraith", 1, invisible=True), hand0='"Bone Ward"'))
    play(s, 0, "Bone Ward")
    assert stats_at(s, 0, 1) == (2, 5)


def test_faq_9_area_effects_hit_invisible_minions_and_end_their_invisibility() -> None:
    s = scenario(
        two(
            theirs=m("Barrow Sentinel", 1, invisible=True),
            hand0='"Bone Shards"',
        )
    )
    play(s, 0, "Bone Shards")
    sentinel = s.minions[at(s, 1, 1)]
    assert sentinel.damage == 2 and not sentinel.invisible


def test_an_invisible_attacker_cannot_be_defended_against_and_becomes_visible() -> None:
    s = scenario(
        two(
            m("Veilborn Stalker", 1, invisible=True),
            m("Barrow Sentinel", 1),
        )
    )
    attack(s, 0, 1, "h1")
    expect(s, "main", 0)  # no defenders were asked for
    assert health(s)[1] == 35 and not s.minions[at(s, 0, 1)].invisible


def test_an_invisible_minion_attacking_a_minion_still_fights_both_ways() -> None:
    s = scenario(
        two(
            m("Mist Wraith", 1, invisible=True),
            m("Barrow Sentinel", 1),
        )
    )
    attack(s, 0, 1, "minion 1 1")
    assert row(s, 0)[0] is None  # 2 damage back kills the 2/2 wraith


# -- ensnare ----------------------------------------------------------------------
def test_ensnare_stops_commands_and_ends_after_its_round() -> None:
    s = scenario(two(m("Cave Lurker", 1), hand1='"Chilling Grasp"', game="active = 1"))
    play(s, 1, "Chilling Grasp")  # 2 rounds, counted from player 1's turns
    lurker = at(s, 0, 1)
    act(s, "end")
    assert f"attack {lurker}" not in s.legal_action_ids() and "dismiss" not in s.legal_action_ids()
    illegal(s, f"attack {lurker}", "Ensnare")
    act(s, "end", "end")  # player 1's next turn began: one round is over, not two
    expect(s, "main", 0)
    assert s.minions[lurker].ensnare is not None
    act(s, "end")  # player 1's turn after that begins: two rounds are over
    assert s.minions[lurker].ensnare is None
    act(s, "end")
    expect(s, "main", 0)
    assert f"attack {lurker}" in s.legal_action_ids()


def test_ensnare_can_end_early() -> None:
    s = scenario(two(m("Cave Lurker", 1, ensnared=1), hand0='"Cut the Threads"'))
    play(s, 0, "Cut the Threads")
    assert s.minions[at(s, 0, 1)].ensnare is None and len(s.seats[0].hand) == 1


# -- piercing ---------------------------------------------------------------------
def test_section_11_example_two_damage_to_two_one_defense_minions_pierces_two() -> None:
    s = scenario(
        two(
            theirs=ms(m("Whisper Shade", 1), m("Spindle Runner", 2)),
            hand0='"Bone Shards"',
        )
    )
    play(s, 0, "Bone Shards")
    assert row(s, 1) == [None, None, None, None] and health(s)[1] == 38


def test_ability_damage_of_a_minion_does_not_pierce() -> None:
    # Grave Banshee's 1 damage to each enemy minion kills a 1-defense minion
    # without piercing (our reading: attacks and magic cards pierce).
    s = scenario(two(theirs=m("Whisper Shade", 1, damage=0), hand0='"Grave Banshee"'))
    play(s, 0, "Grave Banshee")
    act(s, "at 0")
    assert row(s, 1)[0] is None and health(s)[1] == 40


# -- traits -----------------------------------------------------------------------
def test_skeleton_trait_more_damage_to_heroes_upgraded_at_cost_four() -> None:
    s = scenario(two(ms(m("Skullpike Sergeant", 1), m("Bone Colossus", 2))))
    attack(s, 0, 1, "h1")
    attack(s, 0, 2, "h1")
    assert health(s)[1] == 40 - (3 + 1) - (6 + 2)
    assert kws_at(s, 0, 1)["hero_bonus"] == 1 and kws_at(s, 0, 2)["hero_bonus"] == 2


def test_arachnid_trait_ensnares_what_it_damages_and_does_not_kill() -> None:
    s = scenario(two(m("Cave Lurker", 1), m("Barrow Sentinel", 1)))
    attack(s, 0, 1, "minion 1 1")
    assert s.minions[at(s, 1, 1)].ensnare is not None


def test_wraith_trait_enters_invisible() -> None:
    s = scenario(two(hand0='"Mist Wraith"'))
    play(s, 0, "Mist Wraith")
    act(s, "at 0")
    assert s.minions[at(s, 0, 1)].invisible


def test_ghoul_trait_is_immunity_to_piercing() -> None:
    assert base_pool()["Grave Gnawer"].kw.get("immune") is True


def test_demon_trait_blood_price_upgraded_at_cost_five() -> None:
    s = scenario(two(hand0='"Pit Fiend", "Gorefiend"'))
    play(s, 0, "Pit Fiend")
    act(s, "at 0")
    assert health(s)[0] == 39
    play(s, 0, "Gorefiend")
    act(s, "at 1")
    assert health(s)[0] == 37


def test_vampire_trait_heals_its_hero_when_it_hits_a_hero() -> None:
    s = scenario(
        two(ms(m("Crimson Duelist", 1), m("Sanguine Knight", 2))).replace(
            "[[seat]]\nhero", "[[seat]]\nhealth = 30\nhero", 1
        )
    )
    attack(s, 0, 1, "h1")
    attack(s, 0, 2, "h1")
    assert health(s) == [30 + 1 + 2, 40 - 3 - 4]


# -- control --------------------------------------------------------------------
def test_taking_control_keeps_damage_and_relics_and_ends_with_the_turn() -> None:
    s = scenario(
        two(
            theirs=m("Barrow Sentinel", 2, damage=2, relics=["Rusted Cleaver"]),
            hand0='"Borrowed Will"',
        )
    )
    sentinel = at(s, 1, 2)
    play(s, 0, "Borrowed Will")
    pass_all(s)  # a relic is in play: player 0 itself could Destroy Magic
    assert at(s, 0, 1) == sentinel and s.minions[sentinel].controller == 0
    assert s.minions[sentinel].damage == 2 and stats_at(s, 0, 1) == (4, 3)
    attack(s, 0, 1, "h1")  # it may attack for its new controller
    pass_all(s)
    act(s, "end")
    # back to player 1 at the end of the turn, still damaged? no: it regenerated
    # at the end of player 0's turn, when player 0 controlled it
    assert at(s, 1, 1) == sentinel and s.minions[sentinel].controller == 1
    assert len(s.minions[sentinel].relics) == 1
    assert health(s)[1] == 36


def test_control_ending_on_a_full_field_destroys_the_minion() -> None:
    from ossuary.necromancer.rules.playing import enter_field

    full = ", ".join(f'{{ card = "Spindle Runner", space = {k} }}' for k in (1, 2, 3))
    s = scenario(
        two(
            theirs=full + ', { card = "Barrow Sentinel", space = 4 }',
            hand0='"Borrowed Will"',
            hand1='"Cave Lurker"',
        )
    )
    play(s, 0, "Borrowed Will")
    act(s, f"m{at(s, 1, 4)}")
    # player 1's field fills up while the sentinel is away (as a summon by an
    # effect could do): here put straight into space 4
    lurker = s.seats[1].hand.pop()
    enter_field(s, 1, lurker, 3, "test")
    act(s, "end")
    assert row(s, 1) == ["Spindle Runner"] * 3 + ["Cave Lurker"]
    assert "Barrow Sentinel" in grave_names(s, 1)
    assert any(e["e"] == "control_ends" and e.get("full") for e in s.log)


def test_permanent_control() -> None:
    s = scenario(two(theirs=m("Cave Lurker", 1), hand0='"Dominion of the Dead"'))
    play(s, 0, "Dominion of the Dead")
    act(s, "end")
    act(s, "end")
    assert row(s, 0)[0] == "Cave Lurker" and s.owner[at(s, 0, 1)] == 1


# -- resurrection and banish -------------------------------------------------------
def test_faq_5_a_resurrected_minion_is_new_and_may_attack_that_turn() -> None:
    s = scenario(
        two(hand0='"Raise the Fallen"')
        .replace("minions = []", 'graveyard = ["Venom Skitterer"]\nminions = []', 1)
        .replace(
            f"deck = {DECK}\nminions = []\n",
            f'deck = {DECK}\nminions = [{{ card = "Cave Lurker", space = 1 }}]\n',
            1,
        )
    )
    play(s, 0, "Raise the Fallen")
    act(s, "at 0")
    # "when summoned" happens on resurrection: the skitterer ensnares an enemy
    assert s.minions[at(s, 1, 1)].ensnare is not None
    skitterer = at(s, 0, 1)
    assert f"attack {skitterer}" in s.legal_action_ids()


def test_banish_removes_a_card_from_the_game() -> None:
    s = scenario(two(theirs=m("Cave Lurker", 1), hand0='"Banishment"'))
    play(s, 0, "Banishment")
    assert row(s, 1)[0] is None and grave_names(s, 1) == []
    assert [s.defs[c].name for c in s.seats[1].banished] == ["Cave Lurker"]


# -- character and target -----------------------------------------------------------
def test_character_means_a_minion_or_a_hero() -> None:
    s = scenario(two(theirs=m("Cave Lurker", 1), hand0='"Soul Siphon"'))
    play(s, 0, "Soul Siphon")
    assert set(s.legal_action_ids()) == {f"m{at(s, 1, 1)}", "h1"}


def test_target_means_a_minion_hero_or_artifact() -> None:
    s = scenario(
        two(theirs=m("Cave Lurker", 1), hand0='"Forbidden Rite"')
        .replace(
            "minions = [{ card",
            'magic = [{ card = "Spirit Lantern", slot = 1 }]\nminions = [{ card',
            1,
        )
        .replace('magic = [{ card = "Spirit Lantern", slot = 1 }]\nminions = []', "minions = []")
    )
    play(s, 0, "Forbidden Rite")
    kinds = sorted(o[0] for o in s.legal_action_ids())
    assert kinds == ["h", "m"] or kinds == ["c", "h", "m"]
