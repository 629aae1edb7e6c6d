"""Playtest figures for a rulebook: the report, plus what the plots need.

A *summary* is a plain dict (JSON-friendly): ``Report.as_dict()`` (``verdict``, ``reasons``,
``warnings``, ``counts`` with win rates, intervals, medians…), and, when the games' records were
seen, two more keys:

* ``lengths``: ``[{"players": n, "hands": [[hands, games], ...]}, ...]``, the distribution of
  the number of hands per game at each player count;
* ``typical``: ``{"players": n, "seed": s, "totals": [[seat totals after hand 1], ...]}``, the
  running totals of one typical game (the first game at the middle player count whose length is
  the median length).

Every publish function takes such a dict, or a plain ``as_dict()``, or None (no playtest section).

A report saved beside a spec (``generate --playtest`` writes ``<name>.report.json``) lacks the
records, so ``from_report`` replays only what the plots need: games of the report's own seed at
the middle player count, in order, until one lasts the median number of hands — the very game the
playtest played, so its replay seed is true — which costs a few games instead of a playtest.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from ..spec import GameSpec


def as_summary(report: Any) -> dict[str, Any] | None:
    """A report object (with ``as_dict``) or dict, as a summary dict; None stays None."""
    if report is None:
        return None
    if hasattr(report, "as_dict"):
        return report.as_dict()
    if isinstance(report, dict):
        return report
    raise TypeError(f"not a playtest report: {type(report).__name__}")


class _Collector:
    """A record sink that keeps only the hand counts, and the totals at one player count."""

    def __init__(self, typical_players: int):
        self.typical_players = typical_players
        self.lengths: dict[int, Counter[int]] = {}
        self.games: list[tuple[int, list[list[int]]]] = []  # (seed, totals per hand)

    def __call__(self, rec: dict[str, Any]) -> None:
        n = rec.get("players")
        hands = rec.get("hands") or []
        if rec.get("outcome", "natural") != "natural":
            return
        self.lengths.setdefault(n, Counter())[len(hands)] += 1
        if n == self.typical_players:
            self.games.append((rec.get("seed", 0), [list(h.get("totals", [])) for h in hands]))

    def extras(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "lengths": [{"players": n, "hands": sorted([h, c] for h, c in counter.items())}
                        for n, counter in sorted(self.lengths.items())],
        }
        if self.games:
            med = statistics.median_low([len(t) for _, t in self.games])
            seed, totals = next((s, t) for s, t in self.games if len(t) == med)
            out["typical"] = {"players": self.typical_players, "seed": seed, "totals": totals}
        return out


#: At most this many games are replayed to find a typical game for a saved report.
TYPICAL_TRIES = 12


def typical_game(spec: GameSpec, summary: dict[str, Any], tries: int = TYPICAL_TRIES) -> dict[str, Any] | None:
    """The running totals of the first game of the playtest (its seed, random play, the middle
    player count) whose length is closest to the report's median, among the first ``tries``."""
    if summary.get("bot", "random") != "random":
        return None
    counts = [c for c in summary.get("counts", []) if c.get("hands_median")]
    if not counts:
        return None
    c = counts[len(counts) // 2]
    n, median = c["players"], c["hands_median"]
    from ..engine.state import Game
    from ..playtest.runner import PLAYTEST_MOVE_CAP, game_seed, play_one

    game = Game(spec, move_cap=PLAYTEST_MOVE_CAP)
    best: tuple[float, int, list[list[int]]] | None = None
    for i in range(tries):
        seed = game_seed(summary.get("seed", 0) or 0, n, i)
        g = play_one(game, n, seed, i, keep_record=True)
        if g.outcome != "natural" or not g.record:
            continue
        totals = [list(h.get("totals", [])) for h in g.record.get("hands") or []]
        gap = abs(len(totals) - median)
        if best is None or gap < best[0]:
            best = (gap, seed, totals)
        if gap <= 0.5:
            break
    if best is None:
        return None
    return {"players": n, "seed": best[1], "totals": best[2]}


def from_report(spec: GameSpec, report: dict[str, Any], typical: bool = True) -> dict[str, Any]:
    """A saved report (``Report.as_dict()``) as a summary for the book, with a typical game replayed."""
    summary = dict(report)
    if typical and "typical" not in summary:
        found = typical_game(spec, summary)
        if found:
            summary["typical"] = found
    played = {c.get("games") for c in summary.get("counts", [])}
    summary.setdefault("games_per_count", played.pop() if len(played) == 1 else None)
    summary["reused"] = True
    return summary


def run_playtest(spec: GameSpec, games: int = 100, seed: int = 0, bot: str = "greedy") -> tuple[Any, dict[str, Any]]:
    """Tier 1 at every player count; returns (the Report, its summary with lengths and a typical game)."""
    from ..playtest import playtest

    counts = list(spec.players.counts())
    collector = _Collector(counts[len(counts) // 2])
    report = playtest(spec, games=games, seed=seed, bot=bot, record_sink=collector)
    summary = report.as_dict()
    summary.update(collector.extras())
    summary["games_per_count"] = games
    return report, summary
