"""The rulebook parser: Markdown written by ``generator.text.render_markdown`` read back into the
``GameSpec`` it was written from — ``parse_markdown(render_markdown(spec)) == spec``.

It reads the text the way a person would, with no spec to compare against: the document is cut
into its sections (headings) and units (paragraph lines, numbered and bulleted items, table rows);
each unit is read sentence by sentence, and each sentence form of the templates has a rule (a
regex and a handler, one module per phase, mirroring ``templates/rules/``) that maps it back to
spec fields — numbers as words, card names, nicknames, suits, rank lists, table rows. A field the
text does not state takes its default, as the templates print nothing for a default. Sentences that
state nothing of their own (general explanations, facts derived from other fields) are recognised
and skipped, the derived ones after checking that they agree with the finished spec. Any sentence
that no rule reads is a ``ParseError`` naming the section and quoting the sentence.

The sections, their order, their templates and the rules that read each come from one list,
``generator.text.sections.SECTIONS``, which the renderer prints from too; the *Play* section is read
with the rules of the game's family (``generator.families``), named by the introduction
("… is a lively trick-taking game …"). The sections after *End of the game* that state no rule (the
worked example, strategy, Variations, the scoresheet, the quick reference) are read with rules that
recognise their sentences and read nothing from them (``notes``). A section whose heading the spec names (the invented
rules': "## Bonus rules") is recognised by coming where it does, right after the section before it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

from pydantic import ValidationError

from ...families import Family, family_named
from ...refs import resolve
from ...spec import GameSpec
from ...spec.io import first_problem
from ..sections import PARSE, SECTIONS, Section
from . import intro
from .core import Draft, ParseError, Rule, read_units, rule, split_document
from .words import Unreadable

__all__ = ["ParseError", "parse_markdown"]


class Reader(NamedTuple):
    """How one section is read: its rules (for the draft so far), its finish step (None: none),
    and its marks: (mark, test, what) — a sentence form the text prints exactly when ``test(spec)``."""

    section: Section
    rules: Callable[[Draft], list[Rule]]
    finish: Callable[..., None] | None
    marks: tuple[tuple[str, Callable[[GameSpec], bool], str], ...]


def _named(name: str) -> Any:
    """A parser name of the sections list: ``"deck"`` (its RULES), ``"bidding:SETUP_RULES"``, or a
    full reference (``"generator.spec.derived:has_stock"``, a fact the text prints exactly when it holds)."""
    if name.startswith("generator."):
        return resolve(name)
    module, _, attr = name.partition(":")
    return resolve(f"{PARSE}.{module}:{attr or 'RULES'}")


@functools.cache
def _reader(section: Section, family: Family | None) -> Reader:
    """The reader of a section; the family's parser module (RULES, finish, MARKS) for *Play*."""
    if section.by_family:
        if family is None:
            raise ValueError(f"the {section.name} section is read by a family's rules")
        module = family.load("parser")
        return Reader(section, functools.partial(_rules_for, (module.RULES,)), module.finish,
                      tuple(getattr(module, "MARKS", ())))
    lists = tuple(_named(name) for name in section.rules)
    finish = _named(section.finish) if section.finish else None
    marks = tuple((mark, _named(test), what) for mark, test, what in section.marks)
    return Reader(section, functools.partial(_rules_for, lists), finish, marks)


#: The note on a rule this edition supplies (the spec's provenance, a record, not a rule): any section
#: may open with it, and it is read as nothing.
RECONSTRUCTED_NOTE = rule(r"This edition supplies [^:.]+: [^.]+\.")


def _rules_for(lists: tuple[Any, ...], d: Draft) -> list[Rule]:
    """A section's rules: its lists in order; a function among them gives rules for the draft; and
    the note on a rule this edition supplies."""
    rules: list[Rule] = [RECONSTRUCTED_NOTE]
    for item in lists:
        rules += item(d) if callable(item) else item
    return rules


def _finish(d: Draft, section: str, step: Callable[[], None]) -> None:
    try:
        step()
    except Unreadable as exc:
        raise ParseError(section, "", str(exc)) from None


def _read(d: Draft, reader: Reader, section: Any) -> None:
    """Read a section's units, then run its finish (given the heading, if the spec names it)."""
    read_units(d, section, reader.rules(d))
    finish = reader.finish
    if finish is not None and reader.section.named is not None:
        _finish(d, section.title, lambda: finish(d, section.title))
    elif finish is not None:
        _finish(d, section.title, lambda: finish(d))


def parse_markdown(text: str) -> GameSpec:
    """The spec of a rulebook; ``ParseError`` for any sentence the parser cannot read."""
    sections = split_document(text)
    d = Draft()
    title = sections[0]
    if title.level != 1:
        raise ParseError("the rulebook", title.title, "the rulebook does not start with its title")
    d.section = title.title
    _finish(d, title.title, lambda: intro.read_title(d, title.title))
    # The title's section (the introduction, read the same for every family) names the family.
    _read(d, _reader(SECTIONS[0], None), title)
    readers = [_reader(s, family_named(d.get("play.family"))) for s in SECTIONS]

    seen: list[int] = [0]
    for section in sections[1:]:
        index = next((i for i, r in enumerate(readers) if r.section.heading == section.title), None)
        if index is None:
            # A heading the spec names: the next such section, right after the one printed before it.
            index = next((i for i, r in enumerate(readers) if i > seen[-1] and r.section.named), None)
            if index is None or seen[-1] < index - 1:
                raise ParseError(section.title, "## " + section.title, "not a section of a rulebook here")
        if index <= seen[-1]:
            raise ParseError(section.title, "## " + section.title, "a section out of order, or twice")
        seen.append(index)
        _read(d, readers[index], section)
    for i, r in enumerate(readers):
        if r.section.required and i not in seen:
            raise ParseError("the rulebook", "", f"no section “{r.section.heading}”")
    if "trumps" not in d.seen:
        raise ParseError("Setup", "", "the rulebook never says how trumps are chosen")

    try:
        spec = GameSpec.model_validate(d.data)
    except ValidationError as exc:
        field, message = first_problem(exc)
        raise ParseError("the rulebook", "", f"{field}: {message}") from None

    # What the text states in passing must agree with the spec it states.
    for test, what, section, sentence in d.checks:
        if not test(spec):
            raise ParseError(section, sentence, f"contradicts the rest of the rulebook ({what})")
    for r in readers:
        for mark, expected, what in r.marks:
            if (mark in d.seen) != expected(spec):
                raise ParseError(r.section.heading or "the rulebook", "",
                                 f"the rulebook {'leaves out' if expected(spec) else 'has no reason to state'} {what}")
    return spec
