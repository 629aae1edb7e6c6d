"""Card points (``templates/rules/card_points.md.j2``), read back: the table of ranks and named
cards, the majorities, the sweeps and what a tie for the most scores."""

from __future__ import annotations

import re

from .core import Draft, Rule, rule
from .sides import SIDE, sided
from .words import CARD, NAME, NUM, RANK, SUIT, Unreadable, card, count, counted, number, rank, suit


def _base(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.kind", "card-points")
    for field in ("ranks", "cards"):
        d.data["scoring"].setdefault(field, [])


def _rank(d: Draft, m: re.Match[str]) -> None:
    if d.get("scoring.kind") != "card-points":
        raise Unreadable("a row of card points before the sentence that opens the table")
    d.data["scoring"]["ranks"].append({"rank": rank(m["rank"]), "points": counted(m["points"])})


def _card(d: Draft, m: re.Match[str]) -> None:
    if d.get("scoring.kind") != "card-points":
        raise Unreadable("a row of card points before the sentence that opens the table")
    code = card(m["card"])
    more = bool(m["more"])
    d.data["scoring"]["cards"].append({"card": code, "points": counted(m["points"])})
    of_rank = code.split(" of ")[0]
    d.check(lambda spec: any(r.rank == of_rank for r in spec.scoring.ranks) == more,
            "whether a named card's rank scores too")


def _most_cards(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.most_cards", counted(m["points"]))


def _most_suit(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.most_suit", {"suit": suit(m["suit"]), "points": counted(m["points"])})


def _sweeps(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.sweeps", {"name": m["name"], "points": counted(m["points"])})


def _ties(d: Draft, m: re.Match[str]) -> None:
    both = m["which"] == "those lines"
    d.check(lambda spec: (spec.scoring.most_cards is not None and spec.scoring.most_suit is not None) == both,
            "which majorities a tie leaves unscored")


def _last_trick(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.last_trick", counted(m["points"]))


def _per_trick(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.per_trick", counted(m["points"]))


def _beyond(d: Draft, m: re.Match[str]) -> None:
    d.put("scoring.beyond", number(m["beyond"]))


_GROUPS = {"twos": 2, "threes": 3}


def _groups(d: Draft, m: re.Match[str]) -> None:
    size = _GROUPS.get(m["name"]) or number(m["size"])
    if number(m["whole"]) != size:
        raise Unreadable("the groups the points are counted in are said two ways")
    d.put("scoring.groups", size)


RULES: list[Rule] = [
    rule(rf"At the end of each hand, each {SIDE} scores for the cards they took:", sided(_base), marks="base",
         name="base"),
    rule(rf"\| Winning the last trick of the hand \| (?P<points>{count('point')}) \|", _last_trick),
    rule(rf"\| Each trick won \| (?P<points>{count('point')}) \|", _per_trick),
    rule(rf"Only the points beyond the first (?P<beyond>{NUM}) count: an? {SIDE} that took more scores the "
         r"difference, any other nothing\.", sided(_beyond), name="beyond"),
    rule(rf"The points are counted in (?:(?P<name>twos|threes)|groups of (?P<size>{NUM})): add them up, and the hand "
         rf"scores one point for every whole (?P<whole>{NUM}); what is left over scores nothing\.", _groups),
    rule(r"\| What \| Points \|"),
    rule(rf"\| Every (?P<rank>{RANK}) \| (?P<points>{count('point')}) \|", _rank),
    rule(rf"\| (?P<card>{CARD}) \| (?P<points>{count('point')})(?P<more> more than its rank)? \|", _card),
    rule(rf"\| Taking more cards than any other {SIDE} \| (?P<points>{count('point')}) \|", sided(_most_cards),
         name="most_cards"),
    rule(rf"\| Taking more (?P<suit>{SUIT}) than any other {SIDE} \| (?P<points>{count('point')}) \|",
         sided(_most_suit), name="most_suit"),
    rule(rf"\| Each \*(?P<name>{NAME})\* \(see \*Play\*\) \| (?P<points>{count('point')}) \|", _sweeps),
    rule(rf"When two or more {SIDE}s tie for the most, no one scores (?P<which>that line|those lines)\.", sided(_ties),
         name="ties"),
]
