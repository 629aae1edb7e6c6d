"""The rulebook's vocabulary read backwards: numbers, suits, ranks and cards as regex pieces, and
the functions that turn a matched phrase back into its spec value.

Every piece is the inverse of one phrase helper of ``generator.text.phrases`` (``num``, ``plural``,
``suit``, ``suit_one``, ``rank_word``, ``rank_plural``, ``rank_short``, ``major``, ``card``), read
strictly: a count is a word up to twelve and digits from 13, so "7 cards" or "sevn cards" is not a
count and the sentence holding it does not parse.
"""

from __future__ import annotations

import re

from ...spec.deck import JOKERS, MAJOR_TITLES
from ..phrases import NUMBER_WORDS, RANK_WORDS, SUIT_WORDS, roman


class Unreadable(Exception):
    """A sentence matched a form but a part of it is not a valid value (raised inside handlers;
    the parser turns it into a ParseError naming the section and quoting the sentence)."""


def _alt(words: object) -> str:
    """A regex alternation of literal words, longest first (so "majors" is tried before "major")."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- names

#: A name the game gives to a thing (a kitty, the pig, a title, a verb, invented rules): no full
#: stop, emphasis, quotes or table bar, so a name never runs into the next sentence.
NAME = r"[^.*“”|]+?"
#: A phrase inside a sentence (a trump as the rank list names it): no full stop or table bar.
PHRASE = r"[^.|]+?"


# --------------------------------------------------------------------------- numbers

_WORD_VALUE = {w: i for i, w in enumerate(NUMBER_WORDS)}
#: A count as printed: a word up to twelve, digits from 13.
NUM = rf"(?:{_alt(NUMBER_WORDS)}|\d+)"
_NOT_ONE = rf"(?:{_alt(w for w in NUMBER_WORDS if w != 'one')}|\d+)"


#: The most digits a number of a rulebook has: every count of a spec is far below a billion
#: (``generator.spec.words``), and Python refuses to read a number of more than 4,300 digits.
MAX_DIGITS = 9


def digits(text: str) -> int:
    """A number written in digits, "13" → 13; more digits than any number of a spec is Unreadable
    (rather than a number too long for ``int`` to read, or one the spec refuses only later)."""
    if len(text) > MAX_DIGITS:
        raise Unreadable(f"a number of {len(text)} digits is larger than any count of a game")
    return int(text)


def number(text: str) -> int:
    """ "seven" → 7, "13" → 13. Digits below 13 are not how the rulebook writes a count."""
    value = _WORD_VALUE.get(text)
    if value is not None:
        return value
    if text.isdigit():
        n = digits(text)
        if n < len(NUMBER_WORDS) or (len(text) > 1 and text[0] == "0"):
            raise Unreadable(f"the count {text!r} should be written as a word")
        return n
    raise Unreadable(f"{text!r} is not a number")


def count(noun: str, plural: str | None = None) -> str:
    """A counted noun as ``phrases.plural`` prints it: "one card", "seven cards", "13 cards"."""
    return rf"(?:one {re.escape(noun)}|{_NOT_ONE} {re.escape(plural or noun + 's')})"


def counted(text: str) -> int:
    """The number of a counted noun matched by ``count``."""
    return number(text.split(" ", 1)[0])


# --------------------------------------------------------------------------- suits

SUIT_BY_PLURAL = {words[0]: key for key, words in SUIT_WORDS.items()}
SUIT_BY_ONE = {words[1]: key for key, words in SUIT_WORDS.items()}
#: A suit's plural name ("hearts", "leaves", "majors").
SUIT = f"(?:{_alt(SUIT_BY_PLURAL)})"
#: The singular noun for one card of a suit ("heart", "leaf", "major").
SUIT_ONE = f"(?:{_alt(SUIT_BY_ONE)})"


def suit(text: str) -> str:
    try:
        return SUIT_BY_PLURAL[text.lower()]
    except KeyError:
        raise Unreadable(f"{text!r} is not a suit") from None


def suit_one(text: str) -> str:
    try:
        return SUIT_BY_ONE[text.lower()]
    except KeyError:
        raise Unreadable(f"{text!r} is not a card of a suit") from None


# --------------------------------------------------------------------------- ranks

RANK_BY_WORD = {words[0]: code for code, words in RANK_WORDS.items()}
RANK_BY_PLURAL = {words[1]: code for code, words in RANK_WORDS.items()}
RANK_BY_SHORT = {words[2]: code for code, words in RANK_WORDS.items()}
#: A rank in prose ("Ten", "Queen").
RANK = f"(?:{_alt(RANK_BY_WORD)})"
#: A rank in the plural ("Tens", "Sixes").
RANKS = f"(?:{_alt(RANK_BY_PLURAL)})"
#: A rank as written in a rank list ("10", "Queen").
RANK_SHORT = f"(?:{_alt(RANK_BY_SHORT)})"


def rank(text: str) -> str:
    try:
        return RANK_BY_WORD[text]
    except KeyError:
        raise Unreadable(f"{text!r} is not a rank") from None


def rank_plural(text: str) -> str:
    try:
        return RANK_BY_PLURAL[text]
    except KeyError:
        raise Unreadable(f"{text!r} is not a rank") from None


def rank_list(text: str) -> list[str]:
    """ "Ace, King, Queen, 10" → ["A", "K", "Q", "10"] (a rank list, comma separated)."""
    out = []
    for item in text.split(", "):
        code = RANK_BY_SHORT.get(item)
        if code is None:
            raise Unreadable(f"{item!r} is not a rank")
        out.append(code)
    return out


def split_and(text: str, word: str = "and") -> list[str]:
    """ "a, b and c" → ["a", "b", "c"] (the inverse of ``phrases.join_and``)."""
    head, sep, last = text.rpartition(f" {word} ")
    if not sep:
        return [text]
    return head.split(", ") + [last]


# --------------------------------------------------------------------------- cards

_ROMAN_TITLE = {f"{title} ({roman(n)})": n for n, title in enumerate(MAJOR_TITLES)}
#: A major arcana card as printed: "Death (XIII)", "The Fool (0)".
MAJOR = f"(?:{_alt(_ROMAN_TITLE)})"

_CARDS: dict[str, str] = {}
for _rank_word, _code in RANK_BY_WORD.items():
    for _plural, _suit in SUIT_BY_PLURAL.items():
        _CARDS[f"the {_rank_word} of {_plural}"] = f"{_code} of {_suit}"
for _title, _n in _ROMAN_TITLE.items():
    _CARDS[_title] = f"major {_n}"
for _joker in JOKERS:
    _CARDS[f"the {_joker}"] = _joker

#: A card as ``phrases.card`` prints it, with "The" allowed for a capitalised table cell.
CARD = rf"(?:[Tt]he {RANK} of {SUIT}|{MAJOR}|[Tt]he (?:red|black) joker)"
#: A nickname after a card: the Queen of spades (“Alf”).
NICKNAME = r"\(“[^”]+”\)"


def card(text: str) -> str:
    """ "the Queen of spades" → "Q of spades", "Death (XIII)" → "major 13", "the red joker"."""
    code = _CARDS.get(text)
    if code is None and text.startswith("The "):
        code = _CARDS.get("the " + text[4:])
    if code is None:
        raise Unreadable(f"{text!r} is not a card")
    return code


def nickname(text: str | None) -> str | None:
    """ "(“Alf”)" → "Alf"; None stays None."""
    if text is None:
        return None
    return text[2:-2]
