"""Trick-taking's rows of the module registry (``generator.modules`` gathers them): the modules of
its play (TT-01…TT-14), the engine places that play them, and its part in the shared modules only
some families draw — trumps and their setup, trick bidding, the whole pack dealt, rank removal and
the scoring of tricks taken — with the lines its *Play* section adds to the anti-trumps and the
landlord's auction."""

from __future__ import annotations

from generator.modules import DECK, LAWS, SCORING, Module, Share, _draw

from . import TRICK_TAKING

PLAY, PLAY_DRAW = TRICK_TAKING.template, TRICK_TAKING.sampler

#: The trick play phase and the rules of a trick (following, winning); the hand is scored by the
#: shared scorer of tricks taken (``ENGINE["scoring"]``).
ENGINE: dict[str, str] = {
    "play": TRICK_TAKING.phases[0],
    "tricks": TRICK_TAKING.rules,
    "schedule": "generator.families.trick_taking.engine.schedule:ScheduledHand",
    "schedule_scoring": "generator.families.trick_taking.engine.schedule:ScheduleScorer",
}


def _draw_tricks(*names: str) -> tuple[str, ...]:
    return _draw(TRICK_TAKING.name, *names)


MODULES: tuple[Module, ...] = (
    Module("TT-01", "opening leader", ("play.opening_leader", "play.opening_card"), lambda s: True,
           "TT-01 opening leader", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:leader", "trick-taking:holder", "trick-taking:opening_card"), ("play",)),
    Module("TT-02", "opening-lead restriction", ("play.opening_lead",), lambda s: s.play.opening_lead != "any",
           "TT-02 opening lead", (PLAY_DRAW,), (PLAY,), ("trick-taking:opening_lead",), ("tricks",)),
    Module("TT-03", "weak led suit", ("play.weak_led_suit",), lambda s: s.play.weak_led_suit is not None,
           "TT-03 weak led suit", (PLAY_DRAW,), (PLAY,), ("trick-taking:weak",), ("tricks",)),
    Module("TT-04", "following", ("play.following", "play.otherwise"), lambda s: True, "TT-04 following",
           _draw_tricks("draw_following"), (PLAY,), ("trick-taking:following", "trick-taking:otherwise"),
           ("tricks",)),
    Module("TT-05", "jokers in play", ("play.jokers",), lambda s: s.deck.jokers > 0, "TT-05 jokers",
           _draw_tricks("draw_jokers"), (DECK,), ("deck:joker_play",), ("cards", "tricks")),
    Module("TT-06", "joker lead", ("play.joker_lead",), lambda s: s.play.joker_lead is not None, "TT-06 joker lead",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:joker_lead",), ("play",)),
    Module("TT-07", "breaking a suit", ("play.breaking",), lambda s: s.play.breaking is not None, "TT-07 breaking",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:breaking",), ("tricks",)),
    Module("TT-08", "first-trick ban", ("play.first_trick_ban",), lambda s: s.play.first_trick_ban is not None,
           "TT-08 first-trick ban", (PLAY_DRAW,), (PLAY,), ("trick-taking:first_trick_ban",), ("tricks",)),
    Module("TT-09", "pig lead restriction", ("play.pig_lead",), lambda s: s.play.pig_lead != "free", "TT-09 pig lead",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:pig_lead", "trick-taking:pig_first"), ("play",)),
    Module("TT-10", "boost trick", ("play.boost",), lambda s: s.play.boost is not None, "TT-10 boost", (PLAY_DRAW,),
           (PLAY,), ("trick-taking:boost",), ("play",)),
    Module("TT-11", "invented rules in play", ("setup.extra_rules",), lambda s: s.setup.extra_rules is not None,
           "SU-09 extra rules", _draw("setup", "draw_setup"), (LAWS,), ("laws:named", "laws:bonus", "laws:secret"),
           ("play", "laws")),
    Module("TT-04o", "overtaking", ("play.overtake",), lambda s: s.play.overtake is not None, "TT-04 overtaking",
           (PLAY_DRAW,), (PLAY,), ("trick-taking:overtake",), ("play",)),
    Module("TT-12", "trick winner", ("play.winner",), lambda s: True, "TT-12 winner", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:winner",), ("tricks",)),
    Module("TT-13", "next leader", ("play.next_leader",), lambda s: True, "TT-13 next leader", (PLAY_DRAW,), (PLAY,),
           ("trick-taking:next",), ("tricks",)),
    # Parlour's schedule of contracts (King; the catalogue has none): each hand's contract by its
    # number, the dealer's choice of trumps and mode, the contract's reused scoring.
    Module("SC-S", "schedule of contracts", ("scoring.contracts", "scoring.each_dealer"),
           lambda s: s.scoring.kind == "schedule", "SC-S schedule", _draw("schedule", "draw_schedule"),
           (SCORING,), ("scoring:schedule", "scoring:contract"), ("schedule", "schedule_scoring")),
    Module("TT-14", "kitty capture", ("play.kitty_capture",), lambda s: s.play.kitty_capture is not None,
           "TT-14 kitty capture", (PLAY_DRAW,), (PLAY,), ("trick-taking:capture", "trick-taking:capture_in_kitty"),
           ("play",)),
)

#: The shared modules only some families draw that trick-taking does (its traits: trumps, trick
#: bids, the whole pack dealt, ranks removed; and the scoring of tricks taken), and its places in
#: shared modules: an anti-trump suit is played by its trick rules and printed in its *Play*
#: section; the landlord the auction makes leads to the first trick.
SHARES: dict[str, Share] = {
    **dict.fromkeys(("SU-02", "SU-11", "SU-04", "SU-05", "SU-06", "SU-07", "BD-01", "SC-T2", "SC-T3b", "SC-T6", "DK-03",
                     "DL-03", "SC-T1", "SC-T3", "SC-T4", "PA-01", "PA-02"), Share()),
    # a hand won by a majority of tricks stops, where it does, in the family's *Play* section
    "PA-03": Share(templates=(PLAY,), parser=("trick-taking:stops",), engine=("play",)),
    "FI-08": Share(draws=_draw("scoring", "draw_card_points"), engine=("scoring",)),
    "SU-03": Share(templates=(PLAY,), parser=("trick-taking:anti_trumps",), engine=("tricks",)),
    "BD-03": Share(fields=("play.opening_leader",), draws=(PLAY_DRAW,), templates=(PLAY,),
                   parser=("trick-taking:leader",)),
}
