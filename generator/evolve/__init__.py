"""The search for good games: MAP-Elites over the sampler's module space (``parlour evolve``).

Blind sampling spends most of a playtest budget on drafts that fail; the search spends it near
games that already pass. It keeps an archive of niches — family × player count × game length ×
skill — each holding the best game found for it (its elite), and breeds new candidates from the
elites: a mutation swaps one module for a sibling the sampler could draw, a crossover takes the
phases of a game from three parents of one family. Every candidate is judged by the playtest, and
the quality score of a game that passes is its fitness.

* ``niches`` — the behaviour descriptor of a judged game and the table of its bins;
* ``operators`` — mutation and crossover, within what the static checks allow;
* ``archive`` — the archive in memory and on disk (load, save, resume);
* ``search`` — the loop: an initial batch across every family, then generations of children;
* ``heatmap`` — the picture of the archive.
"""
