"""The book's vocabulary: numbers, ordinals, suits, ranks and cards as the old generator printed
them, as regular-expression pieces and as parsers into spec values.

Every regular expression here is a fragment meant to be embedded in a sentence pattern; none has
named groups, so a pattern may use several.
"""

from __future__ import annotations

import re

from ..spec.deck import MAJOR_TITLES

# -- numbers ---------------------------------------------------------------------------------------

NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
)
ORDINAL_WORDS = (
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth", "twentieth",
)

#: A count, as a word or in digits.
NUM = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
#: An ordinal: "sixth", "13th".
ORD = r"(?:\d+(?:st|nd|rd|th)|" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r")"


#: The most digits a number of the book may have: every count of a spec is far below a billion
#: (``generator.spec.words``); a longer number is refused before it is used to loop or to deal.
MAX_DIGITS = 9


class NumberTooLong(ValueError):
    """A number of more digits than any count of a game (``Pattern.read`` reports it as a problem
    of the sentence): "a game for two to 100000000000000000000 players" is not looped over."""


def _digits(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise NumberTooLong(f"a number of {len(text)} digits is larger than any count of a game")
    return int(text)


def number(text: str) -> int:
    t = text.strip().lower()
    if t.isdigit():
        return _digits(t)
    return NUMBER_WORDS.index(t)


def ordinal(text: str) -> int:
    t = text.strip().lower()
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", t)
    if m:
        return _digits(m.group(1))
    return ORDINAL_WORDS.index(t)


# -- suits -----------------------------------------------------------------------------------------

#: Singular noun → spec suit name. The tarot majors are "major arcana card(s)" in rule text.
SUIT_SINGULAR = {
    "club": "clubs", "diamond": "diamonds", "heart": "hearts", "spade": "spades",
    "bell": "bells", "acorn": "acorns", "leaf": "leaves",
    "cup": "cups", "sword": "swords", "pentacle": "pentacles", "wand": "wands",
    "major arcana card": "majors",
}
#: Plural noun → spec suit name (with the slang forms the generator used for the majors).
SUIT_PLURAL = {
    "clubs": "clubs", "diamonds": "diamonds", "hearts": "hearts", "spades": "spades",
    "bells": "bells", "acorns": "acorns", "leaves": "leaves", "leafs": "leaves",
    "cups": "cups", "swords": "swords", "pentacles": "pentacles", "wands": "wands",
    "major arcana cards": "majors", "major arcana": "majors", "the arcana": "majors", "arcana": "majors",
}


def _alt(words) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


#: One card of a suit ("heart"), case-insensitive (it may open a sentence).
SUIT_ONE = "(?i:" + _alt(SUIT_SINGULAR) + ")"
#: A suit in the plural ("hearts"), case-insensitive.
SUIT_MANY = "(?i:" + _alt(SUIT_PLURAL) + ")"


def suit(text: str) -> str:
    """A suit noun, singular or plural, as the spec names the suit."""
    t = text.strip().lower()
    if t in SUIT_PLURAL:
        return SUIT_PLURAL[t]
    return SUIT_SINGULAR[t]


# -- ranks -----------------------------------------------------------------------------------------

#: Rank words → spec rank codes. The spec writes the Ace, King, Queen and Jack short, the other
#: court cards in full, in every pack.
RANK_CODES = {
    "ace": "A", "a": "A", "king": "K", "k": "K", "queen": "Q", "q": "Q", "jack": "J", "j": "J",
    "knight": "Knight", "page": "Page", "ober": "Ober", "unter": "Unter",
}
#: A rank in the singular as the book prints it ("Ace", "A", "10").
RANK = r"(?:Ace|King|Queen|Jack|Knight|Page|Ober|Unter|10|[2-9]|A|K|Q|J)"
#: A rank in the plural ("Aces", "7s", "Sixs" — the generator's plural bug — and "Sixes").
RANKS = r"(?:(?i:aces|kings|queens|jacks|knights|pages|obers|unters)|10s|[2-9]s|(?i:twos|threes|fours|fives|sixs|sixes|sevens|eights|nines|tens))"

_SPELLED = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
            "nine": "9", "ten": "10"}


def rank(text: str) -> str:
    """A rank word, singular or plural, as a spec rank code."""
    t = text.strip()
    low = t.lower()
    for plural in ("es", "s"):
        if low.endswith(plural) and (low[: -len(plural)] in RANK_CODES or low[: -len(plural)] in _SPELLED
                                     or low[: -len(plural)].isdigit()):
            low = low[: -len(plural)]
            break
    if low.isdigit():
        return low
    if low in _SPELLED:
        return _SPELLED[low]
    return RANK_CODES[low]


def rank_is_short(text: str) -> bool:
    """Whether a court card or Ace is printed as a letter ("A", "K") rather than a word."""
    return text.strip() in ("A", "K", "Q", "J")


# -- cards -----------------------------------------------------------------------------------------

_MAJOR_TEXT = sorted(MAJOR_TITLES, key=len, reverse=True)
#: A card: "the 9 of spades", "the Queen of clubs", "the red joker", a major by its title ("The Tower").
CARD = (r"(?:the " + RANK + r" of " + SUIT_MANY + r"|the (?:red|black) joker|(?:the )?(?i:"
        + "|".join(re.escape(t) for t in _MAJOR_TEXT) + r"))")


def card(text: str) -> str:
    """A card name from the book as the spec writes it ("Q of spades", "major 13", "red joker")."""
    t = text.strip()
    low = t.lower()
    if low.startswith("the ") and low.endswith(" joker"):
        return low[4:]
    m = re.fullmatch(r"the (\S+) of (.+)", t)
    if m and m.group(2).lower() in SUIT_PLURAL:
        return f"{rank(m.group(1))} of {suit(m.group(2))}"
    for n, title in enumerate(MAJOR_TITLES):
        if low in (title.lower(), "the " + title.lower()):
            return f"major {n}"
    raise ValueError(f"not a card: {text!r}")


def nickname(text: str | None) -> str | None:
    """ "the Nige" → "Nige"; "or Stu" → "Stu"."""
    if text is None:
        return None
    return re.sub(r"^(?:the|or)\s+", "", text.strip())
