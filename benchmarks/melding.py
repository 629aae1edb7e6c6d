"""Rummy hands per second: the melding engine's batch path against a plain-Python hand.

Both play the same game (corpus/real/rummy.yaml for four: the whole pack, aces low, seven cards
each, the next card turned to start the discard pile and the rest the stock; the dealer's left
plays first). A turn is the engine's sequence of decisions, each player choosing uniformly at
random among the same choices:

* **draw**: the top card of the stock, or the top card of the discard pile when it would make a
  meld with the hand or could be laid off (a single choice is no decision); drawing from an empty stock shuffles the
  whole discard pile into a new one, and the second time the stock runs out the hand ends and the
  fewest cards win it (ties to the first from the player drawing on);
* **meld**, again and again until the player stops: stop, or lay one of the melds the hand offers
  — of each rank held three or four times, the whole rank and (of four) each three of it; of each
  stretch of three or more ranks in a row of one suit, each window of three and the whole stretch;
* **lay off**, again and again until the player stops: stop, or one card of the hand on one meld
  on the table that it extends (a set short of its fourth suit, a run at either end);
* **discard** one card of the hand, never the card taken from the discard pile this turn (one
  card to choose from: no decision; none: no discard).

A card taken from the discard pile must be melded: while it is in hand and a meld (a lay-off)
holds it, the player may not stop melding (laying off), though any meld (lay-off) will do.

A player whose hand is empty after any step goes out and wins the hand; a hand in which every
player in turn draws and lays nothing is blocked and the fewest cards win it. The winner scores
the cards left in the others' hands (court cards 10, aces 1, the rest their pips); the game goes
to the spec's target, a tie for first place playing another hand, the deal passing left.

* **batch path**: ``State.play_random(rnd, hands=1)``;
* **plain Python**: the same hand written here with lists and no engine.

A rate is per second of CPU time of this process; the runs are interleaved (each round plays
both, in an order that alternates), and the ratio printed is the median of the per-round ratios.
Target: the batch path at least 0.5× the plain-Python hand.

Usage: python benchmarks/melding.py [--hands N] [--rounds N]
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
SPEC = ROOT / "corpus" / "real" / "rummy.yaml"
PLAYERS = 4
HAND = 7
TARGET = 0.5
#: The game's target score (read from the spec in ``main``, so both sides play to the same one).
GOAL = 100


def run_batch(game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_hands(game, PLAYERS, hands, seed, clock=time.process_time)


# The plain-Python hand. A card is an int 0..51: suit = card // 13, level = card % 13 (0 is the
# ace, 12 the king: aces are low, and runs do not wrap).

#: What a card left in hand is worth to the winner.
WORTH = [1 if lv == 0 else (lv + 1 if lv < 10 else 10) for lv in range(13)] * 4
SET, RUN = 0, 1


def hand_melds(hand: list[int]) -> list[list[int]]:
    """The melds a hand offers, as the engine offers them (see the module docstring)."""
    out: list[list[int]] = []
    by_level: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_level.setdefault(c % 13, []).append(c)
        by_suit.setdefault(c // 13, []).append(c)
    for cs in by_level.values():
        k = len(cs)
        if k >= 3:
            out.append(cs)
            if k == 4:
                out += [[x for x in cs if x != y] for y in cs]
    for cs in by_suit.values():
        if len(cs) < 3:
            continue
        cs = sorted(cs)
        run = [cs[0]]
        for c in cs[1:] + [-2]:
            if c == run[-1] + 1:
                run.append(c)
                continue
            k = len(run)
            if k >= 3:
                out += [run[i:i + 3] for i in range(k - 2)]
                if k > 3:
                    out.append(run)
            run = [c]
    return out


def fits(meld: list[int], c: int) -> bool:
    """Whether card ``c`` may be laid off on a meld: [SET, level, suits mask] or [RUN, suit, lo, hi]."""
    if meld[0] == SET:
        return c % 13 == meld[1] and not meld[2] >> (c // 13) & 1 and meld[2] != 15
    lv = c % 13
    return c // 13 == meld[1] and (lv == meld[3] + 1 or lv == meld[2] - 1)


def can_meld(hand: list[int], table: list[list[int]], c: int) -> bool:
    """Whether card ``c`` taken into the hand would lie in one of its melds, or could be laid off."""
    return any(c in m for m in hand_melds(hand + [c])) or any(fits(m, c) for m in table)


def plain_hand(rnd: Any, dealer: int) -> tuple[int, int, list[int]]:
    """One hand of Rummy; returns (decisions, turns, the hand's scores)."""
    n = PLAYERS
    shuffler = random.Random(int(rnd() * 2**31))
    pack = list(range(52))
    shuffler.shuffle(pack)
    hands = [pack[k * HAND:(k + 1) * HAND] for k in range(n)]
    stock = pack[n * HAND:]
    pile = [stock.pop()]
    table: list[list[int]] = []
    cur = (dealer + 1) % n
    idle = decisions = turns = stock_outs = 0
    winner = -1
    while winner < 0:
        hand = hands[cur]
        turns += 1
        acted = False
        # draw (the discard pile's top card only when it can be melded at once)
        drawn = -1
        if pile and can_meld(hand, table, pile[-1]):
            decisions += 1
            take = rnd() < 0.5   # the engine lists the stock first, then the pile: two choices
        else:
            take = False
        if take:
            drawn = pile.pop()
            hand.append(drawn)
            acted = True
        else:
            if not stock:
                stock_outs += 1
                if stock_outs >= 2:   # the second time the stock runs out: the fewest cards win
                    order = [(cur + j) % n for j in range(n)]
                    winner = min(order, key=lambda q: (len(hands[q]), order.index(q)))
                    break
                stock, pile = pile, []
                shuffler.shuffle(stock)
            if stock:
                hand.append(stock.pop())
                acted = True
        # meld, until the player stops (or has nothing to meld)
        while True:
            melds = hand_melds(hand)
            if not melds:
                break
            if drawn >= 0 and any(drawn in m for m in melds):   # the card taken must be melded
                if len(melds) > 1:
                    decisions += 1
                meld = melds[int(rnd() * len(melds))] if len(melds) > 1 else melds[0]
            else:
                decisions += 1
                k = int(rnd() * (len(melds) + 1))
                if k == 0:
                    break
                meld = melds[k - 1]
            if drawn in meld:
                drawn = -1
            for c in meld:
                hand.remove(c)
            acted = True
            if meld[0] % 13 == meld[1] % 13:
                suits = 0
                for c in meld:
                    suits |= 1 << (c // 13)
                table.append([SET, meld[0] % 13, suits])
            else:
                table.append([RUN, meld[0] // 13, meld[0] % 13, meld[-1] % 13])
            if not hand:
                winner = cur
                break
        if winner >= 0:
            break
        # lay off, until the player stops (or has nothing to lay off)
        while True:
            offs = [(m, c) for m in table for c in hand if fits(m, c)]
            if not offs:
                break
            if drawn >= 0 and any(c == drawn for _, c in offs):   # the card taken must be laid off
                if len(offs) > 1:
                    decisions += 1
                m, c = offs[int(rnd() * len(offs))] if len(offs) > 1 else offs[0]
            else:
                decisions += 1
                k = int(rnd() * (len(offs) + 1))
                if k == 0:
                    break
                m, c = offs[k - 1]
            if c == drawn:
                drawn = -1
            hand.remove(c)
            acted = True
            if m[0] == SET:
                m[2] |= 1 << (c // 13)
            elif c % 13 == m[3] + 1:
                m[3] += 1
            else:
                m[2] -= 1
            if not hand:
                winner = cur
                break
        if winner >= 0:
            break
        # discard (never the card taken this turn)
        options = [x for x in hand if x != drawn] if drawn >= 0 else hand
        if options:
            if len(options) > 1:
                decisions += 1
                c = options[int(rnd() * len(options))]
            else:
                c = options[0]
            hand.remove(c)
            pile.append(c)
            if not hand:
                winner = cur
                break
        if acted:
            idle = 0
        else:
            idle += 1
            if idle >= n:   # blocked: the fewest cards, from the next player on
                winner = blocked_winner(hands, cur)
                break
        cur = (cur + 1) % n
    scores = [0] * n
    scores[winner] = sum(WORTH[c] for q in range(n) if q != winner for c in hands[q])
    return decisions, turns, scores


def run_plain(_game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_plain_games(plain_hand, PLAYERS, GOAL, hands, seed)


def main() -> int:
    global GOAL
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from generator.engine import Game
    from generator.spec import load_spec

    spec = load_spec(SPEC)
    GOAL = spec.ending.condition.points
    game = Game(spec)
    batch_against_plain(game, run_batch, run_plain, args.hands, args.rounds, warm_up=30, target=TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
