"""Cards as small integers, and the lookup tables a spec compiles to.

A card id indexes flat lists: its suit, its strength, its face value. Suits are indexed in the
pack's order (``DeckSpec.suits()``); jokers get the pseudo-suit ``JOKER_SUIT`` until a hand's
trump suit adopts them (see ``effective_suits``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..spec import derived
from ..spec.deck import ACE_HIGH, MAJORS, DeckSpec

@dataclass(frozen=True)
class CardTable:
    """Everything the engine needs to know about the pack, computed once per spec."""

    names: tuple[str, ...]
    suit: tuple[int, ...]          # printed suit index; JOKER_SUIT for jokers
    strength: tuple[int, ...]      # higher beats lower within a suit and in any-suit comparisons
    rank: tuple[str, ...]          # rank label ('Q', 'major 13' -> '13', jokers 'joker')
    face: tuple[int, ...]          # face value for face-value scoring
    suit_names: tuple[str, ...]
    joker_suit: int                # index of the jokers' pseudo-suit (== len(suit_names))
    jokers: tuple[int, ...]
    #: With bowers (``setup.bowers``), per suit index: (right bower, left bower) — the Jack of the
    #: suit and the other Jack of its colour — when that suit is trumps; empty without bowers.
    bowers: tuple[tuple[int, int] | None, ...] = ()

    @property
    def size(self) -> int:
        return len(self.names)

    @cached_property
    def suits_by_trump(self) -> dict[int | None, tuple[int, ...]]:
        """``effective_suits`` by trump suit, filled as hands ask (``steps.trumps.set_trump``)."""
        return {}

    def index(self, name: str) -> int:
        return self.names.index(name)

    def cards_of(self, suit: int) -> tuple[int, ...]:
        return tuple(c for c, s in enumerate(self.suit) if s == suit)

    def power(self, trump: int | None) -> tuple[int, ...]:
        """Each card's strength in a hand whose trump suit is ``trump``: the printed strengths, but
        with bowers the right and left bowers above every natural card and below the jokers on top
        (``BOWER_STRENGTHS``)."""
        pair = self.bowers[trump] if self.bowers and trump is not None and trump < len(self.bowers) else None
        if pair is None:
            return self.strength
        power = list(self.strength)
        power[pair[0]], power[pair[1]] = BOWER_STRENGTHS
        return tuple(power)


#: Joker strengths (red, black) for each TT-05 reading; natural cards have strength 0…21.
JOKER_STRENGTHS = {"top": (100, 99), "split": (100, -2), "bottom": (-1, -2), "wild": (100, 99)}
#: The right and left bowers' strengths in their trump suit: above every natural card, below the
#: jokers on top (Hasenpfeffer's joker > right bower > left bower > Ace).
BOWER_STRENGTHS = (98, 97)


def bower_pairs(deck: DeckSpec) -> tuple[tuple[int, int] | None, ...]:
    """``DeckSpec.bower_pairs`` as card ids of ``deck.cards()``."""
    names = deck.cards()
    return tuple(None if pair is None else (names.index(pair[0]), names.index(pair[1])) for pair in deck.bower_pairs())


def compile_deck(deck: DeckSpec, jokers: str = "top", bowers: bool = False) -> CardTable:
    """Build the card table. Strength is the position counted from the bottom of the full rank
    order (so removed ranks leave gaps but never change the others); in a suit whose pips run the
    other way (``deck.reversed_pips``) the pips trade their places among themselves, so a suit's
    strengths are still the same set of numbers; majors by their number; jokers above or below
    every natural card as ``jokers`` says."""
    full = deck.full_order()
    ranks = deck.ranks()
    suit_names = deck.suits()
    bottom = {r: len(full) - i for i, r in enumerate(full)}
    names, suit, strength, rank, face = [], [], [], [], []
    for s_i, s in enumerate(suit_names):
        if s == MAJORS:
            continue
        # The suit's own order puts each rank where another rank of the list stands: it takes
        # that rank's strength.
        place = dict(zip(deck.suit_order(s), ranks))
        for r in ranks:
            names.append(f"{r} of {s}")
            suit.append(s_i)
            strength.append(bottom[place[r]])
            rank.append(r)
            face.append(derived.face_value(deck, r))
    if MAJORS in suit_names:
        m = suit_names.index(MAJORS)
        for n in range(21):
            names.append(f"major {n}")
            suit.append(m)
            strength.append(n)
            rank.append(str(n))
            face.append(n)
    joker_suit = len(suit_names)
    joker_ids = []
    red, black = JOKER_STRENGTHS[jokers]
    for name, st in (("red joker", red), ("black joker", black))[: deck.jokers]:
        joker_ids.append(len(names))
        names.append(name)
        suit.append(joker_suit)
        strength.append(st)
        rank.append("joker")
        face.append(0)
    assert names == deck.cards(), "card table out of step with DeckSpec.cards()"
    return CardTable(tuple(names), tuple(suit), tuple(strength), tuple(rank), tuple(face),
                     tuple(suit_names), joker_suit, tuple(joker_ids), bower_pairs(deck) if bowers else ())


def effective_suits(table: CardTable, trump: int | None) -> list[int]:
    """Suit of each card for following and winning in a hand whose trump suit is ``trump``.

    Jokers belong to the trump suit; with no trump suit they keep their own pseudo-suit, which
    then acts as the trump suit (see ``trump_of_hand``). With bowers the left bower leaves its own
    suit for the trump suit."""
    eff = list(table.suit)
    if trump is not None:
        for j in table.jokers:
            eff[j] = trump
        if table.bowers and trump < len(table.bowers) and table.bowers[trump] is not None:
            eff[table.bowers[trump][1]] = trump
    return eff


def trump_of_hand(table: CardTable, trump: int | None) -> int | None:
    """The suit that wins tricks: the trump suit, else the jokers' own suit if the pack has jokers."""
    if trump is not None:
        return trump
    return table.joker_suit if table.jokers else None


def cards_in(mask: int) -> list[int]:
    """The card ids of a bitmask (a bit per card: a climbing play, a meld, the last play of a
    shedding hand), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


__all__ = ["ACE_HIGH", "CardTable", "cards_in", "compile_deck", "effective_suits", "trump_of_hand"]


def lowest_of(table: CardTable, suit: int | None) -> int | None:
    """The lowest card of a suit in the rank list (jokers excluded): the card that may rob."""
    if suit is None or suit == table.joker_suit:
        return None
    cards = table.cards_of(suit)
    return min(cards, key=lambda c: table.strength[c]) if cards else None


def highest_of(table: CardTable, suit: int | None) -> int | None:
    """The highest card of a suit (jokers excluded): the top trump, shown for a point."""
    if suit is None or suit == table.joker_suit:
        return None
    cards = table.cards_of(suit)
    return max(cards, key=lambda c: table.strength[c]) if cards else None
