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

Usage: python benchmarks/matching_bots.py [--games N] [--seed S] [--games-list crazy-eights,switch]
"""

from __future__ import annotations

from climbing_bots import share_table  # beside this script (it puts the project on the path)

GAMES = {"crazy-eights": 4, "switch": 4}


def main(argv: list[str] | None = None) -> int:
    return share_table(__doc__, GAMES, 100, 13, argv)


if __name__ == "__main__":
    raise SystemExit(main())
