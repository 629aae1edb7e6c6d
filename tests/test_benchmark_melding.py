"""The melding benchmark's plain-Python Rummy is the engine's Rummy: over a few hundred seeded
random hands the two agree on how long a hand lasts (in decisions: the draws, melds, lay-offs and
discards offered, every one a uniform choice) and on what its winner scores, so the benchmark's
ratio compares one game with itself."""

from __future__ import annotations

import random
import statistics

import pytest

from generator.engine import Game
from generator.spec.io import load_spec
from tests.family_helpers import benchmark_hands, load_benchmark

HANDS = 400


@pytest.fixture(scope="module")
def bench(request):
    return load_benchmark(request, "melding")


@pytest.mark.slow
def test_plain_rummy_is_the_engines(bench):
    engine, plain = benchmark_hands(bench, HANDS, 5, 6)
    # A random hand lasts about 59 decisions (standard deviation 11.5: 4% is about three standard
    # errors of the difference) and its winner scores about 80 (sd 26: 7%). Over 3,000 hands a
    # side the two means agree to within 0.5%.
    for k, tolerance in ((0, 0.04), (2, 0.07)):
        e, p = statistics.mean(h[k] for h in engine), statistics.mean(h[k] for h in plain)
        assert abs(e - p) < tolerance * p, (k, e, p)
    # Every hand ends with a winner who scores the others' cards (a blocked hand too).
    assert all(h[2] > 0 for h in engine) and all(h[2] > 0 for h in plain)


def test_plain_melds_are_the_engines(bench):
    """The melds the plain hand offers are the engine's, hand for hand (as sets of cards)."""
    game = Game(load_spec(bench.SPEC))
    rules = game.phase(next(type(ph) for ph in game.phases if ph.card_play)).rules
    rng = random.Random(3)
    # the plain card (suit * 13 + level, aces low) of each engine card
    plain_of = {c: rules.suit_of[c] * 13 + rules.level[c] for c in range(52)}
    checked = 0
    for _ in range(300):
        hand = rng.sample(range(52), rng.choice((7, 9, 12)))
        engine = {frozenset(plain_of[c] for c in _bits(m)) for m in rules.hand_melds(hand, 0)}
        plain = [frozenset(m) for m in bench.hand_melds([plain_of[c] for c in hand])]
        assert len(plain) == len(set(plain)) and set(plain) == engine
        checked += bool(engine)
    assert checked > 50


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]
