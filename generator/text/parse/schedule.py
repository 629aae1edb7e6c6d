"""A schedule of contracts (``templates/rules/schedule.md.j2``), read back: the sentence that opens
it (once, or a round for each dealer), the table of hands — each row its hand numbers, contract,
trumps and what it scores (or its modes) — and the sentences on the dealer's choices, checked
against the finished spec."""

from __future__ import annotations

import re
from typing import Any

from .core import Draft, Rule, rule
from .sides import SIDE, sided
from .words import NAME, NUM, RANK, SUIT_ONE, Unreadable, card, digits, number, rank, split_and, suit_one

_TRUMPS = {"none": "none", "as *Setup* says": "game", "the dealer's choice": "dealer"}
_SIGNED = r"−?\d+"
_LAST = rf"the last (?:trick|(?P<last>{NUM}) tricks)"
_WORTH = re.compile(rf"(?:(?P<start>{_SIGNED}), (?P<sign>less|plus) (?P<each>{NUM})|(?P<points>{_SIGNED})) for (?P<what>.+)")
_TRICKS = re.compile(rf"each trick won|each of the last (?P<last>{NUM}) tricks won|winning the last trick")
_SUIT = re.compile(rf"each (?P<one>{SUIT_ONE}) taken(?: in {_LAST})?")
_CARDS = re.compile(rf"(?:each (?P<ranks>{RANK}(?:(?:, | or ){RANK})*) taken)?(?:, and )?(?:taking (?P<cards>[^|]+?))?"
                    rf"(?: in (?P<lastin>the last trick|the last (?P<last>{NUM}) tricks))?")


def _signed(text: str) -> int:
    return -digits(text[1:]) if text.startswith("−") else digits(text)


def _last(m: re.Match[str], whole: str | None) -> int | None:
    if m["last"]:
        return number(m["last"])
    return 1 if whole else None


def _hand_score(text: str) -> dict[str, Any]:
    """ "−20 for each heart taken", "325, less 75 for each trick won" → a ``HandScore``'s data."""
    m = _WORTH.fullmatch(text)
    if m is None:
        raise Unreadable(f"“{text}” does not say what a hand scores")
    if m["start"] is not None:
        start, each = _signed(m["start"]), number(m["each"])
        points = -each if m["sign"] == "less" else each
        if start == 0:
            raise Unreadable("a hand that starts at 0 says only what each thing counted is worth")
    else:
        start, points = 0, _signed(m["points"])
    out: dict[str, Any] = {"points": points}
    if start:
        out["start"] = start
    what = m["what"]
    last: int | None
    if (t := _TRICKS.fullmatch(what)) is not None:
        out["scoring"] = {"kind": "per-trick"}
        last = number(t["last"]) if t["last"] else (1 if what == "winning the last trick" else None)
    elif (s := _SUIT.fullmatch(what)) is not None:
        out["scoring"] = {"kind": "avoid-suit", "suit": suit_one(s["one"])}
        last = _last(s, s.group(0) if "in the last trick" in what else None)
    elif (c := _CARDS.fullmatch(what)) is not None and (c["ranks"] or c["cards"]):
        ranks = [rank(r) for part in c["ranks"].split(", ") for r in part.split(" or ")] if c["ranks"] else []
        cards = [card(x) for x in split_and(c["cards"])] if c["cards"] else []
        out["scoring"] = {"kind": "card-points", "ranks": [{"rank": r, "points": 1} for r in ranks],
                          "cards": [{"card": x, "points": 1} for x in cards]}
        last = _last(c, c["lastin"])
    else:
        raise Unreadable(f"“{what}” is not a trick or card a contract counts")
    if last is not None:
        out["last"] = last
    return out


def _opens(each_dealer: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("scoring.kind", "schedule")
        d.put("scoring.each_dealer", each_dealer)
        d.data["scoring"].setdefault("contracts", [])
        hands = number(m["hands"])
        d.check(lambda spec: len(spec.scoring.flat()) == hands, "the number of hands of the schedule")
    return handler


def _row(d: Draft, m: re.Match[str]) -> None:
    if d.get("scoring.kind") != "schedule":
        raise Unreadable("a hand of the schedule before the sentence that opens it")
    contracts = d.data["scoring"]["contracts"]
    first = digits(m["first"])
    last = digits(m["last"]) if m["last"] else first
    expected = 1 + sum(c["hands"] for c in contracts)
    if first != expected or last < first:
        raise Unreadable(f"the hands of the schedule run on from hand {expected}")
    contract: dict[str, Any] = {"contract": m["name"], "hands": last - first + 1, "trumps": _TRUMPS[m["trumps"]]}
    scores = m["scores"]
    if scores.startswith("*"):
        modes = []
        for part in scores.split("; "):
            mode = re.fullmatch(rf"\*(?P<name>{NAME})\*: (?P<worth>.+)", part)
            if mode is None:
                raise Unreadable(f"“{part}” is not a way of scoring the hand")
            modes.append({"name": mode["name"], **_hand_score(mode["worth"])})
        contract["modes"] = modes
    else:
        contract["score"] = _hand_score(scores)
    contracts.append(contract)


def _said(what: str, test):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.check(lambda spec: spec.scoring.kind == "schedule" and test(spec.scoring), what)
    return handler


def _ways(schedule: Any) -> list[Any]:
    return [h for c in schedule.contracts for h in (c.modes or [c.score])]


RULES: list[Rule] = [
    rule(rf"The game is (?P<hands>{NUM}) hands, played in this order, the deal passing to the left after each:",
         _opens(False), marks="base", name="schedule"),
    rule(rf"The game is played in rounds: in each round the same player deals all (?P<hands>{NUM}) hands below, in "
         r"this order, and then the deal passes to the left for the next round, until every player has dealt a "
         r"round\.", _opens(True), marks="base", name="schedule"),
    rule(rf"\| Hand \| Contract \| Trumps \| Each {SIDE} scores \|", sided(), name="schedule_table"),
    rule(rf"\| (?P<first>\d+)(?: to (?P<last>\d+))? \| (?P<name>{NAME}) \| (?P<trumps>none|as \*Setup\* says|the "
         r"dealer's choice) \| (?P<scores>[^|]+) \|", _row, name="contract"),
    rule(r"In a hand whose trumps are the dealer's choice, the dealer looks at their cards and names a trump suit or "
         r"no trumps before the first lead\.",
         _said("the dealer's choice of trumps", lambda s: any(c.trumps == "dealer" for c in s.contracts)),
         name="dealer_trumps"),
    rule(rf"Where a hand can be scored in more than one way, the dealer chooses one of them, once trumps are known "
         rf"and before the first lead, and every {SIDE} scores the hand that way\.",
         sided(_said("the dealer's choice of mode", lambda s: any(c.modes for c in s.contracts))), name="modes"),
    rule(r"A hand counting only its last tricks counts the cards or tricks its winner took in those tricks alone\.",
         _said("a hand counting its last tricks", lambda s: any(h.last for h in _ways(s))), name="last_tricks"),
]
