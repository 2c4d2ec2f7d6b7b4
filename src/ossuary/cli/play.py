"""``ossuary play``: people and agents at one table, or computers watched."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import games
from ..agents import Agent, make_agent, play_game
from ..engine.core import Action, GameState
from ..engine.game import DeckSpec, Game
from ..engine.replay import Replay, SeatReplay
from .deck_cmd import find_deck, read_deck_file
from .errors import CliError
from .human import HumanAgent, QuitGame, Reader, Table, player

HUMAN = "human"
AI = "ai"  # a seat played by the computer at the level chosen with --ai
# --ai levels: easy looks one move ahead; normal searches about a second a
# decision on a 2-core machine; hard four seconds.
AI_LEVELS = {"easy": "heuristic", "normal": "ismcts:1", "hard": "ismcts:4"}
DEFAULT_AI = "normal"


def ai_spec(level: str) -> str:
    """The agent spec of an --ai level."""
    spec = AI_LEVELS.get(level.strip().lower())
    if spec is None:
        raise CliError(f"unknown --ai level {level!r}; choose from: {', '.join(AI_LEVELS)}")
    return spec


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the computer in ``seat`` of a game started with ``seed``."""
    return seed * 1_000_003 + seat + 1


def parse_seats(spec: str) -> list[str]:
    seats = [s.strip().lower() for s in spec.split(",")]
    if any(not s for s in seats):
        raise CliError(f"--seats {spec!r}: give one name per seat, separated by commas")
    return seats


def resolve_decks(game: Game, names: list[str], seats: int) -> list[DeckSpec] | None:
    """One deck per seat, checked: a preconstructed deck's name, or a deck file
    (``3 Card Name`` lines, see ``ossuary deck check``). None: the default decks."""
    if not names:
        return None
    out: list[DeckSpec] = []
    for name in names:
        if Path(name).is_file():
            out.append(read_deck_file(Path(name), game))
        else:
            try:
                out.append(find_deck(game, name))
            except CliError:
                raise CliError(
                    f"unknown deck {name!r}: not a deck file, nor one of the preconstructed "
                    f"{game.title} decks: {', '.join(game.preconstructed())}"
                ) from None
    if len(out) != seats:
        raise CliError(f"give one --deck per seat: {seats} seats, {len(out)} decks")
    return out


def new_game(game: Game, seats: int, seed: int, decks: list[DeckSpec] | None) -> GameState:
    try:
        return game.new_game(decks=decks, seats=seats, seed=seed)
    except ValueError as exc:
        raise CliError(str(exc)) from exc


@dataclass
class Watcher:
    """Prints a computers-only game: the board at each turn, one line per action."""

    console: Console
    game: Game
    quiet: bool = False
    turn: int = -1

    def __call__(self, state: GameState, seat: int, action: Action) -> None:
        if self.quiet:
            return
        view = state.view(seat)
        if view["turn_number"] != self.turn:
            self.turn = view["turn_number"]
            active = view["active"]
            self.console.print(Rule(f"Turn {self.turn}: {player(active)}"))
            shown = view if active == seat else state.view(active)
            self.console.print(self.game.render_board(shown, me=active, me_label="hand shown"))
        self.console.print(Text(f"  {player(seat)}: {action.label}"), soft_wrap=True)


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


def play(
    console: Console,
    read: Reader,
    game: str,
    seats_spec: str | None,
    seed: int,
    deck_names: list[str],
    save_replay: Path | None,
    quiet: bool = False,
    ai: str = DEFAULT_AI,
    mode: str | None = None,
) -> None:
    """Play one game to its end (or until a person quits).

    A seat named ``ai`` is the computer at the ``ai`` level; any other name is
    an agent spec (``random``, ``heuristic``, ``ismcts``, ``ismcts:2``...).
    ``mode`` is one of the game's named modes (``2v2``): it sets the seat count.
    """
    the_game = games.get(game)
    seats_spec = mode_seats(the_game, mode, seats_spec)
    level = ai_spec(ai)
    seats = [level if s == AI else s for s in parse_seats(seats_spec)]
    the_game.check_seats(len(seats))
    decks = resolve_decks(the_game, deck_names, len(seats))
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    table = Table(console, read, the_game, hot_seat=len(humans) > 1)
    agents: list[Agent] = []
    for i, spec in enumerate(seats):
        if spec == HUMAN:
            agents.append(HumanAgent(i, table))
            continue
        try:
            agents.append(make_agent(spec, agent_seed(seed, i)))
        except ValueError as exc:
            raise CliError(f"seat {i}: {exc} (or {HUMAN!r} or {AI!r})") from exc
    state = new_game(the_game, len(seats), seed, decks)
    names = ", ".join(f"{player(i)}: {s}" for i, s in enumerate(seats))
    console.print(Text(f"{the_game.title}, seed {seed}. {names}", style="bold"), soft_wrap=True)
    watcher = None if humans else Watcher(console, the_game, quiet)
    try:
        play_game(state, agents, observer=watcher)
    except QuitGame:
        console.print(Text("Game abandoned.", style="bold"), soft_wrap=True)
        _save(console, state, save_replay, humans)
        return
    if len(humans) == 1:
        table.show_new_events(humans[0], state.view(humans[0]))
    final = state.view(humans[0] if humans else 0)  # winner and souls are public
    console.print(Rule("Game over"))
    for line in the_game.result_lines(final):
        console.print(Text(line, style="bold"), soft_wrap=True)
    _save(console, state, save_replay, humans)


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
