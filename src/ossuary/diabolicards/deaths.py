"""Kills and deaths (guide THE USUAL TURN steps 3-5, THE ABILITIES "Kill
Capable" and "Cheat Death").

A kill is *announced* (step 3): the card joins ``s.doomed``. Step 4, the
counters: the controller of each doomed card that can cheat death (Runaway,
Deathdodge, the only escapes) is asked whether to use it; the engine asks, so
no counter is lost to a short memory. Step 5: the dead are discarded. A death
can bring more: the other cards of a Why Stick trio and a Doom Pact partner die
with it (bonds, not kills: nothing escapes them), and a Dead Man's Switch
announces one more kill, which gets its own counters and discard.
"""

from __future__ import annotations

from .mat import relocate, take_off
from .queries import free_slots, immune, matches, special, undying, usable, zone_cards
from .state import RULES, DiaboState, at, event


# =============================================================================
# Announcing kills (step 3)
# =============================================================================
def kill_targets(
    s: DiaboState,
    source: int,
    side: int,
    zone: int,
    type_: str | None = None,
    gender: str | None = None,
    only_plain: bool = False,
) -> list[int]:
    """Cards an ability of ``source`` may kill on one side of a zone: not
    immune to it, not undying, not already doomed, not the source itself."""
    by_scorched = s.defs[source].scorched
    return [
        c
        for c in zone_cards(s, side, zone)
        if c != source
        and c not in s.doomed
        and c not in s.final
        and not immune(s, c, by_scorched)
        and not undying(s, c)
        and matches(s, c, type_, gender, only_plain)
    ]


def announce(s: DiaboState, cid: int, source: int) -> None:
    s.doomed.append(cid)
    event(s, "kill", card=s.defs[cid].name, source=s.defs[source].name)


def ask_kill(
    s: DiaboState,
    source: int,
    seat: int,
    side: int,
    zone: int,
    left: int,
    exactly: bool,
    type_: str | None,
    gender: str | None,
    only_plain: bool,
) -> None:
    """Ask ``seat`` for the next card to kill; "up to N" may stop early."""
    targets = kill_targets(s, source, side, zone, type_, gender, only_plain)
    if not targets or left <= 0:
        return
    opts = tuple(f"kill {c}" for c in targets)
    if not exactly:
        opts += ("done",)
    s.ask("kill", seat, opts, source, seat, side, zone, left, exactly, type_, gender, only_plain)


@RULES.resume("kill")
def resume_kill(s: DiaboState, ctx: tuple[object, ...], aid: str) -> None:
    source, seat, side, zone, left, exactly, type_, gender, only_plain = ctx
    if aid == "done":
        return
    announce(s, int(aid.split()[1]), int(source))  # type: ignore[call-overload]
    ask_kill(s, source, seat, side, zone, left - 1, exactly, type_, gender, only_plain)  # type: ignore[arg-type, operator]


# =============================================================================
# Counters (step 4) and the discard (step 5)
# =============================================================================
def flee_zones(s: DiaboState, cid: int) -> list[int]:
    """Runaway: another zone of the card's side with an empty regular slot."""
    side, zone, _ = at(s.place[cid])
    return [z for z in range(3) if z != zone and free_slots(s, side, z) > 0]


def can_counter(s: DiaboState, cid: int) -> bool:
    """May the card cheat this death? Its escape must work where it is (a
    linked card only in its zone) and, for Runaway, have somewhere to run."""
    how = s.defs[cid].escape
    if not how or s.place[cid] < 0 or not usable(s, cid):
        return False
    return how == "dodge" or bool(flee_zones(s, cid))


def _deck_ran_out(s: DiaboState) -> None:
    """Borrowed Time: its card dies the moment the main deck is empty."""
    for c in special(s, "die"):
        d = s.defs[c]
        if (
            s.place[c] >= 0
            and d.ability is not None
            and d.ability.effects[0].get("when") == "deck_empty"
            and usable(s, c)
            and c not in s.final
        ):
            event(s, "borrowed_time", card=d.name)
            s.final.append(c)


@RULES.step
def step_settle(s: DiaboState) -> None:
    """Ask the counters one doomed card at a time, then discard the dead."""
    if not s.deck:
        _deck_ran_out(s)
    while s.doomed:
        cid = s.doomed[0]
        if s.place[cid] >= 0 and can_counter(s, cid):
            s.push("settle")
            s.ask("counter", s.ctrl[cid], ("escape", "die"), cid)
            return
        s.doomed.pop(0)
        if s.place[cid] >= 0 and cid not in s.final:
            s.final.append(cid)
    if s.final:
        discard(s)


@RULES.resume("counter")
def resume_counter(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    s.doomed.remove(cid)
    d = s.defs[cid]
    if aid == "die":
        event(s, "no_counter", card=d.name)
        s.final.append(cid)  # a savable card discarded is dead for good
        return
    s.lost.add(cid)  # a cheat is good once; the next death is final
    if d.escape == "dodge":
        if s.deck:
            take_off(s, cid)
            # it left the mat without dying: its bonds end and take no one with
            # them (rules-notes: a Doom Pact or Why Stick binds cards on the mat)
            s.sticks = [t for t in s.sticks if cid not in t]
            s.pacts = [p for p in s.pacts if cid not in p]
            s.deck.append(cid)
            s.known[cid] = 0
            s.rng.shuffle(s.deck)
            event(s, "dodge", card=d.name)
        else:
            # Deathdodge with an empty deck: the card simply stays where it is
            event(s, "dodge_stays", card=d.name)
        return
    zones = flee_zones(s, cid)
    s.ask("flee", s.ctrl[cid], tuple(f"flee {z}" for z in zones), cid)


@RULES.resume("flee")
def resume_flee(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    zone = int(aid.split()[1])
    side = at(s.place[cid])[0]
    relocate(s, cid, side, zone)
    event(s, "runaway", card=s.defs[cid].name, zone=zone)


def discard(s: DiaboState) -> None:
    """Step 5: the dead go to the dead pile, with their bonds; a Dead Man's
    Switch then announces its kill."""
    switches: list[tuple[int, int, int, int]] = []
    while s.final:
        cid = s.final.pop(0)
        if s.place[cid] >= 0:
            _die(s, cid, switches)
    if switches:
        s.push("settle")
        for source, seat, side, zone in reversed(switches):
            s.push("switch", source, seat, side, zone)


def _die(s: DiaboState, cid: int, switches: list[tuple[int, int, int, int]]) -> None:
    d = s.defs[cid]
    seat = s.ctrl[cid]
    if "on_death_kill" in d.verbs and usable(s, cid):
        side, zone, _ = at(s.place[cid])
        switches.append((cid, seat, side, zone))
    take_off(s, cid)
    s.dead.append(cid)
    event(s, "dies", card=d.name, p=seat)
    bound = [t for t in s.sticks if cid in t]
    s.sticks = [t for t in s.sticks if cid not in t]
    for trio in bound:
        # Why Stick: when one of the three dies, all three die
        for other in trio:
            if s.place[other] >= 0 and not undying(s, other) and not immune(s, other):
                _die(s, other, switches)
    partners = [b if a == cid else a for a, b in s.pacts if cid in (a, b)]
    s.pacts = [p for p in s.pacts if cid not in p]
    for other in partners:
        # Doom Pact: when either dies, so does the other
        if s.place[other] >= 0 and not undying(s, other) and not immune(s, other):
            _die(s, other, switches)


@RULES.step
def step_switch(s: DiaboState, source: int, seat: int, side: int, zone: int) -> None:
    """Dead Man's Switch: its controller kills a card on the other side of the
    zone it died in."""
    d = s.defs[source]
    assert d.ability is not None
    e = d.ability.effects[0]
    target_side = side if e.get("side") == "yours" else 1 - side
    event(s, "switch", card=d.name)
    ask_kill(s, source, seat, target_side, zone, e.get("up_to"), False, None, None, False)
