"""A 100-game book: how long the playtest, the plots and the typesetting take.

Generates COUNT games (``sample_game(seed)`` for seeds START…), playtests each (Tier 1, GAMES
per player count, in JOBS processes, as `parlour book` does), then renders a book of *all* of
them, rejected ones included, so the book really has COUNT games, each with its plots. The
rendering is the plots (matplotlib, in JOBS processes, as `parlour book` draws them beside the
playtests) and then HTML + PDF in this one process with one font configuration and one
stylesheet: that sum is the figure the README reports (issue 4's target: under 30 s). CPU
seconds are printed too, since a busy machine stretches the wall-clock time.

Usage: python benchmarks/book.py [--count 100] [--games 100] [--start 0] [--jobs 2] [--out FILE]
"""

from __future__ import annotations

import argparse
import pickle
import resource
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
    plot_cpu = draw_plots(entries, jobs=args.jobs)
    t3 = time.perf_counter()
    c3 = time.process_time()
    info = BookInfo(title="A Hundred Card Games", seed=args.start, playtest_seed=1, playtest_games=args.games)
    html = book_html(entries, info, paper=args.paper, include_rejected=True)
    t4 = time.perf_counter()
    c4 = time.process_time()
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp()) / "book.pdf"
    write_book(out, html, paper=args.paper)
    t5 = time.perf_counter()
    c5 = time.process_time()

    from pypdf import PdfReader

    pages = len(PdfReader(out).pages)
    rejected = sum(e.rejected for e in entries)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.count} games ({rejected} rejected by the playtest, printed all the same), {pages} pages, "
          f"{out.stat().st_size / 1e6:.1f} MB: {out}")
    print(f"  sampling        {t1 - t0:6.1f} s")
    print(f"  playtest        {t2 - t1:6.1f} s  ({args.games} games per player count, {args.jobs} processes)")
    print(f"  plots           {t3 - t2:6.1f} s  ({plot_cpu:.1f} s CPU; matplotlib SVG, {args.jobs} processes)")
    print(f"  HTML            {t4 - t3:6.1f} s  ({c4 - c3:.1f} s CPU)")
    print(f"  PDF             {t5 - t4:6.1f} s  ({c5 - c4:.1f} s CPU; WeasyPrint, one process)")
    cpu = plot_cpu / max(1, args.jobs) + (c5 - c3)
    print(f"  book rendering  {t5 - t2:6.1f} s  (plots + HTML + PDF; {cpu:.1f} s with the CPU seconds of the plots "
          f"shared by {args.jobs} processes); peak RSS {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
