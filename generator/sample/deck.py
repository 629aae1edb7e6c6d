"""The deck (DK-01…DK-05) and the game's "bad suit" (DK-06)."""

from __future__ import annotations

from ..families import SamplerTraits
from ..spec import DeckSpec
from ..spec.deck import ACE_HIGH, PACK_ORDERS, RED_SUITS, REVERSIBLE_ORDERS, SUITS
from .rng import Draw

#: Beyond the seed book (issue 33): how often a generated game that asks for the real packs
#: (``generate --real-packs``) is dealt from one of them instead of its catalogue pack, and which;
#: each weight's reason is in docs/families.md ("Real packs and rank orders").
REAL_PACK_CHANCE = 1 / 6
REAL_PACK_WEIGHTS = (("italian40", 3), ("spanish40", 2), ("spanish48", 2), ("euchre24", 3))
#: The rank orders of each real pack, with their weights: the pack's own order most often, then
#: the orders of the real games played with it (Tresette's Threes and Twos over the Aces,
#: Botifarra's Nines promoted).
REAL_ORDER_WEIGHTS: dict[str, tuple[tuple[tuple[str, str | None], int], ...]] = {
    "italian40": ((("natural", None), 2), (("three-two-over-ace", None), 2), (("ace-high", None), 1)),
    "spanish40": ((("natural", None), 2), (("three-two-over-ace", None), 1), (("ace-high", None), 1)),
    "spanish48": ((("natural", None), 2), (("promoted", "9"), 2), (("two-over-ace", None), 1)),
    "euchre24": ((("natural", None), 1),),
}
#: How often a catalogue's 32-card pack (French or German) ranks its Tens just below the Aces, for
#: a game that asks for the real packs: one in three, for the 32-card games of Germany and France
#: (Skat, Schafkopf, Belote's plain suits) mostly play so, while the catalogue's piquet order stays
#: the common case.
ACE_TEN_CHANCE = 1 / 3
#: How often a French-suited pack in an order with pips below the courts has the pips of one
#: colour reversed (Marmalade's red suits, Maw's black ones), for a game that asks.
REVERSED_PIPS_CHANCE = 1 / 12


def draw_kind(draw: Draw, country: str) -> str:
    """DK-01: standard; 1/15 tarot; then for de 1/15 German 32, for fr 1/15 French 32 (each overrides)."""
    kind = "standard"
    if draw.chance(1 / 15):
        kind = "tarot"
    if country == "de" and draw.chance(1 / 15):
        kind = "german32"
    if country == "fr" and draw.chance(1 / 15):
        kind = "french32"
    return kind


def draw_order(draw: Draw, kind: str) -> tuple[str, str | None, bool]:
    """DK-02: (order, promoted rank, whether a rank note was printed).

    The standard pack's else-if chain: 1/4 no courts · 1/10 two over Ace · 1/10 three and two over
    Ace · 1/10 a uniform rank over the Ace · 1/2 Ace high · else Ace low. "Aces are higher than
    aces" (the promoted rank is the Ace) is plain Ace high, but its note was printed, so it still
    suppresses rank removal as in the generator.
    """
    if kind != "standard":
        return "natural", None, False
    if draw.chance(1 / 4):
        return "no-courts", None, False
    if draw.chance(1 / 10):
        return "two-over-ace", None, True
    if draw.chance(1 / 10):
        return "three-two-over-ace", None, True
    if draw.chance(1 / 10):
        rank = draw.choice(ACE_HIGH)
        if rank == "A":
            return "ace-high", None, True
        return "promoted", rank, True
    if draw.chance(1 / 2):
        return "ace-high", None, False
    return "ace-low", None, False


def draw_removed(draw: Draw, kind: str, order: str, ranks: tuple[str, ...], note: bool,
                 family: SamplerTraits) -> list[str]:
    """DK-03, for packs with no rank note, courts kept, not German, in a family that removes ranks
    (all but melding). Chain:
    1/5 one uniform rank · else 1/8 (Ace high, Ace low, tarot) a block of 1–4 consecutive ranks
    below the top one · else 1/6 two distinct uniform ranks. The result is in rank-list order.

    Block: s = U[0..n−4], e = U[s+1..n−1] capped at s+4, remove positions s+1..e. The book's
    one-rank block ("Remove 7s and 7s") removes one rank.
    """
    if note or order == "no-courts" or kind == "german32" or not family.removes_ranks:
        return []
    n = len(ranks)
    if draw.chance(1 / 5):
        gone = {draw.choice(ranks)}
    elif (kind == "tarot" or order in ("ace-high", "ace-low")) and draw.chance(1 / 8):
        s = draw.uniform_int(0, n - 4)
        e = min(draw.uniform_int(s + 1, n - 1), s + 4)
        gone = set(ranks[s + 1 : e + 1])
    elif draw.chance(1 / 6):
        first = draw.choice(ranks)
        second = draw.choice([r for r in ranks if r != first])
        gone = {first, second}
    else:
        return []
    return [r for r in ranks if r in gone]


def draw_jokers(draw: Draw, kind: str) -> int:
    """DK-04 (not tarot): 1/8 two jokers, else 1/20 one red joker."""
    if kind == "tarot":
        return 0
    if draw.chance(1 / 8):
        return 2
    if draw.chance(1 / 20):
        return 1
    return 0


def draw_run_wrap(draw: Draw, family: SamplerTraits) -> bool:
    """DK-05 (families with runs: climbing, melding), p 1/8: the lowest rank may also follow the top
    rank in a run. Drawn whether or not the game turns out to allow runs, as in the generator; the
    static checks throw away a wrap without runs."""
    return family.run_wrap and draw.chance(1 / 8)


def draw_deck(draw: Draw, country: str, family: SamplerTraits) -> DeckSpec:
    """DK-01…DK-05 in the generator's order: pack, rank order, removal, run wrap, jokers."""
    kind = draw_kind(draw, country)
    order, promoted, note = draw_order(draw, kind)
    full = DeckSpec(kind=kind, order=order, promoted=promoted).full_order()
    removed = draw_removed(draw, kind, order, full, note, family)
    wrap = draw_run_wrap(draw, family)
    jokers = draw_jokers(draw, kind)
    deck = DeckSpec(kind=kind, order=order, promoted=promoted, removed=removed, jokers=jokers, run_wrap=wrap)
    return draw_real_pack(draw, deck)


def draw_real_pack(draw: Draw, deck: DeckSpec) -> DeckSpec:
    """Beyond the catalogue, for a game that asks (``Draw.with_real_packs``): with
    ``REAL_PACK_CHANCE`` a real pack (``REAL_PACK_WEIGHTS``) in one of its orders
    (``REAL_ORDER_WEIGHTS``), whole and without jokers as it is sold, else for a catalogue's 32-card
    pack with ``ACE_TEN_CHANCE`` the Tens below the Aces; then, for a French-suited pack
    whose order allows it, with ``REVERSED_PIPS_CHANCE`` the pips of one colour reversed. Every draw
    here comes from the real packs' own stream, after the catalogue's, so the catalogue's draws are
    the same with or without it; without the stream the deck is the catalogue's."""
    if draw.packs_rng is None:
        return deck
    if draw.pack_chance(REAL_PACK_CHANCE):
        kind = draw.pack_pick(REAL_PACK_WEIGHTS)
        order, promoted = draw.pack_pick(REAL_ORDER_WEIGHTS[kind])
        assert order in PACK_ORDERS[kind]
        deck = DeckSpec(kind=kind, order=order, promoted=promoted, run_wrap=deck.run_wrap)
    elif deck.kind in ("french32", "german32") and not deck.removed and draw.pack_chance(ACE_TEN_CHANCE):
        deck = deck.model_copy(update={"order": "ace-ten"})
    if deck.kind in RED_SUITS and deck.order in REVERSIBLE_ORDERS and draw.pack_chance(REVERSED_PIPS_CHANCE):
        colour = draw.pack_pick((("red", 1), ("black", 1)))
        deck = deck.model_copy(update={"reversed_pips": colour})
    return deck


def draw_bad_suit(draw: Draw, deck: DeckSpec) -> str:
    """DK-06: one suit of the pack, uniform (tarot: the majors are a fifth option)."""
    return draw.choice(SUITS[deck.kind])

