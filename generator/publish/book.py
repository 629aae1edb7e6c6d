"""A book of games: cover, contents with page numbers, the games by family, an index by number of
players, a glossary and a colophon, as one HTML document that WeasyPrint sets as one PDF.

``prepare`` playtests the games (Tier 1, in worker processes) and draws their plots; games the
playtest rejects stay out of the book's body and are counted on the cover by reason code.
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

from ..spec import GameSpec
from . import facts
from .glossary import glossary
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

FAMILY_INTROS = {
    "trick-taking": "In a trick-taking game each player in turn plays one card to a trick, and the best card "
                    "wins it. What counts as best, which cards a player must play, and what the tricks are worth "
                    "differ from game to game.",
    "climbing": "In a climbing game each player must beat the cards played before, or pass; the first to run "
                "out of cards does best.",
    "melding": "In a melding game players draw and discard to collect sets and runs of cards, and lay them "
               "on the table to score.",
    "matching": "In a matching game each player in turn plays a card that matches the suit or rank of the "
                "top card of the discard pile, or draws; special cards change the turn, and the first to run out "
                "of cards does best.",
}

NUMBER_WORDS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")


@dataclass
class Entry:
    """One game of a book."""

    spec: GameSpec
    source: str = ""
    seed: int | None = None          # the generator's seed, when known
    summary: dict[str, Any] | None = None
    svg: str | None = None

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


def _playtest_one(args: tuple[int, GameSpec, int, int, str, str]) -> tuple[int, dict[str, Any], str | None]:
    index, spec, games, seed, bot, plots = args
    from .figures import run_playtest

    _, summary = run_playtest(spec, games=games, seed=seed, bot=bot)
    svg = None
    if plots == "all" or (plots == "passed" and summary.get("verdict", "pass") == "pass"):
        from .plots import playtest_svg

        svg = playtest_svg(summary, goal=goal_line(spec))
    return index, summary, svg


def prepare(entries: Sequence[Entry], games: int = 100, seed: int = 0, bot: str = "random", jobs: int | None = None,
            plots: str = "passed", progress: Callable[[int, int], None] | None = None) -> list[Entry]:
    """Playtest every entry in ``jobs`` processes, and draw the plots: ``plots`` is "passed" (of the games
    that pass, the ones a book prints), "all" or "none"."""
    jobs = max(1, jobs if jobs is not None else min(2, os.cpu_count() or 1))
    work = [(i, e.spec, games, seed, bot, plots) for i, e in enumerate(entries)]
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


def _plot_one(args: tuple[int, dict[str, Any] | None, int | None]) -> tuple[int, str | None, float]:
    from .plots import playtest_svg

    index, summary, goal = args
    start = time.process_time()
    svg = playtest_svg(summary, goal=goal)
    return index, svg, time.process_time() - start


def draw_plots(entries: Sequence[Entry], jobs: int | None = None) -> float:
    """Draw the plots of entries that have a summary but no plot yet, in ``jobs`` processes;
    returns the CPU seconds the drawing took (in all processes)."""
    work = [(i, e.summary, goal_line(e.spec)) for i, e in enumerate(entries) if e.summary and e.svg is None]
    jobs = max(1, jobs if jobs is not None else min(2, os.cpu_count() or 1))
    if jobs == 1 or len(work) <= 1:
        results = [_plot_one(w) for w in work]
    else:
        from ..workers import process_pool

        with process_pool(jobs) as pool:
            results = list(pool.map(_plot_one, work, chunksize=max(1, len(work) // (4 * jobs))))
    for index, svg, _ in results:
        entries[index].svg = svg
    return sum(cpu for _, _, cpu in results)


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
    bot: str = "random"
    generated: int | None = None            # how many games were generated (default: all entries)
    date: _dt.date = field(default_factory=book_date)


def _sort_key(name: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


def book_html(entries: Sequence[Entry], info: BookInfo, paper: str = "A5", for_pdf: bool = True,
              include_rejected: bool = False) -> str:
    """The whole book as one HTML document (for WeasyPrint, or standalone with ``for_pdf=False``)."""
    printed = [e for e in entries if include_rejected or not e.rejected]
    rejected = [e for e in entries if e.rejected]
    by_reason: Counter[str] = Counter()
    for e in rejected:
        by_reason.update(e.codes)

    views = []
    used_ids: set[str] = set()
    texts: list[str] = []
    for e in printed:
        anchor = base = f"g-{slug(e.spec.naming.name)}"
        k = 2
        while anchor in used_ids:
            anchor = f"{base}-{k}"
            k += 1
        used_ids.add(anchor)
        view = game_view(e.spec, e.summary, level=2, anchor=anchor, plot_svg=e.svg, plots=e.svg is None,
                         source=e.source, seed=e.seed)
        views.append(view)
        texts.append(view.markdown)

    families: dict[str, list[Any]] = {}
    for v in sorted(views, key=lambda v: (_sort_key(v.name), v.id)):
        families.setdefault(v.family, []).append(v)
    family_list = [
        {"id": f"family-{slug(f)}", "name": facts.family_name(f), "intro": FAMILY_INTROS.get(f, ""), "games": gs}
        for f, gs in sorted(families.items())
    ]
    index = []
    for n in range(2, 9):
        games = [v for v in views if v.players[0] <= n <= v.players[1]]
        if games:
            index.append({"players": n, "word": NUMBER_WORDS[n],
                          "games": sorted(games, key=lambda v: (_sort_key(v.name), v.id))})
    kitty_names = [e.spec.deal.kitty.name for e in printed if getattr(e.spec.deal, "kitty", None)]
    terms = glossary(texts, kitty_names)

    seeds = sorted(e.seed for e in entries if e.seed is not None)
    generated = info.generated if info.generated is not None else len(entries)
    reasons = [{"code": c, "count": n, "words": REASON_WORDS.get(c, c.replace("_", " ").lower())}
               for c, n in sorted(by_reason.items(), key=lambda cn: (-cn[1], cn[0]))]
    tool_versions = _tool_versions()
    css = None if for_pdf else Markup(stylesheet_text(paper))
    return environment().get_template("book.html.j2").render(
        info=info, date=info.date.strftime("%-d %B %Y"), families=family_list, index=index, terms=terms,
        printed=len(printed), generated=generated, rejected=rejected, reasons=reasons,
        include_rejected=include_rejected, seeds=seeds, seed_range=_ranges(seeds),
        entries=printed, views=views, version=version(), tools=tool_versions, css=css, paper=paper,
        credit=facts.book_credit([e.spec for e in printed], bool(info.playtest_games)))


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
    for name in ("weasyprint", "matplotlib", "markdown", "jinja2"):
        try:
            out[name] = v(name)
        except PackageNotFoundError:  # pragma: no cover
            out[name] = "?"
    return out


def write_book(path: Path, html: str, paper: str = "A5", as_html: bool = False) -> float:
    """Write the book (PDF, or HTML with its fonts beside it, as one set) atomically; returns the
    seconds it took. Raises ``generator.output.WriteError`` when it cannot write."""
    from ..output import write_files
    from .pdf import pdf_bytes

    start = time.perf_counter()
    if as_html:
        write_files([*font_files(path.parent), (path, html.encode("utf-8"))], overwrite=True)
    else:
        write_files([(path, pdf_bytes(html, paper))], overwrite=True)
    return time.perf_counter() - start
