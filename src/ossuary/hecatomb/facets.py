"""How Hecatomb answers the front ends beyond its rules: its card catalogue
(dooms, keywords, X costs), its deck lists, its board and log in words, the
combat windows a client may pass, what the simulator counts (souls, mana,
minions), the truth its hidden-information checks judge by, and its glossary.
``HecatombGame.facets`` (entry.py) names each class here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from ..engine.core import GameState
from ..engine.errors import DeckError, QueryError
from ..engine.facets import (
    CardRecord,
    Cards,
    Checks,
    Client,
    Decks,
    DeckSpec,
    Lessons,
    Statistics,
    Terminal,
)
from ..engine.game import match_number
from ..engine.rng import Rng
from .board import (
    DOOM_STYLE,
    LEGEND,
    card_panel,
    format_event,
    keyword_text,
    option_group,
    render_board,
    result_lines,
    summary_lines,
    visible_cards,
)
from .cards import DOOMS, TYPES, CardDef, CardPool, base_pool, load_card_file
from .catalog import keywords_of
from .decks import (
    deck_about,
    deck_problems,
    format_deck,
    parse_deck_text,
    preconstructed,
    random_deck,
)
from .fuzz import fuzz_decks
from .state import HecatombState
from .words import GLOSSARY, narrate


class HecatombCards(Cards[CardDef]):
    filters: ClassVar[dict[str, str]] = {
        "doom": "corruption, deceit, destruction or greed",
        "type": "minion, combat minion, fate, combat fate, relic, god (a part matches: combat)",
        "subtype": "e.g. undead, demon, curse",
        "keyword": "e.g. rager, evader, follower",
        "cost": "3, a range 2-4, 5+ or 2-, or X",
        "rarity": "common, uncommon or rare",
    }

    def _pool(self, card_file: Path | None) -> CardPool:
        return base_pool() if card_file is None else CardPool(load_card_file(card_file))

    def records(self, card_file: Path | None = None) -> list[CardRecord]:
        defs = sorted(
            self._pool(card_file).cards.values(), key=lambda c: (c.number or 10**6, c.name)
        )
        self.made_from.update((c.name, c) for c in defs)
        return [c.to_dict() for c in defs]

    def columns(self) -> list[tuple[str, str]]:
        return [
            ("number", "#"), ("name", "Name"), ("doom", "Doom"), ("type", "Type"),
            ("subtype", "Subtype"), ("cost", "Cost"), ("strength", "Str"), ("rarity", "Rarity"),
            ("keyword_text", "Keywords"),
        ]  # fmt: skip

    def cells(self, record: CardRecord) -> dict[str, str]:
        return {"keyword_text": keyword_text(self.made_from[record["name"]].keywords)}

    def matches(self, record: CardRecord, field: str, value: str) -> bool:
        card = self.made_from[record["name"]]
        want = value.strip().lower()
        if field == "doom" and want not in DOOMS:
            raise QueryError(f"--doom {value!r}: choose one of {', '.join(DOOMS)}")
        if field == "type":
            if not any(want in t for t in TYPES):
                raise QueryError(f"--type {value!r}: card types are {', '.join(TYPES)}")
            return want in card.type
        if field == "keyword":
            return want in keywords_of(card)
        if field == "cost":
            if want == "x":
                return card.x_cost
            return not card.x_cost and match_number(card.cost, value, "--cost")
        return super().matches(record, field, value)

    def values(self, field: str) -> list[str]:
        if field == "keyword":
            return sorted({k for c in self.made_from.values() for k in keywords_of(c)})
        if field == "cost":
            costs = sorted({c.cost for c in self.made_from.values() if not c.x_cost})
            return [str(n) for n in costs] + ["X"]
        return super().values(field)

    def search_text(self, record: CardRecord) -> str:
        c = self.made_from[record["name"]]
        return " ".join((c.name, c.text, c.doom, c.type, c.subtype, *keywords_of(c)))

    def detail(self, record: CardRecord) -> Any:
        return card_panel(self.made_from[record["name"]])

    def groups(self) -> dict[str, str]:
        return {c.name: c.doom for c in base_pool().cards.values()}


class HecatombDecks(Decks):
    def preconstructed(self) -> dict[str, list[str]]:
        return preconstructed()

    def about(self, name: str) -> str:
        pool = base_pool()
        dooms = sorted({pool[n].doom for n in self.preconstructed().get(name, [])}, key=DOOMS.index)
        about = deck_about(name)
        return " + ".join(dooms) + (f": {about}" if about else "")

    def parse(self, text: str, source: str = "deck") -> list[str]:
        problems: list[str] = []  # unknown cards and the deck rules' problems, all at once
        deck = parse_deck_text(text, base_pool(), source=source, problems=problems)
        problems += deck_problems(deck.main, base_pool(), source)
        if problems:
            raise DeckError("\n".join(problems))
        return deck.main

    def read(self, text: str, source: str = "deck") -> tuple[list[str], list[str]]:
        unreadable: list[str] = []
        deck = parse_deck_text(text, base_pool(), source=source, problems=unreadable)
        if unreadable:
            raise DeckError("\n".join(unreadable))
        return deck.main, deck_problems(deck.main, base_pool(), source)

    def format(self, cards: Sequence[str], title: str = "") -> str:
        return format_deck(list(cards), base_pool(), title=title)

    def summary(self, cards: Sequence[str]) -> Any:
        pool = base_pool()
        defs = [pool[n] for n in cards]
        by_doom = Counter(d.doom for d in defs)
        by_type = Counter(d.type for d in defs)
        return self.summary_table([
            ("Cards", self.card_count(cards)),
            ("Dooms", ", ".join(
                f"[{DOOM_STYLE[doom]}]{doom}[/] {by_doom[doom]}" for doom in DOOMS if by_doom[doom]
            )),
            ("Types", ", ".join(f"{t} {n}" for t, n in sorted(by_type.items()))),
            ("Curve", self.curve([d.cost for d in defs], 6)),
        ])  # fmt: skip

    def random(self, rng: Rng) -> list[str]:
        return random_deck(base_pool(), rng)


class HecatombTerminal(Terminal):
    # the board module's functions are the methods: same arguments, same answers
    render_board = staticmethod(render_board)
    option_group = staticmethod(option_group)
    visible_cards = staticmethod(visible_cards)
    result_lines = staticmethod(result_lines)
    summary_lines = staticmethod(summary_lines)
    format_event = staticmethod(format_event)

    def render_screen(
        self,
        view: dict[str, Any],
        me: int | None,
        seat_labels: Sequence[str] = (),
        width: int = 80,
        height: int | None = None,
    ) -> Any:
        return render_board(view, me=me, seat_labels=seat_labels, width=width, height=height)

    legend_lines = LEGEND

    def narrate(self, state: GameState, seat: int, action_id: str) -> str:
        assert isinstance(state, HecatombState)
        return narrate(state, seat, action_id)


class HecatombClient(Client):
    pass_actions = frozenset({"pass", "end"})
    auto_kinds = frozenset({"window"})  # the combat windows
    back_action = "cancel"

    def allow_back(self, state: GameState, seat: int) -> bool:
        if not isinstance(state, HecatombState):
            return False
        state.cancel_seats |= 1 << seat
        return True


class HecatombStatistics(Statistics):
    # souls: the race to 20 (glossary "souls"); mana: mana cards in play, the
    # game's clock of what a seat can afford; minions: minions in play.
    resources = ("souls", "mana", "minions")

    def resource_values(self, state: GameState) -> list[list[float]]:
        assert isinstance(state, HecatombState)
        minions = [0.0] * state.n
        for a in state.aboms.values():
            minions[a.owner] += len(a.cards)
        return [
            [float(seat.souls) for seat in state.seats],
            [float(len(seat.mana)) for seat in state.seats],
            minions,
        ]

    def card_counts(self, state: GameState) -> dict[str, list[dict[str, int]]]:
        # "play" is a card played from hand (rulebook "Play Cards"; a card added
        # as a mana card is not played); "draw" covers the opening hand too.
        out = self.no_counts(state.num_seats())
        for e in state.log:
            kind = e["e"]
            if kind == "play":
                counts = out["played"][e["p"]]
            elif kind == "draw":
                counts = out["drawn"][e["p"]]
            else:
                continue
            counts[e["card"]] = counts.get(e["card"], 0) + 1
        return out


class HecatombChecks(Checks):
    invariants_at = ".invariants"

    def fuzz_decks(self, seed: int, seats: int) -> list[DeckSpec] | None:
        return fuzz_decks(seed, seats)


class HecatombLessons(Lessons):
    glossary_terms = GLOSSARY
