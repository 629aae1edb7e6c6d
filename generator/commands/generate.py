"""`parlour generate`: new games, each a spec and a rulebook."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import click

from ..spec import dump_yaml
from .common import InputError, write_file

FAMILIES = ("trick-taking",)


@click.command()
@click.option("--family", type=click.Choice(FAMILIES), default="trick-taking", show_default=True)
@click.option("--count", type=click.IntRange(1, 100_000), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole run; game i uses seed+i.")
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only games playable by this many.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True)
@click.option("--force", is_flag=True, help="Replace files that already exist.")
def generate(family: str, count: int, seed: int, players: int | None, out_dir: str, force: bool) -> None:
    """Generate COUNT new games: a spec (YAML) and a Markdown rulebook for each."""
    from ..sample import sample_game
    from ..text import render_markdown

    start = time.perf_counter()
    out = Path(out_dir)
    files: list[tuple[Path, str]] = []
    redraws: Counter[str] = Counter()
    total_redraws = 0
    for i in range(count):
        sampled = sample_game(seed + i, family=family, players=players)
        total_redraws += sampled.redraws
        redraws.update(sampled.rejected)
        stem = f"{seed + i:06d}-{_slug(sampled.spec.naming.name)}"
        files.append((out / f"{stem}.yaml", dump_yaml(sampled.spec)))
        files.append((out / f"{stem}.md", render_markdown(sampled.spec)))
    if not force:  # check everything before writing anything
        clash = [p for p, _ in files if p.exists()]
        if clash:
            raise InputError(f"{clash[0]}: already exists ({len(clash)} files would be replaced; use --force)")
    for path, text in files:
        write_file(path, text, force=True)
    secs = time.perf_counter() - start
    click.echo(f"wrote {count} {family} games to {out}/ in {secs:.1f} s "
               f"({total_redraws} drafts redrawn for failing a static check"
               + (": " + ", ".join(f"{c} {k}" for k, c in redraws.most_common()) if redraws else "") + ")")


def _slug(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"
