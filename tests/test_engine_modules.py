"""The engine on the rule modules of issue 3: each plays whole games under the card audit, and
does what its rulebook sentence says."""

from __future__ import annotations

import random

import pytest

from generator.bots import GreedyBot, RandomBot, bot_seed
from generator.engine import Game, Observation, play_game
from generator.engine.actions import BID_BASE, NO, PASS_BID, WILD_BASE
from generator.engine.steps.auction import AUCTION
from generator.engine.steps.invent import INVENT
from generator.engine.steps.bids import BID
from generator.families.trick_taking.engine.play import PLAY
from tests.conftest import make_spec

KITTY = {"deal.hand_size": 10, "deal.kitty": {"form": "dealt", "size": 4, "name": "kitty"}}
BIDDING = {"bidding.tricks": {"order": "dealer-left", "blind": "any", "hook": True}}

MODULES = {
    "bidding-exact": {**BIDDING, "scoring": {"kind": "exact-bid", "otherwise": "tricks-if-under"},
                      "ending.condition": {"kind": "rounds"}},
    "bidding-bonus": {"bidding.tricks": {"order": "simultaneous", "blind": "none", "hook": False},
                      "scoring": {"kind": "per-trick", "beyond": 0, "exact_bonus": 10, "zero_bonus": 3,
                                  "extras": {"bid_all_wins": True, "top_trump": "plus"}},
                      "ending.condition": {"kind": "target", "points": 60}},
    "auction": {**KITTY, "players.min": 3, "players.max": 4, "bidding.auction": {"title": "squire"},
                "play.opening_leader": "landlord"},
    "auction-avoid": {**KITTY, "players.min": 3, "players.max": 4, "bidding.auction": {"title": "duke"},
                      "play.opening_leader": "landlord", "setup.trumps": {"method": "none"},
                      "scoring": {"kind": "avoid-suit", "suit": "hearts"},
                      "ending.condition": {"kind": "threshold", "points": 40}},
    "robbing-take": {**KITTY, "setup.trumps": {"method": "turn-up"},
                     "setup.robbing": {"verb": "pinch", "form": "take-and-discard"}},
    "robbing-swap": {"deal.hand_size": 10, "setup.trumps": {"method": "turn-up"},
                     "setup.robbing": {"verb": "rob", "form": "swap"}, "setup.top_trump_point": True},
    "high-low-pig": {"setup.high_low": True, "setup.pig": {"card": "Q of spades", "name": "goat"},
                     "play.pig_lead": "no-lead-or-first",
                     "scoring": {"kind": "per-trick", "beyond": 0, "extras": {"pig": "nothing"}}},
    "exchange": {"deal.hand_size": 8, "setup.exchange": {"name": "mulligan", "cards": 2, "single": False}},
    "wild-jokers": {"deck.jokers": 2, "play.jokers": "wild", "deal.hand_size": 12,
                    "scoring": {"kind": "per-trick", "beyond": 0, "extras": {"joker_tricks": "bonus"}}},
    "split-jokers-lead": {"deck.jokers": 2, "play.jokers": "split", "play.joker_lead": "hearts",
                          "deal.hand_size": 12, "setup.trumps": {"method": "fixed", "suit": "spades"}},
    "boost": {"play.boost": {"rank": "7", "name": "rocket"}},
    "kitty-capture": {**KITTY, "play.kitty_capture": {"card": None, "nickname": None, "suit": "hearts"}},
    "bonus-laws": {"setup.extra_rules": {"kind": "bonus", "name": "mystic law", "repeal": True}},
    "secret-laws": {"setup.extra_rules": {"kind": "secret", "name": "unseen edict",
                                          "inventor": "dealer-and-right"}},
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_plays_whole_games(name):
    spec = make_spec(**MODULES[name])
    game = Game(spec, audit=True, move_cap=20_000)
    for n in spec.players.counts():
        for seed in range(12):
            make = GreedyBot if seed % 3 == 0 else RandomBot
            rec = play_game(game, n, seed, [make(bot_seed(seed, p)) for p in range(n)])
            assert rec.outcome == "natural", (name, n, seed)
            for h in rec.hands:
                assert len({c for w in h.won for c in w}) == sum(len(w) for w in h.won)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_batch_path_matches_the_api(name):
    spec = make_spec(**MODULES[name])
    game = Game(spec)
    n = spec.players.min
    for seed in range(4):
        fast = game.new_initial_state(n, seed)
        fast.play_random(random.Random(seed).random)
        shared = random.Random(seed)
        slow = play_game(game, n, seed, [RandomBot(rng=shared) for _ in range(n)])
        assert fast.record.as_dict() == slow.as_dict()


def drive(spec, n, seed, choose):
    """Play one game; `choose(state, legal)` picks every action (default: first legal)."""
    state = Game(spec, audit=True).new_initial_state(n, seed)
    while not state.terminal:
        legal = state.legal_actions()
        state.apply_action(choose(state, legal))
    return state


def test_hook_rule_and_exact_bid_scores():
    spec = make_spec(**MODULES["bidding-exact"])
    seen_hook = False

    def choose(state, legal):
        nonlocal seen_hook
        if state.decision == BID and not state.queue:
            total = sum(b for b in state.bids if b is not None)
            assert BID_BASE + (13 - total) not in legal or total > 13
            seen_hook = True
        return legal[-1] if state.decision == BID else legal[0]

    state = drive(spec, 4, 3, choose)
    assert seen_hook
    for h in state.record.hands:
        for t, b, s in zip(h.tricks, h.bids, h.scores):
            assert s == (10 + b if t == b else (t if t < b else 0))


def test_landlord_leads_and_payments():
    spec = make_spec(**MODULES["auction"])
    state = drive(spec, 3, 5, lambda st, legal: BID_BASE + 1 if st.decision == AUCTION and BID_BASE + 1 in legal
                  else (PASS_BID if st.decision == AUCTION else legal[0]))
    hand = state.record.hands[0]
    ll = hand.landlord
    assert ll == 0   # the dealer bid one and everyone else passed
    others = [p for p in range(3) if p != ll]
    base = list(hand.tricks)
    paid = 1 if all(base[ll] > base[p] for p in others) else -1
    assert hand.scores[ll] == base[ll] + 2 * paid and all(hand.scores[p] == base[p] - paid for p in others)


def test_wild_joker_is_offered_as_any_card_and_counts_as_it():
    spec = make_spec(**MODULES["wild-jokers"])
    game = Game(spec, audit=True)
    found = False
    for seed in range(30):
        state = game.new_initial_state(4, seed)
        while not state.terminal and not found:
            legal = state.legal_actions()
            wild = [a for a in legal if a >= WILD_BASE]
            if state.decision == PLAY and wild and not state.trick:
                state.apply_action(wild[0])
                joker, card = divmod(wild[0] - WILD_BASE, 1000)
                assert state.trick == [card] and state.trick_cards == [game.table.jokers[joker]]
                found = True
            else:
                state.apply_action(legal[0])
        if found:
            break
    assert found


def test_boost_trick_goes_round_twice():
    spec = make_spec(**MODULES["boost"])
    game = Game(spec, audit=True)
    sizes = set()
    for seed in range(10):
        state = game.new_initial_state(4, seed)
        rnd = random.Random(seed)
        while state.hand_no < 3:
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
            if state.history:
                sizes.add(len(state.history[-1][1]))
    assert sizes == {4, 8}


def test_kitty_capture_counts_as_a_trick():
    spec = make_spec(**MODULES["kitty-capture"])
    game = Game(spec, audit=True)
    for seed in range(10):
        state = game.new_initial_state(4, seed)
        state.play_random(random.Random(seed).random, hands=1)
        h = state.record.hands[0]
        assert sum(h.tricks) == 10 + 1   # ten tricks, and the kitty taken once (a heart is always played)
        assert sum(len(w) for w in h.won) == 44


def test_secret_law_is_learned_by_breaking_it():
    spec = make_spec(**MODULES["secret-laws"])
    game = Game(spec, audit=True)
    learned = False
    for seed in range(40):
        state = game.new_initial_state(4, seed)
        state.play_random(random.Random(seed).random, hands=2)
        learned = learned or any(len(f.known_by) > 1 for f in state.laws)
    assert learned


def test_bonus_laws_are_public_and_stack():
    spec = make_spec(**MODULES["bonus-laws"])
    game = Game(spec)
    state = game.new_initial_state(4, 2)
    # inventors always add a law when they may (the last option is never NO)
    while not state.terminal and state.hand_no < 4:
        legal = state.legal_actions()
        state.apply_action(legal[-1] if len(legal) > 1 and legal[0] == NO and state.decision == INVENT else legal[0])
    assert state.laws and all(f.known_by == set(range(4)) for f in state.laws)


def test_low_hand_negates_scores():
    spec = make_spec(**{"setup.high_low": True})
    game = Game(spec, audit=True)
    lows = 0
    for seed in range(60):
        state = game.new_initial_state(4, seed)
        state.play_random(random.Random(seed).random, hands=1)
        h = state.record.hands[0]
        if h.low:
            lows += 1
            assert h.scores == [-t for t in h.tricks]
        else:
            assert h.scores == h.tricks
    assert lows > 0


def test_observation_hides_the_hand_before_looking_and_other_bids():
    spec = make_spec(**{"bidding.tricks": {"order": "simultaneous", "blind": "none", "hook": False}})
    state = Game(spec).new_initial_state(4, 1)
    while state.decision != BID:
        state.apply_action(state.legal_actions()[0])
    first = state.current
    state.apply_action(state.legal_actions()[0])
    obs = Observation(state, state.current)
    assert obs.bids[first] is None   # a simultaneous bid is not seen until all have bid
