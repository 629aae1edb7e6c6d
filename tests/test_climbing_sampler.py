"""The strong bot's climbing determinization (bots.climbing): what it reads from the table (the
passes of the hand, the cards exchanged before play) is true of sensible players, and the hands it
deals respect it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.bots import make_bot
from generator.families.climbing.determinize import ClimbSampler, caps, passes_shown
from generator.engine import Game
from generator.families.climbing.engine.play import Climb
from generator.spec.io import load_spec

ROOT = Path(__file__).resolve().parents[1]


def _game(name: str) -> Game:
    return Game(load_spec(ROOT / "corpus" / "real" / f"{name}.yaml"))


def _positions(name: str, n: int, seed: int, monkeypatch):
    """Every card-play decision of a game of greedy bots, with the passes the engine really saw
    this hand (as (seat, play passed on))."""
    game = _game(name)
    seen: list[tuple[int, int, object]] = []
    original = Climb._pass

    def logged(self, state, p):   # noqa: ANN001
        if state.to_beat is not None:
            seen.append((state.hand_no, p, state.to_beat))
        return original(self, state, p)

    monkeypatch.setattr(Climb, "_pass", logged)
    state = game.new_initial_state(n, seed)
    bots = [make_bot("greedy", p) for p in range(n)]
    while not state.terminal and state.hand_no < 3:
        p = state.current
        obs = state.observation(p)
        if len(state.legal_actions()) > 1 and obs.card_play:
            yield state, obs, [(s, play) for h, s, play in seen if h == state.hand_no]
        state.apply_action(bots[p].act(obs))


@pytest.mark.parametrize("name, n", [("president", 4), ("dou-dizhu", 3)])
def test_passes_are_read_from_the_plays_and_hold_for_greedy_players(name, n, monkeypatch):
    checked = capped = 0
    for state, obs, truth in _positions(name, n, 101, monkeypatch):
        held = [len(h) for h in state.hands]
        assert sorted(passes_shown(obs, held)) == sorted(truth)
        level = obs.climb_rules.level
        for seat, limit in caps(obs, held).items():
            capped += 1
            for lv, most in limit.items():   # a greedy player passes only when nothing beats
                assert sum(1 for c in state.hands[seat] if level[c] == lv) <= most
        checked += 1
    assert checked > 20 and capped > 0


def test_the_deal_respects_the_passes_and_the_exchange(monkeypatch):
    fixed_seen = 0
    for k, (state, obs, _) in enumerate(_positions("president", 4, 202, monkeypatch)):
        if k % 3:
            continue
        sampler = ClimbSampler(obs, {})
        det = sampler.sample(random.Random(k))
        again = ClimbSampler(obs, {}).sample(random.Random(k))
        assert det.hands == again.hands   # same seed, same deal
        assert det.hands[obs.player] == state.hands[obs.player]
        assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
        assert sorted(c for h in det.hands for c in h) == sorted(c for h in state.hands for c in h)
        level = obs.climb_rules.level
        for (_, seat), cards in sampler.fixed.items():   # the cards this player gave stay put
            fixed_seen += 1
            assert set(cards) <= set(det.hands[seat]) and set(cards) <= set(state.hands[seat])
        for (_, seat), limit in sampler.caps.items():
            free = [c for c in det.hands[seat] if c not in sampler.fixed.get(("hands", seat), ())]
            for lv, most in limit.items():
                assert sum(1 for c in free if level[c] == lv) <= most
    assert fixed_seen > 0


def test_exchanged_cards_are_known_only_to_the_two_players():
    game = _game("president")
    state = game.new_initial_state(4, 5)
    bots = [make_bot("greedy", p) for p in range(4)]
    while not state.terminal and not state.exchanged:
        p = state.current
        state.apply_action(bots[p].act(state.observation(p)))
    assert state.exchanged
    for p in range(4):
        shown = state.observation(p).exchanged
        assert all(p in (giver, taker) for giver, taker, _ in shown)
        assert state.observation(p).public_state().exchanged == shown
