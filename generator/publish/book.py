"""A book of games: cover, contents with page numbers, the games by family, indexes (players,
family, pack, length, feature), a glossary, an appendix for the curious and a colophon, as one
HTML document that WeasyPrint sets as one PDF.

``prepare`` playtests the games (Tier 1, in worker processes) — or takes the report saved beside a
game and replays only its typical game — and draws their plots; games the playtest rejects stay
out of the book's body and are counted on the cover apart from the drafts the generator rejected,
which the cover takes from the run records (``runs``): a cover says only what some record shows.
Reason codes, seeds and hashes are for the curious, in an appendix, not in the reader's text.
``book_html`` builds the document; ``write_book`` writes it as PDF or HTML.
"""

from __future__ import annotations

import datetime as _dt
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..families import FAMILIES, family_named
from ..spec import GameSpec
from . import facts
from . import runs as run_records
from .glossary import glossary
from .indexes import indexes
from .html import (
    font_files,
    environment,
    game_view,
    goal_line,
    slug,
    stylesheet_text,
    version,
)

#: What each rejection code means, for the cover.
REASON_WORDS = {
    "TOO_LONG": "a game would take too long at the table",
    "TOO_SHORT": "players make too few real decisions",
    "NO_AGENCY": "too few moves offer a real choice",
    "DRAWISH": "first place is shared too often",
    "NON_TERMINATING": "games never end",
    "INCOMPLETE": "too few games reach a natural end",
    "ENGINE_ERROR": "the simulator failed while playing it",
    "SEAT_BIAS": "one seat wins far more often than the others",
    "LOOPING": "play comes back to the same position",
    "DOMINANT_STRATEGY": "one simple way of playing beats every other",
    "EARLY_DECIDED": "the winner is settled long before the end",
    "INERT_RULE": "a rule changes nothing",
    "LUCK_ONLY": "skill makes no difference",
    "NO_TENSION": "the lead hardly ever changes",
}




@dataclass
class Entry:
    """One game of a book."""

    spec: GameSpec
    source: str = ""
    seed: int | None = None          # the generator's seed, when known
    summary: dict[str, Any] | None = None
    svg: str | None = None
    report: dict[str, Any] | None = None   # a playtest report saved with the game, used instead of a playtest

    @property
    def rejected(self) -> bool:
        return bool(self.summary) and self.summary.get("verdict", "pass") != "pass"

    @property
    def codes(self) -> list[str]:
        seen: list[str] = []
        for r in (self.summary or {}).get("reasons", []):
            if r.get("code") not in seen:
                seen.append(r.get("code"))
        return seen


def _playtest_one(args: tuple[int, GameSpec, int, int, str, str, dict[str, Any] | None]
                  ) -> tuple[int, dict[str, Any], str | None]:
    index, spec, games, seed, bot, plots, report = args
    from .figures import from_report, run_playtest

    if report is not None:
        summary = from_report(spec, report, typical=plots != "none")
    else:
        _, summary = run_playtest(spec, games=games, seed=seed, bot=bot)
    svg = None
    if plots == "all" or (plots == "passed" and summary.get("verdict", "pass") == "pass"):
        from .plots import playtest_svg

        svg = playtest_svg(summary, goal=goal_line(spec))
    return index, summary, svg


def prepare(entries: Sequence[Entry], games: int = 100, seed: int = 0, bot: str = "greedy", jobs: int | None = None,
            plots: str = "passed", progress: Callable[[int, int], None] | None = None) -> list[Entry]:
    """Playtest every entry in ``jobs`` processes (an entry with a saved ``report`` is not played
    again: only its typical game is replayed), and draw the plots: ``plots`` is "passed" (of the games
    that pass, the ones a book prints), "all" or "none"."""
    jobs = max(1, jobs if jobs is not None else min(2, os.cpu_count() or 1))
    work = [(i, e.spec, games, seed, bot, plots, e.report) for i, e in enumerate(entries)]
    done = 0
    if jobs == 1 or len(work) <= 1:
        results = []
        for item in work:
            results.append(_playtest_one(item))
            done += 1
            if progress:
                progress(done, len(work))
    else:
        from concurrent.futures import as_completed

        from ..workers import process_pool

        results = []
        with process_pool(jobs) as pool:  # interrupted, the playtests still running are ended
            futures = [pool.submit(_playtest_one, item) for item in work]
            for fut in as_completed(futures):
                results.append(fut.result())
                done += 1
                if progress:
                    progress(done, len(work))
    for index, summary, svg in results:
        entries[index].summary = summary
        entries[index].svg = svg
    return list(entries)


def draw_plots(entries: Sequence[Entry]) -> float:
    """Draw the plots of entries that have a summary but no plot yet, here: a figure costs about a
    millisecond, less than sending it to another process. Returns the CPU seconds it took."""
    from .plots import playtest_svg

    start = time.process_time()
    for e in entries:
        if e.summary and e.svg is None:
            e.svg = playtest_svg(e.summary, goal=goal_line(e.spec))
    return time.process_time() - start


def book_date() -> _dt.date:
    """Today, or the date of SOURCE_DATE_EPOCH (for reproducible builds)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return _dt.datetime.fromtimestamp(int(epoch), tz=_dt.UTC).date()
    return _dt.date.today()


@dataclass
class BookInfo:
    title: str = "A Book of Card Games"
    seed: int | None = None                 # the generator run's seed, when the book comes from one
    playtest_seed: int | None = 0
    playtest_games: int | None = 100
    bot: str = "greedy"
    generated: int | None = None            # how many games were generated (default: all entries)
    date: _dt.date = field(default_factory=book_date)
    runs: list[run_records.Run] = field(default_factory=list)   # the generator's records of the runs that made the games


def _sort_key(name: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


def _game_view(args: tuple[GameSpec, dict[str, Any] | None, str, str | None, str, int | None]) -> Any:
    spec, summary, anchor, svg, source, seed = args
    return game_view(spec, summary, level=2, anchor=anchor, plot_svg=svg, plots=svg is None,
                     source=source, seed=seed, scoresheet=False, in_book=True)


def _game_views(work: list[tuple[Any, ...]], jobs: int | None) -> list[Any]:
    """Each game's view (its rules as HTML), in ``jobs`` processes when there are many games."""
    jobs = max(1, jobs if jobs is not None else min(2, os.cpu_count() or 1))
    if jobs == 1 or len(work) < 8:
        return [_game_view(w) for w in work]
    from ..workers import process_pool

    with process_pool(jobs) as pool:
        return list(pool.map(_game_view, work, chunksize=max(1, len(work) // (4 * jobs))))


def distinct_names(entries: Sequence[Entry]) -> tuple[list[Entry], dict[int, str]]:
    """The entries with every game's name its own: a game named like an earlier one (two runs of
    different families or seeds can draw one village) is printed under another name
    (``names.another_name``), so that a reader can look a game up by name. Returns the entries (a
    renamed one a copy) and, by position, the names they were renamed from, for the appendix."""
    from dataclasses import replace

    from ..names import another_name

    taken: set[str] = set()
    out: list[Entry] = []
    renamed: dict[int, str] = {}
    for i, e in enumerate(entries):
        naming = e.spec.naming
        if naming.name.casefold() in taken:
            new = another_name(naming.name, taken, naming.aliases)
            renamed[i] = naming.name
            spec = e.spec.model_copy(update={"naming": naming.model_copy(update={
                "name": new, "aliases": [a for a in naming.aliases if a != new]})})
            e = replace(e, spec=spec)
        taken.add(e.spec.naming.name.casefold())
        out.append(e)
    return out, renamed


def book_html(entries: Sequence[Entry], info: BookInfo, paper: str = "A5", for_pdf: bool = True,
              include_rejected: bool = False, jobs: int | None = 1) -> str:
    """The whole book as one HTML document (for WeasyPrint, or standalone with ``for_pdf=False``);
    the games' rules are written in ``jobs`` processes."""
    printed = [e for e in entries if include_rejected or not e.rejected]
    rejected = [e for e in entries if e.rejected]
    by_reason: Counter[str] = Counter()
    for e in rejected:
        by_reason.update(e.codes)

    printed, renamed = distinct_names(printed)
    used_ids: set[str] = set()
    work = []
    for e in printed:
        anchor = base = f"g-{slug(e.spec.naming.name)}"
        k = 2
        while anchor in used_ids:
            anchor = f"{base}-{k}"
            k += 1
        used_ids.add(anchor)
        work.append((e.spec, e.summary, anchor, e.svg, e.source, e.seed))
    views = _game_views(work, jobs)
    texts = [v.markdown for v in views]

    families: dict[str, list[Any]] = {}
    for v in sorted(views, key=lambda v: (_sort_key(v.name), v.id)):
        families.setdefault(v.family, []).append(v)
    family_list = [
        {"id": f"family-{slug(f)}", "name": facts.family_name(f), "intro": family_named(f).book_intro if f in FAMILIES else "", "games": gs}
        for f, gs in sorted(families.items())
    ]
    index_list = indexes(views, [e.spec for e in printed], [e.summary for e in printed])
    kitty_names = [e.spec.deal.kitty.name for e in printed if getattr(e.spec.deal, "kitty", None)]
    terms = glossary(texts, kitty_names)

    seeds = sorted(e.seed for e in entries if e.seed is not None)
    generated = info.generated if info.generated is not None else len(entries)
    reasons = [{"code": c, "count": n, "words": reason_words(c)}
               for c, n in sorted(by_reason.items(), key=lambda cn: (-cn[1], cn[0]))]
    tool_versions = _tool_versions()
    css = None if for_pdf else Markup(stylesheet_text(paper))
    return environment().get_template("book.html.j2").render(
        info=info, date=info.date.strftime("%-d %B %Y"), families=family_list, indexes=index_list, terms=terms,
        printed=len(printed), generated=generated, rejected=rejected, reasons=reasons,
        include_rejected=include_rejected, seeds=seeds, seed_range=_ranges(seeds),
        account=cover_account(entries, info, include_rejected), how_terms=_how_terms(terms), curious=curious(printed, views, rejected, renamed),
        entries=printed, views=views, version=version(), tools=tool_versions, css=css, paper=paper,
        sheet=shared_scoresheet(printed), sided=facts.any_sides([e.spec for e in printed]),
        credit=facts.book_credit([e.spec for e in printed], bool(info.playtest_games)))


#: The hand rows of the book's one scoresheet: as many as a game's own sheet has at most.
SHEET_ROWS = 12


def shared_scoresheet(printed: Sequence[Entry]) -> dict[str, int]:
    """The one scoresheet at the back of a book, for every game in it: a column for each player of
    the game that seats the most, a row for each hand. A sheet per game, as a single rulebook
    prints, made a third of a book's pages and of the time it takes to set."""
    most = max((e.spec.players.max for e in printed), default=4)
    return {"columns": most, "rows": SHEET_ROWS}


#: Terms "How to use this book" names as examples of the glossary, when the glossary has them.
HOW_TERMS = ("trick", "trump", "lead", "follow suit", "meld", "lay off", "stock", "kitty", "bid")


def _how_terms(terms: Sequence[tuple[str, str]]) -> list[str]:
    """A few of the glossary's own terms (the front matter names none the glossary lacks)."""
    have = {t for t, _ in terms}
    return [t for t in HOW_TERMS if t in have][:5]


def reason_words(code: str) -> str:
    return REASON_WORDS.get(code, code.replace("_", " ").lower())


def _counted(pairs: Sequence[tuple[str, int]]) -> str:
    """[("TOO_LONG", 3), ("LOOPING", 1)] → "3 because a game would take too long at the table and 1
    because play comes back to the same position"."""
    parts = [f"{n} because {reason_words(code)}" for code, n in pairs]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _seeds_words(seeds: Sequence[int]) -> str:
    if len(seeds) == 1:
        return f"seed {seeds[0]}"
    return "seeds " + ", ".join(map(str, seeds[:-1])) + f" and {seeds[-1]}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def cover_account(entries: Sequence[Entry], info: BookInfo, include_rejected: bool = False) -> dict[str, Any]:
    """The cover's sentences on where the games come from and what was rejected, from the run
    records (the generator's rejections) and the book's own playtest (its rejections), apart.
    Without run records it says only how many games the book was given."""
    runs = info.runs
    from_runs = {(r.path.parent, g) for r in runs for g in r.in_book}
    made = [r for r in runs if r.playtest]
    unjudged = [r for r in runs if not r.playtest]
    lines: list[str] = []
    if made:
        t = run_records.totals(made)
        kept_here = sum(len(r.in_book) for r in made)
        text = (f"The generator drew {_plural(t['drafts'], 'draft')} and playtested "
                f"{'it' if t['drafts'] == 1 else 'each'} "
                f"({'one run' if len(made) == 1 else f'{len(made)} runs'}, {_seeds_words(t['seeds'])}): "
                f"it kept {t['kept']}")
        if t["mended"]:
            text += f" ({t['mended']} of them after a change that made them shorter)"
        text += (f" and rejected {t['rejected']}: {_counted(t['rejected_by'])}." if t["rejected"]
                 else " and rejected none.")
        if kept_here != t["kept"]:
            text += f" This book prints {kept_here} of the {t['kept']} games kept."
        lines.append(text)
    if unjudged:
        n = sum(len(r.in_book) for r in unjudged)
        lines.append(f"{_plural(n, 'game was', 'games were')} drawn by the generator without a playtest "
                     f"({_seeds_words([r.seed for r in unjudged])}).")
    others = [e for e in entries if not any(e.source == g for _, g in from_runs)]
    if others:
        seeds = sorted(e.seed for e in others if e.seed is not None)
        what = "were given to the book" if not runs else "come from elsewhere"
        one = len(others) == 1
        what = ("was given to the book" if one else "were given to the book") if not runs else \
            ("comes from elsewhere" if one else "come from elsewhere")
        lines.append(f"{_plural(len(others), 'game')} {what}"
                     + (f" (generator {'seed' if one else 'seeds'} {_ranges(seeds)})"
                        if seeds and len(seeds) == len(others) else "")
                     + (", with no record of the drafts behind them." if runs else "."))
    rejected = [e for e in entries if e.rejected]
    by_reason: Counter[str] = Counter()
    for e in rejected:
        by_reason.update(e.codes[:1])
    reused = sum(1 for e in entries if e.summary and e.summary.get("reused"))
    played = len([e for e in entries if e.summary]) - reused
    if info.playtest_games or reused:
        how = []
        if played:
            how.append(f"played {_plural(played, 'game')} {info.playtest_games} times at every player count "
                       f"with {info.bot} players")
        if reused:
            how.append(f"used the playtest report saved with {_plural(reused, 'game')}")
        text = "For this book Parlour " + " and ".join(how)
        if rejected:
            pairs = sorted(by_reason.items(), key=lambda kv: (-kv[1], kv[0]))
            text += (f"; it rejected {len(rejected)} and "
                     + ("printed them all the same" if include_rejected else "left them out")
                     + f": {_counted(pairs)}.")
        else:
            text += "; it rejected none."
        lines.append(text)
    else:
        lines.append("The games were not playtested for this book.")
    return {"lines": lines}


#: The rulebook sections a reconstructed rule may be in, as the appendix names them.
_SECTION_WORDS = {"deck": "The cards", "setup": "Setup", "play": "Play", "scoring": "Scoring", "ending": "End of the game"}


def curious(printed: Sequence[Entry], views: Sequence[Any], rejected: Sequence[Entry],
            renamed: dict[int, str] | None = None) -> dict[str, Any]:
    """The appendix for the curious: per game, its source, seed, hash, playtest seed, typical game
    and warnings with their codes and replay commands, and the rules its edition supplies where the
    source is silent (``provenance.reconstructed``); the games the book rejected, with codes."""
    games = []
    for i, (e, v) in enumerate(zip(printed, views)):
        s = e.summary or {}
        typical = s.get("typical") if (s.get("typical") or {}).get("totals") else None
        notes = [f"{w.get('code')}: {w.get('message', '')} with {w.get('players')} players"
                 + (f" (replay seed {w['seed']})" if w.get("seed") is not None else "")
                 for w in s.get("warnings", [])]
        if renamed and i in renamed:
            notes.insert(0, f"Called {renamed[i]} in its spec file; renamed here, as an earlier game of this book has that name")
        prov = e.spec.provenance
        supplied = [f"{_SECTION_WORDS[r.section]}: this edition supplies {r.what} ({r.why})"
                    for r in (prov.reconstructed if prov is not None else [])]
        games.append({"id": v.id, "name": v.name, "source": e.source, "seed": e.seed, "hash": v.hash,
                      "playtest_seed": s.get("seed") if s else None, "reused": bool(s.get("reused")),
                      "typical": typical, "notes": notes, "supplied": supplied})
    out_rejected = [{"name": e.spec.naming.name, "source": e.source,
                     "reasons": [f"{r.get('code')}: {r.get('message', '')} with {r.get('players')} players"
                                 for r in (e.summary or {}).get("reasons", [])]} for e in rejected]
    return {"games": games, "rejected": out_rejected}


def _ranges(values: list[int]) -> str:
    """[1, 2, 3, 7] → "1–3, 7"."""
    out: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        out.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    return ", ".join(out)


def _tool_versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as v

    out = {}
    for name in ("weasyprint", "markdown", "jinja2"):
        try:
            out[name] = v(name)
        except PackageNotFoundError:  # pragma: no cover
            out[name] = "?"
    return out


def write_book(path: Path, html: str, paper: str = "A5", as_html: bool = False, jobs: int | None = None) -> float:
    """Write the book (PDF, or HTML with its fonts beside it, as one set) atomically; returns the
    seconds it took. Raises ``generator.output.WriteError`` when it cannot write. A PDF is set in
    ``jobs`` processes (default: up to two), its games cut into runs (``parts``)."""
    from ..output import write_files
    from . import parts
    from .pdf import pdf_bytes

    start = time.perf_counter()
    jobs = max(1, jobs if jobs is not None else min(2, os.cpu_count() or 1))
    if as_html:
        write_files([*font_files(path.parent), (path, html.encode("utf-8"))], overwrite=True)
    elif jobs > 1 and parts.can_split(html):
        write_files([(path, parts.pdf_bytes(html, paper, jobs))], overwrite=True)
    else:
        write_files([(path, pdf_bytes(html, paper))], overwrite=True)
    return time.perf_counter() - start
