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
Usage: python benchmarks/mend.py [--drafts 100] [--family any] [--seed 0] [--workers 2] [--games 200]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from generator.mend.evidence import not_length
from generator.playtest.judge import JudgeOptions, games_played, judge_all
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
    args = ap.parse_args()

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    sampled = [sample_game(args.seed + i, args.family, mend=True) for i in range(args.drafts)]
    drafts = [s.spec for s in sampled]
    deal_mends = sum(1 for s in sampled if s.mends)
    options = JudgeOptions(games=args.games)

    passed_as_drawn = 0
    reasons: Counter[str] = Counter()
    length_only = too_long_only = 0
    mended = mended_passed = 0
    mended_tl = mended_tl_passed = 0
    fields: Counter[str] = Counter()
    games = mend_games = 0
    for draft, judged in zip(drafts, judge_all(drafts, options, workers=args.workers)):
        own = judged.draft_report if judged.mended else judged.report
        games += judged.games
        if judged.mended:
            mend_games += judged.games - games_played(own)
        if own.verdict == "pass":
            passed_as_drawn += 1
            continue
        codes = {r.code for r in own.reasons}
        reasons.update(codes)
        if not_length(draft, own) is not None:
            continue
        length_only += 1
        only_tl = codes == {"TOO_LONG"}
        too_long_only += only_tl
        if judged.mended:
            mended += 1
            mended_passed += judged.passed
            mended_tl += only_tl
            mended_tl_passed += only_tl and judged.passed
            fields.update(m.field for m in judged.spec.provenance.mends)
    wall = time.perf_counter() - start

    n = args.drafts
    print(f"drafts: {n} (family {args.family}, seeds {args.seed}..{args.seed + n - 1}, "
          f"Tier 1, {args.games} games per player count, {args.workers} workers)")
    print(f"deal mends at sampling (player range narrowed instead of a redraw): {deal_mends}")
    print(f"passed as drawn: {share(passed_as_drawn, n)}")
    print("rejected, by reason (a draft counted once per reason):")
    for code, k in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {code:16} {k}")
    print(f"rejected only for length: {length_only}")
    print(f"  of which a mend was found: {share(mended, length_only)}; the mended game passed: "
          f"{share(mended_passed, length_only)} ({share(mended_passed, mended)} of those mended)")
    print(f"rejected only as TOO_LONG: {too_long_only}")
    print(f"  of which a mend was found: {share(mended_tl, too_long_only)}; the mended game passed: "
          f"{share(mended_tl_passed, too_long_only)}")
    print(f"fields mended: {dict(sorted(fields.items()))}")
    print(f"kept: {passed_as_drawn + mended_passed} of {n} (without the length mend: {passed_as_drawn})")
    print(f"games simulated: {games} (of which by the mends: {mend_games})")
    print(f"wall time: {wall:.0f} s")


if __name__ == "__main__":
    main()
