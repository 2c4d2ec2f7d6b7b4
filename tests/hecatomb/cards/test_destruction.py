"""The destruction cards of the base set (collector numbers 73-108): one scenario
per card that plays its printed text and checks what happened."""

import json

import pytest

from ossuary.hecatomb import HecatombState

from ..script import (
    abom,
    act,
    expect,
    illegal,
    keywords,
    minion,
    names,
    scenario,
    souls,
    stack_names,
    strength,
)

# Plain test minions (no text) and bases that show one trigger doom each.
CARDS = [
    minion("One", 1, cost=0),
    minion("Two", 2, cost=0),
    minion("Three", 3, cost=0),
    minion("Five", 5, cost=0),
    minion("Red Base", 2, cost=0, triggers=["destruction"]),
    minion("Green Base", 2, cost=0, doom="corruption", subtype="mutant", triggers=["corruption"]),
    minion("Gold Base", 2, cost=0, doom="greed", subtype="undead", triggers=["greed"]),
    {"name": "Zap", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                    "effects": [{"verb": "destroy"}]}]},
]  # fmt: skip


def _list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def board(
    mine: str = "",
    theirs: str = "",
    hand: tuple[str, ...] = (),
    mana: int = 0,
    game: str = "",
    seat0: str = "",
    seat1: str = "",
) -> HecatombState:
    """Seat 0 (to act unless ``game`` says otherwise) holds ``hand`` with ``mana``
    untapped destruction mana cards; ``mine`` / ``theirs`` are abomination lists."""
    return scenario(
        f"""
[game]
{game}
[[seat]]
souls = 5
hand = {_list(list(hand))}
mana = {_list(["One"] * mana)}
deck = ["One", "One", "One"]
abominations = [{mine}]
{seat0}
[[seat]]
souls = 5
deck = ["One", "One", "One"]
abominations = [{theirs}]
{seat1}
""",
        CARDS,
    )


def graveyard(s: HecatombState, seat: int) -> list[str]:
    return names(s, s.seats[seat].graveyard)


def top(s: HecatombState, seat: int, k: int = 0) -> int:
    return abom(s, seat, k).top


# -- minions ---------------------------------------------------------------------------------
@pytest.mark.card("Ashmaw Jackal")
def test_ashmaw_jackal() -> None:
    """Played on a destruction trigger it attacks at once (Fanatic) with Rager +1."""
    s = board('["One", "Red Base"]', '["Two", "Three"]', hand=("Ashmaw Jackal",), mana=2)
    act(s, "play Ashmaw Jackal", "on 0")
    assert keywords(s, 0) == {"fanatic": True, "rager": 1}
    act(s, "attack")
    expect(s, "block", 1)
    assert strength(s, 0) == 5  # 1 + 2 + 1, and Rager +1 while attacking
    act(s, "block 1 0")
    assert s.seats[1].aboms == []  # 5 damage: the blocker's 3 and 2 both die


@pytest.mark.card("Ashmaw Jackal")
def test_ashmaw_jackal_without_a_destruction_trigger_has_no_rager() -> None:
    """On a corruption trigger only Fanatic is left."""
    s = board('["One", "Green Base"]', hand=("Ashmaw Jackal",), mana=2)
    act(s, "play Ashmaw Jackal", "on 0")
    assert keywords(s, 0) == {"fanatic": True}


@pytest.mark.card("Pyre Zealot")
def test_pyre_zealot() -> None:
    """Its summon effect deals 1 damage; destroyed, it becomes a mana card (Martyr)."""
    s = board('["One", "Red Base"]', '["Three", "One"]', hand=("Pyre Zealot", "Zap"), mana=1)
    act(s, "play Pyre Zealot", "on 0", "yes")  # the only enemy abomination is the target
    assert stack_names(s, 1) == ["Three"]
    zealot = top(s, 0)
    act(s, "play Zap", f"m{zealot}")
    assert zealot in s.seats[0].mana
    assert "Pyre Zealot" not in graveyard(s, 0)


@pytest.mark.card("Razorback Hound")
def test_razorback_hound() -> None:
    """Rager +1: one more strength while attacking, none otherwise."""
    s = board('["One", "Razorback Hound"]', '["Two", "Three"]')
    assert strength(s, 0) == 3
    act(s, "attack")
    expect(s, "block", 1)
    assert strength(s, 0) == 4
    act(s, "done")
    assert strength(s, 0) == 3


@pytest.mark.card("Basalt Sentinel")
def test_basalt_sentinel() -> None:
    """Guardian: its abomination may not attack, but it blocks."""
    s = board('["One", "Basalt Sentinel"]')
    assert s.decision().options == ("end",)
    illegal(s, "attack", "Guardian")
    s = board('["One", "Basalt Sentinel"]', '["Two", "Two"]', game="active = 1")
    act(s, "attack")
    expect(s, "block", 0)
    assert s.decision().options == ("block 0 1", "done")


@pytest.mark.card("Quarry Stalker")
def test_quarry_stalker_taps_an_enemy() -> None:
    """On a corruption trigger its summon effect taps an enemy abomination."""
    s = board('["One", "Green Base"]', '["Two", "Two"]', hand=("Quarry Stalker",), mana=2)
    assert not abom(s, 1).tapped
    act(s, "play Quarry Stalker", "on 0", "yes")
    assert abom(s, 1).tapped


@pytest.mark.card("Quarry Stalker")
def test_quarry_stalker_evades_greed_blockers() -> None:
    """Greed Evader: an abomination with a greed minion can't block it."""
    s = board('["One", "Quarry Stalker"]', '["Gold Base", "Two"], ["Two", "Two"]')
    act(s, "attack")
    expect(s, "block", 1)
    assert s.decision().options == ("block 2 0", "done")


@pytest.mark.card("Ashen Devotee")
def test_ashen_devotee() -> None:
    """Follower: Rager +2 only while its controller has a god."""
    s = board('["One", "Ashen Devotee"]')
    assert keywords(s, 0) == {}
    s = board('["One", "Ashen Devotee"]', seat0='god = "Gorrath, the Endless Stampede"')
    assert keywords(s, 0) == {"rager": 2}


@pytest.mark.card("Cinderbrand Cultist")
def test_cinderbrand_cultist() -> None:
    """Destroyed, it deals 2 damage to an enemy abomination."""
    s = board('["Two", "Cinderbrand Cultist"]', '["One", "One", "One"]', hand=("Zap",))
    act(s, "play Zap", f"m{top(s, 0)}")
    assert graveyard(s, 0) == ["Cinderbrand Cultist", "Zap"]
    assert stack_names(s, 1) == ["One"]  # 2 damage: two 1-strength minions


@pytest.mark.card("Thornback Boar")
def test_thornback_boar_gets_reaper_on_greed() -> None:
    """Played on a greed trigger it has Reaper +1; on another trigger it doesn't."""
    s = board('["One", "Gold Base"], ["One", "Red Base"]', hand=("Thornback Boar",) * 2, mana=4)
    act(s, "play Thornback Boar", "on 0", "play Thornback Boar", "on 1")
    assert keywords(s, 0, 0) == {"reaper": 1}
    assert keywords(s, 0, 1) == {}


@pytest.mark.card("Thornback Boar")
def test_thornback_boar_reaps_one_more() -> None:
    """Reaper +1 from the conditional ability: a size 2 attacker reaps 3."""
    s = board('["Gold Base", "Thornback Boar"]')
    act(s, "attack")
    assert souls(s) == [8, 2]


@pytest.mark.card("Skyrender Jaguar")
def test_skyrender_jaguar() -> None:
    """On a corruption trigger it attacks at once and hunts a tapped enemy."""
    s = board(
        '["One", "Green Base"]',
        '{ minions = ["One", "One"], tapped = true }',
        hand=("Skyrender Jaguar",),
        mana=3,
    )
    act(s, "play Skyrender Jaguar", "on 0", "attack")
    expect(s, "hunt", 0)
    act(s, "hunt 1")  # untapped and forced to block
    assert s.seats[1].aboms == []  # 5 damage against 2 strength
    assert stack_names(s, 0) == ["One", "Green Base"]  # the 2 back killed the Jaguar only
    assert souls(s) == [5, 5]


@pytest.mark.card("Bonecrusher Brute")
def test_bonecrusher_brute() -> None:
    """Ripper: its 5 damage picks the blocker's bottom Three and top Two."""
    s = board('["One", "Bonecrusher Brute"]', '["Three", "One", "Two"]')
    bottom, _, upper = abom(s, 1).cards
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    act(s, f"rip {bottom}", f"rip {upper}")
    assert stack_names(s, 1) == ["One"]


@pytest.mark.card("Temple Bulwark")
def test_temple_bulwark() -> None:
    """Blocking, it deals 2 damage first: the attacker is cut to one minion and
    deals nothing."""
    s = board('["One", "Temple Bulwark"]', '["One", "Two"]', game="active = 1")
    act(s, "attack", "block 0 1")
    assert stack_names(s, 1) == ["One"]
    assert stack_names(s, 0) == ["One", "Temple Bulwark"]
    assert souls(s) == [5, 5]


@pytest.mark.card("Temple Bulwark")
def test_temple_bulwark_cannot_attack() -> None:
    """Guardian: its abomination may not attack."""
    s = board('["One", "Temple Bulwark"]')
    illegal(s, "attack", "Guardian")


@pytest.mark.card("Obsidian Charger")
def test_obsidian_charger() -> None:
    """Blocked, it gets +2 strength: 6 damage kills the whole blocker and the
    Charger's 5 strength absorbs the 5 back."""
    s = board('["One", "Obsidian Charger"]', '["Two", "Three"]')
    act(s, "attack", "block 1 0")
    assert s.seats[1].aboms == []
    assert stack_names(s, 0) == ["One"]


@pytest.mark.card("Bloodscent Wolf")
def test_bloodscent_wolf() -> None:
    """After it reaps, it deals 2 damage to the enemy abomination you choose."""
    s = board('["One", "Bloodscent Wolf"]', '{ minions = ["One", "Two"], tapped = true }, ["Two"]')
    act(s, "attack")
    assert souls(s) == [7, 3]
    expect(s, "target", 0)
    act(s, f"a{s.seats[1].aboms[0]}")
    assert stack_names(s, 1, 0) == ["One"]
    assert stack_names(s, 1, 1) == ["Two"]


@pytest.mark.card("Sunscar Shaman")
def test_sunscar_shaman() -> None:
    """At the start of its controller's turn, an abomination gets Rager +2 until end of turn."""
    s = board(
        '["One", "Sunscar Shaman"], ["One", "Two"]',
        game='step = "start"',
    )
    expect(s, "target", 0)
    act(s, f"a{s.seats[0].aboms[1]}")
    expect(s, "main", 0)
    assert keywords(s, 0, 1) == {"rager": 2}
    assert keywords(s, 0, 0) == {}
    act(s, "end")
    assert keywords(s, 0, 1) == {}


@pytest.mark.card("Blistering Fiend")
def test_blistering_fiend() -> None:
    """Attacking, it deals 1 damage to each enemy abomination; unblocked it reaps 2 + 1."""
    s = board('["One", "Blistering Fiend"]', '["Two", "One"], ["One", "Two"]')
    act(s, "attack")
    assert stack_names(s, 1, 0) == ["Two"]
    assert stack_names(s, 1, 1) == ["One", "Two"]
    expect(s, "block", 1)
    act(s, "done")
    assert souls(s) == [8, 2]


@pytest.mark.card("Den Mother")
def test_den_mother() -> None:
    """Destroyed, it puts a Beast minion card from the hand into play (no other kind)."""
    s = board('["One", "Den Mother"]', hand=("Zap", "Razorback Hound", "Basalt Sentinel"))
    hound = next(c for c in s.seats[0].hand if s.defs[c].name == "Razorback Hound")
    act(s, "play Zap", f"m{top(s, 0)}")
    expect(s, "choose", 0)
    assert s.decision().options == (f"card {hound}", "none")
    act(s, f"card {hound}", "on 0")
    assert stack_names(s, 0) == ["One", "Razorback Hound"]
    assert names(s, s.seats[0].hand) == ["Basalt Sentinel"]


@pytest.mark.card("Molten Colossus")
def test_molten_colossus() -> None:
    """Hunter; at the end of its controller's turn it deals 1 damage to an enemy."""
    s = board('["One", "Molten Colossus"]', '["Two", "One"]')
    assert keywords(s, 0) == {"hunter": True}
    act(s, "end")
    expect(s, "main", 1)
    assert stack_names(s, 1) == ["Two"]


@pytest.mark.card("Warbeast Alpha")
def test_warbeast_alpha() -> None:
    """↻3 taps its size 3 abomination to deal 2 damage; it has Survivor +2."""
    s = board('["One", "One", "Warbeast Alpha"]', '["Three", "Two"]')
    assert keywords(s, 0) == {"survivor": 2}
    act(s, f"tap {s.seats[0].aboms[0]} {top(s, 0)} 0")
    assert abom(s, 0).tapped
    assert stack_names(s, 1) == ["Three"]


@pytest.mark.card("Slag Tyrant")
def test_slag_tyrant() -> None:
    """Ripper; on a destruction trigger it destroys an enemy minion of strength 4+."""
    s = board(
        '["One", "Red Base"]',
        '["Bonecrusher Brute", "Three"], ["Five", "One"]',
        hand=("Slag Tyrant",),
        mana=6,
    )
    brute = abom(s, 1, 0).cards[0]
    five = abom(s, 1, 1).cards[0]
    act(s, "play Slag Tyrant", "on 0", "yes")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{brute}", f"m{five}"}
    act(s, f"m{brute}")
    assert stack_names(s, 1, 0) == ["Three"]
    assert keywords(s, 0) == {"ripper": True}


# -- combat minions --------------------------------------------------------------------------
@pytest.mark.card("Cinder Whelp")
def test_cinder_whelp() -> None:
    """Played on the attacker in combat, it kills the would-be blocker's top minion."""
    s = board('["One", "Red Base"]', '["Two", "One"]', hand=("Cinder Whelp",), mana=2)
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "play Cinder Whelp", "on 0", "yes", f"a{s.seats[1].aboms[0]}")
    assert stack_names(s, 1) == ["Two"]  # one minion: it can't block
    assert souls(s) == [8, 2]  # the attacker reaps its new size


@pytest.mark.card("Ambush Panther")
def test_ambush_panther() -> None:
    """Played on a blocked attacker, +2 strength makes it kill the whole blocker."""
    s = board('["One", "Red Base"]', '["Three", "Three"]', hand=("Ambush Panther", "One"), mana=2)
    act(s, "attack", "pass", "block 1 0")
    expect(s, "window", 0)
    act(s, "play Ambush Panther", "on 0", "yes")
    assert strength(s, 0) == 7
    act(s, "pass")
    assert s.seats[1].aboms == []


@pytest.mark.card("Eclipse Warrior")
def test_eclipse_warrior() -> None:
    """On a corruption trigger its abomination has Ripper for the fight."""
    s = board('["One", "Green Base"]', '["Three", "One", "Two"]', hand=("Eclipse Warrior",), mana=3)
    bottom, _, upper = abom(s, 1).cards
    act(s, "attack", "pass", "block 1 0")
    act(s, "play Eclipse Warrior", "on 0")  # the window closes: nothing left in hand
    expect(s, "rip", 0)
    assert keywords(s, 0) == {"ripper": True}
    act(s, f"rip {bottom}", f"rip {upper}")
    assert stack_names(s, 1) == ["One"]


# -- fates -----------------------------------------------------------------------------------
@pytest.mark.card("Rampage")
def test_rampage() -> None:
    """Rager +2 until end of turn: 2 more strength while attacking."""
    s = board('["One", "Two"]', '["Two", "Two"]', hand=("Rampage",), mana=1)
    act(s, "play Rampage")
    assert keywords(s, 0) == {"rager": 2}
    act(s, "attack")
    expect(s, "block", 1)
    assert strength(s, 0) == 5
    act(s, "done", "end")
    assert keywords(s, 0) == {}


@pytest.mark.card("Skullcrack")
def test_skullcrack() -> None:
    """In combat, 2 damage leaves the enemy a one-minion abomination that can't block."""
    s = board('["One", "Two"]', '["One", "Two"]', hand=("Skullcrack",), mana=2)
    act(s, "attack")
    expect(s, "window", 0)
    act(s, "play Skullcrack")  # the only enemy abomination is the target
    assert stack_names(s, 1) == ["One"]
    assert souls(s) == [7, 3]


@pytest.mark.card("Battle Frenzy")
def test_battle_frenzy() -> None:
    """X = 3: +3 strength until end of turn."""
    s = board('["One", "Two"]', hand=("Battle Frenzy",), mana=3)
    act(s, "play Battle Frenzy")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2", "x 3")
    act(s, "x 3")
    assert strength(s, 0) == 6
    assert len(s.tapped) == 3
    act(s, "end")
    assert strength(s, 0) == 3


@pytest.mark.card("Snap")
def test_snap() -> None:
    """Only minions of strength 2 or less may be chosen; the chosen one is destroyed."""
    s = board(theirs='["Three", "Two", "One"]', hand=("Snap",), mana=2)
    _, two, one = abom(s, 1).cards
    act(s, "play Snap")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{two}", f"m{one}"}
    act(s, f"m{two}")
    assert stack_names(s, 1) == ["Three", "One"]
    assert graveyard(s, 1) == ["Two"]


@pytest.mark.card("Rite of Carnage")
def test_rite_of_carnage() -> None:
    """Sacrifice one of your minions, then 4 damage to the target."""
    s = board('["One", "Two"]', '["Three", "One"]', hand=("Rite of Carnage",), mana=2)
    act(s, "play Rite of Carnage", f"a{s.seats[1].aboms[0]}")
    expect(s, "choose", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 0).cards}
    act(s, f"m{top(s, 0)}")
    assert graveyard(s, 0) == ["Two", "Rite of Carnage"]
    assert s.seats[1].aboms == []


@pytest.mark.card("Topple")
def test_topple() -> None:
    """Only an enemy abomination of 3 or more minions may be chosen; it takes 4 damage."""
    s = board(theirs='["One", "Two"], ["One", "Two", "Three"]', hand=("Topple",), mana=4)
    act(s, "play Topple")  # one legal target: the size 3 abomination
    assert stack_names(s, 1, 0) == ["One", "Two"]
    assert stack_names(s, 1, 1) == ["One", "Two"]  # 4 damage: the Three dies, 1 is too little


@pytest.mark.card("Ruinous Quake")
def test_ruinous_quake() -> None:
    """3 damage to each enemy abomination and none to yours."""
    s = board('["One", "Two"]', '["Two", "Two"], ["One", "Three"]', hand=("Ruinous Quake",), mana=4)
    act(s, "play Ruinous Quake")
    assert stack_names(s, 1, 0) == ["Two"]
    assert stack_names(s, 1, 1) == ["One"]
    assert stack_names(s, 0) == ["One", "Two"]


@pytest.mark.card("Firestorm")
def test_firestorm() -> None:
    """X = 2 (cost 4): 2 damage to every abomination, yours too."""
    s = board('["One", "Two"]', '["Three", "One"]', hand=("Firestorm",), mana=4)
    act(s, "play Firestorm")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2")
    act(s, "x 2")
    assert stack_names(s, 0) == ["One"]
    assert stack_names(s, 1) == ["Three"]


# -- relics ----------------------------------------------------------------------------------
@pytest.mark.card("Warhorn of the Pack")
def test_warhorn_of_the_pack() -> None:
    """Your Beast abominations get Rager +1; other subtypes and enemies don't."""
    s = board(
        '["One", "Razorback Hound"], ["One", "Basalt Sentinel"]',
        '["One", "Two"]',
        hand=("Warhorn of the Pack",),
        mana=3,
    )
    act(s, "play Warhorn of the Pack")
    assert keywords(s, 0, 0) == {"rager": 2}
    assert keywords(s, 0, 1) == {"guardian": True}
    assert keywords(s, 1) == {}


@pytest.mark.card("Skull Totem")
def test_skull_totem() -> None:
    """At the end of your turn it deals 1 damage to the enemy abomination you choose."""
    s = board(theirs='["Two", "One"], ["Two", "One"]', seat0='relics = ["Skull Totem"]')
    act(s, "end")
    expect(s, "target", 0)
    act(s, f"a{s.seats[1].aboms[1]}")
    expect(s, "main", 1)
    assert stack_names(s, 1, 0) == ["Two", "One"]
    assert stack_names(s, 1, 1) == ["Two"]


@pytest.mark.card("Banner of the Red Sky")
def test_banner_of_the_red_sky() -> None:
    """Your abominations of 3 or more minions have Ripper; smaller ones don't."""
    s = board(
        '["One", "One", "Two"], ["One", "Two"]',
        '["Three", "One", "Two"]',
        seat0='relics = ["Banner of the Red Sky"]',
    )
    assert keywords(s, 0, 0) == {"ripper": True}
    assert keywords(s, 0, 1) == {}
    bottom = abom(s, 1).cards[0]
    act(s, "attack", f"attacker {s.seats[0].aboms[0]}", "done", "block 2 0")
    expect(s, "rip", 0)
    act(s, f"rip {bottom}")  # 4 damage: the Three, and 1 left fits only the One
    act(s, "done")
    assert stack_names(s, 1) == ["One", "Two"]


@pytest.mark.card("Altar of Embers")
def test_altar_of_embers() -> None:
    """+1 strength to your abominations with a destruction minion, not to others."""
    s = board(
        '["Gold Base", "One"], ["Gold Base", "Gold Base"]',
        '["One", "One"]',
        hand=("Altar of Embers",),
        mana=4,
    )
    act(s, "play Altar of Embers")
    assert strength(s, 0, 0) == 4
    assert strength(s, 0, 1) == 4
    assert strength(s, 1) == 2


# -- gods ------------------------------------------------------------------------------------
@pytest.mark.card("Ixtal, the Burning Sun")
def test_ixtal_the_burning_sun() -> None:
    """Its one-time effect deals 2 damage; your Aztecal abominations get +1 strength
    and Rager +1."""
    s = board(
        '["One", "Basalt Sentinel"], ["One", "Razorback Hound"]',
        '["One", "Two"]',
        hand=("Ixtal, the Burning Sun",),
        mana=5,
    )
    act(s, "play Ixtal", f"a{s.seats[1].aboms[0]}")
    assert stack_names(s, 1) == ["One"]
    assert strength(s, 0, 0) == 5
    assert keywords(s, 0, 0) == {"guardian": True, "rager": 1}
    assert strength(s, 0, 1) == 3
    assert keywords(s, 0, 1) == {"rager": 1}  # the Hound's own


@pytest.mark.card("Gorrath, the Endless Stampede")
def test_gorrath_the_endless_stampede() -> None:
    """Its one-time effect untaps your abominations (not the enemy's); your Beast
    abominations have Ripper."""
    s = board(
        '{ minions = ["One", "Razorback Hound"], tapped = true },'
        '{ minions = ["One", "Basalt Sentinel"], tapped = true }',
        '{ minions = ["One", "Two"], tapped = true }',
        hand=("Gorrath, the Endless Stampede",),
        mana=6,
    )
    act(s, "play Gorrath")
    assert not abom(s, 0, 0).tapped and not abom(s, 0, 1).tapped
    assert abom(s, 1).tapped
    assert keywords(s, 0, 0) == {"rager": 1, "ripper": True}
    assert keywords(s, 0, 1) == {"guardian": True}
