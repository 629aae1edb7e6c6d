"""The ratio table: each family's engine against the tight yardstick and the old one, in one run.

Per family (whist, President, Crazy Eights, Rummy, four players each, and Xeri for two: the
calibration games of ``tight.py``), four ways of playing the same random hands, one hand at a time, shuffle and deal
included, whole games as ``timing.play_hands`` plays them:

* **batch**: the engine's batch path, ``State.play_random(rnd, hands=1)``;
* **bot API**: ``legal_actions()``, ``observation(p)``, ``RandomBot.act`` and ``apply_action`` per
  decision, as a search bot or a human interface drives the engine (a forced move is applied
  without asking the bot, as ``whist.py`` does);
* **old**: the plain-Python hand of the family's benchmark script (``whist.py``, ``climbing.py``,
  ``matching.py``, ``melding.py``, ``fishing.py``), written the way the engine thinks;
* **tight**: ``tight.py``'s hand, written for speed.

Everything runs in this one process and is interleaved: each round plays every variant of every
family once, in an order rotated round by round, so that a slow spell of a shared machine slows
every variant alike. A rate is hands per second of this process's CPU time
(``time.process_time``), the median over rounds; a ratio is the median of the per-round ratios
(each pairs runs made close together in time).

Usage: python benchmarks/yardsticks.py [--rounds N] [--scale X] [--only NAME,...]
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

import climbing  # noqa: E402  (the benchmark scripts beside this one: their old yardsticks)
import fishing  # noqa: E402
import matching  # noqa: E402
import melding  # noqa: E402
import tight  # noqa: E402
import whist  # noqa: E402
from timing import play_hands  # noqa: E402

PLAYERS = 4
#: family: (spec file, the old yardstick's run(game, hands, seed), hands a run at scale 1)
FAMILIES: dict[str, tuple[str, Callable[..., Any], int]] = {
    "whist": ("whist", whist.run_plain, 2000),
    "president": ("president", climbing.run_plain, 600),
    "crazy-eights": ("crazy-eights", matching.run_plain, 2000),
    "rummy": ("rummy", melding.run_plain, 400),
    "xeri": ("xeri", fishing.run_plain, 2000),
}
LABELS = {"whist": "Whist (trick-taking)", "president": "President (climbing)",
          "crazy-eights": "Crazy Eights (matching)", "rummy": "Rummy (melding)", "xeri": "Xeri (fishing, two players)"}
VARIANTS = ("batch", "api", "old", "tight")


def players_of(family: str) -> int:
    return tight.PLAYERS_OF.get(family, PLAYERS)


def run_api(game: Any, hands: int, seed: int, players: int = PLAYERS) -> None:
    """``hands`` hands through the bot API with a random bot at every seat."""
    from generator.bots import RandomBot

    bots = [RandomBot(seed + p) for p in range(players)]
    state = game.new_initial_state(players, seed)
    for done in range(hands):
        if state.terminal:
            state = game.new_initial_state(players, seed * 1_000_003 + done)
        target = state.hand_no + 1
        while state.hand_no < target and not state.terminal:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            else:
                state.apply_action(bots[state.current].act(state.observation(state.current)))


def runner(family: str, variant: str, game: Any) -> Callable[[int, int], Any]:
    spec, old, _ = FAMILIES[family]
    players = players_of(family)
    if variant == "batch":
        return lambda hands, seed: play_hands(game, players, hands, seed, clock=time.process_time)
    if variant == "api":
        return lambda hands, seed: run_api(game, hands, seed, players)
    if variant == "old":
        return lambda hands, seed: old(game, hands, seed)
    return tight.GAMES[family]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    ap.add_argument("--scale", type=float, default=1.0, help="hands a run, times this (default 1)")
    ap.add_argument("--only", help="families, comma-separated (default: all five)")
    args = ap.parse_args()
    from generator.engine import Game
    from generator.spec import load_spec

    families = args.only.split(",") if args.only else list(FAMILIES)
    runs: list[tuple[str, str, Callable[[int, int], Any], int]] = []
    for family in families:
        spec = load_spec(ROOT / "corpus" / "real" / f"{FAMILIES[family][0]}.yaml")
        if family == "rummy":
            melding.GOAL = spec.ending.condition.points   # the old Rummy plays to the spec's target
        game = Game(spec)
        hands = max(10, int(FAMILIES[family][2] * args.scale))
        for variant in VARIANTS:
            runs.append((family, variant, runner(family, variant, game), hands))
    for _, _, run, hands in runs:   # warm-up
        run(max(5, hands // 10), 99)
    cpu: dict[tuple[str, str], list[float]] = {(f, v): [] for f, v, _, _ in runs}
    wall_share = 1.0
    for r in range(args.rounds):
        k = r % len(runs)
        for family, variant, run, hands in runs[k:] + runs[:k]:
            gc.collect()
            w, t = time.perf_counter(), time.process_time()
            run(hands, r + 1)
            t, w = time.process_time() - t, time.perf_counter() - w
            cpu[(family, variant)].append(hands / t)
            wall_share = min(wall_share, t / w)
    report(families, cpu, args, wall_share)
    return 0


def ratio(a: list[float], b: list[float]) -> float:
    return statistics.median(x / y for x, y in zip(a, b))


def report(families: list[str], rate: dict[tuple[str, str], list[float]], args: argparse.Namespace,
           wall_share: float) -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Hands per CPU second, four players (Xeri two), random play, one hand at a time (shuffle and deal included);")
    print(f"median of {args.rounds} interleaved rounds; Python {platform.python_version()}; "
          f"load average {load:.2f} at the end; least CPU/wall share of a run {wall_share:.0%}")
    print()
    print("| game | engine batch | engine bot API | old yardstick | tight yardstick "
          "| batch / tight | API / tight | batch / old | old / tight |")
    print("|---|---|---|---|---|---|---|---|---|")
    for f in families:
        med = {v: statistics.median(rate[(f, v)]) for v in VARIANTS}
        t = rate[(f, "tight")]
        print(f"| {LABELS[f]} | {med['batch']:,.0f} | {med['api']:,.0f} | {med['old']:,.0f} | {med['tight']:,.0f} "
              f"| {ratio(rate[(f, 'batch')], t):.2f}× | {ratio(rate[(f, 'api')], t):.2f}× "
              f"| {ratio(rate[(f, 'batch')], rate[(f, 'old')]):.2f}× | {ratio(rate[(f, 'old')], t):.2f}× |")
    print()
    print("spread of each variant's rounds (slowest-fastest hands/s):")
    for f in families:
        print(f"  {f:<13} " + "  ".join(f"{v} {min(rate[(f, v)]):,.0f}-{max(rate[(f, v)]):,.0f}" for v in VARIANTS))


if __name__ == "__main__":
    sys.exit(main())
