"""The engine's hot modules compiled with Cython, and the import hook that loads them.

Parlour is pure Python. ``make`` also compiles the modules a game spends its time in (``HOT``:
the engine, the families' engines and bots, the strong bot, the playtest's runner) with Cython,
from the very same source files, untouched: nothing is rewritten for the compiler. A compiled
module therefore plays the same games as its source — the same rules in the same order, drawing
the same random numbers — only with less of the interpreter's overhead (about a quarter less CPU
for the seed book's judging, see ``docs/measurements.md``).

Why a hook rather than extension modules beside their sources: an extension module beside a
``.py`` shadows it, so an edited source would silently run its stale compiled self. Here the
compiled files live in ``generator/_compiled/`` with a manifest of the source each was built
from (its BLAKE2 digest), and ``CompiledFinder`` loads one only while its source is unchanged;
an edited, added or removed module runs as Python until ``make`` builds it again. Nothing is
loaded when ``PARLOUR_PURE=1`` is set, which the tests use to prove the two ways play alike.

Build: ``python -m generator.compiled`` (what ``make`` runs; it builds only the modules whose
source changed). Without Cython or a C compiler it says so and Parlour stays pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
#: Where the compiled modules and their manifest live (ignored by git: they belong to a machine).
OUT = PACKAGE / "_compiled"
MANIFEST = OUT / "manifest.json"
#: The modules worth compiling, as globs under the package: where judging and playing spend their
#: time. A package's ``__init__`` stays Python (it is run once, and it is what imports this hook).
HOT = ("engine/*.py", "engine/*/*.py", "families/*/engine/*.py", "families/*/bots.py",
       "families/*/determinize.py", "bots/*.py", "playtest/runner.py", "playtest/metrics.py")
#: Set to 1 to run every module as Python, compiled files or not.
PURE_ENV = "PARLOUR_PURE"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
#: Cython's settings that keep a compiled module's meaning its source's: every value stays a Python
#: object. Annotations are documentation, not C types (a compiled module accepts what its source
#: accepts), and no variable's type is inferred: Cython would take ``c`` in ``for c in range(n)``
#: for a C integer, and ``1 << c`` would then overflow a C integer where Python's grows (a Xeri
#: capture of a card past the 31st named the wrong cards).
DIRECTIVES = {"annotation_typing": False, "infer_types": False, "binding": True, "language_level": 3}
#: What a build was made with: a manifest of other settings is not loaded, and is rebuilt whole.
SETTINGS = hashlib.blake2b(json.dumps(DIRECTIVES, sort_keys=True).encode(), digest_size=8).hexdigest()


def digest(path: Path) -> str:
    return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()


def hot_sources() -> dict[str, Path]:
    """The modules to compile: dotted name -> source file."""
    out = {}
    for pattern in HOT:
        for path in sorted(PACKAGE.glob(pattern)):
            if path.name != "__init__.py":
                rel = path.relative_to(PACKAGE.parent).with_suffix("")
                out[".".join(rel.parts)] = path
    return out


def read_manifest(manifest: Path = MANIFEST) -> dict[str, dict[str, str]]:
    """Module -> {"source": digest, "file": compiled file name}; empty when nothing is built, or
    built for another Python or with other settings, or the manifest is unreadable: then every
    module runs as Python."""
    try:
        data = json.loads(manifest.read_text())
    except (OSError, ValueError):
        return {}
    ours = isinstance(data, dict) and data.get("suffix") == SUFFIX and data.get("settings") == SETTINGS
    return data.get("modules", {}) if ours else {}


class CompiledFinder:
    """A meta-path finder that answers only for the manifest's modules whose compiled file exists
    and whose source is the one it was built from; every other import goes on as usual."""

    def __init__(self, out: Path = OUT, package: Path = PACKAGE):
        self.out, self.package = out, package
        self.modules = read_manifest(out / "manifest.json")
        self.loaded: list[str] = []    # the modules this finder loaded compiled
        self.stale: list[str] = []     # ... and those it left to Python, their source changed

    def find_spec(self, fullname, path=None, target=None):  # noqa: ANN001, ANN201 (importlib's protocol)
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        compiled = self.out / entry["file"]
        source = self.package.parent.joinpath(*fullname.split(".")).with_suffix(".py")
        try:
            fresh = compiled.exists() and digest(source) == entry["source"]
        except OSError:
            fresh = False
        if not fresh:
            self.stale.append(fullname)
            return None
        self.loaded.append(fullname)
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(compiled))
        return importlib.util.spec_from_file_location(fullname, compiled, loader=loader)


def pure() -> bool:
    """Whether ``PARLOUR_PURE`` asks for every module as Python."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def install() -> CompiledFinder | None:
    """Put the finder first on ``sys.meta_path`` (once), unless ``PARLOUR_PURE`` is set or
    nothing is built."""
    if pure():
        return None
    for f in sys.meta_path:
        if isinstance(f, CompiledFinder):
            return f
    finder = CompiledFinder()
    if not finder.modules:
        return None
    sys.meta_path.insert(0, finder)
    return finder


def finder() -> CompiledFinder | None:
    """The installed finder, if any (for ``status`` and the tests)."""
    return next((f for f in sys.meta_path if isinstance(f, CompiledFinder)), None)


def status() -> str:
    """One line: how many hot modules run compiled in this process."""
    f = finder()
    if f is None:
        why = f"{PURE_ENV} is set" if pure() else "none built"
        return f"compiled modules: none loaded ({why}); pure Python"
    stale = f" ({len(f.stale)} left to Python, their source changed: run make)" if f.stale else ""
    return f"compiled modules: {len(f.loaded)} loaded{stale}"


def build(force: bool = False, jobs: int = 2) -> int:
    """Compile the hot modules whose source changed since the last build; 0 when all are built
    (or when there is nothing to do), 1 when Cython or the C compiler failed (Parlour then runs
    those modules as Python)."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext
    except ImportError:
        print("compiled modules: Cython is not installed; Parlour runs as pure Python", file=sys.stderr)
        return 1
    import shutil
    import tempfile

    sources = hot_sources()
    old = read_manifest()
    want = {name: digest(path) for name, path in sources.items()}
    todo = [name for name in sources if force or old.get(name, {}).get("source") != want[name]
            or not (OUT / old[name]["file"]).exists()]
    kept = {name: old[name] for name in sources if name not in todo}
    if not todo:
        if kept != old:   # (modules no longer hot leave the manifest)
            _write_manifest(kept)
        print(f"compiled modules: all {len(sources)} up to date")
        return 0
    print(f"compiled modules: building {len(todo)} of {len(sources)} with Cython ...", flush=True)
    os.environ.setdefault("CFLAGS", "-O2 -g0")   # after Python's own flags, so these win: no debug info
    with tempfile.TemporaryDirectory(prefix="parlour-build-") as tmp:
        exts = [Extension(name, [str(sources[name])]) for name in todo]
        try:
            modules = cythonize(exts, build_dir=str(Path(tmp) / "c"), nthreads=jobs, quiet=True,
                                compiler_directives=DIRECTIVES)
            dist = Distribution({"ext_modules": modules})
            cmd = build_ext(dist)
            cmd.build_lib, cmd.build_temp = str(Path(tmp) / "lib"), str(Path(tmp) / "tmp")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        except BaseException as e:   # (distutils reports a compiler's failure as SystemExit)
            if isinstance(e, KeyboardInterrupt):
                raise
            print(f"compiled modules: the build failed ({e}); Parlour runs them as pure Python", file=sys.stderr)
            _write_manifest(kept)
            return 1
        OUT.mkdir(exist_ok=True)
        for name in todo:
            built = Path(cmd.get_ext_fullpath(name))
            target = OUT / f"{name}{SUFFIX}"
            # A new inode, never the loaded file rewritten: a running process keeps its mapping.
            tmp_target = target.with_name(target.name + ".new")
            shutil.copyfile(built, tmp_target)
            os.replace(tmp_target, target)
            kept[name] = {"source": want[name], "file": target.name}
    files = {e["file"] for e in kept.values()}
    for stray in OUT.glob(f"*{SUFFIX}"):
        if stray.name not in files:
            stray.unlink()
    _write_manifest(kept)
    print(f"compiled modules: {len(todo)} built, {len(kept)} in all")
    return 0


def _write_manifest(modules: dict[str, dict[str, str]]) -> None:
    if not modules and not OUT.exists():
        return
    OUT.mkdir(exist_ok=True)
    tmp = MANIFEST.with_name("manifest.json.new")
    tmp.write_text(json.dumps({"suffix": SUFFIX, "settings": SETTINGS, "modules": dict(sorted(modules.items()))}, indent=1) + "\n")
    os.replace(tmp, MANIFEST)
