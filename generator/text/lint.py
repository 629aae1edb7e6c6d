"""The rulebook lint: what a table reading a rendered rulebook would stumble on, found in the text
and checked against the spec it was rendered from.

``lint(spec, markdown)`` gives one ``Finding`` per problem, each with its kind, the section's
heading and the sentence. The kinds:

* ``UNUSED_RULE`` — a sentence about a rule the spec does not use: jokers in a game without any,
  melds, sets and runs or laying off where there are none, cards that "count against" a player
  where scoring counts no cards (``RULE_WORDS``; what a game uses is ``uses``, with the family's
  own part from its registry entry, ``Family.uses``).
* ``UNDEFINED_TERM`` — a term of the rules (``TERMS``: the stock, the discard pile, a meld, the
  kitty by its name …) used before the sentence that defines it, in italics, or never defined.
* ``PROGRAM_WORD`` — a program identifier in prose or examples: snake_case, a spec value such as
  "card-values", a Python literal, a decision's program name, a meld numbered as the program
  numbers it.
* ``CONTRADICTION`` — two sections stating one rule differently (``SAME_RULE``), or a note section
  whose numbers or rows disagree with the rules (the scoresheet's hands, a points row in a game
  scored only in tokens).
* ``DERIVED_FACT`` — a number the quick reference prints (hand size, target) that is not the spec's.
* ``GRAMMAR`` — "1 points", a label repeating its heading, a table row for cards the pack lacks.

The lint reads Markdown as ``generator.text.render`` writes it: ``## `` headings, one sentence
per line inside a paragraph, list items and table rows one a line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..families import family_of
from ..spec import GameSpec, derived
from .phrases import plural, plural_noun

#: Every kind of finding, in the order the lint's tables print them.
KINDS = ("UNUSED_RULE", "UNDEFINED_TERM", "PROGRAM_WORD", "CONTRADICTION", "DERIVED_FACT", "GRAMMAR")

#: The sections that state no rule (``text.sections``: ``notes``): a term they use must be defined
#: by the rules above them, and a rule they state is a contradiction waiting to happen.
NOTE_HEADINGS = ("Example of play", "Strategy", "Variations", "Scoresheet", "Quick reference")


@dataclass(frozen=True)
class Finding:
    kind: str       # one of KINDS
    section: str    # the heading of the section (the game's title for the introduction)
    sentence: str   # the sentence, as printed
    why: str        # what is wrong, in a sentence

    def __str__(self) -> str:
        return f"{self.section}: “{self.sentence}”: {self.why} [{self.kind}]"


@dataclass(frozen=True)
class Line:
    section: str
    text: str
    offset: int     # where the line starts in the rulebook (to order a use before a definition)


# ---------------------------------------------------------------------------------------------
# Reading the Markdown


def lines_of(md: str) -> list[Line]:
    """Every line of text with the heading of its section (headings themselves left out)."""
    out: list[Line] = []
    section = ""
    at = 0
    for raw in md.split("\n"):
        if raw.startswith("# "):
            section = raw[2:].strip()
        elif raw.startswith("## "):
            section = raw[3:].strip()
        elif raw.strip() and not re.fullmatch(r"\|(?:-+\|)+", raw.strip()):
            out.append(Line(section, raw, at))
        at += len(raw) + 1
    return out


_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z*“(])")


def sentence_at(text: str, pos: int) -> str:
    """The sentence of ``text`` (a line) that holds position ``pos``: a list item or a table row
    may hold several sentences, and a finding quotes one."""
    body = re.sub(r"^(?:\d+\.|-)\s+", "", text)
    shift = len(text) - len(body)
    start = 0
    for m in _SENTENCE_END.finditer(body):
        if m.start() >= pos - shift:
            return body[start:m.start()].strip()
        start = m.end()
    return body[start:].strip()


def _sections(lines: list[Line]) -> dict[str, list[Line]]:
    out: dict[str, list[Line]] = {}
    for line in lines:
        out.setdefault(line.section, []).append(line)
    return out


# ---------------------------------------------------------------------------------------------
# What a game uses


def uses(spec: GameSpec) -> frozenset[str]:
    """The rule words a game's rules may speak of (``RULE_WORDS``): jokers when the pack has them,
    card counts when scoring counts cards, and what the family says its play has
    (``Family.uses``: melds, sets, runs, laying off, its own jokers such as a wild rank)."""
    out = set()
    if spec.deck.jokers > 0:
        out.add("jokers")
    if derived.counts_cards_left(spec):
        out.add("card counts")
    own = family_of(spec).load("uses")
    if own is not None:
        out |= set(own(spec))
    return frozenset(out)


#: A sentence about a rule the game may lack: (the word it needs, the words, what the sentence is about).
RULE_WORDS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("jokers", re.compile(r"\bjokers?\b", re.I), "jokers, in a game with none"),
    ("lay off", re.compile(r"\b(?:lay|lays|laying|laid) off\b|\blay-offs?\b", re.I), "laying off, in a game with no lay-off"),
    ("melds", re.compile(r"\bmelds?\b|\bmelded\b", re.I), "melds, in a game with none"),
    ("sets", re.compile(r"\bsets? (?:and|or) (?:a )?runs?\b|\bin a set\b", re.I), "sets, in a game where only single cards are played"),
    ("runs", re.compile(r"\bruns? (?:and|or) (?:a )?sets?\b|\bsets? (?:and|or) (?:a )?runs?\b|\bin a run\b", re.I),
     "runs, in a game with none"),
    ("card counts", re.compile(r"\bcount against them\b", re.I), "cards counted against a player, where scoring counts no cards"),
)


def _unused_rules(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    have = uses(spec)
    for line in lines:
        for need, words, why in RULE_WORDS:
            if need in have:
                continue
            m = words.search(line.text)
            if m:
                yield Finding("UNUSED_RULE", line.section, sentence_at(line.text, m.start()), f"speaks of {why}")


# ---------------------------------------------------------------------------------------------
# Terms and their definitions


@dataclass(frozen=True)
class Term:
    """A term of the rules: the words that use it and the italic form that defines it. ``name``
    gives the spec's own word for it (a kitty called the talon), or None when the game has none."""

    name: Callable[[GameSpec], str | None]
    forms: str = ""          # the regular expression of a use, ``{}`` standing for the name


def _kitty(spec: GameSpec) -> str | None:
    return spec.deal.kitty.name if spec.deal.kitty else None


#: The terms the rulebook defines, each with the sentence form of its definition: ``*term*``.
TERMS: tuple[Term, ...] = (
    Term(lambda spec: "stock", r"\bstock\b"),
    Term(lambda spec: "discard pile", r"\bdiscard pile\b"),
    Term(lambda spec: "meld", r"\bmelds?\b"),
    Term(lambda spec: "caller", r"\bcaller\b"),
    Term(lambda spec: "blocked", r"\bblocked\b"),
    Term(lambda spec: "gone out", r"\b(?:gone|go|goes|went|going) out\b"),
    Term(_kitty, r"\b{}\b"),
)


#: The note at the head of a section whose rule this edition supplied (``rulebook.md.j2``): a record
#: of where a rule comes from, which names the rule before the rule itself defines its terms.
SUPPLIED = "This edition supplies "


def _undefined_terms(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    # The introduction sums the game up before the rules begin: it may name a term the rules
    # define further on, but not one they never define.
    intro = lines[0].section if lines else ""
    for term in TERMS:
        name = term.name(spec)
        if not name:
            continue
        defined = f"*{name}*"
        use = re.compile(term.forms.replace("{}", re.escape(name)), re.I)
        first_def = next((ln.offset + ln.text.index(defined) for ln in lines if defined in ln.text), None)
        for line in lines:
            if line.text.startswith(SUPPLIED):
                continue
            for m in use.finditer(line.text):
                if line.text[max(0, m.start() - 1):m.start()] == "*" or line.text[m.end():m.end() + 1] == "*":
                    continue   # the definition itself, or an italic name (a section's, a title's)
                if first_def is None:
                    yield Finding("UNDEFINED_TERM", line.section, sentence_at(line.text, m.start()),
                                  f"uses “{name}”, which the rules never define")
                elif line.offset + m.start() < first_def and line.section != intro:
                    yield Finding("UNDEFINED_TERM", line.section, sentence_at(line.text, m.start()),
                                  f"uses “{name}” before the rules define it")
                else:
                    continue
                break
            else:
                continue
            break


# ---------------------------------------------------------------------------------------------
# Program words


#: Spec values that are also plain English words, printed as such ("a trick-taking game").
ENGLISH = frozenset({"trick-taking", "set-aside", "knock-out", "turn-up", "face-value", "first-card", "last-card",
                     "same-suit", "same-rank", "new-suit", "two-cards", "lone-card", "extra-hand", "dealer-left",
                     "led-suit", "no-trump"})


@cache
def spec_values() -> re.Pattern[str]:
    """Every hyphenated value of the spec's schema that is not plain English, as one pattern."""
    from ..spec import GameSpec as Spec

    found: set[str] = set()

    def walk(o: Any) -> None:
        if isinstance(o, dict):
            for k, v in o.items():
                if k == "enum":
                    found.update(x for x in v if isinstance(x, str))
                elif k == "const" and isinstance(v, str):
                    found.add(v)
                else:
                    walk(v)
        elif isinstance(o, list):
            for x in o:
                walk(x)

    walk(Spec.model_json_schema())
    words = sorted((v for v in found if "-" in v and v not in ENGLISH), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w-])")


#: The example's names for the seats (``text.render.SEAT_NAMES``).
_SEATS = r"(?:Ann|Ben|Cleo|Dev|Eve|Finn|Gus|Hana|Player \d)"

PROGRAM_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<![\w*])[a-z]+(?:_[a-z0-9]+)+\b"), "a snake_case identifier"),
    (re.compile(r"\b(?:True|False)\b|\bNone\b(?! of)"), "a Python literal"),
    (re.compile(r"[\[{(]'|'[\]})]|<[\w.]+ object"), "a Python repr"),
    (re.compile(r"\bmeld \d+\b(?! of)"), "a meld numbered as the program numbers it"),
    # "Cleo kitty to next: yes", "Ben joker: names 3": a label, then the move (a list of cards after a colon is English)
    (re.compile(r"^\d+\. " + _SEATS + r" [a-z][a-z ]*: (?:yes|no|names|plays|draws|chooses|covers|passes)\b"),
     "a move under the program's label for its decision"),
)
#: A decision before play in the example, printed by its label ("- Reveal pig: Ann, yes."): the
#: label is a program name when the rules never use one of its words (they call the pig the duck).
_DECISION = re.compile(r"^- ([A-Z][a-z]+(?: [a-z]+)*): " + _SEATS + r"\b")


def _program_words(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    values = spec_values()
    rules = " ".join(ln.text for ln in lines if ln.section not in NOTE_HEADINGS).lower()
    for line in lines:
        m = _DECISION.match(line.text)
        if m and line.section == "Example of play":
            unknown = [w for w in m[1].lower().split() if not re.search(rf"\b{w}", rules)]
            if unknown:
                yield Finding("PROGRAM_WORD", line.section, line.text[2:],
                              f"prints a decision by its program name (“{m[1]}”: the rules never say "
                              f"“{unknown[0]}”)")
        for form, why in (*PROGRAM_FORMS, (values, "a spec value")):
            m = form.search(line.text)
            if m:
                yield Finding("PROGRAM_WORD", line.section, sentence_at(line.text, m.start()),
                              f"prints {why} (“{m.group(0).lstrip('- ')}”)")


# ---------------------------------------------------------------------------------------------
# One rule, two statements; notes that disagree with the rules


#: A rule some games state in more than one section: (what it is, the words of each statement).
#: Two sections holding different statements of it contradict each other, or will once one is edited.
SAME_RULE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("the second time the stock runs out",
     re.compile(r"\bstock runs out (?:again|a second time)\b|\bsecond time the stock runs out\b", re.I)),
)


def _contradictions(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    by_section = _sections(lines)
    for what, words in SAME_RULE:
        seen: dict[str, str] = {}
        for line in lines:
            if line.section in NOTE_HEADINGS or line.section == lines[0].section:
                continue   # the introduction and the notes sum the rules up; they are not a statement of them
            m = words.search(line.text)
            if m and line.section not in seen:
                seen[line.section] = sentence_at(line.text, m.start())
        if len(seen) > 1:
            (first, said), *others = seen.items()
            for section, sentence in others:
                yield Finding("CONTRADICTION", section, sentence,
                              f"states {what} again, differently from {first} (“{said}”)")
    hands = derived.hands_per_game(spec)
    for line in by_section.get("Scoresheet", []):
        m = re.search(r"The game has (.+?)\.$", line.text)
        if not m:
            continue
        said = m[1]
        if hands is None:
            why = "a fixed number of hands, where the rules play until a score or the tokens decide"
        elif len(set(hands.values())) == 1:
            right = plural(next(iter(hands.values())), "hand")
            why = None if said in (right, "as many hands as there are players") else f"“{said}”, where the rules give {right}"
        else:
            why = (f"“{said}”, where the rules' number of hands depends on the players"
                   if re.fullmatch(r"\S+ hands?", said) else None)
        if why:
            yield Finding("CONTRADICTION", "Scoresheet", sentence_at(line.text, m.start()), why)
    if spec.ending.condition.kind == "tokens":
        token = spec.deal.tokens.name if spec.deal.tokens else "token"
        for section in ("Scoresheet", "Example of play"):
            for line in by_section.get(section, []):
                m = re.search(r"\btotals?\b|^\| This hand \|", line.text)
                if m:
                    yield Finding("CONTRADICTION", section, sentence_at(line.text, m.start()),
                                  f"asks for points or totals, where only the {plural_noun(token)} count")
                    break


# ---------------------------------------------------------------------------------------------
# Derived facts: the quick reference's numbers are the spec's


def _derived_facts(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    cond = spec.ending.condition
    for line in _sections(lines).get("Quick reference", []):
        m = re.search(r"reaches ([\d,]+) points?\b", line.text)
        if m and (cond.kind != "target" or int(m[1].replace(",", "")) != cond.points):
            yield Finding("DERIVED_FACT", "Quick reference", sentence_at(line.text, m.start()),
                          f"prints a target of {m[1]}, where the rules' end is "
                          + (f"{cond.points} points" if cond.kind == "target" else f"not a target ({cond.kind})"))
        m = re.search(r"\*\*Deal\*\*: (\d+) cards? each", line.text)
        if m and isinstance(spec.deal.hand_size, int) and int(m[1]) not in (
                spec.deal.hand_size, spec.deal.hand_size_over_three):
            yield Finding("DERIVED_FACT", "Quick reference", sentence_at(line.text, m.start()),
                          f"prints hands of {m[1]} cards, where the deal gives {spec.deal.hand_size}")


# ---------------------------------------------------------------------------------------------
# Grammar


def _grammar(spec: GameSpec, lines: list[Line]) -> Iterator[Finding]:
    for line in lines:
        m = re.search(r"(?<![\d,.−-])(?<!, )(?<!and )1 (?:points|cards|hands|tricks|players|coins|tokens)\b", line.text)
        if m:
            yield Finding("GRAMMAR", line.section, sentence_at(line.text, m.start()), f"“{m.group(0)}”: one, plural")
        label = re.match(r"(?:\*\*)?([A-Z][\w ]*?):(?:\*\*)? ", line.text)
        if label and label[1] == line.section:
            yield Finding("GRAMMAR", line.section, sentence_at(line.text, 0), f"repeats its heading “{label[1]}”")
        if line.text.startswith("| Any other card |") and not derived.unvalued_cards(spec):
            yield Finding("GRAMMAR", line.section, line.text, "a row for other cards, where the pack has none")


CHECKS = (_unused_rules, _undefined_terms, _program_words, _contradictions, _derived_facts, _grammar)


def lint(spec: GameSpec, md: str) -> list[Finding]:
    """Every finding in the rulebook ``md`` rendered from ``spec``, in the order of ``KINDS``."""
    lines = lines_of(md)
    out: list[Finding] = []
    for check in CHECKS:
        out.extend(check(spec, lines))
    return out


__all__ = ["CHECKS", "Finding", "KINDS", "RULE_WORDS", "SAME_RULE", "TERMS", "lint", "uses"]
