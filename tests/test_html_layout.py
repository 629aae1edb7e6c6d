"""The HTML rulebook as a reader sees it on a phone (400 px wide, and 360), a tablet (768) and a
desktop (1000 px).

A reader found, at 400 px: table headers run together ("PlayersGames"), plots too small to read,
a suit sign wrapped onto a line of its own, headings barely larger than the text, and
"(see *Bidding*)" not a link. The fast tests here look at the HTML itself (suit signs kept with
their word, cross-references as links, also in the PDF made from the HTML); the others open a page
of a calibration game of every family, and a small book, in headless Chromium — one browser for
the module, driven over the DevTools protocol on a pipe — and measure the laid-out page at each
width: nothing wider than the viewport (a wide table or plot scrolls inside its own box), table
cells apart, no suit sign at the start of a line, every heading larger than the text.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from generator.families import FAMILIES, family_of
from generator.publish import game_view, render_html, render_pdf
from generator.publish.book import BookInfo, Entry, book_html
from generator.publish.html import copy_fonts, goal_line
from generator.publish.markup import link_sections, markdown_to_html, section_ids, set_suits
from generator.publish.plots import playtest_svg
from generator.spec.deck import REAL_PACKS
from generator.spec.io import load_spec
from generator.rulebook import render_markdown

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
HYLOE = REAL.parent / "hyloe"
#: Viewport widths: two phones, a tablet, a desktop.
WIDTHS = (360, 400, 768, 1000)
#: A section the rules name, once a link: "(see <a …><em>Play</em></a>)".
XREF = re.compile(r'<a class="xref" href="#([^"]+)"><em>([^<]+)</em></a>')


def calibration_games() -> dict[str, Path]:
    """One calibration game (with its playtest report) of each family, the first by file name of
    those dealt from a French-suited pack (whose suit signs the page's checks measure)."""
    out: dict[str, Path] = {}
    for path in sorted(REAL.glob("*.yaml")):
        spec = load_spec(path)
        if path.with_suffix(".report.json").exists() and spec.deck.kind not in REAL_PACKS:
            out.setdefault(family_of(spec).name, path)
    return out


def calibration_specs() -> list[Any]:
    return [load_spec(path) for path in sorted(REAL.glob("*.yaml"))]


def with_cross_reference() -> Any:
    """A calibration game whose rulebook refers the reader to another section ("(see *Play*)")."""
    for spec in calibration_specs():
        if "(see *" in render_markdown(spec):
            return spec
    pytest.skip("no calibration game has a cross-reference to a section")


# ---------------------------------------------------------------- the HTML itself


def test_a_suit_sign_is_kept_with_its_rank_or_word():
    out = markdown_to_html("Lead the Q♠ or 10♥; the suits are clubs ♣, hearts ♥ and (♦).")
    assert '<span class="nobr">Q<span class="suit">♠</span></span>' in out
    assert '<span class="nobr">10<span class="suit red">♥</span></span>' in out
    # the space before a sign becomes a no-break space inside the word's span
    assert '<span class="nobr">clubs\u00a0<span class="suit">♣</span></span>' in out
    assert '<span class="nobr">(<span class="suit red">♦</span></span>)' in out
    # signs after a tag or another sign are joined by no-break spaces; tags are never touched
    assert set_suits("<i>x</i> ♠ ♥") == '<i>x</i>\u00a0<span class="suit">♠</span>\u00a0<span class="suit red">♥</span>'
    assert set_suits('<a title="♠">A</a>') == '<a title="♠">A</a>'
    assert out.count("♠") == out.count('class="suit">♠') == 1


def test_a_table_has_a_box_of_its_own_and_its_introduction_is_marked():
    out = markdown_to_html("First.\n\nThese cards score specially:\n\n| Card | Score |\n|---|---|\n| Q♠ | 13 |\n\nLast.")
    assert '<p>First.</p>' in out and '<p>Last.</p>' in out
    assert re.search(r'<p class="leads-table">These cards score specially:</p>\s*<div class="table-box"><table class="rules">', out)
    assert out.count('<div class="table-box">') == out.count("</table></div>") == 1


def test_sections_get_ids_and_the_sections_the_rules_name_become_links():
    md = "## Bidding\n\nBid.\n\n## Scoring\n\nBid (see *Bidding*), or *not*; the hand ends as *Scoring* says."
    html, targets = section_ids(markdown_to_html(md), "g-x")
    assert '<h2 id="g-x--bidding">Bidding</h2>' in html
    assert targets == {"Bidding": "g-x--bidding", "Scoring": "g-x--scoring"}
    linked = link_sections(html, targets)
    assert '(see <a class="xref" href="#g-x--bidding"><em>Bidding</em></a>)' in linked
    assert 'as <a class="xref" href="#g-x--scoring"><em>Scoring</em></a> says' in linked
    assert "<em>not</em>" in linked                           # other emphasis is left alone
    assert link_sections("see <em>Elsewhere</em> or <em>bidding</em>", targets) == "see <em>Elsewhere</em> or <em>bidding</em>"
    # the same heading twice in one game still gets two ids
    twice, _ = section_ids("<h3>Play</h3><h3>Play</h3>", "g")
    assert 'id="g--play"' in twice and 'id="g--play-2"' in twice


def test_every_section_a_rulebook_names_is_a_link_to_a_heading_of_its_game():
    # the calibration games, and two seed-book games with a section of laws named by the spec
    with_laws = [p for p in sorted(HYLOE.glob("*.yaml")) if "extra_rules: null" not in p.read_text(encoding="utf-8")]
    assert with_laws
    seen = 0
    for spec in calibration_specs() + [load_spec(p) for p in with_laws[:2]]:
        md = render_markdown(spec)
        assert "<a " not in md                                    # the Markdown stays plain text
        for level, anchor in ((1, None), (2, "g-in-a-book")):
            view = game_view(spec, level=level, anchor=anchor)
            html = str(view.intro_html) + str(view.body_html)
            headings = dict((text, ident) for ident, text in re.findall(r'<h\d id="([^"]+)">([^<]*)</h\d>', html))
            links = XREF.findall(html)
            for target, name in links:
                assert headings.get(name) == target and target.startswith(view.id + "--"), (spec.naming.name, target)
            # every "(see *X*)" is a link, and no heading named in italics is left without one
            assert len(re.findall(r"see <a class=\"xref\"", html)) == len(re.findall(r"\(see \*[^*]+\*\)", md))
            unlinked = [m for m in re.finditer(r"<em>([^<]+)</em>", html)
                        if m.group(1) in headings and not html[:m.start()].endswith('">')]
            assert not unlinked, (spec.naming.name, [m.group(0) for m in unlinked])
            seen += len(links)
    assert seen > 0


@pytest.mark.slow
def test_the_pdf_made_from_the_html_has_working_internal_links():
    pypdf = pytest.importorskip("pypdf")
    spec = with_cross_reference()
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(spec)))
    internal = 0
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            a = annot.get_object()
            if a.get("/Subtype") != "/Link":
                continue
            action = a.get("/A")
            dest = a.get("/Dest") or (action.get_object().get("/D") if action is not None else None)
            uri = action.get_object().get("/URI") if action is not None else None
            if dest is not None and uri is None:
                internal += 1
    assert internal >= 1, "no internal link in the PDF"


# ---------------------------------------------------------------- the browser


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (file descriptors 3 and 4,
    messages ended by NUL): one browser for many pages, no port, no extra package."""

    def __init__(self, exe: str, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory()
        to_browser, self._w = os.pipe()
        self._r, from_browser = os.pipe()

        def pipes() -> None:  # in the child: the protocol's pipes on fds 3 and 4
            a, b = os.dup(to_browser), os.dup(from_browser)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--no-first-run", "--disable-quic", "--hide-scrollbars", "--mute-audio",
             f"--user-data-dir={self.profile.name}", "about:blank"],
            close_fds=False, preexec_fn=pipes, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buf = b""
        self._id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._id += 1
        msg: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\0" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self._r], [], [], left)[0]:
                    raise TimeoutError(f"chromium did not answer {method}")
                chunk = os.read(self._r, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe")
                self._buf += chunk
            raw, self._buf = self._buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, self.session, **params)

    def evaluate(self, expression: str) -> Any:
        res = self.page("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in res:
            raise RuntimeError(res["exceptionDetails"])
        return res["result"].get("value")

    def open(self, url: str, width: int) -> None:
        """Load ``url`` in a viewport ``width`` px wide (a phone's below 600), fonts and all."""
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1,
                  mobile=width < 600)
        self.page("Page.navigate", url=url)
        deadline = time.monotonic() + self.timeout
        while self.evaluate(f"location.href === {json.dumps(url)} && document.readyState === 'complete'") is not True:
            if time.monotonic() > deadline:
                raise TimeoutError(f"chromium did not load {url}")
            time.sleep(0.02)
        # the fonts, and a frame laid out at the new width (a phone's page follows its viewport tag)
        seen = self.evaluate("document.fonts.ready.then(() => new Promise(r => { const t = performance.now();"
                             f" (function wait() {{ innerWidth === {width} || performance.now() - t > 3000"
                             " ? r(innerWidth) : requestAnimationFrame(wait); })(); }))")
        assert seen == width, f"{url}: laid out {seen} px wide, not {width}"

    def screenshot(self, path: Path, most: int = 3000) -> None:
        """The page from its top, as tall as it is up to ``most`` px."""
        height = min(most, self.evaluate("document.documentElement.scrollHeight"))
        width = self.evaluate("innerWidth")
        shot = self.page("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._w)
        os.close(self._r)
        self.profile.cleanup()


#: Measures the laid-out page in the browser; returns what a reader would see as faults.
MEASURE = r"""
((vw) => {
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().replace(/\s+/g, '.') : '');
  const isBlock = el => !['inline', 'contents'].includes(getComputedStyle(el).display);
  // the part of a box a reader can see: cut by every ancestor that clips (a scroll box)
  const visible = (el, r) => {
    let left = r.left, right = r.right;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') {
        const ar = a.getBoundingClientRect();
        left = Math.max(left, ar.left); right = Math.min(right, ar.right);
      }
    }
    return [left, right];
  };
  const out = {width: vw, scrollWidth: document.documentElement.scrollWidth, wide: [], touching: [],
               suitStarts: [], smallHeadings: [], text: 0, suits: 0, cells: 0, headings: 0, scrollBoxes: 0};
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const [left, right] = visible(el, r);
    const outside = right > left && (left < -0.5 || right > vw + 0.5);
    if (outside) out.wide.push(`${name(el)} ${left.toFixed(0)}..${right.toFixed(0)}`);
    if (getComputedStyle(el).overflowX === 'auto' && el.scrollWidth > el.clientWidth + 1) out.scrollBoxes++;
  }
  // text that runs out of its box (a long word, a cell's text over the next one)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (!n.data.trim()) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const [left, right] = visible(n.parentElement, r);
      const outside = right > left && (left < -0.5 || right > vw + 0.5);
      if (outside) out.wide.push(`text "${n.data.trim().slice(0, 30)}" ${left.toFixed(0)}..${right.toFixed(0)}`);
    }
  }
  // the cells of a row: the text of one ends well before the text of the next begins
  const textBox = cell => {
    const rng = document.createRange(); rng.selectNodeContents(cell);
    const rs = [...rng.getClientRects()].filter(r => r.width > 0);
    if (!rs.length) return null;
    return {left: Math.min(...rs.map(r => r.left)), right: Math.max(...rs.map(r => r.right)),
            top: Math.min(...rs.map(r => r.top)), bottom: Math.max(...rs.map(r => r.bottom))};
  };
  for (const row of document.querySelectorAll('tr')) {
    const cells = [...row.children].map(c => [c, textBox(c)]).filter(([c, b]) => b);
    for (let i = 0; i + 1 < cells.length; i++) {
      const [a, ba] = cells[i], [b, bb] = cells[i + 1];
      if (ba.bottom <= bb.top || bb.bottom <= ba.top) continue;  // stacked, not side by side
      out.cells++;
      const gap = bb.left - ba.right;
      const pair = `${JSON.stringify(a.textContent.trim())} | ${JSON.stringify(b.textContent.trim())}`;
      if (gap < 4) out.touching.push(`${pair}: ${gap.toFixed(1)} px`);
    }
  }
  // a suit sign is on the line of the character before it in its block
  for (const sign of document.querySelectorAll('.suit')) {
    out.suits++;
    let block = sign.parentElement;
    while (!isBlock(block)) block = block.parentElement;
    const texts = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    let before = null;
    while (texts.nextNode()) {
      const t = texts.currentNode;
      if (sign.contains(t)) break;
      if (t.data.trim()) before = t;
    }
    if (!before) continue;                                      // the block starts with the sign
    const i = before.data.replace(/\s+$/, '').length - 1;
    const rng = document.createRange(); rng.setStart(before, i); rng.setEnd(before, i + 1);
    const rs = rng.getClientRects(); const prev = rs[rs.length - 1]; const s = sign.getClientRects()[0];
    if (prev && s && (s.top + s.bottom) / 2 > prev.bottom)
      out.suitStarts.push(`${before.data.trim().slice(-20)} | ${sign.textContent}`);
  }
  // headings clearly larger than the text: the font size most of the running text is set in
  const sizes = {};
  for (const p of document.querySelectorAll('p, li, dd')) {
    const px = parseFloat(getComputedStyle(p).fontSize);
    sizes[px] = (sizes[px] || 0) + p.textContent.length;
  }
  out.text = parseFloat(Object.entries(sizes).sort((a, b) => b[1] - a[1])[0][0]);
  out.measure = 0;                                   // the widest paragraph of running text, in ems
  for (const p of document.querySelectorAll('p')) {
    if (parseFloat(getComputedStyle(p).fontSize) === out.text)
      out.measure = Math.max(out.measure, p.getBoundingClientRect().width / out.text);
  }
  for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    out.headings++;
    const px = parseFloat(getComputedStyle(h).fontSize);
    if (px < 1.15 * out.text) out.smallHeadings.push(`${name(h)} "${h.textContent.trim().slice(0, 30)}" ${px}px`);
  }
  return out;
})
"""


@pytest.fixture(scope="module")
def chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        pytest.skip("chromium is missing (install the Debian package chromium)")
    browser = Chromium(exe)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """A page of a calibration game of every family (with its playtest figures and plot), and a
    small book of those games, in one folder with their fonts."""
    folder = tmp_path_factory.mktemp("html")
    copy_fonts(folder)
    games = calibration_games()
    book = {name for name, f in FAMILIES.items() if f.weight > 0}   # the seed book's families have calibration games
    assert set(games) >= book, f"a family without a calibration game: {book - set(games)}"
    out: dict[str, Path] = {}
    entries = []
    for family, path in games.items():
        spec = load_spec(path)
        report = json.loads(path.with_suffix(".report.json").read_text(encoding="utf-8"))
        svg = playtest_svg(report, goal=goal_line(spec))       # drawn once, for the page and the book
        page = folder / f"{path.stem}.html"
        page.write_text(render_html(spec, report, plot_svg=svg), encoding="utf-8")
        out[family] = page
        entries.append(Entry(spec=spec, source=path.name, summary=report, svg=svg))
    book = folder / "book.html"
    book.write_text(book_html(entries, BookInfo(), for_pdf=False), encoding="utf-8")
    out["book"] = book
    return out


def measure(chromium: Chromium, page: Path, width: int) -> dict[str, Any]:
    chromium.open(page.as_uri(), width)
    return chromium.evaluate(f"{MEASURE}({width})")


@pytest.mark.external
@pytest.mark.parametrize("width", WIDTHS)
def test_pages_fit_the_viewport_at_phone_and_desktop_widths(chromium, pages, width):
    for what, page in pages.items():
        m = measure(chromium, page, width)
        assert m["scrollWidth"] <= width, f"{what} at {width} px: the page is {m['scrollWidth']} px wide"
        assert not m["wide"], f"{what} at {width} px: wider than the viewport: {m['wide'][:5]}"
        assert m["cells"] > 0 and not m["touching"], f"{what} at {width} px: cells that touch: {m['touching'][:5]}"
        assert m["suits"] > 0 and not m["suitStarts"], \
            f"{what} at {width} px: a suit sign starts a line: {m['suitStarts'][:5]}"
        assert m["headings"] > 0 and not m["smallHeadings"], \
            f"{what} at {width} px: headings not larger than the {m['text']} px text: {m['smallHeadings'][:5]}"
        if width >= 1000:  # a comfortable measure: some 60 to 80 characters a line, not the whole screen
            assert 28 <= m["measure"] <= 38, f"{what} at {width} px: lines {m['measure']:.1f} em long"


@pytest.mark.external
def test_on_a_phone_the_playtest_table_and_plot_scroll_in_their_own_boxes(chromium, pages):
    """At 400 px the playtest's figures and plot need more than the column: they scroll inside
    their boxes (the page itself does not), so the plot's text keeps its size."""
    one = next(p for what, p in pages.items() if what != "book")
    chromium.open(one.as_uri(), 400)
    boxes = chromium.evaluate("""[...document.querySelectorAll('table.figures, figure.plots')].map(el => ({
        overflow: getComputedStyle(el).overflowX, right: el.getBoundingClientRect().right,
        inner: el.scrollWidth, outer: el.clientWidth, cue: getComputedStyle(el).backgroundImage}))""")
    assert boxes and all(b["overflow"] == "auto" and b["right"] <= 400 for b in boxes), boxes
    # and each shows that it scrolls: a shadow at the side where more is hidden
    assert all("radial-gradient" in b["cue"] for b in boxes), boxes
    # the plot is never drawn smaller than its own size, so its text stays as large as it was drawn
    img = chromium.evaluate("""(() => { const i = document.querySelector('figure.plots img');
        return i ? [i.getBoundingClientRect().width, i.naturalWidth] : null; })()""")
    if img:
        assert img[0] >= img[1] - 1, img


@pytest.mark.external
def test_screenshots_at_both_widths(chromium, pages, tmp_path_factory):
    """A picture of each width to look at (kept in the test's temporary folder): a game's page
    at both widths, and the book's first pages on a phone."""
    import numpy as np
    from PIL import Image

    folder = tmp_path_factory.mktemp("shots")
    game = sorted(k for k in pages if k != "book")[0]
    for what, width, most in ((game, 400, 3000), (game, 1000, 3000), ("book", 400, 2000)):
        shot = folder / f"{what}-{width}.png"
        chromium.open(pages[what].as_uri(), width)
        chromium.screenshot(shot, most)
        im = np.asarray(Image.open(shot).convert("RGB")).astype(int)
        assert im.shape[1] == width and im.shape[0] > 900
        r, g, b = im[..., 0], im[..., 1], im[..., 2]
        assert ((r + g + b) < 300).mean() > 0.005, f"{shot} looks blank"
        assert ((r > 120) & (g < 60) & (b < 80)).sum() > 20, f"{shot}: no red suit signs"
