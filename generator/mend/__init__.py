"""Mending a draft rejected only for its length (being written: the interface only).

``mend(spec, report, options)`` returns ``Mended`` — the mended spec (its provenance lists the
mends), its own playtest report, the games simulated to find and judge it — or None when no
numeric parameter fixes the draft."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..spec import GameSpec

if TYPE_CHECKING:
    from ..playtest import Report
    from ..playtest.judge import JudgeOptions


@dataclass
class Mended:
    spec: GameSpec
    report: "Report"
    games: int
    notes: list[str] = field(default_factory=list)


def mend(spec: GameSpec, report: "Report", options: "JudgeOptions") -> Mended | None:
    return None
