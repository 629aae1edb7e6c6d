"""Bidding (``templates/rules/bidding.md.j2``): the blind-bid step of the *Setup* section, and the
*Bidding* section — trick bids (order, blind bids, the hook) and the auction for the landlord.
"""

from __future__ import annotations

import re

from .core import Draft, Rule, rule
from .words import NAME, NUM, Unreadable, number

_FIRST = r"(?P<first>the dealer|the player to the dealer's left)"
_TRICK_RANGE = ("how many tricks they expect to win in this hand, from zero up to the number of tricks the hand can "
                "have, which is the number of cards in the smallest hand")


def _tricks_order(spec) -> str | None:
    """How trick bids are made, or None when the spec has none: a check runs on the finished spec,
    in which a sentence that assumed trick bids (its main sentence dropped) may find none."""
    return spec.bidding.tricks.order if spec.bidding.tricks is not None else None


def _first(d: Draft, first: str) -> None:
    """Who bids first, as a blind-bid step says it: the dealer, or else the dealer's left."""
    dealer = first == "the dealer"
    d.check(lambda spec: (_tricks_order(spec) == "dealer") == dealer, "who bids first")


def _blind_step(d: Draft, m: re.Match[str]) -> None:
    d.put("bidding.tricks.blind", "zero" if m["zero"] else "any")
    _first(d, m["first"])


def _bids(d: Draft, m: re.Match[str]) -> None:
    if "first" not in m.re.groupindex:
        d.put("bidding.tricks.order", "simultaneous")
    else:
        d.put("bidding.tricks.order", "dealer" if m["first"] == "the dealer" else "dealer-left")
    if m["blind"]:
        if d.get("bidding.tricks.blind") is None:
            raise Unreadable("players who bid blind, but no blind bid in the setup")
    else:
        d.put("bidding.tricks.blind", "none")
    d.seen.add("bids")


def _blind(kind: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("bidding.tricks.blind", kind)
    return handler


def _auction(d: Draft, m: re.Match[str]) -> None:
    d.put("bidding.auction.title", m["title"])
    then = m["then"] == "Then the players"
    d.check(lambda spec: (spec.bidding.tricks is not None) == then, "whether trick bids come first")


def _top_bid(d: Draft, m: re.Match[str]) -> None:
    top = number(m["top"])
    d.check(lambda spec: spec.players.max == top, "the highest bid, one per player")


def _landlord(d: Draft, m: re.Match[str]) -> None:
    if m["title"] != d.get("bidding.auction.title"):
        raise Unreadable(f"“{m['title']}” is not the title the auction is for")
    kitty = m["kitty"]
    d.check(lambda spec: (spec.deal.kitty.name if spec.deal.kitty else "kitty") == kitty, "the kitty's name")


_VOID = r" trick that holds a joker does not count as a trick won, not even toward a bid \(see \*Scoring\*\)"


def _fewer_tricks(d: Draft, m: re.Match[str]) -> None:
    """Where the bids meet a boost trick or tricks that do not count: both follow from the play and
    the scoring, so the sentence is checked against the finished spec."""
    boost, void, name, hook = bool(m["boost"]), bool(m["void"] or m["alone"]), m["name"], bool(m["total"])
    d.check(lambda spec: (getattr(spec.play, "boost", None) is not None) == boost
            and (not boost or spec.play.boost.name == name)
            and (getattr(getattr(spec.scoring, "extras", None), "joker_tricks", None) == "void") == void
            and spec.bidding.tricks is not None and spec.bidding.tricks.hook == hook,
            "tricks that a bid cannot count")


#: The blind-bid step of the *Setup* section.
SETUP_RULES: list[Rule] = [
    rule(rf"Before looking at their cards, each player in turn, beginning with {_FIRST}, may bid \*blind\*"
         r"(?P<zero>, which means bidding zero)? \(see \*Bidding\*\)\.", _blind_step),
]

#: The *Bidding* section.
RULES: list[Rule] = [
    rule(r"Once everyone has looked at their cards, each player(?P<blind> who has not bid blind)? secretly writes "
         rf"down a bid: {_TRICK_RANGE}\.", _bids),
    rule(r"Then all the bids are shown together\.",
         lambda d, m: d.check(lambda spec: _tricks_order(spec) == "simultaneous", "bids shown together"),
         name="simultaneous"),
    rule(rf"Once everyone has looked at their cards, each player in turn(?P<blind> who has not bid blind)?, "
         rf"beginning with {_FIRST}, bids {_TRICK_RANGE}\.", _bids),
    rule(r"A blind bid, made before looking \(see \*Setup\*\), may be any of those numbers, and its player does not "
         r"bid again\.", _blind("any")),
    rule(r"A blind bid, made before looking \(see \*Setup\*\), can only be zero, and its player does not bid again\.",
         _blind("zero")),
    rule(r"The last player to bid may not make a bid that brings the total of all the bids to exactly the number of "
         r"tricks the hand can have\.", lambda d, m: d.put("bidding.tricks.hook", True), name="hook"),
    rule(rf"(?:(?P<boost>A \*(?P<name>[^*]+) trick\* goes round twice \(see \*Play\*\), so a hand may have fewer "
         rf"tricks than that)(?P<void>, and a{_VOID})?|(?P<alone>A{_VOID})); even so, the bids may go up to the number of "
         r"cards in the smallest hand(?P<total>, and that number is the total the last bidder must avoid)?\.",
         _fewer_tricks),
    # The auction (BD-03).
    rule(r"(?P<then>The players|Then the players) hold an auction for the right to be the \*(?P<title>[^*]+)\*\.",
         _auction),
    rule(rf"Beginning with the dealer and going clockwise, each player in turn either bids a number from one to "
         rf"(?P<top>{NUM}), higher than every bid so far, or passes; a player who passes takes no further part in the "
         r"auction\.", _top_bid),
    rule(rf"The auction ends as soon as every other player has passed after the highest bid, or when someone bids "
         rf"(?P<top>{NUM})\.", _top_bid),
    rule(rf"The highest bidder becomes the (?P<title>{NAME}) for the hand, and their bid is the \*stake\* \(see "
         rf"\*Scoring\*\): they take the (?P<kitty>{NAME}) into their hand and then discard as many cards face down, "
         r"out of play for the hand\.", _landlord),
    rule(r"If every player passes, the cards are thrown in and the same dealer deals again\.",
         lambda d, m: d.check(lambda spec: spec.bidding.auction is not None, "an auction")),
]


def finish(d: Draft) -> None:
    """Trick bids need their main sentence; the hook, unstated, is off."""
    tricks = d.get("bidding.tricks")
    if tricks is not None and "bids" not in d.seen:
        raise Unreadable("blind bids, but the rulebook never says how the players bid")
