"""An exact solver of the open-hand ending of a trick-taking hand, for the strong bot.

When few cards are left, a determinization (every hidden card dealt to a place) is a small game
of perfect information: each player's best card can be worked out to the end of the hand instead
of guessed at by rollouts. The solver does so by *max-n* search — at every node the player to
move plays the card that gives it the best value for the hand, the strong bot's own measure
(``strong.rollout_value``: its hand score minus the others' mean, plus the game bonus when the
hand ends the game) — and returns the root player's value of each of its actions.

Why: near the end of a hand a handful of random or greedy rollouts misjudge exactly the plays
that matter there (which card to keep for the last trick, when to duck), while the whole tree
of the last tricks is small. The exact values have no rollout noise, and on few cards the search
costs no more than the rollouts it replaces.

The budget is a number of nodes (states made by playing a card), never seconds. A search that
would pass it stops (``OutOfNodes``) and the bot falls back on its rollouts. Cards that are
interchangeable in the open position (of one suit, no card anywhere between them, the same points,
none named by the rules) are searched once.
"""

from __future__ import annotations

from typing import Any


class OutOfNodes(Exception):
    """The search would pass its node budget."""


class Solver:
    """Max-n search over one determinization's ending. ``nodes`` is the budget left (counted
    down across searches, so that one budget covers all the determinizations of a decision)."""

    def __init__(self, nodes: int, value: Any):
        self.nodes = nodes
        self.used = 0
        self.value = value   # (state, seat, hand, ending) -> float: the strong bot's rollout value

    def root(self, state: Any, actions: list[int], me: int, ending: bool) -> list[float]:
        """The value to ``me`` of each of ``actions`` in ``state`` (a determinization whose
        player to move is ``me``), with everyone playing on perfectly to the end of the hand."""
        hand = state.hand_no
        out = []
        for a in actions:
            child = self._child(state, a)
            out.append(self._search(child, hand, ending)[me])
        return out

    def _child(self, state: Any, action: int, last: bool = False) -> Any:
        """The state after ``action``: a copy, or with ``last`` (the node's last action: the
        node itself is not looked at again) the state itself, played on. Either way a node."""
        if self.used >= self.nodes:
            raise OutOfNodes
        self.used += 1
        child = state if last else state.clone(share_chance=True)
        child.apply_action(action)
        return child

    def _search(self, state: Any, hand: int, ending: bool) -> list[float]:
        while not state.terminal and state.hand_no == hand:
            legal = state.legal_actions()
            if len(legal) > 1:
                break
            state.apply_action(legal[0])   # a forced card: no branching, no copy
        if state.terminal or state.hand_no != hand:
            return [self.value(state, p, hand, ending) for p in range(state.n)]
        p = state.current
        best: list[float] | None = None
        options = distinct_open(state, legal)
        final = options[-1]
        for a in options:
            v = self._search(self._child(state, a, a == final), hand, ending)
            if best is None or v[p] > best[p]:
                best = v
        return best   # type: ignore[return-value]


def distinct_open(state: Any, legal: list[int]) -> list[int]:
    """The legal cards with interchangeable ones merged, in a position where every card is known:
    two cards of the player's of one (effective) suit are interchangeable when no other card of
    that suit still in play (in a hand or in the trick) ranks between them, they are worth the
    same and the rules name neither."""
    game = state.game
    size = game.table.size
    if len(legal) < 2 or any(a >= size or a < 0 for a in legal):
        return legal
    eff = state.eff
    strength = game.table.power(state.win_trump)   # with bowers, the hand's strengths
    points = game.scorer.card_points
    named = game.named_cards
    return merge_interchangeable(legal, state.hands, state.trick, state.current, eff, strength, points, named, size)


def merge_interchangeable(legal: list[int], hands: Any, trick: Any, p: int, eff: Any, strength: Any,
                          points: dict[int, int], named: Any, size: int | None = None) -> list[int]:
    """``distinct_open`` on plain lists (the copy-free solver's too): of ``legal``, sorted by suit
    and strength, a card is left out when the one kept before it is of its suit, neither is named,
    they are worth the same, and no card of that suit in another hand or in ``trick`` ranks between
    them. ``size``: trick entries outside the pack (placeholders) are not cards."""
    others: dict[int, list[int]] = {}
    for q, h in enumerate(hands):
        if q != p:
            for c in h:
                others.setdefault(eff[c], []).append(strength[c])
    for c in trick:
        if size is None or 0 <= c < size:
            others.setdefault(eff[c], []).append(strength[c])
    out: list[int] = []
    prev = None
    for c in sorted(legal, key=lambda c: (eff[c], strength[c], c)):
        if prev is not None and eff[prev] == eff[c] and c not in named and prev not in named \
                and points.get(c, 0) == points.get(prev, 0) \
                and not any(strength[prev] < s < strength[c] for s in others.get(eff[c], ())):
            continue
        out.append(c)
        prev = c
    return out
