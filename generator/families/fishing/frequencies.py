"""Fishing's rows of the catalogue's rates (``generator.sample.frequencies`` gathers them, and takes
each over fishing's games only): its play (FI-01…FI-07, FI-09…FI-11) and its card points (FI-08), at the
rates its sampler draws them with (``sampler``'s docstring gives each rate's reason: the seed book
has no fishing game, so these are Parlour's own)."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import Row6
from generator.spec import GameSpec


def _pile(s: GameSpec) -> bool:
    return s.play.layout == "pile"


def _spread(s: GameSpec) -> bool:
    return s.play.layout == "spread"


def _courts(s: GameSpec) -> bool:
    """The pack has a court card to sweep with (the Jack, else its lowest court)."""
    from generator.spec import derived

    return any(r in derived.COURT_VALUES[s.deck.kind] for r in s.deck.ranks())


def _sums(s: GameSpec) -> bool:
    return _spread(s) and s.play.sums


def _every_may(s: GameSpec) -> bool:
    return _sums(s) and s.play.match == "all"


def rows() -> list[Row6]:
    everyone = lambda s: True  # noqa: E731
    return [
        ("FI-01 first turn", "dealer", "all", everyone, lambda s: s.play.first_turn == "dealer", F(1, 5)),
        ("FI-02 table", "pile", "all", everyone, _pile, F(2, 5)),
        ("FI-02 table", "four cards", "all", everyone, lambda s: s.play.table == 4, F(3, 4) + F(1, 4) * F(1, 5)),
        ("FI-03 fresh table", "yes", "pile", _pile, lambda s: s.play.fresh_table, F(3, 4)),
        ("FI-03 fresh table", "yes", "spread", _spread, lambda s: s.play.fresh_table, F(1, 2)),
        ("FI-04 sweeper", "yes", "pile, a pack with a court", lambda s: _pile(s) and _courts(s),
         lambda s: s.play.sweeper is not None, F(2, 3)),
        ("FI-04 sweeper", "yes", "spread, a pack with a court", lambda s: _spread(s) and _courts(s),
         lambda s: s.play.sweeper is not None, F(1, 5)),
        ("FI-05 match", "all", "spread", _spread, lambda s: s.play.match == "all", F(1, 4)),
        ("FI-06 sums", "yes", "spread", _spread, lambda s: s.play.sums, F(3, 4)),
        ("FI-07 must capture", "yes", "spread", _spread, lambda s: s.play.must_capture, F(1, 4)),
        ("FI-10 every combination", "yes", "spread adding up, every card of a rank", _every_may,
         lambda s: s.play.combinations == "every", F(1, 2)),
        ("FI-11 builds", "yes", "spread adding up", _sums, lambda s: s.play.builds, F(1, 6)),
        ("FI-09 sweeps", "lone card", "pile", _pile, lambda s: s.play.sweep == "lone-card", F(3, 4)),
        ("FI-09 sweeps", "clear the table", "spread", _spread, lambda s: s.play.sweep == "clear-table", F(7, 9)),
        ("FI-09 sweeps", "lone card", "spread", _spread, lambda s: s.play.sweep == "lone-card", F(1, 9)),
        ("FI-08 card points", "most cards", "all", everyone, lambda s: s.scoring.most_cards is not None,
         F(3, 4) + F(1, 4) * F(1, 2) * F(1, 2) * F(1, 4) * F(1, 4) * F(1, 2) * F(1, 4)),
        ("FI-08 card points", "most of a suit", "all", everyone, lambda s: s.scoring.most_suit is not None, F(1, 2)),
    ]
