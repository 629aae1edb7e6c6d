"""What a stepping game cannot have: the shared modules its engine does not play (a kitty, a
misdeal, the pig, invented laws, the exchange, jokers, a wild card, a tarot pack), and a deal that
leaves no stock."""

from __future__ import annotations

from generator.checks.core import Problem
from generator.spec import GameSpec

#: (field, whether the game has it, what to say): each refused with RULE_CONFLICT.
UNPLAYED = (
    ("deal.kitty", lambda s: s.deal.kitty is not None, "a stepping game has no kitty"),
    ("deal.misdeal", lambda s: s.deal.misdeal is not None, "a stepping game has no misdeal"),
    ("deal.tokens", lambda s: s.deal.tokens is not None, "a stepping game counts no tokens"),
    ("deal.rows", lambda s: s.deal.rows, "a stepping game deals no face-down rows"),
    ("deal.stock.wild_card", lambda s: s.deal.stock is not None and s.deal.stock.wild_card,
     "a stepping game has no wild card"),
    ("setup.pig", lambda s: s.setup.pig is not None, "a stepping game has no pig"),
    ("setup.extra_rules", lambda s: s.setup.extra_rules is not None, "a stepping game invents no laws"),
    ("setup.exchange", lambda s: s.setup.exchange is not None, "a stepping game has no exchange"),
    ("deck.jokers", lambda s: s.deck.jokers > 0, "a stepping game is played without jokers"),
    ("deck.kind", lambda s: s.deck.kind == "tarot", "a stepping game is played with a pack of four suits"),
    ("deal.stock", lambda s: s.deal.stock is None, "a stepping game needs a stock"),
)


def check_play(spec: GameSpec) -> list[Problem]:
    return [Problem("RULE_CONFLICT", field, why) for field, has, why in UNPLAYED if has(spec)]
