"""What every registered family owes the house, checked once for all of them (a family that
registers is tested by registering, one registered through ``PARLOUR_FAMILIES`` too): its
registration wires; the sampler's game of any seed passes the static checks and
prints a rulebook that reads back as the same spec; the game plays from the deal to its end at
every player count with every card of the pack in exactly one place after every move and a legal
action at every decision; and the playtest judges it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.checks import check_spec
from generator.engine.state import Game
from generator.families import FAMILIES, check_family
from generator.sample import sample_game
from tests.conftest import budget
from tests.family_helpers import round_trip_sampled

#: Moves a contract game may take before the test stops following it (a random game may be long).
MOVES = 4_000


@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_registration_wires(family: str) -> None:
    assert check_family(FAMILIES[family]) == []


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=budget(300), deadline=None)
@given(seed=st.integers(0, 2**40))
def test_round_trip_sampled_games(family: str, seed: int) -> None:
    """``sample_game(seed, family)`` reads back as itself, for any seed (the thorough profile tries
    12,000 a family, more than the 10,000 consecutive seeds these properties replaced)."""
    round_trip_sampled(family, seed)


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=budget(12), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_sampled_game_plays_with_every_card_in_one_place(family: str, seed: int) -> None:
    """Random legal moves from the deal on, at every player count of the game: the sampled spec
    passes the checks, every decision offers a legal action, and the pack is whole after every
    move of card play (the card audit: between hands, before the deal, the cards are gathered in),
    until the game ends or ``MOVES`` moves were made."""
    spec = sample_game(seed, family).spec
    assert check_spec(spec) == []
    game = Game(spec)
    rng = random.Random(seed)
    for players in range(spec.players.min, spec.players.max + 1):
        state = game.new_initial_state(players, seed)
        for _ in range(MOVES):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal, f"{family} seed {seed}: no legal action at {state.decision}"
            state.apply_action(rng.choice(legal))
            if not state.is_terminal() and type(state.phase).card_play:
                state.check_cards()


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
def test_the_playtest_judges_a_sampled_game(family: str) -> None:
    from generator.playtest import playtest

    spec = sample_game(1, family).spec
    report = playtest(spec, games=8, seed=1)
    assert report.verdict in ("pass", "reject")
    assert {c.players for c in report.counts} == set(spec.players.counts())
    assert all(len(c.games) >= 8 for c in report.counts)
