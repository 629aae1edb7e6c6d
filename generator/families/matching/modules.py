"""Matching's rows of the module registry (``generator.modules`` gathers them): the modules of its
play (MT-01…MT-07, one module per kind of special card of MT-04), the engine places that play them,
and its part in the shared modules only some families draw — the stock and its discard piles,
countdown tokens, face-down rows, shedding scoring, the rules between titles hands, rank removal
and calling the last card."""

from __future__ import annotations

from collections.abc import Callable

from generator.modules import Module, Share, _draw
from generator.spec import GameSpec

from . import MATCHING

MATCH, MATCH_DRAW = MATCHING.template, MATCHING.sampler

#: The matching turn, what matches, the scorer of a matching hand, and the special cards of MT-04:
#: one function fires the effect of the card played (or claimed).
ENGINE: dict[str, str] = {
    "match": MATCHING.phases[0],
    "match_rules": MATCHING.rules,
    "match_scoring": MATCHING.scoring,
    "match_effects": "generator.families.matching.engine.effects:fire",
}


def _match(*names: str) -> tuple[str, ...]:
    return _draw(MATCHING.name, *names)


def _effect(*kinds: str) -> Callable[[GameSpec], bool]:
    """Whether a matching game has a special card of one of ``kinds`` (MT-04)."""
    return lambda s: any(e.kind in kinds for e in s.play.effects)


#: MT-04's rows, one module each: (catalogue id, name, the kinds it draws). P01 and P03 may turn into
#: a card that may not be played last, which has a module of its own.
_EFFECTS = (
    ("P01", "wild or open card", ("wild", "open")),
    ("P01n", "not the last card", ("not-last",)),
    ("P02", "the kitty card", ("kitty-take", "kitty-give")),
    ("P03", "reshuffle and go again", ("reshuffle",)),
    ("P04", "reverse", ("reverse",)),
    ("P05", "draw chain", ("draw-chain",)),
    ("P06", "another turn", ("again",)),
    ("P07", "skip", ("skip",)),
    ("P08", "everyone draws", ("all-draw",)),
    ("P09", "top ranks follow", ("top-follow",)),
    ("P10", "pass hands", ("pass-hands",)),
    ("P12", "give a card", ("give",)),
    ("P13", "transparent card", ("transparent",)),
    ("P14", "tuck a card", ("tuck",)),
    ("P15", "cordial card", ("cordial",)),
    ("P16", "trade hands", ("trade",)),
    ("P17", "name a rank", ("name-rank",)),
    ("P18", "cover or draw", ("cover",)),
    ("P19", "copycat", ("copycat",)),
    ("P20", "points in the hand", ("points",)),
    ("P21", "lower or higher", ("bound",)),
)


def _effect_modules() -> tuple[Module, ...]:
    """MT-04, one module per kind of special card: each lives in ``play.effects``, is drawn by
    ``draw_effects``, printed in the Play section's list of special cards, read back by the
    parser's row of that table (``matching:special_row``, which reads every kind) and fired by
    the engine's effects."""
    out = []
    for cid, name, kinds in _EFFECTS:
        rules = ("matching:special_row",)
        out.append(Module(f"MT-04.{cid}", name, ("play.effects",), _effect(*kinds), "MT-04 effects",
                          _match("draw_effects"), (MATCH,), rules, ("match", "match_effects")))
    return tuple(out)


MODULES: tuple[Module, ...] = (
    Module("MT-01", "first turn", ("play.first_turn",), lambda s: True, "MT-01 first turn", (MATCH_DRAW,),
           (MATCH,), ("matching:first_turn",), ("match",)),
    Module("MT-02", "cheat mode", ("play.cheat",), lambda s: s.play.cheat is not None, "MT-02 cheat",
           (MATCH_DRAW,), (MATCH,), ("matching:challenge",), ("match", "match_rules")),
    *_effect_modules(),
    Module("MT-04.P11", "named card", ("play.named_card",), lambda s: s.play.named_card is not None,
           "MT-04 effects", _match("draw_effects"), (MATCH,), ("matching:special_row",),
           ("match", "match_effects")),
    Module("MT-04.CW", "countdown wilds", ("play.countdown_wild",), lambda s: s.play.countdown_wild,
           "MT-04 effects", (MATCH_DRAW,), (MATCH,), ("matching:special_row",), ("match_rules",)),
    Module("MT-05.a", "any card after a draw", ("play.after_draw",), lambda s: s.play.after_draw == "any",
           "MT-05 passing", _draw(MATCHING.name, "draw_play"), (MATCH,), ("matching:play_any_after_draw",),
           ("match",)),
    Module("MT-05", "passing and drawing", ("play.must_play", "play.draw", "play.play_drawn"), lambda s: True,
           "MT-05 passing", (MATCH_DRAW,), (MATCH,),
           ("matching:pass", "matching:play_drawn"), ("match", "match_rules")),
    Module("MT-06", "several cards at once", ("play.multiple",), lambda s: s.play.multiple != "none",
           "MT-06 multiple", (MATCH_DRAW,), (MATCH,), ("matching:multiple",), ("match_rules",)),
    Module("MT-07", "a special card to start the pile", ("play.opening_effect",),
           lambda s: s.play.opening_effect != "none", "MT-07 opening effect", (MATCH_DRAW,), (MATCH,),
           ("matching:opening",), ("match",)),
)

#: The shared modules only some families draw that matching does, and the places of its own that
#: play them: the stock and its discard piles in its turn (the wild-rank card in what matches);
#: tokens, shedding scoring and the rules between titles hands in its scorer (and in its turn,
#: where a hand or a title ends); face-down rows in its turn; the call in its turn, drawn, printed
#: and read with its play.
SHARES: dict[str, Share] = {
    "DL-08": Share(engine=("match",)),
    "DL-09": Share(engine=("match_rules",)),
    "DL-10": Share(engine=("match",)),
    "DK-03": Share(),
    "DL-04": Share(engine=("match_scoring",)),
    "DL-12": Share(engine=("match",)),
    **dict.fromkeys(("SC-A1", "SC-A2", "SC-A2l", "SC-A4", "WU-01", "WU-02", "WU-03", "WU-04", "WU-05"),
                    Share(engine=("match_scoring",))),
    **dict.fromkeys(("SC-A2e", "SC-A3"), Share(engine=("match", "match_scoring"))),
    **dict.fromkeys(("SC-A5", "EN-01"), Share()),
    "SH-01": Share(draws=(MATCH_DRAW,), templates=(MATCH,), parser=("matching:call",), engine=("match",)),
}
