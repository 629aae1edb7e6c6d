"""The module registry (generator.modules): every trick-taking module of the catalogue has its five
places — spec fields, sampler rows, rulebook templates, parser, engine — and sampling reaches
every module. A test here fails as soon as one place is missing for one module."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from pydantic import BaseModel

from generator.checks import check_spec
from generator.modules import ENGINE, MODULES, PARSER, Module, modules_of
from generator.sample import sample_game
from generator.sample.frequencies import _rules
from generator.spec import GameSpec
from tests.conftest import annotation_parts, make_spec

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
#: The issue-3 modules (and the earlier ones) the registry must hold.
REQUIRED = {
    "SU-02", "SU-03", "SU-04", "SU-05", "SU-06", "SU-07", "SU-08", "SU-09", "SU-10", "BD-01", "BD-03",
    "TT-01", "TT-02", "TT-03", "TT-04", "TT-05", "TT-06", "TT-07", "TT-08", "TT-09", "TT-10", "TT-11", "TT-12",
    "TT-13", "TT-14", "SC-T1", "SC-T2", "SC-T3", "SC-T4", "SC-T5", "SC-T6", "EN-02", "EN-03", "EN-04",
}
#: Spec fields that are constants, not modules.
CONSTANTS = {"version", "play.family"}
N_SEEDS = 3000


def _paths(model: type[BaseModel], prefix: str = "") -> tuple[set[str], set[str]]:
    """(every field path, the leaf paths) of a model, through optional and union-typed models."""
    every: set[str] = set()
    leaves: set[str] = set()
    for name, info in model.model_fields.items():
        path = f"{prefix}{name}"
        every.add(path)
        _, models = annotation_parts(info.annotation)
        for sub in models:
            e, lv = _paths(sub, path + ".")
            every |= e
            leaves |= lv
        if not models:
            leaves.add(path)
    return every, leaves


EVERY, LEAVES = _paths(GameSpec)


def test_ids_are_unique_and_the_required_modules_are_registered() -> None:
    ids = [m.id for m in MODULES]
    assert len(ids) == len(set(ids))
    assert REQUIRED <= set(ids), REQUIRED - set(ids)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_spec_place(module: Module) -> None:
    assert module.fields, f"{module.id} names no spec field"
    for path in module.fields:
        assert path in EVERY, f"{module.id}: {path} is not a field of GameSpec"


def test_every_spec_field_belongs_to_a_module() -> None:
    claimed = {f for m in MODULES for f in m.fields}
    for leaf in LEAVES - CONSTANTS:
        parts = leaf.split(".")
        assert any(".".join(parts[:k]) in claimed for k in range(1, len(parts) + 1)), f"no module claims {leaf}"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_sampler_place(module: Module) -> None:
    rows = {row[0] for row in _rules()}
    assert module.sampler in rows, f"{module.id}: no row {module.sampler!r} in generator.sample.frequencies"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_rulebook_place(module: Module) -> None:
    top = (TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    text = ""
    for name in module.templates:
        path = TEMPLATES / name
        assert path.is_file(), f"{module.id}: no template {name}"
        assert f'"{name}"' in top, f"{module.id}: the rulebook does not include {name}"
        text += path.read_text(encoding="utf-8")
    for field in module.fields:
        leaf = field.rsplit(".", 1)[-1]
        assert leaf in text, f"{module.id}: {field} is not printed by {', '.join(module.templates)}"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_engine_place(module: Module) -> None:
    if module.engine is None:
        assert module.id.startswith("NM-"), f"{module.id} has no engine place; only naming may have none"
        return
    target = module.engine_path
    assert target is not None
    name, _, attr = target.partition(":")
    mod = importlib.import_module(name)
    if attr:
        assert hasattr(mod, attr), f"{module.id}: {name} has no {attr}"


def test_engine_table_is_used() -> None:
    assert {m.engine for m in MODULES if m.engine} == set(ENGINE)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.id)
def test_parser_place(module: Module) -> None:
    """Every module has its parser (``generator.text.parse``): the phase modules whose sentence rules
    read its fields back — one for each template that prints it, of the same name."""
    assert module.parser, f"{module.id} names no parser"
    assert {Path(t).name.removesuffix(".md.j2") for t in module.templates} == set(module.parser), (
        f"{module.id}: its parser modules do not mirror its templates")
    text = ""
    for path in module.parser_paths:
        name, _, attr = path.partition(":")
        mod = importlib.import_module(name)
        assert getattr(mod, attr, None), f"{module.id}: {name} has no {attr}"
        text += Path(mod.__file__).read_text(encoding="utf-8")
    for field in module.fields:
        leaf = field.rsplit(".", 1)[-1]
        assert leaf in text, f"{module.id}: {field} is not read by {', '.join(module.parser)}"


def test_parser_table_is_used() -> None:
    assert {key for m in MODULES for key in m.parser} == set(PARSER)


def test_present_on_plain_whist() -> None:
    """The optional modules are absent from plain whist; the always-present ones are there."""
    used = set(modules_of(make_spec()))
    assert {"SU-04", "SU-08", "SU-09", "SU-10", "BD-01", "BD-03", "TT-10", "TT-14", "SC-T2", "SC-T4"}.isdisjoint(used)
    assert {"DL-01", "TT-01", "TT-04", "TT-12", "SU-02", "SC-T3", "EN-03"} <= used


def test_sampling_reaches_every_module_and_passes_the_checks() -> None:
    """The issue asks 10,000 seeds (``python benchmarks/modules.py``); 3,000 already reach every module."""
    seen: dict[str, int] = {m.id: 0 for m in MODULES}
    for seed in range(N_SEEDS):
        spec = sample_game(seed).spec
        assert check_spec(spec) == [], seed
        for mid in modules_of(spec):
            seen[mid] += 1
    missing = [mid for mid, n in seen.items() if n == 0]
    assert not missing, f"never sampled in {N_SEEDS} seeds: {missing}"
