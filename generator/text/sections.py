"""The sections of a rulebook, in the order they are printed: one list shared by the renderer and
the parser.

``templates/rulebook.md.j2`` prints each section this list holds, in order — its heading, then the
template parts it names — and ``generator.text.parse`` reads each section back with the sentence
rules this list names, in the same order, so the two cannot disagree about what comes where. The
*Play* section is the family's (``generator.families``): its template and its parser rules come
from the family of the spec (``FAMILY_PLAY`` stands for them here).

The *Setup* section is one numbered list in the order the engine runs the steps: a called trump
suit, the deal, a trump card shown during the deal, the other trump methods and anti-trumps (named
before anyone looks), blind bids, misdeals and a contributed kitty, then the pig, high or low,
robbing, the top trump and the exchange. Templates with several parts are included once per part
(``Part.part``).

After *End of the game* come the sections that state no rule — the worked example, the strategy
note, the Variations line, the scoresheet and the quick reference (``notes``): the parser knows
their headings and where they stand, and recognises each of their sentence forms without reading
a rule from it (``parse/notes.py``), as a player reads an example without learning a new rule. The strategy note and Variations are printed only from a playtest
report that has them (``needs``: the rulebook's extra they are printed from).

Parser names are relative to ``generator.text.parse``: ``"deck"`` is that module's ``RULES`` (or
its ``finish``), ``"bidding:SETUP_RULES"`` a named list of it; a name that resolves to a function
(the introduction's ``rules``) is called with the draft to give the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .phrases import cap

#: Where the parser names live.
PARSE = "generator.text.parse"
#: The play section's parts and rules: the family's template and parser.
FAMILY_PLAY = "family"


@dataclass(frozen=True)
class Part:
    """One include: a template (under ``templates/``) and, for a template printed in several
    places, which of its parts (the template's ``part`` variable)."""

    template: str
    part: str | None = None


def _always(spec: Any) -> bool:
    return True


@dataclass(frozen=True)
class Section:
    name: str
    heading: str | None              # None: the title's own section (intro), or a heading the spec names
    parts: tuple[Part, ...] | str    # templates to include, in order; FAMILY_PLAY: the family's
    rules: tuple[str, ...] | str     # parser rules (names under PARSE); FAMILY_PLAY: the family's
    finish: str | None = None        # parser step at the section's end (a name under PARSE)
    required: bool = True            # the parser rejects a rulebook without it
    shown: Callable[[Any], bool] = _always  # whether a game prints the section
    named: Callable[[Any], str] | None = None  # the heading, for a section whose heading the spec names
    #: Sentence forms printed exactly when a fact derived from the spec holds: (the mark their
    #: parser rule records, the test — a name under PARSE —, what the parser's error calls it).
    marks: tuple[tuple[str, str, str], ...] = ()
    #: A section that states no rule (an example, advice, a table to fill in): its parser rules only recognise.
    notes: bool = False
    #: The rulebook's extra (``render.extras``) the section is printed from; None: printed from the spec alone.
    needs: str | None = None

    def heading_for(self, spec: Any) -> str | None:
        return self.named(spec) if self.named is not None else self.heading

    @property
    def by_family(self) -> bool:
        return self.parts == FAMILY_PLAY


def _laws_heading(spec: Any) -> str:
    return cap(spec.setup.extra_rules.name + "s")


#: Every section of a rulebook, in print order.
SECTIONS: tuple[Section, ...] = (
    Section("intro", None, (Part("rules/intro.md.j2"),), ("intro:rules",), "intro:finish"),
    Section("deck", "The cards", (Part("rules/deck.md.j2"),), ("deck",), "deck:finish"),
    Section("setup", "Setup", (
        Part("rules/sides.md.j2"),
        Part("rules/deal.md.j2", "intro"),
        Part("rules/setup.md.j2", "before-deal"),
        Part("rules/deal.md.j2", "deal"),
        Part("rules/setup.md.j2", "in-deal"),
        Part("rules/setup.md.j2", "after-deal"),
        Part("rules/bidding.md.j2", "blind"),
        Part("rules/deal.md.j2", "after"),
        Part("rules/setup.md.j2", "extras"),
    ), ("sides", "deal", "setup", "bidding:SETUP_RULES"),
        marks=(("stock", "generator.spec.derived:has_stock", "the stock"),
               ("joker turned", "generator.spec.derived:trump_card_may_be_joker", "a turned joker"))),
    Section("bidding", "Bidding", (Part("rules/bidding.md.j2", "section"),), ("bidding",), "bidding:finish",
            required=False, shown=lambda spec: spec.bidding.any()),
    Section("play", "Play", FAMILY_PLAY, FAMILY_PLAY),
    Section("laws", None, (Part("rules/laws.md.j2"),), ("laws",), "laws:finish", required=False,
            shown=lambda spec: spec.setup.extra_rules is not None, named=_laws_heading),
    Section("scoring", "Scoring", (Part("rules/scoring.md.j2"),), ("scoring",), "scoring:finish"),
    Section("ending", "End of the game", (Part("rules/ending.md.j2"),), ("ending",), "ending:finish"),
    Section("example", "Example of play", (Part("rules/example.md.j2"),), ("notes:EXAMPLE",), required=False, notes=True,
            needs="example"),
    Section("strategy", "Strategy", (Part("rules/strategy.md.j2"),), ("notes:STRATEGY",), required=False, notes=True,
            needs="strategy"),
    Section("variations", "Variations", (Part("rules/variations.md.j2"),), ("notes:VARIATIONS",), required=False, notes=True,
            needs="variations"),
    Section("scoresheet", "Scoresheet", (Part("rules/scoresheet.md.j2"),), ("notes:SCORESHEET",), required=False, notes=True,
            needs="scoresheet"),
    Section("quickref", "Quick reference", (Part("rules/quickref.md.j2"),), ("notes:QUICKREF",), required=False, notes=True,
            needs="quickref"),
)
BY_NAME: dict[str, Section] = {s.name: s for s in SECTIONS}


def parts_of(section: Section, family: Any) -> tuple[Part, ...]:
    """The template parts of a section, the family's template for *Play*."""
    return (Part(family.template),) if section.by_family else section.parts  # type: ignore[return-value]


def templates(families: Any = ()) -> set[str]:
    """Every template the rulebook includes (for ``families``' *Play* sections too)."""
    out = {p.template for s in SECTIONS if not s.by_family for p in s.parts}  # type: ignore[union-attr]
    return out | {f.template for f in families}


__all__ = ["BY_NAME", "FAMILY_PLAY", "PARSE", "Part", "SECTIONS", "Section", "parts_of", "templates"]
