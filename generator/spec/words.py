"""The free text of a spec (names, nicknames, verbs, titles), the code words (suits, ranks, cards)
and the bounds of its counts; and ``shorten``, which every error message quotes input through.

Why free text is checked here, in the spec: a name is printed into the rulebook, and the Markdown
rulebook is read back by ``parlour parse``. A line break in a name starts a new block of the page
(a heading "## Scoring" of its own, a rule the game does not have), ``*``, ``[``, ``<`` are markup
(a link, a script), and the parser's sentence forms end a name at a full stop or a quotation
mark. So a name must be one line of plain words: letters (accented too), digits, single spaces,
hyphens, apostrophes — and, in the game's own name and aliases, the full stop of "St. Helens" —
starting with a letter (a line that begins "1. " or "- " is a list item). That is every village
name of ``generator/names/data`` and every word of the corpus; anything else is refused with the
field named, before a rulebook is written.

Why counts are bounded: every count is used somewhere to loop, deal or allocate (a hand of ten
million cards, a game for 10^20 players). The bounds lie far above anything a real game has (no
pack has more than 79 cards; the seed book's targets stop at 240 points), so they only ever stop
input that is wrong.
"""

from __future__ import annotations

import reprlib
from typing import Annotated, Any

from pydantic import AfterValidator

#: The fewest and the most players of a game.
MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: The longest name, nickname, verb or title (the longest village name of the lists has 45 characters).
MAX_NAME = 60
#: The longest code word: a suit, a rank, a card ("Unter of acorns"), a fact key.
MAX_CODE = 40
#: The most cards a count of cards may say (hand sizes, cards exchanged): no pack has more than 79.
MAX_CARDS = 100
#: The most points a single card, bonus or penalty may be worth.
MAX_POINTS = 1_000
#: The highest target (or lowest threshold, negated) a game may play to.
MAX_TARGET = 10_000
#: How much of a bad value an error message quotes.
QUOTE = 80

class _ShortRepr(reprlib.Repr):
    """``reprlib`` that never writes out a huge number's digits, wherever it is nested (Python
    refuses to write more than 4,300 digits, and a message has no use for them)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:
            return f"<a number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_REPR = _ShortRepr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxset = 2, 4, 4, 4, 4
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = QUOTE + 2

#: Punctuation a name may hold besides letters, digits and spaces (the apostrophes of "St. Ann's"
#: and "Bo’ness", the hyphens of "Saint-Martin-du-Vieux-Bellême").
_NAME_MARKS = "-'’"


def shorten(value: Any, limit: int = QUOTE) -> str:
    """``repr(value)`` cut to ``limit`` characters with "…": an error message quotes what it
    refuses, but never the whole of a long value (it may be megabytes, or a nest of lists that
    is small as text and huge when written out), so it is never even written out whole."""
    if isinstance(value, int) and value.bit_length() > 64:  # its digits alone may be too many to write
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _word_problem(value: str, marks: str, what: str) -> str | None:
    """Why ``value`` is not one line of plain words, or None."""
    if not value:
        return f"{what} may not be empty"
    if len(value) > MAX_NAME:
        return f"{what} may have at most {MAX_NAME} characters (this has {len(value)})"
    if not value[0].isalpha():
        return f"{what} must begin with a letter (got {shorten(value)})"
    if value != value.rstrip(" ") or "  " in value:
        return f"{what} may not end with a space or hold two in a row (got {shorten(value)})"
    bad = next((c for c in value if not (c.isalpha() or c.isdigit() and c.isascii() or c == " " or c in marks)), None)
    if bad is not None:
        allowed = "letters, digits, spaces, hyphens, apostrophes" + (" and full stops" if "." in marks else "")
        return f"{what} may hold only {allowed}, on one line: not {bad!r} (got {shorten(value)})"
    return None


def _words(marks: str, what: str):
    def check(value: str) -> str:
        problem = _word_problem(value, marks, what)
        if problem is not None:
            raise ValueError(problem)
        return value
    return check


def _code(value: str) -> str:
    """A suit, rank, card or key: short, and ASCII letters, digits, spaces and hyphens only (whether
    it is one of the pack's is the static checks' question, with a better message)."""
    if len(value) > MAX_CODE:
        raise ValueError(f"a suit, rank or card name has at most {MAX_CODE} characters (got {shorten(value)})")
    if not all(c.isascii() and (c.isalnum() or c in " -") for c in value):
        raise ValueError(f"not a suit, rank or card name (got {shorten(value)})")
    return value


#: The game's name and its aliases: plain words, full stops allowed ("St. Helens").
GameName = Annotated[str, AfterValidator(_words(_NAME_MARKS + ".", "a name"))]
#: Any other free text printed in the rulebook: a nickname, a verb, a title, a kitty's name.
Words = Annotated[str, AfterValidator(_words(_NAME_MARKS, "a name"))]
#: A suit, rank, card or key word.
Code = Annotated[str, AfterValidator(_code)]
