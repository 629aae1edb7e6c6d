"""The open-hand ending of a plain trick game, solved on light lists with play and undo.

``solver.Solver`` searches an ending on copies of the engine's State: every card tried at a
node copies the whole game (hands, record, every phase's fields) to play one card on it. In
the last tricks almost all the search's time went into those copies. Here the position is read
once per determinization into a few lists — the hands, the trick so far and who played it, the
seats still to play, tricks and cards taken in the ending, whether the breaking suit is broken —
and a card is played by appending to them and undone by popping, with the trick's winner worked
out by the game's own ``TrickRules``. The hand's end is scored by the game's own scorer on the
hand's facts, and valued as the strong bot values a rollout's end (``strong.rollout_value``):
the same numbers the clone-based solver finds, searched in the same order (a property test holds
the two to it), for a fraction of the time.

It models the commonest trick play: cards played one per seat in turn, no wild jokers, joker
lead, pig, invented laws, boosts, trump revealed in play, kitty capture or joker tricks
(``OpenHand.fits``). Whatever it does not model the strong bot leaves to the clone-based solver.
Nodes are counted as there (a card tried where a player had a choice), so that one node budget
means the same search in both.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.bots.solver import OutOfNodes, merge_interchangeable
from generator.bots.strong import GAME_BONUS
from generator.engine.ending import best_mask
from generator.engine.state import MAX_HANDS

from .engine.play import PLAY, TrickPlay


class OpenHand:
    """Max-n search of one determinization's ending, played and undone on lists. ``nodes`` is
    the budget left, counted down across the determinizations of a decision as in
    ``solver.Solver``; ``used`` what was spent."""

    def __init__(self, nodes: int):
        self.nodes = nodes
        self.used = 0

    @staticmethod
    def fits(state: Any) -> bool:
        """Whether the model plays this position's ending exactly as the engine would."""
        phase = state.phase
        if state.terminal or type(phase) is not TrickPlay or state.decision != PLAY:
            return False
        if not phase.plain or phase.trick_extras or state.forced_lead is not None:
            return False
        if state.trump_pending or state.play_extras or state.lead_override is not None:
            return False
        if state.hand_sides is not None:   # partners' tricks are pooled: the clone-based solver scores sides
            return False
        if state.game.table.bowers:   # the model merges cards by their printed strength: bowers move with trumps
            return False
        if phase.stop_at is not None:   # the hand stops when someone has the tricks needed
            return False
        by_trick = getattr(state.game.scorer, "scores_by_trick", None)
        if by_trick is not None and by_trick(state):   # a contract counting the last tricks: kept by the engine
            return False
        left = sum(len(h) for h in state.hands)
        return state.record.moves + left < state.move_cap   # the move cap cannot stop the ending

    def root(self, state: Any, actions: list[int], me: int, ending: bool) -> list[float]:
        """The value to ``me`` of each of ``actions`` (cards) in ``state``, whose player to move
        is ``me``, with everyone playing on perfectly to the end of the hand (``solver.Solver.root``)."""
        return solve(self, state, actions, me, ending)


def solve(budget: Any, state: Any, actions: list[int], me: int, ending: bool) -> list[float]:
    """``OpenHand.root`` counting its nodes on ``budget`` (anything with ``nodes`` and ``used``,
    such as a ``solver.Solver``): one budget for all the determinizations of a decision, whichever
    solver each one takes."""
    return _Search(state, budget, ending).root(actions, me)


class _Search:
    """One determinization's ending: the position as lists, and the search over it."""

    def __init__(self, state: Any, budget: Any, ending: bool):
        game = state.game
        phase = state.phase
        rules = phase.rules
        self.budget = budget
        self.state = state
        self.ending = ending
        self.n = n = state.n
        self.rules = rules
        self.winner = rules.winner
        self.legal_of = rules.legal
        self.plain_follow = rules.plain and rules.plain_lead
        self.breaking = rules.breaking
        self.next_leader = rules.next_leader
        self.direction = state.direction
        self.orders = game.turn_orders(n)[state.direction]
        self.eff = state.eff
        self.trump = state.win_trump
        self.anti = state.anti
        self.strength = game.table.strength
        self.points = game.scorer.card_points
        self.named = game.named_cards
        self.hands = [list(h) for h in state.hands]
        self.trick = list(state.trick)
        self.seats = list(state.trick_seats)
        self.queue = list(state.queue)
        self.current = state.current
        self.leader = state.leader
        self.broken = state.broken
        self.trick_no = state.trick_no
        self.tricks = list(state.tricks_won)
        self.taken: list[list[int]] = [[] for _ in range(n)]   # cards won in the ending, by seat
        self.scorer = game.scorer
        self.facts = game.scorer.facts(state)
        self.won = [list(w) for w in state.won]
        self.leaves: dict[Any, list[float]] = {}

    # -- the search ----------------------------------------------------------------------

    def root(self, actions: list[int], me: int) -> list[float]:
        out = []
        for a in actions:
            self._node()
            out.append(self._play(a)[me])
        return out

    def _node(self) -> None:
        b = self.budget
        if b.used >= b.nodes:
            raise OutOfNodes
        b.used += 1

    def _search(self) -> list[float]:
        """The value vector of the position, the player to move choosing the best for itself
        (the first best of the options, in ``_distinct``'s order, as the clone-based solver)."""
        p = self.current
        hand = self.hands[p]
        trick = self.trick
        if self.plain_follow:
            if trick:
                eff = self.eff
                led = eff[trick[0]]
                legal = [c for c in hand if eff[c] == led] or hand
            else:
                legal = hand
        else:
            legal = self.legal_of(hand, trick, self.eff, self.trump, self.trick_no == 0, self.broken)
        if len(legal) == 1:
            return self._play(legal[0])   # a forced card: no node
        best: list[float] | None = None
        for a in self._distinct(legal):
            self._node()
            v = self._play(a)
            if best is None or v[p] > best[p]:
                best = v
        return best   # type: ignore[return-value]

    def _play(self, card: int) -> list[float]:
        """Play ``card`` for the player to move, value what follows, and undo it."""
        p = self.current
        hand = self.hands[p]
        at = hand.index(card)
        del hand[at]
        trick, seats, queue = self.trick, self.seats, self.queue
        trick.append(card)
        seats.append(p)
        if queue:
            self.current = queue.pop()
            v = self._search()
            queue.append(self.current)
        else:
            v = self._finish()
        self.current = p
        trick.pop()
        seats.pop()
        hand.insert(at, card)
        return v

    def _finish(self) -> list[float]:
        """The trick is complete: its winner takes it and leads the next (or the hand ends);
        value what follows, and put the trick back on the table."""
        trick, seats = self.trick, self.seats
        i = self.winner(trick, self.eff, self.trump, self.anti)
        taker = seats[i]
        self.tricks[taker] += 1
        taken = self.taken[taker]
        taken.extend(trick)
        broken = self.broken
        if self.breaking is not None and not broken:
            self.broken = any(self.eff[c] == self.breaking for c in trick)
        saved = (trick, seats, self.queue, self.leader, self.current)
        self.trick_no += 1
        if not all(self.hands):
            v = self._leaf()
        else:
            if self.next_leader == "winner":
                leader = taker
            elif self.next_leader == "left-of-leader":
                leader = (self.leader + self.direction) % self.n
            else:
                leader = self.rules.next_lead(trick, seats, taker, self.leader, self.n)
            self.trick, self.seats = [], []
            self.queue = list(self.orders[leader])
            self.leader = self.current = leader
            v = self._search()
        self.trick, self.seats, self.queue, self.leader, self.current = saved
        self.trick_no -= 1
        self.broken = broken
        del taken[len(taken) - len(trick):]
        self.tricks[taker] -= 1
        return v

    # -- interchangeable cards -----------------------------------------------------------

    def _distinct(self, legal: list[int]) -> list[int]:
        """``solver.distinct_open`` on the lists: the legal cards with interchangeable ones
        merged (of one suit, no card still in play between them, the same points, not named)."""
        return merge_interchangeable(legal, self.hands, self.trick, self.current, self.eff, self.strength,
                                     self.points, self.named)

    # -- the end of the hand -------------------------------------------------------------

    def _leaf(self) -> list[float]:
        """Every seat's value of the hand's end: scored by the game's scorer, then as
        ``strong.rollout_value`` reads the state the engine's ``end_hand`` leaves."""
        scorer = self.scorer
        if scorer.plain:
            key: Any = tuple(self.tricks)
        else:
            key = (tuple(self.tricks), tuple(tuple(sorted(t)) for t in self.taken))
        v = self.leaves.get(key)
        if v is None:
            facts = replace(self.facts, tricks=list(self.tricks),
                            won=[w + t for w, t in zip(self.won, self.taken)])
            v = self.leaves[key] = self._value(scorer.score(facts), scorer.instant_winner(facts))
        return v

    def _value(self, scores: list[int], instant: int | None) -> list[float]:
        state = self.state
        game = state.game
        n = self.n
        total = sum(scores)
        values = [float(s - (total - s) / (n - 1)) if n > 1 else float(s) for s in scores]
        hand_no = state.hand_no + 1
        if hand_no >= MAX_HANDS:
            return values   # stopped by the cap: no game won
        totals = [t + s for t, s in zip(state.totals, scores)]
        winner = instant
        if winner is None:
            ends = state.ends_with_hand or game.ending.condition_met(totals, hand_no, n, state.sizes)
            if not ends:
                return values
            winner = game.ending.winner(totals, state.best_of_hands + [best_mask(scores)])
            if winner is None:
                return values
        if self.ending or game.ending.condition_met(totals, hand_no, n, state.sizes):
            for p in range(n):
                values[p] += GAME_BONUS if p == winner else -GAME_BONUS
        return values
