"""The importer's machinery: sentences, the draft a game's sentences fill in, and sentence patterns.

A *pattern* is one phrasing of one rule module, written as a regular expression that must match a
whole sentence, and a small function that turns the match into spec fields on a ``Draft``. Each
phase module (``deck.py``, ``deal.py``, …) keeps its own list of patterns and a ``finish`` step
that cross-checks what its sentences said once the whole game has been read.

A sentence no pattern matches is an error that names the game and quotes the sentence: nothing is
dropped silently. A sentence that is read, but whose content the spec cannot hold or that the
book got wrong, is kept as a ``Repair`` and listed in the import report.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..spec.words import MAX_PLAYERS, MIN_PLAYERS
from .words import NumberTooLong

# -- sentences -------------------------------------------------------------------------------------


def split_sentences(paragraph: str) -> list[str]:
    """Split a paragraph into sentences.

    A sentence ends at a full stop (or a closing bracket after one) followed by a space or the end
    of the paragraph, outside brackets and quotation marks. So "(Playing the first heart … known as
    "blasting hearts".)" and "(… eg. "after playing a 6, take another turn".)" stay one sentence.
    """
    out: list[str] = []
    start, depth, quoted = 0, 0, False
    text = paragraph.strip()
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"':
            quoted = not quoted
        if depth or quoted:
            continue
        at_end = i + 1 == len(text) or text[i + 1] == " "
        if not at_end:
            continue
        if ch == "." or (ch == ")" and text[i - 1 : i] == "."):
            out.append(text[start : i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


# -- repairs and errors ----------------------------------------------------------------------------

#: What a repair is: a defect of the book read the way its meaning is clear, a reading of something
#: the book leaves unsaid or ambiguous (design.md, catalogue §2.4), or text the spec cannot hold.
CATEGORIES = ("defect", "reading", "dropped")


@dataclass(frozen=True)
class Repair:
    kind: str          # a short key, e.g. "rank-named-twice"
    category: str      # one of CATEGORIES
    text: str          # what was wrong or unsaid, and how it was read
    sentence: str | None = None
    where: str | None = None   # "line N, sentence k" of the book

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "category": self.category, "text": self.text, "sentence": self.sentence,
                "where": self.where}


@dataclass(frozen=True)
class Problem:
    """A sentence the importer could not read, or a contradiction between sentences."""

    game: str
    sentence: str | None
    message: str
    where: str | None = None   # "line N, sentence k" of the book

    def __str__(self) -> str:
        """One line of bounded length: the message and the sentence are cut (a book may hold a
        line of a megabyte; ``where`` still says where it is)."""
        quoted = f' "{_cut(self.sentence, 200)}"' if self.sentence else ""
        at = f" ({self.where})" if self.where else ""
        return f"{_cut(self.game, 80)}: {_cut(self.message, 300)}{at}{':' if quoted else ''}{quoted}"


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split("\n"))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Draft:
    """What a game's sentences have said so far: spec fields by dotted path, plus the remarks the
    later cross-checks need (``said``), the repairs and the problems."""

    def __init__(self, game: str):
        self.game = game
        self.fields: dict[str, Any] = {}
        self.source: dict[str, str] = {}
        self.said: dict[str, Any] = {}
        self.said_in: dict[str, str] = {}
        self.repairs: list[Repair] = []
        self.problems: list[Problem] = []
        self.sentence: str | None = None  # the sentence being read
        self.where: dict[str, str] = {}   # sentence → "line N, sentence k" in the book
        self.family: str | None = None

    # fields
    def set(self, path: str, value: Any) -> None:
        """Set a spec field; a second sentence giving the same field another value is a problem."""
        if path in self.fields and self.fields[path] != value:
            self.problem(f"this says {path} is {value!r}, but an earlier sentence said {self.fields[path]!r} "
                         f"(\"{self.source[path]}\")")
            return
        self.fields[path] = value
        self.source.setdefault(path, self.sentence or "")

    def get(self, path: str, default: Any = None) -> Any:
        return self.fields.get(path, default)

    def has(self, path: str) -> bool:
        return path in self.fields

    def pop(self, path: str) -> Any:
        self.source.pop(path, None)
        return self.fields.pop(path, None)

    # remarks for cross-checks
    def note(self, key: str, value: Any = True) -> None:
        """Remember what a sentence said that is not a spec field (e.g. the N of "all N tricks")."""
        if key in self.said and self.said[key] != value:
            self.problem(f"this says {value!r} where an earlier sentence said {self.said[key]!r} "
                         f"(\"{self.said_in[key]}\")")
            return
        self.said[key] = value
        self.said_in.setdefault(key, self.sentence or "")

    def heard(self, key: str, default: Any = None) -> Any:
        return self.said.get(key, default)

    # findings
    def repair(self, kind: str, category: str, text: str, sentence: str | None = None) -> None:
        assert category in CATEGORIES, category
        s = sentence if sentence is not None else self.sentence
        self.repairs.append(Repair(kind, category, text, s or None, self.where.get(s or "")))

    def problem(self, message: str, sentence: str | None = None) -> None:
        s = sentence if sentence is not None else self.sentence
        self.problems.append(Problem(self.game, s or None, message, self.where.get(s or "")))


# -- patterns --------------------------------------------------------------------------------------

Handler = Callable[[re.Match[str], Draft], None]


@dataclass(frozen=True)
class Pattern:
    module: str                 # the catalogue's module id, e.g. "DL-05"
    regex: re.Pattern[str]
    handler: Handler
    phase: str = ""

    def read(self, sentence: str, draft: Draft) -> bool:
        m = self.regex.fullmatch(sentence)
        if m is None:
            return False
        try:
            self.handler(m, draft)
        except NumberTooLong as exc:  # the sentence is this rule's, but a number in it is no count of a game
            draft.problem(str(exc))
        return True


@dataclass
class Phase:
    """One phase's patterns (in the order they are tried) and its cross-checks."""

    name: str
    patterns: list[Pattern] = field(default_factory=list)

    def rule(self, module: str, regex: str) -> Callable[[Handler], Handler]:
        """Decorator: register ``handler`` for sentences matching ``regex`` (a whole sentence)."""

        def register(handler: Handler) -> Handler:
            self.patterns.append(Pattern(module, re.compile(regex), handler, self.name))
            return handler

        return register


def player_counts(draft: Draft) -> range:
    """The game's player counts, once its range is known and within the spec's bounds; else none.

    Why: the cross-checks loop over the counts (the stock per player, the tricks at each count);
    over a range the spec refuses they would divide by zero ("for zero to five players") or never
    end ("for two to 100000000 players"). The intro reports such a range as a problem."""
    lo, hi = draft.get("players.min"), draft.get("players.max")
    if not isinstance(lo, int) or not isinstance(hi, int) or not MIN_PLAYERS <= lo <= hi <= MAX_PLAYERS:
        return range(0)
    return range(lo, hi + 1)


def word_check(draft: Draft, what: str, word: str, known: tuple[str, ...]) -> None:
    """A free word the catalogue lists (a kitty name, a trump verb, …): accepted, and noted when it
    is not one of the catalogue's words, so that a new word is seen but not an error."""
    if word.lower() not in known:
        draft.repair(f"unlisted-{what}", "reading",
                     f"the {what} \"{word}\" is not in the catalogue's list ({', '.join(known)}); kept as written")
