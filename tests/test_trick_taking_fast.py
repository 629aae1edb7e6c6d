"""Trick play's fast path (``TrickPlay._random_tricks``: a trick at a time, following suit by
bisection, the winner kept as the cards fall) plays the general path's game, in whist and in the
variants that take each of its branches or send it back to the card-by-card loop — no trumps,
trumps turned up or fixed, another player count, a short pack, bowers (strength moves with the
trump), jokers, a hand taken up in mid-trick."""

from __future__ import annotations

import random

import pytest
import yaml

from generator.engine import Game
from generator.families.trick_taking.engine.play import TrickPlay
from generator.spec import load_spec, spec_from_data
from tests.family_helpers import ROOT, play_out, random_move, with_changes
from tests.test_fast_paths import same_both_ways

WHIST = ROOT / "corpus" / "real" / "whist.yaml"


def _whist_with(**changes):
    return spec_from_data(with_changes(yaml.safe_load(WHIST.read_text(encoding="utf-8")), **changes))


VARIANTS = {
    "whist": {},
    "no-trumps": {"setup.trumps.method": "none"},
    "turn-up": {"setup.trumps.method": "turn-up", "deal.hand_size": 12},
    "three-players": {"players.min": 3, "players.max": 3, "deal.hand_size": 17},
    "five-players": {"players.min": 5, "players.max": 5, "deal.hand_size": 10},
    "short-pack": {"deck.kind": "french32", "deck.order": "natural", "deal.hand_size": 8},
    "jokers": {"deck.jokers": 2, "deal.hand_size": 13},
}


@pytest.mark.parametrize("changes", list(VARIANTS.values()), ids=list(VARIANTS))
def test_whist_variants_play_the_same_games_both_ways(changes) -> None:
    spec = _whist_with(**changes)
    for seed in range(3):
        same_both_ways(spec, seed)


def test_the_fast_path_is_taken_where_it_applies() -> None:
    assert Game(load_spec(WHIST)).phase(TrickPlay).suit_runs is not None
    assert Game(_whist_with(**VARIANTS["jokers"])).phase(TrickPlay).suit_runs is None   # jokers join the trump suit


def test_a_hand_taken_up_in_mid_trick_plays_on_the_same() -> None:
    """Two cards played through the bot API, then the batch path: the fast path starts only at a
    lead, so it hands the rest of the trick to the card-by-card loop and takes over after."""
    spec = load_spec(WHIST)
    for seed in range(4):
        ends = []
        for batch in (True, False):
            state = Game(spec, audit=True).new_initial_state(4, seed)
            rnd = random.Random(seed).random
            for _ in range(2):
                random_move(state, rnd)
            play_out(state, rnd, batch)
            ends.append((state.record.as_dict(), list(state.totals)))
        assert ends[0] == ends[1]
