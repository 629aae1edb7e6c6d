"""The module registry (generator.modules): every trick-taking module of the catalogue has its five
places — spec fields, sampler rows and functions, rulebook templates, parser rules, engine — and
sampling reaches every module. ``check_registry`` follows every pointer: the real registry passes
it, and a registry with one place knocked out (of each kind) fails it."""

from __future__ import annotations

import ast
import dataclasses
import types
from pathlib import Path

import pytest
from pydantic import BaseModel

from generator.checks import check_spec
from generator.families import FAMILIES, check_family, template_path
from generator.modules import (
    BY_ID, DRAWN_BY, ENGINE, MODULES, PARSER, PLACES, SOME_FAMILIES, Module, Share, check_family_rows, check_registry,
    gather, modules_of, spec_paths, template_references,
)
from generator.refs import resolve, resolves
from generator.sample import sample_game
from generator.spec.game import NOT_RULES
from generator.spec import GameSpec
from generator.text import sections
from generator.text.render import DERIVED_FROM, _derived
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
# NOT_RULES: spec fields that are not rules (how the game was made): no module claims them.
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


def test_the_registry_walks_the_spec_as_this_test_does() -> None:
    """``check_registry``'s spec place tests module fields against ``spec_paths``: every path of the
    walk of the spec model written here, and the fields of list items (a matching effect's, a mend's) too."""
    assert EVERY <= set(spec_paths())


def test_every_spec_field_belongs_to_a_module() -> None:
    claimed = {f for m in MODULES for f in m.fields}
    for leaf in LEAVES - CONSTANTS:
        if leaf.startswith(NOT_RULES):
            continue
        parts = leaf.split(".")
        assert any(".".join(parts[:k]) in claimed for k in range(1, len(parts) + 1)), f"no module claims {leaf}"


def test_engine_table_is_used() -> None:
    assert {key for m in MODULES for key in m.engine} == set(ENGINE)


def test_parser_table_is_used() -> None:
    assert {key for m in MODULES for key in m.parser_phases} == set(PARSER)
    assert all(resolves(ref) is None for ref in PARSER.values()), PARSER


def test_the_rulebook_includes_the_templates_its_sections_name() -> None:
    """The top template includes each section's piece; ``check_registry``'s template place checks that
    every module's templates are among the pieces the sections name."""
    top = (TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    assert "{% include piece.template %}" in top
    assert all(template_path(name).is_file() for name in sections.templates(FAMILIES.values()))


def test_present_on_plain_whist() -> None:
    """The optional modules are absent from plain whist; the always-present ones are there."""
    used = set(modules_of(make_spec()))
    assert {"SU-04", "SU-08", "SU-09", "SU-10", "BD-01", "BD-03", "TT-10", "TT-14", "SC-T2", "SC-T4"}.isdisjoint(used)
    assert {"DL-01", "TT-01", "TT-04", "TT-12", "SU-02", "SC-T3", "EN-03"} <= used


@pytest.mark.slow
def test_sampling_reaches_every_module_and_passes_the_checks() -> None:
    """The issue asks 10,000 seeds (``python benchmarks/modules.py``); 3,000 of each family already
    reach every module."""
    seen: dict[str, int] = {m.id: 0 for m in MODULES}
    for family in FAMILIES:
        for seed in range(N_SEEDS):
            spec = sample_game(seed, family=family).spec
            assert check_spec(spec) == [], (family, seed)
            for mid in modules_of(spec):
                seen[mid] += 1
    missing = [mid for mid, n in seen.items() if n == 0]
    assert not missing, f"never sampled in {N_SEEDS} seeds: {missing}"


# --- the registry is gathered from the families ---------------------------------------------------------


def test_the_registry_is_gathered_from_the_families_rows() -> None:
    """``MODULES`` is the shared modules with each registered family's own (its games' alone) and its
    part in the shared ones; a shared module only some families draw is theirs, as their ``SHARES`` say."""
    assert gather(FAMILIES.values()) == (MODULES, BY_ID, ENGINE, DRAWN_BY)
    for family in (f for f in FAMILIES.values() if f.modules is not None):
        rows = resolve(family.modules)
        assert all(BY_ID[m.id].families == (family.name,) for m in rows.MODULES), family.name
        assert all(ENGINE[key] == ref for key, ref in rows.ENGINE.items()), family.name
    for mid, names in DRAWN_BY.items():
        assert BY_ID[mid].families == names and names == tuple(
            f.name for f in FAMILIES.values() if f.modules is not None and mid in resolve(f.modules).SHARES), mid


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_familys_rows_wire_with_the_shared_ones_alone(family: str) -> None:
    """One family's registry (the shared modules and its rows, no other family's) is wired in every
    place; the shared modules only other families draw are left out, and no other family's engine
    place is named."""
    alone = gather([FAMILIES[family]])
    assert check_registry(alone.modules) == []
    assert all(set(names) == {family} for names in alone.drawn_by.values())
    assert all(m.id in alone.drawn_by for m in alone.modules if m.id in SOME_FAMILIES)
    assert {key for m in alone.modules for key in m.engine} <= set(alone.engine)


def test_the_registry_follows_the_registered_families(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables are those of the families registered when asked (a family registered from outside
    the package is gathered too); unchanged families give the same tables, not a new gathering."""
    import generator.modules as registry

    before = registry.MODULES
    assert registry.MODULES is before and registry.ENGINE is registry.ENGINE
    # the registry as it would be without trick-taking (FAMILIES itself keeps its order)
    monkeypatch.setattr(registry, "FAMILIES", {n: f for n, f in FAMILIES.items() if n != "trick-taking"})
    assert "TT-10" not in registry.BY_ID and "SU-02" not in registry.BY_ID and "play" not in registry.ENGINE
    assert "BD-03" in registry.BY_ID and registry.BY_ID["DK-03"].families == ("climbing", "fishing", "matching")
    monkeypatch.undo()
    assert registry.MODULES is before


def test_the_central_tables_name_no_family() -> None:
    """``generator/modules.py`` and ``generator/sample/frequencies.py`` gather the families' rows: in
    their code no family's name, engine place, parser phase or registration is named."""
    words = {w for f in FAMILIES.values() for w in (f.name, *(resolve(f.modules).ENGINE if f.modules else ()))}
    identifiers = {f.name.upper().replace("-", "_") for f in FAMILIES.values()} | {"TRICKS", "CLIMB", "MATCH", "MELD"}
    for path in (ROOT / "generator" / "modules.py", ROOT / "generator" / "sample" / "frequencies.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in words and node.value.partition(":")[0] not in FAMILIES, (path.name, node.value)
            elif isinstance(node, ast.Name):
                assert node.id not in identifiers, (path.name, node.id)


def test_a_familys_rows_are_checked_with_its_registration() -> None:
    """``check_family`` rejects rows that are not ``Module`` rows, an engine place already taken (by
    the shared places or another family) and a part in a module that is not a shared one."""
    tricks = FAMILIES["trick-taking"]
    rows = types.SimpleNamespace(MODULES=(BY_ID["TT-10"],), ENGINE={"deal": "x:Y", "climb": "x:Y", "boost": "x:Y"},
                                 SHARES={"TT-10": Share(), "XX-01": Share(), "SU-02": Share()})
    problems = check_family_rows(tricks, rows)
    assert any("'deal' is already a shared place" in p for p in problems), problems
    assert any("'climb' is already climbing's" in p for p in problems), problems
    assert sum("SHARES names" in p for p in problems) == 2 and not any("boost" in p or "SU-02" in p for p in problems)
    assert check_family_rows(tricks, types.SimpleNamespace(MODULES=[], ENGINE={})), "a list is not the rows"
    assert check_family(tricks, ["modules"]) == []


# --- check_registry: the real registry passes, a registry missing a place fails ------------------------


@pytest.mark.parametrize("place", PLACES)
def test_the_registry_wires_every_module_in(place: str) -> None:
    """Every module of the registry in one kind of place (one test per place, so a failure names it):
    the spec fields exist; the sampler rows exist and the sampler functions resolve; the templates
    exist, are included by the rulebook and print every field; the parser rules exist, mirror the
    templates and read every field; the engine places resolve to a class or function (only naming
    has none). The per-module tests of each place that checked a part of this were folded in here."""
    assert check_registry(MODULES, [place]) == []


def test_the_registry_wires_every_place() -> None:
    assert check_registry(MODULES) == []


def _without(mid: str, **changes) -> tuple[Module, ...]:
    """The registry with one module's places changed."""
    return tuple(dataclasses.replace(m, **changes) if m.id == mid else m for m in MODULES)


#: (place, module, the change that breaks it, words the problem must contain).
BROKEN = [
    ("spec", "TT-10", {"fields": ()}, "names no spec field"),
    ("spec", "TT-10", {"fields": ("play.boosted",)}, "play.boosted is not a field"),
    ("sampler", "TT-10", {"sampler": "TT-10 nothing"}, "no row"),
    ("sampler", "TT-10", {"draws": ()}, "no sampler function"),
    ("sampler", "TT-10", {"draws": ("generator.families.trick_taking.sampler:draw_boost",)}, "has no draw_boost"),
    ("sampler", "TT-10", {"draws": ("generator.families.trick_taking.sampler:BOOST_NAMES",)}, "not a function"),
    ("template", "TT-10", {"templates": ()}, "names no template"),
    ("template", "TT-10", {"templates": ("rules/boost.md.j2",)}, "no file"),
    ("template", "TT-10", {"templates": ("publish/page.html.j2",)}, "does not include"),
    ("template", "TT-10", {"templates": ("rules/scoring.md.j2",)}, "prints none of play.boost"),
    ("template", "BD-03", {"templates": ("rules/bidding.md.j2",), "parser": ("bidding:auction",)},
     "play.opening_leader is not printed"),
    ("parser", "TT-10", {"parser": ()}, "names no parser rule"),
    ("parser", "TT-10", {"parser": ("trick-taking:boosted",)}, "no rule or step trick-taking:boosted"),
    ("parser", "TT-10", {"parser": ("trick-taking:next",)}, "reads none of play.boost"),
    ("parser", "TT-10", {"parser": ("scoring:extra",)}, "do not mirror its templates"),
    ("parser", "TT-01", {"parser": ("trick-taking:leader",)}, "play.opening_card is not read"),
    ("engine", "TT-10", {"engine": ()}, "no engine place"),
    ("engine", "TT-10", {"engine": ("boost",)}, "not a place of ENGINE"),
]


@pytest.mark.slow
@pytest.mark.parametrize("place, mid, changes, words", BROKEN, ids=lambda x: x if isinstance(x, str) else None)
def test_a_registry_missing_a_place_is_rejected(place: str, mid: str, changes: dict, words: str) -> None:
    problems = check_registry(_without(mid, **changes), [place])
    assert any(p.startswith(f"{mid}: {place}:") and words in p for p in problems), problems


def test_every_kind_of_place_can_be_rejected() -> None:
    assert {place for place, *_ in BROKEN} == set(PLACES)


def test_an_engine_place_that_does_not_resolve_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ENGINE, "ending", "generator.engine.ending:NoSuchRules")
    assert any("has no NoSuchRules" in p for p in check_registry([BY_ID["EN-04"]], ["engine"]))
    monkeypatch.setitem(ENGINE, "ending", "generator.engine.actions:PASS_BID")
    assert any("not a class or function" in p for p in check_registry([BY_ID["EN-04"]], ["engine"]))


def test_a_module_registered_twice_is_rejected() -> None:
    assert "TT-10: registered 2 times" in check_registry((*MODULES, BY_ID["TT-10"]), [])


def test_modules_point_at_the_parsers_rule_objects() -> None:
    boost = BY_ID["TT-10"].parser_rules()
    assert [(r.name, r.handler.__name__) for r in boost] == [("boost", "_boost")]
    assert BY_ID["TT-04"].draw_functions()[0].__name__ == "draw_following"


def test_template_references_follow_aliases_and_derived_values() -> None:
    intro = template_references("rules/intro.md.j2")
    assert {"naming.name", "naming.aliases", "players.min", "naming.show_country", "naming.country"} <= intro
    play = template_references("families/trick_taking/play.md.j2")
    assert {"play.boost.rank", "play.kitty_capture.card", "setup.anti_trumps", "setup.pig.name"} <= play
    assert "play.boost" not in template_references("rules/scoring.md.j2")


def test_derived_values_name_the_fields_they_come_from() -> None:
    assert set(DERIVED_FROM) == set(_derived(make_spec()))
    assert {f for fs in DERIVED_FROM.values() for f in fs} <= spec_paths()
