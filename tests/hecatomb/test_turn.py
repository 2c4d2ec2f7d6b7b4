"""Rulebook "Turn Sequence", "Ready Phase" (Gain 1 Soul, Untap, Draw Two), "Add One Mana
Card", "End of Turn" and the glossary's "souls" (a player with 20 or more souls wins at once),
"mana card" and "mana zone"."""

from ossuary.hecatomb import new_game

from .script import abom, act, expect, illegal, minion, scenario

CARDS = [
    minion("One", 1),
    minion("Two", 2),
    {"name": "Tithe", "type": "fate", "doom": "greed", "cost": 1, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "souls", "amount": 2}]}]},
    {"name": "Toll", "type": "fate", "doom": "greed", "cost": 1, "subtype": "invocation",
     "abilities": [{"trigger": "play", "target": {"kind": "player", "side": "enemy"},
                    "effects": [{"verb": "souls", "mode": "steal", "amount": 3}]}]},
]  # fmt: skip
GIFT = {
    "name": "Gift", "type": "fate", "doom": "greed", "cost": 1, "subtype": "invocation",
    "abilities": [{"trigger": "play", "target": {"kind": "player", "side": "enemy"},
                   "effects": [{"verb": "souls", "who": "target", "amount": 1}]}],
}  # fmt: skip


def ready(seat0: str, game: str = "") -> str:
    return f"""
[game]
active = 0
step = "start"
{game}
[[seat]]
{seat0}
[[seat]]
deck = ["One", "One", "One"]
"""


# -- Ready Phase -------------------------------------------------------------------------------
def test_ready_phase_gains_a_soul_untaps_and_draws_two() -> None:
    # Ready Phase: gain 1 soul, untap, draw two, then the main phase.
    s = scenario(
        ready("""
souls = 7
hand = ["Two"]
deck = ["One", "Two", "One"]
mana_tapped = ["One", "Two"]
abominations = [{ minions = ["One", "Two"], tapped = true }]
"""),
        CARDS,
    )
    expect(s, "main", 0)
    seat = s.seats[0]
    assert seat.souls == 8
    assert not s.tapped & set(seat.mana)
    assert not abom(s, 0).tapped
    assert [s.defs[c].name for c in seat.hand] == ["Two", "One", "Two"]  # the top two
    assert len(seat.deck) == 1


def test_the_ready_phase_touches_only_the_active_player() -> None:
    # Ready Phase: it is "your" turn's start; enemies gain, untap and draw nothing.
    s = scenario(
        """
[game]
active = 0
step = "start"
[[seat]]
deck = ["One", "One"]
[[seat]]
souls = 4
deck = ["One", "One"]
mana_tapped = ["One"]
abominations = [{ minions = ["One", "Two"], tapped = true }]
""",
        CARDS,
    )
    assert s.seats[1].souls == 4
    assert len(s.seats[1].hand) == 0
    assert s.seats[1].mana[0] in s.tapped
    assert abom(s, 1).tapped


def test_the_first_player_draws_one_on_their_very_first_turn() -> None:
    # Draw Two / Hand: the first player's first turn draws one instead of two.
    s = new_game(seed=5, first=1)
    assert len(s.seats[1].hand) == 5
    assert len(s.seats[0].hand) == 4
    act(s, "end")
    expect(s, "main", 0)
    assert len(s.seats[0].hand) == 6  # the second player's first turn draws two
    act(s, "end")
    assert len(s.seats[1].hand) == 7  # and the first player's second turn draws two


def test_a_scenario_on_turn_one_draws_one() -> None:
    # Draw Two: turn 1 of the game (the first player's first turn) draws one.
    s = scenario(ready('deck = ["One", "Two", "One"]', "turn_number = 1"), CARDS)
    assert len(s.seats[0].hand) == 1
    assert s.turn_number == 1


def test_an_empty_deck_draws_nothing_and_play_goes_on() -> None:
    # Deck / Draw Two: with no cards left you can't draw, but you keep playing.
    s = scenario(ready('hand = ["One"]\nsouls = 6'), CARDS)
    expect(s, "main", 0)
    assert len(s.seats[0].hand) == 1
    assert s.seats[0].souls == 7
    assert any(e["e"] == "draw_empty" for e in s.log)
    act(s, "end")
    expect(s, "main", 1)


def test_a_deck_with_one_card_draws_just_that_card() -> None:
    # Do as much as you can: draw two from a one-card deck draws one.
    s = scenario(ready('deck = ["Two"]'), CARDS)
    assert [s.defs[c].name for c in s.seats[0].hand] == ["Two"]
    assert s.seats[0].deck == []


# -- Winning -------------------------------------------------------------------------------------
def test_gaining_the_twentieth_soul_in_the_ready_phase_wins() -> None:
    # Gain 1 Soul: with 20 souls you win, before untapping or drawing.
    s = scenario(ready('souls = 19\ndeck = ["One", "One"]'), CARDS)
    assert s.winner == 0
    assert s.is_terminal()
    assert s.decision() is None
    assert s.legal_actions() == []
    assert s.seats[0].souls == 20
    assert s.seats[0].hand == []  # the game ended before the draw
    assert s.returns() == [1.0, -1.0]


def test_eighteen_souls_in_the_ready_phase_does_not_win() -> None:
    s = scenario(ready('souls = 18\ndeck = ["One", "One"]'), CARDS)
    assert s.winner is None
    expect(s, "main", 0)


def test_a_soul_gain_mid_turn_wins_at_once() -> None:
    # Glossary "souls": 20 or more wins, at once, in the middle of the main phase.
    s = scenario(
        """
[game]
active = 0
[[seat]]
souls = 18
hand = ["Tithe", "One"]
mana = ["Tithe", "Tithe"]
""",
        CARDS,
    )
    act(s, "play Tithe")
    assert s.winner == 0
    assert s.seats[0].souls == 20
    assert s.is_terminal() and s.decision() is None


def test_going_past_twenty_also_wins() -> None:
    # Glossary "souls": "20 or more": a steal from 17 to 20+ wins too.
    s = scenario(
        """
[game]
active = 0
[[seat]]
souls = 18
hand = ["Toll"]
mana = ["Toll"]
[[seat]]
souls = 9
""",
        CARDS,
    )
    act(s, "play Toll")
    assert s.winner == 0
    assert s.seats[0].souls == 21
    assert s.seats[1].souls == 6


def test_a_reap_that_reaches_twenty_wins_at_once() -> None:
    # Glossary "souls" with "Reap souls": the reap ends the game at once; nothing follows.
    s = scenario(
        """
[game]
active = 0
[[seat]]
souls = 17
abominations = [["One", "Two", "One"]]
[[seat]]
souls = 10
""",
        CARDS,
    )
    act(s, "attack")  # the only enemy and the only attacker are not asked
    assert s.winner == 0
    assert s.seats[0].souls == 20
    assert s.seats[1].souls == 7
    assert s.decision() is None and s.is_terminal()


def test_an_enemy_reaching_twenty_on_your_turn_wins_too() -> None:
    # Glossary "souls": whenever a player has 20, not only on their own turn.
    s = scenario(
        """
[game]
active = 0
[[seat]]
hand = ["Gift"]
mana = ["Gift"]
[[seat]]
souls = 19
""",
        [*CARDS, GIFT],
    )
    act(s, "play Gift")
    assert s.winner == 1
    assert s.returns() == [-1.0, 1.0]


# -- End of Turn -------------------------------------------------------------------------------
def test_ending_the_turn_passes_play_to_the_next_player() -> None:
    # End of Turn: the player on the left goes next, and begins with their ready phase.
    s = scenario(
        """
[game]
active = 0
[[seat]]
[[seat]]
souls = 3
deck = ["One", "One", "One"]
""",
        CARDS,
    )
    act(s, "end")
    expect(s, "main", 1)
    assert s.turn == 1
    assert s.seats[1].souls == 4
    assert len(s.seats[1].hand) == 2
    act(s, "end")
    expect(s, "main", 0)


def test_turns_go_clockwise_around_three_or_more_seats() -> None:
    # Glossary "turn": players take turns clockwise (each to the left of the last).
    for seats in (3, 5):
        s = scenario(f"[game]\nseats = {seats}\nactive = 1\n", CARDS)
        order = []
        for _ in range(seats + 1):
            expect(s, "main")
            order.append(s.decision().player)
            act(s, "end")
        assert order == [(1 + k) % seats for k in range(seats + 1)]


def test_each_players_turn_counts_in_turn_number() -> None:
    s = new_game(seats=3, seed=4, first=2)
    assert s.turn_number == 1
    act(s, "end", "end")
    assert s.turn_number == 3
    assert s.turn == 1


# -- Add One Mana Card ---------------------------------------------------------------------------
MANA_BOARD = """
[game]
active = 0
[[seat]]
hand = ["One", "Two", "Tithe"]
[[seat]]
deck = ["One"]
"""


def test_a_mana_card_goes_in_untapped_and_pays_at_once() -> None:
    # Add One Mana Card / glossary "mana zone": put in untapped, usable the same turn.
    s = scenario(MANA_BOARD, CARDS)
    one, two, _ = s.seats[0].hand
    assert f"play {one}" not in s.decision().options
    act(s, f"mana {two}")
    assert s.seats[0].mana == [two]
    assert two not in s.tapped
    assert two not in s.seats[0].hand
    assert f"play {one}" in s.decision().options
    act(s, f"play {one}")  # the only placement, new, is not asked
    assert two in s.tapped


def test_only_one_mana_card_per_turn() -> None:
    # Add One Mana Card: once per turn; a second one is refused, naming the rule.
    s = scenario(MANA_BOARD, CARDS)
    one, two, tithe = s.seats[0].hand
    act(s, f"mana {one}")
    assert not any(o.startswith("mana ") for o in s.decision().options)
    illegal(s, f"mana {two}", "Add One Mana Card")
    illegal(s, f"mana {tithe}", "already added a mana card this turn")


def test_the_mana_card_allowance_comes_back_next_turn() -> None:
    # Add One Mana Card: once per turn, so again on your next turn.
    s = scenario(MANA_BOARD.replace("[game]", "[game]\nseed = 1"), CARDS)
    one, two, _ = s.seats[0].hand
    act(s, f"mana {one}", "end")
    expect(s, "main", 1)
    act(s, "end")
    expect(s, "main", 0)
    assert f"mana {two}" in s.decision().options
    act(s, f"mana {two}")
    assert s.seats[0].mana == [one, two]


def test_a_scenario_can_say_the_mana_card_is_already_added() -> None:
    s = scenario(MANA_BOARD.replace("hand =", "mana_added = true\nhand ="), CARDS)
    one = s.seats[0].hand[0]
    illegal(s, f"mana {one}", "Add One Mana Card")


def test_identical_cards_in_hand_are_one_mana_option() -> None:
    s = scenario('[game]\nactive = 0\n[[seat]]\nhand = ["One", "One"]', CARDS)
    assert [o for o in s.decision().options if o.startswith("mana")] == [
        f"mana {s.seats[0].hand[0]}"
    ]
