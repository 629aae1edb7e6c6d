"""How strong the strong bot is: its share of wins, head to head, against each trivial policy and
against the greedy bot, in every calibration game of corpus/real (all four families).

A line-up puts one strong bot at one seat and the opponent's policy at every other seat; game
``i`` puts the strong bot at seat ``i mod n``, so that it sits in every seat equally often (the
games are played in whole rounds of ``n``). The strong bot uses the playtest's budget unless told
otherwise. Each line prints the strong bot's wins, its share with a Wilson 95% interval, the even
share 1/n beside it, and a verdict:

* ``above`` — the whole interval lies above the even share (the strong bot is better);
* ``below`` — the whole interval lies below it;
* ``open`` — the interval straddles the even share after the most games allowed.

Beside the greedy bot's line, a *control* line (opponent ``control``) plays the same deals with
the greedy bot in the strong bot's seat among greedy bots: every line of a game plays the same
deals, and a seed's deals may favour the rotating seat or not (in Crazy Eights, seed 1, the greedy
bot wins 0.18 of them in that seat, an even share being 0.25). The control shows how far a line's
share is the deals; it always plays the most games allowed, and costs little (no search).

The games are sequential, so that the games go where they decide something: every line starts
with ``--games`` games; a line whose interval still straddles the even share gets as many again,
and again, up to ``--max-games``. (Looking at a line several times makes an ``above`` a little
likelier by chance than the 2.5 % a single look would allow; the stages are few, at most four.)

A line whose edge is a few points needs far more games than the stages allow: play it at a fixed
count with one look (``--only crazy-eights --opponents greedy,control --games 4000 --max-games
4000``), as docs/measurements.md does for Rummy (480) and Crazy Eights (4,000 a seed).

Seeded and deterministic: the same options give the same table, whatever the number of workers.
Prints a Markdown table (for docs/measurements.md), one row per line-up.

Usage: python benchmarks/head_to_head.py [--games N] [--max-games M] [--seed S] [--workers W]
       [--only whist-classic,hearts] [--opponents highest,greedy] [--rollouts R --max-rollouts M]
       [--search flat]
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.bots import TRIVIAL  # noqa: E402
from generator.engine import Game  # noqa: E402
from generator.playtest.runner import game_seed, play_one  # noqa: E402
from generator.playtest.stats import wilson  # noqa: E402
from generator.spec.io import load_spec  # noqa: E402

#: The calibration games and the number of players each is measured at (the playtest's count for
#: a game of one count; four where the game allows several, as the families' tables always had).
GAMES = {"whist-classic": 4, "hearts": 4, "oh-hell": 4, "president": 4, "dou-dizhu": 3,
         "crazy-eights": 4, "switch": 4, "rummy": 4, "pay-me": 4}
#: The real games beyond the calibration set (issues 33 and 34: partnerships, point tricks, bowers,
#: the caller against the rest, fishing), measured with ``--only``: not in the default run, which
#: keeps the calibration table comparable from run to run. In a game of sides the strong bot's
#: partners play the opponent's policy too, and the even share is one in the number of sides.
BEYOND = {"whist-partners": 4, "tresette": 4, "omi": 4, "court-piece": 4, "botifarra": 4, "sergeant-major": 3,
          "skat-seed": 3, "euchre": 4, "king": 4, "xeri": 2, "kontsina": 2, "diloti": 2}
#: The control line's name: the greedy bot in the strong bot's seat (see the module's docstring).
CONTROL = "control"
OPPONENTS = (*TRIVIAL, "greedy", CONTROL)

_GAME_CACHE: dict[str, Game] = {}


def _game(name: str) -> Game:
    game = _GAME_CACHE.get(name)
    if game is None:
        game = _GAME_CACHE[name] = Game(load_spec(ROOT / "corpus" / "real" / f"{name}.yaml"))
    return game


def _batch(job: tuple[str, int, str, int, list[int], dict]) -> tuple[int, int, int, float]:
    """Play the games ``indices`` of one line-up; returns (strong wins, games, errors, seconds)."""
    name, n, opponent, seed, indices, options = job
    game = _game(name)
    wins = errors = 0
    t = time.process_time()
    for i in indices:
        seat = i % n
        lineup = ["greedy"] * n if opponent == CONTROL else ["strong" if p == seat else opponent for p in range(n)]
        s = play_one(game, n, game_seed(seed, n, i), i, lineup, bot_options=options, bounds=None)
        errors += s.outcome == "error"
        wins += s.won(seat)   # with sides, the strong bot's side won
    return wins, len(indices), errors, time.process_time() - t


class Line:
    """One line-up's tally."""

    def __init__(self, name: str, n: int, opponent: str):
        self.name, self.n, self.opponent = name, n, opponent
        self.wins = self.games = self.errors = 0
        self.seconds = 0.0
        sides = _game(name).sides(n)
        self.even = 1 / (n if sides is None else sides.count)   # a fair player's, or side's, share

    def verdict(self) -> str:
        lo, hi = wilson(self.wins, self.games)
        even = self.even
        return "above" if lo > even else "below" if hi < even else "open"


def _jobs(line: Line, start: int, stop: int, seed: int, options: dict, chunk: int) -> list[tuple]:
    idx = list(range(start, stop))
    return [(line.name, line.n, line.opponent, seed, idx[k:k + chunk], options)
            for k in range(0, len(idx), chunk)]


def run(lines: list[Line], games: int, max_games: int, seed: int, workers: int, options: dict,
        log=None) -> None:
    """Play every line's first ``games`` games, then double the games of the lines still open
    until ``max_games``; all lines of a stage share the worker pool."""
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        play = pool.map if pool is not None else map   # one worker: here, in this process
        # whole rounds of seats, so that every seat is the strong bot's equally often
        rounds = {id(line): lambda k, n=line.n: max(n, (k + n - 1) // n * n) for line in lines}
        target = {id(line): rounds[id(line)](max_games if line.opponent == CONTROL else games) for line in lines}
        pending = list(lines)
        while pending:
            jobs, owners = [], []
            for line in pending:
                chunk = line.n   # one round of seats per job: small jobs keep both workers busy
                for job in _jobs(line, line.games, target[id(line)], seed, options, chunk):
                    jobs.append(job)
                    owners.append(line)
            for line, (w, g, e, sec) in zip(owners, play(_batch, jobs)):
                line.wins += w
                line.games += g
                line.errors += e
                line.seconds += sec
            nxt = []
            for line in pending:
                if log is not None:
                    lo, hi = wilson(line.wins, line.games)
                    print(f"# {line.name} strong vs {line.opponent}: {line.wins}/{line.games} "
                          f"[{lo:.2f}, {hi:.2f}] {line.verdict()}", file=log, flush=True)
                most = rounds[id(line)](max_games)
                if line.verdict() == "open" and line.games < most:
                    target[id(line)] = min(most, 2 * line.games)
                    nxt.append(line)
            pending = nxt


def table(lines: list[Line]) -> str:
    out = ["| game | n | strong vs | wins / games | share | 95% interval | even | verdict | s/game |",
           "|---|---:|---|---:|---:|---|---:|---|---:|"]
    for line in lines:
        lo, hi = wilson(line.wins, line.games)
        err = f" ({line.errors} errors)" if line.errors else ""
        who = "control: greedy in its seat" if line.opponent == CONTROL else line.opponent
        out.append(f"| {line.name} | {line.n} | {who} | {line.wins} / {line.games}{err} | "
                    f"{line.wins / max(1, line.games):.2f} | [{lo:.2f}, {hi:.2f}] | {line.even:.2f} | "
                    f"{line.verdict()} | {line.seconds / max(1, line.games):.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per line-up at first (default 40)")
    ap.add_argument("--max-games", type=int, default=160,
                    help="most games for a line whose interval straddles the even share (default 160)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default=",".join(GAMES), help="calibration games, comma-separated")
    ap.add_argument("--opponents", default=",".join(OPPONENTS))
    ap.add_argument("--rollouts", type=int, default=None, help="the strong bot's rollouts per action")
    ap.add_argument("--max-rollouts", type=int, default=None, help="... and at most per decision")
    ap.add_argument("--search", default=None, help="the strong bot's search (see StrongBot)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines (on stderr)")
    args = ap.parse_args(argv)
    names = [g for g in args.only.split(",") if g]
    known = {**GAMES, **BEYOND}
    unknown = [g for g in names if g not in known or not (ROOT / "corpus" / "real" / f"{g}.yaml").exists()]
    if unknown:
        ap.error(f"unknown calibration game(s): {', '.join(unknown)} (games: {', '.join(known)})")
    options = {k: v for k, v in (("rollouts", args.rollouts), ("max_rollouts", args.max_rollouts),
                                 ("search", args.search)) if v is not None}
    lines = [Line(g, known[g], opp) for g in names for opp in args.opponents.split(",") if opp]
    t = time.time()
    run(lines, args.games, args.max_games, args.seed, args.workers, options,
        None if args.quiet else sys.stderr)
    print(table(lines))
    print(f"\n{sum(x.games for x in lines)} games in {time.time() - t:.0f} s of wall time "
          f"(seed {args.seed}, strong bot {options or 'at the playtest budget'}).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
