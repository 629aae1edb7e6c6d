"""President hands per second: the climbing engine's batch path against a plain-Python hand.

Both play the same game (corpus/real/president.yaml for four: the whole pack, twos high, the
holder of the 3 of clubs leads it, singles and sets of one rank beaten by as many cards of a
higher rank, a trick ends when the other players still in have passed in a row, players retire
as they go out until one is left; President 3, Vice 1, the loser −1; the loser gives the
President their two highest cards and gets two of the President's choice back, and the
President leads; first to 10, the deal passing left), every player choosing uniformly at random
among the same plays (a set is offered once per rank and size, as the engine offers it when no
rule tells the cards of a rank apart), shuffle and deal included:

* **batch path**: ``State.play_random(rnd, hands=1)``;
* **plain Python**: the same hand written here with lists and no engine.

A rate is per second of CPU time of this process; the runs are interleaved (each round plays
both, in an order that alternates), and the ratio printed is the median of the per-round ratios.
Target: the batch path at least 0.5× the plain-Python hand.

Usage: python benchmarks/climbing.py [--hands N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from timing import batch_against_plain, play_hands  # beside this script

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "corpus" / "real" / "president.yaml"
PLAYERS = 4
TARGET = 0.5


def run_batch(game: Any, hands: int, seed: int) -> tuple[float, int]:
    return play_hands(game, PLAYERS, hands, seed, clock=time.process_time)


# The plain-Python hand. A card is an int 0..51: suit = card // 13, level = card % 13 (0 is the
# three, 11 the ace, 12 the two), so the 3 of clubs is card 0.


def plain_hand(rnd: Any, dealer: int, totals: list[int], titles: list[int] | None) -> tuple[int, list[int]]:
    """One hand of President; returns (decisions, [president, vice, loser])."""
    n = PLAYERS
    pack = list(range(52))
    random.Random(int(rnd() * 2**31)).shuffle(pack)
    hands = [sorted(pack[k::n]) for k in range(n)]
    hands = hands[-(dealer + 1) % n:] + hands[:-(dealer + 1) % n]
    decisions = 0
    if titles is not None:
        pres, _, loser = titles
        given = sorted(hands[loser], key=lambda c: (c % 13, c))[-2:]
        for c in given:
            hands[loser].remove(c)
        hands[pres] += given
        for _ in range(2):
            h = hands[pres]
            c = h[int(rnd() * len(h))]
            decisions += 1
            h.remove(c)
            hands[loser].append(c)
        leader, forced = pres, None
    else:
        leader = next(p for p in range(n) if 0 in hands[p])
        forced = 0
    out: list[int] = []
    active = [bool(h) for h in hands]
    left = n
    cur = leader
    to_size = to_level = top = -1
    passed: set[int] = set()
    while left > 1:
        hand = hands[cur]
        if forced is not None:
            play = [forced]
            forced = None
        else:
            groups: dict[int, list[int]] = {}
            for c in hand:
                groups.setdefault(c % 13, []).append(c)
            options: list[list[int]] = []
            if to_size < 0:
                for c in hand:
                    options.append([c])
                for lv, cs in groups.items():
                    for k in range(2, len(cs) + 1):
                        options.append(cs[:k])
            else:
                options.append([])
                if to_size == 1:
                    for c in hand:
                        if c % 13 > to_level:
                            options.append([c])
                else:
                    for lv, cs in groups.items():
                        if lv > to_level and len(cs) >= to_size:
                            options.append(cs[:to_size])
            k = len(options)
            if k > 1:
                decisions += 1
                play = options[int(rnd() * k)]
            else:
                play = options[0]
        if play:
            for c in play:
                hand.remove(c)
            to_size, to_level, top = len(play), play[0] % 13, cur
            passed = set()
            if not hand:
                out.append(cur)
                active[cur] = False
                left -= 1
                if left <= 1:
                    break
        else:
            passed.add(cur)
        others = [q for q in range(n) if active[q] and q != top and q not in passed]
        if not others:   # the trick is over: its last player (or the next still in) leads
            to_size = to_level = -1
            passed = set()
            cur = top
            while not active[cur]:
                cur = (cur + 1) % n
            continue
        cur = (cur + 1) % n
        while not active[cur]:
            cur = (cur + 1) % n
    loser = next(p for p in range(n) if active[p])
    totals[out[0]] += 3
    totals[out[1]] += 1
    totals[loser] -= 1
    return decisions, [out[0], out[1], loser]


def run_plain(_game: Any, hands: int, seed: int) -> tuple[float, int]:
    rnd = random.Random(seed).random
    decisions = 0
    start = time.process_time()
    totals, dealer, titles = [0] * PLAYERS, 0, None
    for _ in range(hands):
        d, titles = plain_hand(rnd, dealer, totals, titles)
        decisions += d
        top = max(totals)
        if top >= 10 and totals.count(top) == 1:
            totals, dealer, titles = [0] * PLAYERS, 0, None
        else:
            dealer = (dealer + 1) % PLAYERS
    return time.process_time() - start, decisions


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
