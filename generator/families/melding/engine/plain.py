"""Plain turns of a melding game written out for random play (issue 37): ``PlainTurns``.

A *plain* game is Rummy's shape: one pack of four suits laid out suit by suit (card ``c`` is rank
``c % ranks`` of suit ``c // ranks``, ranks highest first), no jokers nor wild rank, runs in one
suit without wrap, one discard pile, the stock drawn one card at a time, the pile's top card taken
alone, and none of the turn's optional steps (deserting, full houses, joker swaps, rearranging,
dumps, stumps, blocks, calls, one-action turns, face-down rows, laws, knocks, titles). The
settings a plain game may still choose are read as the general path reads them: ``meld_drawn``,
``melded_first``, ``many``, ``no_first_out``, ``lay_off`` (any or own), ``discard_taken``,
``stock_out``, ``blocked``, ``restock`` and the pig's bonus. ``Turn`` makes one ``PlainTurns`` per
compiled game when its spec is plain (``covers``); every other game takes the general steps.

Two paths, both the general path's game move for move:

* **random play** (``play``, from ``Turn.play_random``): whole turns in one loop with each hand as
  a bit mask (bit ``c`` for card ``c``, so a hand in card order is its bits from the lowest), the
  table's melds and their lay-off cards as masks, and each random action drawn by its index and
  decoded without listing the actions: each decision offers the actions ``Turn.legal`` lists, in
  the same order, so the same index picks the same action;
* **one move at a time** (``apply`` and ``go``, for ``Turn.apply`` and ``Turn._go``: the bot API):
  the state's lists changed as the general steps change them, and the next decision's actions
  listed in ``legal``'s order from the hand's mask and the table's lay-off cards (kept by meld).

Why the order is the same: ``melds_of`` is ``MeldRules._search_melds``' list (a test compares the
two on random hands), a meld lies as ``MeldRules.arrange`` lays it, and a card is laid off where
``MeldRules.extend`` puts it; the tests play sampled and varied specs both ways and compare the
records and every field of the final state.
"""

from __future__ import annotations

from bisect import insort
from itertools import combinations
from typing import TYPE_CHECKING, Callable

try:
    import cython
except ImportError:   # no Cython: its declarations do nothing (``compiled.shadow``)
    from generator.compiled import shadow as cython

# (``Turn.__init__`` imports this module, once play's is whole: ``play`` imports nothing of it)
from .actions import DISCARD_Q, DRAW_Q, LAY_OFF, LAYOFF_Q, MELD, MELD_Q, NEXT_STEP, STOCK, STOP, TAKE
from .rules import CACHE_SIZE, RUN, SET, bits

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

    from .play import Turn

STOCK_ONE, TAKE_ONE = STOCK + 1, TAKE + 1   # (the one stock, the one pile)


class PlainTurns:
    """A plain game's tables (made once per compiled game), its random loop and its written-out
    steps."""

    @staticmethod
    def covers(phase: "Turn") -> bool:
        """Whether ``phase``'s game is plain (see the module docstring)."""
        rules, spec = phase.rules, phase.spec
        ranks = rules.plain_ranks
        size = phase.table.size
        layout = size == 4 * ranks and rules.plain_suits == 4 and len(rules.rank_names) == ranks and all(
            rules.rank_of[c] == c % ranks and rules.suit_of[c] == c // ranks for c in range(size))
        return (layout and not rules.joker_mask and not rules.wrap and rules.same_suit
                and rules.single_rank is None and ranks >= 3
                and phase.pile_count == 1 and phase.stock_draws == (1,) and not phase.draw_kitty
                and not phase.wipe and not phase.first_run and not phase.must_meld and not phase.keep_card
                and phase.rearrange == "none" and not phase.full_house and not phase.dump and not phase.stump
                and not phase.block and not phase.joker_swap and not phase.progressive and not phase.call
                and not phase.desert and not phase.one_action and not phase.uses_rows and not phase.retire
                and not phase.knock_five and not phase.knock_out and spec.setup.extra_rules is None
                and phase.lay_off in ("any", "own") and not (spec.deal.stock and spec.deal.stock.wild_card))

    def __init__(self, phase: "Turn"):
        self.phase = phase
        self.rules = rules = phase.rules
        r = self.ranks = rules.plain_ranks
        size = 4 * r
        self.bit = [1 << c for c in range(size)]
        self.natural = [rules.natural(c) for c in range(size)]   # (the pile's ``named`` entries)
        self.suit_bits = (1 << r) - 1
        #: the lowest cards of three in a row that stay in one suit
        self.run_starts = sum(1 << c for c in range(size) if c % r <= r - 3)
        #: per card: its rank's cards; the lowest cards of the three-in-a-rows that would hold it
        self.rank_cards = [sum(1 << (s * r + c % r) for s in range(4)) for c in range(size)]
        self.near = [sum(1 << q for q in (c - 2, c - 1, c) if q >= c - c % r and q % r <= r - 3)
                     for c in range(size)]
        #: per rank, per set of suits held (a bit a suit): the rank's sets (``melds_of``)
        self._sets = [{suits: self._sets_of(k, suits) for suits in range(16) if suits.bit_count() >= 3}
                      for k in range(r)]
        #: one suit's cards (bits of ranks) → its runs (``_runs_in``), filled as met
        self._runs: dict[int, list[int]] = {}
        #: per card: the cards of its suit (a run's lay-offs are its two neighbours in it)
        self.suit_cards = [((1 << r) - 1) << (c - c % r) for c in range(size)]
        self.top = r - 1
        self.own = phase.lay_off == "own"   # (lay-offs on one's own melds only)
        #: a table meld (its cards) → the cards that may be laid off on it (``meld_fit``)
        self._meld_fits: dict[tuple, int] = {}
        #: the table's melds → the cards that may be laid off on any (``table_fits``)
        self._table_fits: dict[tuple, int] = {}
        #: each card's worth to the greedy rule of the light rollouts (``bots._value``: the
        #: scorer's values, else the cards' face values)
        values = getattr(phase.game.scorer, "value", None)
        self.values: list[int] = list(values if values is not None else phase.table.face)

    # -- the tables' lookups ---------------------------------------------------------------------

    def has_meld(self, h: int) -> bool:
        """Whether hand ``h`` holds a meld: three in a row of one suit, or three of a rank."""
        if h & (h >> 1) & (h >> 2) & self.run_starts:
            return True
        r, one = self.ranks, self.suit_bits
        a, b, c, d = h & one, (h >> r) & one, (h >> 2 * r) & one, h >> 3 * r
        return bool((a & b & (c | d)) | (c & d & (a | b)))

    def melds_of(self, h: int) -> list[int]:
        """The meld masks of hand ``h`` in ``MeldRules._search_melds``' order: the sets, rank by
        rank in the order of each rank's lowest card held (the whole rank, then each three of it
        in card order), then the runs suit by suit, each stretch of the suit from its lowest rank
        up (each window of three from the lowest, then the whole stretch when longer)."""
        return self.split_melds(h)[0]

    def split_melds(self, h: int) -> tuple[list[int], int]:
        """``melds_of(h)``, and how many of them (the first ones) are sets."""
        r, one = self.ranks, self.suit_bits
        a, b, c, d = h & one, (h >> r) & one, (h >> 2 * r) & one, h >> 3 * r
        three = (a & b & (c | d)) | (c & d & (a | b))
        out: list[int] = []
        if three:
            sets = []
            while three:
                low = three & -three
                three ^= low
                k = low.bit_length() - 1
                suits = ((a >> k) & 1) | ((b >> k) & 1) << 1 | ((c >> k) & 1) << 2 | ((d >> k) & 1) << 3
                lowest = (suits & -suits).bit_length() - 1
                sets.append((lowest * r + k, self._sets[k][suits]))
            if len(sets) > 1:
                sets.sort()
            for _, ms in sets:
                out += ms
        n_sets = len(out)
        runs, chunk = self._runs, 0
        for x in (a, b, c, d):
            if x & (x >> 1) & (x >> 2):
                got = runs.get(x)
                if got is None:
                    got = runs[x] = self._runs_in(x)
                out += [m << chunk for m in got] if chunk else got
            chunk += r
        return out, n_sets

    def fit(self, m: int, run: bool) -> int:
        """The cards that may be laid off on table meld ``m`` (``MeldRules.fits``): the rest of a
        set's rank, or the cards of a run's suit just below and above it."""
        low = (m & -m).bit_length() - 1
        if run:
            return ((m << 1) | (m >> 1)) & self.suit_cards[low] & ~m
        return self.rank_cards[low] & ~m

    def laid(self, m: int, run: bool) -> tuple[tuple[int, ...], int]:
        """How table meld ``m`` lies (``MeldRules.arrange``, ``extend``): a set's cards in card
        order, a run's from its lowest rank up (the highest card id first); its lowest position."""
        cards = bits(m)
        if run:
            return tuple(reversed(cards)), self.top - cards[-1] % self.ranks
        return tuple(cards), self.top - cards[0] % self.ranks

    def _runs_in(self, x: int) -> list[int]:
        """The runs of one suit's cards ``x`` (bit j: rank j, highest first), as masks of the
        suit's bits: each stretch from its lowest rank (highest bit) up."""
        out = []
        j = self.ranks - 1
        while j >= 0:
            if not (x >> j) & 1:
                j -= 1
                continue
            stretch = []
            while j >= 0 and (x >> j) & 1:
                stretch.append(1 << j)
                j -= 1
            if len(stretch) >= 3:
                out += [stretch[i] | stretch[i + 1] | stretch[i + 2] for i in range(len(stretch) - 2)]
                if len(stretch) > 3:
                    out.append(sum(stretch))
        return out

    def _sets_of(self, k: int, suits: int) -> list[int]:
        """The sets of rank ``k`` held in ``suits``: the whole rank, then each three of it."""
        cards = [1 << (s * self.ranks + k) for s in range(4) if (suits >> s) & 1]
        out = [sum(cards)]
        if len(cards) > 3:
            out += [x | y | z for x, y, z in combinations(cards, 3)]
        return out

    def ready(self, state: "State") -> bool:
        """Whether this position is a plain one (nothing of the general path under way)."""
        return (state.wild_rank is None and not state.out and not state.deserted and not state.laws
                and state.last_turns is None and state.turn_mod is None and state.block_card is None
                and not state.ended)

    def safe_moves(self, state: "State") -> int:
        """The most moves of the game's record at which a turn may still start in the loop: a
        turn makes at most 4 + 4/3 of its cards' moves, and past this the move cap may fall in
        it (the general path plays such a turn, move by move)."""
        return self.phase.game.move_cap - 2 * len(self.bit) - 8

    # -- the loop --------------------------------------------------------------------------------

    @cython.locals(r=cython.Py_ssize_t, r2=cython.Py_ssize_t, r3=cython.Py_ssize_t, n=cython.Py_ssize_t,
                   moves=cython.Py_ssize_t, decisions=cython.Py_ssize_t, idle=cython.Py_ssize_t,
                   p=cython.Py_ssize_t, k=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
                   safe=cython.Py_ssize_t, n_sets=cython.Py_ssize_t, size=cython.Py_ssize_t,
                   melded_now=cython.Py_ssize_t, light=cython.bint, own=cython.bint, acted=cython.bint,
                   ended=cython.bint, empty_ok=cython.bint, held=list, after=list, stock=list, pile=list,
                   named=list, t_mask=list, t_run=list, t_owner=list, fits=list, bit=list, near=list,
                   rank_cards=list, natural=list, has_melded=list, had_turn=list, ms=list)
    def play(self, state: "State", rnd: Callable[[], float], noise: float | None = None) -> None:
        """Whole random turns from an open draw decision, to the end of the hand, or to a turn's
        start near the move cap (left to the general path, which stops at the cap's move).

        ``noise``: None for random play. A number plays the strong bot's light rollout policy
        instead (the greedy rule, ``bots.choose``), in the same loop: at a decision ``rnd() <
        noise`` picks an action at random (a second draw, decoded as below), and otherwise the
        greedy one (``_light_meld``, ``_light_lay_off``, ``_light_discard``; the pile's card is
        taken when it would meld or lay off).

        Each decision offers what ``Turn.legal`` lists, in its order: the draw ``[STOCK + 1,
        TAKE + 1]`` (with ``meld_drawn``, the take only when the top card would meld or lay off:
        ``_can_meld_taken``'s answer for one card with no joker, a rank held twice, two of its
        suit in a row around it, or a table meld it fits); the meld step ``[STOP] + melds``
        (``hand_melds``' list; no STOP while a meld holds the card taken, ``_drawn_pending``); the
        lay-off step ``[STOP] +`` each allowed table meld's fitting cards in card order, meld by
        meld; the discard, the hand in card order less the card taken. A decision of one action
        draws no number. The state is written as ``apply`` writes it, but the hands, the table's
        melds, the turn's own fields (``step``, ``drawn``, ``acted`` …) and ``idle`` are kept here
        as masks and numbers and written back when the loop leaves the hand or hands it on."""
        ph = self.phase
        rec = state.record
        bit, near, rank_cards, natural, fit = self.bit, self.near, self.rank_cards, self.natural, self.fit
        split_melds, run_starts = self.split_melds, self.run_starts
        r, one = self.ranks, self.suit_bits
        r2, r3 = 2 * r, 3 * r
        n = state.n
        after = [(q + state.direction) % n for q in range(n)]
        held = [sum(map(bit.__getitem__, h)) for h in state.hands]
        stock, pile, named = state.stock, state.piles[0], state.named[0]
        has_melded, had_turn = state.has_melded, state.had_turn
        taken = state.taken
        # the table's melds: cards, kind (a run?), owner, and the cards that may be laid off on each
        t_mask = [sum(map(bit.__getitem__, m)) for m in state.melds]
        t_run = [kind == RUN for _, kind, _ in state.meld_info]
        t_owner = [owner for owner, _, _ in state.meld_info]
        fits = [fit(m, run) for m, run in zip(t_mask, t_run)]
        fit_any = 0
        for f in fits:
            fit_any |= f
        own = ph.lay_off == "own"
        meld_drawn, melded_first, many = ph.meld_drawn, ph.melded_first, ph.many
        no_first_out, discard_taken = ph.no_first_out, ph.discard_taken
        stock_out, blocked = ph.stock_out, ph.blocked
        safe = self.safe_moves(state) - rec.moves
        moves = decisions = 0
        light = noise is not None
        idle = state.idle
        p = state.mover
        h = drawn = melded_now = 0
        acted = ended = False
        discarded = None
        step = decision = DRAW_Q
        while True:
            h = held[p]
            if moves > safe:   # near the cap: the general path plays this turn, move by move
                step = decision = DRAW_Q
                break
            acted = False
            drawn = melded_now = 0
            discarded = None
            if own:   # the table melds ``p`` may lay off on
                mine = 0
                for f, owner in zip(fits, t_owner):
                    if owner == p:
                        mine |= f
            else:
                mine = fit_any
            # -- the draw: the stock's top card, or the pile's when it would meld or lay off
            moves += 1
            step = "meld"
            decision = DRAW_Q
            if pile and (not melded_first or has_melded[p]):
                c = pile[-1]
                b = bit[c]
                hc = h | b
                if (not meld_drawn or mine & b or (hc & rank_cards[c]).bit_count() >= 3
                        or hc & (hc >> 1) & (hc >> 2) & near[c]):
                    decisions += 1
                    if not light or rnd() < noise:
                        take = int(rnd() * 2)
                    else:   # the greedy rule takes the card when it would meld or lay off
                        take = meld_drawn or bool(mine & b or (hc & rank_cards[c]).bit_count() >= 3
                                                  or hc & (hc >> 1) & (hc >> 2) & near[c])
                    if take:
                        pile.pop()
                        named.pop()
                        taken.append(c)
                        drawn = b
            if drawn:
                h |= drawn
                acted = True
            else:
                if not stock:
                    state.stock_outs += 1
                    state.dry_outs += 1   # (reset by every meld and lay-off)
                    if (stock_out and state.stock_outs >= 2) or (blocked and state.dry_outs >= 2):
                        ended = True
                        break
                    ph.reshuffle(state)
                    taken = state.taken   # (a new list)
                if stock:
                    h |= bit[stock.pop(0)]
                    acted = True
            empty_ok = not no_first_out or had_turn[p]
            # -- melds, one at a time until the player stops (or after one without ``many``)
            while True:
                a, b, c, d = h & one, (h >> r) & one, (h >> r2) & one, h >> r3
                if not (h & (h >> 1) & (h >> 2) & run_starts or (a & b & (c | d)) | (c & d & (a | b))):
                    break
                ms, n_sets = split_melds(h)
                if not empty_ok:
                    size = h.bit_count()   # (no meld of the whole hand)
                    n_sets = len([m for m in ms[:n_sets] if m.bit_count() != size])
                    ms = [m for m in ms if m.bit_count() != size]
                    if not ms:
                        break
                decision = MELD_Q
                k = len(ms)
                moves += 1
                if meld_drawn and drawn & h and any(m & drawn for m in ms):   # no stopping
                    if k > 1:
                        decisions += 1
                        i = int(rnd() * k) if not light or rnd() < noise else self._light_meld(ms)
                    else:
                        i = 0
                else:
                    decisions += 1
                    i = int(rnd() * (k + 1)) - 1 if not light or rnd() < noise else self._light_meld(ms)
                    if i < 0:
                        break   # STOP
                m = ms[i]
                h ^= m
                t_mask.append(m)
                t_run.append(i >= n_sets)
                t_owner.append(p)
                f = fit(m, i >= n_sets)
                fits.append(f)
                fit_any |= f
                mine |= f   # (``p``'s own meld)
                has_melded[p] = True
                state.dry_outs = 0
                melded_now += 1
                acted = True
                state.last_meld = m
                if drawn & m:
                    drawn = 0
                if taken:
                    taken = state.taken = [c for c in taken if not (m >> c) & 1]
                if not h or not many:
                    break
            if not h:
                ended = True
            elif h & mine and t_mask:
                # -- lay-offs, one at a time until the player stops
                step = "lay-off"
                while empty_ok or h & (h - 1):
                    o = h & mine
                    if not o:
                        break
                    decision = LAYOFF_Q
                    k = 0
                    for f, owner in zip(fits, t_owner):
                        if not own or owner == p:
                            k += (h & f).bit_count()
                    moves += 1
                    if meld_drawn and drawn & o:   # no stopping
                        if k > 1:
                            decisions += 1
                            i = int(rnd() * k) if not light or rnd() < noise else -2
                        else:
                            i = 0
                    else:
                        decisions += 1
                        i = int(rnd() * (k + 1)) - 1 if not light or rnd() < noise else -2
                        if i == -1:
                            break   # STOP
                    if i == -2:   # the greedy lay-off
                        j, b = self._light_lay_off(h, fits, t_owner if own else None, p)
                    else:
                        j = 0   # (the loop below always finds its meld: set for the C compiler's sake)
                        for j, f in enumerate(fits):
                            if own and t_owner[j] != p:
                                continue
                            x = h & f
                            c = x.bit_count()
                            if i < c:
                                break
                            i -= c
                        for _ in range(i):
                            x &= x - 1
                        b = x & -x
                    h ^= b
                    m = t_mask[j] = t_mask[j] | b
                    fits[j] = fit(m, t_run[j])
                    state.dry_outs = 0
                    acted = True
                    drawn &= ~b
                    fit_any = 0
                    for f in fits:
                        fit_any |= f
                    if own:
                        mine = 0
                        for f, owner in zip(fits, t_owner):
                            if owner == p:
                                mine |= f
                    else:
                        mine = fit_any
                    if not h:
                        ended = True
                        break
            if not ended:
                # -- the discard: any card but the one taken this turn
                step = "end"
                o = h if discard_taken else h & ~drawn
                if o:
                    decision = DISCARD_Q
                    moves += 1
                    if o & (o - 1):
                        decisions += 1
                        if not light or rnd() < noise:
                            for _ in range(int(rnd() * o.bit_count())):
                                o &= o - 1
                        else:
                            o = self._light_discard(h, o)
                    b = o & -o
                    c = b.bit_length() - 1
                    h ^= b
                    pile.append(c)
                    named.append(natural[c])
                    if taken and c in taken:
                        taken.remove(c)
                    discarded = c
                    ended = not h
            held[p] = h
            if ended:   # gone out
                break
            had_turn[p] = True
            if acted:
                idle = 0
            else:
                idle += 1
                if blocked and idle >= n:   # nobody drew or laid anything for a whole round
                    ended = True
                    break
            p = after[p]
        rec.moves += moves
        rec.decisions += decisions
        held[p] = h
        state.melds = [self.laid(m, run)[0] for m, run in zip(t_mask, t_run)]
        state.meld_info = [(owner, RUN if run else SET, self.laid(m, run)[1])
                           for m, run, owner in zip(t_mask, t_run, t_owner)]
        if not ended:   # the turn's start, as ``_begin_turn`` and ``_go`` leave it
            return self._write_back(state, held, p, step, decision, 0, False, 0, None, idle)
        self._write_back(state, held, p, step, decision, melded_now, acted, drawn, discarded, idle)
        if not h:
            state.out.append(p)   # gone out
        elif step == "meld":   # the stock ran out once too often
            state.blocked_winner = ph.fewest(state, p)
        else:   # blocked
            state.blocked_winner = ph.fewest(state, after[p])
        ph._end_hand(state)

    # -- the greedy rule of the light rollouts (``bots.choose``), on masks --------------------------

    @cython.locals(ms=list, value=list, i=cython.Py_ssize_t, best=cython.Py_ssize_t, size=cython.Py_ssize_t,
                   best_size=cython.Py_ssize_t, worth=cython.Py_ssize_t, best_worth=cython.Py_ssize_t)
    def _light_meld(self, ms: list[int]) -> int:
        """The index of the greedy meld (``bots._meld_key``): the most cards, then the most worth,
        then the lowest action (``MELD | mask``: the lowest mask)."""
        value = self.values
        best = -1
        best_size = best_worth = 0
        best_mask = 0
        for i in range(len(ms)):
            m = ms[i]
            size = m.bit_count()
            if best >= 0 and size < best_size:
                continue
            worth = 0
            x = m
            while x:
                low = x & -x
                worth += value[low.bit_length() - 1]
                x ^= low
            if best < 0 or size > best_size or worth > best_worth or (worth == best_worth and m < best_mask):
                best, best_size, best_worth, best_mask = i, size, worth, m
        return best

    @cython.locals(fits=list, owners=list, value=list, j=cython.Py_ssize_t, c=cython.Py_ssize_t,
                   best_j=cython.Py_ssize_t, worth=cython.Py_ssize_t, best_worth=cython.Py_ssize_t, p=cython.Py_ssize_t)
    def _light_lay_off(self, h: int, fits: list[int], owners: list[int] | None, p: int) -> tuple[int, int]:
        """The greedy lay-off (``bots._table``): the card worth most, then the lowest action
        (``LAY_OFF + 128 × meld + card``: the first meld, then the lowest card); as (meld, bit).
        ``owners``: the melds' owners where one lays off on one's own melds only."""
        value = self.values
        best_j = -1
        best_worth = 0
        best = 0
        for j in range(len(fits)):   # (melds in order, each one's cards from the lowest: a tie keeps the first)
            if owners is not None and owners[j] != p:
                continue
            x = h & fits[j]
            while x:
                low = x & -x
                x ^= low
                worth = value[low.bit_length() - 1]
                if best_j < 0 or worth > best_worth:
                    best_j, best_worth, best = j, worth, low
        return best_j, best

    @cython.locals(value=list, level=list, rank_cards=list, r=cython.Py_ssize_t, c=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, kept=cython.bint, best_kept=cython.bint, worth=cython.Py_ssize_t,
                   best_worth=cython.Py_ssize_t, lv=cython.Py_ssize_t, best_level=cython.Py_ssize_t)
    def _light_discard(self, h: int, o: int) -> int:
        """The greedy discard (``bots._discard``) among the cards ``o`` of hand ``h``, as a bit: a
        card in no meld or near-meld (two of a rank, two neighbours of a suit), then the one worth
        most, then the highest level, then the lowest card (the cards are met lowest first, and a
        tie keeps the first)."""
        value, level, rank_cards = self.values, self.rules.level, self.rank_cards
        r = self.ranks
        best = 0
        best_kept = True
        best_worth = best_level = 0
        x = o
        while x:
            low = x & -x
            x ^= low
            c = low.bit_length() - 1
            k = c % r
            kept = ((h & rank_cards[c]).bit_count() >= 2 or (k > 0 and (h >> (c - 1)) & 1)
                    or (k < r - 1 and (h >> (c + 1)) & 1))
            worth, lv = value[c], level[c]
            if not best or (best_kept and not kept) or (kept == best_kept and (
                    worth > best_worth or (worth == best_worth and lv > best_level))):
                best, best_kept, best_worth, best_level = low, kept, worth, lv
        return best

    # -- one move at a time (the bot API, and the general path's moves) ---------------------------

    def apply(self, state: "State", action: int) -> None:
        """``Turn.apply`` in a plain game: the draw and the discard (with the turn's end and the
        next draw) written out, a meld, lay-off or STOP through the general ``_apply_table``; then
        ``go``. The same state as the general path, change for change (a card drawn goes into the
        hand in card order, as ``append`` and ``sort`` put it)."""
        ph = self.phase
        d = state.decision
        p = state.current
        hand_no = state.hand_no
        if d == DISCARD_Q:
            hand = state.hands[p]
            hand.remove(action)
            state.piles[0].append(action)
            state.named[0].append(self.natural[action])
            if action in state.taken:
                state.taken.remove(action)
            state.discarded = action
            state.block_pile = 0
            state.step = "end"
            if not hand:
                return ph._check_out(state, p)
            if state.acted:   # (``_end_turn``'s commonest way, inline: the next seat draws)
                state.had_turn[p] = True
                state.idle = 0
                p = (p + state.direction) % state.n
                state.mover = p   # (``_begin_turn``; the step and the seat to play: ``_open_draw``'s)
                state.melded_now = 0
                state.acted = False
                state.drawn = []
                state.discarded = None
                return self._open_draw(state, p)
            self._end_turn(state, p)
            if state.hand_no == hand_no and not state.ended and not state.terminal:
                self._open_draw(state, state.mover)
            return
        if d == DRAW_Q:
            state.step = "meld"
            hand = state.hands[p]
            if action == TAKE_ONE:
                c = state.piles[0].pop()
                state.named[0].pop()
                insort(hand, c)
                state.taken.append(c)
                state.drawn = [c]
                state.acted = True
            elif state.stock:
                insort(hand, state.stock.pop(0))
                state.acted = True
            elif ph.draw(state, p, 1) and state.hand_no == hand_no:   # (the stock remade, or the hand's end)
                state.acted = True
        elif action == STOP:   # (``_apply_table``: on to the next step)
            state.step = NEXT_STEP[state.step]
        elif action >= MELD:
            self._meld(state, p, action ^ MELD)
        else:
            self._lay_off(state, p, action)
        if state.hand_no == hand_no and not state.ended and not state.terminal:
            self.go(state)

    def _meld(self, state: "State", p: int, m: int) -> None:
        """``_table_action`` for a meld, and ``_apply_table``'s step after it."""
        low = (m & -m).bit_length() - 1
        run = m & self.suit_cards[low] == m
        order, lo = self.laid(m, run)
        hand = state.hands[p]
        hand[:] = [c for c in hand if not (m >> c) & 1]
        state.melds.append(order)
        state.meld_info.append((p, RUN if run else SET, lo))
        self.phase._melded(state, p, m)
        if not hand:
            return self.phase._check_out(state, p)
        if not self.phase.many:
            state.step = "lay-off"

    def _lay_off(self, state: "State", p: int, action: int) -> None:
        """``_table_action`` for a lay-off: a set's card in card order, a run's at its end
        (``MeldRules.extend``)."""
        i, c = divmod(action - LAY_OFF, 128)
        owner, kind, lo = state.meld_info[i]
        meld = state.melds[i]
        if kind == SET:
            state.melds[i] = tuple(sorted(meld + (c,)))
        elif self.top - c % self.ranks < lo:   # below the run's lowest rank
            state.melds[i] = (c,) + meld
            state.meld_info[i] = (owner, kind, lo - 1)
        else:
            state.melds[i] = meld + (c,)
        hand = state.hands[p]
        hand.remove(c)
        state.dry_outs = 0
        state.acted = True
        if c in state.drawn:
            state.drawn.remove(c)
        if not hand:
            self.phase._check_out(state, p)

    def go(self, state: "State") -> None:
        """``Turn._go`` in a plain game: the turn's steps from ``state.step`` until one opens a
        decision (or the hand ends), each decision's actions listed as ``legal`` lists them (see
        ``play``), with the hand and the table's lay-off cards as masks."""
        ph = self.phase
        p = state.mover
        step = state.step
        if step != "meld":   # (the commonest: after the draw)
            if step in ph._idle_steps:
                step = ph._after[step]
            elif step == "start":   # (no face-down rows: what the start step does)
                step = ph._after_start
            if step == "draw":
                return self._open_draw(state, p)
        hand = state.hands[p]
        h = sum(map(self.bit.__getitem__, hand))
        if step == "meld":
            r, one = self.ranks, self.suit_bits   # (``has_meld``, inline)
            a, b, c, d = h & one, (h >> r) & one, (h >> 2 * r) & one, h >> 3 * r
            if (h & (h >> 1) & (h >> 2) & self.run_starts or (a & b & (c | d)) | (c & d & (a | b))) \
                    and (ph.many or not state.melded_now):
                ms = self.split_melds(h)[0]
                if not (not ph.no_first_out or state.had_turn[p]):   # (``_may_empty``)
                    ms = [m for m in ms if m.bit_count() != len(hand)]
                if ms:
                    options = [MELD | m for m in ms]
                    drawn = self._drawn_held(state, h)
                    if not (drawn and any(m & drawn for m in ms)):
                        options.insert(0, STOP)
                    return self._open(state, p, step, MELD_Q, options)
            step = "lay-off"
        if step == "lay-off":
            if state.melds and h & self.table_fits(state, p) \
                    and (len(hand) > 1 or not ph.no_first_out or state.had_turn[p]):   # (``_may_empty``)
                own = self.own
                fit_of = self.meld_fit
                options = []
                union = 0
                for i, meld in enumerate(state.melds):
                    if own and state.meld_info[i][0] != p:
                        continue
                    x = h & fit_of(meld)
                    union |= x
                    base = LAY_OFF + 128 * i
                    while x:
                        low = x & -x
                        options.append(base + low.bit_length() - 1)
                        x ^= low
                if not self._drawn_held(state, h) & union:
                    options.insert(0, STOP)
                return self._open(state, p, step, LAYOFF_Q, options)
            step = "discard"
        if step == "discard":
            drawn = None if ph.discard_taken else state.drawn
            options = [c for c in hand if c not in drawn] if drawn else hand[:]
            if options:
                state.step = step
                state.phase, state.decision, state.current = ph, DISCARD_Q, p   # (``_open``)
                state._legal = options
                return
            step = "end"   # (past the idle block and call steps)
        if step != "end":
            raise AssertionError(step)
        state.step = step
        hand_no = state.hand_no
        self._end_turn(state, p)
        if state.hand_no == hand_no and not state.ended and not state.terminal:
            self._open_draw(state, state.mover)

    def _open_draw(self, state: "State", p: int) -> None:
        """The draw decision: the stock, and the pile's top card unless barred (``melded_first``)
        or, with ``meld_drawn``, it would neither meld nor lay off (``_draw_options``)."""
        ph = self.phase
        options = [STOCK_ONE]
        pile = state.piles[0]
        if pile and (not ph.melded_first or state.has_melded[p]):
            if not ph.meld_drawn:
                options.append(TAKE_ONE)
            else:
                c = pile[-1]
                bit = self.bit
                hc = sum(map(bit.__getitem__, state.hands[p])) | bit[c]
                if (hc & self.rank_cards[c]).bit_count() >= 3 or hc & (hc >> 1) & (hc >> 2) & self.near[c] \
                        or state.melds and self.table_fits(state, p) & bit[c]:
                    options.append(TAKE_ONE)
        state.step = "draw"
        state.phase, state.decision, state.current = ph, DRAW_Q, p   # (``State.open``)
        state._legal = options

    def _open(self, state: "State", p: int, step: str, decision: str, options: list[int]) -> None:
        state.step = step
        state.phase, state.decision, state.current = self.phase, decision, p   # (``State.open``)
        state._legal = options   # (what ``legal`` would list: kept, not listed twice)

    def _drawn_held(self, state: "State", h: int) -> int:
        """The cards taken from the pile this turn still in hand, as a mask, with ``meld_drawn``
        (a meld or lay-off holding one leaves no STOP: ``_drawn_pending``)."""
        if not self.phase.meld_drawn or not state.drawn:
            return 0
        return sum(self.bit[c] for c in state.drawn) & h

    def meld_fit(self, meld: tuple[int, ...]) -> int:
        """The cards that may be laid off on a table meld, by its cards (``fit``)."""
        got = self._meld_fits.get(meld)
        if got is None:
            if len(self._meld_fits) > CACHE_SIZE:
                self._meld_fits.clear()
            m = sum(self.bit[c] for c in meld)
            got = self._meld_fits[meld] = self.fit(m, m & self.suit_cards[meld[0]] == m)
        return got

    def table_fits(self, state: "State", p: int) -> int:
        """The cards ``p`` may lay off on the table now (with lay-offs on any meld, kept by the
        table's melds: most moves leave them as they were)."""
        melds = state.melds
        if not melds:
            return 0
        fit_of = self.meld_fit
        out = 0
        if self.own:
            for meld, (owner, _, _) in zip(melds, state.meld_info):
                if owner == p:
                    out |= fit_of(meld)
            return out
        key = tuple(melds)
        got = self._table_fits.get(key)
        if got is None:
            if len(self._table_fits) > CACHE_SIZE:
                self._table_fits.clear()
            for meld in melds:
                out |= fit_of(meld)
            got = self._table_fits[key] = out
        return got

    def _end_turn(self, state: "State", p: int) -> None:
        """``Turn._end_turn`` in a plain game (nobody out or deserted, no block, no laws, no
        knock): the next seat's turn begins, or the blocked hand ends."""
        state.had_turn[p] = True
        if state.acted:
            state.idle = 0
        else:
            state.idle += 1
            if self.phase.blocked and state.idle >= state.n:
                state.blocked_winner = self.phase.fewest(state, (p + state.direction) % state.n)
                return self.phase._end_hand(state)
        nxt = (p + state.direction) % state.n
        state.mover = state.current = nxt   # (``_begin_turn``; the step: ``_open_draw``'s)
        state.melded_now = 0
        state.acted = False
        state.drawn = []
        state.discarded = None

    def _write_back(self, state: "State", held: list[int], p: int, step: str, decision: str, melded_now: int,
                    acted: bool, drawn: int, discarded: int | None, idle: int) -> None:
        """The hands as card lists (in card order, as the general path keeps them sorted) and the
        turn's fields, as the general path would have them at this point."""
        for hand, h in zip(state.hands, held):
            hand[:] = bits(h)
        state.mover = state.current = p
        state.phase = self.phase
        state.step, state.decision = step, decision
        state.melded_now, state.acted, state.drawn, state.discarded = melded_now, acted, bits(drawn), discarded
        state.idle = idle
        state._legal = None
