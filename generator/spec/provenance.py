"""Where a spec came from: the draft's seed, the mends made to it, the parents it was bred from.

Provenance is a record, not a rule. The rulebook prints only what a reader should know of it —
where the game came from (a new game, a seed-book game, a traditional game and how this version
differs from it) — in sentences the parser skips, so a rulebook read back gives ``spec.rules()`` —
the spec without its provenance — and two games with the same rules are the same game however they
were found. A spec without provenance counts as written by hand. It lives in the spec file (not beside
it) so that a game copied on its own still says how to make it again: ``parlour generate --count 1
--seed SEED --family FAMILY`` draws the draft, and the mends say what was changed from it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


class Mend(BaseModel):
    """One numeric parameter changed from the draft, and the playtest's reason for it."""

    model_config = ConfigDict(extra="forbid")

    field: str = Field(description="the spec field changed, as a dotted path (ending.condition.points)")
    draft: Any = Field(description="its value in the draft")
    mended: Any = Field(description="its value in the game as kept")
    why: str = Field(max_length=300, description="the reason, in a sentence: the playtest's estimate that chose the value")


def _clause(value: str) -> str:
    """A difference is printed as a clause of one sentence ("it is played without passing"), the
    clauses joined by semicolons: so no full stop, colon or semicolon, and nothing Markdown reads."""
    if not value or len(value) > 200 or value != value.strip() or not value[0].islower():
        raise ValueError(f"a difference is a clause of at most 200 characters beginning with a small letter "
                         f"(got {value[:80]!r})")
    bad = next((c for c in value if not (c.isalnum() or c in " ,'’-–()")), None)
    if bad is not None:
        raise ValueError(f"a difference may hold only letters, digits, spaces, commas, hyphens, apostrophes and "
                         f"brackets: not {bad!r} (got {value[:80]!r})")
    return value


class Reconstruction(BaseModel):
    """A rule this edition supplies where its source is silent or lost (an imported game's lost list,
    a default turn, a guessed value table, a chosen reading): the rulebook says so in one plain note
    at the head of the section it concerns ("This edition supplies the turn below: the source's
    list of its steps was lost."), a note the parser skips."""

    model_config = ConfigDict(extra="forbid")

    section: Literal["deck", "setup", "play", "scoring", "ending"] = Field(description="the rulebook section the rule is in")
    what: Annotated[str, AfterValidator(_clause)] = Field(description="what this edition supplies (\"the turn below\")")
    why: Annotated[str, AfterValidator(_clause)] = Field(description="why (\"the source's list of its steps was lost\")")


class Provenance(BaseModel):
    """How the game was made. ``origin`` says which command made it; ``seed`` is the sampler's seed
    of the draft (generated games), ``run_seed`` and ``parents`` those of a search (evolved games)."""

    model_config = ConfigDict(extra="forbid")

    origin: Literal["generated", "evolved", "imported", "written"] = Field(
        description="generated (drawn by the sampler), evolved (bred by the search), imported (from a book), "
        "written (by hand)")
    seed: int | None = Field(None, description="the sampler's seed of the draft (generated games)")
    family: str | None = Field(None, description="the family asked of the sampler with the seed")
    real_packs: bool = Field(False, description="the sampler was asked for the real packs beyond the seed book "
                             "(generate --real-packs) with the seed")
    catalogue: Literal["parlour", "book"] = Field(
        "parlour", description="the catalogue the sampler drew from with the seed: Parlour's (the seed book's and "
        "Parlour's options beyond it) or the seed book's alone (generate --catalogue book)")
    run_seed: int | None = Field(None, description="the seed of the run (search) that made the game")
    operator: str | None = Field(None, max_length=300, description="how an evolved game was bred from its parents")
    parents: list[str] = Field(default_factory=list, description="the ids of the parents of an evolved game")
    mends: list[Mend] = Field(default_factory=list, description="the numeric parameters mended after a playtest")
    traditional: bool = Field(False, description="a traditional game written as a spec (written games): the "
                              "introduction says so, and what ``differs`` from the game people know")
    differs: list[Annotated[str, AfterValidator(_clause)]] = Field(
        default_factory=list, max_length=6,
        description="how a written version of a traditional game differs from the game as people know it, each "
        "a clause the introduction prints (\"it is played without passing\")")
    reconstructed: list[Reconstruction] = Field(
        default_factory=list, max_length=12,
        description="the rules this edition supplies where its source is silent or lost (imported games), each noted "
        "in the section it concerns")


__all__ = ["Mend", "Provenance", "Reconstruction"]
