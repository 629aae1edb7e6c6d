"""The copy-free ending solver (``open_hand``) finds what the clone-based solver finds: the same
value of every action, from the same number of nodes (or runs out of nodes at the same point),
on random endings of games with different trick rules; and it leaves alone what it does not model."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.families.trick_taking.open_hand import OpenHand, solve
from generator.bots.solver import OutOfNodes, Solver
from generator.bots.sampler import Sampler
from generator.bots.strong import distinct_actions, last_hand, rollout_value
from generator.engine import Game
from generator.spec import load_spec
from tests.conftest import ROOT, budget, make_spec

#: Games whose trick rules differ: Whist; Hearts (points, a breaking suit, shooting the moon); Oh
#: Hell (bids); follow-or-trump with the lowest card leading next; a weak led suit, trumping when
#: void and the leader's left leading next; any suit wins, a higher card when void; follow or
#: trump, any suit wins; free play.
SPECS = ("whist", "real/hearts", "real/oh-hell", "hyloe/durrengebwiller", "hyloe/mainfonds",
         "hyloe/trautenstein", "hyloe/epe", "hyloe/alderley")
_GAMES: dict[str, Game] = {}


def _game(name: str) -> Game:
    if name not in _GAMES:
        _GAMES[name] = Game(make_spec() if name == "whist" else load_spec(ROOT / "corpus" / f"{name}.yaml"))
    return _GAMES[name]


def _ending(game: Game, seed: int, cards: int):
    """A determinization of the first position of the first hand where the player to move holds
    ``cards`` cards in trick play and has a choice, reached by random play; None if none."""
    state = game.new_initial_state(game.spec.players.counts()[-1] if 4 not in game.spec.players.counts() else 4, seed)
    rnd = random.Random(seed)
    while not state.terminal and state.hand_no == 0:
        obs = state.observation(state.current)
        if obs.card_play and len(obs.hand) == cards and len(obs.legal) > 1:
            det = Sampler(obs, {}).sample(random.Random(seed))
            return obs, det
        legal = state.legal_actions()
        state.apply_action(legal[rnd.randrange(len(legal))])
    return None


def _both(obs, det, nodes: int):
    """(values, nodes used) of each solver, or ("out", nodes) when it ran out of nodes."""
    ending = last_hand(det)
    actions = distinct_actions(obs, obs.legal)
    out = []
    old = Solver(nodes, rollout_value)
    try:
        out.append((old.root(det.clone(share_chance=True), actions, obs.player, ending), old.used))
    except OutOfNodes:
        out.append(("out", old.used))
    new = OpenHand(nodes)
    try:
        out.append((new.root(det, actions, obs.player, ending), new.used))
    except OutOfNodes:
        out.append(("out", new.used))
    return out


@pytest.mark.slow
@settings(max_examples=budget(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SPECS), seed=st.integers(0, 10 ** 6), cards=st.integers(2, 4))
def test_open_hand_equals_the_clone_based_solver(name, seed, cards):
    found = _ending(_game(name), seed, cards)
    if found is None:
        return
    obs, det = found
    if not OpenHand.fits(det):
        return
    (old, old_used), (new, new_used) = _both(obs, det, 1500)
    assert old == new and old_used == new_used


@pytest.mark.slow
def test_open_hand_fits_the_plain_games_and_is_tried():
    """Every game of ``SPECS`` has endings the model plays (else the property above checks
    nothing there), and a shared budget counts the nodes of both solvers."""
    for name in SPECS:
        fitted = 0
        for seed in range(12):
            found = _ending(_game(name), seed, 3)
            if found is not None and OpenHand.fits(found[1]):
                obs, det = found
                (old, _), (new, _) = _both(obs, det, 10 ** 6)
                assert old == new
                fitted += 1
        assert fitted >= 3, name
    obs, det = _ending(_game("whist"), 1, 3)
    budget = Solver(10 ** 6, rollout_value)
    solve(budget, det, distinct_actions(obs, obs.legal), obs.player, last_hand(det))
    assert budget.used > 0


def test_open_hand_leaves_what_it_does_not_model():
    """A position outside trick play, or with a card forced by the rules (the opening card),
    goes to the clone-based solver."""
    game = _game("whist")
    state = game.new_initial_state(4, 3)
    while not state.terminal and not state.observation(state.current).card_play:
        state.apply_action(state.legal_actions()[0])
    assert OpenHand.fits(state) == (state.forced_lead is None)
    state.forced_lead = state.hands[state.current][0]
    assert not OpenHand.fits(state)
    state.forced_lead = None
    state.play_extras = True   # a boost or a law acts on the cards played
    assert not OpenHand.fits(state)
