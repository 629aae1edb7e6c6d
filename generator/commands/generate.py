"""`parlour generate`: new games, each a spec and a rulebook.

Without ``--playtest`` it writes the first COUNT drafts of the seed. With it, ``--count`` counts the
games *kept*: drafts are drawn (seed, seed+1, …) and judged until COUNT pass or ``--max-drafts`` are
drawn, a draft rejected only for its length is mended and judged again (``generator.mend``), and the
rejected drafts go to the rejected folder with their reasons. Each game's spec records its draft's
seed and its mends (``provenance``), so any one of them can be made again on its own.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..families import ANY, DEFAULT, FAMILIES
from ..output import WriteError, held_signals, write_files
from ..spec import GameSpec, Provenance, dump_yaml
from .common import InputError, check_clashes, check_writable
from .interrupt import Interrupted
from .playtest import executor_options

if TYPE_CHECKING:
    from ..sample import Sampled

#: --max-drafts by default: this many drafts for each game asked for (about a third of the drafts
#: pass a Tier-1 playtest, more with mends; ten times leaves room for a family that passes rarely).
DRAFTS_PER_GAME = 10

@click.command()
@click.option("--family", type=click.Choice([*FAMILIES, ANY]), default=DEFAULT, show_default=True,
              help=f"The family of the games; '{ANY}' draws one for each game, weighted as in the seed book.")
@click.option("--count", type=click.IntRange(1, 100_000), default=10, show_default=True,
              help="Games to write; with --playtest, games that pass (drafts are drawn until COUNT pass).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole run; draft i uses seed+i.")
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only games playable by this many.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True)
@click.option("--force", is_flag=True, help="Replace files that already exist.")
@click.option("--book", "book_file", type=click.Path(dir_okay=False), default=None,
              help="With --playtest: also make a PDF book of the games kept (see 'parlour book').")
@click.option("--playtest", is_flag=True,
              help="Keep only games that pass a playtest: draw drafts until COUNT pass; rejected drafts and "
                   "their reasons go to --rejected.")
@click.option("--max-drafts", type=click.IntRange(1, 10_000_000), default=None,
              help=f"With --playtest: draw at most this many drafts  [default: {DRAFTS_PER_GAME} × COUNT]")
@click.option("--no-mend", is_flag=True,
              help="With --playtest: reject a draft that is only too long instead of mending it.")
@click.option("--tier", "playtest_tier", type=click.IntRange(1, 2), default=1, show_default=True,
              help="With --playtest: 1 random self-play, 2 also strong bots.")
@click.option("--games", "playtest_games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="With --playtest: Tier-1 games at each player count.")
@click.option("--rejected", "rejected_dir", type=click.Path(file_okay=False), default=None,
              help="With --playtest: where rejected drafts go  [default: OUT/rejected]")
@click.option("--variations", is_flag=True,
              help="With --playtest: playtest a shorter sibling of each game kept (the points that end it) "
                   "and print it, if it passes, in the rulebook's Variations line.")
@click.option("--real-packs", is_flag=True,
              help="Beyond the seed book: a game may also be dealt from the packs of real games (Italian 40, "
                   "Spanish 40 and 48, Euchre 24) in their rank orders, or have one colour's pips reversed.")
@click.option("--catalogue", type=click.Choice(["parlour", "book"]), default="parlour", show_default=True,
              help="parlour: the seed book's rules and Parlour's beyond it (partnerships, point tricks, hands won "
                   "by a majority, trumps named on the hand, overtaking); book: the seed book's catalogue alone.")
@executor_options
def generate(family: str, count: int, seed: int, players: int | None, out_dir: str, force: bool,
             book_file: str | None, playtest: bool, max_drafts: int | None, no_mend: bool, playtest_tier: int,
             playtest_games: int, rejected_dir: str | None, variations: bool, real_packs: bool, catalogue: str,
             workers: int | None, scheduler: str | None, dask_local: bool) -> None:
    """Generate COUNT new games: a spec (YAML) and a Markdown rulebook for each.

    Each game is rendered and written with its rulebook, both or neither. Interrupted (Ctrl-C,
    SIGTERM), a run keeps the games it finished, whole, ends its workers and says how many (exit
    130 or 143). With --playtest, a run that reaches --max-drafts before COUNT games pass writes
    those that did and exits 1.
    """
    out = Path(out_dir)
    if book_file and not playtest:
        # Unjudged drafts mostly fail the book's own playtest, which leaves them out: the book
        # would be empty or nearly so. Say how to get either book instead of writing that one.
        raise InputError("--book: only with --playtest (the book keeps only games that pass a playtest, and "
                         "drafts not judged rarely do); to print every draft, run 'parlour book OUT "
                         "--no-playtest' after generating")
    if book_file:
        from .book import check_target

        check_target(Path(book_file), force)
    if max_drafts is not None and not playtest:
        raise InputError("--max-drafts: only with --playtest (without it every draft is written)")
    if real_packs and catalogue == "book":
        raise InputError("--real-packs: not with --catalogue book (the seed book's packs are its own)")
    if variations and not playtest:
        raise InputError("--variations: only with --playtest (siblings are judged by a playtest)")
    if playtest:
        run = _Sorted(out, Path(rejected_dir) if rejected_dir else out / "rejected", family, count, seed, players,
                      max_drafts or DRAFTS_PER_GAME * count, force, not no_mend, playtest_tier, playtest_games,
                      workers, scheduler, dask_local)
        run.options = replace(run.options, variations=variations)
    else:
        run = _Drafts(out, family, count, seed, players, force)
    run.real_packs = real_packs
    run.catalogue = catalogue
    run.start()
    from ..playtest.parallel import SchedulerUnreachable

    try:
        run.write()
    except KeyboardInterrupt as exc:
        raise Interrupted(exc, run.finished()) from None
    except SchedulerUnreachable as exc:   # gone since it was checked at the start
        raise InputError(f"--scheduler: {exc}") from None
    click.echo(run.summary())
    if book_file and run.kept:
        try:
            _book(run.kept, Path(book_file), seed)
        except KeyboardInterrupt as exc:
            raise Interrupted(exc, f"the {len(run.kept)} games are written to {out}/; the book was not written") from None
    if run.short:
        raise _TooFew(run.short)


class _TooFew(click.ClickException):
    """--max-drafts reached before COUNT games passed: the games kept are written; exit 1."""

    exit_code = 1

    def show(self, file=None) -> None:  # noqa: ANN001 - click's signature
        click.echo(f"parlour: {self.format_message()}", err=True)


def _stem(seed: int, spec: GameSpec) -> str:
    return f"{seed:06d}-{_slug(spec.naming.name)}"


def _slug(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"


def _with_provenance(spec: GameSpec, seed: int, family: str, mends: list | None = None,
                     real_packs: bool = False, catalogue: str = "parlour") -> GameSpec:
    """The draft with its seed (and the family, the packs and the catalogue asked for with it), so
    that it can be drawn again."""
    return spec.model_copy(update={"provenance": Provenance(origin="generated", seed=seed, family=family,
                                                            mends=list(mends or []), real_packs=real_packs,
                                                            catalogue=catalogue)})


def _own_name(spec: GameSpec, taken: set[str]) -> tuple[GameSpec, list]:
    """The draft under a name no earlier draft of the run has (``taken``, casefolded, grows): two
    seeds can draw one village, and a run's games are looked up by name. A draft renamed keeps the
    change as a mend (the name drawn, the name given), so its seed still draws it again."""
    from ..names import another_name
    from ..spec.provenance import Mend

    name = spec.naming.name
    mends = []
    if name.casefold() in taken:
        new = another_name(name, taken)
        mends.append(Mend(field="naming.name", draft=name, mended=new, why="an earlier draft of this run has that name"))
        spec = spec.model_copy(update={"naming": spec.naming.model_copy(update={"name": new})})
    taken.add(spec.naming.name.casefold())
    return spec, mends


def _files(out: Path, stem: str, spec: GameSpec, report: dict | None = None) -> list[tuple[Path, str | bytes]]:
    """A game's spec and rulebook; a kept game's rulebook printed with its own playtest (``report``:
    its length, the strategy note, Variations), as `parlour render --report` prints it."""
    from ..publish.facts import text_summary
    from ..rulebook import render_markdown

    from ..text.lint import lint

    md = render_markdown(spec, text_summary(report))
    for finding in lint(spec, md):   # the rulebook lint on every rulebook written: a warning, never a stop
        click.echo(f"lint {stem}.md: {finding}", err=True)
    return [(out / f"{stem}.yaml", dump_yaml(spec)), (out / f"{stem}.md", md)]


def _run_file(run: "_Sorted", finished: bool = False) -> tuple[Path, str]:
    """With --playtest, the run record (``publish.runs``: drafts judged, kept, mended, rejected by
    reason) as it stands with the drafts taken so far: it goes in the set of files of each draft
    written, so it always matches the games on disk. (Without --playtest every draft is a game, and
    a book says no more than the seeds in the file names.)"""
    from ..publish import runs

    o = run.options
    text = runs.record(
        seed=run.seed, family=run.family, count=run.count, players=run.players,
        playtest={"tier": o.tier, "games": o.games, "mend": o.mend}, drafts=run.drafts,
        kept=[p.name for p in run.kept], mended=run.mended, rejected_by=run.rejected_by,
        redrawn_by=run.redraws, redrawn=run.total_redraws, finished=finished)
    return run.out / runs.record_name(run.seed), text


def _write(files: list[tuple[Path, str | bytes]], done: list[int]) -> None:
    """Write one game's files, all or none, and count it only once they are in place (signals held
    over both, so an interruption reports exactly the games on disk)."""
    with held_signals():
        write_files(files, overwrite=True)
        done[0] += 1


class _Drafts:
    """Without --playtest: the first COUNT drafts of the seed, drawn first (so that files in the
    way are found before anything is written), then written one game at a time."""

    real_packs = False   # --real-packs: the sampler may draw the packs beyond the seed book
    catalogue = "parlour"   # --catalogue: Parlour's options beyond the seed book, or the book's alone

    def __init__(self, out: Path, family: str, count: int, seed: int, players: int | None, force: bool):
        self.out, self.family, self.count, self.seed, self.players, self.force = out, family, count, seed, players, force
        self.drafts: list[tuple[str, GameSpec]] = []
        self.drawn: Counter[str] = Counter()
        self.redraws: Counter[str] = Counter()
        self.total_redraws = 0
        self.done = [0]
        self.kept: list[Path] = []
        self.short = ""
        self.clock = time.perf_counter()

    def start(self) -> None:
        from ..sample import sample_game

        taken: set[str] = set()
        for i in range(self.count):
            sampled = sample_game(self.seed + i, family=self.family, players=self.players, real_packs=self.real_packs,
                                  catalogue=self.catalogue)
            self.drawn[sampled.spec.family] += 1
            self.total_redraws += sampled.redraws
            self.redraws.update(sampled.rejected)
            named, renamed = _own_name(sampled.spec, taken)
            spec = _with_provenance(named, self.seed + i, self.family, renamed, real_packs=self.real_packs,
                                    catalogue=self.catalogue)
            self.drafts.append((_stem(self.seed + i, spec), spec))
        check_clashes([self.out / f"{stem}{ext}" for stem, _ in self.drafts for ext in (".yaml", ".md")], self.force)
        check_writable(self.out / self.drafts[0][0])

    def write(self) -> None:
        for stem, spec in self.drafts:
            files = _files(self.out, stem, spec)
            try:
                _write(files, self.done)
            except WriteError as exc:
                raise InputError(f"{exc}; {self.done[0]} of {self.count} games written before it") from None
            self.kept.append(files[0][0])

    def finished(self) -> str:
        return f"{self.done[0]} of {self.count} game{'s' if self.count > 1 else ''} written to {self.out}/, each one whole"

    def summary(self) -> str:
        secs = time.perf_counter() - self.clock
        return (f"wrote {_families(self.count, self.family, self.drawn)} to {self.out}/ in {secs:.1f} s "
                f"({_redrawn(self.total_redraws, self.redraws)})")


def _drafts(n: int) -> str:
    return f"{n} draft{'' if n == 1 else 's'}"


def _families(n: int, family: str, drawn: Counter[str]) -> str:
    if family != ANY:
        return f"{n} {family} game{'s' if n != 1 else ''}"
    return f"{n} game{'s' if n != 1 else ''} (" + ", ".join(f"{k} {f}" for f, k in drawn.most_common()) + ")"


def _redrawn(total: int, reasons: Counter[str]) -> str:
    return (f"{_drafts(total)} redrawn for failing a static check"
            + (": " + ", ".join(f"{c} {k}" for k, c in reasons.most_common()) if reasons else ""))


class _Sorted:
    """With --playtest: drafts judged (several at once, on the workers) until COUNT pass.

    A draft's verdict does not depend on the run (its playtest has seed 0 of its own), and the
    verdicts are taken in draft order, so the games kept are the same on any number of workers:
    the first COUNT drafts of the seed that pass, mended or not. Files that the run could write
    are looked for before anything is judged: any file of a draft number the run may reach."""

    real_packs = False   # --real-packs: the sampler may draw the packs beyond the seed book
    catalogue = "parlour"   # --catalogue: Parlour's options beyond the seed book, or the book's alone

    def __init__(self, out: Path, rejected: Path, family: str, count: int, seed: int, players: int | None,
                 max_drafts: int, force: bool, mend: bool, tier: int, games: int, workers: int | None,
                 scheduler: str | None, dask_local: bool):
        from ..judging import JudgeOptions

        self.out, self.rejected, self.family, self.count, self.seed = out, rejected, family, count, seed
        self.players, self.max_drafts, self.force = players, max_drafts, force
        self.options = JudgeOptions(tier=tier, games=games, mend=mend)
        self.workers, self.scheduler, self.dask_local = workers, scheduler, dask_local
        self.done = [0]                      # drafts written (kept or rejected), each whole
        self.kept: list[Path] = []
        self.drafts = 0                      # drafts judged, in order
        self.mended = 0                      # kept games that passed only after a mend
        self.mends_tried = 0                 # drafts too long that a mend was tried on
        self.sample_mends = 0                # drafts whose deal was mended when drawn
        self.kept_by_family: Counter[str] = Counter()
        self.rejected_by: Counter[str] = Counter()   # rejected drafts by their first reason
        self.redraws: Counter[str] = Counter()
        self.total_redraws = 0
        self._drawn: dict[int, Sampled] = {}  # the sampler's account of each draft drawn, by seed, until judged
        self.games = 0                       # games simulated
        self.short = ""
        self.clock = time.perf_counter()
        self.news: _News | None = None
        self.last = ""                       # the verdict of the last draft taken, in words

    def start(self) -> None:
        # first: a folder whose name is too long even to look into is said as such
        check_writable(self.out / f"{self.seed:06d}-game")
        check_writable(self.rejected / f"{self.seed:06d}-game")
        record = _run_file(self)[0]
        check_clashes(self._in_the_way() + ([record] if record.exists() else []), self.force)

    def _in_the_way(self) -> list[Path]:
        """Files of this run's draft numbers already in OUT or the rejected folder."""
        found = []
        last = self.seed + self.max_drafts
        for folder in (self.out, self.rejected):
            if not folder.is_dir():
                continue
            for f in sorted(folder.iterdir()):
                head = f.name.split("-", 1)[0]
                if head.isdigit() and len(head) >= 6 and self.seed <= int(head) < last and "-" in f.name:
                    found.append(f)
        return found

    def _drafts(self) -> Iterator[GameSpec]:
        from ..sample import sample_game

        taken: set[str] = set()   # names of the drafts drawn so far (in order, whatever the workers)
        for i in range(self.max_drafts):
            sampled = sample_game(self.seed + i, family=self.family, players=self.players, mend=self.options.mend,
                                  real_packs=self.real_packs, catalogue=self.catalogue)
            # counted when its verdict is taken: drafts drawn ahead of the last one taken are not the run's
            self._drawn[self.seed + i] = sampled
            named, renamed = _own_name(sampled.spec, taken)
            yield _with_provenance(named, self.seed + i, self.family, list(sampled.mends) + renamed, self.real_packs,
                                   self.catalogue)

    def write(self) -> None:
        from ..judging import judge_all

        self._progress_start()
        try:
            verdicts = judge_all(self._drafts(), self.options, self.workers, self.scheduler, self.dask_local)
            try:
                for judged in verdicts:
                    self._take(judged)
                    self._progress()
                    if len(self.kept) >= self.count:
                        break
            finally:
                verdicts.close()   # ends the workers still judging drafts ahead
        finally:
            self._progress_end()
        if len(self.kept) < self.count:
            self.short = (f"only {len(self.kept)} of {self.count} games passed in {self.drafts} drafts "
                          f"(--max-drafts {self.max_drafts}); they are written to {self.out}/. Draw more "
                          f"with a higher --max-drafts, or a different --seed or --family")

    def _take(self, judged) -> None:  # noqa: ANN001 - a judging.Judged
        spec = judged.spec
        seed = spec.provenance.seed
        stem = _stem(seed, spec)
        self.drafts += 1
        self.games += judged.games
        sampled = self._drawn.pop(seed)
        self.total_redraws += sampled.redraws
        self.redraws.update(sampled.rejected)
        self.sample_mends += bool(sampled.mends)
        if judged.mended:
            self.mends_tried += 1
        passed = judged.passed and (self.players is None or self.players in spec.players.counts())
        if passed:  # the kept game's playtest beside it (with its Variations), for `parlour book` to reuse
            saved = judged.report.as_dict()
            if judged.variations:
                saved["variations"] = list(judged.variations)
            files = _files(self.out, stem, spec, saved) + [
                (self.out / f"{stem}.report.json", json.dumps(saved, indent=1, ensure_ascii=False) + "\n")]
        else:
            draft = judged.draft_report or judged.report
            first = draft.reasons[0].code if draft.reasons else "?"
            self.rejected_by[first] += 1
            files = [(self.rejected / f"{stem}.yaml", dump_yaml(spec)),
                     (self.rejected / f"{stem}.reasons.txt", _reasons(judged))]
        mended = passed and bool(judged.mended)   # (a mend that drops the player count asked for with --players is not kept)
        if passed:   # counted before the run record is written with this game, so that it counts it too
            self.kept.append(files[0][0])
            self.mended += mended
        try:
            _write(files + [_run_file(self, len(self.kept) >= self.count)], self.done)
        except WriteError as exc:
            if passed:
                self.kept.pop()
                self.mended -= mended
            raise InputError(f"{exc}; {len(self.kept)} of {self.count} games kept and "
                             f"{self.done[0] - len(self.kept)} rejected drafts written before it") from None
        if passed:
            self.kept_by_family[spec.family] += 1
        self.last = (f"{stem} kept" + (" after a mend" if mended else "") if passed
                     else f"{stem} rejected ({first})")

    def finished(self) -> str:
        return (f"{len(self.kept)} of {self.count} games kept and written to {self.out}/, "
                f"{self.done[0] - len(self.kept)} rejected drafts to {self.rejected}/, each one whole")

    def summary(self) -> str:
        secs = time.perf_counter() - self.clock
        kept = len(self.kept)
        rejected = self.drafts - kept
        lines = [f"kept {_families(kept, self.family, self.kept_by_family)} in {self.out}/ from {_drafts(self.drafts)} "
                 f"in {secs:.1f} s ({self.games:,} games simulated, playtest tier {self.options.tier})",
                 f"drafts: {self.drafts} = {kept} kept ({kept - self.mended} as drawn, {self.mended} mended) + "
                 f"{rejected} rejected"]
        if rejected:
            lines[-1] += f" (in {self.rejected}/ with their reasons: " + ", ".join(
                f"{c} {k}" for k, c in self.rejected_by.most_common()) + ")"
        if self.mends_tried:
            lines.append(f"mends: {_drafts(self.mends_tried)} only too long {'was' if self.mends_tried == 1 else 'were'} "
                         "mended and judged again; "
                         f"{self.mended} of them passed")
        if self.sample_mends:
            lines.append(f"{_drafts(self.sample_mends)} had the player range narrowed to the counts the deal fits")
        lines.append(_redrawn(self.total_redraws, self.redraws))
        return "\n".join(lines)

    # -- progress: a bar on a terminal, a line per draft elsewhere ---------------------------

    def _progress_start(self) -> None:
        self.news = _News(self.count)
        self.news.start()

    def _progress(self) -> None:
        self.news.update(len(self.kept), self.drafts, self.last)

    def _progress_end(self) -> None:
        self.news.close()


class _News:
    """What a long run says while it runs, on standard error. On a terminal, a bar of games kept
    that a clock thread redraws every second: verdicts are taken in draft order, so one slow draft
    holds back every update, and a bar redrawn only on updates stood still, clock and all, for
    most of a run. Elsewhere (CI, a pipe, a log file) a bar cannot be drawn: one line per draft
    judged instead, so that a run of minutes is never silent."""

    def __init__(self, count: int):
        self.count = count
        self.bar = None
        self._stop = threading.Event()
        self._clock: threading.Thread | None = None

    def start(self) -> None:
        if not sys.stderr.isatty():
            return
        from tqdm import tqdm

        self.bar = tqdm(total=self.count, desc="games kept", unit="game", file=sys.stderr, leave=False)
        self._clock = threading.Thread(target=self._tick, name="parlour-progress", daemon=True)
        self._clock.start()

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            bar = self.bar
            if bar is not None:
                bar.refresh()

    def update(self, kept: int, drafts: int, last: str) -> None:
        if self.bar is not None:
            self.bar.n = kept
            self.bar.set_postfix_str(f"{_drafts(drafts)} judged, {drafts - kept} rejected")
        else:
            click.echo(f"draft {drafts}: {last}; {kept} of {self.count} games kept", err=True)

    def close(self) -> None:
        self._stop.set()
        if self._clock is not None:
            self._clock.join()
            self._clock = None
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _reasons(judged) -> str:  # noqa: ANN001 - a judging.Judged
    """The reasons file of a rejected draft: each reason with the command that replays it, and
    for a draft mended in vain, the mend and the mended game's reasons too."""

    def lines(report, path_hint: str) -> list[str]:  # noqa: ANN001
        return [f"{r.code}: {r.message}, with {r.players} players"
                + (f" (parlour replay {path_hint} {r.replay_args()})" if r.seed is not None else "")
                for r in report.reasons]

    name = f"{_stem(judged.spec.provenance.seed, judged.spec)}.yaml"
    if judged.draft_report is None:
        return "\n".join(lines(judged.report, name)) + "\n"
    out = ["the draft:"] + lines(judged.draft_report, name)
    out.append("mended (the spec here is the mended one):")
    out += [f"  {m.field}: {m.draft} -> {m.mended} ({m.why})" for m in judged.spec.provenance.mends]
    out.append("and judged again:")
    out += lines(judged.report, name)
    return "\n".join(out) + "\n"


def _book(specs: list[Path], target: Path, seed: int) -> None:
    """`--book`: playtest the games just written and make them a book (generate.py's only book code)."""
    from ..publish import runs
    from ..spec import load_spec
    from .book import entries_of, make_book

    entries = entries_of([(p, load_spec(p)) for p in specs])
    make_book(entries, target, title="A Book of Card Games", paper="A5", as_html=target.suffix.lower() == ".html",
              games=100, seed=seed, run_seed=seed, made_by=runs.runs_for(specs))
