"""Rulebook "Damage to Abominations" and "0-Strength Minions" (001, Abilities),
including the rulebook's own three damage examples."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary.hecatomb.queries import abom_strength
from ossuary.hecatomb.rules.fight import damage_kills

from .script import abom, act, minion, scenario, stack_names

CARDS = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    minion("Six", 6),
    minion("Zero", 0),
    {
        "name": "Burn",
        "type": "fate",
        "doom": "destruction",
        "cost": "X",
        "subtype": "mishap",
        "abilities": [
            {
                "trigger": "play",
                "target": {"kind": "abomination"},
                "effects": [{"verb": "damage", "amount": "X"}],
            }
        ],
    },
]


def board(*stack: str, burns: int = 1) -> str:
    names = ", ".join(f'"{n}"' for n in stack)
    hand = ", ".join(['"Burn"'] * burns)
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
mana = ["One", "One", "One", "One", "One", "One"]
[[seat]]
abominations = [[{names}]]
"""


def burn(stack: tuple[str, ...], x: int) -> list[str]:
    s = scenario(board(*stack), CARDS)
    act(s, "Play Burn", f"x {x}")  # the only target is chosen for us
    if s.aboms:
        return stack_names(s, 1)
    return []


def test_example_one_damage_equal_to_strength_destroys_the_abomination() -> None:
    # Rulebook example 1: strength 5 takes 5 and is destroyed.
    assert burn(("Three", "Two"), 5) == []


def test_example_two_damage_spills_down_and_stops() -> None:
    # Rulebook example 2: strength 6 takes 5; the top two die, the bottom survives.
    assert burn(("Three", "Two", "One"), 5) == ["Three"]


def test_example_three_damage_below_the_top_minion_is_ignored() -> None:
    # Rulebook example 3: strength 12 with a 6 on top takes 5; nothing dies.
    assert burn(("Three", "Three", "Six"), 5) == ["Three", "Three", "Six"]


def test_damage_never_adds_up_across_sources() -> None:
    # "You can't deal some damage ... and then finish it off from another source."
    s = scenario(board("One", "Three", burns=2), CARDS)
    act(s, "Play Burn", "x 2", "Play Burn", "x 2")
    assert stack_names(s, 1) == ["One", "Three"]


def test_zero_strength_minion_dies_to_zero_damage_left_over() -> None:
    # 0-Strength Minions: a 0-strength minion under a destroyed one takes 0 and dies.
    s = scenario(board("Two", "Zero", "One"), CARDS)
    assert damage_kills(s, abom(s, 1), 1) == [s.aboms[0].cards[2], s.aboms[0].cards[1]]
    assert abom_strength(s, abom(s, 1)) == 3


@settings(max_examples=200, deadline=None)
@given(
    strengths=st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=5),
    amount=st.integers(min_value=0, max_value=30),
    survivor=st.integers(min_value=0, max_value=3),
)
def test_damage_spills_from_the_top_and_stops_where_it_cannot_destroy(
    strengths: list[int], amount: int, survivor: int
) -> None:
    # Damage to Abominations: top down; each minion destroyed costs its strength;
    # the first one the rest can't destroy stops it. Survivor shields only the top.
    stack = ", ".join(f'"S{v}"' for v in strengths)
    cards = [minion(f"S{v}", v) for v in range(7)]
    s = scenario(f"[[seat]]\n[[seat]]\nabominations = [[{stack}]]\n", cards)
    a = abom(s, 1)
    kills = damage_kills(s, a, amount, survivor)
    k = len(kills)
    assert kills == a.cards[::-1][:k]  # a run from the top
    left = amount - min(survivor, amount) - sum(strengths[::-1][:k])
    assert left >= 0
    if k < len(strengths):
        assert strengths[::-1][k] > left  # what is left can't destroy the next one
