"""Diabolicards on the full-screen terminal (issue 10, "Around it": the mat drawn
as both sides' three zones, power per zone and side, synergy, contracts) through
the generic hooks ``render_screen``, ``option_group``, ``visible_cards`` and
``legend``: the screen fits, one's own hand stays, options pack into few lines."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from ossuary.agents import Observation
from ossuary.cli.human import Table
from ossuary.cli.screen import FullScreenUI, layout_options
from ossuary.diabolicards import GAME, new_game
from ossuary.diabolicards.board import ZONE_SHORT, ZONE_TINY, render_screen
from ossuary.diabolicards.state import DiaboState
from ossuary.engine.names import seat_names

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _midgame(seats: int, seed: int = 5, plies: int = 30) -> DiaboState:
    """A position some turns in, with seat 0 to decide its turn."""
    s = new_game(seats=seats, seed=seed)
    rng = random.Random(seed)
    while s.ply < plies or s.pending is None or s.pending.player != 0 or s.pending.kind != "turn":
        s.apply_action(rng.choice(s.legal_action_ids()))
        assert not s.is_terminal()
    return s


def _ui(s: DiaboState, width: int, height: int) -> FullScreenUI:
    """The full screen of seat 0 at ``width`` x ``height``, drawn off screen."""
    console = Console(width=width, color_system="256", force_terminal=True)
    names = ["human"] + ["computer, normal"] * (s.n - 1)
    table = Table(console, lambda _: None, GAME, seat_names=names,
                  names=seat_names(["human"] + ["computer"] * (s.n - 1), me=0))  # fmt: skip
    table.title = "Diabolicards · seed 5"
    ui = FullScreenUI(console)
    ui.size = lambda: (width, height)  # type: ignore[method-assign]
    view = Observation.of(s, 0, None, "view").view
    ui.screen = table.screen_for(0, view, table.options(0, view, s.legal_actions()))
    return ui


def _plain(ui: FullScreenUI) -> list[str]:
    return [ANSI.sub("", line) for line in ui._frame()]


def _frame(s: DiaboState, width: int, height: int) -> list[str]:
    return _plain(_ui(s, width, height))


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 40)])
def test_the_mat_fits_the_screen_and_keeps_ones_own_hand(
    seats: int, width: int, height: int
) -> None:
    s = _midgame(seats)
    lines = _frame(s, width, height)
    assert len(lines) <= height
    assert all(cell_len(line) <= width for line in lines)
    text = "\n".join(lines)
    # on a short screen the hand may leave the board when every card of it heads
    # a line of the options, and the side's title says so
    assert "Your hand:" in text or "· hand: in the options" in text
    for cid in s.hands[0]:
        assert s.defs[cid].name in text  # every own hand card is on screen
    assert lines[-1].startswith(">")
    if height >= 40:  # room for both sides: three zones each, power per side
        assert text.count("Vask Tower") >= 1 and "Contracts:" in text
        assert re.search(r"^Computer.* · power \d+", text, re.M)  # the enemy side
        assert re.search(r"^You.* · power \d+", text, re.M)


def test_a_seat_sees_no_other_hand_on_its_screen() -> None:
    s = _midgame(4)
    text = "\n".join(_frame(s, 100, 40))
    for p in (1, 2, 3):  # a teammate's hand never shows (guide THE SETUP)
        assert re.search(rf"Computer {p} \(normal\): {len(s.hands[p])} cards", text)
        for cid in s.hands[p]:
            if not s.known[cid] & 1 and cid not in s.hands[0]:
                line = next(line for line in text.splitlines() if line.startswith("Your hand"))
                assert s.defs[cid].name not in line


def test_a_turns_options_pack_into_one_line_per_card() -> None:
    s = _midgame(2)
    view = s.view(0)
    table = Table(Console(), lambda _: None, GAME)
    options = table.options(0, view, s.legal_actions())
    lines = [line.plain for line in layout_options(options, 100)]
    hand = {s.defs[c].name for c in s.hands[0]}
    assert len(options) > len(lines)
    for name in hand:
        assert sum(line.startswith(name) for line in lines) >= 1, name
    assert (
        any(line.startswith("Or:") and "Contract Purge" in line for line in lines)
        or not (view["players"][0]["contract_turn"])
    )


def test_visible_cards_name_the_hand_the_mat_and_the_contracts() -> None:
    s = _midgame(2)
    where = dict(GAME.terminal.visible_cards(s.view(0)))
    assert where["your hand"] == [s.defs[c].name for c in s.hands[0]]
    on_mat = {s.defs[c].name for side in s.mat for z in side for c in z}
    # each side named by who sits on it (issue 35 §6: never "side 0")
    mats = ("your side of the mat", "Player 2's side of the mat")
    assert on_mat <= {name for key in mats for name in where.get(key, [])}
    assert set(where["contracts"]) == {s.defs[c].name for c in s.contracts if c >= 0}
    assert not any(k.startswith("Player 1") for k in where) or s.known[s.hands[1][0]] & 1
    record = GAME.cards.record(where["your hand"][0].upper())
    assert record is not None and record["name"] == where["your hand"][0]
    assert GAME.terminal.legend()


# how a 1v1 side's title starts: as the play screen names the seats (_frame),
# and as a board drawn with no names does
TITLES = {True: ("You · ", "Computer (normal) · "), False: ("Player 1 (you) · ", "Player 2 · ")}


def _mat_lines(s: DiaboState, side: int, named: bool = True) -> list[str]:
    """How the screen draws ``side``'s title and zones from seat 0's view: the
    title with the side's power, then each zone with its power (+ synergy)."""
    view = s.view(0)
    zones = view["sides"][side]["zones"]
    out = [TITLES[named][side]]
    for z in zones:
        power = f"{z['power']}" + (f"+{z['synergy']}" if z["synergy"] else "")
        out.append(f"  {ZONE_SHORT[z['zone']]:<12}{power:>5} ")
    return out


@pytest.mark.parametrize("seed", [10, 13, 14])
def test_at_80x24_ones_turn_keeps_the_whole_mat_and_the_prompt_on_screen(seed: int) -> None:
    # the bug: at the start of one's turn with a full hand, the options (a line
    # per hand card, two for a Diabolical, the contracts to trade for) pushed the
    # enemy side off an 80x24 screen
    s = _midgame(2, seed=seed, plies=12)
    assert len(s.hands[0]) == 6  # a full hand (THE SETUP: 1v1 holds six)
    view = s.view(0)
    assert all(any(z["slots"] for z in side["zones"]) for side in view["sides"])
    lines = _frame(s, 80, 24)
    assert len(lines) <= 24
    assert all(cell_len(line) <= 80 for line in lines)
    assert lines[0].startswith("Diabolicards · seed 5")
    assert any(line.startswith("Contracts: ") for line in lines)
    for side in (1, 0):  # the enemy's three zones, then one's own
        title, *zones = _mat_lines(s, side)
        at = next(i for i, line in enumerate(lines) if line.startswith(title))
        assert re.search(rf"· power {view['sides'][side]['score']}\b", lines[at])
        for row, zone in enumerate(zones, at + 1):
            assert lines[row].startswith(zone), (lines[row], zone)
    enemy = next(i for i, line in enumerate(lines) if line.startswith(TITLES[True][1]))
    mine = next(i for i, line in enumerate(lines) if line.startswith(TITLES[True][0]))
    assert enemy < mine
    assert "Your turn: play a card, or take a contract turn?" in lines
    assert lines[-1].startswith(">")


def test_options_that_do_not_fit_go_onto_pages_and_the_mat_stays() -> None:
    s = _midgame(2, seed=10, plies=12)
    ui = _ui(s, 80, 24)
    assert ui.screen is not None
    every = {o.key for o in ui.screen.options}
    first = _plain(ui)
    assert any(line.startswith("  m: more options (page 1 of 2") for line in first)
    ui.option_page = 1  # what m (or PgDn) shows
    second = _plain(ui)
    assert any(line.startswith("  m: back to the first options (page 2 of 2)") for line in second)
    shown = set()
    for page in (first, second):
        assert len(page) <= 24
        assert sum(line.startswith((*TITLES[True], "  Vask Tower")) for line in page) == 4
        start = page.index("Your turn: play a card, or take a contract turn?")
        for line in page[start + 1 : -2]:
            shown |= set(re.findall(r"(?<![\w(])(\d+) (?=[A-Z])", line))
    assert shown == every  # every option is on one page or the other
    # a hand card's options are never split across the pages
    for page in (first, second):
        for cid in s.hands[0]:
            name = s.defs[cid].name
            heads = [i for i, line in enumerate(page) if line.startswith(name + " (")]
            assert len(heads) <= 1


@pytest.mark.parametrize("height", [4, 5, 6, 7, 8])
def test_a_shorter_screen_folds_a_side_into_its_zone_powers_and_loses_no_zone(
    height: int,
) -> None:
    s = _midgame(2, seed=13, plies=12)
    view = s.view(0)
    console = Console(width=80, file=io.StringIO(), color_system=None)
    console.print(render_screen(view, 0, (), 80, height))
    lines = console.file.getvalue().splitlines()
    assert 0 < len(lines) <= height
    for side in (1, 0):
        title, *zones = _mat_lines(s, side, named=False)
        at = next(i for i, line in enumerate(lines) if line.startswith(title))
        if lines[at + 1 : at + 2] and lines[at + 1].startswith(zones[0]):
            continue  # drawn in full, as at 80x24
        folded = " · ".join(
            f"{ZONE_TINY[z['zone']]} {z['power']}" + (f"+{z['synergy']}" if z["synergy"] else "")
            for z in view["sides"][side]["zones"]
        )
        assert f"· power {view['sides'][side]['score']} · {folded}" in lines[at], lines[at]
    enemy = next(line for line in lines if line.startswith(TITLES[False][1]))
    assert " · Vask " in enemy  # the enemy folds first, one's own side stays longer
