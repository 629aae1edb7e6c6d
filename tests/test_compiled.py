"""The compiled modules (``generator.compiled``): loaded only from their unchanged sources, and
playing the same games as Python.

``make`` builds them before the tests, so this process runs compiled (where Cython and a C
compiler exist); the equality test plays the same games again in a process with
``PARLOUR_PURE=1`` and compares the records, move for move, on every family's real games and on
sampled specs of every family: the batch path, the bot API with random bots, a strong bot's
game (its search clones and plays out copies) and a playtest's verdict."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import compiled
from tests.conftest import ROOT

#: Real games of every family, and sampled specs of each (``sample_game(seed, family)``).
REAL = ("corpus/real/whist.yaml", "corpus/real/hearts.yaml", "corpus/real/president.yaml",
        "corpus/real/dou-dizhu.yaml", "corpus/real/crazy-eights.yaml", "corpus/real/switch.yaml",
        "corpus/real/rummy.yaml", "corpus/real/pay-me.yaml", "corpus/real/xeri.yaml",
        "corpus/real/diloti.yaml", "corpus/hyloe/osgodby.yaml", "corpus/hyloe/cliffe-woods.yaml")
SAMPLED = tuple((family, seed) for family in ("trick-taking", "climbing", "matching", "melding", "fishing")
                for seed in (2, 11))

#: Plays every game above and prints their fingerprints as JSON (run in a fresh process, so that
#: the environment decides what loads).
PLAY = r"""
import json, sys
from generator import compiled
from generator.bots import StrongBot
from generator.engine import Game
from generator.playtest import playtest
from generator.sample import sample_game
from generator.spec import load_spec
from tests.golden.make_engine_records import games_of, play_bots, random_bots, record_hash, short_hash
real, sampled = json.loads(sys.argv[1])
out = {}
specs = [(src, load_spec(src)) for src in real] + [(f"{fam}:{s}", sample_game(s, fam).spec) for fam, s in sampled]
for src, spec in specs:
    out.update(games_of(src, spec))
    n = min(spec.players.counts())
    bots = [StrongBot(7, rollouts=2, max_rollouts=8)] + random_bots(n, 7)[1:]
    out[f"{src} strong"] = record_hash(play_bots(Game(spec), n, 7, bots))
for src in real[:3] + real[-3:-1]:
    report = playtest(load_spec(src), games=12, seed=1)
    out[f"{src} playtest"] = short_hash(json.dumps(report.as_dict(), sort_keys=True, ensure_ascii=False))
f = compiled.finder()
print(json.dumps({"loaded": len(f.loaded) if f else 0, "games": out}))
"""


def _play(pure: bool) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(compiled.PURE_ENV, None)
    if pure:
        env[compiled.PURE_ENV] = "1"
    return subprocess.Popen([sys.executable, "-c", PLAY, json.dumps([REAL, SAMPLED])], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _played(run: subprocess.Popen) -> dict:
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, err[-3000:]
    return json.loads(out)


def _built() -> bool:
    return bool(compiled.read_manifest())


@pytest.mark.slow
def test_compiled_and_pure_python_play_the_same_games():
    if not _built():
        pytest.skip("no compiled modules built here (make builds them where Cython and a C compiler exist)")
    runs = _play(False), _play(True)   # side by side
    fast, pure = map(_played, runs)
    assert pure["loaded"] == 0
    assert fast["loaded"] >= len(compiled.hot_sources()) // 2, "the compiled modules did not load"
    assert len(fast["games"]) > 100
    differ = sorted(k for k in fast["games"] if fast["games"][k] != pure["games"].get(k))
    assert not differ, f"{len(differ)} games differ, e.g. {differ[:5]}"
    assert fast["games"].keys() == pure["games"].keys()


def test_this_process_runs_what_was_built():
    """Every hot module whose source is unchanged since the build loads compiled, and only those."""
    if not _built():
        pytest.skip("no compiled modules built here")
    if compiled.pure():
        pytest.skip(f"{compiled.PURE_ENV} is set")
    manifest = compiled.read_manifest()
    for name, path in compiled.hot_sources().items():
        __import__(name)
        module = sys.modules[name]
        fresh = name in manifest and compiled.digest(path) == manifest[name]["source"]
        assert module.__file__.endswith(compiled.SUFFIX) == fresh, name


def _tree(tmp_path: Path, source: str) -> tuple[Path, Path]:
    """A package ``pkg`` with one module, and a compiled-modules folder whose manifest was built
    from ``source`` (its "compiled" file a stand-in: the finder only names it)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text("X = 1\n")
    out = tmp_path / "_compiled"
    out.mkdir()
    (out / f"pkg.mod{compiled.SUFFIX}").write_bytes(b"")
    digest = compiled.digest(package / "mod.py") if source == "same" else "0" * 32
    (out / "manifest.json").write_text(json.dumps(
        {"suffix": compiled.SUFFIX, "settings": compiled.SETTINGS, "modules": {"pkg.mod": {"source": digest, "file": f"pkg.mod{compiled.SUFFIX}"}}}))
    return out, package


def test_a_changed_source_runs_as_python(tmp_path):
    out, package = _tree(tmp_path, "other")
    finder = compiled.CompiledFinder(out, package)
    assert finder.find_spec("pkg.mod") is None
    assert finder.stale == ["pkg.mod"] and finder.loaded == []


def test_an_unchanged_source_loads_its_compiled_file(tmp_path):
    out, package = _tree(tmp_path, "same")
    finder = compiled.CompiledFinder(out, package)
    spec = finder.find_spec("pkg.mod")
    assert spec is not None and spec.origin == str(out / f"pkg.mod{compiled.SUFFIX}")
    assert finder.find_spec("pkg.other") is None   # not in the manifest: the usual import
    (out / f"pkg.mod{compiled.SUFFIX}").unlink()
    assert finder.find_spec("pkg.mod") is None     # its compiled file gone


def test_a_manifest_of_another_python_or_other_settings_is_ignored(tmp_path):
    out, package = _tree(tmp_path, "same")
    (out / "manifest.json").write_text(json.dumps({"suffix": ".cpython-299.so", "settings": compiled.SETTINGS,
                                                   "modules": {"pkg.mod": {}}}))
    assert compiled.CompiledFinder(out, package).modules == {}
    (out / "manifest.json").write_text(json.dumps({"suffix": compiled.SUFFIX, "settings": "other",
                                                   "modules": {"pkg.mod": {}}}))
    assert compiled.CompiledFinder(out, package).modules == {}   # built with other Cython settings
    (out / "manifest.json").write_text("not json")
    assert compiled.CompiledFinder(out, package).modules == {}


def test_pure_python_when_asked():
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{compiled.PURE_ENV: "1"})
    done = subprocess.run([sys.executable, "-c", "import generator.engine.state as s, generator.compiled as c; "
                           "print(s.__file__); print(c.status())"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    where, status = done.stdout.splitlines()
    assert where.endswith("state.py")
    assert "pure Python" in status and compiled.PURE_ENV in status


#: Imports every hot module as a machine without Cython would (``import cython`` fails, and the
#: typed loops take ``compiled.shadow``'s no-op declarations), then plays Xeri's fingerprinted games.
WITHOUT_CYTHON = r"""
import json, sys
sys.modules["cython"] = None   # ``import cython`` now raises ImportError
from generator import compiled
from generator.compiled import shadow
typed = []
for name in compiled.hot_sources():
    module = __import__(name, fromlist=["_"])
    if "cython" in vars(module):
        assert module.cython is shadow, name
        typed.append(name)
from generator.spec import load_spec
from tests.golden.make_engine_records import games_of
print(json.dumps({"typed": typed, "games": games_of("corpus/real/xeri.yaml", load_spec("corpus/real/xeri.yaml"))}))
"""


def test_without_cython_the_typed_loops_run_as_plain_python():
    """A module that declares C types (``@cython.locals``) imports and plays the same games on a
    machine without Cython, where ``compiled.shadow`` stands in for it."""
    from generator.spec import load_spec
    from tests.golden.make_engine_records import games_of

    env = dict(os.environ, PYTHONPATH=str(ROOT), **{compiled.PURE_ENV: "1"})
    done = subprocess.run([sys.executable, "-c", WITHOUT_CYTHON], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert {"generator.engine.chance", "generator.families.fishing.engine.play", "generator.families.climbing.engine.play",
            "generator.families.matching.engine.plain"} <= set(out["typed"])
    xeri = "corpus/real/xeri.yaml"
    assert out["games"] == games_of(xeri, load_spec(ROOT / xeri))
