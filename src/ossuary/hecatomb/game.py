"""Starting a game, and the parts of the public API that need the rules."""

from __future__ import annotations

from ..engine.errors import DeckError, SetupError
from ..engine.game import check_setup
from ..engine.names import seat_name
from ..engine.rng import Rng
from ..engine.untrusted import shown, small_int
from . import effects as _effects  # noqa: F401  (registers the effect verbs)
from . import rules, view, words
from .cards import CardPool, base_pool
from .decks import preconstructed, resolve_deck
from .queries import (
    abom_keywords,
    can_attack,
    can_block,
    can_pay,
    mana_available,
    placements,
)
from .saved import load_state
from .state import RULES, START_HAND, HecatombState

MIN_SEATS, MAX_SEATS = 2, 6
TITLE = "Hecatomb"
SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


def new_game(
    decks: list[list[str] | str] | None = None,
    seats: int = 2,
    seed: int = 0,
    first: int | None = None,
    pool: CardPool | None = None,
) -> HecatombState:
    """Set up a game (rulebook "Setup and Start") and run to the first decision.

    ``decks``: per seat, a list of card names or a preconstructed deck's name;
    None uses the preconstructed decks in turn. ``first``: the first player, or
    None to let the seed choose.
    """
    check_setup(TITLE, SEAT_COUNTS, seats, seed, first)  # a SetupError names what is wrong
    pool = pool or base_pool()
    if decks is None:
        names = list(preconstructed())
        decks = [names[i % len(names)] for i in range(seats)]
    if not isinstance(decks, list | tuple):
        raise SetupError(
            f"decks must be a list with one deck per seat (a preconstructed deck's name or "
            f"a list of card names), not {type(decks).__name__} {shown(decks)}"
        )
    if len(decks) != seats:
        raise DeckError(f"{seats} seats need {seats} decks (one deck per seat), got {len(decks)}")
    for i, deck in enumerate(decks):
        if isinstance(deck, str):
            continue
        if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
            raise SetupError(
                f"{seat_name(i)}'s deck must be a preconstructed deck's name or a list of card "
                f"names, not {shown(deck)}"
            )
    lists = [resolve_deck(d, pool, f"{seat_name(i)}'s deck") for i, d in enumerate(decks)]
    s = HecatombState()
    s.n = seats
    s.decks = lists
    s.rng = Rng(seed)
    s.seed = seed
    rules.turn.deal(s, lists, pool)
    chosen = s.rng.below(seats)  # always drawn, so a given first player keeps the same shuffle
    s.first = chosen if first is None else first
    s.turn = s.first
    for p in range(seats):
        rules.base.draw(s, p, START_HAND)
    s.push("start_turn")
    s.run()
    return s


def deserialize(text: str) -> HecatombState:
    """Rebuild a state from :meth:`HecatombState.serialize` output, checked: a
    garbage, foreign or tampered text is a :class:`StateError` naming the field
    (see :mod:`ossuary.hecatomb.saved`)."""
    return load_state(text)


def explain_illegal(self: HecatombState, aid: str) -> tuple[str, str]:
    """Why an action is not legal now, and which rule says so."""
    pending = self.pending
    assert pending is not None
    kind = pending.kind
    verb, _, rest = aid.partition(" ")
    seat = self.seats[pending.player]
    legal = ", ".join(pending.options)
    generic = (self.not_an_option(aid), "")
    # Only ASCII digits of sensible length are ids (int() reads "²" and 5,000 digits).
    words = rest.split(" ")
    nums = [small_int(w) for w in words]
    num = nums[0] if nums and nums[0] is not None else -1
    if verb == "mana":
        if kind != "main":
            return "mana cards can be added only in your main phase, not during an attack", (
                "rulebook: Attack"
            )
        if seat.mana_added:
            return "you have already added a mana card this turn", "rulebook: Add One Mana Card"
        if num not in seat.hand:
            return f"card {num} is not in your hand", "rulebook: Add One Mana Card"
    if verb == "end" and kind == "window":
        return "the turn can't end during an attack; pass instead", "rulebook: Attack"
    if verb == "play" and kind in ("main", "window"):
        if num not in seat.hand:
            return f"card {num} is not in your hand", "rulebook: Play Cards"
        d = self.defs[num]
        twin = next(
            (
                o
                for o in pending.options
                if o.startswith("play ") and self.defs[int(o.split()[1])].name == d.name
            ),
            None,
        )
        if twin is not None:
            return (
                f"identical copies of {d.name} in hand are one option: use {twin!r}",
                "engine: interchangeable choices are collapsed",
            )
        if kind == "window" and not d.is_combat:
            return (
                f"{d.name} is a {d.type}; only combat fates and combat minions can be played "
                "during an attack",
                "rulebook: Attack",
            )
        avail = mana_available(self, pending.player)
        if not can_pay(avail, d.doom_i, d.cost):
            return (
                f"{d.name} costs {d.cost} with at least one {d.doom} mana; you have "
                f"{sum(avail)} mana available, {avail[d.doom_i]} of it {d.doom}",
                "rulebook: Tapping mana cards",
            )
        if d.type in ("fate", "combat fate"):
            return f"{d.name} needs a legal target and there is none", "rulebook: Playing fates"
    if verb == "attack":
        if kind != "main":
            return "you can start an attack only from your main phase", "rulebook: Attack"
        return (
            "none of your abominations can attack: each is tapped, has one minion, got a "
            "minion this turn, was stitched this turn, or has Guardian; or no enemy's "
            "attack cost (a relic or god's toll) can be paid",
            "rulebook: Declare attackers; glossary: attack",
        )
    if verb == "attacker" and kind == "attacker" and num in self.aboms:
        a = self.aboms[num]
        why = (
            "it is tapped"
            if a.tapped
            else "a one-minion abomination can't attack"
            if a.size < 2
            else "it has Guardian"
            if abom_keywords(self, a).get("guardian")
            else "it got a minion (or was stitched) this turn"
        )
        if a.owner != pending.player:
            why = "it is not yours"
        if not can_attack(self, a) or a.owner != pending.player:
            return f"abomination {num} can't attack: {why}", "rulebook: Declare attackers"
    if verb == "block" and kind == "block":
        if len(nums) == 2 and None not in nums:
            blk, att = (self.aboms.get(n) for n in nums if n is not None)
            if blk is not None and att is not None:
                combat = self.combat
                if combat is not None and blk.owner != combat.defender:
                    return (
                        "only the defending player's abominations can block",
                        "rulebook: Assign blockers",
                    )
                if combat is not None and att.aid not in combat.attackers:
                    return f"abomination {att.aid} is not attacking", "rulebook: Assign blockers"
                if blk.size < 2:
                    return "a one-minion abomination can't block", "glossary: block"
                if blk.tapped:
                    return "a tapped abomination can't block", "rulebook: Assign blockers"
                if not can_block(self, blk, att):
                    return (
                        "the attacker has Evader against a doom the blocker has",
                        "glossary: Evader",
                    )
                return "that blocker is already blocking, or that attacker is already blocked", (
                    "rulebook: Assign blockers"
                )
    if verb == "pay" and kind == "pay":
        d = self.defs[pending.ctx[1]]
        cost = d.cost + pending.ctx[2]
        return (
            f"{d.name} costs {cost}: tap exactly {cost} mana you have, at least one of them "
            f"{d.doom}; possible: {legal}",
            "rulebook: Tapping mana cards",
        )
    if verb == "done" and kind == "rip":
        return (
            f"the damage left ({pending.ctx[2]}) can't be spread over the minions not chosen "
            "without destroying one: choose another minion to destroy",
            "glossary: Ripper; rulebook: Have abominations fight",
        )
    if verb == "x" and kind == "x":
        return (
            f"you can't pay for that X; choose from: {legal}",
            "glossary: X; rulebook: Tapping mana cards",
        )
    if verb == "tap":
        if kind not in ("main", "window"):
            return "tap abilities can be used only when you could play combat fates", "glossary: ↻"
        if len(nums) == 3 and None not in nums:
            user_id, cid, i = (n for n in nums if n is not None)
            user = self.aboms.get(user_id)
            if user is None or user.owner != pending.player:
                return "that is not one of your abominations", "glossary: ↻"
            if user.tapped:
                return "a tapped abomination can't use its tap ability", "glossary: ↻"
            if cid in user.cards and i < len(self.defs[cid].abilities):
                need = self.defs[cid].abilities[i].tap
                if user.size < need:
                    return (
                        f"this ↻{need} ability needs an abomination of size {need} or more; "
                        f"it has {user.size}",
                        "glossary: ↻",
                    )
    if verb == "on" and kind == "place" and num in self.aboms:
        a = self.aboms[num]
        d = self.defs[pending.ctx[1]]
        if f"on {num}" not in placements(self, pending.player, d):
            if d.kw.get("host"):
                return f"{d.name} has Host: it can only be a new abomination", "glossary: Host"
            if a.owner != pending.player:
                return (
                    "you can play minions only on your own abominations",
                    "rulebook: Playing minions",
                )
            if a.size >= 5:
                return "an abomination holds at most five minions", "rulebook: Playing minions"
            return (
                "that abomination has Parasite: nothing can be played on it",
                "glossary: Parasite",
            )
    return generic


# the one place the rules are bound: the state's behaviours (engine/rules.py)
RULES.bind(
    view=view.view,
    resample=view.resample,
    redact_event=view.redact_event,
    action_label=words.label,
    prompt=words.prompt,
    explain_illegal=explain_illegal,
)
