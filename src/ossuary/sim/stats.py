"""The statistics of a run: win rates with intervals, turn order, lengths, cards,
resources over turns. Computed with Arrow and numpy over every committed game,
so a report on 100,000 games takes seconds.

Conventions (docs/simulation.md):

- A seat's **score** is its share of the win (:func:`ossuary.sim.play.schema`);
  a **win rate** is the mean score of a group of seats, with a 95% Wilson
  interval; the **baseline** is ``1 / teams``, what a seat wins when
  everything is even.
- A card's **deck win rate** is the win rate of the seats whose deck held it;
  its **played**, **drawn** and **held** win rates those of the seats that
  played it, drew it, or held it in hand at the end. Which one ranks cards
  depends on how the run dealt decks (:func:`card_measure`): the deck rate
  with random decks (docs/balance.md says why), the drawn rate where every
  seat draws from one shared deck, none with fixed decks (each card would only
  repeat its deck's rate). A card is *strong* or *weak* when its whole interval
  lies more than ``band`` from the baseline, and only when it has data enough:
  played by :data:`MIN_PLAYED` seats or more; the others are listed as such.
- Games that raised an error are left out of every statistic and counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .. import games as registry
from ..agents.arena import wilson
from ..engine.game import NotSupported
from ..engine.rng import Rng
from . import store
from .play import CARD_STATS

BAND = 0.05  # a card is flagged when its interval lies this far from the baseline
MIN_PLAYED = 20  # a card played by fewer seats has too little data to rank
QUARTILES = [0.25, 0.5, 0.75]
MIN_RUNNING = 20  # resources over turns: stop where fewer games are still going
SERIES = ("turn", "mean", "p25", "median", "p75", "n")


def _flat(column: pa.ChunkedArray | pa.Array) -> tuple[pa.Array, pa.Array | None, np.ndarray]:
    """A map or list column flattened: (keys or values, map items or None,
    parent row of each entry). Slice-aware (``.keys`` of a sliced map is not)."""
    arr = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    offsets = np.asarray(arr.offsets, dtype=np.int64)
    lo, hi = int(offsets[0]), int(offsets[-1])
    parents = np.repeat(np.arange(len(arr), dtype=np.int64), np.diff(offsets))
    if isinstance(arr, pa.MapArray):
        return arr.keys.slice(lo, hi - lo), arr.items.slice(lo, hi - lo), parents
    return arr.flatten(), None, parents


def rate_row(name: Any, wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {
        "name": name,
        "games": int(n),
        "wins": float(wins),
        "rate": float(wins / n) if n else 0.0,
        "ci95": [float(lo), float(hi)],
    }


def rates_by(
    keys: pa.Array | pa.ChunkedArray, scores: pa.Array | np.ndarray
) -> list[dict[str, Any]]:
    """Per distinct key: seats, wins (summed scores), rate and its interval."""
    t = pa.table({"k": keys, "s": scores})
    g = t.group_by("k").aggregate([("s", "sum"), ("s", "count")])
    out = [
        rate_row(k, w, n)
        for k, w, n in zip(
            g["k"].to_pylist(), g["s_sum"].to_pylist(), g["s_count"].to_pylist(), strict=True
        )
    ]
    return sorted(out, key=lambda r: (-r["rate"], str(r["name"])))


def _quantiles(values: np.ndarray) -> dict[str, float]:
    if values.size == 0:
        return {}
    q = np.percentile(values, [0, 10, 25, 50, 75, 90, 100])
    keys = ("min", "p10", "p25", "median", "p75", "p90", "max")
    out = {k: float(v) for k, v in zip(keys, q, strict=True)}
    out["mean"] = float(values.mean())
    return out


def deck_families(deck_cards: pa.ChunkedArray, groups: dict[str, str]) -> list[str]:
    """Per row, the families of the deck's cards joined by "+" (Hecatomb: its
    dooms, "deceit+greed"); "" without families."""
    keys, _, parents = _flat(deck_cards)
    n = len(deck_cards)
    if not groups or len(keys) == 0:
        return [""] * n
    names = sorted(set(groups.values()))
    bit = {g: 1 << i for i, g in enumerate(names)}
    enc = keys.dictionary_encode()
    card_bits = np.array([bit.get(groups.get(c, ""), 0) for c in enc.dictionary.to_pylist()])
    entry_bits: Any = (
        card_bits[np.asarray(enc.indices, dtype=np.int64)] if len(enc.dictionary) else []
    )
    masks = np.zeros(n, dtype=np.int64)
    np.bitwise_or.at(masks, parents, entry_bits)
    labels = {}
    out = []
    for m in masks.tolist():
        if m not in labels:
            labels[m] = "+".join(g for g in names if m & bit[g])
        out.append(labels[m])
    return out


def card_measure(deck_mode: str, has_decks: bool, random_decks: bool) -> dict[str, Any]:
    """Which win rate ranks the cards of a run, and why: ``{"key": "deck",
    "drawn" or None, "label": ..., "why": ...}`` (shown in the report).

    - Random decks: the **deck** win rate. Whether a deck holds a card is
      chance, so the seats with it and without it differ by the card (and
      chance); the played rate is biased toward cards cast when ahead.
    - No deck lists at all (one deck that every seat draws from): the
      **drawn** win rate, the side that drew the card. Which side draws a card
      is (nearly) chance too, so it plays the part of the deck rate.
    - Fixed decks: none. Every card of a deck would show that deck's win rate
      (compare the decks instead); a card's played rate alone is biased.
    """
    if deck_mode == "random":
        return {
            "key": "deck",
            "label": "deck win rate (seats whose deck held it)",
            "why": "Decks were dealt at random, so a card's deck win rate compares the seats "
            "whose deck held it with the rest: a difference is the card's (or chance's).",
        }
    if not has_decks:
        return {
            "key": "drawn",
            "label": "drawn win rate (the sides that drew it)",
            "why": "Every seat draws from one shared deck, so no deck holds a card more than "
            "another: a card is measured by the win rate of the side that drew it, which is "
            "(nearly) chance, as a random deck is. Played and held-at-the-end rates are shown "
            "too; they depend on choices and are biased.",
        }
    hint = " Simulate with --decks random to measure cards." if random_decks else ""
    return {
        "key": None,
        "label": "deck win rate (seats whose deck held it)",
        "why": "The decks were fixed, so every card of a deck shares that deck's win rate "
        "(see the decks above): cards are not ranked." + hint,
    }


def card_table(
    table: pa.Table,
    groups: dict[str, str],
    baseline: float,
    band: float,
    measure: str | None = "deck",
) -> list[dict[str, Any]]:
    """Per card: deck, played, drawn and held win rates with intervals; whether
    it is ranked (``measure`` has data enough, see the module docstring), why
    not (``note``) and its verdict. Ranked cards come first, best first."""
    scores = np.asarray(table["score"], dtype=np.float64)
    per: dict[str, dict[str, Any]] = {}
    for column in ("deck_cards", *CARD_STATS):
        if column not in table.column_names:
            continue
        keys, _, parents = _flat(table[column])
        for row in rates_by(keys, scores[parents]):
            entry = per.setdefault(row["name"], {"card": row["name"]})
            prefix = "deck" if column == "deck_cards" else column
            entry[prefix] = {k: row[k] for k in ("games", "wins", "rate", "ci95")}
    out = []
    empty = {"games": 0, "wins": 0.0, "rate": 0.0, "ci95": [0.0, 1.0]}
    for name in sorted(set(per) | set(groups)):
        entry = per.get(name, {"card": name})
        for prefix in ("deck", *CARD_STATS):
            entry.setdefault(prefix, dict(empty))
        played = entry["played"]["games"]
        note = ""
        if measure is not None:
            if not played:
                note = "never played"
            elif played < MIN_PLAYED or entry[measure]["games"] < MIN_PLAYED:
                note = f"too little data (played by {played} seat{'s' if played > 1 else ''})"
        ranked = measure is not None and not note
        verdict = ""
        if ranked:
            assert measure is not None
            lo, hi = entry[measure]["ci95"]
            if lo > baseline + band:
                verdict = "strong"
            elif hi < baseline - band:
                verdict = "weak"
        entry["ranked"] = ranked
        entry["note"] = note
        entry["verdict"] = verdict
        entry["group"] = groups.get(name, "")
        out.append(entry)
    key = measure or "deck"
    out.sort(key=lambda e: (not e["ranked"], -e[key]["rate"], e["card"]))
    return out


def rates_by_family(
    deck_cards: pa.ChunkedArray, groups: dict[str, str], scores: np.ndarray
) -> list[dict[str, Any]]:
    """Per family: the win rate of the seats whose deck held a card of it. One
    row per family, where the deck's combinations of families are too many to
    show (Path of the Necromancer's random decks mix most of its families)."""
    keys, _, parents = _flat(deck_cards)
    if not groups or len(keys) == 0:
        return []
    names = sorted(set(groups.values()))
    index = {g: i for i, g in enumerate(names)}
    enc = keys.dictionary_encode()
    card_family = np.array(
        [index.get(groups.get(c, ""), -1) for c in enc.dictionary.to_pylist()] or [-1]
    )
    family = card_family[np.asarray(enc.indices, dtype=np.int64)]
    held = family >= 0
    pairs = np.unique(np.stack([parents[held], family[held]]), axis=1)  # (row, family) once
    rows = rates_by(pa.array(pairs[1]), scores[pairs[0]])
    for r in rows:
        r["name"] = names[int(r["name"])]
    return sorted(rows, key=lambda r: (-r["rate"], str(r["name"])))


def resources_over_turns(table: pa.Table, resources: Sequence[str]) -> dict[str, Any]:
    """Per resource and per turn, for the seats that went on to win and those
    that lost (finished games): mean, quartiles, and how many seats were still
    playing. Turns where fewer than :data:`MIN_RUNNING` games go on are cut."""
    done = table["finished"]
    columns = [
        "game",
        "score",
        *(f"res_{n}" for n in resources if f"res_{n}" in table.column_names),
    ]
    finished = table.select(columns)
    if not pc.all(done).as_py():
        finished = finished.filter(done)
    scores = np.asarray(finished["score"], dtype=np.float64)
    # 0 lost, 1 shared, 2 won: integers (strings over millions of entries are slow)
    outcome = np.where(scores >= 1.0, 2, np.where(scores <= 0.0, 0, 1)).astype(np.int8)
    names = ("lost", "shared", "won")
    out: dict[str, Any] = {}
    for name in resources:
        column = f"res_{name}"
        if column not in finished.column_names:
            continue
        values, _, parents = _flat(finished[column])
        if len(values) == 0:
            continue
        arr = finished[column].combine_chunks()
        offsets = np.asarray(arr.offsets, dtype=np.int64)
        turn = np.arange(len(values), dtype=np.int64) - (offsets[parents] - offsets[0]) + 1
        t = pa.table({"turn": turn, "outcome": outcome[parents], "v": values})
        g = t.group_by(["turn", "outcome"]).aggregate(
            [("v", "mean"), ("v", "count"), ("v", "tdigest", pc.TDigestOptions(q=QUARTILES))]
        )
        series: dict[str, dict[str, list[float]]] = {}
        n_games = len(pc.unique(finished["game"]))
        limit = max(MIN_RUNNING, n_games // 50)
        running: dict[int, int] = {}
        rows = zip(
            g["turn"].to_pylist(), g["outcome"].to_pylist(), g["v_mean"].to_pylist(),
            g["v_count"].to_pylist(), g["v_tdigest"].to_pylist(), strict=True,
        )  # fmt: skip
        data = sorted(rows)
        for tn, _, _, count, _ in data:
            running[tn] = running.get(tn, 0) + count
        for tn, oc, mean, count, q in data:
            if running[tn] < limit:
                continue
            s = series.setdefault(names[oc], {k: [] for k in SERIES})
            s["turn"].append(tn)
            s["mean"].append(float(mean))
            s["p25"].append(float(q[0]))
            s["median"].append(float(q[1]))
            s["p75"].append(float(q[2]))
            s["n"].append(int(count))
        out[name] = series
    return out


def matchups(table: pa.Table, column: str) -> dict[str, Any]:
    """Two-seat games: the win rate of each ``column`` value (deck, agent) against
    each other one, as {"names": [...], "cells": {a: {b: rate row}}}."""
    if table.num_rows == 0 or int(table["seats"][0].as_py()) != 2:
        return {}
    t = table.select(["game", "seat", column, "score"])
    t = t.sort_by([("game", "ascending"), ("seat", "ascending")])
    keys = t[column].to_pylist()
    scores = t["score"].to_pylist()
    cells: dict[tuple[str, str], list[float]] = {}
    for i in range(0, len(keys) - 1, 2):
        for me, other in ((i, i + 1), (i + 1, i)):
            c = cells.setdefault((keys[me], keys[other]), [0.0, 0.0])
            c[0] += scores[me]
            c[1] += 1
    names = sorted({k for k, _ in cells} | {k for _, k in cells})
    grid: dict[str, dict[str, Any]] = {}
    for (a, b), (w, n) in cells.items():
        grid.setdefault(a, {})[b] = rate_row(b, w, int(n))
    return {"names": names, "cells": grid}


def compute(info: store.RunInfo, table: pa.Table, band: float = BAND) -> dict[str, Any]:
    """Every statistic of the report, JSON-ready (summary.json holds it)."""
    config = info.config
    game = registry.get(config.game)
    seats = config.seats
    teams = len(set(game.teams(seats)))
    baseline = 1.0 / teams
    # filtering copies every column (decks, cards, resources): only when needed
    failed = pc.is_valid(table["error"])
    n_failed = pc.sum(failed).as_py() or 0
    errors = table.select(["game", "seed", "error"]).filter(failed)
    ok = table.filter(pc.invert(failed)) if n_failed else table
    small = ok.select(["seat", "turns", "actions", "cpu_seconds", "finished"])
    per_game = small.filter(pc.equal(small["seat"], 0))
    scores = np.asarray(ok["score"], dtype=np.float64)
    groups = game.cards.groups()
    played_games = table.num_rows // seats
    first_error = None
    if errors.num_rows:
        first_error = {
            "game": int(errors["game"][0].as_py()),
            "seed": int(errors["seed"][0].as_py()),
            "error": errors["error"][0].as_py(),
        }
    turns = np.asarray(per_game["turns"], dtype=np.float64)
    actions = np.asarray(per_game["actions"], dtype=np.float64)
    seconds = np.asarray(per_game["cpu_seconds"], dtype=np.float64)
    summary: dict[str, Any] = {
        "game": game.name,
        "title": game.title,
        "config": config.to_json() | {"decks": [d.name for d in config.decks]},
        "planned": info.games,
        "games": played_games,
        "complete": played_games >= info.games,
        "errors": errors.num_rows // seats,
        "first_error": first_error,
        "unfinished": int(per_game.num_rows - pc.sum(per_game["finished"]).as_py())
        if per_game.num_rows
        else 0,
        "seats": seats,
        "teams": teams,
        "baseline": baseline,
        "band": band,
        "created": info.created,
        "cards_fingerprint": info.cards,
        "by_agent": rates_by(ok["agent"], scores),
        "by_deck": rates_by(ok["deck"], scores),
        "by_order": sorted(rates_by(ok["order"], scores), key=lambda r: r["name"]),
        "by_family": [],
        "by_family_each": [],
        "turns": _quantiles(turns),
        "actions": _quantiles(actions),
        "cpu_seconds_per_game": float(seconds.mean()) if seconds.size else 0.0,
        "turn_histogram": {},
        "cards": [],
        "card_measure": card_measure(config.deck_mode, False, _deals_random_decks(game)),
        "min_played": MIN_PLAYED,
        "resources": resources_over_turns(ok, info.resources),
        "deck_matchups": {},
        "agent_matchups": {},
    }
    if turns.size:
        values, counts = np.unique(turns.astype(np.int64), return_counts=True)
        summary["turn_histogram"] = {int(v): int(c) for v, c in zip(values, counts, strict=True)}
    has_decks = ok.num_rows > 0 and len(_flat(ok["deck_cards"])[0]) > 0
    if groups and has_decks:
        summary["by_family"] = rates_by(pa.array(deck_families(ok["deck_cards"], groups)), scores)
        summary["by_family_each"] = rates_by_family(ok["deck_cards"], groups, scores)
    if ok.num_rows:
        measure = card_measure(config.deck_mode, has_decks, _deals_random_decks(game))
        summary["card_measure"] = measure
        summary["cards"] = card_table(ok, groups, baseline, band, measure["key"])
        if len({*ok["deck"].to_pylist()}) > 1:
            summary["deck_matchups"] = matchups(ok, "deck")
        if len(config.labels) > 1:
            summary["agent_matchups"] = matchups(ok, "agent")
    return summary


def _deals_random_decks(game: Any) -> bool:

    try:
        game.decks.random(Rng(0))
    except NotSupported:
        return False
    return True


def summarize(folder: Path, band: float = BAND) -> dict[str, Any]:
    """:func:`compute` for the run in ``folder``."""
    return compute(store.read_run(folder), store.read_games(folder), band)


def _change(name: Any, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any] | None:
    """One rate before and after, and whether the change is larger than chance
    (two-proportion z test at 95%)."""
    n0, n1 = before["games"], after["games"]
    if not n0 or not n1:
        return None
    p0, p1 = before["rate"], after["rate"]
    se = float(np.sqrt(p0 * (1 - p0) / n0 + p1 * (1 - p1) / n1))
    delta = p1 - p0
    z = delta / se if se > 0 else (0.0 if delta == 0 else float(np.sign(delta)) * 99.0)
    return {
        "name": name,
        "before": p0,
        "after": p1,
        "delta": delta,
        "z": z,
        "changed": abs(z) > 1.959963984540054,
        "games": [n0, n1],
    }


def compare(after: dict[str, Any], before: dict[str, Any], folder: str = "") -> dict[str, Any]:
    """What changed between two runs' summaries (``ossuary report --compare``):
    decks, agents, families, turn order and cards, largest changes first."""
    out: dict[str, Any] = {"folder": folder, "games": [before["games"], after["games"]]}
    # what else differs between the runs, so nobody credits the cards with it
    a, b = after["config"], before["config"]
    out["differ"] = [k for k in ("agents", "seats", "deck_mode", "decks") if a.get(k) != b.get(k)]
    out["same_cards"] = after["cards_fingerprint"] == before["cards_fingerprint"]
    for key in ("by_deck", "by_agent", "by_family", "by_order"):
        old = {r["name"]: r for r in before.get(key, [])}
        rows = [
            _change(r["name"], old[r["name"]], r) for r in after.get(key, []) if r["name"] in old
        ]
        out[key] = sorted((r for r in rows if r), key=lambda r: -abs(r["z"]))
    # the cards' own measure (the deck rate; the drawn rate for a shared deck)
    key = (after.get("card_measure") or {}).get("key") or "deck"
    old_cards = {c["card"]: c.get(key) for c in before.get("cards", [])}
    cards = [
        _change(c["card"], old_cards[c["card"]], c[key])
        for c in after.get("cards", [])
        if old_cards.get(c["card"]) is not None and key in c
    ]
    out["cards"] = sorted((c for c in cards if c), key=lambda c: -abs(c["z"]))
    out["turns"] = [before.get("turns", {}).get("median"), after.get("turns", {}).get("median")]
    return out
