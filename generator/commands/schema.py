"""`parlour schema`: the JSON Schema of a game spec."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..spec import json_schema
from .common import write_file


@click.command()
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None)
@click.option("--force", is_flag=True)
def schema(out_file: str | None, force: bool) -> None:
    """Print (or write) the JSON Schema of the game spec."""
    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file is None:
        click.echo(text, nl=False)
    else:
        write_file(Path(out_file), text, force)
