"""The strong bot's search: sequential halving spends its rollouts on the leading actions within
the budget; the exact solver of a trick-taking ending agrees with playing out every line; the
light trick rollout plays legal cards to the end of the hand; the same seed gives the same game."""

from __future__ import annotations

import random

from generator.families.trick_taking.bots import TRICK_HINTS
from generator.bots.solver import Solver, distinct_open
from generator.bots.sampler import Sampler
from generator.bots.strong import NODES_PER_ROLLOUT, StrongBot, distinct_actions, last_hand, rollout_value
from generator.families.trick_taking.rollout import _Tricks, light_play, rollout
from generator.engine import Game
from generator.playtest.runner import game_seed, play_one
from generator.spec import load_spec
from tests.conftest import ROOT, make_spec

HEARTS = ROOT / "corpus" / "real" / "hearts.yaml"
OH_HELL = ROOT / "corpus" / "real" / "oh-hell.yaml"


def _to_ending(game: Game, seed: int, cards: int, following: bool = False):
    """A state of the first hand whose player to move holds ``cards`` cards in trick play and has
    a choice (and follows to a trick, if ``following``), reached by random play (None if the hand
    never gets there)."""
    state = game.new_initial_state(4, seed)
    rnd = random.Random(seed)
    while not state.terminal and state.hand_no == 0:
        obs = state.observation(state.current)
        if obs.card_play and len(obs.hand) == cards and len(obs.legal) > 1 and (state.trick or not following):
            return state
        legal = state.legal_actions()
        state.apply_action(legal[rnd.randrange(len(legal))])
    return None


def _brute(state, hand: int, ending: bool) -> list[float]:
    """Max-n over every legal card, no card merged, every move copied. The cards are tried in
    the solver's order (suit, then rank): max-n keeps the first of equal values for the player
    to move, and equal values for that player may differ for the others."""
    if state.terminal or state.hand_no != hand:
        return [rollout_value(state, p, hand, ending) for p in range(state.n)]
    p = state.current
    best = None
    eff, strength = state.eff, state.game.table.strength
    for a in sorted(state.legal_actions(), key=lambda c: (eff[c], strength[c], c)):
        child = state.clone(share_chance=True)
        child.apply_action(a)
        v = _brute(child, hand, ending)
        if best is None or v[p] > best[p]:
            best = v
    return best


def test_halving_spends_more_on_the_leading_actions():
    """With action i worth i (plus a little noise), sequential halving keeps the best and gives
    it several times the rollouts of the worst, within the budget."""
    bot = StrongBot(3)
    actions = list(range(8))
    noise = random.Random(1)

    def fake_evaluate(obs, sampler, actions, which, times, values):
        for _ in range(times):
            for i in which:
                values[i].append(i + noise.random())
        bot.rollouts_played += times * len(which)

    bot._evaluate = fake_evaluate   # type: ignore[method-assign]
    values, alive = bot._halving(None, None, actions, 24, None)
    counts = [len(v) for v in values]
    assert sum(counts) == bot.rollouts_played <= 24
    assert 7 in alive and alive == sorted(alive)
    assert counts[7] >= 4 * counts[0]
    assert max(alive, key=lambda i: sum(values[i]) / len(values[i])) == 7
    # an anchor play survives every round, to be weighed against the winner at the end
    bot.rollouts_played = 0
    values, alive = bot._halving(None, None, actions, 24, 0)
    assert 0 in alive and 7 in alive and len(values[0]) == len(values[7])


def test_solver_agrees_with_every_line_played_out():
    """Merged cards and forced cards change no value: the solver's value of each action equals
    max-n over every line, in endings of two and three cards of Whist and Hearts."""
    checked = 0
    for spec in (make_spec(), load_spec(HEARTS)):
        game = Game(spec)
        for seed in range(6):
            state = _to_ending(game, seed, 2 + seed % 2)
            if state is None:
                continue
            obs = state.observation(state.current)
            det = Sampler(obs, {}).sample(random.Random(seed))
            ending = last_hand(det)
            actions = distinct_actions(obs, obs.legal)
            solver = Solver(10 ** 6, rollout_value)
            values = solver.root(det, actions, obs.player, ending)
            for a, v in zip(actions, values):
                child = det.clone(share_chance=True)
                child.apply_action(a)
                assert abs(_brute(child, det.hand_no, ending)[obs.player] - v) < 1e-9
            assert 0 < solver.used
            checked += 1
    assert checked >= 8


def test_open_cards_merge_only_neighbours():
    game = Game(make_spec())
    state = _to_ending(game, 2, 3)
    legal = state.legal_actions()
    merged = distinct_open(state, legal)
    assert set(merged) <= set(legal) and merged
    strength, eff = game.table.strength, state.eff
    rest = [c for q, h in enumerate(state.hands) if q != state.current for c in h] + list(state.trick)
    for c in set(legal) - set(merged):   # a merged card has a kept neighbour with nothing between
        assert any(eff[m] == eff[c] and not any(eff[o] == eff[c] and min(strength[m], strength[c]) < strength[o]
                                                < max(strength[m], strength[c]) for o in rest) for m in merged)


def test_solver_keeps_to_its_node_budget():
    """In the last tricks the bot solves exactly, within max_rollouts × NODES_PER_ROLLOUT nodes
    a decision; the node count, not the time, bounds it."""
    game = Game(make_spec())
    solved = 0
    for seed in range(40):   # the first determinization's tree must fit: about one ending in five
        state = _to_ending(game, seed, 3)
        if state is None:
            continue
        bot = StrongBot(seed, rollouts=4, max_rollouts=24)
        obs = state.observation(state.current)
        choice = bot.act(obs)
        assert choice in obs.legal
        assert bot.nodes_searched <= bot.node_budget(24) == 24 * NODES_PER_ROLLOUT
        solved += bot.solved
        assert StrongBot(seed).act(obs) == choice   # same seed, same choice
    assert solved >= 4
    assert TRICK_HINTS.endgame >= 3


def test_light_trick_rollout_plays_the_hand_out_legally():
    for spec in (make_spec(), load_spec(HEARTS), load_spec(OH_HELL)):
        game = Game(spec)
        for seed in range(3):
            state = _to_ending(game, seed, 5)
            if state is None:
                continue
            copy = state.clone(share_chance=True)
            hand, moves = copy.hand_no, copy.record.moves
            cards = sum(len(h) for h in copy.hands)
            rollout(copy, random.Random(seed).random)
            assert copy.terminal or copy.hand_no != hand
            assert copy.record.moves - moves >= cards   # every card left was played, and counted
            assert len(copy.record.hands) > hand


def test_light_play_wins_cheaply_and_ducks_penalties():
    """Tricks score: the cheapest winning card; cards cost points: a card that does not win."""
    for spec, want_win in ((make_spec(), True), (load_spec(HEARTS), False)):
        game = Game(spec)
        phase = None
        for seed in range(20):
            state = _to_ending(game, seed, 6, following=True)
            if state is None:
                continue
            phase = state.phase
            t = _Tricks(phase)
            options = state.legal_actions()
            c = light_play(t, state, options)
            rules = phase.rules
            win = lambda x: rules.winner(state.trick + [x], state.eff, state.win_trump, state.anti) == len(state.trick)  # noqa: E731
            winners = [x for x in options if win(x)]
            if want_win and winners:
                assert win(c) and rules.strength[c] == min(rules.strength[x] for x in winners)
            if not want_win and len(winners) < len(options):
                assert not win(c)
        assert phase is not None


def test_same_seed_same_game():
    game = Game(load_spec(HEARTS))
    lineup = ["strong", "greedy", "greedy", "greedy"]
    a = play_one(game, 4, game_seed(3, 4, 0), 0, lineup, {"rollouts": 2, "max_rollouts": 8}, bounds=None)
    b = play_one(game, 4, game_seed(3, 4, 0), 0, lineup, {"rollouts": 2, "max_rollouts": 8}, bounds=None)
    assert a == b and a.outcome == "natural"
