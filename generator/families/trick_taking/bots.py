"""Trick-taking's bot hints: the greedy bot's card (cheap wins when tricks score, shedding danger
when cards cost points), the anchor the strong bot must beat, its light rollout (``rollout``) and
the exact ending of plain trick play (``open_hand``)."""

from __future__ import annotations

import random
from typing import Any

from generator.bots.hints import BotHints
from generator.engine import Observation

from .open_hand import OpenHand, solve
from .rollout import rollout as _trick_rollout
from .rollout import rollout_weight as _trick_rollout_weight


def solve_ending(solver: Any, det: Any, actions: list[int], player: int, ending: Any) -> list[float] | None:
    """The copy-free exact ending (``open_hand``) where it models the position (plain trick play),
    the same values as the clone-based solver's; None where it does not, and the solver runs."""
    return solve(solver, det, actions, player, ending) if OpenHand.fits(det) else None




def greedy_card(obs: Observation, legal: list[int]) -> int:
    """The greedy bot's trick-taking card (its card play, with no random choice in it): the
    greedy bot plays it, and the strong bot weighs it as trick-taking's anchor."""
    legal = [c for c in legal if c < obs.table.size] or legal   # cards, not special actions
    if len(legal) == 1 or legal[0] >= obs.table.size:
        return legal[0]
    t = obs.table
    points = obs.points
    strength = t.power(obs.win_trump) if t.bowers else t.strength   # bowers move with trumps
    if obs.trick and obs.partners and obs.winning_seat in obs.partners:  # type: ignore[attr-defined]
        # A partner is taking the trick: never overtake it; give it the card worth most to the side
        # (where cards score) or the lowest (where tricks do).
        losers = [c for c in legal if not obs.would_win(c)]  # type: ignore[attr-defined]
        if losers:
            if points:
                return max(losers, key=lambda c: (points.get(c, 0), -strength[c], -c))
            return min(losers, key=lambda c: (strength[c], c))
    # a schedule's contract may make taking the trick itself a loss (King's tricks, playing down)
    worth = getattr(obs, "trick_worth", 0)
    if worth >= 0 and (not points or min(points.values()) >= 0):
        # tricks score, or the cards in them do (card points): win as cheaply as possible, else
        # throw the lowest card, and of those worth least the lowest
        if not obs.trick:
            return max(legal, key=lambda c: (strength[c], -c))
        winners = [c for c in legal if obs.would_win(c)]  # type: ignore[attr-defined]
        if winners:
            return min(winners, key=lambda c: (strength[c], c))
        return min(legal, key=lambda c: (points.get(c, 0), strength[c], c))
    # cards cost points: avoid winning tricks that carry penalties, dump the worst card when safe
    in_trick = sum(points.get(c, 0) for _, c in obs.trick) + min(worth, 0)
    losers = [c for c in legal if not obs.would_win(c)]  # type: ignore[attr-defined]
    if losers:
        return min(losers, key=lambda c: (points.get(c, 0), -strength[c], c))
    if in_trick >= 0:
        return max(legal, key=lambda c: (points.get(c, 0), strength[c], -c))
    return min(legal, key=lambda c: (-points.get(c, 0), strength[c], c))


def greedy_anchor(obs: Observation, legal: list[int], rng: random.Random) -> int | None:
    """Trick-taking's anchor in card play (``strong.anchor_of``): the greedy bot's own card, which
    the search must beat by ``strong.ANCHOR_MARGIN`` a rollout to overrule. Without it the search
    lost to the greedy bot in small drawn games, where a decision's few rollouts cannot tell
    near-equal cards apart (one strong bot among two greedy bots in the typical variant finished
    ahead of 0.38 and 0.36 of them on two seeds of 600 games, the greedy bot in its seat 0.51 and
    0.48; anchored, 0.53 and 0.50); in cut-throat Whist it won 80 of 192 games against three
    greedy bots instead of 62. None (no anchor) for bids, trumps and the kitty: anchored there
    too, strong bots at every seat bid as the greedy bot does and play out the deal almost
    alike, and Oh Hell for three was rejected for a seat bias at its first look (seat 1 won 16 of
    25 games) that 150 more games did not show (55, 46 and 49 wins)."""
    return greedy_card(obs, obs.legal) if obs.card_play else None


def _trick_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    return greedy_card(obs, legal)


#: Trick-taking's bot hints (``Family.bot_hints``). A light trick rollout (with the exact ending it
#: buys) costs about 1.8 random ones, one of a simple hand about 1.2 (``tricks.rollout_weight``): the
#: budget counts it so, and a decision costs what it did with random rollouts (measured side by
#: side). The last tricks are solved exactly (``solver``) from three cards in hand. The trivial
#: policies use their own card-by-card rule.
TRICK_HINTS = BotHints(play=_trick_play, rollout=_trick_rollout, rollout_weight=_trick_rollout_weight,
                       anchor=greedy_anchor, endgame=3, solve_ending=solve_ending)
