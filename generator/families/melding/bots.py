"""How the simple bots play a melding hand (the family's bot hints, ``HINTS``): the greedy bot, and the
trivial policies of the dominance check (``highest``, ``lowest``, ``greedy-points``), named in
``HINTS``.

Greedy melding: knock when it may; take the top card of a discard pile when it makes or extends a
meld with the hand (or can be laid off), else draw one card from the stock; take a full house at
once; swap a joker out of a meld when it can; lay every meld it can, the longest first, a meld
without a joker before one with (keeping jokers for the biggest gain); add to the table when
rearranging lets it; lay off whatever it can, natural cards before jokers; stump four of a kind;
never dump; discard the card of highest value that is in no meld and no near-meld (two of a rank,
two next to each other in a run), never a joker while another card will do; never desert unless
behind and holding many points (then shed its costliest cards); call the block only when the card
could truly be laid off; always call the last card.

The trivial policies choose by the cards alone: ``highest`` (``lowest``) takes, of the actions
that lay or discard cards, the one whose highest card ranks highest (lowest); ``greedy-points``
discards and lays the cards worth most. Every other decision is the greedy bot's.

The strong bot reaches the hand through ``distinct`` (the actions worth a search: a turn's melds
cut to the few longest; calls and sheds left to the greedy rule), ``rollout`` (a hand played out
by the greedy rule on the determinized state itself, one decision in ``1 / ROLLOUT_NOISE`` at
random) and ``anchor`` (``canny_play``: the greedy play, but discarding by live outs — the cards
still unseen that would meld a card with the hand —, which the search must clearly beat).
"""

from __future__ import annotations

import random
from typing import Any

from generator.bots.decisions import greedy_decision
from generator.bots.hints import BotHints
from generator.engine.actions import NO, YES
from generator.engine.observation import Observation
from generator.engine.rollout import play_hand_lightly, play_lightly

from .engine.actions import (ACTION_Q, ADD, ADD_TWO, BLIND, BLIND_TURN, BLOCK_Q, CALL_Q, DESERT, DESERT_Q, DISCARD_Q,
                             DRAW_Q, DUMP, FULL, KNOCK, LAY_OFF, MASK, MELD, MELD_Q, SECOND, SHED, STOCK, STOP, STUMP,
                             SWAP, TAKE)
from .engine.play import Turn
from .engine.rules import RUN, bits

#: In a rollout, the share of decisions taken at random rather than by the greedy rule.
ROLLOUT_NOISE = 0.05
#: The melds of one decision the strong bot weighs at most (the longest).
MELDS_SEARCHED = 4
#: Deserting: only a player this far behind the leader, holding at least this much, deserts.
DESERT_BEHIND = 20
DESERT_HOLDING = 40


class View:
    """What the greedy rule reads, from an Observation or (in a rollout) from the state itself."""

    __slots__ = ("phase", "decision", "hand", "melds", "info", "piles", "wild", "me", "totals", "legal")

    def __init__(self, phase: Turn, decision: str, hand: list[int], melds, info, piles, wild_rank, me: int,
                 totals: list[int], legal: list[int]):
        self.phase, self.decision, self.hand, self.melds, self.info = phase, decision, hand, melds, info
        self.piles, self.me, self.totals, self.legal = piles, me, totals, legal
        self.wild = phase.rules.wild_mask(wild_rank)

    @classmethod
    def of_obs(cls, obs: Observation, legal: list[int]) -> "View":
        return cls(obs.meld_phase, obs.phase, obs.hand, obs.melds, obs.meld_info, obs.piles, obs.wild_rank,
                   obs.player, obs.totals, legal)

    @classmethod
    def of_state(cls, phase: Turn, state: Any, legal: list[int]) -> "View":
        p = state.current
        return cls(phase, state.decision, state.hands[p], state.melds, state.meld_info, state.piles, state.wild_rank,
                   p, state.totals, legal)


def _value(v: View, c: int) -> int:
    scorer_values = getattr(v.phase.game.scorer, "value", None)
    return scorer_values[c] if scorer_values is not None else v.phase.table.face[c]


def _joker(v: View, c: int) -> bool:
    return bool((v.wild >> c) & 1)


def _kept(v: View, hand: list[int]) -> set[int]:
    """Cards in a meld or a near-meld of the hand: two of a rank, two next to each other in a run
    (same suit when runs are), and jokers."""
    rules = v.phase.rules
    wild = v.wild
    keep: set[int] = set()
    for m in rules.hand_melds(hand, wild):
        keep.update(bits(m))
    # Every pair of natural cards on one ladder that is two of a rank (on the plain ladder) or
    # stands side by side in a run (of one suit, when runs are), found through where each card
    # stands rather than pair by pair (a rollout asks this at every discard).
    ladder, rank_of, suit_of, same_suit = rules.ladder, rules.rank_of, rules.suit_of, rules.same_suit
    by_rank: dict[int, list[int]] = {}
    by_place: dict[tuple[int, int, int], list[int]] = {}
    for c in hand:
        if (wild >> c) & 1:
            keep.add(c)
            continue
        if ladder[c] == 0:
            by_rank.setdefault(rank_of[c], []).append(c)
        suit = suit_of[c] if same_suit else -1
        for x in rules.positions(c):
            by_place.setdefault((ladder[c], suit, x), []).append(c)
    for cards in by_rank.values():
        if len(cards) > 1:
            keep.update(cards)
    for (lad, suit, x), cards in by_place.items():
        for b in by_place.get((lad, suit, x + 1), ()):
            for a in cards:
                if a != b:
                    keep.add(a)
                    keep.add(b)
    return keep


def _helps(v: View, card: int) -> bool:
    """Whether a card taken would make a meld with the hand or could be laid off."""
    rules = v.phase.rules
    hand = list(v.hand) + [card]
    if any((m >> card) & 1 for m in rules.hand_melds(hand, v.wild)):
        return True
    if v.phase.lay_off is None:
        return False
    own = v.phase.lay_off == "own"
    return any(card in rules.fits(m, k, lo, v.wild) for m, (o, k, lo) in zip(v.melds, v.info)
               if not own or o == v.me)


def _meld_key(v: View, a: int) -> tuple:
    cs = bits(a & MASK)
    jokers = sum(1 for c in cs if _joker(v, c))
    return (-len(cs) + 2 * jokers, jokers, -sum(_value(v, c) for c in cs), a)


def _draw(v: View) -> int:
    legal = v.legal
    if KNOCK in legal:
        return KNOCK
    for a in legal:
        if TAKE <= a < BLIND and (a - TAKE) % 100 == 1:
            i = (a - TAKE) // 100
            if _helps(v, v.piles[i][-1]):
                return a
    if STOCK + 1 in legal:
        return STOCK + 1
    stock = [a for a in legal if STOCK < a < STOCK + 3]
    return stock[0] if stock else legal[0]


def _table(v: View) -> int | None:
    """The greedy table action (full house, swap, meld, add, lay-off, stump), or None."""
    legal = v.legal
    fulls = [a for a in legal if FULL <= a < STUMP]
    if fulls:
        return fulls[0]
    swaps = [a for a in legal if SWAP <= a < DUMP]
    if swaps:
        return swaps[0]
    melds = [a for a in legal if MELD <= a < FULL]
    if melds:
        return min(melds, key=lambda a: _meld_key(v, a))
    adds = [a for a in legal if ADD <= a < MELD]
    if adds:
        return min(adds, key=lambda a: (-len(_cards_of_action(a)), any(_joker(v, c) for c in _cards_of_action(a)),
                                        -sum(_value(v, c) for c in _cards_of_action(a)), a))
    offs = [a for a in legal if LAY_OFF <= a < SWAP]
    if offs:
        return min(offs, key=lambda a: (_joker(v, (a - LAY_OFF) % 128), -_value(v, (a - LAY_OFF) % 128), a))
    stumps = [a for a in legal if a >= STUMP]
    if stumps:
        return stumps[0]
    return None


def _discard(v: View, legal: list[int]) -> int:
    return _discard_order(v, legal)[0]


def _discard_order(v: View, legal: list[int]) -> list[int]:
    """The discards, the greedy rule's choice first: no joker, a card in no meld or near-meld, the
    costliest, the highest."""
    keep = _kept(v, v.hand)
    rules = v.phase.rules

    def key(a: int) -> tuple:
        c = a - SECOND if a >= SECOND else a
        return (_joker(v, c), c in keep, -_value(v, c), -rules.level[c], a)

    return sorted(legal, key=key)


def _behind(v: View) -> bool:
    worth = sum(_value(v, c) for c in v.hand)
    others = [t for q, t in enumerate(v.totals) if q != v.me]
    return bool(others) and max(others) - v.totals[v.me] >= DESERT_BEHIND and worth >= DESERT_HOLDING


def choose(v: View) -> int:
    """The greedy rule on a View."""
    legal = v.legal
    if len(legal) == 1:
        return legal[0]
    d = v.decision
    if d == DRAW_Q:
        return _draw(v)
    if d == ACTION_Q:
        if KNOCK in legal:
            return KNOCK
        a = _table(v)
        if a is not None:
            return a
        if DESERT in legal and _behind(v):
            return DESERT
        return _draw_from(v, [x for x in legal if x < LAY_OFF and x != DESERT])
    if d in (MELD_Q, "lay-off", "stump"):
        a = _table(v)
        return a if a is not None else (STOP if STOP in legal else legal[0])
    if d == "dump":
        return STOP if STOP in legal else legal[0]
    if d == DISCARD_Q:
        return _discard(v, legal)
    if d == DESERT_Q:
        return YES if _behind(v) else NO
    if d == SHED:
        return max(legal, key=lambda c: (_value(v, c), v.phase.rules.level[c], -c))
    if d == BLOCK_Q:
        return YES if _true_block(v) else NO
    if d == CALL_Q:
        return YES
    if d == BLIND_TURN:
        return legal[0]
    return legal[0]


def _draw_from(v: View, legal: list[int]) -> int:
    saved = v.legal
    v.legal = legal or saved
    try:
        return _draw(v)
    finally:
        v.legal = saved


def _true_block(v: View) -> bool:
    pile = v.piles[0] if v.piles else []
    for p in v.piles:
        if p:
            pile = p
    card = pile[-1] if pile else None
    if card is None:
        return False
    rules = v.phase.rules
    return any(card in rules.fits(m, k, lo, v.wild) for m, (_, k, lo) in zip(v.melds, v.info))


def greedy_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    if not obs.card_play:
        return greedy_decision(obs, legal, rng)
    if len(legal) == 1:
        return legal[0]
    return choose(View.of_obs(obs, legal))


# -- the strong bot's own play: discards by live outs --------------------------------------------

#: What a card's partial meld is worth when one more card completes it, per live card that would
#: (``PAIR_OUT``), and when two more do, per live pair (``SINGLE_OUT``); what a point of card value
#: held costs, in the same units (a card kept costs its points if another player goes out); and
#: what a card already in a meld of the hand is worth (it is never the discard while another is).
PAIR_OUT = 1.0
SINGLE_OUT = 0.1
POINT = 0.05
MELDED = 10.0


def _live_outs(v: View, hand: list[int]) -> dict[int, float]:
    """How much each natural card of the hand is worth keeping: the live cards that would complete
    a meld with it and the hand (a card is dead when it lies face up, in a meld or a discard pile,
    or in this hand: no one can draw it to complete anything), summed over its partial melds —
    two of a rank waiting for a third, two of a run waiting for the card between or beside them,
    a card two beyond a run on the table (one card lays off both), weighed ``PAIR_OUT`` per live
    card; a card alone waiting for two, ``SINGLE_OUT`` per live pair —, each wild card still out
    counting as a live card of every kind; less ``POINT`` a point of its value. Why: the greedy
    rule keeps every near-meld alike, but a pair whose third cards all lie face up will never
    meld, and the card it keeps instead may."""
    rules = v.phase.rules
    seen = set(hand)
    for m in v.melds:
        seen.update(m)
    for pile in v.piles:
        seen.update(pile)
    wild = v.wild
    same_suit = rules.same_suit
    wild_n = sum(1 for c in bits(wild) if c not in seen)   # wild cards still out
    live_rank: dict[int, int] = {}     # the live natural cards of each rank ...
    live_at: dict[tuple, int] = {}     # ... and of each (run group, level)
    for c in range(rules.size):
        if c in seen or (wild >> c) & 1 or rules.ladder[c] != 0:
            continue
        live_rank[rules.rank_of[c]] = live_rank.get(rules.rank_of[c], 0) + 1
        key = (rules.suit_of[c] if same_suit else -1, rules.level[c])
        live_at[key] = live_at.get(key, 0) + 1
    mine_rank: dict[int, int] = {}
    mine_at: set[tuple] = set()
    natural = [c for c in hand if not (wild >> c) & 1 and rules.ladder[c] == 0]
    for c in natural:
        mine_rank[rules.rank_of[c]] = mine_rank.get(rules.rank_of[c], 0) + 1
        mine_at.add((rules.suit_of[c] if same_suit else -1, rules.level[c]))
    runs: dict[int, list[tuple[int, int]]] = {}   # the runs on the table by group: (lowest, highest level)
    for m, (_, kind, lo) in zip(v.melds, v.info):
        nat = next((c for c in m if not (wild >> c) & 1), None)
        if kind == RUN and nat is not None and rules.ladder[nat] == 0:
            runs.setdefault(rules.suit_of[nat] if same_suit else -1, []).append((lo, lo + len(m) - 1))
    melded: set[int] = set()
    for m in rules.hand_melds(hand, wild):
        melded.update(bits(m))
    top = rules.top
    out: dict[int, float] = {}
    for c in natural:
        live = live_rank.get(rules.rank_of[c], 0) + wild_n
        worth = PAIR_OUT * live if mine_rank[rules.rank_of[c]] >= 2 else SINGLE_OUT * live * (live - 1) / 2
        s = rules.suit_of[c] if same_suit else -1
        lv = rules.level[c]
        for lo in range(max(0, lv - 2), min(lv, top - 2) + 1):   # each window of three levels with it
            missing = [x for x in range(lo, lo + 3) if (s, x) not in mine_at]
            if len(missing) == 1:
                worth += PAIR_OUT * (live_at.get((s, missing[0]), 0) + wild_n)
            elif len(missing) == 2:
                a, b = (live_at.get((s, x), 0) for x in missing)
                worth += SINGLE_OUT * (a * b + wild_n * (a + b))
        for lo, hi in runs.get(s, ()):
            if lv == hi + 2 or lv == lo - 2:
                worth += PAIR_OUT * (live_at.get((s, (lv + (lo if lv < lo else hi)) // 2), 0) + wild_n)
        out[c] = worth - POINT * _value(v, c) + (MELDED if c in melded else 0.0)
    return out


def _canny_discard_order(v: View, legal: list[int]) -> list[int]:
    """The discards, the strong bot's choice first: never a joker while another card will do, and
    of the others the card least worth keeping (``_live_outs``). Where every loser pays the cards
    left in their own hand (``losers_lose``), a card held is a certain loss if another goes out
    and the greedy rule's costliest-first order stands (measured: live outs won no more games
    there)."""
    if getattr(v.phase.spec.scoring, "losers_lose", False):
        return _discard_order(v, legal)
    worth = _live_outs(v, list(v.hand))
    rules = v.phase.rules

    def key(a: int) -> tuple:
        c = a - SECOND if a >= SECOND else a
        return (_joker(v, c), worth.get(c, 0.0), -_value(v, c), -rules.level[c], a)

    return sorted(legal, key=key)


def canny_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    """The greedy rule, but discarding by live outs (``_canny_discard_order``): the strong bot's
    anchor play."""
    if not obs.card_play or len(legal) == 1 or obs.phase != DISCARD_Q:
        return greedy_play(obs, legal, rng)
    return _canny_discard_order(View.of_obs(obs, legal), legal)[0]


# -- the trivial policies ---------------------------------------------------------------------------

def _cards_of_action(a: int) -> list[int]:
    if a >= MELD:
        return bits(a & MASK)
    if LAY_OFF <= a < SWAP:
        return [(a - LAY_OFF) % 128]
    if ADD_TWO <= a < MELD:
        return list(divmod(a - ADD_TWO, 128))
    if ADD <= a < ADD + 1000:
        return [a - ADD]
    if a >= SECOND and a < STOCK:
        return [a - SECOND]
    if a < 1000:
        return [a]
    return []


def _pick(obs: Observation, legal: list[int], key) -> int:
    card_actions = [a for a in legal if _cards_of_action(a)]
    if not obs.card_play or obs.phase not in (DISCARD_Q, MELD_Q, "lay-off", ACTION_Q) or not card_actions:
        return greedy_play(obs, legal, random.Random(0))
    return min(card_actions, key=key)


def highest_play(obs: Observation, legal: list[int]) -> int:
    """The action whose highest card ranks highest (other decisions as the greedy bot)."""
    level = obs.meld_rules.level
    return _pick(obs, legal, lambda a: (-max(level[c] for c in _cards_of_action(a)), a))


def lowest_play(obs: Observation, legal: list[int]) -> int:
    """The action whose highest card ranks lowest (other decisions as the greedy bot)."""
    level = obs.meld_rules.level
    return _pick(obs, legal, lambda a: (max(level[c] for c in _cards_of_action(a)), a))


def costliest_play(obs: Observation, legal: list[int]) -> int:
    """The action shedding the most points now (other decisions as the greedy bot)."""
    v = View.of_obs(obs, legal)
    return _pick(obs, legal, lambda a: (-sum(_value(v, c) for c in _cards_of_action(a)), a))


# -- the strong bot's hooks -----------------------------------------------------------------------------

def rollout(state, rnd) -> None:
    """Play a determinized copy to the end of its hand by the greedy rule on the state itself
    (no Observation), one decision in ``1 / ROLLOUT_NOISE`` at random; decisions outside melding
    play are random. Random rollouts misjudge melding: random players stop melding at will and
    desert half their turns. A plain game's whole turns go through the engine's plain loop
    (``_plain_turns``)."""
    play_hand_lightly(state, rnd, _light, ROLLOUT_NOISE, stretch=_plain_turns)


def _light(phase, state, options: list[int]) -> int:
    return choose(View.of_state(phase, state, options))


def _plain_turns(phase, state, hand_no: int, rnd) -> bool:
    """A plain game (``plain.PlainTurns``): the turn under way by the greedy rule move by move,
    then whole turns in the plain loop playing the same rule on masks; False where the game is
    not plain, or the move cap is too near for the loop (the shared loop plays on)."""
    plain = getattr(phase, "_plain", None)
    if plain is None or not plain.ready(state) or state.record.moves > plain.safe_moves(state):
        return False
    if state.decision != DRAW_Q:
        play_lightly(state, phase, lambda s: s.hand_no == hand_no and s.phase is phase and s.decision != DRAW_Q,
                     lambda s, options: _light(phase, s, options), rnd, ROLLOUT_NOISE)
        if state.terminal or state.hand_no != hand_no or state.phase is not phase or not plain.ready(state) \
                or state.record.moves > plain.safe_moves(state):
            return True
    plain.play(state, rnd, ROLLOUT_NOISE)
    return True


#: Decisions the search leaves to the greedy rule.
SETTLED = frozenset({CALL_Q, BLOCK_Q, SHED, BLIND_TURN})
#: The discards the strong bot weighs at most (the greedy rule's first choices).
DISCARDS_SEARCHED = 3


def distinct(obs: Observation, legal: list[int]) -> list[int]:
    """The actions worth a search: calls, sheds and blind cards left to the greedy rule; of a
    decision's many melds, the longest few (``MELDS_SEARCHED``) and the greedy one; of a discard,
    the greedy rule's first few (``DISCARDS_SEARCHED``); at a meld or lay-off step that offers one,
    stopping is left out. Why: a few rollouts an action cannot tell a card kept from a card shed
    when the hand pays tens of points — each candidate more is one more chance for rollout noise to
    overrule the steady play —, and a card melded or laid off never counts against its player,
    while one held may."""
    if obs.phase in SETTLED:
        return [greedy_play(obs, legal, random.Random(0))]
    if obs.phase == DISCARD_Q and len(legal) > DISCARDS_SEARCHED:
        v = View.of_obs(obs, legal)
        keep = set(_canny_discard_order(v, legal)[:DISCARDS_SEARCHED])
        return [a for a in legal if a in keep]
    if obs.phase in (MELD_Q, "lay-off") and STOP in legal and len(legal) > 1:
        legal = [a for a in legal if a != STOP]
    melds = [a for a in legal if MELD <= a < FULL]
    if len(melds) <= MELDS_SEARCHED:
        return legal
    v = View.of_obs(obs, legal)
    keep = set(sorted(melds, key=lambda a: _meld_key(v, a))[:MELDS_SEARCHED])
    keep.add(choose(v))
    return [a for a in legal if not (MELD <= a < FULL) or a in keep]


#: Melding's bot hints (``Family.bot_hints``). A hand pays the cards left in hand, tens of points,
#: and a rollout of a melding hand is long and noisy: a play must beat the steady play by two
#: standard errors (``anchor_z``, bots/strong.py), or with a few rollouts a candidate among several
#: overrules it by luck more often than by merit.
HINTS = BotHints(play=greedy_play, highest=highest_play, lowest=lowest_play, greedy_points=costliest_play,
                 rollout=rollout, anchor=canny_play, anchor_z=2.0, distinct=distinct)

__all__ = ["HINTS", "greedy_play"]
