"""The table-time model: how long a played game would take a table of people.

A simulated game is counted in what a table spends its time on — every move (a card laid or
drawn, a bid said: a hand moving, forced or not), the thought a real decision takes on top of
that (a player looks at their cards and chooses), the deals (gathering, shuffling, dealing) and
the scorings (counting a hand and writing it down). The model gives each a number of seconds::

    seconds = move × moves + think × decisions + deal × deals + scoring × hands

(so a forced move never costs more than a decision).

The numbers are fitted, not guessed: ``benchmarks/table_time.py`` plays every calibration game of
``CALIBRATION`` with sensible players (each family's greedy bots), takes the median of each count
at the published player count, and chooses the numbers that best fit the published playing times,
in relative error (a game of ten minutes counts as much as a game of an hour), none below
``FLOOR``. The scoring's seconds are set, not fitted (``SCORING``): a hand is dealt once and
scored once in nearly every calibration game, so the data cannot tell the deal's time from the
scoring's, only their sum. The published figures and where they come from are in ``docs/playtest-metrics.md`` (Table time); the fit
is run again whenever the engine or the bots change what a game counts, and its numbers are
written here. The calibration test checks that every calibration game stays within its range.

Random players are never timed by this model for anything printed: they make many times the
moves of a table (drawing when they could lay a card, laying melds at random), and a length from
their play was off by up to five times either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

#: No coefficient below this many seconds: every move and every deal takes a table some time.
FLOOR = {"move": 1.0, "think": 0.5, "deal": 20.0}
#: Seconds to score a hand (count, say and write the scores): set, since the fit sees only the sum
#: of a deal and a scoring.
SCORING = 20.0


@dataclass(frozen=True)
class TableTime:
    """Seconds a table spends on each thing a game counts."""

    move: float
    think: float
    deal: float
    scoring: float

    def seconds(self, decisions: float, moves: float, deals: float, hands: float) -> float:
        return self.move * moves + self.think * decisions + self.deal * deals + self.scoring * hands

    def minutes(self, game: Any) -> float:
        """Minutes of one played game (anything with ``decisions``, ``moves``, ``deals``, ``hands``)."""
        return self.seconds(game.decisions, game.moves, game.deals, game.hands) / 60

    def split(self, game: Any) -> tuple[float, float]:
        """(minutes of dealing and scoring, fixed per hand; minutes of moves, which grow with the hand)."""
        fixed = (self.deal * game.deals + self.scoring * game.hands) / 60
        return fixed, self.minutes(game) - fixed

    def as_dict(self) -> dict[str, float]:
        return {"move": self.move, "think": self.think, "deal": self.deal, "scoring": self.scoring}


@dataclass(frozen=True)
class Calibration:
    """A real game whose playing time is published: its spec, the player count the figure is for,
    the published range in minutes (low == high for a single figure, which is then met within
    ±``SINGLE_TOLERANCE``), and the key of its source in ``docs/playtest-metrics.md`` (Table time)."""

    name: str
    spec: str
    players: int
    low: float
    high: float
    source: str
    per: str = "game"       # what the figure times: a whole "game", or one "hand"

    @property
    def range(self) -> tuple[float, float]:
        if self.low == self.high:
            return self.low * (1 - SINGLE_TOLERANCE), self.high * (1 + SINGLE_TOLERANCE)
        return self.low, self.high

    @property
    def aim(self) -> float:
        """The figure the fit aims at: a single figure, or the middle of a range (geometric)."""
        return (self.low * self.high) ** 0.5

    def within(self, minutes: float) -> bool:
        lo, hi = self.range
        return lo <= minutes <= hi


#: A single published figure is met within this share either way.
SINGLE_TOLERANCE = 0.30

#: The calibration games (``docs/playtest-metrics.md`` (Table time) gives the sources). A figure of 0 is a game
#: whose time no source publishes: it is shown beside the others and not fitted.
CALIBRATION: tuple[Calibration, ...] = (
    Calibration("Hearts", "corpus/real/hearts.yaml", 4, 5, 5, "wp-hearts", "hand"),
    Calibration("Whist", "corpus/real/whist-classic.yaml", 4, 30, 30, "wp-whist"),
    Calibration("Oh Hell", "corpus/real/oh-hell.yaml", 4, 25, 50, "wp-oh-hell"),
    Calibration("President", "corpus/real/president.yaml", 4, 5, 15, "wp-president", "hand"),
    Calibration("Dou Dizhu", "corpus/real/dou-dizhu.yaml", 3, 5, 5, "wp-dou-dizhu", "hand"),
    Calibration("Switch", "corpus/real/switch.yaml", 4, 30, 30, "uno"),
    Calibration("Crazy Eights", "corpus/real/crazy-eights.yaml", 4, 0, 0, "none"),
    Calibration("Rummy", "corpus/real/rummy.yaml", 2, 5, 5, "gin-hand", "hand"),
    # 30–45 minutes for the eleven hands of the published game: 2.7–4.1 a hand
    Calibration("Pay Me", "corpus/real/pay-me.yaml", 3, 2.7, 4.1, "groupgames-pay-me", "hand"),
)

#: The fitted model (``benchmarks/table_time.py`` prints the fit; its numbers are copied here).
MODEL = TableTime(move=4.38, think=0.5, deal=72.83, scoring=SCORING)


def fit(rows: Sequence[tuple[Sequence[float], float]]) -> TableTime:
    """The model that best fits ``rows`` of ((decisions, moves, deals, hands), published minutes)
    in squared relative error, each coefficient at least its ``FLOOR`` and the scoring at
    ``SCORING``: a small non-negative least squares over the coefficients above their floors,
    solved exactly by trying every set of free coefficients (three coefficients: eight sets)."""
    from itertools import combinations

    import numpy as np

    names = ("move", "think", "deal")
    floor = np.array([FLOOR[k] for k in names])
    xs = []
    ys = []
    for (decisions, moves, deals, hands), minutes in rows:
        x = np.array([moves, decisions, deals], dtype=float)
        seconds = minutes * 60
        # relative error: the row divided by its time; the floors' and the scoring's part moved right
        xs.append(x / seconds)
        ys.append((seconds - SCORING * hands - float(x @ floor)) / seconds)
    a, b = np.array(xs), np.array(ys)
    best: tuple[float, Any] | None = None
    for k in range(len(names) + 1):
        for free in combinations(range(len(names)), k):
            extra = np.zeros(len(names))
            if free:
                sol, *_ = np.linalg.lstsq(a[:, free], b, rcond=None)
                if (sol < 0).any():
                    continue
                extra[list(free)] = sol
            err = float(((a @ extra - b) ** 2).sum())
            if best is None or err < best[0] - 1e-12:
                best = (err, extra)
    assert best is not None
    move, think, deal = (round(float(c), 2) for c in floor + best[1])
    return TableTime(move, think, deal, SCORING)


__all__ = ["CALIBRATION", "Calibration", "FLOOR", "MODEL", "SCORING", "SINGLE_TOLERANCE", "TableTime", "fit"]
