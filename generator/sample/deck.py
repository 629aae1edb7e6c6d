"""The deck (DK-01…DK-05) and the game's "bad suit" (DK-06)."""

from __future__ import annotations

from ..families import SamplerTraits
from ..spec import DeckSpec
from ..spec.deck import ACE_HIGH, SUITS
from .rng import Draw


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
    return DeckSpec(kind=kind, order=order, promoted=promoted, removed=removed, jokers=jokers, run_wrap=wrap)


def draw_bad_suit(draw: Draw, deck: DeckSpec) -> str:
    """DK-06: one suit of the pack, uniform (tarot: the majors are a fifth option)."""
    return draw.choice(SUITS[deck.kind])

