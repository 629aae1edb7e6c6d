"""One game as HTML: the page of a rulebook, standalone or as an article of the book.

Templates live in ``templates/publish/`` (Jinja with autoescape on): ``page.html.j2`` (one
game), ``book.html.j2`` (the book), ``game.html.j2`` (the article both use) and
``style.css.j2`` (the one stylesheet, for the screen and for print).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..spec import GameSpec
from . import facts
from .figures import as_summary
from .fonts import CSS_FAMILY, FONT_DIR, FONT_FILES
from .markup import link_sections, markdown_to_html, section_ids, set_suits, slug, split_rulebook

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "publish"
PAPERS = ("A5", "A4")


@functools.cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.filters["suits"] = suits
    env.filters["quickref_value"] = quickref_value
    return env


def suits(text: str) -> Markup:
    """Escape text and set its suit symbols in spans (hearts and diamonds red), each kept on the
    line of its rank or word, as the rules do (``markup.set_suits``)."""
    return Markup(set_suits(str(escape(text))))


#: The quick reference's list of ranks ("ranks high to low A K Q … 3 2"), kept on one line: broken,
#: it left "3 2" alone on a line of the box.
_RANK_LIST = re.compile(r"(ranks high to low )([^,;]+)")


def quickref_value(text: str) -> Markup:
    """A quick-reference value as ``suits`` sets it, its list of ranks kept whole on one line."""
    return Markup(_RANK_LIST.sub(r'\1<span class="ranks">\2</span>', str(suits(text))))


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as v

    try:
        return v("parlour")
    except PackageNotFoundError:  # pragma: no cover - not installed
        return "unknown"


@functools.cache
def stylesheet_text(paper: str = "A5", for_pdf: bool = False) -> str:
    """The stylesheet. For a PDF the fonts are the package's files; for HTML, ``fonts/`` beside the page."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    fonts = []
    for (weight, style), path in FONT_FILES.items():
        url = path.as_uri() if for_pdf else f"fonts/{path.name}"
        fonts.append({"weight": weight, "style": style, "url": url})
    return environment().get_template("style.css.j2").render(
        paper=paper, fonts=fonts, family=CSS_FAMILY, for_pdf=for_pdf)


def font_files(folder: Path) -> list[tuple[Path, bytes]]:
    """The font files (and their licence) an HTML page in ``folder`` needs in ``folder/fonts/``
    and that are not there yet, with their content: to be written with the page, as one set."""
    target = folder / "fonts"
    return [(target / src.name, src.read_bytes()) for src in sorted(FONT_DIR.iterdir())
            if src.suffix in (".otf", ".txt") and not (target / src.name).exists()]


def copy_fonts(folder: Path) -> None:
    """Put the font files (and their licence) in ``folder/fonts/`` for an HTML page; keeps existing copies."""
    from ..output import write_files

    write_files(font_files(folder), overwrite=True)


def spec_hash(spec: GameSpec) -> str:
    data = json.dumps(spec.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:12]


def goal_line(spec: GameSpec) -> int | None:
    """Where the game ends on the score axis: the target, or minus the threshold; else None."""
    cond = spec.ending.condition
    points = getattr(cond, "points", None)
    if points is None:
        return None
    return -points if cond.kind == "threshold" else points if cond.kind == "target" else None


@dataclass
class GameView:
    """What the templates print for one game (strings are escaped by the templates)."""

    id: str
    name: str
    aliases: list[str]
    family: str
    dataline: str
    intro_html: Markup
    body_html: Markup
    quickref: list[tuple[str, str]]
    players: tuple[int, int]
    cards: int
    playtest: dict[str, Any] | None = None
    source: str = ""
    seed: int | None = None
    hash: str = ""
    markdown: str = ""


def game_view(spec: GameSpec, report: Any = None, *, level: int = 1, anchor: str | None = None,
              plot_svg: str | None = None, plots: bool = True, source: str = "", seed: int | None = None,
              scoresheet: bool = True, in_book: bool = False) -> GameView:
    """Everything the game template needs. ``level`` is the heading level of the game's title.

    ``report``: a playtest Report, its ``as_dict()``, or a summary from ``figures.run_playtest``
    (which adds the game-length distribution and a typical game); None omits the section.
    ``plot_svg``: an SVG made earlier (e.g. in a worker process); otherwise it is drawn here.
    ``scoresheet``: False leaves the game's own scoresheet out (a book prints one shared sheet at
    its back instead: a sheet per game made a third of a book's pages, and its typesetting time).
    ``in_book``: the rules refer to *How to use this book* for what every game shares (the first
    dealer, the shuffle and the deal), said there once.
    """
    from ..rulebook import render_markdown
    from ..text.render import without_section

    summary = as_summary(report)
    md = render_markdown(spec, facts.text_summary(summary), in_book=in_book)  # spec text Markdown-escaped by the templates
    intro, body = split_rulebook(md)
    body = without_section(body, "Quick reference")   # the page prints it as a box of its own
    if not scoresheet:
        body = without_section(body, "Scoresheet")
    anchor = anchor or f"game-{slug(spec.naming.name)}"
    # the sections get ids under the game's anchor, and "(see *Play*)" links to its heading
    body_html, targets = section_ids(markdown_to_html(body, shift=level - 1), anchor)
    view = GameView(
        id=anchor,
        name=spec.naming.name,
        # a new game's other names are offered in its introduction, not shown as names it is known by
        aliases=[] if spec.provenance is not None and spec.provenance.origin in ("generated", "evolved")
        else list(spec.naming.aliases),
        family=spec.family,
        dataline=facts.data_line(spec),
        intro_html=Markup(link_sections(markdown_to_html(intro, shift=level - 1), targets)),
        body_html=Markup(link_sections(body_html, targets)),
        quickref=facts.quick_reference(spec, summary),
        players=(spec.players.min, spec.players.max),
        cards=spec.deck.size(),
        source=source,
        seed=seed,
        hash=spec_hash(spec),
        markdown=md,
    )
    if summary:
        verdict, reasons, warnings = facts.verdict_text(summary)
        if plot_svg is None and plots:
            from .plots import playtest_svg

            plot_svg = playtest_svg(summary, goal=goal_line(spec))
        from .plots import caption, data_uri

        played = sorted({c.get("games", 0) for c in summary.get("counts", [])})
        view.playtest = {
            "verdict": verdict,
            "reasons": reasons,
            "warnings": warnings,
            "rows": facts.playtest_rows(summary),
            "games": (f"{played[0]}" if len(played) == 1 else f"{played[0]} to {played[-1]}") if played else "no",
            "seed": summary.get("seed"),
            "bot": summary.get("bot", "random"),
            "plot": data_uri(plot_svg) if plot_svg else None,
            "caption": caption(summary, goal_line(spec)),
            "typical": summary.get("typical") if (summary.get("typical") or {}).get("totals") else None,
            "lengths": any(e.get("hands") for e in summary.get("lengths", [])),
        }
    return view


def game_page(spec: GameSpec, report: Any = None, paper: str = "A5", for_pdf: bool = False,
              plot_svg: str | None = None) -> str:
    """A standalone HTML page of one game's rules (CSS inline; fonts expected in ``fonts/`` beside it).

    With ``for_pdf`` the CSS is left out: ``pdf.pdf_bytes`` adds the shared stylesheet.
    ``plot_svg``: the playtest's plot drawn earlier (as for ``game_view``); otherwise drawn here.
    """
    view = game_view(spec, report, level=1, plot_svg=plot_svg)
    css = None if for_pdf else Markup(stylesheet_text(paper))
    return environment().get_template("page.html.j2").render(
        g=view, css=css, version=version(), paper=paper, credit=facts.credit_text(spec, view.playtest is not None))


def render_html(spec: GameSpec, report: Any = None, paper: str = "A5", plot_svg: str | None = None) -> str:
    """The rulebook of one game as a standalone HTML page."""
    return game_page(spec, report, paper=paper, plot_svg=plot_svg)


def render_pdf(spec: GameSpec, report: Any = None, paper: str = "A5") -> bytes:
    """The rulebook of one game as PDF bytes."""
    from .pdf import pdf_bytes

    return pdf_bytes(game_page(spec, report, paper=paper, for_pdf=True), paper)
