"""Scoring a matching hand: shedding scoring (SC-A1…SC-A4), through the shedding families' scorer
(``shedding.scoring``), with matching's rules and facts.

* Every shedding kind scores as in the other shedding families: countdown tokens, first-out,
  card-count and card-values (jokers, and the cards of the wild rank, at their own row of the
  table: a card of the wild rank left in hand is still the card it is), titles with ``retire`` and
  the rules between hands, and the landlord's stake when an auction made one.
* Who wins the hand: a knocker (knock-five); the first out; after a blocked hand, or the second
  time the stock ran out (``stock_out``), with no one out yet, the player with the fewest cards
  (ties: the tied player whose turn was current or came soonest).
* ``points`` effects (P20) are scored at once, on top of the hand's scores (with countdown tokens,
  a token given up counts one).
* ``low_finish_double``: the final play held only cards of the lowest rank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.shedding.scoring import SheddingFacts, SheddingScorer

from .rules import MatchRules

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State


class MatchScorer(SheddingScorer):
    """The shedding scorer with matching's rules; the points of ``points`` effects are its bonus."""

    def make_rules(self, spec, table) -> MatchRules:
        return MatchRules(spec, table)

    def facts(self, state: "State") -> SheddingFacts:
        if state.knocker is not None:
            winner = state.knocker
        elif state.out:   # (a titles hand blocked after someone retired keeps its title holder)
            winner = state.out[0]
        else:
            winner = state.blocked_winner
        ll = getattr(state, "landlord", None)
        return SheddingFacts(list(state.out), [list(h) for h in state.hands],
                             [len(u) + len(d) for u, d in zip(state.rows_up, state.rows_down)], winner,
                             state.last_play, self.pig_card if getattr(state, "pig_revealed", False) else None,
                             ll, getattr(state, "landlord_bid", 0), 0, len(state.kitty), bonus=list(state.bonus))


__all__ = ["MatchScorer"]
