"""What a strong bot's decision costs: decisions per second of CPU time of one strong bot among
greedy bots, at the playtest's budget (4 rollouts per action, at most 24 per decision), in each
calibration game of corpus/real, and how it searched (rollouts, exact endings and their nodes, per
decision).

The time is the strong bot's own (``StrongBot.act``), in CPU seconds of this process, so that
other work on the machine disturbs it less; the games are seeded, the strong bot's seat rotates.
Compare two versions of the bot by running this script against each, in turn, in one sitting
(the figures of a busy machine move by tens of percent from one minute to the next).

Usage: python benchmarks/strong_speed.py [--games N] [--only whist-classic,hearts] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.bots import StrongBot  # noqa: E402
from generator.engine import Game  # noqa: E402
from generator.playtest.runner import game_seed, play_one  # noqa: E402
from generator.spec.io import load_spec  # noqa: E402

GAMES = {"whist-classic": 4, "hearts": 4, "oh-hell": 4, "president": 4, "dou-dizhu": 3,
         "crazy-eights": 4, "switch": 4, "rummy": 4, "pay-me": 4}


def measure(name: str, games: int) -> dict[str, float]:
    """The strong bot's decisions, CPU seconds and search counts over ``games`` games."""
    n = GAMES[name]
    game = Game(load_spec(ROOT / "corpus" / "real" / f"{name}.yaml"))
    spent = [0.0]
    bots: list[StrongBot] = []
    act, init = StrongBot.act, StrongBot.__init__

    def timed_act(self, obs):   # noqa: ANN001
        t = time.process_time()
        try:
            return act(self, obs)
        finally:
            spent[0] += time.process_time() - t

    def kept_init(self, *args, **kwargs):   # noqa: ANN001
        init(self, *args, **kwargs)
        bots.append(self)

    StrongBot.act, StrongBot.__init__ = timed_act, kept_init   # type: ignore[method-assign]
    try:
        for i in range(games):
            lineup = ["greedy"] * n
            lineup[i % n] = "strong"
            play_one(game, n, game_seed(11, n, i), i, lineup, bounds=None)
    finally:
        StrongBot.act, StrongBot.__init__ = act, init   # type: ignore[method-assign]
    decisions = sum(b.decisions for b in bots)
    searches = max(1, sum(b.searches for b in bots))
    return {"decisions": decisions, "seconds": spent[0],
            "rollouts": sum(b.rollouts_played for b in bots) / searches,
            "solved": sum(getattr(b, "solved", 0) for b in bots) / searches,
            "nodes": sum(getattr(b, "nodes_searched", 0) for b in bots) / searches}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8, help="games per calibration game (default 8)")
    ap.add_argument("--repeat", type=int, default=1, help="measure this many times; the median is printed")
    ap.add_argument("--only", default=",".join(GAMES))
    args = ap.parse_args(argv)
    print(f"{'game':<14} {'decisions':>9} {'dec/s':>8} {'rollouts/search':>15} {'solved':>7} {'nodes/search':>12}")
    for name in args.only.split(","):
        runs = [measure(name, args.games) for _ in range(args.repeat)]
        rate = statistics.median(r["decisions"] / max(1e-9, r["seconds"]) for r in runs)
        r = runs[0]
        print(f"{name:<14} {r['decisions']:9d} {rate:8.0f} {r['rollouts']:15.1f} {r['solved']:7.2f} "
              f"{r['nodes']:12.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
