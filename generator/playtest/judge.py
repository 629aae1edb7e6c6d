"""Judging drafts: one draft's whole verdict in one task, many drafts side by side.

``generate --playtest`` and ``evolve`` ask the same question of many specs — does it pass, how good
is it — and both want the answer to a draft not to depend on the run around it. So a draft is
judged start to finish in one process (``judge``): its playtest (seed 0 of its own), and for a
draft rejected only for its length, the mend and the mended game's own playtest. ``judge_all``
runs many such tasks at once, one draft per worker, which keeps every core busy on short playtests
where cutting one playtest's games across workers would not; it yields the verdicts in draft
order whatever the order they finish in, so a run's output does not depend on its workers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..spec import GameSpec
from . import MAX_ROLLOUTS, ROLLOUTS, Report, playtest


@dataclass(frozen=True)
class JudgeOptions:
    """How a draft is judged: the playtest's budget and whether a draft too long may be mended."""

    tier: int = 1
    games: int = 200
    seed: int = 0
    tier2_games: int = 100
    rollouts: int = ROLLOUTS
    max_rollouts: int = MAX_ROLLOUTS
    mend: bool = True

    def playtest(self, spec: GameSpec) -> Report:
        """The playtest of one spec with these options, in this process."""
        return playtest(spec, games=self.games, seed=self.seed, tier=self.tier, tier2_games=self.tier2_games,
                        rollouts=self.rollouts, max_rollouts=self.max_rollouts)


@dataclass
class Judged:
    """A draft's verdict. ``spec`` is the game as it would be kept (the mended one when a mend was
    made, with the mend in its provenance) and ``report`` its playtest; ``draft_report`` is the
    draft's own rejection when a mend was tried, and ``games`` every game simulated for the draft."""

    spec: GameSpec
    report: Report
    draft_report: Report | None = None
    games: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.report.verdict == "pass"

    @property
    def mended(self) -> bool:
        """A mend was made (whether or not the mended game then passed)."""
        return self.draft_report is not None

    @property
    def quality(self) -> float | None:
        q = self.report.quality()
        return None if q is None else q["score"]


def games_played(report: Report) -> int:
    """Every game a playtest simulated, Tier 1 and Tier 2: the budget it spent."""
    n = sum(len(c.games) for c in report.counts)
    for t in report.tier2 or []:
        n += sum(len(g) for g in t.games.values())
    return n


def judge(spec: GameSpec, options: JudgeOptions) -> Judged:
    """Playtest ``spec``; if it is rejected only for its length, mend it and judge the mended game."""
    report = options.playtest(spec)
    spent = games_played(report)
    if report.verdict == "pass" or not options.mend:
        return Judged(spec, report, games=spent)
    from ..mend import mend

    mended = mend(spec, report, options)
    if mended is None:
        return Judged(spec, report, games=spent)
    return Judged(mended.spec, mended.report, draft_report=report, games=spent + mended.games,
                  notes=list(mended.notes))


def _judge_task(args: tuple[GameSpec, JudgeOptions]) -> Judged:
    return judge(*args)


def judge_all(specs: Iterable[GameSpec], options: JudgeOptions, workers: int | None = 1,
              scheduler: str | None = None, dask_local: bool = False) -> Iterator[Judged]:
    """Judge ``specs`` (drawn lazily, so a caller may stop early) and yield the verdicts in their
    order. ``workers`` local processes (None: every core), or a Dask cluster. A few drafts are
    judged ahead of the one awaited; leaving the loop early ends the workers still judging."""
    import os

    if scheduler or dask_local:
        yield from _on_dask(specs, options, workers, scheduler)
        return
    n = workers if workers is not None else (os.cpu_count() or 1)
    if n <= 1:
        for spec in specs:
            yield judge(spec, options)
        return
    from ..workers import end_workers, process_pool

    with process_pool(n) as pool:
        pending: deque[Any] = deque()
        it = iter(specs)
        try:
            for spec in it:
                pending.append(pool.submit(_judge_task, (spec, options)))
                if len(pending) >= 2 * n:
                    break
            while pending:
                result = pending.popleft().result()
                nxt = next(it, None)
                if nxt is not None:
                    pending.append(pool.submit(_judge_task, (nxt, options)))
                yield result
        finally:
            if pending:  # stopped early (enough games, or interrupted): do not wait for the drafts ahead
                end_workers(pool)


def _on_dask(specs: Iterable[GameSpec], options: JudgeOptions, workers: int | None,
             scheduler: str | None) -> Iterator[Judged]:
    from .parallel import DaskExecutor

    ex = DaskExecutor(scheduler, workers)
    try:
        client = ex._client
        pending: deque[Any] = deque()
        it = iter(specs)
        ahead = 2 * max(1, ex.workers)
        for spec in it:
            pending.append(client.submit(_judge_task, (spec, options), pure=False))
            if len(pending) >= ahead:
                break
        while pending:
            result = pending.popleft().result()
            nxt = next(it, None)
            if nxt is not None:
                pending.append(client.submit(_judge_task, (nxt, options), pure=False))
            yield result
        for fut in pending:
            fut.cancel()
    finally:
        ex.close()


__all__ = ["JudgeOptions", "Judged", "games_played", "judge", "judge_all"]
