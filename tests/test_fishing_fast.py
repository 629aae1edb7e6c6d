"""The fishing engine's fast paths for a pile game play the same games as the general path:
``Fish.play_random`` (the random turns written out without building actions) the same record,
move for move, as ``legal``/``apply`` from the same seeds, and ``Fish.legal``'s pile branch the
same actions in the same order as the general loop over ``FishRules.captures`` at every position
met — over sampled fishing specs (Hypothesis) and variants of Xeri that take each branch
(capturing compulsory, a sweep of the whole table, no sweeping rank, no sweeps), at every
player count."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families.fishing.engine.play import Fish
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import ROOT, play_out, with_changes

XERI = ROOT / "corpus" / "real" / "xeri.yaml"


def _by_path(spec: GameSpec, players: int, seed: int, fast: bool, move_cap: int = 5_000) -> tuple:
    """One whole game at random from ``seed``: on the batch path (the fast path where the phase
    has one), or through ``legal_actions``/``apply_action`` with the same draws."""
    game = Game(spec, audit=True, move_cap=move_cap)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    play_out(state, rnd, fast)
    rec = state.record
    return rec.as_dict(), sorted(rec.applied), list(state.totals)


def _same_legal_both_ways(spec: GameSpec, players: int, seed: int) -> None:
    """At every position of a random game, the pile branch of ``legal`` gives what the general
    loop gives (``takes_pile`` None: the phase as a spread game runs it)."""
    game = Game(spec, move_cap=2_000)
    fish = game.phase(Fish)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    while not state.terminal:
        legal = state.legal_actions()
        if state.phase is fish:
            pile, fish.takes_pile = fish.takes_pile, None
            try:
                assert fish.legal(state) == legal
            finally:
                fish.takes_pile = pile
        state.apply_action(legal[int(rnd() * len(legal))])


def _same_both_ways(spec: GameSpec, seed: int, move_cap: int = 5_000) -> None:
    for n in spec.players.counts():
        assert _by_path(spec, n, seed, True, move_cap) == _by_path(spec, n, seed, False, move_cap), (n, seed)
        _same_legal_both_ways(spec, n, seed)


def _xeri_with(**changes) -> GameSpec:
    return spec_from_data(with_changes(yaml.safe_load(XERI.read_text(encoding="utf-8")), **changes))


def test_the_fast_path_is_taken_in_a_pile_game_only() -> None:
    assert Game(load_spec(XERI)).phase(Fish).takes_pile is not None
    assert Game(load_spec(ROOT / "corpus" / "real" / "kontsina.yaml")).phase(Fish).takes_pile is None


@pytest.mark.parametrize("changes", [
    {},
    {"play.must_capture": True},
    {"play.sweep": "clear-table"},
    {"play.sweep": None, "scoring.sweeps": None},
    {"play.sweeper": None, "play.first_turn": "dealer"},
    {"play.fresh_table": False, "play.table": 1},
], ids=["xeri", "must-capture", "clear-table", "no-sweeps", "no-sweeper", "one-card-table"])
def test_xeri_variants_play_the_same_games_both_ways(changes) -> None:
    spec = _xeri_with(**changes)
    for seed in range(4):
        _same_both_ways(spec, seed)


def test_the_move_cap_stops_both_ways_at_the_same_move() -> None:
    spec = load_spec(XERI)
    for cap in (1, 47, 48, 49, 130):
        _same_both_ways(spec, 3, move_cap=cap)


@pytest.mark.slow
@settings(max_examples=budget(60))
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_fishing_games_play_the_same_both_ways(seed: int) -> None:
    _same_both_ways(sample_game(seed, "fishing").spec, seed)
