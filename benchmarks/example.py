"""What the sections after the rules cost: the worked example per game, the whole Markdown
rulebook with and without it, and (with ``--variations``) the siblings' playtests per game kept.

The example plays one hand of the game with greedy players; a 100-game book renders each rulebook
once, so its cost per game times 100 is what the example adds to a book. Medians and the slowest
game are printed per family, for COUNT sampled specs of each (seeds START…).

Usage: python benchmarks/example.py [--count 25] [--start 0] [--variations N] [--games 100]
"""

from __future__ import annotations

import argparse
import statistics
import time

from generator.families import FAMILIES
from generator.playtest.variations import variations
from generator.sample import sample_game
from generator.text import render_markdown
import generator.text.example as E


def _ms(xs: list[float]) -> str:
    return f"median {1000 * statistics.median(xs):.1f} ms, slowest {1000 * max(xs):.1f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=25, help="sampled specs per family")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--variations", type=int, default=0, help="games per family to try siblings of (0: none)")
    ap.add_argument("--games", type=int, default=100, help="the games' own playtest games a player count")
    args = ap.parse_args()

    render_markdown(sample_game(args.start).spec)   # templates compiled, modules imported
    everything: list[float] = []
    for family in sorted(FAMILIES):
        specs = [sample_game(seed, family).spec for seed in range(args.start, args.start + args.count)]
        example, full, without = [], [], []
        for spec in specs:
            t = time.perf_counter()
            E.worked_example(spec)
            example.append(time.perf_counter() - t)
            t = time.perf_counter()
            render_markdown(spec)
            full.append(time.perf_counter() - t)
            keep = E.worked_example
            E.worked_example = lambda spec, *a, **k: None   # the same rulebook without its example
            try:
                t = time.perf_counter()
                render_markdown(spec)
                without.append(time.perf_counter() - t)
            finally:
                E.worked_example = keep
        everything += example
        print(f"{family:13s} example: {_ms(example)}; rulebook: {_ms(full)} (without the example {_ms(without)})")
        if args.variations:
            costs, kept = [], 0
            for spec in specs[: args.variations]:
                t = time.perf_counter()
                kept += len(variations(spec, args.games))
                costs.append(time.perf_counter() - t)
            print(f"{'':13s} variations: {_ms(costs)} a game ({kept} siblings passed of games tried: {len(costs)})")
    print(f"all families: example {_ms(everything)}; for a 100-game book about "
          f"{100 * statistics.mean(everything):.1f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
