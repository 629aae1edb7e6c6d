"""Static checks of climbing games (generator.families.climbing.checks, checks.shedding): a plain
climbing game passes, each check fires on a spec made to break it (its code and field), and a
trick-taking game with climbing's modules is refused with a clear RULE_CONFLICT."""

from __future__ import annotations

from typing import Any

import pytest

from generator.checks import check_spec
from generator.spec import GameSpec
from tests.conftest import make_spec
from tests.family_helpers import found, spec_with

#: A plain climbing game (singles, sets and same-suit runs, the pile set aside, a point for going
#: out first), three to five players, ten cards each.
CLIMB: dict[str, Any] = {
    "version": 1,
    "naming": {"name": "Ladder", "country": "en", "adjective": "classic"},
    "players": {"min": 3, "max": 5},
    "deck": {"kind": "standard", "order": "two-over-ace", "jokers": 0},
    "deal": {"hand_size": 10},
    "play": {"family": "climbing", "opening_leader": "dealer-left", "leads": "runs", "runs": "same-suit",
             "collection": "set-aside"},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "extra-hand"},
}
TITLES = {"kind": "titles", "title": "boss", "first": 3, "loser": "clod", "loser_penalty": 1}
TOKENS = {"deal.tokens": {"name": "coin"}, "scoring": {"kind": "countdown"},
          "ending": {"condition": {"kind": "tokens"}, "ties": None}}
KITTY = {"deal.kitty": {"form": "dealt", "name": "pot", "size": 4}, "players.max": 4}
AUCTION = {**KITTY, "bidding.auction": {"title": "squire"}, "play.opening_leader": "landlord"}


def climb(**changes: Any) -> GameSpec:
    """The plain climbing game with changes given as dotted paths."""
    return spec_with(CLIMB, **changes)


def test_a_plain_climbing_game_passes() -> None:
    assert check_spec(climb()) == []


@pytest.mark.parametrize("changes", [
    {"play.leads": "sets", "play.runs": None},
    {"play.leads": "singles", "play.runs": None, "play.trick_end": "first-pass"},
    {"deck.run_wrap": True},
    {"deck.jokers": 2, "play.jokers": "wild", "play.natural_beats_joker": True,
     "play.bomb": {"name": "bomb", "rocket": "rocket"}},
    {"deck.jokers": 1, "play.jokers": "top", "play.colour_match": True, "play.transparent": {"rank": "7"}},
    {"play.low_bomb": True, "play.beating": "sets-crush", "play.must_play": True, "play.rejoin": False},
    {"deal.hand_size": "all", "play.opening_leader": "holder", "play.opening_card": "3 of clubs",
     "players.min": 4, "players.max": 4},
    {**KITTY, "play.kitty_capture": {"card": "K of hearts", "nickname": "Kev"}},
    {**AUCTION, "scoring": {"kind": "landlord-stake", "stock_out": True, "low_finish_double": True},
     "ending.condition": {"kind": "target", "points": 20}},
    {**AUCTION, "scoring": TITLES},
    {"deal.rows": True, "play.leads": "singles", "play.runs": None, "deal.hand_size": 3, "players.max": 4},
    {**TOKENS, "deal.hand_size": 8},
    {**TOKENS, "play.collection": "trick"},
    {"play.collection": "trick", "scoring": {"kind": "avoid-suit", "suit": "hearts"},
     "ending.condition": {"kind": "threshold", "points": 40}},
    {"play.collection": "trick", "scoring": {"kind": "per-trick"}},
    {"scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1}, "losers_lose": True,
                 "round_end": "knock-five"}, "ending.condition": {"kind": "threshold", "points": 100}},
    {"deck.kind": "tarot", "deck.order": "natural", "scoring": {"kind": "card-values", "values": {
        "majors": 5, "faces": 12, "aces": 1, "numbers": "one"}}},
    {"scoring": {"kind": "card-count", "losers_lose": False, "pig_cards": 4},
     "setup.pig": {"card": "Q of spades", "name": "goat"}},
    {"scoring": {**TITLES, "vice": "aide", "second": 2, "starter": "vice", "rule_maker": "vice",
                 "passing": {"kind": "two-cards", "returned": 3}}, "setup.extra_rules": {"kind": "bonus"}},
    {"scoring": {**TITLES, "retire": False, "passing": {"kind": "loser-deals", "usurper": True}}},
])
def test_climbing_games_that_pass(changes: dict[str, Any]) -> None:
    assert check_spec(climb(**changes)) == []


#: (changes to the plain game, the code, the field): one spec per check.
FAILING = [
    # the shapes the pack can make (CL-02, DK-05)
    ({"play.runs": None}, "RULE_CONFLICT", "play.runs"),
    ({"play.leads": "sets"}, "RULE_CONFLICT", "play.runs"),
    ({"deck.kind": "german32", "deck.order": "natural", "deck.removed": ["A", "K", "Ober", "Unter", "10", "9"]},
     "DECK_INCONSISTENT", "play.leads"),
    ({"play.leads": "sets", "play.runs": None, "deck.run_wrap": True}, "RULE_CONFLICT", "deck.run_wrap"),
    ({"deal.rows": True, "deal.hand_size": 3}, "RULE_CONFLICT", "play.leads"),
    # jokers and the special plays (CL-05…CL-09)
    ({"play.jokers": "wild"}, "DECK_INCONSISTENT", "play.jokers"),
    ({"deck.jokers": 2}, "DECK_INCONSISTENT", "play.jokers"),
    ({"deck.jokers": 2, "play.jokers": "top", "play.natural_beats_joker": True},
     "RULE_CONFLICT", "play.natural_beats_joker"),
    ({"deck.jokers": 2, "play.jokers": "wild", "play.natural_beats_joker": True, "play.leads": "singles",
      "play.runs": None}, "RULE_CONFLICT", "play.natural_beats_joker"),
    ({"deck.kind": "french32", "deck.order": "natural", "play.colour_match": True},
     "DECK_INCONSISTENT", "play.colour_match"),
    ({"play.low_bomb": True, "play.colour_match": True}, "RULE_CONFLICT", "play.colour_match"),
    ({"play.low_bomb": True, "play.bomb": {"name": "bomb"}}, "RULE_CONFLICT", "play.bomb"),
    ({"deck.jokers": 1, "play.jokers": "top", "play.bomb": {"name": "bomb", "rocket": "rocket"}},
     "DECK_INCONSISTENT", "play.bomb.rocket"),
    ({"play.transparent": {"rank": "Ober"}}, "DECK_INCONSISTENT", "play.transparent.rank"),
    ({"deck.removed": ["7"], "play.transparent": {"rank": "7"}}, "DECK_INCONSISTENT", "play.transparent.rank"),
    # who leads (CL-01)
    ({"play.opening_leader": "holder", "play.opening_card": "3 of clubs"}, "RULE_CONFLICT", "play.opening_leader"),
    ({"play.opening_leader": "holder"}, "RULE_CONFLICT", "play.opening_card"),
    ({"play.opening_card": "3 of clubs"}, "RULE_CONFLICT", "play.opening_card"),
    ({"deal.hand_size": "all", "play.opening_leader": "holder", "play.opening_card": "3 of clubs"},
     "RULE_CONFLICT", "play.opening_leader"),  # 52 cards at three players: one is set aside
    ({"deal.hand_size": "all", "players.min": 4, "players.max": 4, "deal.kitty": {"form": "contributed"},
      "play.opening_leader": "holder", "play.opening_card": "3 of clubs"}, "RULE_CONFLICT", "play.opening_leader"),
    ({"deal.hand_size": "all", "players.min": 4, "players.max": 4, "play.opening_leader": "holder",
      "play.opening_card": "joker"}, "DECK_INCONSISTENT", "play.opening_card"),
    ({"play.opening_leader": "landlord"}, "RULE_CONFLICT", "play.opening_leader"),
    ({**AUCTION, "play.opening_leader": "dealer", "scoring": TITLES}, "RULE_CONFLICT", "play.opening_leader"),
    # the trick (CL-11)
    ({"play.trick_end": "first-pass"}, "RULE_CONFLICT", "play.trick_end"),
    ({"play.leads": "singles", "play.runs": None, "play.trick_end": "first-pass", "play.rejoin": False},
     "RULE_CONFLICT", "play.rejoin"),
    # the kitty (CL-13)
    ({"play.kitty_capture": {"suit": "hearts"}}, "RULE_CONFLICT", "play.kitty_capture"),
    ({**KITTY, "play.kitty_capture": {"card": "Ober of acorns"}}, "DECK_INCONSISTENT", "play.kitty_capture.card"),
    ({**KITTY, "play.kitty_capture": {"suit": "bells"}}, "DECK_INCONSISTENT", "play.kitty_capture.suit"),
    ({**KITTY, "play.kitty_capture": {"suit": "hearts", "card": "K of hearts"}}, "SPEC_INVALID", "play.kitty_capture"),
    ({**KITTY, "play.kitty_capture": {"suit": "hearts", "nickname": "Kev"}},
     "SPEC_INVALID", "play.kitty_capture.nickname"),
    ({**AUCTION, "scoring": TITLES, "play.kitty_capture": {"suit": "hearts"}}, "RULE_CONFLICT", "play.kitty_capture"),
    # how piles are collected decides the scoring (CL-12)
    ({"play.collection": "trick"}, "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {"kind": "per-trick"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"play.collection": "trick", "scoring": {"kind": "exact-bid"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {"kind": "card-count", "losers_lose": False, "round_end": "knock-out"}},
     "RULE_CONFLICT", "scoring.round_end"),
    # trick-taking's modules
    ({"setup.trumps": {"method": "called", "caller": "dealer"}}, "RULE_CONFLICT", "setup.trumps"),
    ({"setup.high_low": True}, "RULE_CONFLICT", "setup.high_low"),
    ({"bidding.tricks": {"order": "dealer"}}, "RULE_CONFLICT", "bidding.tricks"),
    # the deal fits at every count (face-down rows take six cards each)
    ({"deal.rows": True, "play.leads": "singles", "play.runs": None}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    # countdown tokens (DL-04, SC-A1, SC-B, EN-01)
    ({"deal.tokens": {"name": "coin"}}, "RULE_CONFLICT", "deal.tokens"),
    ({"deal.tokens": {"name": "coin"}}, "RULE_CONFLICT", "ending.condition"),
    ({"scoring": {"kind": "countdown"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"ending": {"condition": {"kind": "tokens"}, "ties": None}}, "RULE_CONFLICT", "ending.condition"),
    ({**TOKENS, "deal.hand_size_over_three": 6}, "RULE_CONFLICT", "deal.hand_size_over_three"),
    # the landlord's stake (BD-03)
    ({"scoring": {"kind": "landlord-stake"}}, "RULE_CONFLICT", "scoring.kind"),
    ({**AUCTION}, "RULE_CONFLICT", "bidding.auction"),
    ({**AUCTION, **TOKENS}, "RULE_CONFLICT", "bidding.auction"),
    # the card-value table (SC-A2)
    ({"scoring": {"kind": "card-values", "values": {"faces": 10}}}, "RULE_CONFLICT", "scoring.values.aces"),
    ({"scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1, "jokers": 5}}},
     "DECK_INCONSISTENT", "scoring.values.jokers"),
    ({"scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1, "majors": 5}}},
     "DECK_INCONSISTENT", "scoring.values.majors"),
    ({"deck.order": "no-courts", "scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1}}},
     "DECK_INCONSISTENT", "scoring.values.faces"),
    ({"deck.jokers": 1, "play.jokers": "top", "scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1}}},
     "RULE_CONFLICT", "scoring.values.jokers"),
    ({"scoring": {"kind": "card-values", "values": {"faces": 10, "aces": 1, "pig": 5}}},
     "RULE_CONFLICT", "scoring.values.pig"),
    ({"scoring": {"kind": "card-count", "losers_lose": False, "pig_cards": 3}}, "RULE_CONFLICT", "scoring.pig_cards"),
    ({"deal.rows": True, "play.leads": "singles", "play.runs": None, "deal.hand_size": 3,
      "scoring": {"kind": "card-count", "losers_lose": False, "round_end": "knock-five"}},
     "RULE_CONFLICT", "scoring.round_end"),
    # penalty scoring and the ending
    ({"scoring": {"kind": "card-count", "losers_lose": True}}, "NO_WIN_PATH", "ending.condition"),
    ({"ending.condition": {"kind": "threshold", "points": 10}}, "NO_WIN_PATH", "ending.condition"),
    ({"scoring": TITLES, "ending.condition": {"kind": "threshold", "points": 10}}, "RULE_CONFLICT", "ending.condition"),
    # titles (SC-A3, SC-A5, WU-01…WU-05)
    ({"scoring": {**TITLES, "vice": "aide"}}, "RULE_CONFLICT", "scoring.second"),
    ({"scoring": {**TITLES, "second": 2}}, "RULE_CONFLICT", "scoring.second"),
    ({"scoring": {**TITLES, "vice": "aide", "second": 2, "retire": False}}, "RULE_CONFLICT", "scoring.vice"),
    ({"scoring": {**TITLES, "starter": "vice"}}, "RULE_CONFLICT", "scoring.starter"),
    ({"scoring": {**TITLES, "vice": "aide", "second": 2, "rule_maker": "vice"}}, "RULE_CONFLICT", "scoring.rule_maker"),
    ({"scoring": {**TITLES, "pig": {"who": "loser", "points": -3}}}, "RULE_CONFLICT", "scoring.pig"),
    ({"scoring": {**TITLES, "passing": {"kind": "two-cards"}}}, "RULE_CONFLICT", "scoring.passing.returned"),
    ({"scoring": {**TITLES, "passing": {"kind": "best-card", "returned": 2}}}, "RULE_CONFLICT", "scoring.passing.returned"),
    ({"scoring": {**TITLES, "passing": {"kind": "swap-hands", "usurper": True}}},
     "RULE_CONFLICT", "scoring.passing.usurper"),
    ({"deal.hand_size": 1, "scoring": {**TITLES, "passing": {"kind": "two-cards", "returned": 2}}},
     "DEAL_IMPOSSIBLE", "scoring.passing"),
    # intro facts of climbing's modules
    ({"naming.fact": "countdown"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "face-down-rows"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "titles"}, "RULE_CONFLICT", "naming.fact"),
]


@pytest.mark.parametrize("changes, code, field", FAILING, ids=lambda x: x if isinstance(x, str) else None)
def test_each_climbing_check_fires(changes: dict[str, Any], code: str, field: str) -> None:
    problems = found(climb(**changes))
    assert (code, field) in problems, problems


def test_every_check_names_a_known_code() -> None:
    from generator.checks import CODES

    for changes, code, _ in FAILING:
        assert code in CODES
        for problem in check_spec(climb(**changes)):
            assert problem.code in CODES and problem.message


# --- a trick-taking game with climbing's modules ------------------------------------------------------


@pytest.mark.parametrize("changes, field", [
    ({"scoring": TITLES}, "scoring.kind"),
    ({"scoring": {"kind": "first-out"}}, "scoring.kind"),
    ({"scoring": {"kind": "countdown"}, "deal.tokens": {"name": "coin"},
      "ending": {"condition": {"kind": "tokens"}, "ties": None}}, "deal.tokens"),
    ({"deal.rows": True, "deal.hand_size": 5}, "deal.rows"),
    ({"deck.run_wrap": True}, "deck.run_wrap"),
])
def test_trick_taking_refuses_climbings_modules(changes: dict[str, Any], field: str) -> None:
    """A clear RULE_CONFLICT, not a crash in a later check."""
    problems = [(p.code, p.field) for p in check_spec(make_spec(**changes))]
    assert ("RULE_CONFLICT", field) in problems, problems
