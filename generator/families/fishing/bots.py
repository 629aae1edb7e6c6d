"""How the bots play a fishing game. The greedy bot takes the most points now and avoids leaving
a sweep: each play is worth the points of the cards it takes (the card played included), a little
for each card (the most cards often score), a sweep's points if it makes one; less what it leaves
open — a table an opponent could sweep with one card, and the worth of a card laid on it.

With builds (``play.builds``) it also weighs what a build will bring: a build made or raised is
worth its cards, to be taken later with the card kept for it, less the chance that an opponent
holds a card of its total and takes (or raises) it first — the cards of that value it has not
seen, spread over the opponents' hands. An opponent's build left on the table is counted as lost
(its builder holds the card to take it), so taking or raising it is worth its cards.

The strong bot's hints: ``distinct`` keeps, of the legal plays, one lay of each rank and worth
(laying either of two such cards is the same play for the search) and at most ``SEARCHED`` plays,
the greedy bot's best first — with builds a turn may offer hundreds of group builds, and a few
rollouts each cannot tell most of them apart; ``anchor`` is the greedy play, which the search must
beat to overrule.
"""

from __future__ import annotations

import random

from generator.bots.hints import BotHints

from .engine.rules import card_of, is_build, taken_of, total_of

#: The most plays the strong bot searches on one turn (the greedy bot's best ones).
SEARCHED = 12


def _exposed(rules, layout: list[int], sweep_points: int, builds=()) -> float:
    """What a table left so may cost: the chance-weighted sweep an opponent could make on it."""
    if not sweep_points or not layout:
        return 0.0
    if rules.sweep == "lone-card":
        return sweep_points * 0.3 if len(layout) == 1 else 0.0
    if rules.sweep == "clear-table":
        if len(layout) == 1:
            return sweep_points * 0.3
        if builds:   # a build counts as one unit of its total
            inside = {c for b in builds for c in b[2]}
            values = [rules.value[c] for c in layout if c not in inside] + [b[1] for b in builds]
            if len(values) == 1:
                return sweep_points * 0.3
        else:
            values = [rules.value[c] for c in layout]
        if all(v is not None for v in values) and sum(values) <= 10:   # one number card might add up to them all
            return sweep_points * 0.15
    return 0.0


def _unseen_share(obs, rules, total: int) -> float:
    """The chance that an opponent holds a number card of ``total``: the cards of that value this
    player has not seen, against the cards unseen, over the opponents' hand sizes."""
    seen = set(obs.hand) | set(obs.layout) | {c for pile in obs.catch for c in pile}
    values = rules.value
    size = len(values)
    unseen = size - len(seen)
    if unseen <= 0:
        return 0.0
    of_total = sum(1 for c in range(size) if values[c] == total and c not in seen)
    me, partners = obs.player, set(obs.partners)
    held = sum(k for q, k in enumerate(obs.hand_sizes) if q != me and q not in partners)
    return min(1.0, of_total * held / unseen)


def _theirs(obs, builds) -> list[tuple]:
    mine = {obs.player, *obs.partners}
    return [b for b in builds if b[0] not in mine]


def value(obs, act: int) -> float:
    """The greedy worth of one play (see the module's docstring)."""
    scorer = obs.game.scorer
    rules, worth = scorer.rules, scorer.counter.worth
    sweep_points = scorer.counter.sweep_points
    layout = obs.layout
    builds = obs.builds if rules.builds else []
    card, taken = card_of(act), taken_of(act)
    if is_build(act):
        return _build_value(obs, rules, worth, sweep_points, card, taken, total_of(act), builds)
    if taken:
        gain = worth[card] + sum(worth[c] for c in taken) + 0.1 * (len(taken) + 1)
        if rules.is_sweep(card, taken, len(layout), False):
            gain += sweep_points
        gone = set(taken)
        left = [c for c in layout if c not in gone]
        builds = [b for b in builds if b[2][0] not in gone]
        if rules.pile:
            left = []
    else:
        gain = -0.5 * worth[card] - 0.01 * rules.level[card]
        left = layout + [card]
    return gain - _exposed(rules, left, sweep_points, builds) - _lost(obs, worth, builds)


def _lost(obs, worth, builds) -> float:
    """An opponent's build left on the table: its builder holds the card that takes it."""
    return sum(0.8 * (sum(worth[c] for c in b[2]) + 0.1 * len(b[2])) for b in _theirs(obs, builds))


def _build_value(obs, rules, worth, sweep_points, card, bundled, total, builds) -> float:
    """A build made, grouped or raised: its cards, taken later with the card kept for it, unless an
    opponent holding a card of its total takes it first."""
    gone = set(bundled)
    after = [b for b in builds if b[2][0] not in gone] + [(obs.player, total, tuple(sorted(bundled + [card])))]
    cards = bundled + [card]
    keep = sum(worth[c] for c in cards) + 0.1 * (len(cards) + 1)
    risk = _unseen_share(obs, rules, total)
    left = obs.layout + [card]
    return 0.8 * keep * (1 - 0.7 * risk) - 0.2 - _exposed(rules, left, sweep_points, after) - _lost(obs, worth, after)


def _greedy(obs, legal: list[int], rng: random.Random) -> int:
    return max(legal, key=lambda a: (value(obs, a), -a))


def _lowest(obs, legal: list[int]) -> int:
    """A trivial policy: lay (or play) the lowest card, taking whatever it takes first."""
    return min(legal, key=lambda a: (obs.game.scorer.rules.level[card_of(a)], -a))


def _highest(obs, legal: list[int]) -> int:
    return max(legal, key=lambda a: (obs.game.scorer.rules.level[card_of(a)], a))


def distinct(obs, legal: list[int]) -> list[int]:
    """The plays worth a search (see the module's docstring), in the order of ``legal``."""
    if len(legal) < 2:
        return legal
    scorer = obs.game.scorer
    rank, worth = scorer.rules.rank, scorer.counter.worth
    named = obs.game.named_cards
    kept, lays = [], set()
    for a in legal:
        c = card_of(a)
        if a == c and c not in named:   # a lay: one of each rank and worth
            key = (rank[c], worth[c])
            if key in lays:
                continue
            lays.add(key)
        kept.append(a)
    if len(kept) > SEARCHED:
        best = sorted(kept, key=lambda a: (-value(obs, a), a))[:SEARCHED]
        chosen = set(best)
        kept = [a for a in kept if a in chosen]
    return kept


# The search overrules the greedy play only when it is clearly better (two standard errors, as in
# matching and melding): rollouts play at random, and a random rollout misjudges what a card laid
# on a spread costs, since its price shows only when an opponent takes it. At 0 the strong bot lost
# to the greedy bot in Kontsina (2 of 24) and Diloti (6 of 24); at 2.0 it won 12 and 10 of 24.
HINTS = BotHints(play=_greedy, highest=_highest, lowest=_lowest, anchor=_greedy, anchor_z=2.0, distinct=distinct)
