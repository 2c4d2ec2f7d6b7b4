"""Scenario tests in the XMage style for Path of the Necromancer: set up a
position (``docs/necromancer-scenarios.md``), script the choices, assert the
result. A test fails when the engine asks a question the script did not
expect: ``act`` can't find the scripted choice among the options.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ossuary.necromancer import NecroState, base_pool
from ossuary.necromancer.queries import attack_of, defense_of, keywords
from ossuary.necromancer.scenario import load_scenario
from ossuary.necromancer.state import EMPTY

# the shared script (tests/script.py), used through here
from ..script import act as act
from ..script import expect as expect
from ..script import illegal as illegal
from ..script import options as options

HEROES = (
    "Mother Vethra, the Weaver",
    "Lord Osric of the Marrow",
    "Sister Nyx, Veilkeeper",
    "Count Malachar the Thirsting",
)
# A test hero whose passive and ability stay out of the way, for tests that are
# about something else (a start of game effect is never run in a scenario).
PLAIN = "Plain Hero"
PLAIN_HERO: dict[str, Any] = {
    "name": PLAIN,
    "type": "hero",
    "rarity": "legendary",
    "abilities": [
        {"trigger": "start_of_game", "effects": [{"verb": "lifeforce", "amount": 1}]},
        {"trigger": "activated", "cost": 9, "effects": [{"verb": "draw", "amount": 1}]},
    ],
    "text": "Start of game: gain 1 lifeforce. Ability (9 lifeforce): draw a card.",
}


def scenario(text: str, cards: Iterable[Mapping[str, Any]] = ()) -> NecroState:
    """Load a scenario; ``cards`` are extra test cards (dicts in the card format).
    The test hero ``PLAIN`` is always available."""
    return load_scenario(text, pool=base_pool().with_cards([PLAIN_HERO, *cards]))


def passes(s: NecroState, count: int = 1) -> None:
    """Pass ``count`` response windows in a row (each asked player passes)."""
    for _ in range(count):
        expect(s, "window")
        act(s, "pass")


def pass_all(s: NecroState) -> None:
    """Every player passes until the window closes."""
    while s.decision() is not None and s.decision().kind == "window":  # type: ignore[union-attr]
        act(s, "pass")


def at(s: NecroState, seat: int, space: int) -> int:
    """The card id of the minion in ``seat``'s space (1-4), or -1."""
    return s.seats[seat].minions[space - 1]


def slot(s: NecroState, seat: int, k: int) -> int:
    return s.seats[seat].magic[k - 1]


def name_at(s: NecroState, seat: int, space: int) -> str | None:
    c = at(s, seat, space)
    return None if c == EMPTY else s.defs[c].name


def row(s: NecroState, seat: int) -> list[str | None]:
    return [None if c == EMPTY else s.defs[c].name for c in s.seats[seat].minions]


def stats_at(s: NecroState, seat: int, space: int) -> tuple[int, int]:
    """(attack, what is left of defense) of the minion in that space."""
    c = at(s, seat, space)
    return attack_of(s, c), defense_of(s, c)


def kws_at(s: NecroState, seat: int, space: int) -> dict[str, Any]:
    return keywords(s, at(s, seat, space))


def names(s: NecroState, cids: Iterable[int]) -> list[str]:
    return [s.defs[c].name for c in cids]


def hand_names(s: NecroState, seat: int) -> list[str]:
    return names(s, s.seats[seat].hand)


def grave_names(s: NecroState, seat: int) -> list[str]:
    return names(s, s.seats[seat].graveyard)


def health(s: NecroState) -> list[int]:
    return [seat.health for seat in s.seats]


def lifeforce(s: NecroState) -> list[int]:
    return [seat.lifeforce for seat in s.seats]


def in_hand(s: NecroState, seat: int, name: str) -> int:
    """The id of a card called ``name`` (or ``Name [type]``) in the seat's hand."""
    return next(
        c
        for c in s.seats[seat].hand
        if name in (s.defs[c].name, f"{s.defs[c].name} [{s.defs[c].type}]")
    )


def play(s: NecroState, seat: int, name: str) -> None:
    """Choose ``play <id>`` for the card called ``name`` in the seat's hand."""
    act(s, f"play {in_hand(s, seat, name)}")


def attack(s: NecroState, seat: int, space: int, target: str) -> None:
    """Attack with the minion in ``space``; ``target``: an option's target id
    (``h1``, ``m12``) or ``"minion Q P"`` for seat Q's space P."""
    if target.startswith("minion "):
        _, q, p = target.split()
        target = f"m{at(s, int(q), int(p))}"
    act(s, f"attack {at(s, seat, space)}")
    pending = s.decision()
    if pending is not None and pending.kind == "aim":
        act(s, target)


def dismiss(s: NecroState, cid: int) -> None:
    """Dismiss Minion: the command, then which minion (asked when there is a choice)."""
    act(s, "dismiss")
    pending = s.decision()
    if pending is not None and pending.kind == "dismiss":
        act(s, f"dismiss {cid}")


def sacrifice(s: NecroState, seat: int, name: str) -> None:
    """Sacrifice Card: the ability, then which card."""
    act(s, "sacrifice", f"sacrifice {in_hand(s, seat, name)}")


def minion(
    name: str, attack: int, defense: int, cost: int = 1, kind: str = "ghoul", **extra: Any
) -> dict[str, Any]:
    """A plain test minion card (the type's trait applies)."""
    card: dict[str, Any] = {
        "name": name, "type": "minion", "minion_type": kind, "cost": cost, "attack": attack,
        "defense": defense, "rarity": "common",
    }  # fmt: skip
    card.update(extra)
    return card


def m(card: str, space: int, **fields: Any) -> str:
    """A minion table for a scenario's ``minions = [...]``: ``m("Cave Lurker", 1, damage=2)``."""
    extra = "".join(
        f", {k} = {str(v).lower() if isinstance(v, bool) else repr(v).replace(chr(39), chr(34))}"
        for k, v in fields.items()
    )
    return f'{{ card = "{card}", space = {space}{extra} }}'


def ms(*tables: str) -> str:
    """Several minion tables, comma-separated."""
    return ", ".join(tables)


FILLER = ["Mist Wraith"] * 6


def _items(names: Iterable[str]) -> str:
    return ", ".join(f'"{n}"' for n in names)


def _row(minions: Iterable[str]) -> str:
    """Names go to spaces 1, 2, ... in order; ``m(...)`` tables are kept as they are."""
    out = []
    for k, x in enumerate(minions, 1):
        out.append(x if x.startswith("{") else m(x, k))
    return ", ".join(out)


def table(
    *,
    hand: Iterable[str] = (),
    mine: Iterable[str] = (),
    theirs: Iterable[str] = (),
    hand1: Iterable[str] = (),
    magic0: Iterable[str] = (),
    magic1: Iterable[str] = (),
    grave0: Iterable[str] = (),
    grave1: Iterable[str] = (),
    deck0: Iterable[str] = FILLER,
    deck1: Iterable[str] = FILLER,
    hero0: str = PLAIN,
    hero1: str = PLAIN,
    health0: int = 40,
    health1: int = 40,
    lifeforce0: int = 10,
    lifeforce1: int = 10,
    phase: str = "main",
    active: int = 0,
    cards: Iterable[Mapping[str, Any]] = (),
) -> NecroState:
    """A two-seat position for card tests: seat 0 (active unless said) and seat 1."""

    def magic(names: Iterable[str]) -> str:
        return ", ".join(f'{{ card = "{n}", slot = {k} }}' for k, n in enumerate(names, 1))

    text = f"""
[game]
active = {active}
phase = "{phase}"

[[seat]]
hero = "{hero0}"
health = {health0}
lifeforce = {lifeforce0}
hand = [{_items(hand)}]
deck = [{_items(deck0)}]
graveyard = [{_items(grave0)}]
minions = [{_row(mine)}]
magic = [{magic(magic0)}]

[[seat]]
hero = "{hero1}"
health = {health1}
lifeforce = {lifeforce1}
hand = [{_items(hand1)}]
deck = [{_items(deck1)}]
graveyard = [{_items(grave1)}]
minions = [{_row(theirs)}]
magic = [{magic(magic1)}]
"""
    return scenario(text, cards)


def summon(s: NecroState, seat: int, name: str, space: int = 1) -> None:
    """Play a minion from hand into ``space`` and let the window close."""
    play(s, seat, name)
    pass_all(s)
    if s.decision() is not None and s.decision().kind == "place":  # type: ignore[union-attr]
        act(s, f"at {space - 1}")
    pass_all(s)
