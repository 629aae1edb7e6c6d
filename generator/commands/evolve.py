"""`parlour evolve`: search for good games (MAP-Elites over the module space, ``generator.evolve``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

import click

from ..output import WriteError
from .common import InputError, check_writable
from .interrupt import Interrupted
from ..evolve import BOUNDS
from .playtest import executor_options

#: The options that set a run (saved in its archive); a resumed run may change only those marked.
SEARCH_OPTIONS = ("seed", "initial", "batch", "generations", "budget", "tier", "games", "tier2_games", "rollouts",
                  "mend")
RESUMABLE = ("generations", "budget")


@click.command()
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="evolved", show_default=True,
              help="The archive's folder: archive.json, elites/, archive.png.")
@click.option("--seed", type=int, default=None, help="Seed of the run  [default: 0]")
@click.option("--initial", type=click.IntRange(*BOUNDS["initial"]), default=None,
              help="Sampled drafts of the first generation, the families in turn  [default: 24]")
@click.option("--batch", type=click.IntRange(*BOUNDS["batch"]), default=None,
              help="Candidates bred in each later generation  [default: 16]")
@click.option("--generations", type=click.IntRange(*BOUNDS["generations"]), default=None,
              help="Generations after the first  [default: 20]")
@click.option("--budget", type=click.IntRange(*BOUNDS["budget"]), default=None,
              help="Games simulated (every tier) after which no generation starts  [default: 4000]")
@click.option("--tier", type=click.IntRange(*BOUNDS["tier"]), default=None,
              help="Playtest tier: 1 random self-play; 2 also the strong bots, which measure skill  [default: 1]")
@click.option("--games", type=click.IntRange(*BOUNDS["games"]), default=None,
              help="Tier-1 games per player count for each candidate  [default: 20]")
@click.option("--tier2-games", type=click.IntRange(*BOUNDS["tier2_games"]), default=None,
              help="With --tier 2: games per strong-bot configuration  [default: 10]")
@click.option("--rollouts", type=click.IntRange(*BOUNDS["rollouts"]), default=None,
              help="With --tier 2: the strong bot's rollouts per legal action  [default: 1]")
@click.option("--mend/--no-mend", default=None,
              help="Mend a candidate rejected only for its length (costs games)  [default: no]")
@click.option("--minutes", type=click.FloatRange(min=0, min_open=True), default=None,
              help="A time budget: when it is spent, the generation under way keeps the candidates judged by "
                   "then and the run stops (its archive then depends on the machine's speed)")
@click.option("--resume", is_flag=True, help="Continue the run saved in OUT at its next generation.")
@click.option("--force", is_flag=True, help="Start a new run over an archive already in OUT.")
@click.option("--book", "book_file", type=click.Path(dir_okay=False), default=None,
              help="After the search, a PDF book of the elites (see 'parlour book').")
@executor_options
def evolve(out_dir: str, resume: bool, force: bool, book_file: str | None, workers: int | None,
           scheduler: str | None, dask_local: bool, minutes: float | None, **given: Any) -> None:
    """Search for good games: MAP-Elites over the modules the sampler draws.

    Niches are family x player count x length x skill; each keeps its best game (the playtest's
    quality score). Generations of children bred from the elites (mutation: a module swapped for
    one the sampler could draw; crossover: phases from three parents) are judged by the playtest.
    The archive is saved whole after each generation, so an interrupted run resumes with --resume
    and ends as it would have. The same seed gives the same archive, on any number of workers.
    With --minutes the run stops when its time is spent, keeping what it judged.
    """
    from ..evolve.archive import ARCHIVE, Archive, ArchiveError, load
    from ..evolve.search import Executor, Settings, finished, run
    from ..playtest.parallel import SchedulerUnreachable

    start = time.perf_counter()
    out = Path(out_dir)
    path = out / ARCHIVE
    if resume and force:
        raise click.UsageError("--resume continues a run and --force starts a new one: give one of them")
    if book_file:
        from .book import check_target

        check_target(Path(book_file), force)
    check_writable(path)   # before looking for an archive: a folder name too long to look in is said as such
    if resume:
        try:
            archive = load(out)
        except ArchiveError as exc:
            raise InputError(str(exc)) from None
        try:
            saved = Settings.from_saved(archive.settings)
        except ValueError as exc:
            raise InputError(f"{path}: settings.{exc}") from None
        for name in SEARCH_OPTIONS:
            if given[name] is not None and name not in RESUMABLE and given[name] != getattr(saved, name):
                raise InputError(f"{path}: settings.{name} is {getattr(saved, name)!r}; a resumed run keeps its "
                                 f"settings (only --generations and --budget may change)")
        settings = Settings(**{**saved.as_dict(), **{k: given[k] for k in RESUMABLE if given[k] is not None}})
        archive.settings = settings.as_dict()
    else:
        if path.exists() and not force:
            raise InputError(f"{path}: already exists (use --resume to continue the run or --force to start again)")
        settings = Settings(**{k: v for k, v in given.items() if v is not None})
        archive = Archive(settings=settings.as_dict())
    try:
        check_writable(path)
    except WriteError as exc:
        raise InputError(str(exc)) from None
    bar = _Progress(archive)
    try:
        run(archive, settings, Executor(workers, scheduler, dask_local), out=out, progress=bar, minutes=minutes)
    except KeyboardInterrupt as exc:
        bar.clear()
        if archive.generation < 0:
            raise Interrupted(exc, "no generation was finished, nothing was saved") from None
        raise Interrupted(exc, f"the archive in {out}/ holds generation {archive.generation}, whole; "
                               f"resume with: parlour evolve --out {out} --resume") from None
    except SchedulerUnreachable as exc:   # gone since it was checked at the start
        bar.clear()
        raise InputError(f"--scheduler: {exc}") from None
    bar.clear()
    if archive.cut and archive.generation < 0:
        click.echo(f"evolve: stopped by its time budget ({minutes:g} min) before a candidate was judged; "
                   "nothing was saved")
        return
    click.echo(_summary(archive, settings, time.perf_counter() - start, out))
    if archive.cut:
        k = archive.history[-1]["candidates"] if archive.history else 0
        kept = f"generation {archive.generation} cut after {k} candidate{'' if k == 1 else 's'}" \
            if archive.history and archive.history[-1].get("cut") else "no candidate of the next generation judged"
        click.echo(f"  stopped by its time budget ({minutes:g} min): {kept}; "
                   f"continue with: parlour evolve --out {out} --resume")
    if book_file and archive.elites:
        _book(archive, settings, Path(book_file))
    if not finished(archive, settings) and not archive.cut:  # pragma: no cover - run() returns only when finished
        raise click.ClickException("the search stopped early")


def _summary(archive: Any, settings: Any, secs: float, out: Path) -> str:
    from ..evolve.niches import all_niches

    q = [e.quality for e in archive.elites.values()]
    g = archive.generation
    lines = [f"evolve: {g} generation{'' if g == 1 else 's'} after the first, {archive.candidates} candidate"
             f"{'' if archive.candidates == 1 else 's'} judged, "
             f"{archive.passed} passed" + (f" ({archive.mended} after a mend)" if archive.mended else "")
             + f", {len(archive.elites)} of {len(all_niches(settings.tier))} niches filled"]
    if q:
        lines.append(f"  elite quality: best {max(q):.3f}, median {median(q):.3f}")
    lines.append(f"  {archive.games:,} games simulated (budget {settings.budget:,}) in {secs:.0f} s; archive in {out}/")
    if archive.rejected:
        lines.append("  rejected for: " + ", ".join(f"{c} {k}" for k, c in sorted(archive.rejected.items(), key=lambda kc: (-kc[1], kc[0]))))
    return "\n".join(lines)


def _book(archive: Any, settings: Any, target: Path) -> None:
    from ..publish.book import Entry
    from .book import make_book

    entries = [Entry(e.spec, source=f"{e.id}.yaml") for e in sorted(archive.elites.values(), key=lambda e: e.id)]
    try:
        make_book(entries, target, title="A Book of Evolved Card Games", paper="A5", as_html=target.suffix.lower() ==
                  ".html", games=settings.games, seed=0, run_seed=settings.seed)
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, "the archive is whole; the book was not written") from None


class _Progress:
    """One line on standard error, rewritten as candidates are judged on a terminal; elsewhere
    (CI, a pipe) a line for each candidate judged, so that a long run is never silent."""

    def __init__(self, archive: Any):
        self.archive = archive
        self.enabled = sys.stderr.isatty()
        self.shown = False

    def __call__(self, generation: int, judged: int, of: int) -> None:
        if not self.enabled:
            click.echo(f"generation {generation}: {judged}/{of} judged; {len(self.archive.elites)} niches filled",
                       err=True)
            return
        a = self.archive
        click.echo(f"\rgeneration {generation}: {judged}/{of} judged; {len(a.elites)} niches filled, "
                   f"{a.games:,} games so far ", nl=False, err=True)
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\033[K", nl=False, err=True)
            self.shown = False
