"""The example games of ``examples/`` installed for the tests without pip.

An installed distribution is a ``NAME-VERSION.dist-info`` folder on the path
holding its ``METADATA`` and ``entry_points.txt``: that is all the registry
(``importlib.metadata``) reads to find a game. :func:`installed` writes such a
folder for each example from its own ``pyproject.toml`` (its name, version and
``ossuary.games`` entry points) and puts it and the example's source folder on
``sys.path``, so the example is found exactly as a ``pip install`` would make
it found, and is gone again afterwards. :func:`pythonpath` gives the same
folders to a subprocess (``ossuary play``, a build's trace).
"""

from __future__ import annotations

import atexit
import contextlib
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from ossuary.engine import registry

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@cache
def example_paths() -> tuple[str, ...]:
    """The folders that make every example installed: one with their
    ``dist-info`` folders, then each example's source folder."""
    site = Path(tempfile.mkdtemp(prefix="ossuary-examples-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    paths = [str(site)]
    for project_file in sorted(EXAMPLES.glob("*/pyproject.toml")):
        data = tomllib.loads(project_file.read_text("utf-8"))
        project = data["project"]
        group = project.get("entry-points", {}).get(registry.GROUP, {})
        name = project["name"].replace("-", "_")
        info = site / f"{name}-{project['version']}.dist-info"
        info.mkdir()
        info.joinpath("METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
        )
        lines = [f"[{registry.GROUP}]", *(f"{k} = {v}" for k, v in group.items())]
        info.joinpath("entry_points.txt").write_text("\n".join(lines) + "\n")
        where = data.get("tool", {}).get("setuptools", {}).get("packages", {}).get("find", {})
        paths.append(str(project_file.parent / where.get("where", ["src"])[0]))
    return tuple(paths)


def example_games() -> list[str]:
    """The entry point names the examples declare."""
    names = []
    for project_file in sorted(EXAMPLES.glob("*/pyproject.toml")):
        project = tomllib.loads(project_file.read_text("utf-8"))["project"]
        names += [k.lower() for k in project.get("entry-points", {}).get(registry.GROUP, {})]
    return names


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """The examples installed for the time of the block (the registry forgets
    its games on the way in and out, so it reads the entry points again)."""
    paths = [p for p in example_paths() if p not in sys.path]
    sys.path[:0] = paths
    registry.forget()
    try:
        yield
    finally:
        for p in paths:
            sys.path.remove(p)
        registry.forget()


def pythonpath(current: str | None) -> str:
    """PYTHONPATH for a subprocess that must find the examples too."""
    return ":".join([*example_paths(), *([current] if current else [])])
