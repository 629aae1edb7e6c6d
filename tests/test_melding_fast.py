"""The melding engine's plain paths play the same games as its general steps: ``Turn.play_random``
(whole turns in one loop, ``plain.PlainTurns.play``) and the bot API through the written-out steps
(``PlainTurns.apply``/``go``) give the same record, move for move, and the same final state, field
by field, as ``legal_actions``/``apply_action`` through the general steps from the same seeds —
over sampled melding specs (Hypothesis, and the plain ones among them) and variants of Rummy that
take each branch (a pile taken only when melded, melding the taken card not required, one meld a
turn, no going out on the first turn, lay-offs on one's own melds, the taken card discarded, the
pile turned over, the stock run out twice, a short pack, the pig's bonus), at every player count,
with the move cap falling mid-turn, and from a turn under way; the written-out steps list
``Turn.legal``'s actions in its order at every position, and a hand's melds are the rules'."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families.melding.engine.play import Turn
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import ROOT, play_out, random_move, rollouts_agree, with_changes

RUMMY = ROOT / "corpus" / "real" / "rummy.yaml"
#: State fields that are caches or objects made on demand, not the position
_NOT_COMPARED = {"_legal", "_views", "game", "record", "rng", "steps"}


def _by_path(spec: GameSpec, players: int, seed: int, fast: bool, move_cap: int = 5_000,
             general: bool = False) -> tuple:
    """One whole game at random from ``seed``: on the batch path, or through
    ``legal_actions``/``apply_action`` with the same draws (``general``: with the plain game's
    written-out steps turned off); its record and its final state."""
    game = Game(spec, audit=True, move_cap=move_cap)
    if general:
        game.phase(Turn)._plain = None
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    play_out(state, rnd, fast)
    rec = state.record
    fields = {k: v for k, v in vars(state).items() if k not in _NOT_COMPARED}
    return rec.as_dict(), sorted(rec.applied), list(state.totals), fields, state.rng.getstate()


def _same_both_ways(spec: GameSpec, seed: int, move_cap: int = 5_000, players=None) -> None:
    """The batch path, the bot API, and the bot API through the general steps: one game."""
    for n in players or spec.players.counts():
        slow = _by_path(spec, n, seed, False, move_cap, general=True)
        for fast in (_by_path(spec, n, seed, True, move_cap), _by_path(spec, n, seed, False, move_cap)):
            assert fast[:3] == slow[:3], (n, seed)
            assert fast[3] == slow[3], (n, seed, {k for k in fast[3] if fast[3][k] != slow[3].get(k)})
            assert fast[4] == slow[4], (n, seed)


def _rummy_with(**changes) -> GameSpec:
    return spec_from_data(with_changes(yaml.safe_load(RUMMY.read_text(encoding="utf-8")), **changes))


def test_the_fast_path_is_taken_in_a_plain_game_only() -> None:
    assert Game(load_spec(RUMMY)).phase(Turn)._plain is not None
    assert Game(_rummy_with(**{"deck.jokers": 2})).phase(Turn)._plain is None
    assert Game(load_spec(ROOT / "corpus" / "real" / "pay-me.yaml")).phase(Turn)._plain is None


VARIANTS = {
    "rummy": {},
    "melded-first": {"play.draw.melded_first": True},
    "taken-free": {"play.draw.meld_drawn": False},
    "taken-discarded": {"play.draw.meld_drawn": False, "play.draw.discard_taken": True},
    "one-meld": {"play.melds.many": False},
    "no-first-out": {"play.melds.no_first_out": True},
    "own-lay-off": {"play.lay_off": "own"},
    "turned-pile": {"play.restock": "turn", "scoring.stock_out": False},
    "not-blocked": {"play.blocked": False, "scoring.stock_out": False},
    "short-pack": {"deck.removed": ["2", "3", "4", "5", "6"], "deal.hand_size": 5},
    "pig-in-a-meld": {"setup.pig": {"card": "Q of spades"}, "play.pig_meld": 10},
}


@pytest.mark.parametrize("changes", list(VARIANTS.values()), ids=list(VARIANTS))
def test_rummy_variants_play_the_same_games_both_ways(changes) -> None:
    spec = _rummy_with(**changes)
    assert Game(spec).phase(Turn)._plain is not None
    for seed in range(3):
        _same_both_ways(spec, seed, players=(2, 4, 6) if seed else None)


def test_the_move_cap_stops_both_ways_at_the_same_move() -> None:
    spec = load_spec(RUMMY)
    for cap in (1, 2, 3, 40, 41, 97, 98, 99, 250, 251):
        _same_both_ways(spec, 3, move_cap=cap, players=(4,))


def test_the_fast_path_picks_up_a_turn_under_way() -> None:
    """Moves made through the bot API first (a meld step, a lay-off, a discard open), then the
    batch path: the same game as the bot API all the way."""
    spec = load_spec(RUMMY)
    for seed in range(6):
        for moves in (1, 2, 5, 17, 60):
            games = []
            for fast in (True, False):
                game = Game(spec, audit=True)
                if not fast:
                    game.phase(Turn)._plain = None
                state = game.new_initial_state(4, seed)
                rnd = random.Random(seed).random
                for _ in range(moves):
                    random_move(state, rnd)
                if fast:
                    state.play_random(rnd)
                while not state.terminal:
                    random_move(state, rnd)
                games.append((state.record.as_dict(), list(state.totals)))
            assert games[0] == games[1], (seed, moves)


@pytest.mark.parametrize("seed", [1, 43, 51, 62, 74, 82])
def test_sampled_plain_games_play_the_same_both_ways(seed: int) -> None:
    """Sampled specs that are plain (about one in twenty is): packs of other sizes, other hands."""
    spec = sample_game(seed, "melding").spec
    assert Game(spec).phase(Turn)._plain is not None
    _same_both_ways(spec, seed)


@settings(max_examples=budget(40), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_melding_games_play_the_same_both_ways(seed: int) -> None:
    _same_both_ways(sample_game(seed, "melding").spec, seed)


def test_the_melds_of_a_hand_mask_are_the_rules_melds_in_their_order() -> None:
    """``PlainTurns.melds_of`` lists what ``MeldRules._search_melds`` lists, in the same order."""
    for changes in ({}, {"deck.removed": ["2", "3", "4", "5", "6"]}):
        plain = Game(_rummy_with(**changes)).phase(Turn)._plain
        size = 4 * plain.ranks
        rnd = random.Random(7)
        for _ in range(3000):
            hand = rnd.sample(range(size), rnd.randint(3, 20))
            h = sum(1 << c for c in hand)
            assert plain.melds_of(h) == plain.rules._search_melds(hand, 0, True), sorted(hand)
            assert plain.has_meld(h) == bool(plain.melds_of(h))


def test_the_written_out_steps_list_the_general_legal_actions() -> None:
    """At every position of random Rummy games, the actions ``PlainTurns.go`` lists are the ones
    ``Turn.legal`` (the general steps) lists, in the same order."""
    variants = ({}, {"play.lay_off": "own", "play.melds.no_first_out": True}, {"play.draw.meld_drawn": False})
    for changes in variants:
        spec = _rummy_with(**changes)
        for seed in range(3):
            game = Game(spec)
            turn = game.phase(Turn)
            state = game.new_initial_state(4, seed)
            rnd = random.Random(seed).random
            while not state.terminal:
                legal = state.legal_actions()
                if state.phase is turn:
                    assert turn.legal(state) == legal, (seed, state.decision)
                state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])


@settings(max_examples=budget(15), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), own=st.booleans())
def test_remembered_rearrangements_are_the_ones_searched_afresh(seed: int, own: bool) -> None:
    """``Turn._rearranged`` remembers its searches by the related melds and ``_near_cards`` by
    the meld: at every decision of random games of sampled specs that rearrange the table, the
    legal actions with warm memories are the ones listed with both memories emptied first."""
    spec = sample_game(seed, "melding").spec
    data = spec.model_dump(mode="json")
    data["play"]["melds"]["rearrange"] = "own" if own else "any"
    data["play"]["lay_off"] = data["play"]["dump"] = None   # (rearranging takes their place)
    spec = spec_from_data(data)
    game = Game(spec, move_cap=600)
    turn = game.phase(Turn)
    state = game.new_initial_state(spec.players.min, seed)
    rnd = random.Random(seed).random
    while not state.terminal:
        warm = state.legal_actions()
        if state.phase is turn:
            turn._rearrange_memo.clear()
            turn._near_memo.clear()
            state._legal = None
            assert state.legal_actions() == warm, (seed, state.decision)
        random_move(state, rnd)


def _kept_pair_by_pair(v, hand: list[int]) -> set[int]:
    """``bots._kept`` as it was written first, pair by pair (the reference)."""
    from generator.families.melding.engine.rules import bits

    rules = v.phase.rules
    keep: set[int] = set()
    for m in rules.hand_melds(hand, v.wild):
        keep.update(bits(m))
    nat = [c for c in hand if not (v.wild >> c) & 1]
    for i, a in enumerate(nat):
        for b in nat[i + 1:]:
            if rules.ladder[a] != rules.ladder[b]:
                continue
            if rules.rank_of[a] == rules.rank_of[b] and rules.ladder[a] == 0:
                keep.update((a, b))
            elif (not rules.same_suit or rules.suit_of[a] == rules.suit_of[b]) and \
                    any(abs(x - y) == 1 for x in rules.positions(a) for y in rules.positions(b)):
                keep.update((a, b))
    keep.update(c for c in hand if (v.wild >> c) & 1)
    return keep


@settings(max_examples=budget(25), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_cards_a_hand_keeps_are_the_pairs_found_one_by_one(seed: int) -> None:
    """``bots._kept`` (the cards in a meld or a near-meld, found through where each card stands)
    keeps what the pair-by-pair reference keeps, for random hands of sampled melding specs, with
    and without a wild rank."""
    from generator.families.melding.bots import View, _kept

    spec = sample_game(seed, "melding").spec
    game = Game(spec)
    turn = game.phase(Turn)
    rnd = random.Random(seed)
    size = game.table.size
    ranks = len(turn.rules.cards_of_rank)
    for _ in range(60):
        v = View(turn, "discard", [], [], [], [[]], rnd.choice([None, rnd.randrange(ranks)]), 0, [0, 0], [])
        hand = sorted(rnd.sample(range(size), rnd.randint(1, min(size, 14))))
        v.hand = hand
        assert _kept(v, hand) == _kept_pair_by_pair(v, hand), (seed, hand, v.wild)


def _shared_rollout(state, rnd) -> None:
    """The strong bot's melding rollout through the shared loop alone (``play_hand_lightly`` with
    the greedy rule at every move): what ``bots.rollout`` played before the plain loop."""
    from generator.engine.rollout import play_hand_lightly
    from generator.families.melding import bots

    play_hand_lightly(state, rnd, bots._light, bots.ROLLOUT_NOISE)


def _snapshot(state) -> tuple:
    fields = {k: v for k, v in vars(state).items() if k not in ("_legal", "_views", "record", "rng")}
    return fields, state.record.as_dict(), sorted(state.record.applied), state.rng.getstate()


def _rollouts_agree(spec: GameSpec, players: int, seed: int, every: int = 5) -> int:
    from generator.families.melding import bots

    return rollouts_agree(spec, players, seed, every, bots.rollout, _shared_rollout, _snapshot)


@pytest.mark.parametrize("changes", list(VARIANTS.values()), ids=list(VARIANTS))
def test_rummy_rollouts_by_the_plain_loop_are_the_shared_loops(changes) -> None:
    """The strong bot's rollouts of Rummy and its variants, from positions met in random games
    (a turn under way or at its draw), by the plain loop's greedy rule and move by move."""
    spec = _rummy_with(**changes)
    for n in (2, 4):
        assert _rollouts_agree(spec, n, 7 + n, every=7) > 5


@pytest.mark.parametrize("seed", [1, 43, 51])
def test_sampled_plain_rollouts_by_the_plain_loop_are_the_shared_loops(seed: int) -> None:
    spec = sample_game(seed, "melding").spec
    assert Game(spec).phase(Turn)._plain is not None
    _rollouts_agree(spec, spec.players.min, seed, every=9)


@settings(max_examples=budget(10), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_sampled_melding_rollouts_are_the_shared_loops(seed: int) -> None:
    spec = sample_game(seed, "melding").spec
    _rollouts_agree(spec, spec.players.min, seed, every=11)
