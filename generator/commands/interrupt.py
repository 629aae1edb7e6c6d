"""Ctrl-C and SIGTERM on the command line: clean up, say what was finished, exit 130 or 143.

Python turns Ctrl-C (SIGINT) into KeyboardInterrupt, so ``finally`` blocks and the output
module's clean-up run; SIGTERM would kill the process outright, leaving temporary files. While a
command runs, SIGTERM therefore raises ``Terminated``, a KeyboardInterrupt, and takes the same
path. A command that writes several files catches the interruption and raises ``Interrupted``
with what it finished ("12 of 500 games written to output/"); the command group turns a bare
interruption into ``Interrupted`` too, after ending every worker process the command still has
(``generator.workers``). The exit codes are the shell's: 128 + the signal's number.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import click


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C so that clean-up code runs."""


class Interrupted(click.ClickException):
    """The command stopped on Ctrl-C or SIGTERM after cleaning up; exit 130 or 143."""

    def __init__(self, cause: BaseException, done: str = ""):
        term = isinstance(cause, Terminated)
        self.exit_code = 128 + (signal.SIGTERM if term else signal.SIGINT)
        what = "terminated (SIGTERM)" if term else "interrupted (Ctrl-C)"
        super().__init__(f"{what}; {done}" if done else what)

    def show(self, file=None) -> None:  # noqa: ANN001 - click's signature
        click.echo(f"parlour: {self.format_message()}", err=True)


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """While the block runs, SIGTERM raises Terminated in this process (worker processes forked
    from it get the default action back, so they simply end)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pid = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != pid:  # a forked worker: end as the default action would
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise Terminated()

    hook = sys.unraisablehook

    def lost(info: object) -> None:
        # A signal that lands while a finalizer runs (a __del__, a weakref callback in the garbage
        # collector) raises there, and Python only reports the exception: the command would run
        # on. Send it again a moment later, from a timer, so that it lands in the main code (sent
        # from here, it would land in this hook and be lost too; lost again, it is sent again).
        exc_type = getattr(info, "exc_type", None)
        if exc_type is not None and issubclass(exc_type, Terminated) and os.getpid() == pid:
            threading.Timer(0.05, os.kill, (pid, signal.SIGTERM)).start()
            return
        hook(info)

    before = signal.signal(signal.SIGTERM, handler)
    sys.unraisablehook = lost
    try:
        yield
    finally:
        sys.unraisablehook = hook
        signal.signal(signal.SIGTERM, signal.SIG_DFL if before is None else before)
