"""A game package whose import is interrupted by Ctrl-C, and that turns the
KeyboardInterrupt into an error of its own, as pydantic's schema builder does
when SIGINT lands while it builds a validator."""

import signal

try:
    signal.raise_signal(signal.SIGINT)
except BaseException as exc:  # the library's habit this module stands for
    raise RuntimeError(f'Error building "model" validator: {type(exc).__name__}') from None
