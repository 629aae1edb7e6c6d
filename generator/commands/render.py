"""`parlour render`: rulebooks (Markdown, HTML, PDF), or normalised spec files."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from ..output import WriteError, held_signals, write_files
from ..spec import GameSpec, dump_json, dump_yaml
from .common import InputError, batch_failed, check_clashes, check_writable, load_batch
from .interrupt import Interrupted

FORMATS = ("md", "html", "pdf", "yaml", "json")


def load_reports(paths: tuple[str, ...]) -> list[dict[str, Any]]:
    """Playtest reports written by `parlour playtest --json`, each held to the shape its readers need."""
    from ..publish.facts import report_problem

    out = []
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8-sig"))
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InputError(f"{path}: not a playtest report (not valid JSON: {exc.__class__.__name__})") from None
        except (ValueError, RecursionError):   # a number too long, or a nest too deep, to read
            raise InputError(f"{path}: not a playtest report (a number or a nest too large to read)") from None
        if not isinstance(data, dict) or not isinstance(data.get("counts"), list):
            raise InputError(f"{path}: counts: not a playtest report (write one with 'parlour playtest --json')")
        problem = report_problem(data)
        if problem:
            raise InputError(f"{path}: {problem}")
        out.append(data)
    return out


def report_for(spec: GameSpec, reports: list[dict[str, Any]], single: bool) -> dict[str, Any] | None:
    for r in reports:
        if r.get("game") == spec.naming.name:
            return r
    return reports[0] if single and len(reports) == 1 else None


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="md", show_default=True,
              help="md, html or pdf: the rulebook; yaml or json: the spec, normalised.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write one file per game here instead of printing.")
@click.option("--paper", type=click.Choice(["A5", "A4"], case_sensitive=False), default="A5", show_default=True,
              help="Page size of the PDF (and of the HTML's print style).")
@click.option("--playtest", "games", type=click.IntRange(1, 100_000), default=None,
              help="Playtest each game first (GAMES per player count) and print its figures and plots.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of --playtest.")
@click.option("--report", "reports", multiple=True, type=click.Path(dir_okay=False),
              help="A playtest report (from 'parlour playtest --json') to print with the game of its name.")
@click.option("--force", is_flag=True, help="Replace files that already exist.")
def render(files: tuple[str, ...], fmt: str, out_dir: str | None, paper: str, games: int | None, seed: int,
           reports: tuple[str, ...], force: bool) -> None:
    """Render specs as rulebooks (Markdown, HTML or PDF), or normalise them as YAML or JSON.

    HTML pages are standalone (the CSS inline); with --out the fonts are copied into DIR/fonts/.
    A PDF goes to --out DIR, or to standard output when one file is given and the output is
    redirected. A file that cannot be rendered is named and skipped; the others are rendered,
    and the command exits 2 at the end.
    """
    paper = paper.upper()
    specs, bad = load_batch(files)
    given = load_reports(reports)
    if fmt == "pdf" and out_dir is None and (len(files) > 1 or sys.stdout.isatty()):
        raise InputError("--format pdf writes files: give --out DIR (or redirect the output of a single file)")

    def rendered(path: str, spec: GameSpec) -> str | bytes:
        summary = report_for(spec, given, single=len(files) == 1)
        if games is not None and fmt in ("md", "html", "pdf"):
            from ..publish.figures import run_playtest
            from .book import saved_report

            _, summary = run_playtest(spec, games=games, seed=seed)
            # the variations `generate --variations` judged and saved beside the game are not the
            # figures of this playtest, but rules of the same game: a PDF printed again keeps them
            saved = saved_report(Path(path), spec.naming.name) if path else None
            if saved and saved.get("variations") and not summary.get("variations"):
                summary = {**summary, "variations": list(saved["variations"])}
        return _render_one(spec, fmt, summary, paper)

    if out_dir is None:
        outputs = [rendered(path, spec) for path, spec in specs]
        if fmt == "pdf":
            if outputs:
                sys.stdout.buffer.write(outputs[0])  # type: ignore[arg-type]
                sys.stdout.flush()
        else:
            click.echo("\n".join(str(text) for text in outputs), nl=False)
    else:
        _write_each(specs, Path(out_dir), fmt, force, rendered)
    batch_failed(bad, len(files), "not rendered")


def _write_each(specs: list[tuple[str, GameSpec]], out: Path, fmt: str, force: bool,
                rendered: Callable[[str, GameSpec], str | bytes]) -> None:
    """Render and write one file at a time, so that an interruption or a full disk keeps the
    rulebooks already finished, whole, and says how many there are. The fonts an HTML page needs
    are written with the first page, as one set."""
    targets = [(out / f"{Path(path).stem}.{fmt}", path, spec) for path, spec in specs]
    if not targets:   # every file was bad: nothing to write, not even the fonts
        return
    _check_one_each(targets, force)
    check_clashes([t for t, _, _ in targets], force)
    if targets:
        check_writable(targets[0][0])  # before rendering, which can take a while (PDF, --playtest)
    extra: list[tuple[Path, str | bytes]] = []
    if fmt == "html":
        from ..publish.html import font_files

        extra = list(font_files(out))
    done = 0
    try:
        for target, path, spec in targets:
            data = rendered(path, spec)
            with held_signals():  # the file and its count together
                write_files([*extra, (target, data)], overwrite=True)
                extra = []
                done += 1
                click.echo(f"wrote {target}")
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, f"{done} of {len(targets)} files written to {out}/") from None
    except WriteError as exc:
        raise InputError(f"{exc}" + (f" ({done} of {len(targets)} files written before it)" if done else "")) from None


def _check_one_each(targets: list[tuple[Path, str, GameSpec]], force: bool) -> None:
    """Refuse (exit 2, nothing written) two inputs of one run that would be written to the same
    file (d1/g.yaml and d2/g.yaml both to OUT/g.md): the second would replace the first, which
    no file on disk shows beforehand. With --force the last one is kept, as with a file there."""
    if force:
        return
    first: dict[str, str] = {}
    for target, path, _ in targets:
        key = os.path.normcase(os.path.abspath(target))
        if key in first and Path(first[key]).resolve() == Path(path).resolve():
            raise InputError(f"{path}: given twice (its rulebook would be written twice to {target})")
        if key in first:
            raise InputError(f"{target}: both {first[key]} and {path} would be written to it (rename one, "
                             f"render them to different folders, or use --force to keep the last)")
        first[key] = path


def _render_one(spec: GameSpec, fmt: str, summary: dict[str, Any] | None, paper: str) -> str | bytes:
    if fmt == "yaml":
        return dump_yaml(spec)
    if fmt == "json":
        return dump_json(spec)
    if fmt == "md":
        from ..publish.facts import text_summary
        from ..rulebook import render_markdown

        return render_markdown(spec, text_summary(summary))
    if fmt == "html":
        from ..publish import render_html

        return render_html(spec, summary, paper=paper)
    from ..publish import render_pdf

    try:
        return render_pdf(spec, summary, paper=paper)
    except RuntimeError as exc:  # WeasyPrint's system libraries are missing
        raise click.ClickException(str(exc)) from None
