"""Sampled games of one family, played out with the card audit on: does the engine ever fail?

    python benchmarks/family_audit.py --family climbing --specs 10000 [--games 20] [--seed 0] [--workers 2]

For each of ``--specs`` seeds (``seed`` … ``seed + specs - 1``) the sampler draws a game of the
family (redrawing, as ``parlour generate`` does, any draft that fails a static check — the redraws
are counted by reason), and ``--games`` games are played at every player count it allows by
random self-play on the batch path, with the card audit on and the playtest's move cap. It prints
how many games ended, how many hit the cap (the game's own fault: it may never end, which the
playtest reports as NON_TERMINATING), and every engine error with its spec seed, player count and
game seed, so that one can be replayed. Exit status 1 if any game raised.

Why a script and not a test: the full run (10,000 specs) plays hundreds of thousands of games;
the test suite plays a few sampled specs the same way (``tests/test_engine_climbing.py``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.engine import Game  # noqa: E402
from generator.playtest import PLAYTEST_MOVE_CAP  # noqa: E402
from generator.sample import sample_game  # noqa: E402


def audit_spec(args: tuple[int, str, int]) -> tuple[int, int, int, Counter, list[str]]:
    """(games ended, games capped, players counts, redraw reasons, errors) for one spec seed."""
    seed, family, games = args
    sampled = sample_game(seed, family=family)
    spec = sampled.spec
    game = Game(spec, audit=True, move_cap=PLAYTEST_MOVE_CAP)
    ended = capped = 0
    errors: list[str] = []
    for n in spec.players.counts():
        for k in range(games):
            game_seed = seed * 1000 + n * 100 + k
            try:
                state = game.new_initial_state(n, game_seed)
                state.play_random(random.Random(game_seed).random)
            except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
                last = traceback.extract_tb(exc.__traceback__)[-1]
                errors.append(f"spec seed {seed}, {n} players, game seed {game_seed}: {type(exc).__name__}: {exc} "
                              f"({Path(last.filename).name}:{last.lineno})")
                continue
            if state.record.outcome == "cap":
                capped += 1
            else:
                ended += 1
    return ended, capped, len(spec.players.counts()), sampled.rejected, errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--family", default="climbing")
    ap.add_argument("--specs", type=int, default=1000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    started = time.perf_counter()
    ended = capped = counts = 0
    rejected: Counter = Counter()
    errors: list[str] = []
    jobs = [(s, a.family, a.games) for s in range(a.seed, a.seed + a.specs)]
    with ProcessPoolExecutor(a.workers) as pool:
        for e, c, n, r, errs in pool.map(audit_spec, jobs, chunksize=8):
            ended, capped, counts = ended + e, capped + c, counts + n
            rejected.update(r)
            errors += errs
    took = time.perf_counter() - started
    print(f"{a.family}: {a.specs} sampled specs (seeds {a.seed}–{a.seed + a.specs - 1}), {counts} player counts, "
          f"{a.games} games at each, card audit on, move cap {PLAYTEST_MOVE_CAP}")
    print(f"  drafts redrawn for failing a static check: {sum(rejected.values())} {dict(rejected)}")
    print(f"  games ended {ended}, stopped by the cap {capped}, engine errors {len(errors)} ({took:.0f} s)")
    for line in errors[:20]:
        print("  " + line)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
