"""Trick-taking's rows of the catalogue's rates (``generator.sample.frequencies`` gathers them, and
takes each over trick-taking's games only): the naming, the deck, the deal, trumps and the rest of
the setup, bidding, trick play, trick scoring and the end, as trick-taking's sampler draws them."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import _REACH_4, Pred, Row6, _all, _removal, _spare, _stock_for_exchange, _w
from generator.spec import GameSpec, derived

_TRUMP = F(2, 3) * F(31, 32) * F(31, 32)  # trumps, neither first-card nor hidden
_MUST = F(7, 8) * F(7, 8)  # TT-04 reaches the must-follow branch


def _trumps(s: GameSpec) -> bool:
    """The generator's trump flag (first-card does not raise it)."""
    return s.setup.trumps.method not in ("none", "first-card")


def _per_trick(s: GameSpec) -> bool:
    return s.scoring.kind == "per-trick"


def _tricks_scored(s: GameSpec) -> bool:
    """SC-T2 or SC-T3: the branch that carries the SC-T4 extras."""
    return s.scoring.kind in ("per-trick", "exact-bid")


def _no_adjective(s: GameSpec) -> bool:
    """No module registered an adjective list (NM-05), so the adjective is a quality word."""
    st = s.setup
    return (s.naming.fact is None and not st.high_low and st.extra_rules is None
            and s.bidding.tricks is None and s.bidding.auction is None)


def _setup_rows() -> list[Row6]:
    """SU-04…SU-10."""
    everyone: Pred = lambda s: True  # noqa: E731
    r: list[Row6] = []
    rob = lambda s: s.setup.robbing is not None  # noqa: E731
    r.append(("SU-04 robbing", "yes", "turn-up trumps", lambda s: s.setup.trumps.method == "turn-up", rob, F(1, 8)))
    r.append(("SU-04 robbing", "swap", "robbing", rob, lambda s: s.setup.robbing.form == "swap", F(1, 2)))
    r.append(("SU-04 robbing", "verb 'rob'", "robbing", rob, lambda s: s.setup.robbing.verb == "rob", _w(8, 0)))
    r.append(("SU-05 joker turned", "turned trump card", "jokers, not tarot, fixed hand",
              lambda s: s.deck.jokers > 0 and not _all(s),
              lambda s: derived.shows_trump_card(s.setup),
              _TRUMP * (_w(6, 0) + _w(6, 1) + _w(6, 3)) + F(2, 3) * F(31, 32) * F(1, 32)))
    r.append(("SU-06 top trump point", "yes", "trumps known at the deal (not majors)",
              lambda s: s.setup.trumps.method in ("turn-up", "called", "last-card", "rotating", "fixed"),
              lambda s: s.setup.top_trump_point, F(1, 8)))
    r.append(("SU-07 high/low", "yes", "all", everyone, lambda s: s.setup.high_low, F(1, 20)))
    pig = lambda s: s.setup.pig is not None  # noqa: E731
    r.append(("SU-08 pig", "yes", "all", everyone, pig, F(1, 8)))
    r.append(("SU-08 pig", "name 'sheep'", "pig", pig, lambda s: s.setup.pig.name == "sheep", _w(19, 0)))
    extra = lambda s: s.setup.extra_rules is not None  # noqa: E731
    bonus = lambda s: extra(s) and s.setup.extra_rules.kind == "bonus"  # noqa: E731
    secret = lambda s: extra(s) and s.setup.extra_rules.kind == "secret"  # noqa: E731
    r.append(("SU-09 extra rules", "any", "all", everyone, extra, F(1, 32)))
    r.append(("SU-09 extra rules", "bonus", "extra rules", extra, bonus, F(1, 2)))
    r.append(("SU-09 extra rules", "noun 'rule'", "extra rules", extra,
              lambda s: s.setup.extra_rules.name.endswith(" rule"), _w(7, 0)))
    r.append(("SU-09 extra rules", "bonus: may repeal", "bonus rules", bonus, lambda s: s.setup.extra_rules.repeal, F(1, 2)))
    r.append(("SU-09 extra rules", "bonus: word 'bonus'", "bonus rules", bonus,
              lambda s: s.setup.extra_rules.name.startswith("bonus "), _w(3, 0)))
    r.append(("SU-09 extra rules", "secret: word 'secret'", "secret rules", secret,
              lambda s: s.setup.extra_rules.name.startswith("secret "), _w(7, 0)))
    for k, who in enumerate(("dealer", "random-player", "dealer-and-right")):
        r.append(("SU-09 extra rules", f"secret: {who}", "secret rules", secret,
                  lambda s, who=who: s.setup.extra_rules.inventor == who, _w(3, k)))
    ex = lambda s: s.setup.exchange is not None  # noqa: E731
    r.append(("SU-10 exchange", "yes", "a stock of a card per player", _stock_for_exchange, ex, F(1, 8)))
    r.append(("SU-10 exchange", "single card", "exchange", ex, lambda s: s.setup.exchange.single, F(1, 2)))
    r.append(("SU-10 exchange", "name 'exchange'", "exchange", ex, lambda s: s.setup.exchange.name == "exchange", _w(8, 0)))
    return r


def _bidding_rows() -> list[Row6]:
    """BD-01, BD-03."""
    everyone: Pred = lambda s: True  # noqa: E731
    bid = lambda s: s.bidding.tricks is not None  # noqa: E731
    in_turn = lambda s: bid(s) and s.bidding.tricks.order != "simultaneous"  # noqa: E731
    blind = lambda s: in_turn(s) and s.bidding.tricks.blind != "none"  # noqa: E731
    auction = lambda s: s.bidding.auction is not None  # noqa: E731
    return [
        ("BD-01 trick bidding", "any", "all", everyone, bid, F(1, 8)),
        ("BD-01 trick bidding", "simultaneous", "trick bidding", bid,
         lambda s: s.bidding.tricks.order == "simultaneous", F(1, 4)),
        ("BD-01 trick bidding", "from the dealer", "bids in turn", in_turn,
         lambda s: s.bidding.tricks.order == "dealer", F(1, 2)),
        ("BD-01 trick bidding", "blind bids", "bids in turn", in_turn, blind, F(1, 8)),
        ("BD-01 trick bidding", "blind bid only zero", "blind bids", blind,
         lambda s: s.bidding.tricks.blind == "zero", F(1, 9)),
        ("BD-01 trick bidding", "hook", "bids in turn", in_turn, lambda s: s.bidding.tricks.hook, F(2, 3)),
        ("BD-03 auction", "yes", "dealt or undealt kitty, min players ≥ 3",
         lambda s: derived.kitty_at_deal(s.deal) and s.players.min >= 3,
         auction, F(1, 4)),
        ("BD-03 auction", "title 'squire'", "auction", auction, lambda s: s.bidding.auction.title == "squire", _w(14, 0)),
        ("TT-01 opening leader", "landlord", "auction", auction, lambda s: s.play.opening_leader == "landlord", F(1)),
    ]


def _play_rows() -> list[Row6]:
    """TT-05, TT-06, TT-09, TT-10, TT-14."""
    everyone: Pred = lambda s: True  # noqa: E731
    jokers = lambda s: s.deck.jokers > 0  # noqa: E731
    ranked = lambda s: _trumps(s) and s.play.jokers != "wild"  # noqa: E731
    pig = lambda s: s.setup.pig is not None  # noqa: E731
    boost = lambda s: s.play.boost is not None  # noqa: E731
    capture = lambda s: s.play.kitty_capture is not None  # noqa: E731
    return [
        ("TT-05 jokers", "wild", "jokers", jokers, lambda s: s.play.jokers == "wild", F(1, 2)),
        ("TT-05 jokers", "split (black lowest)", "two jokers, trumps, not wild", lambda s: s.deck.jokers == 2 and ranked(s),
         lambda s: s.play.jokers == "split", F(1, 9)),
        ("TT-05 jokers", "bottom", "one joker, trumps, not wild", lambda s: s.deck.jokers == 1 and ranked(s),
         lambda s: s.play.jokers == "bottom", F(1, 2)),
        ("TT-06 joker lead", "yes", "jokers", jokers, lambda s: s.play.joker_lead is not None, F(1, 8)),
        ("TT-09 pig lead", "no-lead", "pig", pig, lambda s: s.play.pig_lead == "no-lead", F(1, 3)),
        ("TT-09 pig lead", "no-lead-or-first", "pig", pig, lambda s: s.play.pig_lead == "no-lead-or-first", F(1, 6)),
        ("TT-10 boost", "yes", "all", everyone, boost, F(1, 8)),
        # Parlour's overtaking (beyond the catalogue, its own stream: sampler.OVERTAKE_CHANCE)
        ("TT-04 overtaking", "must (either form)", "must follow, no boost", lambda s: s.play.following == "must-follow" and not boost(s),
         lambda s: s.play.overtake is not None, F(1, 16)),
        ("TT-10 boost", "name 'boost'", "boost", boost, lambda s: s.play.boost.name == "boost", _w(10, 0)),
        ("TT-14 kitty capture", "yes", "kitty, no auction",
         lambda s: s.deal.kitty is not None and s.bidding.auction is None, capture, F(1)),
        ("TT-14 kitty capture", "by suit", "kitty capture", capture, lambda s: s.play.kitty_capture.suit is not None, F(1, 2)),
        # Parlour's point-trick games (beyond the catalogue, its own stream: sample.scoring.CARD_POINTS_CHANCE)
        ("FI-08 card points", "point tricks", "no bids, no auction",
         lambda s: s.bidding.tricks is None and s.bidding.auction is None,
         lambda s: s.scoring.kind == "card-points", F(1, 8)),
        ("FI-08 card points", "beyond half the points", "ace-ten point tricks",
         lambda s: s.scoring.kind == "card-points" and any(r.rank == "A" and r.points == 11 for r in s.scoring.ranks),
         lambda s: s.scoring.beyond is not None, F(1, 4)),
        ("FI-08 card points", "a point per trick", "counters (an Ace a point, not in groups)",
         lambda s: s.scoring.kind == "card-points" and s.scoring.groups is None
         and any(r.rank == "A" and r.points == 1 for r in s.scoring.ranks),
         lambda s: s.scoring.per_trick is not None, F(1, 4)),
        ("PA-03 trick majority", "a majority wins", "no bids, no auction, not point tricks, fixed hands of 3 or more",
         lambda s: s.bidding.tricks is None and s.bidding.auction is None and s.scoring.kind != "card-points"
         and s.deal.hand_size != "all" and s.deal.hand_size >= 3,
         lambda s: s.scoring.kind == "majority", F(7, 8) * F(1, 12)),
        # Parlour's quotas by seat (its own stream: sample.scoring.QUOTA_CHANCE)
        ("SC-T3 per trick", "quotas by seat", "per trick, no bids, one number of players, no sides, fixed hands",
         lambda s: s.scoring.kind == "per-trick" and s.bidding.tricks is None and s.players.min == s.players.max
         and s.players.sides is None and s.deal.hand_size != "all",
         lambda s: s.scoring.quotas is not None, F(1, 4)),
        # Parlour's schedules of contracts (its own stream: sample.schedule.SCHEDULE_CHANCE)
        ("SC-S schedule", "a schedule of contracts", "no bids, no auction, no low hands",
         lambda s: s.bidding.tricks is None and s.bidding.auction is None and not s.setup.high_low,
         lambda s: s.scoring.kind == "schedule", F(1, 20)),
        # Parlour's partnerships (beyond the catalogue, drawn from its own stream: sample.deal.SIDES_CHANCE)
        ("PA-01 sides", "partnerships of two", "a count of two or more partnerships, no auction",
         lambda s: s.bidding.auction is None and any(n % 2 == 0 and n >= 4 for n in s.players.counts()),
         lambda s: s.players.sides is not None, F(1, 6)),
        ("PA-01 sides", "teams of three or four", "sides, a count of six or eight",
         lambda s: s.players.sides is not None and any(n in (6, 8) for n in s.players.counts()),
         lambda s: s.players.sides.size > 2, F(1, 4)),
        # Parlour's bowers (its own stream: sample.setup.BOWERS_CHANCE)
        ("SU-11 bowers", "yes", "a trump suit known at the start (not majors), a pack with Jacks in colours, "
         "no top trump point",
         lambda s: s.setup.trumps.method in ("turn-up", "called", "last-card", "rotating", "fixed")
         and not s.setup.top_trump_point and any(s.deck.bower_pairs()),
         lambda s: s.setup.bowers, F(1, 12)),
        # Parlour's coalitions formed each hand (its own stream: sample.deal.COALITION_CHANCE)
        ("PA-02 coalition", "the caller against the rest", "called trumps, three players or more, no bids, no sides",
         lambda s: s.setup.trumps.method == "called" and s.players.min >= 3 and not s.bidding.any()
         and s.players.sides is None,
         lambda s: s.players.coalition is not None, F(1, 4)),
        ("TT-04 overtaking", "unless a partner is winning", "sides, overtaking",
         lambda s: s.players.sides is not None and s.play.overtake is not None,
         lambda s: s.play.overtake == "unless-partner", F(1, 2)),
    ]


def _bid_scoring_rows() -> list[Row6]:
    """SC-T2, the SC-T3 bidding bonuses, SC-T4."""
    bid = lambda s: s.bidding.tricks is not None  # noqa: E731
    exact = lambda s: s.scoring.kind == "exact-bid"  # noqa: E731
    x = lambda s: s.scoring.extras  # noqa: E731
    scored_pig = lambda s: _tricks_scored(s) and s.setup.pig is not None  # noqa: E731
    top = lambda s: _tricks_scored(s) and x(s).top_trump != "none"  # noqa: E731
    r: list[Row6] = [
        ("SC-T2 exact bid", "yes", "trick bidding", bid, exact, F(1, 8)),
        ("SC-T2 exact bid", "otherwise zero", "exact bid", exact, lambda s: s.scoring.otherwise == "zero", _w(4, 0) + _w(4, 1)),
        ("SC-T2 exact bid", "otherwise tricks if under", "exact bid", exact,
         lambda s: s.scoring.otherwise == "tricks-if-under", _w(4, 2)),
        ("SC-T2 exact bid", "otherwise tricks if over", "exact bid", exact,
         lambda s: s.scoring.otherwise == "tricks-if-over", _w(4, 3)),
        ("SC-T3 bid bonuses", "exact bonus", "per trick, trick bidding", lambda s: _per_trick(s) and bid(s),
         lambda s: s.scoring.exact_bonus == 10, F(1)),
        ("SC-T3 bid bonuses", "zero bonus", "per trick, trick bidding", lambda s: _per_trick(s) and bid(s),
         lambda s: s.scoring.zero_bonus is not None, F(1, 8)),
        ("SC-T3 bid bonuses", "blind bonus", "per trick, blind bids",
         lambda s: _per_trick(s) and bid(s) and s.bidding.tricks.blind != "none",
         lambda s: s.scoring.blind_bonus is not None, F(1)),
        ("SC-T4 extras", "joker tricks", "tricks scored, jokers", lambda s: _tricks_scored(s) and s.deck.jokers > 0,
         lambda s: x(s).joker_tricks != "none", F(1, 8)),
        ("SC-T4 extras", "joker tricks void", "joker tricks", lambda s: _tricks_scored(s) and x(s).joker_tricks != "none",
         lambda s: x(s).joker_tricks == "void", F(1, 2)),
        ("SC-T4 extras", "top trump", "tricks scored, trumps", lambda s: _tricks_scored(s) and _trumps(s),
         lambda s: x(s).top_trump != "none", F(1, 8)),
        ("SC-T4 extras", "top trump minus", "top trump", top, lambda s: x(s).top_trump == "minus", F(1, 9)),
        ("SC-T4 extras", "bid all wins", "tricks scored, trick bidding", lambda s: _tricks_scored(s) and bid(s),
         lambda s: x(s).bid_all_wins, F(1, 16)),
    ]
    for k, option in ((0, "plus"), (2, "minus"), (3, "nothing")):
        p = _w(4, 0) + _w(4, 1) if option == "plus" else _w(4, k)
        r.append(("SC-T4 extras", f"pig {option}", "tricks scored, pig", scored_pig,
                  lambda s, option=option: x(s).pig == option, p))
    return r


def rows() -> list[Row6]:
    """The rows of trick-taking games."""
    everyone: Pred = lambda s: True  # noqa: E731
    std = lambda s: s.deck.kind == "standard"  # noqa: E731
    nontarot_fixed = lambda s: s.deck.kind != "tarot" and not _all(s)  # noqa: E731
    nontarot_all = lambda s: s.deck.kind != "tarot" and _all(s)  # noqa: E731
    avoid = lambda s: s.scoring.kind == "avoid-suit"  # noqa: E731
    r: list[tuple[str, str, str, Pred, Pred, F]] = []
    for c in ("en", "fr", "de"):
        r.append(("NM-01 country", c, "all", everyone, lambda s, c=c: s.naming.country == c, F(1, 3)))
    for k in range(3):
        r.append(("NM-03 aliases", str(k), "all", everyone, lambda s, k=k: len(s.naming.aliases) == k, _w(3, k)))
    r.append(("NM-04 country word", "shown", "all", everyone, lambda s: s.naming.show_country, F(1, 2)))
    r.append(("NM-05 adjective", "traditional", "no module registered an adjective", _no_adjective,
              lambda s: s.naming.adjective == "traditional", _w(14, 0)))
    for lo, hi, p in ((2, 3, F(1, 8)), (2, 4, F(1, 8)), (2, 5, F(1, 8)), (2, 6, F(1, 8)), (3, 4, F(1, 4)),
                      (3, 5, F(1, 8)), (3, 6, F(1, 8))):
        r.append(("DL-01 players", f"{lo}-{hi}", "all", everyone,
                  lambda s, lo=lo, hi=hi: (s.players.min, s.players.max) == (lo, hi), p))
    for kind, p in (("tarot", F(1, 15) * F(1, 3) + F(1, 15) * F(14, 15) * F(2, 3)), ("german32", F(1, 45)),
                    ("french32", F(1, 45))):
        r.append(("DK-01 deck", kind, "all", everyone, lambda s, kind=kind: s.deck.kind == kind, p))
    for order, p in (("no-courts", F(1, 4)), ("two-over-ace", F(3, 4) * F(1, 10)),
                     ("three-two-over-ace", F(3, 4) * F(9, 10) * F(1, 10)),
                     ("promoted", _REACH_4 * F(1, 10) * F(12, 13)),
                     ("ace-high", _REACH_4 * F(9, 10) * F(1, 2) + _REACH_4 * F(1, 10) * F(1, 13)),
                     ("ace-low", _REACH_4 * F(9, 10) * F(1, 2))):
        r.append(("DK-02 rank order", order, "standard pack", std, lambda s, order=order: s.deck.order == order, p))
    for label, cond, dist in (
        ("standard Ace low", lambda s: s.deck.kind == "standard" and s.deck.order == "ace-low", _removal(13, True)),
        ("tarot", lambda s: s.deck.kind == "tarot", _removal(14, True)),
        ("French 32", lambda s: s.deck.kind == "french32", _removal(8, False)),
    ):
        for k, p in dist.items():
            if p:
                r.append(("DK-03 ranks removed", str(k), label, cond, lambda s, k=k: len(s.deck.removed) == k, p))
    for j, p in ((2, F(1, 8)), (1, F(7, 8) * F(1, 20))):
        r.append(("DK-04 jokers", str(j), "not tarot", lambda s: s.deck.kind != "tarot",
                  lambda s, j=j: s.deck.jokers == j, p))
    r.append(("DL-02 hand size", "H × max ≤ pack", "fixed hand", lambda s: not _all(s),
              lambda s: s.deal.hand_size * s.players.max <= s.deck.size(), F(1)))
    r.append(("DL-03 deal all", "all", "nominal H > 10",
              lambda s: _all(s) or s.deal.hand_size > 10, _all, F(1, 3)))
    r.append(("DL-05 fewer over three", "set", "H > 8, max > 3, fixed hand",
              lambda s: not _all(s) and s.deal.hand_size > 8 and s.players.max > 3,
              lambda s: s.deal.hand_size_over_three is not None, F(1, 2)))
    r.append(("DL-06 odd card", "any", "fixed hand", lambda s: not _all(s), lambda s: s.deal.odd_card is not None, F(1, 8)))
    for k, who in enumerate(("dealer-right", "dealer-left", "dealer")):
        r.append(("DL-06 odd card", who, "with odd card", lambda s: s.deal.odd_card is not None,
                  lambda s, who=who: s.deal.odd_card.who == who, _w(3, k)))
    r.append(("DL-06 odd card", "extra", "with odd card", lambda s: s.deal.odd_card is not None,
              lambda s: s.deal.odd_card.extra, F(1, 2)))
    r.append(("DL-07 misdeal", "any", "all", everyone, lambda s: s.deal.misdeal is not None, F(1, 24)))
    r.append(("DL-07 misdeal", "must show", "with misdeal", lambda s: s.deal.misdeal is not None,
              lambda s: s.deal.misdeal.must_show, F(1, 2)))
    r.append(("DL-11 kitty", "dealt", "fixed hand, ≥ 10 spare", lambda s: (_spare(s) or 0) >= 10,
              lambda s: s.deal.kitty is not None and s.deal.kitty.form == "dealt", F(1, 8)))
    r.append(("DL-11 kitty", "undealt", "fixed hand, 7–9 spare", lambda s: 6 < (_spare(s) or 0) < 10,
              lambda s: s.deal.kitty is not None and s.deal.kitty.form == "undealt", F(1, 8)))
    r.append(("DL-11 kitty", "name 'kitty'", "with kitty", lambda s: s.deal.kitty is not None,
              lambda s: s.deal.kitty.name == "kitty", _w(17, 0)))
    r.append(("SU-01 trumps", "any (flag)", "not tarot", lambda s: s.deck.kind != "tarot", _trumps, F(2, 3) * F(31, 32)))
    for method, p in (("none", F(1, 3)), ("first-card", F(2, 3) * F(1, 32)), ("hidden", F(2, 3) * F(31, 32) * F(1, 32)),
                      ("turn-up", _TRUMP * _w(6, 0) + _TRUMP * _w(6, 1)), ("called", _TRUMP * _w(6, 2)),
                      ("last-card", _TRUMP * _w(6, 3)), ("rotating", _TRUMP * _w(6, 4)), ("fixed", _TRUMP * _w(6, 5))):
        r.append(("SU-02 trump method", method, "not tarot, fixed hand", nontarot_fixed,
                  lambda s, method=method: s.setup.trumps.method == method, p))
    for k, method in enumerate(("called", "last-card", "rotating", "fixed")):
        r.append(("SU-02 trump method", method, "not tarot, deal all", nontarot_all,
                  lambda s, method=method: s.setup.trumps.method == method, _TRUMP * _w(4, k)))
    # Parlour's calls beyond the catalogue (its own stream: sample.setup.CALL_ON_HAND, CALL_ON_HALF)
    called = lambda s: s.setup.trumps.method == "called"  # noqa: E731
    r.append(("SU-02 trump method", "called on the whole hand", "called", called,
              lambda s: s.setup.trumps.seen == "all", F(1, 4)))
    r.append(("SU-02 trump method", "no trumps may be called", "called", called,
              lambda s: s.setup.trumps.no_trumps, F(1, 8)))
    r.append(("SU-02 trump method", "called on the first half", "called, fixed hands of four or more",
              lambda s: called(s) and not _all(s) and min(x for x in (s.deal.hand_size, s.deal.hand_size_over_three) if x) >= 4,
              lambda s: isinstance(s.setup.trumps.seen, int), F(3, 4) * F(1, 8)))
    r.append(("SU-02 trump method", "majors", "tarot, fixed hand", lambda s: s.deck.kind == "tarot" and not _all(s),
              lambda s: s.setup.trumps.method == "majors", F(1, 9) + _TRUMP * _w(6, 5) * F(1, 5)))
    r.append(("SU-03 anti-trumps", "yes", "trumps known, no kitty",
              lambda s: s.setup.trumps.method in ("turn-up", "called", "last-card", "rotating", "fixed")
              and s.deal.kitty is None, lambda s: s.setup.anti_trumps, F(1, 8)))
    r.append(("TT-01 opening leader", "holder", "deal all, not first-card",
              lambda s: _all(s) and s.setup.trumps.method != "first-card",
              lambda s: s.play.opening_leader == "holder", F(1, 3)))
    r.append(("TT-01 opening leader", "dealer", "no holder", lambda s: s.play.opening_leader != "holder",
              lambda s: s.play.opening_leader == "dealer", F(1, 2)))
    r.append(("TT-02 opening lead", "no-trump", "trump flag", _trumps, lambda s: s.play.opening_lead == "no-trump", F(1, 9)))
    r.append(("TT-03 weak led suit", "yes", "all", everyone, lambda s: s.play.weak_led_suit is not None, F(1, 8)))
    r.append(("TT-03 weak led suit", "'weak'", "with weak suit", lambda s: s.play.weak_led_suit is not None,
              lambda s: s.play.weak_led_suit == "weak", _w(16, 0)))
    for label, cond, trumps in (("trump flag", _trumps, True), ("no trump flag", lambda s: not _trumps(s), False)):
        rows = [("follow-or-trump", "any", F(1, 8) if trumps else 0),
                ("free", "any", F(7, 8) * F(1, 8)),
                ("must-follow", "any", _MUST * (F(7, 8) * F(7, 8) if trumps else F(7, 8)) + (0 if trumps else F(1, 8))),
                ("must-follow", "trump", _MUST * F(1, 8) if trumps else 0)]
        otherwise_p = _MUST * (F(7, 8) if trumps else 1) * F(1, 8)
        rows += [("must-follow", x, otherwise_p * _w(3, k)) for k, x in enumerate(("higher", "new-suit", "new-rank"))]
        for following, otherwise, p in rows:
            if p:
                r.append(("TT-04 following", f"{following}/{otherwise}", label, cond,
                          lambda s, f=following, o=otherwise: (s.play.following, s.play.otherwise) == (f, o), p))
    r.append(("TT-07 breaking", "yes", "all", everyone, lambda s: s.play.breaking is not None, F(1, 8)))
    r.append(("TT-08 first-trick ban", "yes", "all", everyone, lambda s: s.play.first_trick_ban is not None, F(1, 8)))
    r.append(("TT-12 winner", "any-suit", "no weak suit", lambda s: s.play.weak_led_suit is None,
              lambda s: s.play.winner == "any-suit", F(1, 9)))
    for k, leader in ((0, "winner"), (2, "left-of-leader"), (3, "lowest-card")):
        p = _w(4, 0) + _w(4, 1) if leader == "winner" else _w(4, k)
        r.append(("TT-13 next leader", leader, "all", everyone, lambda s, leader=leader: s.play.next_leader == leader, p))
    r += _setup_rows()
    r += _bidding_rows()
    r += _play_rows()
    # (Parlour's point tricks and majorities replace the catalogue's scoring after it is drawn, with
    # chances that do not depend on it: the catalogue's rate is taken over the games they left.)
    r.append(("SC-T1 avoid suit", "yes", "no trick bidding, not Parlour's point tricks or majority",
              lambda s: s.bidding.tricks is None and s.scoring.kind not in ("card-points", "majority"), avoid, F(1, 3)))
    r.append(("SC-T1 avoid suit", "pig points", "avoid suit, pig", lambda s: avoid(s) and s.setup.pig is not None,
              lambda s: s.scoring.pig_points is not None, F(1)))
    r.append(("SC-T1 avoid suit", "pig points a gain", "avoid suit, pig points",
              lambda s: avoid(s) and s.scoring.pig_points is not None, lambda s: s.scoring.pig_points > 0, F(1, 2)))
    r.append(("SC-T1 avoid suit", "face value", "avoid suit", avoid, lambda s: s.scoring.per_card == "face-value", F(1, 5)))
    r.append(("SC-T1 avoid suit", "penalty card", "avoid suit", avoid, lambda s: s.scoring.penalty_card is not None, F(1, 4)))
    r.append(("SC-T1 avoid suit", "bonus card", "avoid suit", avoid, lambda s: s.scoring.bonus_card is not None, F(3, 16)))
    r.append(("SC-T1 avoid suit", "joker loss", "avoid suit, jokers", lambda s: avoid(s) and s.deck.jokers > 0,
              lambda s: s.scoring.joker_loss is not None, F(1, 7)))
    r.append(("SC-T1 avoid suit", "shoot the moon", "avoid suit", avoid, lambda s: s.scoring.shoot_the_moon is not None, F(1, 8)))
    r.append(("SC-T1 avoid suit", "doubler", "avoid suit", avoid, lambda s: s.scoring.doubler is not None, F(1, 4)))
    r.append(("SC-T3 per trick", "beyond N", "per trick, fixed hand", lambda s: _per_trick(s) and not _all(s),
              lambda s: s.scoring.beyond > 0, F(1, 2)))
    r += _bid_scoring_rows()
    # a schedule of contracts (Parlour's, after the catalogue's draws) ends with the schedule instead
    own_end = lambda s: s.scoring.kind != "schedule"  # noqa: E731
    for k, (kind, back) in enumerate((("rounds", False), ("shrinking", False), ("shrinking", True))):
        r.append(("EN-02 fixed length", kind + (" back up" if back else ""), "not a schedule", own_end,
                  lambda s, kind=kind, back=back: s.ending.condition.kind == kind
                  and getattr(s.ending.condition, "back_up", False) == back, F(1, 8) * _w(3, k)))
    r.append(("EN-03 target", "threshold", "avoid suit", avoid, lambda s: s.ending.condition.kind == "threshold", F(7, 8)))
    r.append(("EN-03 target", "target", "per trick", lambda s: not avoid(s) and own_end(s),
              lambda s: s.ending.condition.kind == "target", F(7, 8)))
    r.append(("EN-04 ties", "extra-hand", "all", everyone, lambda s: s.ending.ties == "extra-hand", F(1, 2)))
    return r
