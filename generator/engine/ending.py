"""When the game ends and who wins (EN-01…EN-04)."""

from __future__ import annotations

from ..spec import GameSpec, derived


class EndRules:
    def __init__(self, spec: GameSpec):
        self.cond = spec.ending.condition
        self.ties = spec.ending.ties
        # EN-01: a countdown game's totals count the tokens given up (climbing scoring), so the
        # game ends when one reaches the starting number of tokens.
        self.tokens = spec.deal.hand_size if isinstance(spec.deal.hand_size, int) else 1
        self.schedule = spec.scoring if spec.scoring.kind == "schedule" else None

    def hand_sizes(self, full: int) -> list[int] | None:
        """The sequence of hand sizes for shrinking games, else None (every hand is full)."""
        return derived.shrinking_hand_sizes(self.cond, full)

    def condition_met(self, totals: list[int], hands_played: int, n: int, sizes: list[int] | None) -> bool:
        c = self.cond
        if c.kind == "target":
            return max(totals) >= c.points
        if c.kind == "threshold":
            return min(totals) <= -c.points
        if c.kind == "rounds":
            return hands_played >= n
        if c.kind == "tokens":
            return max(totals) >= self.tokens
        if c.kind == "schedule":
            return self.schedule is not None and hands_played >= self.schedule.hands_at(n)
        return hands_played >= len(sizes or ())

    def winner(self, totals: list[int], best_of_hands: list[int]) -> int | None:
        """The winning seat, or None if first place is shared and the tie rule calls for another hand.

        ``best_of_hands`` holds, for each hand played, a bit mask of the seats that made that
        hand's best score (see ``best_mask``)."""
        top = max(totals)
        tied = [p for p, t in enumerate(totals) if t == top]
        if len(tied) == 1:
            return tied[0]
        if self.ties == "latest-winner":
            tied_mask = sum(1 << p for p in tied)
            for mask in reversed(best_of_hands):
                had = mask & tied_mask
                if had and not had & (had - 1):   # exactly one of the tied players
                    return had.bit_length() - 1
        return None


def best_mask(scores: list[int]) -> int:
    """Bit mask of the seats that made the best score of a hand."""
    best = max(scores)
    return sum(1 << p for p, s in enumerate(scores) if s == best)
