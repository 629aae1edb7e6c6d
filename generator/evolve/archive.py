"""The archive: the best game found for each niche, and the run's account, in memory and on disk.

On disk (``OUT``) the archive is ``archive.json`` — the run's settings and seed, the generation it
reached, the games simulated, the candidates judged and the rejections by reason, and every niche
with its elite's id and quality — beside ``elites/<id>.yaml`` (each elite's spec, with its
provenance) and ``elites/<id>.report.json`` (its playtest report), and ``archive.png`` (the
picture). An id starts with the generation that found the game, so the files sort in the order
the search found them and ``parlour book OUT/elites`` prints them in that order.

Each generation is saved whole, as one set of files (``output.write_files``): the archive on disk
is always the archive after some whole generation, which is what lets an interrupted run resume
(``load``) and end exactly where an uninterrupted one would. Elites displaced by better games are
removed after the set is written; a file left over by an interruption between the two steps is
not in ``archive.json`` and is removed by the next save.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..output import write_files
from ..spec import GameSpec, dump_yaml, load_spec
from .niches import Niche, all_niches

VERSION = 1
ARCHIVE = "archive.json"
ELITES = "elites"
PICTURE = "archive.png"
#: An elite's id: the generation and the candidate's place in it, then the game's name.
ELITE_ID = re.compile(r"^g\d{3,}-\d{3,}-[a-z0-9-]+$")


@dataclass
class Elite:
    """A niche's best game: its id (also its file name), quality, spec and playtest report."""

    id: str
    niche: Niche
    quality: float
    spec: GameSpec
    generation: int
    report: dict[str, Any] | None = None  # only for an elite not yet written (a loaded one's is on disk)
    mended: bool = False

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "quality": self.quality, "generation": self.generation, "family": self.niche.family,
                "players": self.niche.players, "length": self.niche.length, "skill": self.niche.skill,
                "name": self.spec.naming.name, "operator": (self.spec.provenance.operator if self.spec.provenance
                                                            else None), "mended": self.mended}


@dataclass
class Archive:
    """The elites by niche, and what the run has spent and seen so far."""

    settings: dict[str, Any]
    generation: int = -1           # the last generation judged and placed (-1: none yet)
    games: int = 0                 # games simulated, every tier, mends included: the budget spent
    candidates: int = 0
    passed: int = 0
    mended: int = 0                # candidates kept only after a mend
    rejected: Counter[str] = field(default_factory=Counter)  # reason codes, each once per candidate
    elites: dict[Niche, Elite] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    #: This run was stopped by its time budget (``search.run``'s ``minutes``); not saved (a cut
    #: generation's history says ``cut``).
    cut: bool = False

    @property
    def run_seed(self) -> int:
        return int(self.settings["seed"])

    def place(self, elite: Elite) -> bool:
        """Put ``elite`` in its niche if the niche is empty or it beats the niche's elite
        (strictly: on a tie the elite found first stays)."""
        held = self.elites.get(elite.niche)
        if held is not None and held.quality >= elite.quality:
            return False
        self.elites[elite.niche] = elite
        return True

    def ordered(self) -> list[Elite]:
        """The elites in niche order (the order breeding draws parents from)."""
        return [self.elites[n] for n in sorted(self.elites)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "settings": self.settings,
            "generation": self.generation,
            "games": self.games,
            "candidates": self.candidates,
            "passed": self.passed,
            "mended": self.mended,
            "rejected": dict(sorted(self.rejected.items())),
            "niches": {e.niche.key: e.summary() for e in self.ordered()},
            "history": self.history,
        }

    def files(self, out: Path, new: list[Elite]) -> list[tuple[Path, str | bytes]]:
        """The set of files that saves the archive after a generation: archive.json, the new
        elites' spec and report, and the picture."""
        from .heatmap import heatmap_png

        files: list[tuple[Path, str | bytes]] = []
        for e in new:
            if self.elites.get(e.niche) is not e:
                continue  # displaced within the same generation
            files.append((out / ELITES / f"{e.id}.yaml", dump_yaml(e.spec)))
            files.append((out / ELITES / f"{e.id}.report.json",
                          json.dumps(e.report, indent=1, ensure_ascii=False) + "\n"))
        files.append((out / ARCHIVE, json.dumps(self.as_dict(), indent=1, ensure_ascii=False) + "\n"))
        files.append((out / PICTURE, heatmap_png(self)))
        return files

    def save(self, out: Path, new: list[Elite]) -> None:
        """Write the generation's set of files, then remove the files of displaced elites."""
        write_files(self.files(out, new), overwrite=True)
        for e in new:
            e.report = None  # on disk now
        keep = {e.id for e in self.elites.values()}
        folder = out / ELITES
        if folder.is_dir():
            for f in sorted(folder.iterdir()):
                stem = f.name.removesuffix(".report.json").removesuffix(".yaml")
                if f.is_file() and stem != f.name and ELITE_ID.match(stem) and stem not in keep:
                    f.unlink()  # only an elite's files: anything else in the folder is left alone


class ArchiveError(ValueError):
    """An archive on disk that cannot be resumed; the message names the file and the field."""


def load(out: Path) -> Archive:
    """The archive saved in ``out`` (to resume it)."""
    path = out / ARCHIVE
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError:
        raise ArchiveError(f"{path}: no archive to resume (run without --resume to start one)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArchiveError(f"{path}: not an archive: {exc}") from None
    except (ValueError, RecursionError):   # a number too long, or a nest too deep, to read
        raise ArchiveError(f"{path}: not an archive: it holds a number or a nest too large to read") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ArchiveError(f"{path}: version: not an archive of version {VERSION}")

    def bad(field_: str, why: str) -> ArchiveError:
        return ArchiveError(f"{path}: {field_}: {why}")

    def count(field_: str, value: Any, least: int = 0, most: int | None = None) -> int:
        # saved state is held as the command line is: a whole number in its range, nothing else
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(field_, f"{_shown(value)} is not a whole number")
        if most is None and value < least:
            raise bad(field_, f"{_shown(value)} is below {least}")
        if most is not None and not least <= value <= most:
            raise bad(field_, f"{_shown(value)} is not in the range {least} to {most}")
        return value

    for key in ("settings", "generation", "games", "candidates", "passed", "rejected", "niches", "history"):
        if key not in data:
            raise bad(key, "missing")
    if not isinstance(data["settings"], dict):
        raise bad("settings", "not a table of settings")
    generation = count("generation", data["generation"], -1)
    candidates = count("candidates", data["candidates"])
    passed = count("passed", data["passed"], 0, candidates)
    rejected = data["rejected"]
    if not isinstance(rejected, dict):
        raise bad("rejected", "not a table of reason codes and counts")
    for code, n in rejected.items():
        count(f"rejected.{str(code)[:40]}", n, 0, candidates)
    if not isinstance(data["history"], list) or not all(isinstance(h, dict) for h in data["history"]):
        raise bad("history", "not a list of generations")
    if not isinstance(data["niches"], dict):
        raise bad("niches", "not a table of niches")
    archive = Archive(settings=dict(data["settings"]), generation=generation, games=count("games", data["games"]),
                      candidates=candidates, passed=passed,
                      mended=count("mended", data.get("mended", 0), 0, passed), rejected=Counter(rejected),
                      history=list(data["history"]))
    known = {n.key for tier in (1, 2) for n in all_niches(tier)}
    for key, e in data["niches"].items():
        where = f"niches.{str(key)[:60]}"
        if key not in known:
            raise bad(where, "not a niche (family / players / length / skill)")
        if not isinstance(e, dict):
            raise bad(where, "not an elite")
        eid = e.get("id")
        if not isinstance(eid, str) or not ELITE_ID.match(eid):
            raise bad(f"{where}.id", f"{_shown(eid)} is not an elite's id")   # it names a file: nothing else
        quality = e.get("quality")
        if isinstance(quality, bool) or not isinstance(quality, (int, float)) or not 0 <= quality <= 1:
            raise bad(f"{where}.quality", f"{_shown(quality)} is not a quality from 0 to 1")
        found = count(f"{where}.generation", e.get("generation"), 0, max(generation, 0))
        mended = e.get("mended", False)
        if not isinstance(mended, bool):
            raise bad(f"{where}.mended", f"{_shown(mended)} is not true or false")
        spec_path = out / ELITES / f"{eid}.yaml"
        try:
            spec = load_spec(spec_path)
        except Exception as exc:  # noqa: BLE001 - any unreadable elite stops the resume, named
            raise ArchiveError(f"{spec_path}: cannot read the elite of niche {key}: {exc}") from None
        niche = Niche.from_key(key)
        archive.elites[niche] = Elite(eid, niche, float(quality), spec, found, mended=mended)
    return archive


def _shown(value: Any) -> str:
    """A saved value as an error quotes it: its JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


def slug(name: str) -> str:
    """A file name's part from a game's name (plain lower-case ASCII words joined by hyphens)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"


__all__ = ["ARCHIVE", "ELITES", "PICTURE", "Archive", "ArchiveError", "Elite", "load", "slug"]
