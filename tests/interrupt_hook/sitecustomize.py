"""A Ctrl-C at a chosen moment, for the tests of what Ctrl-C prints.

Put this folder on PYTHONPATH (it is inherited by every process of the
command) and set ``OSSUARY_TEST_CTRL_C_ON`` to a module name: the first time a
process of the command imports that module, the whole process group gets
SIGINT, as a terminal sends it. ``OSSUARY_TEST_CTRL_C_IN`` says which process
may do it: ``driver`` (the command's own process, the default) or ``worker``
(any process it started).
"""

from __future__ import annotations

import os
import signal
import sys

_TARGET = os.environ.get("OSSUARY_TEST_CTRL_C_ON")
_WHERE = os.environ.get("OSSUARY_TEST_CTRL_C_IN", "driver")
_ROOT = os.environ.setdefault("OSSUARY_TEST_CTRL_C_ROOT", str(os.getpid()))


def _on_import(event: str, args: tuple[object, ...]) -> None:
    """An import statement (the audit event): seen whichever finder answers, so
    also under OSSUARY_PURE=1, whose own finder for ossuary's modules
    (ossuary.compiled) goes before ours on sys.meta_path."""
    if event == "import" and args[0] == _TARGET:
        _maybe_fire()


class _CtrlC:
    """A finder asked first for every module: sees importlib.import_module too,
    which raises no audit event."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == _TARGET:
            _maybe_fire()


_fired = False


def _maybe_fire() -> None:
    global _fired
    if _fired or (str(os.getpid()) == _ROOT) != (_WHERE == "driver"):
        return
    _fired = True
    os.killpg(os.getpgrp(), signal.SIGINT)


if _TARGET:
    sys.meta_path.insert(0, _CtrlC())
    sys.addaudithook(_on_import)
