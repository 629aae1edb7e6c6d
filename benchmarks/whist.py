"""Whist hands per second with random bots, one hand at a time (shuffle and deal included).

Prints the median of 5 runs for the engine's batch path (``State.play_random``) and, for
comparison, for the bot API (``legal_actions`` / ``Observation`` / ``apply_action``).
Target (issue 2): at least 8,000 hands/s on one core.
Usage: python benchmarks/whist.py [--hands N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from generator.bots import RandomBot
from generator.engine import Game
from generator.spec import load_spec

SPEC = Path(__file__).resolve().parents[1] / "corpus" / "real" / "whist.yaml"


def run_batch(game: Game, hands: int, seed: int) -> tuple[float, int]:
    """Play `hands` hands one at a time on the batch path; return (seconds, decisions)."""
    rnd = random.Random(seed).random
    done = decisions = 0
    start = time.perf_counter()
    state = game.new_initial_state(4, seed)
    while done < hands:
        if state.terminal:
            decisions += state.record.decisions
            state = game.new_initial_state(4, seed * 1_000_003 + done)
        state.play_random(rnd, hands=1)
        done += 1
    decisions += state.record.decisions
    return time.perf_counter() - start, decisions


def run_api(game: Game, hands: int, seed: int) -> tuple[float, int]:
    """The same through the bot API, as a search bot or a human interface would drive it."""
    bots = [RandomBot(seed + p) for p in range(4)]
    done = decisions = 0
    start = time.perf_counter()
    state = game.new_initial_state(4, seed)
    while done < hands:
        if state.terminal:
            state = game.new_initial_state(4, seed * 1_000_003 + done)
        target = state.hand_no + 1
        while state.hand_no < target and not state.terminal:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            else:
                decisions += 1
                state.apply_action(bots[state.current].act(state.observation(state.current)))
        done += 1
    return time.perf_counter() - start, decisions


def median_rates(fn, game: Game, hands: int) -> tuple[float, float]:
    fn(game, 500, 99)  # warm-up
    results = [fn(game, hands, seed) for seed in range(5)]
    return (statistics.median(hands / s for s, _ in results), statistics.median(d / s for s, d in results))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    args = ap.parse_args()
    game = Game(load_spec(SPEC))
    for label, fn in (("batch path", run_batch), ("bot API", run_api)):
        hps, dps = median_rates(fn, game, args.hands)
        print(f"whist, 4 players, random bots, {label}: {hps:,.0f} hands/s, {dps:,.0f} decisions/s "
              f"(median of 5 runs of {args.hands:,} hands)")


if __name__ == "__main__":
    main()
