"""The engine's shuffle is the library's: the same permutation from the same generator, and the
generator left in the same state (so every seeded game and golden record stands)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine.chance import fast_shuffle
from tests.conftest import budget


@settings(max_examples=budget(400), deadline=None)
@given(seed=st.integers(0, 2**64), cards=st.lists(st.integers(), max_size=300))
def test_fast_shuffle_is_random_shuffle(seed, cards):
    lib, fast = random.Random(seed), random.Random(seed)
    expected, got = list(cards), list(cards)
    lib.shuffle(expected)
    fast_shuffle(fast, got)
    assert got == expected
    assert fast.getstate() == lib.getstate()   # what is drawn next is the same too


def test_every_pack_size_from_the_same_seed():
    for n in range(256):
        lib, fast = random.Random(n), random.Random(n)
        expected, got = list(range(n)), list(range(n))
        lib.shuffle(expected)
        fast_shuffle(fast, got)
        assert (got, fast.random()) == (expected, lib.random())
