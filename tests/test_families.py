"""The family registry (generator.families): trick-taking is registered with a piece in every
layer, every piece resolves, a registration missing a piece is rejected, the spec's play section and
``--family`` come from the registry, and no generic code tests a family by name."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from generator.checks import Problem, check_spec
from generator.families import (
    ANY, DEFAULT, FAMILIES, Family, SamplerTraits, check_family, choose, family_named, family_of, play_union, register,
)
from generator.refs import UnresolvedReference, resolve
from generator.sample import family_for, sample_game
from generator.families.trick_taking.spec import TrickPlay
from generator.spec import GameSpec, dump_yaml
from generator.text.render import sections_of
from tests.conftest import make_spec

ROOT = Path(__file__).resolve().parents[1]
TRICKS = FAMILIES["trick-taking"]


def test_the_families_are_registered_with_the_seed_books_weights() -> None:
    drawn = {name for name, f in FAMILIES.items() if f.weight > 0}
    assert DEFAULT == "trick-taking" and drawn == {"trick-taking", "climbing", "melding", "matching", "fishing"}
    assert TRICKS.weight == 58 and FAMILIES["climbing"].weight == 39 and FAMILIES["matching"].weight == 33
    assert FAMILIES["melding"].weight == 37
    # beyond the book: fishing's share of the seeds' traditional games (3 of 37), 15 of 182
    assert FAMILIES["fishing"].weight == 15
    assert family_of(make_spec()) is TRICKS
    with pytest.raises(ValueError, match="climbing"):
        family_named("rummikub")


def test_every_piece_but_the_engine_resolves() -> None:
    roles = [r for r in (*Family.REFS, "template") if r not in Family.ENGINE]
    for family in FAMILIES.values():
        assert check_family(family, roles) == []
    assert TRICKS.load("spec") is TrickPlay


def test_the_engine_pieces_resolve() -> None:
    """The play phases, rules and scoring of every family (generator/engine/<family>/)."""
    for family in FAMILIES.values():
        assert check_family(family, Family.ENGINE) == []


@pytest.mark.parametrize("role", [r for r in (*Family.REFS, "template") if r not in Family.ENGINE])
def test_a_registration_missing_a_piece_is_rejected(role: str) -> None:
    if role == "template":
        broken = dataclasses.replace(TRICKS, template="rules/no_such_family.md.j2")
    elif role == "phases":
        broken = dataclasses.replace(TRICKS, phases=("generator.nothing:Here",))
    else:
        broken = dataclasses.replace(TRICKS, **{role: "generator.spec:NoSuchThing"})
    problems = check_family(broken, [role])
    assert problems and problems[0].startswith(f"trick-taking: {role}:"), problems


def test_pieces_of_the_wrong_kind_are_rejected() -> None:
    assert check_family(dataclasses.replace(TRICKS, spec="generator.spec.deck:DeckSpec"), ["spec"])
    assert check_family(dataclasses.replace(TRICKS, parser="generator.text.parse.core"), ["parser"])
    assert check_family(dataclasses.replace(TRICKS, importer="generator.importer.core"), ["importer"])
    assert check_family(dataclasses.replace(TRICKS, sampler="generator.families.trick_taking.sampler:WEAK_NAMES"), ["sampler"])
    assert check_family(dataclasses.replace(TRICKS, weight=-1), [])
    assert check_family(dataclasses.replace(TRICKS, weight=0), []) == []   # a family not in the seed book
    assert check_family(dataclasses.replace(TRICKS, modules="generator.families.trick_taking.sampler"), ["modules"])
    assert check_family(dataclasses.replace(TRICKS, frequencies="generator.sample.frequencies:_REACH_4"),
                        ["frequencies"])


def test_a_family_may_have_no_rows_in_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """``modules`` and ``frequencies`` may be None: the family checks, and the registry and the
    catalogue's rates gather nothing of it (its games use the modules every family shares)."""
    from generator.modules import gather
    from generator.sample.frequencies import _rules

    bare = dataclasses.replace(TRICKS, modules=None, frequencies=None)
    assert check_family(bare, ["modules", "frequencies"]) == [] and bare.load("modules") is None
    ids = {m.id for m in gather([bare]).modules}
    assert "BD-03p" in ids and not any(i.startswith("TT-") or i == "SU-02" for i in ids)
    monkeypatch.setitem(FAMILIES, TRICKS.name, bare)
    assert _rules(TRICKS.name) == [] and _rules()


def test_resolve() -> None:
    assert resolve("generator.spec:GameSpec") is GameSpec
    assert resolve("generator.sample.rng:Draw.wpick").__name__ == "wpick"
    for bad in ("generator.nothing:X", "generator.spec:Nothing", "generator.spec:GameSpec.nothing", ":X", "a:"):
        with pytest.raises(UnresolvedReference):
            resolve(bad)


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError):
        register(TRICKS)
    with pytest.raises(ValueError):
        register(dataclasses.replace(TRICKS, name=ANY))


# --- the spec's play section ----------------------------------------------------------------------


class _Climb(BaseModel):
    """A stand-in play section of a second family, to build the union with."""

    model_config = ConfigDict(extra="forbid")
    family: Literal["climbing"] = "climbing"
    sets: int = 1


def test_the_play_section_is_built_from_the_registry() -> None:
    assert play_union([TRICKS]) is TrickPlay  # one family: its own model, no tag needed
    union_of_all = TypeAdapter(GameSpec.model_fields["play"].annotation)
    assert isinstance(union_of_all.validate_python({"family": "trick-taking", "opening_leader": "dealer"}), TrickPlay)
    climbing = dataclasses.replace(TRICKS, name="climbing", spec=f"{__name__}:_Climb")
    union = TypeAdapter(play_union([TRICKS, climbing]))
    assert isinstance(union.validate_python({"family": "climbing", "sets": 2}), _Climb)
    assert isinstance(union.validate_python({"family": "trick-taking", "opening_leader": "dealer"}), TrickPlay)
    with pytest.raises(ValidationError):
        union.validate_python({"family": "climbing", "opening_leader": "dealer"})


# --- the generic code asks the family -------------------------------------------------------------

_CLIMB_PROBLEM = Problem("RULE_CONFLICT", "play.sets", "a stand-in family's own check")


def _climb_checks(spec: GameSpec) -> list[Problem]:
    return [_CLIMB_PROBLEM]


def test_the_renderer_and_the_checks_ask_the_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of another family gets that family's Play template and that family's checks."""
    climbing = dataclasses.replace(TRICKS, name="climbing", spec=f"{__name__}:_Climb", template="rules/climbing.md.j2",
                                   checks=f"{__name__}:_climb_checks")
    monkeypatch.setitem(FAMILIES, "climbing", climbing)
    spec = make_spec().model_copy(update={"play": _Climb()})  # a spec of the stand-in family
    parts = [p.template for s in sections_of(spec) for p in s["parts"]]
    assert "rules/climbing.md.j2" in parts and "families/trick_taking/play.md.j2" not in parts
    assert _CLIMB_PROBLEM in check_spec(spec)
    assert [p.template for s in sections_of(make_spec()) for p in s["parts"] if s["name"] == "play"] == [
        "families/trick_taking/play.md.j2"]


# --- drawing a family -------------------------------------------------------------------------------


def test_any_family_is_drawn_by_the_books_weights() -> None:
    """Among the registered families (the book's trick-taking 58, climbing 39, melding 37, matching
    33, and Parlour's fishing 15), and among the book's four."""
    rng = random.Random(7)
    registered = Counter(choose(rng).name for _ in range(16_700))
    for name, weight in (("trick-taking", 58), ("climbing", 39), ("melding", 37), ("matching", 33), ("fishing", 15)):
        assert abs(registered[name] / 16_700 - weight / 182) < 0.02, registered
    assert set(registered) == {name for name, f in FAMILIES.items() if f.weight > 0}   # never one of weight 0
    book = [dataclasses.replace(TRICKS, name=n, weight=w)
            for n, w in (("trick-taking", 58), ("climbing", 39), ("melding", 37), ("matching", 33))]
    rng = random.Random(1)
    counts = Counter(choose(rng, book).name for _ in range(16_700))
    for f in book:
        assert abs(counts[f.name] / 16_700 - f.weight / 167) < 0.02, counts


def test_any_family_leaves_the_games_stream_alone() -> None:
    """The family is drawn from its own stream: ``any`` gives exactly the game that naming the
    family it drew gives, and over many seeds draws each family by its weight."""
    drawn = Counter()
    for seed in range(8):
        family = family_for(seed, ANY)
        assert dump_yaml(sample_game(seed, family=ANY).spec) == dump_yaml(sample_game(seed, family=family.name).spec)
    for seed in range(2_000):
        drawn[family_for(seed, ANY).name] += 1
    assert abs(drawn["climbing"] / 2_000 - 39 / 182) < 0.05, drawn
    assert abs(drawn["melding"] / 2_000 - 37 / 182) < 0.05, drawn
    assert abs(drawn["matching"] / 2_000 - 33 / 182) < 0.05, drawn
    assert abs(drawn["fishing"] / 2_000 - 15 / 182) < 0.03, drawn


def test_sampler_traits_default_to_a_plain_family() -> None:
    assert SamplerTraits() == SamplerTraits(deals_all=False, trumps=False, bids_tricks=False, removes_ranks=True,
                                            run_wrap=False, tokens=False, rows=False)


# --- no family by name outside its own files ------------------------------------------------------

_NAME = r"""["'](?:trick-taking|climbing|melding|matching|fishing)["']"""
#: A comparison with a family's name: ``… == "melding"``, ``"climbing" != …``, ``… in ("trick-taking", …)``.
_FAMILY_TEST = re.compile(rf"(?:==|!=)\s*{_NAME}|{_NAME}\s*(?:==|!=|(?:not\s+)?in\b)|\bin\s*[(\[{{][^)\]}}]*{_NAME}")


def test_no_generic_code_tests_a_family_by_name() -> None:
    """The issue's rule: no ``if family == …`` outside a family's own files (its registration,
    and the files at its address ``play_<family>`` in each layer)."""
    offenders = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("generator/families/") or path.stem.startswith("play_"):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if _FAMILY_TEST.search(line.split("#", 1)[0]):
                offenders.append(f"{rel}:{no}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
