"""Generate N games of a family with consecutive seeds and simulate each for G games at every
allowed player count, with the card audit on. Prints how many specs failed a static check (must
be 0), engine errors (must be 0), games stopped by the safety cap, and time. With ``--roundtrip``
each spec must also read back from its rulebook (``parse_markdown(render_markdown(spec)) ==
spec.rules()``); ``--games 0`` checks and reads back without playing.

Usage: python benchmarks/simulate_sampled.py [--family trick-taking|climbing|…] [--count 10000] [--games 20]
                                             [--workers 2] [--start 0] [--roundtrip]
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from generator.checks import check_spec
from generator.engine import Game
from generator.families import DEFAULT
from generator.sample import sample_game

MOVE_CAP = 5_000  # the playtest's cap


def read_back(spec) -> str | None:
    """Why ``spec`` does not read back from its rulebook (None: it does)."""
    from generator.rulebook import render_markdown
    from generator.text import ParseError, parse_markdown

    try:
        back = parse_markdown(render_markdown(spec))
    except ParseError as exc:
        return f"ParseError: {exc}"
    if back != spec.rules():
        return "read back as another spec"
    return None


def simulate(seed: int, games: int, family: str = DEFAULT, roundtrip: bool = False) -> tuple[int, int, int, str | None]:
    """(static problems, games played, games capped, first engine error) for one sampled spec;
    with ``roundtrip`` a spec that does not read back from its rulebook counts as a problem."""
    spec = sample_game(seed, family=family).spec
    problems = len(check_spec(spec))
    if roundtrip:
        why = read_back(spec)
        if why is not None:
            return problems, 0, 0, f"seed {seed}: round trip: {why}"
    game = Game(spec, audit=True, move_cap=MOVE_CAP)
    played = capped = 0
    for n in spec.players.counts():
        for i in range(games):
            state = game.new_initial_state(n, seed * 1000 + n * 100 + i)
            try:
                state.play_random(random.Random(i).random)
            except Exception:  # an engine error is what this script looks for
                return problems, played, capped, f"seed {seed}, {n} players, game {i}: {traceback.format_exc(limit=3)}"
            played += 1
            capped += state.record.outcome == "cap"
    return problems, played, capped, None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--family", default=DEFAULT)
    ap.add_argument("--roundtrip", action="store_true", help="each spec must also read back from its rulebook")
    args = ap.parse_args()
    start = time.perf_counter()
    totals: Counter[str] = Counter()
    errors: list[str] = []
    seeds = range(args.start, args.start + args.count)
    with ProcessPoolExecutor(args.workers) as pool:
        for problems, played, capped, error in pool.map(simulate, seeds, [args.games] * args.count, [args.family] * args.count,
                                                          [args.roundtrip] * args.count, chunksize=20):
            totals["specs"] += 1
            totals["static problems"] += problems > 0
            totals["games"] += played
            totals["capped"] += capped
            if error:
                errors.append(error)
    secs = time.perf_counter() - start
    trips = sum(1 for e in errors if ": round trip: " in e)
    print(f"{args.family}: {totals['specs']} specs (seeds {args.start}..{args.start + args.count - 1}): "
          f"{totals['static problems']} failed a static check; "
          + (f"{totals['specs'] - trips} read back from their rulebook, {trips} did not; " if args.roundtrip else "")
          + f"{totals['games']} games simulated, "
          f"{totals['capped']} stopped by the safety cap of {MOVE_CAP} moves, {len(errors) - trips} engine errors; "
          f"{secs:.0f} s with {args.workers} workers")
    for e in errors[:5]:
        print(e)


if __name__ == "__main__":
    main()
