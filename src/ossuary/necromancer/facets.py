"""Path of the Necromancer's answers to the front ends, beyond its rules: the
card catalogue keyed by name and type ("Bonewall [minion]"), deck lists with a
hero, the two-row screen, the response window a client may pass, health and
lifeforce for the simulator, where every card truly lies, and its glossary.
The entry's ``facets`` mapping names each class below.
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
from .balance import random_deck
from .board import (
    card_panel,
    format_event,
    keywords_text,
    render_board,
    result_lines,
    summary_lines,
)
from .cards import MINION_TYPES, RARITIES, TYPES, CardDef, CardPool, base_pool, load_card_file
from .catalog import keywords_of
from .decks import deck_about, deck_problems, format_deck, parse_deck_text, preconstructed
from .fuzz import fuzz_decks
from .screen import LEGEND, option_group, render_screen, visible_cards
from .state import NecroState

GLOSSARY: list[tuple[str, str]] = [
    ("Lifeforce", "What you spend to play cards and use abilities: 10 at the start, +5 at "
     "the start of each of your turns, never more than 10 nor less than 0."),
    ("Hero", "You, on the field: 40 health; at 0 you are out. Each hero has its own ability, "
     "once during each of your turns, and a passive or a start of game effect."),
    ("Draw Card", "Shared hero ability: 3 lifeforce, on your own turn, as often as you can pay."),
    ("Destroy Magic", "Shared hero ability: 4 lifeforce, on any turn: destroy a magic card in "
     "play. What it did when played stays done; what it would keep doing stops."),
    ("Sacrifice Card", "Shared hero ability: discard a card for 1 lifeforce, on any turn. Above "
     "10 cards at the end of your turn you must do it down to 10."),
    ("Minion space", "One of four places for minions in your front row, numbered 1 to 4 from "
     "the left; positions decide who is beside and who is across."),
    ("Magic slot", "One of three places in your back row for artifacts, events and lands. "
     "Relics hang on a minion instead; spells never stay."),
    ("Adjacent", "Beside, in the same row: the spaces just left and right. Not diagonal, not "
     "across."),
    ("Across", "The space in the same column of an enemy's row (each enemy's, with more than "
     "two players)."),
    ("Attack", "A minion command, once a turn: hit an enemy minion, artifact or hero. Minion "
     "against minion both hit at once. Nobody attacks on their first turn."),
    ("Defend", "When you are attacked, minions of yours may take the hit in the order you pick; "
     "what gets past them goes on. Each minion defends once a turn."),
    ("Dismiss", "A minion command: send your minion back into your deck, which is shuffled."),
    ("Piercing", "Damage beyond what a minion or artifact can take goes on to its hero. Attacks "
     "and magic cards pierce."),
    ("Immune", "Immune to piercing damage: the excess stops at this minion (it still takes its "
     "damage)."),
    ("Invisibility", "Enemies can't aim at or attack this minion, and can't defend against its "
     "attacks. Areas still reach it. It ends when the minion attacks or takes damage."),
    ("Ensnare", "The minion can't attack, defend or be dismissed, and hits nobody back, for the "
     "rounds given."),
    ("Round", "From the start of one player's turn to just before that player's next turn."),
    ("Reaction", "A spell you may also play in a response window, on anyone's turn."),
    ("Response window", "After each action every player in turn, from the next one to the one "
     "who acted, may respond; the last response resolves first; then the action, unless "
     "negated."),
    ("Negate", "Cancel an action or response waiting on the response stack: it does nothing, "
     "its cost stays paid."),
    ("Trait", "What every minion of a type has: skeletons hit heroes harder, arachnids "
     "ensnare, wraiths arrive invisible, ghouls are immune, demons cost their hero health, "
     "vampires heal their hero."),
    ("Resurrect", "Bring a minion back from your graveyard as a new minion: it may attack at "
     "once and its \"when summoned\" happens again."),
    ("Banish", "Out of the game for good: in no zone, not in the graveyard."),
    ("Take control", "Move an enemy's minion to your field, as it is; borrowed for a turn, it "
     "goes back (destroyed if its owner's field is full)."),
    ("Character", "A minion or a hero."),
    ("Target", "A minion, a hero or an artifact, unless the card says which."),
]  # fmt: skip


class NecromancerCards(Cards[CardDef]):
    filters: ClassVar[dict[str, str]] = {
        "type": "hero, minion, relic, spell, artifact, event or land",
        "rarity": "common, rare, epic or legendary",
        "minion_type": "skeleton, arachnid, wraith, ghoul, demon or vampire",
        "keyword": "e.g. invisibility, immune, reaction, drain",
        "cost": "3, a range 2-4, 5+ or 2-",
    }

    def _pool(self, card_file: Path | None) -> CardPool:
        return base_pool() if card_file is None else CardPool(load_card_file(card_file))

    def records(self, card_file: Path | None = None) -> list[CardRecord]:
        pool = self._pool(card_file)
        defs = sorted(pool.cards.values(), key=lambda c: (c.number or 10**6, c.type, c.name))
        out = []
        for c in defs:
            key = pool.key(c)
            self.made_from[key] = c
            record = c.to_dict()
            record["key"] = key
            record.setdefault("text", "")
            out.append(record)
        return out

    def columns(self) -> list[tuple[str, str]]:
        return [
            ("number", "#"), ("name", "Name"), ("type", "Type"), ("minion_type", "Minion type"),
            ("cost", "Cost"), ("stats", "Atk/Def"), ("rarity", "Rarity"),
            ("keyword_text", "Keywords"),
        ]  # fmt: skip

    def cells(self, record: CardRecord) -> dict[str, str]:
        c = self.made_from[record["key"]]
        stats = f"{c.attack}/{c.defense}" if c.is_minion else str(c.defense or "")
        return {"keyword_text": keywords_text(c.kw), "stats": stats}

    def matches(self, record: CardRecord, field: str, value: str) -> bool:
        card = self.made_from[record["key"]]
        want = value.strip().lower()
        if field == "type" and want not in TYPES:
            raise QueryError(f"--type {value!r}: choose one of {', '.join(TYPES)}")
        if field == "rarity" and want not in RARITIES:
            raise QueryError(f"--rarity {value!r}: choose one of {', '.join(RARITIES)}")
        if field == "minion_type" and want not in MINION_TYPES:
            raise QueryError(f"--minion_type {value!r}: choose one of {', '.join(MINION_TYPES)}")
        if field == "keyword":
            return want in keywords_of(card)
        if field == "cost":
            return card.type != "hero" and match_number(card.cost, value, "--cost")
        return super().matches(record, field, value)

    def values(self, field: str) -> list[str]:
        if field == "keyword":
            return sorted({k for c in self.made_from.values() for k in keywords_of(c)})
        return super().values(field)

    def search_text(self, record: CardRecord) -> str:
        c = self.made_from[record["key"]]
        return " ".join((c.name, c.text, c.type, c.minion_type, c.rarity, *keywords_of(c)))

    def detail(self, record: CardRecord) -> Any:
        return card_panel(self.made_from[record["key"]])

    def groups(self) -> dict[str, str]:
        # a minion's type, else its card type (spell, relic, land...), by the
        # key decks name cards by ("Bonewall [minion]" where two types share a name)
        pool = base_pool()
        return {pool.key(c): c.minion_type or c.type for c in pool.cards.values()}


class NecromancerDecks(Decks):
    def preconstructed(self) -> dict[str, list[str]]:
        return preconstructed()

    def about(self, name: str) -> str:
        cards = self.preconstructed().get(name, [])
        hero = cards[0] if cards else ""
        about = deck_about(name)
        return f"{hero}: {about}" if about else hero

    def parse(self, text: str, source: str = "deck") -> list[str]:
        deck, problems = self.read(text, source)
        if problems:
            raise DeckError("\n".join(problems))
        return deck

    def read(self, text: str, source: str = "deck") -> tuple[list[str], list[str]]:
        deck = parse_deck_text(text, base_pool(), source=source)
        return deck, deck_problems(deck, base_pool(), source)

    def format(self, cards: Sequence[str], title: str = "") -> str:
        return format_deck(list(cards), base_pool(), title=title)

    def summary(self, cards: Sequence[str]) -> Any:
        pool = base_pool()
        defs = [pool[n] for n in cards]
        hero = next((d.name for d in defs if d.type == "hero"), "none")
        rest = [d for d in defs if d.type != "hero"]
        by_type = Counter(d.type for d in rest)
        kinds = Counter(d.minion_type for d in rest if d.is_minion)
        return self.summary_table([
            ("Hero", hero),
            ("Cards", self.card_count(rest)),
            ("Types", ", ".join(f"{t} {n}" for t, n in sorted(by_type.items()))),
            ("Minions", ", ".join(f"{t} {n}" for t, n in kinds.most_common())),
            ("Curve", self.curve([d.cost for d in rest], 7)),
        ])  # fmt: skip

    def random(self, rng: Rng) -> list[str]:
        return random_deck(base_pool(), rng)


class NecromancerTerminal(Terminal):
    # the board module's functions are the methods: same arguments, same answers
    render_screen = staticmethod(render_screen)
    option_group = staticmethod(option_group)
    visible_cards = staticmethod(visible_cards)
    render_board = staticmethod(render_board)
    result_lines = staticmethod(result_lines)
    summary_lines = staticmethod(summary_lines)
    format_event = staticmethod(format_event)

    def option_number(self, view: dict[str, Any], action_id: str) -> int | None:
        # "at 2" is minion space 3 (the board numbers spaces 1-4 from the left)
        verb, _, rest = action_id.partition(" ")
        return int(rest) + 1 if verb == "at" and rest.isdigit() else None

    legend_lines = LEGEND


class NecromancerClient(Client):
    pass_actions = frozenset({"pass"})
    # the response window (section 13): asked after every action, whatever a
    # hand holds; the view says when only passing matters (rules/window.py)
    auto_kinds = frozenset({"window"})


class NecromancerStatistics(Statistics):
    # health: the race to 0 (rulebook "Winning"); lifeforce: what a seat had left
    # to spend when its turn came round; minions: minions on each seat's field.
    resources = ("health", "lifeforce", "minions")

    def resource_values(self, state: GameState) -> list[list[float]]:
        assert isinstance(state, NecroState)
        minions = [0.0] * state.n
        for m in state.minions.values():
            minions[m.controller] += 1
        return [
            [float(seat.health) for seat in state.seats],
            [float(seat.lifeforce) for seat in state.seats],
            minions,
        ]

    def card_counts(self, state: GameState) -> dict[str, list[dict[str, int]]]:
        # "play": a card played from hand (its cost paid), negated or not;
        # "draw": drawn, the opening hand and mulligan redraws included.
        out = self.no_counts(state.num_seats())
        # a deck names a card whose name two types share by its key
        # ("Bonewall [minion]"); the log names it: count it under the deck's key
        decks = state.deck_lists()
        keys = [{k.split(" [")[0]: k for k in deck} for deck in decks]
        for e in state.log:
            kind = e.get("e")
            p = e.get("p")
            if kind not in ("play", "draw") or "card" not in e or not isinstance(p, int):
                continue
            counts = out["played" if kind == "play" else "drawn"][p]
            card = keys[p].get(e["card"], e["card"]) if p < len(keys) else e["card"]
            counts[card] = counts.get(card, 0) + 1
        # A mulligan or a dismissal puts cards back into the deck, so one copy
        # can be drawn twice; "drawn" counts copies, capped at the deck's.
        for seat, deck in enumerate(decks):
            copies = Counter(deck)
            drawn = out["drawn"][seat]
            for name, times in drawn.items():
                drawn[name] = min(times, copies.get(name, times))
        return out


class NecromancerChecks(Checks):
    invariants_at = ".invariants"

    def fuzz_decks(self, seed: int, seats: int) -> list[DeckSpec] | None:
        decks = fuzz_decks(seed, seats)
        return None if decks is None else list(decks)


class NecromancerLessons(Lessons):
    glossary_terms = GLOSSARY
