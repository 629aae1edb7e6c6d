"""The book as a person sees it: pages at least a third full, plots on the page of their table, no heading or "…:" sentence
stranded at the foot of a page, plot text a reader can read, a glossary of words the rules use,
indexes to look games up by, and a cover whose counts are those of the runs that made the games.

One small book is built once for the module, as a user would (`parlour book` on two folders of
calibration games with their saved playtest reports and a run record each), so nothing is played
again but the typical games of the plots.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.publish import runs
from generator.commands.book import entries_of, spec_files
from generator.publish.book import BookInfo, Entry, book_html, cover_account, prepare, write_book
from generator.publish.glossary import TERMS
from generator.publish.indexes import features
from generator.publish.plots import MIN_PT, caption, panels, playtest_svg
from generator.spec import load_spec
from generator.rulebook import render_markdown

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "corpus" / "real"
#: Two runs: (seed, games, drafts, mended, rejected by reason). Twelve games of all five families, as
#: the reader's pass read a book: trick-taking, climbing, matching, melding and fishing.
RUNS = (
    (7, ("hearts", "rummy", "crazy-eights", "president", "xeri", "oh-hell"), 15, 1,
     {"TOO_LONG": 5, "NON_TERMINATING": 2, "LOOPING": 2}),
    (40, ("dou-dizhu", "whist-classic", "switch", "diloti", "pay-me", "tresette"), 10, 0, {"NO_AGENCY": 3, "TOO_LONG": 1}),
)
#: The printed width of a plot: the A5 text block (148 mm less two margins of 15 mm), in points.
A5_TEXT_WIDTH_PT = (148 - 30) / 25.4 * 72


def _copy_run(folder: Path, seed: int, names: tuple[str, ...], drafts: int, mended: int,
              rejected: dict[str, int]) -> None:
    folder.mkdir()
    kept = []
    for i, name in enumerate(names):
        stem = f"{seed + i:06d}-{name}"
        shutil.copy(REAL / f"{name}.yaml", folder / f"{stem}.yaml")
        shutil.copy(REAL / f"{name}.report.json", folder / f"{stem}.report.json")
        kept.append(f"{stem}.yaml")
    (folder / runs.record_name(seed)).write_text(runs.record(
        seed=seed, family="any", count=len(names), players=None, playtest={"tier": 1, "games": 200, "mend": True},
        drafts=drafts, kept=kept, mended=mended, rejected_by=rejected, redrawn_by={}, redrawn=0, finished=True))


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    base = tmp_path_factory.mktemp("layout")
    folders = []
    for seed, names, drafts, mended, rejected in RUNS:
        folder = base / f"run{seed}"
        _copy_run(folder, seed, names, drafts, mended, rejected)
        folders.append(folder)
    # what `parlour book FOLDER FOLDER` does (the command line itself is tested below, on generate's output)
    paths = spec_files(tuple(map(str, folders)))
    specs = [(p, load_spec(p)) for p in paths]
    entries = entries_of(specs)
    assert all(e.report is not None for e in entries)
    prepare(entries, games=100, seed=0, jobs=2)
    info = BookInfo(title="Layout Book", playtest_seed=0, playtest_games=100, runs=runs.runs_for(paths))
    page = book_html(entries, info)
    out = base / "book.pdf"
    write_book(out, page)
    reader = pypdf.PdfReader(out)
    texts = [p.extract_text() for p in reader.pages]
    return {"path": out, "reader": reader, "texts": texts, "html": page, "specs": [s for _, s in specs],
            "entries": entries, "base": base}


def _starts(texts: list[str]) -> set[int]:
    """Pages (1-based) on which a contents entry begins, read from the contents page."""
    start = next(i for i, t in enumerate(texts) if t.lstrip().startswith("Contents"))
    pages = set()
    for line in texts[start].splitlines():
        m = re.match(r"^(.*?)[\s.]*?(\d+)$", line.strip())
        if m and m.group(1).strip(" ."):
            pages.add(int(m.group(2)))
    return pages


def _ink_extent(png: Path) -> float:
    """How far down the text block the page's ink reaches, 0 to 1 (header and folio left out)."""
    from PIL import Image

    im = Image.open(png).convert("L")
    top, bottom = int(im.height * 0.075), int(im.height * 0.90)
    body = im.crop((0, top, im.width, bottom))
    w, h = body.size
    data = body.load()
    last = -1
    for y in range(h):
        if any(data[x, y] < 160 for x in range(0, w, 1)):
            last = y
    return (last + 1) / h


@pytest.mark.external
def test_no_page_is_under_a_third_full(book, tmp_path):
    """Except the cover, the last page of a game or part (the page before one begins) and the last
    page: the layout rule of the reader's pass, beside plots kept with their table (below)."""
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is missing (Debian package poppler-utils)")
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", str(book["path"]), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    n = len(pngs)
    starts = _starts(book["texts"])
    exempt = {1, n} | {p - 1 for p in starts}
    empty = {i + 1: round(_ink_extent(png), 2) for i, png in enumerate(pngs) if i + 1 not in exempt}
    assert empty, "no page to measure"
    thin = {p: e for p, e in empty.items() if e < 1 / 3}
    assert not thin, f"pages under a third full (ink reaches this far down): {thin}"


@pytest.mark.external
def test_the_plots_are_on_the_page_of_their_table(book):
    """A game's plots are never left alone on a page: the page whose caption names them also
    holds the playtest's table of figures."""
    plotted = [t for t in book["texts"] if "simulated games per player count" in " ".join(t.split())]
    assert len(plotted) == len(book["specs"])
    for text in plotted:
        assert "Finished" in text and "Players" in text, text[:300]


def _headings(html: str) -> set[str]:
    return {" ".join(re.sub(r"<[^>]+>", "", h).split()).casefold()
            for h in re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", html, re.S)}


@pytest.mark.external
def test_no_heading_or_introduction_last_on_a_page(book):
    """The last line of each page's text block (read in reading order, the folio left out) is
    neither a heading nor a sentence ending in a colon that introduces a list or table."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext is missing (Debian package poppler-utils)")
    layout = subprocess.run(["pdftotext", "-layout", str(book["path"]), "-"], check=True, capture_output=True,
                            text=True).stdout.split("\f")
    headings = _headings(book["html"])
    stranded = []
    for number, text in enumerate(layout[:len(book["texts"]) - 1], start=1):
        lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
        lines = [line for line in lines if not line.isdigit()]  # the folio
        if not lines:
            continue
        last = lines[-1]
        if last.endswith(":") or last.casefold() in headings:
            stranded.append((number, last))
    assert not stranded, stranded


def _plots(html: str) -> list[ET.Element]:
    return [ET.fromstring(base64.b64decode(uri)) for uri in
            re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)]


def _font_sizes(svg: ET.Element) -> list[float]:
    sizes = []
    for el in svg.iter():
        size = el.get("font-size")
        style = el.get("style") or ""
        m = re.search(r"font-size:\s*([\d.]+)", style) or re.search(r"font:\s*(?:\w+\s+)*?([\d.]+)px", style)
        if size:
            sizes.append(float(re.sub(r"[a-z]+$", "", size)))
        elif m:
            sizes.append(float(m.group(1)))
    return sizes


@pytest.mark.slow
def test_plot_text_is_at_least_8_pt_as_printed(book):
    plots = _plots(book["html"])
    assert len(plots) == len(book["specs"])
    for svg in plots:
        width = float(svg.get("viewBox").split()[2])  # user units, a point each at the figure's size
        scale = A5_TEXT_WIDTH_PT / width
        sizes = _font_sizes(svg)
        assert sizes, "the plot has no text"
        assert min(sizes) * scale >= MIN_PT - 0.05, (min(sizes), scale)


def test_wins_by_seat_has_a_colour_legend_and_captions_name_what_is_drawn():
    # a figure for several player counts carries a legend of their colours
    summary = json.loads((REAL / "crazy-eights.report.json").read_text(encoding="utf-8"))
    svg = playtest_svg(summary)
    assert all(f">{n} players<" in svg for n in (2, 3, 4, 5))
    assert "dashed" not in caption(summary, goal=None)
    assert "dashed: the target" in caption({**summary, "typical": {"players": 4, "seed": 1, "totals": [[1, 2, 3, 4], [2, 3, 4, 5]]}},
                                           goal=100)


def test_a_fixed_length_game_has_no_length_histogram():
    counts = [{"players": n, "games": 50, "win_rates": [1 / n] * n,
               "metrics": {"length": {"hands": [13.0] * 5}}} for n in (3, 4)]
    summary = {"counts": counts}
    assert panels(summary)["lengths"] is None
    assert "Every game lasts 13 hands" in caption(summary)
    assert "Game length" not in playtest_svg(summary)
    varied = {"counts": [{**counts[0], "metrics": {"length": {"hands": [3.0, 4.0, 5.0, 6.0, 8.0]}}}]}
    assert panels(varied)["lengths"] and "Game length" in playtest_svg(varied)


@pytest.mark.slow
def test_readers_text_has_no_reason_codes_or_seeds_and_spreads_are_not_intervals(book):
    texts = book["texts"]
    curious = next(i for i, t in enumerate(texts) if t.lstrip().startswith("For the curious")
                   or "\nFor the curious\n" in t)
    games = " ".join(texts[2:curious])
    assert not re.search(r"\b[A-Z]+_[A-Z_]+\b", games), re.search(r"\b[A-Z]+_[A-Z_]+\b", games)
    assert not re.search(r"\bseed\b", games)
    assert "lowest" in games and "highest" in games
    seats = re.findall(r'<td class="seats">(.*?)</td>', book["html"])
    assert seats and all(re.fullmatch(r"lowest \d+%, highest \d+%", s) for s in seats), seats
    back = " ".join(texts[curious:])
    assert "--seed" in back and "TOO_LONG" in back  # for the curious


@pytest.mark.slow
def test_every_glossary_term_is_used_by_a_rulebook_in_the_book(book):
    rules = "\n".join(render_markdown(s).lower() for s in book["specs"])
    html = book["html"]
    defined = re.findall(r"<dt>(.*?)</dt>", html)
    assert defined
    for term in defined:
        words = [w.removesuffix("s") for w in re.sub(r"\s*\(.*\)", "", term).lower().split()]
        pattern = r"(?<!no )\b" + r"\w*\s+".join(map(re.escape, words)) + r"\w*"
        assert re.search(pattern, rules), f"{term} is defined but no rulebook in the book uses it"
    assert len(TERMS) > len(defined)  # a book of twelve games does not need every term


@pytest.mark.slow
def test_indexes_by_family_pack_length_and_feature(book):
    html = book["html"]
    for title in ("By number of players", "By family", "By pack", "By length at the table", "By feature"):
        assert f">{title}</h2>" in html, title
    by_name = {s.naming.name: s for s in book["specs"]}
    assert "Cards to avoid" in features(by_name["Hearts"])
    assert {"An auction for a landlord", "Jokers", "Bombs", "A kitty"} <= set(features(by_name["Dou Dizhu"]))
    assert "Trumps" in features(by_name["Whist"]) and "Trumps" not in features(by_name["Rummy"])


@pytest.mark.slow
def test_colophon_counts_are_those_of_the_runs(book):
    """The runs' account (drafts, kept, rejected, the playtests) is in the colophon, not on the cover."""
    whole = "\n".join(book["texts"])
    assert "drafts" not in book["texts"][0]
    cover = " ".join(whole.split("This book was made by Parlour", 1)[1].split())
    drafts = sum(r[2] for r in RUNS)
    kept = sum(len(r[1]) for r in RUNS)
    rejected = sum(sum(r[4].values()) for r in RUNS)
    assert f"drew {drafts} drafts" in cover, cover
    assert f"kept {kept}" in cover and f"rejected {rejected}" in cover, cover
    assert "seeds 7 and 40" in cover, cover
    assert "6 because a game would take too long" in cover, cover  # TOO_LONG added over both runs
    assert f"used the playtest report saved with {sum(len(r[1]) for r in RUNS)} games" in cover and "it rejected none" in cover, cover
    assert all(e.summary.get("reused") for e in book["entries"])


def test_cover_says_only_what_it_knows_and_counts_the_books_rejections_apart():
    from tests.conftest import make_spec

    good = Entry(make_spec(), source="000003-whist.yaml", seed=3, summary={"verdict": "pass", "counts": []})
    bad = Entry(make_spec(**{"naming.name": "Bad"}), source="000004-bad.yaml", seed=4,
                summary={"verdict": "reject", "counts": [], "reasons": [{"code": "LOOPING", "players": 4}]})
    text = " ".join(cover_account([good, bad], BookInfo(playtest_games=50))["lines"])
    assert "2 games were given to the book (generator seeds 3–4)." in text
    assert "drafts" not in text and "generator drew" not in text
    assert "it rejected 1 and left them out: 1 because play comes back to the same position" in text


@pytest.mark.slow
def test_generate_writes_reports_and_a_run_record_that_the_book_uses(tmp_path):
    out = tmp_path / "games"
    runner = CliRunner()
    res = runner.invoke(main, ["generate", "--family", "trick-taking", "--count", "2", "--seed", "7", "--playtest",
                               "--games", "12", "--workers", "1", "--out", str(out)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    record = json.loads((out / runs.record_name(7)).read_text(encoding="utf-8"))
    kept = sorted(p.name for p in out.glob("*.yaml"))
    assert record["games"] == kept and record["kept"] == 2 and record["seed"] == 7
    m = re.search(r"drafts: (\d+) = (\d+) kept .* \+ (\d+) rejected", res.output)
    assert m and record["drafts"] == int(m.group(1)) and record["rejected"] == int(m.group(3)), res.output
    assert sum(record["rejected_by"].values()) == record["rejected"]
    # the mends of every kept game, the last one's too (the record is written with that game)
    mended = re.search(r"kept \((\d+) as drawn, (\d+) mended\)", res.output)
    assert mended and record["mended"] == int(mended.group(2)), (record, res.output)
    for name in kept:
        report = json.loads((out / name.replace(".yaml", ".report.json")).read_text(encoding="utf-8"))
        assert report["verdict"] == "pass" and report["game"] == load_spec(out / name).naming.name
    page = tmp_path / "b.html"
    res = runner.invoke(main, ["book", str(out), "--out", str(page), "--html", "--jobs", "1"], catch_exceptions=False)
    assert res.exit_code == 0 and "2 with the playtest report saved beside them" in res.output, res.output
    cover = " ".join(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8").split('id="colophon"')[1]).split())
    assert f"drew {record['drafts']} draft" in cover and f"kept {record['kept']}" in cover, cover
    assert "seed 7" in cover
    # --replaytest: the saved reports are passed over
    specs = [(p, load_spec(p)) for p in sorted(out.glob("*.yaml"))]
    assert all(e.report for e in entries_of(specs)) and not any(e.report for e in entries_of(specs, replaytest=True))
