"""Minions whose printed text is only stats and a keyword: each is summoned from
hand and shown doing what its type's trait (types.toml) or keyword says."""

import pytest

from ossuary.necromancer import base_pool

from ..script import act, at, attack, health, m, pass_all, summon, table

POOL = base_pool()


card = pytest.mark.card


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Rattlebone Footman", marks=card("Rattlebone Footman", game="necromancer")),
        pytest.param("Skullpike Sergeant", marks=card("Skullpike Sergeant", game="necromancer")),
        pytest.param("Ossuary Sentinel", marks=card("Ossuary Sentinel", game="necromancer")),
        pytest.param("Bone Colossus", marks=card("Bone Colossus", game="necromancer")),
        pytest.param("Bonewall [minion]", marks=card("Bonewall [minion]", game="necromancer")),
    ],
)
def test_skeletons_hit_heroes_harder(name: str) -> None:
    card = POOL[name]
    s = table(hand=[name], lifeforce0=10)
    summon(s, 0, name)
    c = at(s, 0, 1)
    assert s.defs[c].identity == card.identity
    s.minions[c].attacks = 0
    attack(s, 0, 1, "h1")
    pass_all(s)
    bonus = 2 if card.cost >= 4 else 1
    assert health(s)[1] == 40 - card.attack - bonus


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "Spindle Runner", marks=card("Spindle Runner", game="necromancer"), id="Spindle Runner"
        ),
        pytest.param(
            "Cave Lurker", marks=card("Cave Lurker", game="necromancer"), id="Cave Lurker"
        ),
        pytest.param(
            "Gloomweb Stalker",
            marks=card("Gloomweb Stalker", game="necromancer"),
            id="Gloomweb Stalker",
        ),
    ],
)
def test_arachnids_ensnare_what_they_hurt(name: str) -> None:
    s = table(hand=[name], theirs=[m("Crypt Hulk", 1)], lifeforce0=10)
    summon(s, 0, name)
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].ensnare is not None


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Whisper Shade", marks=card("Whisper Shade", game="necromancer")),
        pytest.param("Mist Wraith", marks=card("Mist Wraith", game="necromancer")),
        pytest.param("Veilborn Stalker", marks=card("Veilborn Stalker", game="necromancer")),
        pytest.param("Trapdoor Horror", marks=card("Trapdoor Horror", game="necromancer")),
        pytest.param("Thirsting Stalker", marks=card("Thirsting Stalker", game="necromancer")),
    ],
)
def test_invisible_on_arrival(name: str) -> None:
    s = table(hand=[name], theirs=["Cave Lurker"], hand1=["Grave Bolt"], lifeforce0=10)
    summon(s, 0, name)
    assert s.minions[at(s, 0, 1)].invisible
    act(s, "end")
    assert not any(o.endswith(f"m{at(s, 0, 1)}") for o in s.legal_action_ids())


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Grave Gnawer", marks=card("Grave Gnawer", game="necromancer")),
        pytest.param("Barrow Sentinel", marks=card("Barrow Sentinel", game="necromancer")),
        pytest.param("Charnel Brute", marks=card("Charnel Brute", game="necromancer")),
        pytest.param("Marrowmaw", marks=card("Marrowmaw", game="necromancer")),
        pytest.param("Crypt Hulk", marks=card("Crypt Hulk", game="necromancer")),
        pytest.param("Brood Sentry", marks=card("Brood Sentry", game="necromancer")),
    ],
)
def test_immune_to_piercing(name: str) -> None:
    s = table(theirs=[name], mine=["Abyssal Overlord"])
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert health(s)[1] == 40  # 9 attack would pierce anything here, but not through it


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "Imp of Embers", marks=card("Imp of Embers", game="necromancer"), id="Imp of Embers"
        ),
        pytest.param(
            "Hellhound Whelp",
            marks=card("Hellhound Whelp", game="necromancer"),
            id="Hellhound Whelp",
        ),
        pytest.param("Pit Fiend", marks=card("Pit Fiend", game="necromancer")),
        pytest.param(
            "Abyssal Overlord",
            marks=card("Abyssal Overlord", game="necromancer"),
            id="Abyssal Overlord",
        ),
    ],
)
def test_demons_pay_in_blood(name: str) -> None:
    card = POOL[name]
    s = table(hand=[name], lifeforce0=10)
    summon(s, 0, name)
    assert health(s)[0] == 40 - (2 if card.cost >= 5 else 1)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "Blood Thrall", marks=card("Blood Thrall", game="necromancer"), id="Blood Thrall"
        ),
        pytest.param(
            "Night Courtier", marks=card("Night Courtier", game="necromancer"), id="Night Courtier"
        ),
        pytest.param(
            "Crimson Duelist",
            marks=card("Crimson Duelist", game="necromancer"),
            id="Crimson Duelist",
        ),
        pytest.param(
            "Sanguine Knight",
            marks=card("Sanguine Knight", game="necromancer"),
            id="Sanguine Knight",
        ),
    ],
)
def test_vampires_heal_their_hero_when_they_hit_a_hero(name: str) -> None:
    card = POOL[name]
    s = table(mine=[name], health0=30)
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s) == [30 + (2 if card.cost >= 4 else 1), 40 - card.attack]


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "Ribcage Crusher",
            marks=card("Ribcage Crusher", game="necromancer"),
            id="Ribcage Crusher",
        ),
        pytest.param(
            "Phantom Duelist",
            marks=card("Phantom Duelist", game="necromancer"),
            id="Phantom Duelist",
        ),
        pytest.param("Gorefiend", marks=card("Gorefiend", game="necromancer")),
        pytest.param("Bat Swarm", marks=card("Bat Swarm", game="necromancer")),
    ],
)
def test_attacks_twice_each_turn(name: str) -> None:
    s = table(mine=[m(name, 1, invisible=False)])
    c = at(s, 0, 1)
    attack(s, 0, 1, "h1")
    pass_all(s)
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert f"attack {c}" not in s.legal_action_ids()
