"""The deck: which pack, how its ranks are ordered, which ranks are removed, jokers, and whether runs
wrap (DK-01…DK-05).

Cards are named in spec files as ``"<rank> of <suit>"`` (``"Q of spades"``, ``"Ober of acorns"``,
``"Horse of cups"``), ``"major <n>"`` for a tarot major arcana card (0 = The Fool … 20 =
Judgement), and ``"red joker"`` / ``"black joker"``. Rank lists always run from high to low, as
printed.

Beyond the seed book (issue 33), the packs of real games: the Italian 40 (Tresette, Scopa), the
Spanish 40 and 48 (Botifarra) and the Euchre 24. The Piquet pack is ``french32``, printed as "the
32-card piquet pack". The Latin-suited packs (Italian and Spanish) share their four suits, coins,
cups, swords and batons: the Spanish *bastos* are called batons like the Italian *bastoni*, so that
"clubs" always means the French suit with its sign ♣. Their courts take the names English
card-game references give them: the Italian *re*, *cavallo* and *fante* are the King, Horse and
Jack, the Spanish *rey*, *caballo* and *sota* the King, Knight and Jack (the Italian court rides a
horse, the Spanish one is a mounted knight; the tarot's Knight is a fifth court, not either).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_serializer

from .words import Code

DeckKind = Literal["standard", "french32", "german32", "tarot", "italian40", "spanish40", "spanish48", "euchre24"]

#: Rank orders of DK-02. ``natural`` is the pack's own fixed order (French 32, German 32, tarot,
#: Euchre 24; for the Italian and Spanish packs the order of the numbers printed on the cards,
#: King down to Ace); the others move ranks of the pack's Ace-high list (``ACE_HIGH_OF``).
RankOrder = Literal["ace-high", "ace-low", "no-courts", "two-over-ace", "three-two-over-ace", "promoted", "natural",
                    "ace-ten"]

LATIN_SUITS = ("coins", "cups", "swords", "batons")

SUITS: dict[str, tuple[str, ...]] = {
    "standard": ("clubs", "diamonds", "hearts", "spades"),
    "french32": ("clubs", "diamonds", "hearts", "spades"),
    "german32": ("hearts", "bells", "acorns", "leaves"),
    "tarot": ("cups", "swords", "pentacles", "wands", "majors"),
    "italian40": LATIN_SUITS,
    "spanish40": LATIN_SUITS,
    "spanish48": LATIN_SUITS,
    "euchre24": ("clubs", "diamonds", "hearts", "spades"),
}

#: The packs of real games beyond the seed book's four (issue 33): the sampler draws them only
#: for a generated game that asks for them (``generator.sample.deck.draw_real_pack``).
REAL_PACKS = ("italian40", "spanish40", "spanish48", "euchre24")

#: The red suits of a pack, where its suits have colours (the French suits); a rank order with
#: reversed pips names its suits by colour.
RED_SUITS: dict[str, tuple[str, ...]] = {
    "standard": ("diamonds", "hearts"), "french32": ("diamonds", "hearts"), "euchre24": ("diamonds", "hearts"),
}
BLACK_SUITS: dict[str, tuple[str, ...]] = {
    "standard": ("clubs", "spades"), "french32": ("clubs", "spades"), "euchre24": ("clubs", "spades"),
}

#: The order in which rotating trumps (SU-02) visit the suits, per pack.
TRUMP_ROTATION: dict[str, tuple[str, ...]] = {
    "standard": ("clubs", "diamonds", "hearts", "spades"),
    "french32": ("clubs", "diamonds", "hearts", "spades"),
    "german32": ("hearts", "bells", "acorns", "leaves"),
    "tarot": ("cups", "pentacles", "swords", "wands", "majors"),
    "italian40": LATIN_SUITS,
    "spanish40": LATIN_SUITS,
    "spanish48": LATIN_SUITS,
    "euchre24": ("clubs", "diamonds", "hearts", "spades"),
}

ACE_HIGH = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_ITALIAN = ("A", "K", "Horse", "J", "7", "6", "5", "4", "3", "2")
_SPANISH40 = ("A", "K", "Knight", "J", "7", "6", "5", "4", "3", "2")
_SPANISH48 = ("A", "K", "Knight", "J", "9", "8", "7", "6", "5", "4", "3", "2")
#: Each pack's ranks with the Ace on top: the list the orders other than ``natural`` rearrange.
ACE_HIGH_OF: dict[str, tuple[str, ...]] = {
    "standard": ACE_HIGH, "italian40": _ITALIAN, "spanish40": _SPANISH40, "spanish48": _SPANISH48,
}
NATURAL_ORDERS: dict[str, tuple[str, ...]] = {
    "french32": ("A", "K", "Q", "J", "10", "9", "8", "7"),
    "german32": ("A", "K", "Ober", "Unter", "10", "9", "8", "7"),
    "tarot": ("K", "Q", "Knight", "Page", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"),
    "euchre24": ("A", "K", "Q", "J", "10", "9"),
    # King down to Ace, the numbers printed on the cards (an Ace is a One).
    "italian40": _ITALIAN[1:] + ("A",),
    "spanish40": _SPANISH40[1:] + ("A",),
    "spanish48": _SPANISH48[1:] + ("A",),
}
#: The orders each pack can take; the first is its usual one, which the rulebook states by the
#: rank list alone. The Latin packs' usual order is already Ace low, so they take no "ace-low",
#: and only the standard pack has enough courts and numbers for "no-courts".
PACK_ORDERS: dict[str, tuple[str, ...]] = {
    "standard": ("ace-high", "ace-low", "no-courts", "two-over-ace", "three-two-over-ace", "promoted", "ace-ten"),
    "french32": ("natural", "ace-ten"),
    "german32": ("natural", "ace-ten"),
    "tarot": ("natural",),
    "euchre24": ("natural",),
    "italian40": ("natural", "ace-high", "two-over-ace", "three-two-over-ace", "promoted"),
    "spanish40": ("natural", "ace-high", "two-over-ace", "three-two-over-ace", "promoted"),
    "spanish48": ("natural", "ace-high", "two-over-ace", "three-two-over-ace", "promoted"),
}
#: Orders whose pips (the ranks below the lowest court) may run the other way in some suits.
REVERSIBLE_ORDERS = ("ace-high", "ace-low", "natural")
#: The court ranks of each pack (the rest are pips: numbers, and an Ace ranked below the courts).
COURTS: dict[str, tuple[str, ...]] = {
    "standard": ("K", "Q", "J"), "french32": ("K", "Q", "J"), "euchre24": ("K", "Q", "J"),
    "german32": ("K", "Ober", "Unter"), "tarot": ("K", "Q", "Knight", "Page"),
    "italian40": ("K", "Horse", "J"), "spanish40": ("K", "Knight", "J"), "spanish48": ("K", "Knight", "J"),
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

    kind: DeckKind = Field(description="standard 52, French 32 (piquet), German 32, tarot (78 less The World), "
                           "Italian 40, Spanish 40, Spanish 48 or Euchre 24")
    order: RankOrder = Field(description="rank order of DK-02; 'natural' is the pack's own (PACK_ORDERS lists the "
                             "orders each pack takes)")
    promoted: Code | None = Field(None, description="with order 'promoted': the rank moved above the Ace")
    removed: list[Code] = Field(default_factory=list, max_length=14,
                                description="ranks taken out of every suit (DK-03): at most 14, the ranks of a suit")
    jokers: int = Field(0, ge=0, le=2, description="0, 1 (red) or 2 (red and black) jokers (DK-04)")
    run_wrap: bool = Field(False, description="DK-05 (climbing, melding): the lowest rank may also follow the top "
                           "rank in a run (low-2nd-3rd and 2nd highest-top-low are runs; top-low-2nd is not)")
    reversed_pips: Literal["red", "black"] | None = Field(
        None, description="in the suits of this colour (a French-suited pack) the pips — the ranks below the lowest "
        "court, an Ace among them when it ranks low — run the other way: Marmalade's red suits K Q J A 2 … 10")

    @field_validator("reversed_pips")
    @classmethod
    def _reversal_fits(cls, colour: str | None, info: ValidationInfo) -> str | None:
        """Reversed pips need suits with colours and an order whose pips lie below the courts."""
        kind, order = info.data.get("kind"), info.data.get("order")
        if colour is not None and kind is not None and order is not None:
            if kind not in RED_SUITS:
                raise ValueError(f"the {kind} pack has no red or black suits")
            if order not in REVERSIBLE_ORDERS:
                raise ValueError(f"the order '{order}' puts pips above the courts; only "
                                 f"{', '.join(REVERSIBLE_ORDERS)} can have their pips reversed")
        return colour

    @model_serializer(mode="wrap")
    def _omit_plain_pips(self, handler):  # type: ignore[no-untyped-def]
        """A pack whose pips run one way writes no ``reversed_pips``, so every spec file written
        before the field existed stays byte for byte what it was."""
        data = handler(self)
        if isinstance(data, dict) and self.reversed_pips is None:
            data.pop("reversed_pips", None)
        return data

    def full_order(self) -> tuple[str, ...]:
        """Ranks high to low before any removal; empty if the order does not fit the pack."""
        if self.order not in PACK_ORDERS[self.kind]:
            return ()
        if self.order == "natural":
            return NATURAL_ORDERS[self.kind]
        if self.order == "ace-ten":   # the Tens just below the Aces (Skat, Schafkopf, Belote's plain suits)
            top = ACE_HIGH_OF.get(self.kind, NATURAL_ORDERS.get(self.kind, ()))
            return ("A", "10") + tuple(r for r in top if r not in ("A", "10"))
        base = ACE_HIGH_OF[self.kind]
        if self.order == "ace-high":
            return base
        if self.order == "ace-low":
            return base[1:] + ("A",)
        if self.order == "no-courts":
            return base[4:] + ("A",)
        if self.order == "two-over-ace":
            return ("2",) + base[:-1]
        if self.order == "three-two-over-ace":
            return ("3", "2") + base[:-2]
        if self.order == "promoted":
            if self.promoted not in base:
                return ()
            return (self.promoted,) + tuple(r for r in base if r != self.promoted)
        return ()

    def bower_pairs(self) -> tuple[tuple[str, str] | None, ...]:
        """Per suit of the pack, in its order: (its Jack, the Jack of the other suit of its
        colour) — the right and left bowers when that suit is trumps (``setup.bowers``); None for
        a suit without both (a pack without colours or without Jacks)."""
        ranks = self.ranks()
        pairs: list[tuple[str, str] | None] = []
        for s in self.suits():
            colour = next((c for c in (RED_SUITS.get(self.kind, ()), BLACK_SUITS.get(self.kind, ())) if s in c), ())
            mate = next((t for t in colour if t != s), None)
            pairs.append((f"J of {s}", f"J of {mate}") if mate and "J" in ranks else None)
        return tuple(pairs)

    def reversed_suits(self) -> tuple[str, ...]:
        """The suits whose pips run the other way (``reversed_pips``)."""
        if self.reversed_pips is None:
            return ()
        return (RED_SUITS if self.reversed_pips == "red" else BLACK_SUITS)[self.kind]

    def suit_order(self, suit: str) -> tuple[str, ...]:
        """The ranks in play in ``suit``, high to low: ``ranks()``, with the pips the other way
        round in a suit of ``reversed_suits``."""
        ranks = self.ranks()
        if suit not in self.reversed_suits():
            return ranks
        courts = [i for i, r in enumerate(ranks) if r in COURTS[self.kind]]
        cut = courts[-1] + 1 if courts else 0
        return ranks[:cut] + tuple(reversed(ranks[cut:]))

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
