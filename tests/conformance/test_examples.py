"""The example games of ``examples/`` are packages as a stranger would write
them: each declares its game in its own ``pyproject.toml`` and imports nothing
of Ossuary but the kernel."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ossuary import games

from .examples import EXAMPLES, example_games

KERNEL = "ossuary.engine"


def imported(path: Path) -> list[str]:
    """Every absolute module an import statement of ``path`` names."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


@pytest.mark.parametrize("folder", sorted(p.parent.name for p in EXAMPLES.glob("*/pyproject.toml")))
def test_an_example_imports_only_the_kernel_of_ossuary(folder: str) -> None:
    sources = sorted((EXAMPLES / folder).rglob("*.py"))
    assert sources
    wrong = [
        f"{path.relative_to(EXAMPLES)}: {module}"
        for path in sources
        for module in imported(path)
        if module.split(".")[0] == "ossuary" and not (module + ".").startswith(KERNEL + ".")
    ]
    assert not wrong, wrong


def test_every_example_game_registers_through_its_entry_point() -> None:
    names = example_games()
    assert names, "no example declares an ossuary.games entry point"
    for name in names:
        assert name in games.names() and games.get(name).missing() == []
