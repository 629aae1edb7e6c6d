"""Issue 16, "hold under bad input", at scale: feed every reader of Parlour mutated input and count
what happens, so that a crash is found by a script rather than by a user.

    python benchmarks/fuzz.py --cases N [--seed S] [--target specs|engine|parser|importer|roundtrip|state|cli|all]
                              [--family F] [--timeout 10] [--out output/fuzz/] [--no-shrink]
    python benchmarks/fuzz.py --replay output/fuzz/specs-1.json      # one reproducer, with its traceback

Targets and the invariant each must hold:

* ``specs``: a valid spec (sampled, or from ``corpus/``) with keys dropped, values of other types,
  out-of-range numbers, odd strings, unknown keys, values taken from other specs, a list nested
  deeper than Python's recursion limit — as plain data to ``spec_from_data`` and, for one case in
  five, as mutated YAML or JSON text to ``load_spec``. It must give a ``GameSpec`` or a
  ``SpecError`` with a message.
* ``engine``: a spec changed by up to twelve stacked mutations, each kept only while the spec still
  loads and passes ``check_spec`` (values taken from other specs at the same field — one in five
  from another family's specs: a whole section, or a field of ``play`` —, small and large changes
  of numbers), played once at every player count by ``State.play_random`` with the card audit on
  and a cap of 2,000 moves, and once with the greedy bot at every seat (each seeing only its
  observation): the game must end or hit the cap, no card may be lost or doubled, no position
  short of the end may offer no legal action, and no bot may choose an action that is not legal.
* ``parser``: a rulebook Parlour wrote, with lines dropped, duplicated, cut, swapped, stretched,
  words and numbers changed, a word swapped for another of its kind (a suit, a rank, left/right),
  a line or sentence taken from the same section of another rulebook, junk and stray characters
  inserted — to ``parse_markdown``: a ``GameSpec`` or a ``ParseError``.
* ``importer``: one game block of the seed book, changed the same ways (a sentence taken from the
  same paragraph of another game) — to ``import_book``: a result (its problems listed in it), never
  an exception. The book's games of families not registered get a share of the cases too.
* ``roundtrip``: a spec as for ``engine``, its free-text fields (names, nicknames, verbs) sometimes
  odd strings: ``parse_markdown(render_markdown(spec)) == spec.rules()`` (the spec less its
  provenance, a record the rulebook does not print as a rule).
* ``state``: saved state damaged as any data is (``specs``' mutations): an evolve archive resumed
  (``archive.load``, then the settings' check), a generate run record read for a book's cover, a
  playtest report read beside a spec for a book and given to ``render --report``. Each must give
  its reader's own refusal (ArchiveError, ValueError naming the field, None, exit 2) or be used
  to the end (the cover's sentences, the rulebook with the report's figures) without an exception.
* ``cli``: a command with random flags and values drawn from its own Click parameters (choices,
  numbers mostly small and the ones refused, inputs of every kind, outputs that cannot be
  written, scheduler addresses that are none or do not answer, ``--scheduler`` with
  ``--dask-local``), run through Click's test runner in a folder of its own, after flags that
  keep a command that runs short: it must exit 0, 1 or 2, print no traceback, say why on exit 2,
  and change no input file.

Every spec a reader gives (specs, parser, importer) must also pass through ``check_spec`` without
an exception, reload from its own dump as the same spec, and, when it passes the checks, read back
from its rulebook as the same spec (the README's promise for every spec Parlour accepts).

Why it is built this way: every case is made from ``random.Random("<seed>/<target>/<family>/<i>")``
alone, so a run is deterministic and any case can be made again by its number; the cases run in
one worker process that is killed and restarted when a case outlives ``--timeout`` (a regular
expression stuck in C would not see an alarm signal), so a hang is counted and the run goes on.
Each family of the registry (``generator.families``) gets its share of cases, so a family added
later is fuzzed without touching this script. Each distinct failure signature — the exception type
and the innermost frame inside ``generator/``, or for a broken round trip the section and reason of
the ``ParseError`` or the field that came back different — is shrunk greedily (keys, or lines and
then sentences, deleted while the signature stays the same) and written to ``--out`` with its
traceback, its base and its mutations (``<target>-<n>.<ext>`` and ``….txt``). Prints counts per
target and outcome, the signatures, the time per case and the time 100,000 cases per target would
take. Exit 1 if there was a crash, a hang or a broken invariant.
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import os
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from generator.bots import bot_seed, make_bot  # noqa: E402
from generator.checks import check_spec  # noqa: E402
from generator.engine import Game  # noqa: E402
from generator.engine.places import CardsLost  # noqa: E402
from generator.families import FAMILIES  # noqa: E402
from generator.importer import import_book  # noqa: E402
from generator.sample import sample_game  # noqa: E402
from generator.spec import GameSpec, SpecError, dump_yaml, load_spec, spec_from_data  # noqa: E402
from generator.text import ParseError, parse_markdown
from generator.rulebook import render_markdown  # noqa: E402
from generator.text.sections import SECTIONS  # noqa: E402

BOOK = ROOT.parent / "shared" / "seeds" / "hyloe-book-of-games.txt"
PROJECT = ROOT / "generator"
TARGETS = ("specs", "engine", "parser", "importer", "roundtrip", "state", "cli")
OUTCOMES = ("accepted", "rejected", "crash", "hang", "invariant broken", "no input")
#: Sampled specs per family that mutations start from (with the corpus specs of that family).
BASES = 80
MOVE_CAP = 2000
#: Evaluations a shrink may spend on one signature.
SHRINK_BUDGET = 400
#: Most plausible mutations stacked on one base (each kept only while the spec loads and checks).
MAX_STACK = 12
#: Share of plausible mutations that take their value from another family's specs.
CROSS_FAMILY = 0.2

# --------------------------------------------------------------------------- odd values

ODD_STRINGS = [
    "", " ", "\t", "\n", "0", "-1", "1.5", "1e309", "NaN", "None", "null", "true", "no", "~", "∞", "é", "ß", "𝔘",
    "\u202e", "\x00", "\r", "\u2028", "a\u2029b", "\ufeff", "x" * 500, "9" * 5000, "Q of spades", "major 22",
    "major 0", "0 of hearts", "15 of clubs", "red joker", "green joker", "joker", "of", "hearts ", "HEARTS",
    "Hearts", "A", "1", "14", "Z", "trick-taking", "climbing", "any", "none", "turn-up", "called", "{{ spec }}",
    "{% if %}", "*", "_", "|", "#", "- ", "1. ", "“", "'", '"',
]
ODD_SCALARS: list[Any] = [
    None, True, False, 0, 1, -1, 2, 7, 9, 99, 2**31, 2**63, -(2**63), 10**30, 10**4400, 0.5, -0.0, 1.0, 3.7, 1e308,
    float("nan"), float("inf"), float("-inf"),
]
ODD_CONTAINERS: list[Any] = [[], [None], [[]], ["hearts", "hearts"], {}, {"": None}, {"kind": None}, [1, 2, 3]]
UNKNOWN_KEYS = ["extra", "", " ", "family", "version", "kind", "method", "notes", "__class__", "0", "Suit"]
JUNK_LINES = [
    "", "#", "# ", "## ", "### The cards", "## Play", "## Setup", "## Scoring", "## The cards", "## End of the game",
    "1.", "- ", "|", "| a | b |", "|---|---|", "---", "> quote", "```", "*", "**", "1. 1. 1.", "Play goes clockwise.",
    "The dealer deals the cards.", "Each player is dealt zero cards.", "Each player is dealt 1000000 cards.",
    "Hearts are trumps.", "The game ends.", "Nothing happens.", "\u200b", "\t", "x" * 400, "é" * 30,
]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "twenty", "fifty", "hundred", "a", "no", "every", "first", "second", "third",
                "last", "half", "both", "all"]
ODD_NUMBERS = ["0", "1", "-1", "-70", "2", "3", "7", "13", "14", "52", "53", "99", "100", "1000", "1000000",
               "99999999999999999999", "1.5", "0.0", "½", "٣", "１２", "007", "9" * 5000]

#: Words that can stand in for each other and keep a sentence readable while changing what it says.
WORD_CLASSES = [
    ("clubs", "diamonds", "hearts", "spades", "bells", "acorns", "leaves", "cups", "swords", "pentacles", "wands",
     "coins", "batons", "trumps", "majors"),
    ("club", "diamond", "heart", "spade", "bell", "acorn", "leaf", "cup", "sword", "pentacle", "wand", "coin", "baton", "trump"),
    ("Ace", "King", "Queen", "Jack", "Ober", "Unter", "Knight", "Page", "Horse", "Ten", "Nine", "Eight", "Seven", "Six", "Five",
     "Four", "Three", "Two", "Joker", "Fool"),
    ("Aces", "Kings", "Queens", "Jacks", "Obers", "Unters", "Knights", "Horses", "Tens", "Nines", "Eights", "Sevens", "Sixes",
     "Fives", "Fours", "Threes", "Twos", "Jokers"),
    ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    ("highest", "lowest"), ("higher", "lower"), ("high", "low"), ("left", "right"), ("first", "last", "next"),
    ("before", "after"), ("may", "must", "cannot"), ("gains", "costs", "loses", "scores"), ("above", "below"),
    ("red", "black"), ("dealer", "leader", "winner", "landlord"), ("clockwise", "anticlockwise"),
    ("standard", "tarot", "french32", "german32", "italian40", "spanish40", "spanish48",
     "euchre24"), ("trick", "hand", "round", "game"),
    ("tricks", "hands", "rounds", "cards", "points"), ("each", "every", "any", "no"),
]
_CLASS_OF = {w.lower(): c for c in WORD_CLASSES for w in c}
CLASS_WORD = re.compile(r"\b(?:" + "|".join(sorted({re.escape(w) for c in WORD_CLASSES for w in c}, key=len,
                                                       reverse=True)) + r")\b", re.IGNORECASE)
NUMBER = re.compile(r"-?\d+|\b(?:" + "|".join(NUMBER_WORDS[:16]) + r")\b", re.IGNORECASE)
WORD = re.compile(r"[^\W\d_][\w'’-]*")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


#: A value nested this deep is too deep to copy or pickle, so data holds DEEP in its place and
#: ``expand`` builds the nesting just before the reader is called (text gets the brackets written out).
DEEP = "\x00fuzz: a list nested 1200 deep"
DEPTH = 1200


def expand(data: Any) -> Any:
    """``data`` with every DEEP marker replaced by a list nested DEPTH deep (built without recursion)."""
    if data == DEEP:
        deep: list[Any] = []
        for _ in range(DEPTH):
            deep = [deep]
        return deep
    if isinstance(data, dict):
        return {k: expand(v) for k, v in data.items()}
    if isinstance(data, list):
        return [expand(v) for v in data]
    return data


def _show(value: Any) -> str:
    """A value as the mutation log shows it: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _path_str(path: tuple[Any, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else ("." if i else "") + str(p) for i, p in enumerate(path))


# --------------------------------------------------------------------------- the inputs


def _dump(spec: GameSpec) -> dict[str, Any]:
    return spec.model_dump(mode="json")


@cache
def spec_bases(family: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(name, data) of the specs mutations start from: BASES sampled ones and the corpus's of ``family``."""
    out = [(f"sample_game({s}, family={family!r})", _dump(sample_game(s, family=family).spec)) for s in range(BASES)]
    for path in sorted((ROOT / "corpus").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("play"), dict) \
                and data["play"].get("family", "trick-taking") == family:
            out.append((str(path.relative_to(ROOT)), data))
    return tuple(out)


@cache
def checked_bases(family: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The bases that load and pass every static check (where the engine and the round trip start)."""
    out = []
    for name, data in spec_bases(family):
        try:
            if not check_spec(spec_from_data(data)):
                out.append((name, data))
        except Exception:  # noqa: BLE001 - a base that crashes the checks is the specs target's business
            pass
    return tuple(out)


def _walk(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, value) of every node of a data tree, the root first."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, (*path, i))


@cache
def value_pool(family: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """Every distinct value found at each dict-key path of the bases (lists kept whole)."""
    pool: dict[tuple[Any, ...], dict[str, Any]] = {}
    for _, data in spec_bases(family):
        for path, value in _walk(data):
            if path and not any(isinstance(p, int) for p in path):
                pool.setdefault(path, {})[json.dumps(value, sort_keys=True)] = value
    return {p: tuple(v.values()) for p, v in sorted(pool.items(), key=lambda kv: _path_str(kv[0]))}


@cache
def foreign_pool(family: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """Whole sections (``scoring``, ``deal`` …) and the fields of ``play`` and of the other sections
    as the *other* families' bases have them: a play field or a scoring of climbing put in a
    matching game is how a user copying between files mixes families."""
    pool: dict[tuple[Any, ...], dict[str, Any]] = {}
    for other in FAMILIES:
        if other == family:
            continue
        for path, values in value_pool(other).items():
            if len(path) <= 2:
                for v in values:
                    pool.setdefault(path, {})[json.dumps(v, sort_keys=True)] = v
    return {p: tuple(v.values()) for p, v in sorted(pool.items(), key=lambda kv: _path_str(kv[0]))}


@cache
def string_pool(family: str) -> tuple[str, ...]:
    return tuple(sorted({v for _, data in spec_bases(family) for _, v in _walk(data) if isinstance(v, str)}))


@cache
def rulebooks(family: str) -> tuple[tuple[str, str], ...]:
    out = []
    for name, data in spec_bases(family):
        try:
            out.append((name, render_markdown(spec_from_data(data))))
        except Exception:  # noqa: BLE001
            pass
    return tuple(out)


@cache
def rulebook_words() -> tuple[str, ...]:
    return tuple(sorted({w for f in FAMILIES for _, md in rulebooks(f) for w in WORD.findall(md)}))


@cache
def book_blocks() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(name, family word, lines) of every game of the seed book: a game starts at a line saying
    "‹Name› is a … game for N to M players" (the importer's own reading is under test, not used)."""
    blocks: list[tuple[str, str, list[str]]] = []
    start = re.compile(r"^(?P<name>[^.]*?) (?:\(.*?\) )?is an? .*?\b(?P<family>[\w-]+) game for ")
    for line in BOOK.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        m = start.match(line)
        if m and " players" in line:
            blocks.append((m["name"], m["family"], [line]))
        elif blocks:
            blocks[-1][2].append(line)
    return tuple((n, f, tuple(ls)) for n, f, ls in blocks)


@cache
def book_words() -> tuple[str, ...]:
    return tuple(sorted({w for _, _, lines in book_blocks() for line in lines for w in WORD.findall(line)}))


# --------------------------------------------------------------------------- mutations of data


def _containers(data: Any) -> list[tuple[tuple[Any, ...], Any]]:
    return [(p, v) for p, v in _walk(data) if isinstance(v, (dict, list))]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = data
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def _odd_value(rng: random.Random, family: str) -> Any:
    r = rng.random()
    if r < 0.4:
        return rng.choice(ODD_SCALARS)
    if r < 0.6:
        return rng.choice(ODD_STRINGS)
    if r < 0.8:
        return rng.choice(string_pool(family))
    return copy.deepcopy(rng.choice(ODD_CONTAINERS))


def _odd_number(rng: random.Random, v: int | float) -> Any:
    half = float(v) + 0.5 if abs(v) < 1e300 else 0.5
    return rng.choice([v + 1, v - 1, -v, 0, v * 10, v + rng.randint(2, 60), -1, 2**63, half, str(v), float("nan"),
                       True])


def _odd_string(rng: random.Random, v: str, family: str) -> Any:
    return rng.choice([rng.choice(ODD_STRINGS), rng.choice(string_pool(family)), v.upper(), v + " ", v[:-1], v * 2,
                       " " + v, v.replace(" ", "  "), v[::-1]])


def mutate_wild(rng: random.Random, data: Any, family: str) -> str:
    """One mutation of any kind, in place; returns what it did."""
    nodes = list(_walk(data))
    op = rng.choice(("drop", "drop", "retype", "number", "string", "unknown", "crossover", "crossover", "list",
                     "deep" if rng.random() < 0.1 else "retype"))
    if op == "deep":
        path, _ = rng.choice(nodes[1:])
        _set(data, path, DEEP)
        return f"set {_path_str(path)} = a list nested {DEPTH} deep"
    if op == "drop":
        victims = [(p, v) for p, v in nodes if p]
        if victims:
            path, _ = rng.choice(victims)
            parent = _get(data, path[:-1])
            del parent[path[-1]]
            return f"drop {_path_str(path)}"
    if op == "number":
        nums = [(p, v) for p, v in nodes if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if nums:
            path, v = rng.choice(nums)
            new = _odd_number(rng, v)
            _set(data, path, new)
            return f"set {_path_str(path)} = {_show(new)}"
    if op == "string":
        strs = [(p, v) for p, v in nodes if isinstance(v, str)]
        if strs:
            path, v = rng.choice(strs)
            new = _odd_string(rng, v, family)
            _set(data, path, new)
            return f"set {_path_str(path)} = {_show(new)}"
    if op == "unknown":
        dicts = [(p, v) for p, v in nodes if isinstance(v, dict)]
        if dicts:
            path, d = rng.choice(dicts)
            key = rng.choice(UNKNOWN_KEYS + list(d))
            key = key if key not in d or rng.random() < 0.5 else key + "_"
            d[key] = _odd_value(rng, family)
            return f"set {_path_str((*path, key))} = {_show(d[key])}"
    if op == "crossover":
        return mutate_plausible(rng, data, family)
    if op == "list":
        lists = [(p, v) for p, v in nodes if isinstance(v, list)]
        if lists:
            path, lst = rng.choice(lists)
            if lst and rng.random() < 0.5:
                lst.append(copy.deepcopy(rng.choice(lst)))
            else:
                lst.append(_odd_value(rng, family))
            return f"append to {_path_str(path)}"
    path, _ = rng.choice(nodes[1:] or nodes)
    new = _odd_value(rng, family)
    _set(data, path, new)
    return f"set {_path_str(path)} = {_show(new)}"


def mutate_plausible(rng: random.Random, data: Any, family: str, strings: bool = False) -> str:
    """A value another spec has at the same field (a whole section, a tag, a number, a card), a
    small or extreme change of a number, or (``strings``) an odd string: the kind of change that
    often still passes the checks."""
    pool = value_pool(family)
    if rng.random() < CROSS_FAMILY:
        foreign = foreign_pool(family)
        if foreign:
            pool = foreign
    if strings and rng.random() < 0.25:
        strs = [(p, v) for p, v in _walk(data) if isinstance(v, str)]
        if strs:
            path, v = rng.choice(strs)
            new = _odd_string(rng, v, family)
            _set(data, path, new)
            return f"set {_path_str(path)} = {_show(new)}"
    if rng.random() < 0.25:
        nums = [(p, v) for p, v in _walk(data) if isinstance(v, int) and not isinstance(v, bool)]
        if nums:
            path, v = rng.choice(nums)
            if rng.random() < 0.7:
                new = v + rng.choice((-2, -1, 1, 2, 3))
            else:
                new = rng.choice((0, 1, 2, 2 * v, 10 * v, 10**6))
            _set(data, path, new)
            return f"set {_path_str(path)} = {_show(new)}"
    for _ in range(20):
        path = rng.choice(list(pool))
        try:
            parent = _get(data, path[:-1])
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(parent, dict):
            new = copy.deepcopy(rng.choice(pool[path]))
            parent[path[-1]] = new
            return f"set {_path_str(path)} = {_show(new)}"
    return "nothing"


def passing_variant(rng: random.Random, family: str, strings: bool = False) -> tuple[str, dict[str, Any], list[str]]:
    """A checked base changed by plausible mutations, each kept only if the spec still loads and
    passes every static check — so the result always passes (it may equal its base)."""
    name, base = rng.choice(checked_bases(family))
    data = copy.deepcopy(base)
    log: list[str] = []
    for _ in range(rng.randint(1, MAX_STACK)):
        trial = copy.deepcopy(data)
        what = mutate_plausible(rng, trial, family, strings)
        try:
            if check_spec(spec_from_data(trial)):
                continue
        except Exception:  # noqa: BLE001 - the specs target reports loader and check crashes
            continue
        data = trial
        log.append(what)
    return name, data, log


# --------------------------------------------------------------------------- mutations of text


def _number_swap(rng: random.Random, text: str) -> str:
    hits = list(NUMBER.finditer(text))
    if not hits:
        return text
    m = rng.choice(hits)
    new = rng.choice(ODD_NUMBERS + NUMBER_WORDS)
    if m.group(0)[:1].isupper():
        new = new.capitalize()
    return text[:m.start()] + new + text[m.end():]


def _class_swap(rng: random.Random, text: str) -> str:
    """A word swapped for another of its kind (a suit, a rank, left/right …), capitals kept."""
    hits = list(CLASS_WORD.finditer(text))
    if not hits:
        return _number_swap(rng, text)
    m = rng.choice(hits)
    new = rng.choice(_CLASS_OF[m.group(0).lower()])
    if m.group(0)[:1].isupper():
        new = new[:1].upper() + new[1:]
    elif m.group(0)[:1].islower():
        new = new[:1].lower() + new[1:]
    return text[:m.start()] + new + text[m.end():]


def _word_op(rng: random.Random, text: str, vocabulary: tuple[str, ...]) -> str:
    words = list(WORD.finditer(text))
    if not words:
        return text
    m = rng.choice(words)
    op = rng.randrange(4)
    if op == 0:   # another word
        return text[:m.start()] + rng.choice(vocabulary) + text[m.end():]
    if op == 1:   # dropped
        return text[:m.start()] + text[m.end():].lstrip(" ")
    if op == 2:   # doubled
        return text[:m.end()] + " " + m.group(0) + text[m.end():]
    i = words.index(m)
    if i + 1 < len(words):   # swapped with the next
        n = words[i + 1]
        return text[:m.start()] + n.group(0) + text[m.end():n.start()] + m.group(0) + text[n.end():]
    return text


def mutate_lines(rng: random.Random, lines: list[str], vocabulary: tuple[str, ...], foreign: list[str],
                 junk: list[str], alike: Callable[[int], list[str]] | None = None) -> str:
    """One mutation of a list of lines, in place: lines dropped, duplicated, cut, swapped, moved,
    merged, junk or a foreign line inserted, a number or a word changed, markup stripped, a word
    swapped for another of its kind, a line or sentence replaced by one from the same place of
    another text (``alike(i)``: the lines there), which keeps the text readable but not consistent."""
    if not lines:
        lines.append(rng.choice(junk))
        return "insert junk into an empty text"
    i = rng.randrange(len(lines))
    op = rng.choice(("drop", "dup", "cut", "swap", "move", "merge", "junk", "foreign", "number", "number", "word",
                     "word", "markup", "sentence", "class", "class", "class", "class", "alike", "alike", "alike",
                     "alike", "chars", "stretch"))
    if op == "stretch":   # a long line: a list or a phrase said many times (slow regular expressions show here)
        line = lines[i]
        items = line.split(", ")
        times = rng.choice((20, 200, 2000))
        if len(items) > 2:
            k = rng.randrange(1, len(items) - 1)
            lines[i] = ", ".join(items[:k] + [items[k]] * times + items[k + 1:])
        else:
            words = line.split(" ")
            k = rng.randrange(len(words))
            lines[i] = " ".join(words[:k] + [words[k]] * times + words[k + 1:])
    elif op == "chars":   # the kind of damage a file gets on its travels
        how = rng.randrange(6)
        if how == 0:
            lines[i] = lines[i] + "\r"
        elif how == 1:
            lines[0] = "\ufeff" + lines[0]
        elif how == 2:
            lines[i] = lines[i].replace(" ", rng.choice(("\t", "\u00a0", "  ", "\u2028")), 1)
        elif how == 3:
            lines[i] = lines[i] + rng.choice((" ", "\t", "\x00", "\u200b"))
        elif how == 4:
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:k] + rng.choice(("\x00", "\x0c", "\x1b[0m", "\u0301", "\ud800", "\x85")) + lines[i][k:]
        else:
            lines[i] = lines[i].upper() if rng.random() < 0.5 else lines[i].lower()
    elif op == "class":
        lines[i] = _class_swap(rng, lines[i])
    elif op == "alike":
        there = alike(i) if alike is not None else foreign
        if there:
            line = rng.choice(there)
            parts = SENTENCE_END.split(lines[i])
            if len(parts) > 1 and rng.random() < 0.6:   # one sentence of the line replaced by one from there
                parts[rng.randrange(len(parts))] = rng.choice(SENTENCE_END.split(line))
                lines[i] = " ".join(parts)
            else:
                lines[i] = line
    elif op == "drop":
        del lines[i]
    elif op == "dup":
        lines.insert(i, lines[i])
    elif op == "cut":
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    elif op == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "move":
        lines.insert(rng.randrange(len(lines) + 1), lines.pop(i))
    elif op == "merge" and i + 1 < len(lines):
        lines[i:i + 2] = [lines[i] + " " + lines[i + 1]]
    elif op == "junk":
        lines.insert(i, rng.choice(junk))
    elif op == "foreign" and foreign:
        lines.insert(i, rng.choice(foreign))
    elif op == "number":
        lines[i] = _number_swap(rng, lines[i])
    elif op == "word":
        lines[i] = _word_op(rng, lines[i], vocabulary)
    elif op == "markup":
        lines[i] = re.sub(r"^(#+ |\d+\. |- |\| )", "", lines[i]) if rng.random() < 0.5 else \
            rng.choice(("# ", "## ", "1. ", "- ", "| ")) + lines[i]
    elif op == "sentence":
        parts = SENTENCE_END.split(lines[i])
        k = rng.randrange(len(parts))
        what = rng.randrange(3)
        if what == 0 and len(parts) > 1:
            del parts[k]
        elif what == 1:
            parts.insert(k, parts[k])
        else:
            parts.insert(k, rng.choice(foreign or junk))
        lines[i] = " ".join(parts)
    return f"{op} at line {i + 1}"


def _sections(lines: list[str]) -> list[str]:
    """The heading each line of a rulebook stands under."""
    out, current = [], ""
    for line in lines:
        if line.startswith("#"):
            current = line
        out.append(current)
    return out


def mutated_rulebook(rng: random.Random, family: str) -> tuple[str, str, list[str]]:
    books = rulebooks(family)
    name, md = rng.choice(books)
    lines = md.splitlines()
    other = rng.choice(books)[1].splitlines()
    other_heads = _sections(other)

    def alike(i: int) -> list[str]:
        """The lines of another rulebook under the heading line i stands under now."""
        head = _sections(lines)[i]
        return [line for line, h in zip(other, other_heads) if h == head and line and not line.startswith("#")]

    log = [mutate_lines(rng, lines, rulebook_words(), other, JUNK_LINES, alike) for _ in range(rng.randint(1, 3))]
    return name, "\n".join(lines) + "\n", log


#: The importer's share of cases for the book's games of families Parlour has not registered.
UNREGISTERED = "unregistered"


def mutated_block(rng: random.Random, family: str) -> tuple[str, str, list[str]]:
    blocks = book_blocks()
    pool = [b for b in blocks if (b[1] not in FAMILIES if family == UNREGISTERED else b[1] == family)] or list(blocks)
    name, _, lines = rng.choice(pool)
    lines = list(lines)
    other = rng.choice(blocks)[2]
    foreign = [s for line in other for s in SENTENCE_END.split(line)]

    def alike(i: int) -> list[str]:
        """The line of another game at the same place (the book's games keep one order of paragraphs)."""
        return [other[min(i, len(other) - 1)]]

    log = [mutate_lines(rng, lines, book_words(), foreign, JUNK_LINES, alike) for _ in range(rng.randint(1, 3))]
    return name, "\n".join(lines) + "\n", log


def mutated_spec_text(rng: random.Random, data: dict[str, Any], family: str) -> tuple[str, str, list[str]]:
    """A spec file's text (YAML or JSON) with lines mutated; returns (suffix, text, log)."""
    suffix = ".json" if rng.random() < 0.3 else ".yaml"
    deep = rng.random() < 0.04  # rare: PyYAML takes a second to fail on it
    if deep:
        path, _ = rng.choice([(p, v) for p, v in _walk(data) if p])
        _set(data, path, "DEEP-VALUE")
    if suffix == ".json":
        text = json.dumps(data, indent=2)
    else:
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    if deep:
        text = re.sub(r'"?DEEP-VALUE"?', "[" * DEPTH + "]" * DEPTH, text)
        return suffix, text, [f"set {_path_str(path)} = a list nested {DEPTH} deep"]
    lines = text.splitlines()
    junk = ["&a [*a]", "x: &a [*a]", "- - -", ": :", "!!python/object/apply:os.system ['true']", "? complex", "\t",
            "{", "}", "[", "]", '"', "'", "naming: !!binary aGVsbG8=", "players: !!set {2: null}",
            "deal: 2001-01-01", "  hand_size: 0x10", "  hand_size: 1_000", "%YAML 1.1", "--- ", "...", "#",
            "players: {min: 2, max: 8, min: 3}"]
    vocab = tuple(sorted({w for line in lines for w in WORD.findall(line)}))
    log = [mutate_lines(rng, lines, vocab, lines[:], junk) for _ in range(rng.randint(1, 3))]
    return suffix, "\n".join(lines) + "\n", log


# --------------------------------------------------------------------------- saved state

#: The kinds of saved state the ``state`` target damages (each read back by the command that reads it).
STATE_KINDS = ("archive", "record", "report")


@cache
def saved_states(family: str) -> dict[str, tuple[tuple[str, Any], ...]]:
    """(name, data) of undamaged saved state of ``family``'s games, as Parlour writes it: an evolve
    archive (archive.json, with its elites' specs named by id), a generate run record, and playtest
    reports (``Report.as_dict()``, as `generate --playtest` saves beside a kept game)."""
    from generator.evolve.archive import Archive, Elite
    from generator.evolve.niches import all_niches
    from generator.evolve.search import Settings
    from generator.playtest import playtest
    from generator.publish import runs

    bases = checked_bases(family)[:3]
    specs = [spec_from_data(data) for _, data in bases]
    niches = [n for n in all_niches(1) if n.family == family]
    archive = Archive(settings=Settings(seed=3, games=5).as_dict(), generation=2, games=480, candidates=30,
                      passed=12, mended=1, rejected=Counter({"TOO_LONG": 9, "NO_AGENCY": 4}),
                      history=[{"generation": g, "candidates": 10, "passed": 4, "placed": 2, "games": 160 * (g + 1),
                                "niches": g + 1, "best": 0.7} for g in range(3)])
    for k, spec in enumerate(specs):
        archive.elites[niches[k]] = Elite(f"g00{k % 3}-00{k}-{_slug(spec.naming.name)}", niches[k], 0.6 + k / 10,
                                          spec, k % 3, mended=k == 1)
    record = json.loads(runs.record(seed=7, family=family, count=3, players=None,
                                    playtest={"tier": 1, "games": 20, "mend": True}, drafts=9,
                                    kept=[f"00000{k}-game.yaml" for k in range(3)], mended=1,
                                    rejected_by=Counter({"TOO_LONG": 4, "NON_TERMINATING": 2}),
                                    redrawn_by=Counter({"NO_WIN_PATH": 1}), redrawn=1, finished=True))
    reports = [(name, playtest(spec, games=6, seed=0, executor=None).as_dict()) for (name, _), spec in
               zip(bases[:2], specs[:2])]
    return {"archive": (("an evolve archive", {"archive": archive.as_dict(),
                                               "elites": {e.id: dump_yaml(e.spec) for e in archive.elites.values()}}),),
            "record": (("a generate run record", record),),
            "report": tuple((f"the playtest report of {name}", {"spec": _dump(spec), "report": report})
                            for (name, report), spec in zip(reports, specs))}


def _slug(name: str) -> str:
    from generator.evolve.archive import slug

    return slug(name)


def mutated_state(rng: random.Random, family: str) -> tuple[str, dict[str, Any], list[str]]:
    """One kind of saved state, damaged by one to four mutations of any kind (its spec, if it
    carries one, left whole: the ``specs`` target damages specs)."""
    kind = rng.choice(STATE_KINDS)
    name, base = rng.choice(saved_states(family)[kind])
    data = copy.deepcopy(base)
    part = {"archive": "archive", "record": None, "report": "report"}[kind]
    target = data if part is None else data[part]
    log = [mutate_wild(rng, target, family) for _ in range(rng.randint(1, 4))]
    if part is not None:
        data[part] = target
    return f"{kind}: {name}", {"kind": kind, **({"data": data} if part is None else data)}, log


# --------------------------------------------------------------------------- the command line

#: Input files a command line may name, made once per run (``cli_files``): {good} a spec that
#: passes, {bad} one that fails a check, {rule} a rulebook, {folder} a folder of two specs, {bom} a
#: spec with a byte-order mark, {empty} an empty file, {report} a playtest report, {book} a piece
#: of the seed book, {archive} an evolve archive's folder, {missing} a file that is not there.
INPUTS = ("good", "good", "bad", "rule", "folder", "bom", "empty", "report", "book", "missing")
#: Numbers for options: mostly small (a command that runs, runs briefly), and the ones refused.
NUMBERS = ("0", "1", "1", "2", "2", "3", "-1", "x", "", "1.5", "99999999999999999999")
#: Where a command may write: inside the case's own folder, {out}; a few names that cannot be.
OUTPUTS = ("{out}/o", "{out}/o", "{out}/b.pdf", "{out}/b.html", "{out}/b.md", "{out}/r.jsonl", "{out}/f/x",
           "{out}/" + "n" * 300, "{out}/o/sub", "{out}/file.txt", "{out}/file.txt/x")
SCHEDULERS = ("notanaddress", "tcp://[::1", "tcp://127.0.0.1:{port}", "udp://h:1", "tcp://h:0", "tcp://:1")
BOT_NAMES = ("random", "greedy", "strong", "highest", "lowest", "greedy-points", "strong-without:trumps",
             "greedyy", "", "strong-without:nothing")
#: Flags given first so that a command that runs stays short (a random option later may replace one).
CHEAP = {
    "playtest": ["--games", "2", "--tier2-games", "1", "--workers", "1", "--rollouts", "1", "--max-rollouts", "2"],
    "generate": ["--count", "1", "--games", "2", "--max-drafts", "2", "--workers", "1"],
    "evolve": ["--initial", "1", "--generations", "0", "--batch", "1", "--games", "2", "--workers", "1"],
    "book": ["--games", "2", "--jobs", "1"],
    "import": ["--games", "2", "--workers", "1"],
    "replay": ["--seed", "1", "--rollouts", "1", "--max-rollouts", "2"],
}
#: Commands that do not end by themselves (a server): never drawn, a run of them is no case.
NEVER_ENDING = {"serve"}
#: Output options (the others that take a path read one).
OUTPUT_OPTIONS = {"out_dir", "out_file", "records", "book_file", "rejected_dir", "out"}
#: The input files of each family's command lines, made before the worker is forked.
CLI_FILES: dict[str, dict[str, str]] = {}
#: Seconds a command line may take before it counts as a hang (a command that runs, runs for real).
CLI_TIMEOUT = 60.0


def cli_files(folder: Path, family: str) -> dict[str, str]:
    """The input files of the ``cli`` target, made in ``folder`` (once, before the worker starts)."""
    folder.mkdir(parents=True, exist_ok=True)
    (_, good), (_, other) = checked_bases(family)[:2]
    bad = copy.deepcopy(good)
    bad["players"] = {"min": 2, "max": 8}
    bad["deal"] = {**bad.get("deal", {}), "hand_size": 60} if isinstance(bad.get("deal"), dict) else bad.get("deal")
    files = {
        "good": ("good.yaml", yaml.safe_dump(good, sort_keys=False, allow_unicode=True)),
        "bad": ("bad.yaml", yaml.safe_dump(bad, sort_keys=False, allow_unicode=True)),
        "rule": ("rule.md", render_markdown(spec_from_data(good))),
        "bom": ("bom.yaml", "\ufeff" + yaml.safe_dump(other, sort_keys=False, allow_unicode=True)),
        "empty": ("empty.txt", ""),
        "report": ("report.json", json.dumps(saved_states(family)["report"][0][1]["report"])),
        "book": ("book.txt", "\n\n".join("\n".join(lines) for _, _, lines in book_blocks()[:3]) + "\n"
                 if BOOK.exists() else "Hello.\n"),
    }
    out = {}
    for key, (name, text) in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        out[key] = str(folder / name)
    (folder / "folder").mkdir(exist_ok=True)
    for name in ("a.yaml", "b.yaml"):
        (folder / "folder" / name).write_text(files["good"][1], encoding="utf-8")
    out["folder"] = str(folder / "folder")
    out["missing"] = str(folder / "missing.yaml")
    import socket

    with socket.socket() as sock:   # a port nothing listens on: refused at once
        sock.bind(("127.0.0.1", 0))
        out["port"] = str(sock.getsockname()[1])
    out["files"] = str(folder)
    return out


def _option_value(rng: random.Random, command: str, param: Any) -> list[str]:
    """The tokens of one option of ``command``, with a value drawn for its kind."""
    import click

    flag = param.opts[0]
    if param.is_flag:
        if param.secondary_opts and rng.random() < 0.5:
            return [param.secondary_opts[0]]
        return [flag]
    name = param.name
    if name == "scheduler":
        return [flag, rng.choice(SCHEDULERS)]
    if name == "bots":
        n = rng.choice((1, 2, 3, 4, 4, 5))
        return [flag, ",".join(rng.choice(BOT_NAMES[:7] if rng.random() < 0.8 else BOT_NAMES) for _ in range(n))]
    if isinstance(param.type, click.Choice):
        return [flag, rng.choice(list(param.type.choices)) if rng.random() < 0.85 else rng.choice(ODD_STRINGS[:20])]
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        return [flag, rng.choice(NUMBERS)]
    if isinstance(param.type, click.Path):
        if name in OUTPUT_OPTIONS:
            return [flag, rng.choice(OUTPUTS)]
        return [flag, "{" + rng.choice(INPUTS) + "}"]
    return [flag, rng.choice(ODD_STRINGS[:30] + ["A Title", "x" * 80])]


def command_line(rng: random.Random, family: str) -> tuple[str, list[str], list[str]]:
    """A command with random flags and values (``--dask-local`` only beside ``--scheduler``: a
    local cluster takes seconds to start, and conflicting is what is under test)."""
    from generator.cli import main

    name = rng.choice(sorted(set(main.commands) - NEVER_ENDING))
    command = main.commands[name]
    argv = [name, *CHEAP.get(name, [])]
    options = [p for p in command.params if p.param_type_name == "option" and p.name not in ("help", "dask_local")]
    chosen = rng.sample(options, k=min(len(options), rng.choice((0, 1, 2, 2, 3, 4, 6))))
    for param in chosen:
        argv += _option_value(rng, name, param)
        if param.name == "scheduler" and rng.random() < 0.3:
            argv.append("--dask-local")
    for param in command.params:
        if param.param_type_name != "argument":
            continue
        n = 1 if param.nargs == 1 else rng.choice((1, 1, 2, 3))
        if rng.random() < 0.05:
            n = 0   # an argument missing
        pool = ("book", "book", "bom", "empty", "missing", "good") if name == "import" else INPUTS
        argv += ["{" + rng.choice(pool) + "}" for _ in range(n)]
    if rng.random() < 0.05:
        argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(("--nope", "-x", "--", "--force=1")))
    return name, argv, [" ".join(argv)]


def _tree(folder: Path) -> list[tuple[str, bytes]]:
    return sorted((str(p.relative_to(folder)), p.read_bytes()) for p in folder.rglob("*") if p.is_file())


def eval_cli(case: Case) -> Result:
    """A command line through Click's test runner, in a folder of its own: it must end with exit
    0, 1 or 2 and no traceback, an exit 2 with a line saying why (``parlour: …``, Click's ``Error:
    …`` for a usage error, or `check`'s ``FAIL …``), and no input file changed."""
    from click.testing import CliRunner

    from generator.cli import main

    files = CLI_FILES.get(case.family) or cli_files(Path(tempfile.mkdtemp(prefix="parlour-fuzz-")), case.family)
    inputs = Path(files["files"])
    before = _tree(inputs)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        (out / "file.txt").write_text("not a folder\n", encoding="utf-8")
        argv = [a.format(out=out, **files) for a in case.payload]
        os.chdir(out)   # a default output (output/, evolved/) lands here too
        try:
            res = CliRunner().invoke(main, argv, catch_exceptions=True)
        finally:
            os.chdir(here)
    text = res.output
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        return crash(res.exception, "cli: ")
    if res.exit_code not in (0, 1, 2):
        return Result("invariant broken", f"cli: exit {res.exit_code}", text[-2000:])
    if "Traceback" in text:
        return Result("invariant broken", "cli: a traceback printed", text[-2000:])
    if res.exit_code == 2 and not any(line.startswith(("parlour: ", "Error: ", "FAIL ")) for line in text.splitlines()):
        return Result("invariant broken", "cli: exit 2 without a line saying why", text[-2000:])
    if _tree(inputs) != before:
        return Result("invariant broken", "cli: an input file was changed", " ".join(argv))
    return Result("accepted" if res.exit_code in (0, 1) else "rejected")


# --------------------------------------------------------------------------- one case


@dataclass
class Case:
    """A target's input and how it was made (the base and the mutations, for the report)."""

    target: str
    family: str
    index: int
    base: str
    payload: Any           # data (a dict, for specs/engine/roundtrip), or text
    log: list[str] = field(default_factory=list)
    suffix: str = ""       # for a spec file's text: ".yaml" or ".json"

    @property
    def label(self) -> str:
        return f"{self.target}/{self.family}/{self.index}"


def make_case(target: str, family: str, seed: int, index: int) -> Case:
    rng = random.Random(f"{seed}/{target}/{family}/{index}")
    if target == "specs":
        name, base = rng.choice(spec_bases(family))
        data = copy.deepcopy(base)
        if rng.random() < 0.2:
            suffix, text, log = mutated_spec_text(rng, data, family)
            return Case(target, family, index, name, text, log, suffix)
        log = [mutate_wild(rng, data, family) for _ in range(rng.randint(1, 4))]
        return Case(target, family, index, name, data, log)
    if target in ("engine", "roundtrip"):
        name, data, log = passing_variant(rng, family, strings=target == "roundtrip")
        return Case(target, family, index, name, data, log)
    make = CASE_MAKERS.get(target)
    if make is None:
        raise ValueError(f"unknown target {target!r}")
    name, payload, log = make(rng, family)
    return Case(target, family, index, name, payload, log)


#: The targets whose case is one maker's (name, payload, log): a rulebook, a seed-book block, a
#: saved file, a command line.
CASE_MAKERS = {"parser": mutated_rulebook, "importer": mutated_block, "state": mutated_state, "cli": command_line}


@dataclass
class Result:
    outcome: str                 # one of OUTCOMES
    signature: str = ""          # for a crash, a hang or a broken invariant
    detail: str = ""             # the traceback or the message
    games: int = 0               # engine: games played
    capped: int = 0              # engine: games stopped by the move cap


def innermost(exc: BaseException) -> str:
    """``path:line (function)`` of the innermost traceback frame inside ``generator/``."""
    where = "outside generator/"
    for frame, line in traceback.walk_tb(exc.__traceback__):   # no source lines read: a RecursionError has 1,000 frames
        p = Path(frame.f_code.co_filename).resolve()
        if PROJECT in p.parents:
            where = f"{p.relative_to(ROOT)}:{line} ({frame.f_code.co_name})"
    return where


def crash(exc: BaseException, stage: str = "") -> Result:
    tb = "".join(line[:400] + ("…\n" if len(line) > 400 else "")
                 for line in traceback.format_exception(exc, limit=-30))  # the innermost frames, lines cut short
    kind = "invariant broken" if isinstance(exc, CardsLost) else "crash"
    return Result(kind, f"{stage}{type(exc).__name__} at {innermost(exc)}", tb)


def _check_loaded(spec: GameSpec, round_trip: bool = True) -> Result:
    """What every spec a reader gives must survive: the static checks, reloading from its own dump
    and, when it passes the checks (and ``round_trip``), the rulebook round trip."""
    try:
        problems = check_spec(spec)
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "check_spec: ")
    if not isinstance(problems, list):
        return Result("invariant broken", "check_spec returned no list", repr(problems))
    try:
        again = spec_from_data(spec.model_dump(mode="json"))
    except SpecError as exc:
        return Result("invariant broken", f"a loaded spec does not reload from its dump: {_generic(str(exc))}",
                      str(exc))
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "reload: ")
    if again != spec:
        return Result("invariant broken", "a loaded spec reloads as another spec", _first_difference(spec, again))
    if round_trip and not problems:
        return roundtrip(spec)
    return Result("accepted")


def _generic(message: str) -> str:
    """A message with its quoted values and numbers blanked, to group like failures."""
    message = re.sub(r"\(got .*\)", "(got …)", message)
    message = re.sub(r"“[^”]*”|'[^']*'|\"[^\"]*\"", "“…”", message)
    message = re.sub(r"(“…”)[”\"]+", r"\1", message)
    return re.sub(r"\d+", "N", message)[:160]


def _section(name: str) -> str:
    """A ParseError's section for a signature: a fixed heading as it is, the title or a heading the
    spec names (the invented laws') as what it is, since their words come from the spec."""
    fixed = {s.heading for s in SECTIONS if s.heading} | {"the rulebook"}
    return name if name in fixed else "(the title, or a heading the spec names)"


def eval_specs(case: Case) -> Result:
    try:
        if isinstance(case.payload, str):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / f"spec{case.suffix}"
                path.write_bytes(case.payload.encode("utf-8", "surrogatepass"))  # a lone surrogate: not UTF-8
                spec = load_spec(path)
        else:
            spec = spec_from_data(expand(case.payload))
    except SpecError as exc:
        return Result("rejected") if str(exc).strip() else Result("invariant broken", "SpecError without a message")
    except Exception as exc:  # noqa: BLE001 - what the fuzzer looks for
        return crash(exc, "load: ")
    return _check_loaded(spec)


def eval_engine(case: Case, seed: int = 0) -> Result:
    try:
        spec = spec_from_data(copy.deepcopy(case.payload))
        if check_spec(spec):
            return Result("no input", "", "the spec fails a static check")
    except Exception as exc:  # noqa: BLE001
        return Result("no input", "", repr(exc))
    capped = 0
    try:
        game = Game(spec, move_cap=MOVE_CAP, audit=True)
        for n in spec.players.counts():
            state = game.new_initial_state(n, seed * 1000 + case.index * 10 + n)
            state.play_random(random.Random(f"{seed}/{case.index}/{n}").random)
            if not state.is_terminal() or state.record.outcome not in ("natural", "cap"):
                return Result("invariant broken", "play_random returned before the game ended",
                              f"{n} players: outcome {state.record.outcome!r}")
            capped += state.record.outcome == "cap"
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "engine: ")
    try:   # sensible players reach positions random ones do not (and the bots' own code is under test)
        for n in spec.players.counts():
            broken, cap = play_greedy(game, n, seed * 1000 + case.index * 10 + n)
            if broken:
                return Result("invariant broken", f"greedy play: {broken}", f"{n} players")
            capped += cap
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "greedy play: ")
    return Result("accepted", games=2 * len(spec.players.counts()), capped=capped)


def play_greedy(game: Game, n: int, seed: int) -> tuple[str, bool]:
    """One game with the greedy bot at every seat, each seeing only its observation: what broke
    (an empty list of legal actions, a bot's action that is not legal, an unfinished game) or "",
    and whether the move cap ended it."""
    state = game.new_initial_state(n, seed)
    bots = [make_bot("greedy", bot_seed(seed, p)) for p in range(n)]
    views = [state.observation(p) for p in range(n)]
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if not legal:
            return "no legal action in a position that is not the end", False
        action = legal[0] if len(legal) == 1 else bots[state.current].act(views[state.current])
        if action not in legal:
            return "a bot's action is not legal", False
        state.apply_action(action)
        moves += 1
        if moves > 10 * MOVE_CAP:
            return "the move cap did not end the game", False
    ended = "" if state.record.outcome in ("natural", "cap") else f"outcome {state.record.outcome!r}"
    return ended, state.record.outcome == "cap"


def eval_parser(case: Case) -> Result:
    try:
        spec = parse_markdown(case.payload)
    except ParseError as exc:
        return Result("rejected") if str(exc).strip() else Result("invariant broken", "ParseError without a message")
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "parse: ")
    if not isinstance(spec, GameSpec):
        return Result("invariant broken", "parse_markdown returned no GameSpec", repr(spec))
    return _check_loaded(spec)


def eval_importer(case: Case) -> Result:
    try:
        result = import_book(case.payload)
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "import: ")
    clean = not result.problems
    for g in result.games:
        if g.status not in ("imported", "repaired", "unsupported", "error", "failed"):
            return Result("invariant broken", f"a game with status {g.status!r}")
        if g.status in ("imported", "repaired") and (g.spec is None or g.problems):
            return Result("invariant broken", f"a game {g.status} without a spec, or with problems")
        if any(not str(p).strip() for p in g.problems):
            return Result("invariant broken", "an import problem without a message")
        clean = clean and g.status in ("imported", "repaired", "unsupported")
        if g.spec is not None:
            if not isinstance(g.spec, GameSpec):
                return Result("invariant broken", "an imported spec that is no GameSpec")
            checked = _check_loaded(g.spec)
            if checked.outcome != "accepted":
                return checked
    return Result("accepted" if clean and result.games else "rejected")


def eval_roundtrip(case: Case) -> Result:
    try:
        spec = spec_from_data(copy.deepcopy(case.payload))
        if check_spec(spec):
            return Result("no input", "", "the spec fails a static check")
    except Exception as exc:  # noqa: BLE001
        return Result("no input", "", repr(exc))
    return roundtrip(spec)


def roundtrip(spec: GameSpec) -> Result:
    """``parse_markdown(render_markdown(spec)) == spec.rules()`` for a spec that passes the checks."""
    try:
        text = render_markdown(spec)
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "render: ")
    try:
        back = parse_markdown(text)
    except ParseError as exc:
        section = _section(exc.section)
        return Result("invariant broken", f"roundtrip: ParseError: {section}: {_generic(exc.reason)}",
                      f"{exc}\n\n{text}")
    except Exception as exc:  # noqa: BLE001
        return crash(exc, "roundtrip parse: ")
    if back != spec.rules():   # provenance is a record of how the game was made, never printed as a rule
        where = _first_difference(spec.rules(), back)
        field_ = re.sub(r"\[\d+\]", "[]", where.split(":")[0])
        return Result("invariant broken", f"roundtrip: differs at {field_}", f"{where}\n\n{text}")
    return Result("accepted")


def eval_state(case: Case) -> Result:
    """Saved state read back as the commands read it: an archive resumed (``archive.load`` and the
    settings' check: an Archive or an ArchiveError, Settings or a ValueError), a run record read
    for a book's cover (a Run or None; the cover's sentences from it), a saved report read beside
    a spec (a report or None; the rulebook's figures from it) and given to `render --report` (a
    report or exit 2; the rulebook from it)."""
    payload = case.payload
    kind = payload.get("kind")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        try:
            if kind == "archive":
                return _eval_archive(folder, payload)
            if kind == "record":
                return _eval_record(folder, payload)
            return _eval_report(folder, payload)
        except Exception as exc:  # noqa: BLE001 - what the fuzzer looks for
            return crash(exc, f"{kind}: ")


def _write_json(path: Path, data: Any) -> None:
    """The file as a damaged save would hold it: a deep nest written out as brackets, a number of
    thousands of digits written whole (the reader, not this writer, is under test)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=True)
    finally:
        sys.set_int_max_str_digits(limit)
    text = text.replace(json.dumps(DEEP, ensure_ascii=False), "[" * DEPTH + "]" * DEPTH)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")


def _eval_archive(folder: Path, payload: dict[str, Any]) -> Result:
    from generator.evolve.archive import ArchiveError, load
    from generator.evolve.search import Settings, finished

    _write_json(folder / "archive.json", payload["archive"])
    for eid, text in payload.get("elites", {}).items():
        (folder / "elites").mkdir(exist_ok=True)
        (folder / "elites" / f"{eid}.yaml").write_text(text, encoding="utf-8")
    try:
        archive = load(folder)
    except ArchiveError as exc:
        return Result("rejected") if str(exc).strip() else Result("invariant broken", "ArchiveError without a message")
    try:
        settings = Settings.from_saved(archive.settings)
    except ValueError as exc:
        return Result("rejected") if str(exc).strip() else Result("invariant broken", "settings error without a message")
    # what a resumed run does with it before its first generation
    finished(archive, settings)
    json.dumps(archive.as_dict())   # as the next save writes it
    archive.ordered()
    return Result("accepted")


def _eval_record(folder: Path, payload: dict[str, Any]) -> Result:
    from generator.publish import runs
    from generator.publish.book import BookInfo, cover_account

    path = folder / runs.record_name(7)
    _write_json(path, payload["data"])
    run = runs.read(path)
    if run is None:
        return Result("rejected")
    run.in_book = run.games[:2] or ["000000-game.yaml"]
    cover_account([], BookInfo(runs=[run]))
    return Result("accepted")


def _eval_report(folder: Path, payload: dict[str, Any]) -> Result:
    from generator.commands.book import saved_report
    from generator.commands.common import InputError
    from generator.commands.render import _render_one, load_reports
    from generator.publish.facts import playtest_rows, text_summary, verdict_text
    from generator.publish.figures import from_report

    spec = spec_from_data(payload["spec"])
    path = folder / "000000-game.yaml"
    path.write_text(dump_yaml(spec), encoding="utf-8")
    report_path = folder / "000000-game.report.json"
    report = payload["report"]
    if isinstance(report, dict) and isinstance(report.get("game"), str):
        report = {**report, "game": spec.naming.name}   # the report of this game: its name is not the damage
    _write_json(report_path, report)
    outcome = "rejected"
    saved = saved_report(path, spec.naming.name)
    if saved is not None:
        outcome = "accepted"
        summary = from_report(spec, saved, typical=False)
        render_markdown(spec, text_summary(summary))
        playtest_rows(summary)
        verdict_text(summary)
    try:
        given = load_reports((str(report_path),))
    except InputError as exc:
        return Result(outcome) if str(exc).strip() else Result("invariant broken", "a report refused without a message")
    _render_one(spec, "md", given[0], "A5")
    return Result("accepted")


def _first_difference(a: GameSpec, b: GameSpec) -> str:
    da, db = a.model_dump(mode="json"), b.model_dump(mode="json")

    def diff(x: Any, y: Any, path: tuple[Any, ...]) -> str | None:
        if isinstance(x, dict) and isinstance(y, dict):
            for k in list(x) + [k for k in y if k not in x]:
                d = diff(x.get(k), y.get(k), (*path, k))
                if d:
                    return d
            return None
        if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for i, (u, v) in enumerate(zip(x, y)):
                d = diff(u, v, (*path, i))
                if d:
                    return d
            return None
        return None if x == y else f"{_path_str(path)}: {x!r} became {y!r}"

    return diff(da, db, ()) or "(equal dumps)"


EVALUATORS: dict[str, Callable[[Case], Result]] = {
    "specs": eval_specs, "engine": eval_engine, "parser": eval_parser, "importer": eval_importer,
    "roundtrip": eval_roundtrip, "state": eval_state, "cli": eval_cli,
}


def evaluate(case: Case) -> Result:
    return EVALUATORS[case.target](case)


# --------------------------------------------------------------------------- the worker


def _serve(conn: Any, stderr: str) -> None:
    sys.set_int_max_str_digits(sys.int_info.default_max_str_digits)   # the readers run under Python's default
    # What the readers print (pydantic's "Exception ignored" on a value too deep to repr …) goes to a file.
    fd = os.open(stderr, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 2)
    while True:
        try:
            case = conn.recv()
        except EOFError:   # the fuzzer is gone
            return
        if case is None:
            return
        conn.send(evaluate(case))


class Worker:
    """One child process that evaluates cases; killed and replaced when a case outlives the timeout."""

    def __init__(self, timeout: float, stderr: Path):
        self.timeout = timeout
        self.stderr = str(stderr)
        self.ctx = multiprocessing.get_context("fork")
        self.proc: Any = None
        self.conn: Any = None
        self.restarts = 0

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        # not a daemon: a command under test may start worker processes of its own (a daemon may
        # not); it still ends with the fuzzer, whose end closes the pipe it reads
        self.proc = self.ctx.Process(target=_serve, args=(child, self.stderr), daemon=False)
        self.proc.start()
        child.close()
        self.conn = parent

    def run(self, case: Case, timeout: float | None = None) -> Result:
        if self.proc is None or not self.proc.is_alive():
            self._start()
        self.conn.send(case)
        if self.conn.poll(timeout or self.timeout):
            try:
                return self.conn.recv()
            except EOFError:
                pass
            self.stop()
            return Result("crash", "the worker process died", "")
        self.stop()
        self.restarts += 1
        return Result("hang", f"no answer within {timeout or self.timeout:g} s", "")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.join()
            self.conn.close()
        self.proc = None

    def close(self) -> None:
        if self.proc is not None and self.proc.is_alive():
            self.conn.send(None)
            self.proc.join(5)
        self.stop()


# --------------------------------------------------------------------------- shrinking


def _delete_key(data: Any, path: tuple[Any, ...]) -> Any | None:
    """A copy of ``data`` without the key or list item at ``path`` (None: no such path any more)."""
    trial = copy.deepcopy(data)
    try:
        parent = _get(trial, path[:-1])
        del parent[path[-1]]
    except (KeyError, IndexError, TypeError):
        return None
    return trial


def _units(text: str) -> list[tuple[int, int]]:
    """(line, sentence) of every sentence of a text, last first (so deleting one leaves the others' places)."""
    return [(i, k) for i, line in enumerate(text.splitlines()) for k in range(len(SENTENCE_END.split(line)))][::-1]


def _delete_unit(text: str, where: tuple[int, int], whole_line: bool) -> str | None:
    lines = text.splitlines()
    i, k = where
    if i >= len(lines):
        return None
    if whole_line:
        return "\n".join(lines[:i] + lines[i + 1:]) + "\n"
    parts = SENTENCE_END.split(lines[i])
    if len(parts) < 2 or k >= len(parts):
        return None
    return "\n".join(lines[:i] + [" ".join(parts[:k] + parts[k + 1:])] + lines[i + 1:]) + "\n"


def shrink(worker: Worker, case: Case, signature: str) -> tuple[Case, int]:
    """Delete keys, deepest last (data), or lines, then sentences (text), one at a time, keeping
    each deletion after which the signature is still the same; passes repeat until one deletes
    nothing. Returns the smallest case found and the evaluations spent (at most SHRINK_BUDGET)."""
    spent = 0
    current = case

    def attempt(payload: Any) -> bool:
        nonlocal current, spent
        spent += 1
        trial = Case(current.target, current.family, current.index, current.base, payload, current.log, current.suffix)
        if worker.run(trial).signature == signature:
            current = trial
            return True
        return False

    improved = True
    while improved and spent < SHRINK_BUDGET:
        improved = False
        if isinstance(current.payload, str):
            for whole_line in (True, False):
                for where in _units(current.payload):
                    trial = _delete_unit(current.payload, where, whole_line)
                    if trial is not None and spent < SHRINK_BUDGET and attempt(trial):
                        improved = True
        else:
            for path in sorted((p for p, _ in _walk(current.payload) if p), key=len):
                trial = _delete_key(current.payload, path)
                if trial is not None and spent < SHRINK_BUDGET and attempt(trial):
                    improved = True
    return current, spent


# --------------------------------------------------------------------------- the run


@dataclass
class Signature:
    target: str
    text: str
    count: int = 0
    first: Case | None = None
    detail: str = ""
    file: str = ""
    evals: int = 0


def write_reproducer(out: Path, number: int, sig: Signature, case: Case, detail: str) -> str:
    if isinstance(case.payload, str):
        suffix = case.suffix or (".md" if case.target == "parser" else ".txt")
        body = case.payload
    else:
        suffix = ".json"
        body = json.dumps(case.payload, indent=2, ensure_ascii=False) + "\n"
    path = out / f"{case.target}-{number}{suffix}"
    path.write_bytes(body.encode("utf-8", "surrogatepass"))
    note = (f"signature: {sig.text}\ntarget: {case.target} (family {case.family})\nfirst case: {case.label}\n"
            f"cases with this signature: {sig.count}\nbase: {case.base}\nmutations: {'; '.join(case.log)}\n"
            f"replay: python benchmarks/fuzz.py --replay {path}\n\n{detail}")
    path.with_suffix(path.suffix + ".txt").write_text(note, encoding="utf-8")
    return str(path)


def replay(path: Path) -> int:
    """Evaluate one reproducer file (target from its name: ``<target>-<n>.<ext>``) and print the result."""
    target = path.name.split("-", 1)[0]
    text = path.read_bytes().decode("utf-8", "surrogatepass")
    if target in ("specs", "engine", "roundtrip", "state", "cli") and path.suffix == ".json":
        sys.set_int_max_str_digits(0)   # the file may hold a number of 5,000 digits: read it as the fuzzer wrote it …
        payload: Any = json.loads(text)
        sys.set_int_max_str_digits(sys.int_info.default_max_str_digits)   # … and run the reader as a user would
        suffix = ""
    else:
        payload, suffix = text, (path.suffix if target == "specs" else "")
    family = payload.get("play", {}).get("family", "trick-taking") if isinstance(payload, dict) else "?"
    result = evaluate(Case(target, family, 0, str(path), payload, [], suffix))
    print(f"{result.outcome}: {result.signature}")
    if result.detail:
        print(result.detail)
    return 0 if result.outcome in ("accepted", "rejected") else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=1000, help="cases per target")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--target", choices=(*TARGETS, "all"), default="all")
    ap.add_argument("--family", default=None, help="only this family (default: every registered family in turn)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds a case may take before it counts as a hang")
    ap.add_argument("--out", type=Path, default=ROOT / "output" / "fuzz")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--seconds", type=float, default=0.0,
                    help="stop each target after this many seconds (0: run every case); the counts say how many ran")
    ap.add_argument("--replay", type=Path, default=None, help="evaluate one reproducer file and print its traceback")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    # This process makes inputs and writes them (a number of 5,000 digits among them); the worker
    # that reads them keeps Python's default limit on converting such numbers, as a user's would.
    sys.set_int_max_str_digits(0)
    if args.family is not None and args.family not in FAMILIES:
        ap.error(f"unknown family {args.family!r}; registered: {', '.join(FAMILIES)}")
    families = [args.family] if args.family else list(FAMILIES)
    targets = TARGETS if args.target == "all" else (args.target,)
    args.out.mkdir(parents=True, exist_ok=True)

    t0 = time.perf_counter()
    for f in families:   # built before the worker is forked, so a restarted worker need not build them again
        spec_bases(f), checked_bases(f), value_pool(f), foreign_pool(f), string_pool(f), rulebooks(f)
        if "state" in targets or "cli" in targets:
            saved_states(f)
        if "cli" in targets:
            CLI_FILES[f] = cli_files(args.out / "cli-files" / f, f)
    book_blocks(), book_words(), rulebook_words()
    print(f"fuzz: seed {args.seed}, {args.cases} cases per target, families {', '.join(families)}, "
          f"timeout {args.timeout:g} s; inputs prepared in {time.perf_counter() - t0:.1f} s", flush=True)

    worker = Worker(args.timeout, args.out / "worker-stderr.log")
    signatures: dict[tuple[str, str], Signature] = {}
    by_family: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    failing = 0
    rows = []
    try:
        for target in targets:
            counts: Counter[str] = Counter()
            games = capped = 0
            t_target = time.perf_counter()
            t_make = 0.0
            # the importer also reads the book's games of families not registered (listed as unsupported)
            fams = families + [UNREGISTERED] if target == "importer" and args.family is None else families
            ran = 0
            for i in range(args.cases):
                if args.seconds and time.perf_counter() - t_target > args.seconds:
                    break   # the time given to this target is spent: the counts say how many cases ran
                family = fams[i % len(fams)]
                t = time.perf_counter()
                case = make_case(target, family, args.seed, i)
                t_make += time.perf_counter() - t
                result = worker.run(case, max(args.timeout, CLI_TIMEOUT) if target == "cli" else None)
                ran += 1
                counts[result.outcome] += 1
                by_family[(target, family)][result.outcome] += 1
                games += result.games
                capped += result.capped
                if result.outcome in ("crash", "hang", "invariant broken"):
                    sig = signatures.setdefault((target, result.signature), Signature(target, result.signature))
                    sig.count += 1
                    if sig.first is None:
                        sig.first, sig.detail = case, result.detail
            secs = time.perf_counter() - t_target
            failing += counts["crash"] + counts["hang"] + counts["invariant broken"]
            rows.append((target, counts, capped, secs, t_make, ran))
            print(f"{target:10} {ran:7} cases in {secs:6.1f} s: "
                  + ", ".join(f"{o} {counts[o]}" for o in OUTCOMES if counts[o] or o in OUTCOMES[:5])
                  + (f" ({games} games, {capped} of them stopped by the move cap)" if target == "engine" else ""),
                  flush=True)

        print("\n| target | family | cases | accepted | rejected | crash | hang | invariant broken | no input |")
        print("|---|---|---|---|---|---|---|---|---|")
        for (target, family), c in by_family.items():
            print(f"| {target} | {family} | {sum(c.values()):,} | {c['accepted']:,} | {c['rejected']:,} "
                  f"| {c['crash']} | {c['hang']} | {c['invariant broken']} | {c['no input']} |")

        print(f"\n{len(signatures)} distinct failure signatures")
        per_target: Counter[str] = Counter()
        for sig in sorted(signatures.values(), key=lambda s: (TARGETS.index(s.target), -s.count, s.text)):
            per_target[sig.target] += 1
            case, detail = sig.first, sig.detail
            assert case is not None
            if not args.no_shrink and not sig.text.startswith("no answer") and sig.text != "the worker process died":
                small, sig.evals = shrink(worker, case, sig.text)
                again = worker.run(small)
                if again.signature == sig.text:
                    case, detail = small, again.detail
            sig.file = write_reproducer(args.out, per_target[sig.target], sig, case, detail)
            print(f"[{sig.target}] {sig.count:5}× {sig.text}\n          first {sig.first.label} "
                  f"(base {sig.first.base}); minimal input: {sig.file}", flush=True)
    finally:
        worker.close()

    print("\nseconds per case, and the time 100,000 cases per target would take on this machine:")
    total = 0.0
    for target, counts, _, secs, t_make, ran in rows:
        per = secs / max(1, ran)
        total += per * 100_000
        print(f"  {target:10} {per * 1000:7.2f} ms (making the input: {t_make / max(1, ran) * 1000:.2f} ms)"
              f"  → {per * 100_000 / 60:6.1f} min")
    print(f"  all        → {total / 3600:.2f} h (one worker; shrinking not included)")
    print(f"total {time.perf_counter() - t0:.0f} s; worker restarts after hangs: {worker.restarts}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
