"""Diabolicards beyond its rules: its one deck as a catalogue (groups,
power, abilities), the three-zone mat in the terminal, the side scores the
simulator follows, the truth the hidden-information checks judge by, and the
glossary of the mat's terms. There are no deck lists: every game deals from
the one shared deck, so the kernel's ``Decks`` defaults stand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from ..engine.core import GameState
from ..engine.errors import QueryError
from ..engine.facets import (
    CardRecord,
    Cards,
    Checks,
    Lessons,
    Statistics,
    Terminal,
)
from ..engine.game import match_number
from .board import (
    LEGEND,
    card_panel,
    format_event,
    option_group,
    render_board,
    render_screen,
    result_lines,
    summary_lines,
    visible_cards,
)
from .cards import GROUPS, ZONES, CardDef, deck, load_card_file
from .queries import scores
from .state import DiaboState


def record(card: CardDef) -> CardRecord:
    """A card as a plain record: the printed facts and the ability."""
    ab = card.ability
    return {
        "name": card.name,
        "group": card.group,
        "type": card.type,
        "gender": card.gender,
        "power": card.power,
        "ability": ab.name if ab else None,
        "category": list(ab.category) if ab else [],
        "effects": [e.to_dict() for e in ab.effects] if ab else [],
        "text": card.text,
        "linked_zone": ZONES[card.link] if card.link >= 0 else None,
        "contract_eligible": card.eligible,
        "origin": card.origin,
    }


GLOSSARY = (
    ("side", "Each side of the mat holds one player (1v1) or two teammates (2v2)."),
    ("zone", "Vask Tower, The Gang Hideout and Havenvale Campus, left to right."),
    ("slot", "Eight per zone for regular or Diabolical cards."),
    (
        "activation slot",
        "The ninth slot: a Diabolical there uses its ability and is immune to "
        "everything but Scorched Earth.",
    ),
    (
        "Scorched Earth",
        "Deathrender and Razor: no slot, they sit around a zone's name; The Endgame wipes a zone.",
    ),
    (
        "linked group",
        "Vask Executives, The Gang and Havenvale Batch use their abilities only in their own zone.",
    ),
    ("synergy", "+1 per living linked card in its zone at the end, at most +4."),
    ("contracts", "Four face-up cards to trade with or purge, on a Contract Turn."),
    (
        "Contract Trade",
        "Take a contract card, put a hand card in its place, discard the deck's top card.",
    ),
    ("Contract Purge", "The contracts go into the deck; discard two, deal four."),
    ("contract freeze", "All four contracts ineligible: only a purge helps."),
    ("boost", "Power becomes 8; the latest boost or hinder wins."),
    ("hinder", "Power becomes 0; the latest boost or hinder wins."),
    ("cheat death", "Runaway and Deathdodge, the only escapes from a kill."),
    ("lost ability", "Used or unusable; only Sol for Soul restarts it."),
    (
        "Scorch the Earth",
        "One from each side in an emptied zone: both die, the zone is sealed.",
    ),
    (
        "How Dare You",
        "One side's two Scorched Earth cards: never the same choice; in one zone they "
        "kill each other.",
    ),
    ("pass", "No legal play: pass until one appears; an empty hand passes for good."),
)


class DiabolicardsCards(Cards[CardDef]):
    filters: ClassVar[dict[str, str]] = {
        "group": "a group or part of its name: gang, vantheon, diabolicals...",
        "type": "Human or Apex",
        "gender": "male or female",
        "power": "3, a range 2-4, 8+ or 2-",
        "ability": "an ability's name or part of it (none: cards without one)",
        "category": "boost, hinder, cheat_death, movement, turn_affect, kill, uncategorized",
        "origin": "released or ours",
    }

    def records(self, card_file: Path | None = None) -> list[CardRecord]:
        defs = list(deck()) if card_file is None else load_card_file(card_file)
        self.made_from.update((c.name, c) for c in defs)
        return [record(c) for c in defs]

    def columns(self) -> list[tuple[str, str]]:
        return [
            ("name", "Name"), ("group", "Group"), ("type", "Type"), ("gender", "Gender"),
            ("power", "Power"), ("ability", "Ability"), ("linked_zone", "Linked to"),
        ]  # fmt: skip

    def cells(self, record: CardRecord) -> dict[str, str]:
        return {"ability": record["ability"] or "-", "linked_zone": record["linked_zone"] or "-"}

    def matches(self, record: CardRecord, field: str, value: str) -> bool:
        want = value.strip().lower()
        if field == "power":
            return match_number(record["power"], value, "--power")
        if field == "group":
            groups = [g for g in GROUPS if want in g.lower()]
            if not groups:
                raise QueryError(f"--group {value!r}: choose from {', '.join(GROUPS)}")
            return record["group"] in groups
        if field == "ability":
            if want == "none":
                return record["ability"] is None
            return record["ability"] is not None and want in record["ability"].lower()
        if field == "category":
            return want in record["category"]
        return super().matches(record, field, value)

    def detail(self, record: CardRecord) -> Any:
        card = self.made_from.get(record["name"]) or {c.name: c for c in deck()}[record["name"]]
        return card_panel(card)

    def groups(self) -> dict[str, str]:
        return {c.name: c.group for c in deck()}


class DiabolicardsTerminal(Terminal):
    # the board module's functions are the methods: same arguments, same answers
    render_board = staticmethod(render_board)
    render_screen = staticmethod(render_screen)
    option_group = staticmethod(option_group)
    visible_cards = staticmethod(visible_cards)
    result_lines = staticmethod(result_lines)
    summary_lines = staticmethod(summary_lines)
    format_event = staticmethod(format_event)

    legend_lines = LEGEND


class DiabolicardsStatistics(Statistics):
    # power: the side's score now (guide SCORING: living power after the latest
    # boost or hinder, plus synergy), the same for teammates; hand: cards in the
    # seat's hand; mat: cards on the side's mat (slots, activation, around names).
    resources = ("power", "hand", "mat")

    def resource_values(self, state: GameState) -> list[list[float]]:
        assert isinstance(state, DiaboState)
        totals = scores(state)
        on_mat = [
            float(
                sum(len(z) for z in state.mat[side])
                + sum(1 for a in state.act[side] if a >= 0)
                + sum(len(z) for z in state.scorch[side])
            )
            for side in (0, 1)
        ]
        seats = range(state.n)
        return [
            [float(totals[p % 2]) for p in seats],
            [float(len(state.hands[p])) for p in seats],
            [on_mat[p % 2] for p in seats],
        ]

    def card_counts(self, state: GameState) -> dict[str, list[dict[str, int]]]:
        # "play" is a card placed from hand on a usual turn (guide YOUR TURN,
        # step 1); "draw" covers the opening hand and contract trades' takes;
        # "held": in the seat's hand when the game ended.

        assert isinstance(state, DiaboState)
        n = state.num_seats()
        out: dict[str, list[dict[str, int]]] = {
            "played": [{} for _ in range(n)],
            "drawn": [{} for _ in range(n)],
            "held": [{state.defs[c].name: 1 for c in state.hands[p]} for p in range(n)],
        }
        for e in state.log:
            key = {"play": "played", "draw": "drawn", "take": "drawn"}.get(e["e"])
            p, card = e.get("p"), e.get("card")
            if key is None or not isinstance(p, int) or not isinstance(card, str):
                continue
            counts = out[key][p]
            counts[card] = counts.get(card, 0) + 1
        return out


class DiabolicardsChecks(Checks):
    invariants_at = ".invariants"


class DiabolicardsLessons(Lessons):
    glossary_terms = GLOSSARY
