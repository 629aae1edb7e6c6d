"""Reading a fishing game's *Play* section back (``templates/families/fishing/play.md.j2``)."""

from __future__ import annotations

import re

from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.words import NAME, RANK, Unreadable, count, counted, rank


def _first_turn(d: Draft, m: re.Match[str]) -> None:
    d.put("play.first_turn", "dealer" if m["who"] == "dealer" else "dealer-left")


def _table(layout: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.layout", layout)
        d.put("play.table", counted(m["n"]))
        if (m["n"] == "one card") != (m["verb"] == "is"):
            raise Unreadable("the verb does not agree with the number of cards")
    return handler


def _sweeper(d: Draft, text: str | None) -> None:
    if text is not None:
        d.put("play.sweeper", rank(text.split(" ", 1)[1]))


def _fresh_pile(d: Draft, m: re.Match[str]) -> None:
    d.put("play.fresh_table", True)
    _sweeper(d, m["sweeper"])
    d.notes["fresh sweeper"] = m["sweeper"] is not None


def _fresh_spread(d: Draft, m: re.Match[str]) -> None:
    d.put("play.fresh_table", True)
    _sweeper(d, m["sweeper"])
    d.notes["fresh sweeper"] = m["sweeper"] is not None


def _sweeps_all(d: Draft, m: re.Match[str]) -> None:
    _sweeper(d, m["sweeper"])


def _match(value: str):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.match", value)
    return handler


def _sums(d: Draft, m: re.Match[str]) -> None:
    d.put("play.sums", True)
    courts = m["courts"]
    d.check(lambda spec: _courts_printed(spec) == courts, "the court cards")


def _courts_printed(spec) -> str | None:
    from generator.spec import derived
    from generator.text.phrases import join_and, rank_word

    courts = [rank_word(r) for r, _ in derived.face_values(spec.deck) if r != "A"]
    return join_and(courts) if courts else None


def _every(d: Draft, m: re.Match[str]) -> None:
    d.put("play.combinations", "every")
    d.notes["every names builds"] = m["builds"] is not None


def _example(d: Draft, m: re.Match[str]) -> None:
    """A worked example from the pack (``rulebook``): printed as is for the finished spec."""
    from generator.text.parse.play_common import printed

    text = m.group(0)
    d.check(lambda spec: text in printed(spec), "an example from the pack")


def _lays(d: Draft, m: re.Match[str]) -> None:
    d.notes["lay names builds"] = m["builds"] is not None


def _builds(d: Draft, m: re.Match[str]) -> None:
    d.put("play.builds", True)
    top = int(m["top"])
    d.check(lambda spec: spec.play.top_number(spec.deck) == top, "the highest total of a build")


def _no_own_raise(d: Draft, m: re.Match[str]) -> None:
    partner = m["partner"] is not None
    d.check(lambda spec: partner == (spec.players.sides is not None), "whose builds a player may not raise")


def _must(value: bool):
    def handler(d: Draft, m: re.Match[str]) -> None:
        d.put("play.must_capture", value)
    return handler


def _sweep_name(d: Draft, name: str) -> None:
    d.check(lambda spec: spec.scoring.sweeps is not None and spec.scoring.sweeps.name == name, "the sweep's name")


def _lone(d: Draft, m: re.Match[str]) -> None:
    d.put("play.sweep", "lone-card")
    _sweep_name(d, m["name"])
    if m["other"] is not None:
        if m["name2"] != m["name"]:
            raise Unreadable("the sweep is named two ways")
        _sweeper(d, m["other"])
    d.notes["lone sweeper"] = m["other"] is not None
    where = m["where"]
    d.check(lambda spec: (spec.play.layout == "pile") == (where == "pile"), "where the single card lies")


def _clear(d: Draft, m: re.Match[str]) -> None:
    d.put("play.sweep", "clear-table")
    _sweep_name(d, m["name"])


def _end(d: Draft, m: re.Match[str]) -> None:
    d.notes["end names builds"] = m["builds"] is not None
    if m["name"] is not None:
        name = m["name"]
        d.check(lambda spec: spec.play.sweep is not None and spec.scoring.sweeps.name == name, "the sweep's name")
    else:
        d.check(lambda spec: spec.play.sweep is None, "whether the game has sweeps")


_A = rf"(?:an? {RANK})"

RULES: list[Rule] = [
    rule(r"Play goes clockwise\."),
    rule(r"The (?P<who>dealer|player to the dealer's left) takes the first turn\.", _first_turn, marks="first turn"),
    # the opening table
    rule(rf"After the hands are dealt, (?P<n>{count('card')}) (?P<verb>is|are) dealt face up from the stock to the "
         r"middle of the table, one on another, as the \*pile\*: only its top card can be matched\.", _table("pile"),
         marks="table"),
    rule(rf"After the hands are dealt, (?P<n>{count('card')}) (?P<verb>is|are) dealt face up from the stock to the "
         r"table, side by side\.", _table("spread"), marks="table"),
    rule(rf"If the top card is (?:(?P<sweeper>{_A}), or is )?of the same rank as the card under it, the pile is "
         r"shuffled back into the stock and dealt again, until it is not\.", _fresh_pile),
    rule(rf"If they hold (?:(?P<sweeper>{_A}), or )?three cards of one rank, they are shuffled back into the stock "
         r"and dealt again, until they do not\.", _fresh_spread),
    # a turn: a pile
    rule(r"On their turn, a player plays one card from their hand face up onto the pile\.",
         lambda d, m: d.check(lambda spec: spec.play.layout == "pile", "the layout"), marks="turn", name="pile_turn"),
    rule(r"A card of the same rank as the top card captures the whole pile\."),
    rule(rf"(?P<sweeper>An? {RANK}) captures the whole pile, whatever its top card\.", _sweeps_all, marks="sweeper"),
    rule(r"A card that captures nothing stays on top of the pile\."),
    rule(r"After a capture the table is empty, and the next card played starts a new pile\."),
    # a turn: a spread
    rule(r"On their turn, a player plays one card from their hand face up to the table\.",
         lambda d, m: d.check(lambda spec: spec.play.layout == "spread", "the layout"), marks="turn",
         name="spread_turn"),
    rule(rf"(?P<sweeper>An? {RANK}) captures every card on the table\.", _sweeps_all, marks="sweeper"),
    rule(r"A card of the same rank as a table card captures one card of that rank, the player's choice\.",
         _match("one")),
    rule(r"A card of the same rank as a table card captures every card of that rank\.", _match("all")),
    rule(r"A number card may instead capture two or more table cards whose numbers add up to its own: an Ace counts "
         rf"one(?:, and court cards \((?P<courts>{NAME})\) count nothing: they are only ever captured by matching)?\.",
         _sums),
    rule(r"A card that could capture in more than one way captures in one of them, chosen by its player\."),
    rule(r"A card captures, all at once, every group of table cards equal to it: each card of its rank, each set of "
         r"cards adding up to it(?P<builds>, each build of its total)?\.", _every),
    rule(r"Where groups share a card, its player chooses which to take, but takes as many as fit: when the capture "
         r"is done, no group of the cards left equals the card played\."),
    rule(r"For example, [^.]+\.", _example),
    rule(r"A card that captures nothing(?P<builds> and builds nothing)? is laid on the table beside the others\.",
         _lays),
    rule(r"A player who can capture must do so\.", _must(True)),
    rule(r"A player may lay a card that could capture\.", _must(False)),
    # builds
    rule(r"Instead of capturing or laying, a player may \*build\*: they play a number card onto one or more loose "
         r"number cards of the table, and the cards together make a \*build\* of their total, at most (?P<top>\d+), "
         r"which stays on the table\.", _builds, marks="builds"),
    rule(r"The player must hold another card of that total\."),
    rule(r"A build is captured only whole, by a card of its total, as one group; court cards are never built\."),
    rule(r"An opponent may \*raise\* a build of one set by playing a card onto it, if they hold another card of the "
         r"new total, at most the highest number: the build is then theirs\."),
    rule(r"No one raises their own build(?P<partner> nor their partner's)?\.", _no_own_raise),
    rule(r"A \*group build\* bundles several sets of one total: the card played, alone or with loose cards, and "
         r"further loose cards or builds of that total, which it takes in; it is the grouper's, and is captured whole "
         r"by a card of that total\."),
    rule(r"A player whose build is on the table must keep a card of its total, to capture it with, and until it is "
         r"captured or raised by someone else may not lay a card, raise a build nor build again, except a group build "
         r"that takes in their own\."),
    # captured cards and sweeps
    rule(r"The player puts the captured cards, with the card that captured them, face down in front of them\."),
    rule(rf"Capturing a (?P<where>pile|table) of a single card with a card of its rank is a \*(?P<name>{NAME})\*"
         rf"(?: \((?P<other>{_A}) taking a single card of another rank is a capture but not a \*(?P<name2>{NAME})\*\))?\.",
         _lone),
    rule(rf"Capturing every card on the table is a \*(?P<name>{NAME})\*, except on the first turn of the hand\.",
         _clear),
    # refills and the end of the hand
    rule(r"When every hand is empty, the dealer deals each player as many cards again from the stock, one at a time "
         r"and beginning at the dealer's left; when the stock holds too few for that, its cards are dealt round the "
         r"table until it is empty\.", marks="refill"),
    rule(r"Play goes on from the next player in turn\."),
    rule(rf"When the hands and the stock are empty, the hand ends: the player who captured last takes the cards left "
         rf"on the table(?P<builds>, builds and all)?(?:, which is not a \*(?P<name>{NAME})\*)?\.", _end, marks="end"),
    rule(r"If no one captured in the hand, no one takes them\."),
]

#: Sentence forms the text prints exactly when the spec says so: (mark, test, what).
MARKS: tuple = ()


def finish(d: Draft) -> None:
    for mark, what in (("first turn", "who takes the first turn"), ("table", "how the table is dealt"),
                       ("turn", "what a player does on their turn"), ("refill", "how the hands are refilled"),
                       ("end", "how the hand ends")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    defaults = {"fresh_table": False, "sweeper": None, "match": "one", "sums": False, "must_capture": False,
                "sweep": None, "combinations": "one", "builds": False}
    for field, value in defaults.items():
        if d.get(f"play.{field}") is None and field not in d.data["play"]:
            d.put(f"play.{field}", value)
    if d.get("play.layout") == "spread" and "must_capture" not in d.seen and d.get("play.must_capture") is None:
        pass
    builds = d.get("play.builds") is True
    for note in ("every names builds", "lay names builds", "end names builds"):
        if note in d.notes and d.notes[note] != builds:
            raise Unreadable(f"builds are {'' if builds else 'not '}in the game, but a sentence says otherwise ({note})")
    sweeper = d.get("play.sweeper")
    if d.notes.get("fresh sweeper") and sweeper is None:   # pragma: no cover - _sweeper put it
        raise Unreadable("the opening table names a sweeping rank the play never gives")
    if sweeper is not None and "sweeper" not in d.seen:
        raise Unreadable("a rank named as capturing everything, but the turn never says it does")
