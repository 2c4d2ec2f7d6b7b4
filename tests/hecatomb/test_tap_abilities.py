"""Rulebook glossary "↻" (tap abilities): usable when the abomination is untapped,
its size is at least the tap number, and it is a time you could play combat
fates (your main phase; an attack you are in, as aggressor or defender; see
"Attack" and "Enemies' Turns"). Using one taps the abomination.
"""

from ossuary.hecatomb import HecatombState

from .script import (
    abom,
    act,
    expect,
    minion,
    scenario,
    souls,
    stack_names,
)


def tapper(name: str, n: int, effect: dict, target: dict | None = None) -> dict:
    ability: dict = {"trigger": "tap", "tap": n, "effects": [effect]}
    if target is not None:
        ability["target"] = target
    return minion(name, 1, abilities=[ability])


CARDS = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    tapper("Chanter", 2, {"verb": "souls", "amount": 1}),
    tapper("Elder", 3, {"verb": "souls", "amount": 1}),
    tapper("Hermit", 1, {"verb": "souls", "amount": 1}),
    tapper("Gunner", 2, {"verb": "destroy"}, {"kind": "minion", "side": "enemy"}),
]


def tap_id(s: HecatombState, seat: int, k: int, name: str) -> str:
    a = abom(s, seat, k)
    cid = next(c for c in a.cards if s.defs[c].name == name)
    return f"tap {a.aid} {cid} 0"


def test_main_phase_tap_ability_taps_the_abomination() -> None:
    # "↻": usable in your main phase when untapped; using it taps the abomination.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Chanter"]]
        """,
        CARDS,
    )
    tap = tap_id(s, 0, 0, "Chanter")
    assert s.decision().options == (tap, "attack", "end")
    act(s, tap)
    expect(s, "main", 0)
    assert souls(s) == [6, 5]
    assert abom(s, 0).tapped
    assert s.decision().options == ("end",)  # tapped: no second use and no attack


def test_tap_ability_needs_size_at_least_its_number() -> None:
    # "↻" condition (1): size at least the tap number.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Elder"], ["One", "Two", "Elder"], ["Hermit"]]
        """,
        CARDS,
    )
    options = s.decision().options
    assert tap_id(s, 0, 0, "Elder") not in options
    assert tap_id(s, 0, 1, "Elder") in options
    assert tap_id(s, 0, 2, "Hermit") in options  # ↻1 works on a one-minion abomination


def test_tapped_abomination_cannot_use_its_tap_ability() -> None:
    # "↻" condition (2): the abomination must be untapped.
    s = scenario(
        """
        [[seat]]
        abominations = [{ minions = ["Two", "Chanter"], tapped = true }]
        """,
        CARDS,
    )
    assert s.decision().options == ("end",)


def test_a_tap_ability_anywhere_in_the_stack_counts() -> None:
    # "↻" / Main Abilities of Minions and Abominations: a minion's ability is its
    # abomination's, so a buried Chanter still offers it.
    s = scenario(
        """
        [[seat]]
        abominations = [["Chanter", "Two"]]
        """,
        CARDS,
    )
    assert tap_id(s, 0, 0, "Chanter") in s.decision().options


def test_aggressor_may_use_a_tap_ability_in_its_combat_window() -> None:
    # "↻" condition (3) with "Attack": the aggressor's windows allow combat fates, so
    # an untapped abomination that isn't attacking may tap for its ability.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"], ["Two", "Chanter"]]
        """,
        CARDS,
    )
    act(s, "attack", "attacker 0", "done")
    expect(s, "window", 0)  # asked although the hand is empty: a tap ability is usable
    tap = tap_id(s, 0, 1, "Chanter")
    assert s.decision().options == (tap, "pass")
    act(s, tap)
    expect(s, "main", 0)  # nothing more to offer: the other windows are skipped
    assert souls(s) == [8, 3]  # 1 from the ability, 2 reaped


def test_attacking_abomination_is_tapped_so_cannot_use_its_ability() -> None:
    # Declare attackers taps attackers; "↻" needs an untapped abomination.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Chanter"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "main", 0)  # no window was offered
    assert souls(s) == [7, 3]


def test_defender_tapping_for_an_ability_can_no_longer_block() -> None:
    # "↻" with "Enemies' Turns": usable when attacked; it taps the abomination, and
    # a tapped abomination can't block (Assign blockers).
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["Three", "Chanter"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    tap = tap_id(s, 1, 0, "Chanter")
    assert s.decision().options == (tap, "pass")
    act(s, tap)
    expect(s, "main", 0)  # no block question: its only abomination is tapped
    assert abom(s, 1).tapped
    assert souls(s) == [7, 4]  # +1 from the ability, -2 reaped


def test_defender_may_block_and_then_use_the_ability_in_the_second_window() -> None:
    # "↻" in "Play more combat fates": after blocks the blocker may still tap for
    # its ability; it stays the attacker's blocker (Assign blockers: blocked stays
    # blocked) and still fights.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["Three", "Three", "Chanter"]]
        """,
        CARDS,
    )
    act(s, "attack", "pass", "block 1 0")
    expect(s, "window", 1)
    act(s, tap_id(s, 1, 0, "Chanter"))
    expect(s, "main", 0)
    assert souls(s) == [5, 6]
    assert abom(s, 1).tapped
    assert stack_names(s, 1) == ["Three"]  # took 4: Chanter (1) and a Three died
    assert s.seats[0].aboms == []  # took 7: the attacker died


def test_targeted_tap_ability_in_a_window_can_cut_an_attacker_down() -> None:
    # "↻" with One-Minion Abominations in Combat: the defender's Gunner destroys
    # the attacker's top minion; the one-minion attacker leaves combat.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["Gunner", "One"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "window", 1)
    act(s, tap_id(s, 1, 0, "Gunner"))
    expect(s, "target", 1)
    act(s, f"m{abom(s, 0).top}")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["Two"]
    assert souls(s) == [5, 5]


def test_only_the_aggressor_and_defender_get_tap_windows() -> None:
    # "Attack": other players can't play combat fates, so no tap abilities either.
    s = scenario(
        """
        [game]
        seats = 3
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        [[seat]]
        abominations = [["Two", "Chanter"]]
        """,
        CARDS,
    )
    act(s, "attack", "enemy 1")
    expect(s, "main", 0)
    assert souls(s) == [7, 3, 5]
    assert not abom(s, 2).tapped
