"""The dead-rule mend: a rule the playtest never saw applied is taken out of the game.

Parlour prints only rules its simulator has played. A game that passes its playtest may still
carry a rule no game reached (DEAD_TEXT): a misdeal that the deal never allows, an exchange in a
game that never has a second hand. Where the rule is an extra the game can do without (its phase
says how to take it out: ``PrintedRule.dropped_by``), the rule is dropped, the game is judged again, and
the change is recorded in the spec's provenance like any other mend; a rule the game cannot do
without stays, with its warning."""

from __future__ import annotations

from typing import Any, Callable

from ..checks import check_spec
from ..playtest import Report, dead_rules, games_played
from ..spec import GameSpec, Mend
from .fields import value_at, with_mends, with_values
from .length import Mended


#: ``merge_drop``'s answer for a change that has nothing left to do.
SKIP = object()


def merge_drop(changes: dict[str, Any], path: str, value: Any) -> Any:
    """The value to set at ``path`` for one more dropped rule, given the ``changes`` already made
    for others: two items dropped from one list (two special cards) keep what both keep; a path
    inside a part already taken out (the rocket of a bomb dropped too) is ``SKIP``."""
    if any(path.startswith(p + ".") and v is None for p, v in changes.items()):
        return SKIP
    if isinstance(value, list) and isinstance(changes.get(path), list):
        return [x for x in changes[path] if x in value]
    return value


def drop_dead(spec: GameSpec, report: Report, play: Callable[[GameSpec], Report]) -> Mended | None:
    """``spec`` without the rules its ``report`` never saw applied, judged again; None when no such
    rule can be dropped, the game without them fails a static check, or it no longer passes
    (or is decided in its first hand)."""
    counts = list(report.counts) + (list(report.random) if report.random is not None else [])
    played = sum(len(c.games) for c in counts)
    changes, mends = {}, []
    for rule in dead_rules(spec, counts):
        for path, value in rule.dropped_by.items():
            value = merge_drop(changes, path, value)
            if value is SKIP:
                continue
            changes[path] = value
            mends.append(Mend(field=path, draft=value_at(spec, path), mended=value,
                              why=f"the rule for {rule.text} never applied in any of the {played} games of the "
                                  "playtest: it is left out"))
    if not changes:
        return None
    try:
        changed = with_values(spec, changes)
    except ValueError:
        return None
    if check_spec(changed):
        return None
    judged = play(changed)
    if judged.verdict != "pass" or any(w.code == "ONE_HAND" for w in judged.warnings):
        return None
    notes = [f"mended {m.field}: dropped ({m.why})" for m in mends]
    return Mended(with_mends(changed, spec, mends), judged, games_played(judged), notes)


__all__ = ["drop_dead", "merge_drop"]
