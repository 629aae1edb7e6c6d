"""Worker processes for work that takes long per task (a book's playtests and plots, the importer's
judging) that stop at once when the run is interrupted.

Leaving a ``concurrent.futures`` pool waits for every task already running — a whole playtest
each, minutes with many games — so Ctrl-C or SIGTERM would only take effect once they finish.
``process_pool`` drops the tasks not begun and ends the workers when its block is left by an
exception. Its workers ignore Ctrl-C: a terminal sends it to the whole process group, and it is
the parent's to act on, so no worker prints a traceback of its own.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


def leave_ctrl_c_to_the_parent() -> None:
    """A worker's initializer: Ctrl-C is the parent's to act on; SIGTERM ends the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextmanager
def process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` processes (forked where the system can), shut down when the block ends;
    left by an exception (an interruption above all), its workers are ended, not awaited."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method),
                               initializer=leave_ctrl_c_to_the_parent)
    try:
        yield pool
    except BaseException:
        end_workers(pool)
        raise
    pool.shutdown()


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the tasks not begun and end the running ones (Python 3.14 has ``terminate_workers``;
    before it, the pool's own table of processes is the only way to them)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join()
