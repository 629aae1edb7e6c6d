"""What the playtest's own games say about a draft's length, and whether length is all that is wrong.

A draft is worth mending only when the playtest found nothing against it but its length: games
that take too long at the table (TOO_LONG), or that the safety cap stopped (NON_TERMINATING,
INCOMPLETE) while their scores were still moving towards the end — a target set too far away, not
a game that cannot end. The evidence is the Tier-1 game summaries (``GameSummary``) of the report,
never a reading of the rules: a game that loops, or whose capped games never scored, is left
alone, since no number will make it end.

The estimates are per player count and per game: the minutes a hand takes, the progress a hand
brings towards the end (points to the leader for a target, points lost by the worst placed for a
threshold, tokens given up), and how a game's minutes split between dealing and scoring (fixed per
hand) and decisions (which grow with the hand size)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..playtest import Report
from ..playtest.metrics import MAX_MINUTES
from ..playtest.runner import GameSummary
from ..playtest.tabletime import MODEL
from ..playtest.stats import median
from ..spec import GameSpec

#: The reasons a number can fix: the game is too long, or the cap stopped it before its end.
LENGTH_CODES = frozenset({"TOO_LONG", "NON_TERMINATING", "INCOMPLETE"})
#: The reasons that say the game stopped without ending (the evidence must show it was heading there).
CAPPED_CODES = frozenset({"NON_TERMINATING", "INCOMPLETE"})

#: How far each end condition has got, from a game's totals: the leader's points towards a target,
#: the points lost by the worst placed towards a threshold, the tokens given up (counted in the
#: totals). Endings that count hands (rounds, shrinking hands) have no score to reach.
PROGRESS: dict[str, Callable[[list[int]], float]] = {
    "target": lambda totals: float(max(totals)),
    "threshold": lambda totals: float(-min(totals)),
    "tokens": lambda totals: float(max(totals)),
}


def progress_of(spec: GameSpec) -> Callable[[list[int]], float] | None:
    """How a game's totals measure its way to the end, or None when the end counts hands."""
    return PROGRESS.get(spec.ending.condition.kind)


@dataclass(frozen=True)
class GameLength:
    """One played game's length, split the way the table-time model splits it."""

    minutes: float
    hands: int
    fixed: float          # minutes of dealing and scoring
    deciding: float       # minutes of decisions
    progress: float       # how far the game got towards its end (see PROGRESS); 0 for counted hands
    capped: bool
    one_hand: float = 0.0  # the most progress one hand brought (points to a player, or lost by one)

    @property
    def per_hand(self) -> float:
        return self.minutes / max(1, self.hands)

    @property
    def progress_per_hand(self) -> float:
        return self.progress / max(1, self.hands)


def game_length(g: GameSummary, progress: Callable[[list[int]], float] | None) -> GameLength:
    fixed, deciding = MODEL.split(g)
    one_hand = float(g.best_hand) if progress is PROGRESS["target"] else \
        float(-g.worst_hand) if progress is PROGRESS["threshold"] else 0.0
    return GameLength(g.minutes, g.hands, fixed, deciding,
                      progress(g.totals) if progress and g.totals else 0.0, g.outcome == "cap", max(0.0, one_hand))


@dataclass(frozen=True)
class CountEstimate:
    """The playtest's estimates at one player count."""

    players: int
    games: tuple[GameLength, ...]
    rejected: frozenset[str]     # the reason codes the playtest gave at this count

    @property
    def minutes(self) -> float:
        return median([g.minutes for g in self.games])

    @property
    def minutes_per_hand(self) -> float:
        return median([g.per_hand for g in self.games])

    @property
    def progress_per_hand(self) -> float:
        return median([g.progress_per_hand for g in self.games])

    @property
    def hands(self) -> float:
        return median([g.hands for g in self.games])

    @property
    def too_long(self) -> bool:
        return bool(self.rejected & LENGTH_CODES) or self.minutes > MAX_MINUTES


def estimates(spec: GameSpec, report: Report) -> list[CountEstimate]:
    """The estimates at every player count the report played (errors left out: they have no length)."""
    progress = progress_of(spec)
    out = []
    for c in report.counts:
        played = tuple(game_length(g, progress) for g in c.games if g.outcome != "error")
        codes = frozenset(r.code for r in report.reasons if r.players == c.players)
        if played:
            out.append(CountEstimate(c.players, played, codes))
    return out


def not_length(spec: GameSpec, report: Report) -> str | None:
    """Why the draft is not rejected for its length alone (None: it is, and may be mended).

    Every reason must be a length reason. A capped game counts as too long only if the cap caught
    it on its way: it played more than one hand, never came back to a position it had been in, and
    (where the end is a score to reach) its scores had moved towards it."""
    if report.verdict == "pass":
        return "the draft passed"
    codes = {r.code for r in report.reasons}
    other = sorted(codes - LENGTH_CODES)
    if other:
        return f"rejected for {', '.join(other)}, which no length fixes"
    progress = progress_of(spec)
    for c in report.counts:
        capped = [g for g in c.games if g.outcome == "cap"]
        if not capped:
            continue
        if any(g.looped for g in capped):
            return f"with {c.players} players games stopped by the cap came back to an earlier position"
        if median([g.hands for g in capped]) < 2:
            return f"with {c.players} players the cap stopped games within their first hand"
        if progress is not None and median([progress(g.totals) / max(1, g.hands) for g in capped]) <= 0:
            return f"with {c.players} players games stopped by the cap had not moved towards their end"
    return None


__all__ = ["CAPPED_CODES", "CountEstimate", "GameLength", "LENGTH_CODES", "PROGRESS", "estimates", "game_length",
           "not_length", "progress_of"]
