"""Loading a script from ``bench/`` as a module, for the tests of the bench
tools (they are scripts, not part of the package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as a module; ``bench/`` is on the path while it
    loads (some tools import their neighbours)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module
