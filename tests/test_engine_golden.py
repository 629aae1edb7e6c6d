"""The engine's behaviour, pinned: same spec, players and seed give the same game record.

``tests/golden/engine-records.json`` holds fingerprints (sha256 of the record's JSON) of games
played by the engine before the phase-class rewrite (commit 9ffa89d): for every spec of
corpus/real and corpus/hyloe and 60 sampled specs, at every player count, one game on the batch
path and one through the bot API with random bots; for Whist, Hearts and Oh Hell a strong bot at
seat 0 (its search clones states) as well; and the verdict JSON of five playtests. A refactoring must reproduce every one of
them. ``tests/golden/make_engine_records.py`` plays the games (the same code here and there) and
says how to regenerate the file, which is only right when a behaviour change is intended.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.make_engine_records import GOLDEN, PLAYTESTS, games_of, load, playtest_hash, sources, spec_hash

STORED = json.loads(GOLDEN.read_text(encoding="utf-8"))
REGENERATE = "PYTHONPATH=. python tests/golden/make_engine_records.py"


def test_golden_covers_every_spec():
    """A spec added to (or removed from) the corpus must be added to the golden file."""
    assert sorted(sources()) == sorted(STORED["specs"]), f"the corpus changed: run {REGENERATE}"


@pytest.mark.slow
@pytest.mark.parametrize("source", sources())
def test_same_games_as_before_the_rewrite(source):
    spec = load(source)
    stored = {k: v for k, v in STORED["games"].items() if k.startswith(source + " ")}
    played = games_of(source, spec)
    differ = sorted(k for k in stored.keys() & played.keys() if stored[k] != played[k])
    missing = sorted(stored.keys() - played.keys())
    extra = sorted(played.keys() - stored.keys())
    if differ or missing or extra:
        lines = [f"{k}: {played[k]} (stored {stored[k]})" for k in differ]
        lines += [f"{k}: not played now" for k in missing] + [f"{k}: not in the golden file" for k in extra]
        if spec_hash(spec) != STORED["specs"].get(source):
            lines.append("note: the spec itself changed (its file, the sampler or the spec model), not "
                         f"necessarily the engine; if that is intended, run {REGENERATE}")
        pytest.fail(f"{source}: {len(differ)} of {len(stored)} games differ\n" + "\n".join(lines))


@pytest.mark.slow
@pytest.mark.parametrize("source", PLAYTESTS)
def test_same_playtest_verdict_as_before_the_rewrite(source):
    """``parlour playtest FILE --json --games 50 --seed 1``: the same JSON, byte for byte."""
    assert playtest_hash(source) == STORED["playtests"][source], f"{source}: the playtest report changed"
