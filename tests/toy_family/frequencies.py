"""Stepping's rows of the catalogue's rates (its own catalogue: ``sampler.draw_play``)."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import Pred, Row6


def rows() -> list[Row6]:
    everyone: Pred = lambda s: True  # noqa: E731
    return [
        ("ST-01 first turn", "dealer", "all", everyone, lambda s: s.play.first_turn == "dealer", F(1, 2)),
        ("ST-02 wrap", "yes", "all", everyone, lambda s: s.play.wrap, F(1, 4)),
    ]
