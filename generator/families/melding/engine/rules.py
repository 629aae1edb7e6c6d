"""What a meld is in a melding game (ML-02 c, ML-03, ML-06, DK-05), compiled once per game, and the
melds, lay-offs and joker swaps a hand can make.

**Cards in a meld.** Every card has a *ladder* and a *position* on it: the suit cards stand on the
rank list (position 0 the lowest rank, up to ``top`` the highest), each tarot major on a ladder of
its own numbers. With the deck's run wrap (DK-05) the lowest rank may also stand at ``top + 1``,
just above the top rank, at the high end of a run only (low-2nd-3rd and 2nd-top-low are runs,
top-low-2nd is not). A *set* is three or more cards of one rank (never more than the suits, each
card once); a *run* is three or more cards at consecutive positions of one ladder, of one suit or
of any suits as the game says, at most one card a rank. A single card of ``melds.single`` is a
meld of its own. A joker (the pack's jokers, and this hand's wild rank) stands for any card a meld
needs, but every meld holds a natural card (with ``one_joker``, at most one joker).

**How a meld lies.** The table's melds are tuples of card ids (the place ``melds``); a run's cards
lie in position order from its lowest position, jokers where they stand, so what each joker stands
for is read off its place. Beside them, ``meld_info`` holds each meld's (owner, kind, lowest
position); kinds are ``SET``, ``RUN`` and ``SINGLE``.

**Speed.** A hand's melds are found by rank and suit buckets of small lists, never by trying
subsets: sets from each rank's naturals (the whole rank and each three of it), runs from each
maximal stretch of held positions (each window of three and the whole stretch), and, when the game
has jokers, each of those completed by one joker (a missing rank inside a window, or one more at
an end). Every meld offered is a bitmask of cards (``1 << card``), so an action is one integer.
Most hands offer no meld, so a quick look at the hand's rank counts and run positions (each one
integer) comes first; the melds of a hand that passes are kept by its cards.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from generator.engine.cards import cards_in
from generator.spec.deck import MAJORS

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.cards import CardTable
    from generator.spec import GameSpec

SET, RUN, SINGLE = 0, 1, 2
#: Entries the lay-off cache of ``MeldRules`` holds before it is emptied.
CACHE_SIZE = 50_000
KIND_NAMES = ("set", "run", "single")


#: The cards of a bitmask, lowest id first (the engine's ``cards_in``, under the name melds use).
bits = cards_in


class MeldRules:
    """The pack of a melding game compiled for melds.

    ``rank_of[c]``: the index of card ``c``'s rank in ``rank_names`` (highest first, as printed; a
    major's own number after them; -1 for a joker), the index the wild-rank card (DL-09) names;
    ``level[c]``: its position on its ladder (0 the lowest rank; -1 for a joker), what the shedding
    scorer reads for ``low_finish_double``; ``ladder[c]``: 0 for suit cards, 1 for majors."""

    def __init__(self, spec: "GameSpec", table: "CardTable"):
        p = spec.play
        self.table = table
        self.size = table.size
        deck = spec.deck
        ranks = deck.ranks()
        self.rank_names: tuple[str, ...] = tuple(ranks) + tuple(f"major {n}" for n in range(21)) \
            if MAJORS in deck.suits() else tuple(ranks)
        self.plain_ranks = len(ranks)
        self.top = len(ranks) - 1
        self.wrap = deck.run_wrap
        jokers = set(table.jokers)
        self.jokers = frozenset(jokers)
        self.joker_mask = sum(1 << j for j in jokers)
        majors = table.suit_names.index(MAJORS) if MAJORS in table.suit_names else -1
        self.suit_of = list(table.suit)
        self.rank_of: list[int] = []
        self.level: list[int] = []
        self.ladder: list[int] = []
        index = {r: i for i, r in enumerate(ranks)}
        for c in range(table.size):
            if c in jokers:
                self.rank_of.append(-1)
                self.level.append(-1)
                self.ladder.append(-1)
            elif table.suit[c] == majors:
                n = int(table.rank[c])
                self.rank_of.append(len(ranks) + n)
                self.level.append(n)
                self.ladder.append(1)
            else:
                i = index[table.rank[c]]
                self.rank_of.append(i)
                self.level.append(self.top - i)
                self.ladder.append(0)
        self.plain_suits = len([s for s in table.suit_names if s != MAJORS])
        self.same_suit = p.melds.runs == "same-suit"
        self.single_rank = index.get(p.melds.single) if p.melds.single is not None else None
        self.one_joker = p.one_joker
        self.full_house = p.melds.full_house is not None
        self.cards_of_rank: list[list[int]] = [[c for c in range(table.size) if self.rank_of[c] == k]
                                               for k in range(len(self.rank_names))]
        self.bit = [1 << c for c in range(table.size)]
        #: per card: its rank for sets (-1: a joker or a major), its run group, its run positions
        self.set_rank = [self.rank_of[c] if self.ladder[c] == 0 else -1 for c in range(table.size)]
        self.run_key = [(self.ladder[c], self.suit_of[c] if self.same_suit or self.ladder[c] == 1 else -1)
                        for c in range(table.size)]
        self.pos = [self.positions(c) if c not in jokers else () for c in range(table.size)]
        #: Per card, for the quick looks at a hand (``hand_melds``, and the taken discard's):
        #: * its rank as a count (``rank_unit``; 0 for a joker or a major): a hand's cards summed
        #:   make one integer with a digit of ``digit`` bits a rank, which a whole pack's cards of
        #:   one rank never fill; adding ``at_least[n]`` carries into a digit's top bit (``tops``)
        #:   exactly where n or more of that rank are held;
        #: * its run positions as bits (``pos_bits``), each run group in a row of bits of its own
        #:   (``run_row``: where the card's row starts) with two empty bits or more above its
        #:   highest position, so a whole hand's positions are one integer and no three in a row
        #:   (nor two a gap apart) cross from one group into the next.
        most = max((len(cs) for k, cs in enumerate(self.cards_of_rank) if k < len(ranks)), default=1)
        width = max(2, most.bit_length())
        self.digit = width + 1
        self.rank_unit = [1 << (self.digit * k) if k >= 0 else 0 for k in self.set_rank]
        self.tops = sum(1 << (self.digit * k + width) for k in range(len(ranks)))
        self.at_least = {n: sum(((1 << width) - n) << (self.digit * k) for k in range(len(ranks)))
                         for n in (2, 3)}
        keys = sorted(set(self.run_key))
        row = max(self.top + 1, 20) + 3   # (positions reach top + 1 with wrap, 20 on the majors)
        self.run_row = [row * keys.index(k) for k in self.run_key]
        self.pos_bits = [sum(1 << q for q in qs) << row for qs, row in zip(self.pos, self.run_row)]
        self._wild_masks: dict[int | None, int] = {}
        #: the cards that may be laid off on a meld, by meld (a meld on the table is an immutable
        #: tuple, so it is keyed by value; emptied when large)
        self._fit_cache: dict[tuple, frozenset[int]] = {}
        #: the melds found in a hand that passed the quick look, by its cards (a hand whose taken
        #: discard was searched is searched again on the meld step; emptied when large). The
        #: lists are shared: callers only read them.
        self._meld_cache: dict[tuple, list[int]] = {}

    # -- jokers ----------------------------------------------------------------------------------

    def wild_mask(self, wild_rank: int | None) -> int:
        """The bitmask of this hand's jokers: the pack's, and the cards of the wild rank."""
        m = self._wild_masks.get(wild_rank)
        if m is None:
            m = self.joker_mask
            if wild_rank is not None and 0 <= wild_rank < len(self.cards_of_rank):
                for c in self.cards_of_rank[wild_rank]:
                    m |= 1 << c
            self._wild_masks[wild_rank] = m
        return m

    def natural(self, card: int) -> tuple[int, int]:
        """The rank and suit a card counts as by itself (what the shared table deal asks)."""
        return self.rank_of[card], self.suit_of[card]

    def positions(self, card: int) -> tuple[int, ...]:
        """Where a natural card may stand in a run: its level, and above the top with run wrap."""
        lv = self.level[card]
        if self.wrap and lv == 0 and self.ladder[card] == 0:
            return (0, self.top + 1)
        return (lv,)

    def ladder_top(self, ladder: int) -> int:
        """The highest position on a ladder (with wrap, the lowest rank's second place)."""
        if ladder == 1:
            return 20
        return self.top + 1 if self.wrap else self.top

    def run_length(self, ladder: int) -> int:
        """The longest run: one card a rank."""
        return 21 if ladder == 1 else self.top + 1

    # -- what a meld is --------------------------------------------------------------------------

    def arrange(self, cards: list[int], wild: int) -> tuple[int, int, tuple[int, ...]] | None:
        """The meld these cards make, as (kind, lowest position, cards in order), or None: the
        canonical way they lie (a run's jokers fill its gaps, then extend it upwards, then down)."""
        nat = [c for c in cards if not (wild >> c) & 1]
        jok = [c for c in cards if (wild >> c) & 1]
        if not nat:
            return None
        if self.one_joker and len(jok) > 1:
            return None
        if len(cards) == 1:
            c = nat[0]
            if self.single_rank is not None and self.rank_of[c] == self.single_rank:
                return SINGLE, self.level[c], (c,)
            return None
        if len(cards) < 3:
            return None
        r = self.rank_of[nat[0]]
        if all(self.rank_of[c] == r for c in nat) and self.ladder[nat[0]] == 0:
            if len(cards) <= self.plain_suits and len({self.suit_of[c] for c in nat}) == len(nat):
                return SET, self.level[nat[0]], tuple(sorted(nat) + sorted(jok))
            if len(nat) > 1:
                return None
        return self._run(nat, jok)

    def _run(self, nat: list[int], jok: list[int]) -> tuple[int, int, tuple[int, ...]] | None:
        ladder = self.ladder[nat[0]]
        if any(self.ladder[c] != ladder for c in nat):
            return None
        if self.same_suit and any(self.suit_of[c] != self.suit_of[nat[0]] for c in nat):
            return None
        length = len(nat) + len(jok)
        if length > self.run_length(ladder):
            return None
        hi_pos = self.ladder_top(ladder)
        choices = [self.positions(c) for c in nat]
        best = None
        for pick in _products(choices):
            if len(set(pick)) != len(pick):
                continue
            lo, hi = min(pick), max(pick)
            if hi - lo + 1 > length:
                continue
            # the window: gaps first, then upwards, then down
            start = lo
            extra = length - (hi - lo + 1)
            up = min(extra, hi_pos - hi)
            start = lo - (extra - up)
            if start < 0:
                continue
            if self.wrap and ladder == 0 and start == 0 and start + length - 1 > self.top:
                continue   # the lowest rank at both ends: not one card a rank
            slots = dict(zip(pick, nat))
            js = iter(sorted(jok))
            order = tuple(slots[q] if q in slots else next(js) for q in range(start, start + length))
            best = (RUN, start, order)
            break
        return best

    def valid(self, cards: list[int], wild: int) -> bool:
        return self.arrange(cards, wild) is not None

    # -- a card added to a meld on the table -----------------------------------------------------

    def extend(self, meld: tuple[int, ...], kind: int, lo: int, card: int, wild: int
               ) -> tuple[int, tuple[int, ...]] | None:
        """The meld with ``card`` laid off on it, as (lowest position, cards in order), or None if
        the meld would not stay valid. A joker laid off on a run goes on its high end if there is
        room, else its low end."""
        is_joker = (wild >> card) & 1
        if kind == SINGLE:
            return None
        if is_joker and self.one_joker and any((wild >> c) & 1 for c in meld):
            return None
        if kind == SET:
            if len(meld) >= self.plain_suits:
                return None
            if is_joker:
                return lo, meld + (card,)
            nat = [c for c in meld if not (wild >> c) & 1]
            if self.ladder[card] != 0 or self.level[card] != lo or \
                    any(self.suit_of[c] == self.suit_of[card] for c in nat):
                return None
            jok = [c for c in meld if (wild >> c) & 1]
            return lo, tuple(sorted(nat + [card]) + jok)
        nat = next(c for c in meld if not (wild >> c) & 1)
        ladder = self.ladder[nat]
        if len(meld) >= self.run_length(ladder):
            return None
        hi = lo + len(meld) - 1
        top = self.ladder_top(ladder)
        if is_joker:
            if hi < top and not self._wraps_twice(ladder, lo, hi + 1):
                return lo, meld + (card,)
            if lo > 0 and not self._wraps_twice(ladder, lo - 1, hi):
                return lo - 1, (card,) + meld
            return None
        if self.ladder[card] != ladder or (self.same_suit and self.suit_of[card] != self.suit_of[nat]):
            return None
        for q in self.positions(card):
            if q == hi + 1 and q <= top and not self._wraps_twice(ladder, lo, q):
                return lo, meld + (card,)
            if q == lo - 1 and q >= 0 and not self._wraps_twice(ladder, q, hi):
                return lo - 1, (card,) + meld
        return None

    def _wraps_twice(self, ladder: int, lo: int, hi: int) -> bool:
        return self.wrap and ladder == 0 and lo == 0 and hi > self.top

    def stands_for(self, meld: tuple[int, ...], kind: int, lo: int, i: int, wild: int) -> list[int]:
        """The natural cards the joker at place ``i`` of a meld stands for (what a joker swap puts
        in): a run's card at that position (any suit of it in an any-suit run), or any card of a
        set's rank whose suit the set lacks."""
        if kind == SET:
            suits = {self.suit_of[c] for c in meld if not (wild >> c) & 1}
            return [c for c in self.cards_of_rank[self.top - lo] if self.suit_of[c] not in suits
                    and not (wild >> c) & 1]
        if kind != RUN:
            return []
        nat = next(c for c in meld if not (wild >> c) & 1)
        q = lo + i
        ladder = self.ladder[nat]
        if ladder == 1:
            rank = self.plain_ranks + q
        else:
            rank = self.top - (0 if q == self.top + 1 else q)
        out = []
        for c in self.cards_of_rank[rank]:
            if (wild >> c) & 1:
                continue
            if self.same_suit and self.suit_of[c] != self.suit_of[nat]:
                continue
            out.append(c)
        return out

    # -- the melds a hand can make ---------------------------------------------------------------

    def fits(self, meld: tuple[int, ...], kind: int, lo: int, wild: int) -> frozenset[int]:
        """The cards that may be laid off on a meld (``extend`` would take them)."""
        key = (meld, kind, lo, wild)
        got = self._fit_cache.get(key)
        if got is None:
            if len(self._fit_cache) > CACHE_SIZE:
                self._fit_cache.clear()
            got = self._fit_cache[key] = frozenset(c for c in self._candidates(meld, kind, lo, wild)
                                                   if self.extend(meld, kind, lo, c, wild) is not None)
        return got

    def _candidates(self, meld: tuple[int, ...], kind: int, lo: int, wild: int) -> list[int]:
        """The cards worth asking ``extend`` about: the jokers, and the natural cards of the ranks
        a meld could take (a set's rank; the ranks just below and above a run)."""
        out = bits(wild)
        if kind == SET:
            return out + self.cards_of_rank[self.top - lo]
        if kind != RUN:
            return out
        nat = next((c for c in meld if not (wild >> c) & 1), None)
        if nat is None:
            return out
        ladder = self.ladder[nat]
        for q in (lo - 1, lo + len(meld)):
            if q < 0:
                continue
            if ladder == 1:
                if q <= 20:
                    out += self.cards_of_rank[self.plain_ranks + q]
            elif q <= self.top:
                out += self.cards_of_rank[self.top - q]
            elif q == self.top + 1:
                out += self.cards_of_rank[self.top]
        return out

    def hand_melds(self, hand: list[int], wild: int, jokers_ok: bool = True) -> list[int]:
        """Bitmasks of the melds offered from ``hand`` (see the module docstring for which): each
        meld once, in a fixed order (lowest card ids first where cards of a rank are alike).

        Most hands offer no meld at all, so a quick look comes first: with no joker, a meld needs
        a rank held three times or three positions in a row of one run group; with one, a rank
        held twice or two positions of a group at most one apart. Only a hand that passes is
        searched."""
        if self.single_rank is None:
            unit, pos_bits = self.rank_unit, self.pos_bits
            count = runs = 0
            joker = False
            if wild:
                for c in hand:
                    if (wild >> c) & 1:
                        joker = True
                        continue
                    count += unit[c]
                    runs |= pos_bits[c]
            else:
                for c in hand:
                    count += unit[c]
                    runs |= pos_bits[c]
            if joker and jokers_ok:
                if not (count + self.at_least[2]) & self.tops and not runs & ((runs >> 1) | (runs >> 2)):
                    return []
            elif not (count + self.at_least[3]) & self.tops and not runs & (runs >> 1) & (runs >> 2):
                return []
        key = (tuple(sorted(hand)), wild, jokers_ok)   # (the search reads the hand in card order)
        got = self._meld_cache.get(key)
        if got is None:
            if len(self._meld_cache) > CACHE_SIZE:
                self._meld_cache.clear()
            got = self._meld_cache[key] = self._search_melds(hand, wild, jokers_ok)
        return got

    def _search_melds(self, hand: list[int], wild: int, jokers_ok: bool) -> list[int]:
        out: list[int] = []
        seen: set[int] = set()
        bit = self.bit
        nat: list[int] = []
        jok: list[int] = []
        for c in sorted(hand):
            (jok if (wild >> c) & 1 else nat).append(c)
        joker = bit[jok[0]] if jok and jokers_ok else 0
        need = 2 if joker else 3

        def add(m: int) -> None:
            if m not in seen:
                seen.add(m)
                out.append(m)

        set_rank, suit_of = self.set_rank, self.suit_of
        by_rank: dict[int, list[int]] = {}
        for c in nat:
            k = set_rank[c]
            if k >= 0:
                by_rank.setdefault(k, []).append(c)
        if self.single_rank is not None:
            for c in by_rank.get(self.single_rank, ()):
                add(bit[c])
        suits = self.plain_suits
        for cs in by_rank.values():
            if len(cs) < need:
                continue
            one: dict[int, int] = {}   # one card a suit: each card once
            for c in cs:
                one.setdefault(suit_of[c], c)
            cs = list(one.values())
            whole = 0
            for c in cs:
                whole |= bit[c]
            if len(cs) >= 3:
                add(whole)
                if len(cs) > 3:
                    for three in combinations(cs, 3):
                        add(bit[three[0]] | bit[three[1]] | bit[three[2]])
            if joker:
                if 2 <= len(cs) < suits:
                    add(whole | joker)
                if len(cs) > 2:
                    for two in combinations(cs, 2):
                        add(bit[two[0]] | bit[two[1]] | joker)
        # runs, by ladder and suit (any-suit: by ladder, the lowest card id of each rank)
        groups: dict[tuple[int, int], dict[int, int]] = {}
        run_key, pos = self.run_key, self.pos
        for c in nat:
            g = groups.get(run_key[c])
            if g is None:
                g = groups[run_key[c]] = {}
            for q in pos[c]:
                if q not in g:
                    g[q] = c
        for (ladder, _), at in groups.items():
            if len(at) >= need:
                self._runs_of(at, self.ladder_top(ladder), ladder, joker, add)
        return out

    def _runs_of(self, at: dict[int, int], top: int, ladder: int, joker: int, add) -> None:
        bit = self.bit
        longest = self.run_length(ladder)
        qs = sorted(at)
        # maximal stretches of held positions
        stretches: list[list[int]] = []
        for q in qs:
            if stretches and stretches[-1][-1] == q - 1:
                stretches[-1].append(q)
            else:
                stretches.append([q])

        def mask(ps) -> int | None:
            m = 0
            for q in ps:
                c = at[q]
                if m & bit[c]:
                    return None   # the lowest rank at both ends
                m |= bit[c]
            return m

        for s in stretches:
            if len(s) >= 3:
                for i in range(len(s) - 2):
                    m = mask(s[i:i + 3])
                    if m is not None:
                        add(m)
                if len(s) > 3:
                    whole = s[:longest]
                    m = mask(whole)
                    if m is not None:
                        add(m)
            if joker:
                if 2 <= len(s) < longest and (s[-1] < top or s[0] > 0):
                    m = mask(s[-2:])
                    if m is not None and self.arrange(bits(m | joker), joker) is not None:
                        add(m | joker)
                    m = mask(s[:longest - 1])
                    if m is not None and self.arrange(bits(m | joker), joker) is not None:
                        add(m | joker)
        if joker:   # two stretches one gap apart, bridged by the joker
            for a, b in zip(stretches, stretches[1:]):
                if b[0] - a[-1] == 2:
                    m = mask([a[-1], b[0]])
                    if m is not None:
                        add(m | joker)
                    both = (a + b)
                    if len(both) + 1 <= longest and len(both) > 2:
                        m = mask(both)
                        if m is not None:
                            add(m | joker)

    def full_houses(self, hand: list[int], wild: int) -> list[int]:
        """ML-06: three natural cards of one rank with two of another, one choice per pair of
        ranks (the lowest card ids: the suits do not matter to a meld that leaves the game)."""
        by_rank: dict[int, list[int]] = {}
        for c in sorted(hand):
            if not (wild >> c) & 1 and self.ladder[c] == 0:
                by_rank.setdefault(self.rank_of[c], []).append(c)
        out = []
        for r3, a in by_rank.items():
            if len(a) < 3:
                continue
            for r2, b in by_rank.items():
                if r2 != r3 and len(b) >= 2:
                    out.append(self.bit[a[0]] | self.bit[a[1]] | self.bit[a[2]] | self.bit[b[0]] | self.bit[b[1]])
        return out

    def fours(self, hand: list[int], wild: int) -> list[int]:
        """Four natural cards of one rank (a stump; the lowest ids when more are held)."""
        by_rank: dict[int, list[int]] = {}
        for c in sorted(hand):
            if not (wild >> c) & 1 and self.ladder[c] == 0:
                by_rank.setdefault(self.rank_of[c], []).append(c)
        out = []
        for cs in by_rank.values():
            if len(cs) >= 4:
                m = 0
                for c in cs[:4]:
                    m |= self.bit[c]
                out.append(m)
        return out


def _products(choices: list[tuple[int, ...]]):
    """Every pick of one position per card (only the lowest rank ever has two)."""
    out: list[tuple[int, ...]] = [()]
    for ch in choices:
        out = [o + (q,) for o in out for q in ch]
    return out
