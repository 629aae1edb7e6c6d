"""Static checks of matching games (generator.families.matching.checks, with the shared deal and
shedding checks): a plain matching game passes, games using each module pass, each check fires on a
spec made to break it (its code and field), and trick-taking and climbing games refuse a stock."""

from __future__ import annotations

from typing import Any

import pytest

from generator.checks import CODES, check_spec
from generator.spec import GameSpec
from generator.spec.io import SpecError
from tests.conftest import make_spec
from tests.family_helpers import found, spec_with
from tests.test_checks_climbing import climb

#: A plain matching game (Crazy Eights-like: eights wild, queens skip), two to five players, seven
#: cards each, one discard pile, a point for going out first.
MATCH: dict[str, Any] = {
    "version": 1,
    "naming": {"name": "Eights", "country": "en", "adjective": "classic"},
    "players": {"min": 2, "max": 5},
    "deck": {"kind": "standard", "order": "ace-high", "jokers": 0},
    "deal": {"hand_size": 7, "stock": {"discard_piles": 1}},
    "play": {"family": "matching", "first_turn": "dealer-left",
             "effects": [{"rank": "Q", "kind": "skip"}, {"rank": "8", "kind": "wild"}]},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "extra-hand"},
}
TOKENS = {"deal.tokens": {"name": "coin"}, "scoring": {"kind": "countdown"},
          "ending": {"condition": {"kind": "tokens"}, "ties": None}}
KITTY = {"deal.kitty": {"form": "dealt", "name": "pot", "size": 4}, "players.min": 3}
AUCTION = {**KITTY, "bidding.auction": {"title": "squire"}, "scoring": {"kind": "landlord-stake"},
           "ending.condition": {"kind": "target", "points": 20}}
CHEAT = {"play.cheat": {"word": "bunco"}}
COUNT = {"kind": "card-count", "losers_lose": False}
VALUES = {"kind": "card-values", "values": {"faces": 10, "aces": 1}}


def match(**changes: Any) -> GameSpec:
    """The plain matching game with changes given as dotted paths."""
    return spec_with(MATCH, **changes)


def test_a_plain_matching_game_passes() -> None:
    assert check_spec(match()) == []


@pytest.mark.parametrize("changes", [
    {**CHEAT, "deal.stock": {"discard_piles": 2}},
    {"deal.stock": {"discard_piles": 2, "wild_card": True}, "play.must_play": True, "play.play_drawn": True,
     "play.multiple": "same-rank"},
    # a wild card with no rank is set aside (spec.deal.Stock): with jokers, and with a tarot pack
    {"deck.jokers": 1, "deal.stock": {"wild_card": True}},
    {"deck.kind": "tarot", "deck.order": "natural", "deal.stock": {"wild_card": True}},
    {"play.draw": "pile", "play.multiple": "rank-or-suit", "play.opening_effect": "dealer", "play.call": "Eights"},
    {**KITTY, "play.effects": [{"rank": "K", "kind": "kitty-take"}, {"rank": "2", "kind": "draw-chain",
                                                                   "chain": "stacked", "draw": 2, "step": 2}]},
    {**AUCTION, "play.effects": [{"rank": "J", "kind": "points", "points": 4}]},
    {"play.effects": [{"rank": "J", "kind": "points", "points": 4}], "scoring": VALUES,
     "ending.condition": {"kind": "target", "points": 100}},
    {"play.effects": [{"rank": "J", "kind": "points", "points": 4}], "scoring": COUNT,
     "ending.condition": {"kind": "target", "points": 20}},
    {**TOKENS, "play.effects": [{"rank": "J", "kind": "points"}], "play.countdown_wild": True},
    {"play.named_card": {"card": "Q of spades", "nickname": "Kev", "who": "next"}, "play.effects": [],
     "play.opening_effect": "dealer"},
    {"deck.kind": "german32", "deck.order": "natural", "deal.hand_size": 5,
     "play.effects": [{"rank": "Ober", "kind": "top-follow"}, {"rank": "7", "kind": "not-last"}]},
    {"deal.rows": True, "deal.hand_size": 3, "players.max": 4},
    {"deal.hand_size": 10},  # 10 × 5 + 1: a stock of one card at five players
    {"scoring": {"kind": "titles", "title": "boss", "first": 3, "loser": "clod", "loser_penalty": 1}},
])
def test_matching_games_that_pass(changes: dict[str, Any]) -> None:
    assert check_spec(match(**changes)) == []


#: (changes to the plain game, the code, the field): one spec per check.
FAILING = [
    # the stock and discard piles (DL-08…DL-10) and the deal
    ({"deal.stock": None}, "RULE_CONFLICT", "deal.stock"),
    ({"deal.hand_size": "all"}, "RULE_CONFLICT", "deal.hand_size"),
    ({"deal.hand_size": 10, "deal.stock": {"wild_card": True}}, "DEAL_IMPOSSIBLE", "deal.stock"),
    ({"deal.hand_size": 10, "deal.stock": {"discard_piles": 2, "wild_card": True}}, "DEAL_IMPOSSIBLE",
     "deal.hand_size"),
    ({"deal.rows": True}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    ({"deal.stock": {"discard_piles": 2}, "play.draw": "pile"}, "RULE_CONFLICT", "play.draw"),
    # the special cards (MT-04)
    ({"play.effects": [{"rank": "Ober", "kind": "skip"}]}, "DECK_INCONSISTENT", "play.effects[0].rank"),
    ({"deck.removed": ["Q"]}, "DECK_INCONSISTENT", "play.effects[0].rank"),
    ({"play.effects": [{"rank": "8", "kind": "wild"}, {"rank": "Q", "kind": "skip"}]}, "SPEC_INVALID",
     "play.effects"),
    ({"play.named_card": {"card": "red joker", "who": "player"}}, "DECK_INCONSISTENT", "play.named_card.card"),
    ({"play.effects": [{"rank": "K", "kind": "kitty-give"}]}, "RULE_CONFLICT", "play.effects[0]"),
    ({**AUCTION, "play.effects": [{"rank": "K", "kind": "kitty-take"}]}, "RULE_CONFLICT", "play.effects[0]"),
    ({"play.effects": [{"rank": "J", "kind": "points", "points": 4}]}, "RULE_CONFLICT", "play.effects[0].points"),
    ({"play.effects": [{"rank": "J", "kind": "points"}], "scoring": COUNT,
      "ending.condition": {"kind": "target", "points": 20}}, "SPEC_INVALID", "play.effects[0].points"),
    ({**TOKENS, "play.effects": [{"rank": "J", "kind": "points", "points": 4}]}, "RULE_CONFLICT",
     "play.effects[0].points"),
    ({"play.effects": [{"rank": "J", "kind": "points", "points": 4}], "scoring": {**VALUES, "losers_lose": True},
      "ending.condition": {"kind": "threshold", "points": 100}}, "RULE_CONFLICT", "play.effects[0].points"),
    ({"deck.kind": "german32", "deck.order": "natural", "deck.removed": ["A", "K", "Ober", "Unter", "10", "9"],
      "deal.hand_size": 3, "play.effects": [{"rank": "8", "kind": "top-follow"}]},
     "DECK_INCONSISTENT", "play.effects[0]"),
    ({"play.countdown_wild": True}, "RULE_CONFLICT", "play.countdown_wild"),
    ({"play.effects": [], "play.opening_effect": "dealer"}, "RULE_CONFLICT", "play.opening_effect"),
    # cheat mode (MT-02): one card a turn (no passing and drawing is the spec's own rule)
    ({**CHEAT, "play.multiple": "same-rank"}, "RULE_CONFLICT", "play.multiple"),
    # passing and drawing (MT-05)
    ({"play.draw": "pile", "play.play_drawn": True}, "RULE_CONFLICT", "play.play_drawn"),
    # scoring by going out (SC-A)
    ({"scoring": {"kind": "per-trick"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {"kind": "avoid-suit", "suit": "hearts"}, "ending.condition": {"kind": "threshold", "points": 40}},
     "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {**COUNT, "round_end": "knock-out"}}, "RULE_CONFLICT", "scoring.round_end"),
    ({"deal.tokens": {"name": "coin"}}, "RULE_CONFLICT", "deal.tokens"),
    # other families' modules
    ({"setup.trumps": {"method": "called", "caller": "dealer"}}, "RULE_CONFLICT", "setup.trumps"),
    ({"setup.high_low": True}, "RULE_CONFLICT", "setup.high_low"),
    ({"bidding.tricks": {"order": "dealer"}}, "RULE_CONFLICT", "bidding.tricks"),
    ({"deck.run_wrap": True}, "RULE_CONFLICT", "deck.run_wrap"),
    # intro facts of matching's modules
    ({"naming.fact": "cheat"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "two-discard-piles"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "points-in-hand"}, "RULE_CONFLICT", "naming.fact"),
]


@pytest.mark.parametrize("changes, code, field", FAILING, ids=lambda x: x if isinstance(x, str) else None)
def test_each_matching_check_fires(changes: dict[str, Any], code: str, field: str) -> None:
    problems = found(match(**changes))
    assert (code, field) in problems, problems


def test_every_check_names_a_known_code() -> None:
    for changes, code, _ in FAILING:
        assert code in CODES
        for problem in check_spec(match(**changes)):
            assert problem.code in CODES and problem.message


def test_the_facts_hold_when_their_modules_are_there() -> None:
    assert check_spec(match(**CHEAT, **{"naming.fact": "cheat"})) == []
    assert check_spec(match(**{"deal.stock": {"discard_piles": 2}, "naming.fact": "two-discard-piles"})) == []
    assert check_spec(match(**{"play.effects": [{"rank": "J", "kind": "points", "points": 4}], "scoring": COUNT,
                               "ending.condition": {"kind": "target", "points": 20},
                               "naming.fact": "points-in-hand"})) == []


# --- other families refuse the stock -------------------------------------------------------------------


def test_trick_taking_and_climbing_refuse_a_stock() -> None:
    """A clear RULE_CONFLICT: nobody draws from a stock in either family."""
    stock = {"deal.stock": {"discard_piles": 1}}
    assert ("RULE_CONFLICT", "deal.stock") in found(make_spec(**stock))
    assert ("RULE_CONFLICT", "deal.stock") in found(climb(**stock))
    assert check_spec(climb()) == [] and check_spec(make_spec()) == []


@pytest.mark.parametrize("field,value", [("must_play", True), ("draw", "pile"), ("play_drawn", True)])
def test_cheat_mode_refuses_passing_and_drawing_in_the_spec(field: str, value: Any) -> None:
    """MT-02 has no passing or drawing: the spec itself refuses MT-05's fields in cheat mode."""
    with pytest.raises(SpecError, match=r"cheat mode has no passing or drawing.*\[SPEC_INVALID\]"):
        match(**CHEAT, **{f"play.{field}": value})
