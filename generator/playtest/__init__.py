"""Playtest, first cut: Tier-1 random self-play at every allowed player count, metrics with
Wilson intervals, and a verdict with reason codes (docs/playtest-metrics.md).

Every game has its own seed, derived from the run's seed, the player count and the game's
index, so any single game can be replayed on its own.
"""

from __future__ import annotations

import math
import random
import statistics
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..bots import BOTS, bot_seed
from ..engine import Game, GameRecord, play_game
from ..spec import GameSpec

# Tier-1 thresholds of docs/playtest-metrics.md.
MAX_CAPPED = 0.01
MIN_COMPLETION = 0.95
MAX_DRAWS, WARN_DRAWS = 0.20, 0.10
MIN_DECISIONS_PER_PLAYER = 4
MAX_MINUTES, WARN_MINUTES = 60, 40
MIN_AGENCY, WARN_AGENCY = 0.30, 0.50


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of one game of a run: stable, and independent of how many games the run plays."""
    return (seed * 1_000_003 + players * 10_007 + index) & 0xFFFFFFFFFFFF


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score 95% interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Reason:
    code: str
    message: str
    players: int
    seed: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "players": self.players, "seed": self.seed}


@dataclass
class CountReport:
    """Results at one player count."""

    players: int
    games: int
    completed: int = 0
    capped: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    tie_breaks: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    hands: list[int] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)
    first_capped_seed: int | None = None

    def minutes(self) -> float:
        """Median estimated table time: decisions × 8 s + deals × 60 s + scorings × 30 s."""
        times = [d * 8 + dl * 60 + h * 30 for d, dl, h in zip(self.decisions, self.deals, self.hands)]
        return statistics.median(times) / 60 if times else 0.0

    def agency(self) -> float:
        return sum(self.decisions) / max(1, sum(self.moves))

    def as_dict(self) -> dict[str, Any]:
        played = self.completed + self.capped
        return {
            "players": self.players, "games": self.games, "completed": self.completed,
            "completion": self.completed / self.games if self.games else 0.0,
            "completion_interval": wilson(self.completed, self.games),
            "capped": self.capped, "engine_errors": len(self.errors), "tie_breaks": self.tie_breaks,
            "draws": self.draws,
            "win_rates": [w / played if played else 0.0 for w in self.wins],
            "win_intervals": [wilson(w, played) for w in self.wins],
            "decisions_median": statistics.median(self.decisions) if self.decisions else 0,
            "decisions_per_player_median": statistics.median(self.decisions) / self.players if self.decisions else 0,
            "hands_median": statistics.median(self.hands) if self.hands else 0,
            "hands_mean": statistics.fmean(self.hands) if self.hands else 0,
            "decision_share": self.agency(), "minutes_median": self.minutes(),
        }


@dataclass
class Report:
    name: str
    seed: int
    bot: str
    counts: list[CountReport]
    reasons: list[Reason]
    warnings: list[Reason]

    @property
    def verdict(self) -> str:
        return "reject" if self.reasons else "pass"

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.name, "seed": self.seed, "bot": self.bot, "verdict": self.verdict,
                "reasons": [r.as_dict() for r in self.reasons],
                "warnings": [w.as_dict() for w in self.warnings],
                "counts": [c.as_dict() for c in self.counts]}


def _play_one(game: Game, players: int, seed: int, bot: str) -> GameRecord:
    if bot == "random":
        state = game.new_initial_state(players, seed)
        state.play_random(random.Random(bot_seed(seed, 0)).random)
        return state.record
    make = BOTS[bot]
    return play_game(game, players, seed, [make(bot_seed(seed, p)) for p in range(players)])


def play_records(spec: GameSpec, games: int, seed: int, players: int, bot: str = "random",
                 on_error: Callable[[int, BaseException], None] | None = None) -> Iterator[GameRecord | None]:
    """Play `games` games at one player count, yielding each record (None for an engine error)."""
    game = Game(spec, audit=True)
    for i in range(games):
        s = game_seed(seed, players, i)
        try:
            yield _play_one(game, players, s, bot)
        except Exception as exc:  # an engine error is a finding, not a crash of the playtest
            if on_error:
                on_error(s, exc)
            yield None


def playtest(spec: GameSpec, games: int = 200, seed: int = 0, players: list[int] | None = None,
             bot: str = "random", record_sink: Callable[[dict[str, Any]], None] | None = None) -> Report:
    """Tier 1: play `games` games at each player count and judge the results."""
    counts = players or list(spec.players.counts())
    reports: list[CountReport] = []
    for n in counts:
        cr = CountReport(n, games, wins=[0] * n)
        errors: list[tuple[int, str]] = cr.errors

        def note_error(s: int, exc: BaseException) -> None:
            errors.append((s, "".join(traceback.format_exception_only(type(exc), exc)).strip()))

        for rec in play_records(spec, games, seed, n, bot, note_error):
            if rec is None:
                continue
            if record_sink:
                record_sink(rec.as_dict())
            if rec.outcome == "cap":
                cr.capped += 1
                if cr.first_capped_seed is None:
                    cr.first_capped_seed = rec.seed
            else:
                cr.completed += 1
                if rec.winner is None:
                    cr.draws += 1
                else:
                    cr.wins[rec.winner] += 1
            cr.tie_breaks += rec.tie_rule_used
            cr.decisions.append(rec.decisions)
            cr.moves.append(rec.moves)
            cr.hands.append(len(rec.hands))
            cr.deals.append(sum(h.deals for h in rec.hands))
        reports.append(cr)
    reasons, warnings = judge(reports)
    return Report(spec.naming.name, seed, bot, reports, reasons, warnings)


def judge(counts: list[CountReport]) -> tuple[list[Reason], list[Reason]]:
    """Reasons to reject (the whole 95% interval on the wrong side) and warnings, per player count."""
    reasons: list[Reason] = []
    warnings: list[Reason] = []
    for c in counts:
        n, g = c.players, c.games
        if c.errors:
            s, msg = c.errors[0]
            reasons.append(Reason("ENGINE_ERROR", f"the engine failed in {len(c.errors)} of {g} games: {msg}", n, s))
        if g == 0:
            continue
        lo, _ = wilson(c.capped, g)
        if lo > MAX_CAPPED:
            reasons.append(Reason("NON_TERMINATING", f"{c.capped} of {g} games never ended (stopped by the safety cap)",
                                  n, c.first_capped_seed))
        _, hi = wilson(c.completed, g)
        if hi < MIN_COMPLETION:
            reasons.append(Reason("INCOMPLETE", f"only {c.completed} of {g} games reached a natural end", n,
                                  c.first_capped_seed))
        played = c.completed
        if played:
            lo, _ = wilson(c.draws, played)
            if lo > MAX_DRAWS:
                reasons.append(Reason("DRAWISH", f"first place was shared in {c.draws} of {played} games", n))
            elif c.draws / played > WARN_DRAWS:
                warnings.append(Reason("DRAWISH", f"first place was shared in {c.draws} of {played} games", n))
        if not c.decisions:
            continue
        per_player = statistics.median(c.decisions) / n
        if per_player < MIN_DECISIONS_PER_PLAYER:
            reasons.append(Reason("TOO_SHORT", f"a player makes only {per_player:.1f} real decisions in a typical game", n))
        minutes = c.minutes()
        if minutes > MAX_MINUTES:
            reasons.append(Reason("TOO_LONG", f"a typical game would take about {minutes:.0f} minutes at the table", n))
        elif minutes > WARN_MINUTES:
            warnings.append(Reason("TOO_LONG", f"a typical game would take about {minutes:.0f} minutes at the table", n))
        agency = c.agency()
        if agency < MIN_AGENCY:
            reasons.append(Reason("NO_AGENCY", f"only {agency:.0%} of moves offer a real choice", n))
        elif agency < WARN_AGENCY:
            warnings.append(Reason("NO_AGENCY", f"only {agency:.0%} of moves offer a real choice", n))
    return reasons, warnings
