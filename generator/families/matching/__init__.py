"""The matching family: each player in turn plays a card matching the top card of a discard pile
by suit or rank, or draws; special cards skip, reverse, make others draw or change the suit; the
first to empty their hand goes out. Crazy Eights, Uno, Mau-Mau, Switch and Mao are the real ones.

Its pieces are the modules of this package, one per layer (``spec``, ``sampler``, ``parser``,
``importer``, ``checks``, ``engine/``, ``bots``; its rows of the module registry, ``modules``, and
of the catalogue's rates, ``frequencies``), and its *Play* template,
``templates/families/matching/play.md.j2``. The seed book holds 33 matching games of
its 167.
"""

from __future__ import annotations

from generator.families import Family, LawWords, SamplerTraits, register

MATCHING = register(Family(
    name="matching",
    book_intro=("In a matching game each player in turn plays a card that matches the suit or rank of the "
               "top card of the discard pile, or draws; special cards change the turn, and the first to run "
               "out of cards does best."),
    weight=33,
    spec="generator.families.matching.spec:MatchPlay",
    sampler="generator.families.matching.sampler:draw_play",
    template="families/matching/play.md.j2",
    parser="generator.families.matching.parser",
    importer="generator.families.matching.importer",
    checks="generator.families.matching.checks:check_play",
    engine="generator.families.matching.engine:ENGINE",
    phases=("generator.families.matching.engine.play:Match",),
    rules="generator.families.matching.engine.rules:MatchRules",
    scoring="generator.families.matching.engine.scoring:MatchScorer",
    goal="generator.families.matching.rulebook:goal",
    uses="generator.families.matching.rulebook:uses",
    intro_facts="generator.families.matching.rulebook:INTRO_FACTS",
    bot_hints="generator.families.matching.bots:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules="generator.families.matching.modules",
    frequencies="generator.families.matching.frequencies:rows",
    traits=SamplerTraits(deals_all=False, trumps=False, bids_tricks=False, removes_ranks=True, run_wrap=False,
                         tokens=True, rows=True, stock=True),
    # matching games are won by going out: shedding scoring (SC-A)
    scoring_sampler="generator.families.matching.sampler:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    # the engine's laws in matching: a card laid on a pile's top card, a rank that may not start an
    # empty pile, another turn, a missed turn (engine/matching/play.py)
    law_words=LawWords(suit_after="on a discard pile", led="start an empty discard pile",
                       lead_next="takes another turn", lead_next_short="takes another turn",
                       skip="misses their next turn", passes=", as a player who cannot play does", reverse=""),
))
