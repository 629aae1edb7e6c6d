"""Repair before reject: how many drafts the mends save, and what it costs.

Draws N drafts (the sampler with its deal mend on: a deal that does not fit at some player counts
narrows the range instead of being redrawn), judges them with ``judge_all`` at Tier 1 with the
playtest's default budget (a draft rejected only for its length is mended and judged again), and
prints:

* drafts, passed as drawn, rejected by reason (the draft's own reasons, each counted once a draft);
* rejected only for length — and of those only as TOO_LONG (no game stopped by the cap) — of which
  a mend was found, and of which the mended game passed;
* the fields the mends changed, deal mends made at sampling, games simulated (by the drafts and
  by the mends), and the wall time.

The machine's load average is printed first: other work on the machine slows the wall time.
Usage: python benchmarks/mend.py [--drafts 100] [--family any] [--seed 0] [--workers 2] [--games 200] [--verbose]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from generator.mend.evidence import not_length
from generator.judging import JudgeOptions, judge_all
from generator.playtest import games_played
from generator.sample import sample_game


def share(k: int, n: int) -> str:
    return f"{k} of {n} ({k / n:.0%})" if n else f"{k} of 0"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--drafts", type=int, default=100)
    ap.add_argument("--family", default="any")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games", type=int, default=200, help="Tier-1 games per player count (the playtest's default)")
    ap.add_argument("--verbose", action="store_true", help="a line per draft: its reasons and its mend")
    ap.add_argument("--every", type=int, default=10, help="print the count kept so far every this many drafts")
    args = ap.parse_args()

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    sampled = [sample_game(args.seed + i, args.family, mend=True) for i in range(args.drafts)]
    drafts = [s.spec for s in sampled]
    deal_mends = sum(1 for s in sampled if s.mends)
    options = JudgeOptions(games=args.games)

    tally = Tally()
    for i, (draft, judged) in enumerate(zip(drafts, judge_all(drafts, options, workers=args.workers)), 1):
        line = tally.add(draft, judged)
        if args.verbose:
            print(f"  draft {i} (seed {args.seed + i - 1}, {draft.family}): {line}", flush=True)
        if i % args.every == 0 and i < len(drafts):
            print(f"-- after {i} drafts, {time.perf_counter() - start:.0f} s: kept {tally.kept} "
                  f"(mended and passed {tally.mended_passed})", flush=True)
    wall = time.perf_counter() - start
    tally.print(args, deal_mends, wall)


class Tally:
    """The run's counts, draft by draft."""

    def __init__(self) -> None:
        self.drafts = self.passed_as_drawn = 0
        self.reasons: Counter[str] = Counter()
        self.length_only = self.too_long_only = 0
        self.mended = self.mended_passed = self.mended_tl = self.mended_tl_passed = 0
        self.fields: Counter[str] = Counter()
        self.games = self.mend_games = 0

    @property
    def kept(self) -> int:
        return self.passed_as_drawn + self.mended_passed

    def add(self, draft, judged) -> str:  # noqa: ANN001
        """Count one draft's verdict; a line saying what happened to it."""
        self.drafts += 1
        own = judged.draft_report if judged.mended else judged.report
        self.games += judged.games
        if judged.mended:
            self.mend_games += judged.games - games_played(own)
        if own.verdict == "pass":
            self.passed_as_drawn += 1
            return "passed"
        codes = {r.code for r in own.reasons}
        self.reasons.update(codes)
        line = "rejected: " + ", ".join(sorted(codes))
        why_not = not_length(draft, own)
        if why_not is not None:
            return line
        self.length_only += 1
        only_tl = codes == {"TOO_LONG"}
        self.too_long_only += only_tl
        if not judged.mended:
            return line + "; no mend found"
        self.mended += 1
        self.mended_passed += judged.passed
        self.mended_tl += only_tl
        self.mended_tl_passed += only_tl and judged.passed
        self.fields.update(m.field for m in judged.spec.provenance.mends)
        changes = "; ".join(f"{m.field} {m.draft} -> {m.mended}" for m in judged.spec.provenance.mends)
        return f"{line}; mended ({changes}): {judged.report.verdict}"

    def print(self, args: argparse.Namespace, deal_mends: int, wall: float) -> None:
        n = self.drafts
        print(f"drafts: {n} (family {args.family}, seeds {args.seed}..{args.seed + n - 1}, "
              f"Tier 1, {args.games} games per player count, {args.workers} workers)")
        print(f"deal mends at sampling (player range narrowed instead of a redraw): {deal_mends}")
        print(f"passed as drawn: {share(self.passed_as_drawn, n)}")
        print("rejected, by reason (a draft counted once per reason):")
        for code, k in sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {code:16} {k}")
        print(f"rejected only for length: {self.length_only}")
        print(f"  of which a mend was found: {share(self.mended, self.length_only)}; the mended game passed: "
              f"{share(self.mended_passed, self.length_only)} ({share(self.mended_passed, self.mended)} of those mended)")
        print(f"rejected only as TOO_LONG: {self.too_long_only}")
        print(f"  of which a mend was found: {share(self.mended_tl, self.too_long_only)}; the mended game passed: "
              f"{share(self.mended_tl_passed, self.too_long_only)}")
        print(f"fields mended: {dict(sorted(self.fields.items()))}")
        print(f"kept: {self.kept} of {n} (without the length mend: {self.passed_as_drawn})")
        print(f"games simulated: {self.games} (of which by the mends: {self.mend_games})")
        print(f"wall time: {wall:.0f} s")


if __name__ == "__main__":
    main()
