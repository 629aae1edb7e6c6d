"""The paraphrase corpus (issue 31): for each module of the catalogue, its sentence as the book
phrases it and paraphrases written by hand (synonyms, reordered clauses, other verbs, singular or
plural, numbers as words or digits), each of which the importer must read to the same spec.

The data is one YAML file per family (``shared.yaml`` for the phases every family shares). A file
names a plain base game per family (one sentence a line); a group of a module gives the book's
sentence, the spec fields it sets (``expect``, dotted paths of the spec), any sentences the rule
needs beside it (``with``) and the paraphrases. A sentence is read inside its base game: the base's
sentences of the same module (or of the modules in ``replaces``) give way to it, so a paraphrase is
judged by the whole spec it makes, not by one pattern.

``python -m tests.paraphrases.corpus`` prints the score per module, per family and overall.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.families import family_named
from generator.importer import import_book
from generator.importer.book import patterns_of

HERE = Path(__file__).resolve().parent
FILES = ("shared", "trick-taking", "climbing", "matching", "melding", "held-out-1", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6", "held-out-7")
#: The files written first, five paraphrases or more to every group; the held-out rounds add more.
MAIN = FILES[:5]


@dataclass(frozen=True)
class Case:
    module: str
    file: str
    group: int
    base: str
    sentence: str            # the book's phrasing
    text: str                # the phrasing read: the book's, or a paraphrase
    expect: dict[str, Any]
    context: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()    # the base's modules (or sentences) that give way
    xfail: str | None = None

    @property
    def id(self) -> str:
        return f"{self.module}:{self.file}:{self.group}:{self.text[:60]}"


@dataclass
class Outcome:
    ok: bool
    why: str = ""
    fields: dict[str, Any] = field(default_factory=dict)


@functools.cache
def _load(name: str) -> dict[str, Any]:
    return yaml.safe_load((HERE / f"{name}.yaml").read_text(encoding="utf-8"))


@functools.cache
def bases() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name in FILES:
        for key, text in (_load(name).get("bases") or {}).items():
            out[key] = [line.strip() for line in text.splitlines() if line.strip()]
    return out


def family_of(base: str) -> str:
    return base.split("/")[0]


def module_of(sentence: str, base: str) -> str | None:
    """The module whose pattern reads ``sentence`` in a game of the base's family."""
    for p in patterns_of(family_named(family_of(base))):
        if p.regex.fullmatch(sentence):
            return p.module
    if " game for " in sentence:
        return "NM-04"
    return None


def cases() -> list[Case]:
    out: list[Case] = []
    for name in FILES:
        data = _load(name)
        default = data.get("base", name if name in ("trick-taking", "climbing", "matching", "melding") else "trick-taking")
        for module, groups in (data.get("modules") or {}).items():
            for g, group in enumerate(groups):
                common = dict(module=module, file=name, group=g, base=group.get("base", default),
                              sentence=group["sentence"], expect=group.get("expect") or {},
                              context=tuple(group.get("with") or ()),
                              replaces=tuple(group["replaces"]) if "replaces" in group else (module,))
                xfails = group.get("xfail") or {}
                for text in [group["sentence"], *group.get("paraphrases", [])]:
                    out.append(Case(text=text, xfail=xfails.get(text), **common))
    return out


def game_text(case: Case, text: str) -> str:
    """The base game with ``text`` (and the rule's other sentences) in place of the base's
    sentences of the same module."""
    lines = bases()[case.base]
    drop = set(case.replaces)
    kept: list[str] = []
    placed = False
    for line in lines:
        if (line in drop or module_of(line, case.base) in drop) and not (line is lines[0] and case.module != "NM-04"):
            if not placed:
                kept += [text, *case.context]
                placed = True
            continue
        kept.append(line)
    if not placed:  # before the scoring: the last lines of a base are its scoring and ending
        at = len(kept) - 3
        kept[at:at] = [*case.context, text]
    return "\n".join(kept) + "\n"


@functools.cache
def _read(text: str):
    games = import_book(text).games
    return games[0] if len(games) == 1 else None


def dump(game) -> dict[str, Any]:
    data = game.spec.model_dump(mode="json")
    data.pop("provenance", None)
    return data


def lookup(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return "<missing>"
        node = node[part]
    return node


def _matches(got: Any, expected: Any) -> bool:
    """Whether a field read is the one expected: a section expected as a mapping matches when each
    key it names has its value (fields added to the spec since, at their defaults, are not named)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        return all(k in got and _matches(got[k], v) for k, v in expected.items())
    return got == expected


def judge(case: Case) -> Outcome:
    """Whether the case's phrasing reads, in its base game, to the spec the book's phrasing makes
    and to the expected fields, with no problem."""
    got = _read(game_text(case, case.text))
    if got is None:
        return Outcome(False, "not read as one game")
    if got.problems:
        return Outcome(False, "; ".join(str(p) for p in got.problems))
    if got.spec is None:
        return Outcome(False, "no spec")
    data = dump(got)
    wrong = {k: lookup(data, k) for k, v in case.expect.items() if not _matches(lookup(data, k), v)}
    if wrong:
        return Outcome(False, f"fields differ: {wrong}")
    ref = _read(game_text(case, case.sentence))
    if ref is None or ref.spec is None or ref.problems:
        return Outcome(False, "the book's phrasing itself is not read")
    if case.text != case.sentence and dump(ref) != data:
        diff = {k: (data.get(k), dump(ref).get(k)) for k in data if data.get(k) != dump(ref).get(k)}
        return Outcome(False, f"spec differs from the book's phrasing: {diff}")
    return Outcome(True)


def scores() -> dict[str, tuple[int, int]]:
    """module → (paraphrases read, paraphrases), the book's own phrasing not counted."""
    out: dict[str, list[int]] = {}
    for c in cases():
        if c.text == c.sentence:
            continue
        s = out.setdefault(c.module, [0, 0])
        s[1] += 1
        s[0] += judge(c).ok
    return {k: (v[0], v[1]) for k, v in out.items()}


FAMILY_OF_PREFIX = {"TT": "trick-taking", "CL": "climbing", "MT": "matching", "ML": "melding"}


def report(verbose: bool = False) -> str:
    s = scores()
    lines = ["| module | read | paraphrases |", "|---|---|---|"]
    fam: dict[str, list[int]] = {}
    for m in sorted(s):
        ok, n = s[m]
        lines.append(f"| {m} | {ok} | {n} |")
        f = FAMILY_OF_PREFIX.get(m[:2], "shared")
        fam.setdefault(f, [0, 0])
        fam[f][0] += ok
        fam[f][1] += n
    tot = [sum(v[0] for v in fam.values()), sum(v[1] for v in fam.values())]
    lines += ["", "| family | read | paraphrases |", "|---|---|---|"]
    lines += [f"| {f} | {v[0]} | {v[1]} ({100 * v[0] / v[1]:.0f}%) |" for f, v in sorted(fam.items())]
    lines.append(f"| all | {tot[0]} | {tot[1]} ({100 * tot[0] / tot[1]:.0f}%) |")
    if verbose:
        lines.append("")
        for c in cases():
            o = judge(c)
            if not o.ok:
                lines.append(f"FAIL {c.module} [{c.file}] {c.text}\n     {o.why[:400]}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(verbose="-v" in sys.argv))
