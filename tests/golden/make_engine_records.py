"""Fingerprints of whole games, so that an engine rewrite can prove it changed no behaviour.

The same spec, player count and seed must give the same game record, move for move, on the
batch path (``State.play_random``), through the bot API (``legal_actions`` / ``observation`` /
``apply_action``) with random bots, and with a strong bot (whose search clones states and plays
them out); and the same playtest verdict JSON. This module plays those games and hashes what
they produced; ``tests/test_engine_golden.py`` plays them again and compares.

Run it to (re)write ``tests/golden/engine-records.json`` — only from an engine whose behaviour is
the reference (it was written from commit 9ffa89d, the engine before the phase-class rewrite):

    PYTHONPATH=. python tests/golden/make_engine_records.py

It uses only the engine's public API (``Game``, ``new_initial_state``, the state's methods,
``record.as_dict()``), the bots and the playtest, so the rewrite can be checked against it.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:   # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from generator.families.trick_taking import TRICK_TAKING  # noqa: E402
from generator.bots import RandomBot, StrongBot  # noqa: E402
from generator.checks import check_spec  # noqa: E402
from generator.engine import Game  # noqa: E402
from generator.playtest import playtest  # noqa: E402
from generator.sample import sample_game  # noqa: E402
from generator.spec import GameSpec, load_spec  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "engine-records.json"
#: Sampled specs: ``sample_game(seed)`` for these seeds (each spec drawn is a mix of modules).
SAMPLED_SEEDS = range(60)
#: A game longer than this stops as a 'cap' outcome (itself part of the record).
MOVE_CAP = 5000
#: Strong bot at seat 0 against random bots: these games, at this player count.
STRONG_SPECS = ("corpus/real/whist.yaml", "corpus/real/hearts.yaml", "corpus/real/oh-hell.yaml")
STRONG_PLAYERS = 4
STRONG_BUDGET = {"rollouts": 4, "max_rollouts": 24}   # the playtest's defaults
#: Playtests pinned as verdict JSON (``parlour playtest FILE --json --games 50 --seed 1``).
PLAYTESTS = ("corpus/real/whist.yaml", "corpus/real/hearts.yaml", "corpus/real/oh-hell.yaml",
             "corpus/hyloe/alderley.yaml", "corpus/hyloe/ophelie.yaml")
PLAYTEST_GAMES, PLAYTEST_SEED = 50, 1


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def record_hash(state: Any) -> str:
    return short_hash(json.dumps(state.record.as_dict(), sort_keys=True))


def sources() -> list[str]:
    """Every spec the golden covers, by name: a corpus file (relative to the project root), or
    ``sampled:SEED``."""
    files = sorted(str(p.relative_to(ROOT)) for d in ("corpus/real", "corpus/hyloe") for p in (ROOT / d).glob("*.yaml"))
    # The golden pins the trick-taking engine as it was before the rewrite; other families came later.
    files = [f for f in files if load(f).play.family == TRICK_TAKING.name]
    return files + [f"sampled:{s}" for s in SAMPLED_SEEDS]


def load(source: str) -> GameSpec:
    if source.startswith("sampled:"):
        return sample_game(int(source.split(":", 1)[1])).spec
    return load_spec(ROOT / source)


def spec_hash(spec: GameSpec) -> str:
    """The spec itself, so that a failure can tell a changed spec (or sampler) from a changed engine."""
    return short_hash(spec.model_dump_json())


# -- the three ways of playing ---------------------------------------------------------------

def play_batch(game: Game, players: int, seed: int) -> Any:
    """The batch path, as the playtest's random self-play drives it."""
    state = game.new_initial_state(players, seed)
    state.play_random(random.Random(seed).random)
    return state


def play_bots(game: Game, players: int, seed: int, bots: list[Any]) -> Any:
    """The bot API: a forced move is applied without asking the bot (as ``play_game`` does)."""
    state = game.new_initial_state(players, seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        else:
            p = state.current
            state.apply_action(bots[p].act(state.observation(p)))
    return state


def random_bots(players: int, seed: int) -> list[Any]:
    return [RandomBot(seed * 100 + p) for p in range(players)]


def strong_line_up(players: int, seed: int) -> list[Any]:
    return [StrongBot(seed * 100, **STRONG_BUDGET)] + random_bots(players, seed)[1:]


def playable_counts(spec: GameSpec) -> tuple[list[int], dict[int, str]]:
    """Player counts the static checks accept, and the rejected ones with their reason codes (an
    imported game may allow a count its deal cannot serve: the engine need not play those)."""
    problems = check_spec(spec)
    rejected: dict[int, str] = {}
    for n in spec.players.counts():
        codes = sorted({p.code for p in problems if p.players in (None, n)})
        if codes:
            rejected[n] = " ".join(codes)
    return [n for n in spec.players.counts() if n not in rejected], rejected


def seed_of(source: str, players: int, kind: int) -> int:
    """A game's seed: its own for each spec (so that two specs with the same rules still play
    different deals), player count and way of playing; stable when specs are added."""
    return zlib.crc32(source.encode("utf-8")) % 100_000 * 100 + 10 * players + kind


def games_of(source: str, spec: GameSpec) -> dict[str, str]:
    """Fingerprint of every game the golden plays for one spec, by a key naming spec, players,
    path and seed; a player count the static checks reject is recorded as such."""
    game = Game(spec, move_cap=MOVE_CAP, audit=True)
    counts, rejected = playable_counts(spec)
    out: dict[str, str] = {f"{source} players={n} not played": why for n, why in rejected.items()}
    for n in counts:
        seed = seed_of(source, n, 1)
        out[f"{source} players={n} batch seed={seed}"] = record_hash(play_batch(game, n, seed))
        seed = seed_of(source, n, 2)
        out[f"{source} players={n} random-bots seed={seed}"] = record_hash(
            play_bots(game, n, seed, random_bots(n, seed)))
    if source in STRONG_SPECS and STRONG_PLAYERS in counts:
        n, seed = STRONG_PLAYERS, seed_of(source, STRONG_PLAYERS, 3)
        out[f"{source} players={n} strong-bot-seat-0 seed={seed}"] = record_hash(
            play_bots(game, n, seed, strong_line_up(n, seed)))
    return out


def playtest_hash(source: str) -> str:
    """The verdict JSON of ``parlour playtest FILE --json --games 50 --seed 1`` (Tier 1, random
    bots), through the Python API, which the command calls."""
    report = playtest(load(source), games=PLAYTEST_GAMES, seed=PLAYTEST_SEED)
    return short_hash(json.dumps(report.as_dict(), sort_keys=True, ensure_ascii=False))


def build() -> dict[str, Any]:
    specs: dict[str, str] = {}
    games: dict[str, str] = {}
    slow: list[tuple[float, str]] = []
    start = time.perf_counter()
    for source in sources():
        t = time.perf_counter()
        spec = load(source)
        specs[source] = spec_hash(spec)
        games.update(games_of(source, spec))
        slow.append((time.perf_counter() - t, source))
    played = time.perf_counter() - start
    playtests = {}
    for source in PLAYTESTS:
        t = time.perf_counter()
        playtests[source] = playtest_hash(source)
        slow.append((time.perf_counter() - t, f"playtest {source}"))
    total = time.perf_counter() - start
    print(f"{len(specs)} specs, {len(games)} games in {played:.1f} s; {len(playtests)} playtests; "
          f"{total:.1f} s in all", file=sys.stderr)
    print("slowest: " + ", ".join(f"{name} {s:.2f} s" for s, name in sorted(slow, reverse=True)[:6]), file=sys.stderr)
    return {"about": "Fingerprints of engine behaviour (tests/test_engine_golden.py), made by "
                     f"tests/golden/make_engine_records.py from the engine of commit {engine_commit()}.",
            "specs": specs, "games": games, "playtests": playtests}


def engine_commit() -> str:
    """The commit the reference engine came from (marked when generator/ had uncommitted changes)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + (" with uncommitted changes to generator/" if git("status", "--porcelain", "--", "generator") else "")


def main() -> None:
    data = build()
    GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
