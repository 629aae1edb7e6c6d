"""How the simple bots play a matching hand (the family's bot hints, ``HINTS``): the greedy bot, the
trivial policies of the dominance check (``highest``, ``lowest``, ``greedy-points``), named in
``HINTS``, and the strong bot's anchor
(``canny_play``: the greedy play with the cards gone counted).

Greedy matching: knock when it may; on a draw chain, pass the chain on with a card of its rank
if it holds one; otherwise lay the card that keeps most options — the one after which most of
its other cards still match (its suit or rank), the costlier card among equals —, keeping
wilds and jokers for when nothing else matches; lay every card it may in a play of several;
name the suit (and rank) it holds most of; target, and give its worst card (the one that
matches least) to, the player with the fewest cards; trade with the smallest hand when it is
smaller than its own; always call; cover with the card that matches least; tuck its worst
card; give up a token; make the next player take the kitty. In cheat mode it lays a true
matching card when it has one, claims the truth when it may and otherwise a card of the claimed
top's suit, and challenges only a claim of a card it holds itself.

The trivial policies choose the card of a turn by its rank alone (``highest``, ``lowest``) or by
its worth in hand (``greedy-points``: the card worth most) and take every other decision as the
greedy bot does.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from generator.bots.decisions import greedy_decision
from generator.bots.hints import BotHints
from generator.engine.actions import NO, SUIT_ACTION, YES
from generator.engine.observation import Observation
from generator.engine.rollout import play_hand_lightly

from .determinize import pass_sampler
from .engine import effects
from .engine.play import (
    CALL, CHALLENGE, CLAIM_DECISION, JOKER_RANK, JOKER_SUIT, MATCH, MORE, NAME_SUIT, PLAY_DRAWN, TURNED_RANK,
    TURNED_SUIT,
)
from .engine.rules import BLIND, CLAIM, DRAW, KNOCK, PICK_UP, RANK, SECOND, STOP, TARGET, MatchRules


def _card(a: int) -> int:
    return a - SECOND if SECOND <= a < DRAW else a


def _plays(obs: Observation, legal: list[int]) -> list[int]:
    """The legal actions that lay a card from hand (or face-up row)."""
    size = obs.table.size
    return [a for a in legal if a < size or SECOND <= a < SECOND + size]


def _held(obs: Observation, rules: MatchRules, cards: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    suits: dict[int, int] = {}
    ranks: dict[int, int] = {}
    for c in cards:
        if c in rules.jokers:
            continue
        suits[rules.suit_of[c]] = suits.get(rules.suit_of[c], 0) + 1
        ranks[rules.rank_of[c]] = ranks.get(rules.rank_of[c], 0) + 1
    return suits, ranks


def _mine(obs: Observation) -> list[int]:
    hand = obs.hand
    if hand:
        return hand
    rows = obs.rows_up
    return list(rows[obs.player]) if rows else []


def _worth(obs: Observation, c: int) -> int:
    return obs.table.face[c]


def _special(obs: Observation, rules: MatchRules, c: int) -> bool:
    """A card worth keeping for when nothing else matches: a joker, a wild, an open card."""
    wild = obs.wild_rank
    r = rules.rank_of[c]
    return c in rules.jokers or r < 0 or rules.always_rank[r] or (wild is not None and r == wild)


def _options_kept(obs: Observation, rules: MatchRules, mine: list[int], c: int) -> int:
    """How many of the other cards held still match after ``c`` is laid (its suit or rank, or a
    joker); -1 for a card kept for when nothing else matches (``_special``)."""
    if _special(obs, rules, c):
        return -1
    return sum(1 for x in mine if x != c and (x in rules.jokers or rules.suit_of[x] == rules.suit_of[c]
                                             or rules.rank_of[x] == rules.rank_of[c]))


def best_lay(obs: Observation, plays: list[int]) -> int:
    """The card that keeps most options (see the module's docstring)."""
    rules: MatchRules = obs.match_rules
    mine = _mine(obs)

    def key(a: int):
        c = _card(a)
        return (_special(obs, rules, c), -_options_kept(obs, rules, mine, c), -_worth(obs, c), a)

    return min(plays, key=key)


def _unseen(obs: Observation) -> list[int]:
    """The cards this player has not seen: not in its hand (or face-up row), not face up on a
    discard pile or in anyone's face-up row. They lie in the others' hands or in the stock."""
    seen = set(_mine(obs))
    seen.update(obs.played)
    for row in obs.rows_up or ():
        seen.update(row)
    return [c for c in range(obs.table.size) if c not in seen]


def _matched_by(rules: MatchRules, c: int, unseen: list[int]) -> int:
    """How many of the unseen cards could be laid on ``c``: its suit, its rank, a joker or a card
    that is always playable (a wild)."""
    r, s = rules.rank_of[c], rules.suit_of[c]
    suit_of, rank_of, always = rules.suit_of, rules.rank_of, rules.always_rank
    return sum(1 for x in unseen if x in rules.jokers or rank_of[x] < 0 or always[rank_of[x]]
               or suit_of[x] == s or rank_of[x] == r)


def canny_lay(obs: Observation, plays: list[int]) -> int:
    """The greedy card (``best_lay``), but among cards that keep as many options, the one that the
    fewest unseen cards match: counting the cards gone, it leaves the next player the likeliest
    to draw. The greedy rule's costlier-first order then breaks what ties remain."""
    rules: MatchRules = obs.match_rules
    mine = _mine(obs)
    unseen = _unseen(obs)

    def key(a: int):
        c = _card(a)
        keep = _options_kept(obs, rules, mine, c)
        matched = 0 if keep < 0 else _matched_by(rules, c, unseen)   # a wild: no suit to count
        return (keep < 0, -keep, matched, -_worth(obs, c), a)

    return min(plays, key=key)


def canny_suit(obs: Observation, options: list[int]) -> int:
    """The suit it holds most of, its wilds apart (they match any suit), and of suits held alike
    the one with the fewest unseen cards: the others are the likeliest to lack it."""
    rules: MatchRules = obs.match_rules
    held, _ = _held(obs, rules, [c for c in _mine(obs) if not _special(obs, rules, c)])
    out: dict[int, int] = {}
    for x in _unseen(obs):
        if x not in rules.jokers and rules.rank_of[x] >= 0 and not rules.always_rank[rules.rank_of[x]]:
            out[rules.suit_of[x]] = out.get(rules.suit_of[x], 0) + 1
    return min(options, key=lambda a: (-held.get(a - SUIT_ACTION, 0), out.get(a - SUIT_ACTION, 0), a))


#: The suit namings ``canny_suit`` takes over from the greedy rule.
SUIT_NAMINGS = frozenset({JOKER_SUIT, NAME_SUIT, effects.CORDIAL})


def canny_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    """The strong bot's anchor: the greedy play, but laying and naming by the cards still unseen
    (``canny_lay``, ``canny_suit``). Measured against three greedy bots in Crazy Eights for four
    it wins 0.28 or 0.29 of the games where the greedy bot wins 0.25; the rollouts still model the
    others as greedy players."""
    if not obs.card_play or len(legal) == 1:
        return greedy_play(obs, legal, rng)
    d = obs.phase
    if d in SUIT_NAMINGS:
        return canny_suit(obs, legal)
    if d != MATCH or KNOCK in legal or obs.chain or getattr(obs.game.spec.play, "cheat", None) is not None:
        return greedy_play(obs, legal, rng)
    plays = _plays(obs, legal)
    return canny_lay(obs, plays) if plays else greedy_play(obs, legal, rng)


def _fewest(obs: Observation, seats: list[int]) -> int:
    sizes = obs.hand_sizes
    return min(seats, key=lambda q: (sizes[q], q))


def _most_suit(obs: Observation, rules: MatchRules, options: list[int]) -> int:
    suits, _ = _held(obs, rules, _mine(obs))
    return max(options, key=lambda a: (suits.get(a - SUIT_ACTION, 0), -a))


def _worst(obs: Observation, rules: MatchRules, cards: list[int]) -> int:
    """The card that matches least of the others held (the costlier among equals)."""
    mine = _mine(obs)

    def key(c: int):
        if _special(obs, rules, c):
            return (1, 0, 0, c)
        m = sum(1 for x in mine if x != c and (rules.suit_of[x] == rules.suit_of[c]
                                              or rules.rank_of[x] == rules.rank_of[c]))
        return (0, m, -_worth(obs, c), c)

    return min(cards, key=key)


def greedy_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    if not obs.card_play:
        return greedy_decision(obs, legal, rng)
    if len(legal) == 1:
        return legal[0]
    d = obs.phase
    if d == MATCH:
        return greedy_turn(obs, legal, rng)
    return greedy_other(obs, legal, rng)


def greedy_turn(obs: Observation, legal: list[int], rng: random.Random) -> int:
    if KNOCK in legal:
        return KNOCK
    plays = _plays(obs, legal)
    if obs.chain:
        return best_lay(obs, plays) if plays else DRAW
    if plays:
        cheat = getattr(obs.game.spec.play, "cheat", None) is not None
        if cheat:
            return _cheat_lay(obs, plays)
        return best_lay(obs, plays)
    blind = [a for a in legal if BLIND <= a < CLAIM]
    if blind:
        return blind[rng.randrange(len(blind))]
    picks = [a for a in legal if PICK_UP <= a < PICK_UP + 2]
    if picks:
        sizes = obs.pile_sizes
        return min(picks, key=lambda a: (sizes[a - PICK_UP], a))
    return legal[0]


def _cheat_lay(obs: Observation, plays: list[int]) -> int:
    """Cheat mode: a card that truly matches the claimed top if there is one, else the worst."""
    rules: MatchRules = obs.match_rules
    tops = obs.tops
    honest = []
    for a in plays:
        c, pile = _card(a), 1 if a >= SECOND else 0
        r, s = rules.rank_of[c], rules.suit_of[c]
        if c in rules.jokers or rules.always_rank[r] or rules.meets(r, s, tops[pile], obs.rule):
            honest.append(a)
    if honest:
        return best_lay(obs, honest)
    worst = _worst(obs, rules, [_card(a) for a in plays])
    return next(a for a in plays if _card(a) == worst)


def greedy_other(obs: Observation, legal: list[int], rng: random.Random) -> int:
    rules: MatchRules = obs.match_rules
    d = obs.phase
    if d == MORE:
        adds = [a for a in legal if a != STOP]
        return best_lay(obs, adds) if adds else STOP
    if d in (JOKER_RANK, effects.NAME_RANK):
        _, ranks = _held(obs, rules, _mine(obs))
        return max(legal, key=lambda a: (ranks.get(a - RANK, 0), -a))
    if d in (JOKER_SUIT, NAME_SUIT, effects.CORDIAL):
        return _most_suit(obs, rules, legal)
    if d in (TURNED_RANK, TURNED_SUIT):
        return legal[rng.randrange(len(legal))]
    if d == PLAY_DRAWN:
        plays = [a for a in legal if a != NO]
        return plays[0] if plays else NO
    if d in (CALL, effects.KITTY_GIVE, effects.TOKEN):
        return YES
    if d in (effects.TARGET_CHAIN, effects.GIVE_TO):
        return TARGET + _fewest(obs, [a - TARGET for a in legal])
    if d == effects.TRADE:
        seats = [a - TARGET for a in legal if a != NO]
        q = _fewest(obs, seats)
        return TARGET + q if obs.hand_sizes[q] < len(obs.hand) else NO
    if d in (effects.GIVE_CARD, effects.TUCK):
        cards = [a for a in legal if a != NO]
        return _worst(obs, rules, cards) if cards else NO
    if d == effects.COVER:
        cards = [a for a in legal if a != DRAW]
        return _worst(obs, rules, cards) if cards else DRAW
    if d == CLAIM_DECISION:
        return _claim(obs, legal)
    if d == CHALLENGE:
        claim = obs.claim
        return YES if claim is not None and claim in obs.hand else NO
    return legal[0]


def _claim(obs: Observation, legal: list[int]) -> int:
    """The truth when it may be claimed, else a claim of a card it does not hold, the lowest."""
    rules: MatchRules = obs.match_rules
    laid = obs.laid_card
    if laid is not None and CLAIM + laid in legal:
        return CLAIM + laid
    mine = set(obs.hand)
    options = [a for a in legal if a - CLAIM not in mine] or legal
    return min(options, key=lambda a: (rules.level[a - CLAIM], a))


def _rank_pick(obs: Observation, legal: list[int], high: bool) -> int:
    plays = _plays(obs, legal)
    if obs.phase != MATCH or not plays:
        return greedy_play(obs, legal, random.Random(0))
    rules: MatchRules = obs.match_rules
    sign = -1 if high else 1
    return min(plays, key=lambda a: (sign * rules.level[_card(a)], a))


def highest_play(obs: Observation, legal: list[int]) -> int:
    """The card of the highest rank (other decisions as the greedy bot)."""
    return _rank_pick(obs, legal, True)


def lowest_play(obs: Observation, legal: list[int]) -> int:
    """The card of the lowest rank (other decisions as the greedy bot)."""
    return _rank_pick(obs, legal, False)


def costliest_play(obs: Observation, legal: list[int]) -> int:
    """Greedy for the points shed now: the card worth most in hand (other decisions as the greedy
    bot)."""
    plays = _plays(obs, legal)
    if obs.phase != MATCH or not plays:
        return greedy_play(obs, legal, random.Random(0))
    return max(plays, key=lambda a: (_worth(obs, _card(a)), -a))


def rollout(state, rnd) -> None:
    """Play a determinized copy to the end of its hand with a light policy (``light_play``), one
    decision in ``1 / ROLLOUT_NOISE`` at random; decisions outside matching play are random.
    Random rollouts misjudge matching: random players pass and draw at will, so a hand in which
    anyone plays sensibly looks won. Counts moves and decisions as the engine's random fast path
    does, and stops at the game's move cap."""
    play_hand_lightly(state, rnd, lambda phase, s, options: light_play(phase, s, options, rnd), ROLLOUT_NOISE,
                      stretch=_light_turns)


def _light_turns(phase, state, hand_no: int, rnd) -> bool:
    """``play_lightly`` with ``light_play`` (engine/rollout.py) for a card play of ``fast_turns``
    (a turn's choices only matching cards and a draw): the same moves, the same random numbers
    drawn, the same counts, in one loop. A plain turn (no draw chain, no law, no wild rank, no
    rule for the next card) lists its options as ``Match.legal`` does (``_plain_actions``) and
    takes the light policy's card inline (``_light_card``); any other decision asks ``legal``
    and ``light_play``. False for a card play of another shape, which the shared loop plays."""
    if not getattr(phase, "fast_turns", False):
        return False
    legal_of, apply, plain_actions, plain_choices = phase.legal, phase.apply, phase._plain_actions, phase.plain_choices
    cap = phase.game.move_cap - state.record.moves
    moves = decisions = 0
    noise = ROLLOUT_NOISE
    while state.hand_no == hand_no and state.phase is phase and not state.terminal and moves < cap:
        plain = plain_choices(state)
        options = plain_actions(state, state.current) if plain else legal_of(state)
        moves += 1
        k = len(options)
        if k > 1:
            decisions += 1
            if rnd() < noise:
                a = options[int(rnd() * k)]
            elif plain:
                a = _light_card(phase, state, options, rnd)
            else:
                a = light_play(phase, state, options, rnd)
        else:
            a = options[0]
        apply(state, a)
    state._legal = None
    state.count_moves(moves, decisions)
    return True


#: Per compiled card play: whether each card is one ``light_play`` lays before the special ones
#: (not a joker, not of a rank that can always be laid), worked out once.
_ORDINARY: "weakref.WeakKeyDictionary[Any, list[bool]]" = weakref.WeakKeyDictionary()


def _light_card(phase, state, options: list[int], rnd) -> int:
    """``light_play`` on a plain turn of ``fast_turns`` (options: cards of the hand, then the
    draw; no knock): an ordinary card the hand holds most of the suit and rank of, else a
    special one at random, else the draw."""
    ordinary = _ORDINARY.get(phase)
    if ordinary is None:
        rules = phase.rules
        ordinary = _ORDINARY[phase] = [not (r < 0 or rules.always_rank[r]) for r in rules.rank_of]
    size = len(ordinary)
    plain = [a for a in options if a < size and ordinary[a]]
    if plain:
        return plain[0] if len(plain) == 1 else _most_alike(phase.rules, state.hands[state.current], plain)
    special = [a for a in options if a < size]
    if special:
        return special[int(rnd() * len(special))]
    return options[0]


#: In a rollout, the share of decisions taken at random rather than by the light policy.
ROLLOUT_NOISE = 0.05
#: In a rollout of cheat mode, how often a player challenges a claim (random play challenges half
#: the claims, and its hands, all pick-ups, last for hundreds of moves).
ROLLOUT_CHALLENGE = 0.2
#: The claims the strong bot weighs at most: the truth, the greedy claim, and a few others.
CLAIMS_SEARCHED = 4


def light_play(phase, state, options: list[int], rnd) -> int:
    """The greedy policy cut down for rollouts (the state itself, no Observation): knock when it
    may; lay a card when it can, an ordinary one before a wild or a joker — the one of the suit and
    rank it holds most of —; otherwise turn a blind card, draw or pick up; always call; name the
    suit it holds most of; other decisions at random."""
    d = state.decision
    if d == MATCH:
        if KNOCK in options:
            return KNOCK
        size = phase.table.size
        plain, special = [], []
        rules = phase.rules
        for a in options:
            if a < size or SECOND <= a < SECOND + size:
                c = _card(a)
                (special if rules.rank_of[c] < 0 or rules.always_rank[rules.rank_of[c]] else plain).append(a)
        if plain:
            if len(plain) == 1:
                return plain[0]
            return _most_alike(rules, phase.source(state, state.current), plain)
        if special:
            return special[int(rnd() * len(special))]
        return options[0]
    if d == CALL:
        return YES
    if d in (NAME_SUIT, JOKER_SUIT) and state.current is not None:
        # the suit it holds most of, as the greedy bot names it: a rollout that names a suit at
        # random makes a wild look worth little, and the search spends wilds early
        return _most_held_suit(phase, state, options)
    if d == CLAIM_DECISION:   # the truth when it may be claimed
        laid = state.laid[0] if state.laid else None
        if laid is not None and CLAIM + laid in options:
            return CLAIM + laid
        return options[int(rnd() * len(options))]
    if d == CHALLENGE:
        return YES if rnd() < ROLLOUT_CHALLENGE else NO
    if d == PLAY_DRAWN:
        return options[-1]
    if d == MORE:
        return options[-1]
    return options[int(rnd() * len(options))]


def _most_alike(rules: MatchRules, hand: list[int], plays: list[int]) -> int:
    """Of ``plays``, the card after which most of the others still match: the one whose suit and
    rank the hand holds most of, counted together (ties: the first)."""
    suit_of, rank_of = rules.suit_of, rules.rank_of
    suits: dict[int, int] = {}
    ranks: dict[int, int] = {}
    for x in hand:
        suits[suit_of[x]] = suits.get(suit_of[x], 0) + 1
        ranks[rank_of[x]] = ranks.get(rank_of[x], 0) + 1
    return max(plays, key=lambda a: suits[suit_of[_card(a)]] + ranks[rank_of[_card(a)]])


def _most_held_suit(phase, state, options: list[int]) -> int:
    """Of the suits to name, the one the player to name it holds most cards of (ties: the first)."""
    suit_of = phase.rules.suit_of
    count: dict[int, int] = {}
    for x in phase.source(state, state.current):
        count[suit_of[x]] = count.get(suit_of[x], 0) + 1
    return max(options, key=lambda a: (count.get(a - SUIT_ACTION, 0), -a))


#: Decisions the search does not weigh: naming a suit (the canny rule) and calling (the greedy rule).
SETTLED = frozenset({JOKER_SUIT, NAME_SUIT, effects.CORDIAL, CALL})


def distinct(obs: Observation, legal: list[int]) -> list[int]:
    """The actions worth a search: on a turn when a card may be laid (and no draw chain is
    waiting), passing to draw or pick up is left out — a few noisy rollouts cannot tell that a
    card kept is worth less than a card shed, and passing at will is almost never the better
    play; naming a suit is left to the canny rule (``canny_suit``) and calling to the greedy
    rule; of a claim's many cards, the truth, the greedy claim and a few others spread over the
    list (``CLAIMS_SEARCHED``)."""
    if obs.phase in SETTLED:
        return [canny_play(obs, legal, random.Random(0))]
    if obs.phase == CLAIM_DECISION and len(legal) > CLAIMS_SEARCHED:
        picks = [greedy_other(obs, legal, random.Random(0))]
        laid = obs.laid_card
        if laid is not None and CLAIM + laid in legal and CLAIM + laid not in picks:
            picks.append(CLAIM + laid)
        step = max(1, len(legal) // CLAIMS_SEARCHED)
        for a in legal[::step]:
            if len(picks) >= CLAIMS_SEARCHED:
                break
            if a not in picks:
                picks.append(a)
        return [a for a in legal if a in picks]
    if obs.phase != MATCH or obs.chain:
        return legal
    plays = _plays(obs, legal)
    if not plays:
        return legal
    return [a for a in legal if a != DRAW and not PICK_UP <= a < PICK_UP + 2]


def sampler(obs: Observation, put_away: dict[str, list[int]]):
    """The strong bot's determinizations: hands that agree with the passes seen (``bots.matching``)."""
    return pass_sampler(obs, put_away)


#: Matching's bot hints (``Family.bot_hints``). A hand pays the cards left in hand, tens of points:
#: a margin in points alone lets rollout noise overrule the steady play, so a play must also beat
#: it by two standard errors (``anchor_z``, bots/strong.py): with several plays weighed against the
#: anchor, one standard error let a lucky one through often enough to lose to the greedy bot (seed
#: 1: 0.21 and 0.24 of the games against it at 1.0, 0.19 and 0.25 at 2.0; against the trivial
#: policies every line above an even share at 2.0, not at 1.0).
HINTS = BotHints(play=greedy_play, highest=highest_play, lowest=lowest_play, greedy_points=costliest_play,
                 rollout=rollout, anchor=canny_play, anchor_z=2.0, distinct=distinct, sampler=sampler)
