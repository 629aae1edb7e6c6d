"""The machinery of the rulebook parser: the error, the document split into sections and units,
sentence rules and the draft spec they fill in.

A rulebook (``generator.text.render_markdown``) is Markdown: a ``#`` title, ``##`` sections, and in
each section blocks separated by blank lines — paragraphs (one sentence per line), numbered lists
(``1. …``, one item per line, several sentences to an item), bulleted lists (``- …``) and tables
(``| a | b |`` rows under a header and a ``|---|---|`` rule). ``split_document`` cuts it into
``Section``s of ``Unit``s (a paragraph line, a list item, a table row).

Each phase module gives, per section, a list of ``Rule``s: a regex for one sentence form and a
handler that writes the fields the sentence states into the ``Draft`` (a handler of ``None`` marks
a sentence that states nothing the spec does not already say: a general explanation, or a fact
derived from other fields — those are checked against the finished spec with ``Draft.check``).
``read_units`` consumes each unit sentence by sentence: at each position the first rule whose
regex matches a whole sentence there is applied; no rule matching is a ``ParseError`` that names
the section and quotes the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .words import Unreadable


class ParseError(ValueError):
    """Text the parser cannot read back into a spec: names the section and quotes the sentence."""

    def __init__(self, section: str, sentence: str, reason: str = "no rule reads this sentence"):
        self.section, self.sentence, self.reason = section, sentence, reason
        # The message is one line of bounded length whatever the text: every part is cut (the
        # longest sentence a rulebook prints has under 400 characters; a broken one may have millions).
        section, reason, sentence = _cut(section, 80), _cut(reason, 300), _cut(sentence, 400)
        super().__init__(f"{section}: {reason}: “{sentence}”" if sentence else f"{section}: {reason}")


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.splitlines())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------- the document


@dataclass
class Unit:
    """One line of a section: a paragraph line, a list item or a table row."""

    kind: str  # "line", "item" (numbered), "bullet" or "row"
    text: str  # without the item's number or bullet
    number: int = 0  # a numbered item's number


@dataclass
class Section:
    title: str  # the heading's text
    level: int  # 1 for the title, 2 for a section
    units: list[Unit] = field(default_factory=list)


_ITEM = re.compile(r"(\d+)\. (.*)")
_RULE_ROW = re.compile(r"\|(?:-{3,}\|)+")


def split_document(text: str) -> list[Section]:
    """Cut a rulebook into its sections; check the Markdown shapes on the way (numbered lists run
    1, 2, 3 …; a table has a header row, a rule row and body rows)."""
    sections: list[Section] = []
    current: Section | None = None
    last_kind, last_number, table_row = "", 0, 0
    for line in text.split("\n"):
        if not line:
            last_kind, last_number, table_row = "", 0, 0
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            if level > 2 or line[level : level + 1] != " ":
                raise ParseError(current.title if current else "the rulebook", line, "not a heading of a rulebook")
            if not line[level + 1 :].strip():  # an error about its section could not name it
                raise ParseError(current.title if current else "the rulebook", line, "a heading with no text")
            if level == 1 and sections:
                raise ParseError(current.title if current else "the rulebook", line, "a second title")
            if level == 2 and not sections:
                raise ParseError("the rulebook", line, "a section before the title")
            current = Section(line[level + 1 :], level)
            sections.append(current)
            last_kind, last_number, table_row = "", 0, 0
            continue
        if current is None:
            raise ParseError("the rulebook", line, "text before the title")
        if line != line.strip():
            raise ParseError(current.title, line, "stray spaces around a line")
        if line.startswith("|"):
            if last_kind not in ("", "row"):
                raise ParseError(current.title, line, "a table row inside another block")
            table_row += 1
            if table_row == 2:
                if not _RULE_ROW.fullmatch(line):
                    raise ParseError(current.title, line, "a table without its header rule")
            else:
                current.units.append(Unit("row", line))
            last_kind = "row"
            continue
        if table_row:
            raise ParseError(current.title, line, "text inside a table")
        m = _ITEM.fullmatch(line)
        if m:
            if len(m.group(1)) > 3:  # no list of a rulebook runs to a thousand items
                raise ParseError(current.title, line, "not an item of a rulebook's list")
            number = int(m.group(1))
            if number != last_number + 1 or last_kind not in ("", "item"):
                raise ParseError(current.title, line, f"item {number} does not follow item {last_number}")
            current.units.append(Unit("item", m.group(2), number))
            last_kind, last_number = "item", number
        elif line.startswith("- "):
            current.units.append(Unit("bullet", line[2:]))
            last_kind = "bullet"
        else:
            if last_kind in ("item", "bullet"):
                raise ParseError(current.title, line, "a paragraph line inside a list")
            current.units.append(Unit("line", line))
            last_kind = "line"
    if not sections:
        raise ParseError("the rulebook", text[:60], "no title")
    return sections


# --------------------------------------------------------------------------- rules and the draft


Handler = Callable[["Draft", "re.Match[str]"], None]


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    handler: Handler | None  # None: the sentence states nothing of its own (recognised, skipped)
    marks: str | None = None  # a name recorded in Draft.seen when the rule applies
    #: What the module registry (``generator.modules``) calls the rule: ``"<phase>:<name>"``.
    name: str | None = None


def rule(pattern: str, handler: Handler | None = None, marks: str | None = None, name: str | None = None) -> Rule:
    """A sentence form: ``pattern`` must match a whole sentence (it ends at a space or the end).
    ``name`` defaults to the handler's (or its factory's) name without the leading underscore, so
    the rules one handler reads with share a name; a rule read by a lambda is named explicitly."""
    return Rule(re.compile(pattern + r"(?= |\Z)"), handler, marks, name or rule_name(handler))


def rule_name(handler: Handler | None) -> str | None:
    """``_boost`` → ``"boost"``; a handler made by a factory ``_following(…)`` → ``"following"``."""
    if handler is None:
        return None
    outer = handler.__qualname__.split(".<locals>.", 1)[0].rsplit(".", 1)[-1]
    return None if outer == "<lambda>" else outer.lstrip("_")


class Draft:
    """The spec being read: plain data by phase, plus checks to run on the finished spec."""

    def __init__(self) -> None:
        self.data: dict[str, dict[str, Any]] = {
            "naming": {}, "players": {}, "deck": {}, "deal": {}, "setup": {}, "bidding": {}, "play": {},
            "scoring": {}, "ending": {},
        }
        self.notes: dict[str, Any] = {}  # things read now and resolved at the end of a section
        self.seen: set[str] = set()  # marks of the rules applied
        self.checks: list[tuple[Callable[[Any], bool], str, str, str]] = []
        self.section = ""
        self.sentence = ""

    def put(self, path: str, value: Any) -> None:
        """Set a field by dotted path; a field the text states twice must be stated alike."""
        *parents, leaf = path.split(".")
        node = self.data
        for key in parents:
            node = node.setdefault(key, {})
        if leaf in node and node[leaf] != value:
            raise Unreadable(f"{path} is stated twice, differently ({node[leaf]!r}, then {value!r})")
        node[leaf] = value

    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.data
        for key in path.split("."):
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node

    def check(self, test: Callable[[Any], bool], what: str) -> None:
        """Check ``test(spec)`` on the finished spec: what this sentence says must agree with it."""
        self.checks.append((test, what, self.section, self.sentence))


_SENTENCE = re.compile(r".*?[.:!?](?=\s+[^\sa-z]|\Z)")


def sentence_at(text: str, pos: int) -> str:
    """The sentence of ``text`` starting at ``pos`` (for an error message)."""
    m = _SENTENCE.match(text, pos)
    return m.group(0) if m else text[pos:]


def read_units(draft: Draft, section: Section, rules: list[Rule], units: list[Unit] | None = None) -> None:
    """Apply the first matching rule to each sentence of each unit, in order."""
    draft.section = section.title
    try:
        for unit in section.units if units is None else units:
            text, pos, end = unit.text, 0, len(unit.text)
            while pos < end:
                for r in rules:
                    m = r.pattern.match(text, pos)
                    if m is not None:
                        break
                else:
                    raise ParseError(section.title, sentence_at(text, pos))
                if r.handler is not None:
                    draft.sentence = m.group(0)
                    r.handler(draft, m)
                if r.marks is not None:
                    draft.seen.add(r.marks)
                pos = m.end() + 1
    except Unreadable as exc:
        raise ParseError(section.title, draft.sentence, str(exc)) from None
