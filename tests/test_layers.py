"""The house's layers point one way (docs/architecture.md), read from the source's own imports:
the engine never imports the bots; no family's package imports another family's (what two
families share lives in ``engine/shedding`` or the kernel of its layer), and no generic file imports a family; the playtest never imports
the mending or the judging above it, and the mending never imports the judging."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

from generator.families import FAMILIES

GENERATOR = Path(__file__).resolve().parents[1] / "generator"


def imports_of(path: Path) -> set[str]:
    """The absolute module names one file imports (relative imports resolved against its package),
    lazy imports inside functions included."""
    package = ".".join(path.relative_to(GENERATOR.parent).parts[:-1])   # a module's package, or an __init__'s own
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.add(name)
            out.update(f"{name}.{a.name}" for a in node.names)
    return out


def files(folder: str) -> list[Path]:
    return sorted((GENERATOR / folder).rglob("*.py"))


def importers(folder: str, target: str) -> list[str]:
    """The files under ``folder`` that import anything under the module ``target``."""
    return [str(p.relative_to(GENERATOR)) for p in files(folder)
            if any(m == target or m.startswith(target + ".") for m in imports_of(p))]


#: Each family's package, by family name (the package its registration lives in).
PACKAGES = {name: f.engine.split(":")[0].rsplit(".", 1)[0] for name, f in FAMILIES.items()}


def folder_of(package: str) -> str:
    return package.removeprefix("generator.").replace(".", "/")


def test_the_engine_never_imports_the_bots():
    """Neither the engine's kernel nor a family's engine (``families/<family>/engine``)."""
    assert importers("engine", "generator.bots") == []
    for package in PACKAGES.values():
        assert importers(folder_of(package) + "/engine", "generator.bots") == [], package


@pytest.mark.parametrize("family", sorted(PACKAGES))
def test_no_family_imports_another_family(family):
    own = PACKAGES[family]
    for other_family, other in PACKAGES.items():
        if other != own:
            assert importers(folder_of(own), other) == [], (family, other_family)


def test_the_generic_layers_never_import_a_family():
    """Outside its own package a family is reached only through its registration (lazy
    references), so no generic file imports any family's package."""
    generic = [p for p in files(".") if not any(p.is_relative_to(GENERATOR / folder_of(pkg)) for pkg in PACKAGES.values())]
    found = [(str(p.relative_to(GENERATOR)), m) for p in generic for m in imports_of(p)
             if any(m == pkg or m.startswith(pkg + ".") for pkg in PACKAGES.values())]
    assert found == []


def test_playtest_knows_nothing_of_mending_or_judging_and_mending_nothing_of_judging():
    assert importers("playtest", "generator.mend") == []
    assert importers("playtest", "generator.judging") == []
    assert importers("mend", "generator.judging") == []


def test_every_import_inside_the_package_names_a_module_that_exists():
    """A lazy import (inside a function) is only run when its branch is: after a file moves, one
    left pointing at the old place would fail only then (a Dask run, say). Every ``from X import``
    within the package must name a module that exists."""
    missing = []
    for path in files("."):
        for name in imports_of(path):
            if name.startswith("generator.") and not _exists(name):
                missing.append((str(path.relative_to(GENERATOR)), name))
    assert missing == []


def _exists(name: str) -> bool:
    """A module, or a name defined in a module (``generator.engine.Game``)."""
    if _package_exists(name):
        return True
    module, _, attr = name.rpartition(".")
    return _package_exists(module) and hasattr(importlib.import_module(module), attr)


def _package_exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def test_the_reader_of_imports_sees_relative_and_lazy_imports():
    """The checks above would pass vacuously if relative or lazy imports were missed."""
    seen = imports_of(GENERATOR / "families" / "climbing" / "engine" / "scoring.py")
    assert "generator.engine.shedding.scoring" in seen and "generator.engine.trick_scoring.HandScorer" in seen
    assert "generator.mend" in imports_of(GENERATOR / "judging" / "__init__.py")
    assert importers("bots", "generator.engine") != []


@pytest.mark.slow
def test_every_family_module_imports_first():
    """A family's module is importable before anything else of the package (a worker resolving a
    lazy reference starts there): no cycle between the registry, the spec's union of play sections
    and the family's own parts holds only because something else was imported first. One fresh
    process imports each module with every module of the package (and of the tests) forgotten
    before it, the libraries kept: a fresh start of the package, at a fraction of an interpreter's."""
    import subprocess
    import sys

    names = sorted(".".join(p.relative_to(GENERATOR.parent).with_suffix("").parts).removesuffix(".__init__")
                   for package in PACKAGES.values() for p in (GENERATOR / folder_of(package)).rglob("*.py"))
    script = ("import importlib, sys, traceback\n"
              "bad = []\n"
              "for name in sys.argv[1:]:\n"
              "    for m in [m for m in sys.modules if m.split('.')[0] in ('generator', 'tests')]:\n"
              "        del sys.modules[m]\n"
              "    try:\n"
              "        importlib.import_module(name)\n"
              "    except Exception:\n"
              "        bad.append((name, traceback.format_exc(limit=1)))\n"
              "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", script, *names], capture_output=True, text=True,
                         cwd=GENERATOR.parent, check=True)
    assert len(names) > 30 and out.stdout.strip() == "[]", out.stdout[-3000:]


#: Fields two families keep under one name with different meanings (climbing's ``passed``: the seats
#: that passed in the trick; matching's: each seat's latest pass. Matching's ``drawn``: the card
#: just drawn; melding's: the cards drawn this turn): each is its family's own.
OWN_MEANINGS = frozenset({"passed", "drawn"})


def test_state_several_families_keep_is_declared_once():
    """A field more than one family's phases keep is declared once, by the shared mechanic it
    belongs to (going out and titles, rows, turns at a table of discard piles, tricks, the
    direction of play), and the families compose it: no family declares it again."""
    from collections import defaultdict

    from generator.engine.phase import DIRECTION
    from generator.engine.shedding.scoring import GOING_OUT, TITLES
    from generator.engine.shedding.table import TABLE_TURNS
    from generator.engine.shedding.tokens import ROWS
    from generator.engine.trick_scoring import TRICKS

    shared = {**GOING_OUT, **TITLES, **ROWS, **TABLE_TURNS, **TRICKS, **DIRECTION}
    keepers: dict[str, set[type]] = defaultdict(set)   # the phase classes that keep each field
    for family in FAMILIES.values():
        for phase in family.load("engine").phases:
            for name, value in {**phase.hand_fields, **phase.game_fields}.items():
                keepers[name].add(phase)
                if name in shared:
                    assert value is shared[name], (phase.__name__, name)
    several = {name for name, phases in keepers.items() if len(phases) > 1}
    assert several - OWN_MEANINGS <= set(shared), sorted(several - OWN_MEANINGS - set(shared))


def test_the_text_never_plays_a_game():
    """The text layer prints what it is given: the worked example is played above it
    (``generator.rulebook``) and passed in; no file of ``text/`` imports the engine, the bots, the
    playtest or the publisher."""
    for layer in ("generator.engine", "generator.bots", "generator.playtest", "generator.publish",
                  "generator.rulebook"):
        assert importers("text", layer) == [], layer
