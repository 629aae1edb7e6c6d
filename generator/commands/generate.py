"""`parlour generate`: new games, each a spec and a rulebook."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import click

from ..families import ANY, DEFAULT, FAMILIES
from ..spec import dump_yaml
from .common import InputError, write_file
from .playtest import executor_options


@click.command()
@click.option("--family", type=click.Choice([*FAMILIES, ANY]), default=DEFAULT, show_default=True,
              help=f"The family of the games; '{ANY}' draws one for each game, weighted as in the seed book.")
@click.option("--count", type=click.IntRange(1, 100_000), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole run; game i uses seed+i.")
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only games playable by this many.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True)
@click.option("--force", is_flag=True, help="Replace files that already exist.")
@click.option("--book", "book_file", type=click.Path(dir_okay=False), default=None,
              help="Also playtest the games and make a PDF book of those that pass (see 'parlour book').")
@click.option("--playtest", is_flag=True,
              help="Playtest every game; keep those that pass, write the rejected ones and their reasons to --rejected.")
@click.option("--tier", "playtest_tier", type=click.IntRange(1, 2), default=1, show_default=True,
              help="With --playtest: 1 random self-play, 2 also strong bots.")
@click.option("--games", "playtest_games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="With --playtest: Tier-1 games at each player count.")
@click.option("--rejected", "rejected_dir", type=click.Path(file_okay=False), default=None,
              help="With --playtest: where rejected games go  [default: OUT/rejected]")
@executor_options
def generate(family: str, count: int, seed: int, players: int | None, out_dir: str, force: bool,
             book_file: str | None, **playtest_options: object) -> None:
    """Generate COUNT new games: a spec (YAML) and a Markdown rulebook for each."""
    from ..sample import sample_game
    from ..text import render_markdown

    start = time.perf_counter()
    out = Path(out_dir)
    if book_file:
        from .book import check_target

        check_target(Path(book_file), force)
    files: list[tuple[Path, str]] = []
    redraws: Counter[str] = Counter()
    drawn: Counter[str] = Counter()  # games of each family
    total_redraws = 0
    for i in range(count):
        sampled = sample_game(seed + i, family=family, players=players)
        drawn[sampled.spec.family] += 1
        total_redraws += sampled.redraws
        redraws.update(sampled.rejected)
        stem = f"{seed + i:06d}-{_slug(sampled.spec.naming.name)}"
        files.append((out / f"{stem}.yaml", dump_yaml(sampled.spec)))
        files.append((out / f"{stem}.md", render_markdown(sampled.spec)))
    files, playtest_note = _playtest_filter(files, out, seed, **playtest_options)
    if not force:  # check everything before writing anything
        clash = [p for p, _ in files if p.exists()]
        if clash:
            raise InputError(f"{clash[0]}: already exists ({len(clash)} files would be replaced; use --force)")
    for path, text in files:
        write_file(path, text, force=True)
    secs = time.perf_counter() - start
    what = f"{count} {family} games" if family != ANY else (
        f"{count} games (" + ", ".join(f"{n} {f}" for f, n in drawn.most_common()) + ")")
    click.echo(f"wrote {what} to {out}/ in {secs:.1f} s "
               f"({total_redraws} drafts redrawn for failing a static check"
               + (": " + ", ".join(f"{c} {k}" for k, c in redraws.most_common()) if redraws else "") + ")")
    if playtest_note:
        click.echo(playtest_note)
    if book_file:
        _book(files, Path(book_file), seed)


def _book(files: list[tuple[Path, str]], target: Path, seed: int) -> None:
    """`--book`: playtest the games just written and make them a book (generate.py's only book code)."""
    from ..publish.book import Entry
    from ..spec import load_spec
    from .book import make_book, seed_of

    specs = [p for p, _ in files if p.suffix == ".yaml"]
    entries = [Entry(load_spec(p), source=p.name, seed=seed_of(p)) for p in specs]
    make_book(entries, target, title="A Book of Card Games", paper="A5", as_html=target.suffix.lower() == ".html",
              games=100, seed=seed, run_seed=seed)


def _slug(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"


def _playtest_filter(files: list[tuple[Path, str]], out: Path, seed: int, playtest: bool = False,
                     playtest_tier: int = 1, playtest_games: int = 200, rejected_dir: str | None = None,
                     workers: int | None = None, scheduler: str | None = None,
                     dask_local: bool = False) -> tuple[list[tuple[Path, str]], str]:
    """`--playtest`: playtest each drafted game (seed 0 of its own, so one game's verdict does not
    depend on the run); keep the files of those that pass, and send the spec of each rejected game
    with its reasons (NNNNNN-name.reasons.txt) to the rejected folder. Returns the files to write
    and the summary line: the acceptance rate and how often each reason code came up."""
    if not playtest:
        return files, ""
    import yaml

    from ..playtest import playtest as run
    from ..spec import spec_from_data
    from .playtest import make_executor

    rejected = Path(rejected_dir) if rejected_dir else out / "rejected"
    kept: list[tuple[Path, str]] = []
    codes: Counter[str] = Counter()
    specs = [(p, text) for p, text in files if p.suffix == ".yaml"]
    passed = 0
    with make_executor(workers, scheduler, dask_local) as ex:
        for path, text in specs:
            spec = spec_from_data(yaml.safe_load(text))
            report = run(spec, games=playtest_games, seed=0, tier=playtest_tier, executor=ex)
            if report.verdict == "pass":
                passed += 1
                kept += [(p, t) for p, t in files if p.stem == path.stem]
                continue
            codes.update({r.code for r in report.reasons})
            reasons = "\n".join(f"{r.code}: {r.message}, with {r.players} players"
                                 + (f" (parlour replay {path.name} {r.replay_args()})" if r.seed is not None else "")
                                 for r in report.reasons)
            kept.append((rejected / path.name, text))
            kept.append((rejected / f"{path.stem}.reasons.txt", reasons + "\n"))
    total = len(specs)
    note = f"playtest (tier {playtest_tier}): {passed} of {total} games passed ({passed / total:.0%})"
    if codes:
        note += (f"; the rejected ones and their reasons are in {rejected}/\n"
                 "reasons: " + ", ".join(f"{c} {k}" for k, c in codes.most_common()))
    return kept, note
