"""Sentence handlers both families' *Play* sections read the same way: who leads to the first
trick (the dealer, the dealer's left, the auction's winner, the holder of the opening card) and the
kitty-capture card that lies in the kitty itself. Each family keeps its own sentence forms (their
wording differs); only what a sentence means is shared here, so the two parsers cannot drift."""

from __future__ import annotations

import re

from .core import Draft
from .words import Unreadable, card


def leader(d: Draft, m: re.Match[str]) -> None:
    """"The <who> leads to the first trick." — the auction's winner is named by its title."""
    who = m["who"]
    if who == "dealer":
        d.put("play.opening_leader", "dealer")
    elif who == "player to the dealer's left":
        d.put("play.opening_leader", "dealer-left")
    else:
        d.put("play.opening_leader", "landlord")
        d.check(lambda spec: (spec.bidding.auction.title if spec.bidding.auction else "winner of the auction") == who,
                "the winner of the auction")


def holder(d: Draft, m: re.Match[str]) -> None:
    d.put("play.opening_leader", "holder")
    d.put("play.opening_card", card(m["card"]))


def opening_card(d: Draft, m: re.Match[str]) -> None:
    d.put("play.opening_card", card(m["card"]))


def capture_in_kitty(d: Draft, m: re.Match[str]) -> None:
    """The kitty's two names must agree, and only a capturing *card* can lie in the kitty."""
    if m["k1"] != m["k2"] or not (d.get("play.kitty_capture") or {}).get("card"):
        raise Unreadable("no card takes this kitty")
