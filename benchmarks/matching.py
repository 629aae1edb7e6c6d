"""Crazy Eights hands per second: the matching engine's batch path against a plain-Python hand.

Both play the same game (corpus/real/crazy-eights.yaml for four: the whole pack, seven cards
each, the next card turned to start the discard pile and the rest the stock; the dealer's left
plays first; in turn a player lays a card of the top card's rank or suit, or an eight at any time
and names a suit (any of the four), or, only when they cannot lay a card, draws one card from
the stock and passes; a player who must draw from an empty stock shuffles all but the
top card of the discard pile into a new stock, and draws nothing when there is nothing to
shuffle; the first to lay their last card wins the hand, and when every player in turn has
passed with no card drawn the hand is blocked and the fewest cards win it (ties to the first from
the next player on); the winner scores the cards left in the others' hands: court cards 10, aces
1, the rest their pips; the game goes to 100, a tie for first place playing another hand, the
deal passing left), every player choosing uniformly at random among the same choices, shuffle and
deal included:

* **batch path**: ``State.play_random(rnd, hands=1)``;
* **plain Python**: the same hand written here with lists and no engine.

A rate is per second of CPU time of this process; the runs are interleaved (each round plays
both, in an order that alternates), and the ratio printed is the median of the per-round ratios.
Target: the batch path at least 0.5× the plain-Python hand.

Usage: python benchmarks/matching.py [--hands N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from timing import batch_against_plain, blocked_winner, play_hands, play_plain_games  # beside this script

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "corpus" / "real" / "crazy-eights.yaml"
PLAYERS = 4
HAND = 7
TARGET = 0.5
GOAL = 100


def run_batch(game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_hands(game, PLAYERS, hands, seed, clock=time.process_time)


# The plain-Python hand. A card is an int 0..51: suit = card // 13, rank = card % 13 (0 is the
# two, 6 the eight, 9..11 the court cards, 12 the ace).

EIGHT = 6
#: What a card left in hand is worth to the winner.
WORTH = [r + 2 if r < 9 else (10 if r < 12 else 1) for r in range(13)] * 4


def plain_hand(rnd: Any, dealer: int) -> tuple[int, int, list[int]]:
    """One hand of Crazy Eights; returns (decisions, moves, the hand's scores)."""
    n = PLAYERS
    shuffler = random.Random(int(rnd() * 2**31))
    pack = list(range(52))
    shuffler.shuffle(pack)
    hands = [pack[k * HAND:(k + 1) * HAND] for k in range(n)]
    stock = pack[n * HAND:]
    first = stock.pop()
    pile = [first]
    top_rank, top_suit = first % 13, first // 13
    cur = (dealer + 1) % n
    idle = decisions = moves = 0
    while True:
        hand = hands[cur]
        options = [c for c in hand if c % 13 == top_rank or c // 13 == top_suit or c % 13 == EIGHT]
        k = len(options)
        moves += 1
        if k:   # lay a card
            if k > 1:
                decisions += 1
                c = options[int(rnd() * k)]
            else:
                c = options[0]
            hand.remove(c)
            pile.append(c)
            idle = 0
            top_rank, top_suit = c % 13, c // 13
            if not hand:
                winner = cur
                break
            if top_rank == EIGHT:   # name the suit to follow
                moves += 1
                decisions += 1
                top_suit = int(rnd() * 4)
        else:   # nothing to lay: draw a card, and pass
            if not stock and len(pile) > 1:
                stock = pile[:-1]
                del pile[:-1]
                shuffler.shuffle(stock)
            if stock:
                hand.append(stock.pop())
                idle = 0
            else:
                idle += 1
                if idle >= n:   # blocked: the fewest cards, from the next player on
                    winner = blocked_winner(hands, cur)
                    break
        cur = (cur + 1) % n
    scores = [0] * n
    scores[winner] = sum(WORTH[c] for q in range(n) if q != winner for c in hands[q])
    return decisions, moves, scores


def run_plain(_game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_plain_games(plain_hand, PLAYERS, GOAL, hands, seed)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from generator.engine import Game
    from generator.spec import load_spec

    game = Game(load_spec(SPEC))
    batch_against_plain(game, run_batch, run_plain, args.hands, args.rounds, warm_up=100, target=TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
