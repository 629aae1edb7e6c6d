"""The engine's phase protocol: the generic State runs any family's hand, keys positions that
come back, and copies itself — shown with a toy family written here in a few lines, which the
State has never heard of."""

from __future__ import annotations

import random

import pytest

from generator.engine import Game
from generator.engine import state as engine_state
from generator.engine.family import EngineFamily
from generator.engine.phase import Phase
from generator.engine.places import PUBLIC, Place
from generator.engine.steps.deal import Deal
from tests.conftest import make_spec

SHED = "shed-or-draw"


class ShedOrDraw(Phase):
    """A toy card play in which positions can come back: the seat to move lays a card on a face-up
    pile, or first takes the pile's top card into hand; the first to empty their hand ends it."""

    decisions = (SHED,)
    card_play = True
    places = (Place("pile", False, PUBLIC),)
    hand_fields = {"pile": [], "took": None}
    views = {"pile": lambda s, p: list(s.pile)}
    TAKE = 5000

    def start(self, state):
        return state.open(self, SHED, (state.dealer + 1) % state.n)

    def legal(self, state):
        took = state.took == state.current
        return list(state.hands[state.current]) + ([self.TAKE] if state.pile and not took else [])

    def apply(self, state, action):
        p = state.current
        if action == self.TAKE:   # the taker goes on and must lay a card
            state.hands[p].append(state.pile.pop())
            state.hands[p].sort()
            state.took = p
            return
        state.took = None
        state.hands[p].remove(action)
        state.pile.append(action)
        if not state.hands[p]:
            return state.end_hand({"out": p, "players": state.n})
        state.current = (p + 1) % state.n

    def describe(self, state, action):
        return "take the top card" if action == self.TAKE else None


class OutScorer:
    """The player who went out scores a point."""

    RECORD_ORDER = ("dealer", "out", "deals", "scores", "totals")
    RECORD_OPTIONAL = frozenset()

    def __init__(self, spec, table):
        pass

    def score(self, facts):
        return [1 if p == facts["out"] else 0 for p in range(facts["players"])]

    def instant_winner(self, facts):
        return None

    def record(self, state, facts):
        return {"out": facts["out"]}


TOY = EngineFamily(name="toy", phases=(Deal, ShedOrDraw), scorer=OutScorer)


@pytest.fixture()
def toy_game(monkeypatch):
    monkeypatch.setattr(engine_state, "engine_family", lambda spec: TOY)
    spec = make_spec(**{"ending.condition": {"kind": "target", "points": 3}})
    return Game(spec, audit=True, move_cap=20_000)


def test_a_family_the_state_never_heard_of_plays_to_the_end(toy_game):
    for seed in range(20):
        state = toy_game.new_initial_state(4, seed)
        state.play_random(random.Random(seed).random)
        assert state.terminal
        rec = state.record
        assert rec.outcome == "cap" or max(state.totals) >= 3
        for hand in rec.hands:   # the family's own record fields, in its order
            assert list(hand.as_dict())[:2] == ["dealer", "out"]


def test_the_audit_covers_a_place_the_family_declared(toy_game):
    state = toy_game.new_initial_state(4, 1)
    for _ in range(5):
        legal = state.legal_actions()
        state.apply_action(next(a for a in legal if a != ShedOrDraw.TAKE))
    assert len(state.pile) == 5
    state.check_cards()
    state.pile.pop()   # a card lost from the declared pile is seen at once
    with pytest.raises(AssertionError, match="cards lost"):
        state.check_cards()


def test_a_position_that_comes_back_has_the_same_key(toy_game):
    state = toy_game.new_initial_state(4, 3)
    assert state.repeats_possible()   # the toy's play can loop: the playtest keys every decision
    card = state.legal_actions()[0]
    state.apply_action(card)   # the first seat lays a card
    before = state.position_key()
    for _ in range(4):   # round the table: each seat takes it back and lays it again
        state.apply_action(ShedOrDraw.TAKE)
        state.apply_action(card)
    assert state.position_key() == before   # the same cards, pile, scores and seat to move
    twin = state.clone()
    twin.record.moves += 100   # counters are not part of a position
    assert twin.position_key() == before
    twin.apply_action(ShedOrDraw.TAKE)
    assert twin.position_key() != before


def test_observations_serve_the_family_views_and_nothing_else(toy_game):
    state = toy_game.new_initial_state(4, 2)
    obs = state.observation(state.current)
    assert obs.pile == [] and obs.phase == SHED and obs.card_play
    assert state.action_to_string(ShedOrDraw.TAKE) == "take the top card"
    with pytest.raises(AttributeError):
        obs.trick   # a trick-taking view: not in this family's phases


@pytest.mark.parametrize("name", ["whist", "president", "crazy-eights", "rummy", "xeri"])
def test_each_view_reads_what_its_phase_serves(name):
    """The compiled game's Observation serves every view of its phases as a property: the value
    the view itself gives for that seat, at every decision of a random game; a view named like
    one of the Observation's own facts is that fact."""
    from pathlib import Path

    from generator.engine.observation import Observation
    from generator.spec import load_spec

    game = Game(load_spec(Path(__file__).resolve().parents[1] / "corpus" / "real" / f"{name}.yaml"))
    state = game.new_initial_state(game.spec.players.min, 5)
    rnd = random.Random(5).random
    own = [v for v in game.views if not hasattr(Observation, v)]
    assert own
    for _ in range(60):
        if state.terminal:
            break
        for p in range(state.n):
            obs = state.observation(p)
            assert isinstance(obs, Observation)
            for v in own:
                got, want = getattr(obs, v), game.views[v](state, p)
                if callable(want):   # a question the view answers (``would_win(card)``): asked of every card
                    assert [got(c) for c in range(game.table.size)] == [want(c) for c in range(game.table.size)], v
                else:
                    assert got == want, v
            assert obs.hand == Observation.hand.fget(obs)   # (the Observation's own fact)
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd() * len(legal))])

def test_trick_play_keys_positions_once_a_hand():
    state = Game(make_spec()).new_initial_state(4, 0)
    while not (state.phase is not None and state.phase.card_play):
        state.apply_action(state.legal_actions()[0])
    assert not state.repeats_possible()   # a card played never returns to a hand


def test_every_decision_reads_as_words_in_a_replay():
    """Bids, suits named, yes and no read as words, whichever phase opened the decision."""
    from generator.playtest.replay import replay
    from generator.spec import load_spec
    from tests.conftest import ROOT

    lines, _ = replay(Game(load_spec(ROOT / "corpus" / "hyloe" / "zweimen.yaml")), 3, 5)
    moves = [line.split(" — ", 1)[1] for line in lines if " — " in line]
    assert moves and all(not m.split(" (")[0].isdigit() for m in moves), moves[:5]
    assert any(m.startswith("bid ") for m in moves)
