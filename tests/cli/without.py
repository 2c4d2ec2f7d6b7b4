"""Run ``ossuary`` (or ``-c CODE``) as if some modules were not installed:
``python tests/cli/without.py pyarrow,matplotlib report RUN --html out.html``.
Importing a blocked module (or one of its submodules) raises the error a
missing package raises, so a command meets exactly what a player without that
optional extra meets."""

from __future__ import annotations

import importlib.abc
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class Without(importlib.abc.MetaPathFinder):
    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


def main() -> None:
    blocked = set(sys.argv[1].split(","))
    for name in list(sys.modules):
        if name.split(".")[0] in blocked:
            del sys.modules[name]
    sys.meta_path.insert(0, Without(blocked))
    if sys.argv[2] == "-c":
        exec(sys.argv[3], {"__name__": "__main__"})
        return
    sys.argv = ["ossuary", *sys.argv[2:]]
    from ossuary.cli.main import main as ossuary

    ossuary()


if __name__ == "__main__":
    main()
