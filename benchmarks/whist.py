"""Whist hands per second: the engine against a plain-Python hand, and against an older engine.

Three ways of playing the same game (corpus/real/whist.yaml: four players, 52 cards, 13 each,
trumps the suit of the dealer's last card, the dealer's left leads, must follow suit, the winner
leads, a point a trick, first to 20, the deal passing left), every player choosing uniformly at
random, one hand at a time, shuffle and deal included:

* **batch path**: ``State.play_random(rnd, hands=1)``, the engine's fast path for self-play;
* **bot API**: ``legal_actions()``, ``observation(p)``, ``RandomBot.act`` and ``apply_action``,
  as a search bot or a human interface drives the engine;
* **plain Python**: the same hand written here with lists and ``random.choice`` and no engine,
  the yardstick the engine's overhead is measured against.

Targets (the "no loss of speed" issue): the batch path at least 0.6× the plain-Python hand and
at least 8,000 hands/s on one core, the bot API at least 0.4× the plain-Python hand.

``--baseline REF`` exports that commit's ``generator`` package with ``git archive`` and runs the
same functions against it, so an engine rewrite is compared with the engine before it on the
same machine in the same run. Each engine runs in its own worker process with ``PYTHONPATH``
set to its tree (so an editable install elsewhere is never picked up by mistake; the plain-Python
hand runs in the new engine's worker), one worker at a time, and the runs are interleaved (round r plays every variant once, in an order rotated by
r) so that other work on a shared machine slows every variant alike. Each run of a round uses
the same seed in every variant, so the old and new engines play exactly the same games; the
script checks that they made the same number of decisions. A rate is per second of the worker's
CPU time (one core; time the process spent waiting while other work ran does not count, and the
report says how much of the wall-clock time that was). Figures are medians over runs; a ratio is
the median of the per-round ratios (each pairs runs made close together in time).

With ``--instructions`` the same variants are counted in instructions instead of timed
(valgrind's callgrind, one worker run per variant with N hands minus one with none, so start-up
cancels out): slow, about three minutes, but other work on the machine does not disturb it.

Usage: python benchmarks/whist.py [--hands N] [--runs N] [--baseline REF] [--instructions]
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from timing import play_hands  # beside this script

ROOT = Path(__file__).resolve().parents[1]
SPEC = Path("corpus") / "real" / "whist.yaml"
PLAYERS = 4
#: Targets of the issue: (path, least fraction of the plain-Python hand's rate).
RATIO_TARGETS = {"batch": 0.6, "api": 0.4}
#: … and the batch path's least rate on one core.
BATCH_TARGET = 8_000
WARM_UP_HANDS = 500

# ---------------------------------------------------------------------------------------------
# The measured functions. They run in a worker process (``--worker``), where ``generator`` is
# whichever engine the worker's PYTHONPATH points at. Each returns (seconds, decisions).
# ---------------------------------------------------------------------------------------------


def run_batch(game: Any, hands: int, seed: int) -> tuple[float, int]:
    """Play `hands` hands one at a time on the batch path; return (seconds, decisions)."""
    return play_hands(game, PLAYERS, hands, seed)


def run_api(game: Any, hands: int, seed: int) -> tuple[float, int]:
    """The same through the bot API, as a search bot or a human interface would drive it."""
    from generator.bots import RandomBot

    bots = [RandomBot(seed + p) for p in range(PLAYERS)]
    done = decisions = 0
    start = time.perf_counter()
    state = game.new_initial_state(PLAYERS, seed)
    while done < hands:
        if state.terminal:
            state = game.new_initial_state(PLAYERS, seed * 1_000_003 + done)
        target = state.hand_no + 1
        while state.hand_no < target and not state.terminal:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            else:
                decisions += 1
                state.apply_action(bots[state.current].act(state.observation(state.current)))
        done += 1
    return time.perf_counter() - start, decisions


# The plain-Python hand. A card is an int 0..51: suit = card // 13, rank = card % 13 (0 is the
# two, 12 the ace: ace high), so within a suit the larger number wins.


def plain_hand(rng: random.Random, dealer: int, totals: list[int]) -> int:
    """One hand of whist with lists and ``random.choice``: shuffle, deal 13 each one at a time
    from the dealer's left, trumps the suit of the dealer's last card, the dealer's left leads,
    must follow suit, highest trump or else highest card of the led suit wins and leads next, a
    point per trick added to ``totals``. A forced card (one legal) draws no random number, as in
    the engine. Returns the number of decisions (plays with a choice)."""
    pack = list(range(52))
    rng.shuffle(pack)
    hands: list[list[int]] = [[], [], [], []]
    for k in range(PLAYERS):
        hands[(dealer + 1 + k) % PLAYERS] = pack[k::PLAYERS]
    trump = hands[dealer][-1] // 13
    tricks = [0] * PLAYERS
    leader = (dealer + 1) % PLAYERS
    decisions = 0
    for _ in range(13):
        led = best = best_seat = -1
        for i in range(PLAYERS):
            seat = (leader + i) % PLAYERS
            hand = hands[seat]
            if i == 0:
                legal = hand
            else:
                legal = [c for c in hand if c // 13 == led] or hand
            if len(legal) > 1:
                decisions += 1
                card = rng.choice(legal)
            else:
                card = legal[0]
            hand.remove(card)
            suit = card // 13
            if i == 0:
                led, best, best_seat = suit, card, seat
            elif suit == best // 13:
                if card > best:
                    best, best_seat = card, seat
            elif suit == trump:
                best, best_seat = card, seat
        tricks[best_seat] += 1
        leader = best_seat
    for p in range(PLAYERS):
        totals[p] += tricks[p]
    return decisions


def run_plain(_game: Any, hands: int, seed: int) -> tuple[float, int]:
    """`hands` plain-Python hands, in whole games as the engine plays them: the deal passes left,
    and at 20 points with a single leader the game ends and a new one starts (a tie plays on)."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    totals, dealer = [0] * PLAYERS, 0
    for _ in range(hands):
        decisions += plain_hand(rng, dealer, totals)
        top = max(totals)
        if top >= 20 and totals.count(top) == 1:
            totals, dealer = [0] * PLAYERS, 0
        else:
            dealer = (dealer + 1) % PLAYERS
    return time.perf_counter() - start, decisions


PATHS: dict[str, Callable[[Any, int, int], tuple[float, int]]] = {
    "batch": run_batch, "api": run_api, "plain": run_plain}


def worker(spec_path: Path) -> None:
    """Serve runs over stdin/stdout, one JSON line each way, until stdin closes. Everything a run
    needs is imported first, so a run with no hands costs what any run costs besides its hands."""
    import generator
    import generator.bots  # noqa: F401  (for run_api)
    from generator.engine import Game
    from generator.spec import load_spec

    game = Game(load_spec(spec_path))
    print(json.dumps({"generator": str(Path(generator.__file__).resolve().parent)}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        gc.collect()
        cpu = time.process_time()
        seconds, decisions = PATHS[req["path"]](game, req["hands"], req["seed"])
        cpu = time.process_time() - cpu
        print(json.dumps({"seconds": seconds, "cpu": cpu, "decisions": decisions}), flush=True)


# ---------------------------------------------------------------------------------------------
# The driver: workers, the interleaved schedule, and the report.
# ---------------------------------------------------------------------------------------------


def worker_command(tree: Path) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a worker whose ``generator`` comes from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")   # the same hashing in every run
    return [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree / SPEC)], env


def check_hello(tree: Path, line: str) -> None:
    found = Path(json.loads(line)["generator"])
    if found != (tree / "generator").resolve():
        raise SystemExit(f"the worker for {tree} imported generator from {found}")


class Worker:
    """A worker process whose ``generator`` comes from ``tree``."""

    def __init__(self, tree: Path):
        cmd, env = worker_command(tree)
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
        try:
            check_hello(tree, self._line())
        except SystemExit:
            self.close()
            raise

    def _line(self) -> str:
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise SystemExit(f"worker exited with code {self.proc.wait()}")
        return line

    def run(self, path: str, hands: int, seed: int) -> dict[str, float]:
        self.proc.stdin.write(json.dumps({"path": path, "hands": hands, "seed": seed}) + "\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        return json.loads(self._line())

    def close(self) -> None:
        self.proc.stdin.close()  # type: ignore[union-attr]
        self.proc.wait()


def count_instructions(tree: Path, path: str, hands: int, seed: int) -> int:
    """Instructions a worker run of ``hands`` hands executes (callgrind's total Ir)."""
    cmd, env = worker_command(tree)
    with tempfile.TemporaryDirectory(prefix="parlour-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
                              input=json.dumps({"path": path, "hands": hands, "seed": seed}) + "\n",
                              capture_output=True, text=True, env=env, cwd=tree)
        if done.returncode:
            raise SystemExit(f"valgrind failed ({done.returncode}):\n{done.stderr[-2000:]}")
        check_hello(tree, done.stdout.splitlines()[0])
        totals = [line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:"))]
        return int(totals[-1].split()[1])


@dataclass
class Variant:
    path: str       # batch, api or plain
    engine: str     # new, old, or "" for the plain-Python hand
    worker: Any     # a Worker, or the tree an --instructions run counts in
    runs: list[dict[str, float]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return {"batch": "batch path", "api": "bot API", "plain": "plain Python"}[self.path]

    def hands_per_s(self, hands: int) -> list[float]:
        return [hands / r["cpu"] for r in self.runs]

    def decisions_per_s(self) -> list[float]:
        return [r["decisions"] / r["cpu"] for r in self.runs]


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout.strip()


def export(ref: str, into: Path) -> str:
    """Export ``ref``'s engine and whist spec into ``into`` with git archive; return the short commit."""
    commit = git("rev-parse", "--short", f"{ref}^{{commit}}")
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "generator", str(SPEC)],
                         check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(into, filter="data")
    return commit


def describe_tree() -> str:
    head = git("rev-parse", "--short", "HEAD")
    dirty = git("status", "--porcelain", "--", "generator", str(SPEC))
    return f"this tree, HEAD {head}" + (" with uncommitted changes to generator/" if dirty else "")


def median_ratio(a: list[float], b: list[float]) -> float:
    return statistics.median(x / y for x, y in zip(a, b))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, help="hands per run (default 5,000; 1,000 with --instructions)")
    ap.add_argument("--runs", type=int, default=11, help="timed runs of each variant (default 11)")
    ap.add_argument("--baseline", metavar="REF", help="also measure the engine of this git commit (e.g. 9ffa89d)")
    ap.add_argument("--instructions", action="store_true", help="count instructions with callgrind instead of timing")
    ap.add_argument("--worker", metavar="SPEC", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker)
    if args.hands is None:
        args.hands = 1_000 if args.instructions else 5_000

    with tempfile.TemporaryDirectory(prefix="parlour-baseline-") as tmp:
        trees = {"new": ROOT}
        old_commit = None
        if args.baseline:
            old_commit = export(args.baseline, Path(tmp))
            if (Path(tmp) / SPEC).read_bytes() != (ROOT / SPEC).read_bytes():
                print(f"note: {SPEC} differs at {old_commit}; each engine plays its own copy")
            trees["old"] = Path(tmp)
        order = [("plain", "")] + [(path, engine) for path in ("batch", "api") for engine in trees]
        if args.instructions:
            variants = [Variant(path, engine, trees[engine or "new"]) for path, engine in order]
            count(variants, args.hands)
            return report_instructions(variants, args, old_commit)
        workers = {engine: Worker(tree) for engine, tree in trees.items()}
        variants = [Variant(path, engine, workers[engine or "new"]) for path, engine in order]
        try:
            for v in variants:
                v.worker.run(v.path, WARM_UP_HANDS, 99)
            for r in range(args.runs):
                k = r % len(variants)
                for v in variants[k:] + variants[:k]:
                    v.runs.append(v.worker.run(v.path, args.hands, r))
        finally:
            for w in workers.values():
                w.close()
    report(variants, args, old_commit)


def count(variants: list[Variant], hands: int) -> None:
    """Instructions per hand of each variant: a run of ``hands`` hands minus a run of none in the
    same tree (start-up, imports, compiling the game, the request itself)."""
    zero: dict[Path, int] = {}
    for v in variants:
        if v.worker not in zero:
            zero[v.worker] = count_instructions(v.worker, "plain", 0, 0)
        total = count_instructions(v.worker, v.path, hands, 0)
        v.runs.append({"instructions": (total - zero[v.worker]) / hands})


def header(title: str, old_commit: str | None) -> None:
    print(f"Whist, {PLAYERS} players, random play, one hand at a time (shuffle and deal included)")
    print(f"{title}; Python {platform.python_version()}")
    print(f"new engine: {describe_tree()}")
    if old_commit:
        print(f"old engine: commit {old_commit} (git archive)")
    print()


def report(variants: list[Variant], args: argparse.Namespace, old_commit: str | None) -> None:
    hands = args.hands
    by = {(v.path, v.engine): v for v in variants}
    plain = by[("plain", "")]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    header(f"median of {args.runs} runs of {hands:,} hands per variant, runs interleaved; "
           f"load average {load:.2f} at the end", old_commit)
    print(f"{'path':<13} {'engine':<7} {'hands/s':>9} {'decisions/s':>12}   {'× plain':>7}   runs: slowest-fastest")
    for v in variants:
        hps = v.hands_per_s(hands)
        rel = "" if v is plain else f"{median_ratio(hps, plain.hands_per_s(hands)):.2f}×"
        print(f"{v.label:<13} {v.engine or '-':<7} {statistics.median(hps):>9,.0f} "
              f"{statistics.median(v.decisions_per_s()):>12,.0f}   {rel:>7}   {min(hps):,.0f}-{max(hps):,.0f}")
    share = min(r["cpu"] / r["seconds"] for v in variants for r in v.runs)
    print(f"rates per CPU second; least CPU time / wall time of any run: {share:.0%} (well under 100%: other "
          f"work took the core, and shares its caches too)")

    if old_commit:
        print()
        print("new engine / old engine (median of the per-round ratios; 1.00× = no change):")
        for path in ("batch", "api"):
            n, o = by[(path, "new")], by[(path, "old")]
            same = [a["decisions"] for a in n.runs] == [b["decisions"] for b in o.runs]
            print(f"  {n.label:<11} {median_ratio(n.hands_per_s(hands), o.hands_per_s(hands)):.2f}×"
                  f"   (same games, by decision counts: {'yes' if same else 'NO'})")

    print()
    print("targets, new engine:")
    batch, api = by[("batch", "new")], by[("api", "new")]
    checks = [
        (f"batch path >= {RATIO_TARGETS['batch']}× plain Python",
         median_ratio(batch.hands_per_s(hands), plain.hands_per_s(hands)), RATIO_TARGETS["batch"], "{:.2f}×"),
        (f"batch path >= {BATCH_TARGET:,} hands/s", statistics.median(batch.hands_per_s(hands)), BATCH_TARGET,
         "{:,.0f}"),
        (f"bot API >= {RATIO_TARGETS['api']}× plain Python",
         median_ratio(api.hands_per_s(hands), plain.hands_per_s(hands)), RATIO_TARGETS["api"], "{:.2f}×"),
    ]
    for text, value, target, fmt in checks:
        print(f"  {text:<34} {fmt.format(value):>8}   {'PASS' if value >= target else 'FAIL'}")



def report_instructions(variants: list[Variant], args: argparse.Namespace, old_commit: str | None) -> None:
    """Instructions per hand; a speed ratio is the inverse ratio of instructions."""
    by = {(v.path, v.engine): v.runs[0]["instructions"] for v in variants}
    plain = by[("plain", "")]
    header(f"instructions per hand (callgrind, a run of {args.hands:,} hands minus a run of none)", old_commit)
    print(f"{'path':<13} {'engine':<7} {'instructions/hand':>17}   {'× plain':>7}")
    for v in variants:
        ins = by[(v.path, v.engine)]
        rel = "" if v.path == "plain" else f"{plain / ins:.2f}×"
        print(f"{v.label:<13} {v.engine or '-':<7} {ins:>17,.0f}   {rel:>7}")
    if old_commit:
        print()
        print("new engine / old engine, in speed (old instructions / new; 1.00× = no change):")
        for path, label in (("batch", "batch path"), ("api", "bot API")):
            print(f"  {label:<11} {by[(path, 'old')] / by[(path, 'new')]:.3f}×")
    print()
    print("targets, new engine (speed ratios from instruction counts):")
    for path, label in (("batch", "batch path"), ("api", "bot API")):
        value, target = plain / by[(path, "new")], RATIO_TARGETS[path]
        print(f"  {label + f' >= {target}× plain Python':<34} {value:>7.2f}×   {'PASS' if value >= target else 'FAIL'}")


if __name__ == "__main__":
    main()
