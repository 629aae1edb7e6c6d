"""`parlour generate`: new games, each a spec and a rulebook."""

from __future__ import annotations

import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

import click

from ..families import ANY, DEFAULT, FAMILIES
from ..output import WriteError, held_signals, write_files
from ..spec import GameSpec, dump_yaml
from .common import InputError, check_clashes, check_writable
from .interrupt import Interrupted
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
             book_file: str | None, playtest: bool, **playtest_options: object) -> None:
    """Generate COUNT new games: a spec (YAML) and a Markdown rulebook for each.

    Every game is drawn first (so that files in the way are found before anything is written),
    then each is rendered and written with its rulebook, both or neither. Interrupted (Ctrl-C,
    SIGTERM), a run keeps the games it finished, whole, and says how many (exit 130 or 143).
    """
    from ..sample import sample_game

    start = time.perf_counter()
    out = Path(out_dir)
    if book_file:
        from .book import check_target

        check_target(Path(book_file), force)
    redraws: Counter[str] = Counter()
    drawn: Counter[str] = Counter()  # games of each family
    total_redraws = 0
    sorter = _Sorter(out, **playtest_options) if playtest else None
    drafts: list[tuple[str, GameSpec]] = []
    kept: list[Path] = []     # the specs written to OUT (not the rejected ones), for --book
    done = [0]                # games written, each whole
    try:
        for i in range(count):
            sampled = sample_game(seed + i, family=family, players=players)
            drawn[sampled.spec.family] += 1
            total_redraws += sampled.redraws
            redraws.update(sampled.rejected)
            drafts.append((f"{seed + i:06d}-{_slug(sampled.spec.naming.name)}", sampled.spec))
        places = sorter.places if sorter else (lambda stem: [out / f"{stem}.yaml", out / f"{stem}.md"])
        check_clashes([p for stem, _ in drafts for p in places(stem)], force)
        check_writable(out / drafts[0][0])
        _write_games(drafts, out, sorter, kept, done)
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, f"{_finished(done[0], count)} to {out}/, each one whole") from None
    secs = time.perf_counter() - start
    what = f"{count} {family} games" if family != ANY else (
        f"{count} games (" + ", ".join(f"{n} {f}" for f, n in drawn.most_common()) + ")")
    click.echo(f"wrote {what} to {out}/ in {secs:.1f} s "
               f"({total_redraws} drafts redrawn for failing a static check"
               + (": " + ", ".join(f"{c} {k}" for k, c in redraws.most_common()) if redraws else "") + ")")
    if sorter:
        click.echo(sorter.note())
    if book_file:
        try:
            _book(kept, Path(book_file), seed)
        except KeyboardInterrupt as exc:
            raise Interrupted(exc, f"all {count} games written to {out}/; the book was not written") from None


def _finished(done: int, count: int) -> str:
    return f"{done} of {count} game{'s' if count > 1 else ''} written"


def _write_games(drafts: list[tuple[str, GameSpec]], out: Path, sorter: _Sorter | None, kept: list[Path],
                 done: list[int]) -> None:
    """Render and write each game, its spec and rulebook as one set. A game counts as written
    (``done[0]``) only once its files are in place: the count is kept with signals held, so an
    interruption reports exactly the games on disk."""
    from ..text import render_markdown

    with sorter.executor() if sorter else nullcontext():
        for stem, spec in drafts:
            files: list[tuple[Path, str | bytes]] = [(out / f"{stem}.yaml", dump_yaml(spec)),
                                                     (out / f"{stem}.md", render_markdown(spec))]
            passed = True
            if sorter:
                files, passed = sorter.sort(stem, files)
            try:
                with held_signals():
                    write_files(files, overwrite=True)
                    done[0] += 1
                    if passed:
                        kept.append(files[0][0])
            except WriteError as exc:
                raise InputError(f"{exc}; {_finished(done[0], len(drafts))} before it") from None


def _book(specs: list[Path], target: Path, seed: int) -> None:
    """`--book`: playtest the games just written and make them a book (generate.py's only book code)."""
    from ..publish.book import Entry
    from ..spec import load_spec
    from .book import make_book, seed_of

    entries = [Entry(load_spec(p), source=p.name, seed=seed_of(p)) for p in specs]
    make_book(entries, target, title="A Book of Card Games", paper="A5", as_html=target.suffix.lower() == ".html",
              games=100, seed=seed, run_seed=seed)


def _slug(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"


class _Sorter:
    """`--playtest`: playtest each drafted game (seed 0 of its own, so one game's verdict does not
    depend on the run); a game that passes keeps its files in OUT, a rejected one sends its spec
    with its reasons (NNNNNN-name.reasons.txt) to the rejected folder instead."""

    def __init__(self, out: Path, playtest_tier: int = 1, playtest_games: int = 200,
                 rejected_dir: str | None = None, workers: int | None = None, scheduler: str | None = None,
                 dask_local: bool = False):
        self.out, self.tier, self.games = out, playtest_tier, playtest_games
        self.rejected = Path(rejected_dir) if rejected_dir else out / "rejected"
        self.workers, self.scheduler, self.dask_local = workers, scheduler, dask_local
        self.judged = self.passed = 0
        self.codes: Counter[str] = Counter()
        self.ex = None

    def places(self, stem: str) -> list[Path]:
        """Every file a game may be written to, before its verdict is known."""
        return [self.out / f"{stem}.yaml", self.out / f"{stem}.md",
                self.rejected / f"{stem}.yaml", self.rejected / f"{stem}.reasons.txt"]

    def executor(self):  # noqa: ANN201 - a context manager from playtest.parallel
        from .playtest import make_executor

        self.ex = make_executor(self.workers, self.scheduler, self.dask_local)
        return self.ex

    def sort(self, stem: str, files: list[tuple[Path, str | bytes]]) -> tuple[list[tuple[Path, str | bytes]], bool]:
        """The files to write for this game and whether it passed: its own files if it passes,
        else its spec and reasons in the rejected folder."""
        import yaml

        from ..playtest import playtest as run
        from ..spec import spec_from_data

        path, text = files[0]
        spec = spec_from_data(yaml.safe_load(text))
        report = run(spec, games=self.games, seed=0, tier=self.tier, executor=self.ex)
        self.judged += 1
        if report.verdict == "pass":
            self.passed += 1
            return files, True
        self.codes.update({r.code for r in report.reasons})
        reasons = "\n".join(f"{r.code}: {r.message}, with {r.players} players"
                             + (f" (parlour replay {path.name} {r.replay_args()})" if r.seed is not None else "")
                             for r in report.reasons)
        return [(self.rejected / path.name, text), (self.rejected / f"{stem}.reasons.txt", reasons + "\n")], False

    def note(self) -> str:
        """The acceptance rate and how often each reason code came up."""
        total = self.judged
        note = f"playtest (tier {self.tier}): {self.passed} of {total} games passed ({self.passed / total:.0%})"
        if self.codes:
            note += (f"; the rejected ones and their reasons are in {self.rejected}/\n"
                     "reasons: " + ", ".join(f"{c} {k}" for k, c in self.codes.most_common()))
        return note
