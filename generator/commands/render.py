"""`parlour render`: rulebooks, or normalised spec files."""

from __future__ import annotations

from pathlib import Path

import click

from ..spec import dump_json, dump_yaml
from .common import InputError, load_checked, write_file


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["md", "yaml", "json"]), default="md", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write one file per game here instead of printing.")
@click.option("--force", is_flag=True, help="Replace files that already exist.")
def render(files: tuple[str, ...], fmt: str, out_dir: str | None, force: bool) -> None:
    """Render specs as rulebooks (Markdown), or normalise them as YAML or JSON."""
    from ..text import render_markdown

    specs = [(path, load_checked(path)) for path in files]
    outputs = []
    for path, spec in specs:
        text = {"md": render_markdown, "yaml": dump_yaml, "json": dump_json}[fmt](spec)
        outputs.append((Path(path), text))
    if out_dir is None:
        click.echo("\n".join(text for _, text in outputs), nl=False)
        return
    targets = [(Path(out_dir) / f"{p.stem}.{fmt}", text) for p, text in outputs]
    if not force and any(t.exists() for t, _ in targets):
        raise InputError(f"{next(t for t, _ in targets if t.exists())}: already exists (use --force)")
    for target, text in targets:
        write_file(target, text, force=True)
        click.echo(f"wrote {target}")
