"""The ``parlour`` command. Each command lives in its own module under ``generator/commands/``.

Exit codes: 0 success; 1 a playtest verdict of reject; 2 bad input (a spec file that cannot be
read, is malformed or contradicts itself, or a file that would be overwritten).
"""

from __future__ import annotations

import click

from .commands.book import book
from .commands.check import check
from .commands.generate import generate
from .commands.parse import parse
from .commands.import_book import import_book
from .commands.playtest import playtest
from .commands.render import render
from .commands.replay import replay
from .commands.schema import schema


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parlour")
def main() -> None:
    """Parlour: invent card games, print their rulebooks, and playtest them with bots."""


for command in (generate, check, render, parse, playtest, replay, book, schema, import_book):
    main.add_command(command)


if __name__ == "__main__":  # pragma: no cover
    main()
