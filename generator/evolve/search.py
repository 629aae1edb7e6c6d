"""The MAP-Elites loop: an initial batch across every family, then generations of children.

Generation 0 is a batch of sampled drafts, round robin over the registered families so that each
takes part. Every later generation breeds a batch of candidates from the archive's elites: most
by mutation or crossover of elites chosen uniformly, a few fresh drafts (of a family chosen
uniformly) so that a family or niche the archive lacks can still be found. The whole batch is
judged by the playtest (``judge_all``: one candidate per worker, verdicts in order) and each
candidate that passes is placed in its niche if the niche is empty or it beats the elite there.
The run stops after ``generations`` or once ``budget`` games have been simulated.

Every choice of a generation comes from a stream seeded by the run's seed and the generation's
number, and from the archive as the previous generation left it; the verdicts do not depend on
the workers. So a run gives the same archive on one worker, two or a Dask cluster, and a run
resumed from its archive ends as it would have without the interruption.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..families import FAMILIES, family_of
from .. import judging
from ..judging import JudgeOptions, Judged, Judges
from ..sample import SamplingError, sample_game
from ..spec import GameSpec
from ..spec.provenance import Provenance
from . import BOUNDS
from .archive import Archive, Elite, slug
from .niches import niche_of
from .operators import crossover, mutate


@dataclass(frozen=True)
class Settings:
    """A run's settings, saved in its archive (a resumed run keeps them, but for its stopping point)."""

    seed: int = 0
    initial: int = 24          # drafts of generation 0
    batch: int = 16            # candidates of each later generation
    generations: int = 20      # generations after the initial one
    budget: int = 4_000        # games simulated, after which no generation starts
    crossover: float = 0.3     # share of children bred by crossover (the rest by mutation or fresh)
    fresh: float = 0.15        # share of each batch drawn fresh by the sampler
    tier: int = 1
    games: int = 20            # Tier-1 games per player count
    tier2_games: int = 10
    rollouts: int = 1
    mend: bool = False

    def judge_options(self) -> JudgeOptions:
        return JudgeOptions(tier=self.tier, games=self.games, seed=0, tier2_games=self.tier2_games,
                            rollouts=self.rollouts, max_rollouts=max(self.rollouts, 4), mend=self.mend)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Settings":
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    @classmethod
    def from_saved(cls, data: Any) -> "Settings":
        """The settings saved in an archive, held to the command line's bounds; a ValueError
        whose message starts with the field (``games: …``) otherwise."""
        if not isinstance(data, dict):
            raise ValueError("settings: not a table of settings")
        for key in data:
            if key not in cls.__dataclass_fields__:
                raise ValueError(f"{str(key)[:40]}: not a setting of a run")
        for key in cls.__dataclass_fields__:
            if key not in data:
                raise ValueError(f"{key}: missing")
            value = data[key]
            if key == "mend":
                if not isinstance(value, bool):
                    raise ValueError(f"mend: {_shown(value)} is not true or false")
            elif key in ("crossover", "fresh"):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                    raise ValueError(f"{key}: {_shown(value)} is not a share from 0 to 1")
            elif isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{key}: {_shown(value)} is not a whole number")
            elif key in BOUNDS and not BOUNDS[key][0] <= value <= BOUNDS[key][1]:
                lo, hi = BOUNDS[key]
                raise ValueError(f"{key}: {_shown(value)} is not in the range {lo} to {hi:,}")
        if data["crossover"] + data["fresh"] > 1:
            raise ValueError("fresh: the shares of crossover and fresh drafts add up to more than 1")
        return cls.from_dict(data)


def _shown(value: Any) -> str:
    """A saved value as an error quotes it: its JSON, cut short."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


@dataclass
class Candidate:
    """A game to judge, with the id it will have if it becomes an elite."""

    id: str
    spec: GameSpec


def _stream(seed: int, generation: int) -> random.Random:
    return random.Random(f"parlour-evolve:{seed}:{generation}")


def _draft(seed: int, family: str, run_seed: int) -> GameSpec | None:
    try:
        spec = sample_game(seed, family=family).spec
    except SamplingError:
        return None
    return spec.model_copy(update={"provenance": Provenance(origin="generated", seed=seed, family=family,
                                                            run_seed=run_seed)})


def _id(generation: int, k: int, spec: GameSpec) -> str:
    return f"g{generation:03d}-{k:03d}-{slug(spec.naming.name)}"


def initial_batch(settings: Settings, generation: int = 0) -> list[Candidate]:
    """Sampled drafts, the families in turn (draft k is of family k mod the number of families)."""
    rng = _stream(settings.seed, generation)
    families = list(FAMILIES)
    out: list[Candidate] = []
    for k in range(settings.initial if generation == 0 else settings.batch):
        seed = rng.randrange(2**31)
        spec = _draft(seed, families[k % len(families)], settings.seed)
        if spec is not None:
            out.append(Candidate(_id(generation, k, spec), spec))
    return out


def breed(archive: Archive, settings: Settings, generation: int) -> list[Candidate]:
    """The candidates of a generation after the first (see the module's docstring). Every random
    number a child needs is drawn before it is bred, so one child's retries never move another's."""
    elites = archive.ordered()
    if not elites:  # nothing passed yet: keep sampling
        return initial_batch(settings, generation)
    rng = _stream(settings.seed, generation)
    families = list(FAMILIES)
    out: list[Candidate] = []
    for k in range(settings.batch):
        roll, seed = rng.random(), rng.randrange(2**31)
        parent = rng.choice(elites)
        mates = [e for e in elites if e.niche.family == parent.niche.family and e is not parent]
        pair = (rng.choice(mates), rng.choice(mates)) if mates else None
        fresh_family = rng.choice(families)
        spec: GameSpec | None = None
        if roll < settings.fresh:
            spec = _draft(seed, fresh_family, settings.seed)
        elif roll < settings.fresh + settings.crossover and pair is not None:
            trio = [(e.id, e.spec) for e in (parent, *pair)]
            child = crossover(trio, seed, settings.seed)
            spec = child.spec if child else None
        if spec is None:
            child = mutate(parent.spec, parent.id, seed, settings.seed)
            spec = child.spec if child else _draft(seed, family_of(parent.spec).name, settings.seed)
        if spec is not None:
            out.append(Candidate(_id(generation, k, spec), spec))
    return out


@dataclass
class Executor:
    """Where candidates are judged (as ``judge_all`` takes it)."""

    workers: int | None = 1
    scheduler: str | None = None
    dask_local: bool = False


def judge_generation(candidates: list[Candidate], judges: Judges, until: float | None = None) -> Iterator[Judged]:
    return judges.judge_all((c.spec for c in candidates), until)


def place(archive: Archive, generation: int, candidates: list[Candidate], verdicts: list[Judged]) -> list[Elite]:
    """Account for a judged generation and place its games that passed; the new elites."""
    new: list[Elite] = []
    passed = 0
    for cand, judged in zip(candidates, verdicts):
        archive.candidates += 1
        archive.games += judged.games
        if not judged.passed:
            archive.rejected.update({r.code for r in judged.report.reasons})
            continue
        passed += 1
        archive.passed += 1
        archive.mended += judged.mended
        quality = judged.quality
        assert quality is not None
        elite = Elite(cand.id, niche_of(judged.spec, judged.report), quality, judged.spec, generation,
                      report=judged.report.as_dict(), mended=judged.mended)
        if archive.place(elite):
            new.append(elite)
    archive.generation = generation
    qualities = sorted(e.quality for e in archive.elites.values())
    archive.history.append({"generation": generation, "candidates": len(candidates), "passed": passed,
                            "placed": sum(1 for e in new if archive.elites.get(e.niche) is e),
                            "games": archive.games, "niches": len(archive.elites),
                            "best": qualities[-1] if qualities else None})
    return new


def finished(archive: Archive, settings: Settings) -> bool:
    """No generation is left to run: the last one is done, or the budget is spent."""
    return archive.generation >= settings.generations or (archive.generation >= 0 and archive.games >= settings.budget)


def run(archive: Archive, settings: Settings, executor: Executor, out: Path | None = None,
        progress: Callable[[int, int, int], None] | None = None,
        seen: Callable[[Candidate, Judged], None] | None = None, minutes: float | None = None) -> Archive:
    """Run generations until ``finished``; after each, save the archive in ``out`` (if given).
    ``progress(generation, judged, of)`` is called as candidates are judged, ``seen(candidate,
    verdict)`` with every verdict of a generation once it is placed (a benchmark's account).

    ``minutes``: a time budget. When it is spent the run stops: the generation under way is cut
    after the candidates judged by then (the rest are not judged), placed and saved as a whole
    generation whose history says ``cut``, and no other generation starts. A cut run depends on
    the machine's speed, not only on its seed; a run that ends within its budget is the run it
    would have been without one. A generation of which no candidate was judged in time is not
    kept. Returns the archive; ``archive.cut`` tells whether the budget stopped it."""
    if finished(archive, settings):
        return archive
    until = None if minutes is None else judging.clock() + 60 * minutes
    # one pool (or cluster) for the whole run, not one a generation
    with Judges(settings.judge_options(), executor.workers, executor.scheduler, executor.dask_local) as judges:
        while not finished(archive, settings):
            generation = archive.generation + 1
            candidates = initial_batch(settings) if generation == 0 else breed(archive, settings, generation)
            verdicts: list[Judged] = []
            for judged in judge_generation(candidates, judges, until):
                verdicts.append(judged)
                if progress:
                    progress(generation, len(verdicts), len(candidates))
            if len(verdicts) < len(candidates):   # the time budget is spent
                archive.cut = True
                if not verdicts:
                    break
                candidates = candidates[:len(verdicts)]
            new = place(archive, generation, candidates, verdicts)
            if archive.cut:
                archive.history[-1]["cut"] = True
            if out is not None:
                archive.save(out, new)
            if seen:
                for cand, judged in zip(candidates, verdicts):
                    seen(cand, judged)
            if archive.cut:
                break
    return archive


__all__ = ["Candidate", "Executor", "Settings", "breed", "finished", "initial_batch", "judge_generation", "place",
           "run"]
