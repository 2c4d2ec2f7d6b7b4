"""The heroes: each one's start of game effect or passive, and its ability once
during each of your turns (rulebook sections 3, 4, 10 and 12)."""

import pytest

from ossuary.necromancer import new_game

from ..script import act, at, expect, grave_names, health, pass_all, stats_at, table

card = pytest.mark.card


@card("Mother Vethra, the Weaver", game="necromancer")
def test_mother_vethra_buries_cheap_minions_then_raises_them() -> None:
    s = new_game(decks=["Brood of Vethra", "Marrow Legion"], seed=4)
    expect(s, "pick", 0)
    act(s, next(o for o in s.legal_action_ids() if o != "none"))
    act(s, "none")  # "up to four": stopping early is allowed
    assert len(grave_names(s, 0)) == 1
    # her ability: resurrect a minion costing 2 or less from the graveyard
    t = table(hero0="Mother Vethra, the Weaver", grave0=["Cave Lurker", "Gloomweb Stalker"])
    act(t, "hero")
    pass_all(t)
    act(t, "at 0")
    assert t.defs[at(t, 0, 1)].name == "Cave Lurker" and t.seats[0].lifeforce == 6
    assert "hero" not in t.legal_action_ids()


@card("Lord Osric of the Marrow", game="necromancer")
def test_lord_osric_hardens_skeletons_and_sharpens_a_minion() -> None:
    s = table(hero0="Lord Osric of the Marrow", mine=["Skullpike Sergeant", "Cave Lurker"])
    assert stats_at(s, 0, 1) == (3, 4) and stats_at(s, 0, 2) == (2, 3)
    act(s, "hero")
    act(s, f"m{at(s, 0, 2)}")
    pass_all(s)
    assert stats_at(s, 0, 2) == (4, 3)
    act(s, "end", "end")
    assert stats_at(s, 0, 2) == (2, 3)  # this turn only


@card("Sister Nyx, Veilkeeper", game="necromancer")
def test_sister_nyx_draws_with_a_thin_field_and_hides_a_minion() -> None:
    s = table(hero0="Sister Nyx, Veilkeeper", mine=["Cave Lurker", "Cave Lurker"], phase="start")
    expect(s, "main", 0)
    assert len(s.seats[0].hand) == 2  # her passive, then the draw phase
    t = table(hero0="Sister Nyx, Veilkeeper", mine=["Cave Lurker"] * 3, phase="start")
    assert len(t.seats[0].hand) == 1
    act(t, "hero", f"m{at(t, 0, 1)}")
    pass_all(t)
    assert t.minions[at(t, 0, 1)].invisible and t.seats[0].lifeforce == 9


@card("Count Malachar the Thirsting", game="necromancer")
def test_count_malachar_strengthens_vampires_and_drinks() -> None:
    s = table(hero0="Count Malachar the Thirsting", health0=30, mine=["Night Courtier"],
              theirs=["Cave Lurker"])  # fmt: skip
    assert stats_at(s, 0, 1) == (3, 3)
    act(s, "hero")
    act(s, "h1")
    pass_all(s)
    assert health(s) == [32, 38]
    assert s.seats[0].hero_used
