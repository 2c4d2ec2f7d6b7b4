"""What the rules give a client for people (issue 8 §4): stepping back out of a
play before it is paid for, placement options that say whether a conditional
ability will fire, the soul of each turn in the log, and words for every event.

Stepping back is a client convenience, not a rule (``docs/rules-notes.md``,
"Cancel"); the conditional notes follow glossary "conditional ability".
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from ossuary import hecatomb
from ossuary.engine import IllegalAction, Replay
from ossuary.hecatomb import GAME
from ossuary.hecatomb.board import EVENT_WORDS, format_event
from ossuary.hecatomb.view import redact_event

from .script import act, expect, hand_names, scenario
from .script import minion as paid_minion

RULES_CODE = Path(hecatomb.__file__).parent


def minion(name: str, strength: int, **extra: Any) -> dict[str, Any]:
    return paid_minion(name, strength, cost=extra.pop("cost", 1), **extra)


CARDS = [
    minion("GreedBase", 2, doom="greed", triggers=["greed"]),
    minion("DeceitBase", 2, doom="deceit", triggers=["deceit"]),
    minion("Sage", 1, doom="deceit", cost=2,
           conditional={"doom": "greed", "effects": [{"verb": "draw", "amount": 1}]}),
    minion("Zealot", 1, doom="deceit",
           conditional={"doom": "greed", "keywords": {"fanatic": True}}),
    {"name": "Summoning", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "put_into_play"}]}]},
    {"name": "Ping", "type": "fate", "doom": "deceit", "cost": 1, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "player", "side": "enemy"},
                    "effects": [{"verb": "souls", "mode": "lose", "amount": 1}]}]},
    {"name": "Zap", "type": "fate", "doom": "deceit", "cost": 2, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "enemy"},
                    "effects": [{"verb": "damage", "amount": 1}]}]},
    {"name": "Burst", "type": "fate", "doom": "deceit", "cost": "X",
     "subtype": "curse",
     "abilities": [{"trigger": "play", "effects": [{"verb": "draw", "amount": "X"}]}]},
]  # fmt: skip

POSITION = """
[game]
active = 0
[[seat]]
hand = [{hand}]
deck = ["GreedBase", "GreedBase", "GreedBase"]
mana = ["GreedBase", "DeceitBase", "DeceitBase"]
abominations = [["DeceitBase", "GreedBase"], ["GreedBase", "DeceitBase"]]
[[seat]]
hand = ["GreedBase"]
deck = ["GreedBase", "GreedBase"]
abominations = [["GreedBase", "GreedBase"], ["DeceitBase", "DeceitBase"]]
"""


def position(hand: str, back: bool = True) -> hecatomb.HecatombState:
    s = scenario(POSITION.format(hand=hand), CARDS)
    if back:
        assert GAME.client.allow_back(s, 0)
    return s


# -- stepping back ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "steps", "kind"),
    [
        ('"Sage"', ["play Sage"], "place"),  # where the minion goes
        ('"Sage"', ["play Sage", "on 0"], "pay"),  # how to pay
        ('"Zap"', ["play Zap"], "target"),  # which target
        ('"Zap"', ["play Zap", "a2"], "pay"),
        ('"Burst"', ["play Burst"], "x"),  # choose X
    ],
)
def test_back_returns_to_the_main_phase_with_nothing_changed(
    hand: str, steps: list[str], kind: str
) -> None:
    s = position(hand)
    before = s.serialize()
    act(s, *steps)
    expect(s, kind, 0)
    assert "cancel" in s.decision().options  # type: ignore[union-attr]
    s.apply_action("cancel")
    expect(s, "main", 0)
    # exactly as before the card was chosen: hand, mana, log and history too
    assert s.serialize() == before
    assert [e for e in s.log if e["e"] == "play"] == []


def test_back_is_offered_only_to_seats_that_asked_and_only_before_paying() -> None:
    s = position('"Sage"', back=False)
    act(s, "play Sage")
    expect(s, "place", 0)
    assert "cancel" not in s.decision().options  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        s.apply_action("cancel")
    s = position('"Sage", "Summoning"')
    act(s, "play Summoning")  # a put into play is part of a paid card: no way back
    expect(s, "choose", 0)
    assert "cancel" not in s.decision().options  # type: ignore[union-attr]
    # Cancel never reaches the main phase, the attack or the combat windows.
    s = position('"Sage"')
    assert "cancel" not in s.decision().options  # type: ignore[union-attr]


def test_the_play_is_logged_when_paid_and_replays_hold_no_cancelled_play() -> None:
    s = hecatomb.new_game(decks=["Rot and Ruin", "Gilded Lies"], seed=3)
    GAME.client.allow_back(s, 0)
    GAME.client.allow_back(s, 1)
    rng = random.Random(3)
    cancels = 0
    while not s.is_terminal() and len(s.history) < 400:
        options = list(s.decision().options)  # type: ignore[union-attr]
        choice = rng.choice(options)
        if choice == "cancel":
            cancels += 1
        s.apply_action(choice)
    assert cancels > 0
    assert "cancel" not in s.history
    replayed = Replay.of(s).final()  # the history replays without the cancelled plays
    expected = s.clone()
    expected.cancel_seats = 0  # the only difference: nobody asked for "back" in the replay
    assert replayed.serialize() == expected.serialize()


def test_a_forced_choice_is_not_asked_because_back_is_offered() -> None:
    # Back is added only to choices that are asked anyway: a play whose target and
    # payment are forced (one enemy, one way to pay 1 deceit) resolves at once, as
    # without back, so a replay (which holds no "back") follows the same decisions.
    for back in (False, True):
        s = position('"Ping"', back=back)
        act(s, "play Ping")
        expect(s, "main", 0)
        assert s.seats[1].souls == 4
    s = position('"Zap"')
    act(s, "play Zap")
    expect(s, "target", 0)  # two enemy abominations: asked, with back


# -- placement labels --------------------------------------------------------------------
def test_placement_options_say_whether_the_conditional_fires() -> None:
    # Glossary "conditional ability": the box's doom must be a trigger doom of the
    # minion directly under it.
    s = position('"Sage"')
    act(s, "play Sage")
    labels = {a.id: a.label for a in s.legal_actions()}
    assert "fires: GreedBase shows greed" in labels["on 0"]
    assert "no conditional: DeceitBase shows deceit, not greed" in labels["on 1"]
    assert "no conditional: nothing beneath" in labels["new"]
    assert labels["cancel"].startswith("Back")


def test_a_put_into_play_says_its_one_time_conditional_does_not_fire() -> None:
    # Glossary "put into play": the summon effect does not happen; a conditional
    # keyword still works.
    s = position('"Summoning", "Sage", "Zealot"')
    act(s, "play Summoning", "Sage")
    labels = {a.id: a.label for a in s.legal_actions()}
    assert "no conditional: not played from hand" in labels["on 0"]
    s = position('"Summoning", "Zealot"')
    act(s, "play Summoning", "Zealot")
    labels = {a.id: a.label for a in s.legal_actions()}
    assert "conditional fires" in labels["on 0"]
    assert hand_names(s, 0) == []


# -- the log -----------------------------------------------------------------------------
def test_the_soul_of_each_turn_is_logged() -> None:
    # Rulebook "Ready phase": the active player gains a soul at the start of the turn.
    s = hecatomb.new_game(seed=1)
    turn_souls = [e for e in s.log if e["e"] == "souls" and e.get("why") == "turn"]
    assert turn_souls == [{"e": "souls", "p": s.first, "mode": "gain", "n": 1, "why": "turn"}]
    assert format_event(turn_souls[0]) == f"Player {s.first + 1} gains 1 soul (start of the turn)"


def _logged_kinds() -> dict[str, set[str]]:
    """Every ``event(s, "kind", field=...)`` call in the rules code: kind -> fields."""
    kinds: dict[str, set[str]] = {}
    for path in RULES_CODE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "event"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                fields = kinds.setdefault(str(node.args[1].value), set())
                fields.update(k.arg for k in node.keywords if k.arg)
    return kinds


SAMPLE = {"p": 1, "a": 3, "n": 2, "souls": 2, "amount": 3, "source": 4, "blocker": 5,
          "attacker": 6, "hunter": 7, "prey": 8, "defender": 0, "whose": 0, "to": 0,
          "onto": 9, "attackers": [3, 4], "cards": ["Snap", "Vesk"], "card": "Snap",
          "zone": "hand", "mode": "steal", "cause": "combat", "forced": True, "mana": 1,
          "why": "turn", "private": 1, "minion": "Maw Acolyte", "keyword": "evader",
          "value": ["deceit"], "doom": "greed"}  # fmt: skip


def test_every_event_kind_the_rules_log_has_words() -> None:
    kinds = _logged_kinds()
    assert len(kinds) >= 35, kinds  # the scan finds the rules' events
    missing = sorted(set(kinds) - set(EVENT_WORDS))
    assert not missing, f"event kinds without words: {missing}"
    for kind, fields in kinds.items():
        event = {"e": kind, **{f: SAMPLE[f] for f in fields if f in SAMPLE}}
        for seat in (0, 1):  # as the seat that saw the private cards, and another
            text = format_event(redact_event(event, seat))
            assert "=" not in text and "None" not in text, (kind, text)
            assert not text.startswith(kind), (kind, text)
            assert " 1 souls" not in text and " 1 cards" not in text, text


def test_one_is_singular() -> None:
    assert format_event({"e": "reap", "a": 2, "p": 0, "souls": 1}) == "#3 reaps 1 soul for Player 1"
    assert format_event({"e": "souls", "p": 1, "mode": "steal", "n": 1, "to": 0}) == (
        "Player 1 steals 1 soul from Player 2"
    )
    assert format_event({"e": "look", "p": 0, "whose": 1, "zone": "deck", "n": 1}) == (
        "Player 1 looks at the top of Player 2's deck (1 card)"
    )


def test_a_malformed_event_is_printed_not_raised() -> None:
    assert format_event({"e": "attack", "p": 0}) == "attack p=0"
    assert format_event({"e": "odd", "x": 1}) == "odd x=1"


def test_a_search_sample_never_steps_back() -> None:
    # Agents see samples of the game; "back" is for the person at the client, so a
    # sample offers it to nobody (a search that met it would stall on it).
    from ossuary.engine import Rng

    s = position('"Sage"')
    act(s, "play Sage")
    assert "cancel" in s.decision().options  # type: ignore[union-attr]
    sample = s.resample(0, Rng(1))
    assert sample.cancel_seats == 0
    assert s.cancel_seats == 1


def test_effects_that_change_strength_tap_or_add_mana_are_logged() -> None:
    # Issue 8 §4: the log says what a card did, not only that it was played.
    cards = [
        *CARDS,
        {"name": "Pump", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "tactic",
         "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "yours"},
                        "effects": [{"verb": "strength", "amount": 3},
                                    {"verb": "grant", "keyword": "evader", "value": "greed"},
                                    {"verb": "tap"}, {"verb": "untap"},
                                    {"verb": "mana", "amount": 1, "doom": "greed"}]}]},
    ]  # fmt: skip
    s = scenario(POSITION.format(hand='"Pump"'), cards)
    act(s, "play Pump", "a0")
    said = [
        format_event(e) for e in s.log if e["e"] in ("strength", "grant", "tap", "untap", "pool")
    ]
    assert said == [
        "#1 gets +3 strength until end of turn (Pump)",
        "#1 gets Greed Evader until end of turn (Pump)",
        "#1 is tapped (Pump)",
        "#1 untaps (Pump)",
        "Player 1 adds 1 greed mana to the pool (Pump)",
    ]


def test_a_card_panel_says_each_thing_once() -> None:
    # issue 30 §2: Vesk's panel said its attack cost twice ("... costs its controller
    # 1 soul." and "Attacking its controller costs 1 souls per abomination.")
    import io

    from rich.console import Console

    from ossuary.hecatomb import base_pool
    from ossuary.hecatomb.board import card_panel

    for card in base_pool().cards.values():
        out = io.StringIO()
        Console(file=out, width=80, color_system=None).print(card_panel(card))
        text = " ".join(out.getvalue().replace("│", " ").split())
        assert "costs its controller" not in text or text.count("controller") == (
            card.text.count("controller") + card.flavor.count("controller")
        ), card.name
        assert " 1 souls" not in text, card.name
