"""What a game turns on, in a reader's words: how a hand is won when cards are shed, and the rules
that set a game apart (the auction, the penalty card, the exact bid, bombs, titles, special cards …).

One list for the quick reference's *Goal* (``text.quickref.goal_text``) and the
introduction of a game Parlour invented ("The rules it turns on: …"), so the two never disagree;
the parser checks the introduction's sentence against it. Every phrase comes from the spec's
fields (never from the family's name: a play section is told by what it holds), and none is a
value judgement.
"""

from __future__ import annotations

from ..families import family_of
from ..refs import resolve
from ..spec import GameSpec
from . import phrases


def _card(card: str) -> str:
    """"Q of spades" → "Queen of spades" (a card of the spec in the words of the rulebook)."""
    rank, _, suit = card.partition(" of ")
    return f"{phrases.rank_word(rank)} of {suit}" if suit else card


def shedding_goal(spec: GameSpec) -> str:
    """How a shedding game's hand is won, in the family's words (its ``goal``: climbing beats the
    last play, matching matches the top card, melding lays melds)."""
    goal = family_of(spec).goal
    return resolve(goal)(spec) if goal else "be the first to get rid of your cards"


def mechanics(spec: GameSpec) -> list[str]:
    """The rules a game turns on, beyond how a hand is won: the auction, the penalty card, the exact
    bid, bombs, titles, special cards, wild cards, cheating … Each a phrase for the quick reference's
    *Goal* (and none a value judgement: what the game has, not how good it is)."""
    sc, play, b = spec.scoring, spec.play, spec.bidding
    out: list[str] = []
    auction = getattr(b, "auction", None)
    if auction is not None:
        out.append(f"an auction, whose highest bidder becomes the {auction.title} and plays alone against the rest")
    tricks = getattr(b, "tricks", None)
    if tricks is not None and getattr(sc, "kind", "") != "exact-bid":
        bid = "each player bids the tricks they will take"
        if getattr(sc, "exact_bonus", None):
            bid += f", and scores {sc.exact_bonus} more for taking exactly that"
        if getattr(tricks, "hook", False):
            bid += " (the last bid may not make the bids add up to the tricks)"
        out.append(bid)
    for attr, verb in (("penalty_card", "costs"), ("bonus_card", "gains")):
        card = getattr(sc, attr, None)
        if card is not None:
            nick = f" (“{card.nickname}”)" if getattr(card, "nickname", None) else ""
            out.append(f"the {_card(card.card)}{nick} {verb} {card.points} points")
    if getattr(sc, "shoot_the_moon", None):
        out.append(f"taking every {phrases.suit_one(sc.suit)} gains {sc.shoot_the_moon} instead")
    pig = getattr(spec.setup, "pig", None)
    if pig is not None:
        out.append(f"keeping track of “the {pig.name}”")
    bomb = getattr(play, "bomb", None)
    if bomb is not None:
        out.append(f"{phrases.plural_noun(bomb.name)} (four of a kind) beat any play")
    if getattr(sc, "kind", "") == "titles":
        out.append(f"the order of going out gives titles, from {sc.title} to {sc.loser}")
    if getattr(sc, "passing", None) is not None:
        out.append("cards change hands between the titles before the next hand")
    if getattr(sc, "kind", "") == "landlord-stake":
        out.append("the stake, doubled by every bomb played")
    cheat = getattr(play, "cheat", None)
    if cheat is not None:
        out.append(f"bluffing, and calling “{cheat.word}”")
    effects = getattr(play, "effects", None) or []
    if effects:
        ranks = list(dict.fromkeys(phrases.plural_noun(phrases.rank_word(e.rank)) for e in effects))
        out.append("special cards (" + phrases.join_and(ranks) + ")")
    if getattr(play, "jokers", "none") == "wild" or getattr(getattr(spec.deal, "stock", None), "wild_card", False) \
            or getattr(play, "progressive_wilds", False):
        out.append("wild cards")
    if getattr(play, "rearrange", None) not in (None, "none") or \
            getattr(getattr(play, "melds", None), "rearrange", "none") != "none":
        out.append("melds on the table may be rearranged")
    if getattr(spec.deal, "tokens", None) is not None:
        out.append(f"{phrases.plural_noun(spec.deal.tokens.name)} counting down the hand sizes")
    if getattr(spec.deal, "rows", False):
        out.append("face-down rows played blind")
    return out


__all__ = ["mechanics", "shedding_goal"]
