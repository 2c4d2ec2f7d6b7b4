"""The last two (guide THE LAST TWO): Deathrender and Razor, the only Scorched
Earth cards, and the two scenarios that follow the second one's Endgame.

- **Scorch the Earth**: one on each side, played in the same zone, and after
  the second one's ability that zone is empty on both sides (no regular card,
  no Diabolical): both die and the zone is sealed for both sides for the rest
  of the game.
- **How Dare You**: one side played both. Its two Endgames never make the
  same choice (the global rule, in :func:`.effects.step_ability`); in the same
  zone they kill each other, and nothing is scorched.
"""

from __future__ import annotations

from .mat import take_off
from .queries import special, zone_cards
from .state import RULES, DiaboState, at, event


def other_scorched(s: DiaboState, cid: int) -> int:
    """The other Scorched Earth card on the mat, or -1."""
    for c in special(s, "scorched"):
        if c != cid and s.place[c] >= 0:
            return c
    return -1


@RULES.step
def step_scorched(s: DiaboState, cid: int) -> None:
    """Runs after a Scorched Earth card's Endgame has settled."""
    other = other_scorched(s, cid)
    if other < 0 or s.place[cid] < 0:
        return
    side, zone, _ = at(s.place[cid])
    other_side, other_zone, _ = at(s.place[other])
    if zone != other_zone:
        return
    pair = [s.defs[cid].name, s.defs[other].name]
    if side == other_side:
        # How Dare You: they fight to the death; Scorched Earth is not triggered
        for c in (cid, other):
            take_off(s, c)
            s.dead.append(c)
        event(s, "how_dare_you", cards=pair, zone=zone)
        return
    if zone_cards(s, 0, zone) or zone_cards(s, 1, zone):
        return
    # Scorch the Earth: both die and the zone is sealed for both sides
    for c in (cid, other):
        take_off(s, c)
        s.dead.append(c)
    s.sealed[zone] = True
    event(s, "scorch", cards=pair, zone=zone)
