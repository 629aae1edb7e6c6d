"""The end of the game (EN-01…EN-04)."""

from __future__ import annotations

import math
from fractions import Fraction

from ..spec import DealSpec, EndingSpec, Rounds, Shrinking, Target, Threshold, TokensGone
from ..spec.ending import Scheduled
from ..spec.scoring import losing_points
from .rng import Draw
from .scoring import Scored


def draw_target(draw: Draw, basis: Fraction) -> int:
    """EN-03: T = U[⌊3.5g⌋..⌊7g⌋]; above 50 it is rounded up to a multiple of 10."""
    t = draw.uniform_int(math.floor(Fraction(7, 2) * basis), math.floor(7 * basis))
    return -(-t // 10) * 10 if t > 50 else t


def draw_ending(draw: Draw, scored: Scored, deal: DealSpec | None = None) -> EndingSpec:
    """EN-01: with countdown tokens the first player to give up every token wins, which cannot tie
    (nothing is drawn). Otherwise EN-02 p 1/8 fixed length, W-pick(3): as many hands as players /
    shrinking / shrinking and back up; else EN-03 a target (a negative threshold for penalty
    scoring). EN-04 ties uniform."""
    if deal is not None and deal.tokens is not None:
        return EndingSpec(condition=TokensGone(), ties=None)
    if draw.chance(1 / 8):
        pick = draw.wpick(("rounds", "shrinking", "back-up"))
        condition = Rounds() if pick == "rounds" else Shrinking(back_up=pick == "back-up")
    else:
        t = draw_target(draw, scored.basis)
        condition = Threshold(points=t) if losing_points(scored.scoring) else Target(points=t)
    ties = draw.choice(("extra-hand", "latest-winner"))
    if scored.scoring.kind == "schedule":   # drawn as the catalogue has it, then the schedule's own end
        condition = Scheduled()
    return EndingSpec(condition=condition, ties=ties)
