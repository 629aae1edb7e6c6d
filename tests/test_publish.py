"""Publishing: safe, semantic HTML; PDFs that use only the shipped face; a book whose contents
page numbers are right; what a person sees (pages rendered to PNG with pdftoppm, and an HTML page
in headless Chromium); the command line (`render --format html|pdf`, `book`, `generate --book`).
"""

from __future__ import annotations

import html as htmllib
import io
import json
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.publish import game_view, render_html, render_pdf
from generator.publish.book import BookInfo, Entry, book_html, prepare, write_book
from generator.publish.figures import run_playtest
from generator.publish.fonts import CSS_FAMILY, FONT_FILES
from generator.publish.glossary import glossary
from generator.publish.markup import (
    escape_spec,
    escape_text,
    markdown_to_html,
    split_rulebook,
)
from generator.publish.plots import playtest_svg
from generator.rulebook import render_markdown
from tests.conftest import make_spec, whist_data

ACCENTED = ("Crölpa-Löbschütz", "Château-Fromage", "Saint-Maurice-de-Sorgues")
EVIL_NAME = "<script>alert(1)</script>"
EVIL_NICK = "*Big* <b>Jim</b> | x"

pypdf = pytest.importorskip("pypdf")


# ---------------------------------------------------------------- specs


def accented():
    return make_spec(**{"naming.name": ACCENTED[0], "naming.aliases": list(ACCENTED[1:])})


def avoid_hearts(**changes):
    """Whist in which players avoid hearts, with a nicknamed bonus card (a table of special cards)."""
    base = {
        "scoring": {"kind": "avoid-suit", "suit": "hearts",
                    "bonus_card": {"card": "10 of clubs", "nickname": "Jim", "points": 5}},
        "ending": {"condition": {"kind": "threshold", "points": 40}, "ties": "extra-hand"},
        "naming.fact": "avoid-suit",
    }
    base.update(changes)
    return make_spec(**base)


def evil():
    """Hostile names and a hostile nickname, put in past validation (a spec refuses them:
    generator.spec.words), so that the HTML's own escaping is what is tested."""
    spec = avoid_hearts()
    naming = spec.naming.model_copy(update={"name": EVIL_NAME, "aliases": ["1. & <i>", "# Heading"]})
    scoring = spec.scoring.model_copy(update={"bonus_card": spec.scoring.bonus_card.model_copy(
        update={"nickname": EVIL_NICK})})
    return spec.model_copy(update={"naming": naming, "scoring": scoring})


def german():
    return make_spec(**{"naming.name": ACCENTED[1], "deck.kind": "german32", "deck.order": "natural",
                        "deal.hand_size": 8, "players.min": 3, "players.max": 4})


def tarot():
    return make_spec(**{"naming.name": ACCENTED[2], "deck.kind": "tarot", "deck.order": "natural",
                        "deal.hand_size": 12, "players.min": 3, "players.max": 5,
                        "setup.trumps": {"method": "majors"}})


@pytest.fixture(scope="module")
def whist_summary():
    _, summary = run_playtest(make_spec(), games=12, seed=3)
    return summary


# ---------------------------------------------------------------- helpers


class _Checker(HTMLParser):
    """Collects tags and checks that non-void elements are balanced."""

    VOID = frozenset({"meta", "img", "br", "hr", "link", "input", "col", "area", "base", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(page: str) -> _Checker:
    c = _Checker()
    c.feed(page)
    c.close()
    assert not c.errors and not c.stack, (c.errors, c.stack)
    return c


def pdf_fonts(reader) -> set[str]:
    """Every font's BaseFont in a PDF, in pages and in form XObjects (the SVG plots)."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(res) -> None:
        if res is None:
            return
        res = res.get_object()
        for font in (res.get("/Font") or {}).values():
            found.add(str(font.get_object().get("/BaseFont")))
        for xo in (res.get("/XObject") or {}).values():
            ref = getattr(xo, "idnum", None)
            if ref in seen:
                continue
            seen.add(ref)
            walk(xo.get_object().get("/Resources"))
        for pat in (res.get("/Pattern") or {}).values():
            walk(pat.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def cmap_chars() -> set[str]:
    from fontTools.ttLib import TTFont

    return {chr(c) for c in TTFont(str(FONT_FILES[("normal", "normal")])).getBestCmap()}


# ---------------------------------------------------------------- Markdown → HTML


def test_escape_text_neutralises_markdown():
    assert escape_text("*Big* _x_ [a](b) `c` | #") == r"\*Big\* \_x\_ \[a\](b) \`c\` \| \#"
    assert escape_text("1. Foo") == r"1\. Foo"
    assert escape_text("- Foo") == r"\- Foo"
    assert escape_text("Crölpa-Löbschütz") == "Crölpa-Löbschütz"
    assert escape_text("10 of hearts") == "10 of hearts"  # codes are unchanged


def test_escape_spec_keeps_codes_and_validates_nothing():
    spec = evil()
    esc = escape_spec(spec)
    assert esc.scoring.suit == "hearts" and esc.scoring.bonus_card.card == "10 of clubs"
    assert esc.scoring.bonus_card.nickname == r"\*Big\* <b>Jim</b> \| x"
    assert spec.scoring.bonus_card.nickname == EVIL_NICK  # the original is untouched


def test_templates_emit_no_raw_html():
    """markdown_to_html escapes every '<' because the rulebook templates write none."""
    from generator.sample import sample_game

    for seed in range(40):
        md = render_markdown(sample_game(seed).spec)
        assert "<" not in md and ">" not in md, (seed, md)


def test_lists_and_tables_become_real_html():
    md = render_markdown(avoid_hearts())
    intro, body = split_rulebook(md)
    assert not intro.startswith("#") and body.startswith("## ")
    out = markdown_to_html(body)
    assert "<ol>" in out and "<li>" in out
    assert '<table class="rules">' in out and "<th>Card</th>" in out and "Jim" in out
    # a list glued to the paragraph before it still becomes a list
    assert "<ol>" in markdown_to_html("Steps:\n1. one\n2. two\n")
    assert markdown_to_html("The ♥ and ♠.").count('class="suit') == 2


# ---------------------------------------------------------------- the HTML page


def test_html_escapes_every_spec_text():
    page = render_html(evil())
    lower = page.lower()
    assert "<script" not in lower and "<b>jim" not in lower
    assert "<i>1. &amp; &lt;i&gt;</i>" in page  # an alias, escaped inside the template's own <i>
    assert htmllib.escape(EVIL_NAME, quote=False) in page              # the title, as text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "*Big* &lt;b&gt;Jim&lt;/b&gt; | x" in page                  # the nickname, asterisks and all
    assert "<em>Big</em>" not in page
    assert "<h1>" not in page.replace('<h1 class="game-title">', "")  # "# Heading" made no heading
    checker = parse(page)
    text = "".join(checker.text)
    assert EVIL_NAME in text and EVIL_NICK in text and "1. & <i>" in text


def test_html_page_is_semantic_and_standalone(whist_summary):
    page = render_html(accented(), whist_summary)
    checker = parse(page)
    tags = [t for t, _ in checker.tags]
    attrs = dict(checker.tags)
    assert attrs["html"].get("lang") == "en"
    for tag in ("title", "style", "main", "article", "header", "h1", "h2", "ol", "li", "table", "th", "aside",
                "figure", "figcaption", "img"):
        assert tag in tags, tag
    assert tags.count("h1") == 1
    h2 = re.findall(r"<h2[^>]*>(.*?)</h2>", page)
    assert h2 == ["The cards", "Setup", "Play", "Scoring", "End of the game", "Example of play", "Scoresheet",
                  "Playtest"]  # order of play (the quick reference is the box, not a section)
    assert "<link" not in page and "<script" not in page  # nothing to fetch but the fonts beside it
    assert f'font-family: "{CSS_FAMILY}"' in page and 'url("fonts/texgyrepagella-regular.otf")' in page
    text = "".join(checker.text)
    for name in ACCENTED:
        assert name in text
    for symbol in "♠♥♦♣":
        assert symbol in text
    assert '<span class="suit red">♥</span>' in page
    img = next(a for t, a in checker.tags if t == "img")
    assert img["src"].startswith("data:image/svg+xml;base64,") and "wins by seat" in img["alt"].lower()


def test_quick_reference_and_playtest_section(whist_summary):
    view = game_view(make_spec(), whist_summary)
    rows = dict(view.quickref)
    assert rows["Players"].startswith("4 players")
    assert rows["Cards"].startswith("52 cards") and "A K Q J 10" in rows["Cards"]
    assert rows["Deal"] == "13 cards each"
    assert "dealer’s last card" in rows["Trumps"] and "20 points" in rows["Goal"]
    assert "hands" in rows["Length"] and "12 simulated games" in rows["Length"]
    assert view.playtest["verdict"] in ("pass", "reject") and view.playtest["rows"][0]["games"] == "12"
    without = game_view(make_spec())
    assert without.playtest is None and "Length" not in dict(without.quickref)
    assert 'class="playtest"' not in render_html(make_spec())


def test_german_and_tarot_suits_are_named():
    g = render_html(german())
    for suit in ("hearts", "bells", "acorns", "leaves"):
        assert suit in g
    t = render_html(tarot())
    for suit in ("cups", "swords", "pentacles", "wands", "majors"):
        assert suit in t


# ---------------------------------------------------------------- plots


def test_plots_are_deterministic_svg(whist_summary):
    a = playtest_svg(whist_summary, goal=20)
    assert a == playtest_svg(whist_summary, goal=20)
    assert a.lstrip().startswith("<?xml") and "<svg" in a and "Wins by seat" in a
    assert "A game for" in a and "Game length" in a
    assert "Parlour Pagella" in a  # SVG text set in the book's face
    plain = {k: v for k, v in whist_summary.items() if k not in ("lengths", "typical")}
    plain["counts"] = [{k: v for k, v in c.items() if k != "metrics"} for c in plain["counts"]]
    only_wins = playtest_svg(plain)
    assert "Wins by seat" in only_wins and "Game length" not in only_wins
    assert playtest_svg(None) is None and playtest_svg({"counts": []}) is None


# ---------------------------------------------------------------- single-game PDF


@pytest.mark.slow
def test_a_pdf_is_the_same_at_any_time(whist_summary, monkeypatch):
    """fontTools dates each font it embeds with the time of saving unless SOURCE_DATE_EPOCH is
    set; the renderer sets it for the write alone, so a rulebook rendered a day later has the
    same bytes (and the variable is gone after)."""
    import os
    import time

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now)
    first = render_pdf(make_spec(), whist_summary)
    monkeypatch.setattr(time, "time", lambda: now + 86_400)
    assert render_pdf(make_spec(), whist_summary) == first
    assert "SOURCE_DATE_EPOCH" not in os.environ


@pytest.mark.slow
def test_single_pdf_uses_only_the_shipped_face(whist_summary):
    spec = avoid_hearts(**{"naming.name": ACCENTED[0], "naming.aliases": list(ACCENTED[1:])})
    data = render_pdf(spec, whist_summary)
    assert data == render_pdf(spec, whist_summary)  # the same bytes every time
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = pdf_fonts(reader)
    assert fonts and all(re.fullmatch(r"/[A-Z]{6}\+Parlour-Pagella(-[A-Za-z]+)?", f) for f in fonts), fonts
    text = "\n".join(p.extract_text() for p in reader.pages)
    for name in ACCENTED:
        assert name in text
    for symbol in "♠♥♦♣“”’−":
        assert symbol in text, symbol
    missing = {ch for ch in text if not ch.isspace()} - cmap_chars()
    assert not missing, f"glyphs the face lacks: {missing}"
    assert reader.metadata.title == f"{ACCENTED[0]}: rules of play"
    assert abs(float(reader.pages[0].mediabox.width) - 419.5) < 1  # A5
    # the running header (the game's name) is on the pages after the first
    assert len(reader.pages) >= 2 and reader.pages[1].extract_text().count(ACCENTED[0]) >= 1
    titles = [o["/Title"] for o in reader.outline if isinstance(o, dict)]
    assert titles == [ACCENTED[0]]


def test_a4_option():
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(make_spec(), paper="A4")))
    assert abs(float(reader.pages[0].mediabox.width) - 595.3) < 1


# ---------------------------------------------------------------- the book


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """A book of four playtested games and one rejected game, as PDF."""
    specs = [
        accented(),
        german(),
        tarot(),
        # to 15 points: to 40, sensible players take about 100 minutes at five players, and the book drops it
        avoid_hearts(**{"naming.name": "Whistleton", "players.min": 3, "players.max": 5, "deal.hand_size": 10,
                        "ending.condition.points": 15}),
    ]
    entries = [Entry(s, source=f"{i:06d}-game.yaml", seed=i) for i, s in enumerate(specs)]
    prepare(entries, games=12, seed=5, jobs=2)
    bad = Entry(make_spec(**{"naming.name": "Bad Idea"}), source="000009-bad-idea.yaml", seed=9, summary={
        "verdict": "reject", "counts": [],
        "reasons": [{"code": "TOO_LONG", "message": "a typical game would take 99 minutes", "players": 4}]})
    entries.append(bad)
    info = BookInfo(title="Parlour Test Book", seed=0, playtest_seed=5, playtest_games=12)
    page = book_html(entries, info)
    out = tmp_path_factory.mktemp("book") / "book.pdf"
    write_book(out, page)
    reader = pypdf.PdfReader(out)
    texts = [p.extract_text() for p in reader.pages]
    return {"entries": entries, "html": page, "path": out, "reader": reader, "texts": texts}


def _toc(texts: list[str]) -> dict[str, int]:
    """Contents entries → page numbers, read from the PDF's text."""
    start = next(i for i, t in enumerate(texts) if t.lstrip().startswith("Contents"))
    entries = {}
    for line in texts[start].splitlines():
        m = re.match(r"^(.*?)[\s.]*?(\d+)$", line.strip())
        if m and m.group(1).strip(" ."):
            entries[m.group(1).strip(" .")] = int(m.group(2))
    return entries


@pytest.mark.slow
def test_book_contents_page_numbers_match(book):
    texts = book["texts"]
    printed = [e for e in book["entries"] if not e.rejected]
    toc = _toc(texts)
    assert len(printed) >= 1
    for e in printed:
        name = e.spec.naming.name
        assert name in toc, (name, toc)
        page = toc[name]
        # the game's title opens that page (no running header on a game's first page), or follows the
        # introduction of its part (the part's first game)
        head = texts[page - 1].lstrip()
        assert head.startswith(name) or (head.startswith("Trick-taking games") and f"\n{name}\n" in head), \
            (name, page, texts[page - 1][:80])
        assert not texts[page - 2].lstrip().startswith(name)
    for part in ("How to use this book", "Trick-taking games", "Indexes", "Glossary", "For the curious", "Colophon"):
        assert part in toc, part
        assert part in texts[toc[part] - 1]
    assert "Bad Idea" not in toc


@pytest.mark.slow
def test_book_cover_index_glossary_colophon(book):
    texts, entries = book["texts"], book["entries"]
    rejected = [e for e in entries if e.rejected]
    cover = texts[0]
    assert "Parlour Test Book" in cover and "given to the book" not in cover   # the runs' account is the colophon's
    whole = "\n".join(texts)
    flat = " ".join(whole.split("This book was made by Parlour", 1)[1].split())
    assert f"{len(entries)} games were given to the book (generator seeds 0–3, 9)." in flat, flat
    assert f"it rejected {len(rejected)} and left them out: {len(rejected)} because a game would take too long" in flat
    assert "TOO_LONG" not in cover and "TOO_LONG" not in flat  # reason codes are for the curious
    assert "By number of players" in whole and "Four players" in whole
    assert "Three players" in whole
    start = next(i for i, t in enumerate(texts) if "\nGlossary\n" in t or t.lstrip().startswith("Glossary"))
    gloss = "\n".join(texts[start:-1])
    for term in ("trick", "trump", "lead", "follow suit", "stock"):
        assert re.search(rf"^{term}$", gloss, re.MULTILINE), term
    assert not re.search(r"^meld$", gloss, re.MULTILINE)
    colophon = flat
    assert "\nColophon\n" in whole and "TeX Gyre Pagella" in colophon and "GUST Font License" in colophon
    curious = " ".join(whole[whole.index("For the curious\n"):].split())
    assert "Bad Idea" in curious and "TOO_LONG" in curious


@pytest.mark.slow
def test_book_bookmarks_nest_family_game_section(book):
    outline = book["reader"].outline
    top = [o["/Title"] for o in outline if isinstance(o, dict)]
    assert top[0] == "Contents" and "Trick-taking games" in top and top[-1] == "Colophon"
    fam = top.index("Trick-taking games")
    games = outline[[i for i, o in enumerate(outline) if isinstance(o, dict)][fam] + 1]
    assert isinstance(games, list)
    names = [o["/Title"] for o in games if isinstance(o, dict)]
    printed = sorted(e.spec.naming.name for e in book["entries"] if not e.rejected)
    assert sorted(names) == printed
    sections = games[1]
    assert isinstance(sections, list) and [o["/Title"] for o in sections][:2] == ["The cards", "Setup"]


@pytest.mark.slow
def test_book_fonts_and_glyphs(book):
    fonts = pdf_fonts(book["reader"])
    assert fonts and all("Parlour-Pagella" in f for f in fonts), fonts
    missing = {ch for t in book["texts"] for ch in t if not ch.isspace()} - cmap_chars()
    assert not missing, f"glyphs the face lacks: {missing}"


@pytest.mark.external
def test_book_pages_as_a_person_sees_them(book, tmp_path):
    """pdftoppm renders every page: none is empty, the cover shows red suits, games have plots."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is missing (Debian package poppler-utils; `make test` installs it)")
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "24", "-png", str(book["path"]), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    assert len(pngs) == len(book["reader"].pages)
    for png in pngs:
        im = Image.open(png).convert("L")
        body = im.crop((0, int(im.height * 0.09), im.width, int(im.height * 0.88)))  # not the header and folio
        dark = sum(1 for v in body.getdata() if v < 160)
        assert dark > 15, f"{png.name} looks empty ({dark} dark pixels)"
    cover = Image.open(pngs[0]).convert("RGB")
    assert any(r > 120 and g < 60 and b < 80 for r, g, b in cover.getdata()), "no red suit on the cover"


def test_book_html_escapes_and_links():
    spec = evil()
    page = book_html([Entry(spec, source="evil.yaml")], BookInfo(title="<b>T</b>", playtest_games=None),
                     for_pdf=False)
    assert "<script" not in page.lower() and "<b>T</b>" not in page and "&lt;b&gt;T&lt;/b&gt;" in page
    checker = parse(page)
    ids = {a["id"] for _, a in checker.tags if "id" in a}
    hrefs = [a["href"] for t, a in checker.tags if t == "a"]
    assert hrefs and all(h.startswith("#") and h[1:] in ids for h in hrefs)
    assert "<style>" in page


def test_glossary_only_terms_used():
    terms = dict(glossary(["The leader plays a card to the trick; trumps win."], kitty_names=["widow"]))
    assert "trick" in terms and "trump" in terms and "lead" in terms
    assert "meld" not in terms and "lay off" not in terms
    assert "kitty" in dict(glossary(["the widow is set aside"], kitty_names=["widow"]))


# ---------------------------------------------------------------- the browser


@pytest.mark.external
def test_html_page_in_headless_chromium(tmp_path, whist_summary):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        pytest.skip("chromium is missing (Debian package chromium; `make test` installs it)")
    from PIL import Image

    from generator.publish.html import copy_fonts

    page = tmp_path / "page.html"
    page.write_text(render_html(avoid_hearts(**{"naming.name": ACCENTED[0]}), whist_summary), encoding="utf-8")
    copy_fonts(tmp_path)
    shot = tmp_path / "shot.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                        f"--user-data-dir={profile}", "--hide-scrollbars", "--window-size=900,1300",
                        f"--screenshot={shot}", page.as_uri()],
                       capture_output=True, timeout=60, check=False)
    assert shot.exists(), "chromium wrote no screenshot"
    im = Image.open(shot).convert("RGB")
    assert im.size == (900, 1300)
    pixels = list(im.getdata())
    ink = sum(1 for r, g, b in pixels if r + g + b < 300)
    red = sum(1 for r, g, b in pixels if r > 120 and g < 60 and b < 80)
    assert ink > 0.01 * len(pixels), "the page looks blank"
    assert red > 20, "no red suit symbols"
    # the quick-reference box is drawn with its background colour
    assert sum(1 for p in pixels if p == (247, 243, 232)) > 5000


# ---------------------------------------------------------------- the command line


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


def _write_spec(folder: Path, name: str, **changes) -> Path:
    data = whist_data()
    for path, value in changes.items():
        node = data
        *parents, leaf = path.split(".")
        for key in parents:
            node = node[key]
        node[leaf] = value
    p = folder / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p


@pytest.mark.slow
def test_cli_render_html_and_pdf(run, tmp_path):
    spec = _write_spec(tmp_path, "000003-crolpa.yaml", **{"naming.name": ACCENTED[0]})
    out = tmp_path / "out"
    res = run("render", str(spec), "--format", "html", "--out", str(out))
    assert res.exit_code == 0, res.output
    assert (out / "000003-crolpa.html").exists() and (out / "fonts" / "texgyrepagella-regular.otf").exists()
    res = run("render", str(spec), "--format", "pdf", "--out", str(out), "--paper", "a4")
    assert res.exit_code == 0, res.output
    pdf = out / "000003-crolpa.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and (pdf.stat().st_mode & 0o044) == 0o044
    before = pdf.read_bytes()
    res = run("render", str(spec), "--format", "pdf", "--out", str(out))
    assert res.exit_code == 2 and "already exists" in res.output and pdf.read_bytes() == before
    res = run("render", str(spec), "--format", "pdf", "--out", str(out), "--force", "--playtest", "5")
    assert res.exit_code == 0 and pdf.read_bytes() != before
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary files left
    res = run("render", str(spec), "--format", "html")
    assert res.exit_code == 0 and res.output.startswith("<!DOCTYPE html>") and ACCENTED[0] in res.output


def test_cli_render_with_report(run, tmp_path):
    spec = _write_spec(tmp_path, "whist.yaml")
    report = tmp_path / "report.json"
    res = run("playtest", str(spec), "--games", "8", "--json")
    report.write_text(res.output, encoding="utf-8")
    res = run("render", str(spec), "--format", "html", "--report", str(report))
    assert res.exit_code == 0 and "Playtest" in res.output and "Verdict" in res.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    res = run("render", str(spec), "--format", "html", "--report", str(bad))
    assert res.exit_code == 2 and "bad.json" in res.output


def test_cli_bad_spec_exits_2(run, tmp_path):
    bad = _write_spec(tmp_path, "bad.yaml", **{"deck.kind": "pinochle"})
    for args in (("render", str(bad), "--format", "pdf", "--out", str(tmp_path / "o")),
                 ("render", str(bad), "--format", "html"),
                 ("book", str(tmp_path), "--out", str(tmp_path / "b.pdf"), "--no-playtest")):
        res = run(*args)
        assert res.exit_code == 2, args
        assert "bad.yaml" in res.output and "deck.kind" in res.output, res.output
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "o").exists()
    res = run("render", str(_write_spec(tmp_path, "ok.yaml")), "--format", "pdf")
    assert res.exit_code == 0  # not a terminal: the PDF goes to standard output


@pytest.mark.slow
def test_cli_book(run, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    _write_spec(games, "000010-crolpa.yaml", **{"naming.name": ACCENTED[0]})
    _write_spec(games, "000011-whist.yaml")
    out = tmp_path / "book.pdf"
    res = run("book", str(games), "--out", str(out), "--title", "Two Games", "--games", "6", "--jobs", "1")
    assert res.exit_code == 0, res.output
    reader = pypdf.PdfReader(out)
    assert reader.metadata.title == "Two Games"
    colophon = " ".join(" ".join(p.extract_text() for p in reader.pages).split("This book was made by Parlour", 1)[1].split())
    assert "2 games were given to the book (generator seeds 10–11)." in colophon
    res = run("book", str(games), "--out", str(out))
    assert res.exit_code == 2 and "already exists" in res.output
    html_out = tmp_path / "book.html"
    res = run("book", str(games), "--out", str(html_out), "--html", "--no-playtest")
    assert res.exit_code == 0 and (tmp_path / "fonts").is_dir()
    page = html_out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and ACCENTED[0] in page and "The games were not playtested for this book" in page


@pytest.mark.slow
def test_cli_generate_book(run, tmp_path):
    """`generate --playtest --book` makes the book straight away, from the games kept and the playtest
    reports saved beside them (short playtests here to keep it quick)."""
    out = tmp_path / "gen"
    args = ("generate", "--count", "2", "--seed", "3", "--playtest", "--games", "4", "--workers", "1", "--out", str(out),
            "--book", str(tmp_path / "g.pdf"))
    res = run(*args)
    assert res.exit_code == 0, res.output
    assert (tmp_path / "g.pdf").exists() and "wrote" in res.output
    pages = pypdf.PdfReader(tmp_path / "g.pdf").pages
    cover = " ".join(" ".join(p.extract_text() for p in pages).split("This book was made by Parlour", 1)[1].split())   # the colophon
    assert "The generator drew 3 drafts and playtested each (one run, seed 3): it kept 2 and rejected 1" in cover
    res = run(*args[:-4], "--out", str(tmp_path / "again"), "--book", str(tmp_path / "g.pdf"))
    assert res.exit_code == 2  # the book exists: nothing is written


def test_render_with_a_playtest_keeps_the_variations_saved_beside_the_game(run, tmp_path):
    """A kept game's PDF made again with --playtest prints the Variations its Markdown has (the
    variations `generate --variations` saved in the report beside it)."""
    spec = _write_spec(tmp_path, "000009-whist.yaml")
    res = run("playtest", str(spec), "--games", "8", "--json")
    saved = json.loads(res.output)
    saved["variations"] = ["without trumps"]
    (tmp_path / "000009-whist.report.json").write_text(json.dumps(saved), encoding="utf-8")
    res = run("render", str(spec), "--format", "md", "--playtest", "4")
    assert res.exit_code == 0 and "Playtested too, and passed: without trumps." in res.output
    (tmp_path / "000009-whist.report.json").unlink()
    res = run("render", str(spec), "--format", "md", "--playtest", "4")
    assert res.exit_code == 0 and "Playtested too" not in res.output


def test_the_quick_reference_keeps_its_list_of_ranks_on_one_line():
    """A rank list broken by the box left "3 2" alone on a line: it is set as one unbreakable span."""
    from generator.publish.html import quickref_value

    out = str(quickref_value("52 cards: standard pack, ranks high to low A K Q J 10 9 8 7 6 5 4 3 2, and two jokers"))
    assert '<span class="ranks">A K Q J 10 9 8 7 6 5 4 3 2</span>, and two jokers' in out
    from generator.publish.html import stylesheet_text

    assert re.search(r"\.quickref \.ranks \{ white-space: nowrap; \}", stylesheet_text("A5"))
