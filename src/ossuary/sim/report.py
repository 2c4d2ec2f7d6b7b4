"""The report people look at: matplotlib plots in one self-contained HTML page.

:func:`figures` draws the plots of a run's statistics (:mod:`ossuary.sim.stats`)
and :func:`html` lays them out with tables and a few words on how to read each
one. Images are embedded as PNG data URIs and the styles are inline, so the
page needs no network and no other file: mail it, attach it to an issue, open
it offline. ``--png DIR`` writes the same plots as files.
"""

from __future__ import annotations

import base64
import html as H
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__

if TYPE_CHECKING:
    from matplotlib.figure import Figure

WIN = "#2f9e44"
LOSS = "#e03131"
SHARED = "#f08c00"
INK = "#343a40"
MUTED = "#868e96"
BAND = "#e9ecef"
ACCENT = "#1971c2"
PALETTE = ["#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#0c8599", "#66a80f", "#5f3dc4"]
DPI = 110
CHANGED_CARDS = 20  # --compare: the cards that moved most
MAX_ROWS = 24  # a plot of rates shows at most this many rows (those with most seats)
MAX_LABEL = 34  # characters of a row's label; longer ones are cut with "…"


def _plt() -> Any:
    import matplotlib  # optional: matplotlib

    matplotlib.use("Agg")  # no display; also keeps a worker without Tk happy
    import matplotlib.pyplot as plt  # optional: matplotlib

    plt.rcParams.update(
        {
            "font.size": 9.5,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.edgecolor": MUTED,
            "axes.labelcolor": INK,
            "xtick.color": INK,
            "ytick.color": INK,
            "axes.titleweight": "bold",
            "axes.titlesize": 11,
            "axes.titlelocation": "left",
            "figure.dpi": DPI,
        }
    )
    return plt


def pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def group_colors(groups: Sequence[str]) -> dict[str, str]:
    return {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(sorted(set(groups)))}


def short(label: Any, limit: int = MAX_LABEL) -> str:
    """A plot label cut to ``limit`` characters (the tables keep it whole)."""
    text = str(label)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def top_rows(rows: list[dict[str, Any]], limit: int = MAX_ROWS) -> list[dict[str, Any]]:
    """At most ``limit`` rows: those with the most seats, in their order."""
    if len(rows) <= limit:
        return list(rows)
    keep = {id(r) for r in sorted(rows, key=lambda r: -r["games"])[:limit]}
    return [r for r in rows if id(r) in keep]


# =============================================================================
# Plots
# =============================================================================
def fig_rates(rows: list[dict[str, Any]], title: str, baseline: float, xlabel: str) -> Figure:
    """Win rates with their 95% intervals, one row each, best at the top; at
    most :data:`MAX_ROWS` rows (the most seats), labels cut to :data:`MAX_LABEL`."""
    plt = _plt()
    if len(rows) > MAX_ROWS:
        title = f"{title}: the {MAX_ROWS} with the most seats, of {len(rows)}"
    rows = top_rows(rows)
    fig: Figure
    fig, ax = plt.subplots(figsize=(9, 0.9 + 0.34 * max(2, len(rows))))
    y = list(range(len(rows)))[::-1]
    # rounding can put a rate a hair outside its interval at 0% or 100%
    lo = [max(0.0, r["rate"] - r["ci95"][0]) for r in rows]
    hi = [max(0.0, r["ci95"][1] - r["rate"]) for r in rows]
    colors = [
        WIN if r["ci95"][0] > baseline else LOSS if r["ci95"][1] < baseline else INK for r in rows
    ]
    ax.axvline(baseline, color=MUTED, linestyle="--", linewidth=1, zorder=0)
    for yi, r, lo_, hi_, c in zip(y, rows, lo, hi, colors, strict=True):
        ax.errorbar(r["rate"], yi, xerr=[[lo_], [hi_]], fmt="o", color=c, capsize=3, markersize=6)
    ax.set_yticks(y, [short(r["name"]) for r in rows])
    right = max([r["ci95"][1] for r in rows] + [baseline]) + 0.02
    left = min([r["ci95"][0] for r in rows] + [baseline]) - 0.02
    span = right - left
    ax.set_xlim(max(0.0, left), min(1.0, right + 0.28 * span))
    for yi, r in zip(y, rows, strict=True):
        ax.text(
            r["ci95"][1] + 0.01 * span + 0.005, yi,
            f"{pct(r['rate'])}  ({pct(r['ci95'][0], 0)}–{pct(r['ci95'][1], 0)}, n={r['games']:,})",
            va="center", fontsize=8.5, color=INK,
        )  # fmt: skip
    ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_xlabel(xlabel)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_title(title)
    fig.tight_layout()
    return fig


def fig_lengths(histogram: dict[Any, int], turns: dict[str, float]) -> Figure:
    plt = _plt()
    fig: Figure
    fig, ax = plt.subplots(figsize=(9, 3.2))
    xs = sorted(int(k) for k in histogram)
    ys = [histogram[k] if k in histogram else histogram[str(k)] for k in xs]
    ax.bar(xs, ys, width=0.85, color=ACCENT, alpha=0.85)
    if turns:
        for key, style in (("median", "-"), ("p10", ":"), ("p90", ":")):
            ax.axvline(turns[key], color=INK, linestyle=style, linewidth=1)
        ax.text(
            turns["median"], max(ys) * 1.02,
            f" median {turns['median']:g} turns (10%–90%: {turns['p10']:g}–{turns['p90']:g})",
            fontsize=8.5, color=INK, va="bottom",
        )  # fmt: skip
    ax.set_xlabel("turns in the game (every player's turn counts)")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.set_ylim(0, max(ys or [1]) * 1.15)
    fig.tight_layout()
    return fig


def fig_matchups(data: dict[str, Any], title: str) -> Figure:
    """The row's win rate against the column, as a heat map."""
    import numpy as np  # optional: numpy

    plt = _plt()
    names = data["names"]
    n = len(names)
    grid = np.full((n, n), np.nan)
    counts = np.zeros((n, n), dtype=int)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            cell = data["cells"].get(a, {}).get(b)
            if cell is not None:
                grid[i, j] = cell["rate"]
                counts[i, j] = cell["games"]
    size = max(4.0, 1.0 + 0.85 * n)
    fig: Figure
    fig, ax = plt.subplots(figsize=(size + 2.2, size))
    im = ax.imshow(grid, cmap="RdBu", vmin=0.2, vmax=0.8)
    for i in range(n):
        for j in range(n):
            if not np.isnan(grid[i, j]):
                ax.text(
                    j, i, f"{pct(grid[i, j], 0)}\n{counts[i, j]:,}", ha="center", va="center",
                    fontsize=8, color="white" if abs(grid[i, j] - 0.5) > 0.2 else INK,
                )  # fmt: skip
    ax.set_xticks(range(n), names, rotation=35, ha="right")
    ax.set_yticks(range(n), names)
    ax.set_xlabel("against")
    ax.spines[:].set_visible(False)
    fig.colorbar(im, ax=ax, fraction=0.04, format=lambda v, _: f"{100 * v:.0f}%")
    ax.set_title(title)
    fig.tight_layout()
    return fig


def fig_cards(
    cards: list[dict[str, Any]],
    baseline: float,
    band: float,
    title: str,
    left: str = "deck",
    left_label: str = "deck win rate (seats whose deck held it)",
) -> Figure:
    """Every card's ``left`` win rate (its measure) and played win rate with
    their intervals; ranked cards first, then those with too little data."""
    plt = _plt()
    rows = [c for c in cards if c[left]["games"] or c["played"]["games"]]
    colors = group_colors([c["group"] for c in rows])
    height = 1.2 + 0.19 * max(3, len(rows))
    fig: Figure
    fig, axes = plt.subplots(1, 2, figsize=(10, height), sharey=True)
    y = list(range(len(rows)))[::-1]
    for ax, key, label in (
        (axes[0], left, left_label),
        (axes[1], "played", "played win rate (seats that played it)"),
    ):
        ax.axvspan(baseline - band, baseline + band, color=BAND, zorder=0)
        ax.axvline(baseline, color=MUTED, linestyle="--", linewidth=0.8, zorder=0)
        # one collection per panel (not two artists a card): fast with hundreds of cards
        shown = [(yi, c[key], colors.get(c["group"], INK)) for yi, c in zip(y, rows, strict=True)
                 if c[key]["games"]]  # fmt: skip
        if shown:
            ys = [yi for yi, _, _ in shown]
            cs = [col for _, _, col in shown]
            ax.hlines(ys, [st["ci95"][0] for _, st, _ in shown],
                      [st["ci95"][1] for _, st, _ in shown], colors=cs, linewidth=1.2,
                      alpha=0.7)  # fmt: skip
            ax.scatter(
                [st["rate"] for _, st, _ in shown], ys, s=16 if key == left else 12,
                marker="o" if key == left else "D", c=cs if key == left else "white",
                edgecolors=cs, linewidths=1.0, zorder=3,
            )  # fmt: skip
        ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
        ax.set_xlabel(label)
        ax.set_xlim(0, 1)
        ax.grid(axis="x", color=BAND, linewidth=0.6)
        ax.xaxis.set_ticks_position("both")
        ax.tick_params(axis="x", labeltop=True)
    mark = {"strong": "  ▲", "weak": "  ▼", "": ""}
    axes[0].set_yticks(
        y, [short(c["card"]) + mark[c["verdict"]] + ("" if c.get("ranked", True) else "  ·")
            for c in rows], fontsize=7.5,
    )  # fmt: skip
    for tick, c in zip(axes[0].get_yticklabels(), rows, strict=True):
        if c["verdict"]:
            tick.set_color(WIN if c["verdict"] == "strong" else LOSS)
            tick.set_fontweight("bold")
    axes[0].set_ylim(-0.8, len(rows) - 0.2)
    if any(c["group"] for c in rows):
        from matplotlib.lines import Line2D  # optional: matplotlib

        handles = [Line2D([], [], color=col, marker="o", linestyle="", label=g)
                   for g, col in colors.items()]  # fmt: skip
        axes[1].legend(handles=handles, loc="lower right", fontsize=8, frameon=False)
    fig.suptitle(title, x=0.01, ha="left", fontweight="bold", fontsize=11)
    fig.tight_layout()
    return fig


def fig_resources(resources: dict[str, Any]) -> Figure | None:
    """Median and middle half of each resource at each turn, winners and losers."""
    plt = _plt()
    names = [n for n, s in resources.items() if s]
    if not names:
        return None
    fig: Figure
    fig, axes = plt.subplots(1, len(names), figsize=(3.9 * len(names) + 0.6, 3.4), squeeze=False)
    for ax, name in zip(axes[0], names, strict=True):
        for outcome, color, label in (
            ("won", WIN, "seats that won"), ("lost", LOSS, "seats that lost"),
            ("shared", SHARED, "draws"),
        ):  # fmt: skip
            s = resources[name].get(outcome)
            if not s or not s["turn"]:
                continue
            ax.fill_between(s["turn"], s["p25"], s["p75"], color=color, alpha=0.15, linewidth=0)
            ax.plot(s["turn"], s["median"], color=color, linewidth=1.8, label=label)
            ax.plot(s["turn"], s["mean"], color=color, linewidth=0.8, linestyle="--")
        ax.set_title(name.capitalize())
        ax.set_xlabel("turn (every player's turn counts)")
        ax.grid(color=BAND, linewidth=0.6)
    axes[0][0].legend(fontsize=8, frameon=False, loc="upper left")
    fig.tight_layout()
    return fig


def fig_changes(rows: list[dict[str, Any]], title: str, baseline: float) -> Figure:
    """Each rate before (grey) and after (coloured), joined by an arrow."""
    plt = _plt()
    fig: Figure
    fig, ax = plt.subplots(figsize=(9, 1.0 + 0.3 * max(2, len(rows))))
    y = list(range(len(rows)))[::-1]
    ax.axvline(baseline, color=MUTED, linestyle="--", linewidth=1, zorder=0)
    for yi, r in zip(y, rows, strict=True):
        color = (WIN if r["delta"] > 0 else LOSS) if r["changed"] else INK
        ax.annotate(
            "", xy=(r["after"], yi), xytext=(r["before"], yi),
            arrowprops={"arrowstyle": "->", "color": color, "lw": 1.4},
        )  # fmt: skip
        ax.plot([r["before"]], [yi], "o", color=MUTED, markersize=5)
        ax.plot([r["after"]], [yi], "o", color=color, markersize=6)
        ax.text(
            max(r["before"], r["after"]) + 0.01, yi,
            f"{100 * r['delta']:+.1f} pts{'' if r['changed'] else ' (within chance)'}",
            va="center", fontsize=8.5, color=INK,
        )  # fmt: skip
    ax.set_yticks(y, [str(r["name"]) for r in rows], fontsize=8.5)
    lo = min([min(r["before"], r["after"]) for r in rows] + [baseline]) - 0.03
    hi = max([max(r["before"], r["after"]) for r in rows] + [baseline]) + 0.03
    ax.set_xlim(max(0.0, lo), min(1.0, hi + 0.25 * (hi - lo)))
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.xaxis.set_major_formatter(lambda v, _: f"{100 * v:.0f}%")
    ax.set_xlabel("win rate: before (grey) → after")
    ax.set_title(title)
    fig.tight_layout()
    return fig


def figures(summary: dict[str, Any]) -> dict[str, Figure]:
    """Every plot of the report, by file name (without .png)."""
    base = summary["baseline"]
    out: dict[str, Figure] = {}
    if len(summary["by_deck"]) > 1:
        out["win_rate_by_deck"] = fig_rates(
            summary["by_deck"], "Win rate by deck", base, "win rate"
        )
    if len(summary["by_agent"]) > 1:
        out["win_rate_by_agent"] = fig_rates(
            summary["by_agent"], "Win rate by agent", base, "win rate"
        )
    families = family_rows(summary)
    if families:
        rows, title = families
        out["win_rate_by_family"] = fig_rates(rows, title, base, "win rate")
    order = [dict(r, name=f"{ordinal(int(r['name']) + 1)} player") for r in summary["by_order"]]
    if order:
        out["turn_order"] = fig_rates(order, "Win rate by turn order", base, "win rate")
    if len(summary["deck_matchups"].get("names", [])) > 1:
        out["deck_matchups"] = fig_matchups(summary["deck_matchups"], "Deck against deck")
    if summary["turn_histogram"]:
        out["game_length"] = fig_lengths(summary["turn_histogram"], summary["turns"])
    measure = card_measure(summary)
    left = measure["key"] or "deck"
    if any(c[left]["games"] for c in summary["cards"]):
        out["cards"] = fig_cards(
            summary["cards"], base, summary["band"], "Cards: win rates with 95% intervals",
            left, measure["label"],
        )  # fmt: skip
    res = fig_resources(summary["resources"])
    if res is not None:
        out["resources"] = res
    changes = summary.get("compare")
    if changes:
        rows = changes["by_deck"] if len(changes["by_deck"]) > 1 else []
        if rows:
            out["changes_decks"] = fig_changes(rows, "Decks: before and after", base)
        cards = changes["cards"][:CHANGED_CARDS]
        if cards:
            out["changes_cards"] = fig_changes(
                cards, f"The {len(cards)} cards whose deck win rate moved most clearly", base
            )
    return out


def family_rows(summary: dict[str, Any]) -> tuple[list[dict[str, Any]], str] | None:
    """The families' rows to plot and the plot's title, or None: the decks'
    combinations of families while they are few (Hecatomb's pairs of dooms),
    else one row per family (the seats whose deck held cards of it)."""
    combos = summary["by_family"]
    if len(combos) <= 1 or (
        summary["config"]["deck_mode"] != "random" and len(combos) == len(summary["by_deck"])
    ):
        return None
    if len(combos) <= MAX_ROWS:
        return combos, "Win rate by the deck's card families"
    each = summary.get("by_family_each", [])
    if len(each) > 1:
        return each, "Win rate by family: the seats whose deck held cards of it"
    return combos, "Win rate by the deck's card families"


def card_measure(summary: dict[str, Any]) -> dict[str, Any]:
    """The run's card measure (:func:`ossuary.sim.stats.card_measure`); a
    summary written before it had one ranked by the deck rate."""
    return summary.get("card_measure") or {
        "key": "deck",
        "label": "deck win rate (seats whose deck held it)",
        "why": "",
    }


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    return buf.getvalue()


def render(summary: dict[str, Any]) -> dict[str, bytes]:
    """Every plot as PNG bytes, by name (each figure drawn once, then freed)."""
    plt = _plt()
    out = {}
    for name, fig in figures(summary).items():
        out[name] = png_bytes(fig)
        plt.close(fig)
    return out


def write_pngs(images: dict[str, bytes], folder: Path) -> list[Path]:
    """The plots alone, one PNG each, into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in images.items():
        path = folder / f"{name}.png"
        path.write_bytes(data)
        paths.append(path)
    return paths


# =============================================================================
# The page
# =============================================================================
CSS = """
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;
 margin:0;background:#f8f9fa}
main{max-width:1100px;margin:0 auto;padding:24px 28px 60px;background:#fff}
h1{font-size:26px;margin:0 0 4px}h2{font-size:20px;margin:36px 0 6px;border-bottom:1px solid
 #dee2e6;padding-bottom:4px}h3{font-size:16px;margin:22px 0 4px}
.sub{color:#495057;margin:0 0 16px}.read{color:#495057;font-size:14px;max-width:62em}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.card{border:1px solid #dee2e6;border-radius:8px;padding:10px 14px;flex:1 1 110px}
.card b{display:block;font-size:22px}.card span{color:#495057;font-size:13px}
.warn{background:#fff4e6;border-left:4px solid #f08c00;padding:8px 12px;margin:10px 0}
.bad{background:#fff5f5;border-left:4px solid #e03131;padding:8px 12px;margin:10px 0}
img{max-width:100%;height:auto;display:block;margin:8px 0}
table{border-collapse:collapse;font-size:13px;margin:8px 0}
th,td{padding:3px 9px;border-bottom:1px solid #e9ecef;text-align:right}
th{background:#f1f3f5;position:sticky;top:0}td:first-child,th:first-child{text-align:left}
td.l{text-align:left}.strong{color:#2b8a3e;font-weight:600}.weak{color:#c92a2a;font-weight:600}
details summary{cursor:pointer;color:#1971c2;margin:8px 0}code{background:#f1f3f5;padding:1px 4px;
 border-radius:3px}footer{color:#868e96;font-size:12px;margin-top:40px}
"""


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{H.escape(alt)}" src="data:image/png;base64,{data}">'


def _rate_cell(r: dict[str, Any]) -> str:
    if not r["games"]:
        return "<td>–</td><td>0</td>"
    lo, hi = r["ci95"]
    return f"<td>{pct(r['rate'])} ({pct(lo, 0)}–{pct(hi, 0)})</td><td>{r['games']:,}</td>"


def _rates_table(rows: list[dict[str, Any]], what: str) -> str:
    body = "".join(
        f"<tr><td>{H.escape(str(r['name']))}</td>{_rate_cell(r)}<td>{r['wins']:,.1f}</td></tr>"
        for r in rows
    )
    return (
        f"<table><tr><th>{H.escape(what)}</th><th>win rate (95% interval)</th><th>seats</th>"
        f"<th>wins</th></tr>{body}</table>"
    )


def _card_table(cards: list[dict[str, Any]]) -> str:
    rows = []
    empty = {"games": 0, "wins": 0.0, "rate": 0.0, "ci95": [0.0, 1.0]}
    for c in cards:
        if not any(c.get(k, empty)["games"] for k in ("deck", "played", "drawn", "held")):
            continue
        verdict = c["verdict"] or c.get("note", "")
        cls = f' class="{c["verdict"]}"' if c["verdict"] else ""
        rows.append(
            f"<tr><td{cls}>{H.escape(c['card'])}</td><td class=l>{H.escape(c['group'])}</td>"
            f"{_rate_cell(c['deck'])}{_rate_cell(c['played'])}{_rate_cell(c['drawn'])}"
            f"{_rate_cell(c.get('held', empty))}<td class=l{cls}>{H.escape(verdict)}</td></tr>"
        )
    return (
        "<table><tr><th>card</th><th>family</th><th>deck win rate</th><th>in decks</th>"
        "<th>played win rate</th><th>played</th><th>drawn win rate</th><th>drawn</th>"
        "<th>held at the end: win rate</th><th>held</th><th>verdict</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def _cards_section(s: dict[str, Any], figs: dict[str, bytes]) -> list[str]:
    """The Cards section: what ranks the cards in this run and why, the cards
    outside the band, those with too little data, the plot and the table."""
    measure = card_measure(s)
    key = measure["key"]
    parts = []
    if key is None:
        parts.append(f'<p class="warn">{H.escape(measure["why"])}</p>')
        parts.append(
            '<p class="read">Left, each card\'s deck win rate; right, its <b>played win '
            "rate</b> (the seats that played it), which is biased: a card cast only when ahead "
            "looks strong. Neither marks a card strong or weak here.</p>"
        )
    else:
        parts.append(
            f'<p class="read">Left, each card\'s <b>{H.escape(measure["label"])}</b>; right, '
            f"its <b>played win rate</b> (the seats that played it). {H.escape(measure['why'])} "
            f"The played rate is biased (a card cast only when ahead looks strong), so verdicts "
            f"use the left one: a card is marked ▲ strong or ▼ weak when its whole interval "
            f"lies outside the grey band ({pct(s['baseline'], 0)} ± {pct(s['band'], 0)}), and "
            f"only when it was played by {s.get('min_played', 0)} seats or more (the others, "
            f"marked ·, have too little data to rank). A flag is a reason to look at a card, "
            f"measured as these agents play it.</p>"
        )
        flagged = [c for c in s["cards"] if c["verdict"]]
        if flagged:
            items = "".join(
                f'<li><span class="{c["verdict"]}">{H.escape(c["card"])}</span> '
                f"({H.escape(c['group'])}) {H.escape(measure['label'].split(' (')[0])} "
                f"{pct(c[key]['rate'])} ({pct(c[key]['ci95'][0], 0)}–"
                f"{pct(c[key]['ci95'][1], 0)}), played win rate {pct(c['played']['rate'])}: "
                f"{c['verdict']}</li>"
                for c in flagged
            )
            parts.append(f"<h3>Outside the band</h3><ul>{items}</ul>")
        else:
            parts.append("<p>No card lies outside the band with confidence.</p>")
        unranked = [c for c in s["cards"] if c.get("note")]
        if unranked:
            never = [c["card"] for c in unranked if c["note"] == "never played"]
            few = [c["card"] for c in unranked if c["note"] != "never played"]
            text = []
            if never:
                text.append(f"never played ({len(never)}): {'; '.join(never)}")
            if few:
                text.append(f"played by too few seats ({len(few)}): {'; '.join(few)}")
            parts.append(f"<p>Not ranked, too little data: {H.escape('; '.join(text))}.</p>")
    if "cards" in figs:
        parts.append(_img(figs["cards"], "card win rates"))
    parts.append(
        f"<details><summary>every card's numbers</summary>{_card_table(s['cards'])}</details>"
    )
    return parts


def html(
    summary: dict[str, Any], folder: Path | str = "", images: dict[str, bytes] | None = None
) -> str:
    """The whole report as one HTML page (see the module docstring); ``images``
    from :func:`render` (drawn here when not given)."""
    s = summary
    cfg = s["config"]
    figs = render(s) if images is None else images
    agents = ", ".join(cfg["agents"])
    decks = {"default": "the game's own decks", "random": "random legal decks"}.get(
        cfg["deck_mode"], ", ".join(cfg["decks"])
    )
    first = next((r for r in s["by_order"] if r["name"] == 0), None)
    teams = "" if s["teams"] == s["seats"] else f" in {s['teams']} teams"
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{H.escape(s['title'])} simulation: {s['games']:,} games</title>",
        f"<style>{CSS}</style></head><body><main>",
        f"<h1>{H.escape(s['title'])}: {s['games']:,} simulated games</h1>",
        f'<p class="sub">{H.escape(agents)} · {s["seats"]} seats{teams} · '
        f"{H.escape(decks)} · seed {cfg['seed']} · begun {H.escape(s['created'])}"
        f" · cards {H.escape(s['cards_fingerprint'])}</p>",
    ]
    cards_box = [
        (f"{s['games']:,}", "games" + ("" if s["complete"] else f" of {s['planned']:,} planned")),
        (pct(s["baseline"], 0), "an even seat's win rate"),
    ]
    if first is not None:
        cards_box.append((pct(first["rate"]), "the first player's win rate"))
    if s["turns"]:
        cards_box.append((f"{s['turns']['median']:g}", "turns, median game"))
    cards_box.append((f"{s['cpu_seconds_per_game'] * 1000:.0f} ms", "CPU a game"))
    flagged = [c for c in s["cards"] if c["verdict"]]
    if s["cards"] and card_measure(s)["key"] is not None:
        cards_box.append((str(len(flagged)), "cards outside the band"))
    parts.append(
        '<div class="cards">'
        + "".join(
            f"<div class=card><b>{H.escape(v)}</b><span>{H.escape(k)}</span></div>"
            for v, k in cards_box
        )
        + "</div>"
    )
    if not s["complete"]:
        parts.append(
            f'<p class="warn">The run is incomplete: {s["games"]:,} of {s["planned"]:,} games. '
            f"Continue it with <code>ossuary simulate --out {H.escape(str(folder))} --resume"
            "</code>.</p>"
        )
    if s["errors"]:
        e = s["first_error"]
        parts.append(
            f'<p class="bad">{s["errors"]:,} game(s) stopped with an error and are left out of '
            f"every number. The first: game {e['game']} (seed {e['seed']}): "
            f"<code>{H.escape(e['error'])}</code></p>"
        )
    if s["unfinished"]:
        parts.append(
            f'<p class="warn">{s["unfinished"]:,} game(s) reached the limit of '
            f"{cfg['max_actions']:,} actions without a winner; they count as draws.</p>"
        )
    changes = s.get("compare")
    if changes:
        parts.append(f"<h2>Compared with {H.escape(changes['folder'])}</h2>")
        moved = [c for c in changes["cards"] if c["changed"]]
        t0, t1 = changes["turns"]
        parts.append(
            f'<p class="read">This run ({changes["games"][1]:,} games) against '
            f"{H.escape(changes['folder'])} ({changes['games'][0]:,} games). A change is "
            f"marked when it is larger than chance would make it (a two-proportion test at "
            f"95%); grey dots are before, arrows point to after. {len(moved)} card(s) moved "
            f"beyond chance. Median game length: {t0 if t0 is not None else '–'} → "
            f"{t1 if t1 is not None else '–'} turns.</p>"
        )
        if changes["same_cards"]:
            parts.append(
                '<p class="warn">Both runs played the same cards and decks: what differs is '
                "chance" + (" and the settings below" if changes["differ"] else "") + ".</p>"
            )
        if changes["differ"]:
            parts.append(
                f'<p class="warn">The runs also differ in {", ".join(changes["differ"])}: '
                "not every change is the cards'.</p>"
            )
        for key in ("changes_decks", "changes_cards"):
            if key in figs:
                parts.append(_img(figs[key], key.replace("_", " ")))
        first_change = next((r for r in changes["by_order"] if r["name"] == 0), None)
        if first_change is not None:
            parts.append(
                f"<p>First player: {pct(first_change['before'])} → "
                f"{pct(first_change['after'])} ({100 * first_change['delta']:+.1f} points"
                f"{'' if first_change['changed'] else ', within chance'}).</p>"
            )
    parts.append("<h2>Who wins</h2>")
    parts.append(
        '<p class="read">Each dot is a win rate, its line the 95% interval (Wilson): where the '
        "true rate lies, given this many games. The dashed line is an even seat's share. A "
        "green dot is above it with confidence, a red one below. A win is shared between "
        "teams that tie; a draw is half a win in a two-player game.</p>"
    )
    families = family_rows(s)
    for key, what in (
        ("win_rate_by_deck", "deck"),
        ("win_rate_by_agent", "agent"),
        ("win_rate_by_family", "families"),
    ):
        if key in figs:
            parts.append(_img(figs[key], key.replace("_", " ")))
            if what == "families" and families is not None:
                rows = families[0]
            else:
                rows = s[{"deck": "by_deck", "agent": "by_agent", "families": "by_family"}[what]]
            parts.append(f"<details><summary>the numbers</summary>{_rates_table(rows, what)}"
                         "</details>")  # fmt: skip
    if "deck_matchups" in figs:
        parts.append(
            '<p class="read">Row deck\'s win rate against the column deck, and the seats it '
            "covers; blue favours the row, red the column.</p>"
        )
        parts.append(_img(figs["deck_matchups"], "deck matchups"))
    if "turn_order" in figs:
        parts.append("<h2>Turn order</h2>")
        parts.append(
            '<p class="read">The win rate of the seat that took the first turn, the second, '
            "and so on. Seats and first player rotate through the run, so every deck and agent "
            "went first equally often: the difference is the game's own first-player "
            "advantage.</p>"
        )
        parts.append(_img(figs["turn_order"], "turn order"))
    if "game_length" in figs:
        parts.append("<h2>Game length</h2>")
        a = s["actions"]
        parts.append(
            f'<p class="read">Turns per game; the lines mark the median and the 10th and 90th '
            f"percentiles. Decisions per game: median {a['median']:g}, 10%–90% "
            f"{a['p10']:g}–{a['p90']:g}.</p>"
        )
        parts.append(_img(figs["game_length"], "game length"))
    if "cards" in figs or s["cards"]:
        parts.append("<h2>Cards</h2>")
        parts.extend(_cards_section(s, figs))
    if "resources" in figs:
        parts.append("<h2>Resources over turns</h2>")
        parts.append(
            '<p class="read">At the start of each turn, the median (solid) and mean (dashed) of '
            "each resource for the seats that went on to win and those that lost, with the "
            "middle half of seats shaded. Only games still going count at a turn, and the plot "
            "stops where few are left.</p>"
        )
        parts.append(_img(figs["resources"], "resources over turns"))
    parts.append(
        f"<footer>Ossuary {H.escape(__version__)} · <code>ossuary report "
        f"{H.escape(str(folder))}</code> · every game of the run is in "
        f"{H.escape(str(folder))}/games/*.parquet</footer></main></body></html>"
    )
    return "\n".join(parts)
