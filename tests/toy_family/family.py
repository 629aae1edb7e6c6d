"""The registration of the stepping family: its one line in the registry."""

from __future__ import annotations

from pathlib import Path

from generator.families import Family, LawWords, SamplerTraits, register

HERE = __name__.rpartition(".")[0]

STEPPING = register(Family(
    name="stepping",
    book_intro=("In a stepping game each player lays a card of a pile's top rank or next to it, or draws; the "
                "first to lay their last card wins the hand."),
    weight=0,
    spec=f"{HERE}.spec:StepPlay",
    sampler=f"{HERE}.sampler:draw_play",
    template="families/stepping/play.md.j2",
    templates=Path(__file__).parent / "templates",
    parser=f"{HERE}.parser",
    importer=None,
    checks=f"{HERE}.checks:check_play",
    engine=f"{HERE}.engine:ENGINE",
    phases=(f"{HERE}.engine:Step",),
    rules=f"{HERE}.engine:StepRules",
    scoring=f"{HERE}.engine:StepScorer",
    goal=f"{HERE}.rulebook:goal",
    bot_hints=f"{HERE}.bots:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules=f"{HERE}.modules",
    frequencies=f"{HERE}.frequencies:rows",
    # a stock and discard piles (DL-08); no tokens, rows, trumps or trick bids
    traits=SamplerTraits(stock=True),
    scoring_sampler=f"{HERE}.sampler:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    law_words=LawWords(suit_after="on a discard pile", led="start a discard pile", lead_next="takes another turn",
                       lead_next_short="takes another turn", skip="misses their next turn",
                       passes=", as a player who cannot play does", reverse=""),
))
