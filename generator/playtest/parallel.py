"""Running playtest games in this process, in local worker processes, or on a Dask cluster.

Work is cut into ``Task``s (a slice of game indices of one configuration at one player count);
``run_task`` plays a task's games and returns their summaries. Every game's seed comes from the
run's seed, the player count and the game's index, and every bot's seed from the game's seed
and its seat, so a task's result does not depend on where or in what order it runs, and the
executors return results in task order: the same seed gives the same report on one process, on
many, or on a cluster.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..engine import Game
from ..spec import GameSpec, spec_from_data
from .runner import PLAYTEST_MOVE_CAP, GameSummary, game_seed, play_one


@dataclass(frozen=True)
class Task:
    spec_json: str                      # the spec as JSON (compiled once per worker)
    players: int
    seed: int                           # the run's seed
    start: int                          # game indices [start, stop)
    stop: int
    lineup: tuple[str, ...] | None = None        # None: Tier-1 random self-play
    rotate: bool = False                # game i puts lineup[0] at seat i mod n (others as given)
    bot_options: tuple[tuple[str, Any], ...] = ()
    keep_records: bool = False
    audit: bool = True
    move_cap: int = PLAYTEST_MOVE_CAP
    tag: str = ""                       # which configuration the games belong to

    @property
    def games(self) -> int:
        return self.stop - self.start


def seat_lineup(lineup: Sequence[str], n: int, index: int, rotate: bool) -> list[str]:
    """The bots of game ``index``: with ``rotate``, the first bot sits at seat index mod n and the
    second bot fills the other seats, so each seat gets the first bot equally often."""
    if not rotate:
        return list(lineup)
    focus, other = lineup[0], lineup[1]
    seat = index % n
    return [focus if p == seat else other for p in range(n)]


_GAMES: dict[tuple[str, bool, int], Game] = {}


def _game(task: Task) -> Game:
    key = (task.spec_json, task.audit, task.move_cap)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) > 32:
            _GAMES.clear()
        spec = spec_from_data(__import__("json").loads(task.spec_json))
        game = _GAMES[key] = Game(spec, move_cap=task.move_cap, audit=task.audit)
    return game


def run_task(task: Task) -> list[GameSummary]:
    """Play the games of one task (in any process)."""
    game = _game(task)
    options = dict(task.bot_options)
    out = []
    for i in range(task.start, task.stop):
        lineup = None if task.lineup is None else seat_lineup(task.lineup, task.players, i, task.rotate)
        out.append(play_one(game, task.players, game_seed(task.seed, task.players, i), i, lineup,
                            options, task.keep_records))
    return out


def spec_json(spec: GameSpec) -> str:
    return spec.model_dump_json()


# -- executors ----------------------------------------------------------------------------------

Progress = Callable[[int], None]


class Executor:
    """Runs tasks and returns their results in task order."""

    workers = 1
    label = "1 process"

    def run(self, tasks: Sequence[Task], progress: Progress | None = None) -> list[list[GameSummary]]:
        results = []
        for t in tasks:
            results.append(run_task(t))
            if progress:
                progress(t.games)
        return results

    def close(self) -> None:
        pass

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class SerialExecutor(Executor):
    pass


class ProcessExecutor(Executor):
    """Local worker processes (forked on Linux: no start-up import cost)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.label = f"{workers} local processes"
        self._pool = None

    def _get(self):  # noqa: ANN202
        if self._pool is None:
            from ..workers import new_pool

            # workers that leave Ctrl-C to the parent and never outlive it (see generator.workers)
            self._pool = new_pool(self.workers)
        return self._pool

    def run(self, tasks: Sequence[Task], progress: Progress | None = None) -> list[list[GameSummary]]:
        if len(tasks) <= 1:
            return super().run(tasks, progress)
        from concurrent.futures import as_completed

        pool = self._get()
        futures = {pool.submit(run_task, t): i for i, t in enumerate(tasks)}
        results: list[Any] = [None] * len(tasks)
        for fut in as_completed(futures):
            i = futures[fut]
            results[i] = fut.result()
            if progress:
                progress(tasks[i].games)
        return results

    def close(self) -> None:
        """Shut the pool down; interrupted meanwhile, or closed after an error, end its workers."""
        if self._pool is not None:
            from ..workers import shut_down

            pool, self._pool = self._pool, None
            try:
                shut_down(pool)  # every task's result has been taken: nothing is left to wait for
            except BaseException:
                self._end(pool)
                raise

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is not None and self._pool is not None:  # interrupted or failed: do not wait for the tasks
            pool, self._pool = self._pool, None
            self._end(pool)
        self.close()

    @staticmethod
    def _end(pool: Any) -> None:
        from ..workers import end_workers

        end_workers(pool)


#: Seconds a Dask client waits for the scheduler to answer.
CONNECT_TIMEOUT = 10


class SchedulerUnreachable(OSError):
    """A Dask scheduler that cannot be reached or does not answer as one."""


class DaskExecutor(Executor):
    """A Dask distributed cluster: an existing scheduler's address, or a LocalCluster started here.

    The workers must be able to import ``generator`` (install Parlour on every machine).

    Interrupted, it stops without a word of its own: a cluster half started would be closed only
    at exit, with a traceback, so Ctrl-C and SIGTERM wait until it is up (a few seconds); a local
    cluster's workers log only what is fatal (closing a busy cluster makes each of them report
    every task cancelled and the scheduler gone), and the cluster's own logging is silenced
    before it is closed."""

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None,
                 processes: bool = True):
        import logging
        import multiprocessing

        from distributed import Client, LocalCluster

        from ..output import held_signals

        self._cluster = self._client = None
        self._processes: list[Any] = []   # the local cluster's worker processes
        before = set(multiprocessing.active_children())
        try:
            with held_signals():
                if scheduler:
                    try:   # a port that answers but is no Dask scheduler: said in seconds, not Dask's 30
                        self._client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT}s")
                    except Exception as exc:  # noqa: BLE001 - whatever went wrong, there is no scheduler to use
                        raise SchedulerUnreachable(f"cannot reach the Dask scheduler {scheduler}: no Dask "
                                                   "scheduler answered there") from None
                    self.label = f"Dask scheduler {scheduler}"
                else:
                    n = local_workers or os.cpu_count() or 1
                    # its workers speak only of what is fatal: a task cancelled or a scheduler gone as the cluster
                    # closes is not the user's concern (a task's own error reaches this process all the same)
                    self._cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                                                 dashboard_address=None, silence_logs=logging.CRITICAL)
                    self._client = Client(self._cluster)
                    self.label = f"Dask LocalCluster of {n} workers"
                self._processes = [p for p in multiprocessing.active_children() if p not in before]
            self.workers = max(1, len(self._client.scheduler_info().get("workers", {})) or (local_workers or 1))
        except BaseException:  # a signal held while the cluster started is delivered here
            self._abandon()
            raise

    def run(self, tasks: Sequence[Task], progress: Progress | None = None) -> list[list[GameSummary]]:
        from distributed import as_completed

        futures = self._client.map(run_task, list(tasks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[Any] = [None] * len(tasks)
        for fut in as_completed(futures):
            i = index[fut.key]
            results[i] = fut.result()
            if progress:
                progress(tasks[i].games)
        return results

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        """One task of any kind on the cluster (a draft to judge, say); its future."""
        return self._client.submit(fn, *args, pure=False)

    def close(self) -> None:
        try:
            self._client.close()
            if self._cluster is not None:
                self._cluster.close()
        except BaseException:
            self._abandon()
            raise

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is not None:  # interrupted or failed: stop at once, quietly
            self._abandon()
        else:
            self.close()

    def _abandon(self) -> None:
        """Stop at once and quietly: Dask's logging silenced, the client and the cluster closed
        (a remote scheduler keeps its workers), then any local worker still there ended."""
        from ..output import held_signals
        from ..workers import end_processes, quiet_dask

        with held_signals():
            quiet_dask()
            for part in (self._client, self._cluster):
                if part is not None:
                    try:
                        part.close(timeout=5)
                    except Exception:  # noqa: BLE001 - closing what may be half gone; the interruption matters
                        pass
            end_processes(self._processes)


def make_executor(workers: int | None = None, scheduler: str | None = None, dask_local: bool = False,
                  dask_processes: bool = True) -> Executor:
    """``workers`` local processes (None: all cores; 1: this process), or a Dask cluster."""
    if scheduler or dask_local:
        return DaskExecutor(scheduler, workers, processes=dask_processes)
    n = workers if workers is not None else (os.cpu_count() or 1)
    return SerialExecutor() if n <= 1 else ProcessExecutor(n)


def split(total_games: Iterable[tuple[Any, int, int]], chunk: int) -> list[tuple[Any, int, int]]:
    """Cut (key, start, stop) ranges into chunks of at most ``chunk`` games."""
    out = []
    for key, start, stop in total_games:
        for a in range(start, stop, max(1, chunk)):
            out.append((key, a, min(stop, a + chunk)))
    return out


__all__ = ["DaskExecutor", "SchedulerUnreachable", "Executor", "ProcessExecutor", "SerialExecutor", "Task", "make_executor", "run_task",
           "seat_lineup", "spec_json", "split"]
