"""Invented rules (SU-09, TT-11, SC-T5): checking a card against the laws in force, and carrying
out a law's effect after a card is played. The grammar itself is in ``generator.spec.laws``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..spec.deck import MAJORS
from ..spec.laws import Law, all_laws
from .cards import CardTable


@dataclass
class LawInForce:
    law: Law
    inventor: int
    secret: bool
    known_by: set[int] = field(default_factory=set)

    def copy(self) -> "LawInForce":
        """A copy for another state (who knows the law changes as play goes on)."""
        return LawInForce(self.law, self.inventor, self.secret, set(self.known_by))

    def key(self) -> tuple:
        """Its part of a position key (the law itself: it is frozen, so equal laws hash alike
        without being written out)."""
        return (self.law, self.inventor, self.secret, tuple(sorted(self.known_by)))


class LawBook:
    """The menu of laws for this pack, and the checks and effects of laws in force."""

    def __init__(self, table: CardTable, suit_names: tuple[str, ...], ranks: tuple[str, ...]):
        self.table = table
        self.menu = all_laws(suit_names, ranks)
        self.suit_index = {s: i for i, s in enumerate(suit_names)}
        # A law names a rank of the suits ("No Two may be led"); a tarot major has a number, not a
        # rank, though the card table labels it with that number: no rank law touches it.
        majors = self.suit_index.get(MAJORS)
        self.rank = tuple(None if table.suit[c] == majors else table.rank[c] for c in range(table.size))

    def forbids(self, law: Law, card: int, trick: list[int], eff: list[int]) -> bool:
        """Whether ``law`` forbids playing ``card`` now (``trick``: the cards already in the trick)."""
        if law.kind == "no-lead":
            return not trick and self.rank[card] == law.rank
        if law.kind == "no-suit-after":
            return bool(trick) and eff[card] == self.suit_index[law.suit] and eff[trick[-1]] == self.suit_index[law.after]
        return False

    def effects(self, laws: list[LawInForce], card: int) -> list[str]:
        rank = self.rank[card]
        return [f.law.effect for f in laws if f.law.kind == "after-rank" and f.law.rank == rank]  # type: ignore[misc]

    def describe(self, law: Law) -> str:
        if law.kind == "no-lead":
            return f"no {law.rank} may be led"
        if law.kind == "no-suit-after":
            return f"no {law.suit} card directly after a {law.after} card"
        return f"after a {law.rank}: {law.effect}"
