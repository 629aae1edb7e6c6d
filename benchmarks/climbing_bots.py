"""How strong the strong bot is at climbing games: its share of wins against each trivial policy
and against the greedy bot, in President and Dou Dizhu (corpus/real).

Each line-up puts one bot (the *focus*) at one seat and the other bot at every other seat, the
focus seat rotating from game to game (game ``i`` puts it at seat ``i mod n``), exactly as the
playtest's Tier 2 does. Two tables per game:

* ``strong vs P``: one strong bot among the policy ``P`` — the strong bot's win share;
* ``P vs strong``: one ``P`` among strong bots — the share of ``P`` (DOMINANT_STRATEGY rejects a
  game when it reaches 0.5).

An even share is 1/n (a quarter in President, a third in Dou Dizhu). Each share is printed with
its Wilson 95% interval and the number of games. The strong bot uses the playtest's budget
(4 rollouts per play, at most 24 per decision). Defaults are small so that the table prints in a
few minutes on two cores: ``--games 20`` per line-up.

Usage: python benchmarks/climbing_bots.py [--games N] [--seed S] [--games-list president,dou-dizhu]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.engine import Game  # noqa: E402
from generator.playtest.runner import game_seed, play_one  # noqa: E402
from generator.playtest.stats import wilson  # noqa: E402
from generator.spec.io import load_spec  # noqa: E402

GAMES = {"president": 4, "dou-dizhu": 3}
OPPONENTS = ("highest", "lowest", "greedy-points", "greedy")


def _batch(args: tuple[str, int, str, str, int, list[int]]) -> list[tuple[int, int | None]]:
    name, n, focus, other, seed, indices = args
    game = Game(load_spec(ROOT / "corpus" / "real" / f"{name}.yaml"))
    out = []
    for i in indices:
        lineup = [focus if p == i % n else other for p in range(n)]
        s = play_one(game, n, game_seed(seed, n, i), i, lineup, bounds=None)
        out.append((i, s.winner))
    return out


def share(name: str, n: int, focus: str, other: str, games: int, seed: int, pool) -> tuple[int, int]:
    chunks = [list(range(k, games, 4)) for k in range(4)]
    wins = total = 0
    for res in pool.map(_batch, [(name, n, focus, other, seed, c) for c in chunks if c]):
        for i, winner in res:
            total += 1
            wins += winner is not None and winner == i % n
    return wins, total


def share_table(doc: str, games: dict[str, int], default_games: int, width: int,
                argv: list[str] | None = None) -> int:
    """The command line and table every family's bot benchmark shares: for each game (``games``
    maps a corpus name to its seats) and each opponent, the two line-ups' shares with their
    intervals, one row each, the game's name in a column ``width`` wide."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=default_games,
                    help=f"games per line-up (default {default_games})")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--games-list", default=",".join(games))
    ap.add_argument("--opponents", default=",".join(OPPONENTS))
    args = ap.parse_args(argv)
    print(f"{'game':<{width}} {'line-up':<26} {'share':>6} {'95% interval':>15} {'games':>6} {'even':>5} {'sec':>5}")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.games_list.split(","):
            n = games[name]
            for opp in args.opponents.split(","):
                for focus, other in (("strong", opp), (opp, "strong")):
                    t = time.time()
                    w, g = share(name, n, focus, other, args.games, args.seed, pool)
                    lo, hi = wilson(w, g)
                    print(f"{name:<{width}} {focus + ' vs ' + other:<26} {w / g:6.2f} [{lo:5.2f}, {hi:5.2f}] "
                          f"{g:6d} {1 / n:5.2f} {time.time() - t:5.0f}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    return share_table(__doc__, GAMES, 20, 10, argv)


if __name__ == "__main__":
    raise SystemExit(main())
