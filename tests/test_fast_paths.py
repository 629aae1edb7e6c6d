"""Every fast path plays the general path's game: ``State.play_random`` (which lets a phase run
its random decisions inline, ``Phase.play_random``) leaves the same record, the same rules
applied and the same totals as ``legal_actions``/``apply_action`` driven by the same draws — for
every spec of the corpus and for sampled specs of every family, at every player count. The
families' own fast-path tests (``test_fishing_fast.py`` …) add the variants that take each
branch; this is the one property stated once for all of them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families import FAMILIES
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec
from tests.conftest import budget
from tests.family_helpers import ROOT, play_out, random_move

REAL = sorted((ROOT / "corpus" / "real").glob("*.yaml"))


def played(spec: GameSpec, players: int, seed: int, batch: bool, move_cap: int) -> tuple:
    """One whole game at random from ``seed``, on the batch path or move by move with the same
    draws (a forced move draws nothing on either)."""
    game = Game(spec, audit=True, move_cap=move_cap)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    play_out(state, rnd, batch)
    rec = state.record
    return rec.as_dict(), sorted(rec.applied), list(state.totals), rnd()


def same_both_ways(spec: GameSpec, seed: int, move_cap: int = 4_000) -> None:
    """The same game both ways. A game stopped by the move cap is the same up to the hand it was
    stopped in: move by move it stops at the cap, while a phase's inline loop may finish its
    hand first (the cap is a safety stop, not a rule)."""
    for n in spec.players.counts():
        batch, general = played(spec, n, seed, True, move_cap), played(spec, n, seed, False, move_cap)
        if "cap" in (batch[0]["outcome"], general[0]["outcome"]):
            done = min(len(batch[0]["hands"]), len(general[0]["hands"]))
            assert batch[0]["hands"][:done] == general[0]["hands"][:done], (n, seed)
        else:
            assert batch == general, (n, seed)


@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_real_games_play_the_same_both_ways(path) -> None:
    spec = load_spec(path)
    for seed in range(2):
        same_both_ways(spec, seed)


@pytest.mark.slow
@settings(max_examples=budget(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), family=st.sampled_from(sorted(FAMILIES)))
def test_sampled_games_of_every_family_play_the_same_both_ways(seed: int, family: str) -> None:
    same_both_ways(sample_game(seed, family).spec, seed, move_cap=2_000)


def _thorough(parts, fields):
    raise TypeError("the thorough way")


def keys_along(spec: GameSpec, players: int, seed: int, moves: int = 400) -> list[tuple[int, int]]:
    """(quick key, thorough key) at every decision of a random game's first ``moves`` moves."""
    game = Game(spec, move_cap=moves)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    out = []
    while not state.terminal:
        quick = state.position_key()
        assert state.clone().position_key() == quick   # the same position in other lists and sets
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(state.game, "_quick_key", _thorough)
            out.append((quick, state.position_key()))
        random_move(state, rnd)
    return out


@settings(max_examples=budget(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40), family=st.sampled_from(sorted(FAMILIES)))
def test_the_quick_position_key_tells_positions_apart_as_the_thorough_one(seed: int, family: str) -> None:
    """A playtest finds a loop by a position coming back: the quick key and the thorough one
    must call the same positions equal (each a function of the other, over a game's positions;
    a copy of a position, in lists and sets of its own, has its key)."""
    spec = sample_game(seed, family).spec
    pairs = keys_along(spec, spec.players.min, seed)
    assert len(dict(pairs)) == len(set(pairs)) == len({t: q for q, t in pairs})
