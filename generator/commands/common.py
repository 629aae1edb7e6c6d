"""Shared pieces of the command line: the bad-input error (exit 2), loading checked specs one by
one or as a batch, and writing files through ``generator.output`` with its errors as bad input."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import click

from .. import output
from ..checks import check_spec
from ..spec import GameSpec, SpecError, load_spec


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


def load_batch(paths: Sequence[str]) -> tuple[list[tuple[str, GameSpec]], list[str]]:
    """Load every spec of a batch; each bad one is named on standard error (one line) and left
    out, so that one bad file does not stop the others. Returns the good ones and the bad paths;
    the command ends with ``batch_failed`` (exit 2). A batch of one file is refused at once."""
    if len(paths) == 1:
        return [(paths[0], load_checked(paths[0]))], []
    good: list[tuple[str, GameSpec]] = []
    bad: list[str] = []
    for path in paths:
        try:
            good.append((path, load_checked(path)))
        except InputError as exc:
            exc.show()
            bad.append(path)
    return good, bad


def batch_failed(bad: Sequence[str], total: int, what: str) -> None:
    """Exit 2 at the end of a batch that had bad files, naming them once more."""
    if bad:
        raise InputError(f"{len(bad)} of {total} files {what} (each named above): {', '.join(bad)}")


def check_clashes(paths: Sequence[Path], force: bool) -> None:
    """Refuse (exit 2) before writing anything when files would be replaced without --force."""
    if force:
        return
    clash = [p for p in paths if os.path.lexists(p)]
    if len(clash) == 1:
        raise InputError(str(output.exists_error(clash[0])))
    if clash:
        raise InputError(f"{clash[0]}: already exists ({len(clash)} files would be replaced; use --force)")


def check_writable(path: Path) -> None:
    """Exit 2 before long work when ``path`` surely cannot be written (``output.check_writable``)."""
    try:
        output.check_writable(path)
    except output.WriteError as exc:
        raise InputError(str(exc)) from None


def write_file(path: Path, data: str | bytes, force: bool) -> None:
    """One file, atomically; exit 2 naming it if it exists (without --force) or cannot be written."""
    write_files([(path, data)], force)


def write_files(files: Sequence[tuple[Path, str | bytes]], force: bool) -> None:
    """Several files that belong together: all of them or none (see ``generator.output``)."""
    try:
        output.write_files(files, overwrite=force)
    except output.WriteError as exc:
        raise InputError(str(exc)) from None
