"""The conformance suite: every registered game, at every seat count it allows,
held to the kernel's promises from outside (``docs/adding-a-game.md``,
"Checks"). The games are the registry's (``ossuary.games`` entry points), plus
the example games of ``examples/``, installed for the suite only
(:mod:`.examples`): no game is listed here by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ossuary import compiled, games

from .examples import example_games, installed

with installed():
    #: (game, seats) for every registered game and seat count
    TABLES = [(name, n) for name in games.names() for n in games.get(name).seat_counts]
    #: one table a game (its fewest seats): for the checks that cost a whole front end
    GAMES = [(name, games.get(name).seat_counts[0]) for name in games.names()]
EXAMPLES = frozenset(example_games())


def table_id(table: tuple[str, int]) -> str:
    name, seats = table
    with installed():
        modes = {n: m for m, n in games.get(name).modes.items()}
    return f"{name}-{modes.get(seats, seats)}"


def tables(which: list[tuple[str, int]]) -> list[object]:
    """``which`` as parameters. An example game is not compiled with Ossuary:
    where Ossuary runs compiled its state can't subclass the compiled
    ``GameState`` (docs/adding-a-game.md, "A known limit of the compiled
    build"), so there it is an expected failure (``make test`` checks it again
    on pure Python)."""
    out: list[object] = []
    for table in which:
        marks = [pytest.mark.example] if table[0] in EXAMPLES else []
        if table[0] in EXAMPLES and compiled.COMPILED:
            # its first state raises TypeError; a front end may word it otherwise
            why = "an interpreted subclass of a compiled class"
            marks.append(pytest.mark.xfail(strict=True, reason=why))
        out.append(pytest.param(table, id=table_id(table), marks=marks))
    return out


@pytest.fixture(autouse=True)
def examples_installed() -> Iterator[None]:
    with installed():
        yield
