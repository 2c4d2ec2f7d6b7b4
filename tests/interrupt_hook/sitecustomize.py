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


class _CtrlC:
    fired = False

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name != _TARGET or _CtrlC.fired:
            return None
        in_driver = str(os.getpid()) == _ROOT
        if in_driver != (_WHERE == "driver"):
            return None
        _CtrlC.fired = True
        os.killpg(os.getpgrp(), signal.SIGINT)
        return None


if _TARGET:
    sys.meta_path.insert(0, _CtrlC())
