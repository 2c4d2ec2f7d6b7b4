"""One deck tried against a field: what ``ossuary deck try`` and the server's
"Try this deck" play, and the numbers they show.

A trial is an ordinary run of the simulator in the ``versus`` deck mode
(:mod:`ossuary.sim.plan`): the deck first, then the field (by default every
preconstructed deck of its game), the deck against each of them and never the
field against itself, heuristic against heuristic, each side in each seat and
going first equally often. Its games are played by :func:`~ossuary.sim.play.play_chunk`
like any run's, and :func:`summary` reads them with the simulator's own
statistics (:mod:`ossuary.sim.stats`): the deck's win rate against each
opponent with its 95% interval, and the deck's cards by how often the seats
that played them won (a card played by fewer than ``stats.MIN_PLAYED`` of the
deck's seats is listed as such, not ranked). The played rate leans toward
cards cast when already ahead (docs/balance.md); within one deck, against one
field, it still says which cards were there when the deck won.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .. import games as registry
from ..agents.arena import MAX_ACTIONS
from .plan import PER_OPPONENT, VERSUS_DECKS, Deck, SimConfig, SimError
from .stats import BAND, MIN_PLAYED, card_table, matchups, rate_row

AGENT = "heuristic"  # quick and steady: a few hundred games take seconds to a minute
MEASURE = "played"  # the cards are ranked by the win rate of the seats that played them
SHOWN = 3  # the cards shown as winning most and least


def field_of(game_name: str) -> dict[str, list[str]]:
    """The decks a deck is tried against: the game's preconstructed decks."""
    return dict(registry.get(game_name).decks.preconstructed())


def trial_config(
    game_name: str,
    cards: Sequence[str],
    name: str = "your deck",
    field: Mapping[str, Sequence[str]] | None = None,
    seed: int = 1,
    agent: str = AGENT,
) -> SimConfig:
    """The run that tries ``cards`` against ``field`` (the preconstructed decks)."""
    game = registry.get(game_name)
    field = field_of(game.name) if field is None else field
    if not field:
        raise SimError(f"{game.title} has no decks to try a deck against")
    if 2 not in game.seat_counts:
        raise SimError(f"{game.title} has no two-player game to try a deck in")
    mine = name if name not in field else f"{name} (yours)"
    decks = (Deck(mine, tuple(cards)), *(Deck(n, tuple(c)) for n, c in field.items()))
    return SimConfig(
        game=game.name,
        agents=(agent,),
        seats=2,
        deck_mode=VERSUS_DECKS,
        decks=decks,
        seed=seed,
        max_actions=MAX_ACTIONS,
    )


def planned_games(config: SimConfig, per_opponent: int = PER_OPPONENT) -> int:
    """Games for about ``per_opponent`` against each opponent, rounded up so
    that the deck meets each opponent in every seat and every place in turn
    order equally often (the seating's deck line-up changes fastest, then the
    first player, then the seats: :mod:`ossuary.sim.plan`)."""
    opponents = len(config.decks) - 1
    even = config.seats * config.seats * opponents
    return max(1, math.ceil(per_opponent * opponents / even)) * even


def summary(config: SimConfig, table: pa.Table, planned: int | None = None) -> dict[str, Any]:
    """What a trial's games say so far (any part of the run: the numbers fill in
    as games come): the deck's win rate overall and against each opponent with
    95% intervals, and its cards that won most and least when played."""
    game = registry.get(config.game)
    mine = config.decks[0].name
    opponents = [d.name for d in config.decks[1:]]
    own = {c for c in config.decks[0].cards}
    seats = table.num_rows // config.seats if table.num_rows else 0
    out: dict[str, Any] = {
        "game": game.name,
        "deck": mine,
        "planned": planned,
        "games": seats,
        "errors": 0,
        "overall": rate_row(mine, 0.0, 0),
        "opponents": [rate_row(o, 0.0, 0) for o in opponents],
        "cards": {"best": [], "worst": [], "unranked": [], "min_played": MIN_PLAYED},
    }
    if not table.num_rows:
        return out
    failed = pc.is_valid(table["error"])
    errors = int(pc.sum(failed).as_py() or 0)
    out["errors"] = errors // config.seats
    ok = table.filter(pc.invert(failed)) if errors else table
    if not ok.num_rows:
        return out
    ours = ok.filter(pc.equal(ok["deck"], mine))
    scores = np.asarray(ours["score"], dtype=np.float64)
    out["overall"] = rate_row(mine, float(scores.sum()), len(scores))
    cells = matchups(ok, "deck").get("cells", {}).get(mine, {})
    out["opponents"] = [cells.get(o) or rate_row(o, 0.0, 0) for o in opponents]
    teams = len(set(game.teams(config.seats)))
    # the deck's seats only, ranked by the played win rate ("won most when
    # played"); a card played too rarely is not ranked but listed, with why
    table_ = card_table(ours, game.cards.groups(), 1.0 / teams, BAND, MEASURE)
    rows = [c for c in table_ if c["card"] in own]
    brief = [{"card": c["card"], "played": c["played"], "drawn": c["drawn"]}
             for c in rows if c["ranked"]]  # fmt: skip
    best = brief[:SHOWN]
    out["cards"]["best"] = best
    out["cards"]["worst"] = [c for c in reversed(brief) if c not in best][:SHOWN]
    out["cards"]["unranked"] = [
        {"card": c["card"], "played": c["played"]["games"], "note": c["note"]}
        for c in rows
        if not c["ranked"]
    ]
    return out
