"""Diabolicards on the full-screen terminal (issue 10, "Around it": the mat drawn
as both sides' three zones, power per zone and side, synergy, contracts) through
the generic hooks ``render_screen``, ``option_group``, ``visible_cards`` and
``legend``: the screen fits, one's own hand stays, options pack into few lines."""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from ossuary.agents import Observation
from ossuary.cli.human import Table
from ossuary.cli.screen import FullScreenUI, layout_options
from ossuary.diabolicards import GAME, new_game
from ossuary.diabolicards.state import DiaboState

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _midgame(seats: int, seed: int = 5, plies: int = 30) -> DiaboState:
    """A position some turns in, with seat 0 to decide its turn."""
    s = new_game(seats=seats, seed=seed)
    rng = random.Random(seed)
    while s.ply < plies or s.pending is None or s.pending.player != 0 or s.pending.kind != "turn":
        s.apply_action(rng.choice(s.legal_action_ids()))
        assert not s.is_terminal()
    return s


def _frame(s: DiaboState, width: int, height: int) -> list[str]:
    console = Console(width=width, color_system="256", force_terminal=True)
    names = ["human"] + ["computer, normal"] * (s.n - 1)
    table = Table(console, lambda _: None, GAME, seat_names=names)
    table.title = "Diabolicards · seed 5"
    ui = FullScreenUI(console)
    ui.size = lambda: (width, height)  # type: ignore[method-assign]
    view = Observation.of(s, 0, None, "view").view
    ui.screen = table.screen_for(0, view, table.options(0, view, s.legal_actions()))
    return [ANSI.sub("", line) for line in ui._frame()]


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
    assert "Your hand:" in text
    for cid in s.hands[0]:
        assert s.defs[cid].name in text  # every own hand card is on screen
    assert lines[-1].startswith(">")
    if height >= 40:  # room for both sides: three zones each, power per side
        assert text.count("Vask Tower") >= 1 and "Contracts:" in text
        assert re.search(r"Side 1: .* · power \d+", text)
        assert re.search(r"Side 0: .* · power \d+", text)


def test_a_seat_sees_no_other_hand_on_its_screen() -> None:
    s = _midgame(4)
    text = "\n".join(_frame(s, 100, 40))
    for p in (1, 2, 3):  # a teammate's hand never shows (guide THE SETUP)
        assert re.search(rf"Player {p} \(computer, normal\): {len(s.hands[p])} cards", text)
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
    where = dict(GAME.visible_cards(s.view(0)))
    assert where["your hand"] == [s.defs[c].name for c in s.hands[0]]
    on_mat = {s.defs[c].name for side in s.mat for z in side for c in z}
    assert on_mat <= set(where.get("side 0's mat", [])) | set(where.get("side 1's mat", []))
    assert set(where["contracts"]) == {s.defs[c].name for c in s.contracts if c >= 0}
    assert not any(k.startswith("Player 1") for k in where) or s.known[s.hands[1][0]] & 1
    record = GAME.card_record(where["your hand"][0].upper())
    assert record is not None and record["name"] == where["your hand"][0]
    assert GAME.legend()
