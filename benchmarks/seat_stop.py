"""How often Tier 2 rejects SEAT_BIAS, and after how many games, with and without the stop of the
strong games at half of ``tier2_games`` (every seat within the band of a fair share there).

One seat's wins are drawn at a true rate ``fair + shift`` and judged at Tier 2's looks (a quarter,
a half, the whole of ``tier2_games``, then doubled while escalated), with the playtest's own
thresholds and Wilson intervals. The stop may only turn a rejection into a pass; this prints how
often it does, beside the games it saves. One seat only: the figures of a whole table are close
(a table stops only when all its seats are inside the band, which is rarer, not commoner).

Seeded and deterministic. Usage: python benchmarks/seat_stop.py [--runs N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.playtest import Settings, tier2_stages  # noqa: E402
from generator.playtest.metrics import SEAT_BAND  # noqa: E402
from generator.playtest.stats import wilson  # noqa: E402

TIER2_GAMES = 100
#: Tier 2's looks at the strong games (its stages without the sift of the trivial policies).
LOOKS = tuple(x for x in tier2_stages(Settings(tier2_games=TIER2_GAMES, tier2_max_games=2 * TIER2_GAMES))
              if x >= TIER2_GAMES // 4)


def judge(rate: float, fair: float, stop_at_half: bool, rng: random.Random) -> tuple[bool, int]:
    """(rejected, games played) for one seat winning at ``rate``."""
    wins = played = 0
    for look in LOOKS:
        while played < look:
            wins += rng.random() < rate
            played += 1
        lo, hi = wilson(wins, played)
        if lo > fair + SEAT_BAND or hi < fair - SEAT_BAND:
            return True, played
        inside = abs(wins / played - fair) <= SEAT_BAND
        if stop_at_half and look == TIER2_GAMES // 2 and inside:
            return False, played
        if look >= TIER2_GAMES and inside:
            return False, played
    return False, played


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("| players | shift | rejected before | rejected with the stop | games before | games with the stop |")
    print("|---|---|---|---|---|---|")
    for n in (2, 3, 4):
        fair = 1 / n
        for shift in (0.0, 0.05, 0.10, 0.15, 0.20):
            row = []
            for stop in (False, True):
                rng = random.Random(f"{args.seed}:{n}:{shift}")
                results = [judge(fair + shift, fair, stop, rng) for _ in range(args.runs)]
                row.append((sum(r for r, _ in results) / args.runs, sum(g for _, g in results) / args.runs))
            (r0, g0), (r1, g1) = row
            print(f"| {n} | +{shift:.2f} | {r0:.3f} | {r1:.3f} | {g0:.1f} | {g1:.1f} |")


if __name__ == "__main__":
    main()
