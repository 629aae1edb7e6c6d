"""The random choices of the sampler, as the catalogue defines them (hyloe-modules.md §0).

Every draw goes through one :class:`Draw`, which wraps an explicit :class:`random.Random`;
nothing here touches the global random state. Seeds are strings (``"parlour-game:42"``):
Python hashes a string seed with SHA-512, so the stream is the same in every run and process.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")


def seeded(seed: int | str, purpose: str = "parlour-game") -> random.Random:
    """A fresh generator for ``purpose`` and ``seed`` (e.g. ``random.Random("parlour-game:42")``)."""
    return random.Random(f"{purpose}:{seed}")


def wpick_weights(n: int) -> list[Fraction]:
    """The catalogue's W-pick weights for n options, in list order (§0): uniform for n ≤ 2;
    otherwise (4n−5)/n², then (2n−2k−1)/n² for k = 2..n−1, then 1/n²."""
    if n < 1:
        raise ValueError("a W-pick needs at least one option")
    if n <= 2:
        return [Fraction(1, n)] * n
    sq = n * n
    return [Fraction(4 * n - 5, sq)] + [Fraction(2 * n - 2 * k - 1, sq) for k in range(2, n)] + [Fraction(1, sq)]


@functools.lru_cache(maxsize=256)
def _as_fraction(p: float | Fraction) -> tuple[int, int]:
    f = p if isinstance(p, Fraction) else Fraction(p).limit_denominator(1_000_000)
    if not 0 <= f <= 1:
        raise ValueError(f"a probability must lie in [0, 1], got {p}")
    return f.numerator, f.denominator


class Draw:
    """The three kinds of random choice of the old generator, plus plain chances."""

    def __init__(self, rng: random.Random, names_rng: random.Random | None = None,
                 options_rng: random.Random | None = None, packs_rng: random.Random | None = None):
        self.rng = rng
        #: Picks from the name lists (village names, aliases, nicknames) use their own stream, so
        #: editing those lists changes the names of a seed's game but never its rules.
        self.names_rng = names_rng if names_rng is not None else rng
        #: Parlour's options beyond the catalogue (the real games' standard rules) draw from a
        #: stream of their own (``option``), so adding one moves none of a seed's catalogue draws.
        self.options_rng = options_rng if options_rng is not None else rng
        #: The packs of real games beyond the seed book's (issue 33) draw from a stream of their own,
        #: and only for a game that asks for them (None: the seed book's packs alone), so that
        #: asking for them changes no draw of the catalogue's and no game of a seed that draws none.
        self.packs_rng = packs_rng

    def with_real_packs(self, seed: int | str, purpose: str = "parlour-game") -> Draw:
        """This draw, with the stream ``"<purpose>-packs:<seed>"`` for the real packs."""
        self.packs_rng = seeded(seed, f"{purpose}-packs")
        return self

    def pack_chance(self, p: float | Fraction) -> bool:
        """``chance`` for a real pack or order, from its own stream; never without one."""
        if self.packs_rng is None:
            return False
        num, den = _as_fraction(p)
        return self.packs_rng.randrange(den) < num

    def pack_pick(self, weighted: Sequence[tuple[T, int]]) -> T:
        """One option of (option, weight) pairs, from the real packs' stream."""
        assert self.packs_rng is not None, "a real pack is drawn only with its stream"
        total = sum(w for _, w in weighted)
        r = self.packs_rng.randrange(total)
        for option, w in weighted:
            if r < w:
                return option
            r -= w
        raise AssertionError("unreachable")

    @classmethod
    def from_seed(cls, seed: int | str, purpose: str = "parlour-game", family: str | None = None) -> Draw:
        """The streams ``"<purpose>:<seed>"`` for rules, ``"<purpose>-names-<family>:<seed>"`` for
        names and ``"<purpose>-options:<seed>"`` for Parlour's options beyond the catalogue. The
        names stream is the family's own: with one stream for all, a seed's climbing game and its
        matching game had the same village name, and a book of the two printed it twice."""
        names = f"{purpose}-names-{family}" if family else f"{purpose}-names"
        return cls(seeded(seed, purpose), seeded(seed, names), seeded(seed, f"{purpose}-options"))

    def uniform_int(self, a: int, b: int) -> int:
        """U[a..b], both ends included."""
        if a > b:
            raise ValueError(f"empty range [{a}..{b}]")
        return self.rng.randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly random element."""
        if not seq:
            raise ValueError("choice from an empty sequence")
        return self.rng.choice(seq)

    def chance(self, p: float | Fraction) -> bool:
        """True with probability p, given as a fraction such as ``1/8`` or ``Fraction(4, 5)``.

        A float is read back as the nearest fraction with a denominator up to 10⁶ (so ``1/3`` is
        exactly one third) and drawn as an integer, which keeps the probability exact.
        """
        num, den = _as_fraction(p)
        return self.rng.randrange(den) < num

    def book_only(self) -> "Draw":
        """The seed book's catalogue alone (``generate --catalogue book``): none of Parlour's options
        beyond it is ever drawn."""
        self.options_rng = None   # type: ignore[assignment]
        return self

    def option(self, p: float | Fraction) -> bool:
        """``chance`` for one of Parlour's options beyond the catalogue, from their own stream
        (never, with the seed book's catalogue alone: ``book_only``)."""
        if self.options_rng is None:
            return False
        num, den = _as_fraction(p)
        return self.options_rng.randrange(den) < num

    def wpick_index(self, n: int) -> int:
        """The index of the catalogue's biased pick from n options (§0).

        n ≤ 2: uniform. Otherwise r = U[0..n²−1] and the index is n−1−√r truncated toward zero,
        so every negative value lands on the first option.
        """
        if n < 1:
            raise ValueError("a W-pick needs at least one option")
        if n <= 2:
            return self.rng.randrange(n)
        r = self.rng.randrange(n * n)
        return max(int(n - 1 - math.sqrt(r)), 0)

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        """A uniformly random ordering of the elements (a new list)."""
        out = list(seq)
        self.rng.shuffle(out)
        return out

    def wpick(self, options: Sequence[T]) -> T:
        """A W-pick from options in generator order; repeated options add their weights."""
        return options[self.wpick_index(len(options))]
