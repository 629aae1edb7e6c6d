"""Tight plain-Python hands, one per family: the honest yardsticks of the engine's speed.

Each plays the family's calibration game with the same rules as the engine and the same random
choice at the same granularity as the engine's uniformly random play: at every decision the engine
offers, one of its legal actions drawn uniformly (``int(rnd() * k)``; a forced action draws
nothing), at the same decisions. Unlike the older plain-Python hands beside the benchmark scripts
(``whist.py``, ``climbing.py``, ``matching.py``, ``melding.py``), which are written the way the
engine thinks (lists of cards, actions built as lists, a generator per hand), these are written
the way a careful Python programmer writes a hot loop:

* a hand is a bit mask of cards (a 13-bit chunk per suit) or a count per rank, never a list;
* an action is drawn by its index and decoded (the i-th card of a mask, the i-th set of a
  rank count) instead of listing every action first;
* the shuffle sorts the pack by a list of random keys (C code, not a Python loop of swaps);
* one ``random.Random`` per run, tables built once at import, no allocation per card played.

Each game function ``f(hands, seed, log=None)`` plays ``hands`` hands in whole games (the deal
passing left, a new game when one ends, as ``timing.play_hands`` plays the engine) and returns the
decisions made. With a list as ``log`` it appends, per hand, ``(first, dealer, decisions, moves,
scores, facts)`` (``first``: the game's first hand; ``moves`` None where the engine's count of
forced moves is not mirrored; ``facts`` the family's own: tricks and trumps, titles, cards left
in each hand, cards taken and xeris), which is how
``tests/test_benchmark_tight.py`` shows that each plays the engine's game.

The games (the specs in corpus/real/): whist (``whist.yaml``, the rules in ``whist.py``),
President (``president.yaml``, ``climbing.py``), Crazy Eights (``crazy-eights.yaml``,
``matching.py``), Rummy (``rummy.yaml``, ``melding.py``), all for four players; and Xeri
(``xeri.yaml``, ``fishing.py``), for two.
"""

from __future__ import annotations

import random
from typing import Any

PLAYERS = 4
R52 = range(52)
#: A card's bit (card = suit * 13 + rank index).
BIT = [1 << c for c in R52]
#: The set bits of every 13-bit mask (one suit's cards in a hand), lowest first: the i-th card of
#: a suit is one lookup.
SEL = tuple(tuple(r for r in range(13) if m >> r & 1) for m in range(8192))
SUIT_MASK = [8191 << (13 * s) for s in range(4)]
#: The four cards of each rank index.
RANK_MASK = [sum(1 << (13 * s + r) for s in range(4)) for r in range(13)]


def _chunk_worth(worth13: list[int]) -> tuple[int, ...]:
    """The worth of every 13-bit suit mask, given each rank's worth."""
    return tuple(sum(worth13[r] for r in SEL[m]) for m in range(8192))


def _hand_worth(table: tuple[int, ...], h: int) -> int:
    return table[h & 8191] + table[h >> 13 & 8191] + table[h >> 26 & 8191] + table[h >> 39]


# ---------------------------------------------------------------------------------------------
# Whist (trick-taking): four players, 13 cards each, trumps the suit of the dealer's last card,
# must follow suit, a point a trick, first to 20 alone. Rank index 12 is the ace (ace high).
# ---------------------------------------------------------------------------------------------


def whist(hands: int, seed: int, log: list[Any] | None = None) -> int:
    rnd = random.Random(seed).random
    sel, bit, R = SEL, BIT, R52
    decisions = 0
    totals, dealer = [0, 0, 0, 0], 0
    for _ in range(hands):
        first = log is not None and not any(totals)   # (no hand scores nothing for all)
        keys = [rnd() for _ in R]
        pack = sorted(R, key=keys.__getitem__)
        # the k-th slice goes to the seat k + 1 to the dealer's left, so pack[51] is the
        # dealer's last card (dealt one at a time or in slices: the same chance)
        seats: list[list[int]] = [[], [], [], []]
        for k in range(4):
            h = sum(map(bit.__getitem__, pack[13 * k:13 * k + 13]))
            seats[(dealer + 1 + k) & 3] = [h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39]
        trump = pack[51] // 13
        tricks = [0, 0, 0, 0]
        d0 = decisions
        leader = (dealer + 1) & 3
        for left in range(13, 0, -1):   # cards in each hand before this trick
            h = seats[leader]
            if left > 1:
                decisions += 1
                i = int(rnd() * left)
            else:
                i = 0
            for s in (0, 1, 2, 3):   # the i-th card of the hand, suit by suit
                b = sel[h[s]]
                if i < len(b):
                    break
                i -= len(b)
            r = b[i]
            h[s] ^= 1 << r
            led = best_s = s
            best_r = r
            win = seat = leader
            for _ in (1, 2, 3):
                seat = (seat + 1) & 3
                h = seats[seat]
                m = h[led]
                if m:   # must follow
                    b = sel[m]
                    k = len(b)
                    if k > 1:
                        decisions += 1
                        r = b[int(rnd() * k)]
                    else:
                        r = b[0]
                    h[led] = m ^ (1 << r)
                    if best_s == led and r > best_r:
                        best_r, win = r, seat
                    continue
                if left > 1:   # void in the suit led: any card of the hand
                    decisions += 1
                    i = int(rnd() * left)
                else:
                    i = 0
                for s in (0, 1, 2, 3):
                    b = sel[h[s]]
                    if i < len(b):
                        break
                    i -= len(b)
                r = b[i]
                h[s] ^= 1 << r
                if s == trump and (best_s != trump or r > best_r):
                    best_s, best_r, win = s, r, seat
            tricks[win] += 1
            leader = win
        for p in (0, 1, 2, 3):
            totals[p] += tricks[p]
        if log is not None:
            log.append((first, dealer, decisions - d0, 52, tuple(tricks), (trump,)))
        top = max(totals)
        if top >= 20 and totals.count(top) == 1:
            totals, dealer = [0, 0, 0, 0], 0
        else:
            dealer = (dealer + 1) & 3
    return decisions


# ---------------------------------------------------------------------------------------------
# President (climbing): the whole pack, twos high; singles (one per card held) and sets (one per
# rank and size: no rule tells cards of a rank apart); a trick ends when every other player still
# in has passed since the last play; titles 3 / 1 / −1; the Scum's two highest cards to the
# President, who gives two of their choice back (one decision each) and leads; first to 10.
# A hand is a count per level (0 the three, 12 the two): suits never matter.
# ---------------------------------------------------------------------------------------------

#: Sets a rank count offers beyond its singles (sizes 2 … count).
_EXTRA_SETS = (0, 0, 1, 2, 3)
_LEVEL = [c % 13 for c in R52]


def president(hands: int, seed: int, log: list[Any] | None = None) -> int:
    rnd = random.Random(seed).random
    R, level, extra = R52, _LEVEL, _EXTRA_SETS
    zeros = (0,) * 13
    counts: list[list[int]] = [[0] * 13 for _ in range(4)]
    held = [0, 0, 0, 0]
    decisions = 0
    totals, titles = [0, 0, 0, 0], None
    for _ in range(hands):
        first = log is not None and not any(totals)   # (no hand scores nothing for all)
        keys = [rnd() for _ in R]
        pack = sorted(R, key=keys.__getitem__)
        for k in (0, 1, 2, 3):
            c = counts[k]
            c[:] = zeros
            for card in pack[13 * k:13 * k + 13]:
                c[level[card]] += 1
            held[k] = 13
        d0 = decisions
        moves = 0
        if titles is None:   # the holder of the 3 of clubs (card 0) leads it
            cur = pack.index(0) // 13
            counts[cur][0] -= 1
            held[cur] = 12
            moves = 1
            to_size, to_level, top = 1, 0, cur
            passes = 0
            cur = (cur + 1) & 3
        else:
            pres, _, scum = titles
            cs, cp = counts[scum], counts[pres]
            for _ in (0, 1):   # the Scum's two highest cards
                lv = 12
                while not cs[lv]:
                    lv -= 1
                cs[lv] -= 1
                cp[lv] += 1
            for n in (15, 14):   # two cards of the President's choice back
                decisions += 1
                i = int(rnd() * n)
                lv = 0
                while i >= cp[lv]:
                    i -= cp[lv]
                    lv += 1
                cp[lv] -= 1
                cs[lv] += 1
            moves = 2
            to_size = 0
            cur = pres
        active = 4
        out: list[int] = []
        while True:
            c = counts[cur]
            moves += 1
            if not to_size:   # a lead: a single of any card, or a set of any size held
                n = held[cur]
                k = n + sum(map(extra.__getitem__, c))
                if k > 1:
                    decisions += 1
                    i = int(rnd() * k)
                else:
                    i = 0
                lv = 0
                if i < n:
                    size = 1
                    while i >= c[lv]:
                        i -= c[lv]
                        lv += 1
                else:
                    i -= n
                    while i >= extra[c[lv]]:
                        i -= extra[c[lv]]
                        lv += 1
                    size = i + 2
            elif to_size == 1:   # a pass, or a higher single
                k = sum(c[to_level + 1:])
                if k:
                    decisions += 1
                    i = int(rnd() * (k + 1))
                else:
                    i = 0
                if i:
                    i -= 1
                    lv = to_level + 1
                    while i >= c[lv]:
                        i -= c[lv]
                        lv += 1
                    size = 1
                else:
                    size = 0
            else:   # a pass, or as many cards of a higher rank
                higher = [lv for lv in range(to_level + 1, 13) if c[lv] >= to_size]
                if higher:
                    decisions += 1
                    i = int(rnd() * (len(higher) + 1))
                else:
                    i = 0
                if i:
                    lv = higher[i - 1]
                    size = to_size
                else:
                    size = 0
            if size:
                c[lv] -= size
                held[cur] -= size
                to_size, to_level, top = size, lv, cur
                passes = 0
                if not held[cur]:
                    out.append(cur)
                    active -= 1
                    if active == 1:
                        break
            else:
                passes += 1
                if passes >= (active - 1 if held[top] else active):   # the trick is over
                    to_size = 0
                    cur = top
                    while not held[cur]:
                        cur = (cur + 1) & 3
                    continue
            cur = (cur + 1) & 3
            while not held[cur]:
                cur = (cur + 1) & 3
        scum = cur if held[cur] else next(p for p in (0, 1, 2, 3) if held[p])
        titles = (out[0], out[1], scum)
        totals[out[0]] += 3
        totals[out[1]] += 1
        totals[scum] -= 1
        if log is not None:
            scores = [0, 0, 0, 0]
            scores[out[0]], scores[out[1]], scores[scum] = 3, 1, -1
            log.append((first, 0, decisions - d0, moves, tuple(scores), titles))
        if max(totals) >= 10:   # the latest hand's President settles any tie for first
            totals, titles = [0, 0, 0, 0], None
    return decisions


# ---------------------------------------------------------------------------------------------
# Crazy Eights (matching): seven cards each, a card turned, a card of the top card's rank or
# suit or an eight (then a suit named, one of four), else draw one and pass (the stock refilled
# from the discards under the top card); the first out scores the cards left (courts 10, aces 1,
# the rest their pips); a hand blocked (every player in turn passed with no card drawn) goes to
# the fewest cards from the next player on; first to 100 alone. Rank index 6 is the eight.
# ---------------------------------------------------------------------------------------------

EIGHT = 6
_C8_WORTH = _chunk_worth([r + 2 if r < 9 else (10 if r < 12 else 1) for r in range(13)])
#: The cards that may be laid on a top card counting as rank r of suit s (indexed s * 13 + r).
_C8_FITS = [SUIT_MASK[c // 13] | RANK_MASK[c % 13] | RANK_MASK[EIGHT] for c in R52]


def crazy_eights(hands: int, seed: int, log: list[Any] | None = None) -> int:
    rng = random.Random(seed)
    rnd = rng.random
    R, bit, fits, worth = R52, BIT, _C8_FITS, _C8_WORTH
    held = [0, 0, 0, 0]
    decisions = 0
    totals, dealer = [0, 0, 0, 0], 0
    for _ in range(hands):
        first = log is not None and not any(totals)   # (no hand scores nothing for all)
        keys = [rnd() for _ in R]
        pack = sorted(R, key=keys.__getitem__)
        seats = [sum(map(bit.__getitem__, pack[7 * k:7 * k + 7])) for k in (0, 1, 2, 3)]
        held[:] = (7, 7, 7, 7)
        stock = pack[28:]
        top = stock.pop()   # the top card counts as this card (an eight: as its named suit)
        pile = [top]
        cur = (dealer + 1) & 3
        idle = moves = 0
        d0 = decisions
        while True:
            h = seats[cur]
            o = h & fits[top]
            moves += 1
            if o:
                if o & (o - 1):   # more than one card may be laid
                    decisions += 1
                    for _ in range(int(rnd() * o.bit_count())):
                        o &= o - 1
                    o &= -o
                card = o.bit_length() - 1
                seats[cur] = h ^ o
                held[cur] -= 1
                pile.append(card)
                idle = 0
                if not held[cur]:
                    winner = cur
                    break
                if card % 13 == EIGHT:   # name the suit to follow
                    moves += 1
                    decisions += 1
                    top = int(rnd() * 4) * 13 + EIGHT
                else:
                    top = card
            else:   # nothing to lay: draw a card, and pass
                if not stock and len(pile) > 1:
                    stock = pile[:-1]
                    del pile[:-1]
                    rng.shuffle(stock)
                if stock:
                    seats[cur] = h | bit[stock.pop()]
                    held[cur] += 1
                    idle = 0
                else:
                    idle += 1
                    if idle >= 4:   # blocked: the fewest cards, from the next player on
                        order = [(cur + 1 + j) & 3 for j in (0, 1, 2, 3)]
                        winner = min(order, key=held.__getitem__)
                        break
            cur = (cur + 1) & 3
        won = sum(_hand_worth(worth, seats[q]) for q in (0, 1, 2, 3) if q != winner)
        totals[winner] += won
        if log is not None:
            scores = [0, 0, 0, 0]
            scores[winner] = won
            log.append((first, dealer, decisions - d0, moves, tuple(scores), tuple(held)))
        best = max(totals)
        if best >= 100 and totals.count(best) == 1:
            totals, dealer = [0, 0, 0, 0], 0
        else:
            dealer = (dealer + 1) & 3
    return decisions


# ---------------------------------------------------------------------------------------------
# Rummy (melding): seven cards each, aces low, no wrap; a turn is the engine's steps — draw (the
# discard pile's top card offered only when it would meld or lay off), meld until stopping, lay
# off until stopping, discard (never the card taken); a card taken from the pile must be melded
# or laid off while it can be; the stock refilled once from the whole pile, the second time it
# runs out the fewest cards win; blocked: the fewest from the next player on; the winner scores
# the cards left (courts 10, aces 1, the rest their pips); first to 100 alone. Melds as the
# engine offers them: of a rank held three or four times the whole rank and (of four) each three;
# of each stretch of three or more in a suit each window of three and the whole stretch.
# ---------------------------------------------------------------------------------------------


def _runs_of(m: int) -> tuple[int, ...]:
    out = []
    r = 0
    while r < 13:
        if not m >> r & 1:
            r += 1
            continue
        lo = r
        while r < 13 and m >> r & 1:
            r += 1
        k = r - lo
        if k >= 3:
            out += [7 << (lo + i) for i in range(k - 2)]
            if k > 3:
                out.append(((1 << k) - 1) << lo)
    return tuple(out)


#: The runs every 13-bit suit mask offers, as masks within the suit.
_RUNS = tuple(_runs_of(m) for m in range(8192))
_RUMMY_WORTH = _chunk_worth([1 if r == 0 else (r + 1 if r < 10 else 10) for r in range(13)])


def _sets_of(h: int, three: int) -> list[int]:
    """The sets of a hand whose ranks held three or more times are the bits of ``three``."""
    out = []
    for r in SEL[three]:
        whole = h & RANK_MASK[r]
        out.append(whole)
        if whole.bit_count() == 4:
            out += [whole ^ (1 << (13 * s + r)) for s in range(4)]
    return out


def _three_of(h: int) -> int:
    """The ranks (as a 13-bit mask) held three or four times."""
    a, b, c, d = h & 8191, h >> 13 & 8191, h >> 26 & 8191, h >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def _melds_of(h: int) -> tuple[list[int], int]:
    """The melds of a hand (runs first) and how many of them are runs."""
    runs = [m << sh for sh in (0, 13, 26, 39) for m in _RUNS[h >> sh & 8191]]
    n_runs = len(runs)
    three = _three_of(h)
    if three:
        runs += _sets_of(h, three)
    return runs, n_runs


def _fit(mask: int, aux: int, is_run: bool) -> int:
    """The cards that may be laid off on a meld: a run's next card at either end in its suit
    (``aux``), a set's missing suits of its rank (``aux``)."""
    if is_run:
        return ((mask << 1) | (mask >> 1)) & aux & ~mask
    return aux & ~mask


def _would_meld(h: int, card: int) -> bool:
    """Whether ``card`` taken into hand ``h`` would lie in one of its melds."""
    r = card % 13
    if (h & RANK_MASK[r]).bit_count() >= 2:
        return True
    m = (h >> (card - r)) & 8191 | (1 << r)
    for lo in (r - 2, r - 1, r):
        if 0 <= lo <= 10 and (m >> lo) & 7 == 7:
            return True
    return False


def rummy(hands: int, seed: int, log: list[Any] | None = None) -> int:
    rng = random.Random(seed)
    rnd = rng.random
    R, bit, runs_table, worth = R52, BIT, _RUNS, _RUMMY_WORTH
    held = [0, 0, 0, 0]
    decisions = 0
    totals, dealer = [0, 0, 0, 0], 0
    for _ in range(hands):
        first = log is not None and not any(totals)   # (no hand scores nothing for all)
        keys = [rnd() for _ in R]
        pack = sorted(R, key=keys.__getitem__)
        seats = [sum(map(bit.__getitem__, pack[7 * k:7 * k + 7])) for k in (0, 1, 2, 3)]
        held[:] = (7, 7, 7, 7)
        stock = pack[28:]
        pile = [stock.pop()]
        # the melds on the table: their cards, what they are laid off against, their kind, and
        # the cards that may be laid off on each (``fits``) and on any (``any_fit``)
        t_mask: list[int] = []
        t_aux: list[int] = []
        t_run: list[bool] = []
        fits: list[int] = []
        any_fit = 0
        cur = (dealer + 1) & 3
        idle = stock_outs = 0
        winner = -1
        d0 = decisions
        while True:
            h = seats[cur]
            acted = False
            # draw: the pile's top card is offered only when it would meld or lay off
            drawn = 0
            if pile and (any_fit & bit[pile[-1]] or _would_meld(h, pile[-1])):
                decisions += 1
                if rnd() < 0.5:   # two choices: the stock or the pile
                    drawn = bit[pile.pop()]
            if drawn:
                h |= drawn
                acted = True
            else:
                if not stock:
                    stock_outs += 1
                    if stock_outs >= 2:   # the second time: the fewest cards, from this player on
                        order = [(cur + j) & 3 for j in (0, 1, 2, 3)]
                        winner = min(order, key=held.__getitem__)
                        break
                    stock, pile = pile, []
                    rng.shuffle(stock)
                if stock:
                    h |= bit[stock.pop()]
                    acted = True
            held[cur] = h.bit_count()
            # meld, until the player stops (a card taken must be melded while a meld holds it)
            while _three_of(h) or runs_table[h & 8191] or runs_table[h >> 13 & 8191] \
                    or runs_table[h >> 26 & 8191] or runs_table[h >> 39]:
                melds, n_runs = _melds_of(h)
                k = len(melds)
                if drawn & h and any(m & drawn for m in melds):
                    if k > 1:
                        decisions += 1
                        i = int(rnd() * k)
                    else:
                        i = 0
                else:
                    decisions += 1
                    i = int(rnd() * (k + 1)) - 1
                    if i < 0:
                        break
                m = melds[i]
                h ^= m
                acted = True
                t_mask.append(m)
                if i < n_runs:
                    aux = SUIT_MASK[(m.bit_length() - 1) // 13]
                    t_run.append(True)
                else:
                    aux = RANK_MASK[(m.bit_length() - 1) % 13]
                    t_run.append(False)
                t_aux.append(aux)
                f = _fit(m, aux, i < n_runs)
                fits.append(f)
                any_fit |= f
                if not h:
                    break
            if not h:
                winner = cur
                break
            # lay off, until the player stops (a card taken must be laid off while it can be)
            while h & any_fit:
                k = 0
                for f in fits:
                    k += (h & f).bit_count()
                if drawn & h & any_fit:
                    if k > 1:
                        decisions += 1
                        i = int(rnd() * k)
                    else:
                        i = 0
                else:
                    decisions += 1
                    i = int(rnd() * (k + 1)) - 1
                    if i < 0:
                        break
                for j, f in enumerate(fits):
                    o = h & f
                    c = o.bit_count()
                    if i < c:
                        break
                    i -= c
                for _ in range(i):
                    o &= o - 1
                o &= -o
                h ^= o
                acted = True
                m = t_mask[j] = t_mask[j] | o
                fits[j] = _fit(m, t_aux[j], t_run[j])
                any_fit = 0
                for f in fits:
                    any_fit |= f
                if not h:
                    break
            if not h:
                winner = cur
                break
            # discard one card (never the card taken this turn)
            o = h & ~drawn
            if o:
                if o & (o - 1):
                    decisions += 1
                    for _ in range(int(rnd() * o.bit_count())):
                        o &= o - 1
                o &= -o
                h ^= o
                pile.append(o.bit_length() - 1)
                if not h:
                    winner = cur
                    break
            seats[cur] = h
            held[cur] = h.bit_count()
            if acted:
                idle = 0
            else:
                idle += 1
                if idle >= 4:   # blocked: the fewest cards, from the next player on
                    order = [(cur + 1 + j) & 3 for j in (0, 1, 2, 3)]
                    winner = min(order, key=held.__getitem__)
                    break
            cur = (cur + 1) & 3
        seats[cur] = h
        held[cur] = h.bit_count()
        won = sum(_hand_worth(worth, seats[q]) for q in (0, 1, 2, 3) if q != winner)
        totals[winner] += won
        if log is not None:
            scores = [0, 0, 0, 0]
            scores[winner] = won
            log.append((first, dealer, decisions - d0, None, tuple(scores), tuple(held)))
        best = max(totals)
        if best >= 100 and totals.count(best) == 1:
            totals, dealer = [0, 0, 0, 0], 0
        else:
            dealer = (dealer + 1) & 3
    return decisions


# ---------------------------------------------------------------------------------------------
# Xeri (fishing): two players, six cards each, four face up as one pile (dealt again while its
# top card is a Jack or pairs the card under it); a card of the top card's rank, or a Jack, takes
# the pile, any other card is laid on it; a pile of one taken by its rank is a xeri (10); hands
# refilled six each from the stock (three times); the last capturer takes what is left; a point
# each for A, K, Q, J, 10, one more for the 10 of diamonds and the 2 of clubs, 3 for the most
# cards; first to 101 alone. Every card of a hand is exactly one action (it captures or it is
# laid), so the random choice is a card of the hand drawn by index.
# A pile is only what the rules read of it: its count, its points and its top card's rank.
# ---------------------------------------------------------------------------------------------

XERI_PLAYERS = 2
JACK = 9
_XERI_RANK = [c % 13 for c in R52]
#: Each card's points (clubs are suit 0, diamonds suit 1; rank index 0 is the two).
_XERI_WORTH = [(1 if c % 13 >= 8 else 0) + (c == 13 + 8) + (c == 0) for c in R52]
#: Hand sizes at each play of a round of six cards each (the two seats alternate).
_XERI_ROUND = (6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1)


def xeri(hands: int, seed: int, log: list[Any] | None = None) -> int:
    rnd = random.Random(seed).random
    R, rank, worth, jack = R52, _XERI_RANK, _XERI_WORTH, JACK
    plays = _XERI_ROUND
    seats: list[list[int]] = [[], []]
    decisions = 0
    totals, dealer = [0, 0], 0
    for _ in range(hands):
        first = log is not None and not any(totals)   # (no hand scores nothing for all)
        keys = [rnd() for _ in R]
        pack = sorted(R, key=keys.__getitem__)
        # the opening pile (pack[12:16], its top card last) dealt again while it gives a capture
        while rank[pack[15]] == jack or rank[pack[15]] == rank[pack[14]]:
            rest = pack[12:]
            keys = [rnd() for _ in rest]
            pack[12:] = [rest[i] for i in sorted(range(40), key=keys.__getitem__)]
        top = rank[pack[15]]
        pile_n, pile_pts = 4, worth[pack[12]] + worth[pack[13]] + worth[pack[14]] + worth[pack[15]]
        cards, pts, xeris = [0, 0], [0, 0], [0, 0]
        last = -1
        d0 = decisions
        lead = (dealer + 1) & 1
        at = 16
        for refill in (0, 1, 2, 3):
            if refill:   # the stock's next twelve, six each
                seats[lead] = pack[at:at + 6]
                seats[lead ^ 1] = pack[at + 6:at + 12]
                at += 12
            else:
                seats[lead] = pack[0:12:2]
                seats[lead ^ 1] = pack[1:12:2]
            p = lead
            for k in plays:
                h = seats[p]
                if k > 1:
                    decisions += 1
                    c = h.pop(int(rnd() * k))
                else:
                    c = h.pop()
                r = rank[c]
                if pile_n and (r == top or r == jack):
                    if pile_n == 1 and r == top:
                        xeris[p] += 1
                    cards[p] += pile_n + 1
                    pts[p] += pile_pts + worth[c]
                    pile_n = pile_pts = 0
                    last = p
                else:
                    pile_n += 1
                    pile_pts += worth[c]
                    top = r
                p ^= 1
        if last >= 0:   # the last capturer takes what is left
            cards[last] += pile_n
            pts[last] += pile_pts
        scores = [pts[0] + 10 * xeris[0], pts[1] + 10 * xeris[1]]
        if cards[0] != cards[1]:
            scores[cards[1] > cards[0]] += 3
        totals[0] += scores[0]
        totals[1] += scores[1]
        if log is not None:
            log.append((first, dealer, decisions - d0, 48, tuple(scores), (tuple(cards), tuple(xeris))))
        top = max(totals)
        if top >= 101 and totals[0] != totals[1]:
            totals, dealer = [0, 0], 0
        else:
            dealer ^= 1
    return decisions


#: The tight yardstick of each family's calibration game.
GAMES = {"whist": whist, "president": president, "crazy-eights": crazy_eights, "rummy": rummy, "xeri": xeri}
#: Players at the table of each calibration game (four unless said).
PLAYERS_OF = {"xeri": XERI_PLAYERS}
