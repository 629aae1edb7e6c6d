"""How the simple bots play a climbing turn (the family's ``bot_hints``): the greedy bot, and the
trivial policies of the dominance check (``highest``, ``lowest``, ``greedy-points``), which
reach the functions here through ``greedy_play``'s attributes.

Greedy climbing: knock when it may; lead the lowest play, the longest of the lowest rank (shed
the weak cards in bulk); on a play, beat it with the cheapest play that beats (the
lowest rank, not breaking up a set when a play that does not beats); keep bombs, the rocket, a
single joker and the low bomb for when the hand is nearly out, passing when only they beat early
in the hand (more than five cards left).
"""

from __future__ import annotations

import random

from ...bots.decisions import greedy_decision
from ..observation import Observation
from .rules import BLIND, BOMB, JOKER, KNOCK, LOW, PASS, ROCKET, ClimbRules

SPECIAL = (BOMB, ROCKET, JOKER, LOW)
#: A hand with more cards than this is "early": the greedy bot keeps its strong plays.
EARLY = 5
#: More legal plays than this and the strong bot searches one play per shape, size and rank.
SEARCH_WIDTH = 48


def _plays(obs: Observation, legal: list[int]) -> list[int]:
    return [a for a in legal if a != PASS and a != KNOCK and a < BLIND]


def greedy_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    if not obs.card_play:
        return greedy_decision(obs, legal, rng)
    if len(legal) == 1:
        return legal[0]
    if KNOCK in legal:
        return KNOCK
    plays = _plays(obs, legal)
    if not plays:   # blind cards, or a pass: try a blind card
        blind = [a for a in legal if a >= BLIND and a != KNOCK]
        return blind[rng.randrange(len(blind))] if blind else legal[0]
    rules: ClimbRules = obs.climb_rules
    info = {a: rules.classify(a) for a in plays}
    if obs.to_beat is None:
        return min(plays, key=lambda a: (info[a].shape in SPECIAL, info[a].level, -info[a].size, a))
    early = len(obs.hand) > EARLY
    cheap = [a for a in plays if not (early and info[a].shape in SPECIAL)]
    if not cheap and PASS in legal:
        return PASS
    pool = cheap or plays
    held: dict[int, int] = {}
    for c in obs.hand:
        held[rules.level[c]] = held.get(rules.level[c], 0) + 1

    def breaks(a: int) -> int:
        """Cards of its rank the play leaves behind (a set broken up is a play wasted)."""
        p = info[a]
        return held.get(p.level, 0) - p.size if p.shape in (0, 1) else 0

    return min(pool, key=lambda a: (info[a].shape in SPECIAL, breaks(a) > 0, info[a].level, a))


def highest_play(obs: Observation, legal: list[int]) -> int:
    """The play of the highest rank (the most cards among equals); a pass only when nothing else."""
    plays = _plays(obs, legal)
    if not plays:
        return legal[0]
    rules: ClimbRules = obs.climb_rules
    return max(plays, key=lambda a: (rules.classify(a).level, rules.classify(a).size, -a))


def lowest_play(obs: Observation, legal: list[int]) -> int:
    """The play of the lowest rank (the most cards among equals); a pass only when nothing else."""
    plays = _plays(obs, legal)
    if not plays:
        return legal[0]
    rules: ClimbRules = obs.climb_rules
    return min(plays, key=lambda a: (rules.classify(a).level, -rules.classify(a).size, a))


def most_cards_play(obs: Observation, legal: list[int]) -> int:
    """Greedy for the cards shed now: the play of the most cards (lowest rank among them)."""
    plays = _plays(obs, legal)
    if not plays:
        return legal[0]
    rules: ClimbRules = obs.climb_rules
    return max(plays, key=lambda a: (rules.classify(a).size, -rules.classify(a).level, -a))


def distinct(obs: Observation, legal: list[int]) -> list[int]:
    """The legal plays with interchangeable ones merged, for the strong bot's search: when no rule
    of the game tells the cards of a rank apart, single cards of one rank are one play (the
    lowest card id stands for them; sets and runs are offered once already). A decision of more
    than ``SEARCH_WIDTH`` plays is searched over one play of each shape, size and rank."""
    rules: ClimbRules = obs.climb_rules
    if len(legal) > SEARCH_WIDTH:
        # Too many to search one by one (suits told apart in long runs): one play of each shape,
        # size and rank stands for the rest.
        merged, kinds = [], set()
        for a in legal:
            if a and a < KNOCK:
                kind = rules.classify(a)
                if kind in kinds:
                    continue
                kinds.add(kind)
            merged.append(a)
        legal = merged
    if not rules.collapse or len(legal) < 2:
        return legal
    out, seen = [], set()
    for a in legal:
        if a and a < KNOCK and not a & (a - 1):   # a single card
            level = rules.level[a.bit_length() - 1]
            if level >= 0:
                if level in seen:
                    continue
                seen.add(level)
        out.append(a)
    return out


greedy_play.distinct = distinct             # type: ignore[attr-defined]
greedy_play.highest = highest_play          # type: ignore[attr-defined]
greedy_play.lowest = lowest_play            # type: ignore[attr-defined]
greedy_play.greedy_points = most_cards_play  # type: ignore[attr-defined]
