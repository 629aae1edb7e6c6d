"""How strong the strong bot is at matching games: its share of wins against each trivial policy
and against the greedy bot, in Crazy Eights and Switch (corpus/real), four players.

The line-ups are climbing's (``climbing_bots``): one bot (the *focus*) at one seat and the other
bot at every other seat, the focus seat rotating from game to game (game ``i`` puts it at seat
``i mod 4``), as the playtest's Tier 2 does. Two tables per opponent:

* ``strong vs P``: one strong bot among the policy ``P`` — the strong bot's win share;
* ``P vs strong``: one ``P`` among strong bots — the share of ``P`` (DOMINANT_STRATEGY rejects a
  game when it reaches 0.5).

An even share is a quarter. Each share is printed with its Wilson 95% interval and the number of
games. The strong bot uses the playtest's budget (4 rollouts per play, at most 24 per decision).
Defaults are small so that the table prints in about ten minutes on two cores: ``--games 100``
per line-up.

``--sight hands`` (or ``all``) measures instead how far the same search could go if it saw what
it cannot: one strong bot among greedy bots, its determinizations dealt from the true hands of
the others (``hands``; the stock still shuffled) or the true game, stock order and all (``all``).
A thought experiment, not a bot: it tells whether the search or the hidden cards hold it back.

Usage: python benchmarks/matching_bots.py [--games N] [--seed S] [--games-list crazy-eights,switch]
       python benchmarks/matching_bots.py --sight hands|all [--games N] [--seed S]
"""

from __future__ import annotations

import random
import sys

from climbing_bots import share_table  # beside this script (it puts the project on the path)

GAMES = {"crazy-eights": 4, "switch": 4}


def _seeing(sight: str):
    """A determinization maker that peeks at the true game (``sight``: ``hands`` or ``all``)."""
    from generator.families.matching.determinize import PassSampler
    from generator.bots.sampler import shuffled

    class Seeing(PassSampler):
        def __init__(self, obs, put_away):
            super().__init__(obs, put_away)
            self.truth = obs._s   # the thought experiment's peek (never in a bot)

        def sample(self, rng):
            t = self.truth
            if sight == "all":
                det = t.clone()
                det.rng = random.Random(rng.randrange(1 << 62))
                return det
            pool = shuffled(list(t.stock) + list(t.discards), rng)
            cards = {"hands": [list(h) for h in t.hands], "stock": pool[:len(t.stock)],
                     "discards": pool[len(t.stock):]}
            return self.pub.with_hidden_cards(cards, {}, seed=rng.randrange(1 << 62), share_chance=True)

    return Seeing


def sight_table(argv: list[str]) -> int:
    import argparse

    import head_to_head as h
    from dataclasses import replace

    from generator.families.matching import bots as play_matching

    ap = argparse.ArgumentParser(description="the strong bot's share against greedy bots, seeing hidden cards")
    ap.add_argument("--sight", choices=("hands", "all"), required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    # before the registry first reads the hints, and before the workers fork
    play_matching.HINTS = replace(play_matching.HINTS, sampler=_seeing(args.sight))
    lines = [h.Line(g, n, "greedy") for g, n in GAMES.items()]
    h.run(lines, args.games, args.games, args.seed, 2, {})
    print(f"strong bot seeing {args.sight}, against three greedy bots (seed {args.seed}):")
    print(h.table(lines))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if any(a == "--sight" or a.startswith("--sight=") for a in argv):
        return sight_table(argv)
    return share_table(__doc__, GAMES, 100, 13, argv)


if __name__ == "__main__":
    raise SystemExit(main())
