"""The statistics (win rates with Wilson intervals, card verdicts, turn order,
resources) on games built by hand, and the HTML report: self-contained, every
section, for every registered game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from ossuary import games
from ossuary.hecatomb import base_pool
from ossuary.sim import report, stats, store
from ossuary.sim.play import schema
from ossuary.sim.runner import run

from .conftest import small_config

CARDS = sorted(base_pool().names())


def _row(game: int, seat: int, score: float, deck: list[str], played: list[str],
         first: int = 0, souls: list[float] | None = None,
         drawn: list[str] | None = None) -> dict[str, Any]:  # fmt: skip
    return {
        "game": game, "seed": game, "seats": 2, "seat": seat, "team": seat, "first": first,
        "order": (seat - first) % 2, "agent": "a" if seat == 0 else "b", "agent_spec": "random",
        "deck": f"deck{seat}", "deck_cards": [(c, 1) for c in deck], "result": score,
        "score": score, "won": score == 1.0, "finished": True, "error": None, "turns": 3,
        "actions": 9,
        "seconds": 0.1, "cpu_seconds": 0.1, "worker": "w", "played": [(c, 1) for c in played],
        "drawn": [(c, 1) for c in drawn or []], "held": [],
        "res_souls": souls or [5.0, 6.0, 7.0], "final_souls": 8.0, "res_mana": [0, 1, 2],
        "final_mana": 2.0, "res_minions": [0, 0, 1], "final_minions": 1.0,
    }  # fmt: skip


def _summary(rows: list[dict[str, Any]], deck_mode: str = "random") -> dict[str, Any]:
    table = pa.Table.from_pylist(rows, schema=schema(games.get("hecatomb").statistics.resources))
    config = small_config(deck_mode=deck_mode)
    info = store.new_info(config, len(rows) // 2, "x", games.get("hecatomb").statistics.resources)
    return stats.compute(info, table)


def test_card_rates_count_decks_and_plays_and_flag_only_confident_outliers() -> None:
    a, b, c = CARDS[:3]
    # a and b are in every deck of seat 0 / seat 1; seat 0 wins 40 of 41 games.
    # c is in both decks, so it wins exactly half the time it is held.
    rows = []
    for g in range(41):
        w = 0 if g < 40 else 1
        rows.append(_row(g, 0, float(w == 0), [a, c], [a] if g < 40 else [a, b]))
        rows.append(_row(g, 1, float(w == 1), [b, c], [b] if g < 40 else []))
    s = _summary(rows)
    by = {e["card"]: e for e in s["cards"]}
    assert (by[a]["deck"]["games"], by[a]["deck"]["wins"]) == (41, 40)
    assert (by[a]["played"]["games"], by[a]["played"]["wins"]) == (41, 40)
    assert by[a]["verdict"] == "strong" and by[a]["deck"]["ci95"][0] > 0.55
    assert (by[b]["deck"]["games"], by[b]["deck"]["wins"], by[b]["played"]["games"]) == (41, 1, 41)
    assert by[b]["verdict"] == "weak"
    assert (by[c]["deck"]["games"], by[c]["deck"]["wins"], by[c]["played"]["games"]) == (82, 41, 0)
    assert by[c]["verdict"] == ""
    assert by[CARDS[5]]["deck"]["games"] == 0  # never dealt: listed, never flagged
    # the seat that went first won 40 of 41
    assert [(r["name"], r["wins"]) for r in s["by_order"]] == [(0, 40.0), (1, 1.0)]
    assert s["by_agent"][0]["name"] == "a" and s["by_agent"][0]["rate"] == pytest.approx(40 / 41)


def _lopsided(played_a: bool, deck: bool = True) -> list[dict[str, Any]]:
    """41 games that seat 0 wins 40 times; card a in seat 0's deck (or only
    drawn by it), played by it when ``played_a``."""
    a, b = CARDS[:2]
    rows = []
    for g in range(41):
        won = g < 40
        rows.append(_row(g, 0, float(won), [a] if deck else [], [a] if played_a else [],
                         drawn=[a]))  # fmt: skip
        rows.append(_row(g, 1, float(not won), [b] if deck else [], [b], drawn=[b]))
    return rows


def test_a_card_never_played_is_not_ranked_however_its_deck_does() -> None:
    # its deck won 40 of 41, but the card was never played: that is the deck's
    # doing (or the rest of it), not the card's; it is listed as never played
    by = {e["card"]: e for e in _summary(_lopsided(played_a=False))["cards"]}
    a, b = CARDS[:2]
    assert by[a]["deck"]["games"] == 41 and by[a]["deck"]["ci95"][0] > 0.8
    assert by[a]["verdict"] == "" and not by[a]["ranked"] and by[a]["note"] == "never played"
    assert by[b]["ranked"] and by[b]["verdict"] == "weak"  # played 41 times: ranked


def test_a_card_played_by_few_seats_has_too_little_data() -> None:
    a = CARDS[0]
    rows = [r for g in range(30) for r in (_row(g, 0, 1.0, [a], [a] if g < 5 else []),
                                           _row(g, 1, 0.0, [], []))]  # fmt: skip
    entry = next(e for e in _summary(rows)["cards"] if e["card"] == a)
    assert entry["verdict"] == "" and entry["note"].startswith("too little data")


def test_fixed_decks_rank_no_card_and_say_why() -> None:
    # with fixed decks every card of a deck shows that deck's win rate
    s = _summary(_lopsided(played_a=True), deck_mode="list")
    assert s["card_measure"]["key"] is None and "fixed" in s["card_measure"]["why"]
    assert {e["verdict"] for e in s["cards"]} == {""}
    assert not any(e["ranked"] for e in s["cards"])


def test_a_shared_deck_ranks_cards_by_the_side_that_drew_them() -> None:
    # no deck lists (one deck every seat draws from): the drawn win rate ranks
    s = _summary(_lopsided(played_a=True, deck=False), deck_mode="default")
    assert s["card_measure"]["key"] == "drawn"
    by = {e["card"]: e for e in s["cards"]}
    a, b = CARDS[:2]
    assert by[a]["drawn"]["games"] == 41 and by[a]["verdict"] == "strong"
    assert by[b]["verdict"] == "weak"
    assert s["cards"][0]["card"] == a  # ranked first, best first


def test_a_card_seen_in_few_games_is_never_flagged() -> None:
    a = CARDS[0]
    rows = [r for g in range(3) for r in (_row(g, 0, 1.0, [a], [a]), _row(g, 1, 0.0, [], []))]
    assert {e["verdict"] for e in _summary(rows)["cards"]} == {""}


def test_resources_split_winners_and_losers_and_stop_where_few_games_go_on() -> None:
    rows = []
    for g in range(30):
        rows.append(_row(g, 0, 1.0, [], [], souls=[5.0, 8.0, 12.0]))
        rows.append(_row(g, 1, 0.0, [], [], souls=[5.0, 6.0, 7.0]))
    rows[0]["res_souls"] = [5.0, 8.0, 12.0, 15.0]  # one long game: its 4th turn is cut
    souls = _summary(rows)["resources"]["souls"]
    assert souls["won"]["turn"] == [1, 2, 3]
    assert souls["won"]["median"] == [5.0, 8.0, 12.0]
    assert souls["lost"]["mean"] == [5.0, 6.0, 7.0]


def test_errors_are_counted_and_left_out() -> None:
    rows = [_row(0, 0, 1.0, [], []), _row(0, 1, 0.0, [], [])]
    bad = [_row(1, s, 0.0, [], []) | {"error": "ValueError: boom", "finished": False}
           for s in range(2)]  # fmt: skip
    s = _summary(rows + bad)
    assert s["errors"] == 1 and s["first_error"]["error"] == "ValueError: boom"
    assert sum(r["games"] for r in s["by_order"]) == 2


def test_the_report_is_one_self_contained_page(random_report: tuple[Path, Path]) -> None:
    page = random_report[0].read_text("utf-8")
    # no network: no external script, style, font or image
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page and "@import" not in page
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) >= 4
    for heading in ("Who wins", "Turn order", "Game length", "Cards", "Resources over turns"):
        assert f"<h2>{heading}</h2>" in page
    assert "deck win rate" in page and "played win rate" in page


def test_the_report_warns_about_an_incomplete_run(tmp_path: Path) -> None:
    folder = tmp_path / "r"

    class Stop(Exception):
        pass

    def stop(*_: object) -> None:
        raise Stop

    with pytest.raises(Stop):
        run(folder, small_config(), 6, workers=1, chunk=2, on_chunk=stop)
    summary = stats.summarize(folder)
    assert summary["games"] == 2 and not summary["complete"]
    assert "The run is incomplete: 2 of 6 games" in report.html(summary, folder, images={})


@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_simulates_and_reports(name: str, tmp_path: Path) -> None:
    game = games.get(name)
    seats = min(game.seat_counts)
    folder = tmp_path / name
    run(folder, small_config(game=name, seats=seats, deck_mode="default"), 4, workers=1)
    summary = stats.summarize(folder)
    assert summary["games"] == 4 and summary["errors"] == 0
    assert summary["baseline"] == pytest.approx(1 / len(set(game.teams(seats))))
    assert sum(r["games"] for r in summary["by_order"]) == 4 * seats
    page = report.html(summary, folder)
    assert "<h2>Who wins</h2>" in page and "<h2>Game length</h2>" in page
