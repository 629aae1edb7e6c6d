"""A game of every registered family for the table's tests: the family's calibration game from
``corpus/real`` when it has one, else a sampled game, so that a family registered without a
calibration game is played all the same."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.families import FAMILIES, family_of
from generator.sample import sample_game
from generator.spec import dump_yaml, load_spec
from generator.spec.deck import REAL_PACKS

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "real"


def calibration_games() -> dict[str, Path]:
    """The first calibration game of each family that has one, of the seed book's packs (the
    French-suited ones whose suit signs a page shows; not the Italian and Spanish packs)."""
    out: dict[str, Path] = {}
    for path in sorted(CORPUS.glob("*.yaml")):
        spec = load_spec(path)
        if spec.deck.kind not in REAL_PACKS:
            out.setdefault(family_of(spec).name, path)
    return out


def game_of_every_family(folder: Path) -> dict[str, str]:
    """One game file per registered family written into ``folder``: family -> file name."""
    folder.mkdir(parents=True, exist_ok=True)
    known = calibration_games()
    out = {}
    for name in sorted(FAMILIES):
        if name in known:
            shutil.copy(known[name], folder / known[name].name)
            out[name] = known[name].name
        else:
            file = f"sampled-{name}.yaml"
            (folder / file).write_text(dump_yaml(sample_game(1, family=name).spec), encoding="utf-8")
            out[name] = file
    return out
