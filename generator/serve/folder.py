"""The games of the served folder: spec files found under it, read on demand, and a path from a
URL resolved inside the folder or refused (``..``, an absolute path, a link pointing out)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Spec files (``parlour generate`` writes YAML; JSON is a spec too); reports end .report.json.
SUFFIXES = (".yaml", ".yml", ".json")
REPORT = ".report.json"
#: Folders a listing never walks into (a book's fonts, caches, the rejected drafts of a run).
SKIP = {"fonts", "__pycache__", ".git", "rejected"}
#: A listing stops after this many files: the page is for a person's folder, not a disk.
MOST = 2000


@dataclass(frozen=True)
class Entry:
    path: str        # relative to the folder, with forward slashes (the URL's path)
    name: str        # the game's name, or the file's when it does not load
    family: str
    players: str
    problem: str | None


class Folder:
    def __init__(self, root: Path):
        self.root = root.resolve()
        self._specs: dict[str, tuple[float, Any, str | None]] = {}
        self._games: dict[str, tuple[float, Any]] = {}

    def inside(self, rel: str) -> Path | None:
        """The file ``rel`` names inside the folder, or None if it lies outside or is not a file."""
        if not rel or "\x00" in rel or rel.startswith(("/", "\\")):
            return None
        try:
            path = (self.root / rel).resolve()
        except (OSError, RuntimeError):
            return None
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path

    def files(self) -> list[Path]:
        out: list[Path] = []
        for path in sorted(self.root.rglob("*")):
            if len(out) >= MOST:
                break
            rel = path.relative_to(self.root)
            if any(part in SKIP or part.startswith(".") for part in rel.parts[:-1]):
                continue
            if path.is_file() and path.suffix in SUFFIXES and not path.name.endswith(REPORT) \
                    and path.resolve().is_relative_to(self.root):
                out.append(path)
        return out

    def spec(self, path: Path) -> tuple[Any, str | None]:
        """The checked spec of a file, or None and the reason, read again when the file changes."""
        from ..checks import check_spec
        from ..spec import SpecError, load_spec

        key = str(path)
        mtime = path.stat().st_mtime
        cached = self._specs.get(key)
        if cached is not None and cached[0] == mtime:
            return cached[1], cached[2]
        spec, problem = None, None
        try:
            spec = load_spec(path)
            problems = check_spec(spec)
            if problems:
                first = problems[0]   # worded as parlour play and the other commands word it
                problem = (f"{first.field}: {first.message}{f' with {first.players} players' if first.players else ''} "
                           f"[{first.code}]")
                spec = None
        except SpecError as exc:
            problem = str(exc)
        self._specs[key] = (mtime, spec, problem)
        return spec, problem

    def game(self, path: Path) -> Any:
        """The game of a file compiled once (``engine.Game``), shared by every table that plays it."""
        from ..engine import Game
        from ..table.session import MOVE_CAP

        spec, _ = self.spec(path)
        mtime = path.stat().st_mtime
        cached = self._games.get(str(path))
        if cached is None or cached[0] != mtime or cached[1].spec is not spec:
            cached = self._games[str(path)] = (mtime, Game(spec, move_cap=MOVE_CAP))
        return cached[1]

    def entries(self) -> list[Entry]:
        from ..families import family_of

        out = []
        for path in self.files():
            rel = path.relative_to(self.root).as_posix()
            spec, problem = self.spec(path)
            if spec is None:
                out.append(Entry(rel, path.name, "", "", problem))
            else:
                out.append(Entry(rel, spec.naming.name, family_of(spec).name, spec.players.phrase(), None))
        return out

    def report(self, path: Path) -> dict[str, Any] | None:
        """The playtest report saved beside a spec (``NAME.report.json``), if it is one."""
        from ..publish.facts import report_problem

        beside = path.with_name(path.stem + REPORT)
        if not beside.is_file():
            return None
        try:
            data = json.loads(beside.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
        return data if report_problem(data) is None else None
