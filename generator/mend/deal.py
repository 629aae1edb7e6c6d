"""The deal mend: a draft whose deal fits at some of its player counts keeps those counts.

The sampler draws the player range before the hand size, so a range of 2–6 with ten-card hands
from a 52-card pack fails only at six players (DEAL_IMPOSSIBLE, with the count). Redrawing the whole
game throws away everything else that was fine; narrowing the range to the counts that deal keeps
it. Only the deal's own failures at named counts are mended — any other problem, or a deal that
fails everywhere, is the sampler's to redraw — and the narrowed range must be contiguous, hold at
least ``MIN_COUNTS`` counts, and pass every static check again."""

from __future__ import annotations

from ..checks import Problem, check_spec
from ..spec import GameSpec, Mend
from .fields import PLAYERS, players_value, with_values
from .knobs import MIN_COUNTS

#: The problem a narrower player range can fix.
DEAL_CODE = "DEAL_IMPOSSIBLE"


def narrow_players(spec: GameSpec, problems: list[Problem],
                   keep: int | None = None) -> tuple[GameSpec, list[Mend]] | None:
    """``spec`` with its player range narrowed to the longest contiguous run of counts that deal
    (the lowest such run on a tie), and the mend saying why; None when that is not a fix. ``keep``:
    a player count the range must still contain (one asked of the sampler)."""
    if not problems or any(p.code != DEAL_CODE or p.players is None for p in problems):
        return None
    failing = {p.players for p in problems}
    counts = list(spec.players.counts())
    best: list[int] = []
    run: list[int] = []
    for n in counts:
        run = [] if n in failing else run + [n]
        if len(run) > len(best) and (keep is None or keep in run):
            best = list(run)
    if len(best) < MIN_COUNTS or len(best) == len(counts):
        return None
    draft = players_value(spec.players.min, spec.players.max)
    mended = players_value(best[0], best[-1])
    try:
        narrowed = with_values(spec, {PLAYERS: mended})
    except ValueError:
        return None
    if check_spec(narrowed):
        return None
    first = min(problems, key=lambda p: p.players or 0)
    dropped = [n for n in counts if n not in best]
    said = str(dropped[0]) if len(dropped) == 1 else ", ".join(map(str, dropped[:-1])) + f" or {dropped[-1]}"
    why = f"the deal does not fit with {said} players: with {first.players}, {first.message}"
    if len(why) > 300:
        why = why[:297] + "..."
    return narrowed, [Mend(field=PLAYERS, draft=draft, mended=mended, why=why)]


__all__ = ["DEAL_CODE", "narrow_players"]
