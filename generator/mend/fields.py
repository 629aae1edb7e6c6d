"""Reading and changing a spec's numeric parameters by their dotted path (``ending.condition.points``).

A mend names the field it changed the way a person reading the spec file would find it, so the same
path both records the change (``Mend.field``) and makes it: the changed spec is validated again as a
whole, never patched in place, so a mend can never produce a spec the schema refuses."""

from __future__ import annotations

from typing import Any

from ..spec import GameSpec, Mend, Provenance

#: The player range is mended as one value: its two ends move together.
PLAYERS = "players"


def value_at(spec: GameSpec, path: str) -> Any:
    """The value at ``path``; the player range as ``{"min": .., "max": ..}``."""
    data: Any = spec.model_dump(mode="json")
    for key in path.split("."):
        data = data[key]
    return data


def with_values(spec: GameSpec, changes: dict[str, Any]) -> GameSpec:
    """A copy of ``spec`` with each path set to its new value (validated as a whole spec)."""
    data = spec.model_dump(mode="json")
    for path, value in changes.items():
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[key]
        node[last] = value
    return GameSpec.model_validate(data)


def players_value(lo: int, hi: int) -> dict[str, int]:
    return {"min": lo, "max": hi}


def with_mends(spec: GameSpec, draft: GameSpec, mends: list[Mend]) -> GameSpec:
    """``spec`` (already changed) with its provenance: the draft's, copied, and the mends appended
    — one per field, from the draft's value to the value kept, with the latest reason."""
    merged: dict[str, Mend] = {}
    for m in mends:
        first = merged.get(m.field)
        merged[m.field] = m if first is None else Mend(field=m.field, draft=first.draft, mended=m.mended, why=m.why)
    kept = [m for m in merged.values() if m.draft != m.mended]
    base = draft.provenance.model_copy(deep=True) if draft.provenance is not None else Provenance(origin="generated")
    base.mends = list(base.mends) + kept
    return spec.model_copy(update={"provenance": base})


__all__ = ["PLAYERS", "players_value", "value_at", "with_mends", "with_values"]
