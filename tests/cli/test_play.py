"""``ossuary play``: computers only, a person at the keyboard, hot seat, bad options."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from ossuary import __version__
from ossuary.cli.main import app


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_computers_only_play_to_the_end_and_print_winner_and_souls(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seats", "random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^Winner: Player [01]$", result.output, re.M)
    souls = re.search(r"^Souls: Player 0 (\d+), Player 1 (\d+)$", result.output, re.M)
    assert souls is not None
    assert max(int(souls[1]), int(souls[2])) >= 20
    # watching: a board at each turn, not at every decision
    turns = re.findall(r"Turn (\d+): Player", result.output)
    assert turns == [str(n) for n in range(1, len(turns) + 1)]
    assert result.output.count("(hand shown)") == len(turns)


def test_same_seed_same_output_and_quiet_prints_only_the_result(runner: CliRunner) -> None:
    args = ["play", "hecatomb", "--seats", "random,random", "--seed", "11"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output
    quiet = runner.invoke(app, [*args, "--quiet"])
    assert quiet.exit_code == 0
    assert "Turn 1" not in quiet.output
    result_part = first.output[first.output.index("Winner:") :]
    assert result_part in quiet.output


def test_three_computers(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seats", "random,random,random", "-q"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^Souls: Player 0 \d+, Player 1 \d+, Player 2 \d+$", result.output, re.M)


def test_human_game_shows_board_and_options_then_quits(runner: CliRunner) -> None:
    # seed 3: Player 0 starts; option 1 of a first main phase puts a card into the
    # mana zone; an action id ("end") also works as an answer
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="1\nend\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Player 0 (you)" in out
    assert "Hand:" in out and "Abominations" in out and "Mana:" in out
    assert "Your options:" in out
    assert re.search(r"^ +\d+\. End your turn$", out, re.M)
    assert "Player 0 puts" in out  # the log of what happened since the last decision
    assert "Game abandoned." in out
    assert "Winner:" not in out
    # the computer played its turn between the two human decisions
    assert "-- turn 2: Player 1 --" in out


def test_invalid_input_asks_again(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="\nfoo\n0\n99\n?\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You entered nothing" in out
    assert "You entered 'foo'" in out
    assert "You entered '0'" in out
    assert "You entered '99'" in out
    assert len(re.findall(r"enter a number from 1 to \d+,", out)) == 4
    assert "Recent log" in out
    assert out.count("Your options:") == 2  # shown again after the log
    assert "Game abandoned." in out


def test_end_of_input_quits_cleanly(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="1\n")
    assert result.exit_code == 0, result.output
    assert "Game abandoned." in result.output


def test_human_can_play_a_whole_game(runner: CliRunner) -> None:
    # always the first option, until the game is over
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "5", "--seats", "random,human"], input="1\n" * 400
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"^Winner: Player [01]$", result.output, re.M)


def test_hot_seat_passes_the_keyboard(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["play", "hecatomb", "--seats", "human,human", "--seed", "1"],
        input="1\n" * 12 + "q\n",  # a "1" also answers "press Enter"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    first = out.index("Pass to Player")
    assert "Player 1 (you)" in out and "Player 0 (you)" in out
    assert out.count("Pass to Player") >= 2
    assert first < out.index("(you)")


def test_unknown_deck_fails_with_code_2_listing_known_decks(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--deck", "Nope", "--deck", "Rot and Ruin"])
    assert result.exit_code == 2
    assert "unknown deck 'Nope'" in result.output
    assert "Rot and Ruin" in result.output and "Gilded Lies" in result.output
    assert "Traceback" not in result.output


def test_decks_by_name_one_per_seat(runner: CliRunner) -> None:
    args = ["play", "hecatomb", "--seats", "random,random", "-q"]
    ok = runner.invoke(app, [*args, "--deck", "gilded lies", "--deck", "Gilded Lies"])
    assert ok.exit_code == 0, ok.output
    short = runner.invoke(app, [*args, "--deck", "Gilded Lies"])
    assert short.exit_code == 2
    assert "one --deck per seat" in short.output


def test_bad_seats_and_games_fail_with_code_2(runner: CliRunner) -> None:
    for args, message in [
        (["--seats", "random,grandmaster"], "known agents: heuristic, ismcts, random"),
        (["--seats", "random,ismcts:soon"], "neither seconds"),
        (["--seats", "ai,random", "--ai", "godlike"], "choose from: easy, normal, hard"),
        (["--seats", "random"], "2 to 6 players"),
        (["--seats", "random,,random"], "one name per seat"),
    ]:
        result = runner.invoke(app, ["play", "hecatomb", *args])
        assert result.exit_code == 2, result.output
        assert message in result.output
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "known games: hecatomb" in result.output


def test_ai_levels_and_agent_specs_in_seats(runner: CliRunner) -> None:
    for seats in ("ai,random", "heuristic,ismcts:iters=8"):
        result = runner.invoke(
            app, ["play", "hecatomb", "--seats", seats, "--ai", "easy", "--seed", "2", "-q"]
        )
        assert result.exit_code == 0, result.output
        assert re.search(r"^Winner: Player [01]$", result.output, re.M)
    shown = runner.invoke(app, ["play", "hecatomb", "--seats", "ai,ai", "--ai", "easy", "-q"])
    assert "Player 0: heuristic, Player 1: heuristic" in shown.output
