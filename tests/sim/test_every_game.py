"""The designer's tools on every registered game, from the outside: a run that
was cut off is resumed by ``ossuary balance`` and finished; resuming a finished
run (``simulate`` and ``balance``) says so and exits 0; the report renders
every plot, and every plot stays readable (no squeezed plot area, no crowded
rows); card names print whole through rich ("Bonewall [minion]")."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ossuary import games
from ossuary.cli.balance_cmd import balance_decks
from ossuary.cli.main import app
from ossuary.sim import report, stats, store
from ossuary.sim.plan import missing
from ossuary.sim.runner import run

from .conftest import small_config

RUNNER = CliRunner()
GAMES = 12
MIN_PLOT_PX = 300  # the narrowest plot area to read values off (a third of a page)
MIN_ROW_PX = 10  # the least height per labelled row (7.5 pt labels need about 10 px)
MAX_FIGURE_PX = 6000


def _ok(args: list[str]) -> str:
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def assert_readable(name: str, fig: Any) -> None:
    """Every axes of ``fig`` leaves room to read it: a plot area at least
    :data:`MIN_PLOT_PX` wide and, where rows are labelled, :data:`MIN_ROW_PX`
    a row; the figure is not absurdly tall."""
    fig.canvas.draw()
    height = fig.get_figheight() * fig.dpi
    assert height <= MAX_FIGURE_PX, f"{name}: {height:.0f} px tall"
    for ax in fig.axes:
        if ax.get_label() == "<colorbar>":
            continue
        box = ax.get_window_extent()
        assert box.width >= MIN_PLOT_PX, f"{name}: a plot area {box.width:.0f} px wide"
        labels = [t for t in ax.get_yticklabels() if t.get_text()]
        if len(labels) > 1 and not ax.get_ylabel():
            pitch = box.height / len(labels)
            assert pitch >= MIN_ROW_PX, f"{name}: {len(labels)} rows at {pitch:.1f} px each"


@pytest.mark.parametrize("name", games.names())
def test_every_game_resumes_a_cut_off_and_a_finished_run_and_reports_readably(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    deal = balance_decks(name)  # random decks, or the game's own shared deck
    config = small_config(game=name, deck_mode=deal, seed=0)  # what balance plays

    class Cut(Exception):
        pass

    def cut(start: int, stop: int, _: object) -> None:
        if start >= 4:
            raise Cut  # the driver dies after committing two chunks

    with pytest.raises(Cut):
        run(out, config, GAMES, workers=1, chunk=4, on_chunk=cut)
    (out / store.GAMES_DIR / ".games-0000000008-0000000012.parquet.1.tmp").write_bytes(b"half")
    assert store.committed(out, 2) == [(0, 4), (4, 8)]

    args = ["--game", name, "--games", str(GAMES), "--agent", "random", "--out", str(out),
            "--resume", "--no-progress"]  # fmt: skip
    text = _ok(["balance", *args, "--workers", "1"])
    assert "8 games already played, 4 to go" in text
    assert missing(store.committed(out, 2), GAMES) == []
    assert not list((out / store.GAMES_DIR).glob(".*.tmp"))

    # a finished run, resumed on two processes: nothing to play, no pool, exit 0
    for command in (["simulate", "--out", str(out), "--resume", "--no-progress"],
                    ["balance", *args]):  # fmt: skip
        text = _ok([*command, "--workers", "2"])
        assert f"is complete: all {GAMES} games are played" in text
        assert "games played in" not in text

    summary = stats.summarize(out)
    assert summary["games"] == GAMES and summary["errors"] == 0
    names = {c["card"] for c in summary["cards"]}
    assert names <= {r.get("key", r["name"]) for r in games.get(name).cards.records()}

    drawn: dict[str, Any] = {}  # the report's own figures, looked at after it drew them

    def figures(s: dict[str, Any]) -> dict[str, Any]:
        drawn.update(real(s))
        return drawn

    real = report.figures
    monkeypatch.setattr(report, "figures", figures)
    png = tmp_path / "png"
    _ok(["report", str(out), "--html", str(tmp_path / "r.html"), "--png", str(png)])
    assert {"turn_order", "game_length", "cards"} <= set(drawn)
    assert {p.stem for p in png.iterdir()} == set(drawn)
    for key, fig in drawn.items():
        assert_readable(f"{name} {key}", fig)
    page = (tmp_path / "r.html").read_text("utf-8")
    assert "<h2>Cards</h2>" in page and html.escape(summary["card_measure"]["why"]) in page


def test_a_plot_of_many_long_rows_stays_readable() -> None:
    # Path of the Necromancer's random decks mix its families into some 90
    # combinations with long names: the plot shows the rows with most seats,
    # labels cut short, never a sliver of a plot area
    families = ["arachnid", "artifact", "demon", "event", "ghoul", "hero", "land", "relic",
                "skeleton", "spell", "vampire", "wraith"]  # fmt: skip
    rows = [
        {"name": "+".join(f for k, f in enumerate(families) if k != i % 12 or i < 12),
         "games": 10 + i, "wins": 5.0, "rate": 0.5, "ci95": [0.2, 0.8]}
        for i in range(90)
    ]  # fmt: skip
    fig = report.fig_rates(rows, "Win rate by the deck's card families", 0.5, "win rate")
    assert_readable("families", fig)
    assert len([t for t in fig.axes[0].get_yticklabels() if t.get_text()]) == report.MAX_ROWS


def test_necromancer_cards_are_named_by_their_keys_and_print_whole(tmp_path: Path) -> None:
    # two cards share the name Bonewall (a minion and an artifact): the summary
    # names each by its key, holds no bare "Bonewall", and the console prints
    # the keys whole (rich markup would swallow "[minion]")
    out = tmp_path / "run"
    text = _ok(["balance", "--game", "necromancer", "--games", "4", "--agent", "random",
                "--workers", "1", "--out", str(out), "--no-progress"])  # fmt: skip
    summary = stats.summarize(out)
    names = {c["card"] for c in summary["cards"]}
    assert {"Bonewall [minion]", "Bonewall [artifact]"} <= names and "Bonewall" not in names
    flat = " ".join(text.split())
    assert "Bonewall [minion]" in flat and "Bonewall [artifact]" in flat
