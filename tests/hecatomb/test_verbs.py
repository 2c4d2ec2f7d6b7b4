"""Rulebook glossary verbs, each through a small test fate: destroy, discard,
exile, exhume, retrieve, sacrifice, sever, stitch, remove from game ("Removed
from Game" Zone), put into play, draw, souls (gain, lose, steal), strength
+/-X, keywords granted until end of turn ("Playing fates": one-time effects),
untap/tap and mana from effects (glossary "mana", "pool").
"""

from typing import Any

from ossuary.hecatomb import HecatombState

from .script import (
    abom,
    act,
    expect,
    grave_names,
    hand_names,
    keywords,
    minion,
    names,
    scenario,
    stack_names,
    strength,
)


def fate(name: str, *effects: dict[str, Any], target: dict[str, Any] | None = None) -> dict:
    """A destruction fate costing 1 whose play ability does ``effects``."""
    ability: dict[str, Any] = {"trigger": "play", "effects": list(effects)}
    if target is not None:
        ability["target"] = target
    return {"name": name, "type": "fate", "doom": "destruction", "cost": 1,
            "subtype": "tactic", "abilities": [ability]}  # fmt: skip


MINION = {"kind": "minion"}
ABOM = {"kind": "abomination"}
ENEMY = {"kind": "player", "side": "enemy"}

CARDS = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    minion("Trig", 1, triggers=["destruction"]),
    minion("Seer", 1, conditional={"doom": "destruction",
                                   "effects": [{"verb": "draw", "amount": 1}]}),
    minion("Phoenix", 1, keywords={"regenerator": True}),
    minion("Gilt", 2, "greed", cost=2),
    {"name": "Totem", "type": "relic", "doom": "greed", "cost": 1,
     "statics": [{"scope": {"kind": "abomination", "side": "yours"}, "strength": 1}]},
    fate("Zap", {"verb": "destroy"}, target=MINION),
    fate("Shatter", {"verb": "destroy"}, target={"kind": "relic"}),
    fate("Rot", {"verb": "discard", "amount": 1, "who": "target"}, target=ENEMY),
    fate("Gamble", {"verb": "discard", "amount": 1, "who": "target", "chooser": "random"},
         target=ENEMY),
    fate("Banish", {"verb": "exile"}, target=MINION),
    fate("Dig", {"verb": "exhume", "amount": 1}),
    fate("Seek", {"verb": "retrieve"}),
    fate("Offering", {"verb": "sacrifice"}),
    fate("Split", {"verb": "sever"}, target=MINION),
    fate("Sew", {"verb": "stitch"}, target={"kind": "minion", "side": "yours"}),
    fate("Void", {"verb": "remove"}, target=MINION),
    fate("Blink", {"verb": "remove", "until": "end_of_turn"}, target=MINION),
    fate("Summon", {"verb": "put_into_play"}),
    fate("Study", {"verb": "draw", "amount": 2}),
    fate("Feast", {"verb": "souls", "amount": 2}),
    fate("Drain", {"verb": "souls", "mode": "lose", "amount": 3}, target=ENEMY),
    fate("Steal", {"verb": "souls", "mode": "steal", "amount": 3}, target=ENEMY),
    fate("Might", {"verb": "strength", "amount": 2}, target=ABOM),
    fate("Wither", {"verb": "strength", "amount": -3}, target=ABOM),
    fate("Bless", {"verb": "grant", "keyword": "reaper", "value": 2}, target=ABOM),
    fate("Rouse", {"verb": "untap"}, target=ABOM),
    fate("Freeze", {"verb": "tap"}, target=ABOM),
    fate("Ritual", {"verb": "mana", "doom": "greed", "amount": 2}),
]  # fmt: skip


def board(hand: str, seat0: str = "", seat1: str = "", mana: int = 1) -> HecatombState:
    """Seat 0 to act with ``hand`` (card names, comma-separated) and ``mana``
    destruction mana cards; ``seat0`` / ``seat1``: extra TOML lines per seat."""
    cards = ", ".join(f'"{n.strip()}"' for n in hand.split(","))
    manas = ", ".join(['"One"'] * mana)
    return scenario(
        f"[[seat]]\nhand = [{cards}]\nmana = [{manas}]\n{seat0}\n[[seat]]\n{seat1}\n", CARDS
    )


def end_turn(s: HecatombState) -> None:
    """End seat 0's turn; seat 1 (empty deck) is then in its main phase."""
    act(s, "end")
    expect(s, "main", 1)


# -- destroy --------------------------------------------------------------------------
def test_destroy_a_minion_puts_it_in_the_graveyard() -> None:
    # Glossary "destroy": into the graveyard; the stack closes up.
    s = board("Zap", seat1='abominations = [["One", "Two", "Three"]]')
    act(s, "Play Zap", f"m{abom(s, 1).cards[1]}")
    assert stack_names(s, 1) == ["One", "Three"]
    assert grave_names(s, 1) == ["Two"]


def test_destroy_a_relic_ends_its_continual_effect() -> None:
    # Glossary "destroy" and "continual effect": the relic's bonus ends with it.
    s = board("Shatter", seat1='relics = ["Totem"]\nabominations = [["One", "One"]]')
    assert strength(s, 1) == 3
    act(s, "Play Shatter")  # the only relic is the only target
    assert s.seats[1].relics == []
    assert grave_names(s, 1) == ["Totem"]
    assert strength(s, 1) == 2


# -- discard --------------------------------------------------------------------------
def test_discard_the_discarding_player_chooses() -> None:
    # Glossary "discard": you choose which cards unless the effect says otherwise.
    s = board("Rot", seat1='hand = ["One", "Two"]')
    act(s, "Play Rot")
    expect(s, "choose", 1)
    two = next(c for c in s.seats[1].hand if s.defs[c].name == "Two")
    act(s, f"card {two}")
    assert hand_names(s, 1) == ["One"]
    assert grave_names(s, 1) == ["Two"]


def test_discard_at_random_asks_nobody() -> None:
    # Glossary "discard": "unless the effect says otherwise": here, at random.
    s = board("Gamble", seat1='hand = ["One", "Two", "Three"]')
    before = list(s.seats[1].hand)
    act(s, "Play Gamble")
    expect(s, "main", 0)
    assert len(s.seats[1].hand) == 2
    assert len(s.seats[1].graveyard) == 1
    assert sorted(s.seats[1].hand + s.seats[1].graveyard) == sorted(before)


def test_discard_does_what_it_can_with_an_empty_hand() -> None:
    # General Rules (3) "Do as much as you can": nothing to discard, nothing happens.
    s = board("Rot")
    act(s, "Play Rot")
    expect(s, "main", 0)
    assert s.seats[1].graveyard == []


# -- exile ----------------------------------------------------------------------------
def test_exile_returns_a_minion_to_its_owners_hand() -> None:
    # Glossary "exile": to its owner's hand (and it lasts: "Playing fates").
    s = board("Banish", seat1='abominations = [["One", "Three"]]')
    three = abom(s, 1).top
    act(s, "Play Banish", f"m{three}")
    assert s.seats[1].hand == [three]
    assert stack_names(s, 1) == ["One"]
    assert [c and (c["id"], c["card"]) for c in s.view(0)["players"][1]["hand"]] == [
        (three, "Three")
    ]  # seen leaving play
    end_turn(s)
    assert three in s.seats[1].hand


# -- exhume ---------------------------------------------------------------------------
def test_exhume_takes_a_card_from_the_graveyard_into_the_hand() -> None:
    # Glossary "exhume": from a graveyard to its owner's hand.
    s = board("Dig", seat0='graveyard = ["Two", "Three"]')
    act(s, "Play Dig")
    expect(s, "choose", 0)
    act(s, "Three")
    assert hand_names(s, 0) == ["Three"]
    assert grave_names(s, 0) == ["Two", "Dig"]


# -- retrieve -------------------------------------------------------------------------
def test_retrieve_searches_the_deck_shows_the_card_and_shuffles() -> None:
    # Glossary "retrieve": search your deck, show the card to all, take it, shuffle.
    deck = '"One", "Two", "Three", "Trig", "Seer", "Phoenix", "Gilt", "Zap"'
    s = board("Seek", seat0=f"deck = [{deck}]")
    order = list(s.seats[0].deck)
    seen = s.seats[0].deck[0]
    s.known[seen] |= 1  # as if seat 0 had peeked at its bottom card earlier
    act(s, "Play Seek")
    expect(s, "choose", 0)
    act(s, "Phoenix")
    phoenix = s.seats[0].hand[0]
    assert s.defs[phoenix].name == "Phoenix"
    assert [c and (c["id"], c["card"]) for c in s.view(1)["players"][0]["hand"]] == [
        (phoenix, "Phoenix")
    ]
    rest = s.seats[0].deck
    assert sorted(rest) == sorted(c for c in order if c != phoenix)
    assert rest != [c for c in order if c != phoenix]  # shuffled (fixed seed)
    assert all(s.known[c] == 0 for c in rest)  # nobody knows the deck order any more


# -- sacrifice ------------------------------------------------------------------------
def test_sacrifice_cannot_be_prevented_by_regenerator() -> None:
    # Glossary "sacrifice": destroy one of your cards; a Regenerator can't save it.
    s = board("Offering", seat0='abominations = [["Two", "Phoenix"]]')
    act(s, "Play Offering")
    expect(s, "choose", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 0).cards}  # your own only
    act(s, f"m{abom(s, 0).top}")
    assert "Phoenix" in grave_names(s, 0)
    assert hand_names(s, 0) == []


# -- sever ----------------------------------------------------------------------------
def test_sever_makes_a_new_untapped_abomination() -> None:
    # Glossary "sever": the minion leaves and becomes a new, untapped abomination.
    s = board(
        "Split", seat1='abominations = [{ minions = ["One", "Two", "Three"], tapped = true }]'
    )
    two = abom(s, 1).cards[1]
    act(s, "Play Split", f"m{two}")
    assert stack_names(s, 1, 0) == ["One", "Three"]
    assert abom(s, 1, 0).tapped
    assert abom(s, 1, 1).cards == [two]
    assert not abom(s, 1, 1).tapped


# -- stitch ---------------------------------------------------------------------------
def test_stitch_onto_another_abomination_stops_it_attacking_this_turn() -> None:
    # Glossary "stitch": onto one of your abominations, which can't attack this turn.
    s = board("Sew", seat0='abominations = [["One", "Two", "Three"], ["One", "One"]]')
    act(s, "Play Sew", f"m{abom(s, 0, 0).cards[1]}")
    expect(s, "choose", 0)
    other = s.seats[0].aboms[1]
    assert s.decision().options == (f"onto {other}", "onto new")  # not its own abomination
    act(s, f"onto {other}")
    assert stack_names(s, 0, 0) == ["One", "Three"]
    assert stack_names(s, 0, 1) == ["One", "One", "Two"]
    assert abom(s, 0, 1).stitched
    act(s, "attack")  # only the abomination that lost a minion may attack
    assert s.seats[1].souls == 3  # it reaped its size, 2


def test_stitch_does_not_activate_conditional_abilities() -> None:
    # Glossary "stitch": stitching doesn't activate conditional abilities (compare
    # "conditional ability": Seer played on Trig from the hand would draw a card).
    s = board("Sew", seat0='deck = ["One"]\nabominations = [["One", "Seer"], ["Two", "Trig"]]')
    act(s, "Play Sew", f"m{abom(s, 0, 0).top}", f"onto {s.seats[0].aboms[1]}")
    expect(s, "main", 0)  # no "may" question for the conditional draw
    assert stack_names(s, 0, 1) == ["Two", "Trig", "Seer"]
    assert s.seats[0].hand == []


def test_stitch_past_five_severs_the_extra_top_minion() -> None:
    # Glossary "stitch": more than 5 minions: sever the extra top minions.
    s = board(
        "Sew",
        seat0='abominations = [["One", "Three"], ["One", "One", "One", "One", "One"]]',
    )
    three = abom(s, 0, 0).top
    act(s, "Play Sew", f"m{three}", f"onto {s.seats[0].aboms[1]}")
    assert stack_names(s, 0, 0) == ["One"]
    assert abom(s, 0, 1).size == 5
    assert abom(s, 0, 2).cards == [three]
    assert not abom(s, 0, 2).tapped


def test_stitch_onto_new_starts_a_new_abomination() -> None:
    # Glossary "stitch": stitched on its own, it starts a new, untapped abomination.
    s = board(
        "Sew",
        seat0='abominations = [{ minions = ["One", "Two", "Three"], tapped = true },\n'
        '["One", "One"]]',
    )
    two = abom(s, 0).cards[1]
    act(s, "Play Sew", f"m{two}", "onto new")
    assert stack_names(s, 0, 0) == ["One", "Three"]
    assert stack_names(s, 0, 1) == ["One", "One"]
    assert abom(s, 0, 2).cards == [two]
    assert not abom(s, 0, 2).tapped


def test_stitch_only_your_own_minions() -> None:
    # Glossary "stitch": your minions can't be stitched onto enemy abominations
    # (the test card targets your minions only; the enemy's aren't offered).
    s = board(
        "Sew",
        seat0='abominations = [["One", "Two"]]',
        seat1='abominations = [["Three", "Three"]]',
    )
    act(s, "Play Sew")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 0).cards}
    act(s, f"m{abom(s, 0).top}")  # "onto new" is then the only choice
    expect(s, "main", 0)
    assert [stack_names(s, 0, 0), stack_names(s, 0, 1)] == [["One"], ["Two"]]
    assert stack_names(s, 1) == ["Three", "Three"]


# -- remove from game -----------------------------------------------------------------
def test_remove_from_game_is_for_good() -> None:
    # "Removed from Game" Zone: set aside; not the graveyard; it doesn't come back.
    s = board("Void", seat1='abominations = [["One", "Three"]]')
    three = abom(s, 1).top
    act(s, "Play Void", f"m{three}")
    assert s.seats[1].removed == [three]
    assert s.seats[1].graveyard == []
    end_turn(s)
    assert s.seats[1].removed == [three]
    assert stack_names(s, 1) == ["One"]


def test_remove_until_end_of_turn_comes_back_as_a_new_abomination() -> None:
    # "Removed from Game" Zone (temporarily): at end of turn it returns to play,
    # on its own as a new abomination.
    s = board("Blink", seat1='abominations = [["One", "Two", "Three"]]')
    two = abom(s, 1).cards[1]
    act(s, "Play Blink", f"m{two}")
    assert s.seats[1].removed == [two]
    assert stack_names(s, 1) == ["One", "Three"]
    end_turn(s)
    assert s.seats[1].removed == []
    assert stack_names(s, 1, 0) == ["One", "Three"]
    assert abom(s, 1, 1).cards == [two]


# -- put into play --------------------------------------------------------------------
def test_put_into_play_gives_the_placement_choice_but_no_summon_effect() -> None:
    # Glossary "put into play": the same placement choices as playing it, but
    # summon effects don't happen.
    s = board("Summon, Seer", seat0='deck = ["One"]\nabominations = [["Two", "Trig"]]')
    seer = next(c for c in s.seats[0].hand if s.defs[c].name == "Seer")
    act(s, "Play Summon")
    expect(s, "choose", 0)
    assert s.decision().options == (f"card {seer}", "none")  # minion cards only; optional
    act(s, f"card {seer}")
    expect(s, "choose", 0)
    assert s.decision().options == ("new", "on 0")
    act(s, "on 0")
    expect(s, "main", 0)  # no "may" question for Seer's conditional draw
    assert stack_names(s, 0) == ["Two", "Trig", "Seer"]
    assert hand_names(s, 0) == []
    assert len(s.seats[0].deck) == 1


def test_playing_the_same_minion_from_hand_does_summon() -> None:
    # Glossary "conditional ability" (contrast with put into play): from the hand
    # on a matching trigger, its one-time effect happens if you want it.
    s = board("Seer", seat0='deck = ["One"]\nabominations = [["Two", "Trig"]]')
    act(s, "Play Seer", "on 0")
    expect(s, "may", 0)
    act(s, "yes")
    assert hand_names(s, 0) == ["One"]


# -- draw -----------------------------------------------------------------------------
def test_draw_takes_cards_from_the_top_of_the_deck() -> None:
    # Glossary/"Hand": draw from your deck; an empty deck draws nothing more.
    s = board("Study", seat0='deck = ["Two", "Three", "One"]')
    act(s, "Play Study")
    assert hand_names(s, 0) == ["Two", "Three"]
    assert names(s, s.seats[0].deck) == ["One"]


def test_draw_from_a_short_deck_draws_what_there_is() -> None:
    # "Deck": if you run out, you can't draw more; otherwise play goes on.
    s = board("Study", seat0='deck = ["Two"]')
    act(s, "Play Study")
    assert hand_names(s, 0) == ["Two"]
    expect(s, "main", 0)


# -- souls ----------------------------------------------------------------------------
def test_gain_souls() -> None:
    # Glossary "souls".
    s = board("Feast")
    act(s, "Play Feast")
    assert s.seats[0].souls == 7


def test_lose_souls_never_goes_below_zero() -> None:
    # Glossary "souls" (and "Do as much as you can"): a count can't go negative.
    s = board("Drain", seat1="souls = 1")
    act(s, "Play Drain")
    assert [s.seats[0].souls, s.seats[1].souls] == [5, 0]


def test_steal_souls_takes_only_what_the_enemy_has() -> None:
    # Glossary "souls"; "Reap souls" reading for steal: no more than they have.
    s = board("Steal", seat1="souls = 2")
    act(s, "Play Steal")
    assert [s.seats[0].souls, s.seats[1].souls] == [7, 0]


# -- strength +/-X ---------------------------------------------------------------------
def test_strength_bonus_goes_on_the_top_minion_and_ends_at_end_of_turn() -> None:
    # Glossary "strength +/-X"; "Playing fates": number changes end at end of turn.
    s = board("Might", seat1='abominations = [["One", "Three"]]')
    act(s, "Play Might")
    assert strength(s, 1) == 6
    assert [m["strength"] for m in s.view(0)["players"][1]["abominations"][0]["minions"]] == [1, 5]
    end_turn(s)
    assert strength(s, 1) == 4


def test_strength_bonus_moves_to_the_new_top_minion() -> None:
    # Glossary "strength +/-X": if a different minion becomes the top minion, the
    # bonus applies to the new top minion.
    s = board("Might, Zap", mana=2, seat1='abominations = [["One", "Three"]]')
    act(s, "Play Might", "Play Zap", f"m{abom(s, 1).top}")
    assert stack_names(s, 1) == ["One"]
    assert strength(s, 1) == 3


def test_strength_below_zero_counts_as_zero() -> None:
    # Glossary "strength +/-X" / "0-Strength Minions": below 0 is no different than 0.
    s = board("Wither", seat1='abominations = [["Three", "One"]]')
    act(s, "Play Wither")
    assert strength(s, 1) == 3


# -- keywords granted -----------------------------------------------------------------
def test_granted_keyword_works_and_ends_at_end_of_turn() -> None:
    # "Playing fates": a fate giving an ability lasts until end of turn.
    s = board("Bless", seat0='abominations = [["One", "One"]]', seat1="souls = 9")
    act(s, "Play Bless")
    assert keywords(s, 0) == {"reaper": 2}
    act(s, "attack")
    assert [s.seats[0].souls, s.seats[1].souls] == [9, 5]
    end_turn(s)
    assert keywords(s, 0) == {}


# -- untap / tap ----------------------------------------------------------------------
def test_untap_lets_a_tapped_abomination_attack() -> None:
    # Glossary "untap".
    s = board("Rouse", seat0='abominations = [{ minions = ["One", "One"], tapped = true }]')
    assert "attack" not in s.decision().options
    act(s, "Play Rouse")
    assert not abom(s, 0).tapped
    act(s, "attack")
    assert s.seats[1].souls == 3


def test_tap_stops_an_abomination_blocking() -> None:
    # Glossary "tap"; rulebook "Assign blockers": only untapped abominations block.
    s = board(
        "Freeze",
        seat0='abominations = [["One", "One"]]',
        seat1='abominations = [["Three", "Three"]]',
    )
    act(s, "Play Freeze", f"a{s.seats[1].aboms[0]}")
    assert abom(s, 1).tapped
    act(s, "attack")
    expect(s, "main", 0)  # no block question
    assert s.seats[1].souls == 3


# -- mana -----------------------------------------------------------------------------
def test_mana_from_an_effect_goes_to_the_pool_and_pays_like_mana_cards() -> None:
    # Glossary "mana" and "pool": spend it as if from tapped mana cards; it is lost
    # at end of turn.
    s = board("Ritual, Gilt")
    gilt = next(c for c in s.seats[0].hand if s.defs[c].name == "Gilt")
    assert f"play {gilt}" not in s.decision().options
    act(s, "Play Ritual")
    assert s.seats[0].pool == [0, 0, 0, 2]
    assert f"play {gilt}" in s.decision().options
    end_turn(s)
    assert s.seats[0].pool == [0, 0, 0, 0]


def test_pool_mana_is_spent_on_a_card() -> None:
    # Glossary "mana": pool mana pays costs.
    s = board("Ritual, Gilt")
    act(s, "Play Ritual", "Play Gilt")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["Gilt"]
    assert s.seats[0].pool == [0, 0, 0, 0]
