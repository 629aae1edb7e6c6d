"""Melding's rows of the module registry (``generator.modules`` gathers them): the modules of its
play (ML-01…ML-07) and its own parts of the scoring (the pig in a meld, the knock on going out), the
engine places that play them, and its part in the shared modules only some families draw — the
stock and its discard piles, the run wrap, countdown tokens, face-down rows, shedding scoring, the
rules between titles hands and calling the last card."""

from __future__ import annotations

from typing import Any

from generator.modules import SCORING, Module, Share, _draw
from generator.spec import GameSpec

from . import MELDING

MELD, MELD_DRAW = MELDING.template, MELDING.sampler

#: The melding turn, what a meld is, and the scorer of a melding hand.
ENGINE: dict[str, str] = {
    "meld": MELDING.phases[0],
    "meld_rules": MELDING.rules,
    "meld_scoring": MELDING.scoring,
}


def _meld(*names: str) -> tuple[str, ...]:
    return _draw(MELDING.name, *names)


def _melds(s: GameSpec) -> Any:
    return s.play.melds


MODULES: tuple[Module, ...] = (
    Module("ML-01", "first turn", ("play.first_turn",), lambda s: True, "ML-01 first turn", (MELD_DRAW,),
           (MELD,), ("melding:first_turn",), ("meld",)),
    Module("ML-02", "one action a turn", ("play.one_action",), lambda s: s.play.one_action, "ML-02 turn",
           (MELD_DRAW,), (MELD,), ("melding:turn",), ("meld",)),
    Module("ML-02a", "deserting", ("play.desert",), lambda s: s.play.desert is not None, "ML-02a desert",
           (MELD_DRAW,), (MELD,), ("melding:desert",), ("meld",)),
    Module("ML-02b", "drawing", ("play.draw",), lambda s: True, "ML-02b draw", _meld("draw_draw_rule"), (MELD,),
           ("melding:draw",), ("meld",)),
    Module("ML-02c", "melds", ("play.melds.many", "play.melds.runs", "play.melds.single", "play.melds.first_run",
                               "play.melds.no_first_out", "play.melds.must_meld", "play.melds.keep_card"),
           lambda s: True, "ML-02c melds", _meld("draw_meld_rules"), (MELD,), ("melding:melds",),
           ("meld", "meld_rules")),
    Module("ML-02c.r", "rearranging melds", ("play.melds.rearrange",), lambda s: _melds(s).rearrange != "none",
           "ML-02c melds", _meld("draw_meld_rules"), (MELD,), ("melding:rearrange",), ("meld", "meld_rules")),
    Module("ML-02d", "laying off", ("play.lay_off",), lambda s: s.play.lay_off is not None, "ML-02d lay off",
           (MELD_DRAW,), (MELD,), ("melding:lay_off",), ("meld", "meld_rules")),
    Module("ML-02e", "dump", ("play.dump",), lambda s: s.play.dump is not None, "ML-02e dump", (MELD_DRAW,),
           (MELD,), ("melding:dump",), ("meld",)),
    Module("ML-02f", "stump", ("play.stump",), lambda s: s.play.stump is not None, "ML-02f stump", (MELD_DRAW,),
           (MELD,), ("melding:stump",), ("meld",)),
    Module("ML-02g", "the called block", ("play.block",), lambda s: s.play.block is not None, "ML-02g block",
           (MELD_DRAW,), (MELD,), ("melding:block",), ("meld",)),
    Module("ML-03.swap", "joker swap", ("play.joker_swap",), lambda s: s.play.joker_swap, "ML-03 wild cards",
           (MELD_DRAW,), (MELD,), ("melding:joker_swap",), ("meld",)),
    Module("ML-03.one", "one joker a meld", ("play.one_joker",), lambda s: s.play.one_joker, "ML-03 wild cards",
           (MELD_DRAW,), (MELD,), ("melding:one_joker",), ("meld_rules",)),
    Module("ML-03.progressive", "progressive wilds", ("play.progressive_wilds",),
           lambda s: s.play.progressive_wilds, "ML-03 wild cards", (MELD_DRAW,), (MELD,),
           ("melding:progressive_wilds",), ("meld", "meld_rules")),
    Module("ML-04", "the stock runs out", ("deal.stock",), lambda s: True, "ML-04 stock exhausted",
           _draw("deal", "draw_stock"), (MELD,), ("melding:stock_out",), ("meld",)),
    Module("ML-04.t", "the stock re-formed by turning the pile over", ("play.restock",),
           lambda s: s.play.restock == "turn", "ML-04 stock exhausted", _meld("draw_play"), (MELD,),
           ("melding:restock_turn",), ("meld",)),
    Module("ML-04.b", "the blocked hand (Parlour's rule)", ("play.blocked",), lambda s: s.play.blocked,
           "ML-04 blocked hand", _meld("draw_play"), (MELD,), ("melding:blocked",), ("meld",)),
    Module("ML-02g.t", "a card taken may be discarded", ("play.draw.discard_taken",),
           lambda s: s.play.draw.discard_taken, "ML-02b draw", _meld("draw_draw_rule"), (MELD,),
           ("melding:not_taken",), ("meld",)),
    Module("ML-05", "penalty for an invalid meld", ("play.penalty",), lambda s: s.play.penalty is not None,
           "ML-05 penalty", (MELD_DRAW,), (MELD,), ("melding:penalty",), ("meld",)),
    Module("ML-06", "full house", ("play.melds.full_house",), lambda s: _melds(s).full_house is not None,
           "ML-06 full house", (MELD_DRAW,), (MELD,), ("melding:full_house",), ("meld", "meld_rules")),
    Module("ML-07", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", _draw("setup", "draw_setup"), (MELD,), ("melding:laws",), ("meld", "laws")),
    Module("SC-A2m", "the pig in a meld", ("play.pig_meld",), lambda s: s.play.pig_meld is not None,
           "SC-A2 hand value", _meld("draw_scoring"), (MELD,), ("melding:pig_meld",), ("meld_scoring",)),
    Module("SC-A2k", "knock on going out", ("scoring.round_end",),
           lambda s: getattr(s.scoring, "round_end", None) == "knock-out", "SC-A2 hand value",
           (*_draw("shedding", "draw_hand_value"), *_meld("draw_scoring")), (SCORING,), ("scoring:round_end",),
           ("meld", "meld_scoring")),
)

#: The shared modules only some families draw that melding does, and the places of its own that
#: play them: the stock and its discard piles in its turn (the wild-rank card in what a meld is);
#: the run wrap in what a meld is; tokens, shedding scoring and the rules between titles hands in
#: its scorer (and in its turn, where a hand or a title ends); face-down rows in its turn; the call
#: in its turn, drawn, printed and read with its play. Melding never removes ranks (no DK-03).
SHARES: dict[str, Share] = {
    "DL-08": Share(engine=("meld",)),
    "DL-09": Share(engine=("meld_rules",)),
    "DL-10": Share(engine=("meld",)),
    "DK-05": Share(engine=("meld_rules",)),
    "DL-04": Share(engine=("meld_scoring",)),
    "DL-12": Share(engine=("meld",)),
    **dict.fromkeys(("SC-A1", "SC-A2", "SC-A2l", "SC-A4", "WU-01", "WU-02", "WU-03", "WU-04", "WU-05"),
                    Share(engine=("meld_scoring",))),
    **dict.fromkeys(("SC-A2e", "SC-A3"), Share(engine=("meld", "meld_scoring"))),
    **dict.fromkeys(("SC-A5", "EN-01"), Share()),
    "SH-01": Share(draws=(MELD_DRAW,), templates=(MELD,), parser=("melding:call",), engine=("meld",)),
}
