"""The toy family goes through every layer by registering alone: the family contract (its
registration wires, sampled games read back from their rulebooks, play to the end with every card
in one place, and are judged) and every command a user runs on a game — generate, check, render,
parse, replay, playtest, book — in processes that find it through ``PARLOUR_FAMILIES``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.families import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MODULE = "tests.toy_family.family"


def _env() -> dict[str, str]:
    return {**os.environ, "PARLOUR_FAMILIES": MODULE, "PYTHONPATH": str(ROOT), "PARLOUR_HYPOTHESIS": "quick"}


def parlour(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=cwd,
                          env=_env(), capture_output=True, text=True, timeout=600)


@pytest.mark.skipif(MODULE in os.environ.get("PARLOUR_FAMILIES", ""), reason="registered for the whole run")
def test_importing_the_package_registers_nothing() -> None:
    """The rest of the suite runs with the seed book's four families (unless the run names it)."""
    assert "stepping" not in FAMILIES


def test_no_file_outside_the_package_names_it() -> None:
    """The code, templates, tests and build files outside this folder never name the family: it is
    one package and its registration (the docs describe it, as an example)."""
    places = [*(ROOT / "generator").rglob("*.py"), *(ROOT / "templates").rglob("*.j2"), *(ROOT / "benchmarks").rglob("*.py"),
              *(p for p in (ROOT / "tests").rglob("*.py") if HERE not in p.parents), ROOT / "Makefile",
              ROOT / "pyproject.toml"]
    naming = [str(p.relative_to(ROOT)) for p in places
              if "stepping" in (text := p.read_text(encoding="utf-8")) or "toy_family" in text]
    assert naming == []


@pytest.mark.slow
def test_the_family_contract_holds() -> None:
    """The family contract suite, run in a process where the family is registered, for it alone."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "stepping",
                          "tests/test_family_contract.py"], cwd=ROOT, env=_env(), capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "4 passed" in out.stdout, out.stdout[-2000:]


@pytest.mark.slow
def test_every_command_plays_it(tmp_path: Path) -> None:
    """sample → playtest → check → render → parse → replay → playtest → book, by the command line
    (the game kept by ``generate --playtest``, whose report the book reuses)."""
    games = tmp_path / "games"
    run = parlour("generate", "--family", "stepping", "--count", "1", "--seed", "2", "--playtest", "--games", "20",
                  "--workers", "1", "--out", str(games), cwd=ROOT)
    assert run.returncode == 0, run.stderr
    (spec,) = sorted(games.glob("*.yaml"))
    assert parlour("check", str(spec), cwd=ROOT).returncode == 0
    md = parlour("render", str(spec), cwd=ROOT)
    assert md.returncode == 0 and "## Play" in md.stdout and "pile's top card" in md.stdout
    text = tmp_path / "rules.md"
    text.write_text(md.stdout, encoding="utf-8")
    back = parlour("parse", str(text), cwd=ROOT)
    assert back.returncode == 0 and "family: stepping" in back.stdout, back.stderr
    replay = parlour("replay", str(spec), "--players", "3", "--seed", "1", cwd=ROOT)
    assert replay.returncode == 0 and " lays the " in replay.stdout, replay.stderr
    judged = parlour("playtest", str(spec), "--games", "20", "--seed", "1", cwd=ROOT)
    assert judged.returncode in (0, 1) and "verdict" in judged.stdout, judged.stderr   # 1: rejected
    book = parlour("book", str(games), "--html", "--out", str(tmp_path / "book.html"), cwd=ROOT)
    assert book.returncode == 0, book.stderr
    page = (tmp_path / "book.html").read_text(encoding="utf-8")
    assert "top card, or next to it in the rank list" in page and "stepping" in page.lower()
