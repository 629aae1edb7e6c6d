"""A book's PDF set in parts, on every core: the games in worker processes, the front and back
matter here, the parts joined into one PDF with true page numbers, links and bookmarks.

WeasyPrint lays a document out in one process, and a hundred games take a minute. The games
do not depend on each other's pages, so the book is cut between games (``book.html.j2`` marks
where) into the front matter, ``jobs`` runs of games and the back matter, each set as a document
of its own. What joins them:

* Folios: a part does not know on which page it begins until the parts before it are laid out.
  Its folios are only made after its whole layout, so each part waits there (``_offset_folios``)
  for the number of pages before it, which the parts before it report as soon as their own layout
  is done; the part runs on while the next is still being laid out.
* Page numbers in the text (contents, indexes): written as numbers (``data-page``) once the
  games' pages are known; the front matter is laid out a first time with wide placeholders to
  know its length (its numbers do not change its length: a leader fills each line).
* Links, named destinations and bookmarks: each part reports its anchors and bookmarks by page;
  the joined PDF gets one table of destinations and one outline, made as WeasyPrint makes them.

Same input, same bytes: the cuts depend on the text only, and the joining adds no date or id.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any, Callable, Iterator

from .pdf import fixed_font_dates

#: Where ``book.html.j2`` marks the book's parts and the start of each game.
FRONT, BODY, BACK, END, GAME = "<!--part:front-->", "<!--part:body-->", "<!--part:back-->", "<!--part:end-->", "<!--game-->"

#: A family's section, reopened at the start of a run of games that begins inside it.
_FAMILY_OPEN = re.compile(r'<section class="family"[^>]*>')

#: Placeholder page number for the first layout of the front matter: wider than any true one.
_WIDE = "888"


def can_split(html: str) -> bool:
    return all(m in html for m in (FRONT, BODY, BACK, END)) and len(cut(html, 2)[2]) >= 2


def cut(html: str, runs: int) -> tuple[str, str, list[str], str, str]:
    """(head, front, [runs of games], back, tail): the book's HTML cut at its marks, the runs of
    games about equal in length (the plots' data are most of it, and each costs about alike)."""
    head, rest = html.split(FRONT, 1)
    front, rest = rest.split(BODY, 1)
    body, rest = rest.split(BACK, 1)
    back, tail = rest.split(END, 1)
    families = [m.start() for m in _FAMILY_OPEN.finditer(body)]
    games = [m.start() for m in re.finditer(re.escape(GAME), body)]
    # a cut falls before a family's section, or before a game that is not its family's first (that
    # one shares a page with the family's introduction)
    inside = [g for g in games if not any(f < g and not any(f < h < g for h in games) for f in families)]
    marks = sorted([*families[1:], *inside])
    cuts: list[int] = []
    for k in range(1, runs):
        if not marks:
            break
        want = len(body) * k / runs
        best = min(marks, key=lambda p: abs(p - want))
        if best not in cuts:
            cuts.append(best)
    cuts.sort()
    pieces = []
    bounds = [0, *cuts, len(body)]
    for a, b in zip(bounds, bounds[1:]):
        text = body[a:b]
        if a and a not in families:   # begins inside a family: reopen its section (its title and id stay before)
            text = '<section class="family cont">' + text
        if b != len(body) and b not in families:
            text += "</section>"
        pieces.append(text)
    return head, front, pieces, back, tail


def numbered(html: str, pages: dict[str, int] | None) -> str:
    """The links of the contents and the indexes with the page of their target as ``data-page``
    (the stylesheet prints it instead of looking it up); ``None`` puts a wide placeholder."""
    def one(m: re.Match[str]) -> str:
        target = m.group(1)
        page = _WIDE if pages is None else pages.get(target)
        return m.group(0) if page is None else f'{m.group(0)} data-page="{page}"'
    return re.sub(r'<a href="#([^"]+)"', one, html)


@contextmanager
def _offset_folios(before: Callable[[int], int]) -> Iterator[None]:
    """While a document is laid out: once its pages are made, ``before(its page count)`` gives the
    number of pages that come before it in the book, and its folios count from there."""
    import weasyprint.layout as layout

    made = layout.make_margin_boxes
    offset: list[int] = []

    def margin_boxes(context: Any, page: Any, state: Any) -> Any:
        if not offset:
            offset.append(before(state[1]["pages"][0]))
        counters = dict(state[1])
        counters["page"] = [n + offset[0] for n in counters.get("page", [0])]
        return made(context, page, (state[0], counters, *state[2:]))

    layout.make_margin_boxes = margin_boxes
    try:
        yield
    finally:
        layout.make_margin_boxes = made


def _set(html: str, paper: str, before: Callable[[int], int] | None = None,
         foreign: bool = False) -> tuple[Any, dict[str, Any]]:
    """Lay out and paint one part: its PDF bytes and what joining needs (pages' heights,
    anchors and bookmarks). ``foreign``: keep links to anchors in other parts (WeasyPrint drops a
    link whose anchor it does not see: the part gets stand-ins, replaced when the parts are joined)."""
    from .pdf import _weasy, font_config, stylesheet

    weasyprint = _weasy()
    doc = weasyprint.HTML(string=html, base_url="./")
    if before is None:
        rendered = doc.render(stylesheets=[stylesheet(paper)], font_config=font_config())
    else:
        with _offset_folios(before):
            rendered = doc.render(stylesheets=[stylesheet(paper)], font_config=font_config())
    info = {"heights": [p.height for p in rendered.pages],
            "anchors": [{k: (v[0], v[1]) for k, v in p.anchors.items()} for p in rendered.pages],
            "bookmarks": [list(p.bookmarks) for p in rendered.pages]}
    if foreign and rendered.pages:
        have = {k for p in rendered.pages for k in p.anchors}
        for p in rendered.pages:
            for link_type, target, _, _ in p.links:
                if link_type == "internal" and target not in have:
                    rendered.pages[0].anchors[target] = (0, 0, 0, 0)
                    have.add(target)
    return rendered, info


def _first_pages(info: dict[str, Any], before: int) -> dict[str, int]:
    """Each anchor of a part and the page it begins on (an element split over pages has its anchor
    on each of them; a link goes to the first, as WeasyPrint's own do)."""
    out: dict[str, int] = {}
    for k, anchors in enumerate(info["anchors"]):
        for name in anchors:
            out.setdefault(name, before + k + 1)
    return out


def _pdf(rendered: Any) -> bytes:
    with fixed_font_dates():
        return rendered.write_pdf(pdf_identifier=b"parlour", uncompressed_pdf=False)


def _run_of_games(args: tuple[int, str, str, Any, Any]) -> tuple[int, bytes, dict[str, Any]]:
    """A worker: set one run of games; its folios wait for the pages before it (``ask``/``tell``),
    and its anchors are told as soon as it is laid out, so the back matter is set while it paints."""
    index, html, paper, ask, tell = args

    def before(count: int) -> int:
        tell.put(("count", index, count))
        return ask.get()

    rendered, info = _set(html, paper, before)
    tell.put(("laid", index, info))
    return index, _pdf(rendered), info


def _heard(tell: Any, futures: list[Any]) -> tuple[str, int, Any]:
    """The next message of a worker; a worker's error as soon as it fails."""
    import queue as _queue

    while True:
        try:
            return tell.get(timeout=0.5)
        except _queue.Empty:
            for f in futures:
                if f.done() and f.exception():
                    raise f.exception()  # type: ignore[misc]


def pdf_bytes(html: str, paper: str, jobs: int) -> bytes:
    """The book's PDF, its runs of games set in ``jobs`` processes."""
    import multiprocessing

    from ..workers import process_pool

    head, front, runs, back, tail = cut(html, jobs)
    doc = lambda body: head + body + tail  # noqa: E731

    manager = multiprocessing.Manager()
    try:
        tell = manager.Queue()
        asks = [manager.Queue() for _ in runs]
        with process_pool(min(jobs, len(runs))) as pool:
            futures = [pool.submit(_run_of_games, (i, doc(r), paper, asks[i], tell)) for i, r in enumerate(runs)]
            # the front matter's length (its page numbers are placeholders as wide as any true one)
            _, first = _set(doc(numbered(front, None)), paper)
            front_pages = len(first["heights"])
            counts: dict[int, int] = {}
            laid: dict[int, dict[str, Any]] = {}
            told = 0
            while told < len(runs) or len(laid) < len(runs):
                what, i, value = _heard(tell, futures)
                if what == "count":
                    counts[i] = value
                else:
                    laid[i] = value
                while told < len(runs) and told in counts:
                    asks[told].put(front_pages + sum(counts[k] for k in range(told)))
                    told += 1
            start = front_pages
            pages: dict[str, int] = {}
            for i in range(len(runs)):
                pages = {**_first_pages(laid[i], start), **pages}
                start += len(laid[i]["heights"])
            # the back matter, while the runs paint: the games' pages are known, its own come after them
            body_end = start
            back_rendered, back_info = _set(doc(numbered(back, pages)), paper, before=lambda n: body_end,
                                            foreign=True)
            pages = {**_first_pages(back_info, body_end), **pages}
            # the front matter, with every number now known; its own anchors' pages from the layout
            # before, until a layout puts them where it says (the placeholders can move a line)
            info = first
            for _ in range(3):
                own = _first_pages(info, 0)
                front_rendered, info = _set(doc(numbered(front, {**pages, **own})), paper, foreign=True)
                if _first_pages(info, 0) == own:
                    break
            else:  # pragma: no cover - never seen: the contents would not settle
                raise RuntimeError("the front matter's page numbers do not settle")
            front_info = info
            if len(front_info["heights"]) != front_pages:  # pragma: no cover - its numbers changed its length
                raise RuntimeError("the front matter changed length once its page numbers were written")
            front_pdf, back_pdf = _pdf(front_rendered), _pdf(back_rendered)
            results = sorted(f.result() for f in futures)
    finally:
        manager.shutdown()

    parts = [(front_pdf, front_info), *((d, i) for _, d, i in results), (back_pdf, back_info)]
    return join(parts)


def join(parts: list[tuple[bytes, dict[str, Any]]]) -> bytes:
    """One PDF of the parts' pages, in order, with one table of named destinations (links find
    their anchors in any part) and one outline, nested by the bookmarks' levels across parts."""
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        NumberObject,
        TextStringObject,
    )
    from weasyprint.anchors import make_page_bookmark_tree
    from weasyprint.matrix import Matrix

    writer = PdfWriter()
    heights: list[float] = []
    anchors: dict[str, tuple[int, float, float]] = {}
    stubs = []
    for index, (data, info) in enumerate(parts):
        reader = PdfReader(io.BytesIO(data))
        if index == 0 and reader.metadata:   # the book's title, author, producer, as WeasyPrint wrote them
            writer.add_metadata({k: v for k, v in reader.metadata.items()})
        for k, page in enumerate(reader.pages):
            writer.add_page(page)
            n = len(heights)
            heights.append(info["heights"][k])
            for name, (x, y) in info["anchors"][k].items():
                anchors.setdefault(name, (n, x, y))
            # what WeasyPrint's outline reads of a page: its bookmarks and its height
            stubs.append(SimpleNamespace(bookmarks=info["bookmarks"][k], height=info["heights"][k]))
    scale = 0.75
    names = ArrayObject()
    for name in sorted(anchors):
        n, x, y = anchors[name]
        names.append(TextStringObject(name))
        names.append(ArrayObject([writer.pages[n].indirect_reference, NameObject("/XYZ"),
                                  FloatObject(round(x * scale, 3)),
                                  FloatObject(round((heights[n] - y) * scale, 3)), NumberObject(0)]))
    writer._root_object[NameObject("/Names")] = DictionaryObject(
        {NameObject("/Dests"): writer._add_object(DictionaryObject({NameObject("/Names"): names}))})
    tree: list[Any] = []
    skipped: list[int] = []
    last_by_depth = [tree]
    previous = 0
    for n, stub in enumerate(stubs):
        previous = make_page_bookmark_tree(stub, skipped, last_by_depth, previous, n,
                                           Matrix(a=scale, d=-scale, f=stub.height * scale))

    from pypdf.generic import Fit

    def add(items: list[Any], parent: Any) -> None:
        for title, (page, x, y), children, state in items:
            item = writer.add_outline_item(title=title, page_number=page, parent=parent,
                                           fit=Fit.xyz(left=x, top=y, zoom=0), is_open=state != "closed")
            add(children, item)

    add(tree, None)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
