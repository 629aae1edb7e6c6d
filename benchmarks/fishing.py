"""Xeri hands per second: the fishing engine's batch path against a plain-Python hand.

Both play the same game (corpus/real/xeri.yaml for two: the whole pack, six cards each and four
face up as one pile, dealt again while its top card is a Jack or has the rank of the card under
it; the dealer's left plays first; in turn a player plays one card: a card of the pile's top
card's rank, or any Jack, takes the whole pile, any other card is laid on it; taking a pile of one
card with a card of its rank is a xeri; when both hands are empty each is dealt six more from the
stock, until it is gone; the last to capture takes what is left; a hand scores 1 for each A, K,
Q, J and 10, 1 more for the 10 of diamonds and 1 for the 2 of clubs, 3 for the most cards and 10
a xeri; the game goes to 101, a tie for first place playing another hand, the deal passing
left), every player choosing uniformly at random among the same choices, shuffle and deal
included:

* **batch path**: ``State.play_random(rnd, hands=1)``;
* **plain Python**: the same hand written here with lists and no engine, the way the engine
  thinks (the old yardstick; ``tight.py`` has the one written for speed).

A rate is per second of CPU time of this process; the runs are interleaved (each round plays
both, in an order that alternates), and the ratio printed is the median of the per-round ratios.
Target: the batch path at least 0.5× the plain-Python hand.

Usage: python benchmarks/fishing.py [--hands N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from timing import batch_against_plain, play_hands, play_plain_games  # beside this script

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "corpus" / "real" / "xeri.yaml"
PLAYERS = 2
HAND = 6
TABLE = 4
TARGET = 0.5
GOAL = 101


def run_batch(game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_hands(game, PLAYERS, hands, seed, clock=time.process_time)


# The plain-Python hand. A card is an int 0..51: suit = card // 13 (0 clubs, 1 diamonds),
# rank = card % 13 (0 is the two, 8 the ten, 9 the Jack, 12 the ace).

JACK = 9
#: What a captured card is worth: the honours, and the 10 of diamonds and 2 of clubs once more.
WORTH = [(1 if c % 13 >= 8 else 0) + (c == 13 + 8) + (c == 0) for c in range(52)]


def plain_hand(rnd: Any, dealer: int) -> tuple[int, int, list[int]]:
    """One hand of Xeri; returns (decisions, moves, the hand's scores)."""
    n = PLAYERS
    shuffler = random.Random(int(rnd() * 2**31))
    pack = list(range(52))
    shuffler.shuffle(pack)
    order = [(dealer + 1 + k) % n for k in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    for k, p in enumerate(order):
        hands[p] = pack[k:n * HAND:n]
    stock = pack[n * HAND:]
    pile = stock[:TABLE]
    del stock[:TABLE]
    while pile[-1] % 13 == JACK or pile[-1] % 13 == pile[-2] % 13:   # a free capture: deal again
        stock.extend(pile)
        shuffler.shuffle(stock)
        pile = stock[:TABLE]
        del stock[:TABLE]
    taken: list[list[int]] = [[] for _ in range(n)]
    xeris = [0] * n
    last = None
    cur = order[0]
    decisions = moves = 0
    while True:
        hand = hands[cur]
        options = []   # (card, takes the pile): the captures first, then the cards laid
        for c in hand:
            if pile and (c % 13 == pile[-1] % 13 or c % 13 == JACK):
                options.append((c, True))
        for c in hand:
            if not (pile and (c % 13 == pile[-1] % 13 or c % 13 == JACK)):
                options.append((c, False))
        k = len(options)
        moves += 1
        if k > 1:
            decisions += 1
            c, takes = options[int(rnd() * k)]
        else:
            c, takes = options[0]
        hand.remove(c)
        if takes:
            if len(pile) == 1 and pile[0] % 13 == c % 13:
                xeris[cur] += 1
            taken[cur].extend(pile)
            taken[cur].append(c)
            pile = []
            last = cur
        else:
            pile.append(c)
        if not any(hands):
            if not stock:
                break
            for p in order:
                hands[p] = stock[:HAND]
                del stock[:HAND]
        cur = (cur + 1) % n
    if last is not None:
        taken[last].extend(pile)
    scores = [sum(WORTH[c] for c in taken[p]) + 10 * xeris[p] for p in range(n)]
    counts = [len(t) for t in taken]
    if counts.count(max(counts)) == 1:
        scores[counts.index(max(counts))] += 3
    return decisions, moves, scores


def run_plain(_game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_plain_games(plain_hand, PLAYERS, GOAL, hands, seed)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from generator.engine import Game
    from generator.spec import load_spec

    game = Game(load_spec(SPEC))
    batch_against_plain(game, run_batch, run_plain, args.hands, args.rounds, warm_up=200, target=TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
