"""What a static check reports (``Problem``, its reason codes) and the checks every phase shares:
that a suit or a card a rule names exists in the pack."""

from __future__ import annotations

from dataclasses import dataclass

from ..spec import GameSpec
from ..spec.deck import SUITS

CODES = ("SPEC_INVALID", "DEAL_IMPOSSIBLE", "DECK_INCONSISTENT", "NO_WIN_PATH", "RULE_CONFLICT")


@dataclass(frozen=True)
class Problem:
    code: str
    field: str
    message: str
    players: int | None = None

    def __str__(self) -> str:
        at = f" (with {self.players} players)" if self.players else ""
        return f"{self.code} {self.field}: {self.message}{at}"


def suit_problem(spec: GameSpec, field: str, suit: str | None) -> list[Problem]:
    if suit is None or suit in SUITS[spec.deck.kind]:
        return []
    return [Problem("DECK_INCONSISTENT", field, f"there is no suit '{suit}' in a {spec.deck.kind} pack")]


def card_problem(spec: GameSpec, field: str, card: str | None) -> list[Problem]:
    if card is None or card in spec.deck.cards():
        return []
    return [Problem("DECK_INCONSISTENT", field, f"the card '{card}' is not in this pack")]


@dataclass(frozen=True)
class CaptureWords:
    """How a family says what wins the kitty (TT-14: a trick captures it; CL-13: a card wins it)."""
    what: str        # "whose trick captures the kitty"
    happens: str     # "a trick captures the kitty"
    cannot: str      # "no trick can capture it"
    first: str       # why a capturing card led to the first trick is a conflict


def kitty_capture_problems(spec: GameSpec, words: CaptureWords) -> list[Problem]:
    """The card or suit that wins the kitty: exactly one of them, a nickname only on a card, a
    kitty to win that no auction took, and not the card that opens the first trick."""
    p, out = spec.play, []
    capture, kitty, auction = p.kitty_capture, spec.deal.kitty, spec.bidding.auction
    if capture is None:
        return out
    if (capture.card is None) == (capture.suit is None):
        out.append(Problem("SPEC_INVALID", "play.kitty_capture",
                           f"name either the card or the suit {words.what}, not both or neither"))
    elif capture.nickname is not None and capture.card is None:
        out.append(Problem("SPEC_INVALID", "play.kitty_capture.nickname", "only a named card has a nickname"))
    if kitty is None:
        out.append(Problem("RULE_CONFLICT", "play.kitty_capture", f"{words.happens}, but there is no kitty"))
    elif auction is not None:
        out.append(Problem("RULE_CONFLICT", "play.kitty_capture",
                           f"the {auction.title} takes the {kitty.name} into hand, so {words.cannot}"))
    if capture.card is not None and p.opening_leader == "holder" and capture.card == p.opening_card:
        out.append(Problem("RULE_CONFLICT", "play.kitty_capture.card", words.first))
    return out


__all__ = ["CODES", "CaptureWords", "Problem", "card_problem", "kitty_capture_problems", "suit_problem"]
