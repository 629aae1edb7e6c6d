"""A 100-game book: how long the playtest, the plots and the typesetting take.

Generates COUNT games (``sample_game(seed)`` for seeds START…), playtests each (Tier 1, GAMES
per player count, in JOBS processes, as `parlour book` does), then renders a book of *all* of
them, rejected ones included, so the book really has COUNT games, each with its plots. The
rendering is the plots (SVG written in this process; `parlour book` draws them beside the
playtests), the HTML and the PDF as `parlour book` sets it: its runs of games in
JOBS processes, the front and back matter here (``publish.parts``). That sum is the figure the
docs/measurements.md reports (target: under 30 s). CPU seconds are printed too (of this process and of its
workers), since a busy machine stretches the wall-clock time.

With ``--against TREE`` (a checkout of other code, e.g. the commit before a change) the rendering
alone — plots, HTML and PDF of the same playtested games — is timed for this tree and for TREE in
fresh processes, alternately, ``--repeat`` times each; the medians and their ratio are printed, so a
busy machine slows both alike. Each tree's book keeps what that tree's templates print.

Usage: python benchmarks/book.py [--count 100] [--games 100] [--start 0] [--jobs 2] [--out FILE]
                                 [--cache FILE] [--against TREE [--repeat 3]]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.publish.book import (
    BookInfo,
    Entry,
    book_html,
    draw_plots,
    prepare,
    write_book,
)
from generator.sample import sample_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--games", type=int, default=100, help="playtest games per player count")
    ap.add_argument("--start", type=int, default=0, help="first generator seed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--paper", default="A5")
    ap.add_argument("--out", default=None, help="keep the book here (default: a temporary file)")
    ap.add_argument("--cache", default=None, help="keep the playtested games in this pickle, and reuse it")
    ap.add_argument("--against", default=None, help="time the rendering of this tree against TREE's")
    ap.add_argument("--repeat", type=int, default=3, help="with --against: renderings per tree")
    args = ap.parse_args()

    t0 = time.perf_counter()
    entries = [Entry(sample_game(s).spec, source=f"seed {s}", seed=s) for s in range(args.start, args.start + args.count)]
    t1 = time.perf_counter()
    cache = Path(args.cache) if args.cache else None
    if cache and cache.exists():
        entries = pickle.loads(cache.read_bytes())
        print(f"(playtested games from {cache})")
    else:
        prepare(entries, games=args.games, seed=1, jobs=args.jobs, plots="none",
                progress=lambda d, n: print(f"\r  playtested {d}/{n}", end="", file=sys.stderr, flush=True))
        print(file=sys.stderr)
        if cache:
            cache.write_bytes(pickle.dumps(entries))
    t2 = time.perf_counter()
    if args.against:
        return compare(entries, args)
    plot_cpu = draw_plots(entries)
    t3 = time.perf_counter()
    c3 = time.process_time()
    k3 = _children_cpu()
    info = BookInfo(title="A Hundred Card Games", seed=args.start, playtest_seed=1, playtest_games=args.games)
    html = book_html(entries, info, paper=args.paper, include_rejected=True, jobs=args.jobs)
    t4 = time.perf_counter()
    c4 = time.process_time()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp()) / "book.pdf"
    k4 = _children_cpu()
    write_book(out, html, paper=args.paper, jobs=args.jobs)
    t5 = time.perf_counter()
    c5 = time.process_time()
    k5 = _children_cpu()

    from pypdf import PdfReader

    pages = len(PdfReader(out).pages)
    rejected = sum(e.rejected for e in entries)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.count} games ({rejected} rejected by the playtest, printed all the same), {pages} pages, "
          f"{out.stat().st_size / 1e6:.1f} MB: {out}")
    print(f"  sampling        {t1 - t0:6.1f} s")
    print(f"  playtest        {t2 - t1:6.1f} s  ({args.games} games per player count, {args.jobs} processes)")
    print(f"  plots           {t3 - t2:6.1f} s  ({plot_cpu:.1f} s CPU; SVG written here)")
    print(f"  HTML            {t4 - t3:6.1f} s  ({c4 - c3:.1f} s CPU here + {k4 - k3:.1f} s in the workers; "
          f"{args.jobs} processes)")
    print(f"  PDF             {t5 - t4:6.1f} s  ({c5 - c4:.1f} s CPU here + {k5 - k4:.1f} s in the workers; "
          f"WeasyPrint, {args.jobs} processes)")
    shared = max(1, args.jobs)
    cpu = (plot_cpu + max(c4 - c3, (c4 - c3 + k4 - k3) / shared)
           + max(c5 - c4, (c5 - c4 + k5 - k4) / shared))
    print(f"  book rendering  {t5 - t2:6.1f} s  (plots + HTML + PDF; {cpu:.1f} s with the CPU seconds of the HTML "
          f"and of the PDF shared by {args.jobs} processes); peak RSS {rss:.0f} MB")
    return 0


def _children_cpu() -> float:
    """CPU seconds of this process's ended worker processes (user and system)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


#: The rendering, as a child process runs it in either tree (only what both trees have).
RENDER = """
import json, pickle, sys, tempfile, time
from pathlib import Path
import inspect
from generator.publish.book import BookInfo, book_html, draw_plots, write_book
entries = pickle.loads(Path(sys.argv[1]).read_bytes())
for e in entries:
    e.svg = None
t0 = time.perf_counter()
draw_plots(entries, **({'jobs': int(sys.argv[2])} if 'jobs' in inspect.signature(draw_plots).parameters else {}))
t1 = time.perf_counter()
html = book_html(entries, BookInfo(title="A Hundred Card Games", playtest_seed=1, playtest_games=100),
                 include_rejected=True)
out = Path(tempfile.mkdtemp()) / "book.pdf"
write_book(out, html)
t2 = time.perf_counter()
from pypdf import PdfReader
print(json.dumps({"plots": t1 - t0, "book": t2 - t1, "total": t2 - t0, "pages": len(PdfReader(out).pages)}))
"""


def _render_in(tree: Path, cache: Path, jobs: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", RENDER, str(cache), str(jobs)], cwd=tree, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(entries: list, args: argparse.Namespace) -> int:
    """Render the same games with this tree and with ``--against``, alternately; print medians and ratios."""
    cache = Path(tempfile.mkdtemp()) / "entries.pickle"
    cache.write_bytes(pickle.dumps(entries))
    trees = {"this tree": Path(__file__).resolve().parents[1], "against": Path(args.against).resolve()}
    times: dict[str, list[dict]] = {k: [] for k in trees}
    for i in range(args.repeat):
        for name, tree in (trees.items() if i % 2 == 0 else reversed(trees.items())):
            times[name].append(_render_in(tree, cache, args.jobs))
            print(f"  {name:9} run {i + 1}: {times[name][-1]['total']:.1f} s", file=sys.stderr)
    med = {k: {key: statistics.median(t[key] for t in v) for key in ("plots", "book", "total", "pages")}
           for k, v in times.items()}
    print(f"{args.count} games, rendering only (plots in {args.jobs} processes, then HTML + PDF), median of {args.repeat}:")
    for name, m in med.items():
        print(f"  {name:9}  plots {m['plots']:5.1f} s  HTML+PDF {m['book']:5.1f} s  total {m['total']:5.1f} s  "
              f"({m['pages']:.0f} pages)")
    ratio = med["this tree"]["total"] / med["against"]["total"]
    print(f"  ratio this/against: {ratio:.2f} (total), {med['this tree']['book'] / med['against']['book']:.2f} (HTML+PDF)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
