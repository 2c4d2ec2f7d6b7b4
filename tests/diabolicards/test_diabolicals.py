"""Guide THE DIABOLICALS (THE ACTIVATION, THE IMMUNITY, THE REGULARITY) and the
kill-capable abilities (THE ABILITIES): Suicide Killer, Confused Morals, Killer
Look, Ultimate Sacrifice, Anti-Apex; FAQ answers on Diabolicals and kills."""

from __future__ import annotations

from .script import act, card, dead, events, expect, illegal, play, power_of, scenario, where


def test_in_its_activation_slot_a_diabolical_uses_its_ability() -> None:
    # FAQ / THE ACTIVATION; Killer Look: kill up to four enemy cards in the zone
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Knuckles", "Big Tuna", "Aegis", "Blink", "Lodestar"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"))
    act(s, "kill Knuckles", "kill Big Tuna", "kill Aegis", "kill Blink")
    assert dead(s)[-4:] == ["Knuckles", "Big Tuna", "Aegis", "Blink"]
    assert where(s, "Lodestar") is not None  # four at most
    expect(s, "turn", 1)


def test_an_activated_diabolical_is_immune_to_all_but_scorched_earth() -> None:
    # FAQ / THE IMMUNITY: only Scorched Earth affects a properly placed Diabolical;
    # Diabolical abilities don't touch other activated Diabolicals
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa", "Dominique"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        activation = { vask_tower = "Dale", the_gang_hideout = "Warpath" }
        vask_tower = ["Knuckles"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"))
    assert s.decision().options == (f"kill {card(s, 'Knuckles')}", "done")  # type: ignore[union-attr]
    illegal(s, f"kill {card(s, 'Dale')}", "immune")
    act(s, "done", play(s, "Viper", "campus"))
    act(s, play(s, "Dominique", "gang"))  # Anti-Apex: Warpath is immune, so no target
    assert events(s, "no_target")[-1]["card"] == "Dominique"
    assert where(s, "Warpath") == (1, "The Gang Hideout", "a")


def test_in_a_regular_slot_a_diabolical_is_a_plain_apex() -> None:
    # FAQ / THE REGULARITY: no ability, vulnerable to any ability
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa", "Rook"]
        [[seat]]
        hand = ["Viper", "Dale"]
        [[side]]
        [[side]]
        the_gang_hideout = ["Knuckles"]
        """
    )
    act(s, play(s, "Vanessa", "gang"))  # a regular slot
    assert events(s, "ability_lost")[-1]["why"] == "regular slot"
    assert where(s, "Knuckles") is not None
    act(s, play(s, "Dale", "gang"))  # seat 1: Dale in a regular slot, a plain Apex
    act(s, play(s, "Rook", "gang"))  # Anti-Apex kills him (the only choice: no question)
    assert "Dale" in dead(s)


def test_a_diabolical_never_moves_between_slot_kinds() -> None:
    # FAQ / THE DIABOLICALS: once placed it never moves from an activation slot
    # to a regular one or back; Redeploy can't pick it
    s = scenario(
        """
        [[seat]]
        hand = ["Blink"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        activation = { vask_tower = "Empress" }
        vask_tower = ["Knuckles"]
        """
    )
    act(s, play(s, "Blink", "vask"))
    assert f"move {card(s, 'Empress')}" not in s.decision().options  # type: ignore[union-attr]
    illegal(s, f"move {card(s, 'Empress')}", "immune")


def test_suicide_killer_kills_your_own_cards() -> None:
    # Blazewell, Suicide Killer; FAQ: some kills hit your own side
    s = scenario(
        """
        [[seat]]
        hand = ["Blazewell"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Knuckles", "Big Tuna"]
        [[side]]
        vask_tower = ["Aegis"]
        """
    )
    act(s, play(s, "Blazewell", "vask", "a"))
    assert card(s, "Aegis") not in [
        int(o.split()[1])
        for o in s.decision().options
        if o != "done"  # type: ignore[union-attr]
    ]
    act(s, "kill Knuckles", "done")
    assert "Knuckles" in dead(s) and where(s, "Big Tuna") is not None


def test_confused_morals_kills_enemies_or_its_own() -> None:
    # Dale, Confused Morals: either up to four enemies, or up to four of your own
    s = scenario(
        """
        [[seat]]
        hand = ["Dale"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Knuckles"]
        [[side]]
        vask_tower = ["Aegis"]
        """
    )
    act(s, play(s, "Dale", "vask", "a"))
    expect(s, "mode", 0)
    act(s, "Kill up to 4 of your own")
    act(s, "kill Knuckles")
    assert "Knuckles" in dead(s) and where(s, "Aegis") is not None


def test_ultimate_sacrifice_kills_on_both_sides() -> None:
    # Warpath, Ultimate Sacrifice: up to four enemies and up to four of your own
    s = scenario(
        """
        [[seat]]
        hand = ["Warpath"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Knuckles"]
        [[side]]
        vask_tower = ["Aegis"]
        """
    )
    act(s, play(s, "Warpath", "vask", "a"), "kill Aegis", "kill Knuckles")
    assert {"Aegis", "Knuckles"} <= set(dead(s))


def test_anti_apex_kills_exactly_one_enemy_apex() -> None:
    # Dominique, Anti-Apex (released): one enemy Apex in The Gang Hideout; FAQ:
    # type matters to some abilities
    s = scenario(
        """
        [[seat]]
        hand = ["Dominique"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        the_gang_hideout = ["Knuckles", "Aegis", "Blink"]
        """
    )
    act(s, play(s, "Dominique", "gang"))
    opts = s.decision().options  # type: ignore[union-attr]
    assert set(opts) == {f"kill {card(s, 'Aegis')}", f"kill {card(s, 'Blink')}"}  # no "done"
    illegal(s, "done", "exactly")
    act(s, "kill Blink")
    assert "Blink" in dead(s) and where(s, "Aegis") is not None


def test_kills_may_be_countered_one_card_at_a_time() -> None:
    # THE ABILITIES: "you might save multiple cards from death"
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Afterimage", "Ember Anew", "Knuckles"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Afterimage", "kill Ember Anew", "kill Knuckles")
    expect(s, "counter", 1)
    act(s, "escape", "To The Gang Hideout")
    expect(s, "counter", 1)
    act(s, "escape")
    assert dead(s)[-1] == "Knuckles"
    assert where(s, "Afterimage") == (1, "The Gang Hideout", "r")
    assert power_of(s, "Afterimage") == 5
