"""Rules the players invent (``templates/rules/laws.md.j2``): the section headed by their name in
the plural ("## Unseen edicts") — bonus or secret, repeal, who invents them — and the grammar of
laws with its examples, which are read as forms and checked against the pack.
"""

from __future__ import annotations

import re

from ...families import FAMILIES, family_of
from ...spec import derived
from ..phrases import cap
from .core import Draft, Rule, rule
from .words import NAME, RANK, SUIT_ONE, Unreadable, rank, suit_one

_NAME = r"\*(?P<name>[^*]+)\*"


def _name(d: Draft, name: str) -> None:
    if d.get("setup.extra_rules.name", name) != name:
        raise Unreadable(f"“{name}” is not what these rules are called")
    d.put("setup.extra_rules.name", name)


def _named(d: Draft, m: re.Match[str]) -> None:
    """A later sentence naming the rules ("Unseen edicts stay in force …"): the same name."""
    text = m["name"]
    name = d.get("setup.extra_rules.name")
    if name is None or text not in (name, cap(name), name + "s", cap(name) + "s"):
        raise Unreadable(f"“{text}” is not what these rules are called")


def _bonus(d: Draft, m: re.Match[str]) -> None:
    _name(d, m["name"])
    d.put("setup.extra_rules.kind", "bonus")
    d.put("setup.extra_rules.repeal", bool(m["repeal"]))


def _bonus_best(d: Draft, m: re.Match[str]) -> None:
    _bonus(d, m)
    d.check(lambda spec: spec.scoring.kind not in ("titles", "countdown"), "who invents the rules")


def _bonus_maker(d: Draft, m: re.Match[str]) -> None:
    """SC-A5: a title holder, or the winner of a hand that scores no points, invents the rules."""
    _bonus(d, m)
    maker = m["maker"]

    def test(spec) -> bool:
        c = spec.scoring
        if c.kind == "titles":
            return maker == "the " + (c.title if spec.scoring.rule_maker == "title" else (c.vice or "vice"))
        return c.kind == "countdown" and maker == "the winner of the hand"

    d.check(test, "who invents the rules")


def _add_up(d: Draft, m: re.Match[str]) -> None:
    _named(d, m)
    if (m["until"] == "until it is repealed") != d.get("setup.extra_rules.repeal"):
        raise Unreadable("the rules are said both to last and to be repealed")


def _secret(d: Draft, m: re.Match[str]) -> None:
    _name(d, m["name"])
    d.put("setup.extra_rules.kind", "secret")
    who = m["who"]
    d.put("setup.extra_rules.inventor", {"the dealer": "dealer", "a player chosen at random": "random-player"}.get(
        who, "dealer-and-right"))


def _secret_named(d: Draft, m: re.Match[str]) -> None:
    """A sentence said only of secret laws (how one broken is shown, who calls an effect)."""
    _named(d, m)
    if d.get("setup.extra_rules.kind") != "secret":
        raise Unreadable("a sentence about secret rules, in rules that are announced to everyone")


def _words(part: str) -> str:
    """Every family's words for one part of the laws' forms (``Family.law_words``), as a group."""
    found = {getattr(f.law_words, part) for f in FAMILIES.values()}
    return f"(?P<{part}>" + "|".join(re.escape(w) for w in sorted(found, key=lambda w: (-len(w), w))) + ")"


def _example(d: Draft, m: re.Match[str]) -> None:
    """An example law: its suits and ranks must be cards of the pack, and its words the family's."""
    for part, said in m.groupdict().items():
        if part in _PARTS and said is not None:
            d.check(lambda spec, part=part, said=said: getattr(family_of(spec).law_words, part) == said,
                    "the laws' forms in the family's words")
    suits = [suit_one(m[g]) for g in ("a", "b") if g in m.re.groupindex]
    ranks = [rank(m["rank"])] if "rank" in m.re.groupindex else []
    d.check(lambda spec: set(suits) <= set(spec.deck.suits()) and set(ranks) <= set(spec.deck.ranks()),
            "an example law from the pack")


_PARTS = ("suit_after", "led", "lead_next", "lead_next_short", "skip", "reverse", "passes")


def _drawing(stock: bool):
    """The drawing form's sentence, which says whether the game has a stock to draw from."""
    def handler(d: Draft, m: re.Match[str]) -> None:
        _example(d, m)
        d.check(lambda spec: derived.has_stock(spec) == stock, "a stock to draw from")
    return handler


def _passes(d: Draft, m: re.Match[str]) -> None:
    _named(d, m)
    _example(d, m)


RULES: list[Rule] = [
    # Bonus rules (SU-09 bonus, SC-T5).
    rule(rf"After each hand has been scored, the player with the highest score for that hand may invent a new "
         rf"{_NAME}(?P<repeal>, or instead repeal one already in force)?; if several players share the highest "
         r"score, the first of them clockwise from the dealer's left does so\.", _bonus_best, name="bonus"),
    rule(rf"After each hand has been scored, (?P<maker>the winner of the hand|the {NAME}) may invent a new "
         rf"{_NAME}(?P<repeal>, or instead repeal one already in force)?\.", _bonus_maker, name="bonus"),
    rule(rf"(?P<name>{NAME}) are announced to everyone and apply to every player from the next hand on\.", _named),
    rule(rf"They add up: every (?P<name>{NAME}) in force applies at once, (?P<until>until it is repealed|for the rest "
         r"of the game)\.", _add_up),
    # Secret rules (SU-09 secret, TT-11).
    rule(rf"Before the first hand, (?P<who>the dealer|a player chosen at random) invents an? {_NAME}, writes it down "
         r"and shows it to no one\.", _secret),
    rule(rf"Before the first hand, (?P<who>the dealer and then the player to the dealer's right) each invent an? "
         rf"{_NAME}, write it down and show it to no one\.", _secret),
    rule(rf"(?P<name>{NAME}) stay in force for the whole game, and at first only their inventor knows them\.", _named),
    rule(rf"A player who plays a card that an? (?P<name>{NAME}) forbids has it handed back by the inventor of that "
         r"(?P=name), who shows that player the (?P=name); the others are told only that the card broke an? (?P=name), "
         r"not what it says\.", _secret_named),
    rule(rf"That player now knows the (?P<name>{NAME}), and plays again\.", _secret_named),
    # The grammar of laws (generator.spec.laws), with examples.
    rule(rf"An? (?P<name>{NAME}) takes one of these forms, for any suits and ranks of the pack:", _named),
    rule(rf"No card of one suit may be played directly after a card of another \(or the same\) suit "
         rf"{_words('suit_after')}; for example, “No (?P<a>{SUIT_ONE}) may be played directly after "
         rf"an? (?P<b>{SUIT_ONE})\.”",
         _example),
    rule(rf"No card of a given rank may {_words('led')}; for example, “No (?P<rank>{RANK}) may (?P=led)\.”",
         _example),
    rule(rf"A player who plays a card of a given rank {_words('lead_next')}; for example, "
         rf"“Whoever plays an? (?P<rank>{RANK}) {_words('lead_next_short')}\.”", _example),
    rule(r"A player who plays a card of a given rank then draws the top card of the stock, if there is one \(never "
         rf"a trump card lying face up on it\); for example, “Whoever plays an? (?P<rank>{RANK}) draws a card\.”",
         _drawing(True), name="example"),
    rule(r"A player who plays a card of a given rank then draws a card where there are cards to draw from; this game "
         rf"has none, so such a law changes nothing; for example, “Whoever plays an? (?P<rank>{RANK}) draws a card\.”",
         _drawing(False), name="example"),
    rule(r"When a card of a given rank is played, the direction of play reverses for the rest of the hand"
         rf"{_words('reverse')}; for example, “An? (?P<rank>{RANK}) reverses play\.”", _example),
    rule(rf"When a card sets off an? (?P<name>{NAME}) of one of the last four forms, its inventor says at once what "
         r"happens, for example “play reverses”, and it happens; the inventor does not say the (?P=name), and only an? "
         r"(?P=name) that forbids a card is ever shown to another player\.", _secret_named),
    rule(rf"When a card of a given rank is played, the next player in turn {_words('skip')}; for "
         rf"example, “An? (?P<rank>{RANK}) skips the next player\.”", _example),
    rule(r"A joker counts as the card it is played as\.",
         lambda d, m: d.check(derived.wild_jokers, "wild jokers")),
    rule(rf"If the (?P<name>{NAME}) leave a player no card they may play, that player passes{_words('passes')}\.",
         _passes),
]


def finish(d: Draft, heading: str) -> None:
    name = d.get("setup.extra_rules.name")
    if name is None:
        raise Unreadable("a section of invented rules that never says what they are")
    if heading != cap(name + "s"):
        raise Unreadable(f"the heading “{heading}” is not the name of these rules")
