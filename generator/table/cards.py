"""A card as a person reads it at the table: its rank and a suit sign (``Q♠``), whether it is
printed red, and a hand in the order players hold one (by suit, high cards first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

#: Suit signs. German suits take the sign of the French suit they stand for in the usual
#: correspondence (acorns clubs, leaves spades, bells diamonds), which a reader knows. The Latin
#: suits of the Italian and Spanish packs have no sign a keyboard knows; their first letters
#: clash (coins, cups), so coins and batons take one letter of their own and cups and swords
#: keep the first letter they have in a tarot pack.
SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "leaves": "♠", "acorns": "♣",
         "bells": "♦", "majors": "★", "coins": "O", "batons": "B"}
#: Suits printed in red (and the red joker).
RED = frozenset({"hearts", "diamonds", "bells"})


@dataclass(frozen=True)
class Face:
    """One card's face: ``short`` (``Q♠``, ``★13``, ``Joker``), its full name in the rulebook's
    words (``Q of spades``) and whether it is red."""

    card: int
    short: str
    name: str
    red: bool

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "short": self.short, "name": self.name, "red": self.red}


def face(table: Any, card: int) -> Face:
    name = table.names[card]
    if card in table.jokers:
        return Face(card, "Joker" if name.startswith("red") else "joker", name, name.startswith("red"))
    suit = table.suit_names[table.suit[card]]
    sign = SIGNS.get(suit, suit[:1].upper())
    rank = table.rank[card]
    short = f"{sign}{rank}" if suit == "majors" else f"{rank}{sign}"
    return Face(card, short, name, suit in RED)


def in_hand_order(table: Any, cards: Iterable[int]) -> list[int]:
    """A hand as a player sorts it: jokers first, then suit by suit in the pack's order, the high
    cards of each suit first."""
    return sorted(cards, key=lambda c: (c not in table.jokers, table.suit[c], -table.strength[c], c))


def faces(table: Any, cards: Iterable[int], sort: bool = False) -> list[Face]:
    cards = in_hand_order(table, cards) if sort else list(cards)
    return [face(table, c) for c in cards]
