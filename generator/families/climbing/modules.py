"""Climbing's rows of the module registry (``generator.modules`` gathers them): the modules of its
play (CL-01…CL-13) and the countdown of tricks taken (SC-B), the engine places that play them, and
its part in the shared modules only some families draw — the run wrap, countdown tokens, face-down
rows, shedding scoring and the rules between titles hands (its scorer, and its turn, plays them),
rank removal, the whole pack dealt and trick scoring for piles taken as tricks."""

from __future__ import annotations

from generator.modules import SCORING, Module, Share, _draw

from . import CLIMBING

CLIMB, CLIMB_DRAW = CLIMBING.template, CLIMBING.sampler

#: The climbing turn, what beats what, and the scorer of a climbing hand.
ENGINE: dict[str, str] = {
    "climb": CLIMBING.phases[0],
    "climb_rules": CLIMBING.rules,
    "climb_scoring": CLIMBING.scoring,
}


def _climb(*names: str) -> tuple[str, ...]:
    return _draw(CLIMBING.name, *names)


# CL-10, the invented rules in play, is SU-09's law text
MODULES: tuple[Module, ...] = (
    Module("CL-01.w", "the opening card led with others", ("play.opening_play",),
           lambda s: s.play.opening_play == "with", "CL-01 opening leader", _draw(CLIMBING.name, "draw_play"),
           (CLIMB,), ("climbing:holder_with",), ("climb",)),
    Module("CL-01", "opening leader", ("play.opening_leader", "play.opening_card"), lambda s: True,
           "CL-01 opening leader", _climb("draw_leader"), (CLIMB,),
           ("climbing:leader", "climbing:holder", "climbing:opening_card"), ("climb",)),
    Module("CL-02", "lead shapes", ("play.leads", "play.runs"), lambda s: True, "CL-02 leads",
           _climb("draw_leads"), (CLIMB,), ("climbing:sets_not_led", "climbing:run", "climbing:finish"), ("climb_rules",)),
    Module("CL-03", "must play", ("play.must_play",), lambda s: s.play.must_play, "CL-03 must play",
           (CLIMB_DRAW,), (CLIMB,), ("climbing:must_play",), ("climb_rules",)),
    Module("CL-04", "beating", ("play.beating",), lambda s: True, "CL-04 beating", (CLIMB_DRAW,), (CLIMB,),
           ("climbing:beating",), ("climb_rules",)),
    Module("CL-05", "jokers in play", ("play.jokers", "play.natural_beats_joker"), lambda s: s.deck.jokers > 0,
           "CL-05 jokers", (CLIMB_DRAW,), (CLIMB,),
           ("climbing:joker_top", "climbing:joker_wild", "climbing:natural_beats_joker"),
           ("cards", "climb_rules")),
    Module("CL-06", "low bomb", ("play.low_bomb",), lambda s: s.play.low_bomb, "CL-06 low bomb", (CLIMB_DRAW,),
           (CLIMB,), ("climbing:low_bomb",), ("climb_rules",)),
    Module("CL-07", "colour match", ("play.colour_match",), lambda s: s.play.colour_match, "CL-07 colour match",
           (CLIMB_DRAW,), (CLIMB,), ("climbing:colour_match",), ("climb_rules",)),
    Module("CL-08", "bomb and rocket", ("play.bomb",), lambda s: s.play.bomb is not None, "CL-08 bomb",
           _climb("draw_bomb"), (CLIMB,), ("climbing:bomb", "climbing:rocket"), ("climb_rules",)),
    Module("CL-09", "transparent rank", ("play.transparent",), lambda s: s.play.transparent is not None,
           "CL-09 transparent", (CLIMB_DRAW,), (CLIMB,), ("climbing:transparent",), ("climb_rules",)),
    Module("CL-10", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", _draw("setup", "draw_setup"), (CLIMB,), ("climbing:laws",),
           ("climb", "laws")),
    Module("CL-11", "trick end", ("play.trick_end", "play.rejoin"), lambda s: True, "CL-11 trick end",
           (CLIMB_DRAW,), (CLIMB,), ("climbing:trick_end", "climbing:rejoin"), ("climb",)),
    Module("CL-12", "trick collection", ("play.collection",), lambda s: True, "CL-12 collection", (CLIMB_DRAW,),
           (CLIMB,), ("climbing:collection",), ("climb", "climb_scoring")),
    Module("CL-13", "kitty capture", ("play.kitty_capture",), lambda s: s.play.kitty_capture is not None,
           "CL-13 kitty capture", (CLIMB_DRAW,), (CLIMB,),
           ("climbing:capture", "climbing:capture_in_kitty"), ("climb",)),
    Module("SC-B", "countdown with tricks", ("scoring.kind",),
           lambda s: s.scoring.kind == "countdown" and s.play.collection == "trick", "SC-B countdown",
           _climb("draw_scoring"), (SCORING,), ("scoring:countdown",), ("climb_scoring",)),
)

#: The shared modules only some families draw that climbing does, and the places of its own that
#: play them: the run wrap in what makes a run; tokens, shedding scoring and the rules between
#: titles hands in its scorer (and in its turn, where a hand or a title ends); face-down rows in
#: its turn, and in its *Play* section, which says when the rows are played and when a player with
#: rows has gone out.
SHARES: dict[str, Share] = {
    "DK-05": Share(engine=("climb_rules",)),
    "DL-04": Share(engine=("climb_scoring",)),
    "DL-12": Share(templates=(CLIMB,), parser=("climbing:gone_out",), engine=("climb",)),
    **dict.fromkeys(("SC-A1", "SC-A2", "SC-A2l", "SC-A4", "WU-01", "WU-02", "WU-03", "WU-04", "WU-05"),
                    Share(engine=("climb_scoring",))),
    **dict.fromkeys(("SC-A2e", "SC-A3"), Share(engine=("climb", "climb_scoring"))),
    **dict.fromkeys(("SC-A5", "EN-01", "DK-03", "DL-03", "SC-T1", "SC-T3", "SC-T4"), Share()),
}
