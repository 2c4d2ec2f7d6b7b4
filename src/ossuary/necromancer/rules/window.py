"""The response window and the response stack (section 13).

Every action taken in a main phase (playing a card, an ability, Draw Card,
Destroy Magic, an attack, a dismissal; not Sacrifice Card, not ending the
turn) goes on the response stack and opens a window. Each living player is
asked once, in turn order from the next player to the one who acted, whether
to respond; a response goes on top of the stack and the same player may add
another before passing. Once everyone has passed the stack resolves from the
top (last in, first out) and nothing more can be added; an entry that was
negated does nothing. Then the original action, at the bottom, resolves unless
it was negated.

What may respond (our reading, ``docs/rules-notes.md``): what a player may do
on any player's turn: reaction spells, Destroy Magic, activated abilities that
say they work on any turn, and Sacrifice Card (to pay for those; it resolves at
once). Attacks and dismissals never (section 13, "Restrictions"). On one's
own turn too: Draw Card and other abilities are main-phase actions (FAQ 6
reads "during your turn" as "at any point in the Main Phase"), and a window
is not the main phase, or every card could answer there.

Hidden information: a player is asked even when nothing in their hand can be
used (a "pass" only question), unless the public position already shows they
could do nothing: no magic card for Destroy Magic, no any-turn ability, and
no reaction card of their (open) deck list that could still be in their hand
and be paid for and aimed now. Every way of paying counts: the cards in hand
could all be sacrificed. Skipping such a player tells nobody anything.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine.cardlang import one_per_name
from ..cards import CardDef
from ..ids import PLAY_ID
from ..queries import any_magic, any_target, cost_of, turn_order
from ..state import EMPTY, MAX_LIFEFORCE, RULES, Item, NecroState
from .actions import ability_options, destroy_magic_options, playable, resolve_item, take_action
from .base import event, to_graveyard
from .triggers import fire

DESTROY_MAGIC: Final = 4  # section 10, "Destroy Magic"
DRAW_CARD: Final = 3  # section 10, "Draw Card"


@RULES.step
def step_declare(
    s: NecroState, kind: str, p: int, source: int, target: str | None, extra: tuple[int, ...]
) -> None:
    """An action goes on the response stack. The first one (a main phase
    action) opens the window; later ones are responses inside it."""
    s.rstack.append(Item(kind, p, source, target, tuple(extra)))
    if len(s.rstack) == 1:
        s.push("resolve")
        s.push("window", p, 0)


def asking_order(s: NecroState, actor: int) -> list[int]:
    """Section 13, "Response Order": from the next player in turn order to the
    player who acted, who is asked last."""
    return turn_order(s, actor + 1)


@RULES.step
def step_window(s: NecroState, actor: int, k: int) -> None:
    order = asking_order(s, actor)
    while k < len(order):
        q = order[k]
        if could_respond(s, q):
            opts = response_options(s, q)
            opts.append("pass")
            s.ask("window", q, tuple(opts), actor, k)
            return
        k += 1


@RULES.resume("window")
def resume_window(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    actor, k = ctx
    q = asking_order(s, actor)[k]
    if choice == "pass":
        s.push("window", actor, k + 1)
        return
    s.push("window", actor, k)  # asked again after responding

    take_action(s, q, choice, "window")


def could_respond(s: NecroState, q: int) -> bool:
    """Whether the public position leaves ``q`` anything to respond with (see
    the module docstring); never looks at which cards are in a hand."""
    seat = s.seats[q]
    lf = seat.lifeforce
    hand = seat.hand
    # Sacrifice Card pays too (section 10, FAQ 3): every card in hand is a
    # lifeforce the player could have, and how many they hold is public
    if lf + len(hand) >= DESTROY_MAGIC and any_magic(s):
        return True
    if any_turn_abilities(s, q, lf + len(hand), first=True):
        return True
    reactions = s.reactions[q]
    if not hand or not reactions:
        return False
    budget = lf + len(hand) - 1  # sacrificing the other cards pays for one
    defs = s.defs
    for c in reactions:
        # a card in hand or deck might be in hand: that set is public by elimination
        d = defs[c]
        # the cost first: the deck is a long list to look through
        if cost_of(s, q, d) <= budget and (c in hand or c in seat.deck):
            ab = d.aim
            if ab is None or ab.target is None or any_target(s, q, ab.target, c):
                return True
    return False


def any_turn_abilities(
    s: NecroState, q: int, budget: int | None = None, first: bool = False
) -> list[str]:
    """``use <cid> <i>`` for ``q``'s activated abilities that work on any turn
    and cost at most ``budget`` (default: the lifeforce ``q`` has now); with
    ``first``, only the first found (enough to know there is one)."""
    return ability_options(s, q, s.seats[q].lifeforce if budget is None else budget, True, first)


def _reaction(d: CardDef) -> bool:
    return d.reaction


def response_options(s: NecroState, q: int) -> list[str]:
    """What ``q`` may do in a window right now (besides passing)."""
    seat = s.seats[q]
    opts: list[str] = []
    for c in one_per_name(seat.hand, s.defs, _reaction):
        if playable(s, q, c, window=True):
            opts.append(PLAY_ID.of(c))
    opts.extend(destroy_magic_options(s, q))
    opts.extend(any_turn_abilities(s, q))
    if seat.hand:
        opts.append("sacrifice")
    return opts


def new_magic(s: NecroState, q: int) -> list[int]:
    """Other players' magic cards in play that came into play this turn (slots
    and relics), which ``q`` has not yet had a main phase to destroy. Public:
    read from the log since the turn began."""
    arrived: set[tuple[int, str]] = set()
    log = s.log
    for i in range(len(log) - 1, -1, -1):  # (not reversed(): mypyc 2.4 fails on it here)
        e = log[i]
        kind = e.get("e")
        if kind == "turn":
            break
        if kind in ("magic", "attach") and e.get("p") != q:
            who: int = e["p"]
            name: str = e["card"]
            arrived.add((who, name))
    if not arrived:
        return []
    defs = s.defs
    out = [c for p, seat in enumerate(s.seats) if p != q for c in seat.magic
           if c != EMPTY and (p, defs[c].name) in arrived]  # fmt: skip
    out += [r for m in s.minions.values() for r in m.relics
            if s.owner[r] != q and (s.owner[r], defs[r].name) in arrived]  # fmt: skip
    return [c for c in out if c not in s.dying]


def own_action(s: NecroState, q: int) -> bool:
    """Whether ``q`` is asked, on its own turn, about its own action (nobody
    answered it, or ``q`` answered last): whatever ``q`` could answer with, its
    main phase comes right after, where all of it may be done too."""
    return s.turn == q and bool(s.rstack) and s.rstack[-1].player == q


#: one thing a player could answer a window with: (what, card, lifeforce it costs);
#: ``what`` is "reaction" (a hand card), "ability" (a card's any-turn ability) or
#: "destroy" (Destroy Magic on that magic card)
Answer = tuple[str, int, int]


def answers(s: NecroState, q: int) -> list[Answer]:
    """What ``q``, asked in a window, could answer with that is worth stopping a
    player for; empty: only passing matters, and a client may pass for its
    player (auto-pass, ``docs/terminal.md``). Counted: a reaction in hand or an
    any-turn ability that could be paid for, now or by sacrificing the rest of
    the hand (+1 lifeforce a card, never above 10), and that has something to
    aim at; Destroy Magic on another player's magic card that came into play
    this turn (:func:`new_magic`), payable the same way. Not counted: anything
    in a window about one's own action on one's own turn (:func:`own_action`),
    Destroy Magic on one's own magic or on magic already in play when one's own
    turn came (it can wait for the main phase), and Sacrifice Card alone (on
    offer whenever the hand holds a card). Reads ``q``'s own hand, so only ``q``'s
    view may carry the answer; the window itself is asked as
    :func:`could_respond` says, whatever the hand holds."""
    if own_action(s, q):
        return []
    seat = s.seats[q]
    hand = seat.hand
    most = min(MAX_LIFEFORCE, seat.lifeforce + len(hand))  # every card sacrificed
    defs = s.defs
    out: list[Answer] = []
    seen: set[str] = set()
    for c in hand:
        d = defs[c]
        if not d.reaction or d.name in seen:
            continue
        cost = cost_of(s, q, d)
        if cost > min(MAX_LIFEFORCE, seat.lifeforce + len(hand) - 1):  # it can't pay itself
            continue
        ab = d.aim
        if ab is None or ab.target is None or any_target(s, q, ab.target, c):
            seen.add(d.name)
            out.append(("reaction", c, cost))
    for c in (*seat.minions, *seat.magic):
        if c == EMPTY or "activated" not in defs[c].on or c in s.used or c in s.dying:
            continue
        for i in defs[c].on["activated"]:
            ab = defs[c].abilities[i]
            if ab.any_turn and ab.cost <= most:
                if ab.target is None or any_target(s, q, ab.target, c):
                    out.append(("ability", c, ab.cost))
    if most >= DESTROY_MAGIC:
        out += [("destroy", c, DESTROY_MAGIC) for c in new_magic(s, q)]
    return out


def only_passing_matters(s: NecroState, q: int) -> bool:
    """Whether ``q``, asked in a window, has nothing worth answering with
    (:func:`answers`): then a client may pass for its player (auto-pass)."""
    return not answers(s, q)


# =============================================================================
# Resolving the stack
# =============================================================================
@RULES.step
def step_resolve(s: NecroState) -> None:
    """The top entry resolves (or, negated, does nothing); then the next."""
    if not s.rstack:
        return
    it = s.rstack.pop()
    s.push("resolve")
    s.push("check")
    name = s.defs[it.source].name if it.source >= 0 else ""
    if it.negated:
        event(s, "negated", p=it.player, what=it.kind, card=name)
        if it.kind == "card":
            to_graveyard(s, it.source)
        return
    event(s, "resolve", p=it.player, what=it.kind, card=name)

    resolve_item(s, it)


def negate(s: NecroState, k: int) -> None:
    if 0 <= k < len(s.rstack):
        s.rstack[k].negated = True


def stack_cards(s: NecroState) -> list[int]:
    """Cards being played, waiting on the response stack."""
    return [it.source for it in s.rstack if it.kind == "card"]


def fire_on(s: NecroState, cid: int, p: int, trigger: str) -> None:
    fire(s, cid, p, trigger)
