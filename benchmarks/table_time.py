"""Fit the table-time model to real games' published playing times, and show the fit.

Plays every calibration game of ``generator.playtest.tabletime.CALIBRATION`` with sensible players
(the greedy bots at every seat, as the playtest's Tier 1 plays them) at the player count its
figure is for, takes the median of each count a game's time is made of (decisions, moves, deals,
hands), fits the model's four coefficients to the published figures (``tabletime.fit``) and
prints, game by game, the published figure, the estimate of the model in use and of the new fit.
Copy the fitted numbers into ``tabletime.MODEL`` when the engine or the bots change what a game
counts. ``--random`` shows what random players would have been estimated at, for comparison.

    python benchmarks/table_time.py [--games 200] [--seed 1] [--random]
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.engine import Game  # noqa: E402
from generator.playtest.runner import game_seed, play_one  # noqa: E402
from generator.playtest.stats import median  # noqa: E402
from generator.playtest.tabletime import CALIBRATION, MODEL, Calibration, TableTime, fit  # noqa: E402
from generator.spec import load_spec  # noqa: E402


def counts_of(cal: Calibration, games: int, seed: int, bot: str) -> tuple[float, float, float, float]:
    """Median decisions, moves, deals and hands of ``games`` games (per hand for a per-hand figure)."""
    game = Game(load_spec(ROOT / cal.spec))
    n = cal.players
    lineup = None if bot == "random" else [bot] * n
    rows = []
    for i in range(games):
        g = play_one(game, n, game_seed(seed, n, i), i, lineup, bounds=None)
        if g.outcome != "natural":
            continue
        per = max(1, g.hands) if cal.per == "hand" else 1
        rows.append((g.decisions / per, g.moves / per, g.deals / per, g.hands / per))
    return tuple(median([r[k] for r in rows]) for k in range(4))  # type: ignore[return-value]


def estimate(model: TableTime, counts: tuple[float, float, float, float]) -> float:
    return model.seconds(*counts) / 60


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random", action="store_true", help="also show random players' estimates")
    args = ap.parse_args(argv)
    measured = {cal.name: counts_of(cal, args.games, args.seed, "greedy") for cal in CALIBRATION}
    fitted = fit([(measured[c.name], c.aim) for c in CALIBRATION if c.low])
    rand = {cal.name: counts_of(cal, args.games, args.seed, "random") for cal in CALIBRATION} if args.random else {}
    print(f"{len(CALIBRATION)} calibration games, {args.games} games each with greedy players, seed {args.seed}")
    print(f"model in use: {MODEL.as_dict()}")
    print(f"fitted:       {fitted.as_dict()}\n")
    head = f"{'game':<16}{'n':>2} {'per':<5}{'published':>12} {'decisions':>9} {'moves':>7} {'deals':>6} {'hands':>6}" \
           f" {'in use':>8} {'fitted':>8}"
    print(head + (f" {'random':>8}" if rand else ""))
    inside = 0
    for c in CALIBRATION:
        m = measured[c.name]
        now, new = estimate(MODEL, m), estimate(fitted, m)
        pub = "—" if not c.low else (f"{c.low:g}" if c.low == c.high else f"{c.low:g}–{c.high:g}")
        ok = c.within(now) if c.low else None
        inside += bool(ok)
        line = (f"{c.name:<16}{c.players:>2} {c.per:<5}{pub:>12} {m[0]:>9.1f} {m[1]:>7.1f} {m[2]:>6.1f} {m[3]:>6.1f}"
                f" {now:>7.1f}{'✓' if ok else ' ' if ok is None else '✗'} {new:>7.1f}{'✓' if c.low and c.within(new) else ' '}")
        if rand:
            line += f" {estimate(MODEL, rand[c.name]):>8.1f}"
        print(line)
    print(f"\nwithin the published range (in use): {inside} of {sum(1 for c in CALIBRATION if c.low)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
