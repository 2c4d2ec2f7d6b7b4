"""The card-test scanner every game's catalogue uses: which tests show a card.

A test shows a card by its marker, ``@pytest.mark.card("Name")`` (Hecatomb's,
the first game's, carry no ``game``) or ``@pytest.mark.card("key",
game="necromancer")``; the marker may also sit in a ``parametrize``'s
``pytest.param(..., marks=...)`` or be called through an alias (``card =
pytest.mark.card``). The tests are read with :mod:`ast`, never imported.
Interpreted in both builds (its file name keeps it so: setup.py).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path


def card_tests(root: Path, game: str | None = None) -> dict[str, list[str]]:
    """Card name -> test ids (``path::function``) under ``root`` marked for
    ``game`` (None: the markers that name no game)."""
    out: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for deco in node.decorator_list:
                for name in card_markers(deco, game):
                    out[name].append(f"{path.as_posix()}::{node.name}")
    return dict(out)


def card_markers(expr: ast.expr, game: str | None = None) -> list[str]:
    """The cards named by the ``card`` markers for ``game`` in one decorator."""
    out = []
    for node in ast.walk(expr):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func  # pytest.mark.card(...), or an alias: card = pytest.mark.card
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name != "card" or _game(node) != game:
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            out.append(arg.value)
    return out


def _game(call: ast.Call) -> str | None:
    """The game a marker names (``game="necromancer"``); None where it names none
    (or names it by something other than a string)."""
    game = next((k.value for k in call.keywords if k.arg == "game"), None)
    if game is None:
        return None
    return game.value if isinstance(game, ast.Constant) and isinstance(game.value, str) else ""


def write_report(report: Path, render: Callable[[], str], argv: list[str] | None = None) -> int:
    """The command behind ``make docs`` for one game's catalogue: write
    ``report`` from ``render()``, or with ``--check`` fail (exit status 1) when
    the file on disk differs."""
    parser = argparse.ArgumentParser(description=f"Write {report} from the card files.")
    parser.add_argument("--check", action="store_true", help="fail if the report is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not report.exists() or report.read_text("utf-8") != text:
            print(f"{report} is out of date: run `make docs`", file=sys.stderr)
            return 1
        return 0
    report.write_text(text, "utf-8")
    print(f"wrote {report}")
    return 0
