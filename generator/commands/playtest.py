"""`parlour playtest`: play games many times and judge them (docs/playtest-metrics.md)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

import click

from .common import InputError, batch_failed, check_clashes, check_writable, load_batch, write_file

TIER1_BOTS = ("random", "greedy", "strong", "highest", "lowest", "greedy-points")


#: Seconds to wait for a Dask scheduler to answer before saying it cannot be reached (Dask's own
#: client would wait 30 s in silence).
SCHEDULER_TIMEOUT = 5.0
#: The transports a scheduler address may name (Dask's own over TCP; none needs more than a host and port).
SCHEDULER_SCHEMES = ("tcp", "tls", "ws", "wss")


def scheduler_host_port(address: str) -> tuple[str, int]:
    """The host and port of a Dask scheduler's address (``[tcp://]host:port``, an IPv6 host in
    brackets); a ValueError saying what is wrong with it otherwise."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    if scheme not in SCHEDULER_SCHEMES:
        raise ValueError(f"unknown transport {scheme!r} (give {' or '.join(SCHEDULER_SCHEMES)})")
    if rest.startswith("["):
        host, bracket, tail = rest[1:].partition("]")
        if not bracket or not tail.startswith(":"):
            raise ValueError("an IPv6 host goes in brackets followed by its port, e.g. tcp://[::1]:8786")
        port = tail[1:]
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            raise ValueError("no port (e.g. tcp://host:8786)")
    if not host or any(c.isspace() or c in "/[]" for c in host):
        raise ValueError("no host name (e.g. tcp://host:8786)" if not host else f"{host!r} is not a host name")
    if not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port (a number from 1 to 65535)")
    return host, int(port)


def check_executor(scheduler: str | None, dask_local: bool, timeout: float = SCHEDULER_TIMEOUT) -> None:
    """Refuse (exit 2, before any work) --scheduler with --dask-local, a scheduler address that is
    not one, and a scheduler that does not answer within ``timeout`` seconds."""
    import socket

    if scheduler is None:
        return
    if dask_local:
        raise InputError("--scheduler and --dask-local: give one of them (--dask-local starts a cluster here, "
                         "--scheduler uses one already running)")
    try:
        host, port = scheduler_host_port(scheduler)
    except ValueError as exc:
        raise InputError(f"--scheduler: {scheduler!r} is not a Dask scheduler's address: {exc}") from None
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except socket.timeout:
        raise InputError(f"--scheduler: cannot reach the Dask scheduler {scheduler}: no answer within "
                         f"{timeout:g} s") from None
    except OSError as exc:
        raise InputError(f"--scheduler: cannot reach the Dask scheduler {scheduler}: "
                         f"{exc.strerror or exc.__class__.__name__}") from None


def executor_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """--workers, --scheduler and --dask-local (playtest, generate --playtest, evolve), checked
    before the command starts any work (``check_executor``)."""
    import functools

    command = f

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        check_executor(kwargs.get("scheduler"), bool(kwargs.get("dask_local")))
        return command(*args, **kwargs)

    f = checked
    f = click.option("--dask-local", is_flag=True,
                     help="Run on a Dask LocalCluster started here (one worker per --workers, default all cores).")(f)
    f = click.option("--scheduler", metavar="ADDRESS", default=None,
                     help="Run on a Dask distributed cluster (e.g. tcp://host:8786); its workers need Parlour installed.")(f)
    f = click.option("--workers", type=click.IntRange(1, 1024), default=None,
                     help="Local worker processes (default: all cores; 1 runs in this process). "
                          "Results do not depend on it.")(f)
    return f


def make_executor(workers: int | None, scheduler: str | None, dask_local: bool):
    from ..playtest.parallel import make_executor as make

    try:
        return make(workers, scheduler, dask_local)
    except ImportError as exc:  # pragma: no cover - dask is a dependency
        raise InputError(f"the Dask backend needs the 'distributed' package ({exc})") from None
    except OSError as exc:   # SchedulerUnreachable among them
        raise InputError(f"--scheduler: {exc}") from None


class ProgressBar:
    """A progress bar on standard error for long runs (only on a terminal; never in --json output)."""

    def __init__(self, label: str, enabled: bool = True, after: float = 1.0):
        self.bar = None
        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.monotonic() + after

    def __call__(self, done: int, planned: int) -> None:
        if not self.enabled or time.monotonic() < self.start:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=planned, desc=self.label, unit="game", file=sys.stderr, leave=False)
        self.bar.total = planned
        self.bar.n = done
        self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--tier", type=click.IntRange(1, 2), default=1, show_default=True,
              help="1: random self-play; 2: also strong bots (seat bias, luck, dominant strategies …).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="Tier-1 games at each player count (more when a metric is close to its threshold).")
@click.option("--max-games", type=click.IntRange(1, 10_000_000), default=None,
              help="Most Tier-1 games at a player count when escalating  [default: 4 × --games]")
@click.option("--tier2-games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="Games per Tier-2 configuration (doubled once when a metric is close).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only this player count.")
@click.option("--bot", type=click.Choice(TIER1_BOTS), default="greedy", show_default=True,
              help="Tier 1's sensible players, at every seat: they measure length, pace and whether the game "
                   "ends, beside random players who judge robustness ('random' alone judges everything).")
@click.option("--rollouts", type=click.IntRange(1, 1000), default=None,
              help="Strong bot: rollouts per legal action  [default: 4]")
@click.option("--max-rollouts", type=click.IntRange(2, 100_000), default=None,
              help="Strong bot: most rollouts per decision  [default: 24]")
@executor_options
@click.option("--records", type=click.Path(dir_okay=False), default=None,
              help="Write one JSON line per Tier-1 game to this file.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the report as JSON (docs/playtest-report.schema.json); a list for several files.")
@click.option("--force", is_flag=True, help="Replace the records file if it exists.")
def playtest(files: tuple[str, ...], tier: int, games: int, max_games: int | None, tier2_games: int, seed: int,
             players: int | None, bot: str, rollouts: int | None, max_rollouts: int | None, workers: int | None,
             scheduler: str | None, dask_local: bool, records: str | None, as_json: bool, force: bool) -> None:
    """Play each game many times with bots and judge it: a verdict (pass, or reject with reasons)
    and every metric with its 95% interval. Exit 1 if any game is rejected; a file that cannot
    be playtested is named and skipped, the others are played, and the command exits 2."""
    from ..playtest import MAX_ROLLOUTS, ROLLOUTS
    from ..playtest import playtest as run
    from ..playtest.report import format_report

    specs, bad = load_batch(files)
    for f, spec in list(specs):
        if players is not None and players not in spec.players.counts():
            error = InputError(f"{f}: players: {spec.naming.name} is {spec.players.phrase()}, not {players}")
            if len(files) == 1:
                raise error
            error.show()
            specs.remove((f, spec))
            bad.append(f)
    if records:
        check_clashes([Path(records)], force)
        check_writable(Path(records))
    lines: list[str] = []
    sink = (lambda rec: lines.append(json.dumps(rec, ensure_ascii=False))) if records else None
    reports = []
    texts = []
    with make_executor(workers, scheduler, dask_local) as ex:
        for f, spec in specs:
            bar = ProgressBar(Path(f).name)
            start = time.perf_counter()
            try:
                report = run(spec, games=games, seed=seed, players=[players] if players else None, bot=bot,
                             record_sink=sink, tier=tier, max_games=max_games, tier2_games=tier2_games,
                             rollouts=rollouts or ROLLOUTS, max_rollouts=max_rollouts or MAX_ROLLOUTS,
                             executor=ex, progress=bar)
            finally:
                bar.close()
            secs = time.perf_counter() - start
            reports.append(report)
            texts.append(format_report(report, secs, path=f))
    if records:
        write_file(Path(records), "\n".join(lines) + "\n", force=True)
    if as_json:
        data = [r.as_dict() for r in reports]
        click.echo(json.dumps(data[0] if len(files) == 1 else data, ensure_ascii=False, indent=2))
    elif texts:
        click.echo("\n\n".join(texts))
    batch_failed(bad, len(files), "not playtested")
    if any(r.verdict != "pass" for r in reports):
        sys.exit(1)
