"""Bowers (``setup.bowers``): the Jack of trumps and the other Jack of its colour promoted to the
two highest trumps, the left bower leaving its own suit for the hand.

Euchre (``corpus/real/euchre.yaml``) played at random, every trick's winner and every player's
obligation to follow checked from the card names alone (a referee of its own, not the engine's
tables); the trump suit's size in a hand (seven in the euchre pack, the left bower's suit five,
the others six, as real-games.md's R11 counts them with Hasenpfeffer's joker added); the jokers
above the bowers; the checks that refuse bowers where they cannot work; the round trip.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.checks import check_spec
from generator.engine.cards import effective_suits
from generator.engine.state import Game
from generator.families.trick_taking.engine.rules import TrickRules
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.spec.io import spec_from_data, spec_to_data
from generator.text.parse import parse_markdown

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
EUCHRE = load_spec(REAL / "euchre.yaml")
MATE = {"hearts": "diamonds", "diamonds": "hearts", "spades": "clubs", "clubs": "spades"}
ORDER = ("A", "K", "Q", "J", "10", "9")


def _suit(card: str, trump: str | None) -> str:
    """The card's suit for following in a hand of ``trump``: the left bower is a trump."""
    rank, _, suit = card.partition(" of ")
    return trump if trump and rank == "J" and suit == MATE[trump] else suit


def _power(card: str, trump: str | None) -> int:
    """Higher wins: the right bower, the left bower, then the printed order."""
    rank, _, suit = card.partition(" of ")
    if trump and rank == "J":
        if suit == trump:
            return 100
        if suit == MATE[trump]:
            return 99
    return len(ORDER) - ORDER.index(rank)


def _taker(cards: list[str], trump: str | None) -> int:
    led = _suit(cards[0], trump)
    best = [i for i, c in enumerate(cards) if _suit(c, trump) == trump] or [
        i for i, c in enumerate(cards) if _suit(c, trump) == led]
    return max(best, key=lambda i: _power(cards[i], trump))


def test_euchre_plays_its_bowers_as_the_rulebook_says() -> None:
    game = Game(EUCHRE, audit=True)
    names = game.table.names
    tricks = follows = 0
    for seed in range(60):
        state = game.new_initial_state(4, seed)
        rnd = random.Random(seed)
        while not state.terminal:
            legal = state.legal_actions()
            if state.decision == "play" and state.trick:
                trump = game.table.suit_names[state.trump] if state.trump is not None else None
                led = _suit(names[state.trick[0]], trump)
                hand = [names[c] for c in state.hands[state.current]]
                follow = [c for c in hand if _suit(c, trump) == led]
                assert sorted(names[a] for a in legal) == sorted(follow or hand)
                follows += 1
            state.apply_action(legal[int(rnd.random() * len(legal))])
        for hand in state.record.hands:
            trump = hand.facts["trump"]
            counts = {s: sum(1 for c in game.table.names if _suit(c, trump) == s) for s in MATE}
            assert counts[trump] == 7 and counts[MATE[trump]] == 5   # the left bower left its suit
            assert all(counts[s] == 6 for s in MATE if s not in (trump, MATE[trump]))
        for seats, cards, taker in state.history:   # the last hand's tricks, each checked by name
            trump = game.table.suit_names[state.trump]
            assert seats[_taker([names[c] for c in cards], trump)] == taker
            tricks += 1
    assert tricks >= 60 and follows > 1000


def test_a_trick_with_both_bowers_and_the_ace_of_trumps() -> None:
    game = Game(EUCHRE)
    rules = TrickRules(EUCHRE, game.table)
    idx = {n: i for i, n in enumerate(game.table.names)}
    hearts = game.table.suit_names.index("hearts")
    eff = effective_suits(game.table, hearts)
    trick = [idx["A of hearts"], idx["J of diamonds"], idx["K of hearts"], idx["J of hearts"]]
    assert rules.winner(trick, eff, hearts, None) == 3                 # the right bower
    assert rules.winner(trick[:3], eff, hearts, None) == 1             # the left bower beats the Ace
    assert eff[idx["J of diamonds"]] == hearts and eff[idx["J of spades"]] != hearts
    spades = game.table.suit_names.index("spades")
    eff = effective_suits(game.table, spades)                          # another hand, other bowers
    assert rules.winner([idx["A of hearts"], idx["J of diamonds"]], eff, spades, None) == 0


def test_the_jokers_on_top_stay_above_the_bowers() -> None:
    data = spec_to_data(load_spec(REAL / "whist.yaml"))
    data["deck"]["jokers"] = 2
    data["setup"] = {"trumps": {"method": "turn-up"}, "bowers": True}
    spec = spec_from_data(data)
    assert not check_spec(spec)
    text = render_markdown(spec)
    assert "is the highest trump after the jokers, and the other Jack of the same colour" in text
    assert parse_markdown(text) == spec.rules()
    game = Game(spec)
    power = game.table.power(game.table.suit_names.index("hearts"))
    idx = {n: i for i, n in enumerate(game.table.names)}
    assert power[idx["red joker"]] > power[idx["J of hearts"]] > power[idx["J of diamonds"]] > power[idx["A of hearts"]]


def test_euchre_reads_back_and_names_its_bowers() -> None:
    text = render_markdown(EUCHRE)
    assert "the Jack of trumps, the *right bower*, is the highest trump, and the other Jack" in text
    assert parse_markdown(text) == EUCHRE.rules()


@pytest.mark.parametrize("setup,why", [
    ({"trumps": {"method": "none"}, "bowers": True}, "no trump suit"),
    ({"trumps": {"method": "hidden"}, "bowers": True}, "revealed during play"),
    ({"trumps": {"method": "turn-up"}, "bowers": True, "top_trump_point": True}, "right bower is the highest trump"),
])
def test_bowers_are_refused_where_they_cannot_work(setup: dict, why: str) -> None:
    data = spec_to_data(EUCHRE)
    data["setup"] = setup
    problems = check_spec(spec_from_data(data))
    assert any(why in p.message for p in problems), problems


def test_a_pack_without_colours_has_no_bowers() -> None:
    data = spec_to_data(EUCHRE)
    data["deck"] = {"kind": "italian40", "order": "natural"}
    data["deal"]["hand_size"] = 8
    data["scoring"]["needed"] = 5
    problems = check_spec(spec_from_data(data))
    assert [p.field for p in problems] == ["setup.bowers"]


def test_the_sampler_draws_bowers_that_check_and_read_back() -> None:
    drawn = [s for s in (sample_game(seed, "trick-taking").spec for seed in range(150)) if s.setup.bowers]
    assert drawn   # one in twelve of the games with a trump suit known at the start
    for spec in drawn:
        assert not check_spec(spec)
        assert parse_markdown(render_markdown(spec)).rules() == spec.rules()
