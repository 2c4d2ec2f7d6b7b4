"""The registry entry (ossuary.games "necromancer"): what the command line,
agents and servers reach the game through."""

import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from ossuary import games, necromancer
from ossuary.engine import OssuaryError, Rng
from ossuary.necromancer.board import EVENT_KINDS, format_event

GAME = games.get("necromancer")
PACKAGE = Path(necromancer.__file__).parent


def test_the_registry_knows_the_game() -> None:
    assert GAME.title == "Path of the Necromancer" and GAME.seat_counts == (2, 3, 4)
    from ossuary.necromancer import new_game

    s = new_game()
    assert s.num_seats() == 2 and s.decision() is not None


def test_card_records_have_name_type_rarity_and_text() -> None:
    records = GAME.cards.records()
    assert len(records) >= 124
    types = {r["type"] for r in records}
    assert types == {"hero", "minion", "relic", "spell", "artifact", "event", "land"}
    for r in records:
        assert r["name"] and r["rarity"] in ("common", "rare", "epic", "legendary")
        assert isinstance(r["text"], str)
    json.dumps(records)  # JSON-ready


def test_card_filters_and_detail() -> None:
    records = GAME.cards.records()
    relics = [r for r in records if GAME.cards.matches(r, "type", "relic")]
    assert relics and all(r["type"] == "relic" for r in relics)
    cheap = [r for r in records if GAME.cards.matches(r, "cost", "0-1")]
    assert all(r.get("cost", 9) <= 1 for r in cheap)
    assert any(GAME.cards.matches(r, "keyword", "immune") for r in records)
    with pytest.raises(OssuaryError):
        GAME.cards.matches(records[0], "type", "wizard")
    Console(file=open("/dev/null", "w")).print(GAME.cards.detail(records[10]))  # noqa: SIM115


def test_glossary_in_our_words_names_every_keyword() -> None:
    terms = {t.lower() for t, _ in GAME.lessons.glossary()}
    for word in (
        "invisibility",
        "ensnare",
        "piercing",
        "immune",
        "reaction",
        "response window",
        "character",
        "target",
        "banish",
        "resurrect",
        "adjacent",
        "across",
        "trait",
    ):
        assert word in terms, word


def test_deck_text_round_trips_through_the_entry() -> None:
    for name, cards in GAME.decks.preconstructed().items():
        text = GAME.decks.format(cards, title=name)
        assert sorted(GAME.decks.parse(text, name)) == sorted(cards)
        assert GAME.decks.about(name)
        Console(file=open("/dev/null", "w")).print(GAME.decks.summary(cards))  # noqa: SIM115


def test_every_event_kind_has_words() -> None:
    emitted = set()
    for path in PACKAGE.rglob("*.py"):
        emitted |= set(re.findall(r'event\(\s*s,\s*"([a-z_]+)"', path.read_text("utf-8")))
    assert emitted and emitted <= EVENT_KINDS, emitted - EVENT_KINDS
    for kind in EVENT_KINDS:
        words = format_event({"e": kind, "p": 0, "card": "Cave Lurker"})
        assert not words.startswith(kind), kind


def test_random_games_log_only_known_kinds_and_render() -> None:
    console = Console(file=open("/dev/null", "w"), width=100)  # noqa: SIM115
    for seed in range(3):
        s = GAME.new_game(seats=2 + seed % 3, seed=seed)
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal():
            if steps % 25 == 0:
                for seat in (0, None):
                    console.print(GAME.terminal.render_board(s.view(seat), me=seat))
            s.apply_action(rng.choice(s.legal_action_ids()))
            steps += 1
        for e in s.log:
            assert e["e"] in EVENT_KINDS
            GAME.terminal.format_event(e)
        view = s.view(0)
        assert GAME.terminal.result_lines(view) and GAME.terminal.summary_lines(view)


def test_deserialize_refuses_what_is_not_a_saved_game() -> None:
    s = GAME.new_game(seed=1)
    text = s.serialize()
    assert GAME.deserialize(text) == s
    for bad in (
        "",
        "[]",
        "{}",
        text.replace('"necromancer"', '"hecatomb"', 1),
        text.replace('"lifeforce":10', '"lifeforce":99', 1),
        text[:-10],
    ):
        with pytest.raises(OssuaryError):
            GAME.deserialize(bad)
