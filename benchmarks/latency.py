"""How long the quick paths take: parsing a rulebook (per family), drawing a name's aliases, the
importer refusing a player range out of bounds, and ``parlour check`` refusing a YAML alias bomb.

These were once bounds asserted by tests (a busy machine could fail them, and a quiet one could
not tell a regression from noise); the tests now check the behaviour behind each (the range is
refused before anything loops over it, the bomb at its first alias, the name indexes built once)
and this script prints the numbers. Times are CPU seconds of this process, the median of
``--repeat`` runs; the old test bound is printed beside each as a reference, not a pass mark.

Usage: python benchmarks/latency.py [--count 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main as cli
from generator.families import FAMILIES
from generator.importer import import_book
from generator.names import COUNTRIES, aliases, village_name
from generator.sample import sample_game
from generator.rulebook import render_markdown
from generator.text.parse import parse_markdown

ROOT = Path(__file__).resolve().parents[1]
WHIST = ROOT / "corpus" / "real" / "whist.yaml"

#: A game of the seed book's form whose player range is out of bounds.
GAME = """\
Nether Nowhere is a classic English trick-taking game for {players} players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Turn the top card of the deck to determine trump suit.
The dealer starts by leading any card. Players must follow suit if possible, otherwise may play any card.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The winner of the trick leads the next trick.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game. If tied, play an extra round.
"""

def cpu(fn, repeat: int) -> float:
    """The median CPU seconds of ``repeat`` calls of ``fn`` (after one call to warm up)."""
    fn()
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return statistics.median(times)


def anchor_bomb(depth: int) -> str:
    lines = ['  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"  a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, depth + 1)]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200, help="sampled rulebooks per family to parse")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    print("parse a rulebook (sampled games, seeds 0 …), ms per rulebook; old test bound 10 ms for trick-taking, "
          "15 ms for the others")
    for family in sorted(FAMILIES):
        texts = [render_markdown(sample_game(seed, family).spec) for seed in range(args.count)]
        per = cpu(lambda: [parse_markdown(t) for t in texts], args.repeat) / len(texts)
        print(f"  {family:<13} {1000 * per:6.2f} ms")

    calls = 1000

    def draw_aliases() -> None:
        rng = random.Random(1)
        for i in range(calls):
            country = COUNTRIES[i % 3]
            aliases(rng, village_name(rng, country), country, 2)
    per = cpu(draw_aliases, args.repeat) / calls
    print(f"two aliases of a village name: {1000 * per:.3f} ms a call (old test bound 5 ms)")

    for players in ("two to 10000000", "two to " + "9" * 5000):
        game = import_book(GAME.format(players=players)).games[0]
        assert game.status == "failed", game.status
        s = cpu(lambda: import_book(GAME.format(players=players)), args.repeat)
        shown = players if len(players) < 30 else players[:12] + "…"
        print(f"import a game 'for {shown} players' (refused): {1000 * s:.2f} ms (old test bound 2 s)")

    with tempfile.TemporaryDirectory() as tmp:
        text = WHIST.read_text(encoding="utf-8").replace("  name: Whist\n", f"  name:\n{anchor_bomb(9)}\n")
        path = Path(tmp) / "bomb.yaml"
        path.write_text(text, encoding="utf-8")
        runner = CliRunner()
        assert "aliases are not allowed" in runner.invoke(cli, ["check", str(path)]).output
        s = cpu(lambda: runner.invoke(cli, ["check", str(path)]), args.repeat)
        print(f"parlour check on a {len(text):,}-character alias bomb (refused): {1000 * s:.2f} ms (old test bound 5 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
