"""Worker processes that leave Ctrl-C to the process driving them, and a
driver that answers SIGTERM as it answers Ctrl-C.

A terminal sends Ctrl-C (SIGINT) to every process of the command: the driver
and each worker of its pool. A worker still starting (importing numpy,
matplotlib, the engine) or in the middle of a game would die with a traceback
of its own, dozens of lines each, while the driver is the one that knows what
to save and what to say. So workers are started with SIGINT blocked: the
signal mask is inherited across fork and exec, so a worker never sees the
signal at all, from its first instruction on. The driver then stops the pool
itself (:func:`stop_pool`), without waiting for games nobody will read.

The block lasts only while the processes start; a Ctrl-C that arrives
meanwhile stays pending in the driver and is delivered the moment it ends,
so none is lost.

A long run is also stopped by SIGTERM (``kill PID``, a service manager, a
batch system's time limit). Python's default would end the driver at once,
without a word and without stopping its workers; inside
:func:`sigterm_as_ctrl_c` it is a :class:`Terminated` (a KeyboardInterrupt)
instead, so the command keeps what it finished and says how to go on, as at
Ctrl-C, and exits with 143, the status a shell reads as "ended by SIGTERM"
(as ``ossuary serve`` does).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .engine.errors import OssuaryError

#: a Dask scheduler's address as ``--scheduler`` takes it: checked before a
#: client is made, since a client made from a malformed one hangs at exit
DASK_ADDRESS = re.compile(r"(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:\d{1,5}")
_NO_DASK = "--scheduler needs Dask: pip install 'ossuary[sim]' (dask[distributed])"


@contextlib.contextmanager
def dask_client(scheduler: str, timeout: float, error: type[OssuaryError]) -> Iterator[Any]:
    """A client of the Dask scheduler at ``scheduler`` (checked with
    :data:`DASK_ADDRESS` first), closed on the way out. Dask missing, or a
    scheduler not reached within ``timeout`` seconds, is ``error`` saying so."""
    try:
        from distributed import Client  # optional: the sim extra
    except ImportError:
        raise error(_NO_DASK) from None
    try:
        client = Client(scheduler, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise error(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]


def dask_results(
    client: Any, futures: Iterable[Any], failed: Callable[[Any, Exception], OssuaryError]
) -> Iterator[tuple[Any, Any]]:
    """``(future, result)`` for each of ``futures`` as it finishes, each
    released once read. A task that failed on the cluster (a worker killed
    past its retries, a worker without ossuary) ends the run with
    ``failed(future, exception)``."""
    from distributed import as_completed  # optional: dask_client checked it is there

    for future in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
        try:
            result = future.result()
        except Exception as exc:  # KilledWorker, ModuleNotFoundError on a worker, ...
            raise failed(future, exc) from None
        future.release()
        yield future, result


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Processes (and threads) started inside never receive SIGINT."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield  # no signal masks here (Windows), or not the thread signals go to
        return
    # multiprocessing's resource tracker unblocks SIGINT in the calling thread
    # once it has started its own process: start it first, outside the block
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    with ctrl_c_deferred(sigterm=False):
        yield


@contextlib.contextmanager
def ctrl_c_deferred(sigterm: bool = True) -> Iterator[None]:
    """Hold a Ctrl-C (and with ``sigterm``, a SIGTERM) back until the block ends
    (then it is raised as usual): for work that must be whole, such as writing
    a checkpoint and its files. Processes started inside inherit the block:
    :func:`deaf_to_ctrl_c` holds back SIGINT only, so that a worker still ends
    at SIGTERM (:func:`stop_pool` stops workers with it)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM} if sigterm else {signal.SIGINT}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


#: the status a shell reads as "ended by SIGTERM" (128 + 15)
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM inside :func:`sigterm_as_ctrl_c`. A KeyboardInterrupt, so that
    whatever answers Ctrl-C (keeping the games played, saying how to go on)
    answers it too; :func:`how_stopped` words it and gives its exit status."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


@contextlib.contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """Inside, SIGTERM raises :class:`Terminated` in the main thread. Nothing
    changes where SIGTERM is not at its default (a caller that handles or
    ignores it) or off the main thread (where no handler can be set)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def how_stopped(exc: BaseException, interrupted: int = 130) -> tuple[str, int]:
    """How a run stopped by ``exc`` says so, and its exit status: Ctrl-C
    (``interrupted``, the shell's 130) or SIGTERM (143)."""
    if isinstance(exc, Terminated):
        return "Stopped (SIGTERM)", EXIT_TERMINATED
    return "Interrupted (Ctrl-C)", interrupted


def start_workers(pool: ProcessPoolExecutor, workers: int) -> None:
    """Start ``pool``'s ``workers`` processes now, deaf to Ctrl-C (a pool that
    starts processes on demand would otherwise start them later, outside the
    block)."""
    with deaf_to_ctrl_c():
        for _ in range(workers):
            pool.submit(_nothing)


def _nothing() -> None:
    return None


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` at once: queued work cancelled, running work abandoned
    (its processes terminated), then wait for the processes to be gone."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def exit_with_parent() -> None:
    """Pool initializer: end this worker the moment the driver dies, however
    it dies (``kill -9`` included). A pool's workers otherwise wait for work
    forever, and keep multiprocessing's resource tracker alive with them; the
    driver's death closes the pipe behind ``parent_process().sentinel``."""
    import multiprocessing
    import threading
    from multiprocessing.connection import wait as wait_for

    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:  # pragma: no cover - not a pool worker
        return

    def watch(sentinel: int) -> None:
        wait_for([sentinel])
        os._exit(1)  # nothing to save: the driver alone writes the run

    threading.Thread(target=watch, args=(parent.sentinel,), daemon=True).start()
