"""What a fishing game cannot have, and what its rules must agree on: the shared modules its
engine does not play (a kitty, a misdeal, tokens, rows, discard piles, an odd card, trumps,
bidding, the pig, invented laws, the exchange, jokers, a tarot pack, shrinking hands), a deal that
leaves no card for the table, a sweeping rank the pack lacks, rules a pile cannot have, and
scoring other than card points (with sweeps exactly when the play says what a sweep is), every
combination at once without sums and every card of a rank taken, builds without sums or without
number cards to build with."""

from __future__ import annotations

from generator.checks.core import Problem
from generator.spec import GameSpec

#: (field, whether the game has it, what to say): each refused with RULE_CONFLICT.
UNPLAYED = (
    ("deal.kitty", lambda s: s.deal.kitty is not None, "a fishing game has no kitty"),
    ("deal.misdeal", lambda s: s.deal.misdeal is not None, "a fishing game has no misdeal"),
    ("deal.tokens", lambda s: s.deal.tokens is not None, "a fishing game counts no tokens"),
    ("deal.rows", lambda s: s.deal.rows, "a fishing game deals no face-down rows"),
    ("deal.stock", lambda s: s.deal.stock is not None, "a fishing game has a table, not discard piles"),
    ("deal.odd_card", lambda s: s.deal.odd_card is not None, "a fishing game deals every player alike"),
    ("deal.hand_size", lambda s: s.deal.hand_size == "all", "a fishing game deals hands from a stock, not the whole pack"),
    ("setup.trumps", lambda s: s.setup.has_trumps() or s.setup.anti_trumps or s.setup.robbing is not None
     or s.setup.top_trump_point or s.setup.high_low, "a fishing game has no trumps"),
    ("setup.pig", lambda s: s.setup.pig is not None, "a fishing game has no pig"),
    ("setup.extra_rules", lambda s: s.setup.extra_rules is not None, "a fishing game invents no laws"),
    ("setup.exchange", lambda s: s.setup.exchange is not None, "a fishing game has no exchange"),
    ("bidding", lambda s: s.bidding.any(), "a fishing game has no bidding"),
    ("deck.jokers", lambda s: s.deck.jokers > 0, "a fishing game is played without jokers"),
    ("deck.kind", lambda s: s.deck.kind == "tarot", "a fishing game is played with a pack of four suits"),
    ("ending.condition", lambda s: s.ending.condition.kind in ("shrinking", "tokens"),
     "a fishing game's hands are refilled to the same size"),
    ("scoring.kind", lambda s: s.scoring.kind != "card-points", "a fishing game scores card points for its captures"),
    ("scoring.last_trick", lambda s: getattr(s.scoring, "last_trick", None) is not None,
     "a fishing game has no tricks: the last capturer takes what is left on the table instead"),
    ("scoring.per_trick", lambda s: getattr(s.scoring, "per_trick", None) is not None,
     "a fishing game has no tricks to score"),
)


def check_play(spec: GameSpec) -> list[Problem]:
    out = [Problem("RULE_CONFLICT", field, why) for field, has, why in UNPLAYED if has(spec)]
    p, out2 = spec.play, []
    size = spec.deck.size()
    if isinstance(spec.deal.hand_size, int):
        for n in spec.players.counts():
            each = spec.deal.cards_each(n, size)
            if each * n + p.table > size:
                out2.append(Problem("DEAL_IMPOSSIBLE", "play.table",
                                    f"{n} hands of {each} and {p.table} cards on the table need "
                                    f"{each * n + p.table} cards; the pack has {size}", n))
    if p.sweeper is not None and p.sweeper not in spec.deck.ranks():
        out2.append(Problem("DECK_INCONSISTENT", "play.sweeper", f"the pack has no {p.sweeper}s"))
    if p.layout == "pile":
        for field, bad, why in (("play.match", p.match != "one", "a pile is taken whole: say 'one'"),
                                ("play.sums", p.sums, "only the top card of a pile can be matched, so nothing adds up"),
                                ("play.must_capture", p.must_capture, "a card that matches a pile takes it anyway"),
                                ("play.sweep", p.sweep == "clear-table", "every capture of a pile clears the table"),
                                ("play.combinations", p.combinations != "one", "a pile is taken whole: say 'one'"),
                                ("play.builds", p.builds, "only the top card of a pile can be matched: nothing is built")):
            if bad:
                out2.append(Problem("RULE_CONFLICT", field, why))
    elif p.combinations == "every" and not (p.sums and p.match == "all"):
        out2.append(Problem("RULE_CONFLICT", "play.combinations", "every combination at once needs cards adding up "
                            "(play.sums) and every card of a rank taken (play.match: all)"))
    if p.layout == "spread" and p.builds:
        if not p.sums:
            out2.append(Problem("RULE_CONFLICT", "play.builds", "a build is cards adding up: it needs play.sums"))
        elif p.top_number(spec.deck) < 3:
            out2.append(Problem("DECK_INCONSISTENT", "play.builds", "the pack has too few number cards to build with"))
    if spec.scoring.kind == "card-points" and (p.sweep is None) != (spec.scoring.sweeps is None):
        out2.append(Problem("RULE_CONFLICT", "scoring.sweeps", "sweeps score exactly when the play says what a sweep is"))
    return out + out2
