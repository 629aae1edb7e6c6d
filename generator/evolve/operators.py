"""Breeding games: mutation and crossover over the modules the sampler draws.

Neither operator knows a family. A mutation takes its new material from a fresh draft of the
parent's own family (``sample_game`` with a seed of the search's stream): either one whole
section (the deck, the play, the scoring…), one field of a section (one module, such as the play
section's jokers or the ending's condition), or one number (a target, a hand size) as the fresh
draft has it. So every module a child gets is one the sampler could have drawn for that family,
with the sampler's own probabilities. A crossover takes the game by phases from three parents of
one family: the table (players, deck, deal, setup) from one, the play (and its bidding) from
another, the scoring and ending from a third.

A child is only kept if it passes the static checks (``check_spec``) and differs from its parent
in its rules; otherwise it is redrawn, a bounded number of times. It gets a fresh name — the one
the sampler gives its seed — and a provenance naming its parents and the operator.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from ..checks import check_spec
from ..families import family_of
from ..sample import SamplingError, sample_game
from ..spec import GameSpec
from ..spec.provenance import Provenance

#: The sections of a spec a mutation may swap (``naming`` is the child's own, never inherited).
SECTIONS = ("players", "deck", "deal", "setup", "bidding", "play", "scoring", "ending")
#: Crossover's three phases: which sections come from which parent.
PHASES = (("players", "deck", "deal", "setup"), ("bidding", "play"), ("scoring", "ending"))
PHASE_WORDS = ("the table (players, deck, deal, setup)", "the play (and bidding)", "the scoring and ending")
#: How many children an operator may draw and throw away before it gives up.
MAX_TRIES = 24


@dataclass
class Child:
    spec: GameSpec
    operator: str


def _fresh(seed: int, family: str) -> GameSpec | None:
    try:
        return sample_game(seed, family=family).spec
    except SamplingError:
        return None


def _leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every number in the spec's data, with its path (keys and list indices)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        yield path, data


def _get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


def _set(data: Any, path: tuple, value: Any) -> None:
    for k in path[:-1]:
        data = data[k]
    data[path[-1]] = value


def _rules(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("naming", "provenance")}


def _build(data: dict[str, Any], fresh: GameSpec, operator: str, parents: list[str], run_seed: int) -> GameSpec | None:
    """The child: its rules from ``data``, its name from ``fresh``, if it passes the static checks.
    The intro fact is the fresh draft's if the child has its module, else the first parent's,
    else none (a fact must name a module the game has)."""
    base = dict(data)
    name = fresh.naming.model_dump(mode="json")
    facts = [name.get("fact"), data["naming"].get("fact"), None]
    provenance = Provenance(origin="evolved", run_seed=run_seed, family=fresh.family, operator=operator,
                            parents=list(parents)).model_dump(mode="json")
    for fact in dict.fromkeys(facts):
        base["naming"] = {**name, "fact": fact}
        base["provenance"] = provenance
        try:
            spec = GameSpec.model_validate(base)
        except (ValidationError, ValueError):
            return None
        problems = check_spec(spec)
        if not problems:
            return spec
        if any(p.field != "naming.fact" for p in problems):
            return None
    return None


def mutate(parent: GameSpec, parent_id: str, seed: int, run_seed: int) -> Child | None:
    """A child of ``parent`` differing in one section, one module or one number, taken from a
    fresh draft of its family (see the module's docstring); None if MAX_TRIES all fail."""
    rng = random.Random(f"parlour-mutate:{seed}")
    family = family_of(parent).name
    mine = parent.model_dump(mode="json")
    for _ in range(MAX_TRIES):
        fresh = _fresh(rng.randrange(2**31), family)
        if fresh is None:
            continue
        theirs = fresh.model_dump(mode="json")
        data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in mine.items()}
        kind = rng.choice(("section", "module", "number"))
        if kind == "section":
            section = rng.choice(SECTIONS)
            data[section] = theirs[section]
            operator = f"mutation: {section} from a fresh draw"
        elif kind == "module":
            section = rng.choice(SECTIONS)
            fields = sorted(k for k in theirs[section] if mine[section].get(k) != theirs[section][k])
            if not fields:
                continue
            key = rng.choice(fields)
            data[section] = {**mine[section], key: theirs[section][key]}
            operator = f"mutation: {section}.{key} from a fresh draw"
        else:
            import copy

            data = copy.deepcopy(mine)
            ours = dict(_leaves(_rules(mine)))
            paths = sorted((p for p, v in _leaves(_rules(theirs)) if p in ours and ours[p] != v), key=repr)
            if not paths:
                continue
            path = rng.choice(paths)
            value = _get(theirs, path)
            _set(data, path, value)
            operator = f"mutation: {'.'.join(map(str, path))} redrawn ({ours[path]} to {value})"
        if _rules(data) == _rules(mine):
            continue
        child = _build(data, fresh, operator, [parent_id], run_seed)
        if child is not None:
            return Child(child, operator)
    return None


def crossover(parents: list[tuple[str, GameSpec]], seed: int, run_seed: int) -> Child | None:
    """A child of three parents of one family, phase by phase: the table from the first, the play
    from the second, the scoring and ending from the third. A child failing the static checks is
    tried with the parents in another order (the first that passes, in a seeded order); None if
    none passes or the child equals a parent."""
    families = {family_of(p).name for _, p in parents}
    if len(parents) != 3 or len(families) != 1:
        raise ValueError("a crossover takes three parents of one family")
    rng = random.Random(f"parlour-crossover:{seed}")
    fresh = _fresh(rng.randrange(2**31), families.pop())
    if fresh is None:
        return None
    orders = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    rng.shuffle(orders)
    dumps = [p.model_dump(mode="json") for _, p in parents]
    for order in orders:
        data = dict(dumps[order[0]])
        for phase, who in zip(PHASES, order):
            for section in phase:
                data[section] = dumps[who][section]
        if any(_rules(data) == _rules(d) for d in dumps):
            continue
        ids = [parents[i][0] for i in order]
        operator = "crossover: " + ", ".join(f"{w} from {i}" for w, i in zip(PHASE_WORDS, ids))
        child = _build(data, fresh, operator, ids, run_seed)
        if child is not None:
            return Child(child, operator)
    return None


__all__ = ["MAX_TRIES", "PHASES", "SECTIONS", "Child", "crossover", "mutate"]
