"""The ``parlour`` command. Each command lives in its own module under ``generator/commands/``.

Exit codes: 0 success; 1 a playtest verdict of reject; 2 bad input (a spec file that cannot be
read, is malformed or contradicts itself, a file that would be overwritten, an output file that
cannot be written); 130 interrupted by Ctrl-C, 143 by SIGTERM.
"""

from __future__ import annotations

import click

from .commands.book import book
from .commands.common import InputError
from .commands.interrupt import Interrupted, sigterm_raises
from .commands.check import check
from .commands.evolve import evolve
from .commands.generate import generate
from .commands.parse import parse
from .commands.import_book import import_book
from .commands.play import play
from .commands.playtest import playtest
from .commands.render import render
from .commands.replay import replay
from .commands.schema import schema
from .commands.serve import serve
from .output import WriteError


class Parlour(click.Group):
    """The command group. Every command's run goes through here, so that an output file that
    cannot be written is bad input (exit 2, one line) and an interruption exits 130 or 143
    even in a command that does not say what it finished. An interrupted command leaves no
    worker process behind, whatever path the interruption took through it."""

    def invoke(self, ctx: click.Context):  # noqa: ANN201 - click's signature
        with sigterm_raises():
            try:
                return super().invoke(ctx)
            except WriteError as exc:
                raise InputError(str(exc)) from None
            except KeyboardInterrupt as exc:
                _end_workers()
                raise Interrupted(exc) from None
            except Interrupted:
                _end_workers()
                raise


def _end_workers() -> None:
    from .workers import end_every_worker  # not at start-up: most commands start no worker

    end_every_worker()


@click.group(cls=Parlour, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parlour")
def main() -> None:
    """Parlour: invent card games, print their rulebooks, and playtest them with bots."""


for command in (generate, check, render, parse, playtest, replay, play, serve, book, schema, import_book, evolve):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()
