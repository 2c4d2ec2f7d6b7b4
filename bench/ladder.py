"""The computer levels' strength on the players' rating scale (docs/ai.md, "The ladder").

    python bench/ladder.py --games 60 --workers 2
    python bench/ladder.py --tables hecatomb:2 --levels random,easy,normal --games 24

For every table (a game and a seat count) it plays the lobby's computer levels
against each other with the arena (``ossuary.agents.arena``: seats, first
player and decks rotated; Hecatomb and Necromancer deal every seat a random
legal deck drawn by the game's seed, ``--decks random``; Diabolicards plays its
one shared deck), then rates the games in order through the players' own
rating code (``ossuary.server.ratings``): each level is a player who starts
where a new account starts (1500), and every game moves the levels at the
table as a rated game moves people. ``random`` (no lobby level: it plays any
legal option) is the floor every table shares.

It writes what it measured to ``--out`` (by default the file the lobby reads,
``src/ossuary/server/ladder.json``): per table and level the rating, its
sigma and the games, with the date, the commit and the command. Tables it did
not play keep what the file held. The lobby says "about as strong as a 1650
player" for a level only where this file has it.

Every game it plays is kept in ``--games-file`` (``bench/ladder-games.jsonl``:
a line a game, its table, the level in each seat, the winning seat, the run).
A run replaces its tables' games there, unless ``--add``: then the table is
fitted over the games kept from earlier runs and this run's, in that order,
so a slow level (normal, hard) joins a table without replaying the others'
games:

    python bench/ladder.py --tables hecatomb:2 --levels random,easy,learned --games 600
    python bench/ladder.py --tables hecatomb:2 --levels random,easy,normal,learned --games 240 --add

A stopped run is not lost: each game is written to ``--partial`` (by default
``bench/ladder-games.partial.jsonl``) the moment it ends, and the same command
run again plays only the games still missing (the schedule is the same for the
same table, levels, ``--games`` and ``--seed``), then fits the table over all of
them, as if the run had never stopped. A table's games leave that file when
the table is done. Delete the file to start over.

Fix ``--games`` (per table) before running and report every game played. A
level that thinks for a time (normal: 1 s a decision, hard: 4 s) is as strong
as the machine lets it be: measure those on an otherwise idle machine with the
compiled build, as the server plays them.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ossuary import compiled, games
from ossuary.agents.arena import (
    RANDOM_DECKS,
    GameResult,
    GameSpec,
    check_random_decks,
    labels,
    pin_arena_spec,
    run_arena,
    schedule,
)
from ossuary.agents.learned import shipped_policies
from ossuary.server import ratings
from ossuary.server.ai import AI_LEVELS
from ossuary.workers import how_stopped, sigterm_as_ctrl_c

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src" / "ossuary" / "server" / "ladder.json"
DEFAULT_GAMES = Path(__file__).resolve().with_name("ladder-games.jsonl")
#: the floor: plays any legal option (not offered in the lobby)
FLOOR = "random"


def level_specs() -> dict[str, str]:
    """Every level the lobby offers by default, and the floor: name -> agent spec."""
    return {FLOOR: "random", **AI_LEVELS, "learned": "learned"}


def tables() -> list[str]:
    """Every table the rules allow: ``game:seats``."""
    return [f"{name}:{n}" for name in games.names() for n in games.get(name).seat_counts]


def levels_at(table: str, wanted: Sequence[str]) -> list[str]:
    """The wanted levels that play ``table`` (the learned level only where a
    policy ships for it)."""
    learned = {f"{g}:{n}" for g, n in shipped_policies()}
    return [lv for lv in wanted if lv != "learned" or table in learned]


def fit(results: Sequence[GameResult | _Played], teams: Sequence[int]) -> dict[str, ratings.Skill]:
    """Rate ``results`` in order: each level a player. A level in two seats of
    one game (more seats than levels) is rated per seat and moves by the sum
    of its seats' changes (its sigma: the smallest), as one player would."""
    skills: dict[str, ratings.Skill] = {}
    for r in results:
        before = [skills.get(a, ratings.Skill()) for a in r.agents]
        winner = None if r.winner is None else teams[r.winner]
        after = ratings.rate(teams, ratings.places(teams, winner), before)
        for level in dict.fromkeys(r.agents):
            seats = [i for i, a in enumerate(r.agents) if a == level]
            old = skills.get(level, ratings.Skill())
            mu = old.mu + sum(after[i].mu - before[i].mu for i in seats)
            sigma = min(after[i].sigma for i in seats)
            skills[level] = replace(old, mu=mu, sigma=sigma, games=old.games + 1)
    return skills


def play_table(
    table: str,
    wanted: Sequence[str],
    n_games: int,
    seed: int,
    workers: int,
    progress: Progress,
    partial: Partial | None = None,
) -> tuple[list[dict[str, Any]], str]:
    """Play ``n_games`` of the ``wanted`` levels at ``table``: every game as a
    record (the level in each seat, the winning seat, the seed, and the run it
    was played in when ``partial`` kept it from a stopped run), and the decks.
    With ``partial``, each game is written there as it ends, and the games it
    already holds for this schedule are not played again."""
    game, _, seats_text = table.partition(":")
    seats = int(seats_text)
    levels = levels_at(table, wanted)
    specs = level_specs()
    try:
        check_random_decks(game)
        decks: list[str] = [RANDOM_DECKS]
    except ValueError:
        decks = []
    # the arena names each agent by its spec (arena.labels); the levels map back
    chosen = [specs[lv] for lv in levels]
    pinned = [pin_arena_spec(s, game, seats) for s in chosen]
    teams = games.get(game).teams(seats)
    if len(set(teams)) < seats and len(chosen) > 2:
        plan = team_plan(chosen, pinned, n_games, seats, decks, seed)
    else:
        plan = schedule(chosen, n_games, seats, decks, seed, pinned=pinned)
    by_spec = dict(zip(labels(chosen), levels, strict=True))
    key = {"table": table, "levels": levels, "games": n_games, "seed": seed}
    done: dict[int, dict[str, Any]] = {}
    if partial is not None:
        done, other = partial.played(key), partial.others(key)
        if done:
            print(
                f"ladder: {table}: {len(done)} of {len(plan)} games kept from a stopped run; "
                f"playing the other {len(plan) - len(done)} ({partial.path} holds them)",
                file=sys.stderr,
            )
        if other:
            print(
                f"ladder: {table}: {other} games of a stopped run with other levels, games "
                f"or seed are not used and leave {partial.path} when this table is done",
                file=sys.stderr,
            )
    todo = [g for g in plan if g.index not in done]
    task = progress.add_task(table, total=len(plan), completed=len(plan) - len(todo))

    def record(r: GameResult) -> dict[str, Any]:
        return {"table": table, "levels": [by_spec[a] for a in r.agents], "winner": r.winner,
                "seed": r.seed}  # fmt: skip

    def ended(r: GameResult) -> None:
        if partial is not None:
            partial.keep(key, r.index, record(r))
        progress.advance(task)

    results = run_arena(todo, workers=workers, game=game, on_result=ended)
    played = {r.index: record(r) for r in results}
    records = [done[g.index] if g.index in done else played[g.index] for g in plan]
    return records, "random legal decks" if decks else "the shared deck"


class Partial:
    """The games of runs not finished yet, a line a game written as it ends
    (``{"key": ..., "index": ..., "game": ..., "run": ...}``): the key names the
    schedule (table, levels, games, seed), the run says where the game was
    played (date, commit, build, command)."""

    def __init__(self, path: Path, run: dict[str, Any]) -> None:
        self.path = path
        self.run = run

    def _lines(self) -> list[dict[str, Any]]:
        """Every line, checked: any damage is a ValueError naming the line."""
        found = []
        for number, item in json_lines(self.path):
            if not (
                isinstance(item, dict)
                and isinstance(item.get("key"), dict)
                and isinstance(item.get("index"), int)
                and isinstance(item.get("run"), dict)
                and isinstance(item.get("game"), dict)
                and isinstance(item["game"].get("table"), str)
                and _levels_and_winner(item["game"])
            ):
                raise ValueError(f"{self.path}, line {number}: not a game of a stopped run")
            found.append(item)
        return found

    def check(self) -> None:
        """A ValueError if the file is damaged (said before any game is played).
        A last line cut short (the process killed while writing it: it has no
        line end) is the game that was being written: it is cut off first."""
        try:
            data = self.path.read_bytes() if self.path.exists() else b""
        except OSError as exc:
            raise ValueError(f"{self.path}: can't be read ({exc})") from None
        if data and not data.endswith(b"\n"):
            with self.path.open("r+b") as f:
                f.truncate(data.rfind(b"\n") + 1)
            print(
                f"ladder: {self.path}: its last line, cut short when the run was stopped, "
                "is dropped (that game is played again)",
                file=sys.stderr,
            )
        self._lines()

    def played(self, key: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """The games kept for the schedule ``key``: index -> record with its run."""
        return {
            item["index"]: {**item["game"], "run": item["run"]}
            for item in self._lines()
            if item["key"] == key
        }

    def others(self, key: dict[str, Any]) -> int:
        """How many games are kept for ``key``'s table under another schedule."""
        return sum(
            1
            for item in self._lines()
            if item["key"].get("table") == key["table"] and item["key"] != key
        )

    def keep(self, key: dict[str, Any], index: int, game: dict[str, Any]) -> None:
        """Write one finished game at once (flushed: a kill loses at most the
        game being played)."""
        line = json.dumps(
            {"key": key, "index": index, "game": game, "run": self.run}, separators=(",", ":")
        )
        with self.path.open("a") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())

    def forget(self, table: str) -> None:
        """Drop ``table``'s games (it is done); the file goes when it is empty."""
        rest = [item for item in self._lines() if item["key"].get("table") != table]
        if rest:
            self.path.write_text(
                "".join(json.dumps(item, separators=(",", ":")) + "\n" for item in rest)
            )
        else:
            self.path.unlink(missing_ok=True)


def team_plan(
    chosen: Sequence[str],
    pinned: Sequence[str],
    n_games: int,
    seats: int,
    decks: Sequence[str],
    seed: int,
) -> list[GameSpec]:
    """A team table's games: each level plays as a whole side (in every seat
    of its team), against each other level in turn, the sides swapped
    from game to game (the arena's rotation of two agents), and every game its
    own deal (``seed`` + its index). Seating more levels than sides around
    the table would put two levels on one side and one level on both, and
    the fit could not tell them apart."""
    pairs = list(itertools.combinations(range(len(chosen)), 2))
    per = [n_games // len(pairs) + (k < n_games % len(pairs)) for k in range(len(pairs))]
    each = [
        schedule([chosen[a], chosen[b]], per[k], seats, decks, 0, pinned=[pinned[a], pinned[b]])
        for k, (a, b) in enumerate(pairs)
    ]
    order = [
        g for i in range(max(per)) for g in (games_k[i] for games_k in each if i < len(games_k))
    ]
    return [replace(g, index=i, seed=seed + i) for i, g in enumerate(order)]


def rate_table(table: str, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The table's levels rated over ``records`` in order (:func:`fit`)."""
    game, _, seats = table.partition(":")
    played = [_Played(list(r["levels"]), r["winner"]) for r in records]
    skills = fit(played, games.get(game).teams(int(seats)))
    return {
        lv: {
            "rating": ratings.shown(s),
            "mu": round(s.mu, 3),
            "sigma": round(s.sigma, 3),
            "games": s.games,
        }
        for lv, s in sorted(skills.items(), key=lambda kv: -kv[1].mu)
    }


class _Played:
    """What :func:`fit` reads of a game: the level in each seat, the winning seat."""

    def __init__(self, agents: list[str], winner: int | None) -> None:
        self.agents = agents
        self.winner = winner


def json_lines(path: Path) -> list[tuple[int, Any]]:
    """Each non-blank line of ``path`` read as JSON, with its number (none if
    the file does not exist); a ValueError naming the file and line if one
    can't be read."""
    if not path.exists():
        return []
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: can't be read ({exc})") from None
    found = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            found.append((number, json.loads(line)))
        except ValueError:
            raise ValueError(f"{path}, line {number}: not JSON") from None
    return found


def read_games(path: Path) -> list[dict[str, Any]]:
    """The games kept in ``path`` (none if it does not exist): each game's
    line, with ``run``, the run line above it (None if there is none)."""
    games_kept, run = [], None
    for number, item in json_lines(path):
        if not isinstance(item, dict):
            raise ValueError(f"{path}, line {number}: not a game nor a run")
        if "run" in item and "table" not in item:
            run = item["run"]
        elif isinstance(item.get("table"), str) and _levels_and_winner(item):
            games_kept.append({**item, "run": item.get("run", run)})
        else:
            raise ValueError(f"{path}, line {number}: a game needs a table, levels and a winner")
    return games_kept


def _levels_and_winner(item: dict[str, Any]) -> bool:
    levels, winner = item.get("levels"), item.get("winner")
    if not isinstance(levels, list) or not all(isinstance(lv, str) for lv in levels):
        return False
    return winner is None or (
        isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < len(levels)
    )


def write_games(path: Path, kept: Sequence[dict[str, Any]]) -> None:
    """``kept`` to ``path``, a line a game, each run's line (date, commit, build,
    command) once above its games."""
    lines, run = [], None
    for r in kept:
        if r.get("run") != run:
            run = r.get("run")
            lines.append(json.dumps({"run": run}, separators=(",", ":")))
        lines.append(json.dumps({k: v for k, v in r.items() if k != "run"}, separators=(",", ":")))
    path.write_text("".join(line + "\n" for line in lines))


def _command(argv: Sequence[str]) -> str:
    """The command as it decides what is measured: where it writes is left out."""
    kept, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a in ("--out", "--games-file"):
            skip = True
        elif not a.startswith(("--out=", "--games-file=")):
            kept.append(a)
    return "python bench/ladder.py " + shlex.join(kept)


def commit(written: Path | None = None) -> str:
    """The commit of the Ossuary source that plays: the package imported, which
    ``PYTHONPATH`` may take from another tree than this tool's (a compiled
    worktree of the commit measured), with ``+edits`` where that source is not
    the commit's ("unknown" outside a git checkout). ``written``: the file the
    ladder writes its figures to, not counted as an edit (by default it lies in
    the package, so a second run in the same tree would say ``+edits``)."""
    import ossuary

    where = Path(ossuary.__file__).resolve().parent
    spec = ["."]
    if written is not None and written.resolve().is_relative_to(where):
        spec.append(f":(exclude){written.resolve().relative_to(where)}")

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], capture_output=True, text=True, check=True, cwd=where
        ).stdout.strip()

    try:
        found = git("rev-parse", "--short", "HEAD")
        edited = git("status", "--porcelain", "--untracked-files=no", "--", *spec)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{found}+edits" if edited else found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables",
        default=",".join(tables()),
        help="game:seats, comma separated (default: every table)",
    )
    parser.add_argument(
        "--levels",
        default=",".join(level_specs()),
        help="levels, comma separated (default: random and every lobby level)",
    )
    parser.add_argument("--games", type=int, default=60, help="games per table")
    parser.add_argument("--seed", type=int, default=370001)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--date", default=datetime.date.today().isoformat())
    parser.add_argument(
        "--games-file", type=Path, default=DEFAULT_GAMES, help="where every game is kept"
    )
    parser.add_argument(
        "--partial",
        type=Path,
        help="where each game is written as it ends, for a stopped run to go on from "
        "(default: the games file's name with .partial.jsonl)",
    )
    parser.add_argument(
        "--add",
        action="store_true",
        help="fit each table over its kept games and this run's (default: this run's only)",
    )
    args = parser.parse_args()
    wanted = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    unknown = sorted(set(wanted) - set(level_specs()))
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}; levels: {', '.join(level_specs())}")
    known = tables()
    chosen = [t.strip() for t in args.tables.split(",") if t.strip()]
    if any(t not in known for t in chosen):
        parser.error(f"tables are game:seats, of {', '.join(known)}")
    data: dict[str, Any] = {}
    command = _command(sys.argv[1:])
    # a level that thinks for a time is as strong as its build lets it be: an
    # edited source makes the dev tree run pure Python (docs/compiled.md)
    build = compiled.describe()
    run = {"date": args.date, "commit": commit(args.out), "build": build, "command": command}
    partial = Partial(args.partial or args.games_file.with_suffix(".partial.jsonl"), run)
    try:
        if args.out.exists():
            data = json.loads(args.out.read_text())
        read_games(args.games_file)  # a damaged file is said before any game is played
        partial.check()
    except ValueError as exc:  # (JSONDecodeError and UnicodeDecodeError are ValueErrors)
        parser.error(f"{exc}")
    if not isinstance(data, dict):
        parser.error(f"{args.out}: not the ladder's file (a JSON object)")
    print(f"ladder: {build}", file=sys.stderr)
    try:
        with sigterm_as_ctrl_c():  # kill PID keeps the games as Ctrl-C does
            play_tables(args, chosen, wanted, data, run, partial)
    except KeyboardInterrupt as exc:
        print(
            f"ladder: stopped; the games played are kept in {partial.path}: run the same "
            "command to go on from there",
            file=sys.stderr,
        )
        sys.exit(how_stopped(exc)[1])  # 130 after Ctrl-C, 143 after SIGTERM
    for table in chosen:
        row = data["tables"][table]
        print(
            table,
            ", ".join(
                f"{lv} {v['rating']} ({v['games']} games, sigma {v['sigma']})"
                for lv, v in row.items()
                if not lv.startswith("_")
            ),
        )


def play_tables(
    args: argparse.Namespace,
    chosen: Sequence[str],
    wanted: Sequence[str],
    data: dict[str, Any],
    run: dict[str, Any],
    partial: Partial,
) -> None:
    """Play and rate each table in turn; ``--out`` and the games file are
    written as each table is done, so a stop loses no finished table."""
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    ) as progress:
        for table in chosen:
            new, decks = play_table(
                table, wanted, args.games, args.seed, args.workers, progress, partial
            )
            for r in new:
                r.setdefault("run", run)  # a game kept from a stopped run has its own
            kept = read_games(args.games_file)
            earlier = [r for r in kept if r["table"] == table] if args.add else []
            # a run's table replaces its kept games (or adds to them), others stay
            write_games(args.games_file, [r for r in kept if r["table"] != table] + earlier + new)
            partial.forget(table)
            measured = rate_table(table, earlier + new)
            runs = list(
                {json.dumps(r["run"], sort_keys=True): r["run"] for r in earlier + new}.values()
            )
            measured.update(
                _decks=decks,
                _played=len(earlier) + len(new),
                _date=", ".join(dict.fromkeys(r["date"] for r in runs)),
                _commit=", ".join(dict.fromkeys(r["commit"] for r in runs)),
                _command=" && ".join(dict.fromkeys(r["command"] for r in runs)),
                _build=", ".join(dict.fromkeys(r["build"] for r in runs)),
            )
            data.setdefault("tables", {})[table] = measured
            data["scale"] = (
                f"shown rating = {ratings.BASE:g} + {ratings.SCALE:g} x (mu - {ratings.MU:g}); "
                "every level starts at 1500 as a new account does"
            )
            args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
