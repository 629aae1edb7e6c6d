"""Stepping's rows of the module registry: its two modules of play, the engine places that play
them, and its part in the shared modules only some families draw (the stock and its discard
piles, going out first)."""

from __future__ import annotations

from generator.families import family_named
from generator.modules import Module, Share

STEPPING = family_named("stepping")
PLAY, DRAW = STEPPING.template, STEPPING.sampler

#: The turn, what steps on what, and the scorer of a hand.
ENGINE: dict[str, str] = {"step": STEPPING.phases[0], "step_rules": STEPPING.rules, "step_scoring": STEPPING.scoring}

MODULES: tuple[Module, ...] = (
    Module("ST-01", "first turn", ("play.first_turn",), lambda s: True, "ST-01 first turn", (DRAW,), (PLAY,),
           ("stepping:first_turn",), ("step",)),
    Module("ST-02", "ranks wrap round", ("play.wrap",), lambda s: s.play.wrap, "ST-02 wrap", (DRAW,), (PLAY,),
           ("stepping:wrap",), ("step_rules",)),
)

#: The shared modules only some families draw that stepping's games have: the stock and its
#: discard piles (played by the turn), and a point for going out first (its scorer).
SHARES: dict[str, Share] = {
    "DL-08": Share(engine=("step",)),
    "DL-10": Share(engine=("step",)),
    "DK-03": Share(),
    "SC-A4": Share(engine=("step_scoring",)),
}
