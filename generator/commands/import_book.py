"""`parlour import`: read the seed book's plain text into game specs, with an import report, and
judge every imported game (static checks and a Tier-1 playtest)."""

from __future__ import annotations

import hashlib
import sys
import time
from contextlib import nullcontext
from pathlib import Path

import click

from ..families import FAMILIES
from ..spec import dump_yaml
from .common import InputError, check_clashes, check_writable, write_files
from .interrupt import Interrupted


@click.command("import")
@click.argument("book", type=click.Path())
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="corpus/hyloe", show_default=True,
              help="Where the specs and reports go.")
@click.option("--lenient", is_flag=True, help="Warn about sentences not understood instead of failing (exit 1).")
@click.option("--force", is_flag=True, help="Replace files that already exist.")
@click.option("--judge/--no-judge", default=True, show_default=True,
              help="Run the static checks and a playtest on every imported game and write REPORT.md.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Playtest games at each player count.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the playtests.")
@click.option("--tier", type=click.IntRange(1, 2), default=1, show_default=True, help="Playtest tier.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Judge this many games at once, in separate processes (the reports do not change).")
def import_book(book: str, out_dir: str, lenient: bool, force: bool, judge: bool, games: int, seed: int,
                tier: int, workers: int) -> None:
    """Import the games of BOOK (the seed book's plain text) as specs, those of the families Parlour has.

    Writes OUT/<slug>.yaml per game, OUT/IMPORT.md (per game: family, status, repairs) and, unless
    --no-judge, OUT/REPORT.md (verdicts and reasons). Exit 1 if a sentence is not understood
    (unless --lenient), 2 for bad input (a missing or unreadable book, files that exist without
    --force, an output folder that cannot be written). Nothing is written when the import fails or
    is interrupted: the specs, IMPORT.md and REPORT.md are written together, after the judging.
    """
    from ..importer import import_book as read_book
    from ..importer.report import import_report, shown_status

    start = time.perf_counter()
    path = Path(book)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig")   # a byte-order mark is not the first game's text
    except FileNotFoundError:
        raise InputError(f"{book}: no such file") from None
    except (IsADirectoryError, PermissionError) as exc:
        raise InputError(f"{book}: cannot read the file ({exc.__class__.__name__})") from None
    except UnicodeDecodeError:
        raise InputError(f"{book}: not UTF-8 text") from None
    result = read_book(text)
    if not result.games:
        raise InputError(f"{book}: no games found: a game begins with a line such as \"Tidmarsh is a traditional "
                         f"climbing game for three to six players, played with a standard 52 card pack.\" (a word "
                         f"before the family, which is one of {', '.join(FAMILIES)}; the players in words or digits)")
    problems = result.all_problems()
    for p in problems:
        click.echo(f"{'warning' if lenient else 'error'}: {p}", err=True)
    if problems and not lenient:
        games_hit = len({p.game for p in problems})
        click.echo(f"parlour: {len(problems)} sentence{'s' if len(problems) > 1 else ''} not understood in {games_hit} "
                   f"game{'s' if games_hit > 1 else ''}; nothing written (use --lenient to import the rest)", err=True)
        sys.exit(1)

    out = Path(out_dir)
    files: dict[int, str] = {}  # book line of a game → its spec file
    outputs: list[tuple[Path, str]] = []
    used: set[str] = set()
    for g in result.games:
        if g.spec is None:
            continue
        stem = _slug(g.name)
        base, k = stem, 2
        while stem in used:
            stem, k = f"{base}-{k}", k + 1
        used.add(stem)
        files[g.line] = f"{stem}.yaml"
        outputs.append((out / f"{stem}.yaml", _header(g, path.name) + dump_yaml(g.spec)))
    digest = hashlib.sha256(raw).hexdigest()
    outputs.append((out / "IMPORT.md", import_report(path.name, digest, result, files, lenient, book, out_dir)))
    report_path = out / "REPORT.md"
    check_clashes([p for p, _ in outputs] + ([report_path] if judge else []), force)
    check_writable(report_path)  # before the judging, which takes a while
    supported = [g for g in result.games if g.supported]
    shown = [shown_status(g) for g in supported]
    counts = {s: shown.count(s) for s in ("imported", "repaired", "unplayable", "error", "failed")}
    others = len(result.games) - len(supported)
    try:
        if judge:
            report, judged = _judge(result, files, path.name, games, seed, tier, workers)
            outputs.append((report_path, report))
        write_files(outputs, force=True)
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, f"nothing written to {out}/ (the specs, IMPORT.md and REPORT.md are written "
                               "together, at the end)") from None
    click.echo(f"imported {len(files)} of {len(supported)} game{'' if len(supported) == 1 else 's'} of the families "
               f"Parlour plays into {out}/ ({counts['imported']} as written, "
               f"{counts['repaired']} repaired"
               + (f", {counts['unplayable']} failing a static check" if counts["unplayable"] else "")
               + (f", {counts['error']} with sentences skipped" if counts["error"] else "")
               + (f", {counts['failed']} not imported" if counts["failed"] else "")
               + f"); {others} game{'' if others == 1 else 's'} of other families: family not supported yet; "
                 f"see {out / 'IMPORT.md'}")
    if judge:
        click.echo(f"{judged}; see {report_path}")
    click.echo(f"done in {time.perf_counter() - start:.1f} s")


def _judge(result, files: dict[int, str], book_name: str, games: int, seed: int, tier: int,
           workers: int) -> tuple[str, str]:
    """Judge every imported game; returns REPORT.md's text and a summary line (the report is
    written with the specs, as one set)."""
    from ..importer.judge import judge_spec
    from ..workers import process_pool
    from ..importer.report import judge_report

    judgements = []
    todo = [g for g in result.games if g.spec is not None]
    args = ([g.spec for g in todo], [files[g.line] for g in todo], [games] * len(todo), [seed] * len(todo),
            [tier] * len(todo))
    with process_pool(workers) if workers > 1 else nullcontext() as pool:  # interrupted: workers ended
        results = pool.map(judge_spec, *args) if pool is not None else map(judge_spec, *args)
        for i, (g, j) in enumerate(zip(todo, results), start=1):
            judgements.append(j)
            click.echo(f"  [{i}/{len(todo)}] {g.name}: {j.verdict}"
                       + (f" ({', '.join(sorted({f.code for f in j.reasons}))})" if j.reasons else ""), err=True)
    passed = sum(1 for j in judgements if j.verdict == "pass")
    return (judge_report(book_name, judgements, games, seed, tier),
            f"judged {len(judgements)} games: {passed} pass, {len(judgements) - passed} reject")


def _header(game, book_name: str) -> str:
    fixes = sorted({r.kind for r in game.repairs if r.category != "reading"})
    lines = [f"# {game.name}: imported from Hyloe's Book of Games ({book_name}, line {game.line}) by `parlour import`."]
    if fixes:
        lines.append(f"# Repaired or dropped: {', '.join(fixes)}. Details in IMPORT.md.")
    return "\n".join(lines) + "\n"


def _slug(name: str) -> str:
    from .generate import _slug as slug

    return slug(name)
