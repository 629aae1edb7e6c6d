"""The deck: which pack, how its ranks are ordered, which ranks are removed, jokers, and whether runs
wrap (DK-01…DK-05).

Cards are named in spec files as ``"<rank> of <suit>"`` (``"Q of spades"``, ``"Ober of acorns"``),
``"major <n>"`` for a tarot major arcana card (0 = The Fool … 20 = Judgement), and
``"red joker"`` / ``"black joker"``. Rank lists always run from high to low, as printed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .words import Code

DeckKind = Literal["standard", "french32", "german32", "tarot"]

#: Rank orders of DK-02. ``natural`` is the fixed order of the French, German and tarot packs.
RankOrder = Literal["ace-high", "ace-low", "no-courts", "two-over-ace", "three-two-over-ace", "promoted", "natural"]

SUITS: dict[str, tuple[str, ...]] = {
    "standard": ("clubs", "diamonds", "hearts", "spades"),
    "french32": ("clubs", "diamonds", "hearts", "spades"),
    "german32": ("hearts", "bells", "acorns", "leaves"),
    "tarot": ("cups", "swords", "pentacles", "wands", "majors"),
}

#: The order in which rotating trumps (SU-02) visit the suits, per pack.
TRUMP_ROTATION: dict[str, tuple[str, ...]] = {
    "standard": ("clubs", "diamonds", "hearts", "spades"),
    "french32": ("clubs", "diamonds", "hearts", "spades"),
    "german32": ("hearts", "bells", "acorns", "leaves"),
    "tarot": ("cups", "pentacles", "swords", "wands", "majors"),
}

ACE_HIGH = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
NATURAL_ORDERS: dict[str, tuple[str, ...]] = {
    "french32": ("A", "K", "Q", "J", "10", "9", "8", "7"),
    "german32": ("A", "K", "Ober", "Unter", "10", "9", "8", "7"),
    "tarot": ("K", "Q", "Knight", "Page", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
}
MAJOR_TITLES = (
    "The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor", "The Hierophant",
    "The Lovers", "The Chariot", "Strength", "The Hermit", "Wheel of Fortune", "Justice",
    "The Hanged Man", "Death", "Temperance", "The Devil", "The Tower", "The Star", "The Moon",
    "The Sun", "Judgement",
)
MAJORS = "majors"
JOKERS = ("red joker", "black joker")


class DeckSpec(BaseModel):
    """Which cards are in play and how their ranks are ordered."""

    model_config = ConfigDict(extra="forbid")

    kind: DeckKind = Field(description="standard 52, French 32, German 32 or tarot (78 less The World)")
    order: RankOrder = Field(description="rank order of DK-02; 'natural' for the French, German and tarot packs")
    promoted: Code | None = Field(None, description="with order 'promoted': the rank moved above the Ace")
    removed: list[Code] = Field(default_factory=list, max_length=14,
                                description="ranks taken out of every suit (DK-03): at most 14, the ranks of a suit")
    jokers: int = Field(0, ge=0, le=2, description="0, 1 (red) or 2 (red and black) jokers (DK-04)")
    run_wrap: bool = Field(False, description="DK-05 (climbing, melding): the lowest rank may also follow the top "
                           "rank in a run (low-2nd-3rd and 2nd highest-top-low are runs; top-low-2nd is not)")

    def full_order(self) -> tuple[str, ...]:
        """Ranks high to low before any removal; empty if the order does not fit the pack."""
        if self.kind != "standard":
            return NATURAL_ORDERS[self.kind] if self.order == "natural" else ()
        if self.order == "ace-high":
            return ACE_HIGH
        if self.order == "ace-low":
            return ACE_HIGH[1:] + ("A",)
        if self.order == "no-courts":
            return ACE_HIGH[4:] + ("A",)
        if self.order == "two-over-ace":
            return ("2",) + ACE_HIGH[:-1]
        if self.order == "three-two-over-ace":
            return ("3", "2") + ACE_HIGH[:-2]
        if self.order == "promoted":
            if self.promoted not in ACE_HIGH:
                return ()
            return (self.promoted,) + tuple(r for r in ACE_HIGH if r != self.promoted)
        return ()

    def ranks(self) -> tuple[str, ...]:
        """Ranks in play, high to low."""
        return tuple(r for r in self.full_order() if r not in self.removed)

    def suits(self) -> tuple[str, ...]:
        return SUITS[self.kind]

    def plain_suits(self) -> tuple[str, ...]:
        """Suits whose cards carry the rank list (the tarot majors do not)."""
        return tuple(s for s in SUITS[self.kind] if s != MAJORS)

    def cards(self) -> list[str]:
        """Every card of the pack in a fixed order: suit by suit, high to low, majors, jokers."""
        out = [f"{r} of {s}" for s in self.plain_suits() for r in self.ranks()]
        if self.kind == "tarot":
            out += [f"major {n}" for n in range(21)]
        out += list(JOKERS[: self.jokers])
        return out

    def size(self) -> int:
        return len(self.cards())


def card_suit(card: str) -> str | None:
    """The printed suit of a card name, 'majors' for a major, None for a joker."""
    if card.startswith("major "):
        return MAJORS
    if " of " in card:
        return card.split(" of ", 1)[1]
    return None


def card_rank(card: str) -> str | None:
    if " of " in card:
        return card.split(" of ", 1)[0]
    return None
