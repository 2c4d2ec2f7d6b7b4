"""Three and four players (rulebook section 2: "two or more players"). Where
the rulebook imagines two, our readings (docs/rules-notes.md): "across" is the
same column of every enemy's row; piercing goes to the hero of the minion's
controller; a player who loses leaves and the others play on; the last player
standing wins."""

from ossuary.necromancer import new_game

from .script import PLAIN, act, at, attack, expect, health, m, ms, play, row, scenario

DECK = '["Mist Wraith", "Mist Wraith", "Mist Wraith"]'


def three(
    rows: tuple[str, str, str], hand0: str = "", healths: tuple[int, int, int] = (40, 40, 40)
) -> str:
    out = []
    for k, minions in enumerate(rows):
        hand = f"hand = [{hand0}]\n" if k == 0 else ""
        out.append(
            f'[[seat]]\nhero = "{PLAIN}"\nhealth = {healths[k]}\n{hand}deck = {DECK}\n'
            f"minions = [{minions}]\n"
        )
    return "\n".join(out)


def test_across_reaches_the_same_column_of_every_enemy() -> None:
    s = scenario(
        three(
            (
                m("Chain Devil", 2),
                m("Cave Lurker", 2),
                ms(m("Cave Lurker", 2), m("Cave Lurker", 3)),
            )
        )
    )
    attack(s, 0, 2, "h1")
    if s.decision().kind == "defend":  # type: ignore[union-attr]
        act(s, "done")
    assert s.minions[at(s, 1, 2)].ensnare is not None
    assert s.minions[at(s, 2, 2)].ensnare is not None
    assert s.minions[at(s, 2, 3)].ensnare is None


def test_piercing_goes_to_the_hero_of_the_minions_controller() -> None:
    s = scenario(
        three(
            ("", m("Whisper Shade", 1), m("Spindle Runner", 1)),
            hand0='"Bone Shards"',
        )
    )
    play(s, 0, "Bone Shards")
    assert health(s) == [40, 39, 39]


def test_a_player_who_loses_leaves_and_the_others_play_on() -> None:
    s = scenario(
        three(
            (m("Veilborn Stalker", 1), m("Cave Lurker", 1), ""),
            healths=(40, 5, 40),
        )
    )
    attack(s, 0, 1, "h1")
    if s.decision().kind == "defend":  # type: ignore[union-attr]
        act(s, "done")
    assert not s.seats[1].alive and s.winner is None
    assert row(s, 1) == [None] * 4  # its cards left the field
    assert "h1" not in " ".join(s.legal_action_ids())
    act(s, "end")
    expect(s, "main", 2)  # seat 1 is skipped


def test_the_last_player_standing_wins() -> None:
    s = scenario(
        three(
            (
                ms(m("Veilborn Stalker", 1), m("Veilborn Stalker", 2)),
                "",
                "",
            ),
            healths=(40, 5, 5),
        )
    )
    attack(s, 0, 1, "h1")
    attack(s, 0, 2, "h2")
    assert s.winner == 0 and s.returns() == [1.0, -0.5, -0.5]


def test_four_players_take_turns_in_seat_order() -> None:
    s = new_game(seats=4, seed=3)
    while s.decision().kind != "main":  # type: ignore[union-attr]
        ids = s.legal_action_ids()
        act(s, "keep" if "keep" in ids else ("none" if "none" in ids else ids[0]))
    first = s.current_player()
    order = []
    for _ in range(4):
        order.append(s.current_player())
        act(s, "end")
        while s.decision().kind != "main":  # type: ignore[union-attr]
            act(s, s.legal_action_ids()[0])
    assert order == [(first + k) % 4 for k in range(4)]  # type: ignore[operator]
