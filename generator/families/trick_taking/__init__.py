"""The trick-taking family: each player in turn plays a card to a trick, and the best card takes it.

Its pieces are the modules of this package, one per layer (``spec``, ``sampler``, ``parser``,
``importer``, ``checks``, ``engine/``, ``bots``; its rows of the module registry, ``modules``, and
of the catalogue's rates, ``frequencies``), and its *Play* template,
``templates/families/trick_taking/play.md.j2``. The seed book holds 58 trick-taking games
of its 167 (climbing 39, melding 37, matching 33).
"""

from __future__ import annotations

from generator.families import Family, SamplerTraits, register

TRICK_TAKING = register(Family(
    name="trick-taking",
    book_intro=("In a trick-taking game each player in turn plays one card to a trick, and the best card "
               "wins it. What counts as best, which cards a player must play, and what the tricks are worth "
               "differ from game to game."),
    weight=58,
    spec="generator.families.trick_taking.spec:TrickPlay",
    sampler="generator.families.trick_taking.sampler:draw_play",
    template="families/trick_taking/play.md.j2",
    parser="generator.families.trick_taking.parser",
    importer="generator.families.trick_taking.importer",
    checks="generator.families.trick_taking.checks:check_play",
    engine="generator.families.trick_taking.engine:ENGINE",
    phases=("generator.families.trick_taking.engine.play:TrickPlay",),
    rules="generator.families.trick_taking.engine.rules:TrickRules",
    scoring="generator.engine.trick_scoring:HandScorer",
    intro_facts="generator.families.trick_taking.rulebook:INTRO_FACTS",
    bot_hints="generator.families.trick_taking.bots:TRICK_HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules="generator.families.trick_taking.modules",
    frequencies="generator.families.trick_taking.frequencies:rows",
    traits=SamplerTraits(deals_all=True, trumps=True, bids_tricks=True, removes_ranks=True),
    scoring_sampler="generator.sample.scoring:draw_scoring",
))
