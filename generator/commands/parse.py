"""`parlour parse`: read a rulebook written by Parlour back into its game spec."""

from __future__ import annotations

from pathlib import Path

import click

from ..spec import dump_json, dump_yaml
from .common import InputError, write_file


@click.command()
@click.argument("rulebook", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["yaml", "json"]), default="yaml", show_default=True)
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None, help="Write the spec here.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
def parse(rulebook: str, fmt: str, out_file: str | None, force: bool) -> None:
    """Parse a Markdown rulebook (as `parlour render` writes it) back into a spec."""
    from ..text import ParseError, parse_markdown

    try:
        text = Path(rulebook).read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError) as exc:
        raise InputError(f"{rulebook}: cannot read the file ({exc.__class__.__name__})") from None
    try:
        spec = parse_markdown(text)
    except ParseError as exc:
        raise InputError(f"{rulebook}: {exc}") from None
    out = dump_yaml(spec) if fmt == "yaml" else dump_json(spec)
    if out_file is None:
        click.echo(out, nl=False)
    else:
        write_file(Path(out_file), out, force)
