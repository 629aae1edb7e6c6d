"""What the bot API may cost a move: the budget that 0.3× of the tight yardstick leaves, the floor
of the benchmark's own driver, and what the engine spends.

For each calibration game of ``yardsticks.py``: the moves a hand (and the share forced), from 300
random hands; then, interleaved round by round in this process (CPU time):

* **tight**: ``tight.py``'s hand, written for speed;
* **API**: ``yardsticks.run_api``, the engine through ``legal_actions``, ``observation``,
  ``RandomBot.act`` and ``apply_action``;
* **driver alone**: ``run_api`` itself over a stand-in engine whose methods cost next to nothing
  (built-in methods returning a fixed legal list, and a counter of moves), as many moves a hand
  and as many of them forced: what the loop itself and the random bot cost, with an engine that
  costs nothing.

It prints, per move: the budget at 0.3× of the tight hand (its time a hand ÷ 0.3, a share of the
moves), the driver's floor, and the engine's cost through the API now.

Usage: python benchmarks/api_floor.py [--rounds N] [--hands N] [--only NAME,...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tight  # noqa: E402
import yardsticks  # noqa: E402

from generator.engine import Game  # noqa: E402
from generator.spec import load_spec  # noqa: E402

TARGET = 0.3


def moves_a_hand(game: Game, players: int, hands: int = 300) -> tuple[float, float]:
    """Mean moves a hand and the share of them forced (one legal action), in random play."""
    rnd = random.Random(1).random
    state = game.new_initial_state(players, 1)
    moves = forced = 0
    for done in range(hands):
        if state.terminal:
            state = game.new_initial_state(players, 7 + done)
        target = state.hand_no + 1
        while state.hand_no < target and not state.terminal:
            legal = state.legal_actions()
            moves += 1
            forced += len(legal) == 1
            state.apply_action(legal[int(rnd() * len(legal))])
    return moves / hands, forced / moves


class _Views:
    """An observation with a fixed list of legal actions (what ``RandomBot.act`` reads)."""

    def __init__(self, legal: list[int]):
        self.legal = legal


class _StandIn:
    """One hand of the stand-in engine, as cheap as Python allows: its legal lists come from a
    fixed order, every seat's observation is one fixed view, and at its last move the state ends
    (``terminal``), so that ``run_api`` starts the next hand as a new state. Its one Python-level
    method, ``apply_action``, counts the moves: the floor is therefore a little above the
    driver's true cost, never below it."""

    __slots__ = ("hand_no", "terminal", "current", "legal_actions", "observation", "left")

    def __init__(self, order: list[list[int]], views: list[_Views]):
        self.hand_no, self.terminal, self.current, self.left = 0, False, 0, len(order)
        self.legal_actions = iter(order).__next__
        self.observation = views.__getitem__

    def apply_action(self, action: int) -> None:
        self.left -= 1
        if not self.left:
            self.terminal = True


class _StandInGame:
    """What ``run_api`` asks of a game: a new state, here one stand-in hand."""

    def __init__(self, order: list[list[int]], views: list[_Views]):
        self.order, self.views = order, views

    def new_initial_state(self, players: int, seed: int) -> _StandIn:
        return _StandIn(self.order, self.views)


def driver_alone(players: int, per_hand: int, forced_share: float) -> Callable[[int, int], None]:
    """``run_api`` itself over the stand-in engine: ``per_hand`` moves a hand, the forced ones
    (one legal action) applied without asking the bot, as ``run_api`` does."""
    choices = [1, 2, 3, 4, 5, 6]
    forced = round(per_hand * forced_share)
    order = [choices] * (per_hand - forced) + [[1]] * forced
    random.Random(0).shuffle(order)
    game = _StandInGame(order, [_Views(choices)] * players)
    return lambda hands, seed: yardsticks.run_api(game, hands, seed, players)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hands", type=int, default=1500, help="hands a run (default 1500)")
    ap.add_argument("--only", help="games, comma-separated (default: the five of yardsticks.py)")
    args = ap.parse_args()
    names = args.only.split(",") if args.only else list(yardsticks.FAMILIES)
    print(f"| game | moves a hand (forced) | budget a move at {TARGET}× of tight | driver alone | engine through the API "
          "| API / tight |")
    print("|---|---|---|---|---|---|")
    for name in names:
        spec = load_spec(yardsticks.ROOT / "corpus" / "real" / f"{yardsticks.FAMILIES[name][0]}.yaml")
        game = Game(spec)
        players = yardsticks.players_of(name)
        per_hand, forced = moves_a_hand(game, players)
        runs = {"tight": tight.GAMES[name],
                "api": lambda h, s, g=game, n=players: yardsticks.run_api(g, h, s, n),
                "driver": driver_alone(players, round(per_hand), forced)}
        rate: dict[str, list[float]] = {k: [] for k in runs}
        for r in range(args.rounds):
            keys = list(runs)
            keys = keys[r % len(keys):] + keys[:r % len(keys)]   # rotated, round by round
            for k in keys:
                t = time.process_time()
                runs[k](args.hands, r + 1)
                rate[k].append(args.hands / (time.process_time() - t))
        med = {k: statistics.median(v) for k, v in rate.items()}
        us = {k: 1e6 / med[k] / per_hand for k in med}   # µs a move
        print(f"| {yardsticks.LABELS[name]} | {per_hand:.0f} ({forced:.0%}) | {us['tight'] / TARGET:.2f} µs "
              f"| {us['driver']:.2f} µs | {us['api']:.2f} µs | {med['api'] / med['tight']:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
