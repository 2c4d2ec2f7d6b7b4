"""``ossuary play``: computers only, a person at the keyboard, hot seat, bad options."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ossuary import __version__
from ossuary.cli import play as play_module
from ossuary.cli.human import cards_named_in
from ossuary.cli.main import app


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert __version__ in result.output


def test_computers_only_play_to_the_end_and_print_winner_and_souls(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seats", "random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^Computer [12] wins with \d+ souls \(20 win\)$",
                     result.output, re.M)  # fmt: skip
    souls = re.search(r"^Souls: Computer 1 (\d+), Computer 2 (\d+)$", result.output, re.M)
    assert souls is not None
    assert max(int(souls[1]), int(souls[2])) >= 20
    # watching: a board at each turn, not at every decision
    turns = re.findall(r"Turn (\d+): Computer", result.output)
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
    result_part = first.output[first.output.index("Game over") :]
    assert result_part in quiet.output


def test_three_computers(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seats", "random,random,random", "-q"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^Souls: Computer 1 \d+, Computer 2 \d+, Computer 3 \d+$", result.output,
                     re.M)  # fmt: skip


def test_human_game_shows_board_and_options_then_quits(runner: CliRunner) -> None:
    # seed 3: you start; option 1 of a first main phase puts a card into the
    # mana zone; an action id ("end") also works as an answer
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="1\nend\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You · Rot and Ruin, Computer (easy) · Gilded Lies" in out
    assert "hand:" in out and "no abominations" in out and "mana:" in out
    assert "Your options:" in out
    assert re.search(r"^ +\d+\. End your turn$", out, re.M)
    assert "You put" in out  # the log of what happened since the last decision
    assert "Game abandoned." in out
    assert " wins" not in out and "You win" not in out and "Player" not in out
    # the computer played its turn between the two human decisions, and said so
    assert "-- turn 2: Computer --" in out
    assert "Computer (easy) is thinking..." in out


def test_invalid_input_asks_again_and_never_crashes(runner: CliRunner) -> None:
    # Issue 8 §3/§4: any text at the prompt gets an answer, "²" and huge numbers included.
    result = runner.invoke(
        app,
        ["play", "hecatomb", "--seed", "3", "--ai", "easy"],
        input="\nfoo\n0\n99\n²\n" + "9" * 5000 + "\n?\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You entered nothing" in out
    for shown in ("'foo'", "'0'", "'99'", "'²'"):
        assert f"You entered {shown}" in out
    assert "too long" in out
    assert len(re.findall(r"enter an option's number \(", out)) == 5
    assert "Traceback" not in out
    assert "Game abandoned." in out


def test_help_cards_and_rules_in_the_game(runner: CliRunner) -> None:
    # Issue 8 §4: help, any visible card's full text, and the glossary, mid-game.
    answers = ["help", "?", "c", "c quarry", "c Vesk, the Hoardmother", "r ripper", "r", "l",
               "c nosuchcard", "q"]  # fmt: skip
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("choose option 3") == 2  # help, twice
    assert "Cards you can see your hand: Quarry Stalker" in out  # the visible cards
    assert "Conditional (corruption)" in out and "Trigger dooms" in out  # a card in full
    assert "Each enemy with more souls than you" in out  # any card by its full name
    assert "chooses which of the other side's minions" in out  # glossary: Ripper
    assert "Guardian Keyword: the abomination never attacks" in out  # the whole glossary
    assert "The log so far" in out
    assert "No card called 'nosuchcard'" in out


def test_a_card_by_its_option_number(runner: CliRunner) -> None:
    # "c 1" reads the card option 1 plays; an option naming no card, and a number
    # that is no option, say so (seed 3: option 1 puts Quarry Stalker into mana)
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="c 1\nc 5\nc 99\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "1. Put Quarry Stalker into your mana zone" in out
    assert "Greed Evader. Conditional (corruption)" in out  # Quarry Stalker's text
    assert "Option 5 (End your turn) names no card" in out
    assert "There is no option 99" in out


def test_cards_named_in_a_label_longest_first_in_order() -> None:
    names = ["Ghoul", "Ghoul King", "Bone Saw", "Ghoul"]
    assert cards_named_in("Play Ghoul King (kill Ghoul with Bone Saw)", names) == [
        "Ghoul King",
        "Ghoul",
        "Bone Saw",
    ]
    assert cards_named_in("End your turn", names) == []


def test_options_keep_their_numbers_and_short_labels_choose(runner: CliRunner) -> None:
    # Issue 8 §4: after putting a card into the mana zone, "End your turn" keeps its number.
    result = runner.invoke(app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="1\nq\n")
    ends = re.findall(r"^ +(\d+)\. End your turn$", result.output, re.M)
    assert len(ends) == 2 and ends[0] == ends[1] != "2", ends
    # "end" (the first letters of "End your turn") chooses it
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="en\nq\n"
    )
    assert "-- turn 2: Computer --" in result.output


def test_end_of_input_quits_cleanly(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"], input="1\n")
    assert result.exit_code == 0, result.output
    assert "Game abandoned." in result.output


def _answers() -> str:
    """Every option number from 1 to 20 in turn, again and again: each decision takes
    the first that is on offer (numbers stay with their options, so they have gaps)."""
    return "".join(f"{n}\n" for n in range(1, 21)) * 300


def test_human_can_play_a_whole_game(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", "hecatomb", "--seed", "5", "--seats", "random,human"], input=_answers()
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"^You (win|lose): (you|Computer) reached \d+ souls", result.output, re.M)
    # a lone "Pass" or "End your turn" was answered for the player, and said so
    assert "(auto-pass; type auto to turn auto-pass off)" in result.output


def test_auto_pass_can_be_turned_off(runner: CliRunner) -> None:
    args = ["play", "hecatomb", "--seed", "5", "--seats", "random,human", "--no-auto-pass"]
    result = runner.invoke(app, args, input=_answers())
    assert result.exit_code == 0, result.output
    assert "auto-pass;" not in result.output
    assert re.search(r"^Your options:\n +\d+\. (Pass|End your turn)[^\n]*\nYour choice",
                     result.output, re.M)  # fmt: skip


def test_hot_seat_passes_the_keyboard(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["play", "hecatomb", "--seats", "human,human", "--seed", "1"],
        input="\n1\n" * 6 + "q\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    first = out.index("Pass the keyboard to Player")
    assert "Player 1 (you)" in out and "Player 2 (you)" in out
    assert out.count("Pass the keyboard to Player") >= 2
    assert first < out.index("(you)")


def test_q_at_the_hot_seat_handoff_quits(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", "hecatomb", "--seats", "human,human", "--seed", "1"], input="q\n"
    )
    assert result.exit_code == 0, result.output
    assert "Game abandoned." in result.output
    assert "(you)" not in result.output  # nobody's hand was shown


def test_a_random_seed_is_printed_and_replays_the_deal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 8 §2: no --seed deals a new game each time, and says how to replay it.
    monkeypatch.setattr(play_module, "random_seed", lambda: 424242)
    args = ["play", "hecatomb", "--seats", "random,random"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "seed 424242 (replay this deal with --seed 424242)" in first.output
    again = runner.invoke(app, [*args, "--seed", "424242"])
    assert again.output == first.output
    assert 0 <= play_module.random_seed() < play_module.SEED_RANGE


def test_one_deck_is_yours_and_the_board_names_every_deck(runner: CliRunner) -> None:
    # README: `ossuary play hecatomb --deck "Blood and Gold"`: the person's deck.
    result = runner.invoke(
        app,
        ["play", "hecatomb", "--seed", "3", "--deck", "blood and gold", "--seats", "ai,human"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You · Blood and Gold" in out
    assert re.search(r"Computer \(normal\) · (?!Blood and Gold)[A-Z]", out)


def test_ctrl_c_ends_the_game_with_a_message_and_the_replay(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)

    def interrupt(prompt: str) -> str | None:
        raise KeyboardInterrupt

    path = tmp_path / "cut.json"
    code = play_module.play(console, interrupt, "hecatomb", "human,random", 3, [], path, ai="easy")
    assert code == 130
    assert "Interrupted (Ctrl-C): game abandoned." in out.getvalue()
    assert "Replay saved to" in out.getvalue() and path.exists()


def test_unknown_deck_fails_with_code_2_listing_known_decks(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "hecatomb", "--deck", "Nope", "--deck", "Rot and Ruin"])
    assert result.exit_code == 2
    assert "unknown deck 'Nope'" in result.output
    assert "Rot and Ruin" in result.output and "Gilded Lies" in result.output
    assert "Traceback" not in result.output


def test_decks_by_name_one_per_seat(runner: CliRunner) -> None:
    args = ["play", "hecatomb", "--seats", "random,random,random", "-q"]
    ok = runner.invoke(app, [*args, "--deck", "gilded lies", "--deck", "Gilded Lies",
                             "--deck", "rot and ruin"])  # fmt: skip
    assert ok.exit_code == 0, ok.output
    one = runner.invoke(app, [*args, "--deck", "Gilded Lies"])
    assert one.exit_code == 0, one.output
    two = runner.invoke(app, [*args, "--deck", "Gilded Lies", "--deck", "Rot and Ruin"])
    assert two.exit_code == 2
    assert "one --deck (yours; the others get default decks) or one per seat" in two.output


def test_bad_seats_and_games_fail_with_code_2(runner: CliRunner) -> None:
    for args, message in [
        (
            ["--seats", "random,grandmaster"],
            "known agents: guided, heuristic, ismcts, learned, random",
        ),
        (["--seats", "random,ismcts:soon"], "neither seconds"),
        (["--seats", "ai,random", "--ai", "godlike"], "choose from: easy, normal, hard"),
        (["--seats", "random"], "2 to 6 players"),
        (["--seats", "random,,random"], "one name per seat"),
        # issue 35 §6: seats counted from 1 in what a player reads, and a number
        # of seats taken as one ("--seats 7" answered "not 1")
        (["--seats", "random,grandmaster"], "seat 2: unknown agent 'grandmaster'"),
        (["--seats", "7"], "Hecatomb is for 2 to 6 players, not 7"),
        (["--seats", "0"], "--seats 0: a game needs players"),
    ]:
        result = runner.invoke(app, ["play", "hecatomb", *args])
        assert result.exit_code == 2, result.output
        assert message in result.output
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    known = result.output.split("known games:", 1)[1]
    assert all(name in known for name in ("hecatomb", "necromancer", "diabolicards"))


def test_ai_levels_and_agent_specs_in_seats(runner: CliRunner) -> None:
    for seats in ("ai,random", "heuristic,ismcts:iters=8"):
        result = runner.invoke(
            app, ["play", "hecatomb", "--seats", seats, "--ai", "easy", "--seed", "2", "-q"]
        )
        assert result.exit_code == 0, result.output
        assert re.search(r"^Computer [12] wins with ", result.output, re.M)
    shown = runner.invoke(app, ["play", "hecatomb", "--seats", "ai,ai", "--ai", "easy", "-q"])
    assert "Computer 1: heuristic, Computer 2: heuristic" in shown.output


@pytest.mark.parametrize("game", ["hecatomb", "diabolicards"])
def test_first_chooses_the_seat_that_starts(runner: CliRunner, tmp_path: Path, game: str) -> None:
    # Diabolicards FAQ, the turns: either side may open; Hecatomb's setup names a
    # first player. --first makes it a choice; without it the seed decides.
    # Seats count from 1 where a player types them (issue 35 §6): --first 1 is the
    # first seat; the replay file keeps the engine's index
    for first in (1, 2):
        out = tmp_path / f"{game}-{first}.json"
        args = ["play", game, "--seats", "random,random", "--seed", "4", "-q"]
        result = runner.invoke(app, [*args, "--first", str(first), "--save-replay", str(out)])
        assert result.exit_code == 0, result.output
        assert json.loads(out.read_text("utf-8"))["first"] == first - 1
        assert f"(replay this deal with --seed 4 --first {first})" in result.output
    for bad_first in ("0", "3"):
        bad = runner.invoke(app, ["play", game, "--seats", "random,random", "--first",
                                  bad_first, "-q"])  # fmt: skip
        assert bad.exit_code == 2
        assert f"--first {bad_first}: the seats are 1 to 2 (1 is the first seat)" in bad.output


def test_seats_as_a_number_is_you_and_computers(runner: CliRunner) -> None:
    # as in arena and simulate, --seats 3 is three seats: you and two computers
    result = runner.invoke(app, ["play", "hecatomb", "--seats", "3", "--seed", "2", "--ai",
                                 "easy", "--ui", "plain"], input="q\ny\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "You · " in result.output
    assert "Computer 1 (easy)" in result.output and "Computer 2 (easy)" in result.output


def test_the_help_names_the_option_that_exists(runner: CliRunner) -> None:
    # the in-game help once said --plain; the option is --ui plain
    result = runner.invoke(app, ["play", "hecatomb", "--seed", "3", "--ai", "easy"],
                           input="?\nq\ny\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "--ui plain" in text
    assert not re.search(r"(?<!--ui) --plain", text)
    assert "--plain" not in runner.invoke(app, ["play", "--help"]).output.replace("--ui", "")


def test_q_asks_before_throwing_an_unsaved_game_away(runner: CliRunner, tmp_path: Path) -> None:
    args = ["play", "hecatomb", "--seed", "3", "--ai", "easy"]
    # q, then Enter: the game goes on (the options again), then q and y: it ends
    kept = runner.invoke(app, args, input="q\n\nq\ny\n")
    assert kept.exit_code == 0, kept.output
    out = kept.output
    assert out.count("Leave this game? It is not saved, so it will be lost") == 2
    first, second = (m.start() for m in re.finditer("Leave this game", out))
    assert "Your options:" in out[first:second]  # asked again in between: the game went on
    assert out.rstrip().endswith("Game abandoned.")
    # a game saved on the way out (--save-replay) is left at once
    path = tmp_path / "g.json"
    saved = runner.invoke(app, [*args, "--save-replay", str(path)], input="q\n")
    assert saved.exit_code == 0 and "Leave this game" not in saved.output
    assert path.exists()
