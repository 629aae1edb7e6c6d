"""The sections after the rules — the example of play, strategy, Variations, the scoresheet and the
quick reference (``templates/rules/example.md.j2`` …): sentence forms that state no rule.

They tell about the game (a hand played, advice, a table to fill in), so every rule here has no
handler: the sentence is recognised and nothing is read from it, as a player learns no new rule
from an example. Recognised, not waved through: a sentence of another form in these sections (a
rule added at the end of the rulebook, say) is an error like anywhere else.
"""

from __future__ import annotations

from ..render import SEAT_NAMES
from .core import rule

_WHO = "(?:" + "|".join(SEAT_NAMES) + r"|Player \d)"
_ROW = rule(r"\|.*\|")

EXAMPLE = [
    rule(r"Here is the first hand of a game for \S+ players?, as the engine played it with sensible practice "
         rf"players: .+ sit in that order, clockwise, and {_WHO} deals\."),
    rule(r"(?:Partnerships|Teams): .+?\."),                          # who plays with whom (players.sides)
    rule(r"Before the cards are played:"),
    rule(r"… and \S+ more decisions? before play\."),
    rule(rf"[A-Z][a-z -]*: {_WHO}, .+?\."),                          # a decision before play
    rule(r"(?:Trumps|Discard piles?|Wild-rank card|Pile|Cards on the table|[A-Z][\w'’ -]* \(face down\)): .+?\."),   # a kitty by its name
    rule(rf"{_WHO}'s rows: .+?\."),
    rule(r"The hands at the start of play:"),
    rule(r"The (?:first (?:trick|\S+ tricks)|\S+ tricks? of the hand), with the cards in the order they were played:"),
    rule(r"The other \S+ tricks? (?:is|are) played the same way\."),
    rule(rf"Tricks taken in the hand: (?:{_WHO} \d+, )*{_WHO} \d+\."),
    rule(r"The first \S+ moves? of the hand:"),
    rule(r"The \S+ moves? of the hand, one by one:"),
    rule(rf"{_WHO} .+?\."),                                           # a move of the hand
    rule(r"The hand goes on for \S+ more moves?\."),
    rule(r"No one goes out, so the hand ends by the rule for a hand no one finishes: the player with the fewest cards wins it\."),
    rule(r"The scores of the hand:"),
    rule(r"The .+? given up in the hand:"),                         # a game won by giving up tokens
    rule(r"That ends the game\."),
    rule(r"The game goes on with the next hand\."),
    _ROW,
]

STRATEGY = [
    rule(r"(?:Plan ahead, for skill shows strongly|Plan ahead, for skill shows|Do not count on planning, for luck weighs "
         r"heavily): with \S+ players, a strong player who looks ahead won \d+% of the games against .+?, where an even "
         r"share is \d+%\."),
    rule(r"(?:Think hardest about|Do not agonise over) [^:]+: told .+? won \d+% of the games .+?\."),
    rule(r"(?:Do not play by rote|Simple play holds its own|A rule of thumb will not carry you far): the best rule of "
         r"thumb, .+?, won \d+% of the games against strong players, where an even share is \d+%\."),
]

VARIATIONS = [rule(r"Playtested too, and passed: .+?\.")]   # (under the heading Variations, not "Variations:")

SCORESHEET = [
    rule(r"Write the players' names at the head of the columns.*?, and after each hand (?:each player's new total|"
         r"the number of .+? each player still holds) under their name\."),
    rule(r"Write the names of each (?:partnership|team|side)'s players at the head of a column.*?, and after each "
         r"hand (?:each (?:partnership|team|side)'s new total|the number of .+? each (?:partnership|team|side) still "
         r"holds) under their names\."),
    rule(r"The game has \S+ hands?\."),
    rule(r"The game has as many hands as there are players\."),
    rule(r"The game has \S+ hands? with .+? players(?:, \S+ hands? with .+? players)* and \S+ hands? with .+? "
         r"players\."),
    rule(r"A typical game has about \S+ hands?; carry the (?:totals|counts) to a new sheet if it runs longer\."),
    rule(r"Carry the (?:totals|counts) to a new sheet if the game runs longer\."),
    rule(r"\| (?:Hand|\d+) \|(?: \|)+"),
]

QUICKREF = [rule(r"\*\*[A-Z][A-Za-z ]*\*\*: .+?\.")]

__all__ = ["EXAMPLE", "QUICKREF", "SCORESHEET", "STRATEGY", "VARIATIONS"]
