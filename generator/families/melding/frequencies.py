"""Melding's rows of the catalogue's rates (``generator.sample.frequencies`` gathers them, and takes
each over melding's games only): its deck and deal with the stock, the setup and bidding the
shedding families share, its play (ML-01…ML-06, the call) and its shedding scoring with the knock
on going out and the pig in a meld, and the end."""

from __future__ import annotations

from fractions import Fraction as F

from generator.sample.frequencies import _TWO_JOKERS, Pred, Row6, _hand_value, _shedding_setup_rows, _spare, _w


def _deal_rows() -> list[Row6]:
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


def _play_rows() -> list[Row6]:
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
        # Parlour's options beyond the catalogue (the real games' rules), drawn from their own stream
        ("ML-02b draw", "a card taken may be discarded", "sequence, taken cards not melded",
         lambda s: seq(s) and not p(s).draw.meld_drawn, lambda s: p(s).draw.discard_taken, F(1, 16)),
        ("ML-04 stock exhausted", "turned over", "one discard pile", lambda s: s.deal.stock.discard_piles == 1,
         lambda s: p(s).restock == "turn", F(1, 16)),
        ("ML-04 blocked hand", "Parlour's rule", "all", everyone, lambda s: p(s).blocked, F(1)),
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


def _scoring_rows() -> list[Row6]:
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


def rows() -> list[Row6]:
    """The rows of melding games."""
    return _deal_rows() + _play_rows() + _scoring_rows()
