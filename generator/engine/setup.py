"""Fixing trumps for a hand (SU-02, SU-03, SU-05)."""

from __future__ import annotations

from ..spec import GameSpec
from ..spec.deck import TRUMP_ROTATION
from .cards import CardTable


class TrumpRules:
    def __init__(self, spec: GameSpec, table: CardTable):
        t = spec.setup.trumps
        self.method = t.method
        self.table = table
        sidx = {s: i for i, s in enumerate(table.suit_names)}
        self.fixed = sidx[t.suit] if t.method == "fixed" else None
        self.caller_offset = {"dealer": 0, "dealer-left": 1}[t.caller] if t.method == "called" else None
        self.rotation = [sidx[s] for s in TRUMP_ROTATION[spec.deck.kind]]
        self.majors = sidx.get("majors")
        self.anti_trumps = spec.setup.anti_trumps
        self.uses_top_card = t.method in ("turn-up", "hidden")

    def suit_of_shown(self, card: int) -> int | None:
        """Trump suit given by a shown card; a joker shown for trumps means no trumps (SU-05)."""
        suit = self.table.suit[card]
        return None if suit == self.table.joker_suit else suit

    def at_deal(self, hand_no: int, top_card: int | None, dealer_last: int) -> int | None:
        """The trump suit known once the cards are dealt, for the methods that fix it then."""
        m = self.method
        if m == "turn-up":
            return self.suit_of_shown(top_card)  # type: ignore[arg-type]
        if m == "last-card":
            return self.suit_of_shown(dealer_last)
        if m == "rotating":
            return self.rotation[hand_no % len(self.rotation)]
        if m == "fixed":
            return self.fixed
        if m == "majors":
            return self.majors
        return None  # none, called (asked of a player), hidden and first-card (revealed in play)

    def suits_to_call(self) -> list[int]:
        return list(range(len(self.table.suit_names)))
