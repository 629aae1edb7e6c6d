"""The rulebook's section that applies now: the decision at hand is made by a phase of the
engine; the rule modules' registry (``generator.modules``) names the phase each module is played
by and the templates that print it, and the rulebook's sections list (``text.sections``) says
which section prints each template. So the section is found the same way for every family and
phase; card play that no module names falls back to *Play*, anything else to *Setup*."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class RulesPart:
    name: str        # the section's name in ``text.sections`` ("play")
    heading: str     # as the rulebook prints it ("Play")
    text: str        # its Markdown, heading included

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "heading": self.heading, "text": self.text}


def rulebook_parts(spec: Any, markdown: str) -> dict[str, RulesPart]:
    """The rulebook's sections by name, cut from its Markdown at the ``## `` headings."""
    from ..text.render import sections_of

    headings = {s["heading"]: s["name"] for s in sections_of(spec) if s["heading"]}
    parts: dict[str, RulesPart] = {}
    chunks = re.split(r"(?m)^## ", markdown)
    intro = chunks[0].strip()
    if intro:
        parts["intro"] = RulesPart("intro", spec.naming.name, intro)
    for chunk in chunks[1:]:
        heading, _, _ = chunk.partition("\n")
        name = headings.get(heading.strip(), heading.strip().lower())
        parts[name] = RulesPart(name, heading.strip(), "## " + chunk.strip())
    return parts


@lru_cache(maxsize=None)
def _sections_by_phase() -> dict[Any, tuple[str, ...]]:
    """Phase class -> the sections printing the modules it plays, in print order. The registry's
    references are resolved (not compared as text), so a class re-exported or moved to another
    module is found all the same."""
    from ..families import FAMILIES
    from ..modules import MODULES
    from ..refs import resolve
    from ..text.sections import SECTIONS

    where: dict[str, list[str]] = {}
    for s in SECTIONS:
        templates = [f.template for f in FAMILIES.values()] if s.by_family else [p.template for p in s.parts]
        for t in templates:
            where.setdefault(t, [])
            if s.name not in where[t]:
                where[t].append(s.name)
    out: dict[Any, list[str]] = {}
    for m in MODULES:
        for ref in m.engine_paths:
            names = out.setdefault(resolve(ref), [])
            for t in m.templates:
                names += [n for n in where.get(t, []) if n not in names]
    order = [s.name for s in SECTIONS]
    return {ref: tuple(sorted(ns, key=order.index)) for ref, ns in out.items()}


def sections_now(state: Any) -> tuple[str, ...]:
    """The names of the sections that apply to the decision at hand (the end: *End of the game*)."""
    phase = state.phase
    if phase is None:
        return ("scoring", "ending")
    found = _sections_by_phase().get(type(phase), ())
    if phase.card_play:   # the Play section, and the laws a player may break in it
        return ("play",) + tuple(n for n in found if n == "laws")
    # a decision before card play: bidding and the laws have sections of their own; the rest is
    # a step of the setup (a module may print a line in scoring too: the setup explains the step)
    for name in ("bidding", "laws", "setup"):
        if name in found:
            return (name,)
    return found[:1] or ("setup",)
