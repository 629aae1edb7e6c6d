"""The strong bot's rollout policy for trick-taking games: the greedy bot's card play, cut down to
read the determinized State directly (no Observation), with one decision in ``1 / ROLLOUT_NOISE``
at random.

Why: a rollout in which every player throws a random legal card says little about a card's worth
in a trick game — random players squander their aces and duck nothing, so a hand's tricks fall
almost by chance, and four rollouts per play cannot tell a good play from a poor one. Players who
win cheaply, duck penalties and (in a game of trick bids) play to their bid are what the bot
meets at the table. A little noise keeps the rollouts from being one fixed line of play.

The policy, for the player to play (``light_play``):

* when a trick bid is known, a player short of its bid plays to win, one who has made it plays to
  lose; otherwise a player plays to win when tricks score and to lose when cards cost points;
* to win: lead the strongest card; follow with the cheapest card that takes the trick so far, or
  throw the weakest if none does;
* to lose: play the strongest card that does not take the trick (shedding penalty cards first
  when cards cost points), or, if every card takes it, the weakest (or, in a trick that already
  carries penalties, the strongest, to keep the low cards for later).

Only a plain trick phase (no wild jokers, joker lead, pig or laws: ``TrickPlay.plain``) is played
this way; anything else in the hand (bids, calls …) is played at random, as before.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine.rollout import play_lightly

#: In a rollout, the share of card plays made at random rather than by the light policy.
ROLLOUT_NOISE = 0.1


def rollout(state: Any, rnd: Callable[[], float]) -> None:
    """Play a determinized copy to the end of its hand: plain trick play by ``light_play`` (with
    ``ROLLOUT_NOISE``), every other decision uniformly at random."""
    hand_no = state.hand_no
    while not state.terminal and state.hand_no == hand_no:
        phase = state.phase
        if getattr(phase, "card_play", False) and getattr(phase, "plain", False) and state.forced_lead is None:
            play_lightly(state, phase,
                         lambda s: s.hand_no == hand_no and s.phase is phase and s.forced_lead is None,
                         lambda s, options: light_play(phase, s, options), rnd, ROLLOUT_NOISE)
            continue
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])


def light_play(phase: Any, state: Any, options: list[int]) -> int:
    """The card the light policy plays (see the module's docstring)."""
    rules = phase.rules
    strength = rules.strength
    points = phase.game.scorer.card_points
    trick = state.trick
    p = state.current
    bids = getattr(state, "bids", None)
    bid = bids[p] if bids and p < len(bids) else None
    if bid is not None:
        want = state.tricks_won[p] < bid
    else:   # tricks score, or the cards won score more than they cost
        want = not points or sum(points.values()) > 0
    if not trick:
        if want:
            return max(options, key=lambda c: (strength[c], -c))
        if points and not want:   # lead low, and never a penalty card when another will do
            return min(options, key=lambda c: (-points.get(c, 0), strength[c], c))
        return min(options, key=lambda c: (strength[c], c))
    eff, trump, anti = state.eff, state.win_trump, state.anti
    at = len(trick)
    winner = rules.winner
    wins = [c for c in options if winner(trick + [c], eff, trump, anti) == at]
    if want:
        return min(wins or options, key=lambda c: (strength[c], c))
    losers = [c for c in options if c not in wins]
    if losers:
        if points:
            return min(losers, key=lambda c: (points.get(c, 0), -strength[c], c))
        return max(losers, key=lambda c: (strength[c], -c))
    if points and sum(points.get(c, 0) for c in trick) < 0:
        return max(options, key=lambda c: (strength[c], -c))
    return min(options, key=lambda c: (strength[c], c))
