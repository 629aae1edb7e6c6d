"""Schedules of contracts (``scoring.kind: schedule``): a game as a list of hand kinds.

King's facts (real-games.md §4, R1) over random play; the dealer's choices of trumps and mode as
real decisions; a round for each dealer; the checks that refuse what a schedule cannot carry; the
rulebook's table read back; the sampler's schedules; and the bots' manners under a contract.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.bots import make_bot
from generator.checks import check_spec
from generator.engine.actions import MODE_BASE, NO_TRUMPS, SUIT_ACTION
from generator.engine.state import Game
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.spec.io import SpecError, spec_from_data, spec_to_data
from generator.text.parse import parse_markdown

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
KING = load_spec(REAL / "king.yaml")
#: Each negative hand's fixed sum over the four players (R1).
NEGATIVE_SUMS = [-260, -260, -200, -240, -160, -180]


def _play_checking_tricks(state, rnd: random.Random) -> None:
    """Play a game out at random, checking every trick of a hand without trumps as it is taken:
    the winner holds the highest card of the suit led."""
    table = state.game.table
    seen = 0
    while not state.terminal:
        legal = state.legal_actions()
        state.apply_action(legal[rnd.randrange(len(legal))])
        history = getattr(state, "history", [])
        if len(history) > seen:
            seats, cards, taker = history[-1]
            if state.trump is None:
                led = table.suit[cards[0]]
                best = max((c for c in cards if table.suit[c] == led), key=lambda c: table.strength[c])
                assert seats[cards.index(best)] == taker
            seen = len(history)
        else:
            seen = min(seen, len(history))


def test_king_keeps_the_seed_facts() -> None:
    """R1, over 40 random games: ten hands of 13 tricks, every player playing 13 cards; no trumps in
    hands 1–6, whose trick winners hold the highest card of the suit led; each negative hand's fixed
    sum, and the shapes of its scores; each positive hand shares out 325, up or down; the ten
    totals add to 0."""
    game = Game(KING, audit=True)
    modes = set()
    for seed in range(40):
        state = game.new_initial_state(4, seed)
        _play_checking_tricks(state, random.Random(seed))
        rec = state.record
        assert rec.outcome == "natural" and len(rec.hands) >= 10
        hands = rec.hands[:10]
        for i, hand in enumerate(hands):
            assert sum(hand.tricks) == 13
            assert len([c for pile in hand.won for c in pile]) == 52   # every player played 13 cards
            scores = hand.scores
            if i < 6:
                assert hand.trump is None and hand.mode is None
                assert sum(scores) == NEGATIVE_SUMS[i]
            if i == 0:
                assert scores == [-20 * t for t in hand.tricks]
            elif i == 1:
                assert all(s % 20 == 0 and -260 <= s <= 0 for s in scores)
            elif i == 2:
                assert all(s % 50 == 0 and -200 <= s <= 0 for s in scores)
            elif i == 3:
                assert all(s % 30 == 0 and -240 <= s <= 0 for s in scores)
            elif i == 4:
                assert sorted(scores) == [-160, 0, 0, 0]
            elif i == 5:
                assert sorted(scores) in ([-180, 0, 0, 0], [-90, -90, 0, 0])
            else:
                assert hand.contract == "positive" and hand.mode in ("up", "down")
                modes.add(hand.mode)
                assert sum(scores) == 325
                per = [25 * t if hand.mode == "up" else 325 - 75 * t for t in hand.tricks]
                assert scores == per
        assert [h.contract for h in hands] == ["tricks", "hearts", "Queens", "Kings and Jacks", "King of hearts",
                                               "last two tricks", *["positive"] * 4]
        assert sum(sum(h.scores) for h in hands) == 0
        if len(rec.hands) == 10:
            assert sum(state.totals) == 0
    assert modes == {"up", "down"}


def test_the_dealer_names_trumps_then_the_mode_as_real_decisions() -> None:
    """Hand 7: the dealer alone decides, first a suit or no trumps (five actions), then up or down;
    the suit named is the hand's trumps, the mode the way it scores."""
    game = Game(KING)
    state = game.new_initial_state(4, 3)
    rnd = random.Random(3)
    state.play_random(rnd.random, hands=6)
    assert state.hand_no == 6 and state.decision == "name-trumps" and state.current == state.dealer
    assert state.legal_actions() == [SUIT_ACTION + s for s in range(4)] + [NO_TRUMPS]
    obs = state.observation(state.dealer)
    assert obs.contract == 6 and obs.contract_modes == [(0, 25), (325, -75)]
    state.apply_action(SUIT_ACTION + 2)
    assert state.trump == 2 and state.decision == "choose-mode" and state.current == state.dealer
    assert state.legal_actions() == [MODE_BASE, MODE_BASE + 1]
    assert state.action_to_string(MODE_BASE + 1) == "play down"
    state.apply_action(MODE_BASE + 1)
    assert state.decision == "play" and state.observation(state.current).trick_worth == -75
    state.play_random(rnd.random, hands=1)
    hand = state.record.hands[6]
    assert hand.trump == game.table.suit_names[2] and hand.mode == "down"
    assert hand.scores == [325 - 75 * t for t in hand.tricks]


def test_a_contract_counting_the_last_tricks_is_worth_something_only_then() -> None:
    game = Game(KING)
    state = game.new_initial_state(4, 5)
    state.play_random(random.Random(5).random, hands=5)
    assert state.contract == 5 and state.decision == "play"
    worths = []
    while state.hand_no == 5:
        worths.append(state.observation(0).trick_worth)
        legal = state.legal_actions()
        state.apply_action(legal[0])
    assert set(worths[: 11 * 4]) == {0} and set(worths[-8:]) == {-90}


def _data(**changes):
    data = spec_to_data(KING)
    data.pop("provenance")
    for path, value in changes.items():
        *parents, leaf = path.split(".")
        node = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[leaf] = value
    return data


def test_a_round_for_each_dealer_holds_the_deal() -> None:
    """``each_dealer``: the schedule once for each player, who deals every hand of their round."""
    data = _data(**{"scoring.each_dealer": True, "players.min": 3, "players.max": 4})
    data["scoring"]["contracts"] = data["scoring"]["contracts"][:2]
    data["deck"]["removed"] = []
    spec = spec_from_data(data)
    assert check_spec(spec) == []
    game = Game(spec, audit=True)
    for n in (3, 4):
        state = game.new_initial_state(n, 1)
        state.play_random(random.Random(1).random)
        dealers = [h.dealer for h in state.record.hands[: 2 * n]]
        assert dealers == [d for d in range(n) for _ in range(2)]
        assert [h.contract for h in state.record.hands[: 2 * n]] == ["tricks", "hearts"] * n
    text = render_markdown(spec)
    assert "in each round the same player deals all two hands below" in text
    assert "The deal passes to the left after every round of hands, as *Scoring* says." in text
    assert parse_markdown(text).rules() == spec.rules()


def test_king_reads_back_and_prints_its_table() -> None:
    text = render_markdown(KING)
    assert parse_markdown(text).rules() == KING.rules()
    assert "| 7 to 10 | positive | the dealer's choice | *up*: 25 for each trick won; *down*: 325, less 75 for each trick won |" in text
    assert "| 5 | King of hearts | none | −160 for taking the King of hearts |" in text
    assert "The game ends when the last hand of the schedule (see *Scoring*) has been played." in text
    assert "Whether the hand has trumps goes by its contract (see *Scoring*)." in text


WAYS = st.sampled_from([
    {"scoring": {"kind": "per-trick"}, "points": -20},
    {"scoring": {"kind": "per-trick"}, "points": 15, "last": 3},
    {"scoring": {"kind": "per-trick"}, "points": -75, "start": 325},
    {"scoring": {"kind": "avoid-suit", "suit": "spades"}, "points": -5},
    {"scoring": {"kind": "avoid-suit", "suit": "diamonds"}, "points": 10, "last": 1},
    {"scoring": {"kind": "card-points", "ranks": [{"rank": "Q", "points": 1}, {"rank": "2", "points": 1}]},
     "points": -40},
    {"scoring": {"kind": "card-points", "cards": [{"card": "A of clubs", "points": 1},
                                                  {"card": "K of hearts", "points": 1}]}, "points": -100, "start": 50},
    {"scoring": {"kind": "card-points", "ranks": [{"rank": "J", "points": 1}],
                 "cards": [{"card": "Q of spades", "points": 1}]}, "points": -30, "last": 2},
])


@st.composite
def contracts(draw):
    out = []
    for i in range(draw(st.integers(1, 4))):
        c = {"contract": draw(st.sampled_from(["tricks", "black Queens", "the lot", f"hand {i}"])),
             "hands": draw(st.integers(1, 3)), "trumps": draw(st.sampled_from(["none", "dealer"]))}
        if draw(st.booleans()):
            c["score"] = draw(WAYS)
        else:
            c["modes"] = [{"name": name, **draw(WAYS)} for name in ("up", "down", "sideways")[: draw(st.integers(2, 3))]]
        out.append(c)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(contracts(), st.booleans(), st.sampled_from(["extra-hand", "latest-winner"]))
def test_any_schedule_reads_back_and_plays_to_its_end(contracts, each_dealer, ties) -> None:
    data = _data(**{"scoring.each_dealer": each_dealer, "ending.ties": ties})
    data["scoring"]["contracts"] = contracts
    spec = spec_from_data(data)
    assert check_spec(spec) == []
    assert parse_markdown(render_markdown(spec)).rules() == spec.rules()
    state = Game(spec, audit=True).new_initial_state(4, 7)
    state.play_random(random.Random(7).random)
    assert state.terminal and len(state.record.hands) >= spec.scoring.hands_at(4)


@pytest.mark.parametrize("change,field,words", [
    ({"ending.condition": {"kind": "target", "points": 100}}, "ending.condition", "ends when the schedule"),
    ({"bidding.tricks": {"order": "dealer-left", "blind": "none", "hook": False}}, "bidding.tricks", "bid"),
    ({"setup.high_low": True}, "setup.high_low", "low hand"),
    ({"setup.trumps": {"method": "turn-up"}}, "scoring.contracts.6.trumps", "holds in every hand"),
    ({"scoring.contracts.0.trumps": "game"}, "scoring.contracts.0.trumps", "has none"),
    ({"scoring.contracts.0.score.scoring": {"kind": "per-trick", "beyond": 2}}, "scoring.contracts.0.score.scoring",
     "nothing else"),
    ({"scoring.contracts.1.score.scoring": {"kind": "avoid-suit", "suit": "hearts", "shoot_the_moon": 10}},
     "scoring.contracts.1.score.scoring", "nothing else"),
    ({"scoring.contracts.2.score.scoring": {"kind": "card-points", "ranks": [{"rank": "Q", "points": 2}]}},
     "scoring.contracts.2.score.scoring", "a point each"),
    ({"scoring.contracts.2.score.scoring": {"kind": "card-points", "ranks": [{"rank": "Knight", "points": 1}]}},
     "scoring.contracts.2.score.scoring.ranks.0.rank", "no Knights"),
    ({"scoring.contracts.4.score.scoring": {"kind": "card-points", "cards": [{"card": "K of coins", "points": 1}]}},
     "scoring.contracts.4.score.scoring.cards.0.card", "not in this pack"),
    ({"scoring.contracts.5.score.last": 14}, "scoring.contracts.5.score.last", "only 13 tricks"),
    ({"scoring.contracts.0.score.points": 0}, "scoring.contracts.0.score.points", "scores nothing"),
    ({"scoring.contracts.6.modes.1.name": "up"}, "scoring.contracts.6.modes", "one name"),
])
def test_the_checks_refuse_what_a_schedule_cannot_carry(change, field, words) -> None:
    problems = check_spec(spec_from_data(_data(**change)))
    assert any(p.field == field and words in p.message for p in problems), problems


def test_a_family_without_tricks_refuses_a_schedule_and_a_schedule_needs_its_end() -> None:
    data = _data()
    data["ending"]["condition"] = {"kind": "schedule"}
    plain = spec_to_data(load_spec(REAL / "whist-classic.yaml"))
    plain.pop("provenance")
    plain["ending"] = {"condition": {"kind": "schedule"}, "ties": "extra-hand"}
    problems = check_spec(spec_from_data(plain))
    assert any(p.field == "ending.condition" and "has none" in p.message for p in problems)
    climbing = spec_to_data(load_spec(REAL / "president.yaml"))
    climbing.pop("provenance")
    climbing["scoring"] = copy.deepcopy(data["scoring"])
    climbing["ending"] = copy.deepcopy(data["ending"])
    problems = check_spec(spec_from_data(climbing))
    assert any(p.field == "scoring.kind" and "cannot be played as a schedule" in p.message for p in problems)


def test_a_contract_says_how_it_scores_once() -> None:
    data = _data()
    data["scoring"]["contracts"][0]["modes"] = data["scoring"]["contracts"][6]["modes"]
    with pytest.raises(SpecError, match="either score or modes"):
        spec_from_data(data, "king.yaml")
    data["scoring"]["contracts"][0].pop("modes")
    data["scoring"]["contracts"][0].pop("score")
    with pytest.raises(SpecError, match=r"contracts\[0\]: say how the hand scores"):
        spec_from_data(data, "king.yaml")


def test_the_sampler_draws_schedules_that_check_read_back_and_play() -> None:
    """Parlour's catalogue draws a few schedules among 200 trick-taking games (1 in 20 of those
    without bids, an auction or low hands); each passes the checks, reads back and plays to its end;
    the seed book's catalogue never draws one."""
    found = 0
    for seed in range(200):
        spec = sample_game(seed, "trick-taking").spec
        if spec.scoring.kind != "schedule":
            continue
        found += 1
        assert check_spec(spec) == [] and spec.ending.condition.kind == "schedule"
        assert parse_markdown(render_markdown(spec)).rules() == spec.rules()
        game = Game(spec, audit=True)
        state = game.new_initial_state(spec.players.max, seed)
        state.play_random(random.Random(seed).random)
        assert state.record.outcome == "natural"
        assert [h.contract for h in state.record.hands[: len(spec.scoring.flat())]] == [
            c.contract for c in spec.scoring.flat()]
    assert 4 <= found <= 20
    assert all(sample_game(seed, "trick-taking", catalogue="book").spec.scoring.kind != "schedule"
               for seed in range(60))


def test_the_greedy_bot_ducks_tricks_that_cost_and_chooses_a_mode() -> None:
    """Under a contract that makes every trick a loss the greedy bot takes fewer tricks than a
    random player; it names a mode from the ones offered."""
    game = Game(KING)
    greedy, rand = make_bot("greedy", seed=1), make_bot("random", seed=2)
    taken = {"greedy": 0, "random": 0}
    for seed in range(30):
        state = game.new_initial_state(4, seed)
        while state.hand_no == 0:
            p = state.current
            bot = greedy if p % 2 == 0 else rand
            state.apply_action(bot.act(state.observation(p)))
        t = state.record.hands[0].tricks
        taken["greedy"] += t[0] + t[2]
        taken["random"] += t[1] + t[3]
    assert taken["greedy"] < taken["random"]
    state = game.new_initial_state(4, 9)
    state.play_random(random.Random(9).random, hands=6)
    while state.decision in ("name-trumps", "choose-mode"):
        action = greedy.act(state.observation(state.current))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.mode in (0, 1)
