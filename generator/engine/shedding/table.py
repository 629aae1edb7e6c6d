"""The table deal of the families that play to a discard pile (matching, melding), after the hands
(and the countdown tokens and face-down rows of ``tokens``): the table (DL-08…DL-10).

* **The discard piles**: the top ``discard_piles`` cards of the stock are turned face up, each
  starting a discard pile.
* **The wild-rank card** (DL-09): one more card is turned face up to one side, out of play; the
  other cards of its rank are jokers for the hand (``wild_rank``). A turned joker has no rank: it
  is set aside all the same and nothing is wild that hand (the spec's reading, printed); a tarot
  major is the only card of its number, so no other card becomes wild either.
* **The stock** is what is left, drawn from the top.

The phase asks the family's card-play phase for its rules (``natural``, ``rank_of``), so it
names no family.

A joker (or a card of the wild rank) turned to start a pile is named by the dealer before
looking at their hand; that, and the opening card's effect (MT-07), are the family's card play's start (matching's ``Match``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phase import Phase, per_seat
from ..places import HIDDEN, PUBLIC, Place

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State


#: What a turn at a table of discard piles keeps, declared once for the families that play so
#: (matching, melding): the player whose play is being resolved, a turn's modifier (another turn,
#: a skip), turns with nothing done, the times the stock ran out, the player with the fewest cards
#: when a blocked hand ends, whether the hand has ended, and points scored at once.
TABLE_TURNS = {"mover": 0, "turn_mod": None, "idle": 0, "stock_outs": 0, "blocked_winner": None, "ended": False,
               "bonus": per_seat(int)}


def pile_count(game: "Game") -> int:
    """How many discard piles this game's table has (one when the spec names no stock)."""
    stock = game.spec.deal.stock
    return stock.discard_piles if stock is not None else 1


def _piles(game: "Game", n: int) -> list[list[int]]:
    return [[] for _ in range(pile_count(game))]


class TableDeal(Phase):
    places = (Place("piles", True, PUBLIC), Place("down_piles", True, HIDDEN), Place("wild_card", False, PUBLIC))
    hand_fields = {"piles": _piles, "down_piles": _piles, "wild_card": [], "wild_rank": None,
                   "named": _piles}

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec = game.spec
        stock = spec.deal.stock
        self.count = pile_count(game)
        self.wild_card = bool(stock and stock.wild_card)
        self.cheat = spec.play.face_down_piles()   # (matching's cheat mode only)
        self.jokers = set(game.table.jokers)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return True

    def start(self, state: "State") -> bool:
        # the rules of the family live with its card play (matching's ``Match``, melding's ``Turn``)
        rules = next(ph for ph in self.game.phases if ph.card_play).rules  # type: ignore[attr-defined]
        stock = state.stock
        piles = state.down_piles if self.cheat else state.piles
        for i in range(self.count):
            if stock:
                c = stock.pop(0)
                piles[i].append(c)
                state.named[i].append(rules.natural(c))
        if self.wild_card and stock:
            c = stock.pop(0)
            state.wild_card.append(c)
            # a joker (or a major) has no rank: set aside all the same, and nothing is wild (the spec's reading)
            state.wild_rank = rules.rank_of[c] if c not in self.jokers else None
        return False
