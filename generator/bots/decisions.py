"""How the greedy bot takes the decisions outside card play: simple counting over its own hand.

Every decision of the phases (``Phase.decisions``) other than card play is handled here, so a
new rule module that adds a decision adds one branch in this one place."""

from __future__ import annotations

import random

from ..engine import Observation
from ..engine.actions import BID_BASE, MODE_BASE, NO, NO_TRUMPS, PASS_BID, SUIT_ACTION, YES

DISCARDS = ("give-to-kitty", "discard-after-robbing", "discard-for-exchange", "lay-away", "give-back")


def _strong_cards(obs: Observation, hand: list[int]) -> int:
    """Cards likely to take a trick: trumps and the top quarter of the ranks."""
    t = obs.table
    top = sorted({t.strength[c] for c in range(t.size)})
    cut = top[(3 * len(top)) // 4] if top else 0
    trump = getattr(obs, "trump", None)   # None too in a family without trumps (no such view)
    return sum(1 for c in hand if (trump is not None and obs.effective_suits[c] == trump) or t.strength[c] >= cut)


def greedy_decision(obs: Observation, legal: list[int], rng: random.Random) -> int:
    phase, hand = obs.phase, obs.hand
    t = obs.table
    if phase in DISCARDS:   # lay away the weakest card
        return min(legal, key=lambda c: (t.strength[c], c))
    if phase in ("call-trumps", "name-anti-trumps", "invent-law", "show-high-low") or not hand:
        return legal[rng.randrange(len(legal))]
    if phase == "name-trumps":   # the suit it holds most of, the strongest of those on a tie
        suits = [a for a in legal if a != NO_TRUMPS]
        by_suit = {a: (sum(1 for c in hand if t.suit[c] == a - SUIT_ACTION),
                       sum(t.strength[c] for c in hand if t.suit[c] == a - SUIT_ACTION)) for a in suits}
        best = max(suits, key=lambda a: (by_suit[a], -a))
        # no trumps, where it may, when no suit holds more than a quarter of the cards it sees
        if NO_TRUMPS in legal and by_suit[best][0] * 4 <= len(hand):
            return NO_TRUMPS
        return best
    if phase == "choose-mode":   # the mode that pays best for the tricks it expects to take
        modes = obs.contract_modes   # (start, worth of a trick) of each mode
        guess = _strong_cards(obs, hand) * 0.8
        return max(legal, key=lambda a: (modes[a - MODE_BASE][0] + modes[a - MODE_BASE][1] * guess, -a))
    if phase == "show-misdeal":
        return NO
    if phase in ("reveal-pig", "rob", "show-top-trump"):
        return YES
    if phase in ("propose-exchange", "agree-exchange"):
        weak = _strong_cards(obs, hand) < len(hand) / 4
        return YES if weak else NO
    if phase == "bid-blind":
        return NO
    if phase == "bid":
        guess = round(_strong_cards(obs, hand) * 0.8)
        return min(legal, key=lambda a: (abs(a - BID_BASE - guess), a))
    if phase == "auction":
        strong = _strong_cards(obs, hand) >= len(hand) / 5
        bids = [a for a in legal if a != PASS_BID]
        return bids[0] if strong and bids else PASS_BID
    return legal[0]
