"""What a shedding hand pays, as the *Scoring* section of a matching or melding game prints it:
"The player who went out wins the hand. The winner scores the value of the cards left in the other
players' hands" (or "each other player loses the value of their own cards"), by the card table or
a point a card."""

from __future__ import annotations

from .pack import COURTS, is_joker, is_major, rank_of

def plain_payment(spec) -> bool:
    """Whether the hand's scores are the plain payment the referee reads: "The winner scores the
    value of the cards left in the other players' hands" (or each loses their own), by the card
    table or a point a card, the hand won by going out or by the blocked hand. (Melding's pig in a
    meld and its penalty cards are each family's own and leave the payment to the engine.)"""
    sc, p = spec.scoring, spec.play
    if sc.kind not in ("card-values", "card-count"):
        return False
    if sc.round_end != "empty-hand" or sc.stock_out or sc.low_finish_double:
        return False
    if spec.setup.pig is not None or spec.deal.rows or any(e.kind == "points" for e in getattr(p, "effects", ())):
        return False
    return True


def worth(spec, card: str) -> int:
    """A card left in hand, by the scoring's table: "Each court card … | Each Ace … | Each number
    card | its number (or one point) | Each joker … | Each major …"; a point a card when counted."""
    sc = spec.scoring
    if sc.kind == "card-count":
        return 1
    v = sc.values
    if is_joker(card):
        return v.jokers or 0
    if is_major(card):
        return v.majors or 0
    rank = rank_of(card)
    if rank == "A":
        return v.aces or 0
    if rank in COURTS[spec.deck.kind]:
        return v.faces or 0
    return int(rank) if v.numbers == "pips" else 1


def hand_scores(spec, winner: int, left: list[list[str]]) -> list[int]:
    """The winner gains the worth of every other hand, or each other player loses their own."""
    value = [sum(worth(spec, c) for c in hand) for hand in left]
    n = len(left)
    if spec.scoring.losers_lose:
        return [0 if p == winner else -value[p] for p in range(n)]
    return [sum(value[q] for q in range(n) if q != winner) if p == winner else 0 for p in range(n)]


def settle(spec, held: list[list[str]], counts: list[int]) -> tuple[str | None, list[int] | None, list[list[str]]]:
    """The hand just ended, from what each player held before its last step (``held``) and the
    cards each has left (``counts``): "As soon as a player goes out, the hand ends at once", so the
    others hold what they held; a blocked hand ends on a pass, "and the player with the fewest cards
    in hand wins it as if they had played their last card" (matching; melding: "as if they had gone out"). Returns (why it is not refereed, or None; the
    expected scores; the cards left)."""
    left = [[] if counts[p] == 0 else list(h) for p, h in enumerate(held)]
    if [len(h) for h in left] != counts:   # cards moved on the last step beyond the play that went out
        return "scores other than the cards left", None, left
    out = [p for p, h in enumerate(left) if not h]
    if out:
        winner = out[0]
    else:
        fewest = min(len(h) for h in left)
        tied = [p for p, h in enumerate(left) if len(h) == fewest]
        if len(tied) > 1:
            return "a blocked hand's tie", None, left
        winner = tied[0]
    return None, hand_scores(spec, winner, left), left

