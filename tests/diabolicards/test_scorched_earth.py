"""Guide THE LAST TWO: The Endgame's four choices, THE SCORCH THE EARTH SCENARIO
and THE HOW DARE YOU SCENARIO; FAQ answers on Scorched Earth."""

from __future__ import annotations

from .script import act, card, dead, events, expect, illegal, play, scenario, score, where, zone


def endgame(choices: str = "", mine: str = "", theirs: str = "", hand0: str = '"Razor"') -> str:
    return f"""
        [[seat]]
        hand = [{hand0}, "Viper"]
        [[seat]]
        hand = ["Lodestar", "Deathrender"]
        [[side]]
        vask_tower = [{mine}]
        {choices}
        [[side]]
        vask_tower = [{theirs}]
        activation = {{ vask_tower = "Vanessa" }}
        """


def test_the_endgame_can_wipe_the_enemy_side_diabolicals_included() -> None:
    # THE ENDGAME CHOICES 1: kill the enemy zone entirely, Diabolicals included
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis", "Blink"'))
    act(s, play(s, "Razor", "vask", "s"))
    expect(s, "mode", 0)
    act(s, "Kill everything on the enemy side")
    assert {"Aegis", "Blink", "Vanessa"} <= set(dead(s))
    assert zone(s, 0, "vask") == ["Knuckles"]
    assert where(s, "Razor") == (0, "Vask Tower", "s")


def test_the_endgame_can_wipe_your_side_or_both_or_nothing() -> None:
    # THE ENDGAME CHOICES 2, 3 and 4
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Kill everything on your side")
    assert "Knuckles" in dead(s) and "Aegis" not in dead(s)
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Kill everything on both sides")
    assert {"Knuckles", "Aegis", "Vanessa"} <= set(dead(s))
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Do nothing at all")
    assert not {"Knuckles", "Aegis", "Vanessa"} & set(dead(s))
    assert score(s)[0] == 6 + 10


def test_scorched_earth_is_immune_to_every_other_ability() -> None:
    # FAQ / THE GROUPS: Scorched Earth abilities affect all others; nothing else
    # affects them (Anti-Apex can't pick Razor, an Apex)
    s = scenario(
        """
        [[seat]]
        hand = ["Dominique"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        scorched = { the_gang_hideout = ["Razor"] }
        """
    )
    act(s, play(s, "Dominique", "gang"))
    assert events(s, "no_target")[-1]["card"] == "Dominique"
    assert where(s, "Razor") == (1, "The Gang Hideout", "s")


def test_scorch_the_earth_kills_both_and_seals_the_zone_for_both_sides() -> None:
    # THE SCORCH THE EARTH SCENARIO: one each side, same zone, the zone empty on
    # both sides after the second resolves: both die, the zone is sealed for good
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Kill everything on the enemy side")
    act(s, play(s, "Deathrender", "vask", "s"), "Kill everything on both sides")
    assert {"Razor", "Deathrender"} <= set(dead(s))
    assert s.sealed == [True, False, False]
    assert events(s, "scorch")
    expect(s, "turn", 0)
    opts = s.decision().options  # type: ignore[union-attr]
    assert play(s, "Viper", "gang") in opts and play(s, "Viper", "vask") not in opts
    illegal(s, play(s, "Viper", "vask"), "sealed")


def test_no_scorch_when_the_zone_is_not_empty() -> None:
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Do nothing at all")
    act(s, play(s, "Deathrender", "vask", "s"), "Kill everything on the enemy side")
    assert s.sealed == [False, False, False]
    assert where(s, "Razor") is not None and where(s, "Deathrender") is not None


def test_an_endgame_wipe_does_not_kill_the_other_scorched_earth() -> None:
    # THE GROUPS: Scorched Earth cards affect each other only in the scenarios
    s = scenario(endgame(mine='"Knuckles"', theirs='"Aegis"'))
    act(s, play(s, "Razor", "vask", "s"), "Do nothing at all")
    act(s, play(s, "Deathrender", "vask", "s"), "Kill everything on the enemy side")
    assert "Knuckles" in dead(s)
    assert where(s, "Razor") == (0, "Vask Tower", "s")


def test_how_dare_you_never_the_same_choice_twice_in_any_zone() -> None:
    # THE HOW DARE YOU SCENARIO: one side holding both can't use the same
    # Endgame choice twice, even in different zones (FAQ)
    s = scenario(
        endgame(hand0='"Razor", "Deathrender"').replace(
            'hand = ["Lodestar", "Deathrender"]', 'hand = ["Lodestar", "Thunderclap"]'
        )
    )
    act(s, play(s, "Razor", "gang", "s"), "Do nothing at all")
    act(s, play(s, "Lodestar", "campus"))
    act(s, play(s, "Deathrender", "campus", "s"))
    expect(s, "mode", 0)
    assert "mode 3" not in s.decision().options  # type: ignore[union-attr]
    illegal(s, "mode 3", "how dare you")


def test_how_dare_you_in_the_same_zone_they_kill_each_other_without_scorching() -> None:
    # THE HOW DARE YOU SCENARIO: both on one side in the same zone fight to the
    # death after the second resolves; Scorched Earth is not triggered
    s = scenario(
        endgame(hand0='"Razor", "Deathrender"').replace(
            'hand = ["Lodestar", "Deathrender"]', 'hand = ["Lodestar", "Thunderclap"]'
        )
    )
    act(s, play(s, "Razor", "campus", "s"), "Do nothing at all")
    act(s, play(s, "Lodestar", "gang"))
    act(s, play(s, "Deathrender", "campus", "s"), "Kill everything on your side")
    assert {"Razor", "Deathrender"} <= set(dead(s))
    assert events(s, "how_dare_you") and s.sealed == [False, False, False]


def test_a_runaway_may_escape_an_endgame_wipe() -> None:
    # THE ABILITIES: Runaway and Deathdodge escape any kill, The Endgame's too
    s = scenario(endgame(theirs='"Afterimage"'))
    act(s, play(s, "Razor", "vask", "s"), "Kill everything on the enemy side")
    expect(s, "counter", 1)
    act(s, "escape", "To Havenvale Campus")
    assert where(s, "Afterimage") == (1, "Havenvale Campus", "r")
    assert card(s, "Vanessa") in s.dead
