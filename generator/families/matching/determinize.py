"""The strong bot's determinizations of a matching hand: what the table showed by the passes.

Where a player must lay a card when they can, a pass is a confession: they held no card of the
top card's rank or suit, and no wild. The engine notes each player's latest pass (``passed``: the
top card, the wild rank, and how many cards they had received before it) and how many cards each
has received (``received``). A hand drawn uniformly from the unseen cards ignores that, and the
search then plays against opponents who hold what they have shown they do not: measured in Crazy
Eights and Switch, a search that knows the others' hands beats the greedy bot about twice as
often as an even share, one that deals them blindly loses to it. So ``PassSampler`` deals as the
shared ``Sampler`` does and then mends each hand that holds more cards its holder's pass ruled
out than the cards received since could explain: the excess goes back to the stock, swapped for
stock cards the pass allows. (An approximation of the true posterior, cheap enough for the
playtest's budget: one pass of swaps a determinization.)
"""

from __future__ import annotations

import random

from generator.bots.sampler import Sampler, shuffled
from generator.engine import Observation, State

#: Effects under which every card a player gets comes from the stock (``received`` counts them
#: all): a game with any other effect (a card given, hands traded …) is dealt blindly.
SAFE_EFFECTS = frozenset({None, "wild", "skip", "reverse", "draw-chain"})


class PassSampler(Sampler):
    """``Sampler``, with each other player's hand mended to agree with their latest pass."""

    def __init__(self, obs: Observation, put_away: dict[str, list[int]]):
        super().__init__(obs, put_away)
        self.rules_out: list[tuple[int, frozenset[int], int]] = []   # (seat, cards ruled out, how many may be)
        rules = obs.match_rules
        if not set(rules.kind) <= SAFE_EFFECTS or self.before_deal:
            return
        try:
            passed, received = obs.passed, obs.received
        except AttributeError:
            return
        gone = set(obs.gone_out)
        for q, seen in enumerate(passed):
            if q == obs.player or seen is None or q in gone:
                continue
            (rank, suit), wild, before = seen
            ruled = frozenset(c for c in range(obs.table.size)
                              if c in rules.jokers or rules.rank_of[c] < 0 or rules.always_rank[rules.rank_of[c]]
                              or rules.rank_of[c] == rank or rules.suit_of[c] == suit
                              or (wild is not None and rules.rank_of[c] == wild))
            self.rules_out.append((q, ruled, received[q] - before))

    def sample(self, rng: random.Random) -> State:
        det = super().sample(rng)
        if not self.rules_out:
            return det
        stock = det.stock
        for q, ruled, fresh in self.rules_out:
            hand = det.hands[q]
            bad = [c for c in hand if c in ruled]
            excess = len(bad) - max(0, fresh)
            if excess <= 0:
                continue
            allowed = [i for i, c in enumerate(stock) if c not in ruled]
            if not allowed:
                continue
            out = shuffled(bad, rng)[:excess]
            spots = shuffled(allowed, rng)[:len(out)]
            for c, i in zip(out, spots):
                hand[hand.index(c)] = stock[i]
                stock[i] = c
            hand.sort()
        return det


def pass_sampler(obs: Observation, put_away: dict[str, list[int]]) -> Sampler:
    return PassSampler(obs, put_away)
