"""The deal (DL-02…DL-07, DL-11): chance shuffles the pack and the dealer deals the hands, the
kitty and the stock. The rules of dealing are compiled in ``engine.deal.Dealer``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phase import Phase
from ..places import HIDDEN, OWNER, Place

if TYPE_CHECKING:   # pragma: no cover
    from ..state import Game, State

#: Give up on a hand that has been dealt this many times (a misdeal that keeps coming back).
MAX_DEALS = 1000


class Deal(Phase):
    deals_cards = True
    places = (Place("hands", True, OWNER, sorted=True), Place("kitty", False, HIDDEN),
              Place("stock", False, HIDDEN), Place("discards", False, HIDDEN))
    # Hands are game-long: between the last trick and the next deal a seat may still hold the
    # cards an unequal deal left it (they are set aside, not collected, until the next deal).
    game_fields = {"hands": lambda g, n: [[] for _ in range(n)]}
    hand_fields = {"kitty": [], "stock": [], "discards": [], "dealer_last": None, "first_dealt": None}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.dealer = game.dealer

    def start(self, state: "State") -> bool:
        checks = self.__dict__.get("_checks")
        if checks is None:   # the phases that may throw a deal in (known once the game is compiled)
            checks = self._checks = [ph for ph in self.game.phases if type(ph).thrown_in is not Phase.thrown_in]
        while True:
            state.deals += 1
            if state.deals > MAX_DEALS:
                state.stop("cap")
                return False
            d = self.dealer.deal_hand(state.rng, state.n, state.dealer, state.hand_size())
            state.hands, state.kitty, state.stock, state.dealer_last = d.hands, d.kitty, d.stock, d.last_to_dealer
            state.first_dealt = d.first
            state.discards = []
            if not checks:
                return False
            # A hand that must be shown is thrown in at once: no one has a choice to make first. The
            # rule that threw it in applied without a decision: the record says so (DEAD_TEXT reads it).
            thrower = next((ph for ph in checks if ph.thrown_in(state)), None)
            if thrower is None:
                return False
            state.record.applied.add(type(thrower).__name__)


def drawable(state: "State") -> int:
    """Where drawing from the stock starts: below a trump card lying on top of it (a turned or
    hidden trump card is never drawn)."""
    if not state.stock:
        return 0
    # a family without trumps (climbing) has no trump card fields at all
    return 1 if state.stock[0] in (getattr(state, "turned", None), getattr(state, "hidden", None)) else 0


def draw(state: "State", seat: int, k: int) -> None:
    """``seat`` draws ``k`` cards from the top of the stock into hand."""
    start = drawable(state)
    state.hands[seat].extend(state.stock[start:start + k])
    del state.stock[start:start + k]
    state.hands[seat].sort()
