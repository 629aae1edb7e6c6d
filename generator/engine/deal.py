"""Dealing a hand (DL-02…DL-07, DL-11): hands, the odd card, the kitty and the stock."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..spec import GameSpec, derived
from .cards import CardTable
from .chance import fast_shuffle


@dataclass
class Dealt:
    hands: list[list[int]]       # sorted card ids per seat
    kitty: list[int]             # face down (dealt or undealt forms); filled later for 'contributed'
    stock: list[int]             # undealt cards, top first; also the cards set aside by a whole-pack deal
    last_to_dealer: int          # the final card the dealer received (for last-card trumps)
    first: list[list[int]] | None = None   # the first cards dealt to each seat, when a rule looks at them


class Dealer:
    """Deals one card at a time clockwise from the dealer's left, as the rulebook says."""

    def __init__(self, spec: GameSpec, table: CardTable):
        self.deal = spec.deal
        self.size = table.size
        self._each: dict[int, int] = {}
        seat = {"dealer-right": -1, "dealer-left": 1, "dealer": 0}
        self.odd_offset = seat[self.deal.odd_card.who] if self.deal.odd_card else None
        self.odd_extra = bool(self.deal.odd_card and self.deal.odd_card.extra)
        k = self.deal.kitty
        self.kitty_form = k.form if k else None
        self.kitty_size = derived.kitty_reserve(self.deal)
        # Trumps named on the first cards dealt (Omi, Court Piece): the deal keeps them for the call.
        t = spec.setup.trumps
        self.first_seen = t.seen if t.method == "called" and isinstance(t.seen, int) else None

    def cards_each(self, n: int) -> int:
        each = self._each.get(n)
        if each is None:   # asked several times a hand: worked out once per player count
            each = self._each[n] = self.deal.cards_each(n, self.size)
        return each

    def deal_hand(self, rng: random.Random, n: int, dealer: int, each: int) -> Dealt:
        pack = list(range(self.size))
        fast_shuffle(rng, pack)   # random.shuffle's permutation, in fewer Python steps
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = n * each
        if self.odd_offset is not None and not self.odd_extra and len(pack) < pos:
            return self._deal_short(pack, n, dealer, each)
        for k in range(n):
            hands[(dealer + 1 + k) % n] = pack[k : n * each : n]
        if self.odd_offset is not None:
            odd = (dealer + self.odd_offset) % n
            if self.odd_extra:
                hands[odd].append(pack[pos])
                pos += 1
            else:
                # The odd player's last card is never dealt: it stays on top of the stock.
                pack.insert(pos, hands[odd].pop())
        kitty: list[int] = []
        if self.kitty_form == "dealt":
            kitty = pack[pos : pos + self.kitty_size]
            pos += self.kitty_size
        elif self.kitty_form == "undealt":
            kitty = pack[pos:]
            pos = len(pack)
        last = hands[dealer][-1]
        first = None if self.first_seen is None else [sorted(h[:self.first_seen]) for h in hands]
        for h in hands:
            h.sort()
        return Dealt(hands, kitty, pack[pos:], last, first)

    def _deal_short(self, pack: list[int], n: int, dealer: int, each: int) -> Dealt:
        """The deal when the pack holds exactly the cards the hands take, one fewer for the odd
        player: card by card from the dealer's left, the odd player skipped in the last round —
        nothing is left for a stock. (The usual deal above hands out full rounds and then puts
        the odd player's last card back on the stock, which here has no card to spare.)"""
        odd = (dealer + self.odd_offset) % n  # type: ignore[operator]
        hands: list[list[int]] = [[] for _ in range(n)]
        cards = iter(pack)
        for r in range(each):
            for k in range(n):
                seat = (dealer + 1 + k) % n
                if r == each - 1 and seat == odd:
                    continue
                hands[seat].append(next(cards))
        last = hands[dealer][-1]
        for h in hands:
            h.sort()
        return Dealt(hands, [], list(cards), last)
