"""The fishing family: cards are dealt face up to the table; each player in turn plays one card
from hand to capture table cards with it — by matching a rank, with a card that takes everything,
or by adding numbers up, one combination or every one at once — or builds with it (a bundle only
a card of its total takes), or lays it on the table; hands are refilled from the stock, the last
capturer takes what is left, and the captured cards score. Xeri, Kontsina and Diloti are the real
ones (Cassino and Scopa are cousins).

Its pieces are the modules of this package, one per layer (``spec``, ``sampler``, ``parser``,
``checks``, ``engine/``, ``bots``, ``rulebook``; its rows of the module registry, ``modules``,
and of the catalogue's rates, ``frequencies``), and its *Play* template,
``templates/families/fishing/play.md.j2``. The seed book has no fishing game, and no importer.

Its weight in ``--family any`` (the seed book's families weigh their games in the book, 167 in
all) is Parlour's own: 15, about one game in twelve (15 of 182), the share fishing games have
among the traditional games of the seeds (3 of 37 distinct games: Xeri, Kontsina, Diloti).
"""

from __future__ import annotations

from generator.families import Family, LawWords, SamplerTraits, register

HERE = "generator.families.fishing"

FISHING = register(Family(
    name="fishing",
    book_intro=("In a fishing game each player in turn plays a card to capture cards from the table — by "
                "matching a rank, or by adding numbers up — or lays it there; the captured cards score."),
    weight=15,   # see the docstring: the seeds' share of fishing games
    spec=f"{HERE}.spec:FishPlay",
    sampler=f"{HERE}.sampler:draw_play",
    template="families/fishing/play.md.j2",
    parser=f"{HERE}.parser",
    importer=None,
    checks=f"{HERE}.checks:check_play",
    engine=f"{HERE}.engine:ENGINE",
    phases=(f"{HERE}.engine.play:LayTable", f"{HERE}.engine.play:Fish"),
    rules=f"{HERE}.engine.rules:FishRules",
    scoring=f"{HERE}.engine.scoring:FishScorer",
    goal=f"{HERE}.rulebook:goal",
    bot_hints=f"{HERE}.bots:HINTS",
    bounds="generator.playtest.bounds:ScoreBounds.build",
    modules=f"{HERE}.modules",
    frequencies=f"{HERE}.frequencies:rows",
    # no trumps, trick bids, tokens, rows or discard piles; ranks may be removed from the pack
    traits=SamplerTraits(),
    scoring_sampler=f"{HERE}.sampler:draw_scoring",
    deck_jokers=False,
    first_play="takes the first turn",
    law_words=LawWords(suit_after="on the table", led="be laid on an empty table", lead_next="takes another turn",
                       lead_next_short="takes another turn", skip="misses their next turn",
                       passes=", as a player who cannot play does", reverse=""),
))
