"""The computer levels' measured strength on the players' rating scale.

``ladder.json`` beside this module is written by ``bench/ladder.py``
(docs/ai.md, "The levels on the rating scale"): per table (``game:seats``)
and level, the rating the ladder's games gave it, with its sigma and games.
The lobby says "about as strong as a player rated 1650" for a level only where the
file has a settled figure for that table (not provisional, as a person's
rating would be shown with "?"); nowhere else, and never a guess.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path
from typing import Any

from . import ratings

log = logging.getLogger("ossuary.server")
LADDER = Path(__file__).with_name("ladder.json")


@cache
def _ladder() -> dict[str, Any]:
    try:
        data = json.loads(LADDER.read_text())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:  # a damaged file: no figures, said once
        log.warning("the computer levels' strength is not shown: %s: %s", LADDER, exc)
        return {}
    tables = data.get("tables") if isinstance(data, dict) else None
    return tables if isinstance(tables, dict) else {}


def rating(level: str, table: str) -> int | None:
    """The shown rating the ladder measured for ``level`` at ``table``
    (``game:seats``); None where it measured none, or too few games to settle it."""
    found = _ladder().get(table, {}).get(level)
    if not isinstance(found, dict):
        return None
    mu, sigma, games = found.get("mu"), found.get("sigma"), found.get("games")
    if not all(isinstance(x, int | float) for x in (mu, sigma, games)):
        return None
    skill = ratings.Skill(float(mu), float(sigma), int(games))  # type: ignore[arg-type]
    return None if ratings.provisional(skill) else ratings.shown(skill)


def words(level: str, table: str) -> str | None:
    """``about as strong as a player rated 1650`` (to the nearest 10), where measured."""
    found = rating(level, table)
    return None if found is None else f"about as strong as a player rated {round(found, -1)}"


def measured() -> dict[str, dict[str, str]]:
    """Every measured figure in words: level -> table -> words."""
    out: dict[str, dict[str, str]] = {}
    for table, levels in _ladder().items():
        for level in levels if isinstance(levels, dict) else ():
            said = words(level, table)
            if said is not None:
                out.setdefault(level, {})[table] = said
    return out
