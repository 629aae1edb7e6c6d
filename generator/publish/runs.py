"""Run records: what a `parlour generate` run did, kept beside its games so a book can tell the truth.

A book's cover counts the drafts behind its games. Only the run that drew them knows how many it
drew, kept, mended and rejected (and why), so ``generate`` writes that account into its OUT folder
as ``run-<seed>.json`` — rewritten with every game it writes, in the same set of files, so the
record always matches the games on disk, even after an interruption. One file per seed lets several
runs share a folder. ``book`` reads the records of its source folders and keeps those whose games
it prints (``runs_for``); games it finds no record for are counted as games it was given, no more.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The kind written in every record, so that a stray JSON file is not taken for one.
KIND = "parlour-run"
PREFIX = "run-"


def record_name(seed: int) -> str:
    """The run record's file name of a run with this seed (``run-000007.json``)."""
    return f"{PREFIX}{seed:06d}.json" if seed >= 0 else f"{PREFIX}m{-seed:06d}.json"


def is_record(path: Path) -> bool:
    return path.name.startswith(PREFIX) and path.suffix == ".json"


def record(*, seed: int, family: str, count: int, players: int | None, playtest: Mapping[str, Any] | None,
           drafts: int, kept: Sequence[str], mended: int, rejected_by: Mapping[str, int],
           redrawn_by: Mapping[str, int], redrawn: int, finished: bool) -> str:
    """The JSON text of a run record. ``kept`` are the kept games' spec file names; ``rejected_by``
    counts rejected drafts by their first reason code; ``redrawn`` counts drafts redrawn for
    failing a static check (never judged, never counted as drafts)."""
    data = {
        "kind": KIND,
        "seed": seed,
        "family": family,
        "count": count,
        "players": players,
        "playtest": dict(playtest) if playtest else None,
        "drafts": drafts,
        "kept": len(kept),
        "mended": mended,
        "rejected": sum(rejected_by.values()),
        "rejected_by": dict(sorted(rejected_by.items(), key=lambda kv: (-kv[1], kv[0]))),
        "redrawn": redrawn,
        "redrawn_by": dict(sorted(redrawn_by.items(), key=lambda kv: (-kv[1], kv[0]))),
        "finished": finished,
        "games": list(kept),
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


@dataclass
class Run:
    """One run record as read back, with the games of it that a book prints."""

    path: Path
    seed: int
    family: str
    drafts: int
    kept: int
    mended: int
    rejected_by: dict[str, int]
    playtest: dict[str, Any] | None
    finished: bool
    games: list[str]
    in_book: list[str] = field(default_factory=list)

    @property
    def rejected(self) -> int:
        return sum(self.rejected_by.values())


def read(path: Path) -> Run | None:
    """A run record, or None when the file is not one (or not readable: a book does not fail over
    an account it could go without). Every field is held to what ``record`` writes: a count is a
    whole number, the reasons a table of counts, the games a list of names."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):   # RecursionError: a nest too deep to read
        return None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        return None

    def count(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10**12

    seed, rejected_by, playtest = data.get("seed"), data.get("rejected_by") or {}, data.get("playtest")
    games, family = data.get("games", []), data.get("family", "")
    if not (isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) <= 10**18
            and all(count(data.get(k, 0)) for k in ("drafts", "kept", "mended")) and "drafts" in data
            and "kept" in data and isinstance(rejected_by, dict) and all(count(v) for v in rejected_by.values())
            and (playtest is None or isinstance(playtest, dict)) and isinstance(data.get("finished", True), bool)
            and isinstance(games, list) and all(isinstance(g, str) for g in games) and isinstance(family, str)):
        return None
    return Run(path=path, seed=seed, family=family, drafts=data["drafts"], kept=data["kept"],
               mended=data.get("mended", 0), rejected_by={str(k): v for k, v in rejected_by.items()},
               playtest=playtest, finished=data.get("finished", True), games=list(games))


def runs_for(spec_paths: Iterable[Path]) -> list[Run]:
    """The run records in the folders of these spec files that made at least one of them, each with
    the names of its games among them (``in_book``), in order of seed."""
    paths = list(spec_paths)
    by_folder: dict[Path, set[str]] = {}
    for p in paths:
        by_folder.setdefault(p.parent, set()).add(p.name)
    runs = []
    for folder, names in sorted(by_folder.items()):
        if not folder.is_dir():
            continue
        for f in sorted(folder.iterdir()):
            if not (f.is_file() and is_record(f)):
                continue
            run = read(f)
            if run is None:
                continue
            run.in_book = [g for g in run.games if g in names]
            if run.in_book:
                runs.append(run)
    return sorted(runs, key=lambda r: (r.seed, str(r.path)))


def totals(runs: Sequence[Run]) -> dict[str, Any]:
    """The counts of several runs added up (for the cover)."""
    by: Counter[str] = Counter()
    for r in runs:
        by.update(r.rejected_by)
    return {
        "drafts": sum(r.drafts for r in runs),
        "kept": sum(r.kept for r in runs),
        "mended": sum(r.mended for r in runs),
        "rejected": sum(by.values()),
        "rejected_by": sorted(by.items(), key=lambda kv: (-kv[1], kv[0])),
        "seeds": [r.seed for r in runs],
        "playtested": all(r.playtest for r in runs),
    }
