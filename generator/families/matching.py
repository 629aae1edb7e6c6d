"""The matching family: each player in turn plays a card matching the top card of a discard pile
by suit or rank, or draws; special cards skip, reverse, make others draw or change the suit; the
first to empty their hand goes out. Crazy Eights, Uno, Mau-Mau, Switch and Mao are the real ones.

Its pieces sit at the address ``play_matching`` in every layer (spec, sampler, template, parser,
importer, checks) and in ``generator/engine/matching/``. The seed book holds 33 matching games of
its 167.
"""

from __future__ import annotations

from . import Family, LawWords, SamplerTraits, register

MATCHING = register(Family(
    name="matching",
    weight=33,
    spec="generator.spec.play_matching:MatchPlay",
    sampler="generator.sample.play_matching:draw_play",
    template="rules/play_matching.md.j2",
    parser="generator.text.parse.play_matching",
    importer="generator.importer.play_matching",
    checks="generator.checks.play_matching:check_play",
    engine="generator.engine.matching:ENGINE",
    phases=("generator.engine.matching.play:Match",),
    rules="generator.engine.matching.rules:MatchRules",
    scoring="generator.engine.matching.scoring:MatchScorer",
    bot_hints="generator.bots.play_matching:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    traits=SamplerTraits(deals_all=False, trumps=False, bids_tricks=False, removes_ranks=True, run_wrap=False,
                         tokens=True, rows=True, stock=True),
    # matching games are won by going out: shedding scoring (SC-A)
    scoring_sampler="generator.sample.play_matching:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    # the engine's laws in matching: a card laid on a pile's top card, a rank that may not start an
    # empty pile, another turn, a missed turn (engine/matching/play.py)
    law_words=LawWords(suit_after="on a discard pile", led="start an empty discard pile",
                       lead_next="takes another turn", lead_next_short="takes another turn",
                       skip="misses their next turn", passes=", as a player who cannot play does"),
))
