"""The deal (``templates/rules/deal.md.j2``), read from the *Setup* section: hand sizes, the odd
card, the kitty, the stock, the misdeal and a contributed kitty.

The kitty's and the stock's uses ("which takes no part in the play", "which goes to the winner of
the auction …") follow from other rules (the auction, kitty capture, an exchange or invented
rules); they are read as forms and checked against the finished spec.
"""

from __future__ import annotations

import re

from ...spec import derived
from ..phrases import plural_noun
from .core import Draft, Rule, rule
from .ending import SHRINK_RULES
from .words import NAME, NUM, SUIT, Unreadable, count, counted, number, suit

_WHO = {
    "The player to the dealer's right": "dealer-right",
    "The player to the dealer's left": "dealer-left",
    "The dealer": "dealer",
}
_KITTY_USES = {
    "which goes to the winner of the auction (see *Bidding*)": "auction",
    "which is not played but may be won with a trick (see *Play*)": "capture",
    "which is not played but may be taken into a hand (see *Play*)": "effect",
    "whose top card may be drawn in play (see *Play*)": "draw",
    "which takes no part in the play": "none",
}
KITTY_USE = "|".join(re.escape(u) for u in _KITTY_USES)
_STOCK_USES = {"which is used in play (see *Play*)": "play", "which is used only as the rules below say": "rules",
               "which takes no part in the play": "none"}
STOCK_USE = "|".join(re.escape(u) for u in _STOCK_USES)
_SHARE = re.compile(rf"(?P<each>{count('card')}) each with (?P<n>{NUM}) players(?: \((?P<left>{NUM}) set aside\))?")


def kitty_use(d: Draft, text: str) -> None:
    """Check what the text says becomes of the kitty against the auction and kitty capture."""
    use = _KITTY_USES[text]
    d.check(lambda spec: derived.kitty_use(spec) == use, "what becomes of the kitty")


def _hand_size(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.hand_size", counted(m["size"]))


def _over_three(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.hand_size_over_three", counted(m["size"]))


def _deal_all(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.hand_size", "all")
    shares = []
    for part in m["shares"].split("; "):
        s = _SHARE.fullmatch(part)
        if s is None:
            raise Unreadable(f"“{part}” is not a share of the pack")
        shares.append((number(s["n"]), counted(s["each"]), number(s["left"]) if s["left"] else 0))

    def test(spec) -> bool:
        deck, deal, size = spec.deck, spec.deal, spec.deck.size()
        expected = [(n, max(0, deal.cards_each(n, size)), derived.set_aside(deck, deal, n)) for n in spec.players.counts()]
        return expected == shares

    d.check(test, "the shares of the pack")


def _odd_card(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.odd_card", {"who": _WHO[m["who"]], "extra": m["how"] == "one extra card"})


def _kitty_dealt(d: Draft, m: re.Match[str]) -> None:
    size = counted(m["size"])
    if (m["verb"] == "is") != (size == 1):
        raise Unreadable("the verb does not agree with the number of cards")
    d.put("deal.kitty", {"name": m["name"], "form": "dealt", "size": size or None})
    kitty_use(d, m["use"])


def _kitty_undealt(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.kitty", {"name": m["name"], "form": "undealt"})
    kitty_use(d, m["use"])


def _stock(d: Draft, m: re.Match[str]) -> None:
    use = _STOCK_USES[m["use"]]

    def test(spec) -> bool:
        # a stock of discard piles (``spec.deal.stock``) is drawn from in play; so is a family's whose play says so
        return ("play" if spec.deal.stock is not None else derived.stock_use(spec)) == use

    d.check(test, "what the stock is for")


def _discard_piles(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.stock.discard_piles", 1 if m["n"] == "One card is" else 2)


def _wild_card(d: Draft, m: re.Match[str]) -> None:
    if d.get("deal.stock") is None:
        raise Unreadable("a wild-rank card dealt with no discard pile")
    d.put("deal.stock.wild_card", True)
    # a joker or a major turned has no rank (the spec's reading): said exactly when the pack can turn one
    what = m["what"]
    d.check(lambda spec: (("a joker" if spec.deck.jokers else "a major") if spec.deck.jokers or spec.deck.kind == "tarot"
                          else None) == what, "what a rankless wild card does")


def _misdeal(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.misdeal", {"suit": suit(m["suit"]), "must_show": m["must"] == "must show their hand; then"})


def _kitty_contributed(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.kitty", {"name": m["name"], "form": "contributed"})
    kitty_use(d, m["use"])


def _kitty_size(d: Draft, m: re.Match[str]) -> None:
    kitty = d.get("deal.kitty")
    if kitty is None or kitty["name"] != m["name"] or kitty["form"] == "dealt":
        raise Unreadable(f"there is no kitty called “{m['name']}” to hold cards")
    d.put("deal.kitty.size", counted(m["size"]))


def _first_dealer(d: Draft, m: re.Match[str]) -> None:
    """The cards without a rank named in the draw for the first deal are the pack's jokers and majors."""
    what = m["rankless"]

    def test(spec) -> bool:
        rankless = (["a joker"] if spec.deck.jokers else []) + (["a major"] if spec.deck.kind == "tarot" else [])
        return (" or ".join(rankless) or None) == what

    d.check(test, "the cards without a rank in the draw for the first deal")


def _tokens(d: Draft, m: re.Match[str]) -> None:
    d.put("deal.hand_size", number(m["n"]))
    d.notes["tokens"] = [(number(m["n"]), m["toks"])]


def _tokens_over_three(d: Draft, m: re.Match[str]) -> None:
    if "tokens" not in d.notes:
        raise Unreadable("no tokens to start with")
    d.put("deal.hand_size_over_three", number(m["n"]))
    d.notes["tokens"].append((number(m["n"]), m["toks"]))


def _token_cards(d: Draft, m: re.Match[str]) -> None:
    """DL-04: the singular names the token; every count of them before must be written with it."""
    name = m["tok"]
    for n, text in d.notes.get("tokens", ()):
        if text != (name if n == 1 else plural_noun(name)):
            raise Unreadable(f"“{text}” is not how {n} {name} is written")
    if "tokens" not in d.notes:
        raise Unreadable("cards dealt for tokens no one has")
    d.put("deal.tokens", {"name": name})


RULES: list[Rule] = [
    # The first dealer, the shuffle and the cut: the same in every game but for the cards without a rank.
    rule(r"To choose the first dealer, each player draws one card from the shuffled pack, and whoever draws the "
         r"lowest card in the order given under \*The cards\* deals first; players who tie for the lowest card"
         r"(?:, or draw (?P<rankless>a joker or a major|a joker|a major),)? draw again\.", _first_dealer),
    rule(r"Before every deal, the dealer shuffles the pack and the player to the dealer's right cuts it\."),
    # How the cards are dealt: the same in every game (the rulebook's reading of the book).
    rule(r"The dealer deals the cards face down, one at a time and clockwise, beginning with the player to the "
         r"dealer's left\."),
    rule(r"The deal passes to the left after every hand\.",
         lambda d, m: d.check(lambda spec: spec.scoring.kind != "schedule" or not spec.scoring.each_dealer,
                              "the deal passing after every hand"), name="deal_passes"),
    rule(r"The deal passes to the left after every round of hands, as \*Scoring\* says\.",
         lambda d, m: d.check(lambda spec: spec.scoring.kind == "schedule" and spec.scoring.each_dealer,
                              "the deal passing after every round"), name="deal_passes"),
    rule(rf"Each player is dealt (?P<size>{count('card')})\.", _hand_size),
    rule(rf"With more than three players, each player is dealt (?P<size>{count('card')}) instead\.", _over_three),
    *SHRINK_RULES,
    # Countdown tokens (DL-04) and face-down rows (DL-12).
    rule(rf"Each player starts with (?P<n>{NUM}) (?P<toks>{NAME})\.", _tokens),
    rule(rf"At each deal, each player is dealt one card for each (?P<tok>{NAME}) they hold\.", _token_cards),
    rule(rf"With more than three players, each player starts with (?P<n>{NUM}) (?P<toks>{NAME}) instead\.",
         _tokens_over_three),
    rule(r"Each player is then dealt three cards face down in a row in front of them, and three more face up, one on "
         r"each of those; these six cards are the player's \*rows\*, played only once their hand is empty \(see "
         r"\*Play\*\)\.", lambda d, m: d.put("deal.rows", True), name="rows"),
    rule(r"The whole pack is dealt, each player receiving the same number of cards: (?P<shares>[^.]+)\.", _deal_all),
    rule(r"Any cards left over are set aside face down, unseen, for the hand\.",
         lambda d, m: d.check(lambda spec: spec.deal.hand_size == "all", "a deal of the whole pack")),
    rule(rf"(?P<who>{'|'.join(_WHO)}) is dealt (?P<how>one extra card|one card fewer)\.", _odd_card),
    rule(rf"After the hands, (?P<size>{count('card')}) (?P<verb>is|are) dealt face down to form the "
         rf"\*(?P<name>[^*]+)\*, (?P<use>{KITTY_USE})\.", _kitty_dealt),
    rule(rf"The cards not dealt are left face down as the \*(?P<name>[^*]+)\*, (?P<use>{KITTY_USE})\.",
         _kitty_undealt),
    # The discard piles and the wild-rank card (DL-08, DL-09), the stock (DL-10).
    rule(r"(?P<n>One card is) then dealt face up to start the \*discard pile\*\.", _discard_piles),
    rule(r"(?P<n>Two cards are) then dealt face up, side by side, each starting a \*discard pile\*\.",
         _discard_piles),
    rule(r"One more card is dealt face up to one side: for the hand, the other cards of its rank are \*jokers\* "
         r"\(see \*Play\*\), and that card itself is out of play\.(?P<rankless> If that card is (?P<what>a joker|a major), "
         r"it has no rank: no card is wild that hand\.)?", _wild_card),
    rule(rf"Any cards not dealt form a face-down \*stock\*, (?P<use>{STOCK_USE})\.", _stock, marks="stock"),
    rule(rf"A player who has no (?P<suit>{SUIT}) (?P<must>must show their hand; then|may show their hand; if one "
         r"does,) all the cards are thrown in and the same dealer deals again\.", _misdeal),
    rule(r"In turn, beginning with the player to the dealer's left, each player chooses one card from their hand "
         rf"and puts it face down into the \*(?P<name>[^*]+)\*, (?P<use>{KITTY_USE})\.", _kitty_contributed),
    rule(rf"The (?P<name>{NAME}) is to hold (?P<size>{count('card')})\.", _kitty_size),
]

