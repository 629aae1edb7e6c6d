"""Variations: sibling rules of a game that passed, playtested too, for the rulebook's *Variations*
line ("Playtested too, and passed: play to 50 points for a shorter game").

A good rulebook tells a table what it may change and still have a game. A mend's draft value is no
such sibling — it is the value that did *not* work — so siblings are judged on their own: the
number that ends the game (a target or a threshold) a round step lower and a round step higher,
the kind of change a table makes first, each checked statically and given a small Tier-1 playtest
(a quarter of the game's own games a player count, at least 20). The siblings that pass are
kept as sentences. Only the shorter is playtested (``TRIED``): the longer costs the most and fails
the most. The cost is one small playtest a kept game, measured by ``benchmarks/example.py``;
``generate --playtest --variations`` asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..checks import check_spec
from ..mend.fields import with_values
from ..mend.knobs import round_numbers
from ..playtest import playtest
from ..spec import GameSpec

#: Siblings drawn for a game: one shorter, one longer.
SIBLINGS = 2
#: Siblings playtested for each game kept: the shorter only. A longer game costs most to simulate
#: and is the likelier to fail (TOO_LONG); measured on sampled games, trying both cost 1.2–2.1 times
#: the game's own playtest in matching and melding, the shorter alone about half of that.
TRIED = 1
#: Games a player count for a sibling's playtest: this share of the game's own, and at least MIN_GAMES.
SHARE, MIN_GAMES = 4, 20
FIELD = "ending.condition.points"


@dataclass(frozen=True)
class Sibling:
    value: int
    words: str        # the sibling rule in a player's words


def _ladder() -> list[int]:
    # Round numbers a table would pick: any to ten, then multiples of five.
    return sorted(v for v in round_numbers(10_001) if v <= 10 or v % 5 == 0)


def siblings(spec: GameSpec) -> list[Sibling]:
    """A round number below and one above the points that end the game (about two thirds and one
    and a half times), for a game that ends at a target or a threshold; none for other endings."""
    cond = spec.ending.condition
    if cond.kind not in ("target", "threshold"):
        return []
    points = cond.points
    ladder = _ladder()
    lower = [v for v in ladder if v <= points * 2 / 3 and v >= 2]
    higher = [v for v in ladder if v >= points * 3 / 2]
    out = []
    for value, how in ((lower[-1] if lower else None, "a shorter game"), (higher[0] if higher else None, "a longer game")):
        if value is None or value == points:
            continue
        if cond.kind == "target":
            words = f"play to {value} points instead of {points}, for {how}"
        else:
            words = f"play until a player falls to −{value} points instead of −{points}, for {how}"
        out.append(Sibling(value, words))
    return out[:SIBLINGS]


def variations(spec: GameSpec, games: int, seed: int = 0) -> list[str]:
    """The siblings of ``spec`` that pass a small Tier-1 playtest, as sentences (in order: shorter, longer)."""
    out = []
    for s in siblings(spec)[:TRIED]:
        try:
            sibling = with_values(spec, {FIELD: s.value})
        except Exception:   # a value the spec refuses is no sibling
            continue
        if check_spec(sibling):
            continue
        report = playtest(sibling, games=max(MIN_GAMES, games // SHARE), seed=seed, tier=1)
        if report.verdict == "pass":
            out.append(s.words)
    return out


def as_summary(sentences: list[str]) -> dict[str, Any]:
    """The ``summary`` of ``render_markdown`` that prints them (the Variations line)."""
    return {"variations": list(sentences)}


__all__ = ["Sibling", "as_summary", "siblings", "variations"]
