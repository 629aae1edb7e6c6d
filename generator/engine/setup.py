"""Setup steps: fixing trumps (SU-02, SU-03, SU-05) and the optional steps between the deal and
the bidding (SU-04 robbing, SU-06 top trump, SU-07 high/low, SU-08 pig, SU-10 exchange)."""

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


class SetupExtras:
    """The optional steps between the deal and the bidding (SU-04, SU-06, SU-07, SU-08, SU-10)."""

    LOW_SUITS = {"standard": ("hearts", "diamonds"), "french32": ("hearts", "diamonds"),
                 "german32": ("acorns", "leaves"), "tarot": ("majors",)}

    def __init__(self, spec: GameSpec, table: CardTable):
        st = spec.setup
        self.table = table
        self.robbing = st.robbing
        self.top_trump_point = st.top_trump_point
        self.high_low = st.high_low
        self.low_suits = frozenset(table.suit_names.index(s) for s in self.LOW_SUITS[spec.deck.kind])
        self.pig = table.index(st.pig.card) if st.pig else None
        self.exchange = st.exchange.cards if st.exchange else None

    def lowest_of(self, suit: int | None) -> int | None:
        """The lowest card of a suit in the rank list (jokers excluded): the card that may rob."""
        if suit is None or suit == self.table.joker_suit:
            return None
        cards = self.table.cards_of(suit)
        return min(cards, key=lambda c: self.table.strength[c]) if cards else None

    def highest_of(self, suit: int | None) -> int | None:
        """The highest card of a suit (jokers excluded): the card that may be shown for a point."""
        if suit is None or suit == self.table.joker_suit:
            return None
        cards = self.table.cards_of(suit)
        return max(cards, key=lambda c: self.table.strength[c]) if cards else None

    def is_low(self, shown: list[int]) -> bool:
        """A hand is played low when every card shown is of the low colour."""
        return all(self.table.suit[c] in self.low_suits for c in shown)
