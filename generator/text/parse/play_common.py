"""Sentence handlers the families' *Play* sections read the same way: who leads to the first
trick (the dealer, the dealer's left, the auction's winner, the holder of the opening card), the
kitty-capture card that lies in the kitty itself, the invented rules in play (SU-09), when a
shedding hand ends after a player goes out, and the Play section a finished spec prints (what
examples made from the pack are checked against). Each family keeps its own sentence forms (their
wording differs); only what a sentence means is shared here, so the parsers cannot drift."""

from __future__ import annotations

import re
from typing import Any

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


#: The Play section as the spec prints it, kept for the spec last asked about (checks ask several times).
_PRINTED: list[Any] = [None, ""]


def laws(kind: str):
    """SU-09's law told in the Play section ("… the bonus rule …"): the spec invents rules of ``kind``
    under that name (climbing and matching print it alike)."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        name = m["law"]
        d.check(lambda spec: spec.setup.extra_rules is not None and spec.setup.extra_rules.kind == kind
                and spec.setup.extra_rules.name == name, "the invented rules")
    return handler


def hand_end(how: str):
    """The handler for the sentence that says when a shedding hand ends after a player goes out:
    ``how`` is "retire" (the others play on), "knock" (the hand ends as *Scoring* says, the
    knock on going out) or "at once"; the sentence must be the one the spec prints."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        def test(spec: Any) -> bool:
            c = spec.scoring
            if c.kind == "titles" and c.retire:
                return how == "retire"
            if getattr(c, "round_end", None) == "knock-out":
                return how == "knock"
            return how == "at once"
        d.check(test, "when a hand ends")
    return handler


def printed(spec: Any) -> str:
    """The Play section ``spec`` prints: what the examples read are checked against. Of the derived
    facts the template prints only the rank list, so only that is worked out (all of them, should the
    template ever ask for more)."""
    if _PRINTED[0] is not spec:
        import jinja2

        from ...families import family_of
        from ..render import _derived, environment

        template = environment().get_template(family_of(spec).template)
        try:
            text = template.render(spec=spec, d={"ranks": spec.deck.ranks()})
        except jinja2.UndefinedError:
            text = template.render(spec=spec, d=_derived(spec))
        _PRINTED[:] = [spec, text]
    return _PRINTED[1]
