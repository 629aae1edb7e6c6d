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
