"""`parlour check`: Tier-0 static checks."""

from __future__ import annotations

import sys

import click

from ..checks import check_spec
from ..spec import SpecError, load_spec


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
def check(files: tuple[str, ...]) -> None:
    """Static checks (Tier 0) on spec files: exit 2 if any file fails."""
    failed = 0
    for path in files:
        try:
            spec = load_spec(path)
        except SpecError as exc:
            click.echo(f"FAIL {exc}", err=True)
            failed += 1
            continue
        problems = check_spec(spec)
        if not problems:
            click.echo(f"ok   {path}: {spec.naming.name}")
            continue
        failed += 1
        for p in problems:
            at = f" with {p.players} players" if p.players else ""
            click.echo(f"FAIL {path}: {p.field}: {p.message}{at} [{p.code}]", err=True)
    if failed:
        sys.exit(2)
