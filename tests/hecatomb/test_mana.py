"""Rulebook "Play Cards" ("Tapping mana cards") and the glossary's "cost", "mana", "pool" and
"X": what a card costs, which mana can pay it, X costs, and mana from effects in the pool."""

from ossuary.hecatomb import HecatombState

from .script import abom, act, expect, illegal, minion, scenario, stack_names

CARDS = [
    minion("Brute", 2, cost=2),  # destruction
    minion("Grunt", 1),
    minion("Liar", 1, doom="deceit"),
    minion("Miser", 1, doom="greed"),
    minion("Free", 3, cost=0),
    minion("Big", 5, cost=4),
    {"name": "Burn", "type": "fate", "doom": "destruction", "cost": "X+1", "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                    "effects": [{"verb": "damage", "amount": "X"}]}]},
    {"name": "Windfall", "type": "fate", "doom": "greed", "cost": "X", "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "draw", "amount": "X"}]}]},
    {"name": "Tribute", "type": "fate", "doom": "greed", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "mana", "amount": 2}]}]},
    {"name": "Dark Tribute", "type": "fate", "doom": "greed", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play",
                    "effects": [{"verb": "mana", "amount": 1, "doom": "destruction"}]}]},
]  # fmt: skip


def board(hand: str, mana: str, extra: str = "") -> str:
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
mana = [{mana}]
{extra}
[[seat]]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [["Grunt", "Grunt", "Grunt", "Grunt", "Grunt"]]
"""


def untapped(s: HecatombState, seat: int = 0) -> list[str]:
    return [s.defs[c].name for c in s.seats[seat].mana if c not in s.tapped]


# -- Tapping mana cards / cost ---------------------------------------------------------------
def test_cost_needs_that_many_mana_with_one_of_the_cards_doom() -> None:
    # Tapping mana cards: tap as many mana cards as the cost, one of them of the card's doom.
    s = scenario(board('"Brute"', '"Grunt", "Liar", "Miser"'), CARDS)
    brute = s.seats[0].hand[0]
    act(s, f"play {brute}")  # placement "new" is the only one
    expect(s, "pay", 0)
    assert set(s.decision().options) == {"pay 0,1,1,0", "pay 0,0,1,1"}
    act(s, "pay 0,1,1,0")
    assert untapped(s) == ["Miser"]
    assert stack_names(s, 0, 0) == ["Brute"]


def test_a_card_without_mana_of_its_doom_is_not_offered() -> None:
    # Tapping mana cards: enough mana, but none of the card's doom, can't pay.
    s = scenario(board('"Brute"', '"Liar", "Miser", "Liar"'), CARDS)
    brute = s.seats[0].hand[0]
    assert f"play {brute}" not in s.decision().options
    err = illegal(s, f"play {brute}", "Tapping mana cards")
    assert "at least one destruction" in str(err)


def test_a_card_with_too_little_mana_is_not_offered() -> None:
    # Glossary "cost": the number of mana cards to tap; one short is not enough.
    s = scenario(board('"Big"', '"Grunt", "Grunt", "Liar"'), CARDS)
    big = s.seats[0].hand[0]
    assert f"play {big}" not in s.decision().options
    illegal(s, f"play {big}", "Tapping mana cards")


def test_tapped_mana_cards_do_not_count() -> None:
    s = scenario(board('"Brute"', '"Grunt"', 'mana_tapped = ["Grunt"]'), CARDS)
    brute = s.seats[0].hand[0]
    assert f"play {brute}" not in s.decision().options


def test_a_single_doom_payment_is_not_asked() -> None:
    # Only one way to pay: the cards are tapped without a question.
    s = scenario(board('"Brute"', '"Grunt", "Grunt", "Grunt"'), CARDS)
    act(s, "play Brute")
    expect(s, "main", 0)
    assert untapped(s) == ["Grunt"]
    assert len(s.tapped) == 2


def test_cost_zero_taps_nothing() -> None:
    # Glossary "cost": a cost of 0 taps no mana cards, and needs no mana of its doom.
    s = scenario(board('"Free"', '"Liar"'), CARDS)
    act(s, "play Free")
    expect(s, "main", 0)
    assert s.tapped == set()
    assert stack_names(s, 0, 0) == ["Free"]


def test_cost_zero_is_playable_with_no_mana_at_all() -> None:
    s = scenario(board('"Free"', ""), CARDS)
    act(s, "play Free")
    assert stack_names(s, 0, 0) == ["Free"]


# -- X -----------------------------------------------------------------------------------------
def test_x_cost_lets_you_choose_x_and_pays_x_plus_the_base() -> None:
    # Glossary "X": Melt-like X+N cards pay X+N and the effect uses X.
    s = scenario(board('"Burn"', '"Grunt", "Grunt", "Grunt", "Grunt"'), CARDS)
    act(s, "play Burn")
    expect(s, "x", 0)
    assert s.decision().options == ("x 0", "x 1", "x 2", "x 3")
    act(s, "x 2")  # the only target, the enemy abomination, is chosen for us
    assert len(s.tapped) == 3
    assert stack_names(s, 1) == ["Grunt", "Grunt", "Grunt"]  # 2 damage: the top two die


def test_x_zero_pays_only_the_base_cost() -> None:
    s = scenario(board('"Burn"', '"Grunt", "Grunt"'), CARDS)
    act(s, "play Burn", "x 0")
    assert len(s.tapped) == 1
    assert stack_names(s, 1) == ["Grunt"] * 5


def test_x_choices_need_one_mana_of_the_cards_doom() -> None:
    # Glossary "cost" with "X": a pure X card still needs one mana of its doom when X > 0.
    s = scenario(
        board(
            '"Windfall"', '"Miser", "Grunt", "Liar"', 'deck = ["Grunt", "Grunt", "Grunt", "Grunt"]'
        ),
        CARDS,
    )
    act(s, "play Windfall")
    assert s.decision().options == ("x 0", "x 1", "x 2", "x 3")
    act(s, "x 3")
    assert len(s.seats[0].hand) == 3  # drew X = 3
    assert untapped(s) == []


def test_x_without_mana_of_the_doom_can_only_be_zero() -> None:
    s = scenario(board('"Windfall"', '"Grunt", "Liar"'), CARDS)
    act(s, "play Windfall")  # X = 0 is the only choice, so it is not asked
    expect(s, "main", 0)
    assert s.tapped == set()
    assert s.seats[0].hand == []


# -- Payment choices --------------------------------------------------------------------------
def test_every_way_to_pay_is_offered_when_dooms_could_share_the_cost() -> None:
    # Tapping mana cards: "one corruption card and two cards of any doom".
    s = scenario(board('"Big"', '"Grunt", "Grunt", "Liar", "Liar", "Miser"'), CARDS)
    act(s, "play Big")
    options = set(s.decision().options)
    # 4 from two destruction, two deceit and one greed, with at least one destruction
    assert options == {"pay 0,2,2,0", "pay 0,1,2,1", "pay 0,2,1,1"}
    assert all(o.split()[1].split(",")[2] != "0" for o in options)


def test_the_chosen_payment_taps_those_dooms() -> None:
    s = scenario(board('"Brute"', '"Grunt", "Grunt", "Liar"'), CARDS)
    act(s, "play Brute", "Tap 1 deceit, 1 destruction")
    assert untapped(s) == ["Grunt"]
    s = scenario(board('"Brute"', '"Grunt", "Grunt", "Liar"'), CARDS)
    act(s, "play Brute", "pay 0,0,2,0")
    assert untapped(s) == ["Liar"]


# -- Mana from effects: the pool ---------------------------------------------------------------
def test_mana_from_an_effect_goes_to_the_pool_and_can_be_spent() -> None:
    # Glossary "mana", "pool": mana from effects is spent as if from mana cards.
    s = scenario(board('"Tribute", "Grunt", "Miser"', ""), CARDS)
    act(s, "play Tribute")
    assert s.seats[0].pool == [0, 0, 0, 2]  # greed, the card's doom
    grunt, miser = s.seats[0].hand
    assert f"play {grunt}" not in s.decision().options  # greed mana can't pay destruction
    act(s, f"play {miser}")
    assert s.seats[0].pool == [0, 0, 0, 1]
    assert stack_names(s, 0, 0) == ["Miser"]


def test_pool_mana_of_another_doom_pays_with_a_mana_card() -> None:
    s = scenario(board('"Dark Tribute", "Brute"', '"Grunt"'), CARDS)
    act(s, "play Dark Tribute")
    assert s.seats[0].pool == [0, 0, 1, 0]
    act(s, "play Brute")
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert s.tapped == set(s.seats[0].mana)


def test_pool_mana_is_spent_before_mana_cards_of_its_doom() -> None:
    s = scenario(board('"Dark Tribute", "Grunt"', '"Grunt"'), CARDS)
    act(s, "play Dark Tribute", "play Grunt")
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert s.tapped == set()


def test_the_pool_empties_at_end_of_turn() -> None:
    # Glossary "mana": you lose the mana in your pool when a turn ends.
    s = scenario(board('"Tribute"', ""), CARDS)
    act(s, "play Tribute", "end")
    expect(s, "main", 1)
    assert s.seats[0].pool == [0, 0, 0, 0]


def test_the_pool_empties_when_an_attack_starts() -> None:
    # Glossary "mana": you lose the mana in your pool if an attack starts.
    s = scenario(board('"Tribute", "Miser"', "", 'abominations = [["Grunt", "Grunt"]]'), CARDS)
    act(s, "play Tribute")
    assert s.seats[0].pool == [0, 0, 0, 2]
    act(s, "attack")
    expect(s, "window", 0)
    assert s.seats[0].pool == [0, 0, 0, 0]
    assert abom(s, 0).tapped


def test_a_scenario_can_start_with_pool_mana() -> None:
    s = scenario(board('"Miser"', "", "pool = { greed = 1 }"), CARDS)
    act(s, "play Miser")
    assert s.seats[0].pool == [0, 0, 0, 0]
