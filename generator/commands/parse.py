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
        text = Path(rulebook).read_text(encoding="utf-8-sig")   # a byte-order mark is not the title
    except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError) as exc:
        raise InputError(f"{rulebook}: cannot read the file ({exc.__class__.__name__})") from None
    try:
        spec = parse_markdown(text)
    except ParseError as exc:
        if _looks_like_a_spec(text):   # as `check` says of a rulebook given as a spec
            raise InputError(f"{rulebook}: this looks like a spec, not a rulebook: it needs no parsing "
                             f"('parlour check {rulebook}' checks it, 'parlour render {rulebook}' writes its "
                             f"rulebook)") from None
        raise InputError(f"{rulebook}: {exc}") from None
    out = dump_yaml(spec) if fmt == "yaml" else dump_json(spec)
    if out_file is None:
        click.echo(out, nl=False)
    else:
        write_file(Path(out_file), out, force)


def _looks_like_a_spec(text: str) -> bool:
    """A spec file's text (YAML or JSON: a mapping with a spec's sections), not a rulebook's."""
    import yaml

    from ..spec.io import SpecLoader

    if len(text) > 1_000_000:
        return False
    try:
        data = yaml.load(text, Loader=SpecLoader)  # noqa: S506 - the safe loader, aliases refused; JSON is YAML
    except Exception:  # noqa: BLE001 - whatever it is, it is not a spec
        return False
    return isinstance(data, dict) and len({"naming", "players", "deck", "deal", "play", "scoring"} & set(data)) >= 2
