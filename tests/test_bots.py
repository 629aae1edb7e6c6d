"""Bots: every bot plays legal moves; the strong bot never peeks, samples consistently with what it
has seen, and beats random players clearly."""

from __future__ import annotations

import random

import pytest

from generator.bots import BOTS, TRIVIAL, GreedyPointsBot, HighestBot, LowestBot, bot_seed, make_bot
from generator.bots.sampler import Sampler, voids
from generator.bots.strong import StrongBot, distinct_actions
from generator.engine import Game
from generator.engine.steps.trumps import HIDDEN_TRUMP
from generator.families.trick_taking.engine.play import PLAY
from generator.playtest.runner import game_seed, play_one
from generator.sample import sample_game
from tests.conftest import ROOT, make_spec

HEARTS = ROOT / "corpus" / "real" / "hearts.yaml"


def _advance(game: Game, n: int, seed: int, moves: int):
    state = game.new_initial_state(n, seed)
    rnd = random.Random(seed).random
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd() * len(legal))])
    return state


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_legal_moves_in_sampled_games(name):
    for s in range(6):
        spec = sample_game(100 + s).spec
        game = Game(spec, audit=True, move_cap=2000)
        n = spec.players.min
        bots = [make_bot(name, bot_seed(s, p), rollouts=2, max_rollouts=6) for p in range(n)]
        state = game.new_initial_state(n, s)
        views = [state.observation(p) for p in range(n)]
        for _ in range(120):   # a few tricks of each game: enough to meet most decisions
            if state.terminal:
                break
            legal = state.legal_actions()
            action = bots[state.current].act(views[state.current]) if len(legal) > 1 else legal[0]
            assert action in legal
            state.apply_action(action)


def test_trivial_policies():
    game = Game(make_spec())
    state = _advance(game, 4, 3, 5)   # mid-trick
    obs = state.observation(state.current)
    legal, strength = obs.legal, obs.table.strength
    assert HighestBot(0).act(obs) == max(legal, key=lambda c: (strength[c], -c))
    assert LowestBot(0).act(obs) == min(legal, key=lambda c: (strength[c], c))
    choice = GreedyPointsBot(0).act(obs)
    winners = [c for c in legal if obs.would_win(c)]
    assert choice == (min(winners, key=lambda c: strength[c]) if winners else min(legal, key=lambda c: strength[c]))
    assert set(TRIVIAL) <= set(BOTS)


def test_public_state_hides_everything_hidden():
    game = Game(make_spec(**{"deal.kitty": {"form": "dealt", "size": 4}, "deal.hand_size": 12,
                             "setup.trumps": {"method": "hidden"}}))
    state = _advance(game, 4, 11, 6)
    obs = state.observation(state.current)
    pub = obs.public_state()
    me = obs.player
    assert pub.hands[me] == state.hands[me]
    for p in range(4):
        if p != me:
            assert all(c < 0 for c in pub.hands[p]) and len(pub.hands[p]) == len(state.hands[p])
    assert all(c < 0 for c in pub.kitty + pub.stock if c != state.turned)
    if state.hidden is not None:
        assert pub.hidden == HIDDEN_TRUMP
    assert pub.record.seed == 0 and pub.in_play == set()
    assert pub.rng.getstate() != state.rng.getstate()


def test_strong_bot_never_peeks():
    """Two games alike in everything a player can see, unlike in the hidden cards: the player's
    public copy, its samples and its decision are the same."""
    game = Game(make_spec())
    compared = 0
    for seed in range(4):
        state = _advance(game, 4, seed, 9)
        me, shown = state.current, state.dealer_last   # the dealer's last card is shown to all
        others = [c for p in range(4) if p != me for c in state.hands[p] if c != shown]
        random.Random(seed).shuffle(others)
        hands, at = [], 0
        for p in range(4):   # the same sizes, other cards; the shown card stays with the dealer
            if p == me:
                hands.append(list(state.hands[p]))
                continue
            keep = [shown] if shown in state.hands[p] else []
            k = len(state.hands[p]) - len(keep)
            hands.append(keep + others[at:at + k])
            at += k
        twin = state.with_hidden_cards({"hands": hands, "kitty": state.kitty, "stock": state.stock}, seed=99)
        assert twin.hands != state.hands
        a, b = state.observation(me), twin.observation(me)
        pa, pb = a.public_state(), b.public_state()
        assert pa.hands == pb.hands and pa.kitty == pb.kitty and pa.stock == pb.stock
        sa, sb = Sampler(a, {}).sample(random.Random(1)), Sampler(b, {}).sample(random.Random(1))
        assert sa.hands == sb.hands
        assert StrongBot(5, rollouts=3, max_rollouts=12).act(a) == StrongBot(5, rollouts=3, max_rollouts=12).act(b)
        compared += 1
    assert compared == 4


def test_determinizations_respect_what_was_seen():
    game = Game(make_spec(), audit=True)
    checked = 0
    for seed in range(8):
        state = _advance(game, 4, seed, 30 + seed)
        obs = state.observation(state.current)
        sampler = Sampler(obs, {})
        forbidden = voids(obs)
        for p, cards in forbidden.items():
            assert not set(state.hands[p]) & cards   # a void inferred is a real void
        for k in range(5):
            det = sampler.sample(random.Random(k))
            det.check_cards()
            assert det.hands[obs.player] == sorted(state.hands[obs.player])
            assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
            assert det.history == state.history and det.trick == state.trick
            for p, cards in forbidden.items():
                assert not set(det.hands[p]) & cards
            if state.decision == PLAY and state.dealer_last in state.hands[state.dealer]:
                assert state.dealer_last in det.hands[state.dealer]   # the shown trump card stays
            checked += 1
    assert checked == 40


def test_determinizations_in_every_phase_of_sampled_games():
    """Through the optional phases of the rule modules (kitties, robbing, exchanges, bids …)."""
    seen = set()
    for s in range(24):
        spec = sample_game(s).spec
        n = spec.players.max if s % 2 else spec.players.min
        game = Game(spec, audit=True, move_cap=2000)
        state = game.new_initial_state(n, s)
        rnd = random.Random(s).random
        for _ in range(150):
            if state.terminal:
                break
            legal = state.legal_actions()
            if len(legal) > 1:
                obs = state.observation(state.current)
                sampler = Sampler(obs, {})
                det = sampler.sample(random.Random(0))
                if not sampler.before_deal:
                    det.check_cards()
                    if state.decision not in game.before_looking:
                        assert det.hands[obs.player] == sorted(state.hands[obs.player])
                seen.add(state.decision)
            state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])
    assert {"play", "bid", "rob", "propose-exchange"} <= seen or len(seen) >= 6


def test_fast_copy_plays_like_clone():
    """A rollout's copy (sharing the random generator) plays like a full clone."""
    game = Game(make_spec())
    state = _advance(game, 4, 2, 7)
    det = Sampler(state.observation(state.current), {}).sample(random.Random(3))
    a, b = det.clone(share_chance=True), det.clone()
    a.rng, b.rng = random.Random(1), random.Random(1)
    a.play_random(random.Random(4).random, hands=1)
    b.play_random(random.Random(4).random, hands=1)
    assert a.record.as_dict() == b.record.as_dict()
    assert det.trick == state.trick and len(det.record.hands) == len(state.record.hands)   # untouched


def test_interchangeable_cards_count_once():
    game = Game(make_spec())
    state = game.new_initial_state(4, 8)
    obs = state.observation(state.current)
    legal = obs.legal
    distinct = distinct_actions(obs, legal)
    assert set(distinct) <= set(legal) and len(distinct) <= len(legal)
    strength, eff = obs.table.strength, obs.effective_suits
    for c in legal:   # every merged card has a kept neighbour of its suit just below it
        if c not in distinct:
            below = [d for d in distinct if eff[d] == eff[c] and strength[d] < strength[c]]
            assert below


def test_strong_bot_budget_is_in_rollouts():
    game = Game(make_spec())
    state = game.new_initial_state(4, 1)
    bot = StrongBot(1, rollouts=4, max_rollouts=24)
    obs = state.observation(state.current)
    bot.act(obs)
    actions = len(distinct_actions(obs, obs.legal))
    from generator.bots.strong import rollout_weight_of

    budget = max(actions, round(actions * max(2, min(4, 24 // actions)) / rollout_weight_of(obs)))
    assert budget - actions < bot.rollouts_played <= budget   # sequential halving spends it all but a remainder
    flat = StrongBot(1, rollouts=4, max_rollouts=24, search="flat")
    flat.act(obs)
    assert flat.rollouts_played == budget // actions * actions   # the same count for every action
    assert StrongBot(1).act(obs) == StrongBot(1).act(obs)   # same seed, same choice


@pytest.mark.statistical
def test_strong_beats_random_in_whist():
    game = Game(make_spec())
    wins = 0
    games = 24
    for i in range(games):
        seat = i % 4
        lineup = ["strong" if p == seat else "random" for p in range(4)]
        s = play_one(game, 4, game_seed(5, 4, i), i, lineup, {"rollouts": 4, "max_rollouts": 24})
        wins += s.winner == seat
    assert wins / games >= 0.45   # against 25% for a random player (measured: about 65%)


def test_strong_bot_plays_hearts_and_avoids_points():
    from generator.spec import load_spec

    game = Game(load_spec(HEARTS))
    lost = {"strong": 0, "random": 0}
    for i in range(4):
        s = play_one(game, 4, game_seed(1, 4, i), i, ["strong", "random", "random", "random"],
                     {"rollouts": 3, "max_rollouts": 16}, keep_record=True)
        hand = s.record["hands"][0]["scores"]
        lost["strong"] += hand[0]
        lost["random"] += sum(hand[1:]) / 3
    assert lost["strong"] > lost["random"]   # scores are penalties: higher is better


def test_rollouts_that_end_with_their_hand_value_it_the_same():
    """The shortcut that spares a rollout the next deal changes no rollout's value."""
    from generator.bots.strong import last_hand, rollout_value

    for spec in (make_spec(), make_spec(**{"ending.condition": {"kind": "target", "points": 4}})):
        game = Game(spec)
        for seed in range(12):
            state = _advance(game, 4, seed, 20 + seed)
            for k in range(3):
                a, b = state.clone(share_chance=True), state.clone(share_chance=True)
                a.rng, b.rng = random.Random(k), random.Random(k)
                hand = state.hand_no
                ending = last_hand(b)
                a.play_random(random.Random(k).random, hands=1)
                b.play_random(random.Random(k).random, hands=1)
                assert a.record.hands[hand].scores == b.record.hands[hand].scores
                for me in range(4):
                    assert rollout_value(a, me, hand) == rollout_value(b, me, hand, ending)


def test_determinization_sharing_chance_is_the_engines():
    """A determinization whose copy shares the random generator is the same state as one that
    copies it (the sampler's quicker way): only the generator is replaced."""
    game = Game(make_spec(**{"deal.kitty": {"form": "dealt", "size": 4}, "deal.hand_size": 12}), audit=True)
    state = _advance(game, 4, 6, 17)
    sampler = Sampler(state.observation(state.current), {})
    hands = [sorted(h) for h in state.hands]
    cards = {"hands": hands, "kitty": state.kitty, "stock": state.stock, "discards": state.discards}
    slow = sampler.pub.with_hidden_cards(cards, seed=3)
    quick = sampler.pub.with_hidden_cards(cards, seed=3, share_chance=True)
    a, b = dict(slow.__dict__), dict(quick.__dict__)
    for d in (a, b):
        d["rng"] = d["rng"].getstate()
        d["record"] = d["record"].as_dict()
    assert a == b


@pytest.mark.statistical
def test_strong_bot_is_no_worse_than_the_greedy_bot_in_a_small_drawn_game():
    """The typical variant (three players, seven cards, turn-up trumps): one strong bot among two
    greedy bots, its seat rotating, finishes ahead of about half of them. Before trick play was
    anchored to the greedy card, the search, with a rollout or two a card, played near at random
    among near-equal cards and finished ahead of 0.38 of them over 600 games (these 240: 0.38; the
    greedy bot in that seat 0.50)."""
    from generator.spec.io import load_spec

    from generator.playtest.metrics import Tier2Count

    game = Game(load_spec(ROOT / "benchmarks" / "typical-variant.yaml"))
    n = 3
    played = [play_one(game, n, game_seed(11, n, i), i, ["strong" if p == i % n else "greedy" for p in range(n)],
                       bounds=None) for i in range(240)]
    ahead, games = Tier2Count(n, {"h2h": ("strong", "greedy")}, {"h2h": played}).head_to_head("h2h")
    assert games == 240 and ahead / games >= 0.45   # measured: 0.52 (0.53 over 600 games)
