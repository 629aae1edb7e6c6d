"""Worker processes that never outlive the run that started them.

Every pool of local processes (a book's playtests and plots, the importer's judging, the
playtest's ``ProcessExecutor``, drafts judged side by side) is made here, so that stopping a run
— Ctrl-C, SIGTERM, an error, or the run being killed outright — leaves no worker behind:

* Leaving a ``concurrent.futures`` pool waits for every task already running — a whole playtest
  each, minutes with many games — so ``process_pool`` drops the tasks not begun and ends the
  workers when its block is left by an exception, or by a signal while the pool shuts down.
* A pool starts all its workers at once, with Ctrl-C and SIGTERM held back: a signal landing
  while they are being forked would otherwise leave a worker that the pool's table of processes
  does not list yet, and that nothing would end.
* Ending workers is done with signals held back too (a second Ctrl-C must not stop the clean-up
  half way), SIGTERM first and SIGKILL for a worker that does not go, and every worker is waited
  for, so none is left even as a zombie.
* A worker asks the system to end it when its parent dies (Linux), and checks at once that the
  parent is still there: a run killed with SIGKILL, which can clean nothing up, still leaves no
  worker. Without this a worker outlives its parent for good, asleep: it holds a copy of the pipe
  its tasks come through, so it never sees that pipe close.
* Workers ignore Ctrl-C: a terminal sends it to the whole process group, and it is the parent's to
  act on, so no worker prints a traceback of its own. SIGTERM ends a worker at once.

``end_every_worker`` is the command line's last line of defence: when a command is interrupted,
it ends every worker process this process still has, whatever started it.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import weakref
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from .output import held_signals

#: How long an ended worker gets to go after SIGTERM before it is sent SIGKILL.
GRACE_SECONDS = 2.0

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>

#: Pools made here that have not been ended or shut down yet.
_LIVE: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()


def leave_ctrl_c_to_the_parent(parent: int | None = None) -> None:
    """A worker's initializer: Ctrl-C is the parent's to act on; SIGTERM ends the worker; and the
    worker ends with ``parent``, its parent process, if that dies first."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if parent is not None:
        end_with_the_parent(parent)


def end_with_the_parent(parent: int) -> None:
    """Ask the system for SIGKILL when the parent process dies (Linux only; elsewhere nothing), then
    check that the parent did not die before the request was made."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask: the parent's clean-up must do
        return
    if os.getppid() != parent:
        os._exit(1)


def new_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes (forked where the system can), all started before it is
    returned, with signals held so that none is started without being in the pool's table."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    # the system's notice goes when the thread that forked a worker ends: ask only from the main one
    parent = os.getpid() if threading.current_thread() is threading.main_thread() else None
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method),
                               initializer=leave_ctrl_c_to_the_parent, initargs=(parent,))
    _LIVE.add(pool)
    try:
        with held_signals():  # a signal held is delivered at the block's end: the pool is ended then
            pool.submit(int).result()  # a task of nothing: starts the workers (forked ones all at once)
    except BaseException:
        end_workers(pool)
        raise
    return pool


@contextmanager
def process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` processes, shut down when the block ends; left by an exception (an
    interruption above all), or interrupted while shutting down, its workers are ended, not
    awaited."""
    pool = new_pool(jobs)
    try:
        yield pool
        shut_down(pool)
    except BaseException:
        end_workers(pool)
        raise


def shut_down(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down the ordinary way: wait for every task given it, then for its workers."""
    pool.shutdown(wait=True)
    _LIVE.discard(pool)


def end_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the tasks not begun, end the workers, and wait for each to be gone. Signals are held
    meanwhile and delivered after, so a second interruption cannot stop this half way."""
    with held_signals():
        processes = list((getattr(pool, "_processes", None) or {}).values())
        # The pool's manager thread closes its wake-up pipe once it sees the workers gone; the
        # interpreter's exit writes to that pipe, and doing so while the thread closes it printed
        # "Bad file descriptor" after the command's one line. Its end is awaited (``shutdown``
        # forgets it, so it is taken first).
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        end_processes(processes)
        if manager is not None and manager is not threading.current_thread():
            manager.join(GRACE_SECONDS)
        _LIVE.discard(pool)


def end_processes(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """SIGTERM to each process, SIGKILL to any still there after ``GRACE_SECONDS``, and wait for
    every one (so that none is left as a zombie)."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(GRACE_SECONDS)
        if process.exitcode is None:
            process.kill()
            process.join()


def end_every_worker() -> None:
    """End every pool made here that is still running, then every other child process this process
    started through ``multiprocessing`` (a Dask cluster's, or a pool caught starting up). For a
    command that is stopping: its children are its own to end, and Dask is silenced so that the
    command's one line stays the last word. Further Ctrl-C and SIGTERM are ignored meanwhile (the
    command is stopping already), and not delivered after."""
    quiet_dask()
    with _signals_ignored():
        for pool in list(_LIVE):
            end_workers(pool)
        end_processes(multiprocessing.active_children())


def quiet_dask() -> None:
    """Silence Dask's logging in this process (if Dask is loaded): a cluster whose workers are
    ended reports each of them, from its own threads, even after the command's last line."""
    if "distributed" in sys.modules:
        logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)


@contextmanager
def _signals_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)
