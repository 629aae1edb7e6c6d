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

=================  ==========================  ==================================
section            rules                       template
=================  ==========================  ==================================
title, intro       ``intro``                   ``rules/intro.md.j2``
The cards          ``deck``                    ``rules/deck.md.j2``
Setup              ``deal``, ``setup``,        ``rules/deal.md.j2``, ``setup``,
                   ``bidding`` (blind bids)    ``bidding`` (part "blind")
Bidding            ``bidding``                 ``rules/bidding.md.j2``
Play               ``play_tricks``             ``rules/play_tricks.md.j2``
(invented rules)   ``laws``                    ``rules/laws.md.j2``
Scoring            ``scoring``                 ``rules/scoring.md.j2``
End of the game    ``ending``                  ``rules/ending.md.j2``
=================  ==========================  ==================================
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError

from ...spec import GameSpec, derived
from ...spec.io import _field_path
from . import bidding, deal, deck, ending, intro, laws, play_tricks, scoring, setup
from .core import Draft, ParseError, Rule, read_units, split_document
from .words import Unreadable

__all__ = ["ParseError", "parse_markdown"]

#: The sections after the title, in the order they are printed: (heading, rules, finish, required).
_SECTIONS: tuple[tuple[str, list[Rule], Callable[[Draft], None] | None, bool], ...] = (
    ("The cards", deck.RULES, deck.finish, True),
    ("Setup", deal.RULES + setup.RULES + bidding.SETUP_RULES, None, True),
    ("Bidding", bidding.RULES, bidding.finish, False),
    ("Play", play_tricks.RULES, play_tricks.finish, True),
    (None, laws.RULES, None, False),  # headed by the invented rules' name: "## Bonus rules"
    ("Scoring", scoring.RULES, scoring.finish, True),
    ("End of the game", ending.RULES, ending.finish, True),
)
_INDEX = {heading: i for i, (heading, *_rest) in enumerate(_SECTIONS) if heading}
_LAWS = 4


def _finish(d: Draft, section: str, step: Callable[[], None]) -> None:
    try:
        step()
    except Unreadable as exc:
        raise ParseError(section, "", str(exc)) from None


def parse_markdown(text: str) -> GameSpec:
    """The spec of a rulebook; ``ParseError`` for any sentence the parser cannot read."""
    sections = split_document(text)
    d = Draft()
    title = sections[0]
    if title.level != 1:
        raise ParseError("the rulebook", title.title, "the rulebook does not start with its title")
    d.section = title.title
    _finish(d, title.title, lambda: intro.read_title(d, title.title))
    read_units(d, title, intro.rules(d))
    _finish(d, title.title, lambda: intro.finish(d))

    seen: list[int] = []
    for section in sections[1:]:
        index = _INDEX.get(section.title)
        if index is None:
            if not seen or seen[-1] >= _LAWS or seen[-1] < _INDEX["Play"]:
                raise ParseError(section.title, "## " + section.title, "not a section of a rulebook here")
            index = _LAWS
        if seen and index <= seen[-1]:
            raise ParseError(section.title, "## " + section.title, "a section out of order, or twice")
        seen.append(index)
        heading, rules, finish, _ = _SECTIONS[index]
        read_units(d, section, rules)
        if index == _LAWS:
            _finish(d, section.title, lambda title=section.title: laws.finish(d, title))
        elif finish is not None:
            _finish(d, section.title, lambda step=finish: step(d))
    for i, (heading, _, _, required) in enumerate(_SECTIONS):
        if required and i not in seen:
            raise ParseError("the rulebook", "", f"no section “{heading}”")
    if "trumps" not in d.seen:
        raise ParseError("Setup", "", "the rulebook never says how trumps are chosen")

    try:
        spec = GameSpec.model_validate(d.data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ParseError("the rulebook", "", f"{_field_path(err['loc'])}: {err['msg']}") from None

    # What the text states in passing must agree with the spec it states.
    for test, what, section, sentence in d.checks:
        if not test(spec):
            raise ParseError(section, sentence, f"contradicts the rest of the rulebook ({what})")
    for mark, expected, section, what in (
        ("stock", derived.has_stock(spec), "Setup", "the stock"),
        ("joker turned", derived.trump_card_may_be_joker(spec), "Setup", "a turned joker"),
        ("compare", derived.compares_majors_with_suit_cards(spec), "Play", "how cards of different suits compare"),
    ):
        if (mark in d.seen) != expected:
            raise ParseError(section, "", f"the rulebook {'leaves out' if expected else 'has no reason to state'} "
                                          f"{what}")
    return spec
