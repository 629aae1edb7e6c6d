"""`parlour check`: Tier-0 static checks, and with --lint the rulebook lint."""

from __future__ import annotations

import sys

import click

from ..checks import check_spec
from ..spec import SpecError, load_spec


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--lint", "lint_text", is_flag=True,
              help="Also render each rulebook (with its worked example) and lint it: sentences about rules the "
                   "game lacks, terms used before they are defined, program words, sections that disagree.")
def check(files: tuple[str, ...], lint_text: bool) -> None:
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
        findings = _lint(spec) if lint_text and not problems else []
        if not problems and not findings:
            click.echo(f"ok   {path}: {spec.naming.name}")
            continue
        failed += 1
        for p in problems:
            at = f" with {p.players} players" if p.players else ""
            click.echo(f"FAIL {path}: {p.field}: {p.message}{at} [{p.code}]", err=True)
        for f in findings:
            click.echo(f"FAIL {path}: {f}", err=True)
    if failed:
        sys.exit(2)


def _lint(spec):  # noqa: ANN001, ANN202 - a checked spec in, the lint's findings out
    from ..rulebook import render_markdown
    from ..text.lint import lint

    return lint(spec, render_markdown(spec))
