"""Niches: where a game that passes sits in the archive — family × player count × length × skill.

A game plays differently at each player count, so it is placed by the count at which it plays
best: the count with the highest quality score in its report (the fewest players on a tie). Its
length and skill are read at that count: the median minutes at the table from Tier 1, and the
Order (one strong bot among random ones: how much skill beats luck) from Tier 2. A playtest
without Tier 2 measures no skill, so its games share the one bin "not measured".

The bins are few so that an archive of a few hundred candidates can fill a good share of them;
the length bins stop at an hour because TOO_LONG rejects a game of more than that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..families import FAMILIES, family_of

if TYPE_CHECKING:
    from ..playtest import Report
    from ..spec import GameSpec

#: The bins of each axis: (label, low, high), a value v in the bin when low <= v < high.
BINS: dict[str, tuple[tuple[str, float, float], ...]] = {
    "players": (("2", 2, 3), ("3-4", 3, 5), ("5+", 5, math.inf)),
    "length": (("<15 min", 0, 15), ("15-30 min", 15, 30), ("30+ min", 30, math.inf)),
    "skill": (("Order <0.25", -math.inf, 0.25), ("Order 0.25-0.5", 0.25, 0.5), ("Order 0.5+", 0.5, math.inf)),
}
#: The skill bin of a game judged without Tier 2.
NOT_MEASURED = "skill not measured"


def bin_of(axis: str, value: float) -> str:
    """The label of the bin of ``axis`` holding ``value``."""
    for label, low, high in BINS[axis]:
        if low <= value < high:
            return label
    raise ValueError(f"{axis} {value} falls in no bin")


@dataclass(frozen=True, order=True)
class Niche:
    """One cell of the archive."""

    family: str
    players: str
    length: str
    skill: str

    @property
    def key(self) -> str:
        return " / ".join((self.family, self.players, self.length, self.skill))

    @classmethod
    def from_key(cls, key: str) -> "Niche":
        return cls(*key.split(" / "))


def skill_labels(tier: int) -> list[str]:
    """The skill bins a run at this playtest tier can fill."""
    return [label for label, _, _ in BINS["skill"]] if tier >= 2 else [NOT_MEASURED]


def all_niches(tier: int) -> list[Niche]:
    """Every niche a run at this tier can fill, in the archive's order."""
    return [Niche(f, p, length, s) for f in FAMILIES for p, _, _ in BINS["players"]
            for length, _, _ in BINS["length"] for s in skill_labels(tier)]


def best_count(report: "Report") -> int:
    """The player count at which a passing game plays best (the fewest players on a tie)."""
    quality = report.quality()
    if quality is None:
        raise ValueError("only a game that passes has a niche")
    best = max(quality["by_players"], key=lambda p: (p["score"], -p["players"]))
    return int(best["players"])


def niche_of(spec: "GameSpec", report: "Report") -> Niche:
    """The niche of a game that passed its playtest (see the module's docstring)."""
    from statistics import median

    n = best_count(report)
    t1 = next(c for c in report.counts if c.players == n)
    minutes = t1.minutes()
    length = bin_of("length", median(minutes) if minutes else 0.0)
    skill = NOT_MEASURED
    for t2 in report.tier2 or []:
        if t2.players == n and t2.games.get("order"):
            skill = bin_of("skill", t2.order()[0])
    return Niche(family_of(spec).name, bin_of("players", n), length, skill)


__all__ = ["BINS", "NOT_MEASURED", "Niche", "all_niches", "best_count", "bin_of", "niche_of", "skill_labels"]
