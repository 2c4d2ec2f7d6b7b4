"""A deck tried against the field: the ``versus`` deck mode (the deck against each
opponent, never the field against itself, every side in every seat and turn
order alike), the trial's numbers read from the games' own rows, and
``ossuary deck try`` from the command line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ossuary import games
from ossuary.cli.main import app
from ossuary.sim import trial
from ossuary.sim.plan import Deck, SimConfig, SimError, cycle_length, seating
from ossuary.sim.play import play_chunk
from ossuary.sim.stats import MIN_PLAYED

RUNNER = CliRunner()


def _config(n_field: int = 3) -> SimConfig:
    game = games.get("hecatomb")
    field = dict(list(game.decks.preconstructed().items())[:n_field])
    mine = game.decks.preconstructed()["Blood and Gold"]
    return trial.trial_config("hecatomb", mine, "mine", field, seed=5)


def test_versus_plays_the_first_deck_against_each_other_deck_evenly() -> None:
    config = _config(3)
    planned = trial.planned_games(config, 3)
    assert planned == 12  # rounded up: 4 an opponent
    for span in (planned, cycle_length(config)):
        meet: Counter[tuple[int, int, bool]] = Counter()  # opponent, our seat, we went first
        for i in range(span):
            s = seating(config, i)
            assert s.decks is not None and sorted(s.decks)[0] == 0 and s.decks.count(0) == 1
            ours = s.decks.index(0)
            meet[(s.decks[1 - ours], ours, s.first == ours)] += 1
        # each opponent, our deck in each seat, going first and second, equally often
        assert set(meet) == {(o, seat, f) for o in (1, 2, 3) for seat in (0, 1)
                             for f in (True, False)}  # fmt: skip
        assert len(set(meet.values())) == 1
    assert trial.planned_games(config, 48) == 144


def test_versus_needs_a_field() -> None:
    with pytest.raises(SimError, match="at least 2 decks"):
        SimConfig(
            "hecatomb", ("heuristic",), deck_mode="versus", decks=(Deck("a", ("x",)),)
        ).check_shape()
    with pytest.raises(SimError, match="no decks to try"):
        trial.trial_config("hecatomb", ["Snap"] * 40, field={})


def test_the_trials_numbers_are_the_games_own() -> None:
    """Win rates against each opponent and the cards' played win rates, checked
    against a count made here from the raw rows of the games."""
    config = _config(2)
    table = play_chunk(json.dumps(config.to_json()), 0, 32)
    out = trial.summary(config, table, 32)
    rows = table.to_pylist()
    by_game: dict[int, list[dict[str, object]]] = {}
    for r in rows:
        by_game.setdefault(int(r["game"]), []).append(r)  # type: ignore[call-overload]
    expect: dict[str, list[float]] = {}
    played: dict[str, list[float]] = {}
    for pair in by_game.values():
        ours = next(r for r in pair if r["deck"] == "mine")
        theirs = next(r for r in pair if r["deck"] != "mine")
        expect.setdefault(str(theirs["deck"]), []).append(float(ours["score"]))  # type: ignore[arg-type]
        for card, _ in ours["played"]:  # type: ignore[attr-defined]
            played.setdefault(card, []).append(float(ours["score"]))  # type: ignore[arg-type]
    assert out["games"] == 32 and out["errors"] == 0
    assert [o["name"] for o in out["opponents"]] == list(expect)
    for o in out["opponents"]:
        scores = expect[o["name"]]
        assert o["games"] == len(scores) and o["wins"] == pytest.approx(sum(scores))
    assert out["overall"]["games"] == 32
    cards = out["cards"]
    shown = cards["best"] + cards["worst"]
    assert shown, "no card was played often enough to rank"
    mine = set(config.decks[0].cards)
    for c in shown:
        assert c["card"] in mine
        scores = played[c["card"]]
        assert c["played"]["games"] == len(scores) >= MIN_PLAYED  # data enough to rank
        assert c["played"]["rate"] == pytest.approx(sum(scores) / len(scores))
    rates = [c["played"]["rate"] for c in cards["best"]]
    assert rates == sorted(rates, reverse=True)
    assert min(rates) >= max(c["played"]["rate"] for c in cards["worst"])
    assert not {c["card"] for c in cards["best"]} & {c["card"] for c in cards["worst"]}
    assert cards["unranked"], "every card was played often enough"
    for c in cards["unranked"]:
        assert c["card"] in mine and c["played"] == len(played.get(c["card"], [])) < MIN_PLAYED


def test_deck_try_from_the_terminal(tmp_path: Path) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_text(games.get("hecatomb").decks.format(_config().decks[0].cards))
    out = tmp_path / "run"
    result = RUNNER.invoke(app, ["deck", "try", str(deck), "--against", "rot and ruin,Gilded Lies",
                                 "--games", "4", "--workers", "1", "--no-progress",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    text = result.output
    assert "mine against the field" in text
    assert "Rot and Ruin" in text and "Gilded Lies" in text and "Plague Tithe" not in text
    assert "All" in text and "95% interval" in text
    # the run is an ordinary simulation run: 'ossuary report' reads it
    summary = json.loads((out / "summary.json").read_text())
    # 4 games an opponent: each seat, first and second, once
    assert summary["games"] == 8 and summary["config"]["deck_mode"] == "versus"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--against", "Nope"], "unknown deck 'Nope'"),
        (["--games", "0"], "--games 0"),
        (["--game", "diabolicards"], "no deck of your own to try"),
    ],
)
def test_deck_try_refuses_bad_options_clearly(args: list[str], words: str) -> None:
    result = RUNNER.invoke(app, ["deck", "try", "Rot and Ruin", *args, "--no-progress"])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output
