"""Climbing's rows of the catalogue's rates (``generator.sample.frequencies`` gathers them, and takes
each over climbing's games only): its deck and deal, the setup and bidding the shedding families
share, its play (CL-01…CL-13) and its scoring — trick scoring or the countdown for piles taken as
tricks, shedding scoring for piles set aside, the rules between titles hands — and the end."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import _TWO_JOKERS, Pred, Row6, _all, _hand_value, _shedding_setup_rows, _spare, _w
from generator.spec import GameSpec
from generator.spec.scoring import losing_points


def _sets(s: GameSpec) -> bool:
    return s.play.sets_allowed()


def _collects(how: str) -> Pred:
    """Games whose piles are taken as tricks (``trick``) or set aside, scored without tokens."""
    return lambda s: s.play.collection == how and s.deal.tokens is None


def _deal_rows() -> list[Row6]:
    """DK-05, DL-03…DL-05, DL-11, DL-12 and the setup and bidding modules every family draws."""
    everyone: Pred = lambda s: True  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    r: list[Row6] = [
        ("DK-01 deck", "tarot", "all", everyone, lambda s: s.deck.kind == "tarot",
         F(1, 15) * F(1, 3) + F(1, 15) * F(14, 15) * F(2, 3)),
        _TWO_JOKERS,
        ("DK-05 run wrap", "yes", "runs may be led", lambda s: s.play.leads == "runs", lambda s: s.deck.run_wrap,
         F(1, 8)),
        ("DL-03 deal all", "all", "nominal H > 10", lambda s: _all(s) or s.deal.hand_size > 10, _all, F(1, 3)),
        ("DL-04 tokens", "yes", "fixed hand", lambda s: not _all(s), tokens, F(1, 24)),
        ("DL-04 tokens", "name 'coin'", "tokens", tokens, lambda s: s.deal.tokens.name == "coin", _w(6, 0)),
        ("DL-05 fewer over three", "set", "H > 8, max > 3, fixed hand, no tokens",
         lambda s: not _all(s) and not tokens(s) and s.deal.hand_size > 8 and s.players.max > 3,
         lambda s: s.deal.hand_size_over_three is not None, F(1, 2)),
        ("DL-11 kitty", "dealt", "fixed hand, ≥ 10 spare", lambda s: (_spare(s) or 0) >= 10,
         lambda s: s.deal.kitty is not None and s.deal.kitty.form == "dealt", F(1, 8)),
        *_shedding_setup_rows("dealt or undealt kitty, min players ≥ 3"),
    ]
    return r


def _play_rows() -> list[Row6]:
    """CL-01…CL-13."""
    everyone: Pred = lambda s: True  # noqa: E731
    p = lambda s: s.play  # noqa: E731
    holder = lambda s: p(s).opening_leader == "holder"  # noqa: E731
    shapes = lambda s: not holder(s) and not s.deal.rows  # noqa: E731
    bomb = lambda s: p(s).bomb is not None  # noqa: E731
    tp = lambda s: p(s).transparent is not None  # noqa: E731
    capture = lambda s: p(s).kitty_capture is not None  # noqa: E731
    r: list[Row6] = [
        ("CL-01 opening leader", "holder", "deal all, no run wrap, no auction",
         lambda s: _all(s) and not s.deck.run_wrap and s.bidding.auction is None, holder, F(1, 8)),
        ("CL-01 opening leader", "landlord", "auction", lambda s: s.bidding.auction is not None,
         lambda s: p(s).opening_leader == "landlord", F(1)),
        ("CL-01 opening leader", "dealer", "dealer or dealer's left",
         lambda s: p(s).opening_leader in ("dealer", "dealer-left"), lambda s: p(s).opening_leader == "dealer", F(1, 2)),
        # Parlour's option beyond the catalogue (President's rule), drawn from its own stream
        ("CL-01 opening leader", "led with others", "holder", holder, lambda s: p(s).opening_play == "with",
         F(1, 16)),
        ("CL-02 leads", "singles", "no rows, no holder", shapes, lambda s: p(s).leads == "singles", F(1, 16)),
        ("CL-02 leads", "runs", "no rows, no holder", shapes, lambda s: p(s).leads == "runs", F(15, 16) * F(2, 3)),
        ("CL-02 leads", "sets", "no rows, no holder", shapes, lambda s: p(s).leads == "sets", F(15, 16) * F(1, 3)),
        ("CL-02 leads", "singles with rows", "rows", lambda s: s.deal.rows, lambda s: p(s).leads == "singles", F(1)),
        ("CL-02 leads", "same-suit runs", "runs", lambda s: p(s).leads == "runs", lambda s: p(s).runs == "same-suit",
         F(3, 4)),
        ("CL-03 must play", "yes", "all", everyone, lambda s: p(s).must_play, F(1, 16)),
        ("CL-04 beating", "sets-crush", "all", everyone, lambda s: p(s).beating == "sets-crush", F(1, 8)),
        ("CL-04 beating", "higher-sets", "all", everyone, lambda s: p(s).beating == "higher-sets", F(7, 64)),
        ("CL-05 jokers", "top", "jokers", lambda s: s.deck.jokers > 0, lambda s: p(s).jokers == "top", F(1, 8)),
        ("CL-05 jokers", "natural beats joker", "wild jokers, sets", lambda s: p(s).jokers == "wild" and _sets(s),
         lambda s: p(s).natural_beats_joker, F(1, 8)),
        ("CL-06 low bomb", "yes", "all", everyone, lambda s: p(s).low_bomb, F(1, 8)),
        ("CL-07 colour match", "yes", "standard pack, no low bomb",
         lambda s: s.deck.kind == "standard" and not p(s).low_bomb, lambda s: p(s).colour_match, F(1, 8)),
        ("CL-08 bomb", "yes", "no low bomb", lambda s: not p(s).low_bomb, bomb, F(1, 8)),
        ("CL-08 bomb", "name 'bomb'", "bomb", bomb, lambda s: p(s).bomb.name == "bomb", _w(8, 0)),
        ("CL-08 bomb", "rocket", "bomb, two jokers", lambda s: bomb(s) and s.deck.jokers == 2,
         lambda s: p(s).bomb.rocket is not None, F(1, 4)),
        ("CL-09 transparent", "yes", "all", everyone, tp, F(1, 8)),
        ("CL-09 transparent", "word 'transparent'", "transparent", tp,
         lambda s: p(s).transparent.word == "transparent", _w(6, 0)),
        ("CL-11 trick end", "first pass", "no sets", lambda s: not _sets(s), lambda s: p(s).trick_end == "first-pass",
         F(1, 2)),
        ("CL-11 trick end", "no rejoin", "all passed", lambda s: p(s).trick_end == "all-passed",
         lambda s: not p(s).rejoin, F(1, 8)),
        ("CL-12 collection", "trick", "all", everyone, lambda s: p(s).collection == "trick", F(1, 2)),
        ("CL-13 kitty capture", "yes", "kitty, no auction",
         lambda s: s.deal.kitty is not None and s.bidding.auction is None, capture, F(1)),
        ("CL-13 kitty capture", "by suit", "kitty capture", capture, lambda s: p(s).kitty_capture.suit is not None,
         F(1, 2)),
    ]
    return r


def _scoring_rows() -> list[Row6]:
    """SC-A1…SC-A5, SC-B, SC-T in climbing, WU-01…WU-05, EN-01…EN-04."""
    s_ = lambda s: s.scoring  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    kind = lambda k: (lambda s: s_(s).kind == k)  # noqa: E731
    titles = kind("titles")
    retire = lambda s: titles(s) and s_(s).retire  # noqa: E731
    passing = lambda s: s_(s).passing.kind if titles(s) and s_(s).passing else None  # noqa: E731
    free = lambda s: titles(s) and s_(s).loser_penalty == 0  # noqa: E731
    costly = lambda s: titles(s) and s_(s).loser_penalty > 0  # noqa: E731
    shed_rest = lambda s: _collects("set-aside")(s) and not _hand_value(s)  # noqa: E731
    r: list[Row6] = [
        ("SC-B countdown", "yes", "tricks, tokens", lambda s: s.play.collection == "trick" and tokens(s),
         kind("countdown"), F(1)),
        ("SC-A1 countdown", "yes", "set aside, tokens", lambda s: s.play.collection == "set-aside" and tokens(s),
         kind("countdown"), F(1)),
        ("SC-T1 avoid suit", "yes", "tricks, no tokens", _collects("trick"), kind("avoid-suit"), F(1, 3)),
        ("SC-T3 per trick", "yes", "tricks, no tokens", _collects("trick"), kind("per-trick"), F(2, 3)),
        ("SC-A2 hand value", "yes", "set aside, no tokens", _collects("set-aside"), _hand_value, F(1, 2)),
        ("SC-A2 hand value", "card values", "hand value, no auction",
         lambda s: _hand_value(s) and s.bidding.auction is None, kind("card-values"), F(1, 2)),
        ("SC-A2 hand value", "card values: losers lose", "card values", kind("card-values"),
         lambda s: s_(s).losers_lose, F(1, 4)),
        ("SC-A2 hand value", "card count: losers lose", "card count", kind("card-count"),
         lambda s: s_(s).losers_lose, F(1, 3)),
        ("SC-A2 hand value", "knock five", "hand value, no rows", lambda s: _hand_value(s) and not s.deal.rows,
         lambda s: s_(s).round_end == "knock-five", F(1, 16)),
        ("SC-A2 hand value", "stock out", "hand value", _hand_value, lambda s: s_(s).stock_out, F(1, 24)),
        ("SC-A2 hand value", "low finish double", "hand value", _hand_value, lambda s: s_(s).low_finish_double,
         F(1, 24)),
        ("SC-A2 hand value", "landlord stake", "hand value, auction",
         lambda s: _hand_value(s) and s.bidding.auction is not None, kind("landlord-stake"), F(1)),
        ("SC-A3 titles", "yes", "set aside, no tokens, not hand value", shed_rest, titles, F(1, 4)),
        ("SC-A3 titles", "retire", "titles", titles, lambda s: s_(s).retire, F(2, 3)),
        ("SC-A3 titles", "vice", "titles, retire", retire, lambda s: s_(s).vice is not None, F(1, 3)),
        ("SC-A3 titles", "no loser penalty", "titles", titles, lambda s: s_(s).loser_penalty == 0, F(1, 3)),
        ("SC-A3 titles", "first scores 2", "titles", titles, lambda s: s_(s).first == 2, F(1, 3)),
        ("SC-A3 titles", "first scores 4", "titles", titles, lambda s: s_(s).first == 4, F(1, 6)),
        ("SC-A3 titles", "title 'leader'", "titles", titles, lambda s: s_(s).title == "leader", _w(11, 0)),
        ("SC-A3 titles", "loser 'peasant'", "titles", titles, lambda s: s_(s).loser == "peasant", _w(20, 0)),
        ("SC-A4 first out", "yes", "set aside, no tokens, not hand value", shed_rest, kind("first-out"), F(3, 4)),
        ("SC-A5 rule maker", "vice", "titles with a vice, invented rules",
         lambda s: titles(s) and s_(s).vice is not None and s.setup.extra_rules is not None,
         lambda s: s_(s).rule_maker == "vice", F(1, 2)),
        ("WU-01 starter", "loser", "titles, no vice", lambda s: titles(s) and s_(s).vice is None,
         lambda s: s_(s).starter == "loser", F(1, 9)),
        ("WU-02 best card", "yes", "titles, no loser penalty", free, lambda s: passing(s) == "best-card", F(9, 16)),
        ("WU-03 two cards", "yes", "titles, no loser penalty", free, lambda s: passing(s) == "two-cards", F(7, 16)),
        ("WU-02 best card", "yes", "titles, a loser penalty", costly, lambda s: passing(s) == "best-card", F(1, 8)),
        ("WU-03 two cards", "yes", "titles, a loser penalty", costly, lambda s: passing(s) == "two-cards",
         F(7, 8) * F(1, 8)),
        ("WU-03 two cards", "three back", "two cards", lambda s: passing(s) == "two-cards",
         lambda s: s_(s).passing.returned == 3, F(1, 2)),
        ("WU-04 swap hands", "yes", "titles, a loser penalty", costly, lambda s: passing(s) == "swap-hands",
         F(7, 8) ** 2 * F(1, 8)),
        ("WU-05 loser deals", "yes", "titles, a loser penalty", costly, lambda s: passing(s) == "loser-deals",
         F(7, 8) ** 3 * F(1, 8)),
        ("WU-05 loser deals", "none", "titles, a loser penalty", costly, lambda s: passing(s) is None, F(7, 8) ** 4),
        ("EN-01 tokens", "yes", "tokens", tokens, lambda s: s.ending.condition.kind == "tokens", F(1)),
        ("EN-02 fixed length", "any", "no tokens", lambda s: not tokens(s),
         lambda s: s.ending.condition.kind in ("rounds", "shrinking"), F(1, 8)),
        ("EN-03 target", "threshold", "losing points", lambda s: losing_points(s_(s)),
         lambda s: s.ending.condition.kind == "threshold", F(7, 8)),
        ("EN-03 target", "target", "gains, no tokens", lambda s: not tokens(s) and not losing_points(s_(s)),
         lambda s: s.ending.condition.kind == "target", F(7, 8)),
        ("EN-04 ties", "extra-hand", "no tokens", lambda s: not tokens(s), lambda s: s.ending.ties == "extra-hand",
         F(1, 2)),
    ]
    return r


def rows() -> list[Row6]:
    """The rows of climbing games."""
    return _deal_rows() + _play_rows() + _scoring_rows()
