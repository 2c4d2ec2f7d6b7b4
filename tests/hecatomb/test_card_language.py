"""The card language's newer words: looking at and revealing hidden cards, "up to"
(glossary), attack costs on relics and gods, scopes with strength conditions
(glossary "2-" and "4+") and registered Python effects.
"""

from typing import Any

from ossuary.engine.rng import Rng
from ossuary.hecatomb import HecatombState

from .script import abom, act, expect, minion, names, scenario, stack_names, strength

ENEMY = {"kind": "player", "side": "enemy"}


def fate(name: str, *effects: dict[str, Any], target: dict[str, Any] | None = None) -> dict:
    ability: dict[str, Any] = {"trigger": "play", "effects": list(effects)}
    if target is not None:
        ability["target"] = target
    return {"name": name, "type": "fate", "doom": "deceit", "cost": 1,
            "subtype": "tactic", "abilities": [ability]}  # fmt: skip


CARDS = [
    minion("One", 1, "deceit"),
    minion("Two", 2, "deceit"),
    minion("Five", 5, "deceit"),
    fate("Peek", {"verb": "look", "zone": "hand", "who": "target"}, target=ENEMY),
    fate("Scry", {"verb": "look", "zone": "deck", "amount": 2, "who": "you"}),
    fate("Expose", {"verb": "reveal", "zone": "hand", "who": "target"}, target=ENEMY),
    fate("Omen", {"verb": "reveal", "zone": "deck", "amount": 1, "who": "each"}),
    fate("Rummage", {"verb": "exhume", "amount": 2, "up_to": True}),
    fate("Ponder", {"verb": "draw", "amount": 2, "up_to": True}),
    fate("Cull", {"verb": "destroy", "scope": {"kind": "abomination", "strength_max": 2}}),
    fate("Tithe", {"verb": "custom", "name": "tithe", "amount": 2}),
    {"name": "Toll Gate", "type": "relic", "doom": "greed", "cost": 1,
     "attack_cost": {"souls": 1}},
    {"name": "Mana Gate", "type": "relic", "doom": "greed", "cost": 1,
     "attack_cost": {"mana": 1}},
]  # fmt: skip


def board(hand: str, seat0: str = "", seat1: str = "") -> HecatombState:
    cards = ", ".join(f'"{n.strip()}"' for n in hand.split(","))
    return scenario(
        f'[[seat]]\nhand = [{cards}]\nmana = ["One", "One"]\n{seat0}\n[[seat]]\n{seat1}\n', CARDS
    )


def view_hand(s: HecatombState, viewer: int, seat: int) -> list[str | None]:
    return [c and c["card"] for c in s.view(viewer)["players"][seat]["hand"]]


# -- look and reveal ----------------------------------------------------------------
def test_look_at_a_hand_shows_it_to_the_looker_only() -> None:
    s = board("Peek", seat1='hand = ["Two", "Five"]')
    assert view_hand(s, 0, 1) == [None, None]
    act(s, "Play Peek")
    assert view_hand(s, 0, 1) == ["Two", "Five"]
    assert len(s.seats[2 - 1].hand) == 2  # the cards stay in the hand
    # a third party (none here) and the log: the event names cards only for the looker
    look = next(e for e in s.view(0)["log"] if e["e"] == "look")
    assert look["cards"] == ["Two", "Five"]
    look_for_1 = next(e for e in s.view(1)["log"] if e["e"] == "look")
    assert "cards" not in look_for_1


def test_look_at_deck_top_is_in_the_view_and_kept_by_resample() -> None:
    s = board("Scry", seat0='deck = ["Five", "Two", "One", "One"]')
    act(s, "Play Scry")
    known = s.view(0)["players"][0]["deck_known"]
    assert known == [{"from_top": 0, "card": "Five"}, {"from_top": 1, "card": "Two"}]
    assert s.view(1)["players"][0]["deck_known"] == []
    for seed in range(5):
        sample = s.resample(0, Rng(seed))
        top = names(sample, reversed(sample.seats[0].deck))
        assert top[:2] == ["Five", "Two"]


def test_reveal_a_hand_shows_it_to_everyone() -> None:
    s = scenario(
        '[[seat]]\nhand = ["Expose"]\nmana = ["One"]\n[[seat]]\nhand = ["Two"]\n[[seat]]\n', CARDS
    )
    act(s, "Play Expose", "p1")
    assert view_hand(s, 0, 1) == ["Two"]
    assert view_hand(s, 2, 1) == ["Two"]


def test_reveal_deck_tops_of_each_player() -> None:
    s = board("Omen", seat0='deck = ["Five"]', seat1='deck = ["Two", "One"]')
    act(s, "Play Omen")
    assert s.view(1)["players"][0]["deck_known"] == [{"from_top": 0, "card": "Five"}]
    assert s.view(0)["players"][1]["deck_known"] == [{"from_top": 0, "card": "Two"}]


# -- up to ------------------------------------------------------------------------------
def test_exhume_up_to_may_stop_early() -> None:
    # Glossary "up to": any number from 0 to N.
    s = board("Rummage", seat0='graveyard = ["Two", "Five"]')
    act(s, "Play Rummage", "Five")
    expect(s, "choose", 0)
    act(s, "none")
    assert names(s, s.seats[0].hand) == ["Five"]
    assert names(s, s.seats[0].graveyard) == ["Two", "Rummage"]


def test_draw_up_to_chooses_how_many() -> None:
    s = board("Ponder", seat0='deck = ["Two", "Five", "One"]')
    act(s, "Play Ponder")
    assert [a.id for a in s.legal_actions()] == ["draw 0", "draw 1", "draw 2"]
    act(s, "draw 1")
    assert names(s, s.seats[0].hand) == ["Two"]


# -- scopes with strength conditions ---------------------------------------------------
def test_scope_strength_condition_picks_only_weak_abominations() -> None:
    # Glossary "2-": strength 2 or less.
    s = board("Cull", seat1='abominations = [["One", "One"], ["Five", "One"]]')
    act(s, "Play Cull")
    assert len(s.seats[1].aboms) == 1
    assert stack_names(s, 1) == ["Five", "One"]


# -- attack costs -------------------------------------------------------------------------
def test_attack_cost_in_souls_is_paid_per_attacker() -> None:
    s = scenario(
        '[[seat]]\nsouls = 3\nabominations = [["One", "One"], ["Two", "One"]]\n'
        '[[seat]]\nsouls = 5\nrelics = ["Toll Gate"]\n',
        CARDS,
    )
    act(s, "attack", "attacker 0", "attacker 1")  # "done" is then the only option
    toll = [e for e in s.log if e["e"] == "toll"]
    assert toll and toll[0]["souls"] == 2  # 1 per attacking abomination
    assert s.seats[0].souls == 1 + 2 * 2  # 3 - 2 toll, then both reap 2 unblocked


def test_attack_cost_limits_attackers_to_what_can_be_paid() -> None:
    s = scenario(
        '[[seat]]\nsouls = 1\nabominations = [["One", "One"], ["Two", "One"]]\n'
        '[[seat]]\nrelics = ["Toll Gate"]\n',
        CARDS,
    )
    act(s, "attack")
    assert [a.id for a in s.legal_actions()] == ["attacker 0", "attacker 1"]
    act(s, "attacker 0")  # a second attacker can't be paid for: "done" follows alone
    assert not abom(s, 0, 1).tapped
    assert abom(s, 0, 0).tapped


def test_no_attack_when_the_toll_cannot_be_paid() -> None:
    s = scenario(
        '[[seat]]\nsouls = 0\nabominations = [["One", "One"]]\n[[seat]]\nrelics = ["Toll Gate"]\n',
        CARDS,
    )
    assert "attack" not in [a.id for a in s.legal_actions()]


def test_attack_cost_in_mana_taps_mana_cards() -> None:
    s = scenario(
        '[[seat]]\nmana = ["One", "Two"]\nabominations = [["One", "One"]]\n'
        '[[seat]]\nrelics = ["Mana Gate"]\n',
        CARDS,
    )
    act(s, "attack")  # one attacker, then "done": both were the only options
    expect(s, "toll", 0)
    act(s, f"toll {s.seats[0].mana[1]}")
    assert s.seats[0].mana[1] in s.tapped
    assert s.seats[0].mana[0] not in s.tapped


# -- registered Python effects ------------------------------------------------------------
def test_tithe_takes_souls_only_from_richer_enemies() -> None:
    s = scenario(
        '[[seat]]\nsouls = 4\nhand = ["Tithe"]\nmana = ["One"]\n[[seat]]\nsouls = 9\n'
        "[[seat]]\nsouls = 3\n",
        CARDS,
    )
    act(s, "Play Tithe")
    assert [seat.souls for seat in s.seats] == [6, 7, 3]


def test_a_size_condition_on_a_minion_target_is_honoured() -> None:
    # "target minion in an abomination of size 3 or more": only those minions qualify.
    pluck = fate("Pluck", {"verb": "sever"}, target={"kind": "minion", "size_min": 3})
    s = scenario(
        '[[seat]]\nhand = ["Pluck"]\nmana = ["One"]\n[[seat]]\n'
        'abominations = [["One", "One", "One"], ["One", "One"]]',
        [*CARDS, pluck],
    )
    act(s, "Play Pluck")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 1, 0).cards}


def test_this_scope_touches_the_minions_own_abomination() -> None:
    # "When this abomination attacks, it gets +2 strength until end of turn."
    brawler = minion(
        "Brawler", 1, "deceit",
        abilities=[{"trigger": "attacks",
                    "effects": [{"verb": "strength", "amount": 2, "scope": {"kind": "this"}}]}],
    )  # fmt: skip
    s = scenario(
        '[[seat]]\nabominations = [["One", "Brawler"], ["Two", "One"]]\n'
        '[[seat]]\nabominations = [["Five", "One"]]\n',
        [*CARDS, brawler],
    )
    before = [strength(s, 0, 0), strength(s, 0, 1)]
    act(s, "attack", "attacker 0", "attacker 1")
    assert [strength(s, 0, 0), strength(s, 0, 1)] == [before[0] + 2, before[1]]
