"""BD-01 trick bidding (order, blind bids, the hook rule) and BD-03 the landlord auction."""

from __future__ import annotations

import re

from .core import Draft, Phase, word_check
from .words import NUM, number

phase = Phase("bidding")

#: BD-03 landlord titles, generator order (W-pick(14)).
TITLES = ("squire", "banker", "lord", "baron", "noble", "patrician", "duke", "count", "innkeeper", "house", "guard",
          "dragon", "gangster", "gendarme")

BID_ORDER = {"the dealer": "dealer", "the player to the left of the dealer": "dealer-left",
             "the player to the dealer's left": "dealer-left"}


#: "the number of tricks they think they will take during the hand", in other words.
BID_WHAT = (r"(?:the number of tricks|how many tricks) (?:they think they will|they expect to|they believe they will|they intend to) "
            r"(?:take|win|make)(?: during the hand| in the hand| this hand)?")


@phase.rule("BD-01", r"(?:(?:Starting|Beginning) with (?P<who>" + "|".join(re.escape(w) for w in BID_ORDER) + r"),? each player bids|Players "
            r"(?P<all>simultaneously) bid|All players bid (?P<all2>simultaneously|at the same time)) " + BID_WHAT + r",? (?:to|with) a "
            r"minimum of (?:zero|0)\.")
def _bids(m: re.Match[str], d: Draft) -> None:
    d.note("bids.order", "simultaneous" if m["all"] or m["all2"] else BID_ORDER[m["who"]])


@phase.rule("BD-01", r'A player may bid "blind" by bidding without looking at their cards(?P<zero>, but this bid can only be zero)?\.')
def _blind(m: re.Match[str], d: Draft) -> None:
    d.note("bids.blind", "zero" if m["zero"] else "any")


@phase.rule("BD-01", r"The final bidder cannot bid a number that would cause the total bids to equal the number of tricks available\.")
def _hook(m: re.Match[str], d: Draft) -> None:
    d.note("bids.hook", True)


@phase.rule("BD-03", r"(?:(?:Starting|Beginning) with the dealer, (?:the )?players (?:then )?bid|(?:Starting|Beginning) with the dealer, each player bids|"
            r"Players (?:then )?bid) (?:for the right )?to become the (?P<title>[\w -]+?)(?:, (?:starting|beginning) with the dealer)?\.")
def _auction(m: re.Match[str], d: Draft) -> None:
    word_check(d, "landlord title", m["title"], TITLES)
    d.note("auction.title", m["title"])


@phase.rule("BD-03", r"A bid may be a number from one to (?P<max>" + NUM + r") \(which must be larger than all previous bids\), or a pass\.")
def _auction_bids(m: re.Match[str], d: Draft) -> None:
    d.note("auction.max", number(m["max"]))


@phase.rule("BD-03", r"As soon as two consecutive players pass, or a bid of (?P<max>" + NUM + r") is made, the highest bidder becomes "
            r"the (?P<title>[\w -]+?) and takes the (?P<kitty>[\w -]+?) into their hand\.")
def _auction_end(m: re.Match[str], d: Draft) -> None:
    d.note("auction.max", number(m["max"]))
    d.note("auction.title", m["title"])
    d.note("auction.kitty", m["kitty"])


@phase.rule("BD-03", r"(?:If (?:all (?:the )?players pass|each player passes|everyone passes|nobody bids|no one bids), (?:the hand|the cards) (?:is|are) "
            r"(?:redealt|re-dealt|dealt again)|If (?:all (?:the )?players pass|each player passes|everyone passes), redeal(?: the hand)?)\.")
def _auction_redeal(m: re.Match[str], d: Draft) -> None:
    d.note("auction.redeal")


def finish(d: Draft) -> None:
    order = d.heard("bids.order")
    if order is None:
        for key in ("bids.blind", "bids.hook"):
            if d.heard(key) is not None:
                d.problem("a rule about bids, but players do not bid for tricks", d.said_in[key])
        d.set("bidding.tricks", None)
    else:
        d.set("bidding.tricks", {"order": order, "blind": d.heard("bids.blind", "none"), "hook": bool(d.heard("bids.hook"))})
    title = d.heard("auction.title")
    if title is None:
        for key in ("auction.max", "auction.redeal"):
            if d.heard(key) is not None:
                d.problem("a rule of an auction, but no auction", d.said_in[key])
        d.set("bidding.auction", None)
        return
    d.set("bidding.auction", {"title": title})
    sentence = d.said_in["auction.title"]
    top = d.heard("auction.max")
    if top is not None and top != d.get("players.max"):
        d.problem(f"bids go up to {top}, but the spec's auction goes up to the most players ({d.get('players.max')})",
                  d.said_in["auction.max"])
    kitty = d.get("deal.kitty")
    said_kitty = d.heard("auction.kitty")
    if kitty is None or (said_kitty is not None and said_kitty != kitty["name"]):
        d.problem(f"the {title} takes the {said_kitty or 'kitty'} into hand, but there is no such kitty", sentence)
    # "All N tricks" is said only where each player plays a card to every trick (trick-taking).
    tricks = " (so \"all N tricks\" is off by the kitty)" if "tricks.said" in d.said else ""
    d.repair("landlord-hand", "reading",
             f"the {title} takes the {said_kitty or 'kitty'} into hand and the book leaves their hand larger{tricks}; the "
             f"spec's reading: the {title} then lays as many cards away face down, so hands stay equal",
             d.said_in.get("auction.kitty", sentence))
