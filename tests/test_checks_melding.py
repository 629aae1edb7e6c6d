"""Static checks of melding games (generator.families.melding.checks, with the shared deal and shedding
checks): a plain melding game passes, games using each module pass, and each check fires on a spec
made to break it (its code and field)."""

from __future__ import annotations

from typing import Any

import pytest

from generator.checks import CODES, check_spec
from generator.spec import GameSpec
from generator.spec.io import SpecError
from tests.family_helpers import found, spec_with

#: A plain melding game (Rummy-like): two to four players, seven cards each, one discard pile, draw
#: one from the stock or the discard pile, meld, lay off on any meld, discard; a point for going out.
MELD: dict[str, Any] = {
    "version": 1,
    "naming": {"name": "Rummy", "country": "en", "adjective": "classic"},
    "players": {"min": 2, "max": 4},
    "deck": {"kind": "standard", "order": "ace-low", "jokers": 0},
    "deal": {"hand_size": 7, "stock": {"discard_piles": 1}},
    "play": {"family": "melding", "first_turn": "dealer-left"},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "extra-hand"},
}
TOKENS = {"deal.tokens": {"name": "coin"}, "scoring": {"kind": "countdown"},
          "ending": {"condition": {"kind": "tokens"}, "ties": None}}
KITTY = {"deal.kitty": {"form": "dealt", "name": "pot", "size": 4}}
AUCTION = {**KITTY, "players.min": 3, "bidding.auction": {"title": "squire"}, "scoring": {"kind": "landlord-stake"},
           "ending.condition": {"kind": "target", "points": 20}}
PIG = {"setup.pig": {"card": "Q of spades", "name": "pig"}}
COUNT = {"kind": "card-count", "losers_lose": False}
SHRINKING = {"ending.condition": {"kind": "shrinking"}}


def meld(**changes: Any) -> GameSpec:
    """The plain melding game with changes given as dotted paths."""
    return spec_with(MELD, **changes)


def test_a_plain_melding_game_passes() -> None:
    assert check_spec(meld()) == []


@pytest.mark.parametrize("changes", [
    # the stock: two piles, a wild card, a stock of one card at four players (12 × 4 + 2 + 1 = 51)
    {"deal.stock": {"discard_piles": 2, "wild_card": True}, "play.one_joker": True},
    {"deal.hand_size": 12, "deal.stock": {"discard_piles": 2, "wild_card": True},
     "play.draw": {"stock": "one-or-two"}},
    # jokers: swap and one joker; a wild-rank card with the swap is played (a card of the wild rank is a joker)
    {"deck.jokers": 2, "play.joker_swap": True, "play.one_joker": True},
    {"play.progressive_wilds": True, "play.one_joker": True},  # the wild rank's cards are jokers for the hand
    {"deal.stock": {"wild_card": True}, "play.joker_swap": True},
    {"play.progressive_wilds": True, "play.melds": {"single": "7", "first_run": True, "keep_card": True}},
    # rearranging takes the place of laying off and dumping
    {"play.melds": {"rearrange": "own", "must_meld": True}, "play.lay_off": None, "play.desert": "sink"},
    {"play.lay_off": "own", "play.dump": "scrap", "play.stump": "vault", "play.block": "decoy", "play.penalty": 3},
    {"play.one_action": True, "play.draw": {"discard": "wipe", "melded_first": True}, "play.call": "Rummy"},
    {"play.draw": {"meld_drawn": True, "stock": "two"}, "play.melds": {"many": False, "runs": "any-suit"}},
    # the kitty's top card may be drawn
    {**KITTY, "play.draw": {"kitty": True}},
    # the full house; the knock on going out (with a kitty too: it is not refused)
    {"deal.hand_size": 6, "play.melds": {"full_house": "apex"}},
    {"scoring": {**COUNT, "round_end": "knock-out"}, "ending.condition": {"kind": "target", "points": 20}},
    {**KITTY, "scoring": {**COUNT, "round_end": "knock-out"}, "ending.condition": {"kind": "target", "points": 20}},
    # the pig in a meld, with hand-value scoring and with first-out scoring
    {**PIG, "play.pig_meld": 10, "scoring": {**COUNT, "pig_cards": 4},
     "ending.condition": {"kind": "target", "points": 20}},
    {**PIG, "play.pig_meld": 5},
    # countdown tokens and shrinking hands with a way to meld: the wipe, two drawn, one action, a single
    TOKENS,  # a player down to one token can still lay it off on another's meld
    {**TOKENS, "play.draw": {"discard": "wipe"}},
    {**TOKENS, "play.draw": {"stock": "two"}},
    {**SHRINKING, "play.one_action": True},
    {**SHRINKING, "play.melds": {"single": "K"}},
    {**SHRINKING, "play.melds": {"single": "K", "keep_card": True}},
    # face-down rows on a small hand; the run wrap
    {"deal.rows": True, "deal.hand_size": 5, "players.max": 3, "deck.run_wrap": True},
    # the intro's melding facts, with their modules
    {"naming.fact": "desert", "play.desert": "desert"},
    {"naming.fact": "rearranging", "play.melds": {"rearrange": "any"}, "play.lay_off": None},
    {"naming.fact": "full-house", "deal.hand_size": 5, "play.melds": {"full_house": "full house"}},
    {"scoring": {"kind": "titles", "title": "boss", "first": 3, "loser": "clod", "loser_penalty": 1}},
])
def test_melding_games_that_pass(changes: dict[str, Any]) -> None:
    assert check_spec(meld(**changes)) == []


#: (changes to the plain game, the code, the field): one spec per check.
FAILING = [
    # the stock and discard piles (DL-08…DL-10) and the deal
    ({"deal.stock": None}, "RULE_CONFLICT", "deal.stock"),
    ({"deal.hand_size": "all"}, "RULE_CONFLICT", "deal.hand_size"),
    ({**KITTY, "deal.kitty": {"form": "undealt", "name": "pot"}}, "RULE_CONFLICT", "deal.kitty"),
    ({"deal.hand_size": 12, "deal.stock": {"discard_piles": 2, "wild_card": True}, "deal.odd_card":
      {"who": "dealer", "extra": True}}, "DEAL_IMPOSSIBLE", "deal.stock"),
    ({"deal.hand_size": 12, "deal.stock": {"discard_piles": 2, "wild_card": True}, "play.draw": {"stock": "two"}},
     "DEAL_IMPOSSIBLE", "play.draw.stock"),
    ({"deal.hand_size": 13}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    ({"deal.rows": True}, "DEAL_IMPOSSIBLE", "deal.hand_size"),
    # the single-card meld's rank; a dump or a stump with no four cards of a rank
    ({"play.melds": {"single": "Ober"}}, "DECK_INCONSISTENT", "play.melds.single"),
    ({"deck.removed": ["7"], "play.melds": {"single": "7"}}, "DECK_INCONSISTENT", "play.melds.single"),
    # the wild cards (ML-03)
    ({"play.joker_swap": True}, "RULE_CONFLICT", "play.joker_swap"),
    ({"play.one_joker": True}, "RULE_CONFLICT", "play.one_joker"),
    ({"deck.jokers": 1, "play.progressive_wilds": True}, "RULE_CONFLICT", "play.progressive_wilds"),
    ({"deal.stock": {"wild_card": True}, "play.progressive_wilds": True}, "RULE_CONFLICT", "play.progressive_wilds"),
    # the kitty as a source to draw from
    ({"play.draw": {"kitty": True}}, "RULE_CONFLICT", "play.draw.kitty"),
    ({**AUCTION, "play.draw": {"kitty": True}}, "RULE_CONFLICT", "play.draw.kitty"),
    # no one can ever meld: hands shrink to one card, or the pack holds no meld
    ({**SHRINKING}, "NO_WIN_PATH", "play.melds"),
    ({**SHRINKING, "play.draw": {"stock": "two"}, "play.melds": {"keep_card": True}}, "NO_WIN_PATH", "play.melds"),
    ({"deck.kind": "german32", "deck.order": "natural", "deck.removed": ["A", "K", "Ober", "Unter", "10", "9"],
      "deal.hand_size": 3, "players.max": 2, "play.melds": {"runs": "same-suit", "first_run": True}},
     "NO_WIN_PATH", "play.melds.first_run"),
    # the pig in a meld
    ({"play.pig_meld": 10}, "RULE_CONFLICT", "play.pig_meld"),
    ({**PIG, **TOKENS, "play.draw": {"discard": "wipe"}, "play.pig_meld": 10}, "RULE_CONFLICT", "play.pig_meld"),
    # scoring by going out (SC-A)
    ({"scoring": {"kind": "per-trick"}}, "RULE_CONFLICT", "scoring.kind"),
    ({"scoring": {"kind": "avoid-suit", "suit": "hearts"}, "ending.condition": {"kind": "threshold", "points": 40}},
     "RULE_CONFLICT", "scoring.kind"),
    ({"deal.tokens": {"name": "coin"}, "play.draw": {"discard": "wipe"}}, "RULE_CONFLICT", "deal.tokens"),
    # other families' modules
    ({"setup.trumps": {"method": "called", "caller": "dealer"}}, "RULE_CONFLICT", "setup.trumps"),
    ({"setup.high_low": True}, "RULE_CONFLICT", "setup.high_low"),
    # the intro's melding facts need their modules
    ({"naming.fact": "desert"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "rearranging"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "full-house"}, "RULE_CONFLICT", "naming.fact"),
    ({"naming.fact": "cheat"}, "RULE_CONFLICT", "naming.fact"),
]


@pytest.mark.parametrize(("changes", "code", "field"), FAILING, ids=lambda v: v if isinstance(v, str) else None)
def test_each_check_fires(changes: dict[str, Any], code: str, field: str) -> None:
    assert code in CODES
    assert (code, field) in found(meld(**changes)), found(meld(**changes))


def test_the_dump_and_stump_need_four_cards_of_a_rank() -> None:
    """No pack Parlour has lacks four of a rank, so the check is reached through the helper that
    counts them: a pack of one suit has one of each."""
    from generator.families.melding import checks as play_melding

    spec = meld(**{"play.dump": "dump", "play.stump": "stump"})
    assert play_melding._named_things(spec) == []
    orig = play_melding._copies
    try:
        play_melding._copies = lambda s: {"A": 1, "K": 1}  # type: ignore[assignment]
        fields = {p.field for p in play_melding._named_things(spec)}
    finally:
        play_melding._copies = orig
    assert fields == {"play.dump", "play.stump"}


def test_the_specs_own_rules_refuse_a_mixed_turn() -> None:
    """Rules the spec itself refuses (``MeldPlay``'s validators), before any check: a lay-off or a
    dump with rearranging, no lay-off without it, and the discard's rules in one-action turns."""
    for changes in ({"play.melds": {"rearrange": "any"}},
                    {"play.melds": {"rearrange": "any"}, "play.lay_off": None, "play.dump": "dump"},
                    {"play.lay_off": None},
                    {"play.one_action": True, "play.block": "decoy"},
                    {"play.one_action": True, "play.melds": {"keep_card": True}},
                    {"play.one_action": True, "play.draw": {"meld_drawn": True}},
                    {"play.melds": {"no_first_out": True, "must_meld": True}}):
        with pytest.raises((SpecError, ValueError)):
            meld(**changes)


def test_other_families_keep_their_own_facts() -> None:
    """A trick-taking game saying players may desert is refused as any other fact without its module."""
    from tests.conftest import make_spec

    assert ("RULE_CONFLICT", "naming.fact") in found(make_spec(**{"naming.fact": "desert"}))
