"""The climbing engine's plain-climbing paths play the same games as the general path:
``Climb.play_random`` (the random turns written out without listing plays) the same record, move
for move, as ``legal_actions``/``apply_action`` from the same seeds; and ``Climb.legal`` and
``Climb.apply``'s plain branches the same plays in the same order, and the same position after
every move, as the general ``ClimbRules.plays``, ``_lay``, ``_pass`` and ``_finish_trick`` — over
sampled climbing specs, all of them and plain ones only (Hypothesis), and variants of President
that take each branch (duty to play, singles only, no retiring, tricks taken, other openings and
player counts)."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families.climbing.engine.play import Climb
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import ROOT, play_out, random_move, rollouts_agree, with_changes

PRESIDENT = ROOT / "corpus" / "real" / "president.yaml"


def _game(spec: GameSpec, plain: bool, **kwargs) -> Game:
    """The game compiled with the plain branches, or (``plain`` False) without them."""
    Climb.fast_paths = plain
    try:
        return Game(spec, **kwargs)
    finally:
        Climb.fast_paths = True


def _by_path(spec: GameSpec, players: int, seed: int, fast: bool, move_cap: int = 5_000) -> tuple:
    """One whole game at random from ``seed``: on the batch path, or through
    ``legal_actions``/``apply_action`` with the same draws and without the plain branches."""
    game = _game(spec, fast, audit=True, move_cap=move_cap)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    play_out(state, rnd, fast)
    rec = state.record
    return (rec.as_dict(), sorted(rec.applied), list(state.totals), state.position_key(), state.current,
            state.to_beat, state.top_seat, state.last_play, list(state.passed), list(state.trick))


def _moves(spec: GameSpec, players: int, seed: int, plain: bool) -> list:
    """A random game through the bot API, with the plain branches of ``legal``/``apply`` or
    without: the legal plays and the position after every move."""
    game = _game(spec, plain, move_cap=2_000)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    seen = []
    while not state.terminal:
        legal = list(state.legal_actions())
        state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])
        seen.append((legal, state.position_key(), list(state.trick), list(state.passed), list(state.history)))
    return seen + [state.record.as_dict(), sorted(state.record.applied)]


def _same_both_ways(spec: GameSpec, seed: int, move_cap: int = 5_000) -> None:
    plain = Game(spec).phase(Climb).plain   # (otherwise ``legal``/``apply`` have no plain branch)
    for n in spec.players.counts():
        assert _by_path(spec, n, seed, True, move_cap) == _by_path(spec, n, seed, False, move_cap), (n, seed)
        if plain:
            assert _moves(spec, n, seed, True) == _moves(spec, n, seed, False), (n, seed)


def _president_with(**changes) -> GameSpec:
    return spec_from_data(with_changes(yaml.safe_load(PRESIDENT.read_text(encoding="utf-8")), **changes))


def test_the_plain_path_is_taken_in_plain_climbing_only() -> None:
    assert Game(load_spec(PRESIDENT)).phase(Climb).plain
    assert not Game(load_spec(ROOT / "corpus" / "real" / "dou-dizhu.yaml")).phase(Climb).plain
    assert not Game(_president_with(**{"play.rejoin": False})).phase(Climb).plain
    assert not _game(load_spec(PRESIDENT), False).phase(Climb).plain


@pytest.mark.parametrize("changes", [
    {},
    {"play.must_play": True},
    {"play.leads": "singles"},
    {"scoring.retire": False},
    {"play.collection": "trick"},
    {"play.opening_play": "alone"},
    {"players.min": 3, "players.max": 6, "play.opening_leader": "dealer-left", "play.opening_card": None,
     "play.opening_play": "alone"},
], ids=["president", "must-play", "singles", "no-retire", "tricks", "opening-alone", "three-to-six"])
def test_president_variants_play_the_same_games_both_ways(changes) -> None:
    spec = _president_with(**changes)
    assert Game(spec).phase(Climb).plain
    for seed in range(2):
        _same_both_ways(spec, seed)


def test_bonese_plays_the_same_games_both_ways() -> None:
    spec = load_spec(ROOT / "corpus" / "hyloe" / "bonese.yaml")   # plain, tricks taken, countdown
    assert Game(spec).phase(Climb).plain
    _same_both_ways(spec, 1)


def test_the_move_cap_stops_both_ways_at_the_same_move() -> None:
    spec = load_spec(PRESIDENT)
    for cap in (1, 2, 3, 40, 109, 110, 111, 400):
        assert _by_path(spec, 4, 3, True, cap) == _by_path(spec, 4, 3, False, cap), cap


def test_a_hand_started_through_the_bot_api_ends_the_same_on_the_batch_path() -> None:
    """The batch path picks up a position left mid-trick by ``apply_action`` (passes counted,
    a set to beat) and plays on as the general path does."""
    spec = load_spec(PRESIDENT)
    for seed in range(6):
        for k in range(1, 60, 7):
            ends = []
            for fast in (True, False):
                game = _game(spec, fast, audit=True)
                state = game.new_initial_state(4, seed)
                rnd = random.Random(seed).random
                for _ in range(k):
                    random_move(state, rnd)
                if fast:
                    state.play_random(rnd, hands=1)
                else:
                    target = state.hand_no + 1
                    while state.hand_no < target and not state.terminal:
                        random_move(state, rnd)
                ends.append((state.record.as_dict(), state.position_key()))
            assert ends[0] == ends[1], (seed, k)


@pytest.mark.slow
@settings(max_examples=budget(20), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_climbing_games_play_the_same_both_ways(seed: int) -> None:
    _same_both_ways(sample_game(seed, "climbing").spec, seed, move_cap=2_000)


@pytest.mark.slow
@settings(max_examples=budget(10), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_plain_climbing_games_play_the_same_both_ways(seed: int) -> None:
    """The first sampled climbing spec from ``seed`` on whose play is plain (about one in ten is),
    so that every example takes the plain branches."""
    for s in range(seed, seed + 500):
        spec = sample_game(s, "climbing").spec
        if Game(spec).phase(Climb).plain:
            break
    else:
        pytest.fail(f"no plain climbing spec among the 500 sampled from seed {seed}")
    _same_both_ways(spec, s, move_cap=2_000)


def _shared_rollout(state, rnd) -> None:
    """The strong bot's climbing rollout through the shared loop alone (``play_lightly`` with
    ``light_play``): what ``bots.rollout`` played before its own loop for plain climbing."""
    from generator.engine.rollout import play_lightly
    from generator.families.climbing import bots
    from generator.families.climbing.engine.play import CLIMB

    hand_no = state.hand_no
    while not state.terminal and state.hand_no == hand_no:
        if state.decision != CLIMB:
            legal = state.legal_actions()
            a = legal[0]
            if len(legal) > 1:
                a = bots.greedy_play(state.observation(state.current), legal, random.Random(int(rnd() * (1 << 62))))
            state.apply_action(a)
            continue
        phase = state.phase
        play_lightly(state, phase, lambda s: s.hand_no == hand_no and s.decision == CLIMB,
                     lambda s, options: bots.light_play(phase.rules, s, options), rnd, bots.ROLLOUT_NOISE)


def _snapshot(state) -> tuple:
    fields = {k: v for k, v in vars(state).items() if k not in ("_legal", "_views", "record", "rng")}
    return fields, state.record.as_dict(), sorted(state.record.applied), state.rng.getstate()


def _rollouts_agree(spec: GameSpec, players: int, seed: int, every: int = 5) -> int:
    from generator.families.climbing import bots

    return rollouts_agree(spec, players, seed, every, bots.rollout, _shared_rollout, _snapshot)


def test_president_rollouts_by_the_climbing_loop_are_the_shared_loops() -> None:
    """The strong bot's rollouts of President and of variants (a play due when one can, singles
    only, tricks taken), at every player count."""
    for spec in (load_spec(PRESIDENT), _president_with(**{"play.must_play": True})):
        for n in spec.players.counts():
            assert _rollouts_agree(spec, n, 5 + n) > 5


@settings(max_examples=budget(10), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_climbing_rollouts_by_the_climbing_loop_are_the_shared_loops(seed: int) -> None:
    spec = sample_game(seed, "climbing").spec
    _rollouts_agree(spec, spec.players.min, seed, every=9)
