"""Partnerships (``players.sides``): a side plays as one player of the scoring.

The facts a correct engine must reproduce for Whist in partnerships (real-games.md §4, R2), over
random play; the invariants of any game in sides (partners share every total, win and lose
together, cards are conserved); the checks that refuse sides where they cannot work; the sensible
bot's manners towards a partner; and a partnership game's playtest judged per side.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.checks import check_spec
from generator.engine.state import Game
from generator.playtest import playtest
from generator.playtest.report import format_report
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.spec.io import SpecError, spec_from_data, spec_to_data
from generator.text.parse import parse_markdown
from generator.bots import make_bot

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
WHIST = load_spec(REAL / "whist-partners.yaml")


def played(spec, seeds, players: int = 4):
    """Games of ``spec`` played out at random, one per seed, with the card audit on."""
    game = Game(spec, audit=True)
    for seed in seeds:
        state = game.new_initial_state(players, seed)
        state.play_random(random.Random(seed).random)
        yield state


# --------------------------------------------------------------------------- Whist, R2


def test_whist_in_partnerships_keeps_the_seed_facts() -> None:
    """13 tricks a hand; the sides' tricks add to 13, so exactly one side has 7 or more and the
    margin is odd; that side scores t − 6 = (margin + 1) / 2, the other nothing; partners (seats
    0 and 2, 1 and 3) share every score and total, and win together."""
    hands = 0
    for state in played(WHIST, range(60)):
        rec = state.record
        assert rec.outcome == "natural" and rec.sides == [0, 1, 0, 1]
        for hand in rec.hands:
            t = hand.tricks
            a, b = t[0] + t[2], t[1] + t[3]
            assert a + b == 13 and (a - b) % 2 == 1
            top, low = max(a, b), min(a, b)
            margin = top - low
            assert top - 6 == (margin + 1) // 2
            scores = hand.scores
            assert scores[0] == scores[2] and scores[1] == scores[3]
            assert sorted((scores[0], scores[1])) == [0, top - 6]
            assert (scores[0] > 0) == (a > b)
            hands += 1
        totals = state.totals
        assert totals[0] == totals[2] and totals[1] == totals[3] and max(totals) >= 5
        side = rec.sides[rec.winner]
        assert state.returns() == [1.0 if s == side else 0.0 for s in rec.sides]
        assert rec.ranking == [1 if s == side else 2 for s in rec.sides]
        assert all(rec.won(p) == (rec.sides[p] == side) for p in range(4))
    assert hands > 100


def test_partnership_whist_reads_back_and_says_who_plays_with_whom() -> None:
    text = render_markdown(WHIST)
    assert parse_markdown(text).rules() == WHIST.rules()
    assert "The four players play in two partnerships of two, partners sitting opposite each other." in text
    assert "each partnership scores one point for each trick they won beyond their first six tricks" in text
    assert "The partnership with the highest total wins." in text
    assert "Partnerships: Ann and Cleo; Ben and Dev." in text
    assert "Write the names of each partnership's players at the head of a column" in text
    assert "| Hand | | |\n" in text   # a column per partnership


# --------------------------------------------------------------------------- any game in sides


def _in_sides(seed: int) -> list:
    """Sampled trick-taking games that the sampler put in partnerships."""
    out = []
    while len(out) < 6:
        spec = sample_game(seed, family="trick-taking").spec
        if spec.players.sides is not None:
            out.append(spec)
        seed += 1
    return out


SIDED = _in_sides(0)


def test_the_sampler_draws_partnerships_that_check_and_read_back() -> None:
    drawn = [sample_game(seed, family="trick-taking").spec for seed in range(200)]
    sided = [s for s in drawn if s.players.sides is not None]
    assert 15 <= len(sided) <= 50   # 1 in 6 of the games that can be, and most can
    for spec in sided:
        assert check_spec(spec) == []
        assert spec.bidding.auction is None
        assert any(spec.players.sides.applies(n) for n in spec.players.counts())
        assert parse_markdown(render_markdown(spec)).rules() == spec.rules()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(SIDED) - 1), seed=st.integers(0, 10_000))
def test_partners_share_every_total_and_win_together(which: int, seed: int) -> None:
    spec = SIDED[which]
    game = Game(spec, audit=True, move_cap=20_000)   # audit: every card in one place after every hand
    for n in spec.players.counts():
        state = game.new_initial_state(n, seed)
        state.play_random(random.Random(seed).random)
        rec = state.record
        sides = spec.players.sides
        if not sides.applies(n):
            assert rec.sides is None
            continue
        assert rec.sides == sides.of(n)
        for hand in rec.hands:
            for p in range(n):
                mate = rec.sides.index(rec.sides[p])
                assert hand.scores[p] == hand.scores[mate] and hand.totals[p] == hand.totals[mate]
        if rec.outcome == "natural" and rec.winner is not None:
            assert sum(state.returns()) == sides.size
            assert {rec.ranking[p] for p in range(n) if rec.won(p)} == {1}


# --------------------------------------------------------------------------- checks


def _whist_data(**players) -> dict:
    data = copy.deepcopy(spec_to_data(WHIST))
    data["players"].update(players)
    return data


def test_a_range_with_no_count_for_sides_is_refused_by_name() -> None:
    with pytest.raises(SpecError, match="players: sides of 2 need a player count that makes two or more whole"):
        spec_from_data(_whist_data(min=2, max=3))


def test_families_that_cannot_score_sides_refuse_them() -> None:
    rummy = spec_to_data(load_spec(REAL / "rummy.yaml"))
    rummy["players"] = {"min": 4, "max": 4, "sides": {"size": 2}}
    problems = check_spec(spec_from_data(rummy))
    assert [(p.code, p.field) for p in problems] == [("RULE_CONFLICT", "players.sides")]
    assert "cannot be played in partnerships" in problems[0].message


def test_the_landlord_plays_alone() -> None:
    data = spec_to_data(load_spec(next(p for p in sorted((REAL.parent / "hyloe").glob("*.yaml"))
                                       if load_spec(p).bidding.auction is not None and load_spec(p).family == "trick-taking")))
    data["players"] = {"min": 4, "max": 4, "sides": {"size": 2}}
    problems = check_spec(spec_from_data(data))
    assert any(p.field == "players.sides" and "plays alone" in p.message for p in problems)


# --------------------------------------------------------------------------- bots and playtest


def test_the_sensible_bot_never_overtakes_a_partner_who_is_taking_the_trick() -> None:
    game = Game(WHIST)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            p = state.current_player()
            obs = state.observation(p)
            if obs.card_play and obs.trick and obs.winning_seat in obs.partners:
                can_stay_under = [c for c in legal if not obs.would_win(c)]
                if can_stay_under and len(can_stay_under) < len(legal):
                    card = make_bot("greedy", seed).act(obs)
                    assert not obs.would_win(card)
                    assert card == min(can_stay_under, key=lambda c: obs.table.strength[c])
                    checked += 1
            state.apply_action(rng.choice(legal))
    assert checked > 50


def test_a_partnership_game_is_judged_per_side() -> None:
    judged = playtest(WHIST, games=60, seed=3)
    assert "    wins by side   1 and 3: " in format_report(judged)
    report = judged.as_dict()
    count = report["counts"][0]
    rates = count["win_rates"]
    assert rates[0] == rates[2] and rates[1] == rates[3]   # partners win together
    assert abs(rates[0] + rates[1] - 1) < 1e-9             # and one side wins every game
    assert report["verdict"] == "pass", report["reasons"]
    metrics = count["metrics"]   # the sides' own figures
    assert metrics["sides"] == [0, 1, 0, 1]
    assert [s["value"] for s in metrics["side_win_rates"]] == [rates[0], rates[1]]


# --------------------------------------------------------------------------- Tresette, R6

TRESETTE = load_spec(REAL / "tresette.yaml")


def test_tresette_deals_eleven_points_between_the_sides_every_hand() -> None:
    """R6: 10 tricks, no trumps, the highest card of the suit led in the order 3 > 2 > A > K > Horse
    > Jack > 7 … 4 takes the trick; the card points are always exactly 11 a deal (35 thirds: 12 for
    the Aces, 20 for the Threes, Twos and courts, 3 for the last trick, split 35 = a + b with
    ⌊a/3⌋ + ⌊b/3⌋ = 11 whatever the split), and partners share them."""
    assert check_spec(TRESETTE) == []
    order = TRESETTE.deck.ranks()
    assert order == ("3", "2", "A", "K", "Horse", "J", "7", "6", "5", "4")
    hands = 0
    for state in played(TRESETTE, range(40)):
        for hand in state.record.hands:
            assert sum(hand.tricks) == 10 and all(len(w) % 4 == 0 for w in hand.won)
            s = hand.scores
            assert s[0] == s[2] and s[1] == s[3] and s[0] + s[1] == 11
            hands += 1
    assert hands > 60


def test_tresette_prints_its_thirds_and_reads_back() -> None:
    text = render_markdown(TRESETTE)
    assert parse_markdown(text).rules() == TRESETTE.rules()
    assert "| Every Ace | three points |" in text and "| Winning the last trick of the hand | three points |" in text
    assert "counted in threes" in text


# --------------------------------------------------------------------------- Omi (R8), Court Piece (R9)

OMI = load_spec(REAL / "omi.yaml")
COURT_PIECE = load_spec(REAL / "court-piece.yaml")


def test_omi_scores_by_its_table_and_the_declarer_names_trumps_on_four_cards() -> None:
    """R8: 8 tricks; the declarer (the dealer's left) names trumps having seen four cards; at most
    one side scores a hand: 3 for all eight tricks, else for five to seven 2 for the dealer's side
    and 1 for the declarer's, and a 4–4 split scores nothing."""
    assert check_spec(OMI) == []
    game = Game(OMI, audit=True)
    hands, splits = 0, 0
    for seed in range(60):
        state = game.new_initial_state(4, seed)
        obs = state.observation(state.current_player())
        assert state.decision == "name-trumps" and state.current_player() == (state.dealer + 1) % 4
        assert len(obs.hand) == 4 and set(obs.hand) <= set(state.hands[state.current_player()])
        state.play_random(random.Random(seed).random)
        for hand in state.record.hands:
            declarer = (hand.dealer + 1) % 4
            t = hand.tricks
            side = [t[0] + t[2], t[1] + t[3]]
            assert sum(side) == 8
            s = [hand.scores[0], hand.scores[1]]
            assert hand.scores[2] == s[0] and hand.scores[3] == s[1] and min(s) == 0
            for k in (0, 1):
                if side[k] == 8:
                    assert s[k] == 3
                elif side[k] >= 5:
                    assert s[k] == (1 if declarer % 2 == k else 2)
            if side == [4, 4]:
                assert s == [0, 0]
                splits += 1
            hands += 1
    assert hands > 200 and splits > 0


def test_court_piece_stops_when_a_side_has_seven_tricks() -> None:
    """R9: trumps named on five cards; the hand stops as soon as one side has seven tricks, so the
    winner always has exactly seven and at most thirteen tricks are played; it scores the point."""
    assert check_spec(COURT_PIECE) == []
    game = Game(COURT_PIECE, audit=True)
    for seed in range(40):
        state = game.new_initial_state(4, seed)
        assert len(state.observation(state.current_player()).hand) == 5
        state.play_random(random.Random(seed).random)
        for hand in state.record.hands:
            t = hand.tricks
            side = [t[0] + t[2], t[1] + t[3]]
            assert max(side) == 7 and min(side) < 7 and sum(side) <= 13
            win = side.index(7)
            assert hand.scores[win] == hand.scores[win + 2] == 1 and hand.scores[1 - win] == 0


@pytest.mark.parametrize("spec", [OMI, COURT_PIECE], ids=["omi", "court-piece"])
def test_the_majority_games_read_back(spec) -> None:
    text = render_markdown(spec)
    assert parse_markdown(text).rules() == spec.rules()
    assert "When each player has been dealt" in text and "wins the hand and scores" in text


# --------------------------------------------------------------------------- Botifarra (R5)

BOTIFARRA = load_spec(REAL / "botifarra.yaml")


def _beats(card: str, best: str, led: str, trump: str | None, order: tuple[str, ...]) -> bool:
    """Whether ``card`` takes the trick from ``best`` (a trump over any other suit, else a higher
    card of the suit led in the printed order), read from the card names alone."""
    rank, suit = card.split(" of ")
    brank, bsuit = best.split(" of ")
    if suit == bsuit:
        return order.index(rank) < order.index(brank)
    return suit == trump or (suit == led and bsuit != trump)


def test_botifarra_deals_72_points_and_a_player_must_beat_the_trick_unless_a_partner_wins_it() -> None:
    """R5: 12 tricks of 4 cards; the card points are 4 × (5 + 4 + 3 + 2 + 1) = 60 plus 12 for the
    tricks, so the sides' points add to 72 every hand, and only a side beyond 36 scores (the
    difference). A player never fails to beat the trick when a card they may play would, unless
    their partner is winning it — checked from the card names and the printed order."""
    assert check_spec(BOTIFARRA) == []
    game = Game(BOTIFARRA, audit=True)
    order = BOTIFARRA.deck.ranks()
    worth = {"9": 5, "A": 4, "K": 3, "Knight": 2, "J": 1}
    table = game.table
    decisions = 0
    for seed in range(25):
        state = game.new_initial_state(4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            obs = state.observation(state.current_player())
            if obs.card_play and obs.trick:
                names = {c: table.names[c] for c in obs.hand}
                trick = [(seat, table.names[c]) for seat, c in obs.trick]
                trump = table.suit_names[obs.trump] if obs.trump is not None else None
                led = trick[0][1].split(" of ")[1]
                follow = [c for c in obs.hand if names[c].endswith(" of " + led)] or list(obs.hand)
                seat, best = trick[0]
                for s, card in trick[1:]:
                    if _beats(card, best, led, trump, order):
                        seat, best = s, card
                if seat in obs.partners:
                    assert sorted(legal) == sorted(follow)
                else:
                    beaters = [c for c in follow if _beats(names[c], best, led, trump, order)]
                    assert sorted(legal) == sorted(beaters or follow)
                decisions += 1
            state.apply_action(rng.choice(legal))
        for hand in state.record.hands:
            assert sum(hand.tricks) == 12
            points = [sum(worth.get(c.split(" of ")[0], 0) for p in (k, k + 2) for c in hand.won[p])
                      + hand.tricks[k] + hand.tricks[k + 2] for k in (0, 1)]
            assert sum(points) == 72
            assert [hand.scores[0], hand.scores[1]] == [max(0, x - 36) for x in points]
    assert decisions > 1000


def test_botifarra_reads_back() -> None:
    text = render_markdown(BOTIFARRA)
    assert parse_markdown(text).rules() == BOTIFARRA.rules()
    assert "unless their partner's card is winning the trick" in text and "| Each trick won | one point |" in text


# --------------------------------------------------------------------------- fishing in partnerships


def test_a_fishing_game_for_four_is_played_in_partnerships() -> None:
    """Diloti's way (2 players, or 4 in partnerships): partners' captures and sweeps count together,
    the majorities are the sides', and the rulebook says so; card conservation holds."""
    data = spec_to_data(load_spec(REAL / "kontsina.yaml"))
    data["players"] = {"min": 2, "max": 4, "sides": {"size": 2}}
    spec = spec_from_data(data)
    assert check_spec(spec) == []
    text = render_markdown(spec)
    assert parse_markdown(text).rules() == spec.rules()
    assert "With four players, the players play in partnerships of two" in text
    assert "| Taking more cards than any other side |" in text
    for state in played(spec, range(20)):
        for hand in state.record.hands:
            s = hand.scores
            assert s[0] == s[2] and s[1] == s[3]
    for n in (2, 3):
        assert Game(spec).new_initial_state(n, 0).record.sides is None


# --------------------------------------------------------------------------- the caller against the rest

SKAT = load_spec(REAL / "skat-seed.yaml")


def test_seed_skat_deals_120_points_between_the_soloist_and_the_other_two() -> None:
    """R14: 32 cards, ten each and a skat of two; ten tricks; 120 card points in the pack (the skat's
    set aside, counting for no one). Each hand
    the player to the dealer's left names trumps and plays alone; the other two count their cards
    together and each is given their side's score: the points beyond 60, so at most one side scores
    (60–60: neither)."""
    values = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
    hands = 0
    for state in played(SKAT, range(40), players=3):
        assert state.record.outcome == "natural" and state.record.sides is None   # a player wins alone
        for hand in state.record.hands:
            soloist = (hand.dealer + 1) % 3
            rest = [p for p in range(3) if p != soloist]
            assert hand.facts["tricks"][soloist] + sum(hand.facts["tricks"][p] for p in rest) == 10
            won = hand.facts["won"].as_json()
            taken = [sum(values.get(c.split(" of ")[0], 0) for c in cards) for cards in won]
            skat = set(SKAT.deck.cards()) - {c for cards in won for c in cards}
            assert len(skat) == 2   # the skat counts for no one (a difference from the seed)
            assert sum(taken) + sum(values.get(c.split(" of ")[0], 0) for c in skat) == 120
            alone, together = taken[soloist], sum(taken[p] for p in rest)
            assert hand.scores[soloist] == max(0, alone - 60)
            assert [hand.scores[p] for p in rest] == [max(0, together - 60)] * 2
            hands += 1
        assert state.totals[state.record.winner] == max(state.totals) >= 100
    assert hands > 150


def test_a_coalition_reads_back_and_names_who_plays_alone() -> None:
    text = render_markdown(SKAT)
    assert "the player who names trumps (the *caller*) plays alone against all the others" in text
    assert "so plays alone against" in text   # the example names the hand's sides
    assert "Tens rank just below the Aces, above the Kings." in text
    assert parse_markdown(text) == SKAT.rules()


def test_a_coalition_is_refused_where_it_cannot_work() -> None:
    data = spec_to_data(SKAT)
    with pytest.raises(SpecError, match="three players or more"):
        spec_from_data({**data, "players": {"min": 2, "max": 3, "coalition": {"against": "caller"}}})
    with pytest.raises(SpecError, match="not both"):
        spec_from_data({**data, "players": {"min": 4, "max": 4, "sides": {"size": 2}, "coalition": {}}})
    turned = {**data, "setup": {"trumps": {"method": "turn-up"}}}
    problems = check_spec(spec_from_data(turned))
    assert [(p.code, p.field) for p in problems] == [("RULE_CONFLICT", "players.coalition")]
    rummy = spec_to_data(load_spec(REAL / "rummy.yaml"))
    rummy["players"] = {"min": 3, "max": 4, "coalition": {"against": "caller"}}
    assert any(p.field == "players.coalition" for p in check_spec(spec_from_data(rummy)))


def test_the_caller_s_opponents_are_partners_for_the_hand_only() -> None:
    """The observation's partners are the hand's: the soloist has none, the other two each other;
    with the next dealer the soloist moves on."""
    game = Game(SKAT)
    state = game.new_initial_state(3, 5)
    seen = set()
    while not state.terminal and len(seen) < 3:
        soloist = (state.dealer + 1) % 3
        assert state.observation(soloist).partners == ()
        others = [p for p in range(3) if p != soloist]
        assert state.observation(others[0]).partners == (others[1],)
        seen.add(state.dealer)
        hand = state.hand_no
        while not state.terminal and state.hand_no == hand:
            legal = state.legal_actions()
            state.apply_action(legal[0])
    assert len(seen) == 3


def test_the_sampler_draws_coalitions_that_check_and_read_back() -> None:
    drawn = [s for s in (sample_game(seed, "trick-taking").spec for seed in range(200, 420)) if s.players.coalition]
    assert drawn
    for spec in drawn:
        assert spec.setup.trumps.method == "called" and spec.players.min >= 3 and not check_spec(spec)
        assert parse_markdown(render_markdown(spec)) == spec.rules()
