"""Every module, 10,000 games: how often the sampler uses each module of the registry, each
option's rate next to the catalogue's, the redraw rate, and a static check of every game.

    python benchmarks/modules.py [--seeds 10000] [--first 0] [--family trick-taking] [--out FILE.md]

Games are those of ``parlour generate --family F`` (seeds first … first+seeds−1). Prints Markdown;
exits 1 if a module of the family's games never appears, an accepted game fails a static check, or
an option's drawn rate lies more than 4.5 standard errors from the catalogue's (with n ≥ 200).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.checks import check_spec  # noqa: E402
from generator.families import DEFAULT, FAMILIES  # noqa: E402
from generator.modules import MODULES, modules_of  # noqa: E402
from generator.sample.frequencies import format_table, frequency_rows, sample_all  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10_000)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--family", choices=list(FAMILIES), default=DEFAULT)
    ap.add_argument("--out", type=Path, default=None, help="also write the report to this file")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    drawn, accepted = sample_all(args.seeds, args.first, args.family)
    t_sample = time.perf_counter() - t0

    failures = []
    reasons: Counter[str] = Counter()
    for spec in drawn:
        problems = check_spec(spec)
        for code in {p.code for p in problems}:
            reasons[code] += 1
    for i, spec in enumerate(accepted):
        if check_spec(spec):
            failures.append(args.first + i)
    used: Counter[str] = Counter()
    for spec in accepted:
        used.update(modules_of(spec))

    rows = frequency_rows(drawn, accepted, family=args.family)
    off = []
    for r in rows:
        if r.drawn_n >= 200 and 0 < r.expected < 1:
            se = sqrt(r.expected * (1 - r.expected) / r.drawn_n)
            if abs(r.drawn - r.expected) > 4.5 * se:
                off.append(r)

    n = len(accepted)
    redraws = len(drawn) - n
    out = [f"# Modules over {n} {args.family} games (seeds {args.first}…{args.first + args.seeds - 1})", ""]
    out.append(f"Sampling and checking took {t_sample:.1f} s. {redraws} drafts were redrawn "
               f"({redraws / len(drawn):.2%} of {len(drawn)} drafts); reasons: "
               + (", ".join(f"{code} {k}" for code, k in reasons.most_common()) or "none") + ".")
    out.append(f"Accepted games failing a static check: {len(failures)}.")
    # The modules the family's games can have (``Module.families``).
    mine = [m for m in MODULES if not m.families or args.family in m.families]
    out += ["", "## Games using each module", "", "| id | module | games | share |", "|---|---|---|---|"]
    for m in mine:
        out.append(f"| {m.id} | {m.name} | {used[m.id]} | {used[m.id] / n:.2%} |")
    note = ("Rates among the games where the catalogue's condition holds ('among'), over every drawn "
            "draft and over the accepted games.")
    out += ["", "## Options against the catalogue", "", note, "", format_table(rows)]
    if off:
        out += ["", "Options more than 4.5 standard errors from the catalogue:", ""]
        out += [f"- {r.module} / {r.option}: expected {r.expected:.3f}, drawn {r.drawn:.3f} (n = {r.drawn_n})" for r in off]
    missing = [m.id for m in mine if used[m.id] == 0]
    if missing:
        out += ["", "Never used: " + ", ".join(missing) + "."]
    text = "\n".join(out) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 1 if (missing or failures or off) else 0


if __name__ == "__main__":
    sys.exit(main())
