"""How strong the strong bot is at melding games: its share of wins against each trivial policy
and against the greedy bot, in Rummy and Pay Me (corpus/real), four players.

The line-ups are climbing's (``climbing_bots``): one bot (the *focus*) at one seat and the other
bot at every other seat, the focus seat rotating from game to game (game ``i`` puts it at seat
``i mod 4``), as the playtest's Tier 2 does. Two tables per opponent:

* ``strong vs P``: one strong bot among the policy ``P`` — the strong bot's win share;
* ``P vs strong``: one ``P`` among strong bots — the share of ``P`` (DOMINANT_STRATEGY rejects a
  game when it reaches 0.5).

An even share is a quarter. Each share is printed with its Wilson 95% interval and the number of
games. The strong bot uses the playtest's budget (4 rollouts per play, at most 24 per decision).
Defaults are small, because a melding game with a strong bot takes seconds (a hand is some sixty
turns of three or four decisions each): ``--games 24`` per line-up, which prints the table in
about half an hour on two cores; the intervals are then some ±0.18 wide.

Usage: python benchmarks/melding_bots.py [--games N] [--seed S] [--games-list rummy,pay-me]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from climbing_bots import OPPONENTS, share  # beside this script (it puts the project on the path)

from generator.playtest.stats import wilson  # noqa: E402

GAMES = {"rummy": 4, "pay-me": 4}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=24, help="games per line-up (default 24)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games-list", default=",".join(GAMES))
    ap.add_argument("--opponents", default=",".join(OPPONENTS))
    args = ap.parse_args(argv)
    print(f"{'game':<8} {'line-up':<26} {'share':>6} {'95% interval':>15} {'games':>6} {'even':>5} {'sec':>5}")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.games_list.split(","):
            n = GAMES[name]
            for opp in args.opponents.split(","):
                for focus, other in (("strong", opp), (opp, "strong")):
                    t = time.time()
                    w, g = share(name, n, focus, other, args.games, args.seed, pool)
                    lo, hi = wilson(w, g)
                    print(f"{name:<8} {focus + ' vs ' + other:<26} {w / g:6.2f} [{lo:5.2f}, {hi:5.2f}] "
                          f"{g:6d} {1 / n:5.2f} {time.time() - t:5.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
