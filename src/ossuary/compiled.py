"""Which build of Ossuary runs: the modules compiled with mypyc, or pure Python.

Both builds are the same source (docs/compiled.md). ``setup.py`` compiles the
hot modules where a C compiler is present and writes ``_compiled.json`` beside
them; ``ossuary/__init__.py`` imports this module first, so the choice is made
before any of those modules is imported:

- ``OSSUARY_PURE=1`` runs pure Python even where the compiled modules are
  installed (to compare the builds, to debug, to name a build in the arena);
- an in-place build (``pip install -e .``, ``make``) whose sources changed
  since it was compiled runs pure Python and says so once on stderr: a stale
  compiled module never shadows an edited source (``make build`` recompiles);
- otherwise the compiled modules run wherever they are installed.

This module is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType

_HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(_HERE, "_compiled.json")
PURE_VARIABLE = "OSSUARY_PURE"


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the source of every module of the package, so that pure Python
    runs although extension modules (which Python prefers) are installed."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("ossuary.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, name + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _source(module: str) -> str:
    return os.path.join(os.path.dirname(_HERE), *module.split(".")) + ".py"


def changed(sources: dict[str, list[object]]) -> str | None:
    """The first of ``sources`` (path -> [mtime_ns, size, sha256] when it was
    compiled) that is not the text that was compiled, or None."""
    for path, (mtime, size, digest) in sources.items():
        try:
            st = os.stat(path)
            if st.st_mtime_ns == mtime and st.st_size == size:
                continue
            with open(path, "rb") as f:  # touched (a checkout, an editor): same text?
                if hashlib.sha256(f.read()).hexdigest() == digest:
                    continue
        except OSError:
            pass
        return os.path.relpath(path)
    return None


def _installed(modules: dict[str, list[object]]) -> bool:
    """Whether every compiled module has its extension file next to its source."""
    listing: dict[str, set[str]] = {}
    for module in modules:
        folder, _, name = _source(module).rpartition(os.sep)
        if folder not in listing:
            try:
                listing[folder] = set(os.listdir(folder))
            except OSError:
                return False
        stem = name.removesuffix(".py")
        if not any(stem + s in listing[folder] for s in importlib.machinery.EXTENSION_SUFFIXES):
            return False
    return True


def _decide() -> tuple[bool, str, bool]:
    """(compiled?, the build in words, whether compiled modules are installed)."""
    try:
        with open(MANIFEST, encoding="utf-8") as f:
            manifest = json.load(f)
        modules: dict[str, list[object]] = manifest["modules"]
        inplace = bool(manifest["inplace"])
    except FileNotFoundError:
        return False, "pure Python (no compiled modules are installed)", False
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return False, f"pure Python (unreadable {os.path.basename(MANIFEST)}: {exc})", True
    if manifest.get("pure"):
        return False, f"pure Python ({manifest['pure']})", True
    if not _installed(modules):
        return False, "pure Python (the compiled modules are missing: `make build`)", True
    if os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0"):
        return False, f"pure Python ({PURE_VARIABLE} is set)", True
    edited = changed({_source(m): v for m, v in modules.items()}) if inplace else None
    if edited is not None:
        print(
            f"ossuary: {edited} changed since the compiled build: running pure Python "
            "(`make build` recompiles)",
            file=sys.stderr,
        )
        return False, f"pure Python ({edited} changed since the compiled build)", True
    return True, f"compiled with mypyc ({len(modules)} modules)", True


COMPILED, BUILD, _installed_here = _decide()
if not COMPILED and _installed_here:
    sys.meta_path.insert(0, _PureFinder())


def describe() -> str:
    """The running build in words, e.g. ``compiled with mypyc (61 modules)``."""
    return BUILD
