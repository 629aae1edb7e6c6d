"""The melding family: each player in turn draws, lays down melds (sets of one rank, runs in the
rank list), lays off cards on the melds on the table and discards; the first to empty their hand
goes out. Rummy, Gin, Conquian and Machiavelli are the real ones.

Its pieces are the modules of this package, one per layer (``spec``, ``sampler``, ``parser``,
``importer``, ``checks``, ``engine/``, ``bots``; its rows of the module registry, ``modules``, and
of the catalogue's rates, ``frequencies``), and its *Play* template,
``templates/families/melding/play.md.j2``. The seed book holds 37 melding games of its
167.
"""

from __future__ import annotations

from generator.families import Family, LawWords, SamplerTraits, register

MELDING = register(Family(
    name="melding",
    book_intro=("In a melding game players draw and discard to collect sets and runs of cards, and lay them "
               "on the table to score."),
    weight=37,
    spec="generator.families.melding.spec:MeldPlay",
    sampler="generator.families.melding.sampler:draw_play",
    template="families/melding/play.md.j2",
    parser="generator.families.melding.parser",
    importer="generator.families.melding.importer",
    checks="generator.families.melding.checks:check_play",
    engine="generator.families.melding.engine:ENGINE",
    phases=("generator.families.melding.engine.play:Turn",),
    rules="generator.families.melding.engine.rules:MeldRules",
    scoring="generator.families.melding.engine.scoring:MeldScorer",
    goal="generator.families.melding.rulebook:goal",
    uses="generator.families.melding.rulebook:uses",
    intro_facts="generator.families.melding.rulebook:INTRO_FACTS",
    bot_hints="generator.families.melding.bots:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules="generator.families.melding.modules",
    frequencies="generator.families.melding.frequencies:rows",
    # the catalogue: melding never removes ranks, may wrap runs (DK-05), count hands in tokens
    # (DL-04), deal face-down rows (DL-12), and always has a stock; its hands are cut to 5…10 (DL-02)
    traits=SamplerTraits(deals_all=False, trumps=False, bids_tricks=False, removes_ranks=False, run_wrap=True,
                         tokens=True, rows=True, stock=True, short_hands=True),
    # melding games are won by going out: shedding scoring (SC-A)
    scoring_sampler="generator.families.melding.sampler:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    # the engine's laws in melding apply to the discard (SU-09's examples for melding: "can't
    # discard a rank"): a card laid on the discard pile's top card, a rank that may not be
    # discarded, another turn, a missed turn; a step the laws forbid is skipped (ML-07)
    law_words=LawWords(suit_after="on the discard pile", led="be discarded",
                       lead_next="takes another turn", lead_next_short="takes another turn",
                       skip="misses their next turn", passes=": they skip that step", reverse=""),
))
