"""Who sits where: the person's seat, a bot in every other seat, the strong bot's budget and the
game's seed. Checked before a game starts, so that a typo is bad input, not an engine error."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

#: The bots a person may play against (the project's own; ``generator.bots``).
TABLE_BOTS = ("random", "greedy", "strong")
#: The strong bot's budget by default: what the playtest's Tier 2 gives it.
ROLLOUTS, MAX_ROLLOUTS = 4, 24


class SeatingError(ValueError):
    """A seating that cannot be: the message names the option at fault."""


@dataclass(frozen=True)
class Seating:
    """``seat`` is 0-based; ``bots`` has one name per seat, the person's own seat included (it is
    never asked: it stands for what the person's hint would be played by, never used)."""

    players: int
    seat: int
    bots: tuple[str, ...]
    seed: int
    rollouts: int = ROLLOUTS
    max_rollouts: int = MAX_ROLLOUTS

    @classmethod
    def build(cls, spec: Any, players: int | None = None, seat: int = 1, bots: str | Sequence[str] = "greedy",
              seed: int = 0, rollouts: int = ROLLOUTS, max_rollouts: int = MAX_ROLLOUTS) -> "Seating":
        """A seating from a command line's words: ``seat`` counts from 1, ``bots`` is one name for
        every other seat or a comma-separated list, one per other seat in seat order."""
        n = spec.players.min if players is None else players
        if n not in spec.players.counts():
            raise SeatingError(f"players: {spec.naming.name} is {spec.players.phrase()}, not {n}")
        if not 1 <= seat <= n:
            raise SeatingError(f"seat: {seat} is not a seat of a {n}-player game (1 to {n})")
        names = [b.strip() for b in (bots.split(",") if isinstance(bots, str) else bots)]
        for name in names:
            if name not in TABLE_BOTS:
                raise SeatingError(f"bots: unknown bot {name!r} (bots: {', '.join(TABLE_BOTS)})")
        if len(names) == 1:
            names = names * (n - 1)
        if len(names) != n - 1:
            raise SeatingError(f"bots: {len(names)} bots for the {n - 1} other seats (one name for all, "
                               f"or one for each other seat)")
        if rollouts < 1 or max_rollouts < 2:
            raise SeatingError("rollouts: the strong bot needs at least 1 rollout an action and 2 a decision")
        lineup = names[:seat - 1] + ["you"] + names[seat - 1:]
        return cls(n, seat - 1, tuple(lineup), seed, rollouts, max_rollouts)

    def seat_name(self, p: int) -> str:
        """How a seat is called at the table: "seat 2", and the person's "seat 1 (you)"."""
        return f"seat {p + 1} (you)" if p == self.seat else f"seat {p + 1}"

    def describe(self) -> str:
        return ", ".join("you" if p == self.seat else f"seat {p + 1} {b}" for p, b in enumerate(self.bots))
