"""Tests for generator.sample: determinism, checked and round-tripping specs, the catalogue's
W-pick, the players option, coverage of every module option, and module rates."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction as F
from math import sqrt
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generator.sample as sample_mod
from generator.checks import Problem, check_spec
from generator.sample import (
    MAX_REDRAWS,
    Draw,
    Sampled,
    SamplingError,
    sample_game,
    seeded,
    wpick_weights,
)
from generator.sample.bidding import LANDLORD_TITLES
from generator.sample.deal import KITTY_NAMES
from generator.families.trick_taking.frequencies import _no_adjective
from generator.sample.frequencies import (
    format_table,
    frequency_rows,
    sample_all,
)
from generator.sample.naming import ADJECTIVES, QUALITIES
from generator.families.trick_taking.sampler import BOOST_NAMES, BREAK_VERBS, WEAK_NAMES
from generator.sample.setup import (
    BONUS_WORDS,
    EXCHANGE_NAMES,
    PIG_NAMES,
    ROB_VERBS,
    RULE_NOUNS,
    SECRET_WORDS,
    stock_sizes,
)
from generator.spec import FACTS, GameSpec, dump_yaml, spec_from_data
from generator.spec.deck import SUITS, card_suit
from generator.spec.setup import TRUMPS_KNOWN_AT_START
from tests.conftest import budget

ROOT = Path(__file__).resolve().parents[1]
N_GAMES = 3000


@pytest.fixture(scope="module")
def sampled() -> list[Sampled]:
    """The seed book's catalogue alone (``--catalogue book``), whose rules these tests hold the
    sampler to; Parlour's options beyond it have tests of their own (test_sides, test_point_tricks)."""
    return [sample_game(seed, flavour=True, catalogue="book") for seed in range(N_GAMES)]


@pytest.fixture(scope="module")
def specs(sampled: list[Sampled]) -> list[GameSpec]:
    return [s.spec for s in sampled]


#: libyaml's loader when present (same YAML, eight times faster than the pure-Python one).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _round_trips(spec: GameSpec) -> bool:
    return spec_from_data(yaml.load(dump_yaml(spec), Loader=_LOADER)) == spec


# --- the random helpers ----------------------------------------------------------------------

#: hyloe-modules.md §0, the W-pick table (numerators; denominator n²).
CATALOGUE_WPICK = {
    3: [7, 1, 1],
    4: [11, 3, 1, 1],
    5: [15, 5, 3, 1, 1],
    6: [19, 7, 5, 3, 1, 1],
    7: [23, 9, 7, 5, 3, 1, 1],
    8: [27, 11, 9, 7, 5, 3, 1, 1],
}


def test_wpick_weights_match_the_catalogue_table() -> None:
    for n, nums in CATALOGUE_WPICK.items():
        assert wpick_weights(n) == [F(k, n * n) for k in nums]
    assert wpick_weights(2) == [F(1, 2)] * 2
    for n in (14, 17, 19):
        w = wpick_weights(n)
        assert sum(w) == 1 and w[0] == F(4 * n - 5, n * n) and w[-1] == w[-2] == F(1, n * n)


def test_wpick_weights_are_those_of_the_formula() -> None:
    """Enumerating every r of U[0..n²−1] through int(n−1−√r), clamped at 0, gives the table."""
    for n in range(3, 20):
        counts = Counter(max(int(n - 1 - sqrt(r)), 0) for r in range(n * n))
        assert [F(counts[k], n * n) for k in range(n)] == wpick_weights(n)


@pytest.mark.statistical
@pytest.mark.parametrize("n", [3, 4, 6])
def test_wpick_draws_match_the_catalogue(n: int) -> None:
    draws = 100_000
    d = Draw(random.Random(f"wpick-test:{n}"))
    counts = Counter(d.wpick(list(range(n))) for _ in range(draws))
    for k, num in enumerate(CATALOGUE_WPICK[n]):
        p = num / (n * n)
        assert abs(counts[k] / draws - p) < 5 * sqrt(p * (1 - p) / draws) + 1e-9, (n, k, counts[k] / draws, p)


@pytest.mark.statistical
def test_wpick_two_options_is_uniform_and_repeats_add_weight() -> None:
    d = Draw(random.Random("wpick-two"))
    c2 = Counter(d.wpick("ab") for _ in range(40_000))
    assert abs(c2["a"] / 40_000 - 0.5) < 0.015
    c = Counter(d.wpick(["x", "x", "y"]) for _ in range(45_000))
    assert abs(c["x"] / 45_000 - 8 / 9) < 0.01


@pytest.mark.statistical
def test_chance_and_uniform_int() -> None:
    d = Draw(random.Random("chance"))
    hits = sum(d.chance(1 / 3) for _ in range(90_000))
    assert abs(hits / 90_000 - 1 / 3) < 0.01
    assert not any(d.chance(0) for _ in range(100)) and all(d.chance(1) for _ in range(100))
    assert sum(d.chance(F(4, 5)) for _ in range(10_000)) > 7_600
    assert {d.uniform_int(3, 5) for _ in range(200)} == {3, 4, 5}
    with pytest.raises(ValueError):
        d.chance(1.5)
    with pytest.raises(ValueError):
        d.uniform_int(2, 1)


# --- determinism --------------------------------------------------------------------------------


def test_same_seed_same_spec_and_no_global_state() -> None:
    state = random.getstate()
    random.seed(1)
    first = [dump_yaml(sample_game(seed).spec) for seed in range(20)]
    random.seed(2)
    again = [dump_yaml(sample_game(seed).spec) for seed in range(20)]
    assert first == again
    assert len(set(first)) == 20
    random.setstate(state)
    before = random.getstate()
    sample_game(123)
    assert random.getstate() == before, "the sampler touched the global random state"


def test_same_seed_same_spec_in_another_process() -> None:
    code = "from generator.sample import sample_game; from generator.spec import dump_yaml; print(dump_yaml(sample_game(77).spec), end='')"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout == dump_yaml(sample_game(77).spec)


def test_seeding_is_a_string_seed() -> None:
    assert seeded(5).random() == random.Random("parlour-game:5").random()
    d = Draw.from_seed(5)
    assert d.rng.random() == random.Random("parlour-game:5").random()
    assert d.names_rng.random() == random.Random("parlour-game-names:5").random()
    d = Draw.from_seed(5, family="climbing")
    assert d.names_rng.random() == random.Random("parlour-game-names-climbing:5").random()


def test_a_seed_s_games_of_two_families_have_different_names() -> None:
    """Each family names its games from its own stream: a book of a climbing run and a matching run
    with the same seeds does not print one village name twice."""
    names = {f: [sample_game(s, f).spec.naming.name for s in range(6)] for f in ("trick-taking", "climbing", "matching")}
    for s in range(6):
        assert len({names[f][s] for f in names}) == 3


def test_name_lists_do_not_steer_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Names come from their own stream: other name lists give other names but the same rules."""
    from generator import names

    before = [sample_game(seed).spec for seed in range(30)]
    monkeypatch.setattr(names, "village_name", lambda rng, country: f"Stub {rng.randrange(10**6)}")
    monkeypatch.setattr(names, "aliases", lambda rng, name, country, count: [f"{name} {i}" for i in range(count)])
    monkeypatch.setattr(names, "nickname", lambda rng: "Stubby")
    after = [sample_game(seed).spec for seed in range(30)]
    def rules(spec: GameSpec):
        def strip(node):
            if isinstance(node, dict):
                return {k: (v is not None) if k == "nickname" else strip(v) for k, v in node.items()}
            return node

        data = strip(spec.model_dump())
        data["naming"] = {k: v for k, v in data["naming"].items() if k != "name"}
        data["naming"]["aliases"] = len(data["naming"]["aliases"])
        return data

    assert any(b.naming.aliases for b in after)
    for a, b in zip(before, after):
        assert a.naming.name != b.naming.name
        assert rules(a) == rules(b)


# --- every sampled spec passes the checks and survives YAML ----------------------------------------


@pytest.mark.slow
@settings(max_examples=budget(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_any_seed_gives_a_checked_round_tripping_spec(seed: int) -> None:
    result = sample_game(seed)
    assert check_spec(result.spec) == []
    assert _round_trips(result.spec)
    assert result.redraws <= sum(result.rejected.values())


@pytest.mark.slow
def test_two_thousand_seeds(specs: list[GameSpec]) -> None:
    for seed, spec in enumerate(specs[:2000]):
        assert check_spec(spec) == [], seed
        assert _round_trips(spec), seed


@pytest.mark.slow
def test_redraw_bookkeeping(sampled: list[Sampled]) -> None:
    redrawn = [s for s in sampled if s.redraws]
    assert redrawn, "some seeds should need a redraw"
    for s in sampled:
        codes = sum(s.rejected.values())
        # each failed spec adds each of its distinct codes once
        assert s.redraws <= codes <= s.redraws * 5
    # the table's sampling loop is the same as sample_game's
    drawn, accepted = sample_all(50, catalogue="book")
    assert accepted == [s.spec for s in sampled[:50]]
    assert len(drawn) - len(accepted) == sum(s.redraws for s in sampled[:50])


def test_redraw_cap_and_count(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def failing_three_times(spec: GameSpec) -> list[Problem]:
        calls["n"] += 1
        return [Problem("RULE_CONFLICT", "x", "test")] if calls["n"] <= 3 else []

    monkeypatch.setattr(sample_mod, "check_spec", failing_three_times)
    result = sample_game(9)
    assert result.redraws == 3 and result.rejected == Counter({"RULE_CONFLICT": 3})
    monkeypatch.setattr(sample_mod, "check_spec", lambda spec: [Problem("DEAL_IMPOSSIBLE", "x", "test")])
    monkeypatch.setattr(sample_mod, "MAX_REDRAWS", 5)
    with pytest.raises(SamplingError):
        sample_game(9)
    assert MAX_REDRAWS == 1000


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        sample_game(1, family="rummikub")
    for players in (0, 1, 9):
        with pytest.raises(ValueError):
            sample_game(1, players=players)


# --- the players option ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_players_option(players: int) -> None:
    """2–6: the catalogue's range, redrawn until it includes the count; 7–8: the maximum is stretched."""
    ranges = Counter()
    for seed in range(60):
        spec = sample_game(seed, players=players).spec
        assert spec.players.min <= players <= spec.players.max
        assert check_spec(spec) == []
        ranges[(spec.players.min, spec.players.max)] += 1
        if players > 6:
            assert spec.players.max == players
    assert len(ranges) >= 2, "the range is still drawn, not forced to one value"
    assert dump_yaml(sample_game(5, players=players).spec) == dump_yaml(sample_game(5, players=players).spec)


# --- what the specs contain --------------------------------------------------------------------------


def _bad_suit_users(spec: GameSpec) -> set[str]:
    used = set()
    if spec.play.breaking:
        used.add(spec.play.breaking.suit)
    if spec.play.first_trick_ban:
        used.add(spec.play.first_trick_ban)
    if spec.scoring.kind == "avoid-suit":
        used.add(spec.scoring.suit)
    if spec.play.joker_lead:
        used.add(spec.play.joker_lead)
    if spec.play.kitty_capture and spec.play.kitty_capture.suit:
        used.add(spec.play.kitty_capture.suit)
    return used


@pytest.mark.slow
def test_spec_invariants(specs: list[GameSpec]) -> None:
    for spec in specs:
        deck, deal, play, scoring = spec.deck, spec.deal, spec.play, spec.scoring
        full = deck.full_order()
        assert deck.removed == [r for r in full if r in deck.removed], "removed ranks in rank-list order"
        assert len(deck.removed) <= 4 and (not deck.removed or full[0] not in deck.removed or len(deck.removed) <= 2)
        assert deck.promoted != "A"
        if deck.order in ("two-over-ace", "three-two-over-ace", "promoted", "no-courts") or deck.kind == "german32":
            assert deck.removed == []
        assert deck.kind != "tarot" or deck.jokers == 0
        bad = _bad_suit_users(spec)
        assert len(bad) <= 1, "breaking, first-trick ban and avoid-suit share the bad suit"
        assert bad <= set(SUITS[deck.kind])
        if deal.misdeal:
            assert deal.misdeal.suit not in bad
        if deal.kitty:
            assert deal.kitty.name in KITTY_NAMES
            assert deal.kitty.form != "contributed" or deal.hand_size == "all"
            assert deal.kitty.form != "dealt" or 3 <= deal.kitty.size <= 5
        if deal.hand_size_over_three is not None:
            assert deal.hand_size - deal.hand_size_over_three in (3, 4) and deal.hand_size > 8
        if deal.hand_size == "all":
            assert deal.odd_card is None
        else:
            assert deal.hand_size * spec.players.max <= deck.size()
        t = spec.setup.trumps
        if t.method == "fixed":
            assert t.suit in SUITS[deck.kind] and t.suit != "majors"
        if t.method == "majors":
            assert deck.kind == "tarot"
        if deal.hand_size == "all":
            assert t.method != "turn-up"
        if spec.setup.anti_trumps:
            # majors only as the fixed suit (drawn before anti-trumps), never the no-trump tarot rule
            assert deal.kitty is None and t.method not in ("hidden", "first-card", "none")
        if play.opening_card:
            assert play.opening_card in deck.cards()
        if play.weak_led_suit:
            assert play.weak_led_suit in WEAK_NAMES
        if play.breaking:
            assert play.breaking.verb in BREAK_VERBS
        if scoring.kind == "per-trick" and scoring.beyond:
            h = deal.hand_size
            assert h != "all" and 4 * h // 10 <= scoring.beyond <= 6 * h // 10
        if scoring.kind == "avoid-suit":
            for card in (scoring.penalty_card, scoring.bonus_card, scoring.doubler):
                if card:
                    assert card.card in deck.cards()
                    assert deck.kind != "tarot" or card.nickname is None
            if scoring.bonus_card and deck.kind != "tarot":
                assert scoring.bonus_card.nickname
            for card in (scoring.penalty_card, scoring.bonus_card):
                if card:
                    assert 7 <= card.points <= 13
            assert scoring.joker_loss is None or (deck.jokers and 3 <= scoring.joker_loss <= 9)
            assert scoring.shoot_the_moon is None or 7 <= scoring.shoot_the_moon <= 31
            assert spec.ending.condition.kind != "target"
        cond = spec.ending.condition
        if cond.kind in ("target", "threshold") and cond.points > 50:
            assert cond.points % 10 == 0
        n = spec.naming
        if _no_adjective(spec):
            assert n.adjective in QUALITIES
        else:
            assert n.adjective in {w for words in ADJECTIVES.values() for w in words} | set(QUALITIES)
        assert len(n.aliases) == len(set(a.casefold() for a in n.aliases)) and n.name not in n.aliases
        _new_module_invariants(spec)


def _new_module_invariants(spec: GameSpec) -> None:
    """The issue-3 modules: drawn only where the catalogue allows them, with its word lists."""
    deck, deal, st, b, play, sc = spec.deck, spec.deal, spec.setup, spec.bidding, spec.play, spec.scoring
    method = st.trumps.method
    trump_flag = method not in ("none", "first-card")
    if st.robbing:
        assert method == "turn-up" and st.robbing.verb in ROB_VERBS
    if st.top_trump_point:
        assert method in TRUMPS_KNOWN_AT_START
    if st.pig:
        assert st.pig.card in deck.cards() and st.pig.name in PIG_NAMES
        assert deck.kind != "tarot" or st.pig.card.startswith("major ")
    else:
        assert play.pig_lead == "free"
    if st.extra_rules:
        first, noun = st.extra_rules.name.rsplit(" ", 1)
        assert noun in RULE_NOUNS
        if st.extra_rules.kind == "bonus":
            assert first in BONUS_WORDS and st.extra_rules.inventor == "dealer"
        else:
            assert first in SECRET_WORDS and not st.extra_rules.repeal
    if st.exchange:
        assert st.exchange.name in EXCHANGE_NAMES
        assert deal.hand_size != "all" and not (deal.kitty and deal.kitty.form == "undealt")
        assert (st.exchange.cards == 1) if st.exchange.single else st.exchange.cards in (1, 2, 3)
        assert any(left >= n * st.exchange.cards for n, left in stock_sizes(deck, deal, spec.players).items())
    if b.tricks:
        if b.tricks.order == "simultaneous":
            assert b.tricks.blind == "none" and not b.tricks.hook
        assert sc.kind != "avoid-suit"
    else:
        assert sc.kind != "exact-bid"
    if b.auction:
        assert b.auction.title in LANDLORD_TITLES and spec.players.min >= 3
        assert deal.kitty is not None and deal.kitty.form in ("dealt", "undealt")
        assert play.opening_leader == "landlord" and play.kitty_capture is None
    else:
        assert play.opening_leader != "landlord"
    if not deck.jokers:
        assert play.jokers == "top" and play.joker_lead is None
    elif not trump_flag:
        assert play.jokers in ("top", "wild")
    if deck.jokers == 1:
        assert play.jokers != "split"
    if play.boost:
        assert play.boost.rank in deck.ranks() and play.boost.name in BOOST_NAMES
    if play.kitty_capture:
        assert deal.kitty is not None
        cap = play.kitty_capture
        assert (cap.suit is None) != (cap.card is None)
        if cap.card:
            assert cap.card in deck.cards() and (cap.nickname is None) == (deck.kind == "tarot")
    elif deal.kitty is not None:
        assert b.auction is not None
    if sc.kind == "avoid-suit":
        assert (sc.pig_points is not None) == (st.pig is not None)
        assert sc.pig_points is None or 3 <= abs(sc.pig_points) <= 9
    else:
        x = sc.extras
        assert (x.pig != "none") == (st.pig is not None)
        assert x.joker_tricks == "none" or deck.jokers
        assert x.top_trump == "none" or trump_flag
        assert not x.bid_all_wins or b.tricks
    if sc.kind == "per-trick":
        assert (sc.exact_bonus == 10) == (b.tricks is not None) and (sc.exact_bonus is None) == (b.tricks is None)
        assert sc.zero_bonus is None or (b.tricks and 1 <= sc.zero_bonus <= 5)
        blind = b.tricks is not None and b.tricks.blind != "none"
        assert (sc.blind_bonus is not None) == blind and (not blind or 1 <= sc.blind_bonus <= 5)


def _basis(spec: GameSpec) -> F:
    """EN-03's g: 10 / 35 for avoid-suit, 13 for the exact bid, H/2 per trick (+5 with trick
    bidding); a landlord adds 0.6 × the most players."""
    s = spec.scoring
    if s.kind == "avoid-suit":
        g = F(10 if s.per_card == "one" else 35)
    elif s.kind == "exact-bid":
        g = F(13)
    else:
        g = F(spec.deal.hand_size, 2) + (5 if spec.bidding.tricks else 0)
    return g + (F(3, 5) * spec.players.max if spec.bidding.auction else 0)


@pytest.mark.slow
def test_targets_follow_the_basis(specs: list[GameSpec]) -> None:
    """EN-03: T = U[⌊3.5g⌋..⌊7g⌋], rounded up to tens above 50: per trick with fixed H and no bidding
    U[⌊1.75H⌋..⌊3.5H⌋]; 1-point avoid-suit −35…−70; face value −130…−250; exact bid 45…100."""
    checked = Counter()
    for spec in specs:
        c = spec.ending.condition
        if c.kind not in ("target", "threshold") or spec.deal.hand_size == "all":
            continue
        g = _basis(spec)
        lo, hi = int(F(7, 2) * g), int(7 * g)
        assert lo <= c.points <= (hi if hi <= 50 else -(-hi // 10) * 10), (c, g)
        assert c.points <= 50 or c.points % 10 == 0
        checked[(spec.scoring.kind, bool(spec.bidding.tricks), bool(spec.bidding.auction))] += 1
    assert checked[("exact-bid", True, False)] and checked[("per-trick", True, False)]
    assert any(auction for (_, _, auction) in checked)


# --- coverage: 3,000 games reach every option of every module ---------------------------------------


@pytest.mark.slow
def test_every_option_is_reached(specs: list[GameSpec]) -> None:
    seen: dict[str, set] = {}

    def see(key: str, value) -> None:
        seen.setdefault(key, set()).add(value)

    for s in specs:
        see("country", s.naming.country)
        see("aliases", len(s.naming.aliases))
        see("show_country", s.naming.show_country)
        see("fact", s.naming.fact)
        see("players", (s.players.min, s.players.max))
        see("deck.kind", s.deck.kind)
        see("deck.order", s.deck.order)
        see("deck.removed", len(s.deck.removed))
        see("deck.jokers", s.deck.jokers)
        see("deal.all", s.deal.hand_size == "all")
        see("deal.over_three", s.deal.hand_size_over_three is not None)
        see("deal.odd", (s.deal.odd_card.who, s.deal.odd_card.extra) if s.deal.odd_card else None)
        see("deal.misdeal", s.deal.misdeal.must_show if s.deal.misdeal else None)
        see("deal.kitty", s.deal.kitty.form if s.deal.kitty else None)
        see("trumps", s.setup.trumps.method)
        see("caller", getattr(s.setup.trumps, "caller", None))
        see("anti_trumps", s.setup.anti_trumps)
        see("opening_leader", s.play.opening_leader)
        see("opening_lead", s.play.opening_lead)
        see("weak", s.play.weak_led_suit is not None)
        see("following", (s.play.following, s.play.otherwise))
        see("breaking", s.play.breaking is not None)
        see("first_trick_ban", s.play.first_trick_ban is not None)
        see("winner", s.play.winner)
        see("next_leader", s.play.next_leader)
        see("scoring", s.scoring.kind)
        if s.scoring.kind == "avoid-suit":
            sc = s.scoring
            see("per_card", sc.per_card)
            see("penalty", (sc.penalty_card is not None, bool(sc.penalty_card and sc.penalty_card.nickname)))
            see("bonus", sc.bonus_card is not None)
            see("joker_loss", sc.joker_loss is not None)
            see("moon", sc.shoot_the_moon is not None)
            see("doubler", sc.doubler is not None)
        elif s.scoring.kind == "per-trick":
            see("beyond", s.scoring.beyond > 0)
        see("ending", (s.ending.condition.kind, getattr(s.ending.condition, "back_up", None)))
        see("ties", s.ending.ties)
        st, b, p = s.setup, s.bidding, s.play
        see("robbing", st.robbing.form if st.robbing else None)
        see("top_trump_point", st.top_trump_point)
        see("high_low", st.high_low)
        see("pig", st.pig is not None)
        see("extra_rules", (st.extra_rules.kind, st.extra_rules.repeal, st.extra_rules.inventor) if st.extra_rules else None)
        see("exchange", (st.exchange.cards, st.exchange.single) if st.exchange else None)
        see("bidding", (b.tricks.order, b.tricks.blind, b.tricks.hook) if b.tricks else None)
        see("auction", b.auction is not None)
        see("jokers", (s.deck.jokers, p.jokers))
        see("joker_lead", p.joker_lead is not None)
        see("boost", p.boost is not None)
        see("pig_lead", p.pig_lead)
        see("kitty_capture", ("card" if p.kitty_capture.card else "suit") if p.kitty_capture else None)
        if s.scoring.kind == "avoid-suit":
            see("pig_points", None if s.scoring.pig_points is None else s.scoring.pig_points > 0)
        else:
            x = s.scoring.extras
            see("extras", ("joker_tricks", x.joker_tricks))
            see("extras", ("pig", x.pig))
            see("extras", ("top_trump", x.top_trump))
            see("extras", ("bid_all_wins", x.bid_all_wins))
        if s.scoring.kind == "exact-bid":
            see("exact_otherwise", s.scoring.otherwise)
        if s.scoring.kind == "per-trick":
            see("bid_bonuses", (s.scoring.exact_bonus, s.scoring.zero_bonus is not None, s.scoring.blind_bonus is not None))

    expected = {
        "country": {"en", "fr", "de"},
        "aliases": {0, 1, 2},
        "show_country": {True, False},
        # those are climbing's (and melding's), matching's and melding's
        "fact": {None} | set(FACTS) - {"countdown", "face-down-rows", "titles", "bomb", "cheat", "two-discard-piles",
                                       "points-in-hand", "desert", "rearranging", "full-house"},
        "players": {(2, 3), (2, 4), (2, 5), (2, 6), (3, 4), (3, 5), (3, 6)},
        "deck.kind": {"standard", "french32", "german32", "tarot"},
        "deck.order": {"ace-high", "ace-low", "no-courts", "two-over-ace", "three-two-over-ace", "promoted", "natural"},
        "deck.removed": {0, 1, 2, 3, 4},
        "deck.jokers": {0, 1, 2},
        "deal.all": {True, False},
        "deal.over_three": {True, False},
        "deal.odd": {None} | {(w, e) for w in ("dealer-right", "dealer-left", "dealer") for e in (True, False)},
        "deal.misdeal": {None, True, False},
        "deal.kitty": {None, "dealt", "undealt", "contributed"},
        "trumps": {"none", "turn-up", "called", "last-card", "rotating", "fixed", "hidden", "first-card", "majors"},
        "caller": {None, "dealer", "dealer-left"},
        "anti_trumps": {True, False},
        "opening_leader": {"dealer", "dealer-left", "holder", "landlord"},
        "opening_lead": {"any", "no-trump"},
        "weak": {True, False},
        "following": {("must-follow", "any"), ("follow-or-trump", "any"), ("free", "any"), ("must-follow", "trump"),
                      ("must-follow", "higher"), ("must-follow", "new-suit"), ("must-follow", "new-rank")},
        "breaking": {True, False},
        "first_trick_ban": {True, False},
        "winner": {"led-suit", "any-suit"},
        "next_leader": {"winner", "left-of-leader", "lowest-card"},
        "scoring": {"avoid-suit", "per-trick", "exact-bid"},
        "per_card": {"one", "face-value"},
        "penalty": {(False, False), (True, False), (True, True)},
        "bonus": {True, False},
        "joker_loss": {True, False},
        "moon": {True, False},
        "doubler": {True, False},
        "beyond": {True, False},
        "ending": {("target", None), ("threshold", None), ("rounds", None), ("shrinking", False), ("shrinking", True)},
        "ties": {"extra-hand", "latest-winner"},
        "robbing": {None, "take-and-discard", "swap"},
        "top_trump_point": {True, False},
        "high_low": {True, False},
        "pig": {True, False},
        "extra_rules": {None, ("bonus", False, "dealer"), ("bonus", True, "dealer"), ("secret", False, "dealer"),
                        ("secret", False, "random-player"), ("secret", False, "dealer-and-right")},
        "exchange": {None, (1, True), (2, False), (3, False)},
        "bidding": {None, ("simultaneous", "none", False)}
        | {(o, blind, hook) for o in ("dealer", "dealer-left") for blind in ("none", "any") for hook in (True, False)}
        | {(o, "zero", True) for o in ("dealer", "dealer-left")},
        "auction": {True, False},
        "jokers": {(0, "top"), (1, "top"), (1, "bottom"), (1, "wild"), (2, "top"), (2, "split"), (2, "wild")},
        "joker_lead": {True, False},
        "boost": {True, False},
        "pig_lead": {"free", "no-lead", "no-lead-or-first"},
        "kitty_capture": {None, "card", "suit"},
        "pig_points": {None, True, False},
        "extras": {("joker_tricks", o) for o in ("none", "void", "bonus")} | {("pig", o) for o in ("none", "plus", "minus", "nothing")}
        | {("top_trump", o) for o in ("none", "plus", "minus")} | {("bid_all_wins", o) for o in (True, False)},
        "exact_otherwise": {"zero", "tricks-if-under", "tricks-if-over"},
        "bid_bonuses": {(None, False, False), (10, False, False), (10, True, False), (10, False, True), (10, True, True)},
    }
    for key, values in expected.items():
        assert seen[key] == values, (key, values - seen[key], seen[key] - values)


# --- module rates against the catalogue -----------------------------------------------------------------


@pytest.mark.statistical
def test_module_rates_match_the_catalogue(specs: list[GameSpec]) -> None:
    """Over every drawn spec (before the checks) each option's rate is within 4.5 standard errors of
    the catalogue's; the accepted specs stay close too (redraws only thin out a few combinations)."""
    drawn, accepted = sample_all(N_GAMES)   # Parlour's catalogue: the book's rows, and Parlour's own
    assert accepted[:300] == [sample_game(seed, flavour=True).spec for seed in range(300)]
    rows = frequency_rows(drawn, accepted)
    assert len(rows) > 80
    for row in rows:
        assert 0 <= row.expected <= 1
        if row.drawn_n >= 200:
            se = sqrt(row.expected * (1 - row.expected) / row.drawn_n)
            assert abs(row.drawn - row.expected) <= 4.5 * se + 1e-9, row
            assert abs(row.accepted - row.expected) <= 4.5 * se + 0.02, row
    table = format_table(rows)
    assert table.startswith("| module |") and table.count("\n") == len(rows) + 1


@pytest.mark.slow
def test_cards_named_in_specs_exist(specs: list[GameSpec]) -> None:
    for spec in specs[:500]:
        cards = set(spec.deck.cards())
        for suit in _bad_suit_users(spec):
            assert any(card_suit(c) == suit for c in cards)
