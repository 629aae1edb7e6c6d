"""The trick-taking family: each player in turn plays a card to a trick, and the best card takes it.

Its pieces sit at the address ``play_tricks`` in every layer (spec, sampler, template, parser,
importer, checks) and in ``generator/engine/tricks/``. The seed book holds 58 trick-taking games
of its 167 (climbing 39, melding 37, matching 33).
"""

from __future__ import annotations

from . import Family, SamplerTraits, register

TRICK_TAKING = register(Family(
    name="trick-taking",
    weight=58,
    spec="generator.spec.play_tricks:TrickPlay",
    sampler="generator.sample.play_tricks:draw_play",
    template="rules/play_tricks.md.j2",
    parser="generator.text.parse.play_tricks",
    importer="generator.importer.play_tricks",
    checks="generator.checks.play_tricks:check_play",
    engine="generator.engine.tricks:ENGINE",
    phases=("generator.engine.tricks.play:TrickPlay",),
    rules="generator.engine.tricks.rules:TrickRules",
    scoring="generator.engine.trick_scoring:HandScorer",
    bot_hints="generator.bots:TRICK_HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    traits=SamplerTraits(deals_all=True, trumps=True, bids_tricks=True, removes_ranks=True),
    scoring_sampler="generator.sample.scoring:draw_scoring",
))
