"""Other authors' wording read as the book's (issue 31).

The patterns are written for the book's phrasing. A sentence no pattern reads as written is
rewritten, by the rewordings below in order, into the phrasing the patterns know, and read again:
a synonym ("put aside" for "set aside", "has to" for "must"), a seat named another way ("the
player on the dealer's left"), a clause moved ("The highest card of the lead suit wins the
trick"). Each rewording keeps the meaning exactly; a word of the game's own (a kitty's name in
quotes, a nickname in brackets) is never touched, since every rewording names plain rule words.

Only a sentence the patterns cannot read as written is reworded, so a book in the book's own
phrasing reads exactly as before. A sentence still unread after rewording stays an error (or a
named warning with ``--lenient``): nothing is lost silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .words import NUMBER_WORDS


@dataclass(frozen=True)
class Rewording:
    name: str
    regex: re.Pattern[str]
    into: str | Callable[[re.Match[str]], str]

    def apply(self, text: str) -> str:
        return self.regex.sub(self.into, text)


REWORDINGS: list[Rewording] = []


def reword(name: str, pattern: str, into: str | Callable[[re.Match[str]], str], flags: int = 0) -> None:
    REWORDINGS.append(Rewording(name, re.compile(pattern, flags), into))


_I = re.IGNORECASE

# -- spelling: contractions, hyphens, punctuation -------------------------------------------------
for short, full in (("can't", "cannot"), ("don't", "do not"), ("doesn't", "does not"), ("won't", "will not"),
                    ("isn't", "is not"), ("aren't", "are not"), ("haven't", "have not"), ("hasn't", "has not"),
                    ("didn't", "did not"), ("wasn't", "was not"), ("mustn't", "must not")):
    reword(f"contraction {short}", r"\b" + re.escape(short) + r"\b", full)
    reword(f"contraction {short.capitalize()}", r"\b" + re.escape(short.capitalize()) + r"\b", full.capitalize())
reword("face up", r"\bface up\b", "face-up")
reword("face down", r"\bface down\b", "face-down")
reword("e.g.", r"\((?:e\.g\.|for example,|for instance,|eg,|e\.g\.,)\s", "(eg. ")
reword("52-card", r"\b52-card\b", "52 card")

# -- modal verbs: one word for each obligation -----------------------------------------------------
reword("need not", r"\b(?:do not have to|does not have to|are not required to|is not required to|are not obliged to|"
       r"is not obliged to|do not need to|does not need to)\b", "need not")
reword("must", r"\b(?:has to|have to|is required to|are required to|is obliged to|are obliged to|is bound to|are bound to)\b",
       "must")
reword("may", r"\b(?:is allowed to|are allowed to|is permitted to|are permitted to|is free to|are free to)\b", "may")

# -- seats around the table ------------------------------------------------------------------------
for side in ("left", "right"):
    seat = f"the player to the dealer's {side}"
    reword(f"seat {side}", r"\b(?:the player (?:on|sitting (?:on|to)|seated (?:on|to)|immediately to) the dealer's " + side
           + r"|the player (?:on|sitting (?:on|to)|seated (?:on|to)|immediately to) the " + side + r" of the dealer|the player to the "
           + side + r" of the dealer|the dealer's " + side + r"-hand (?:neighbour|neighbor|player))\b", seat, _I)
reword("seat capital", r"^the player to the dealer's", "The player to the dealer's")
reword("previous leader", r"\bthe (?:player to the previous leader's left|player on the left of the previous leader|"
       r"player to the left of the last leader|player to the left of whoever led the previous trick)\b",
       "the player to the left of the previous leader", _I)

# -- setting aside, the pack, the suit led ----------------------------------------------------------
reword("set aside", r"\b(?:put|laid|lay|placed|place|moved|move) aside\b", "set aside")
reword("sets aside", r"\b(?:puts|lays|places|moves) aside\b", "sets aside")
reword("the deck", r"\btop card of the (?:pack|remaining deck|remaining pack|rest of the deck|rest of the pack|undealt cards)\b",
       "top card of the deck")
reword("score of", r"\b(?:a score of|a total of) (\d+) points\b", r"\1 points")
reword("in turn", r"^(?:Going (?:round|around) the table|In turn order|Taking turns|Clockwise|Moving clockwise), each player\b", "Each player in turn")
reword("follow suit", r"\bplay a card of the (?:suit led|lead suit|same suit as the lead|led suit)\b", "follow suit")
reword("lead suit", r"\b(?:the suit led|the led suit|the suit that was led|the suit of the lead)\b", "the lead suit")
reword("the final card", r"\bthe last card\b", "the final card")
reword("each player", r"\b([Ee])very player\b", r"\1ach player")
reword("each other player", r"\b(?:all other players|all the other players)\b", "every other player")

# -- numbers: a count in digits read as the book writes it -----------------------------------------
# The book spells small counts ("seven cards"); its points are digits. A count of cards in digits
# is spelt, so that a pattern with a word list reads it.
reword("spelt counts", r"\b(\d{1,2}) (?=(?:red |black |more |extra |additional |penalty |face-down |face-up )?(?:cards?|tricks?|players|jokers?)\b)",
       lambda m: f"{NUMBER_WORDS[int(m[1])]} " if int(m[1]) < len(NUMBER_WORDS) else m[0])


# A card's rank spelt out: "the seven of clubs", "led with a seven".
_SPELT_RANKS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
                "ten": "10"}
reword("spelt card", r"\b(the|a|an) (" + "|".join(_SPELT_RANKS) + r") of\b", lambda m: f"{m[1]} {_SPELT_RANKS[m[2]]} of")
reword("spelt lead", r"\bled with an? (" + "|".join(_SPELT_RANKS) + r")\b",
       lambda m: f"led with {'an' if m[1] == 'eight' else 'a'} {_SPELT_RANKS[m[1]]}")

# -- who wins a trick: "The trick is won by …" ------------------------------------------------------
reword("wins the trick", r"^The (highest (?:trump|card)\b.*?) (?:wins|takes) the trick(.*)\.$", r"The trick is won by the \1\2.")
reword("taken by", r"^The trick is (?:taken|captured) by\b", "The trick is won by")
reword("highest played", r"\bthe highest (trump|card) played\b", r"the highest \1")
reword("no trump", r"\bor,? if (?:it contains no trumps?|there are no trumps in it|no trumps? (?:was|were|is|are) played|it has no trumps?),? (?:by )?",
       "or if it contains no trump by ")
reword("of the lead suit", r"\bthe highest card (?:in the lead suit|played of the lead suit|of the lead suit played)\b",
       "the highest card of the lead suit")
reword("irrespective", r"\b(?:regardless of suit|of any suit|whatever its suit|irrespective of its suit)\b", "irrespective of suit")
reword("earliest breaks ties", r"(?:,? \((?:with )?the earliest card played breaking ties\)|, with the earliest card played breaking ties|"
       r" \(ties (?:are )?broken by the earliest card played\)|, the earliest card played breaking ties)",
       " (with the earliest card played breaking ties)")


# -- the stock running out ---------------------------------------------------------------------------
reword("stock runs out", r"^(?:If|When|Whenever) the stock (?:runs out|is exhausted|is empty|has run out|runs dry|is used up),", "If the stock runs out,")
reword("new stock", r"\bto (?:make|create|become|start) (?:a|the) new stock\b", "to form a new stock")
reword("all but", r"\ball (?:except|apart from|save) the top\b", "all but the top")


# -- points, titles and passing cards ------------------------------------------------------------------
reword("a point", r"\b(scores|gains|receives|earns|gets) a point\b", r"\1 1 point")
reword("best card", r"\btheir (two |single )?best (cards?)\b", r"their \1highest \2")
reword("gives to", r"\bgives their ((?:two |single )?highest cards?) to the ([\w -]+?)(?=,| and|;)", r"gives the \2 their \1")
reword("gives back", r"\bthe ([\w -]+?) gives back any\b", r"the \1 returns any")
reword("next round first", r"^For the next round, the ([\w -]+?) (gathers and deals all (?:the )?cards)\.$", r"The \1 \2 for the next round.")

# -- invented rules (Bartok) -----------------------------------------------------------------------------
reword("invent", r"\bmay (?:make up|create|devise|add) (an?) ", r"may invent \1 ")
reword("to apply", r", (?:which (?:applies|will apply)|applying) to all future rounds\b", ", to apply to all future rounds")
reword("end of a hand", r"^At the end of (?:a|each) hand, the player with the highest score may\b",
       "The player with the highest score at the end of a hand may")
reword("round's winner", r"^The (?:round's winner|player who won the round|winner of each round)\b", "The winner of the round")


def canonical(sentence: str) -> str:
    """The sentence in the book's wording, as far as the rewordings know it."""
    text = sentence
    for r in REWORDINGS:
        text = r.apply(text)
    return text
