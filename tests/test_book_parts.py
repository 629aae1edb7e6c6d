"""A book set in parts on two cores is the book set in one process: the same pages, folios,
contents numbers, links, named destinations and outline; and the same bytes each time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.publish import parts
from generator.publish.book import BookInfo, Entry, book_html, prepare, write_book
from generator.spec import load_spec

pypdf = pytest.importorskip("pypdf")

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
NAMES = ("hearts", "oh-hell", "crazy-eights", "pay-me")


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    entries = []
    for i, name in enumerate(NAMES):
        report = json.loads((REAL / f"{name}.report.json").read_text(encoding="utf-8"))
        entries.append(Entry(load_spec(REAL / f"{name}.yaml"), source=f"{name}.yaml", seed=i, report=report))
    prepare(entries, games=20, seed=0, jobs=1)
    html = book_html(entries, BookInfo(title="Parts", playtest_seed=0, playtest_games=20))
    base = tmp_path_factory.mktemp("parts")
    out = {}
    for name, jobs in (("one", 1), ("two", 2), ("again", 2)):
        write_book(base / f"{name}.pdf", html, jobs=jobs)
        out[name] = base / f"{name}.pdf"
    return html, out


def _outline(reader, items, depth=0):
    flat = []
    for item in items:
        if isinstance(item, list):
            flat += _outline(reader, item, depth + 1)
        else:
            flat.append((depth, item["/Title"], reader.get_destination_page_number(item)))
    return flat


@pytest.mark.slow
def test_the_book_is_cut_between_games(books):
    html, _ = books
    assert parts.can_split(html)
    head, front, runs, back, tail = parts.cut(html, 2)
    assert len(runs) == 2 and all("<article" in r for r in runs)
    assert "Contents" in front and "Colophon" in back and tail.strip().endswith("</html>")


@pytest.mark.slow
def test_parts_make_the_same_book_as_one_process(books):
    _, pdfs = books
    one, two = pypdf.PdfReader(pdfs["one"]), pypdf.PdfReader(pdfs["two"])
    assert len(one.pages) == len(two.pages)
    # the same text on every page: folios, contents numbers and index numbers included
    assert [p.extract_text() for p in one.pages] == [p.extract_text() for p in two.pages]
    assert _outline(one, one.outline) == _outline(two, two.outline)
    dests = lambda r: {k: r.get_destination_page_number(v) for k, v in r.named_destinations.items()}  # noqa: E731
    assert dests(one) == dests(two)
    links = lambda r: sorted(str(a.get_object().get("/Dest")) for p in r.pages for a in p.get("/Annots") or [])  # noqa: E731
    assert links(one) == links(two) and links(two)
    assert set(links(two)) <= set(dests(two))   # every link finds its anchor


@pytest.mark.slow
def test_parts_give_the_same_bytes_each_time(books):
    _, pdfs = books
    assert pdfs["two"].read_bytes() == pdfs["again"].read_bytes()
