"""Rulebook section 13, "Response Window Mechanics": after an action every
player may respond, from the next player in turn order to the one who acted;
responses stack last in, first out; no attack or dismissal responds; once the
stack resolves nothing is added; then the original action, unless negated."""

from ossuary.necromancer.rules.window import could_respond

from .script import (
    PLAIN,
    act,
    at,
    attack,
    dismiss,
    expect,
    grave_names,
    health,
    illegal,
    lifeforce,
    pass_all,
    play,
    scenario,
)


def example() -> str:
    return f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Ironhide Ravager", "Unravel"]
deck = ["Mist Wraith", "Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = ["Frost Snare"]
deck = ["Mist Wraith", "Mist Wraith"]
"""


def test_the_rulebook_example_attack_ensnaring_bolt_and_its_negation() -> None:
    # Section 13's example with our cards: player 0 plays a big demon and
    # attacks; player 1 answers with a damaging ensnare (Frost Snare); player 0
    # negates that (Unravel); the attack goes through with its effect.
    s = scenario(example())
    play(s, 0, "Ironhide Ravager")
    act(s, "at 0")  # nobody could respond to the minion: the window is skipped (public)
    ravager = at(s, 0, 1)
    attack(s, 0, 1, "h1")
    expect(s, "window", 1)  # the next player in turn order is asked first
    play(s, 1, "Frost Snare")  # aimed at the only enemy minion, the attacker
    expect(s, "window", 0)  # then the player who acted, last
    play(s, 0, "Unravel")  # aimed at Frost Snare, the only spell on the stack
    # Unravel resolves first (last in, first out) and negates Frost Snare, so the
    # attacker is neither damaged nor ensnared and its attack resolves:
    # Ironhide Ravager's "when it attacks" +1 makes it 6 damage.
    expect(s, "main", 0)
    assert health(s) == [39, 34]  # 39: the demon's blood price
    assert s.minions[ravager].damage == 0 and s.minions[ravager].ensnare is None
    assert grave_names(s, 1) == ["Frost Snare"] and grave_names(s, 0) == ["Unravel"]
    assert lifeforce(s) == [10 - 4 - 2, 10 - 2]


def test_without_the_negation_the_ensnared_attacker_does_not_attack() -> None:
    s = scenario(example())
    play(s, 0, "Ironhide Ravager")
    act(s, "at 0")
    attack(s, 0, 1, "h1")
    play(s, 1, "Frost Snare")
    act(s, "pass")  # player 0 keeps Unravel
    expect(s, "main", 0)
    assert health(s) == [39, 40]  # ensnared minions can't attack: the attack fizzles
    m = s.minions[at(s, 0, 1)]
    assert m.ensnare is not None and m.damage == 1
    assert any(e["e"] == "fizzle" and e["what"] == "attack" for e in s.log)


def test_response_order_starts_after_the_actor_and_ends_with_it() -> None:
    # Seat 1 acts on its turn at a three-seat table: seat 2 is asked, then
    # seat 0, then seat 1 itself.
    seats = []
    for hand in (["Bone Ward"], ["Grave Bolt", "Bone Ward"], ["Bone Ward"]):
        items = ", ".join(f'"{c}"' for c in hand)
        seats.append(
            f'[[seat]]\nhero = "{PLAIN}"\nhand = [{items}]\ndeck = ["Mist Wraith"]\n'
            'minions = [{ card = "Cave Lurker", space = 1 }]\n'
        )
    s = scenario("[game]\nactive = 1\n\n" + "\n".join(seats))
    play(s, 1, "Grave Bolt")
    act(s, f"m{at(s, 2, 1)}")
    asked = []
    while s.decision().kind == "window":  # type: ignore[union-attr]
        asked.append(s.decision().player)  # type: ignore[union-attr]
        act(s, "pass")
    assert asked == [2, 0, 1]


def test_responses_resolve_last_in_first_out() -> None:
    # Player 0 bolts player 1's ghoul; player 1 wards it; player 0 wards its
    # own minion last. The log shows the last response resolving first.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt", "Bone Ward"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Bone Ward"]
deck = ["Mist Wraith"]
minions = [{{ card = "Barrow Sentinel", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 1, 1)}")  # 3 damage at the 2/5 ghoul
    play(s, 1, "Bone Ward")  # +3 defense to its ghoul, on top of the bolt (hand now empty)
    play(s, 0, "Bone Ward")  # player 0 answers last (its only minion): on top of everything
    order = [e["card"] for e in s.log if e["e"] == "resolve"]
    assert order[-3:] == ["Bone Ward", "Bone Ward", "Grave Bolt"]
    resolved = [e["p"] for e in s.log if e["e"] == "resolve"][-3:]
    assert resolved == [0, 1, 0]  # player 0's ward, then player 1's, then the bolt
    assert s.minions[at(s, 1, 1)].damage == 3  # 5 + 3 defense: the bolt no longer kills


def test_attack_and_dismiss_are_not_responses() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Bone Ward"]
deck = ["Mist Wraith"]
minions = [{{ card = "Barrow Sentinel", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 1, 1)}")
    expect(s, "window", 1)
    illegal(s, f"dismiss {at(s, 1, 1)}", "section 13")
    illegal(s, f"attack {at(s, 1, 1)}", "section 13")
    illegal(s, "dismiss", "section 13")
    assert not any(o.startswith(("attack", "dismiss")) for o in s.legal_action_ids())


def test_nothing_is_added_once_the_stack_resolves() -> None:
    # The bolt kills the lurker; nobody is asked anything while it resolves,
    # though player 1 still holds a reaction and lifeforce.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = ["Bone Ward"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)
    act(s, "pass")
    expect(s, "main", 0)  # straight back: no window opened during resolution
    assert grave_names(s, 1) == ["Cave Lurker"]


def test_a_negated_original_action_does_nothing_but_its_cost_is_spent() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = ["Unravel"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    play(s, 1, "Unravel")
    expect(s, "main", 0)
    assert s.minions[at(s, 1, 1)].damage == 0
    assert lifeforce(s) == [8, 8] and grave_names(s, 0) == ["Grave Bolt"]


def test_a_player_with_cards_in_hand_is_asked_even_with_nothing_usable() -> None:
    # Hidden information: seat 1's deck list holds a reaction (Bone Ward) that
    # could be in its hand, so it is asked even though its hand is only a minion.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = ["Mist Wraith"]
deck = ["Bone Ward"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)
    assert s.legal_action_ids() == ("sacrifice", "pass")


def test_whether_a_player_is_asked_does_not_depend_on_their_hidden_hand() -> None:
    base = f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = [HAND]
deck = [DECK]
minions = [{{ card = "Cave Lurker", space = 1 }}]
"""
    a = scenario(base.replace("HAND", '"Bone Ward"').replace("DECK", '"Mist Wraith"'))
    b = scenario(base.replace("HAND", '"Mist Wraith"').replace("DECK", '"Bone Ward"'))
    assert could_respond(a, 1) == could_respond(b, 1) is True
    for s in (a, b):
        play(s, 0, "Grave Bolt")
        expect(s, "window", 1)


def test_a_player_who_publicly_cannot_respond_is_not_asked() -> None:
    # No magic card in play, no any-turn ability, and no reaction in seat 1's
    # deck list: everyone can see it has nothing, so the window skips it.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
hand = ["Mist Wraith", "Cave Lurker"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    assert not could_respond(s, 1)
    play(s, 0, "Grave Bolt")
    expect(s, "main", 0)


def test_destroy_magic_is_a_public_reason_to_ask() -> None:
    # A magic card is in play and seat 1 has 4 lifeforce: it may Destroy Magic.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]
magic = [{{ card = "Bone Fields", slot = 1 }}]

[[seat]]
hero = "{PLAIN}"
lifeforce = 4
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)
    assert f"destroy {s.seats[0].magic[0]}" in s.legal_action_ids()


def test_a_minion_ensnared_in_response_to_its_dismissal_is_not_dismissed() -> None:
    # Sections 9 and 11: an ensnared minion can't be dismissed; section 13: the
    # response resolves first. So the dismissal, checked again as it resolves,
    # does nothing, just as an attacker ensnared in response doesn't attack.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Frost Snare"]
deck = ["Mist Wraith", "Mist Wraith"]
""")
    lurker = at(s, 0, 1)
    dismiss(s, lurker)
    expect(s, "window", 1)
    play(s, 1, "Frost Snare")  # its only target: the lurker being dismissed
    pass_all(s)
    expect(s, "main", 0)
    assert at(s, 0, 1) == lurker and s.minions[lurker].ensnare is not None
    assert lurker not in s.seats[0].deck
    assert any(e["e"] == "fizzle" and e["what"] == "dismiss" for e in s.log)
