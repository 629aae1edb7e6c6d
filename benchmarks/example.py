"""What the sections after the rules cost: the worked example per game, the whole Markdown
rulebook with and without it, and (with ``--variations``) the siblings' playtests per game kept.

Times are CPU seconds of this process (a shared machine stretches wall-clock time, not these).
The example plays one hand of the game with greedy players; a 100-game book renders each rulebook
once, so its cost per game times 100 is what the example adds to a book. Medians and the slowest
game are printed per family, for COUNT sampled specs of each (seeds START…).

With ``--book N`` it also typesets a book of N sampled games (no playtest, so no plots: the rules
alone) twice, with and without the new sections, and prints the seconds and pages of each, which
is what the sections add to ``parlour book``.

Usage: python benchmarks/example.py [--count 25] [--start 0] [--variations N] [--games 100] [--book N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from generator.families import FAMILIES
from generator.judging.variations import variations
from generator.sample import sample_game
from generator.rulebook import render_markdown, worked_example
from generator.text.render import render_markdown as render_text


def _ms(xs: list[float]) -> str:
    return f"median {1000 * statistics.median(xs):.1f} ms, slowest {1000 * max(xs):.1f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=25, help="sampled specs per family")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--variations", type=int, default=0, help="games per family to try siblings of (0: none)")
    ap.add_argument("--games", type=int, default=100, help="the games' own playtest games a player count")
    ap.add_argument("--book", type=int, default=0, help="typeset a book of this many games with and without")
    args = ap.parse_args()
    if args.book:
        _book(args.book, args.start)

    render_markdown(sample_game(args.start).spec)   # templates compiled, modules imported
    everything: list[float] = []
    for family in sorted(FAMILIES):
        specs = [sample_game(seed, family).spec for seed in range(args.start, args.start + args.count)]
        example, full, without = [], [], []
        for spec in specs:
            t = time.process_time()
            worked_example(spec)
            example.append(time.process_time() - t)
            t = time.process_time()
            render_markdown(spec)
            full.append(time.process_time() - t)
            t = time.process_time()
            render_text(spec)   # the same rulebook without its example
            without.append(time.process_time() - t)
        everything += example
        print(f"{family:13s} example: {_ms(example)}; rulebook: {_ms(full)} (without the example {_ms(without)})")
        if args.variations:
            from generator.playtest import playtest

            costs, own, kept = [], [], 0
            for spec in specs[: args.variations]:
                t = time.process_time()
                playtest(spec, games=args.games)
                own.append(time.process_time() - t)
                t = time.process_time()
                kept += len(variations(spec, args.games))
                costs.append(time.process_time() - t)
            print(f"{'':13s} variations: {_ms(costs)} a game, against its own playtest's {_ms(own)} "
                  f"(ratio of sums {sum(costs) / max(1e-9, sum(own)):.2f}; {kept} siblings passed, {len(costs)} games)")
    print(f"all families: example {_ms(everything)}; for a 100-game book about "
          f"{100 * statistics.mean(everything):.1f} s in all")
    return 0


def _book(count: int, start: int) -> None:
    import tempfile
    from pathlib import Path

    from pypdf import PdfReader

    from generator.publish.book import BookInfo, Entry, book_html, write_book
    from generator.text import render as R

    entries = [Entry(sample_game(s, "any").spec, source=f"seed {s}", seed=s) for s in range(start, start + count)]
    info = BookInfo(title="A book", seed=start, playtest_seed=0, playtest_games=0)
    keep = R.extras

    def rules_only(spec, summary=None, figures=None):   # the book as it was: no section after the rules
        return {"example": None, "strategy": [], "variations": [], "scoresheet": None, "quickref": None}

    for label, extras in (("without the new sections", rules_only), ("with them", keep)):
        R.extras = extras
        try:
            t = time.process_time()
            html = book_html(entries, info, include_rejected=True)
            out = Path(tempfile.mkdtemp()) / "book.pdf"
            write_book(out, html)
            secs = time.process_time() - t
        finally:
            R.extras = keep
        print(f"book of {count} games {label}: {secs:.1f} s (HTML + PDF), {len(PdfReader(out).pages)} pages")


if __name__ == "__main__":
    raise SystemExit(main())
