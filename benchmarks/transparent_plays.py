"""Transparent cards laid on a play (climbing, CL-09): in random self-play of the seed book's
climbing games with a transparent rank, how many plays made only of that rank were laid on another
play. Before issue 35 a copy never beat what it copied, so where equal ranks never beat (the
'higher' rule, no colour match) such a play could be laid only as a bomb.

Each game is played GAMES times at its fewest players, seeds 0…GAMES−1, with uniform random moves
(the same moves on any version of the engine whose legal plays agree).
Usage: python benchmarks/transparent_plays.py [--games 40]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from generator.engine import Game
from generator.families.climbing.engine.rules import KNOCK, cards_of
from generator.spec import load_spec

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    total = 0
    for path in sorted((ROOT / "corpus" / "hyloe").glob("*.yaml")):
        spec = load_spec(path)
        if spec.play.family != "climbing" or spec.play.transparent is None:
            continue
        game = Game(spec, move_cap=5000)
        rank = spec.play.transparent.rank
        laid = moves = 0
        for seed in range(args.games):
            state = game.new_initial_state(spec.players.min, seed)
            rnd = random.Random(seed)
            while not state.is_terminal() and moves < 5000 * (seed + 1):
                legal = state.legal_actions()
                action = legal[int(rnd.random() * len(legal))]
                if state.decision == "climb" and state.to_beat is not None and 0 < action < KNOCK:
                    held = cards_of(action)
                    laid += bool(held) and all(game.table.rank[c] == rank for c in held)
                state.apply_action(action)
                moves += 1
        total += laid
        print(f"{path.name:24} beating {spec.play.beating:11} transparent plays laid on a play: {laid:5} "
              f"of {moves} moves")
    print(f"total: {total}")


if __name__ == "__main__":
    main()
