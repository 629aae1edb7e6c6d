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

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..mend import drop_dead, mend
from ..playtest import MAX_ROLLOUTS, ROLLOUTS, Report, games_played, playtest
from ..spec import GameSpec
from .variations import variations


#: The clock of a time budget (``Judges.judge_all``'s ``until``): seconds, never going back.
clock = time.monotonic


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
    #: Playtest siblings of a game that passes for its rulebook's Variations line (``variations``).
    variations: bool = False

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
    #: Sibling rules that passed a playtest of their own, in words (``judging.variations``).
    variations: list[str] = field(default_factory=list)

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


def judge(spec: GameSpec, options: JudgeOptions) -> Judged:
    """Playtest ``spec``; if it is rejected only for its length, mend it and judge the mended game.
    With ``options.variations``, a game that passes has its siblings playtested too."""
    judged = _judge(spec, options)
    if options.variations and judged.passed:
        judged.variations = variations(judged.spec, options.games, options.seed)
    return judged


def _judge(spec: GameSpec, options: JudgeOptions) -> Judged:
    judged = _judge_length(spec, options)
    if options.mend and judged.passed and any(w.code == "DEAD_TEXT" for w in judged.report.warnings):
        # Parlour prints only rules its simulator has played: a rule no game reached is taken out
        dropped = drop_dead(judged.spec, judged.report, options.playtest)
        if dropped is not None:
            return Judged(dropped.spec, dropped.report, draft_report=judged.draft_report or judged.report,
                          games=judged.games + dropped.games, notes=judged.notes + dropped.notes)
    return judged


def _judge_length(spec: GameSpec, options: JudgeOptions) -> Judged:
    report = options.playtest(spec)
    spent = games_played(report)
    if report.verdict == "pass" or not options.mend:
        return Judged(spec, report, games=spent)
    mended = mend(spec, report, options.playtest)
    if mended is None:
        return Judged(spec, report, games=spent)
    return Judged(mended.spec, mended.report, draft_report=report, games=spent + mended.games,
                  notes=list(mended.notes))


def _judge_task(args: tuple[GameSpec, JudgeOptions]) -> Judged:
    return judge(*args)


class Judges:
    """Where drafts are judged — this process, local worker processes or a Dask cluster — kept
    open for as many batches as the caller has: ``evolve`` judges a batch a generation through one,
    so its pool or cluster is started once, not once a generation. Left by an exception (an
    interruption above all), its workers are ended, not awaited."""

    def __init__(self, options: JudgeOptions, workers: int | None = 1, scheduler: str | None = None,
                 dask_local: bool = False):
        import os

        self.options = options
        self.workers = workers if workers is not None else (os.cpu_count() or 1)
        self._pool: Any = None
        self._dask: Any = None
        if scheduler or dask_local:
            from ..playtest.parallel import DaskExecutor

            self._dask = DaskExecutor(scheduler, workers)
            self.workers = max(1, self._dask.workers)

    def judge_all(self, specs: Iterable[GameSpec], until: float | None = None) -> Iterator[Judged]:
        """Judge ``specs`` (drawn lazily, so a caller may stop early) and yield the verdicts in their
        order, whatever the order they finish in. A few drafts are judged ahead of the one awaited;
        leaving the loop early ends the work still going on ahead.

        ``until`` (a time on ``clock``): no verdict is awaited past it; the verdicts in by then are
        yielded and the rest dropped. In this process a draft's judging is not cut: none starts
        past it."""
        if self._dask is None and self.workers <= 1:
            for spec in specs:
                if until is not None and clock() >= until:
                    return
                yield judge(spec, self.options)
            return
        submit = self._submitter()
        pending: deque[Any] = deque()
        it = iter(specs)
        try:
            for spec in it:
                pending.append(submit(spec))
                if len(pending) >= 2 * self.workers:
                    break
            while pending:
                if until is None:
                    result = pending[0].result()
                else:
                    try:
                        result = pending[0].result(timeout=max(0.0, until - clock()))
                    except TimeoutError:   # (the futures' own TimeoutError is this one since 3.11)
                        return
                pending.popleft()
                nxt = next(it, None)
                if nxt is not None:
                    pending.append(submit(nxt))
                yield result
        finally:
            if pending:  # stopped early (enough games, or interrupted): do not wait for the drafts ahead
                self._drop(pending)

    def _submitter(self) -> Callable[[GameSpec], Any]:
        if self._dask is not None:
            return lambda spec: self._dask.submit(_judge_task, (spec, self.options))
        if self._pool is None:  # the first batch, or the pool was ended by an early stop
            from ..workers import new_pool

            self._pool = new_pool(self.workers)
        pool = self._pool
        return lambda spec: pool.submit(_judge_task, (spec, self.options))

    def _drop(self, pending: deque[Any]) -> None:
        for future in pending:
            future.cancel()
        if self._pool is not None:  # running tasks cannot be cancelled: end the workers
            from ..workers import end_workers

            pool, self._pool = self._pool, None
            end_workers(pool)

    def __enter__(self) -> "Judges":
        return self

    def __exit__(self, *exc: Any) -> None:
        from ..workers import end_workers, shut_down

        pool, self._pool = self._pool, None
        if pool is not None:
            if exc[0] is not None:
                end_workers(pool)
            else:
                try:
                    shut_down(pool)
                except BaseException:
                    end_workers(pool)
                    raise
        if self._dask is not None:
            self._dask.__exit__(*exc)  # interrupted: its own quiet stop


def judge_all(specs: Iterable[GameSpec], options: JudgeOptions, workers: int | None = 1,
              scheduler: str | None = None, dask_local: bool = False) -> Iterator[Judged]:
    """One batch through ``Judges`` opened for it: ``workers`` local processes (None: every core),
    or a Dask cluster."""
    with Judges(options, workers, scheduler, dask_local) as judges:
        yield from judges.judge_all(specs)


__all__ = ["JudgeOptions", "Judged", "Judges", "judge", "judge_all"]
