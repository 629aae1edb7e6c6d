"""What a melding turn lays on the table: melds (full houses, joker swaps and rearranging among
them), lay-offs, dumps and stumps: the options each step offers and what taking one does.
``TableMoves`` is a part of ``play.Turn`` (a mixin: it reads the turn's rules and fields), kept
apart because the table is a concept of its own, the largest of a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ADD, ADD_TWO, DUMP, FULL, LAY_OFF, MASK, MELD, NEXT_STEP, STOP, STUMP, SWAP
from .rules import RUN, SET, bits

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

#: Rearranging searches at most this many table melds, and this many cards, for one card added.
REARRANGE_MELDS = 3
REARRANGE_POOL = 15
#: Rearrangements and related cards worked out are remembered (``Turn._rearranged``) up to this many each,
#: then forgotten.
REARRANGE_MEMO = 4096
_UNKNOWN = object()


class TableMoves:
    """The meld, lay-off, dump and stump steps of ``play.Turn``, and rearranging."""

    def _may_empty(self, state: "State", p: int) -> bool:
        """Whether a meld or lay-off may leave ``p``'s hand empty now (keep-card, the first turn)."""
        if self.keep_card and not self.one_action:
            return False
        if self.no_first_out and not state.had_turn[p]:
            return False
        return True

    def _meld_options(self, state: "State", p: int) -> list[int]:
        hand = state.hands[p]
        rules = self.rules
        wild = self.wild(state)
        first = self.first_run and not state.has_melded[p]
        may_meld = self.many or not state.melded_now
        melds = rules.hand_melds(hand, wild, jokers_ok=not first) if may_meld else []
        if not melds and not self._more_melds:   # the common case: nothing to lay
            return []
        empty_ok = self._may_empty(state, p)
        size = len(hand)
        out = []
        if may_meld:
            for m in melds:
                if not empty_ok and m.bit_count() == size:
                    continue
                if first:
                    got = rules.arrange(bits(m), wild)
                    if got is None or got[0] != RUN:
                        continue
                out.append(MELD | m)
            if self.full_house and not first:
                for m in rules.full_houses(hand, wild):
                    out.append(FULL | m)   # (it takes its player out, whatever keep-card says)
        if self.joker_swap:
            out += self._swaps(state, p, wild)
        if self.rearrange != "none" and not first and (self.many or not state.melded_now):
            alone = []
            # each meld's related cards, and their union, worked out once a decision: a natural
            # card related to no meld on the table rearranges nothing
            nears = self._nears(state, p, wild)
            reach = set().union(*[near for _, near in nears])
            for c in hand:
                if not empty_ok and size == 1:
                    continue
                if (c in reach or (wild >> c) & 1) and self._rearranged(state, p, (c,), wild, nears) is not None:
                    out.append(ADD + c)
                    alone.append(c)
            if reach and (empty_ok or size > 2):   # two cards that need each other (neither goes in alone)
                for a, b in self._pairs(hand, wild, alone, reach):
                    if self._rearranged(state, p, (a, b), wild, nears) is not None:
                        out.append(ADD_TWO + 128 * a + b)
        return out

    def _pairs(self, hand: list[int], wild: int, alone: list[int], reach: set[int]) -> list[tuple[int, int]]:
        """Pairs of natural hand cards that may need each other on the table: two of a rank, or
        two of one run group at most two positions apart; neither of them added alone, and one
        of them at least related to a meld on the table (in ``reach``)."""
        rules = self.rules
        nat = [c for c in sorted(hand) if not (wild >> c) & 1 and c not in alone]
        out = []
        for i, a in enumerate(nat):
            near = a in reach
            for b in nat[i + 1:]:
                if not near and b not in reach:
                    continue
                if rules.set_rank[a] >= 0 and rules.set_rank[a] == rules.set_rank[b]:
                    out.append((a, b))
                elif rules.run_key[a] == rules.run_key[b] and \
                        any(0 < abs(x - y) <= 2 for x in rules.pos[a] for y in rules.pos[b]):
                    out.append((a, b))
        return out

    def _swaps(self, state: "State", p: int, wild: int) -> list[int]:
        out = []
        hand = set(state.hands[p])
        rules = self.rules
        for i, meld in enumerate(state.melds):
            owner, kind, lo = state.meld_info[i]
            seen = set()
            for j, c in enumerate(meld):
                if (wild >> c) & 1:
                    for x in rules.stands_for(meld, kind, lo, j, wild):
                        if x in hand and x not in seen:
                            seen.add(x)
                            out.append(SWAP + 128 * i + x)
        return out

    def _layoffs(self, state: "State", p: int) -> list[int]:
        if self.lay_off is None:
            return []
        hand = state.hands[p]
        melds = state.melds
        if not melds or not hand or (len(hand) == 1 and not self._may_empty(state, p)):
            return []
        rules = self.rules
        cache = rules._fit_cache
        wild = self.wild(state)
        own = self.lay_off == "own"
        out = []
        for i, (owner, kind, lo) in enumerate(state.meld_info):
            if own and owner != p:
                continue
            meld = melds[i]
            fits = cache.get((meld, kind, lo, wild))   # (``MeldRules.fits``, cached)
            if fits is None:
                fits = rules.fits(meld, kind, lo, wild)
            if fits and not fits.isdisjoint(hand):
                base = LAY_OFF + 128 * i
                out += [base + c for c in hand if c in fits]
        return out

    def _dumps(self, state: "State", p: int) -> list[int]:
        wild = self.wild(state)
        return [DUMP + i for i, (meld, info) in enumerate(zip(state.melds, state.meld_info))
                if info[1] == SET and len(meld) == 4 and not any((wild >> c) & 1 for c in meld)]

    def _stumps(self, state: "State", p: int) -> list[int]:
        hand = state.hands[p]
        out = [STUMP | m for m in self.rules.fours(hand, self.wild(state))]
        if not self._may_empty(state, p):
            out = [a for a in out if (a & MASK).bit_count() < len(hand)]
        return out

    def _step_options(self, state: "State", p: int, step: str) -> list[int]:
        if step == "meld":
            opts = self._meld_options(state, p)
            if not opts:
                return []
            if self.must_meld and not state.melded_now and any(MELD <= a < FULL for a in opts):
                return opts
            if self._drawn_pending(state, p, opts):
                return opts
            return [STOP] + opts
        if step == "lay-off":
            opts = self._layoffs(state, p)
            if not opts:
                return []
            if self._drawn_pending(state, p, opts):
                return opts
            return [STOP] + opts
        if step == "dump" and not self.dump or step == "stump" and not self.stump:
            return []
        opts = self._dumps(state, p) if step == "dump" else self._stumps(state, p)
        return [STOP] + opts if opts else []

    def _drawn_pending(self, state: "State", p: int, opts: list[int]) -> bool:
        """meld-drawn: a card taken from a pile this turn is still in hand and an option melds it."""
        if not self.meld_drawn or not state.drawn:
            return False
        held = [c for c in state.drawn if c in state.hands[p]]
        if not held:
            return False
        for a in opts:
            if a >= MELD:
                if any((a >> c) & 1 for c in held):
                    return True
            elif LAY_OFF <= a < SWAP:
                if (a - LAY_OFF) % 128 in held:
                    return True
            elif ADD <= a < ADD + 1000 and a - ADD in held:
                return True
            elif ADD_TWO <= a < MELD and any(x in held for x in divmod(a - ADD_TWO, 128)):
                return True
        return False

    def _apply_table(self, state: "State", p: int, action: int) -> None:
        step = state.step
        if action == STOP:
            state.step = NEXT_STEP[step]
            return
        hand_no = state.hand_no
        self._table_action(state, p, action)
        if state.hand_no == hand_no and not state.ended and not self.many and step == "meld" \
                and (MELD <= action < FULL or ADD <= action < MELD):
            state.step = "lay-off"

    def _table_action(self, state: "State", p: int, action: int) -> None:
        """A meld, full house, joker swap, add, lay-off, dump or stump by ``p``."""
        rules = self.rules
        wild = self.wild(state)
        hand = state.hands[p]
        if action >= STUMP:
            cs = bits(action & MASK)
            for c in cs:
                hand.remove(c)
            state.stumped[p].extend(cs)
            state.acted = True
            return self._check_out(state, p)
        if action >= FULL:
            cs = bits(action & MASK)
            for c in cs:
                hand.remove(c)
            state.out_of_play.extend(cs)
            state.piles[0].extend(hand)   # the rest of the hand is discarded
            state.named[0].extend(rules.natural(c) for c in hand)
            hand.clear()
            state.last_meld = action & MASK
            state.out.append(p)
            state.has_melded[p] = True
            return self._end_hand(state)
        if action >= MELD:
            cs = bits(action & MASK)
            kind, lo, order = rules.arrange(cs, wild)  # type: ignore[misc]
            for c in cs:
                hand.remove(c)
            state.melds.append(order)
            state.meld_info.append((p, kind, lo))
            self._melded(state, p, action & MASK)
            return self._check_out(state, p)
        if action >= ADD:
            added = divmod(action - ADD_TWO, 128) if action >= ADD_TWO else (action - ADD,)
            got = self._rearranged(state, p, added, wild)
            assert got is not None
            used, new = got
            mask = 0
            for c in added:
                hand.remove(c)
                mask |= 1 << c
            keep = [i for i in range(len(state.melds)) if i not in used]
            state.melds = [state.melds[i] for i in keep] + [m for m, _ in new]
            state.meld_info = [state.meld_info[i] for i in keep] + [(p, kind, lo) for _, (kind, lo) in new]
            self._melded(state, p, mask)
            return self._check_out(state, p)
        if action >= DUMP:
            i = action - DUMP
            meld = state.melds.pop(i)
            state.meld_info.pop(i)
            pile = state.piles[0]
            top = pile[-1:] if pile else []
            del pile[-1:]
            pile.extend(meld)
            pile.extend(top)
            state.named[0][:] = [rules.natural(c) for c in pile]
            state.acted = True
            return
        if action >= SWAP:
            i, c = divmod(action - SWAP, 128)
            meld = state.melds[i]
            owner, kind, lo = state.meld_info[i]
            j = next(j for j, x in enumerate(meld) if (wild >> x) & 1
                     and c in rules.stands_for(meld, kind, lo, j, wild))
            joker = meld[j]
            new = list(meld)
            new[j] = c
            if kind == SET:
                nat = sorted(x for x in new if not (wild >> x) & 1)
                new = nat + [x for x in new if (wild >> x) & 1]
            state.melds[i] = tuple(new)
            hand.remove(c)
            hand.append(joker)
            hand.sort()
            state.acted = True
            return
        if action >= LAY_OFF:
            i, c = divmod(action - LAY_OFF, 128)
            owner, kind, lo = state.meld_info[i]
            lo, meld = rules.extend(state.melds[i], kind, lo, c, wild)  # type: ignore[misc]
            state.melds[i] = meld
            state.meld_info[i] = (owner, kind, lo)
            hand.remove(c)
            state.dry_outs = 0
            state.acted = True
            if c in state.drawn:
                state.drawn.remove(c)
            return self._check_out(state, p)
        raise AssertionError(action)

    def _melded(self, state: "State", p: int, mask: int) -> None:
        state.has_melded[p] = True
        state.dry_outs = 0
        state.melded_now += 1
        state.acted = True
        state.last_meld = mask
        if state.drawn:
            state.drawn = [c for c in state.drawn if not (mask >> c) & 1]
        if state.taken:
            state.taken = [c for c in state.taken if not (mask >> c) & 1]

    def _rearranged(self, state: "State", p: int, added: tuple[int, ...], wild: int,
                    nears: list[tuple[int, frozenset[int]]] | None = None):
        """Rearranging: the melds to break up (indices) and the new melds, as [(cards, (kind, lo))],
        when the cards ``added`` and the related table melds re-partition into valid melds; else
        None. A meld is related to an added card when it is a set of the card's rank, a run of its
        group reaching within one position of it, or holds a card of its run group one position
        from it (the 8 of hearts in a set of 8s, for the 7 and 9 of hearts: ``_near_cards``); a
        joker added is related to every meld. At most ``REARRANGE_MELDS`` related melds are
        searched, in table order, in groups of one, then two, then three.

        Every decision of a turn asks this of every card in hand (and of pairs), and a search's
        rollouts ask it again at each turn; the answer depends only on the cards added, the wild
        cards and the related melds' cards, so the search (``_regroup``) is remembered by those.
        ``nears`` is this decision's ``_nears``, when the caller has it."""
        related: list[int] = []
        jokers = any((wild >> c) & 1 for c in added)
        for i, near in (self._nears(state, p, wild) if nears is None else nears):
            if jokers or not near.isdisjoint(added):
                related.append(i)
                if len(related) >= REARRANGE_MELDS:
                    break
        if not related:
            return None
        melds = state.melds
        key = (added, wild, *[melds[i] for i in related])
        memo = self._rearrange_memo
        got = memo.get(key, _UNKNOWN)
        if got is _UNKNOWN:
            if len(memo) >= REARRANGE_MEMO:
                memo.clear()
            got = memo[key] = self._regroup(added, wild, key[2:])
        if got is None:
            return None
        group, parts = got
        return {related[j] for j in group}, list(parts)

    def _nears(self, state: "State", p: int, wild: int) -> list[tuple[int, frozenset[int]]]:
        """Each table meld that ``p`` may rearrange, in table order, with the natural cards
        related to it (``_near_cards``)."""
        near_cards = self._near_cards
        melds = state.melds
        own = self.rearrange == "own"
        return [(i, near_cards(melds[i], kind, lo, wild)) for i, (owner, kind, lo) in enumerate(state.meld_info)
                if not own or owner == p]

    def _near_cards(self, meld: tuple[int, ...], kind: int, lo: int, wild: int) -> frozenset[int]:
        """The natural cards related to a table meld (``_rearranged``): for a set, the
        cards of its rank and those one position from a natural card of it in a run group; for a
        run, the cards of its group within one position of its ends. Worked out once a meld (a
        meld stays on the table for many turns, and every card of every hand is asked about it)."""
        key = (meld, kind, lo, wild)
        got = self._near_memo.get(key)
        if got is not None:
            return got
        rules = self.rules
        set_rank, run_key, pos, level = rules.set_rank, rules.run_key, rules.pos, rules.level
        near: list[int] = []
        if kind == SET:
            nat = [x for x in meld if not (wild >> x) & 1]
            for c in range(len(run_key)):
                if (lo == level[c] and set_rank[c] >= 0) or any(
                        run_key[x] == run_key[c] and any(abs(a - b) == 1 for a in pos[x] for b in pos[c]) for x in nat):
                    near.append(c)
        elif kind == RUN:
            first = next(x for x in meld if not (wild >> x) & 1)
            hi = lo + len(meld) - 1
            near = [c for c in range(len(run_key))
                    if run_key[first] == run_key[c] and any(lo - 1 <= q <= hi + 1 for q in pos[c])]
        if len(self._near_memo) >= REARRANGE_MEMO:
            self._near_memo.clear()
        got = self._near_memo[key] = frozenset(near)
        return got

    def _regroup(self, added: tuple[int, ...], wild: int, melds: tuple[tuple[int, ...], ...]):
        """The first group of ``melds`` (by position: one meld, then two, then three) whose cards
        and the cards ``added`` re-partition into valid melds, as (positions, new melds); else None."""
        for size in range(1, len(melds) + 1):
            for group in _groups(list(range(len(melds))), size):
                pool = list(added) + [c for j in group for c in melds[j]]
                if len(pool) > REARRANGE_POOL:
                    continue
                parts = self._partition(sorted(pool), wild, 0)
                if parts is not None:
                    return group, parts
        return None

    def _partition(self, pool: list[int], wild: int, depth: int):
        """The first way (in a fixed order) to split ``pool`` into valid melds, or None."""
        if not pool:
            return []
        if depth > 6:
            return None
        rules = self.rules
        first = pool[0]
        for m in rules.hand_melds(pool, wild):
            if not (m >> first) & 1:
                continue
            cs = bits(m)
            rest = [c for c in pool if not (m >> c) & 1]
            tail = self._partition(rest, wild, depth + 1)
            if tail is not None:
                kind, lo, order = rules.arrange(cs, wild)  # type: ignore[misc]
                return [(order, (kind, lo))] + tail
        return None


def _groups(items: list[int], size: int):
    from itertools import combinations

    return combinations(items, size)
