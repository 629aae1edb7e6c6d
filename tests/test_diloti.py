"""Diloti (``corpus/real/diloti.yaml``): every disjoint combination taken at once, builds made,
raised, grouped and taken, a builder's duties, partners' builds; its rulebook (golden, read back
exactly, the worked examples from the pack); and the facts real-games.md R15 states for it, over
random play, for two players and for four in partnerships."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.checks import check_spec
from generator.engine.state import Game
from generator.families.fishing.engine.rules import (
    action, build_action, card_of, is_build, maximal_collections, taken_of, total_of,
)
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.spec.io import spec_from_data, spec_to_data
from generator.text.parse import parse_markdown
from tests.family_helpers import compare_golden
from tests.test_fishing import table_state

ROOT = Path(__file__).resolve().parents[1]
DILOTI = ROOT / "corpus" / "real" / "diloti.yaml"
GOLDEN = Path(__file__).parent / "golden" / "fishing"
SPEC = load_spec(DILOTI)


def _four():
    """Diloti for four: the same spec, in two partnerships (partners opposite)."""
    data = spec_to_data(SPEC)
    data["players"] = {"min": 2, "max": 4, "sides": {"size": 2}}
    return spec_from_data(data)


FOUR = _four()


def _state(spec, players: int, hands: list[list[str]], layout: list[str], builds=(), seat: int = 0):
    """A hand in play with the cards placed as given (``table_state``), on an audited engine."""
    return table_state(Game(spec, audit=True), players, hands, layout, builds=builds, seat=seat)


def _named(state, act) -> tuple[str, str, list[str], int]:
    names = state.game.table.names
    kind = "build" if is_build(act) else "take" if taken_of(act) else "lay"
    return kind, names[card_of(act)], sorted(names[c] for c in taken_of(act)), total_of(act)


def _moves(state) -> list[tuple[str, str, list[str], int]]:
    return sorted(_named(state, a) for a in state.legal_actions())


# --------------------------------------------------------------------------- every combination at once


def test_the_seeds_eight_takes_all_five() -> None:
    """real-games.md §2.5: an 8 on a table of 8, 6, 5, 3, 2 takes all five (8, 5+3, 6+2), and
    that is its only capture: a card takes every group it can."""
    table = ["8 of clubs", "6 of hearts", "5 of spades", "3 of diamonds", "2 of clubs"]
    state, ids = _state(SPEC, 2, [["8 of hearts", "K of spades"], ["4 of hearts"]], table)
    takes = [m for m in _moves(state) if m[1] == "8 of hearts" and m[0] == "take"]
    assert takes == [("take", "8 of hearts", sorted(table), 0)]
    state.apply_action(action(ids["8 of hearts"], [ids[c] for c in table]))
    assert state.layout == [] and len(state.catch[0]) == 6 and state.sweeps == [1, 0]   # a xeri


def test_where_groups_overlap_the_player_chooses_among_the_maximal_ones() -> None:
    """A 5 on 2, 3, 3: the 2 goes with one Three or the other; either way the capture takes as
    many groups as fit (one), and never a smaller collection."""
    state, ids = _state(SPEC, 2, [["5 of hearts"], ["4 of hearts"]], ["2 of clubs", "3 of spades", "3 of diamonds"])
    takes = [m[2] for m in _moves(state) if m[0] == "take"]
    assert takes == [["2 of clubs", "3 of diamonds"], ["2 of clubs", "3 of spades"]]
    # maximal, not the most cards: {2, 3} with {5} leaves no group free, as {1, 2}, {3, 4}, {5} does
    assert maximal_collections([[1, 2], [3, 4], [2, 3], [5]]) == [[2, 3, 5], [1, 2, 3, 4, 5]]


# --------------------------------------------------------------------------- builds


def test_a_build_needs_a_card_of_its_total_in_hand_and_is_taken_only_whole() -> None:
    state, ids = _state(SPEC, 2, [["3 of hearts", "7 of clubs", "Q of spades"], ["9 of hearts", "2 of spades"]],
                        ["4 of clubs", "K of hearts"])
    moves = _moves(state)
    builds = [m for m in moves if m[0] == "build"]
    assert builds == [("build", "3 of hearts", ["4 of clubs"], 7)]   # a 7 held; the King is never built
    state.apply_action(build_action(ids["3 of hearts"], [ids["4 of clubs"]], 7))
    assert state.builds == [(0, 7, tuple(sorted((ids["4 of clubs"], ids["3 of hearts"]))))]
    # the opponent's 9 or 2 cannot take a card of the build: it goes only whole, by a 7
    assert all(not (set(m[2]) & {"4 of clubs", "3 of hearts"}) for m in _moves(state) if m[0] == "take")


def test_an_opponent_raises_a_build_and_takes_it_whole_later() -> None:
    """The seed's own example: Alpha builds 7 (a 3 onto a 4); Bravo raises it to 9 with a 2 and
    takes it with the 9; the build goes whole, with the card that took it."""
    state, ids = _state(SPEC, 2, [["3 of hearts", "7 of clubs", "Q of spades"], ["9 of hearts", "2 of spades", "K of clubs"]],
                        ["4 of clubs", "K of hearts"])
    state.apply_action(build_action(ids["3 of hearts"], [ids["4 of clubs"]], 7))
    raises = [m for m in _moves(state) if m[0] == "build" and m[1] == "2 of spades"]
    assert ("build", "2 of spades", ["3 of hearts", "4 of clubs"], 9) in raises
    text = state.action_to_string(build_action(ids["2 of spades"], [ids["4 of clubs"], ids["3 of hearts"]], 9))
    assert text == "plays the 2 of spades onto the build of 7 (4 of clubs, 3 of hearts) and raises it to 9"
    state.apply_action(build_action(ids["2 of spades"], [ids["4 of clubs"], ids["3 of hearts"]], 9))
    assert [b[:2] for b in state.builds] == [(1, 9)] and "raise" in state.record.applied
    # the first builder is freed: they may lay again (the Queen), and cannot take a 9 they lack
    assert ("lay", "Q of spades", [], 0) in _moves(state)
    state.apply_action(ids["Q of spades"])
    build = sorted(ids[c] for c in ("4 of clubs", "3 of hearts", "2 of spades"))
    take = action(ids["9 of hearts"], build)
    assert take in state.legal_actions()
    assert state.action_to_string(take).startswith("plays the 9 of hearts and takes the build of 9 (")
    state.apply_action(take)
    assert state.builds == [] and sorted(state.catch[1]) == sorted(build + [ids["9 of hearts"]])


def test_nobody_raises_their_own_build_nor_their_partners() -> None:
    """Four in partnerships: seat 0 built 7; its partner (seat 2) may not raise it, an opponent
    (seat 1 or 3) may."""
    hands = [["7 of clubs"], ["9 of hearts", "2 of spades"], ["9 of clubs", "2 of hearts"], ["9 of spades", "2 of clubs"]]
    for seat, may in ((1, True), (2, False), (3, True)):
        state, ids = _state(FOUR, 4, hands, ["4 of clubs", "3 of hearts"], [(0, 7, ["4 of clubs", "3 of hearts"])],
                            seat=seat)
        raised = [m for m in _moves(state) if m[0] == "build" and m[3] == 9]
        assert bool(raised) == may, seat
    state, ids = _state(SPEC, 2, [["2 of spades", "9 of hearts", "7 of clubs"], ["5 of hearts"]],
                        ["4 of clubs", "3 of hearts"], [(0, 7, ["4 of clubs", "3 of hearts"])])
    assert not [m for m in _moves(state) if m[0] == "build" and m[3] == 9]   # not one's own


def test_a_builder_keeps_a_card_of_the_total_and_neither_lays_nor_builds_again() -> None:
    """Seat 0 built 7 and holds one 7: the 7 may only take the build, no card may be laid, no new
    build made. Holding two 7s, a group build that takes in the pending build may be made."""
    state, ids = _state(SPEC, 2, [["7 of clubs", "5 of hearts", "K of hearts"], ["9 of hearts"]],
                        ["4 of clubs", "3 of hearts", "9 of diamonds", "Q of spades"],
                        [(0, 7, ["4 of clubs", "3 of hearts"])])
    assert _moves(state) == [("take", "7 of clubs", ["3 of hearts", "4 of clubs"], 0)]
    state, ids = _state(SPEC, 2, [["7 of clubs", "7 of hearts", "A of spades", "5 of hearts"], ["9 of hearts"]],
                        ["4 of clubs", "3 of hearts", "6 of diamonds", "2 of spades"],
                        [(0, 7, ["4 of clubs", "3 of hearts"])])
    moves = _moves(state)
    assert not [m for m in moves if m[0] == "lay"]
    builds = [m for m in moves if m[0] == "build"]
    assert builds and all({"4 of clubs", "3 of hearts"} <= set(m[2]) and m[3] == 7 for m in builds)
    assert ("build", "A of spades", ["3 of hearts", "4 of clubs", "6 of diamonds"], 7) in builds
    assert ("build", "5 of hearts", ["2 of spades", "3 of hearts", "4 of clubs"], 7) in builds
    assert not [m for m in builds if m[1] == "5 of hearts" and "4 of clubs" not in m[2]]   # no new build of its own
    a = build_action(ids["A of spades"], [ids[c] for c in ("4 of clubs", "3 of hearts", "6 of diamonds")], 7)
    assert state.action_to_string(a) == ("plays the A of spades onto the 6 of diamonds and the build of 7 "
                                         "(4 of clubs, 3 of hearts) and builds a group of 7s")
    state.apply_action(a)
    assert [(b[0], b[1], len(b[2])) for b in state.builds] == [(0, 7, 4)] and "build" in state.record.applied


def test_builds_left_at_the_end_go_to_the_last_capturer() -> None:
    """A build still on the table when the hands and stock run out (a builder keeps a card to take
    it, so only a hand set up so can show it) goes with the rest to the last capturer."""
    state, ids = _state(SPEC, 2, [["K of clubs"], []], ["K of hearts", "4 of clubs", "3 of hearts"],
                        [(1, 7, ["4 of clubs", "3 of hearts"])])
    state.stock = []
    state.catch[1] = [c for c in range(state.game.table.size) if c not in state.hands[0] + state.layout]
    state.apply_action(action(ids["K of clubs"], [ids["K of hearts"]]))
    facts = state.record.hands[-1].facts
    assert facts["last_capturer"] == 0 and facts["captured"] == [4, 48] and state.builds == []


# --------------------------------------------------------------------------- the rulebook


@pytest.mark.parametrize("spec, name", [(SPEC, "diloti"), (FOUR, "diloti-four")], ids=["two", "four"])
def test_diloti_prints_its_golden_rulebook_and_reads_back(spec, name: str) -> None:
    assert check_spec(spec) == []
    text = render_markdown(spec)
    compare_golden(text, GOLDEN / f"{name}.md")
    assert parse_markdown(text).rules() == spec.rules()
    assert "an Eight played on a table of Eight, Six, Five, Three and Two takes all five at once" in text
    assert "raises the build to 9 with a Two, and on a later turn takes it whole with the Nine" in text
    assert ("No one raises their own build nor their partner's." in text) == (spec is FOUR)


def test_the_worked_examples_come_from_the_pack() -> None:
    """On the Italian pack (numbers to 7) the examples use its numbers, and builds go to 7."""
    data = spec_to_data(SPEC)
    data["deck"] = {"kind": "italian40", "order": "natural", "removed": [], "jokers": 0}
    data["scoring"]["cards"] = []
    spec = spec_from_data(data)
    assert check_spec(spec) == []
    text = render_markdown(spec)
    assert "at most 7, which stays on the table" in text and "Eight" not in text.split("## Scoring")[0]
    assert parse_markdown(text).rules() == spec.rules()


def test_a_rulebook_that_contradicts_itself_about_builds_is_refused() -> None:
    text = render_markdown(SPEC).replace(", builds and all,", ",")
    with pytest.raises(Exception, match="build"):
        parse_markdown(text)


# --------------------------------------------------------------------------- checks and the sampler


def test_the_checks_refuse_builds_and_every_combination_where_they_cannot_be() -> None:
    for change, field in (({"sums": False}, "play.builds"), ({"match": "one"}, "play.combinations")):
        data = spec_to_data(SPEC)
        data["play"].update(change)
        fields = {p.field for p in check_spec(spec_from_data(data))}
        assert field in fields, change
    data = spec_to_data(load_spec(ROOT / "corpus" / "real" / "xeri.yaml"))
    data["play"]["builds"] = True
    assert "play.builds" in {p.field for p in check_spec(spec_from_data(data))}


def test_sampled_fishing_games_with_builds_read_back_and_play_with_the_audit() -> None:
    found = 0
    for seed in range(400):
        spec = sample_game(seed, "fishing").spec
        if not (spec.play.builds or spec.play.combinations == "every"):
            continue
        found += 1
        assert parse_markdown(render_markdown(spec)) == spec
        if found <= 6:
            game = Game(spec, audit=True)
            for n in spec.players.counts():
                state = game.new_initial_state(n, seed)
                state.play_random(random.Random(seed).random)
                assert state.record.outcome in ("natural", "cap")
    assert found >= 20


# --------------------------------------------------------------------------- random play


def _play(spec, players: int, seed: int, watch=None):
    """A game played at random, with the card audit; ``watch(state, action)`` sees each move first."""
    game = Game(spec, audit=True)
    state = game.new_initial_state(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        act = rng.choice(legal)
        if watch is not None:
            watch(state, act)
        state.apply_action(act)
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), four=st.booleans())
def test_cards_are_conserved_and_builds_stay_whole_in_random_play(seed: int, four: bool) -> None:
    """Every card in one place after every move (the audit), every build's cards on the table,
    its total that of each of its sets, and no court card in it."""
    spec, n = (FOUR, 4) if four else (SPEC, 2)

    def watch(state, act):
        on_table = set(state.layout)
        values = state.game.scorer.rules.value
        for owner, total, cards in state.builds:
            assert set(cards) <= on_table and 1 <= total <= 10
            assert all(values[c] is not None for c in cards)
            assert sum(values[c] for c in cards) % total == 0

    state = _play(spec, n, seed, watch)
    assert state.record.outcome == "natural"


def _r15_hands(spec, players: int, games: int):
    """Each hand of ``games`` random games: (its record, what was seen in it, the state): the
    opening tables, the rounds dealt, a sweep on the first turn, and every build made (seat,
    total, cards, and the owner of the build it raised, if one)."""
    game = Game(spec, audit=True)
    for seed in range(games):
        state = game.new_initial_state(players, seed)
        rng = random.Random(seed)
        seen = {"rounds": 0, "first_turn_sweep": False, "builds": [], "tables": []}
        while not state.is_terminal():
            act = rng.choice(state.legal_actions())
            if state.turns == 0:
                seen["tables"].append(list(state.layout))
            if all(len(h) == 6 for h in state.hands) and state.turns % (players * 6) == 0:
                seen["rounds"] += 1
            if is_build(act):
                bundled = set(taken_of(act))
                raised = [b for b in state.builds if set(b[2]) == bundled and b[1] != total_of(act)]
                seen["builds"].append((state.current, total_of(act), taken_of(act) + [card_of(act)],
                                       raised[0][0] if raised else None))
            hand, before, first = state.hand_no, sum(state.sweeps), state.turns == 0
            state.apply_action(act)
            if state.hand_no == hand and first and sum(state.sweeps) != before:
                seen["first_turn_sweep"] = True
            if state.hand_no != hand:
                yield state.record.hands[-1], seen, state
                seen = {"rounds": 0, "first_turn_sweep": False, "builds": [], "tables": []}


@pytest.mark.statistical
@pytest.mark.parametrize("players, rounds", [(2, 4), (4, 2)], ids=["two", "four"])
def test_diloti_keeps_the_facts_of_real_games_r15(players: int, rounds: int) -> None:
    """R15: 2p four rounds of six, 4p two; the opening table never holds three of a rank; a hand
    with a capture totals 7 + 4·[not 26–26] + 10·xeris (partners pooled); no xeri on the first
    turn, and the last capturer's take is never one (the total counts only xeris made by a
    capture); builds never hold a court nor exceed 10; nobody raises their own or partner's build."""
    spec = FOUR if players == 4 else SPEC
    hands = built = raised = xeris = 0
    for record, seen, state in _r15_hands(spec, players, 40 if players == 2 else 25):
        rank = state.game.table.rank
        values = state.game.scorer.rules.value
        facts = record.facts
        assert seen["rounds"] == rounds
        for table in seen["tables"]:
            ranks = [rank[c] for c in table]
            assert len(table) == 4 and max(ranks.count(r) for r in ranks) < 3
        assert not seen["first_turn_sweep"]
        for seat, total, cards, raised_from in seen["builds"]:
            assert total <= 10 and all(values[c] is not None for c in cards)
            if raised_from is not None:
                raised += 1
                assert raised_from != seat and (state.sides is None or
                                                state.sides.of[raised_from] != state.sides.of[seat])
            built += 1
        if facts["last_capturer"] is None:
            continue
        captured, sweeps = facts["captured"], facts["sweeps"]
        scores = record.scores
        per_side = scores if state.sides is None else state.sides.gather(scores)
        sides = captured if state.sides is None else [sum(captured[p] for p in m) for m in state.sides.members]
        assert sum(captured) == 52
        assert sum(per_side) == 7 + 4 * (sorted(sides) != [26, 26]) + 10 * sum(sweeps)
        hands += 1
        xeris += sum(sweeps)
    assert hands > 50 and built > 100 and raised > 5 and xeris > 0
