"""Invariants over many sampled games (Hypothesis): every card in one place, only legal actions
accepted, hand scores exactly as the spec says, totals and rankings consistent."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.bots import GreedyBot, RandomBot, bot_seed
from generator.engine import Game, GameRecord, play_game
from generator.engine.cards import compile_deck
from generator.sample import sample_game
from generator.spec import GameSpec
from tests.conftest import budget

SEEDS = st.integers(min_value=0, max_value=2**40)


def _caller(spec: GameSpec, hand, n: int) -> int | None:
    """The seat that named trumps in a hand (the dealer, or the player to the dealer's left)."""
    t = spec.setup.trumps
    return (hand.dealer + (0 if t.caller == "dealer" else 1)) % n if t.method == "called" else None


def _hand_sides(spec: GameSpec, hand, n: int, sides: list[int] | None) -> list[int] | None:
    """The hand's sides: the fixed partnerships, or the caller alone against the rest
    (``players.coalition``), or None."""
    if sides is not None or spec.players.coalition is None:
        return sides
    caller = _caller(spec, hand, n)
    return [0 if p == caller else 1 for p in range(n)]


def _pooled(hand, sides: list[int] | None, caller: int | None = None):
    """A hand's tricks and cards taken per side, as the rules count them in partnerships; who
    won the last trick and who named trumps, by their side."""
    contract = {"contract": getattr(hand, "contract", None), "mode": getattr(hand, "mode", None)}
    if sides is None:
        return SimpleNamespace(tricks=hand.tricks, won=hand.won, last=getattr(hand, "last", None), caller=caller,
                               **contract)
    k = max(sides) + 1
    last = getattr(hand, "last", None)
    return SimpleNamespace(**contract, tricks=[sum(t for p, t in enumerate(hand.tricks) if sides[p] == s) for s in range(k)],
                           won=[[c for p, w in enumerate(hand.won) if sides[p] == s for c in w] for s in range(k)],
                           last=None if last is None else sides[last], caller=None if caller is None else sides[caller])


def expected_scores(spec: GameSpec, record_hand, in_play: set[str] | None = None,
                    sides: list[int] | None = None) -> list[int]:
    """Hand scores recomputed from the cards each player (or side, ``sides``: the hand pooled
    by ``_pooled``) won, straight from the spec's words; each member gets the side's."""
    if sides is not None:
        per_side = expected_scores(spec, record_hand, in_play)
        return [per_side[s] for s in sides]
    s = spec.scoring
    if s.kind == "schedule":   # the contract's row: each thing it counts worth its points, on top of the start
        h = _way(spec, record_hand)
        sc = h.scoring
        ranks, cards = ({r.rank for r in sc.ranks}, {r.card for r in sc.cards}) if sc.kind == "card-points" else ((), ())

        def counted(won: list[str], t: int) -> int:
            if sc.kind == "per-trick":
                return t
            if sc.kind == "avoid-suit":
                return sum(1 for c in won if c.endswith(f" of {sc.suit}"))
            return sum((c.split(" of ")[0] in ranks) + (c in cards) for c in won if " of " in c)
        return [h.start + h.points * counted(w, t) for w, t in zip(record_hand.won, record_hand.tricks)]
    if s.kind == "per-trick":
        return [max(0, t - s.beyond) for t in record_hand.tricks]
    if s.kind == "majority":   # the tricks needed win the hand: the caller's, the sweep's or the winner's score
        total, caller = sum(record_hand.tricks), getattr(record_hand, "caller", None)
        return [0 if t < s.needed else s.sweep if s.sweep is not None and t == total
                else s.caller_points if s.caller_points is not None and p == caller else s.points
                for p, t in enumerate(record_hand.tricks)]
    if s.kind == "card-points":   # the table's points of the cards won, the last trick, whole groups
        by_rank, by_card = {r.rank: r.points for r in s.ranks}, {c.card: c.points for c in s.cards}
        last = getattr(record_hand, "last", None)
        return [max(0, (sum(by_rank.get(c.split(" of ")[0], 0) + by_card.get(c, 0) for c in won if " of " in c)
                        + (s.last_trick or 0) * (p == last) + (s.per_trick or 0) * t) // (s.groups or 1) - (s.beyond or 0))
                for p, (won, t) in enumerate(zip(record_hand.won, record_hand.tricks))]
    table = compile_deck(spec.deck)
    face = dict(zip(table.names, table.face))
    scores = []
    dealt_suit = {c for w in record_hand.won for c in w if c.endswith(f"of {s.suit}")
                  or (s.suit == "majors" and c.startswith("major "))}
    for won in record_hand.won:
        mine = {c for c in won if c in dealt_suit}
        total = 0
        if s.shoot_the_moon and dealt_suit and _took_all_dealt(s, won, record_hand):
            total += s.shoot_the_moon
        else:
            for c in mine:
                if s.bonus_card and c == s.bonus_card.card:
                    continue
                total -= 1 if s.per_card == "one" else face[c]
        if s.penalty_card and s.penalty_card.card in won:
            total -= s.penalty_card.points
        if s.bonus_card and s.bonus_card.card in won:
            total += s.bonus_card.points
        if s.joker_loss:
            total -= s.joker_loss * sum(1 for c in won if c.endswith("joker"))
        if s.doubler and s.doubler.card in won:
            total *= 2
        scores.append(total)
    return scores


def _took_all_dealt(s, won, hand) -> bool:
    # Every card of the suit dealt to a player ends in someone's tricks unless hands were unequal;
    # the engine's own record of "dealt" is what the rule means, so only the easy case is checked.
    others = [c for w in hand.won if w is not won for c in w]
    return not any(c.endswith(f"of {s.suit}") or (s.suit == "majors" and c.startswith("major "))
                   for c in others)


def check_record(spec: GameSpec, rec: GameRecord) -> None:
    n = rec.players
    totals = [0] * n
    for h in rec.hands:
        if not (spec.play.boost or spec.play.kitty_capture or spec.setup.extra_rules):
            # every trick holds one card per player (a boost trick two, a captured kitty more,
            # and invented laws can make a player miss a trick)
            assert sum(len(w) for w in h.won) == n * sum(h.tricks)
        # a contract of the last tricks needs each trick's taker, which the record does not keep
        if not _unequal_hands(spec) and not (spec.scoring.kind == "schedule" and _way(spec, h).last):
            sides = _hand_sides(spec, h, n, rec.sides)
            assert h.scores == expected_scores(spec, _pooled(h, sides, _caller(spec, h, n)), None, sides)
        totals = [a + b for a, b in zip(totals, h.scores)]
        assert h.totals == totals
    if rec.outcome == "natural":
        assert rec.winner is not None and rec.ranking[rec.winner] == 1
        # one winner, or every member of the winning side
        assert sorted(rec.ranking).count(1) == (1 if rec.sides is None else rec.sides.count(rec.sides[rec.winner]))
        extras = getattr(spec.scoring, "extras", None)
        if not (extras and extras.bid_all_wins):   # bidding every trick and taking them all wins at once
            assert all(totals[rec.winner] >= t for t in totals)


def _way(spec: GameSpec, hand):
    """The way a hand of a schedule scored: its contract's score, or the mode the dealer chose."""
    c = next(c for c in spec.scoring.contracts if c.contract == hand.contract)
    return c.score or next(m for m in c.modes if m.name == hand.mode)


def _unequal_hands(spec: GameSpec) -> bool:
    """Games whose hand scores this independent scorer does not recompute (they are still checked
    for card conservation, totals and rankings): unequal hands (some suit cards stay unplayed),
    and the modules whose effects need facts the record does not carry (the pig, the top-trump
    point, low hands, landlord payments, bids, laws that draw cards)."""
    s = spec.scoring
    return (spec.deal.odd_card is not None or spec.setup.pig is not None or spec.setup.top_trump_point
            or spec.setup.high_low or spec.bidding.any() or spec.setup.extra_rules is not None
            or spec.setup.exchange is not None or s.kind == "exact-bid"
            or (s.kind == "per-trick" and s.extras.joker_tricks != "none") or spec.play.kitty_capture is not None
            or (s.kind == "per-trick" and s.extras.top_trump != "none"))


@pytest.mark.slow
@settings(max_examples=budget(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_sampled_games_keep_their_invariants(seed):
    spec = sample_game(seed).spec
    game = Game(spec, audit=True, move_cap=6_000)
    for n in (spec.players.min, spec.players.max):
        bots = [(GreedyBot if p % 2 else RandomBot)(bot_seed(seed, p)) for p in range(n)]
        rec = play_game(game, n, seed, bots)   # apply_action refuses any illegal action
        check_record(spec, rec)


@pytest.mark.slow
def test_a_thousand_sampled_games_on_the_batch_path():
    for seed in range(1000):
        spec = sample_game(seed).spec
        game = Game(spec, audit=True, move_cap=3_000)
        n = spec.players.counts()[seed % len(spec.players.counts())]
        state = game.new_initial_state(n, seed)
        state.play_random(random.Random(seed).random)
        check_record(spec, state.record)
