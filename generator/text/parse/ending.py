"""The end of the game (``templates/rules/ending.md.j2``), the *End of the game* section: a target, a
threshold, as many hands as players, or shrinking hands (and back up); then ties. How the hands
shrink is said with the deal (``parse/deal.py`` reads it with ``SHRINK_RULES``); the list of hand
sizes follows from the deal and is checked against the finished spec.
"""

from __future__ import annotations

import re

from .sides import SIDE, sided
from .core import Draft, Rule, rule
from .words import NAME, Unreadable, count, counted, digits


def _condition(kind: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        value: dict[str, object] = {"kind": kind}
        if kind == "target":
            value["points"] = counted(m["points"])
        elif kind == "threshold":
            points = digits(m["points"])
            if points < 1 or m["points"].startswith("0"):
                raise Unreadable(f"−{m['points']} is not a threshold")
            value["points"] = points
        d.put("ending.condition", value)
    return handler


def _back_up(value: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        condition = d.get("ending.condition")
        if not condition or condition.get("kind") != "shrinking":
            raise Unreadable("the hands do not shrink")
        if condition.get("back_up", value) != value:
            raise Unreadable("the hands are said both to grow back and not to")
        condition["back_up"] = value
    return handler


def _sizes(d: Draft, m: re.Match[str]) -> None:
    sizes = [digits(s) for s in m["sizes"].split(", ")]
    if m["noun"] != ("card" if len(sizes) == 1 else "cards") or counted(m["hands"]) != len(sizes):
        raise Unreadable("the number of hands does not agree with the list of hands")
    label = m["label"]

    def test(spec) -> bool:
        deal = spec.deal
        if spec.ending.condition.kind != "shrinking" or not isinstance(deal.hand_size, int):
            return False
        back = spec.ending.condition.back_up
        if deal.hand_size_over_three is None:
            starts = {None: deal.hand_size}
        else:
            starts = {"up to three players": deal.hand_size, "more than three players": deal.hand_size_over_three}
        if label not in starts:
            return False
        top = starts[label]
        if len(sizes) != (2 * top - 1 if back else top):  # before the lists are built: the list read may be long
            return False
        return sizes == list(range(top, 0, -1)) + (list(range(2, top + 1)) if back else [])

    d.check(test, "the sizes of the hands")


def _grows_back(d: Draft, m: re.Match[str]) -> None:
    condition = d.get("ending.condition")
    if not condition or condition.get("kind") != "shrinking":
        raise Unreadable("the hands do not shrink")
    d.notes["grows_back"] = True


def _ties(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("ending.ties", value)
        if value == "extra-hand":
            _same_hand(d, m)
    return handler


def _same_hand(d: Draft, m: re.Match[str]) -> None:
    """The hand played to settle a tie: as many cards as the last (shrinking hands), or the
    schedule's last contract."""
    same, scheduled = bool(m["same"]), bool(m["scheduled"])
    d.check(lambda spec: (spec.ending.condition.kind == "shrinking") == same, "shrinking hands")
    d.check(lambda spec: (spec.ending.condition.kind == "schedule") == scheduled, "the schedule's last hand")


def _tie_again(d: Draft, m: re.Match[str]) -> None:
    d.seen.add("tie 4")
    _same_hand(d, m)


def _tokens_gone(d: Draft, m: re.Match[str]) -> None:
    d.put("ending.condition", {"kind": "tokens"})
    name = m["tok"]
    d.check(lambda spec: (spec.deal.tokens.name if spec.deal.tokens else "token") == name, "what the tokens are called")


#: How the hands shrink (and grow back), said in *Setup* with the deal.
SHRINK_RULES: list[Rule] = [
    rule(r"Each later hand is dealt with one card fewer per player, down to one card each\.", _condition("shrinking")),
    rule(r"After the one-card hand, each hand has one card more, back up to the full number\.", _grows_back),
    rule(rf"(?:With (?P<label>up to three players|more than three players), t|T)he hands are of "
         rf"(?P<sizes>\d+(?:, \d+)*) (?P<noun>cards?): (?P<hands>{count('hand')}) in all\.", _sizes),
]

_SCHEDULED = r"(?P<scheduled> with the contract of the last hand of the schedule)?"

RULES: list[Rule] = [
    rule(r"The game ends when the last hand of the schedule \(see \*Scoring\*\) has been played\.",
         _condition("schedule")),
    rule(rf"The game ends after any hand in which an? {SIDE}'s total reaches (?P<points>{count('point')}) or more\.",
         sided(_condition("target")), name="condition"),
    rule(rf"The game ends after any hand in which an? {SIDE}'s total falls to −(?P<points>\d+) points or lower\.",
         sided(_condition("threshold")), name="condition"),
    rule(r"The game lasts as many hands as there are players, so that each player deals once\.", _condition("rounds")),
    rule(r"The game ends after the last full hand, when the hands have shrunk and grown back as \*Setup\* says\.",
         _back_up(True)),
    rule(r"The game ends after the one-card hand, when the hands have shrunk as \*Setup\* says\.", _back_up(False)),
    rule(rf"The game ends as soon as a player gives up their last (?P<tok>{NAME}): that player wins\.", _tokens_gone,
         marks="wins"),
    rule(rf"The {SIDE} with the highest total wins\.", sided(), marks="wins", name="wins"),
    rule(rf"If several {SIDE}s share the highest total, another hand is played(?P<same> with as many cards as the "
         rf"last)?{_SCHEDULED}, and so on, until one (?:player|partnership|team|side) alone has the highest total\.",
         sided(_ties("extra-hand")), name="ties"),
    # The latest-winner tie rule: a sentence, then four steps (the last says whether hands shrink).
    rule(rf"If several {SIDE}s share the highest total, the scoresheet settles the tie:",
         sided(_ties("latest-winner")), name="ties"),
    rule(r"Take the last hand played, and find the highest score anyone made in it\.", marks="tie 1"),
    rule(r"If exactly one of the tied players made that score, that player wins, whether or not a player outside "
         r"the tie made it too\.", marks="tie 2"),
    rule(r"If none of the tied players made it, or more than one did, take the hand before and do the same, and so "
         r"on back to the first hand\.", marks="tie 3"),
    rule(rf"If no hand settles it, another hand is played(?P<same> with as many cards as the last)?{_SCHEDULED}, and the tie is "
         r"looked at again in the same way\.", _tie_again),
]

#: The steps of the latest-winner tie rule, each read once, all of them or none.
_TIE_STEPS = ("tie 1", "tie 2", "tie 3", "tie 4")


def finish(d: Draft) -> None:
    condition = d.get("ending.condition")
    if condition is None:
        raise Unreadable("the rulebook never says when the game ends")
    if condition["kind"] == "shrinking" and "back_up" not in condition:
        raise Unreadable("the rulebook never says when the shrinking hands stop")
    if condition["kind"] == "shrinking" and d.notes.get("grows_back", False) != condition["back_up"]:
        raise Unreadable("the hands are said both to grow back and not to")
    if "wins" not in d.seen:
        raise Unreadable("the rulebook never says who wins")
    steps = [step in d.seen for step in _TIE_STEPS]
    if any(steps) != (d.get("ending.ties") == "latest-winner") or any(steps) != all(steps):
        raise Unreadable("the steps of the tie rule are not all there, or not under the tie rule")

