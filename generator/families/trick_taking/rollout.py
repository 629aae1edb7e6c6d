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

#: In a rollout, the share of card plays made at random rather than by the light policy.
ROLLOUT_NOISE = 0.1

#: What a light rollout costs, in random rollouts (the strong bot's budget is counted in these):
#: one played through the phase a card (with the exact ending it buys) costs about 1.8; one of a
#: simple hand, played in one loop (``_play_simple``), about 1.2 — the strong bot plays half as
#: many again of those for the same time a decision (measured side by side).
LIGHT_WEIGHT = 1.8
SIMPLE_WEIGHT = 1.2


def rollout_weight(obs: Any) -> float:
    """The weight of this game's light rollouts (``SIMPLE_WEIGHT`` where every hand's trick
    play is simple and its tricks need only their winner, else ``LIGHT_WEIGHT``)."""
    from .engine.play import TrickPlay

    phase = obs.game.phase(TrickPlay)
    simple = (phase is not None and phase.simple_finish and not phase.trumps.revealed_in_play
              and phase.boost_rank is None and phase.laws is None)
    return SIMPLE_WEIGHT if simple else LIGHT_WEIGHT


def rollout(state: Any, rnd: Callable[[], float]) -> None:
    """Play a determinized copy to the end of its hand: plain trick play by ``light_play`` (with
    ``ROLLOUT_NOISE``), every other decision uniformly at random. Counts moves and decisions as
    the engine's random fast path does, and stops at the game's move cap."""
    hand_no = state.hand_no
    while not state.terminal and state.hand_no == hand_no:
        phase = state.phase
        if getattr(phase, "card_play", False) and getattr(phase, "plain", False) and state.forced_lead is None:
            _play_tricks(state, phase, hand_no, rnd)
            continue
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])


def _play_tricks(state: Any, phase: Any, hand_no: int, rnd: Callable[[], float]) -> None:
    """The plain trick play of a rollout, card by card through the phase's own ``legal`` and
    ``apply``. In a simple hand (must follow, nothing acts on a card played: ``State.simple``) the
    legal cards are worked out inline, and a card that does not end its trick is put on the table
    inline as ``apply`` would (most of a rollout's moves); the last card of a trick goes through
    ``apply``, which finishes the trick."""
    rec = state.record
    cap = phase.game.move_cap - rec.moves
    if state.simple and phase.simple_finish and cap > sum(len(h) for h in state.hands):
        return _play_simple(state, phase, hand_no, rnd)
    legal_of, apply = phase.legal, phase.apply
    tricks = _Tricks(phase, state)
    choose = tricks.play
    eff = state.eff
    moves = decisions = 0
    while (moves < cap and state.hand_no == hand_no and state.phase is phase and not state.terminal
           and state.forced_lead is None):
        simple = state.simple
        if simple:
            p = state.current
            hand = state.hands[p]
            trick = state.trick
            if trick:
                led = eff[trick[0]]
                options = [c for c in hand if eff[c] == led] or hand
            else:
                options = hand
        else:
            options = legal_of(state)
        moves += 1
        if len(options) > 1:
            decisions += 1
            a = options[int(rnd() * len(options))] if rnd() < ROLLOUT_NOISE else choose(state, options)
        else:
            a = options[0]
        if simple and state.queue:   # not the trick's last card: what ``apply`` does, inline
            hand.remove(a)
            trick.append(a)
            state.trick_cards.append(a)
            state.trick_seats.append(p)
            state.current = state.queue.pop()
        else:
            apply(state, a)
    state._legal = None
    rec.moves += moves
    rec.decisions += decisions
    if rec.moves >= phase.game.move_cap and not state.terminal:
        state.stop("cap")


def _play_simple(state: Any, phase: Any, hand_no: int, rnd: Callable[[], float]) -> None:
    """``_play_tricks`` for a simple hand whose tricks need only their winner (``TrickPlay.
    simple_finish``) and whose cards cannot reach the move cap: the whole hand in one loop, the
    trick's end written out as the engine's own random fast path (``TrickPlay._random_simple``)
    writes it — the same cards, the same draws, without a call into the phase a card. Most of
    a strong bot's time in a plain trick game is spent here."""
    rec = state.record
    hands, eff = state.hands, state.eff
    winner = phase.rules.winner
    orders = phase.game.turn_orders(state.n)[state.direction]
    t = _Tricks(phase, state)
    trump = state.win_trump
    strength = phase.rules.strength_for(trump)   # with bowers, the hand's strengths
    # With the standard winner (no anti-trump), the card winning the trick so far is followed
    # card by card: one comparison a card instead of the whole trick looked at again.
    follow = t.standard and state.anti is None
    # ... and where tricks, not cards, score, the light policy is written out here too.
    inline = follow and not t.points
    bids = getattr(state, "bids", None) or ()
    tricks_won = state.tricks_won
    key = strength.__getitem__
    moves = decisions = 0
    trick, cards, seats, queue = state.trick, state.trick_cards, state.trick_seats, state.queue
    p = state.current
    wi = winner(trick, eff, trump, state.anti) if trick and follow else -1
    while True:
        hand = hands[p]
        if trick:
            led = eff[trick[0]]
            options = [c for c in hand if eff[c] == led] or hand
        else:
            options = hand
        moves += 1
        if len(options) > 1:
            decisions += 1
            if rnd() < ROLLOUT_NOISE:
                a = options[int(rnd() * len(options))]
            elif inline:   # ``light_play``, for a game of tricks that score
                bid = bids[p] if p < len(bids) else None
                want = tricks_won[p] < bid if bid is not None else True
                if not trick:
                    a = max(options, key=key) if want else min(options, key=key)
                else:
                    w = trick[wi]
                    ws, we = strength[w], eff[w]
                    if trump is not None and we != trump:
                        wins = [c for c in options if eff[c] == trump or (eff[c] == we and strength[c] > ws)]
                    else:
                        wins = [c for c in options if eff[c] == we and strength[c] > ws]
                    if want:
                        a = min(wins or options, key=key)
                    else:
                        losers = [c for c in options if c not in wins] if wins else options
                        a = max(losers, key=key) if losers else min(options, key=key)
            else:
                state.current = p
                a = light_play(t, state, options, trick[wi] if wi >= 0 else None)
        else:
            a = options[0]
        hand.remove(a)
        if follow:
            if wi < 0:
                wi = 0
            else:
                w = trick[wi]
                if (eff[a] == eff[w] and strength[a] > strength[w]) or (
                        trump is not None and eff[a] == trump and eff[w] != trump):
                    wi = len(trick)
        trick.append(a)
        cards.append(a)
        seats.append(p)
        if queue:
            p = queue.pop()
            continue
        state.current = p
        taker = seats[wi if follow else winner(trick, eff, trump, state.anti)]
        wi = -1
        state.won[taker].extend(trick)
        state.tricks_won[taker] += 1
        state.history.append((tuple(seats), tuple(trick), taker))
        state.trick_no += 1
        trick = state.trick = []
        cards = state.trick_cards = []
        seats = state.trick_seats = []
        if not all(hands):
            state._legal = None
            rec.moves += moves
            rec.decisions += decisions
            phase._end_hand(state)
            if rec.moves >= phase.game.move_cap and not state.terminal:
                state.stop("cap")
            return
        queue = state.queue = list(orders[taker])
        state.leader = state.current = p = taker


class _Tricks:
    """What the light policy reads of a trick phase, looked up once a rollout."""

    def __init__(self, phase: Any, state: Any = None):
        rules = phase.rules
        self.rules = rules
        self.strength = rules.strength
        scorer = phase.game.scorer
        # the hand's own worths (a schedule's contract says them), or the game's one table
        self.points = points = scorer.card_points if state is None else scorer.points_of(state)
        worth = 0 if state is None else scorer.trick_worth(state)   # a contract may make a trick a loss
        # winning tricks is good, unless bid
        self.gain = worth > 0 if worth else (not points or sum(points.values()) > 0)
        # A trick whose winner is the strongest trump, else the strongest card of the led suit:
        # whether a card takes it is one comparison with the card winning it so far.
        self.standard = not getattr(rules, "weak", False) and not getattr(rules, "any_suit", False)

    def play(self, state: Any, options: list[int]) -> int:
        return light_play(self, state, options)


def light_play(t: _Tricks, state: Any, options: list[int], w: int | None = None) -> int:
    """The card the light policy plays (see the module's docstring). ``w``: the card winning
    the trick so far, when the caller follows it (standard winner, no anti-trump)."""
    strength = t.strength
    points = t.points
    trick = state.trick
    p = state.current
    bids = getattr(state, "bids", None)
    bid = bids[p] if bids and p < len(bids) else None
    want = state.tricks_won[p] < bid if bid is not None else t.gain
    key = strength.__getitem__
    if not trick:
        if want:
            return max(options, key=key)
        if points:   # lead low, and never a penalty card when another will do
            return min(options, key=lambda c: (-points.get(c, 0), strength[c]))
        return min(options, key=key)
    eff, trump, anti = state.eff, state.win_trump, state.anti
    if t.standard and anti is None:
        if w is None:
            w = trick[t.rules.winner(trick, eff, trump, anti)]
        ws, we = strength[w], eff[w]
        if trump is not None and we != trump:
            wins = [c for c in options if eff[c] == trump or (eff[c] == we and strength[c] > ws)]
        else:
            wins = [c for c in options if eff[c] == we and strength[c] > ws]
    else:
        at = len(trick)
        winner = t.rules.winner
        wins = [c for c in options if winner(trick + [c], eff, trump, anti) == at]
    if want:
        return min(wins or options, key=key)
    losers = [c for c in options if c not in wins] if wins else options
    if losers:
        if points:
            return min(losers, key=lambda c: (points.get(c, 0), -strength[c]))
        return max(losers, key=key)
    if points and sum(points.get(c, 0) for c in trick) < 0:
        return max(options, key=key)
    return min(options, key=key)
