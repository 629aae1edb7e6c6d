"""The seat-stop benchmark judges one seat as Tier 2 does: the stop at half may only turn a
rejection into a pass, never the reverse, and a clearly fair or clearly biased seat is judged
the same either way."""

from __future__ import annotations

import random

import pytest

from tests.family_helpers import load_benchmark


@pytest.fixture(scope="module")
def seat_stop(request):
    return load_benchmark(request, "seat_stop")


def test_the_stop_only_saves_games_and_never_adds_a_rejection(seat_stop):
    for n in (2, 3, 4):
        fair = 1 / n
        for shift in (0.0, 0.1, 0.2):
            for run in range(200):
                before = seat_stop.judge(fair + shift, fair, False, random.Random(run))
                after = seat_stop.judge(fair + shift, fair, True, random.Random(run))   # the same wins
                assert after[1] <= before[1]
                assert after[0] <= before[0]
    fair = 1 / 4
    assert seat_stop.judge(fair, fair, True, random.Random(1)) == (False, 50)   # wins at a fair rate: stops at half
    assert seat_stop.judge(0.9, fair, True, random.Random(1)) == (True, 25)     # clearly biased: the first look
