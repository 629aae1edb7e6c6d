"""The melding family: each player in turn draws, lays down melds (sets of one rank, runs in the
rank list), lays off cards on the melds on the table and discards; the first to empty their hand
goes out. Rummy, Gin, Conquian and Machiavelli are the real ones.

Its pieces sit at the address ``play_melding`` in every layer (spec, sampler, template, parser,
importer, checks) and in ``generator/engine/melding/``. The seed book holds 37 melding games of its
167.
"""

from __future__ import annotations

from . import Family, LawWords, SamplerTraits, register

MELDING = register(Family(
    name="melding",
    weight=37,
    spec="generator.spec.play_melding:MeldPlay",
    sampler="generator.sample.play_melding:draw_play",
    template="rules/play_melding.md.j2",
    parser="generator.text.parse.play_melding",
    importer="generator.importer.play_melding",
    checks="generator.checks.play_melding:check_play",
    engine="generator.engine.melding:ENGINE",
    phases=("generator.engine.melding.play:Turn",),
    rules="generator.engine.melding.rules:MeldRules",
    scoring="generator.engine.melding.scoring:MeldScorer",
    bot_hints="generator.bots.play_melding:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    # the catalogue: melding never removes ranks, may wrap runs (DK-05), count hands in tokens
    # (DL-04), deal face-down rows (DL-12), and always has a stock; its hands are cut to 5…10 (DL-02)
    traits=SamplerTraits(deals_all=False, trumps=False, bids_tricks=False, removes_ranks=False, run_wrap=True,
                         tokens=True, rows=True, stock=True, short_hands=True),
    # melding games are won by going out: shedding scoring (SC-A)
    scoring_sampler="generator.sample.play_melding:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    # the engine's laws in melding apply to the discard (SU-09's examples for melding: "can't
    # discard a rank"): a card laid on the discard pile's top card, a rank that may not be
    # discarded, another turn, a missed turn; a step the laws forbid is skipped (ML-07)
    law_words=LawWords(suit_after="on the discard pile", led="be discarded",
                       lead_next="takes another turn", lead_next_short="takes another turn",
                       skip="misses their next turn", passes=": they skip that step"),
))
