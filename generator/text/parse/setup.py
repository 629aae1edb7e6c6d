"""The setup steps (``templates/rules/setup.md.j2``), read from the *Setup* section: how trumps are
chosen, anti-trumps, the pig, high or low hands, robbing the turned card, the top trump and the
exchange.

Where the turned card comes from ("the stock", or the kitty by its name), which cards make a hand
low, and which cards are the lowest and highest trumps follow from the pack and the deal; they are
read as forms and checked against the finished spec.
"""

from __future__ import annotations

import re

from ...spec import derived
from ...spec.deck import TRUMP_ROTATION
from ..phrases import one_of_suits
from .core import Draft, Rule, rule
from .words import CARD, MAJOR, NAME, PHRASE, RANK, SUIT, Unreadable, card, count, counted, rank, split_and, suit

_SOURCE = rf"the (?P<source>{NAME})"
_LOW_CARDS = "|".join(re.escape(v) for v in sorted({one_of_suits(suits) for suits in derived.LOW_SUITS.values()}))
#: A trump named in the rank list: "the Two of trumps", "The Fool (0)", or both for a tarot pack.
_TRUMP_NAME = re.compile(rf"the (?P<rank>{RANK}) of trumps(?:, or (?P<major>{MAJOR}) when the majors are trumps)?|"
                         rf"(?P<only>{MAJOR})")


def _source(d: Draft, source: str) -> None:
    """The turned card comes from the kitty when there is one to take it from, else from the stock."""
    def test(spec) -> bool:
        if derived.trump_card_from_kitty(spec.deal):
            return source == spec.deal.kitty.name
        return source == "stock"

    d.check(test, "where the turned card comes from")


def _method(method: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        value: dict[str, str] = {"method": method}
        if method == "called":
            value["caller"] = "dealer" if m["caller"] == "the dealer" else "dealer-left"
            seen = m.groupdict().get("seen")
            if seen is not None:
                value["seen"] = "all" if seen == "all" else counted(seen)
            if m.groupdict().get("none"):
                value["no_trumps"] = True
        elif method == "fixed":
            value["suit"] = suit(m["suit"].lower())
        elif method == "rotating":
            cycle = (suit(m["first"]), *(suit(s) for s in split_and(m["rest"])))
            if suit(m["again"]) != cycle[0]:
                raise Unreadable("the cycle of trumps does not come back to its first suit")
            d.check(lambda spec: TRUMP_ROTATION[spec.deck.kind] == cycle, "the cycle of trump suits")
        if method in derived.TOP_CARD_METHODS:
            _source(d, m["source"])
        d.put("setup.trumps", value)
    return handler


def _called_on_the_hand(d: Draft, m: re.Match[str]) -> None:
    """Trumps named after the deal, the caller's whole hand seen (``seen: all``)."""
    d.put("setup.trumps", {"method": "called", "caller": "dealer" if m["caller"] == "the dealer" else "dealer-left",
                           "seen": "all", **({"no_trumps": True} if m["none"] else {})})


def trump_name(d: Draft, text: str, which: str) -> None:
    """The lowest or highest trump as the rulebook names it: checked against the rank list."""
    m = _TRUMP_NAME.fullmatch(text)
    if m is None:
        raise Unreadable(f"“{text}” does not name a trump")
    code = rank(m["rank"]) if m["rank"] else None
    major = card(m["major"] or m["only"]) if m["major"] or m["only"] else None

    def test(spec) -> bool:
        ranks = spec.deck.ranks()
        if code is not None and (not ranks or code != (ranks[-1] if which == "lowest" else ranks[0])):
            return False
        return major is None or major == ("major 0" if which == "lowest" else "major 20")

    d.check(test, f"the {which} trump")


def _pig(d: Draft, m: re.Match[str]) -> None:
    d.put("setup.pig", {"card": card(m["card"]), "name": m["name"]})


def _pig_shown(d: Draft, m: re.Match[str]) -> None:
    if d.get("setup.pig.name") != m["name"]:
        raise Unreadable(f"there is no card called the “{m['name']}”")


def _low(d: Draft, m: re.Match[str]) -> None:
    d.put("setup.high_low", True)
    low = m["low"]
    d.check(lambda spec: one_of_suits(derived.low_suits(spec.deck)) == low, "the cards that make a hand low")


def _robbing(d: Draft, m: re.Match[str]) -> None:
    form = "take-and-discard" if m["how"].endswith("out of play for the hand") else "swap"
    d.put("setup.robbing", {"verb": m["verb"], "form": form})
    trump_name(d, m["low"], "lowest")


def _rob_joker(d: Draft, m: re.Match[str]) -> None:
    if d.get("setup.robbing.verb") != m["verb"]:
        raise Unreadable(f"“{m['verb']}” is not what robbing is called here")
    d.seen.add("joker turned")


def _top_trump(d: Draft, m: re.Match[str]) -> None:
    d.put("setup.top_trump_point", True)
    trump_name(d, m["high"], "highest")


def _exchange(d: Draft, m: re.Match[str]) -> None:
    d.put("setup.exchange.name", m["name"])


def _exchange_steps(d: Draft, m: re.Match[str]) -> None:
    if "name" not in (d.get("setup.exchange") or {}):
        raise Unreadable("an exchange that was never proposed")
    single = m["each"] == "a single card"
    d.put("setup.exchange.single", single)
    if not single:
        d.put("setup.exchange.cards", counted(m["each"]))
    stays = bool(m["stays"])

    d.check(lambda spec: derived.trump_card_on_stock(spec) == stays, "the turned trump card on the stock")


def _exchange_end(d: Draft, m: re.Match[str]) -> None:
    if m["a"] != m["b"]:
        raise Unreadable("the exchange ends at two different numbers of cards")
    d.put("setup.exchange.cards", counted(m["a"]))


def _bowers(d: Draft, m: re.Match[str]) -> None:
    d.put("setup.bowers", True)
    after = m["after"] or ""
    d.check(lambda spec: derived.bower_after(spec) == after, "what ranks above the right bower")


def _by_contract(d: Draft, m: re.Match[str]) -> None:
    """A schedule's hands: no trumps of the game's own, each contract saying its trumps (*Scoring*)."""
    _method("none")(d, m)
    d.check(lambda spec: spec.scoring.kind == "schedule", "trumps by the hand's contract")

RULES: list[Rule] = [
    # Trumps (SU-01, SU-02, SU-05).
    rule(r"Before the deal, (?P<caller>the dealer|the player to the dealer's left) names the trump suit for the "
         r"hand(?P<none>, or no trumps)?\.", _method("called"), marks="trumps"),
    rule(rf"When each player has been dealt (?P<seen>{count('card')}), the deal stops: (?P<caller>the dealer|the player "
         r"to the dealer's left) looks at those cards, and only those, and names the trump suit for the hand"
         r"(?P<none>, or no trumps)?; then the deal goes on\.", _method("called"), marks="trumps"),
    rule(r"After the deal, (?P<caller>the dealer|the player to the dealer's left) looks at their cards and names the "
         r"trump suit for the hand(?P<none>, or no trumps)?\.", _called_on_the_hand, marks="trumps",
         name="method"),
    rule(r"The dealer's last card is dealt face up; its suit is trumps for the hand, and the card stays in the "
         r"dealer's hand\.", _method("last-card"), marks="trumps"),
    rule(r"If it is a joker, the hand has no trump suit\.", marks="joker turned"),
    rule(r"There is no trump suit\.", _method("none"), marks="trumps"),
    rule(r"Whether the hand has trumps goes by its contract \(see \*Scoring\*\)\.", _by_contract, marks="trumps"),
    rule(rf"The top card of {_SOURCE} is turned face up; its suit is trumps for the hand\.", _method("turn-up"),
         marks="trumps"),
    rule(rf"Trumps follow a fixed cycle, one suit per hand: (?P<first>{SUIT}) in the first hand, then "
         rf"(?P<rest>{SUIT}(?:(?:, | and ){SUIT})*), and then (?P<again>{SUIT}) again\.", _method("rotating"),
         marks="trumps"),
    rule(r"(?P<suit>[A-Z][a-z]+) are trumps in every hand\.", _method("fixed"), marks="trumps"),
    rule(rf"The top card of {_SOURCE} is laid face down, unseen\.", _method("hidden"), marks="trumps"),
    rule(r"The first time a player plays a card that is not of the suit led, the card is turned face up, and its "
         r"suit is trumps from then on, beginning with that trick\.",
         lambda d, m: d.check(lambda spec: spec.setup.trumps.method == "hidden", "a hidden trump card")),
    rule(r"The suit of the first card led in the hand is trumps for that hand\.", _method("first-card"),
         marks="trumps"),
    rule(r"The majors are permanent trumps\.", _method("majors"), marks="trumps"),
    # Anti-trumps (SU-03).
    rule(r"Once trumps are known, the dealer, without looking at their hand, names one other suit as "
         r"\*anti-trumps\* for the hand\.", lambda d, m: d.put("setup.anti_trumps", True), name="anti_trumps"),
    # Bowers: the Jacks of the trump colour promoted above the trumps.
    rule(r"Once trumps are known, the Jack of trumps, the \*right bower\*, is the highest trump(?P<after> after the "
         r"jokers| after the red joker)?, and the other Jack of the same colour, the \*left bower\*, is the next "
         r"highest: for the whole hand it is a trump, not a card of its own suit\.", _bowers, name="bowers"),
    # The pig (SU-08).
    rule(rf"The player who holds (?P<card>{CARD}), called the \*(?P<name>[^*]+)\*, may show it to everyone\.", _pig),
    rule(rf"It counts as the (?P<name>{NAME}) only in a hand in which it has been shown\.", _pig_shown),
    # High or low (SU-07).
    rule(r"Each player chooses a card from their hand, and all show their chosen cards at the same moment\."),
    rule(rf"If every card shown is (?P<low>{_LOW_CARDS}), the hand is played \*low\* \(see \*Scoring\*\); otherwise "
         r"it is played \*high\*\.", _low),
    rule(r"The shown cards stay in their owners' hands\."),
    # Robbing the turned card (SU-04).
    rule(rf"The player who holds the lowest trump in the rank list \((?P<low>{PHRASE})\) may \*(?P<verb>[^*]+)\* the "
         r"turned card: (?P<how>they take it into their hand and then discard any one card face down, out of play "
         r"for the hand|they take it into their hand and put that lowest trump face up in its place)\.", _robbing),
    rule(rf"If a joker was turned, there is no card to (?P<verb>{NAME})\.", _rob_joker),
    # The top trump for a point (SU-06).
    rule(rf"The player who holds the highest trump in the rank list \((?P<high>{PHRASE})\) may show it, for one point "
         r"added to their score for the hand \(see \*Scoring\*\)\.", _top_trump),
    # The exchange (SU-10).
    rule(r"Players may now agree to an? \*(?P<name>[^*]+)\*\.", _exchange),
    rule(r"In turn, beginning with the player to the dealer's left, each player may propose one; if every other "
         r"player agrees, each player in turn, beginning with the player to the dealer's left, discards "
         rf"(?P<each>a single card|{count('card')}) face down, out of play for the hand, and then each is dealt as "
         r"many cards from the stock(?P<stays> \(a trump card lying face up on the stock stays where it is\))?\.",
         _exchange_steps),
    rule(r"Proposals then go round again, beginning with the player after the proposer\."),
    rule(rf"This ends when a full round passes with no proposal agreed, or when the stock holds fewer than "
         rf"(?P<a>{count('card')}) for each player or a player holds fewer than (?P<b>{count('card')})\.",
         _exchange_end),
]
