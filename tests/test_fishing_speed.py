"""The pile game's random loop (``Fish.play_random``: a round of turns from the hands' sizes, the
card drawn by its index in the hand, or takers first) leaves the same state as ``legal``/``apply``
after every hand, not only the same record: the hands, the pile, the catches, the stock, the
sweeps, the turns and the last capturer, hand by hand — over sampled fishing specs (Hypothesis)
and variants of Xeri that take each branch of the loop (a short last refill dealt card by card,
capturing compulsory with one taker held, a sweep of the whole table, the move cap inside a round,
at a round's end and at the hand's end)."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families.fishing.engine.play import Fish
from generator.sample import sample_game
from generator.spec import GameSpec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import ROOT, random_move, with_changes

XERI = ROOT / "corpus" / "real" / "xeri.yaml"
#: What a hand leaves on the state (the fields the fishing phases and the hand cycle write).
FIELDS = ("hands", "layout", "catch", "stock", "sweeps", "turns", "last_capturer", "tables", "left_over",
          "builds", "totals", "dealer", "hand_no", "current", "terminal", "decision")


def _after_each_hand(spec: GameSpec, players: int, seed: int, fast: bool, move_cap: int = 5_000) -> list[tuple]:
    """A whole random game from ``seed``, hand by hand, on the batch path or through
    ``legal_actions``/``apply_action`` with the same draws: what the state holds after each hand."""
    game = Game(spec, audit=True, move_cap=move_cap)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    out = []
    while not state.terminal:
        if fast:
            state.play_random(rnd, hands=1)
        else:
            hand = state.hand_no
            while not state.terminal and state.hand_no == hand:
                random_move(state, rnd)
        rec = state.record
        out.append((tuple(repr(getattr(state, f, None)) for f in FIELDS), rec.as_dict(), sorted(rec.applied)))
    return out


def _same_state_both_ways(spec: GameSpec, seed: int, move_cap: int = 5_000) -> None:
    for n in spec.players.counts():
        fast = _after_each_hand(spec, n, seed, True, move_cap)
        assert fast == _after_each_hand(spec, n, seed, False, move_cap), (n, seed)


def _xeri_with(**changes) -> GameSpec:
    return spec_from_data(with_changes(yaml.safe_load(XERI.read_text(encoding="utf-8")), **changes))


@pytest.mark.parametrize("changes", [
    {},
    {"deal.hand_size": 5},
    {"deal.hand_size": 5, "play.must_capture": True},
    {"play.must_capture": True},
    {"play.sweep": "clear-table"},
    {"play.sweeper": None, "play.first_turn": "dealer"},
], ids=["xeri", "short-last-refill", "short-refill-must-capture", "must-capture", "clear-table", "no-sweeper"])
def test_the_state_after_every_hand_is_the_general_paths(changes) -> None:
    spec = _xeri_with(**changes)
    assert Game(spec).phase(Fish).takers is not None   # the loop is taken
    for seed in range(3):
        _same_state_both_ways(spec, seed)


@pytest.mark.parametrize("cap", [1, 11, 12, 13, 48, 49, 60, 100])
def test_the_move_cap_leaves_the_same_state(cap: int) -> None:
    _same_state_both_ways(_xeri_with(), 5, move_cap=cap)
    _same_state_both_ways(_xeri_with(**{"deal.hand_size": 5}), 5, move_cap=cap)


@settings(max_examples=budget(25), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_fishing_games_leave_the_same_state_both_ways(seed: int) -> None:
    _same_state_both_ways(sample_game(seed, "fishing").spec, seed)
