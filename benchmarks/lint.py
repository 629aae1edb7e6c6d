"""The rulebook lint over many rulebooks (issue 35): the rulebooks of sampled games of every family
(seeds START:STOP of each), of corpus/real (with their playtest reports, as a book prints them)
and of corpus/hyloe (those that pass the static checks: the others are never rendered), each
rendered with its worked example and linted
(``generator.text.lint``). Prints the count of findings by kind for each source, then up to SHOW
findings of each kind with their game.

Usage: python benchmarks/lint.py [--seeds 0:300] [--family climbing] [--show 5]
Exits 1 when there is a finding.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from generator.checks import check_spec
from generator.families import FAMILIES
from generator.publish.facts import text_summary
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.text.lint import KINDS, lint

ROOT = Path(__file__).resolve().parent.parent


def _corpus(folder: str, reports: bool):
    for path in sorted((ROOT / "corpus" / folder).glob("*.yaml")):
        spec = load_spec(path)
        if check_spec(spec):   # a game that fails the static checks is never rendered ('parlour render' refuses it)
            continue
        report = path.with_suffix(".report.json")
        summary = text_summary(json.loads(report.read_text())) if reports and report.is_file() else None
        yield path.stem, spec, summary


def _sampled(family: str, start: int, stop: int):
    for seed in range(start, stop):
        yield f"seed {seed}", sample_game(seed, family).spec, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:300", help="sampled seeds of each family, START:STOP (default 0:300)")
    ap.add_argument("--family", action="append", help="a family to sample (repeatable; default: every one)")
    ap.add_argument("--show", type=int, default=5, help="findings of each kind to print")
    a = ap.parse_args()
    start, stop = map(int, a.seeds.split(":"))
    sources = [(f"{name} ({start}:{stop})", _sampled(name, start, stop)) for name in a.family or sorted(FAMILIES)]
    sources += [("corpus/real", _corpus("real", True)), ("corpus/hyloe", _corpus("hyloe", False))]
    print("| source | rulebooks | " + " | ".join(KINDS) + " | all | CPU s |")
    print("|---|---|" + "---|" * (len(KINDS) + 2))
    shown: dict[str, list[str]] = {k: [] for k in KINDS}
    total = Counter()
    for label, games in sources:
        t = time.process_time()
        counts: Counter[str] = Counter()
        books = 0
        for game, spec, summary in games:
            books += 1
            for f in lint(spec, render_markdown(spec, summary)):
                counts[f.kind] += 1
                if len(shown[f.kind]) < a.show:
                    shown[f.kind].append(f"{label}, {game}: {f}")
        total.update(counts)
        print(f"| {label} | {books} | " + " | ".join(str(counts[k]) for k in KINDS)
              + f" | {sum(counts.values())} | {time.process_time() - t:.1f} |", flush=True)
    print(f"| all | | " + " | ".join(str(total[k]) for k in KINDS) + f" | {sum(total.values())} | |")
    for kind in KINDS:
        for line in shown[kind]:
            print(f"  {line}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
