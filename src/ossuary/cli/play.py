"""``ossuary play``: people and agents at one table, or computers watched."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import games
from ..agents import Agent, Observation, check_agent, make_agent, play_game
from ..agents.registry import normal_spec
from ..engine.core import Action, GameState
from ..engine.errors import OssuaryError
from ..engine.game import DeckSpec, Game, NotSupported
from ..engine.names import naming, seat_names, speak
from ..engine.replay import Replay, SeatReplay
from ..tutorial import Tutorial, lesson_of, lessons_of
from .decklists import find_deck, read_deck_file
from .errors import CliError, check_output
from .human import DecisionScreen, HumanAgent, QuitGame, Reader, Table, player

HUMAN = "human"
AI = "ai"  # a seat played by the computer at the level chosen with --ai
# --ai levels: easy looks one move ahead; normal searches about a second a
# decision on a 2-core machine; hard four seconds; learned plays the policy
# network the project ships for the game (instant; 2 seats in every game).
AI_LEVELS = {"easy": "heuristic", "normal": "ismcts:1", "hard": "ismcts:4", "learned": "learned"}
DEFAULT_AI = "normal"
UI_MODES = ("auto", "full", "plain")
EXIT_INTERRUPTED = 130  # the shell's code for "stopped by Ctrl-C"
SEED_RANGE = 1_000_000


def ai_spec(level: str) -> str:
    """The agent spec of an --ai level."""
    spec = AI_LEVELS.get(level.strip().lower())
    if spec is None:
        raise CliError(f"unknown --ai level {level!r}; choose from: {', '.join(AI_LEVELS)}")
    return spec


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the computer in ``seat`` of a game started with ``seed``."""
    return seed * 1_000_003 + seat + 1


def random_seed() -> int:
    """A fresh seed for a game nobody asked to repeat (printed, so it can be)."""
    return secrets.randbelow(SEED_RANGE)


def parse_seats(spec: str) -> list[str]:
    """``--seats``: who plays each seat (``human,ai,random``), or how many seats
    there are (``3``: you and two computers), as ``arena --seats`` and
    ``simulate --seats`` count them."""
    text = spec.strip()
    if text.isascii() and text.isdigit():
        count = int(text)
        if count < 1:
            raise CliError(f"--seats {spec}: a game needs players; give how many, or who plays "
                           "each seat (human,ai)")  # fmt: skip
        return [HUMAN] + [AI] * min(count - 1, 99)
    seats = [normal_spec(s) for s in spec.split(",")]  # a path keeps its capitals
    if any(not s for s in seats):
        raise CliError(f"--seats {spec!r}: give one name per seat, separated by commas")
    return seats


def first_seat(typed: int | None, seats: int) -> int | None:
    """``--first`` as typed, counted from 1 (1: the first seat), as a seat index;
    None when not given (the seed chooses)."""
    if typed is None:
        return None
    if not 1 <= typed <= seats:
        raise CliError(f"--first {typed}: the seats are 1 to {seats} (1 is the first seat)")
    return typed - 1


def _one_deck(game: Game, name: str) -> tuple[DeckSpec, str]:
    """A deck file or a preconstructed deck's name -> (deck, how the board names it)."""
    if Path(name).is_file():
        return read_deck_file(Path(name), game), Path(name).name
    try:
        real = find_deck(game, name)
    except CliError:
        raise CliError(
            f"unknown deck {name!r}: not a deck file, nor one of the preconstructed "
            f"{game.title} decks: {', '.join(game.decks.preconstructed())}"
        ) from None
    return real, real


def resolve_decks(
    game: Game, names: list[str], seats: int, humans: list[int] | None = None
) -> tuple[list[DeckSpec] | None, list[str]]:
    """Every seat's deck and its name on the board.

    No ``--deck``: the game's default decks. One: the deck of the first person
    at the table (seat 0 when only computers play); the other seats get default
    decks, other than that one where the game has enough. One per seat: in
    order. A deck is a preconstructed deck's name or a deck file (``3 Card Name``
    lines, see ``ossuary deck check``).
    """
    try:
        pool = game.decks.defaults(seats + 1)
    except NotSupported:
        pool = []
    if not names:
        if not pool:
            return None, [""] * seats
        defaults = pool[:seats]
        return defaults, [d if isinstance(d, str) else "" for d in defaults]
    chosen = [_one_deck(game, n) for n in names]
    if len(chosen) == seats:
        return [d for d, _ in chosen], [label for _, label in chosen]
    if len(chosen) != 1:
        raise CliError(
            f"give one --deck (yours; the others get default decks) or one per seat: "
            f"{seats} seats, {len(chosen)} decks"
        )
    mine = (humans or [0])[0]
    if not pool:
        raise CliError(f"{game.title} has no default decks: give one --deck per seat")
    others = [d for d in pool if d != chosen[0][1]] if len(set(map(str, pool))) > 1 else pool
    out: list[DeckSpec] = []
    labels: list[str] = []
    for seat in range(seats):
        if seat == mine:
            out.append(chosen[0][0])
            labels.append(chosen[0][1])
        else:
            d = others.pop(0) if others else pool[0]
            out.append(d)
            labels.append(d if isinstance(d, str) else "")
    return out, labels


def new_game(
    game: Game, seats: int, seed: int, decks: list[DeckSpec] | None, first: int | None = None
) -> GameState:
    try:
        return game.new_game(decks=decks, seats=seats, seed=seed, first=first)
    except (ValueError, OssuaryError) as exc:  # "You's deck": seats named as on the board
        raise CliError(speak(str(exc))) from exc


def seat_kind(spec: str, level: str) -> str:
    """How the board names who plays a seat: "human", "computer, normal"."""
    if spec == HUMAN:
        return HUMAN
    if spec == AI_LEVELS.get(level, ""):
        return f"computer, {level}"
    named = next((name for name, s in AI_LEVELS.items() if s == spec), None)
    return f"computer, {named}" if named else f"computer: {spec}"


@dataclass
class Watcher:
    """Prints a computers-only game: the board at each turn, one line per action."""

    console: Console
    game: Game
    quiet: bool = False
    turn: int = -1
    table: Table | None = None

    def __call__(self, state: GameState, seat: int, action: Action) -> None:
        if self.quiet:
            return
        view = state.view(seat)
        # a game whose view has no turn number (a small game of another
        # package) gets no turn-by-turn board; its end screen still shows
        turn = view.get("turn_number")
        if isinstance(turn, int) and turn != self.turn:
            self.turn = turn
            active = view.get("active", seat)
            self.console.print(Rule(f"Turn {self.turn}: {player(active)}"))
            shown = view if active == seat else state.view(active)
            labels = self.table.seat_labels(None, state.num_seats()) if self.table else []
            if labels:
                labels[active] = labels[active].replace(" · ", " (hand shown) · ", 1)
                if "(hand shown)" not in labels[active]:
                    labels[active] += " (hand shown)"
                board = self.game.terminal.render_screen(
                    shown, active, labels, self.console.width, None
                )
            else:
                board = self.game.terminal.render_board(shown, me=active, me_label="hand shown")
            self.console.print(board)
        self.console.print(Text(speak(f"  {player(seat)}: {action.label}")), soft_wrap=True)


def mode_seats(game: Game, mode: str | None, seats_spec: str | None) -> str:
    """The seats spec for a game's named ``mode`` (``--mode 2v2``): given seats
    must number the mode's seats; none given: a person and computers."""
    if mode is None:
        return seats_spec or f"{HUMAN},{AI}"
    wanted = game.modes.get(mode.strip().lower())
    if wanted is None:
        known = ", ".join(game.modes) or "none"
        raise CliError(f"{game.title} has no mode {mode!r}; its modes: {known}")
    if seats_spec is None:
        return ",".join([HUMAN] + [AI] * (wanted - 1))
    if len(parse_seats(seats_spec)) != wanted:
        raise CliError(f"--mode {mode} has {wanted} seats; --seats names {seats_spec!r}")
    return seats_spec


class ThinkingAgent:
    """A computer seat at a table with people: while it decides, the people see
    their board and that it is thinking (the full screen keeps their keys)."""

    def __init__(
        self, agent: Agent, seat: int, table: Table, watch: Callable[[], DecisionScreen | None]
    ) -> None:
        self.agent = agent
        self.name = agent.name
        self.observes = getattr(agent, "observes", "samples")  # what play_game builds for it
        self.seat = seat
        self.table = table
        self.watch = watch

    def act(self, obs: Observation) -> str:
        who = self.table.seat_labels(None, len(self.table.seat_names))[self.seat].split(" · ")[0]
        with self.table.screen_ui.thinking(who, self.watch()):
            return self.agent.act(obs)


def tutorial_for(game: Game, mode: str | None) -> Tutorial:
    """``game``'s lesson for ``mode`` (None: its main one), or why there is none."""
    mode = mode.strip().lower() if mode else None
    found = lesson_of(game, mode)
    if found is not None:
        return found
    if lesson_of(game) is None:
        raise CliError(f"{game.title} has no guided first game yet")
    mode_seats(game, mode, None)  # a mode the game does not have is said as such
    have = " and ".join(f"one for --mode {t.mode}" if t.mode else "one without --mode"
                        for t in lessons_of(game))  # fmt: skip
    raise CliError(f"{game.title} has no lesson for --mode {mode}: it has {have}")


def choose_ui(mode: str) -> bool:
    """Whether to use the full screen: ``auto`` when both ends are terminals."""
    from .screen import terminal_ok

    mode = mode.strip().lower()
    if mode not in UI_MODES:
        raise CliError(f"--ui {mode!r}: choose from {', '.join(UI_MODES)}")
    if mode == "plain":
        return False
    ok = terminal_ok(sys.stdin, sys.stdout)
    if mode == "full" and not ok:
        raise CliError("--ui full needs a terminal for both input and output; use --ui plain")
    return ok


def play(
    console: Console,
    read: Reader,
    game: str,
    seats_spec: str | None,
    seed: int | None,
    deck_names: list[str],
    save_replay: Path | None,
    quiet: bool = False,
    ai: str | None = None,
    full_screen: bool = False,
    auto_pass: bool = True,
    mode: str | None = None,
    first: int | None = None,
    typed_names: list[str | None] | None = None,
    tutorial: bool = False,
) -> int:
    """Play one game to its end (or until a person quits); the exit code.

    A seat named ``ai`` is the computer at the ``ai`` level; any other name is
    an agent spec (``random``, ``heuristic``, ``ismcts``, ``ismcts:2``...).
    ``seed`` None: a random seed, printed so the deal can be played again.
    ``mode`` is one of the game's named modes (``2v2``): it sets the seat count.
    ``first`` is the seat that starts as typed, counted from 1 (None: the seed
    chooses).
    ``ai`` None: the default level (:data:`DEFAULT_AI`).
    ``tutorial``: the game's lesson (for ``mode``, if given): its own deal,
    seats and computers, so the options that choose those are refused.
    Ctrl-C ends the game with a message (and the replay, if asked for) and the
    exit code 130.
    """
    the_game = games.get(game)
    lesson = None
    if tutorial:  # the guided first game: its own deal, seats and opponents
        lesson = tutorial_for(the_game, mode)
        options = (("--seats", seats_spec), ("--seed", seed), ("--deck", deck_names),
                   ("--first", first), ("--ai", ai))  # fmt: skip
        given = [name for name, value in options if value is not None and value != []]
        if given:
            raise CliError(
                f"--tutorial deals its own game against the easy computer its steps were "
                f"written for: leave out {', '.join(given)} (or play without --tutorial)"
            )
        deal = lesson.deal
        seats_spec, seed, mode = ",".join(deal.seats), deal.seed, deal.mode
        first = None if deal.first is None else deal.first + 1  # the lesson counts from 0
        deck_names = list(deal.decks or [])
        if typed_names is None and deal.names:
            typed_names = list(deal.names)
    ai = DEFAULT_AI if ai is None else ai
    seats_spec = mode_seats(the_game, mode, seats_spec)
    check_output(save_replay, "--save-replay", "save the replay to")  # before the game, not after
    level = ai.strip().lower()
    spec = ai_spec(ai)
    raw = parse_seats(seats_spec)
    seats = [spec if s == AI else s for s in raw]
    the_game.check_seats(len(seats))
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    if seed is None:
        seed = random_seed()
    if lesson is not None:  # the lesson's own lists, under their names
        decks, deck_labels = lesson.decks, deck_names or [""] * len(seats)
    else:
        decks, deck_labels = resolve_decks(the_game, deck_names, len(seats), humans)
    kinds = [seat_kind(s, level) for s in seats]
    table = Table(
        console,
        read,
        the_game,
        hot_seat=len(humans) > 1,
        seat_names=kinds,
        deck_names=deck_labels,
        title=f"{the_game.title} · seed {seed}",
        auto_pass=auto_pass,
        saved_to=None if save_replay is None else str(save_replay),
        tutorial=lesson,
    )
    if lesson is not None:  # how to win stays in sight all game long
        table.title = f"{the_game.title}{f' {mode}' if mode else ''} · win: {lesson.goal}"
    table.names = seat_names(
        [HUMAN if s == HUMAN else "computer" for s in seats],
        me=humans[0] if len(humans) == 1 else None,
        typed=typed_names or [],
    )
    with naming(table.names):
        agents: list[Agent] = []
        for i, s in enumerate(seats):
            if s == HUMAN:
                agents.append(HumanAgent(i, table))
                continue
            try:
                agent = make_agent(s, agent_seed(seed, i))
            except ValueError as exc:
                raise CliError(f"seat {i + 1}: {exc} (or {HUMAN!r} or {AI!r})") from exc
            try:
                check_agent(s, the_game.name, len(seats))  # a learned policy for another game
            except ValueError as exc:
                raise CliError(f"seat {i + 1}: {exc}") from exc
            agents.append(agent)
        starts = first_seat(first, len(seats))
        state = new_game(the_game, len(seats), seed, decks, starts)
        for h in humans:
            the_game.client.allow_back(state, h)
        if humans:
            names = ", ".join(table.seat_labels(None, len(seats)))
        else:  # computers only: say which agent plays which seat
            names = ", ".join(f"{player(i)}: {s}" for i, s in enumerate(seats))
        console.print(
            Text(
                f"{the_game.title}, seed {seed} (replay this deal with --seed {seed}"
                f"{'' if first is None else f' --first {first}'}). {names}",
                style="bold",
            ),
            soft_wrap=True,
        )
        if lesson is not None:  # said first (the full screen keeps it in its title)
            console.print(Text(f"How to win: {lesson.goal}.", style="bold cyan"), soft_wrap=True)
        if humans:

            def watch() -> DecisionScreen | None:
                seat = table.last_seat if table.last_seat is not None else humans[0]
                return table.watch_screen(seat, state.view(seat))

            agents = [
                a if i in humans else ThinkingAgent(a, i, table, watch)
                for i, a in enumerate(agents)
            ]
        screen: Any = None
        if full_screen and humans:
            from .screen import FullScreenUI

            screen = FullScreenUI(console)
            table.ui = screen
        watcher = None if humans else Watcher(console, the_game, quiet, table=table)
        context: AbstractContextManager[Any] = screen if screen is not None else nullcontext()
        outcome = "done"
        try:
            with context:
                try:
                    play_game(state, agents, observer=watcher)
                except QuitGame:
                    outcome = "quit"
                if outcome == "done" and screen is not None:
                    seat = table.last_seat if table.last_seat is not None else humans[0]
                    screen.show(table.watch_screen(seat, state.view(seat)))
                    told = state.view(humans[0] if len(humans) == 1 else None)
                    screen.final([speak(x) for x in the_game.terminal.result_lines(told)])
        except KeyboardInterrupt:
            console.print()
            console.print(
                Text("Interrupted (Ctrl-C): game abandoned.", style="bold"), soft_wrap=True
            )
            _save(console, state, save_replay, humans)
            return EXIT_INTERRUPTED
        if outcome == "quit":
            console.print(Text("Game abandoned.", style="bold"), soft_wrap=True)
            _save(console, state, save_replay, humans)
            return 0
        if len(humans) == 1 and screen is None:
            h = humans[0]
            view = state.view(h)
            new = view["log"][table.seen.get(h, 0) :]
            if new:
                console.print(Text("Since your last decision:", style="bold"), soft_wrap=True)
                for event in new[-30:]:
                    console.print(Text("  " + speak(the_game.terminal.format_event(event))),
                                  soft_wrap=True)  # fmt: skip
        # said to the one person at the table; at a shared screen or to an
        # audience of computers, as to a spectator (who won, not "you")
        final = state.view(humans[0] if len(humans) == 1 else None)
        console.print(Rule("Game over"))
        for line in the_game.terminal.result_lines(final):
            console.print(Text(speak(line), style="bold"), soft_wrap=True)
        _save(console, state, save_replay, humans)
        return 0


def _save(console: Console, state: GameState, path: Path | None, humans: list[int]) -> None:
    """A finished game's full replay; an unfinished game's replay as the one
    person at the table saw it (or, hot seat, as a spectator), because the full
    replay would show every hand and deck while the game could still go on."""
    if path is None:
        return
    replay = Replay.of(state)
    finished = state.is_terminal()
    try:
        if finished:
            replay.save(path)
        else:
            SeatReplay.record(replay, humans[0] if len(humans) == 1 else None).save(path)
    except OSError as exc:
        raise CliError(f"cannot save the replay to {str(path)!r}: {exc.strerror or exc}") from exc
    whose = (
        "the whole game"
        if finished
        else "as your seat saw it"
        if len(humans) == 1
        else "as a spectator saw it"
    )
    console.print(Text(f"Replay saved to {path} ({whose})"), soft_wrap=True)
