"""The light trick rollout's one-loop path for simple hands (``tricks._play_simple``) plays
exactly what the card-by-card path through the phase plays: the same cards, tricks and scores
from the same random numbers; and its rollouts are weighed by what they cost."""

from __future__ import annotations

import random

from generator.families.trick_taking.rollout import LIGHT_WEIGHT, SIMPLE_WEIGHT, rollout, rollout_weight
from generator.engine import Game
from generator.spec import load_spec
from tests.conftest import ROOT, make_spec


def test_one_loop_rollout_plays_as_the_phase_does():
    game = Game(make_spec())
    checked = 0
    for seed in range(8):
        state = game.new_initial_state(4, seed)
        rnd = random.Random(seed)
        while not state.terminal and not (state.observation(state.current).card_play and len(state.trick) == seed % 4):
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
        if state.terminal or not state.simple:
            continue
        fast, slow = state.clone(share_chance=True), state.clone(share_chance=True)
        slow.simple = False   # the card-by-card path: the phase's legal and apply
        fast.end_after_hand()
        slow.end_after_hand()
        rollout(fast, random.Random(seed).random)
        rollout(slow, random.Random(seed).random)
        assert fast.record.hands[-1].scores == slow.record.hands[-1].scores
        assert fast.won == slow.won and fast.record.moves == slow.record.moves
        assert fast.record.decisions == slow.record.decisions
        checked += 1
    assert checked >= 4


def test_rollout_weight_by_trick_play():
    whist = Game(make_spec())
    hearts = Game(load_spec(ROOT / "corpus" / "real" / "hearts.yaml"))   # a breaking suit: not simple
    assert rollout_weight(whist.new_initial_state(4, 1).observation(0)) == SIMPLE_WEIGHT
    assert rollout_weight(hearts.new_initial_state(4, 1).observation(0)) == LIGHT_WEIGHT
    assert SIMPLE_WEIGHT < LIGHT_WEIGHT
