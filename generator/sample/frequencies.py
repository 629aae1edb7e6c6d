"""How often the sampler draws each module, against the rates the catalogue gives.

``module_frequencies(n)`` samples the games of seeds ``first_seed … first_seed+n−1`` and, for each
module option, reports its rate among the games where the catalogue's condition holds, both over
every *drawn* spec (before the static checks, which should match the catalogue up to noise) and
over the *accepted* ones (what ``sample_game`` returns; the redraws shift these a little).
``python -m generator.sample.frequencies 2000 [family]`` prints the table as Markdown. Each family has
its rows (a row reads its family's play section), taken only over that family's games.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F

from ..checks import check_spec
from ..families import DEFAULT, FAMILIES, Family
from ..spec import GameSpec, derived
from ..spec.scoring import losing_points
from . import MAX_REDRAWS, draw_spec
from .rng import Draw, wpick_weights

Pred = Callable[[GameSpec], bool]
TRICKS, CLIMBING, MATCHING = FAMILIES["trick-taking"], FAMILIES["climbing"], FAMILIES["matching"]
MELDING = FAMILIES["melding"]


@dataclass(frozen=True)
class Row:
    module: str
    option: str
    among: str  # the games the rate is taken over
    expected: float
    drawn_n: int  # drawn specs meeting the condition
    drawn: float  # rate among them
    accepted_n: int
    accepted: float


def _w(n: int, k: int) -> F:
    return wpick_weights(n)[k]


def _trumps(s: GameSpec) -> bool:
    """The generator's trump flag (first-card does not raise it)."""
    return s.setup.trumps.method not in ("none", "first-card")


def _all(s: GameSpec) -> bool:
    return s.deal.hand_size == "all"


def _spare(s: GameSpec) -> int | None:
    """Cards left at the maximum count with the nominal hand size (unknown when all are dealt)."""
    return None if _all(s) else s.deck.size() - s.deal.hand_size * s.players.max


def _removal(n: int, block: bool) -> dict[int, F]:
    """DK-03: distribution of the number of removed ranks for a list of n ranks."""
    dist = {k: F(0) for k in range(5)}
    dist[1] += F(1, 5)
    rest = F(4, 5)
    if block:
        for s in range(n - 3):
            for e in range(s + 1, n):
                dist[min(e, s + 4) - s] += rest * F(1, 8) / (n - 3) / (n - 1 - s)
        rest *= F(7, 8)
    dist[2] += rest * F(1, 6)
    dist[0] += rest * F(5, 6)
    return dist


_REACH_4 = F(3, 4) * F(9, 10) * F(9, 10)  # the standard order chain reaches "promoted"
_TRUMP = F(2, 3) * F(31, 32) * F(31, 32)  # trumps, neither first-card nor hidden
_MUST = F(7, 8) * F(7, 8)  # TT-04 reaches the must-follow branch


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


def _stock_for_exchange(s: GameSpec) -> bool:
    """At some player count the stock can give every player one card (SU-10 is drawn)."""
    from .setup import stock_sizes

    return any(left >= n for n, left in stock_sizes(s.deck, s.deal, s.players).items())


Row6 = tuple[str, str, str, Pred, Pred, F]


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
        ("TT-10 boost", "name 'boost'", "boost", boost, lambda s: s.play.boost.name == "boost", _w(10, 0)),
        ("TT-14 kitty capture", "yes", "kitty, no auction",
         lambda s: s.deal.kitty is not None and s.bidding.auction is None, capture, F(1)),
        ("TT-14 kitty capture", "by suit", "kitty capture", capture, lambda s: s.play.kitty_capture.suit is not None, F(1, 2)),
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


def _rules(family: str | None = None) -> list[tuple[str, str, str, Pred, Pred, F]]:
    """(module, option, condition text, condition, predicate, expected rate under the condition):
    every registered family's rows (or ``family``'s only), each condition holding only for games of
    its family (a row reads its family's play section)."""
    rows: list[Row6] = []
    for fam, family_rows in ((TRICKS, _trick_rules), (CLIMBING, _climbing_rules), (MATCHING, _matching_rules),
                             (MELDING, _melding_rules)):
        if family is None or family == fam.name:
            rows += [(m, o, among, _of(fam, cond), pred, p) for m, o, among, cond, pred, p in family_rows()]
    return rows


def _of(family: Family, cond: Pred) -> Pred:
    """``cond`` among the games of ``family`` only (told by the play section's tag, as ``family_of``)."""
    name = family.name
    return lambda s: s.play.family == name and cond(s)


def _trick_rules() -> list[Row6]:
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
    r.append(("SC-T1 avoid suit", "yes", "no trick bidding", lambda s: s.bidding.tricks is None, avoid, F(1, 3)))
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
    for k, (kind, back) in enumerate((("rounds", False), ("shrinking", False), ("shrinking", True))):
        r.append(("EN-02 fixed length", kind + (" back up" if back else ""), "all", everyone,
                  lambda s, kind=kind, back=back: s.ending.condition.kind == kind
                  and getattr(s.ending.condition, "back_up", False) == back, F(1, 8) * _w(3, k)))
    r.append(("EN-03 target", "threshold", "avoid suit", avoid, lambda s: s.ending.condition.kind == "threshold", F(7, 8)))
    r.append(("EN-03 target", "target", "per trick", lambda s: not avoid(s),
              lambda s: s.ending.condition.kind == "target", F(7, 8)))
    r.append(("EN-04 ties", "extra-hand", "all", everyone, lambda s: s.ending.ties == "extra-hand", F(1, 2)))
    return r


# --- climbing ------------------------------------------------------------------------------------


def _sets(s: GameSpec) -> bool:
    return s.play.sets_allowed()


def _collects(how: str) -> Pred:
    """Games whose piles are taken as tricks (``trick``) or set aside, scored without tokens."""
    return lambda s: s.play.collection == how and s.deal.tokens is None


def _hand_value(s: GameSpec) -> bool:
    """SC-A2's branch: the hand is paid by the cards left (or the landlord's stake)."""
    return s.scoring.kind in ("card-values", "card-count", "landlord-stake")


#: DK-04 as the shedding families draw it: two jokers in one pack in eight (a tarot pack has none).
_TWO_JOKERS: Row6 = ("DK-04 jokers", "2", "not tarot", lambda s: s.deck.kind != "tarot",
                     lambda s: s.deck.jokers == 2, F(1, 8))


def _shedding_setup_rows(auction_when: str) -> list[Row6]:
    """DL-12 and the setup and bidding modules the shedding families draw at the same rates (climbing
    and matching); ``auction_when`` words the auction's condition (which kitties a family may auction)."""
    everyone: Pred = lambda s: True  # noqa: E731
    return [
        ("DL-12 rows", "yes", "all", everyone, lambda s: s.deal.rows, F(1, 16)),
        ("SU-08 pig", "yes", "all", everyone, lambda s: s.setup.pig is not None, F(1, 8)),
        ("SU-09 extra rules", "any", "all", everyone, lambda s: s.setup.extra_rules is not None, F(1, 32)),
        ("SU-10 exchange", "yes", "a stock of a card per player", _stock_for_exchange,
         lambda s: s.setup.exchange is not None, F(1, 8)),
        ("BD-03 auction", "yes", auction_when, lambda s: derived.kitty_at_deal(s.deal) and s.players.min >= 3,
         lambda s: s.bidding.auction is not None, F(1, 4)),
    ]


def _climbing_deal_rows() -> list[Row6]:
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


def _climbing_play_rows() -> list[Row6]:
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


def _climbing_scoring_rows() -> list[Row6]:
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


def _climbing_rules() -> list[Row6]:
    """The rows of climbing games."""
    return _climbing_deal_rows() + _climbing_play_rows() + _climbing_scoring_rows()


# --- matching ------------------------------------------------------------------------------------

#: MT-04: the rank-taking entries tried with p 1/5 (P02, the kitty's, is certain with a kitty).
_EFFECT_ENTRIES = 19
#: P01: a wild card said "can always be played" (one phrasing of two) or an open card becomes, p 1/8,
#: a card that may not be played last; P03 likewise in its "can always be played" phrasing.
_P01_WILD = F(1, 5) * F(1, 2) * (F(1, 2) + F(1, 2) * F(7, 8))
_P01_OPEN = F(1, 5) * F(1, 2) * F(7, 8)
_P01_NOT_LAST = F(1, 5) - _P01_WILD - _P01_OPEN
_P03_RESHUFFLE = F(1, 5) * (F(1, 2) + F(1, 2) * F(7, 8))
_P03_NOT_LAST = F(1, 5) * F(1, 2) * F(1, 8)
#: MT-04 kinds drawn with p 1/5 each and kept as drawn.
_PLAIN_KINDS = ("reverse", "draw-chain", "again", "skip", "all-draw", "top-follow", "pass-hands", "give",
                "transparent", "tuck", "cordial", "trade", "name-rank", "cover", "copycat", "points", "bound")


def _kinds(s: GameSpec) -> list[str]:
    return [e.kind for e in s.play.effects]


def _effect(s: GameSpec, kind: str):
    return next(e for e in s.play.effects if e.kind == kind)


def _full_ranks(s: GameSpec) -> bool:
    """13 ranks or more: the pool of ranks (one kept out for the example) never runs dry in practice,
    so every entry's rate is the catalogue's."""
    return len(s.deck.ranks()) >= 13


def _matching_deal_rows() -> list[Row6]:
    """DL-04, DL-08…DL-12 and the setup and bidding modules every family draws."""
    everyone: Pred = lambda s: True  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    return [
        _TWO_JOKERS,
        ("DL-04 tokens", "yes", "all", everyone, tokens, F(1, 24)),
        ("DL-05 fewer over three", "set", "H > 8, max > 3, no tokens",
         lambda s: not tokens(s) and s.deal.hand_size > 8 and s.players.max > 3,
         lambda s: s.deal.hand_size_over_three is not None, F(1, 2)),
        ("DL-08 discard piles", "two", "all", everyone, lambda s: s.deal.stock.discard_piles == 2, F(1, 16)),
        ("DL-09 wild card", "yes", "all", everyone, lambda s: s.deal.stock.wild_card, F(1, 8)),
        ("DL-10 stock", "yes", "all", everyone, lambda s: s.deal.stock is not None, F(1)),
        ("DL-11 kitty", "dealt", "more than 6 spare", lambda s: (_spare(s) or 0) > 6,
         lambda s: s.deal.kitty is not None and s.deal.kitty.form == "dealt", F(1, 8)),
        *_shedding_setup_rows("dealt kitty, min players ≥ 3"),
    ]


def _matching_play_rows() -> list[Row6]:
    """MT-01…MT-07, SH-01."""
    everyone: Pred = lambda s: True  # noqa: E731
    p = lambda s: s.play  # noqa: E731
    cheat = lambda s: p(s).cheat is not None  # noqa: E731
    normal = lambda s: not cheat(s)  # noqa: E731
    full = _full_ranks
    full_no_kitty = lambda s: full(s) and s.deal.kitty is None  # noqa: E731
    has = lambda kind: (lambda s: kind in _kinds(s))  # noqa: E731
    named = lambda s: p(s).named_card is not None  # noqa: E731
    special = lambda s: bool(p(s).effects) or named(s)  # noqa: E731
    r: list[Row6] = [
        ("MT-01 first turn", "dealer", "all", everyone, lambda s: p(s).first_turn == "dealer", F(1, 2)),
        ("MT-02 cheat", "yes", "all", everyone, cheat, F(1, 16)),
        ("MT-02 cheat", "word 'bunco'", "cheat", cheat, lambda s: p(s).cheat.word == "bunco", _w(8, 0)),
        ("MT-04 effects", "none", "13+ ranks, no kitty", full_no_kitty, lambda s: not p(s).effects,
         F(4, 5) ** _EFFECT_ENTRIES),
        ("MT-04 effects", "four or more", "13+ ranks, no kitty", full_no_kitty, lambda s: len(p(s).effects) >= 4,
         1 - sum(_binomial(_EFFECT_ENTRIES, k, F(1, 5)) for k in range(4))),
        ("MT-04 effects", "wild", "13+ ranks", full, has("wild"), _P01_WILD),
        ("MT-04 effects", "open", "13+ ranks", full, has("open"), _P01_OPEN),
        ("MT-04 effects", "not-last", "13+ ranks", full, has("not-last"),
         1 - (1 - _P01_NOT_LAST) * (1 - _P03_NOT_LAST)),
        ("MT-04 effects", "reshuffle", "13+ ranks", full, has("reshuffle"), _P03_RESHUFFLE),
        ("MT-04 effects", "reshuffle always", "reshuffle", has("reshuffle"),
         lambda s: _effect(s, "reshuffle").always, F(7, 15)),
        ("MT-04 effects", "kitty", "kitty, no auction", lambda s: s.deal.kitty is not None and s.bidding.auction is None,
         lambda s: bool({"kitty-take", "kitty-give"} & set(_kinds(s))), F(1)),
        ("MT-04 effects", "kitty-take", "kitty effect", lambda s: bool({"kitty-take", "kitty-give"} & set(_kinds(s))),
         has("kitty-take"), F(1, 2)),
        ("MT-04 effects", "draw-chain targeted", "draw-chain", has("draw-chain"),
         lambda s: _effect(s, "draw-chain").chain == "targeted", F(1, 4)),
        ("MT-04 effects", "pass-hands left", "pass-hands", has("pass-hands"),
         lambda s: _effect(s, "pass-hands").direction == "left", F(1, 2)),
        ("MT-04 effects", "transparent word 'transparent'", "transparent", has("transparent"),
         lambda s: _effect(s, "transparent").word == "transparent", _w(6, 0)),
        ("MT-04 effects", "cordial word 'cordial'", "cordial", has("cordial"),
         lambda s: _effect(s, "cordial").word == "cordial", _w(7, 0)),
        ("MT-04 effects", "points 3", "points, no tokens", lambda s: has("points")(s) and s.deal.tokens is None,
         lambda s: _effect(s, "points").points == 3, F(1, 4)),
        ("MT-04 effects", "bound lower", "bound", has("bound"), lambda s: _effect(s, "bound").bound == "lower", F(1, 2)),
        ("MT-04 effects", "named card", "all", everyone, named, F(1, 10) + F(9, 10) * F(1, 10)),
        ("MT-04 effects", "named card: the player draws", "named card", named,
         lambda s: p(s).named_card.who == "player", F(10, 19)),
        ("MT-04 effects", "countdown wild", "tokens", lambda s: s.deal.tokens is not None,
         lambda s: p(s).countdown_wild, F(1, 3)),
        ("MT-05 passing", "must play", "not cheat", normal, lambda s: p(s).must_play, F(1, 16)),
        ("MT-05 passing", "pick up the pile", "not cheat", normal, lambda s: p(s).draw == "pile", F(1, 5)),
        ("MT-05 passing", "play the drawn card", "not cheat, drawing from the stock",
         lambda s: normal(s) and p(s).draw == "stock", lambda s: p(s).play_drawn, F(1, 16)),
        ("MT-06 multiple", "same-rank", "not cheat", normal, lambda s: p(s).multiple == "same-rank", F(1, 8)),
        ("MT-06 multiple", "rank-or-suit", "not cheat", normal, lambda s: p(s).multiple == "rank-or-suit",
         F(7, 8) * F(1, 8)),
        ("MT-07 opening effect", "dealer", "special cards", special, lambda s: p(s).opening_effect == "dealer",
         F(1, 2)),
        ("SH-01 call", "yes", "all", everyone, lambda s: p(s).call is not None, F(1, 8)),
    ]
    for kind in _PLAIN_KINDS:
        r.append(("MT-04 effects", kind, "13+ ranks", full, has(kind), F(1, 5)))
    return r


def _binomial(n: int, k: int, p: F) -> F:
    from math import comb

    return comb(n, k) * p ** k * (1 - p) ** (n - k)


def _matching_scoring_rows() -> list[Row6]:
    """SC-A in matching (P20 forces SC-A2 without its losers-lose table), EN-01…EN-04."""
    s_ = lambda s: s.scoring  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    kind = lambda k: (lambda s: s_(s).kind == k)  # noqa: E731
    points = lambda s: "points" in _kinds(s)  # noqa: E731
    free = lambda s: not tokens(s) and not points(s)  # noqa: E731
    return [
        ("SC-A1 countdown", "yes", "tokens", tokens, kind("countdown"), F(1)),
        ("SC-A2 hand value", "yes", "no tokens, no points card", free, _hand_value, F(1, 2)),
        ("SC-A2 hand value", "forced by the points card", "points card, no tokens",
         lambda s: points(s) and not tokens(s), _hand_value, F(1)),
        ("SC-A2 hand value", "card values: losers lose", "card values, no points card",
         lambda s: kind("card-values")(s) and not points(s), lambda s: s_(s).losers_lose, F(1, 4)),
        ("SC-A2 hand value", "card values: losers lose with a points card", "card values, points card",
         lambda s: kind("card-values")(s) and points(s), lambda s: s_(s).losers_lose, F(0)),
        ("SC-A2 hand value", "card count: losers lose", "card count", kind("card-count"),
         lambda s: s_(s).losers_lose, F(1, 3)),
        ("SC-A3 titles", "yes", "no tokens, no points card, not hand value", lambda s: free(s) and not _hand_value(s),
         kind("titles"), F(1, 4)),
        ("SC-A4 first out", "yes", "no tokens, no points card, not hand value",
         lambda s: free(s) and not _hand_value(s), kind("first-out"), F(3, 4)),
        ("EN-01 tokens", "yes", "tokens", tokens, lambda s: s.ending.condition.kind == "tokens", F(1)),
        ("EN-02 fixed length", "any", "no tokens", lambda s: not tokens(s),
         lambda s: s.ending.condition.kind in ("rounds", "shrinking"), F(1, 8)),
        ("EN-04 ties", "extra-hand", "no tokens", lambda s: not tokens(s), lambda s: s.ending.ties == "extra-hand",
         F(1, 2)),
    ]


def _matching_rules() -> list[Row6]:
    """The rows of matching games."""
    return _matching_deal_rows() + _matching_play_rows() + _matching_scoring_rows()


# --- melding -------------------------------------------------------------------------------------


def _melding_deal_rows() -> list[Row6]:
    """DL-02's cut hands, DK-05, DL-04, DL-08…DL-12 and the setup and bidding modules every family draws."""
    everyone: Pred = lambda s: True  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    return [
        _TWO_JOKERS,
        ("DL-02 hand size", "5 to 10", "all", everyone, lambda s: 5 <= s.deal.hand_size <= 10, F(1)),
        ("DK-03 ranks removed", "none", "all", everyone, lambda s: not s.deck.removed, F(1)),
        ("DK-05 run wrap", "yes", "all", everyone, lambda s: s.deck.run_wrap, F(1, 8)),
        ("DL-04 tokens", "yes", "all", everyone, tokens, F(1, 24)),
        ("DL-08 discard piles", "two", "all", everyone, lambda s: s.deal.stock.discard_piles == 2, F(1, 16)),
        ("DL-09 wild card", "yes", "all", everyone, lambda s: s.deal.stock.wild_card, F(1, 8)),
        ("DL-10 stock", "yes", "all", everyone, lambda s: s.deal.stock is not None, F(1)),
        # ML-04: every melding game reshuffles the discards into a new stock (drawn with the stock)
        ("ML-04 stock exhausted", "reshuffle", "all", everyone, lambda s: s.deal.stock is not None, F(1)),
        ("DL-11 kitty", "dealt", "more than 6 spare", lambda s: (_spare(s) or 0) > 6,
         lambda s: s.deal.kitty is not None and s.deal.kitty.form == "dealt", F(1, 8)),
        *_shedding_setup_rows("dealt kitty, min players ≥ 3"),
    ]


def _melding_play_rows() -> list[Row6]:
    """ML-01…ML-06, SH-01."""
    everyone: Pred = lambda s: True  # noqa: E731
    p = lambda s: s.play  # noqa: E731
    seq = lambda s: not p(s).one_action  # noqa: E731
    desert = lambda s: p(s).desert is not None  # noqa: E731
    extra = lambda s: p(s).draw.stock != "one"  # noqa: E731
    rearranging = lambda s: p(s).melds.rearrange != "none"  # noqa: E731
    flat = lambda s: not rearranging(s)  # noqa: E731
    dump = lambda s: p(s).dump is not None  # noqa: E731
    stump = lambda s: p(s).stump is not None  # noqa: E731
    block = lambda s: p(s).block is not None  # noqa: E731
    wild_card = lambda s: s.deal.stock.wild_card  # noqa: E731
    jokers = lambda s: s.deck.jokers > 0 or wild_card(s)  # noqa: E731
    penalty = lambda s: p(s).penalty is not None  # noqa: E731
    full = lambda s: p(s).melds.full_house is not None  # noqa: E731
    return [
        ("ML-01 first turn", "dealer", "all", everyone, lambda s: p(s).first_turn == "dealer", F(1, 2)),
        ("ML-02 turn", "one action", "all", everyone, lambda s: p(s).one_action, F(1, 8)),
        ("ML-02a desert", "yes", "all", everyone, desert, F(1, 8)),
        ("ML-02a desert", "verb 'desert'", "desert", desert, lambda s: p(s).desert == "desert", _w(9, 0)),
        ("ML-02b draw", "more than one from the stock", "all", everyone, extra, F(1, 8)),
        ("ML-02b draw", "two", "more than one from the stock", extra, lambda s: p(s).draw.stock == "two", F(1, 2)),
        ("ML-02b draw", "kitty", "kitty, no auction", lambda s: s.deal.kitty is not None and s.bidding.auction is None,
         lambda s: p(s).draw.kitty, F(1)),
        ("ML-02b draw", "wipe", "all", everyone, lambda s: p(s).draw.discard == "wipe", F(1, 8)),
        ("ML-02b draw", "melded first", "all", everyone, lambda s: p(s).draw.melded_first, F(1, 8)),
        ("ML-02b draw", "meld the drawn", "sequence", seq, lambda s: p(s).draw.meld_drawn, F(1, 8)),
        ("ML-02c melds", "many", "all", everyone, lambda s: p(s).melds.many, F(1, 2)),
        ("ML-02c melds", "same-suit runs", "all", everyone, lambda s: p(s).melds.runs == "same-suit", F(3, 4)),
        ("ML-02c melds", "single card", "all", everyone, lambda s: p(s).melds.single is not None, F(1, 8)),
        ("ML-02c melds", "first run", "all", everyone, lambda s: p(s).melds.first_run, F(1, 8)),
        ("ML-02c melds", "no first out", "all", everyone, lambda s: p(s).melds.no_first_out, F(1, 8)),
        ("ML-02c melds", "must meld", "all", everyone, lambda s: p(s).melds.must_meld, F(7, 64)),
        ("ML-02c melds", "keep card", "sequence", seq, lambda s: p(s).melds.keep_card, F(1, 8)),
        ("ML-02c melds", "rearrange", "all", everyone, rearranging, F(1, 8)),
        ("ML-02c melds", "rearrange own", "rearranging", rearranging, lambda s: p(s).melds.rearrange == "own",
         F(1, 8)),
        ("ML-02d lay off", "own", "no rearranging", flat, lambda s: p(s).lay_off == "own", _w(3, 2)),
        ("ML-02e dump", "yes", "no rearranging", flat, dump, F(1, 8)),
        ("ML-02e dump", "verb 'dump'", "dump", dump, lambda s: p(s).dump == "dump", _w(7, 0)),
        ("ML-02f stump", "yes", "all", everyone, stump, F(1, 8)),
        ("ML-02f stump", "name 'stump'", "stump", stump, lambda s: p(s).stump == "stump", _w(7, 0)),
        ("ML-02g block", "yes", "sequence", seq, block, F(1, 8)),
        ("ML-02g block", "word 'buried'", "block", block, lambda s: p(s).block == "buried", _w(7, 0)),
        ("ML-03 wild cards", "joker swap", "jokers, no wild-rank card", lambda s: s.deck.jokers > 0 and not wild_card(s),
         lambda s: p(s).joker_swap, F(1, 8)),
        ("ML-03 wild cards", "one joker", "jokers or a wild-rank card", jokers, lambda s: p(s).one_joker, F(1, 8)),
        ("ML-03 wild cards", "progressive", "no jokers, no wild-rank card", lambda s: not jokers(s),
         lambda s: p(s).progressive_wilds, F(1, 8)),
        ("ML-05 penalty", "yes", "no rearranging", flat, penalty, F(1, 8)),
        ("ML-05 penalty", "three cards", "penalty", penalty, lambda s: p(s).penalty == 3, F(1, 2)),
        ("ML-06 full house", "yes", "H < 7", lambda s: s.deal.hand_size < 7, full, F(1, 16)),
        ("ML-06 full house", "never", "H ≥ 7", lambda s: s.deal.hand_size >= 7, full, F(0)),
        ("ML-06 full house", "name 'full house'", "full house", full,
         lambda s: p(s).melds.full_house == "full house", _w(7, 0)),
        ("SH-01 call", "yes", "all", everyone, lambda s: p(s).call is not None, F(1, 8)),
    ]


def _melding_scoring_rows() -> list[Row6]:
    """SC-A in melding with the knock on going out, the pig in a meld, EN-01…EN-04."""
    s_ = lambda s: s.scoring  # noqa: E731
    tokens = lambda s: s.deal.tokens is not None  # noqa: E731
    kind = lambda k: (lambda s: s_(s).kind == k)  # noqa: E731
    free = lambda s: not tokens(s)  # noqa: E731
    counted = lambda s: s_(s).kind in ("card-values", "card-count")  # noqa: E731
    return [
        ("SC-A1 countdown", "yes", "tokens", tokens, kind("countdown"), F(1)),
        ("SC-A2 hand value", "yes", "no tokens", free, _hand_value, F(1, 2)),
        ("SC-A2 hand value", "knock five", "hand value, no rows", lambda s: _hand_value(s) and not s.deal.rows,
         lambda s: s_(s).round_end == "knock-five", F(1, 16)),
        ("SC-A2 hand value", "knock out", "hand value, no kitty, no rows",
         lambda s: _hand_value(s) and s.deal.kitty is None and not s.deal.rows,
         lambda s: s_(s).round_end == "knock-out", F(15, 16) * F(1, 8)),
        ("SC-A2 hand value", "knock out with a kitty", "hand value, kitty",
         lambda s: _hand_value(s) and s.deal.kitty is not None, lambda s: s_(s).round_end == "knock-out", F(0)),
        ("SC-A2 hand value", "card count: losers lose", "card count", kind("card-count"),
         lambda s: s_(s).losers_lose, F(1, 3)),
        ("SC-A2 hand value", "pig in a meld", "card values or count, pig",
         lambda s: counted(s) and s.setup.pig is not None, lambda s: s.play.pig_meld is not None, F(1)),
        ("SC-A2 hand value", "pig in a meld elsewhere", "no pig, or not card values or count",
         lambda s: not counted(s) or s.setup.pig is None, lambda s: s.play.pig_meld is not None, F(0)),
        ("SC-A3 titles", "yes", "no tokens, not hand value", lambda s: free(s) and not _hand_value(s),
         kind("titles"), F(1, 4)),
        ("SC-A4 first out", "yes", "no tokens, not hand value", lambda s: free(s) and not _hand_value(s),
         kind("first-out"), F(3, 4)),
        ("EN-01 tokens", "yes", "tokens", tokens, lambda s: s.ending.condition.kind == "tokens", F(1)),
        ("EN-02 fixed length", "any", "no tokens", free, lambda s: s.ending.condition.kind in ("rounds", "shrinking"),
         F(1, 8)),
        ("EN-04 ties", "extra-hand", "no tokens", free, lambda s: s.ending.ties == "extra-hand", F(1, 2)),
    ]


def _melding_rules() -> list[Row6]:
    """The rows of melding games."""
    return _melding_deal_rows() + _melding_play_rows() + _melding_scoring_rows()


def sample_all(n: int, first_seed: int = 0, family: str = DEFAULT) -> tuple[list[GameSpec], list[GameSpec]]:
    """(every drawn spec, the accepted specs) for seeds first_seed … first_seed+n−1, drawn exactly
    as ``sample_game`` draws them."""
    drawn: list[GameSpec] = []
    accepted: list[GameSpec] = []
    for seed in range(first_seed, first_seed + n):
        draw = Draw.from_seed(seed)
        for _ in range(MAX_REDRAWS + 1):
            spec = draw_spec(draw, family, flavour=True)  # the book's intro words are among the frequencies
            drawn.append(spec)
            if not check_spec(spec):
                accepted.append(spec)
                break
    return drawn, accepted


def _rate(specs: list[GameSpec], cond: Pred, pred: Pred) -> tuple[int, float]:
    among = [s for s in specs if cond(s)]
    return len(among), (sum(1 for s in among if pred(s)) / len(among) if among else float("nan"))


def module_frequencies(n: int = 1000, first_seed: int = 0, family: str = DEFAULT) -> list[Row]:
    """One row per module option of ``family``: expected rate (catalogue) vs drawn and accepted rates."""
    return frequency_rows(*sample_all(n, first_seed, family), family=family)


def frequency_rows(drawn: list[GameSpec], accepted: list[GameSpec], family: str | None = None) -> list[Row]:
    """The table for specs already sampled (see ``sample_all``): every family's rows, or ``family``'s."""
    rows = []
    for module, option, among, cond, pred, expected in _rules(family):
        dn, dr = _rate(drawn, cond, pred)
        an, ar = _rate(accepted, cond, pred)
        rows.append(Row(module, option, among, float(expected), dn, dr, an, ar))
    return rows


def format_table(rows: list[Row]) -> str:
    out = ["| module | option | among | expected | drawn (n) | accepted (n) |", "|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r.module} | {r.option} | {r.among} | {r.expected:.3f} | {r.drawn:.3f} ({r.drawn_n}) "
                   f"| {r.accepted:.3f} ({r.accepted_n}) |")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(format_table(module_frequencies(int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
                                          family=sys.argv[2] if len(sys.argv) > 2 else DEFAULT)))
