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

#: The range of each whole-number setting: the command line's options take these bounds, and a
#: resumed run's saved settings are held to them too (saved state is input like any other).
BOUNDS: dict[str, tuple[int, int]] = {
    "initial": (1, 10_000), "batch": (1, 10_000), "generations": (0, 100_000), "budget": (1, 10**9),
    "tier": (1, 2), "games": (1, 100_000), "tier2_games": (1, 100_000), "rollouts": (1, 64),
}
