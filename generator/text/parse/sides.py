"""Fixed partnerships (``templates/rules/sides.md.j2``), read from the start of the *Setup* section:
the size of a side from the seating sentence; what playing as one means, and the ban on showing
cards, are read as forms (they say nothing the size does not), the player counts checked.

    The four players play in two partnerships of two, partners sitting opposite each other.
    Partners play as one: wherever these rules count what a player took, …
"""

from __future__ import annotations

import re

from ...spec import derived
from .core import Draft, Rule, rule
from .words import NUM, Unreadable, number

_SEATING = r"(?:partners sitting opposite each other|seated so that the teams take turns round the table)"
_MATES = r"(?:Partners|The players of a team)"


def _fixed(d: Draft, m: re.Match[str]) -> None:
    size, sides = number(m["size"]), number(m["sides"])
    _put(d, size, m["word"], m["seating"])
    players = number(m["players"])
    if players != size * sides:
        raise Unreadable(f"{players} players do not make {sides} sides of {size}")
    d.check(lambda spec: spec.players.min == spec.players.max == players, "the number of players in the sides")


def _ranged(d: Draft, m: re.Match[str]) -> None:
    size = number(m["size"])
    _put(d, size, m["word"], m["seating"])
    counts = m["counts"]
    d.check(lambda spec: counts == _counts(spec), "the sides at each number of players")


def _put(d: Draft, size: int, word: str, seating: str) -> None:
    if (word == "partnership") != (size == 2) or (seating.startswith("partners")) != (size == 2):
        raise Unreadable("sides of two are partnerships, sitting opposite; larger sides are teams")
    d.put("players.sides", {"size": size})


def _counts(spec) -> str:
    from ..phrases import join_and, num

    size = spec.players.sides.size
    return join_and(f"{num(n // size)} with {num(n)} players" for n in spec.players.counts())


def _mixed(d: Draft, m: re.Match[str]) -> None:
    size = number(m["size"])
    _put(d, size, m["word"], m["seating"])
    sided, alone = m["sided"], m["alone"]

    def test(spec) -> bool:
        from ..phrases import join_or, num

        counts, sides = spec.players.counts(), spec.players.sides
        return (sided == join_or(num(n) for n in counts if sides.applies(n))
                and alone == join_or(num(n) for n in counts if not sides.applies(n)))

    d.check(test, "the player counts that play in sides and alone")


def _side(d: Draft, m: re.Match[str]) -> None:
    d.check(lambda spec: spec.players.sides is not None and derived.side_word(spec) == "side", "a side defined")


def _as_one(d: Draft, m: re.Match[str]) -> None:
    bid = m["bid"] is not None
    d.check(lambda spec: spec.players.sides is not None and (spec.bidding.tricks is not None) == bid,
            "whether partners' bids are added together")


RULES: list[Rule] = [
    rule(rf"The (?P<players>{NUM}) players play in (?P<sides>{NUM}) (?P<word>partnership|team)s of (?P<size>{NUM}), "
         rf"(?P<seating>{_SEATING})\.", _fixed),
    rule(rf"The players play in (?P<word>partnership|team)s of (?P<size>{NUM}), (?P<seating>{_SEATING}): "
         r"(?P<counts>[^.]+)\.", _ranged),
    rule(rf"With (?P<sided>[^;]+?) players, the players play in (?P<word>partnership|team)s of (?P<size>{NUM}), "
         rf"(?P<seating>{_SEATING}); with (?P<alone>[^;]+?), each plays alone\.", _mixed),
    rule(r"A side is a (?:partnership|team), or a player who plays alone\.", _side),
    rule(rf"{_MATES} play as one: wherever these rules count what a player took(?P<bid> or bid)?, they count what "
         r"the (?:partnership|team) took(?: or bid)? together, the (?:partnership|team) scores as a player would, "
         r"and (?:both partners|its players) share its score and win or lose together\.", _as_one),
    rule(rf"{_MATES} may not show each other their cards or tell each other what they hold\."),
    rule(r"In each hand, the player who names trumps \(the \*caller\*\) plays alone against all the others, who play that hand as "
         r"partners: wherever these rules count what a player took(?: or bid)?, they count what the caller's opponents "
         r"took(?: or bid)? together, the opponents score as one player would, and each of them adds that score to "
         r"their own total\.", lambda d, m: d.put("players.coalition", {"against": "caller"}), name="coalition"),
    rule(r"Every player keeps their own total, and the game is won by a player alone\.",
         lambda d, m: d.check(lambda spec: spec.players.coalition is not None, "a coalition formed each hand"),
         name="coalition_totals"),
]


#: The unit that scores and wins, in a sentence that names it (``derived.side_word``).
SIDE = r"(?P<side>player|partnership|team|side)"


def sided(handler=None):
    """A handler for a sentence that names who scores or wins (``SIDE``): the word is checked
    against the sides the spec has, then ``handler`` reads the rest."""
    def read(d: Draft, m: re.Match[str]) -> None:
        word = m["side"]
        d.check(lambda spec: derived.side_word(spec) == word, f"who scores: each {word}")
        if handler is not None:
            handler(d, m)
    read.__wrapped__ = handler   # type: ignore[attr-defined]   # the registry reads what the handler reads
    return read
