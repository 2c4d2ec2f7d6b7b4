"""``ossuary cards`` (search, one card, JSON) and ``ossuary deck`` (check, list,
export) and the plain text deck format they read and write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary.cli.main import app
from ossuary.engine.errors import DeckError
from ossuary.hecatomb import base_pool, preconstructed
from ossuary.hecatomb.decks import format_deck, parse_deck_text


def test_cards_json_lists_every_card_with_its_fields(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    assert {c["name"] for c in cards} == set(base_pool().names())
    assert all({"name", "type", "doom", "cost", "rarity"} <= set(c) for c in cards)


def test_cards_filters_combine(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--json", "--doom", "greed", "--type", "god"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    expected = {c.name for c in base_pool().cards.values() if c.doom == "greed" and c.type == "god"}
    assert expected and {c["name"] for c in cards} == expected


def test_cards_cost_ranges(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--json", "--cost", "2-3"])
    costs = {c["cost"] for c in json.loads(result.output)}
    assert costs and costs <= {2, 3}


def test_cards_free_text_searches_keywords_and_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--json", "martyr"])
    found = json.loads(result.output)
    assert found
    for card in found:
        blob = json.dumps(card).lower()
        assert "martyr" in blob


def test_cards_table_and_one_card(runner: CliRunner) -> None:
    name = sorted(base_pool().names())[0]
    table = runner.invoke(app, ["cards", "--doom", base_pool()[name].doom])
    assert table.exit_code == 0 and "cards" in table.output
    one = runner.invoke(app, ["cards", "--card", name.lower()])
    assert one.exit_code == 0 and name in one.output


def test_cards_unknown_card_suggests_close_names(runner: CliRunner) -> None:
    name = sorted(base_pool().names())[0]
    result = runner.invoke(app, ["cards", "--card", name[:-1] + "q"])
    assert result.exit_code == 2
    assert "did you mean" in result.output and name in result.output


def test_cards_bad_filters_are_clear_errors(runner: CliRunner) -> None:
    assert "choose one of" in runner.invoke(app, ["cards", "--doom", "envy"]).output
    bad_cost = runner.invoke(app, ["cards", "--cost", "lots"])
    assert bad_cost.exit_code == 2 and "--cost" in bad_cost.output


# -- the deck text format -------------------------------------------------------------
def _some_names(n: int) -> list[str]:
    return sorted(base_pool().names())[:n]


def test_deck_text_reads_counts_comments_headers_and_sideboard() -> None:
    a, b, c = _some_names(3)
    text = f"// my deck\nDeck\n3 {a}\n2x {b}  // two of these\n{c}\n\nSideboard\n1 {a}\nSB: 2 {c}\n"
    deck = parse_deck_text(text, base_pool())
    assert deck.main == [a] * 3 + [b] * 2 + [c]
    assert deck.sideboard == [a, c, c]


def test_deck_text_reports_every_unknown_name_with_its_line() -> None:
    a = _some_names(1)[0]
    text = f"3 {a}\n2 Nonesuch Card\n1 {a[:-1]}\n"
    with pytest.raises(DeckError) as info:
        parse_deck_text(text, base_pool(), source="mine.txt")
    message = str(info.value)
    assert "mine.txt, line 2: unknown card 'Nonesuch Card'" in message
    assert f"mine.txt, line 3: unknown card {a[:-1]!r}; did you mean {a!r}" in message


def test_export_then_import_gives_the_same_deck() -> None:
    for name, cards in preconstructed().items():
        text = format_deck(cards, base_pool(), title=name)
        assert sorted(parse_deck_text(text, base_pool()).main) == sorted(cards)


# -- ossuary deck ---------------------------------------------------------------------
def test_deck_check_accepts_an_exported_deck(runner: CliRunner, tmp_path: Path) -> None:
    name = next(iter(preconstructed()))
    path = tmp_path / "deck.txt"
    exported = runner.invoke(app, ["deck", "export", name, "--out", str(path)])
    assert exported.exit_code == 0, exported.output
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "a legal Hecatomb deck" in out and "Curve" in out


def test_deck_check_lists_every_problem(runner: CliRunner, tmp_path: Path) -> None:
    a, b = _some_names(2)
    path = tmp_path / "bad.txt"
    path.write_text(f"4 {a}\n3 {b}\n1 Bone Masonn\n", "utf-8")
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 2
    assert "line 3: unknown card 'Bone Masonn'" in result.output
    path.write_text(f"4 {a}\n3 {b}\n", "utf-8")
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 2
    out = " ".join(result.output.split())
    assert "has 7 cards; a deck needs at least 40" in out
    assert f"4 copies of {a!r}; at most 3" in out


def test_deck_check_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["deck", "check", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "can't read deck file" in result.output


def test_deck_list_and_unknown_export(runner: CliRunner) -> None:
    listed = runner.invoke(app, ["deck", "list"])
    assert listed.exit_code == 0
    for name in preconstructed():
        assert name in listed.output
    bad = runner.invoke(app, ["deck", "export", "No Such Deck"])
    assert bad.exit_code == 2 and "known Hecatomb decks" in bad.output


def test_cards_file_checks_and_lists_your_own_cards(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[[card]]\nname = "Grub"\ntype = "minion"\ndoom = "greed"\ncost = 1\nstrength = 1\n',
        "utf-8",
    )
    result = runner.invoke(app, ["cards", "--file", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert [c["name"] for c in json.loads(result.output)] == ["Grub"]
    path.write_text('[[card]]\nname = "Grub"\ntype = "minion"\ndoom = "gred"\n', "utf-8")
    bad = runner.invoke(app, ["cards", "--file", str(path)])
    assert bad.exit_code == 2
    assert "card 'Grub'" in bad.output and "field 'doom'" in bad.output


def test_play_takes_a_deck_file(runner: CliRunner, tmp_path: Path) -> None:
    # import: an exported deck, edited, plays as --deck FILE
    name = next(iter(preconstructed()))
    path = tmp_path / "mine.txt"
    path.write_text(format_deck(preconstructed()[name], base_pool()), "utf-8")
    args = ["play", "hecatomb", "--seats", "random,random", "-q", "--deck", str(path)]
    result = runner.invoke(app, [*args, "--deck", name])
    assert result.exit_code == 0, result.output
    assert " wins with " in result.output
    path.write_text("3 Nonesuch\n", "utf-8")
    bad = runner.invoke(app, [*args, "--deck", name])
    assert bad.exit_code == 2 and "line 1: unknown card 'Nonesuch'" in bad.output


# -- issue 8 §4: the smaller things a new player met ---------------------------------------
def test_deck_check_reports_unknown_cards_and_deck_rules_at_once(
    runner: CliRunner, tmp_path: Path
) -> None:
    a, b = _some_names(2)
    path = tmp_path / "bad.txt"
    path.write_text(f"4 {a}\n1 Bone Masonn\n3 {b}\n2 Nonesuch\n", "utf-8")
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 2
    out = " ".join(result.output.split())
    assert "line 2: unknown card 'Bone Masonn'" in out
    assert "line 4: unknown card 'Nonesuch'" in out  # not only the first unknown card
    assert "a deck needs at least 40" in out and f"4 copies of {a!r}" in out


def test_card_names_in_deck_files_are_case_insensitive(runner: CliRunner, tmp_path: Path) -> None:
    name = next(iter(preconstructed()))
    text = format_deck(preconstructed()[name], base_pool())
    path = tmp_path / "shouty.txt"
    path.write_text(text.upper().replace("DECK\n", "Deck\n"), "utf-8")
    result = runner.invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert (
        parse_deck_text(text.lower(), base_pool()).main == parse_deck_text(text, base_pool()).main
    )


def test_deck_check_takes_a_preconstructed_name_like_play_does(runner: CliRunner) -> None:
    result = runner.invoke(app, ["deck", "check", "rot and ruin"])
    assert result.exit_code == 0, result.output
    assert "Rot and Ruin: a legal Hecatomb deck" in result.output


def test_an_unknown_card_type_lists_the_types(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--type", "spell"])
    assert result.exit_code == 2
    assert "card types are minion, combat minion, fate, combat fate, relic, god" in " ".join(
        result.output.split()
    )


def test_every_preconstructed_deck_shows_more_than_minions() -> None:
    # Issue 8 §4: a new player meets fates, relics and gods in the shipped decks.
    pool = base_pool()
    for name, cards in preconstructed().items():
        kinds = {pool[c].type.removeprefix("combat ") for c in cards}
        assert "fate" in kinds, f"{name} has no fate"
        assert kinds & {"relic", "god"}, f"{name} has no relic or god"


def test_rules_prints_the_glossary_in_our_words(runner: CliRunner) -> None:
    whole = runner.invoke(app, ["rules"])
    assert whole.exit_code == 0, whole.output
    out = " ".join(whole.output.split())
    for term in ("Ripper", "Evader", "conditional ability", "trigger doom", "stitch", "reap"):
        assert term in out
    one = runner.invoke(app, ["rules", "hecatomb", "Hunter"])
    assert one.exit_code == 0 and "Hunter" in one.output and "Ripper" not in one.output
    short = runner.invoke(app, ["rules", "ripper"])  # the game may be left out
    assert short.exit_code == 0 and "Ripper" in short.output
    bad = runner.invoke(app, ["rules", "hecatomb", "flumph"])
    assert bad.exit_code == 2 and "No glossary entry" in bad.output


def test_rules_print_bracketed_words_whole(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a glossary entry naming "Bonewall [minion]" must not lose "[minion]" to
    # rich's markup
    from ossuary import games

    game = games.get("necromancer")
    entries = [("bonewall [minion]", "Not the artifact: see [artifact].")]
    monkeypatch.setattr(game.lessons, "glossary", lambda: entries)
    out = runner.invoke(app, ["rules", "necromancer"])
    assert out.exit_code == 0, out.output
    assert "bonewall [minion]" in out.output and "see [artifact]." in out.output


def test_the_glossary_quotes_no_rulebook_sentence() -> None:
    # Own words only (HELPERS.md): no run of 8 words from the rulebook's glossary.
    import re

    from ossuary.hecatomb.words import GLOSSARY

    here = Path(__file__).resolve()
    roots = [up / "shared" / "seeds" for up in here.parents]  # ../shared/seeds, README
    books = next((sorted(r.glob("00[01]_*.txt")) for r in roots if r.is_dir()), [])
    if not books:
        pytest.skip("the rulebook is not next to this checkout")

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9+]+", text.lower())

    book = words(" ".join(p.read_text("utf-8") for p in books))
    grams = {" ".join(book[i : i + 8]) for i in range(len(book) - 7)}
    for term, text in GLOSSARY:
        mine = words(text)
        copied = [" ".join(mine[i : i + 8]) for i in range(len(mine) - 7)]
        assert not [g for g in copied if g in grams], f"{term}: copied from the rulebook"
