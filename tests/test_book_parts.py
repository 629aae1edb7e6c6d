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


def test_a_book_never_prints_two_games_under_one_name():
    """Two games of one name (two runs can draw one village) are printed under two names, the
    second renamed (its alias if it has one free, else another village of its country) and the
    appendix saying so; the spec files are not touched."""
    from generator.publish.book import distinct_names

    whist = load_spec(REAL / "whist-classic.yaml")
    hearts = load_spec(REAL / "hearts.yaml")
    twin = hearts.model_copy(update={"naming": hearts.naming.model_copy(update={"name": whist.naming.name, "aliases": []})})
    entries = [Entry(whist, source="a.yaml"), Entry(twin, source="b.yaml"), Entry(twin, source="c.yaml")]
    printed, renamed = distinct_names(entries)
    names = [e.spec.naming.name for e in printed]
    assert len(set(n.casefold() for n in names)) == 3 and names[0] == whist.naming.name
    assert renamed == {1: whist.naming.name, 2: whist.naming.name}
    assert twin.naming.name == whist.naming.name   # the loaded spec itself is unchanged
    assert distinct_names(entries)[0][1].spec == printed[1].spec   # the same book, the same names
    html = book_html(entries, BookInfo(title="Twins"), for_pdf=False)
    for n in names[1:]:
        assert n in html
    assert html.count(f"Called {whist.naming.name} in its spec file; renamed here") == 2


def test_what_every_game_shares_is_said_once_in_a_book():
    """Choosing the first dealer, the shuffle and the deal: in full in a rulebook on its own, once
    in a book's *How to use this book*, each game's rules referring to it."""
    from generator.rulebook import render_markdown

    specs = [load_spec(REAL / f"{name}.yaml") for name in ("whist-classic", "rummy", "hearts")]
    alone = render_markdown(specs[0])
    assert "To choose the first dealer, each player draws one card" in alone
    assert "as *How to use this book* says" not in alone
    html = book_html([Entry(s, source=f"{i}.yaml") for i, s in enumerate(specs)], BookInfo(title="Shared"), for_pdf=False)
    assert html.count("To choose the first dealer, each player draws one card") == 1
    assert html.count("Choose the first dealer, shuffle, cut and deal as <em>How to use this book</em> says.") == 3


def test_the_glossary_defines_the_words_of_every_family():
    """A trick is not only one card each (climbing tricks), and a shedding game's words are there."""
    from generator.publish.glossary import glossary

    terms = dict(glossary(["A player may pass, or play a set or a run; when a player goes out the hand ends. "
                           "The discard pile; a wild joker; a player may knock. The trick is set aside."]))
    assert {"pass", "set", "run", "go out", "discard pile", "wild", "knock", "trick"} <= set(terms)
    assert "climbing" in terms["trick"]
    plain = dict(glossary(["The stock runs out; cards are set aside; the deal passes to the left."]))
    assert not {"pass", "set", "run"} & set(plain)


def test_the_index_s_length_bands_are_the_introductions_own():
    """A game the introduction calls quick is under "Quick" in the index, a long one under "Long"."""
    from generator.publish.indexes import length_label
    from generator.rulebook import render_markdown

    spec = load_spec(REAL / "whist-classic.yaml")
    for minutes, word, band in ((12, "It is a quick game.", "Quick"), (19.4, "It is a quick game.", "Quick"),
                                (20, "It is neither quick nor long.", "Medium"), (39, "It is neither quick nor long.", "Medium"),
                                (40, "It is a long game.", "Long"), (75, "It is a long game.", "Long")):
        summary = {"counts": [{"players": 4, "games": 10, "hands_median": 5, "minutes_median": minutes}]}
        assert length_label(summary).startswith(band + ":")
        assert word in render_markdown(spec, {"hands": 5, "minutes": minutes, "games": 10})
