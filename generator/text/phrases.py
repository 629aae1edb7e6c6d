"""Phrase helpers for the rulebook, registered as Jinja filters (see ``FILTERS``).

One fixed wording per thing, so that a parser can read the text back:

* counts are words up to twelve ("seven cards"), digits from 13 ("13 points");
* suits are plain lower-case words ("hearts", "acorns", "cups"); the tarot major arcana are
  called *majors* ("a major", "majors");
* ranks are words in prose ("the Ten of clubs", "Twos rank above Aces") and short in rank
  lists ("Ace, King, Queen, Jack, 10, 9");
* a card is "the Queen of spades", a major is "Death (XIII)" / "The Fool (0)", a joker is
  "the red joker"; a nicknamed card is "the Queen of spades (“Alf”)".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..spec.deck import MAJOR_TITLES, MAJORS, card_suit

NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)
ORDINAL_WORDS = (
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth",
    "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
)

#: Suit → (plural noun, singular noun, symbol or "").
SUIT_WORDS: dict[str, tuple[str, str, str]] = {
    "clubs": ("clubs", "club", "♣"),
    "diamonds": ("diamonds", "diamond", "♦"),
    "hearts": ("hearts", "heart", "♥"),
    "spades": ("spades", "spade", "♠"),
    "bells": ("bells", "bell", ""),
    "acorns": ("acorns", "acorn", ""),
    "leaves": ("leaves", "leaf", ""),
    "cups": ("cups", "cup", ""),
    "swords": ("swords", "sword", ""),
    "pentacles": ("pentacles", "pentacle", ""),
    "wands": ("wands", "wand", ""),
    "coins": ("coins", "coin", ""),
    "batons": ("batons", "baton", ""),
    MAJORS: ("majors", "major", ""),
}

#: Rank code → (word, plural word, short form for rank lists).
RANK_WORDS: dict[str, tuple[str, str, str]] = {
    "A": ("Ace", "Aces", "Ace"),
    "K": ("King", "Kings", "King"),
    "Q": ("Queen", "Queens", "Queen"),
    "J": ("Jack", "Jacks", "Jack"),
    "Knight": ("Knight", "Knights", "Knight"),
    "Page": ("Page", "Pages", "Page"),
    "Horse": ("Horse", "Horses", "Horse"),
    "Ober": ("Ober", "Obers", "Ober"),
    "Unter": ("Unter", "Unters", "Unter"),
    "10": ("Ten", "Tens", "10"),
    "9": ("Nine", "Nines", "9"),
    "8": ("Eight", "Eights", "8"),
    "7": ("Seven", "Sevens", "7"),
    "6": ("Six", "Sixes", "6"),
    "5": ("Five", "Fives", "5"),
    "4": ("Four", "Fours", "4"),
    "3": ("Three", "Threes", "3"),
    "2": ("Two", "Twos", "2"),
}

_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def num(n: int) -> str:
    """A count: a word up to twelve, digits from 13 (and for negatives)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def ordinal(n: int) -> str:
    """An ordinal: "first" … "twelfth", then "13th", "21st", "22nd"."""
    if 0 <= n < len(ORDINAL_WORDS):
        return ORDINAL_WORDS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """A counted noun: "one card", "seven cards", "13 points"."""
    return f"{num(n)} {singular if n == 1 else (plural_form or singular + 's')}"


def plural_noun(noun: str) -> str:
    """The plural of a name the game gives to a thing (a token: "coins", "pennies", "matches").
    The rulebook prints the singular as well wherever it prints this, so the parser never has to
    guess a singular back from it."""
    last = noun.rsplit(" ", 1)[-1]
    if last.endswith("y") and last[-2:-1] not in ("", "a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    if last.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def signed(n: int) -> str:
    """A score with a true minus sign: −50."""
    return f"−{-n}" if n < 0 else str(n)


def roman(n: int) -> str:
    """Roman numeral for a major's number (0 stays 0)."""
    if n <= 0:
        return "0"
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def a_an(phrase: str) -> str:
    """The phrase with the indefinite article it takes: "a classic", "an old", "a unique"."""
    word = phrase.split(" ", 1)[0].lower().lstrip("*_“\"'(")
    vowel = word[:1] in ("a", "e", "i", "o", "u")
    if word.startswith(("use", "usu", "eu", "one", "once")) or (word.startswith("uni") and word[3:4] not in "nmd"):
        vowel = False
    elif word.startswith(("hour", "honest", "honour", "heir")):
        vowel = True
    return ("an " if vowel else "a ") + phrase


def cap(text: str) -> str:
    """Capitalise the first letter only (Jinja's ``capitalize`` lowercases the rest)."""
    return text[:1].upper() + text[1:]


def join_and(items: Iterable[str], word: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def join_or(items: Iterable[str]) -> str:
    return join_and(items, "or")


def suit(s: str) -> str:
    """Plural name of a suit: "hearts", "leaves", "majors"."""
    return SUIT_WORDS.get(s, (s, s, ""))[0]


def suit_one(s: str) -> str:
    """Singular noun for one card of a suit: "heart", "leaf", "major"."""
    return SUIT_WORDS.get(s, (s, s, ""))[1]


def one_of_suits(suits: Iterable[str]) -> str:
    """One card of any of the suits: "a heart or a diamond", "an acorn or a leaf", "a major"."""
    return join_or(a_an(suit_one(s)) for s in suits)


def suit_symbol(s: str) -> str:
    """The suit name followed by its symbol where it has one: "hearts ♥", "acorns"."""
    words = SUIT_WORDS.get(s, (s, s, ""))
    return f"{words[0]} {words[2]}" if words[2] else words[0]


def rank_word(r: str) -> str:
    return RANK_WORDS.get(r, (r, r + "s", r))[0]


def rank_plural(r: str) -> str:
    return RANK_WORDS.get(r, (r, r + "s", r))[1]


def rank_short(r: str) -> str:
    return RANK_WORDS.get(r, (r, r + "s", r))[2]


def major(n: int) -> str:
    """A major arcana card by title and number: "Death (XIII)", "The Fool (0)"."""
    title = MAJOR_TITLES[n] if 0 <= n < len(MAJOR_TITLES) else f"Major {n}"
    return f"{title} ({roman(n)})"


def card(c: str) -> str:
    """A card named in a spec ("Q of spades", "major 13", "red joker") as prose."""
    if c.startswith("major "):
        number = c[len("major "):]
        return major(int(number)) if number.isdigit() else c
    if " of " in c:
        rank, s = c.split(" of ", 1)
        return f"the {rank_word(rank)} of {suit(s)}"
    return f"the {c}"


def suit_of(c: str) -> str:
    """The suit of a card named in a spec ("majors" for a major, "" for a joker)."""
    return card_suit(c) or ""


def breaking_name(breaking: object) -> str:
    """What playing the first card of a suit that must be broken is called: its verb, then the
    suit ("breaking hearts", "breaking out the spades")."""
    return f"{md(breaking.verb)} {suit(breaking.suit)}"  # type: ignore[attr-defined]


def special(sc: object) -> str:
    """A special scoring card with its nickname: "the Queen of spades (“Alf”)"."""
    name = card(sc.card)  # type: ignore[attr-defined]
    nickname = sc.nickname  # type: ignore[attr-defined]
    return f"{name} (“{md(nickname)}”)" if nickname else name


#: Characters with a meaning in Markdown anywhere in a line (with ``<``, ``>`` and ``&``: raw HTML
#: and entities, which a Markdown viewer passes through).
_MD_INLINE = re.compile(r"([\\`*_\[\]{}|#!<>&])")
#: Line-start syntax: list markers, numbered-list markers.
_MD_START = re.compile(r"^(\s*)([-+]|\d+(?=[.)]))")


def md(text: str, raw_html: bool = True) -> str:
    """Spec text (a name, a nickname, a verb) made plain text in Markdown: its syntax backslash-
    escaped, its line breaks made spaces (so it can never start a block of its own, a heading or
    a list), and, with ``raw_html``, ``<``, ``>`` and ``&`` escaped too.

    Why, when the spec already refuses such text (``spec.words``): the rulebook is a page others
    read and a file a viewer renders, so it is made safe where it is written as well, like the
    HTML; for the text a spec accepts this changes nothing, and the parser reads it back as it is.
    ``raw_html`` False is for Markdown that is turned into HTML after an HTML escape of its own
    (``publish.markup``)."""
    out = _MD_INLINE.sub(lambda m: m[1] if not raw_html and m[1] in "<>&" else "\\" + m[1], text)
    m = _MD_START.match(out)
    if m:
        lead, mark = m.groups()
        if mark.isdigit():  # "1. Foo" → "1\. Foo"
            out = lead + mark + "\\" + out[m.end():]
        else:
            out = lead + "\\" + out[len(lead):]
    return " ".join(out.splitlines()) if "\n" in out or "\r" in out else out


#: A game's length at the table as the rules and the book's index call it, from the playtest's median
#: minutes at the middle player count: one set of bands, so the introduction's "a quick game" and the
#: index's heading always agree.
QUICK_UNDER_MINUTES = 20
LONG_FROM_MINUTES = 40


def game_length(minutes: float) -> str:
    """"quick", "medium" or "long" (the bands above), of the whole minutes the rules print."""
    m = round(minutes)
    return "quick" if m < QUICK_UNDER_MINUTES else "long" if m >= LONG_FROM_MINUTES else "medium"


FILTERS = {
    "game_length": game_length,
    "md": md,
    "num": num,
    "ordinal": ordinal,
    "plural": plural,
    "plural_noun": plural_noun,
    "signed": signed,
    "roman": roman,
    "a_an": a_an,
    "cap": cap,
    "join_and": join_and,
    "join_or": join_or,
    "suit": suit,
    "suit_one": suit_one,
    "suit_symbol": suit_symbol,
    "rank_word": rank_word,
    "rank_plural": rank_plural,
    "rank_short": rank_short,
    "major": major,
    "card": card,
    "suit_of": suit_of,
    "special": special,
    "breaking_name": breaking_name,
}
