"""The timed loop the engine benchmarks share: play random hands one at a time on the batch path
(``State.play_random``), starting a new game whenever one ends, and count the decisions made, so
every benchmark measures a hand the same way. Imported by the scripts beside it (run as
``python benchmarks/<name>.py``, their folder is first on the import path)."""

from __future__ import annotations

import random
import time
from typing import Any, Callable


def play_hands(game: Any, players: int, hands: int, seed: int,
               clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    """Play ``hands`` hands of ``game`` at ``players`` seats; return (seconds by ``clock``,
    decisions). A finished game is replaced by one dealt from a seed derived from the hands done,
    so a run is the same for the same seed whichever engine plays it."""
    rnd = random.Random(seed).random
    done = decisions = 0
    start = clock()
    state = game.new_initial_state(players, seed)
    while done < hands:
        if state.terminal:
            decisions += state.record.decisions
            state = game.new_initial_state(players, seed * 1_000_003 + done)
        state.play_random(rnd, hands=1)
        done += 1
    decisions += state.record.decisions
    return clock() - start, decisions


def batch_against_plain(game: Any, run_batch: Callable[[Any, int, int], tuple[float, int]],
                        run_plain: Callable[[Any, int, int], tuple[float, int]], hands: int, rounds: int,
                        warm_up: int, target: float) -> float:
    """Time the engine's batch path against a plain-Python game written in a benchmark, interleaved
    (each round plays both, in an order that alternates, after a warm-up of each), and print each
    side's median hands and decisions a second and the median of the per-round ratios, against
    ``target``. Each ``run_*(game, hands, seed)`` returns (seconds, decisions). Returns the ratio.

    Why interleaved and median: these machines are shared; a slow spell then hits both sides."""
    import gc
    import statistics

    run_batch(game, warm_up, 0)
    run_plain(game, warm_up, 0)
    rates: dict[str, list[float]] = {"batch": [], "plain": []}
    per_decision: dict[str, list[float]] = {"batch": [], "plain": []}
    ratios = []
    for r in range(rounds):
        got = {}
        for name in (("batch", "plain") if r % 2 == 0 else ("plain", "batch")):
            gc.collect()
            seconds, decisions = (run_batch if name == "batch" else run_plain)(game, hands, r + 1)
            got[name] = hands / seconds
            rates[name].append(got[name])
            per_decision[name].append(decisions / seconds)
        ratios.append(got["batch"] / got["plain"])
    for name in ("batch", "plain"):
        print(f"  {name:6} {statistics.median(rates[name]):9,.0f} hands/s  "
              f"{statistics.median(per_decision[name]):11,.0f} decisions/s")
    ratio = statistics.median(ratios)
    print(f"  batch / plain: {ratio:.2f}x (target {target}x): {'met' if ratio >= target else 'MISSED'}")
    return ratio


def blocked_winner(hands: list[list[Any]], cur: int) -> int:
    """A blocked hand's winner in the plain-Python games: the fewest cards, ties to the first from
    the player after ``cur`` on (as the engines read a blocked hand)."""
    n = len(hands)
    order = [(cur + 1 + j) % n for j in range(n)]
    return min(order, key=lambda q: (len(hands[q]), order.index(q)))


def play_plain_games(plain_hand: Callable[[Callable[[], float], int], tuple[int, int, list[int]]],
                     players: int, goal: int, hands: int, seed: int) -> tuple[float, int]:
    """The plain-Python side of ``batch_against_plain``: play ``hands`` hands of ``plain_hand``
    (``(rnd, dealer) -> (decisions, moves, scores)``), the deal passing to the left and a new game
    starting when one player alone reaches ``goal``; return (process seconds, decisions)."""
    rnd = random.Random(seed).random
    decisions = 0
    start = time.process_time()
    totals, dealer = [0] * players, 0
    for _ in range(hands):
        d, _moves, scores = plain_hand(rnd, dealer)
        decisions += d
        for p in range(players):
            totals[p] += scores[p]
        top = max(totals)
        if top >= goal and totals.count(top) == 1:
            totals, dealer = [0] * players, 0
        else:
            dealer = (dealer + 1) % players
    return time.process_time() - start, decisions
