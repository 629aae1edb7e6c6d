"""The strong bot at climbing games: it searches a few sensible plays, plays its rollouts out
greedily, and beats the trivial policy that always plays lowest (the DOMINANT_STRATEGY check of
Tier 2 must not reject President because the searcher is weak)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.bots import GreedyBot, make_bot
from generator.bots.strong import rollout_policy
from generator.engine import Game
from generator.families.climbing.bots import candidates
from generator.families.climbing.engine.rules import PASS
from generator.spec.io import load_spec
from tests.family_helpers import focus_wins

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def president() -> Game:
    return Game(load_spec(ROOT / "corpus" / "real" / "president.yaml"))


@pytest.mark.statistical
def test_lowest_does_not_dominate_strong_bots_in_president(president):
    # One 'lowest' player among three strong bots, seats rotated: an even share is 1.5 of 6; the
    # searcher with random rollouts let 'lowest' win two games in three.
    assert focus_wins(president, "lowest", "strong", 6, seed=3) <= 1


@pytest.mark.statistical
def test_strong_bot_beats_lowest_players_in_president(president):
    # One strong bot among three 'lowest' players: an even share is 2 of 8.
    assert focus_wins(president, "strong", "lowest", 8, seed=3) >= 4


def test_candidates_keep_pass_ends_and_bombs():
    """The plays searched: the pass, the lowest two and the highest of each shape and size, every
    bomb and rocket; never a play that is not legal."""
    game = Game(load_spec(ROOT / "corpus" / "real" / "dou-dizhu.yaml"))
    state = game.new_initial_state(3, 11)
    bots = [make_bot("greedy", p) for p in range(3)]
    seen = 0
    while not state.terminal and seen < 60:
        obs = state.observation(state.current)
        if obs.card_play and len(obs.legal) > 1:
            rules = obs.climb_rules
            kept = candidates(rules, obs.legal)
            assert set(kept) <= set(obs.legal)
            if PASS in obs.legal:
                assert PASS in kept
            shapes: dict[tuple[int, int], list[int]] = {}
            for a in obs.legal:
                if a != PASS:
                    p = rules.classify(a)
                    shapes.setdefault((p.shape, p.size), []).append(p.level)
            for (shape, size), levels in shapes.items():
                got = [rules.classify(a).level for a in kept if a != PASS
                       and (rules.classify(a).shape, rules.classify(a).size) == (shape, size)]
                assert min(levels) in got and max(levels) in got
            seen += 1
        state.apply_action(bots[state.current].act(obs) if len(obs.legal) > 1 else obs.legal[0])
    assert seen > 10


def test_trick_taking_rollouts_are_its_own_and_its_anchor_the_greedy_play():
    """Each family gives its own rollout policy (trick-taking's light greedy card play, in
    ``families/trick_taking/rollout.py``); trick-taking's anchor is the greedy bot's own card in card play, and none elsewhere
    (Hearts' pass)."""
    import random

    from generator.families.trick_taking import rollout as tricks
    from generator.bots.strong import anchor_of

    game = Game(load_spec(ROOT / "corpus" / "real" / "hearts.yaml"))
    state = game.new_initial_state(4, 1)
    greedy = [GreedyBot(p) for p in range(4)]
    obs = state.observation(state.current)
    assert rollout_policy(obs) is tricks.rollout
    anchor = anchor_of(obs)
    for _ in range(30):
        obs = state.observation(state.current)
        choice = greedy[state.current].act(obs)
        assert anchor(obs, obs.legal, random.Random(0)) == (choice if obs.card_play else None)
        state.apply_action(choice)


def test_climbing_at_four_searches_three_times_the_budget(president, monkeypatch):
    """At four players a climbing decision gets three times the rollouts (the family's
    ``budget_scale``): the same decision with the scale forced to 1 plays a third as many, give
    or take the halving's remainder; at three players (Dou Dizhu) the scale is 1."""
    from dataclasses import replace

    from generator.bots import StrongBot, strong
    from generator.families.climbing import bots as play_climbing
    from generator.bots.strong import budget_scale_of

    state = president.new_initial_state(4, 2)
    bots = [make_bot("greedy", p) for p in range(4)]
    while True:   # the first decision with several plays to weigh
        obs = state.observation(state.current)
        if obs.card_play and len(candidates(obs.climb_rules, obs.legal)) > 2:
            break
        state.apply_action(bots[state.current].act(obs))
    assert budget_scale_of(obs) == 3
    scaled = StrongBot(1)
    scaled.act(obs)
    monkeypatch.setattr(strong, "_hints", lambda obs: replace(play_climbing.HINTS, budget_scale=1))
    plain = StrongBot(1)
    plain.act(obs)
    assert plain.rollouts_played > 0
    assert 2.5 * plain.rollouts_played <= scaled.rollouts_played <= 3.5 * plain.rollouts_played

    dou = Game(load_spec(ROOT / "corpus" / "real" / "dou-dizhu.yaml")).new_initial_state(3, 1)
    monkeypatch.undo()
    assert budget_scale_of(dou.observation(dou.current)) == 1
