"""Chance, faster and unchanged: ``random.Random.shuffle``'s very permutation in fewer Python steps.

Every seeded game, golden record and printed example rests on the shuffle of Python's
``random``, whose Python loop costs a call of ``_randbelow`` and of ``getrandbits`` a card, and a
new large integer a draw. This module reproduces it draw for draw. The Mersenne Twister gives
``getrandbits(k)`` (k ≤ 32) as one 32-bit word shifted down, so a draw below m (at most 255) is
the top byte of that word shifted down, and ``getrandbits(32 * c)`` hands out the next c words
in order, least significant first. So the words a shuffle needs at least (one a card) are drawn
in one call into C and their top bytes sliced out in another; a rejected draw reads the next
byte and draws one more word onto the end, exactly as ``_randbelow`` would draw again. The
generator ends in the same state, so what is drawn after the shuffle is the same too.

Packs of 256 cards or more take the library's own shuffle; and should a Python release change
``random.shuffle``, the check at import (``_same_as_random``) finds it and the library's is used.
"""

from __future__ import annotations

import random

try:
    import cython
except ImportError:   # no Cython: its declarations do nothing (``compiled.shadow``)
    from generator.compiled import shadow as cython

#: The longest list shuffled here: every draw is then below 255, inside a word's top byte.
_LONGEST = 255
#: For a draw below m (m ≤ 255): how far a word's top byte is shifted down, 8 − m.bit_length().
_SHIFTS = bytes(8 - m.bit_length() for m in range(256))


@cython.locals(cards=list, n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               w=cython.Py_ssize_t, shift=cython.Py_ssize_t, tops=bytearray, shifts=bytes)
def fast_shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would. Its counters are C
    integers when compiled (every one is below 256 here)."""
    n = len(cards)
    if n < 2 or n > _LONGEST:
        rng.shuffle(cards)
        return
    # The top byte of every word the positions need at least, in the generator's order; a
    # rejected draw reads the next and draws one more onto the end (``getrandbits(8)`` is the
    # next word's top byte), so the bytes never run dry and no word is drawn beyond the library's.
    # The library fills positions n − 1 … 1, each from a draw below i + 1.
    tops = bytearray(rng.getrandbits(32 * (n - 1)).to_bytes(4 * (n - 1), "little")[3::4])
    shifts = _SHIFTS
    w = 0
    for i in range(n - 1, 0, -1):
        shift = shifts[i + 1]
        j = tops[w] >> shift
        w += 1
        while j > i:
            tops.append(rng.getrandbits(8))
            j = tops[w] >> shift
            w += 1
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_random() -> bool:
    """Whether ``fast_shuffle`` gives ``random.shuffle``'s permutations and leaves the generator
    where it does, on a few lengths and seeds (checked once, at import: about a millisecond)."""
    for n in (2, 3, 17, 32, 33, 52, 110, 255):
        for seed in (0, 1, 12345):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            fast_shuffle(b, y)
            if x != y or a.getstate() != b.getstate():
                return False
    return True


if not _same_as_random():   # pragma: no cover - another Python
    def fast_shuffle(rng: random.Random, cards: list[int]) -> None:  # noqa: F811
        rng.shuffle(cards)
