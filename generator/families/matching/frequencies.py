"""Matching's rows of the catalogue's rates (``generator.sample.frequencies`` gathers them, and takes
each over matching's games only): its deal with the stock and its discard piles, the setup and
bidding the shedding families share, its play (MT-01…MT-07, every special card of MT-04, the call)
and its shedding scoring and end."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import _TWO_JOKERS, Pred, Row6, _hand_value, _shedding_setup_rows, _spare, _w
from generator.spec import GameSpec

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


def _deal_rows() -> list[Row6]:
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


def _play_rows() -> list[Row6]:
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
        # Parlour's option beyond the catalogue (Crazy Eights' common rule), drawn from its own stream
        ("MT-05 passing", "any card after a draw", "drawn card may be played", lambda s: p(s).play_drawn,
         lambda s: p(s).after_draw == "any", F(1, 8)),
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


def _scoring_rows() -> list[Row6]:
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


def rows() -> list[Row6]:
    """The rows of matching games."""
    return _deal_rows() + _play_rows() + _scoring_rows()
