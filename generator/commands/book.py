"""`parlour book`: many games in one PDF (or HTML) book."""

from __future__ import annotations

import re
import time
from pathlib import Path

import click

from ..output import WriteError

from .common import InputError, batch_failed, check_writable, load_batch
from .interrupt import Interrupted

SPEC_SUFFIXES = (".yaml", ".yml", ".json")


def spec_files(paths: tuple[str, ...]) -> list[Path]:
    """Spec files named, and those directly inside folders named (sorted), without repeats."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.iterdir() if f.suffix.lower() in SPEC_SUFFIXES and f.is_file()
                           and not f.name.endswith(".report.json"))  # playtest reports beside specs
            if not found:
                raise InputError(f"{p}: no spec files (.yaml, .yml, .json) in this folder")
            out.extend(found)
        else:
            out.append(p)
    seen: set[Path] = set()
    unique = []
    for f in out:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def seed_of(path: Path) -> int | None:
    """The generator's seed in a file name written by `parlour generate` (000042-name.yaml → 42)."""
    m = re.match(r"^(\d+)-", path.name)
    return int(m.group(1)) if m else None


def check_target(out: Path, force: bool) -> None:
    """Refuse a book's file before the playtests: one that exists (without --force), a folder,
    or one that surely cannot be written."""
    if out.exists() and not force:
        raise InputError(f"{out}: already exists (use --force to replace it)")
    if out.exists() and out.is_dir():
        raise InputError(f"{out}: is a folder; give the book's file name")
    check_writable(out)


def make_book(entries: list, out: Path, *, title: str, paper: str, as_html: bool, games: int | None, seed: int,
              run_seed: int | None, bot: str = "random", jobs: int | None = None, quiet: bool = False,
              generated: int | None = None) -> None:
    """Playtest the entries (unless ``games`` is None), then write the book; prints a summary line."""
    from ..publish.book import BookInfo, book_html, prepare, write_book

    start = time.perf_counter()
    if games is not None:
        def progress(done: int, total: int) -> None:
            if not quiet and (done == total or done % 10 == 0):
                click.echo(f"  playtested {done}/{total} games", err=True)

        prepare(entries, games=games, seed=seed, bot=bot, jobs=jobs, progress=progress)
    tested = time.perf_counter()
    info = BookInfo(title=title, seed=run_seed, playtest_seed=seed if games is not None else None,
                    playtest_games=games, bot=bot, generated=generated)
    html = book_html(entries, info, paper=paper, for_pdf=not as_html)
    try:
        secs = write_book(out, html, paper=paper, as_html=as_html)
    except RuntimeError as exc:  # WeasyPrint's system libraries are missing
        raise click.ClickException(str(exc)) from None
    except WriteError as exc:
        raise InputError(str(exc)) from None
    printed = sum(1 for e in entries if not e.rejected)
    rejected = len(entries) - printed
    click.echo(f"wrote {out}: {printed} games" + (f", {rejected} rejected by the playtest" if rejected else "")
               + (f" (playtest {tested - start:.1f} s, book {secs:.1f} s)" if games is not None
                  else f" ({secs:.1f} s)"))


@click.command()
@click.argument("sources", nargs=-1, required=True, type=click.Path())
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None,
              help="The book's file [default: output/book.pdf, or output/book.html with --html].")
@click.option("--title", default="A Book of Card Games", show_default=True)
@click.option("--html", "as_html", is_flag=True, help="Write one standalone HTML page instead of a PDF.")
@click.option("--paper", type=click.Choice(["A5", "A4"], case_sensitive=False), default="A5", show_default=True)
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="Playtest games per player count for each game (Tier 1).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the playtests.")
@click.option("--no-playtest", is_flag=True, help="Print every game without playtesting it (no plots, no rejections).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Worker processes for the playtests [default: 2].")
@click.option("--force", is_flag=True, help="Replace the book if it exists.")
def book(sources: tuple[str, ...], out_file: str | None, title: str, as_html: bool, paper: str, games: int, seed: int,
         no_playtest: bool, jobs: int | None, force: bool) -> None:
    """Make one book of the games in SOURCES (spec files, or folders of them).

    Every game must load and pass the static checks: each one that does not is named, and no
    book is written (exit 2). The book is written whole or not at all.

    Each game is playtested first; games the playtest rejects are left out and counted on the
    cover by reason. The book has a cover, contents with page numbers, PDF bookmarks, the games
    by family, an index by number of players, a glossary and a colophon.
    """
    from ..publish.book import Entry

    out = Path(out_file or ("output/book.html" if as_html else "output/book.pdf"))
    check_target(out, force)
    paths = spec_files(sources)
    specs, bad = load_batch([str(p) for p in paths])
    batch_failed(bad, len(paths), "cannot go in the book; nothing written")
    entries = [Entry(spec, source=Path(path).name, seed=seed_of(Path(path))) for path, spec in specs]
    seeds = [e.seed for e in entries if e.seed is not None]
    run_seed = min(seeds) if seeds and len(seeds) == len(entries) else None
    try:
        make_book(entries, out, title=title, paper=paper.upper(), as_html=as_html,
                  games=None if no_playtest else games, seed=seed, run_seed=run_seed, jobs=jobs)
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, f"{out} not written") from None
