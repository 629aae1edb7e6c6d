"""Checks of card-point scoring (``spec.scoring.CardPoints``): every rank, card and suit it names
is in the pack, something scores, and the game ends on a target or by hands (the scores only go
up, so no one reaches a negative threshold)."""

from __future__ import annotations

from ..spec import GameSpec
from .core import Problem


def check_card_points(spec: GameSpec) -> list[Problem]:
    s, out = spec.scoring, []
    deck = spec.deck
    ranks, cards, suits = set(deck.ranks()), set(deck.cards()), set(deck.suits())
    for i, row in enumerate(s.ranks):
        if row.rank not in ranks:
            out.append(Problem("DECK_INCONSISTENT", f"scoring.ranks.{i}.rank", f"the pack has no {row.rank}s"))
    if len({row.rank for row in s.ranks}) < len(s.ranks):
        out.append(Problem("SPEC_INVALID", "scoring.ranks", "a rank is listed twice"))
    for i, row in enumerate(s.cards):
        if row.card not in cards:
            out.append(Problem("DECK_INCONSISTENT", f"scoring.cards.{i}.card", f"the pack has no {row.card}"))
    if len({row.card for row in s.cards}) < len(s.cards):
        out.append(Problem("SPEC_INVALID", "scoring.cards", "a card is listed twice"))
    if s.most_suit is not None and s.most_suit.suit not in suits:
        out.append(Problem("DECK_INCONSISTENT", "scoring.most_suit.suit", f"the pack has no {s.most_suit.suit}"))
    if not (s.ranks or s.cards or s.most_cards or s.most_suit or s.sweeps):
        out.append(Problem("NO_WIN_PATH", "scoring", "no card, majority or sweep scores, so no one ever scores"))
    if spec.ending.condition.kind == "threshold":
        out.append(Problem("NO_WIN_PATH", "ending.condition",
                           "card points only ever go up, so no one can reach a negative threshold"))
    return out
