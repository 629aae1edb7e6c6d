"""How often Tier 2 rejects a fair game by chance: SEAT_BIAS on games whose seats are all equal.

A fair game at each player count is simulated as Tier 2 plays its strong games: every game's
winner is a seat drawn uniformly (seeded), and the real judge (``Tier2Count.judge``) looks at the
counts of ``tier2_stages``: the early looks (25 and 50 of the planned 100 games), the planned
count, and the doubling to 200 for an escalated configuration. A look with a reason rejects; the
run stops when the judge settles the configuration (from half the planned count on) or at the
planned count when nothing is escalated.

The share rejected is printed with the early looks judged as the playtest judges them
(``stats.Z_EARLY``, 99.9%) and, for comparison, at 95% like the planned count (the judge before
the early looks were made strict). A game judged at several player counts is rejected when any
one of them is: the last column combines the counts 2 to 6 (Rummy's), as independent runs.

Usage: python benchmarks/false_rejections.py [--runs N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.playtest import Settings, tier2_stages  # noqa: E402
from generator.playtest.metrics import STRONG, Tier2Count, tier2_configs  # noqa: E402
from generator.playtest.runner import GameSummary  # noqa: E402
from generator.playtest.stats import Z95, Z_EARLY, wilson  # noqa: E402

PLAYERS = (2, 3, 4, 5, 6)


def one_run(n: int, rnd, looks: list[int], planned: int, early: float) -> tuple[bool, int]:
    """One fair configuration judged look by look: (rejected, games played)."""
    configs = {STRONG: tier2_configs(n, [], [])[STRONG]}
    games: list[GameSummary] = []
    for look in looks:
        while len(games) < look:
            i = len(games)
            w = int(rnd() * n)
            games.append(GameSummary(i, i, n, winner=w, ranking=[1 if p == w else 2 for p in range(n)],
                                     hands=3, dead_tail=0.05, lead_changes=2))
        f = Tier2Count(n, configs, {STRONG: games}, planned, early).judge()
        if f.reasons:
            return True, look
        if (look >= planned // 2 and STRONG in f.settled) or (look >= planned and STRONG not in f.escalate):
            return False, look
    return False, len(games)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=4000, help="runs a player count (default 4000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    s = Settings()
    looks = [x for x in tier2_stages(s) if x >= s.tier2_games // 4]   # the sift judges trivial policies only
    print(f"fair seats, {args.runs} runs a player count; looks at {looks} of a planned {s.tier2_games}\n")
    print("| early looks judged at | " + " | ".join(f"{n} players" for n in PLAYERS) + " | a game at 2–6 players |")
    print("|---|" + "---|" * (len(PLAYERS) + 1))
    for label, z in (("99.9% (the judge)", Z_EARLY), ("95% (as before)", Z95)):
        rnd = random.Random(args.seed).random
        shares = []
        for n in PLAYERS:
            rejected = sum(one_run(n, rnd, looks, s.tier2_games, z)[0] for _ in range(args.runs))
            shares.append(rejected / args.runs)
        none = 1.0
        for x in shares:
            none *= 1 - x
        cells = [f"{x:.2%} [{wilson(x * args.runs, args.runs)[0]:.2%}–{wilson(x * args.runs, args.runs)[1]:.2%}]"
                 for x in shares]
        print(f"| {label} | " + " | ".join(cells) + f" | {1 - none:.2%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
