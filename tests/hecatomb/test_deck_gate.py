"""The plain decks the preconstructed decks are measured against (issue 35,
``bench/deck_gate.py``, docs/balance.md "Against plain decks"): they are legal
decks that ``ossuary deck check`` accepts and the simulator plays, built the
way the docs say, and the gate's two rules read its games as written. Nothing
here measures strength: that is the gate's job, not a unit test's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from ossuary.cli.main import app
from ossuary.hecatomb import base_pool, preconstructed, validate_deck
from ossuary.hecatomb.cards import DOOMS
from ossuary.sim import store

from ..bench_tools import load_bench

POOL = base_pool()
RUNNER = CliRunner()
# issue 35: the first fourteen corruption cards of the catalogue, three of each
FINDING = ["Brood Sac", "Eye of the Outer Dark", "Festering Drudge", "Gnawing Imp",
           "Gutter Spawn", "Howling Deformity", "Jade Cenote Drowner", "Knitting Flesh",
           "Marrow Fiend", "Maw Acolyte", "Obsidian Priest", "Pale Devourer", "Pale Unbinder",
           "Sinew Snapper"]  # fmt: skip


@pytest.fixture(scope="module")
def gate() -> ModuleType:
    return load_bench("deck_gate")


def test_the_first_14_corruption_deck_is_the_deck_of_the_finding(gate: ModuleType) -> None:
    assert Counter(gate.plain_decks()["first 14 corruption"]) == dict.fromkeys(FINDING, 3)


def test_every_plain_deck_is_legal_and_as_plain_as_the_docs_say(gate: ModuleType) -> None:
    plain = gate.plain_decks()
    assert len(plain) == len(DOOMS) + 6  # a first 14 per doom, a curve per pair
    for name, cards in {**plain, **gate.random_decks()}.items():
        validate_deck(cards, POOL, name)
    for name, cards in plain.items():
        counts = Counter(cards)
        assert set(counts.values()) == {3} and len(counts) == 14, name
        assert all(POOL[c].is_minion for c in cards), name
    # a curve: 3 one-drops, 5 two-drops, 4 three-drops, 2 of four or more, of its two dooms
    for a, b in [("corruption", "deceit"), ("destruction", "greed")]:
        curve = set(plain[f"curve {a} + {b}"])
        assert {POOL[c].doom for c in curve} <= {a, b}
        costs = Counter(min(POOL[c].cost, 4) for c in curve)
        assert costs == {1: 3, 2: 5, 3: 4, 4: 2}
        # the strongest of each cost: no minion left out is stronger at its cost
        for card in POOL.cards.values():
            if card.is_minion and card.doom in (a, b) and card.name not in curve:
                same = [POOL[c].strength for c in curve if POOL[c].cost == card.cost]
                assert not same or card.strength <= min(same) or card.cost >= 4
    assert gate.random_decks() == gate.random_decks()  # the same decks every time


def test_deck_check_accepts_the_plain_deck_files(gate: ModuleType, tmp_path: Path) -> None:
    paths = gate.write_decks(tmp_path)
    assert len(paths) == len(gate.plain_decks()) + gate.RANDOM_DECKS
    for path in paths[: len(gate.plain_decks()) + 1]:  # the plain ones and a random one
        result = RUNNER.invoke(app, ["deck", "check", str(path)])
        assert result.exit_code == 0, result.output
        assert "a legal Hecatomb deck" in " ".join(result.output.split())


def test_the_simulator_plays_the_plain_deck_against_a_preconstructed_one(
    gate: ModuleType, tmp_path: Path
) -> None:
    deck = next(p for p in gate.write_decks(tmp_path / "decks") if "first-14-corruption" in p.name)
    out = tmp_path / "run"
    result = RUNNER.invoke(app, ["simulate", "--versus", "--decks", f"{deck},Gilded Lies",
                                 "--games", "4", "--workers", "1", "--no-progress",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    table = store.read_games(out, ["deck", "error", "finished"])
    assert set(table["deck"].to_pylist()) == {"first-14-corruption", "Gilded Lies"}
    assert table["error"].null_count == table.num_rows
    assert all(table["finished"].to_pylist())


def test_the_gate_plays_and_reads_a_deck_against_the_plain_decks(
    gate: ModuleType, tmp_path: Path
) -> None:
    # a field of two plain decks and one random deck keeps the games few
    plain = dict(list(gate.plain_decks().items())[:2])
    randoms = dict(list(gate.random_decks().items())[:1])
    name = "Blood and Gold"
    gate.run_gate({name: preconstructed()[name]}, "random", 4, 4, seed=3, out=tmp_path,
                  plain=plain, randoms=randoms)  # fmt: skip
    verdict = gate.read_gate(tmp_path / gate.slug(name), name)
    assert set(verdict.cells) == {*plain, gate.RANDOM}
    assert [c.games for c in verdict.cells.values()] == [4, 4, 4]
    assert verdict.pooled.games == 12 and verdict.errors == 0
    assert "| Blood and Gold |" in gate.tables([verdict])


def test_the_rules_read_the_plain_side_s_score(gate: ModuleType) -> None:
    cell = gate.Cell
    # rule 2 allows exactly even; rule 1 needs the whole interval at or below it
    even = gate.Verdict("d", {"a": cell(100, 200), "b": cell(100, 200)}, 0, 0.0)
    assert even.loses_to_none and not even.beats_the_plain_field
    clear = gate.Verdict("d", {"a": cell(80, 200), "b": cell(85, 200)}, 0, 0.0)
    assert clear.loses_to_none and clear.beats_the_plain_field
    one_loss = gate.Verdict("d", {"a": cell(101, 200), "b": cell(20, 200)}, 0, 0.0)
    assert one_loss.beats_the_plain_field and not one_loss.loses_to_none
    assert one_loss.worst[0] == "a"
    assert not gate.Verdict("d", {}, 0, 0.0).loses_to_none
