"""Ossuary's optional extras: what each one brings, and one line when it is missing.

A player's install (``pip install ossuary``, ``make play``) is the package
alone: it plays every game in the terminal and the browser. The rest comes in
extras (``pip install 'ossuary[sim]'``), each imported only where its feature
is used; a feature whose extra is missing says so in one line naming the
extra, never with a traceback. ``ossuary doctor`` lists them all.

>>> EXTRAS["sim"].feature
'batch simulation, reports and deck trials'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .engine.errors import OssuaryError


class MissingExtra(OssuaryError):
    """A feature whose optional extra is not installed."""


@dataclass(frozen=True)
class Extra:
    name: str
    #: what it is for, in the words of ``ossuary doctor``
    feature: str
    #: the modules it brings that Ossuary imports (all must be importable)
    modules: tuple[str, ...]
    #: how to install it, when ``pip install 'ossuary[NAME]'`` is not the whole story
    note: str = ""
    #: other modules it brings that only some of its features import
    also: tuple[str, ...] = ()

    def missing(self) -> list[str]:
        """The modules of this extra that can't be imported here."""
        return [m for m in self.modules if not _importable(m)]

    def install(self) -> str:
        return f"pip install 'ossuary[{self.name}]'" + (f" ({self.note})" if self.note else "")


EXTRAS: dict[str, Extra] = {
    e.name: e
    for e in (
        Extra(
            "sim",
            "batch simulation, reports and deck trials",
            ("pyarrow", "matplotlib"),
            also=("dask", "distributed"),
        ),
        Extra(
            "rl",
            "PettingZoo and Gymnasium environments",
            ("gymnasium", "pettingzoo"),
        ),
        Extra(
            "learn",
            "training policies with ossuary train",
            ("torch", "matplotlib"),
            "on a machine without a GPU, install a CPU build of torch first: docs/rl.md",
        ),
        Extra(
            "sb3",
            "Stable-Baselines3 and MaskablePPO on the environments",
            ("stable_baselines3", "sb3_contrib"),
            "on a machine without a GPU, install a CPU build of torch first: docs/rl.md",
        ),
        Extra("openspiel", "the OpenSpiel game", ("pyspiel",), also=("open_spiel",)),
        Extra("postgres", "ossuary serve --db postgresql+psycopg://...", ("psycopg",)),
    )
}


#: module (top-level name) -> the extra that brings it
EXTRA_OF: dict[str, str] = {
    module: e.name for e in EXTRAS.values() for module in (*e.modules, *e.also)
}


def missing_message(module: str, doing: str, extra: str | None = None) -> str:
    """The one line for a missing optional ``module``: what needs it, and the
    extra that installs it (``extra``: where a module is in several)."""
    top = module.split(".")[0]
    name = extra or EXTRA_OF.get(top)
    if name is None:
        return f"{doing} needs {top}: pip install {top}"
    found = EXTRAS[name]
    note = f"; {found.note}" if found.note else ""
    return (
        f"{doing} needs {top}, which is not installed: pip install 'ossuary[{name}]', "
        f"the '{name}' extra ({found.feature}){note}"
    )


def _importable(module: str) -> bool:
    """Whether ``module`` imports here (imported, not only found: a broken or
    half-installed library counts as missing)."""
    try:
        importlib.import_module(module)
    except Exception:  # ImportError, or whatever a broken install raises on import
        return False
    return True


def require(name: str, doing: str) -> None:
    """Raise :class:`MissingExtra` (one line: what needs what, and how to get it)
    when extra ``name`` is not installed; ``doing`` names the feature asked for."""
    missing = EXTRAS[name].missing()
    if missing:
        raise MissingExtra(missing_message(missing[0], doing, name))


def report() -> list[tuple[str, str, bool]]:
    """(extra, what it is for, installed?) for every extra."""
    return [(e.name, e.feature, not e.missing()) for e in EXTRAS.values()]
