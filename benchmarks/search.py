"""Is the search worth it? Blind sampling against ``parlour evolve`` for the same playtest budget.

Both arms spend the same budget, counted in games simulated (every game of every playtest, as
``Judged.games`` counts them), with the same judge options and the same seed:

(a) the search — MAP-Elites (``generator.evolve``) from its initial batch until the budget is
    spent (the last generation runs whole, so it may overshoot a little);
(b) blind sampling — ``sample_game`` drafts, the families in turn, judged one by one with
    ``judge_all`` until it has spent at least what the search spent.

For each arm it prints the candidates judged, the games kept (passed), the median quality of the
games kept, the median quality of the ten best (the issue's figure) and of the same ten judged
again with another playtest seed and more games (the best of many noisy estimates flatters the arm
that kept more; a game rejected when judged again counts 0), and the niches filled (the
blind arm's passing games placed in the same niches). The search arm's archive, with its picture,
is written to --out. Results do not depend on --workers.

Usage: python benchmarks/search.py [--budget 2000] [--games 10] [--seed 1] [--workers 2] [--out DIR]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from statistics import median

from generator.evolve.archive import Archive, Elite
from generator.evolve.niches import all_niches, niche_of
from generator.evolve.search import Executor, Settings, run
from generator.families import FAMILIES
from generator.judging import judge_all
from generator.sample import SamplingError, sample_game


def top_median(qualities: list[float], k: int = 10) -> float | None:
    best = sorted(qualities, reverse=True)[:k]
    return median(best) if best else None


def blind(settings: Settings, budget: int, workers: int) -> tuple[dict, Archive]:
    """Sampled drafts, the families in turn, judged until ``budget`` games are spent."""
    rng = random.Random(f"parlour-blind:{settings.seed}")
    families = list(FAMILIES)
    archive = Archive(settings=settings.as_dict())

    def drafts():
        k = 0
        while True:
            seed = rng.randrange(2**31)
            try:
                yield sample_game(seed, family=families[k % len(families)]).spec
            except SamplingError:
                pass
            k += 1

    spent = judged = 0
    kept: list[tuple[float, object]] = []
    for verdict in judge_all(drafts(), settings.judge_options(), workers):
        judged += 1
        spent += verdict.games
        if verdict.passed:
            kept.append((verdict.quality, verdict.spec))
            archive.place(Elite(f"b{judged:05d}", niche_of(verdict.spec, verdict.report), verdict.quality,
                                verdict.spec, 0))
        if spent >= budget:
            break
    return {"judged": judged, "games": spent, "kept": kept}, archive


def search(settings: Settings, workers: int, out: Path | None) -> tuple[dict, Archive]:
    kept: list[tuple[float, object]] = []
    judged = [0]

    def seen(candidate, verdict) -> None:
        judged[0] += 1
        if verdict.passed:
            kept.append((verdict.quality, verdict.spec))

    archive = run(Archive(settings=settings.as_dict()), settings, Executor(workers), out=out, seen=seen)
    return {"judged": judged[0], "games": archive.games, "kept": kept}, archive


def rejudge(arm: dict, settings: Settings, games: int, workers: int) -> list[float]:
    """The ten best kept games judged again with another playtest seed and more games: a best-of-many
    estimate is lifted by its own noise (the more games an arm keeps, the more), a second one is not."""
    from dataclasses import replace

    best = sorted(arm["kept"], key=lambda qs: -qs[0])[:10]
    options = replace(settings.judge_options(), seed=1, games=games, mend=False)
    return [v.quality or 0.0 for v in judge_all([spec for _, spec in best], options, workers)]


def row(name: str, arm: dict, archive: Archive, niches: int, secs: float) -> str:
    kept = [q for q, _ in arm["kept"]]
    again = arm.get("again")
    med = f"{median(kept):.3f}" if kept else "-"
    top = top_median(kept)
    elites = [e.quality for e in archive.elites.values()]
    return (f"| {name} | {arm['games']:,} | {arm['judged']} | {len(kept)} | {med} | "
            f"{'-' if top is None else f'{top:.3f}'} | {'-' if not again else f'{median(again):.3f}'} | "
            f"{'-' if not elites else f'{top_median(elites):.3f}'} | "
            f"{len(archive.elites)} of {niches} | {secs:.0f} s |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=int, default=2000, help="games simulated by each arm")
    ap.add_argument("--games", type=int, default=10, help="Tier-1 games per player count per candidate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rejudge-games", type=int, default=50,
                    help="games per player count when the ten best of each arm are judged again (seed 1)")
    ap.add_argument("--out", type=Path, default=None, help="where the search arm writes its archive")
    ap.add_argument("--mend", action="store_true", help="both arms mend drafts rejected only for their length")
    a = ap.parse_args()
    settings = Settings(seed=a.seed, games=a.games, budget=a.budget, generations=100_000, mend=a.mend)
    niches = len(all_niches(settings.tier))
    print(f"budget: {a.budget:,} games simulated per arm; Tier {settings.tier}, {settings.games} games per player "
          f"count per candidate{', drafts too long mended' if a.mend else ''}; seed {a.seed}; {a.workers} workers; search: {settings.initial} initial drafts, "
          f"batches of {settings.batch} ({settings.crossover:.0%} crossover, {settings.fresh:.0%} fresh drafts)",
          flush=True)
    t = time.perf_counter()
    s_arm, s_archive = search(settings, a.workers, a.out)
    s_secs = time.perf_counter() - t
    print(f"search done: {s_archive.generation} generations after the first", flush=True)
    t = time.perf_counter()
    b_arm, b_archive = blind(settings, s_arm["games"], a.workers)
    b_secs = time.perf_counter() - t
    for arm in (b_arm, s_arm):
        arm["again"] = rejudge(arm, settings, a.rejudge_games, a.workers)
    print()
    print("| arm | games simulated | candidates judged | games kept | median quality (kept) "
          "| top-10 median quality | the same ten judged again | top-10 median of niche elites | niches filled | time |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(row("blind sampling", b_arm, b_archive, niches, b_secs))
    print(row("search (MAP-Elites)", s_arm, s_archive, niches, s_secs))
    sb, bb = top_median([q for q, _ in s_arm["kept"]]), top_median([q for q, _ in b_arm["kept"]])
    if sb is not None and bb is not None:
        verdict = "higher" if sb > bb else "not higher"
        print(f"\nthe search's top-10 median quality is {verdict} than blind sampling's: {sb:.3f} against {bb:.3f}"
              + (f" (judged again with seed 1 and {a.rejudge_games} games per count: "
                 f"{median(s_arm['again']):.3f} against {median(b_arm['again']):.3f})"
                 if s_arm["again"] and b_arm["again"] else ""))
    if a.out:
        print(f"the search's archive and its picture: {a.out}/")


if __name__ == "__main__":
    main()
