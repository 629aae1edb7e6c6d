"""How the simple bots play a climbing turn (the family's bot hints, ``HINTS``): the greedy bot, and the
trivial policies of the dominance check (``highest``, ``lowest``, ``greedy-points``), named in
``HINTS``.

Greedy climbing: knock when it may; lead the lowest play, the longest of the lowest rank (shed
the weak cards in bulk); on a play, beat it with the cheapest play that beats (the
lowest rank, not breaking up a set when a play that does not beats); keep bombs, the rocket, a
single joker and the low bomb for when the hand is nearly out, passing when only they beat early
in the hand (more than five cards left).

The strong bot searches climbing through more pieces here (``HINTS``'
``distinct``, ``rollout`` and ``sampler``, the last dealing the unseen cards as the passes and the
exchange allow: ``bots.climbing``): it weighs only a few sensible plays at a decision (``candidates``),
and it plays its rollouts to the end of the hand with a light greedy policy (``rollout``) rather
than at random. Random rollouts judge a climbing play badly: random players throw away their
twos and bombs on low leads, so holding strength looks worthless and the searcher sheds it too.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from generator.bots.decisions import greedy_decision
from generator.bots.hints import BotHints
from generator.engine.observation import Observation
from generator.engine.rollout import play_lightly

from .determinize import ClimbSampler
from .engine.play import CLIMB
from .engine.rules import BLIND, BOMB, JOKER, KNOCK, LOW, PASS, ROCKET, ClimbRules

SPECIAL = (BOMB, ROCKET, JOKER, LOW)
#: A hand with more cards than this is "early": the greedy bot keeps its strong plays.
EARLY = 5
#: More legal plays than this and the strong bot searches one play per shape, size and rank.
SEARCH_WIDTH = 48
#: The strong bot searches, of each shape and size, this many of the lowest plays and the highest.
LOWEST_KEPT = 2
#: In a rollout, the share of turns a player takes a random legal action rather than the greedy
#: one, so that the rollouts of one determinization do not all tell the same story.
ROLLOUT_NOISE = 0.05


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
    if rules.collapse and len(legal) >= 2:
        out, seen = [], set()
        for a in legal:
            if a and a < KNOCK and not a & (a - 1):   # a single card
                level = rules.level[a.bit_length() - 1]
                if level >= 0:
                    if level in seen:
                        continue
                    seen.add(level)
            out.append(a)
        legal = out
    return candidates(rules, legal)


def candidates(rules: ClimbRules, legal: list[int]) -> list[int]:
    """The plays worth a search: the pass, a knock and blind cards, every bomb, rocket, joker and
    low bomb (few, and each a turning point), and of each ordinary shape and size the
    ``LOWEST_KEPT`` lowest plays (shedding weak cards, beating cheaply) and the highest (taking the
    lead back). The middle plays of a long list are rarely better than both ends, and every play
    searched takes rollouts from the others: a budget spread over forty plays judges none of them."""
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    out: list[int] = []
    for a in legal:
        if a == PASS or a >= KNOCK:
            out.append(a)
            continue
        p = rules.classify(a)
        if p.shape in SPECIAL:
            out.append(a)
        else:
            groups.setdefault((p.shape, p.size), []).append((p.level, a))
    for group in groups.values():
        if len(group) <= LOWEST_KEPT + 1:
            out.extend(a for _, a in group)
            continue
        group.sort()
        out.extend(a for _, a in group[:LOWEST_KEPT])
        out.append(group[-1][1])
    order = {a: i for i, a in enumerate(legal)}
    return sorted(out, key=order.__getitem__)


def rollout(state, rnd) -> None:
    """Play a determinized copy to the end of its hand, every seat with the light greedy policy
    (``light_play``), one turn in ``1 / ROLLOUT_NOISE`` at random; decisions outside climbing
    (there are none inside a hand but the climb) are random. Counts moves and decisions as the
    engine's random fast path does, and stops at the game's move cap."""
    hand_no = state.hand_no
    while not state.terminal and state.hand_no == hand_no:
        if state.decision != CLIMB:   # passing cards: the greedy decision
            legal = state.legal_actions()
            a = legal[0]
            if len(legal) > 1:
                a = greedy_play(state.observation(state.current), legal, random.Random(int(rnd() * (1 << 62))))
            state.apply_action(a)
            continue
        phase = state.phase
        if _plain_singles(phase):
            _light_climb(phase, state, hand_no, rnd)
        else:
            play_lightly(state, phase, lambda s: s.hand_no == hand_no and s.decision == CLIMB,
                         lambda s, options: light_play(phase.rules, s, options), rnd, ROLLOUT_NOISE)


#: Per compiled climb: whether it is plain climbing (``Climb.plain``) with no single card special
#: to ``light_play`` (a bomb, the rocket, a joker, the low bomb), worked out once.
_PLAIN: "weakref.WeakKeyDictionary[Any, bool]" = weakref.WeakKeyDictionary()


def _plain_singles(phase) -> bool:
    plain = _PLAIN.get(phase)
    if plain is None:
        rules = phase.rules
        plain = _PLAIN[phase] = bool(getattr(phase, "plain", False)) and not any(
            rules.classify(1 << c).shape in SPECIAL for c in range(len(phase.card_level)))
    return plain


def _light_climb(phase, state, hand_no: int, rnd) -> None:
    """``play_lightly`` with ``light_play`` for plain climbing (``_plain_singles``): the same
    moves, the same random numbers drawn, the same counts. The opening play (a forced card, a
    lead holding the opening card) asks ``legal`` and ``light_play``; the rest of the hand is the
    engine's plain loop (``Climb._plain_turns``) playing the same policy with the hands as bit
    masks, without listing the plays."""
    legal_of, apply, rules = phase.legal, phase.apply, phase.rules
    cap = phase.game.move_cap - state.record.moves
    moves = decisions = 0
    noise = ROLLOUT_NOISE
    while state.forced is not None or state.opening_with is not None:
        if not (state.hand_no == hand_no and state.decision == CLIMB and not state.terminal and moves < cap):
            break
        moves += 1
        options = legal_of(state)
        k = len(options)
        if k > 1:
            decisions += 1
            a = options[int(rnd() * k)] if rnd() < noise else light_play(rules, state, options)
        else:
            a = options[0]
        apply(state, a)
    if state.hand_no == hand_no and state.decision == CLIMB and not state.terminal and moves < cap:
        moves, decisions = phase._plain_turns(state, rnd, moves, decisions, cap, noise)
    state._legal = None
    state.count_moves(moves, decisions)


#: For each game's rules, what ``light_play`` needs of a play: (special, level, size), worked out
#: once (a rollout asks it of every option at every turn).
_LIGHT: "weakref.WeakKeyDictionary[ClimbRules, dict[int, tuple[bool, int, int]]]" = weakref.WeakKeyDictionary()


def light_play(rules: ClimbRules, state, options: list[int]) -> int:
    """The greedy policy cut down for rollouts (the state itself, no Observation): knock when it
    may; lead the lowest play, the longest of the lowest rank; beat with the lowest play that
    beats, keeping bombs, the rocket, a joker and the low bomb while the hand is long (passing
    then if only they beat)."""
    if KNOCK in options:
        return KNOCK
    info = _LIGHT.get(rules)
    if info is None:
        info = _LIGHT[rules] = {}
    best = None
    best_key = None
    leading = state.to_beat is None
    early = len(state.hands[state.current]) > EARLY
    for a in options:
        if a == PASS or a >= BLIND:
            continue
        k = info.get(a)
        if k is None:
            p = rules.classify(a)
            k = info[a] = (p.shape in SPECIAL, p.level, p.size)
        if leading:
            key = (k[0], k[1], -k[2])
        elif k[0] and early:
            continue
        else:
            key = k
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is not None:
        return best
    if PASS in options:
        return PASS
    return options[0]


def budget_scale(obs: Observation) -> int:
    """Three times the playtest's rollouts a decision at four players or more, the plain budget
    below. Against three greedy bots in President (384 games, four seeds) the search won 0.26 of
    the games at the plain budget, 0.32 at twice, 0.39 at three times and 0.37 at four: a rollout
    guesses the play of every other seat, and with three of them one rollout says little. Three
    times the budget for the leads alone won 0.31, for the follows alone 0.29. At three players
    (Dou Dizhu) the plain budget already won 0.90 against the greedy bot, and three times it made
    Tier 2 take 3.6 times as long."""
    return 3 if obs.players >= 4 else 1


def _sampler(obs: Observation, put_away: dict):
    """The strong bot's determinization of a climbing table, which reads the passes
    (``bots.climbing.ClimbSampler``)."""
    return ClimbSampler(obs, put_away)


#: Climbing's bot hints (``Family.bot_hints``): the greedy play is its own anchor.
HINTS = BotHints(play=greedy_play, highest=highest_play, lowest=lowest_play, greedy_points=most_cards_play,
                 rollout=rollout, anchor=greedy_play, budget_scale=budget_scale, distinct=distinct,
                 sampler=_sampler)
