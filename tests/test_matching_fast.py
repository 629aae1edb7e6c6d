"""The matching engine's fast paths play the same games as the general path.

* ``Match.play_random`` (the plain turns of a ``fast_turns`` game run with the hands as bit masks,
  the card drawn by its index among the matching cards, never listing them) gives the same record,
  the same applied rules and the same totals as a loop of ``legal_actions``/``apply_action`` from
  the same seeds, and the same state when the move cap stops a game in the middle of a hand;
* the bot API's fast branches (``Match.legal`` and ``Match.apply`` for a plain turn: a card with no
  effect, a wild and its suit, a draw) give the same legal actions in the same order, and leave the
  same state after every move, as the general step queue (the phase's fast flags off), and so
  does ``Match.start``'s opening of the first turn (``plain_start``);

over sampled matching specs (Hypothesis) and variants of Crazy Eights that take each branch (a
draw offered beside the cards, the drawn card played at once, the second stock-out ending the
hand, players retiring until one is left, jokers and special cards handed to ``apply``, two piles
and knocking on the general path), at every player count."""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.engine.phase import Phase
from generator.families.matching.engine.play import Match
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import ROOT, play_out, rollouts_agree, with_changes

EIGHTS = ROOT / "corpus" / "real" / "crazy-eights.yaml"


def _plain(value: Any) -> Any:
    """A state's field as comparable data (a phase by its class, containers element-wise)."""
    if isinstance(value, Phase):
        return type(value).__name__
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, set):
        return sorted(value, key=repr)
    return value


def _position(state) -> dict[str, Any]:
    """Everything a state holds: its fields, its record and its random generator's state."""
    out = {k: _plain(v) for k, v in vars(state).items()
           if k not in ("game", "_views", "_legal", "rng", "record", "laws")}
    out["rng"] = state.rng.getstate()
    out["record"] = state.record.as_dict()
    out["applied"] = sorted(state.record.applied)
    out["laws"] = [(repr(f.law), sorted(f.known_by)) for f in getattr(state, "laws", None) or []]
    return out


def _game(spec: GameSpec, move_cap: int, fast: bool = True) -> Game:
    game = Game(spec, audit=True, move_cap=move_cap)
    if not fast:
        for ph in game.phases:
            if isinstance(ph, Match):
                ph.fast = ph.fast_turns = ph.plain_start = False
    return game


def _by_path(spec: GameSpec, players: int, seed: int, batch: bool, move_cap: int) -> tuple:
    """One whole game at random from ``seed``: on the batch path, or through
    ``legal_actions``/``apply_action`` with the same draws."""
    state = _game(spec, move_cap).new_initial_state(players, seed)
    rnd = random.Random(seed).random
    play_out(state, rnd, batch)
    rec = state.record
    return rec.as_dict(), sorted(rec.applied), list(state.totals), _position(state)


def _same_moves_both_ways(spec: GameSpec, players: int, seed: int, move_cap: int) -> None:
    """The bot API with the fast branches and without: the same legal actions, and the same state
    after every move."""
    fast = _game(spec, move_cap).new_initial_state(players, seed)
    slow = _game(spec, move_cap, fast=False).new_initial_state(players, seed)
    rnd = random.Random(seed).random
    assert _position(fast) == _position(slow), seed
    while not slow.terminal:
        legal = slow.legal_actions()
        assert fast.legal_actions() == legal, (seed, fast.record.moves)
        a = legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0]
        fast.apply_action(a)
        slow.apply_action(a)
        assert _position(fast) == _position(slow), (seed, fast.record.moves)
    assert fast.terminal


def _same_both_ways(spec: GameSpec, seed: int, move_cap: int = 3_000, counts=None) -> None:
    for n in counts or spec.players.counts():
        batch = _by_path(spec, n, seed, True, move_cap)
        api = _by_path(spec, n, seed, False, move_cap)
        assert batch[:3] == api[:3], (n, seed)
        assert batch[3] == api[3], (n, seed)
        _same_moves_both_ways(spec, n, seed, move_cap)


def _eights_with(**changes: Any) -> GameSpec:
    return spec_from_data(with_changes(yaml.safe_load(EIGHTS.read_text(encoding="utf-8")), **changes))


TITLES = {"kind": "titles", "title": "president", "first": 2, "vice": "vice", "second": 1, "loser": "peasant",
          "loser_penalty": 1, "retire": True}

VARIANTS = {
    "crazy-eights": {},
    "draw-at-will": {"play.must_play": False},
    "play-drawn": {"play.play_drawn": True},
    "stock-out": {"scoring.stock_out": True, "deal.hand_size": 10},
    "retire": {"scoring": TITLES, "ending": {"condition": {"kind": "target", "points": 6}, "ties": "extra-hand"}},
    "jokers": {"deck.jokers": 2},
    "special-cards": {"play.effects": [{"rank": "8", "kind": "wild"}, {"rank": "Q", "kind": "reverse"},
                                       {"rank": "J", "kind": "skip"}]},
    "no-wild": {"play.effects": [], "play.first_turn": "dealer"},
    "two-piles": {"deal.stock.discard_piles": 2},
    "knock": {"scoring.round_end": "knock-five"},
}


def test_the_fast_turns_are_taken_in_crazy_eights_and_not_where_a_turn_needs_more() -> None:
    assert Game(load_spec(EIGHTS)).phase(Match).fast_turns
    for name in ("two-piles", "knock"):
        assert not Game(_eights_with(**VARIANTS[name])).phase(Match).fast_turns


@pytest.mark.parametrize("changes", list(VARIANTS.values()), ids=list(VARIANTS))
def test_crazy_eights_variants_play_the_same_games_both_ways(changes) -> None:
    spec = _eights_with(**changes)
    for seed in range(2):
        _same_both_ways(spec, seed, move_cap=1_000, counts=(2, 4, 5))


def test_the_move_cap_stops_both_ways_at_the_same_move_and_position() -> None:
    """Every cap through the first hands (a stop after a lay, a draw, a wild with its suit
    still to name, at the end of a hand), and a few later ones."""
    spec = load_spec(EIGHTS)
    for cap in [*range(1, 61), 130, 200]:
        _same_both_ways(spec, 3, move_cap=cap, counts=(4,))


def test_a_short_stock_reshuffles_and_blocks_alike() -> None:
    """Nine cards each of a pack of 52 at five: the stock runs out again and again, and hands
    are blocked (the batch path leaves the run to refill the stock, then comes back)."""
    spec = _eights_with(**{"deal.hand_size": 9})
    for seed in range(3):
        _same_both_ways(spec, seed, counts=(5,))


@settings(max_examples=budget(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_matching_games_play_the_same_both_ways(seed: int) -> None:
    """A sampled game at one of its player counts (drawn by the seed), to 1,000 moves."""
    spec = sample_game(seed, "matching").spec
    counts = spec.players.counts()
    _same_both_ways(spec, seed, move_cap=1_000, counts=(counts[seed % len(counts)],))


def _shared_rollout(state, rnd) -> None:
    """The strong bot's matching rollout through the shared loop alone (``play_lightly`` with
    ``light_play``): what ``bots.rollout`` played before its own loop for plain turns."""
    from generator.engine.rollout import play_hand_lightly
    from generator.families.matching import bots

    play_hand_lightly(state, rnd, lambda phase, s, options: bots.light_play(phase, s, options, rnd),
                      bots.ROLLOUT_NOISE)


def _rollouts_agree(spec: GameSpec, players: int, seed: int, every: int = 7) -> int:
    from generator.families.matching import bots

    return rollouts_agree(spec, players, seed, every, bots.rollout, _shared_rollout, _position)


def test_crazy_eights_rollouts_by_the_matching_loop_are_the_shared_loops() -> None:
    """The strong bot's rollouts of Crazy Eights (every turn plain but the eights' suits) and of
    a variant with jokers and special cards, at each player count."""
    for spec in (load_spec(EIGHTS), _eights_with(**{"deck.jokers": 2})):
        for n in spec.players.counts():
            assert _rollouts_agree(spec, n, 11 + n) > 5


@settings(max_examples=budget(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_sampled_matching_rollouts_by_the_matching_loop_are_the_shared_loops(seed: int) -> None:
    spec = sample_game(seed, "matching").spec
    _rollouts_agree(spec, spec.players.min, seed, every=11)
