"""Repair before reject: a draft that fails for a number is mended by changing the number.

Two mends, one per moment a draft can fail:

* ``mend(spec, report, options)`` (``length``): after the playtest, a draft rejected only for its
  length gets a nearer target, smaller hands or fewer player counts, chosen from the playtest's own
  estimates (``evidence``) by a small registry of knobs (``knobs``), and is judged again.
* ``narrow_players(spec, problems)`` (``deal``): at sampling, a draft whose deal fails only at some
  player counts keeps the counts that deal.

Each mend is recorded in the spec's provenance (``Mend``: the field, the draft's value, the value
kept, the reason); the rulebook never prints it — the rules printed are simply the mended ones."""

from __future__ import annotations

from .deal import narrow_players
from .length import MAX_JUDGEMENTS, Mended, choose, mend

__all__ = ["MAX_JUDGEMENTS", "Mended", "choose", "mend", "narrow_players"]
