"""The independent referee's run (issue 31): for each refereed family, specs drawn from the
family's sampler over a range of seeds, a game at every player count of each, random legal play;
the referee (``tests/referee/``, written from the rulebook's sentences) checks every legal set,
every trick or pile and every hand's scores. Prints games, moves, tricks and hands checked per
family, the parts not refereed (and how often the driver met them), and every disagreement.

Usage: python benchmarks/referee.py [--family trick-taking] [--seeds 0:500] [--games 1] [--show 20]
                                   [--where play.builds=true --where play.combinations=every]
                                   [--spec corpus/real/diloti.yaml] [--prefer 'builds|raises']
``--where FIELD=VALUE`` (repeatable) keeps only the specs with one of the fields so (a run aimed at
rules the sampler draws rarely). ``--spec FILE`` (repeatable) referees that spec instead, a game at
each player count for each seed of ``--seeds``. ``--prefer PATTERN`` leans the random play towards
the moves whose words match (four times in five). Exits 1 when there is a disagreement.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # the tests package, beside generator

from generator.spec import load_spec  # noqa: E402
from tests.referee.drive import REFEREED, not_refereed, referee_family, referee_spec  # noqa: E402


def field_is(spec, field: str, value: str) -> bool:
    """Whether the spec's dotted ``field`` reads as ``value`` (``true``/``false`` for a yes-or-no)."""
    got = spec
    for part in field.split("."):
        got = getattr(got, part, None)
    return str(got).lower() == value.lower()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", action="append", help="a refereed family (repeatable; default: every one)")
    ap.add_argument("--seeds", default="0:300", help="spec seeds, START:STOP (default 0:300)")
    ap.add_argument("--games", type=int, default=1, help="games at each player count of each spec")
    ap.add_argument("--show", type=int, default=20, help="disagreements to print per family")
    ap.add_argument("--where", action="append", default=[], metavar="FIELD=VALUE",
                    help="keep only the specs with this field so, e.g. play.builds=true (repeatable: any of them)")
    ap.add_argument("--spec", action="append", default=[], metavar="FILE",
                    help="referee this spec file, a game at each player count per seed (repeatable)")
    ap.add_argument("--prefer", metavar="PATTERN", help="lean the play towards moves whose words match this pattern")
    a = ap.parse_args()
    prefer = re.compile(a.prefer) if a.prefer else None
    where = [w.split("=", 1) for w in a.where]
    start, stop = map(int, a.seeds.split(":"))
    bad = 0
    print(f"| family | specs | games | moves | tricks or piles | hands | disagreements | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    rows, notes = [], []
    runs = [(Path(f).stem, load_spec(f)) for f in a.spec] or [(family, None) for family in a.family or REFEREED]
    for family, spec in runs:
        t = time.process_time()
        if spec is not None:
            tally = referee_spec(spec, range(start, stop), family, prefer)
        else:
            tally = referee_family(family, range(start, stop), a.games,
                                   (lambda spec: any(field_is(spec, f, v) for f, v in where)) if where else None, prefer)
        cpu = time.process_time() - t
        print(f"| {family} | {tally.specs} | {tally.games:,} | {tally.moves:,} | {tally.tricks:,} | {tally.hands:,} "
              f"| {len(tally.disagreements)} | {cpu:.1f} |", flush=True)
        bad += len(tally.disagreements)
        notes.append((family, tally))
    spec_family = {name: spec.family for name, spec in runs if spec is not None}
    for family, tally in notes:
        print(f"\n{family}: not refereed (and how often the driver skipped it in this run):")
        for part, why in not_refereed(spec_family.get(family, family)).items():
            met = f" (skipped {tally.skipped[part]:,} times)" if part in tally.skipped else ""
            print(f"  - {part}{met}: {why}")
        for d in tally.disagreements[: a.show]:
            print(f"  DISAGREEMENT {d}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
