"""`parlour book`: many games in one PDF (or HTML) book."""

from __future__ import annotations

import re
import time
from pathlib import Path

import click

from ..output import WriteError
from ..publish import runs

from .common import InputError, batch_failed, check_writable, load_batch
from .interrupt import Interrupted

SPEC_SUFFIXES = (".yaml", ".yml", ".json")


def spec_files(paths: tuple[str, ...]) -> list[Path]:
    """Spec files named, and those directly inside folders named (sorted), without repeats."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.iterdir() if f.suffix.lower() in SPEC_SUFFIXES and f.is_file()
                           and not f.name.endswith(".report.json")  # playtest reports beside specs
                           and not runs.is_record(f))               # and the generator's run records
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


def report_beside(path: Path) -> Path:
    """Where `generate --playtest` puts a kept game's playtest: ``<name>.report.json`` beside its spec."""
    return path.with_name(path.stem + ".report.json")


def saved_report(path: Path, name: str) -> dict | None:
    """The playtest report beside a spec, when there is one for a game of that name (a report of
    another game, or a file that is not a report, is passed over: the game is playtested again)."""
    import json

    found = report_beside(path)
    if not found.is_file():
        return None
    from ..publish.facts import report_problem

    try:
        data = json.loads(found.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):   # RecursionError: a nest too deep to read
        return None
    if not isinstance(data, dict) or data.get("game") != name or report_problem(data):
        return None
    return data


def entries_of(specs: list, replaytest: bool = False) -> list:
    """Book entries of loaded specs ((path, spec) pairs), each with the report beside it unless
    ``replaytest``."""
    from ..publish.book import Entry

    out = []
    for path, spec in specs:
        path = Path(path)
        report = None if replaytest else saved_report(path, spec.naming.name)
        out.append(Entry(spec, source=path.name, seed=seed_of(path), report=report))
    return out


#: What a book's file name may end in: a PDF's, or an HTML page's.
PDF_SUFFIXES = (".pdf",)
HTML_SUFFIXES = (".html", ".htm")


def check_target(out: Path, force: bool, as_html: bool | None = None) -> None:
    """Refuse a book's file before the playtests: a name that says another kind of file than the
    book will be (a PDF under ``book.md``), one that exists (without --force), a folder, or one
    that surely cannot be written. ``as_html`` None: the name decides (.html an HTML page, .pdf
    a PDF, as `generate --book` and `evolve --book` take it)."""
    suffix = out.suffix.lower()
    if as_html is None and suffix not in PDF_SUFFIXES + HTML_SUFFIXES:
        raise InputError(f"{out}: a book is written as a PDF (name it .pdf) or an HTML page (name it .html)")
    if as_html is False and suffix not in PDF_SUFFIXES:
        raise InputError(f"{out}: the book is a PDF: name it .pdf"
                         + (" (or give --html for an HTML page)" if suffix in HTML_SUFFIXES else ""))
    if as_html and suffix not in HTML_SUFFIXES:
        raise InputError(f"{out}: with --html the book is an HTML page: name it .html")
    check_writable(out)   # first: a name too long to look up is said as such
    if out.is_dir():
        raise InputError(f"{out}: is a folder; give the book's file name")
    if out.exists() and not force:
        raise InputError(f"{out}: already exists (use --force to replace it)")


def make_book(entries: list, out: Path, *, title: str, paper: str, as_html: bool, games: int | None, seed: int,
              run_seed: int | None, bot: str = "greedy", jobs: int | None = None, quiet: bool = False,
              generated: int | None = None, made_by: list | None = None) -> None:
    """Playtest the entries (unless ``games`` is None; an entry with a saved report is not played
    again), then write the book; prints a summary line. ``made_by``: the run records of the games."""
    from ..publish.book import BookInfo, book_html, prepare, write_book

    start = time.perf_counter()
    if games is not None:
        def progress(done: int, total: int) -> None:
            if not quiet and (done == total or done % 10 == 0):
                click.echo(f"  playtested {done}/{total} games" if not reused else
                           f"  prepared {done}/{total} games ({reused} from their saved reports)", err=True)

        reused = sum(1 for e in entries if e.report is not None)

        prepare(entries, games=games, seed=seed, bot=bot, jobs=jobs, progress=progress)
    tested = time.perf_counter()
    info = BookInfo(title=title, seed=run_seed, playtest_seed=seed if games is not None else None,
                    playtest_games=games, bot=bot, generated=generated, runs=list(made_by or []))
    html = book_html(entries, info, paper=paper, for_pdf=not as_html, jobs=jobs)
    try:
        secs = write_book(out, html, paper=paper, as_html=as_html, jobs=jobs)
    except RuntimeError as exc:  # WeasyPrint's system libraries are missing
        raise click.ClickException(str(exc)) from None
    except WriteError as exc:
        raise InputError(str(exc)) from None
    printed = sum(1 for e in entries if not e.rejected)
    rejected = len(entries) - printed
    reused = sum(1 for e in entries if e.summary and e.summary.get("reused"))
    click.echo(f"wrote {out}: {printed} game{'' if printed == 1 else 's'}" + (f", {rejected} rejected by the playtest" if rejected else "")
               + (f", {reused} with the playtest report saved beside them" if reused else "")
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
@click.option("--replaytest", is_flag=True,
              help="Playtest every game again, even one with a report beside it (NAME.report.json).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None, help="Worker processes for the playtests and the typesetting [default: 2].")
@click.option("--force", is_flag=True, help="Replace the book if it exists.")
def book(sources: tuple[str, ...], out_file: str | None, title: str, as_html: bool, paper: str, games: int, seed: int,
         no_playtest: bool, replaytest: bool, jobs: int | None, force: bool) -> None:
    """Make one book of the games in SOURCES (spec files, or folders of them).

    Every game must load and pass the static checks: each one that does not is named, and no
    book is written (exit 2). The book is written whole or not at all.

    Each game is playtested first, unless a playtest report lies beside its spec (NAME.report.json,
    as `generate --playtest` writes for every game it keeps): that report is used instead (its seed
    and games, not --seed and --games), and only a typical game is replayed for the plots;
    --replaytest plays every game again. Games the playtest rejects are left out and counted on the
    cover apart from the generator's own rejections, which the cover takes from the run records
    (run-SEED.json) in the source folders. The book has a cover, contents with page numbers, PDF
    bookmarks, the games by family, indexes (players, family, pack, length, feature), a glossary, an
    appendix for the curious and a colophon.
    """
    out = Path(out_file or ("output/book.html" if as_html else "output/book.pdf"))
    check_target(out, force, as_html)
    paths = spec_files(sources)
    specs, bad = load_batch([str(p) for p in paths])
    batch_failed(bad, len(paths), "cannot go in the book; nothing written")
    entries = entries_of(specs, replaytest=replaytest)
    seeds = [e.seed for e in entries if e.seed is not None]
    run_seed = min(seeds) if seeds and len(seeds) == len(entries) else None
    try:
        make_book(entries, out, title=title, paper=paper.upper(), as_html=as_html,
                  games=None if no_playtest else games, seed=seed, run_seed=run_seed, jobs=jobs,
                  made_by=runs.runs_for(Path(path) for path, _ in specs))
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, f"{out} not written") from None
