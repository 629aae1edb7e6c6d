"""Fishing's rows of the module registry (``generator.modules`` gathers them): the modules of its
play (FI-01…FI-07, FI-09…FI-11, Parlour's own ids: the catalogue has no fishing game), the engine places that
play them, and its part in card points (FI-08, a shared module since trick-taking draws it too:
``generator.modules``), the scoring kind fishing draws."""

from __future__ import annotations

from generator.modules import Module, Share, _draw

from . import FISHING

FISH, FISH_DRAW = FISHING.template, FISHING.sampler
SCORE_DRAW = _draw(FISHING.name, "draw_scoring")

#: The opening table, the turn, what a card captures, and the scorer of a fishing hand.
ENGINE: dict[str, str] = {
    "fish_table": FISHING.phases[0],
    "fish": FISHING.phases[1],
    "fish_rules": FISHING.rules,
    "fish_scoring": FISHING.scoring,
}


def _f(rule: str) -> str:
    return f"{FISHING.name}:{rule}"


MODULES: tuple[Module, ...] = (
    Module("FI-01", "first turn", ("play.first_turn",), lambda s: True, "FI-01 first turn", (FISH_DRAW,), (FISH,),
           (_f("first_turn"),), ("fish",), families=("fishing",)),
    Module("FI-02", "the opening table", ("play.layout", "play.table"), lambda s: True, "FI-02 table",
           (FISH_DRAW,), (FISH,), (_f("table"),), ("fish_table", "fish_rules"), families=("fishing",)),
    Module("FI-03", "the opening table dealt again", ("play.fresh_table",), lambda s: s.play.fresh_table,
           "FI-03 fresh table", (FISH_DRAW,), (FISH,), (_f("fresh_pile"), _f("fresh_spread")), ("fish_table",),
           families=("fishing",)),
    Module("FI-04", "a rank that takes everything", ("play.sweeper",), lambda s: s.play.sweeper is not None,
           "FI-04 sweeper", (FISH_DRAW,), (FISH,), (_f("sweeps_all"),), ("fish_rules",), families=("fishing",)),
    Module("FI-05", "matching a rank", ("play.match",), lambda s: s.play.layout == "spread", "FI-05 match",
           (FISH_DRAW,), (FISH,), (_f("match"),), ("fish_rules",), families=("fishing",)),
    Module("FI-06", "cards adding up", ("play.sums",), lambda s: s.play.sums, "FI-06 sums", (FISH_DRAW,), (FISH,),
           (_f("sums"),), ("fish_rules",), families=("fishing",)),
    Module("FI-07", "capturing compulsory", ("play.must_capture",), lambda s: s.play.must_capture,
           "FI-07 must capture", (FISH_DRAW,), (FISH,), (_f("must"),), ("fish",), families=("fishing",)),
    Module("FI-10", "every combination at once", ("play.combinations",), lambda s: s.play.combinations == "every",
           "FI-10 every combination", (FISH_DRAW,), (FISH,), (_f("every"),), ("fish_rules",), families=("fishing",)),
    Module("FI-11", "builds", ("play.builds",), lambda s: s.play.builds, "FI-11 builds", (FISH_DRAW,), (FISH,),
           (_f("builds"),), ("fish_rules", "fish"), families=("fishing",)),
    Module("FI-09", "sweeps", ("play.sweep", "scoring.sweeps"), lambda s: s.play.sweep is not None, "FI-09 sweeps",
           (FISH_DRAW, *SCORE_DRAW), (FISH, "rules/scoring.md.j2"), (_f("lone"), _f("clear"), "scoring:sweeps"),
           ("fish_rules", "card_points"), families=("fishing",)),
)

#: The shared modules only some families draw that fishing does: rank removal, and card points
#: (FI-08), counted for its captures by its scorer.
SHARES: dict[str, Share] = {
    "DK-03": Share(),
    "FI-08": Share(draws=SCORE_DRAW, engine=("fish_scoring",)),
}
