"""The fishing benchmark's plain-Python Xeri is the engine's Xeri: over a few hundred seeded random
hands the two agree on how long a hand lasts (every turn plays a card: 48 moves, 40 of them
choices) and what its best player scores, so the benchmark's ratio compares one game with itself."""

from __future__ import annotations

import statistics

import pytest

from tests.family_helpers import benchmark_hands, load_benchmark

HANDS = 600


@pytest.fixture(scope="module")
def bench(request):
    return load_benchmark(request, "fishing")


def test_plain_xeri_is_the_engines(bench):
    engine, plain = benchmark_hands(bench, HANDS, 5, 6)
    assert {h[:2] for h in engine} == {h[:2] for h in plain} == {(40, 48)}
    # The best score of a hand is about 21 (sd 6: 6% is three and a half standard errors of the
    # difference).
    e, p = statistics.mean(h[2] for h in engine), statistics.mean(h[2] for h in plain)
    assert abs(e - p) < 0.06 * p, (e, p)
