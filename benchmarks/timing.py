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
