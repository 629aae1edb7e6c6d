"""The matching benchmark's plain-Python Crazy Eights is the engine's Crazy Eights: over a few
hundred seeded random hands the two agree on how long a hand lasts (in decisions, and in moves,
which count the draws) and what its winner scores, so the benchmark's ratio compares one game
with itself."""

from __future__ import annotations

import statistics

import pytest

from tests.family_helpers import benchmark_hands, load_benchmark

HANDS = 400


@pytest.fixture(scope="module")
def bench(request):
    return load_benchmark(request, "matching")


def test_plain_crazy_eights_is_the_engines(bench):
    engine, plain = benchmark_hands(bench, HANDS, 5, 6)
    # A random hand lasts about 20 decisions (standard deviation 5: 5% is about three standard
    # errors of the difference) and 47 moves (sd 20: 8%); its winner scores about 55 (sd 18: 7%).
    for k, tolerance in ((0, 0.05), (1, 0.08), (2, 0.07)):
        e, p = statistics.mean(h[k] for h in engine), statistics.mean(h[k] for h in plain)
        assert abs(e - p) < tolerance * p, (k, e, p)
    # Every hand ends with a winner who scores the others' cards (a blocked hand too).
    assert all(h[2] > 0 for h in engine) and all(h[2] > 0 for h in plain)
