"""Plain turns of a melding game written out for random play (issue 37): ``PlainTurns``.

A *plain* game is Rummy's shape: one pack of four suits laid out suit by suit (card ``c`` is rank
``c % ranks`` of suit ``c // ranks``, ranks highest first), no jokers nor wild rank, runs in one
suit without wrap, one discard pile, the stock drawn one card at a time, the pile's top card taken
alone, and none of the turn's optional steps (deserting, full houses, joker swaps, rearranging,
dumps, stumps, blocks, calls, one-action turns, face-down rows, laws, knocks, titles). The
settings a plain game may still choose are read as the general path reads them: ``meld_drawn``,
``melded_first``, ``many``, ``no_first_out``, ``lay_off`` (any, own or none), ``discard_taken``,
``stock_out``, ``blocked`` and ``restock``.

For such a game the turn needs no step machine: ``PlainTurns.play`` runs whole turns in one loop
with each hand as a bit mask (bit ``c`` for card ``c``, so a hand in card order is its bits from
the lowest), the table's lay-off cards as a mask per meld, and each random action drawn by its
index and decoded without listing the actions. Why it is the same game: each decision offers the
actions ``Turn.legal`` lists, in the same order, so the same index picks the same action, and the
state is left as ``Turn.apply`` leaves it (see ``play``).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable

from .rules import CACHE_SIZE, bits

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

    from .play import Turn

DRAW_Q, MELD_Q, LAYOFF_Q, DISCARD_Q = "draw", "meld", "lay-off", "discard"   # (play's decisions)


class PlainTurns:
    """The tables of a plain game's random turns (made once per compiled game), and the loop."""

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
                and phase.lay_off in (None, "any", "own"))

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
        #: meld mask → how it lies (kind, lowest position, cards in order: ``MeldRules.arrange``)
        self._laid: dict[int, tuple] = {}
        #: (meld, kind, lowest position) → the mask of the cards that may be laid off on it
        self._fits: dict[tuple, int] = {}

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
        runs, chunk = self._runs, 0
        for x in (a, b, c, d):
            if x & (x >> 1) & (x >> 2):
                got = runs.get(x)
                if got is None:
                    got = runs[x] = self._runs_in(x)
                out += [m << chunk for m in got] if chunk else got
            chunk += r
        return out

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

    def laid(self, m: int) -> tuple:
        got = self._laid.get(m)
        if got is None:
            if len(self._laid) > CACHE_SIZE:
                self._laid.clear()
            got = self._laid[m] = self.rules.arrange(bits(m), 0)
        return got

    def fit(self, meld: tuple, kind: int, lo: int) -> int:
        key = (meld, kind, lo)
        got = self._fits.get(key)
        if got is None:
            if len(self._fits) > CACHE_SIZE:
                self._fits.clear()
            got = 0
            for c in self.rules.fits(meld, kind, lo, 0):
                got |= 1 << c
            self._fits[key] = got
        return got

    def ready(self, state: "State") -> bool:
        """Whether this position is a plain one (nothing of the general path under way)."""
        return (state.wild_rank is None and not state.out and not state.deserted and not state.laws
                and state.last_turns is None and state.turn_mod is None and state.block_card is None
                and not state.ended)

    # -- the loop --------------------------------------------------------------------------------

    def play(self, state: "State", rnd: Callable[[], float]) -> None:
        """Whole random turns from an open draw decision, to the end of the hand, or to a turn's
        start near the move cap (left to the general path, which stops at the cap's move).

        Each decision offers what ``Turn.legal`` lists, in its order: the draw ``[STOCK + 1,
        TAKE + 1]`` (with ``meld_drawn``, the take only when the top card would meld or lay off:
        ``_can_meld_taken``'s answer for one card with no joker, a rank held twice, two of its suit
        in a row around it, or a table meld it fits); the meld step ``[STOP] + melds`` (``hand_melds``' list; no STOP
        while a meld holds the card taken, ``_drawn_pending``); the lay-off step ``[STOP] +``
        each allowed table meld's fitting cards in card order, meld by meld; the discard, the hand
        in card order less the card taken. A decision of one action draws no number. The state is
        written as ``apply`` writes it; the hands, the turn's own fields (``step``, ``drawn``,
        ``acted`` …) and ``idle`` are written back when the loop leaves the hand or hands it on."""
        ph, rules = self.phase, self.rules
        rec = state.record
        bit, near, rank_cards, natural = self.bit, self.near, self.rank_cards, self.natural
        has_meld, melds_of, laid, fit = self.has_meld, self.melds_of, self.laid, self.fit
        n, direction = state.n, state.direction
        held = [sum(map(bit.__getitem__, h)) for h in state.hands]
        stock, pile, named = state.stock, state.piles[0], state.named[0]
        melds, info = state.melds, state.meld_info
        has_melded, had_turn = state.has_melded, state.had_turn
        taken = state.taken
        lay = ph.lay_off
        own = lay == "own"
        fits = [fit(m, kind, lo) for m, (_, kind, lo) in zip(melds, info)]
        fit_any = 0
        for f in fits:
            fit_any |= f
        meld_drawn, melded_first, many = ph.meld_drawn, ph.melded_first, ph.many
        no_first_out, discard_taken = ph.no_first_out, ph.discard_taken
        stock_out, blocked = ph.stock_out, ph.blocked
        left = ph.game.move_cap - rec.moves
        moves = decisions = 0
        idle = state.idle
        p = state.mover
        h = drawn = melded_now = 0
        acted = False
        discarded = None
        step = decision = DRAW_Q
        ended = False
        while True:
            h = held[p]
            if left - moves <= 2 * h.bit_count() + 8:
                # near the cap: the general path plays this turn, move by move
                step = decision = DRAW_Q
                break
            acted = False
            drawn = melded_now = 0
            discarded = None
            if own:   # the table melds ``p`` may lay off on
                mine = 0
                for f, (owner, _, _) in zip(fits, info):
                    if owner == p:
                        mine |= f
            else:
                mine = fit_any   # (0 when nothing may be laid off)
            # -- the draw: the stock's top card, or the pile's when it would meld or lay off
            moves += 1
            step = "meld"
            decision = DRAW_Q
            take = False
            if pile and (not melded_first or has_melded[p]):
                c = pile[-1]
                b = bit[c]
                hc = h | b
                if not meld_drawn or mine & b or (hc & rank_cards[c]).bit_count() >= 3 \
                        or hc & (hc >> 1) & (hc >> 2) & near[c]:
                    decisions += 1
                    take = int(rnd() * 2) == 1
            if take:
                pile.pop()
                named.pop()
                h |= b
                taken.append(c)
                drawn = b
                acted = True
            else:
                if not stock:
                    state.stock_outs += 1
                    state.dry_outs += 1   # (reset by every meld and lay-off)
                    if (stock_out and state.stock_outs >= 2) or (blocked and state.dry_outs >= 2):
                        held[p] = h
                        self._write_back(state, held, p, step, decision, melded_now, acted, drawn, discarded, idle)
                        state.blocked_winner = ph.fewest(state, p)
                        ended = True
                        break
                    ph.reshuffle(state)
                    taken = state.taken   # (a new list)
                if stock:
                    h |= bit[stock.pop(0)]
                    acted = True
            empty_ok = not (no_first_out and not had_turn[p])
            # -- melds, one at a time until the player stops (``many``) or after one
            while has_meld(h):
                ms = melds_of(h)
                if not empty_ok:
                    size = h.bit_count()
                    ms = [m for m in ms if m.bit_count() != size]
                    if not ms:
                        break
                decision = MELD_Q
                k = len(ms)
                moves += 1
                if meld_drawn and drawn & h and any(m & drawn for m in ms):   # no stopping
                    if k > 1:
                        decisions += 1
                        i = int(rnd() * k)
                    else:
                        i = 0
                else:
                    decisions += 1
                    i = int(rnd() * (k + 1)) - 1
                    if i < 0:
                        break   # STOP
                m = ms[i]
                kind, lo, order = laid(m)
                h ^= m
                melds.append(order)
                info.append((p, kind, lo))
                f = fit(order, kind, lo)
                fits.append(f)
                fit_any |= f
                if lay is not None:
                    mine |= f   # (``p``'s own meld, or any)
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
            elif lay is not None:
                # -- lay-offs, one at a time until the player stops
                step = "lay-off"
                while melds and (empty_ok or h & (h - 1)):
                    o = h & mine
                    if not o:
                        break
                    decision = LAYOFF_Q
                    k = 0
                    for f, (owner, _, _) in zip(fits, info):
                        if not own or owner == p:
                            k += (h & f).bit_count()
                    moves += 1
                    if meld_drawn and drawn & o:   # no stopping
                        if k > 1:
                            decisions += 1
                            i = int(rnd() * k)
                        else:
                            i = 0
                    else:
                        decisions += 1
                        i = int(rnd() * (k + 1)) - 1
                        if i < 0:
                            break   # STOP
                    for j, f in enumerate(fits):
                        if own and info[j][0] != p:
                            continue
                        x = h & f
                        c = x.bit_count()
                        if i < c:
                            break
                        i -= c
                    for _ in range(i):
                        x &= x - 1
                    b = x & -x
                    owner, kind, lo = info[j]
                    lo, meld = rules.extend(melds[j], kind, lo, b.bit_length() - 1, 0)
                    melds[j] = meld
                    info[j] = (owner, kind, lo)
                    h ^= b
                    state.dry_outs = 0
                    acted = True
                    drawn &= ~b
                    fits[j] = fit(meld, kind, lo)
                    fit_any = 0
                    for f in fits:
                        fit_any |= f
                    if own:
                        mine = 0
                        for f, (owner, _, _) in zip(fits, info):
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
                        for _ in range(int(rnd() * o.bit_count())):
                            o &= o - 1
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
                self._write_back(state, held, p, step, decision, melded_now, acted, drawn, discarded, idle)
                state.out.append(p)
                break
            had_turn[p] = True
            if acted:
                idle = 0
            else:
                idle += 1
                if blocked and idle >= n:   # nobody drew or laid anything for a whole round
                    self._write_back(state, held, p, step, decision, melded_now, acted, drawn, discarded, idle)
                    state.blocked_winner = ph.fewest(state, (p + direction) % n)
                    ended = True
                    break
            p = (p + direction) % n
        rec.moves += moves
        rec.decisions += decisions
        if ended:
            ph._end_hand(state)
        else:   # the turn's start, as ``_begin_turn`` and ``_go`` leave it
            self._write_back(state, held, p, step, decision, 0, False, 0, None, idle)

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
