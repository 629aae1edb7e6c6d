"""The length mend: a draft rejected only for its length, shortened by the numbers that set it.

``mend`` asks the evidence (``evidence.not_length``) whether length is all that is wrong, then asks
the knobs (``knobs.KNOBS``), in order, for a change predicted from the playtest's own games to bring
a typical game near half an hour at every player count it keeps. The changed game is judged again
like any other, with the same playtest options; if it is still too long (the predictions are
rough), the search goes once or twice more from the new games' estimates. The mended spec records
each change in its provenance — the field, the draft's value, the value kept, and the estimate
that chose it — and nothing else of it changes: the rules printed are simply its rules.

Everything here is a function of the draft and its report, so the same draft always gets the same
mend, on any worker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..checks import check_spec
from ..playtest import Report, games_played
from ..spec import GameSpec, Mend
from .evidence import estimates, not_length
from .fields import with_mends, with_values
from .knobs import KNOBS, Candidate, Knob

#: Playtests of changed games, at most, per draft: the first mend and up to two refinements.
MAX_JUDGEMENTS = 3
#: A change not predicted to fit is still tried if it is predicted to take at most this share of
#: the time the game takes now: a real step, which the next estimates can finish.
STEP = 0.75


@dataclass
class Mended:
    """A mended game: its spec (the mends in its provenance), its own playtest report (pass or
    reject), every game simulated to find and judge it, and notes for the run's log."""

    spec: GameSpec
    report: Report
    games: int
    notes: list[str] = field(default_factory=list)


def choose(spec: GameSpec, report: Report, knobs: list[Knob] | None = None) -> Candidate | None:
    """The change to try next: the first knob's candidate predicted to fit (passing the static
    checks); failing that, the candidate predicted shortest, if it is a real step (``STEP``)."""
    est = estimates(spec, report)
    if not est:
        return None
    now = longest(spec, report)
    step: Candidate | None = None
    for knob in KNOBS if knobs is None else knobs:
        if not knob.applies(spec):
            continue
        for cand in knob.candidates(spec, est):
            try:
                changed = with_values(spec, cand.changes)
            except ValueError:
                continue
            if check_spec(changed):
                continue
            if cand.inside:
                return cand
            if cand.worst <= STEP * now and (step is None or cand.worst < step.worst):
                step = cand
    return step


def longest(spec: GameSpec, report: Report) -> float:
    """The median table time at the slowest player count of a report."""
    return max((e.minutes for e in estimates(spec, report)), default=0.0)


def mend(spec: GameSpec, report: Report, play: Callable[[GameSpec], Report]) -> Mended | None:
    """Mend a draft rejected only for its length, or None (see the module's docstring); ``play``
    playtests a changed game as the draft was (the judge's options: ``judging.JudgeOptions``)."""
    if not_length(spec, report) is not None:
        return None
    current, judged = spec, report
    mends: list[Mend] = []
    notes: list[str] = []
    games = 0
    for _ in range(MAX_JUDGEMENTS):
        cand = choose(current, judged)
        if cand is None:
            break
        before = longest(current, judged)
        current = with_values(current, cand.changes)
        mends += cand.mends
        for m in cand.mends:
            notes.append(f"mended {m.field}: {m.draft} -> {m.mended} ({m.why})")
        judged = play(current)
        games += games_played(judged)
        if any(w.code == "ONE_HAND" for w in judged.warnings):
            # mending never makes a game decided in its first hand: the draft's rejection stands
            notes.append("the mended game was decided in its first hand in most games: not kept")
            return None
        if judged.verdict == "pass" or not_length(current, judged) is not None:
            break
        if longest(current, judged) > STEP * before:
            notes.append("the change did not shorten the game as predicted: the mend stops there")
            break
    if not mends:
        return None
    return Mended(with_mends(current, spec, mends), judged, games, notes)


__all__ = ["MAX_JUDGEMENTS", "Mended", "choose", "mend"]
