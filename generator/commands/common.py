"""Shared pieces of the command line: the bad-input error (exit 2) and careful file writing."""

from __future__ import annotations

from pathlib import Path

import click

from ..checks import check_spec
from ..spec import GameSpec, SpecError, load_spec, write_new


class InputError(click.ClickException):
    """Bad input: a clear message and exit code 2."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: ANN001 - click's signature
        click.echo(f"parlour: {self.format_message()}", err=True)


def load_checked(path: str) -> GameSpec:
    """Load a spec and refuse it (exit 2) if it fails a static check."""
    try:
        spec = load_spec(path)
    except SpecError as exc:
        raise InputError(str(exc)) from None
    problems = check_spec(spec)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more; see 'parlour check')" if len(problems) > 1 else ""
        raise InputError(f"{path}: {first.field}: {first.message}"
                         f"{f' with {first.players} players' if first.players else ''} [{first.code}]{more}")
    return spec


def write_file(path: Path, text: str, force: bool) -> None:
    try:
        write_new(path, text, overwrite=force)
    except FileExistsError as exc:
        raise InputError(str(exc)) from None
