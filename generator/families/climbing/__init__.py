"""The climbing family: each player in turn passes or beats the last play with a higher card, set
or run; the first to empty their hand goes out. President, Big Two, Dou Dizhu and Tichu are the
real ones.

Its pieces are the modules of this package, one per layer (``spec``, ``sampler``, ``parser``,
``importer``, ``checks``, ``engine/``, ``bots``; its rows of the module registry, ``modules``, and
of the catalogue's rates, ``frequencies``), and its *Play* template,
``templates/families/climbing/play.md.j2``. The seed book holds 39 climbing games of
its 167.
"""

from __future__ import annotations

from generator.families import Family, LawWords, SamplerTraits, register

CLIMBING = register(Family(
    name="climbing",
    book_intro=("In a climbing game each player must beat the cards played before, or pass; the first to run "
               "out of cards does best."),
    weight=39,
    spec="generator.families.climbing.spec:ClimbPlay",
    sampler="generator.families.climbing.sampler:draw_play",
    template="families/climbing/play.md.j2",
    parser="generator.families.climbing.parser",
    importer="generator.families.climbing.importer",
    checks="generator.families.climbing.checks:check_play",
    engine="generator.families.climbing.engine:ENGINE",
    phases=("generator.families.climbing.engine.play:Climb",),
    rules="generator.families.climbing.engine.rules:ClimbRules",
    scoring="generator.families.climbing.engine.scoring:ClimbScorer",
    goal="generator.families.climbing.rulebook:goal",
    uses="generator.families.climbing.rulebook:uses",
    intro_facts="generator.families.climbing.rulebook:INTRO_FACTS",
    bot_hints="generator.families.climbing.bots:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules="generator.families.climbing.modules",
    frequencies="generator.families.climbing.frequencies:rows",
    traits=SamplerTraits(deals_all=True, trumps=False, bids_tricks=False, removes_ranks=True, run_wrap=True,
                         tokens=True, rows=True),
    # taken tricks score as trick-taking does (SC-T, or SC-B with tokens); piles set aside, by shedding (SC-A)
    scoring_sampler="generator.families.climbing.sampler:draw_scoring",
    deck_jokers=False,
    # Climbing's turns go one player at a time round a trick that may last several rounds: a
    # reversal turns the very next turn, and a player skipped misses one turn, which is a pass.
    law_words=LawWords(skip="misses their next turn, which counts as a pass",
                       reverse=" (in the middle of a trick too: the very next turn goes the new way)"),
))
