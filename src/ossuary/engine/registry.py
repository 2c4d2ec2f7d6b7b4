"""The registry of games: every installed game, found through its entry point.

A game is a package that makes one :class:`~ossuary.engine.game.Game` object,
and an installed distribution names it in the entry point group
``ossuary.games`` (the way pytest finds its plugins)::

    [project.entry-points."ossuary.games"]
    mygame = "mygame.entry:GAME"

That line is the game's whole registration: the command line, the server, the
agents (through :meth:`Game.knowledge`), replays (:mod:`ossuary.engine.replay`)
and the simulator all find the game here, by the entry point's name. The
kernel imports no game: a game's package is imported the first time it is
asked for, and checked then (:meth:`Game.missing`): a game that is not whole
(say, rules that were never bound) is refused with a :class:`BrokenGame`
error naming what is missing.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import importlib.util
import tomllib
from pathlib import Path
from typing import Any

from .errors import BrokenGame, UnknownGame
from .game import Game
from .interrupts import keeping_ctrl_c

GROUP = "ossuary.games"
#: the distribution that ships Ossuary's own games (listed first)
HOME = "ossuary"

_loaded: dict[str, Game] = {}
#: the entry points as first read: reading them scans every installed
#: distribution's metadata (a fifth of a second), and the command line asks for
#: the games' names dozens of times as it builds its help texts
_declared_once: dict[str, str] = {}


def _declared() -> dict[str, str]:
    """Entry point name -> ``module:attribute``, Ossuary's own first; read once
    (until :func:`forget`)."""
    if not _declared_once:
        _declared_once.update(_read_declared())
    return dict(_declared_once)


def _read_declared() -> dict[str, str]:
    found: dict[str, str] = {}
    home: dict[str, str] = {}
    for ep in importlib.metadata.entry_points(group=GROUP):
        dist = getattr(ep, "dist", None)
        name = getattr(dist, "name", None) if dist is not None else None
        (home if name == HOME else found).setdefault(ep.name.lower(), ep.value)
    if not home:
        home = _source_tree()
    return {**home, **{k: v for k, v in found.items() if k not in home}}


def _pyproject() -> Path | None:
    """The project file of the source tree Ossuary runs from: ``src/ossuary``'s
    grandparent's (found through the package, not this module's ``__file__``,
    which a compiled build places elsewhere)."""
    spec = importlib.util.find_spec(HOME)
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(places[0]).resolve().parents[1] / "pyproject.toml" if places else None


def _source_tree() -> dict[str, str]:
    """The group as the source tree's ``pyproject.toml`` declares it (empty
    when there is none, or it is not Ossuary's): read only when the installed
    metadata of Ossuary lacks the group (a checkout run from its ``src`` with
    PYTHONPATH, or installed in editable mode before the entry points were
    declared), so that the games a checkout declares are the ones it plays."""
    found = _pyproject()
    if found is None:
        return {}
    try:
        data = tomllib.loads(found.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    project = data.get("project", {})
    if project.get("name") != HOME:
        return {}
    group = project.get("entry-points", {}).get(GROUP, {})
    return {str(k).lower(): str(v) for k, v in group.items()}


def names() -> list[str]:
    """The registered games: Ossuary's own in the order it declares them
    (the default first), then those of other installed packages."""
    return list(_declared())


def get(name: str) -> Game:
    """The game called ``name`` (case-insensitive): its package imported and
    its :class:`Game` checked the first time it is asked for."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in _loaded:
        return _loaded[key]
    declared = _declared()
    where = declared.get(key)
    if where is None:
        close = difflib.get_close_matches(key, declared, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownGame(f"unknown game {name!r}{hint}; known games: {', '.join(declared)}")
    game = _load(key, where)
    _loaded[key] = game
    return game


def _load(key: str, where: str) -> Game:
    """The :class:`Game` that the entry point ``key = where`` names, checked."""
    module, _, attribute = where.partition(":")
    try:
        with keeping_ctrl_c():  # a Ctrl-C here is the person's, not a broken game
            found: Any = importlib.import_module(module.strip())
            for part in attribute.strip().split(".") if attribute.strip() else []:
                found = getattr(found, part)
    except Exception as exc:  # anything the game's package raises while loading
        raise BrokenGame(
            f"the game {key!r} ({where}) could not be loaded: {type(exc).__name__}: {exc}"
        ) from exc
    if not isinstance(found, Game):
        raise BrokenGame(
            f"the game {key!r} ({where}) is not a Game object but {type(found).__name__}"
        )
    problems = found.missing()
    if found.name != key:
        problems.insert(0, f"it is registered as {key!r} but calls itself {found.name!r}")
    if problems:
        raise BrokenGame(f"the game {key!r} ({where}) can't be played: " + "; ".join(problems))
    return found


def forget() -> None:
    """Drop the games loaded so far and read the entry points again (tests
    that install a game of their own)."""
    _loaded.clear()
    _declared_once.clear()
