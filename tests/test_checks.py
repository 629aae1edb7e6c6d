"""Tier-0 static checks: each reason code fires on the input it names, and only there."""

from __future__ import annotations

import pytest

from generator.checks import check_spec
from tests.conftest import make_spec


def codes(**changes) -> list[tuple[str, str, int | None]]:
    return [(p.code, p.field, p.players) for p in check_spec(make_spec(**changes))]


def test_whist_is_clean(whist):
    assert check_spec(whist) == []


@pytest.mark.parametrize("changes, code, field", [
    ({"setup.trumps": {"method": "turn-up"}}, "DEAL_IMPOSSIBLE", "setup.trumps"),
    ({"deal.hand_size": 14}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    ({"deal.odd_card": {"who": "dealer", "extra": True}}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    ({"deal.kitty": {"form": "undealt", "name": "kitty"}}, "DEAL_IMPOSSIBLE", "deal.kitty"),
    ({"deck.removed": ["7", "7"]}, "DECK_INCONSISTENT", "deck.removed[1]"),
    ({"deck.removed": ["Ober"]}, "DECK_INCONSISTENT", "deck.removed[0]"),
    ({"deck.order": "promoted", "deck.promoted": "A"}, "DECK_INCONSISTENT", "deck.promoted"),
    ({"deck.order": "natural"}, "DECK_INCONSISTENT", "deck.order"),
    ({"setup.trumps": {"method": "fixed", "suit": "acorns"}}, "DECK_INCONSISTENT", "setup.trumps.suit"),
    ({"play.opening_leader": "holder", "play.opening_card": "Q of spades"}, "RULE_CONFLICT", "play.opening_leader"),
    ({"setup.trumps": {"method": "none"}, "play.following": "follow-or-trump"}, "RULE_CONFLICT", "play.following"),
    ({"play.following": "free", "play.otherwise": "higher"}, "RULE_CONFLICT", "play.otherwise"),
    ({"setup.trumps": {"method": "hidden"}, "setup.anti_trumps": True, "deal.hand_size": 12},
     "RULE_CONFLICT", "setup.anti_trumps"),
    ({"naming.fact": "anti-trumps"}, "RULE_CONFLICT", "naming.fact"),
    ({"scoring": {"kind": "per-trick", "beyond": 13}}, "NO_WIN_PATH", "scoring.beyond"),
    ({"ending.condition": {"kind": "threshold", "points": 20}}, "NO_WIN_PATH", "ending.condition"),
    ({"scoring": {"kind": "avoid-suit", "suit": "hearts"}}, "NO_WIN_PATH", "ending.condition"),
])
def test_each_problem_is_named(changes, code, field):
    found = codes(**changes)
    assert any(c == code and f == field for c, f, _ in found), found


#: A landlord game that passes: three to four players, a dealt kitty, the auction's winner leads.
LANDLORD = {"players.min": 3, "deal.hand_size": 10, "deal.kitty": {"form": "dealt", "name": "talon", "size": 4},
            "bidding.auction": {"title": "squire"}, "play.opening_leader": "landlord"}
BIDS = {"bidding.tricks": {"order": "dealer-left", "blind": "any", "hook": True}}
PIG = {"setup.pig": {"card": "7 of clubs", "name": "goat"}}


def test_new_modules_pass_when_used_properly():
    ok = [
        {"setup.trumps": {"method": "turn-up"}, "deal.hand_size": 12, "setup.robbing": {"form": "swap", "verb": "rob"},
         "setup.top_trump_point": True, "setup.high_low": True},
        {**PIG, "play.pig_lead": "no-lead-or-first", "scoring.extras": {"pig": "minus"}},
        {"deal.hand_size": 10, "setup.exchange": {"cards": 3}},
        {"deal.hand_size": 10, "setup.exchange": {"cards": 1, "single": True}},
        {"setup.extra_rules": {"kind": "secret", "inventor": "dealer-and-right", "name": "unseen edict"}},
        {"setup.extra_rules": {"kind": "bonus", "repeal": True}},
        {**BIDS, "scoring": {"kind": "per-trick", "exact_bonus": 10, "zero_bonus": 3, "blind_bonus": 2,
                             "extras": {"bid_all_wins": True, "top_trump": "minus"}}},
        {**BIDS, "scoring": {"kind": "exact-bid", "otherwise": "tricks-if-under"}},
        LANDLORD,
        {**LANDLORD, **BIDS},
        {"deal.hand_size": 10, "deal.kitty": {"form": "dealt", "name": "kitty", "size": 3},
         "play.kitty_capture": {"card": "Q of spades", "nickname": "Alf"}},
        {"deal.hand_size": 10, "deal.kitty": {"form": "dealt", "name": "kitty", "size": 3},
         "play.kitty_capture": {"suit": "hearts"}},
        {"deck.jokers": 2, "play.jokers": "split", "play.joker_lead": "hearts", "deal.hand_size": 12,
         "scoring": {"kind": "per-trick", "extras": {"joker_tricks": "void"}}},
        {"deck.jokers": 1, "play.jokers": "wild", "deal.hand_size": 13, "play.boost": {"rank": "7", "name": "rush"}},
    ]
    for changes in ok:
        assert check_spec(make_spec(**changes)) == [], changes


@pytest.mark.parametrize("changes, code, field", [
    # setup: robbing, the top trump point, the exchange, invented rules
    ({"setup.robbing": {"form": "swap"}}, "RULE_CONFLICT", "setup.robbing"),
    ({"setup.trumps": {"method": "none"}, "setup.top_trump_point": True}, "RULE_CONFLICT", "setup.top_trump_point"),
    ({"setup.trumps": {"method": "hidden"}, "deal.hand_size": 12, "setup.top_trump_point": True},
     "RULE_CONFLICT", "setup.top_trump_point"),
    ({"deal.hand_size": 10, "setup.exchange": {"cards": 2, "single": True}}, "RULE_CONFLICT", "setup.exchange.cards"),
    ({"setup.exchange": {"cards": 1}}, "DEAL_IMPOSSIBLE", "setup.exchange"),
    ({"deal.hand_size": 12, "setup.exchange": {"cards": 2}}, "DEAL_IMPOSSIBLE", "setup.exchange"),
    ({"deal.hand_size": "all", "setup.exchange": {"cards": 1}}, "DEAL_IMPOSSIBLE", "setup.exchange"),
    ({"deal.hand_size": 10, "deal.kitty": {"form": "undealt", "name": "pot"}, "setup.exchange": {"cards": 1}},
     "DEAL_IMPOSSIBLE", "setup.exchange"),
    ({"setup.extra_rules": {"kind": "secret", "repeal": True}}, "RULE_CONFLICT", "setup.extra_rules.repeal"),
    ({"setup.extra_rules": {"kind": "bonus", "inventor": "random-player"}}, "RULE_CONFLICT", "setup.extra_rules.inventor"),
    # bidding and the auction
    ({"bidding.tricks": {"order": "simultaneous", "hook": True}}, "RULE_CONFLICT", "bidding.tricks.hook"),
    ({**LANDLORD, "deal.kitty": None}, "RULE_CONFLICT", "bidding.auction"),
    ({**LANDLORD, "deal.hand_size": "all", "deal.kitty": {"form": "contributed", "name": "kitty"}},
     "RULE_CONFLICT", "bidding.auction"),
    ({"bidding.auction": {"title": "duke"}}, "RULE_CONFLICT", "play.opening_leader"),
    ({"play.opening_leader": "landlord"}, "RULE_CONFLICT", "play.opening_leader"),
    # kitty capture
    ({"play.kitty_capture": {"suit": "hearts"}}, "RULE_CONFLICT", "play.kitty_capture"),
    ({**LANDLORD, "play.kitty_capture": {"suit": "hearts"}}, "RULE_CONFLICT", "play.kitty_capture"),
    ({**LANDLORD, "play.kitty_capture": {"card": "Ober of bells"}}, "DECK_INCONSISTENT", "play.kitty_capture.card"),
    ({**LANDLORD, "play.kitty_capture": {"suit": "acorns"}}, "DECK_INCONSISTENT", "play.kitty_capture.suit"),
    ({**LANDLORD, "play.kitty_capture": {"suit": "hearts", "card": "2 of clubs"}}, "SPEC_INVALID", "play.kitty_capture"),
    ({**LANDLORD, "play.kitty_capture": {"suit": "hearts", "nickname": "Alf"}}, "SPEC_INVALID", "play.kitty_capture.nickname"),
    ({"deal.hand_size": "all", "deal.kitty": {"form": "contributed", "name": "kitty"}, "play.opening_leader": "holder",
      "play.opening_card": "2 of clubs", "play.kitty_capture": {"card": "2 of clubs"}},
     "RULE_CONFLICT", "play.kitty_capture.card"),
    # bid scoring
    ({"scoring": {"kind": "exact-bid"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {"kind": "per-trick", "exact_bonus": 10}}, "RULE_CONFLICT", "scoring.exact_bonus"),
    ({**BIDS, "scoring": {"kind": "per-trick", "zero_bonus": 3}}, "RULE_CONFLICT", "scoring.zero_bonus"),
    ({"bidding.tricks": {"order": "dealer"}, "scoring": {"kind": "per-trick", "exact_bonus": 10, "blind_bonus": 3}},
     "RULE_CONFLICT", "scoring.blind_bonus"),
    ({"scoring": {"kind": "per-trick", "extras": {"bid_all_wins": True}}}, "RULE_CONFLICT", "scoring.extras.bid_all_wins"),
    ({**BIDS, "scoring": {"kind": "avoid-suit", "suit": "hearts"}, "ending.condition": {"kind": "threshold", "points": 40}},
     "RULE_CONFLICT", "scoring.kind"),
    ({"setup.trumps": {"method": "none"}, "scoring": {"kind": "per-trick", "extras": {"top_trump": "plus"}}},
     "RULE_CONFLICT", "scoring.extras.top_trump"),
    ({"setup.high_low": True, "ending.condition": {"kind": "threshold", "points": 20}}, "RULE_CONFLICT", "ending.condition"),
    # the pig
    ({"play.pig_lead": "no-lead"}, "RULE_CONFLICT", "play.pig_lead"),
    ({"scoring": {"kind": "per-trick", "extras": {"pig": "plus"}}}, "RULE_CONFLICT", "scoring.extras.pig"),
    ({"scoring": {"kind": "avoid-suit", "suit": "hearts", "pig_points": -5}, "ending.condition": {"kind": "threshold", "points": 40}},
     "RULE_CONFLICT", "scoring.pig_points"),
    ({"setup.pig": {"card": "red joker"}}, "DECK_INCONSISTENT", "setup.pig.card"),
    # jokers, boost
    ({"play.jokers": "wild"}, "DECK_INCONSISTENT", "play.jokers"),
    ({"deck.jokers": 1, "deal.hand_size": 12, "play.jokers": "split"}, "DECK_INCONSISTENT", "play.jokers"),
    ({"deck.jokers": 2, "deal.hand_size": 12, "setup.trumps": {"method": "none"}, "play.jokers": "bottom"},
     "RULE_CONFLICT", "play.jokers"),
    ({"play.joker_lead": "hearts"}, "DECK_INCONSISTENT", "play.joker_lead"),
    ({"deck.jokers": 2, "deal.hand_size": 12, "play.joker_lead": "bells"}, "DECK_INCONSISTENT", "play.joker_lead"),
    ({"scoring": {"kind": "per-trick", "extras": {"joker_tricks": "bonus"}}}, "DECK_INCONSISTENT", "scoring.extras.joker_tricks"),
    ({"play.boost": {"rank": "Ober"}}, "DECK_INCONSISTENT", "play.boost.rank"),
    ({"deck.removed": ["7"], "deal.hand_size": 12, "play.boost": {"rank": "7"}}, "DECK_INCONSISTENT", "play.boost.rank"),
])
def test_each_new_module_problem_is_named(changes, code, field):
    found = codes(**changes)
    assert any(c == code and f == field for c, f, _ in found), found


def test_new_module_problems_name_the_player_count_and_read_as_sentences():
    problems = check_spec(make_spec(**{**LANDLORD, "players.min": 2}))
    assert [(p.code, p.field, p.players) for p in problems] == [("RULE_CONFLICT", "bidding.auction", 2)]
    assert "the squire plays against all the others, which needs at least three players" in problems[0].message
    # an exchange with no stock at all fails at every player count, naming each
    problems = check_spec(make_spec(**{"players.min": 3, "deal.hand_size": 12, "setup.exchange": {"cards": 6}}))
    assert [(p.field, p.players) for p in problems] == [("setup.exchange", 3), ("setup.exchange", 4)]
    assert problems[0].message == ("an exchange needs 18 cards from the stock (6 for each player), "
                                   "but only 16 are left, so it can never happen")
    assert problems[1].message.startswith("an exchange needs 24 cards from the stock")
    # … but one that works at some count is a rule of the game (skipped where the stock is short)
    assert check_spec(make_spec(**{"players.min": 3, "deal.hand_size": 13, "setup.exchange": {"cards": 2}})) == []
    for p in check_spec(make_spec(**{"setup.robbing": {"form": "swap"}, "play.jokers": "wild", "play.pig_lead": "no-lead"})):
        assert p.message[0].islower() and not p.message.endswith(".") and len(p.message.split()) >= 6, p


@pytest.mark.parametrize("method", ["hidden", "first-card"])
@pytest.mark.parametrize("rule", [{"play.following": "follow-or-trump"}, {"play.otherwise": "trump"}])
def test_a_trump_rule_is_sound_with_trumps_revealed_in_play(method, rule):
    """Until a hidden trump card is turned (or the first card led) no card is a trump and players
    follow; from then on the rule about playing trumps applies. Without any trump suit it never can."""
    assert codes(**{"setup.trumps": {"method": method}, "deal.hand_size": 12, **rule}) == []
    assert ("RULE_CONFLICT", "play.following", None) in codes(**{"setup.trumps": {"method": "none"}, **rule})


def test_problems_name_the_player_count():
    found = codes(**{"players.min": 3, "players.max": 5, "deal.hand_size": 12})
    assert ("DEAL_IMPOSSIBLE", "deal.hand_size", 5) in found
    assert all(n == 5 for _, _, n in found)


def test_misdeal_that_would_almost_never_stand():
    found = codes(**{"deal.hand_size": 2, "players.max": 6, "players.min": 4,
                     "deal.misdeal": {"suit": "hearts", "must_show": True}})
    assert any(c == "DEAL_IMPOSSIBLE" and f == "deal.misdeal" for c, f, _ in found)


def test_messages_are_sentences():
    problems = check_spec(make_spec(**{"setup.trumps": {"method": "turn-up"}}))
    assert "no card to turn for trumps" in problems[0].message
