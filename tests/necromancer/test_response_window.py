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
    in_hand,
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


def test_sacrificing_cards_can_pay_for_destroy_magic_on_the_opponents_turn() -> None:
    # Section 10 and FAQ 3: Destroy Magic and Sacrifice Card work on any turn,
    # and sacrificed cards pay. Seat 1 has 0 lifeforce but 4 cards in hand (a
    # public count): it could pay 4, so it is asked, sacrifices and destroys.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]
magic = [{{ card = "Bone Fields", slot = 1 }}]

[[seat]]
hero = "{PLAIN}"
lifeforce = 0
hand = ["Mist Wraith", "Mist Wraith", "Cave Lurker", "Cave Lurker"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    fields = s.seats[0].magic[0]
    assert could_respond(s, 1)
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)
    assert s.legal_action_ids() == ("sacrifice", "pass")  # 0 lifeforce: pay first
    for _ in range(4):
        act(s, "sacrifice", f"sacrifice {s.seats[1].hand[0]}")
        expect(s, "window", 1)  # asked again after each
    act(s, f"destroy {fields}")
    pass_all(s)
    expect(s, "main", 0)
    assert s.seats[0].magic[0] == -1 and "Bone Fields" in grave_names(s, 0)
    assert lifeforce(s)[1] == 0 and not s.seats[1].hand


def test_three_cards_and_no_lifeforce_cannot_pay_for_destroy_magic() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]
magic = [{{ card = "Bone Fields", slot = 1 }}]

[[seat]]
hero = "{PLAIN}"
lifeforce = 0
hand = ["Mist Wraith", "Mist Wraith", "Cave Lurker"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
""")
    assert not could_respond(s, 1)
    play(s, 0, "Grave Bolt")
    expect(s, "window", 0)  # only the actor, who has the lifeforce, is asked


def test_sacrificing_cards_can_pay_for_an_any_turn_ability() -> None:
    # Warding Totem's ability (2 lifeforce, on any player's turn): seat 1 has
    # no lifeforce but two cards, so it is asked, sacrifices both and uses it.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt"]
deck = ["Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
lifeforce = 0
hand = ["Mist Wraith", "Cave Lurker"]
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
magic = [{{ card = "Warding Totem", slot = 1 }}]
""")
    totem, lurker = s.seats[1].magic[0], at(s, 1, 1)
    play(s, 0, "Grave Bolt")
    expect(s, "window", 1)  # 3 damage at the 2/3 lurker, the only target
    act(s, "sacrifice", f"sacrifice {s.seats[1].hand[0]}")
    act(s, "sacrifice", f"sacrifice {s.seats[1].hand[0]}")
    act(s, f"use {totem} 0")
    pass_all(s)
    expect(s, "main", 0)
    assert at(s, 1, 1) == lurker and s.minions[lurker].damage == 3  # 3 + 3 defense: it lives


def test_on_your_own_turn_draw_card_and_main_phase_abilities_do_not_respond() -> None:
    # Our reading of sections 12 and 13 with FAQ 3 and 6: "during your turn"
    # means in your main phase (FAQ 6), and a response window is not the main
    # phase. So even on its own turn, player 0 answers player 1's response only
    # with what works on any turn (here the reaction Bone Ward), never with
    # Draw Card, its hero's ability or Skull Catapult's main-phase ability.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Grave Bolt", "Bone Ward"]
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 1 }}]
magic = [{{ card = "Skull Catapult", slot = 1 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Frost Snare"]
deck = ["Mist Wraith"]
minions = [{{ card = "Barrow Sentinel", space = 1 }}]
""")
    catapult = s.seats[0].magic[0]
    main = s.legal_action_ids()
    assert {"draw", "hero", f"use {catapult} 0"} <= set(main)  # all fine in the main phase
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 1, 1)}")
    play(s, 1, "Frost Snare")  # at player 0's lurker
    act(s, "pass")  # player 1 is done
    expect(s, "window", 0)
    opts = s.legal_action_ids()
    assert f"play {in_hand(s, 0, 'Bone Ward')}" in opts
    assert not {"draw", "hero", f"use {catapult} 0"} & set(opts)
    for action in ("draw", "hero", f"use {catapult} 0"):
        illegal(s, action)


def test_a_player_who_passed_is_not_asked_again_when_a_later_response_joins() -> None:
    # Section 13: responses are asked once round the table, from the next
    # player to the one who acted, who answers last. Player 1 passes; player 2
    # responds; player 0 (the actor) responds last; nobody is asked again and
    # the stack resolves. The rulebook's example ends the same way: the
    # actor's Dispel is the last word.
    seats = []
    for hand, minion in ((["Grave Bolt", "Unravel"], "Cave Lurker"), (["Unravel"], "Cave Lurker"),
                         (["Bone Ward"], "Barrow Sentinel")):  # fmt: skip
        items = ", ".join(f'"{c}"' for c in hand)
        seats.append(
            f'[[seat]]\nhero = "{PLAIN}"\nhand = [{items}]\ndeck = ["Mist Wraith"]\n'
            f'minions = [{{ card = "{minion}", space = 1 }}]\n'
        )
    s = scenario("\n".join(seats))
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 2, 1)}")  # 3 damage at player 2's sentinel
    expect(s, "window", 1)
    act(s, "pass")
    expect(s, "window", 2)
    play(s, 2, "Bone Ward")  # its last card: nothing more to add
    expect(s, "window", 0)
    play(s, 0, "Unravel")
    act(s, "s1")  # negates the ward; player 0 has nothing left to add
    expect(s, "main", 0)  # player 1, who passed, is not asked about the Unravel
    assert [e["p"] for e in s.log if e["e"] == "resolve"][-2:] == [0, 0]
    assert "Unravel" in [s.defs[c].name for c in s.seats[1].hand]
