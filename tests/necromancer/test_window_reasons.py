"""Issue 35 §7: every response window says why it is asked, and auto-pass stops a
player only for what a player expects to matter (``docs/terminal.md``,
"Auto-pass"; ``docs/rules-notes.md``, "The response window"): a reaction or an
any-turn ability that could be paid for (now or by sacrificing cards), or
Destroy Magic on another player's magic card that came into play this turn. Not
for Destroy Magic on one's own magic or on magic that was already there when
one's own turn came, and not for Sacrifice Card alone. Whether the window is
asked at all still depends only on the public position."""

from ossuary.engine.names import naming, seat_names, speak
from ossuary.necromancer.rules.window import could_respond

from .script import PLAIN, act, expect, pass_all, play, scenario


def asked(s, seat: int = 1) -> tuple[str, str | None]:  # type: ignore[no-untyped-def]
    """The window's question as ``seat``'s screen shows it, and what auto-pass does."""
    with naming(seat_names(["human" if i == seat else "computer" for i in (0, 1)], me=seat)):
        decision = s.view(seat)["decision"]
        return speak(decision["prompt"]), decision["auto"]


def bolt(s) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 plays Grave Bolt (at the lurker, its only target): seat 1 is asked."""
    play(s, 0, "Grave Bolt")
    if s.decision().kind == "target":
        act(s, s.legal_action_ids()[0])


def position(
    seat0: str = "",
    seat1: str = "",
    deck1: str = '"Mist Wraith", "Mist Wraith"',
    hand0: str = '"Grave Bolt", "Spirit Lantern"',
) -> str:
    return f"""
[[seat]]
hero = "{PLAIN}"
lifeforce = 9
hand = [{hand0}]
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 2 }}]
{seat0}

[[seat]]
hero = "{PLAIN}"
deck = [{deck1}]
minions = [{{ card = "Cave Lurker", space = 1 }}]
{seat1}
"""


def test_a_reaction_paid_for_by_sacrificing_is_the_reason_given() -> None:
    # "Sacrifice Card / Pass" with no visible reason: the reason is Frost Snare,
    # which sacrificing one card (0 + 2 cards... 1 lifeforce each) would pay for
    s = scenario(position(seat1='lifeforce = 1\nhand = ["Frost Snare", "Mist Wraith"]'))
    bolt(s)
    expect(s, "window", 1)
    assert s.legal_action_ids() == ("sacrifice", "pass")
    prompt, auto = asked(s)
    assert auto is None
    assert prompt == (
        "Answer Computer's Grave Bolt? Your Frost Snare can, if you sacrifice 1 card."
    ), prompt


def test_destroy_magic_on_your_own_magic_does_not_stop_auto_pass() -> None:
    # 4 lifeforce and a magic card in play (its own): Destroy Magic is on offer, the
    # window is asked (public), but nothing in it needs the player
    s = scenario(
        position(
            seat1='lifeforce = 5\nhand = ["Mist Wraith"]\n'
            'magic = [{ card = "Bonewall [artifact]", slot = 1 }]'
        )
    )
    bolt(s)
    expect(s, "window", 1)
    assert any(a.startswith("destroy ") for a in s.legal_action_ids())
    prompt, auto = asked(s)
    assert auto == "pass"
    assert prompt.endswith("? Nothing new to destroy: Destroy Magic can wait for your main phase.")


def test_destroy_magic_stops_for_an_opponents_magic_new_this_turn_only() -> None:
    s = scenario(
        position(
            seat1='lifeforce = 5\nhand = ["Mist Wraith"]',
            seat0='magic = [{ card = "Bonewall [artifact]", slot = 1 }]',
        )
    )
    bolt(s)
    expect(s, "window", 1)
    prompt, auto = asked(s)  # Bonewall was there before this turn: it can wait
    assert auto == "pass", prompt
    act(s, "pass")
    pass_all(s)
    play(s, 0, "Spirit Lantern")  # now a magic card comes into play this turn
    pass_all(s)
    expect(s, "main", 0)
    act(s, "draw")  # the turn's next action: a window, and seat 1 is stopped in it
    expect(s, "window", 1)
    lantern = s.seats[0].magic[1]
    prompt, auto = asked(s)
    assert auto is None, prompt
    assert prompt == (
        "Answer Computer's Draw Card? Computer's Spirit Lantern is new this turn: "
        "Destroy Magic can."
    ), prompt
    assert f"destroy {lantern}" in s.legal_action_ids()


def test_nothing_in_hand_says_why_it_is_asked_all_the_same() -> None:
    # the deck list holds a reaction it might have drawn: asked, so no one learns
    # the hand; the question says so, and auto-pass answers it
    s = scenario(
        position(
            seat1='lifeforce = 3\nhand = ["Mist Wraith"]', deck1='"Frost Snare", "Mist Wraith"'
        )
    )
    assert could_respond(s, 1)
    bolt(s)
    expect(s, "window", 1)
    prompt, auto = asked(s)
    assert auto == "pass"
    assert prompt.endswith("? Nothing you hold can; all who might are asked."), prompt


def test_your_own_action_on_your_own_turn_needs_no_answer() -> None:
    # asked last about its own Grave Bolt, seat 0 could play Frost Snare, but its
    # main phase comes right after: auto-pass passes, and the question says why
    s = scenario(position(hand0='"Grave Bolt", "Frost Snare"'))
    bolt(s)
    expect(s, "window", 0)
    assert any(a.startswith("play ") for a in s.legal_action_ids())
    prompt, auto = asked(s, 0)
    assert auto == "pass"
    assert prompt == "Answer your Grave Bolt? Your own action: your main phase comes next.", prompt
