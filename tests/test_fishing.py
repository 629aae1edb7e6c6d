"""The fishing family: the engine's captures (a pile matched or swept by the Jack, one card of a
spread matched, cards adding up), sweeps and xeris with their exceptions, refills from the stock,
the last capturer's take and the opening table dealt again; the rulebooks of Xeri and Kontsina
(golden, and read back exactly); card points; and the facts real-games.md §4 states for the two
games, over random play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator.checks import check_spec
from generator.engine.state import Game
from generator.families.fishing.engine.rules import action, card_of, taken_of
from generator.sample import sample_game
from generator.spec import load_spec
from generator.rulebook import render_markdown
from generator.text.parse import parse_markdown
from tests.family_helpers import compare_golden

ROOT = Path(__file__).resolve().parents[1]
XERI = ROOT / "corpus" / "real" / "xeri.yaml"
KONTSINA = ROOT / "corpus" / "real" / "kontsina.yaml"
GOLDEN = Path(__file__).parent / "golden" / "fishing"


def _game(path: Path) -> Game:
    return Game(load_spec(path))


def table_state(game: Game, players: int, hands: list[list[str]], layout: list[str], stock: list[str] | None = None,
                builds=(), seat: int = 0):
    """A hand in play with the cards placed as given (every other card in the stock, unless named);
    ``builds``: (owner, total, card names), whose cards must be in ``layout``; ``seat`` plays next."""
    t = game.table
    state = game.new_initial_state(players, 1)
    ids = {name: i for i, name in enumerate(t.names)}
    state.hands = [sorted(ids[c] for c in h) for h in hands]
    state.layout = [ids[c] for c in layout]
    placed = {c for h in state.hands for c in h} | set(state.layout)
    state.stock = [ids[c] for c in stock] if stock is not None else [c for c in range(t.size) if c not in placed]
    state.catch = [[] for _ in range(players)]
    state.sweeps = [0] * players
    state.builds = [(o, total, tuple(sorted(ids[c] for c in cards))) for o, total, cards in builds]
    state.last_capturer = None
    state.turns = 1
    state._legal = None
    state.current = seat
    return state, ids


def _plays(state, ids) -> dict[str, list[list[str]]]:
    names = state.game.table.names
    out: dict[str, list[list[str]]] = {}
    for a in state.legal_actions():
        out.setdefault(names[card_of(a)], []).append(sorted(names[c] for c in taken_of(a)))
    return {card: sorted(takes) for card, takes in out.items()}


# --------------------------------------------------------------------------- the engine


def test_a_pile_is_taken_by_its_top_rank_or_a_jack_and_a_matching_card_cannot_be_laid() -> None:
    state, ids = table_state(_game(XERI), 2, [["5 of clubs", "J of hearts", "7 of spades"], ["2 of hearts"]],
                        ["9 of clubs", "K of hearts", "5 of diamonds"])
    plays = _plays(state, ids)
    pile = sorted(["9 of clubs", "K of hearts", "5 of diamonds"])
    assert plays == {"5 of clubs": [pile], "J of hearts": [pile], "7 of spades": [[]]}
    state.apply_action(action(ids["5 of clubs"], [ids[c] for c in pile]))
    assert state.layout == [] and len(state.catch[0]) == 4 and state.last_capturer == 0 and state.sweeps == [0, 0]


@pytest.mark.parametrize("lone, card, xeri", [("9 of clubs", "9 of hearts", True), ("9 of clubs", "J of hearts", False),
                                              ("J of clubs", "J of hearts", True)])
def test_a_xeri_is_a_lone_card_taken_by_its_rank_and_a_jack_only_on_a_jack(lone: str, card: str, xeri: bool) -> None:
    state, ids = table_state(_game(XERI), 2, [[card, "2 of spades"], ["3 of hearts"]], [lone])
    state.apply_action(action(ids[card], [ids[lone]]))
    assert state.sweeps[0] == int(xeri)


def test_a_spread_matches_one_card_of_a_rank_or_cards_adding_up_and_courts_only_match() -> None:
    state, ids = table_state(_game(KONTSINA), 2, [["4 of spades", "K of hearts", "Q of clubs"], ["2 of hearts"]],
                        ["A of clubs", "3 of diamonds", "K of spades", "K of clubs", "2 of diamonds"])
    plays = _plays(state, ids)
    assert plays["4 of spades"] == [[], ["3 of diamonds", "A of clubs"]]      # A + 3; the King adds nothing
    assert plays["K of hearts"] == [[], ["K of clubs"], ["K of spades"]]   # one King, the player's choice
    assert plays["Q of clubs"] == [[]]                                            # no Queen: laid
    state.apply_action(action(ids["K of hearts"], [ids["K of clubs"]]))
    assert ids["K of spades"] in state.layout and sorted(state.catch[0]) == sorted([ids["K of clubs"], ids["K of hearts"]])


def test_hands_are_refilled_from_the_stock_and_the_last_capturer_takes_the_rest() -> None:
    game = _game(KONTSINA)
    state, ids = table_state(game, 2, [["5 of spades"], ["9 of hearts"]], ["5 of clubs", "7 of diamonds"], stock=[])
    rest = [c for c in range(game.table.size) if c not in (ids["5 of spades"], ids["9 of hearts"], ids["5 of clubs"],
                                                            ids["7 of diamonds"])]
    state.stock = rest[:8]
    state.catch[1] = rest[8:]   # the rest of the pack is already captured
    state.apply_action(action(ids["5 of spades"], [ids["5 of clubs"]]))
    assert state.current == 1
    state.apply_action(ids["9 of hearts"])   # laid
    assert [len(h) for h in state.hands] == [4, 4] and state.stock == []
    hand = state.hand_no
    while state.hand_no == hand:
        state.apply_action(next(a for a in state.legal_actions() if not taken_of(a)))   # lay every card
    facts = state.record.hands[-1].facts
    assert facts["last_capturer"] == 0 and sum(facts["captured"]) == game.table.size


def test_the_opening_pile_never_offers_a_free_capture() -> None:
    game = _game(XERI)
    rank = game.table.rank
    for seed in range(300):
        state = game.new_initial_state(2, seed)
        top, under = state.layout[-1], state.layout[-2]
        assert len(state.layout) == 4 and len(state.stock) == 36
        assert rank[top] != "J" and rank[top] != rank[under]


# --------------------------------------------------------------------------- the rulebooks


@pytest.mark.parametrize("path", [XERI, KONTSINA], ids=["xeri", "kontsina"])
def test_the_real_games_print_their_golden_rulebooks_and_read_back(path: Path) -> None:
    spec = load_spec(path)
    assert check_spec(spec) == []
    text = render_markdown(spec.rules())
    compare_golden(text, GOLDEN / f"{path.stem}.md")
    assert parse_markdown(text) == spec.rules()


@pytest.mark.parametrize("seed", range(40))
def test_sampled_fishing_games_read_back(seed: int) -> None:
    spec = sample_game(seed, "fishing").spec
    assert parse_markdown(render_markdown(spec)) == spec


def test_card_points_count_ranks_named_cards_majorities_and_sweeps() -> None:
    game = _game(XERI)
    t = game.table
    ids = {name: i for i, name in enumerate(t.names)}
    a = [ids[c] for c in ("10 of diamonds", "2 of clubs", "A of spades", "3 of hearts")]
    b = [ids[c] for c in ("4 of hearts", "5 of hearts", "6 of hearts")]
    assert game.scorer.counter.score([a, b], [1, 0]) == [2 + 1 + 1 + 3 + 10, 0]
    assert game.scorer.counter.score([a[:3], b], [0, 0]) == [4, 0]   # three cards each: no one has the most


# --------------------------------------------------------------------------- real-games.md §4, over random play


def _random_hands(path: Path, players: int, games: int):
    """Every hand of ``games`` random games: (state before scoring's facts, the hand's record)."""
    game = _game(path)
    for seed in range(games):
        state = game.new_initial_state(players, seed)
        rng = random.Random(seed)
        first_capture_xeri = False
        captures_seen = 0
        hand = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            a = rng.choice(legal)
            if taken_of(a):
                before = list(state.sweeps)
                state.apply_action(a)
                if state.hand_no == hand and state.sweeps != before and captures_seen == 0:
                    first_capture_xeri = True
                captures_seen += 1
            else:
                state.apply_action(a)
            if state.hand_no != hand:
                yield state.record.hands[-1], first_capture_xeri
                hand, captures_seen, first_capture_xeri = state.hand_no, 0, False


@pytest.mark.statistical
def test_xeri_hands_add_up_as_real_games_says() -> None:
    """R3: all 52 cards are captured; 22 card points a hand, 3 for the majority unless 26–26, 10 a
    xeri; a xeri is never the first capture of a hand."""
    hands = splits = xeris = 0
    for record, first_xeri in _random_hands(XERI, 2, 400):
        facts = record.facts
        captured, sweeps = facts["captured"], facts["sweeps"]
        assert sum(captured) == 52
        assert sum(record.scores) == 22 + 3 * (captured != [26, 26]) + 10 * sum(sweeps)
        assert not first_xeri
        hands += 1
        splits += captured == [26, 26]
        xeris += sum(sweeps)
    assert hands > 1000
    assert 0.1 < xeris / hands < 0.7     # real-games.md: 0.33 a hand under random play
    assert splits / hands < 0.08         # about 2.3%


@pytest.mark.statistical
@pytest.mark.parametrize("players, totals", [(2, {3, 5}), (3, {2, 3, 4, 5}), (4, {2, 3, 4, 5})])
def test_kontsina_hands_add_up_as_real_games_says(players: int, totals: set[int]) -> None:
    """R4: with a capture in the hand, the points are 5 less 2 for a tie for the most cards and 1
    for a tie for the most clubs (2p: 3 or 5); the 2 of clubs and the 10 of diamonds always score."""
    game = _game(KONTSINA)
    seen = set()
    for record, _ in _random_hands(KONTSINA, players, 60):
        facts = record.facts
        if facts["last_capturer"] is None:
            continue
        assert sum(facts["captured"]) == 52
        assert sum(record.scores) in totals
        seen.add(sum(record.scores))
    assert game.table.size == 52 and len(seen) >= 2
