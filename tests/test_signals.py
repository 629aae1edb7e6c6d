"""Stopping is clean: a run with worker processes, stopped by Ctrl-C or SIGTERM, ends every worker
(none left running, none left a zombie), leaves no half-written or temporary file, and exits 130 or
143 with one line. Real runs in real subprocesses, stopped by real signals once their workers are
at work; and a run killed outright (SIGKILL, which it cannot catch) still leaves no worker.

The plain ``generate`` (no workers) stopped by a signal is in test_bad_output.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, WHIST

#: A playtest that keeps two workers busy for far longer than a test waits: random players alone
#: play every game asked for (sensible players stop at a pilot of 50 games when the verdict is
#: clear, and a short run could end before its workers were seen at work).
LONG_PLAYTEST = ("playtest", str(WHIST), "--bot", "random", "--games", "100000")

WORDS = {signal.SIGINT: "interrupted (Ctrl-C)", signal.SIGTERM: "terminated (SIGTERM)"}


def _as_from_a_terminal() -> None:
    """A child inherits an ignored SIGINT (a test runner's worker may ignore it), and Python then
    never raises KeyboardInterrupt; give the run the default a terminal would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``: their ids and start times (a start time tells a
    process from a later one given the same id)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found[int(entry.name)] = fields[19]
    return found


def _state(pid: int, started: str) -> str | None:
    """The process's state letter (``Z`` for a zombie), or None once it is gone."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0] if fields[19] == started else None


def _cpu_ticks(pid: int) -> int:
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


PARLOUR = "from generator.cli import main; main()"


class Run:
    """A parlour command (or other Python ``code``) in a subprocess of its own session, so that a
    signal can go to its whole process group."""

    def __init__(self, cwd: Path, *args: str, code: str = PARLOUR):
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args],
                                     cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=_as_from_a_terminal, start_new_session=True)
        self.workers: dict[int, str] = {}

    def wait_for_busy_workers(self, n: int = 2, timeout: float = 60) -> None:
        """Until ``n`` worker processes exist and each has played for a moment (so the signal comes
        while the parent waits on them)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"the run ended before its workers were busy: {self.proc.communicate()}")
            self.workers.update(_children(self.proc.pid))
            busy = [p for p in self.workers if _cpu_ticks(p) >= 5]
            if len(self.workers) >= n and len(busy) >= n:
                return
            time.sleep(0.02)
        self.stop()
        pytest.fail(f"no {n} busy workers within {timeout} s")

    def signal(self, sig: int, group: bool = False) -> tuple[int, str]:
        self.workers.update(_children(self.proc.pid))
        if group:
            os.killpg(self.proc.pid, sig)
        else:
            self.proc.send_signal(sig)
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.stop()
            pytest.fail(f"the run did not stop within 30 s of signal {sig}")
        return self.proc.returncode, err

    def stop(self) -> None:
        """Kill whatever is left of the run's process group (the run itself, or workers that a
        failing run left behind), so that a failure leaves nothing running either."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.proc.returncode is None:
            self.proc.communicate()

    def workers_left(self, zombies_too: bool = True) -> dict[int, str | None]:
        left = {p: _state(p, t) for p, t in self.workers.items()}
        return {p: s for p, s in left.items() if s is not None and (zombies_too or s != "Z")}

    def workers_left_after(self, seconds: float) -> dict[int, str | None]:
        """The children still running (zombies aside: they wait only for the system to collect
        them) once they have had ``seconds`` to go."""
        deadline = time.monotonic() + seconds
        while self.workers_left(zombies_too=False) and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.workers_left(zombies_too=False)


@pytest.fixture
def start(tmp_path):
    """Start runs; after the test, kill what is left of each (nothing, when the test passes)."""
    runs: list[Run] = []

    def begin(*args: str, code: str = PARLOUR) -> Run:
        runs.append(Run(tmp_path, *args, code=code))
        return runs[-1]
    yield begin
    for run in runs:
        run.stop()


def _one_line(err: str, sig: int) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"parlour: {WORDS[sig]}"), err
    return lines[0]


def _no_partial_files(folder: Path) -> None:
    leftovers = [p for p in folder.rglob("*") if p.name.endswith(".tmp") or p.name.startswith(".")]
    assert leftovers == []


@pytest.mark.slow
@pytest.mark.parametrize("sig, group", [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGTERM, True)],
                         ids=["SIGTERM", "SIGINT", "SIGTERM-to-the-group"])
def test_generate_with_playtest_workers_stops_cleanly(tmp_path, start, sig, group):
    out = tmp_path / "out"
    run = start("generate", "--count", "20", "--playtest", "--workers", "2", "--out", str(out))
    run.wait_for_busy_workers()
    code, err = run.signal(sig, group=group)
    assert code == 128 + sig, err
    assert " of 20 games kept and written to " in _one_line(err, sig)
    assert len(run.workers) >= 2 and run.workers_left() == {}
    if out.exists():
        _no_partial_files(out)
        kept, rejected = out, out / "rejected"
        assert {p.stem for p in kept.glob("*.yaml")} == {p.stem for p in kept.glob("*.md")}
        assert ({p.stem for p in rejected.glob("*.yaml")}
                == {p.name.removesuffix(".reasons.txt") for p in rejected.glob("*.reasons.txt")})


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_playtest_workers_stop_cleanly(tmp_path, start, sig):
    records = tmp_path / "records.jsonl"
    run = start(*LONG_PLAYTEST, "--workers", "2", "--records", str(records))
    run.wait_for_busy_workers()
    code, err = run.signal(sig)
    assert code == 128 + sig, err
    _one_line(err, sig)
    assert run.workers_left() == {}
    assert not records.exists()
    _no_partial_files(tmp_path)


def test_book_workers_stop_cleanly(tmp_path, start):
    """A book's playtests run in a pool of their own: stopped, no book and no part of one."""
    book = tmp_path / "games.pdf"
    # the specs alone, without the playtest reports saved beside them: a book reuses a saved report,
    # and every game here must be played for the workers to be at work
    games = tmp_path / "games"
    games.mkdir()
    specs = []
    for p in sorted((ROOT / "corpus" / "real").glob("*.yaml")):
        (games / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
        specs.append(str(games / p.name))
    run = start("book", *specs, "--games", "1000", "--jobs", "2", "--out", str(book))
    run.wait_for_busy_workers()
    code, err = run.signal(signal.SIGTERM)
    assert code == 143, err
    assert _one_line(err, signal.SIGTERM).endswith(f"{book} not written")
    assert run.workers_left() == {}
    assert not book.exists()
    _no_partial_files(tmp_path)


@pytest.mark.slow
def test_a_dask_cluster_stops_quietly(tmp_path, start):
    """A local Dask cluster's workers are ended too, and neither they nor Dask say a word about the
    tasks cancelled. (Python's resource tracker, a child that a cluster starts, leaves only after
    its parent has: it is given a moment, and its zombie is the system's to collect.)"""
    records = tmp_path / "records.jsonl"
    run = start(*LONG_PLAYTEST, "--dask-local", "--workers", "2", "--records", str(records))
    run.wait_for_busy_workers()
    code, err = run.signal(signal.SIGTERM)
    assert code == 143, err
    # the line is the last word; a loaded machine may have Dask warn of a slow event loop before it
    lines = err.strip().splitlines()
    assert lines[-1] == f"parlour: {WORDS[signal.SIGTERM]}", err
    assert not [x for x in lines if "Traceback" in x or "cancelled" in x.lower() or "ERROR" in x], err
    assert run.workers_left_after(seconds=10) == {}   # the tracker's own clean-up takes a moment
    assert not records.exists()


def test_workers_do_not_outlive_a_killed_run(start):
    """SIGKILL gives the run no chance to clean up; its workers go with it all the same (a zombie
    waits only for the system to collect it)."""
    run = start(*LONG_PLAYTEST, "--workers", "2")
    run.wait_for_busy_workers()
    os.kill(run.proc.pid, signal.SIGKILL)
    run.proc.communicate(timeout=30)
    assert run.workers_left_after(seconds=10) == {}


POOL_SHUTTING_DOWN = """
import time
from generator.commands.interrupt import sigterm_raises
from generator.workers import process_pool

def spin(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    open("finished", "a").close()   # a task that ran to its end leaves this file

with sigterm_raises():
    with process_pool(2) as pool:
        for _ in range(4):
            pool.submit(spin, 120)
    # the block is left without waiting on the tasks: the pool's shut-down waits for them
"""


def test_a_pool_stopped_while_shutting_down_ends_its_workers(start, tmp_path):
    """The signal comes while the pool waits for its tasks to finish on the way out of its block."""
    run = start(code=POOL_SHUTTING_DOWN)
    run.wait_for_busy_workers()
    code, err = run.signal(signal.SIGTERM)
    assert code != 0 and "Terminated" in err          # no command line around it: the exception itself
    assert not (tmp_path / "finished").exists()       # the tasks' two minutes were not waited for
    assert run.workers_left() == {}


def test_a_sigterm_lost_in_a_finalizer_is_delivered_again():
    """SIGTERM landing while a finalizer runs raises Terminated there, where Python only reports
    it; the command must stop all the same (an evolve run once ran on past its SIGTERM so)."""
    from generator.commands.interrupt import Terminated, sigterm_raises

    class Dropper:
        def __del__(self):
            raise Terminated()   # as the handler does when the signal lands in a finalizer

    with pytest.raises(Terminated):
        with sigterm_raises():
            Dropper()
            for _ in range(10_000_000):   # the signal sent again lands here
                pass
