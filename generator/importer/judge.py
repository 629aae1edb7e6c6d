"""Judging imported games: the Tier-0 static checks, then a Tier-1 playtest at every player count
the static checks leave playable."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..checks import check_spec
from ..spec import GameSpec


@dataclass(frozen=True)
class Finding:
    code: str
    tier: int                 # 0: static check; 1, 2: playtest tiers
    message: str
    players: int | None = None
    seed: int | None = None
    field: str | None = None


@dataclass
class Judgement:
    name: str
    file: str
    players: tuple[int, int]
    reasons: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    played: list[int] = field(default_factory=list)          # player counts playtested
    skipped: list[int] = field(default_factory=list)         # player counts the static checks rule out
    counts: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)           # e.g. a verdict that depends on the players

    @property
    def verdict(self) -> str:
        return "reject" if self.reasons else "pass"


def judge_spec(spec: GameSpec, file: str, games: int, seed: int, tier: int = 1,
               playtest: Callable[..., Any] | None = None) -> Judgement:
    """Static checks; then the playtest at the player counts no static problem concerns (none at
    all when a problem concerns every count)."""
    if playtest is None:
        from ..playtest import playtest as default_playtest
        playtest = default_playtest
    j = Judgement(spec.naming.name, file, (spec.players.min, spec.players.max))
    for p in check_spec(spec):
        j.reasons.append(Finding(p.code, 0, p.message, p.players, None, p.field))
    counts = list(spec.players.counts())
    if any(f.players is None for f in j.reasons):
        j.skipped = counts
        return j
    j.skipped = sorted({f.players for f in j.reasons if f.players is not None})
    j.played = [n for n in counts if n not in j.skipped]
    if not j.played:
        return j
    kwargs: dict[str, Any] = {"games": games, "seed": seed, "players": j.played}
    if tier > 1 and "tier" in inspect.signature(playtest).parameters:
        kwargs["tier"] = tier
    try:
        report = playtest(spec, **kwargs)
    except Exception as exc:  # a crash is a finding about the game, not the end of the judging
        j.reasons.append(Finding("ENGINE_ERROR", 1, f"the playtest failed: {exc.__class__.__name__}: {exc}"))
        return j
    for r in report.reasons:
        j.reasons.append(Finding(r.code, getattr(r, "tier", 1), r.message, r.players, r.seed))
    for w in getattr(report, "warnings", []):
        j.warnings.append(Finding(w.code, getattr(w, "tier", 1), w.message, w.players, w.seed))
    for c in report.counts:
        j.counts.append(_count_summary(c))
    j.notes = list(getattr(report, "notes", []))
    return j


def _count_summary(c: Any) -> dict[str, Any]:
    try:
        d = c.as_dict()
    except Exception:
        return {"players": getattr(c, "players", None)}
    keys = ("players", "games", "completed", "capped", "draws", "hands_median", "minutes_median",
            "decisions_per_player_median")
    return {k: d.get(k) for k in keys}
