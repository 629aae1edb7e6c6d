"""How the bots play a fishing game. The greedy bot takes the most points now and avoids leaving
a sweep: each play is worth the points of the cards it takes (the card played included), a little
for each card (the most cards often score), a sweep's points if it makes one; less what it leaves
open — a table an opponent could sweep with one card, and the worth of a card laid on it."""

from __future__ import annotations

import random

from generator.bots.hints import BotHints

from .engine.rules import card_of, taken_of


def _exposed(rules, layout: list[int], sweep_points: int) -> float:
    """What a table left so may cost: the chance-weighted sweep an opponent could make on it."""
    if not sweep_points or not layout:
        return 0.0
    if rules.sweep == "lone-card":
        return sweep_points * 0.3 if len(layout) == 1 else 0.0
    if rules.sweep == "clear-table":
        if len(layout) == 1:
            return sweep_points * 0.3
        values = [rules.value[c] for c in layout]
        if all(v is not None for v in values) and sum(values) <= 10:   # one number card might add up to them all
            return sweep_points * 0.15
    return 0.0


def value(obs, act: int) -> float:
    """The greedy worth of one play (see the module's docstring)."""
    scorer = obs.game.scorer
    rules, worth = scorer.rules, scorer.counter.worth
    sweep_points = scorer.counter.sweep_points
    layout = obs.layout
    card, taken = card_of(act), taken_of(act)
    if taken:
        gain = worth[card] + sum(worth[c] for c in taken) + 0.1 * (len(taken) + 1)
        if rules.is_sweep(card, taken, len(layout), False):
            gain += sweep_points
        gone = set(taken)
        left = [c for c in layout if c not in gone]
        if rules.pile:
            left = []
    else:
        gain = -0.5 * worth[card] - 0.01 * rules.level[card]
        left = layout + [card]
    return gain - _exposed(rules, left, sweep_points)


def _greedy(obs, legal: list[int], rng: random.Random) -> int:
    return max(legal, key=lambda a: (value(obs, a), -a))


def _lowest(obs, legal: list[int]) -> int:
    """A trivial policy: lay (or play) the lowest card, taking whatever it takes first."""
    return min(legal, key=lambda a: (obs.game.scorer.rules.level[card_of(a)], -a))


def _highest(obs, legal: list[int]) -> int:
    return max(legal, key=lambda a: (obs.game.scorer.rules.level[card_of(a)], a))


HINTS = BotHints(play=_greedy, highest=_highest, lowest=_lowest)
