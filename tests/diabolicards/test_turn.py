"""Guide THE TURNS / THE USUAL TURN and THE END; FAQ answers on playing a card,
passing, and scoring. Each test names the rule it checks."""

from __future__ import annotations

from ossuary.diabolicards.queries import synergy

from .script import act, card, dead, events, expect, hand, play, power_of, scenario, score, zone


def test_usual_turn_runs_its_six_steps_in_order() -> None:
    # THE USUAL TURN: 1 play a card; 2 use its ability; 3 announce the kill;
    # 4 the other side may counter (the engine asks); 5 discard the dead; 6 draw.
    s = scenario(
        """
        [game]
        deck = ["Viper"]
        [[seat]]
        hand = ["Dominique"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        [[side]]
        the_gang_hideout = ["Afterimage"]
        """
    )
    act(s, play(s, "Dominique", "gang"))
    expect(s, "counter", 1)  # step 4: Afterimage's Runaway may answer the kill
    kinds = [e["e"] for e in s.log[-3:]]
    assert kinds == ["play", "ability", "kill"]
    act(s, "die")
    assert "Afterimage" in dead(s)
    assert hand(s, 0) == ["Viper"]  # step 6: the draw comes last
    expect(s, "turn", 1)


def test_the_other_side_need_not_remember_its_counter() -> None:
    # THE USUAL TURN step 4 ("if they remember"): in software the engine always
    # asks the controller of a savable card
    s = scenario(
        """
        [[seat]]
        hand = ["Rook"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        [[side]]
        the_gang_hideout = ["Afterimage"]
        """
    )
    act(s, play(s, "Rook", "gang"))
    expect(s, "counter", 1)
    act(s, "escape")
    expect(s, "flee", 1)
    act(s, "To Vask Tower")
    assert zone(s, 1, "vask") == ["Afterimage"]
    assert "Afterimage" not in dead(s)


def test_no_draw_when_the_deck_is_empty() -> None:
    # THE USUAL TURN step 6: draw only if the deck is not empty
    s = scenario(
        """
        [game]
        rest = "dead"
        [[seat]]
        hand = ["Viper", "Knuckles"]
        [[seat]]
        hand = ["Lodestar"]
        """
    )
    act(s, play(s, "Viper", "vask"))
    assert hand(s, 0) == ["Knuckles"]
    expect(s, "turn", 1)


def test_a_seat_with_no_space_passes_until_space_appears() -> None:
    # FAQ: pass your turns until space is created in one of your zones; keep
    # passing until a legal play becomes possible (THE LAYOUT)
    full = ", ".join(
        f'"{n}"'
        for n in ["Captain Adequate", "Lady Lukewarm", "The Mild Bulk", "Static Cling",
                  "Doorstop", "Paper Cut", "Mister Moist", "Sidekick Sally"]
    )  # fmt: skip
    full2 = ", ".join(
        f'"{n}"'
        for n in ["Barista Bo", "Intern Ivy", "Mall Cop Maurice", "Crossing Guard Cleo",
                  "Pizza Pete", "Librarian Lou", "Tourist Tim", "Yoga Yolanda"]
    )  # fmt: skip
    full3 = ", ".join(
        f'"{n}"'
        for n in ["Old Thunder", "Grandma Gale", "Professor Plume", "Nana Nightingale",
                  "Colonel Crumb", "Madame Mirage", "Sergeant Slippers", "Auntie Aurora"]
    )  # fmt: skip
    s = scenario(
        f"""
        [game]
        rest = "dead"
        deck = ["Knuckles", "Viper"]
        banned = true
        [[seat]]
        hand = ["Big Tuna"]
        [[seat]]
        hand = ["Vanessa", "Lodestar"]
        [[side]]
        vask_tower = [{full}]
        the_gang_hideout = [{full2}]
        havenvale_campus = [{full3}]
        [[side]]
        """
    )
    # seat 0 has no empty slot: its turn passes at once and seat 1 plays
    expect(s, "turn", 1)
    assert events(s, "pass") == [{"e": "pass", "p": 0, "out": False}]
    act(s, play(s, "Lodestar", "vask"))
    expect(s, "turn", 1)  # seat 0 passed again
    # Vanessa (Killer Look) kills two of seat 0's cards in Vask Tower: space appears
    act(s, play(s, "Vanessa", "vask", "a"), "kill Doorstop", "done")
    expect(s, "turn", 0)
    assert play(s, "Big Tuna", "vask") in s.decision().options  # type: ignore[union-attr]


def test_an_empty_hand_passes_for_good_and_the_game_goes_on() -> None:
    # FAQ / THE END: out of cards, a player passes permanently; the game goes on
    # until the others run out too
    s = scenario(
        """
        [game]
        rest = "dead"
        [[seat]]
        hand = ["Viper"]
        [[seat]]
        hand = ["Lodestar", "Aegis"]
        """
    )
    act(s, play(s, "Viper", "vask"))
    act(s, play(s, "Lodestar", "vask"))
    expect(s, "turn", 1)  # seat 0 is out: it passes
    assert events(s, "pass") == [{"e": "pass", "p": 0, "out": True}]
    act(s, play(s, "Aegis", "vask"))
    assert s.is_terminal()  # nobody can play: the game ends


def test_the_game_ends_when_nobody_can_play_and_the_higher_side_wins() -> None:
    # THE END: total power per side; highest wins
    s = scenario(
        """
        [game]
        rest = "dead"
        [[seat]]
        hand = ["Big Tuna"]
        [[seat]]
        hand = ["Viper"]
        """
    )
    act(s, play(s, "Big Tuna", "vask"), play(s, "Viper", "vask"))
    assert s.is_terminal()
    assert score(s) == [7, 4]
    assert s.winner == 0
    assert s.returns() == [1.0, -1.0]
    assert s.log[-1]["e"] == "end" and s.log[-1]["scores"] == [7, 4]


def test_a_tie_is_a_tie() -> None:
    # FAQ / THE END: ties stand
    s = scenario(
        """
        [game]
        rest = "dead"
        [[seat]]
        hand = ["Viper"]
        [[seat]]
        hand = ["Dominique"]
        """
    )
    act(s, play(s, "Viper", "vask"), play(s, "Dominique", "vask"))
    assert s.is_terminal()
    assert score(s) == [4, 4]
    assert s.winner is None and s.returns() == [0.0, 0.0]


def test_score_is_living_power_after_the_latest_boost_or_hinder_plus_synergy() -> None:
    # FAQ / THE END: sum of living power, latest boost/hinder, then synergy
    # (capped at +4 per zone); THE SYNERGY
    s = scenario(
        """
        [[seat]]
        hand = ["Viper"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        the_gang_hideout = ["Big Tuna", "Knuckles", "Rook", "Slick", "Mags", "Lil Sprocket"]
        vask_tower = ["VP Marsh", { card = "Auditor Kell", power = 0 }]
        havenvale_campus = ["Dominique"]
        [[side]]
        """
    )
    # Gang Hideout: 7+6+6+5+5+3 = 32 and 6 linked cards, capped at +4;
    # Vask Tower: 3 + 0 (hindered) and 2 synergy; Dominique outside his zone: no synergy
    assert synergy(s, 0, 1) == 4
    assert synergy(s, 0, 0) == 2
    assert synergy(s, 0, 2) == 0
    assert power_of(s, "Auditor Kell") == 0
    assert score(s)[0] == 32 + 4 + 3 + 0 + 2 + 4


def test_dead_cards_do_not_score() -> None:
    # THE END: only living cards count
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        [[side]]
        vask_tower = ["Big Tuna"]
        """
    )
    before = score(s)[1]
    act(s, play(s, "Vanessa", "vask", "a"), "kill Big Tuna")  # the only target: no "done"
    assert score(s)[1] == before - 7  # outside his linked zone he gave no synergy
    assert card(s, "Big Tuna") in s.dead
