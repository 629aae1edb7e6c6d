"""The matching benchmark's plain-Python Crazy Eights is the engine's Crazy Eights: over a few
hundred seeded random hands the two agree on how long a hand lasts (in decisions, and in moves,
which count the draws) and what its winner scores, so the benchmark's ratio compares one game
with itself."""

from __future__ import annotations

import importlib.util
import random
import statistics
from pathlib import Path

import pytest

from generator.engine import Game
from generator.spec.io import load_spec

ROOT = Path(__file__).resolve().parents[1]
HANDS = 400


@pytest.fixture(scope="module")
def bench(request):
    mp = pytest.MonkeyPatch()
    mp.syspath_prepend(str(ROOT / "benchmarks"))   # the script imports the timed loop beside it
    spec = importlib.util.spec_from_file_location("matching_benchmark", ROOT / "benchmarks" / "matching.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    request.addfinalizer(mp.undo)
    return module


def _engine_hands(bench, seed: int) -> list[tuple[int, int, int]]:
    game = Game(load_spec(bench.SPEC))
    rnd = random.Random(seed).random
    out = []
    for i in range(HANDS):
        state = game.new_initial_state(bench.PLAYERS, seed * 10_000 + i)
        state.play_random(rnd, hands=1)
        out.append((state.record.decisions, state.record.moves, max(state.record.hands[0].scores)))
    return out


def _plain_hands(bench, seed: int) -> list[tuple[int, int, int]]:
    rnd = random.Random(seed).random
    out = []
    for i in range(HANDS):
        decisions, moves, scores = bench.plain_hand(rnd, i % bench.PLAYERS)
        out.append((decisions, moves, max(scores)))
    return out


def test_plain_crazy_eights_is_the_engines(bench):
    engine, plain = _engine_hands(bench, 5), _plain_hands(bench, 6)
    # A random hand lasts about 20 decisions (standard deviation 5: 5% is about three standard
    # errors of the difference) and 47 moves (sd 20: 8%); its winner scores about 55 (sd 18: 7%).
    for k, tolerance in ((0, 0.05), (1, 0.08), (2, 0.07)):
        e, p = statistics.mean(h[k] for h in engine), statistics.mean(h[k] for h in plain)
        assert abs(e - p) < tolerance * p, (k, e, p)
    # Every hand ends with a winner who scores the others' cards (a blocked hand too).
    assert all(h[2] > 0 for h in engine) and all(h[2] > 0 for h in plain)
