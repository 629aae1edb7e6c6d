"""Sides (``spec.players.sides``): the players in fixed partnerships, compiled once per player count.

A side plays as one player of the scoring. The family's scorer pools the hand's facts per side
(``pool``: partners' tricks, cards taken and bids counted together) and scores the sides as it
scores players; every member is then given the side's score, so the members' totals are always
equal and the game's ending, winner and ranking are decided between sides. A game without sides
is the same machinery with one player to a side, and pays nothing for it: ``Sides.none`` is
never consulted on the hot path.
"""

from __future__ import annotations

from typing import Sequence


class Sides:
    """The side of each seat, and each side's seats (the first dealer's side is side 0)."""

    __slots__ = ("of", "members", "count")

    def __init__(self, of: Sequence[int]):
        self.of = tuple(of)
        self.count = max(of) + 1
        self.members = tuple(tuple(p for p, s in enumerate(of) if s == side) for side in range(self.count))

    @classmethod
    def of_spec(cls, spec, players: int) -> "Sides | None":
        """The game's sides at ``players``, or None when everyone plays for themselves."""
        sides = spec.players.sides
        return None if sides is None or not sides.applies(players) else cls(sides.of(players))

    def spread(self, per_side: Sequence[int]) -> list[int]:
        """A score per side as a score per seat: every member gets the side's."""
        return [per_side[s] for s in self.of]

    def gather(self, per_seat: Sequence[int]) -> list[int]:
        """Per-seat totals (equal within a side) as one per side."""
        return [per_seat[m[0]] for m in self.members]

    def partner_of(self, seat: int, other: int) -> bool:
        """Whether two different seats are on the same side."""
        return seat != other and self.of[seat] == self.of[other]


class Coalition:
    """Sides formed each hand (``spec.players.coalition``): the caller alone against the others.
    The caller sits at a fixed offset from the hand's dealer, so a hand's sides are its dealer's;
    each is compiled once per dealer. Only the hand's scoring sees them (``State.end_hand``): the
    totals, the ending and the winner stay every player's own."""

    __slots__ = ("offset", "_by_dealer")

    def __init__(self, offset: int, players: int):
        self.offset = offset
        self._by_dealer = [Sides([0 if p == (dealer + offset) % players else 1 for p in range(players)])
                           for dealer in range(players)]

    @classmethod
    def of_spec(cls, spec, players: int) -> "Coalition | None":
        if spec.players.coalition is None or spec.setup.trumps.method != "called":
            return None
        return cls({"dealer": 0, "dealer-left": 1}[spec.setup.trumps.caller], players)

    def at(self, dealer: int) -> Sides:
        """The hand's sides when ``dealer`` deals: the caller's side is side 0."""
        return self._by_dealer[dealer]


def won(winner: int | None, sides: list[int] | None, seat: int) -> bool:
    """Whether ``seat`` won a game whose recorded winner is ``winner`` (a winning side is recorded
    by its first seat): alone, or as a member of the winning side (``sides``: each seat's side)."""
    if winner is None:
        return False
    return winner == seat if sides is None else sides[winner] == sides[seat]


__all__ = ["Coalition", "Sides", "won"]
