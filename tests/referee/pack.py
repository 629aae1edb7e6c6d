"""The pack as the rulebook prints it: a card's suit and rank read from its name, the rank list
from high to low, face values, and how cards of different suits compare.

Written from the rulebook's *The cards* section and the spec's deck, never from the engine's card
table: the referee must reach its answers on its own."""

from __future__ import annotations

from dataclasses import dataclass

MAJORS = "majors"
JOKERS = ("red joker", "black joker")
#: What a court card is worth at face value, as the rulebook's tables print it (tarot: Page 11,
#: Knight 12, Queen 13, King 14).
COURTS = {"standard": {"K": 13, "Q": 12, "J": 11}, "french32": {"K": 13, "Q": 12, "J": 11},
          "german32": {"K": 13, "Ober": 12, "Unter": 11},
          "tarot": {"K": 14, "Q": 13, "Knight": 12, "Page": 11}}


def is_joker(card: str) -> bool:
    return card in JOKERS


def is_major(card: str) -> bool:
    return card.startswith("major ")


def suit_of(card: str) -> str | None:
    """The printed suit of a card ('7 of hearts' → hearts, 'major 7' → majors); a joker has none."""
    if is_joker(card):
        return None
    if is_major(card):
        return MAJORS
    return card.split(" of ", 1)[1]


def rank_of(card: str) -> str | None:
    """The rank of a suit card ('7 of hearts' → '7'). A tarot major is alone of its rank (its
    number, which no suit card shares): the Seven of cups and the major VII are not of one rank,
    and a law or a boost naming Sevens does not name the major. A joker has none."""
    if is_joker(card):
        return None
    if is_major(card):
        return card
    return card.split(" of ", 1)[0]


@dataclass(frozen=True)
class Pack:
    kind: str
    ranks: tuple[str, ...]          # high to low, as printed under *The cards*
    suits: tuple[str, ...]
    cards: tuple[str, ...]

    @classmethod
    def of(cls, spec) -> "Pack":
        d = spec.deck
        return cls(d.kind, tuple(d.ranks()), tuple(d.suits()), tuple(d.cards()))

    @property
    def aces_low(self) -> bool:
        return bool(self.ranks) and self.ranks[-1] == "A"

    def face(self, card: str) -> int:
        """Face value: number cards their number, the courts as printed, an Ace 14 (1 where Aces
        rank lowest, and always 1 in tarot); a major its number; a joker nothing."""
        if is_joker(card):
            return 0
        if is_major(card):
            return int(card.split()[1])
        r = rank_of(card)
        if r == "A":
            return 1 if self.aces_low or self.kind == "tarot" else 14
        courts = COURTS[self.kind]
        return courts[r] if r in courts else int(r)

    def in_suit(self, card: str) -> int:
        """Height within its suit, higher beating lower: the printed rank list read from the
        bottom; a major by its number."""
        if is_major(card):
            return int(card.split()[1])
        return len(self.ranks) - self.ranks.index(rank_of(card))

    def across(self, card: str) -> int:
        """Height for comparing cards of different suits ("ranks higher"): by the rank list; in
        tarot, where the rulebook says so, a major by its number and a suit card by face value."""
        if self.kind == "tarot":
            return self.face(card)
        return self.in_suit(card)

    def cards_of(self, suit: str) -> list[str]:
        return [c for c in self.cards if suit_of(c) == suit]
