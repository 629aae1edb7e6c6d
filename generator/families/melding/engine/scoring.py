"""Scoring a melding hand: shedding scoring (SC-A1…SC-A4) through the shedding families' scorer
(``shedding.scoring``), with melding's rules and facts.

* Every shedding kind scores as in the other shedding families: countdown tokens, first-out,
  card-count and card-values (jokers, and the cards of the wild rank, at their own row of the
  table: a card of the wild rank left in hand is still the card it is), titles with ``retire`` and
  the rules between hands. Cards melded, stumped or put out of play by a full house no longer
  count; a deserter's kept cards do.
* Who wins the hand: a knocker (knock-five, or the first out with the knock on going out); the
  first out; the last player left when all the others deserted; after a blocked hand, or the
  second time the stock ran out (``stock_out``), the player with the fewest cards.
* ``low_finish_double``: the hand's last meld held only cards of the lowest rank.
* The pig in a meld (``pig_meld``): the player who revealed the pig scores the points when it lies
  in a meld at the end of the hand (on top of the hand's scores).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.shedding.scoring import SheddingFacts, SheddingScorer

from .rules import MeldRules

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State


class MeldScorer(SheddingScorer):
    """The shedding scorer with melding's rules and facts (the pig in a meld is its bonus)."""

    def make_rules(self, spec, table) -> MeldRules:
        return MeldRules(spec, table)

    def facts(self, state: "State") -> SheddingFacts:
        if state.knocker is not None:
            winner = state.knocker
        elif state.out:
            winner = state.out[0]
        else:
            winner = state.blocked_winner
        return SheddingFacts(list(state.out), [list(h) for h in state.hands],
                             [len(u) + len(d) for u, d in zip(state.rows_up, state.rows_down)], winner,
                             state.last_meld, self.pig_card if getattr(state, "pig_revealed", False) else None,
                             None, 0, 0, len(state.kitty), bonus=list(state.bonus))


__all__ = ["MeldScorer"]
