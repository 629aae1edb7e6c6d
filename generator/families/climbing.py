"""The climbing family: each player in turn passes or beats the last play with a higher card, set
or run; the first to empty their hand goes out. President, Big Two, Dou Dizhu and Tichu are the
real ones.

Its pieces sit at the address ``play_climbing`` in every layer (spec, sampler, template, parser,
importer, checks) and in ``generator/engine/climbing/``. The seed book holds 39 climbing games of
its 167.
"""

from __future__ import annotations

from . import Family, SamplerTraits, register

CLIMBING = register(Family(
    name="climbing",
    weight=39,
    spec="generator.spec.play_climbing:ClimbPlay",
    sampler="generator.sample.play_climbing:draw_play",
    template="rules/play_climbing.md.j2",
    parser="generator.text.parse.play_climbing",
    importer="generator.importer.play_climbing",
    checks="generator.checks.play_climbing:check_play",
    engine="generator.engine.climbing:ENGINE",
    phases=("generator.engine.climbing.play:Climb",),
    rules="generator.engine.climbing.rules:ClimbRules",
    scoring="generator.engine.climbing.scoring:ClimbScorer",
    bot_hints="generator.bots.play_climbing:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    traits=SamplerTraits(deals_all=True, trumps=False, bids_tricks=False, removes_ranks=True, run_wrap=True,
                         tokens=True, rows=True),
    # taken tricks score as trick-taking does (SC-T, or SC-B with tokens); piles set aside, by shedding (SC-A)
    scoring_sampler="generator.sample.play_climbing:draw_scoring",
    deck_jokers=False,
))
