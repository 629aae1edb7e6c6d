"""Repair before reject: a draft that fails for a number is mended by changing the number.

Three mends:

* ``mend(spec, report, play)`` (``length``): after the playtest, a draft rejected only for its
  length gets a nearer target, smaller hands or fewer player counts, chosen from the playtest's own
  estimates (``evidence``) by a small registry of knobs (``knobs``), and is judged again.
* ``narrow_players(spec, problems)`` (``deal``): at sampling, a draft whose deal fails only at some
  player counts keeps the counts that deal.
* ``drop_dead(spec, report, play)`` (``dead``): after a pass, a rule the playtest never saw
  applied (DEAD_TEXT) is taken out where the game can do without it, and the game judged again.

Each mend is recorded in the spec's provenance (``Mend``: the field, the draft's value, the value
kept, the reason); the rulebook never prints it — the rules printed are simply the mended ones."""

from __future__ import annotations

from .dead import drop_dead
from .deal import narrow_players
from .length import MAX_JUDGEMENTS, Mended, choose, mend

__all__ = ["MAX_JUDGEMENTS", "Mended", "choose", "drop_dead", "mend", "narrow_players"]
