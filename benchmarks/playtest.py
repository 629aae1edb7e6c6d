"""Playtest speed, scaling, bot strength and the calibration games' reference values.

Prints, on this machine, in one run (so that speed and strength are always seen together):

1. Tier 1 on a typical trick-taking variant (benchmarks/typical-variant.yaml: 200 games at each
   of 2, 3 and 4 players) with 1 and with 2 workers (target: under 5 s);
2. Tier 1 + Tier 2 on the same variant with 2 workers (target: under 30 s on two free cores),
   with its CPU seconds, the verdict and Order at each player count;
3. the strong bot's head-to-head score in the same variant: one strong bot among greedy bots, its
   seat rotating, the share of the other players it finishes ahead of (ties half), with a 95%
   interval (an even share is 50%);
4. throughput with 1 and 2 workers (Tier-1 games/s, and strong-bot games/s);
5. the strong bot against random bots in whist (one strong bot, its seat rotating, among three
   random bots): its win rate with a 95% interval, and Order;
6. with --before REV: Tier 1 + Tier 2 of the typical variant timed with the code of git revision
   REV (exported into a temporary folder and run with this Python) and with the working tree,
   alternately, --repeat times each, each in a fresh process: the medians of wall time and CPU,
   their ratio, and whether the verdicts agree and each new Order lies in the old one's interval;
7. with --calibration: Tier 1 + Tier 2 for Whist, Hearts and Oh Hell (corpus/real/), as a
   Markdown table of their metric values (the reference ranges in docs/measurements.md).

The machine's load average is printed first (and before each timed run of --before): other work
on the machine slows every figure; the ratios and CPU seconds carry over from a busy machine.
Usage: python benchmarks/playtest.py [--before REV] [--repeat N] [--calibration] [--skip-tier2]
       [--skip-throughput] [--whist-games N] [--h2h-games N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.playtest import Tier2Count, playtest
from generator.playtest.parallel import make_executor
from generator.playtest.stats import wilson
from generator.spec import load_spec

ROOT = Path(__file__).resolve().parents[1]
TYPICAL = ROOT / "benchmarks" / "typical-variant.yaml"
REAL = ROOT / "corpus" / "real"


def cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn):  # noqa: ANN001, ANN201
    wall, used = time.perf_counter(), cpu()
    result = fn()
    return result, time.perf_counter() - wall, cpu() - used


def run(spec, workers: int, **kw):  # noqa: ANN001, ANN201
    with make_executor(workers) as ex:
        return playtest(spec, executor=ex, **kw)


def _spin(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i
    return s


def effective_cores() -> float:
    """How many cores this machine gives us now: the same pure-Python work on 1 and on 2 processes."""
    from concurrent.futures import ProcessPoolExecutor

    n = 5_000_000
    start = time.perf_counter()
    _spin(n)
    one = time.perf_counter() - start
    with ProcessPoolExecutor(2) as ex:
        start = time.perf_counter()
        list(ex.map(_spin, [n, n]))
        two = time.perf_counter() - start
    return 2 * one / two


def tier1(spec, workers: int) -> tuple[float, int]:  # noqa: ANN001
    report, wall, _ = timed(lambda: run(spec, workers, games=200, seed=0))
    return wall, sum(len(c.games) for c in report.counts)


def batch(workers: int, games: int, lineup: tuple[str, str] | None, per_task: int) -> float:
    """Games per second for a fixed batch at 3 players, played through the executor."""
    from generator.playtest.parallel import Task, spec_json

    spec = load_spec(TYPICAL)
    tasks = [Task(spec_json(spec), 3, 0, a, min(games, a + per_task), lineup, True,
                  (("max_rollouts", 24), ("rollouts", 4)), False, lineup is None) for a in range(0, games, per_task)]
    with make_executor(workers) as ex:
        ex.run(tasks[:1])   # start the workers before the clock
        _, wall, _ = timed(lambda: ex.run(tasks))
    return games / wall


def strong_vs_random(games: int, workers: int) -> tuple[int, int]:
    from generator.playtest.parallel import Task, spec_json

    spec = load_spec(REAL / "whist-classic.yaml")
    tasks = [Task(spec_json(spec), 4, 77, a, min(games, a + 10), ("strong", "random"), True,
                  (("max_rollouts", 24), ("rollouts", 4)), False, False) for a in range(0, games, 10)]
    with make_executor(workers) as ex:
        results = [g for chunk in ex.run(tasks) for g in chunk]
    return sum(1 for g in results if g.winner == g.index % 4), len(results)


def head_to_head(games: int, workers: int, players: int = 3) -> tuple[float, int]:
    """One strong bot among greedy bots in the typical variant, its seat rotating: the sum over
    games of the share of the other seats it finished ahead of (a tie counts half), and the games."""
    from generator.playtest.parallel import Task, spec_json

    spec = load_spec(TYPICAL)
    tasks = [Task(spec_json(spec), players, 11, a, min(games, a + 4), ("strong", "greedy"), True,
                  (("max_rollouts", 24), ("rollouts", 4)), False, False, tag="h2h") for a in range(0, games, 4)]
    with make_executor(workers) as ex:
        results = [g for chunk in ex.run(tasks) for g in chunk]
    t = Tier2Count(players, {"h2h": ("strong", "greedy")}, {"h2h": results})
    return t.head_to_head("h2h")


# The timed Tier 1 + Tier 2 of --before: the same few lines run on either tree, through the API
# both have (playtest, make_executor, load_spec), in a fresh process, printing one JSON line.
CHILD = r"""
import json, resource, sys, time
from generator.spec import load_spec
from generator.playtest import playtest
from generator.playtest.parallel import make_executor

def cpu():
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

spec = load_spec(sys.argv[1])
wall, used = time.perf_counter(), cpu()
with make_executor(int(sys.argv[2])) as ex:
    r = playtest(spec, games=200, seed=0, tier=2, executor=ex)
wall, used = time.perf_counter() - wall, cpu() - used
order, games = {}, {}
for t in r.tier2 or []:
    d = t.as_dict()
    order[t.players] = [d["order"]["value"]] + d["order"]["interval"] + [d["order"]["n"]]
    games[t.players] = d["games"]
print(json.dumps({"wall": wall, "cpu": used, "verdict": r.verdict, "reasons": sorted({x.code for x in r.reasons}),
                  "order": order, "games": games}))
"""


def strong_seat_games(games: dict) -> int:
    """Tier-2 work that does not depend on the machine: games times the strong bots at the table
    (strong everywhere: n; a trivial policy among strong bots: n - 1; one strong bot: 1)."""
    total = 0
    for n, per in games.items():
        n = int(n)
        for tag, k in per.items():
            total += k * (n if tag == "strong" else n - 1 if tag.startswith("dominance:") else 1)
    return total


def timed_child(tree: Path, workers: int) -> dict:
    """Tier 1 + Tier 2 of the typical variant with the code in ``tree``, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, str(TYPICAL), str(workers)], cwd=tree, env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the timed run in {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def before_after(rev: str, repeat: int, workers: int) -> None:
    """Time Tier 1 + Tier 2 with revision ``rev`` and with the working tree, alternately."""
    with tempfile.TemporaryDirectory(prefix="parlour-before-") as tmp:
        old_tree = Path(tmp)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old_tree)], input=archive, check=True)
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for i in range(repeat):
            for label, tree in ((("before", old_tree), ("after", ROOT)) if i % 2 == 0
                                else (("after", ROOT), ("before", old_tree))):
                load = os.getloadavg()[0]
                r = timed_child(tree, workers)
                runs[label].append(r)
                print(f"  {label:6} run {i + 1}: {r['wall']:6.1f} s wall, {r['cpu']:6.1f} s CPU, {r['verdict']}"
                      f"  (load average {load:.2f})", flush=True)
    med = {k: (statistics.median(x["wall"] for x in v), statistics.median(x["cpu"] for x in v)) for k, v in runs.items()}
    (bw, bc), (aw, ac) = med["before"], med["after"]
    print(f"Tier 1 + Tier 2, {workers} workers, median of {repeat}: before ({rev}) {bw:.1f} s wall, {bc:.1f} s CPU; "
          f"after {aw:.1f} s wall, {ac:.1f} s CPU; wall {bw / aw:.2f}× faster, CPU {bc / ac:.2f}× less")
    old, new = runs["before"][0], runs["after"][0]
    if old.get("games") and new.get("games"):
        so, sn = strong_seat_games(old["games"]), strong_seat_games(new["games"])
        print(f"Tier-2 games × strong bots at the table: before {so:,}, after {sn:,} ({so / sn:.2f}× less simulation)")
        for n in sorted(new["games"], key=int):
            print(f"  {n} players: games before {old['games'].get(n)}, after {new['games'][n]}")
    same = old["verdict"] == new["verdict"]
    print(f"verdict before {old['verdict']} {old['reasons'] or ''}, after {new['verdict']} {new['reasons'] or ''}: "
          f"{'the same' if same else 'DIFFERENT'}")
    for n in sorted(set(old["order"]) | set(new["order"]), key=int):
        o, w = old["order"].get(n), new["order"].get(n)
        if not o or not w:
            print(f"  {n} players: Order before {o}, after {w}")
            continue
        inside = o[1] <= w[0] <= o[2]
        print(f"  {n} players: Order before {o[0]:.2f} ({o[1]:.2f}–{o[2]:.2f}, {o[3]} games), after {w[0]:.2f} "
              f"({w[1]:.2f}–{w[2]:.2f}, {w[3]} games): {'within' if inside else 'OUTSIDE'} the old interval")


def calibration_row(name: str, report) -> list[str]:  # noqa: ANN001
    rows = []
    by2 = {t.players: t for t in report.tier2 or []}
    for c in report.counts:
        d = c.as_dict()
        m = d["metrics"]
        t: Tier2Count | None = by2.get(c.players)
        t2 = t.as_dict() if t else {}
        tail = t2.get("dead_tail") or m["dead_tail"]
        dom = max((v["win_rate"]["value"] for v in t2.get("dominance", {}).values()), default=float("nan"))
        q = next((x["score"] for x in (report.quality() or {"by_players": []})["by_players"]
                  if x["players"] == c.players), float("nan"))
        rows.append([name, str(c.players), report.verdict, f"{m['completion']['value']:.2f}",
                     f"{d['decisions_per_player_median']:.0f}", f"{d['minutes_median']:.0f}",
                     f"{m['decision_moves']['value']:.2f}", f"{m['branching']:.1f}",
                     f"{t2.get('balance', float('nan')):.2f}", f"{t2['order']['value']:.2f}" if t2 else "–",
                     f"{tail['value']:.2f}" if tail else "–", f"{dom:.2f}",
                     f"{(t2 or m)['lead_changes']['mean']:.1f}", f"{(t2 or m)['comebacks']['value']:.2f}", f"{q:.2f}",
                     ", ".join(sorted({w.code for w in report.warnings if w.players == c.players})) or "–"])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calibration", action="store_true", help="also playtest the calibration games (minutes)")
    ap.add_argument("--skip-tier2", action="store_true")
    ap.add_argument("--skip-throughput", action="store_true")
    ap.add_argument("--whist-games", type=int, default=200)
    ap.add_argument("--h2h-games", type=int, default=120, help="games of the strong bot among greedy bots")
    ap.add_argument("--before", metavar="REV", help="time Tier 1 + Tier 2 with git revision REV beside the working tree")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of each side for --before")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; two processes get "
          f"{effective_cores():.2f} cores' worth of work done")
    spec = load_spec(TYPICAL)
    counts = list(spec.players.counts())
    print(f"typical variant: {spec.naming.name}, {counts[0]}–{counts[-1]} players")

    run(spec, 1, games=20, seed=5)   # warm-up (imports, caches)
    for workers in (1, 2):
        wall, games = tier1(spec, workers)
        print(f"Tier 1, {workers} worker{'s' if workers > 1 else ''}: {wall:.2f} s for {games} games "
              f"({games / wall:,.0f} games/s)  [target: under 5 s]")
    if not args.skip_tier2:
        report, wall, used = timed(lambda: run(spec, 2, games=200, seed=0, tier=2))
        print(f"Tier 1 + Tier 2, 2 workers: {wall:.1f} s ({used:.0f} s of CPU), verdict {report.verdict}  "
              f"[target: under 30 s on two free cores]")
        for t in report.tier2 or []:
            d = t.as_dict()
            o = d["order"]
            print(f"  {t.players} players: Order {o['value']:.2f} ({o['interval'][0]:.2f}–{o['interval'][1]:.2f}), "
                  f"games {d['games']}")
    score, games = head_to_head(args.h2h_games, 2)
    lo, hi = wilson(score, games)
    print(f"head to head, one strong bot among greedy bots (typical variant, 3 players, seats rotated): "
          f"{score / games:.1%} of the others beaten (95% interval {lo:.1%}–{hi:.1%}; an even share is 50%), "
          f"{games} games")
    if args.before:
        print(f"before/after: Tier 1 + Tier 2 with {args.before} and with the working tree, {args.repeat} runs each")
        before_after(args.before, args.repeat, 2)
    if not args.skip_throughput:
        for label, lineup, games, per_task in (("random self-play", None, 3000, 100),
                                               ("strong bots at every seat", ("strong", "strong"), 60, 2)):
            # best of three, alternating: other work on the machine only ever slows a run down
            best = {1: 0.0, 2: 0.0}
            for _ in range(3):
                for w in (1, 2):
                    best[w] = max(best[w], batch(w, games, lineup, per_task))
            print(f"throughput, {label} (3 players, {games} games, best of 3): 1 worker {best[1]:,.1f} games/s, "
                  f"2 workers {best[2]:,.1f} games/s ({best[2] / best[1]:.2f}×)")
        print(f"two processes now get {effective_cores():.2f} cores' worth of work done")
    wins, games = strong_vs_random(args.whist_games, 2) if args.whist_games else (0, 0)
    lo, hi = wilson(wins, games)
    order = lambda w: (w - 0.25) / 0.75  # noqa: E731
    if games:
        print(f"whist, one strong bot among three random bots: wins {wins}/{games} = {wins / games:.1%} "
              f"(95% interval {lo:.1%}–{hi:.1%}; a random player wins 25%); Order {order(wins / games):.2f}")
    if args.calibration:
        header = ["game", "players", "verdict", "completion", "decisions/player", "minutes", "decision moves",
                  "branching", "balance", "Order", "dead tail", "best trivial", "lead changes", "comebacks", "quality",
                  "warnings"]
        rows = []
        for name in ("whist-classic", "hearts", "oh-hell"):
            cal = load_spec(REAL / f"{name}.yaml")
            report, wall, _ = timed(lambda: run(cal, 2, games=200, seed=0, tier=2))
            print(f"{name}: {report.verdict} in {wall:.0f} s; reasons {[r.code for r in report.reasons]}")
            rows += calibration_row(cal.naming.name, report)
        print("\n| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
