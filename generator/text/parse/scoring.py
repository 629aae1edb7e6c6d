"""Scoring (``templates/rules/scoring.md.j2``), the *Scoring* section: cards of an avoided suit
(with the table of cards that score specially), points per trick (with the bidding bonuses) or the
exact bid; the table of extras; and the paragraphs that follow from other rules (the top trump
shown in the setup, the landlord's payments, low hands, totals below zero), checked against the
finished spec.
"""

from __future__ import annotations

import re

from ...spec import derived
from .core import Draft, Rule, rule
from .setup import trump_name
from .words import (
    CARD,
    NAME,
    NICKNAME,
    PHRASE,
    RANK,
    SUIT,
    SUIT_ONE,
    Unreadable,
    card,
    count,
    counted,
    digits,
    nickname,
    rank,
    split_and,
    suit,
    suit_one,
)

_PIG_WORDS = rf"[Tt]he (?P<pig>[^(|]+?)(?: \((?P<pig_card>{CARD})\))?"
_SPECIAL = rf"\| (?P<card>{CARD})(?: (?P<nick>{NICKNAME}))? \|"


def _pig_words(d: Draft, m: re.Match[str]) -> None:
    """ "the goat (the King of hearts)", or "the pig" when the game has none: the setup's pig."""
    name, pig_card = m["pig"], card(m["pig_card"]) if m["pig_card"] else None

    def test(spec) -> bool:
        pig = spec.setup.pig
        return (pig.card, pig.name) == (pig_card, name) if pig else (pig_card is None and name == "pig")

    d.check(test, "the pig")


def _suit_of(code: str) -> str | None:
    if code.startswith("major "):
        return "majors"
    return code.split(" of ", 1)[1] if " of " in code else None


# --------------------------------------------------------------------------- avoided suit (SC-T1)


def _avoid(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "avoid-suit")


def _per_card(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.suit", suit_one(m["one"]))
        d.put("scoring.per_card", value)
        if value == "face-value" and m["one"] != "major":
            values = _face_values(m["values"])
            d.check(lambda spec: _face(spec) == values, "the face values")
    return handler


def _face_values(text: str) -> tuple[tuple[tuple[str, int], ...], bool]:
    items = split_and(text)
    numbers = items[-1] == "every other card its number"
    if numbers:
        items = items[:-1]
    out = []
    for item in items:
        m = re.fullmatch(rf"(?P<rank>{RANK}) (?P<v>\d+)", item)
        if m is None:
            raise Unreadable(f"“{item}” is not a face value")
        out.append((rank(m["rank"]), digits(m["v"])))
    return tuple(out), numbers


def _face(spec) -> tuple[tuple[tuple[str, int], ...], bool]:
    """The face-value table the rulebook prints for the spec's pack."""
    return derived.face_values(spec.deck), derived.numbers_in_play(spec.deck)


def _moon(d: Draft, m: re.Match[str]) -> None:
    one = suit_one(m["one"])
    d.check(lambda spec: getattr(spec.scoring, "suit", None) == one, "the avoided suit")
    d.put("scoring.shoot_the_moon", counted(m["points"]))


def _same_suit(d: Draft, code: str, same: bool) -> None:
    d.check(lambda spec: (_suit_of(code) == getattr(spec.scoring, "suit", None)) == same, "the suit of a special card")


def _penalty(d: Draft, m: re.Match[str]) -> None:
    code = card(m["card"])
    d.put("scoring.penalty_card", {"card": code, "nickname": nickname(m["nick"]), "points": counted(m["points"])})
    _same_suit(d, code, bool(m["more"]))


def _bonus(d: Draft, m: re.Match[str]) -> None:
    code = card(m["card"])
    d.put("scoring.bonus_card", {"card": code, "nickname": nickname(m["nick"]), "points": counted(m["points"])})
    _same_suit(d, code, bool(m["free"]))
    if m["free"] and suit_one(m["one"]) != _suit_of(code):
        raise Unreadable("the card is not of the suit it is said to be")


def _doubler(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.doubler", {"card": card(m["card"]), "nickname": nickname(m["nick"])})


def _joker_loss(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.joker_loss", counted(m["points"]))


def _pig_points(d: Draft, m: re.Match[str]) -> None:
    _pig_words(d, m)
    points = counted(m["points"])
    d.put("scoring.pig_points", -points if m["how"] == "costs" else points)
    if (m["how"] == "costs") != bool(m["more"]) or (m["how"] == "costs" and points == 0):
        raise Unreadable("a loss is a cost of points more")


# --------------------------------------------------------------------------- tricks (SC-T2, SC-T3, SC-T4)


def _per_trick(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "per-trick")
    if m["first"] is None:
        d.put("scoring.beyond", 0)
    elif m["first"] == "trick":
        d.put("scoring.beyond", 1)
    else:
        beyond = counted(m["first"])
        if beyond < 2:
            raise Unreadable("“beyond their first trick” is how one trick is written")
        d.put("scoring.beyond", beyond)


def _bonus_points(field: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put(f"scoring.{field}", counted(m["points"]))
    return handler


def _exact(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "exact-bid")


def _otherwise(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.otherwise", value)
    return handler


def _extra(field: str, value: object):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put(f"scoring.extras.{field}", value)
        if "pig" in m.re.groupindex:
            _pig_words(d, m)
    return handler


def _pig_extra(d: Draft, m: re.Match[str]) -> None:
    how = {"one point more": "plus", "one point less": "minus",
           "its taker scores nothing at all for the hand": "nothing"}[m["how"]]
    _extra("pig", how)(d, m)


def _top_trump(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.extras.top_trump", "plus" if m["how"] == "more" else "minus")
    trump_name(d, m["high"], "highest")


# --------------------------------------------------------------------------- what follows from other rules


def _negative(spec) -> bool:
    """Whether hand scores can be losses, so totals may fall below zero."""
    c = spec.scoring
    if c.kind == "avoid-suit" or spec.bidding.auction is not None or spec.setup.high_low:
        return True
    return c.extras.pig == "minus" or c.extras.top_trump == "minus"


def _total(d: Draft, m: re.Match[str]) -> None:
    negative = bool(m["below"])
    d.check(lambda spec: _negative(spec) == negative, "whether totals may fall below zero")


def _settles(d: Draft, m: re.Match[str]) -> None:
    title = m["title"]
    d.check(lambda spec: spec.bidding.auction is not None and spec.bidding.auction.title == title, "the auction")
    d.notes["title"] = title


def _success(d: Draft, m: re.Match[str]) -> None:
    if {m["t1"], m["t2"]} != {d.notes.get("title")}:
        raise Unreadable("the payment names someone other than the auction's winner")
    if m["suits"]:
        s = suit(m["suits"])
        d.check(lambda spec: getattr(spec.scoring, "suit", None) == s, "the avoided suit")
    else:
        d.check(lambda spec: spec.scoring.kind != "avoid-suit", "scoring by tricks")


def _fails(d: Draft, m: re.Match[str]) -> None:
    if m["title"] != d.notes.get("title"):
        raise Unreadable("the payment names someone other than the auction's winner")


RULES: list[Rule] = [
    # Avoided suit (SC-T1).
    rule(r"At the end of each hand, each player scores for the cards they took in tricks:", _avoid, marks="base"),
    rule(rf"Each (?P<one>{SUIT_ONE}) costs one point\.", _per_card("one")),
    rule(r"Each (?P<one>major) costs its number: Judgement \(XX\) costs 20 and The Fool \(0\) nothing\.",
         _per_card("face-value")),
    rule(rf"Each (?P<one>{SUIT_ONE}) costs its face value: (?P<values>[^.]+)\.", _per_card("face-value")),
    rule(rf"A player who took every (?P<one>{SUIT_ONE}) dealt to the players loses nothing for them and instead gains "
         rf"(?P<points>{count('point')})\.", _moon),
    rule(r"These cards score specially:"),
    rule(r"\| Card \| Score \|"),
    rule(rf"{_SPECIAL} costs its taker (?P<points>{count('point')})(?P<more> more)? \|", _penalty),
    rule(rf"{_SPECIAL} gains its taker (?P<points>{count('point')})(?P<free>, and costs nothing as an? "
         rf"(?P<one>{SUIT_ONE}))? \|", _bonus),
    rule(rf"\| Each joker \| costs its taker (?P<points>{count('point')}) \|", _joker_loss),
    rule(rf"\| {_PIG_WORDS}, if it was shown \| (?P<how>costs|gains) its taker (?P<points>{count('point')})"
         r"(?P<more> more)? \|", _pig_points),
    rule(rf"{_SPECIAL} doubles its taker's score for the hand \|", _doubler),
    # Points per trick (SC-T3) and the bidding bonuses.
    rule(rf"At the end of each hand, each player scores one point for each trick they won(?: beyond their first "
         rf"(?P<first>trick|{count('trick')}))?\.", _per_trick, marks="base"),
    rule(rf"A player who won exactly as many tricks as they bid scores (?P<points>{count('point')}) more\.",
         _bonus_points("exact_bonus")),
    rule(rf"If that bid was zero, they score a further (?P<points>{count('point')})\.", _bonus_points("zero_bonus")),
    rule(rf"If that bid was made blind, they score a further (?P<points>{count('point')})\.",
         _bonus_points("blind_bonus")),
    # The exact bid (SC-T2).
    rule(r"At the end of each hand, a player who won exactly as many tricks as they bid scores ten points plus one "
         r"point for each trick they bid\.", _exact, marks="base"),
    rule(r"Any other player scores nothing for the hand\.", _otherwise("zero")),
    rule(r"A player who won fewer tricks than they bid scores one point for each trick they won; a player who won "
         r"more scores nothing\.", _otherwise("tricks-if-under")),
    rule(r"A player who won more tricks than they bid scores one point for each trick they won; a player who won "
         r"fewer scores nothing\.", _otherwise("tricks-if-over")),
    # Extras (SC-T4).
    rule(r"A trick that holds a joker does not count as a trick won when the hand is scored\.",
         _extra("joker_tricks", "void")),
    rule(r"These also count:"),
    rule(r"\| What \| Score \|"),
    rule(r"\| Winning a trick that holds a joker \| one point more for each such trick \|",
         _extra("joker_tricks", "bonus")),
    rule(rf"\| Taking {_PIG_WORDS}, if it was shown \| (?P<how>one point more|one point less|its taker scores nothing "
         r"at all for the hand) \|", _pig_extra),
    rule(rf"\| Taking the highest trump in the rank list \((?P<high>{PHRASE})\) \| one point (?P<how>more|less) \|",
         _top_trump),
    rule(r"\| Bidding every trick of the hand and winning them all \| wins the game at once \|",
         _extra("bid_all_wins", True)),
    # What follows from the setup and the auction.
    rule(r"A player who showed the highest trump before play \(see \*Setup\*\) adds one point to their score for the "
         r"hand\.", lambda d, m: d.check(lambda spec: spec.setup.top_trump_point, "the top trump shown"),
         name="top_trump_shown"),
    rule(rf"Then the (?P<title>{NAME}) settles with each other player for the stake, the bid that won the auction:",
         _settles),
    rule(r"\| Result of the hand \| Payment \|"),
    rule(rf"\| The (?P<t1>{NAME}) (?:took all of the (?P<suits>{SUIT}) in play, or none of them|won more tricks than "
         rf"every other player) \| each other player loses the stake, and the (?P<t2>{NAME}) gains it from each of "
         r"them \|", _success),
    rule(rf"\| Otherwise \| the (?P<title>{NAME}) loses the stake to each other player, and each of them gains it \|",
         _fails),
    rule(r"If the hand was played low, every player's score for the hand, everything included, changes sign: a gain "
         r"counts as a loss of as many points, and a loss as a gain\.",
         lambda d, m: d.check(lambda spec: spec.setup.high_low, "low hands"), name="low_hands"),
    rule(r"Each player keeps a running total of their hand scores(?P<below>, which may fall below zero)?\.", _total,
         marks="total"),
]


def finish(d: Draft) -> None:
    if "base" not in d.seen:
        raise Unreadable("the rulebook never says how a hand is scored")
    if "total" not in d.seen:
        raise Unreadable("the rulebook never says that scores are totalled")
