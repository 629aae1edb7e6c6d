"""Where a spec came from: the draft's seed, the mends made to it, the parents it was bred from.

Provenance is a record, not a rule. The rulebook never prints it and the parser never reads it, so
a rulebook read back gives ``spec.rules()`` — the spec without its provenance — and two games with
the same rules are the same game however they were found. It lives in the spec file (not beside
it) so that a game copied on its own still says how to make it again: ``parlour generate --count 1
--seed SEED --family FAMILY`` draws the draft, and the mends say what was changed from it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Mend(BaseModel):
    """One numeric parameter changed from the draft, and the playtest's reason for it."""

    model_config = ConfigDict(extra="forbid")

    field: str = Field(description="the spec field changed, as a dotted path (ending.condition.points)")
    draft: Any = Field(description="its value in the draft")
    mended: Any = Field(description="its value in the game as kept")
    why: str = Field(max_length=300, description="the reason, in a sentence: the playtest's estimate that chose the value")


class Provenance(BaseModel):
    """How the game was made. ``origin`` says which command made it; ``seed`` is the sampler's seed
    of the draft (generated games), ``run_seed`` and ``parents`` those of a search (evolved games)."""

    model_config = ConfigDict(extra="forbid")

    origin: Literal["generated", "evolved", "imported", "written"] = Field(
        description="generated (drawn by the sampler), evolved (bred by the search), imported (from a book), "
        "written (by hand)")
    seed: int | None = Field(None, description="the sampler's seed of the draft (generated games)")
    family: str | None = Field(None, description="the family asked of the sampler with the seed")
    run_seed: int | None = Field(None, description="the seed of the run (search) that made the game")
    operator: str | None = Field(None, max_length=300, description="how an evolved game was bred from its parents")
    parents: list[str] = Field(default_factory=list, description="the ids of the parents of an evolved game")
    mends: list[Mend] = Field(default_factory=list, description="the numeric parameters mended after a playtest")


__all__ = ["Mend", "Provenance"]
