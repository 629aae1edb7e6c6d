"""Tests for generator.text: the Markdown rulebook rendered from a GameSpec with Jinja.

Golden files: ``tests/golden/<game>.yaml`` (hand-written specs) and ``<game>.md`` (their rulebooks).
Regenerate the Markdown with ``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/test_rulebook.py``.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import jinja2
import pytest
from pydantic import BaseModel

from generator.checks import check_spec
from generator.families import FAMILIES
from generator.refs import resolve
from generator.spec import GameSpec, load_spec, spec_from_data
from generator.spec.game import NOT_RULES
from generator.text import environment
from generator.rulebook import render_markdown
from generator.text import phrases, sections
from tests.conftest import annotation_parts
from tests.family_helpers import compare_golden

GOLDEN = Path(__file__).parent / "golden"
REPO = Path(__file__).resolve().parents[1]
GOLDEN_SPECS = sorted(GOLDEN.glob("*.yaml"))


# --------------------------------------------------------------------------- golden files


def test_there_are_golden_specs() -> None:
    assert {p.stem for p in GOLDEN_SPECS} >= {"whist", "hearts", "tarot", "german", "deal_all", "oh_hell", "landlord",
                                              "pig_boost"}


@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    spec = load_spec(path)
    assert check_spec(spec) == [], "golden specs are meant to be playable"
    compare_golden(render_markdown(spec), path.with_suffix(".md"))


@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_sections_in_order(path: Path) -> None:
    spec = load_spec(path)
    text = render_markdown(spec)
    headings = re.findall(r"^(#+ .*)$", text, flags=re.M)
    assert headings[0].startswith(f"# {spec.naming.name}")
    bidding = ["## Bidding"] if spec.bidding.any() else []
    laws = [f"## {spec.setup.extra_rules.name.capitalize()}s"] if spec.setup.extra_rules else []
    assert headings[1:] == ["## The cards", "## Setup", *bidding, "## Play", *laws, "## Scoring", "## End of the game",
                            "## Example of play", "## Scoresheet", "## Quick reference"]
    intro = text.split("\n\n")[1]
    assert intro.startswith(f"{spec.naming.name} is a")
    assert "trick-taking game for" in intro


# --------------------------------------------------------------------------- the environment


def test_environment_is_created_once_and_strict() -> None:
    env = environment()
    assert env is environment()
    assert env.undefined is jinja2.StrictUndefined
    assert env.trim_blocks and env.lstrip_blocks and env.keep_trailing_newline
    for name in phrases.FILTERS:
        assert name in env.filters


def test_one_template_per_phase() -> None:
    rules = REPO / "templates" / "rules"
    # (``play``: the base of the families' play sections, each printed by its family's template)
    phases = ({p.stem for p in (REPO / "generator" / "spec").glob("*.py")}
              - {"__init__", "io", "game", "naming", "derived", "words", "play"} - set(NOT_RULES)) | {"sides"}
    # Besides, the sections that state no rule (the example, the scoresheet …) have a template each.
    notes = {p.template.removeprefix("rules/").removesuffix(".md.j2") for s in sections.SECTIONS if s.notes
             for p in s.parts}  # type: ignore[union-attr]
    assert {p.name.removesuffix(".md.j2") for p in rules.glob("*.md.j2")} == phases | {"intro"} | notes
    # The rulebook includes the templates the sections list names (the Play section's: the family's).
    included = sections.templates(FAMILIES.values())
    # (``sides``: the players' partnerships, a part of ``spec/deal.py``'s players printed before the deal)
    for phase in phases | {"intro"}:
        assert f"rules/{phase}.md.j2" in included
    top = (REPO / "templates" / "rulebook.md.j2").read_text(encoding="utf-8")
    assert "{% include piece.template %}" in top and "rules/" not in top


def test_summary_line() -> None:
    spec = load_spec(GOLDEN / "whist.yaml")
    plain = render_markdown(spec)
    assert render_markdown(spec, None) == plain == render_markdown(spec, {}) == render_markdown(spec, {"other": 3})
    text = render_markdown(spec, {"hands": 7.4, "minutes": 24, "games": 400})
    assert "A typical game lasts about seven hands (about 24 minutes at the table), as measured over 400 simulated games." in text
    assert "A typical game lasts about 30 minutes at the table." in render_markdown(spec, {"minutes": 30})
    rules = text.split("\n## Example of play\n")[0]
    assert rules.replace(
        "\n\nA typical game lasts about seven hands (about 24 minutes at the table), as measured over 400 simulated games."
        "\nIt is neither quick nor long.",
        "",
    ) == plain.split("\n## Example of play\n")[0]
    # After the rules, the figures size the scoresheet and give the quick reference its length.
    assert "A typical game has about seven hands; carry the totals to a new sheet if it runs longer." in text
    assert "- **Length**: about seven hands, 24 minutes.\n" in text
    assert "Length" not in plain


# --------------------------------------------------------------------------- phrases


def test_phrases() -> None:
    assert [phrases.num(n) for n in (1, 2, 12, 13, 52)] == ["one", "two", "twelve", "13", "52"]
    assert [phrases.ordinal(n) for n in (1, 3, 12, 13, 21, 22)] == ["first", "third", "twelfth", "13th", "21st", "22nd"]
    assert phrases.plural(1, "card") == "one card" and phrases.plural(13, "point") == "13 points"
    assert phrases.a_an("old game") == "an old game" and phrases.a_an("unique game") == "a unique game"
    assert phrases.a_an("English game") == "an English game" and phrases.a_an("classic") == "a classic"
    assert phrases.a_an("unimportant") == "an unimportant" and phrases.a_an("European") == "a European"
    assert phrases.a_an("*exchange*") == "an *exchange*" and phrases.a_an("*mulligan*") == "a *mulligan*"
    assert phrases.a_an("*unseen edict*") == "an *unseen edict*" and phrases.a_an("“Alf”") == "an “Alf”"
    assert phrases.join_and(["a"]) == "a" and phrases.join_and(["a", "b", "c"]) == "a, b and c"
    assert phrases.join_or(["a", "b"]) == "a or b"
    assert phrases.card("Q of spades") == "the Queen of spades"
    assert phrases.card("10 of clubs") == "the Ten of clubs"
    assert phrases.card("Ober of acorns") == "the Ober of acorns"
    assert phrases.card("Knight of cups") == "the Knight of cups"
    assert phrases.card("major 13") == "Death (XIII)" and phrases.card("major 0") == "The Fool (0)"
    assert phrases.card("major 19") == "The Sun (XIX)" and phrases.card("major 14") == "Temperance (XIV)"
    assert phrases.card("red joker") == "the red joker"
    assert phrases.rank_plural("6") == "Sixes" and phrases.rank_plural("A") == "Aces"
    assert phrases.suit_one("leaves") == "leaf" and phrases.suit("majors") == "majors"
    assert phrases.suit_symbol("hearts") == "hearts ♥" and phrases.suit_symbol("bells") == "bells"
    assert phrases.signed(-70) == "−70"


# --------------------------------------------------------------------------- every field shows


BASE: dict[str, Any] = {
    "naming": {"name": "Base", "aliases": [], "country": "en", "show_country": False, "adjective": "plain", "fact": None},
    "players": {"min": 3, "max": 5},
    "deck": {"kind": "standard", "order": "ace-high", "promoted": None, "removed": [], "jokers": 0},
    "deal": {"hand_size": 7, "hand_size_over_three": None, "odd_card": None, "misdeal": None, "kitty": None},
    "setup": {"trumps": {"method": "turn-up"}, "anti_trumps": False, "robbing": None, "top_trump_point": False,
              "high_low": False, "pig": None, "extra_rules": None, "exchange": None},
    "bidding": {"tricks": None, "auction": None},
    "play": {
        "family": "trick-taking", "opening_leader": "dealer-left", "opening_card": None, "opening_lead": "any",
        "weak_led_suit": None, "following": "must-follow", "otherwise": "any", "breaking": None,
        "first_trick_ban": None, "winner": "led-suit", "next_leader": "winner", "jokers": "top", "joker_lead": None,
        "boost": None, "pig_lead": "free", "kitty_capture": None,
    },
    "scoring": {"kind": "avoid-suit", "suit": "hearts", "per_card": "one", "penalty_card": None, "bonus_card": None,
                "joker_loss": None, "shoot_the_moon": None, "doubler": None},
    "ending": {"condition": {"kind": "threshold", "points": 50}, "ties": "extra-hand"},
}

PIG = {"card": "7 of clubs", "name": "goat"}
KITTY = {"name": "talon", "form": "dealt", "size": 3}
BIDS = {"order": "dealer-left", "blind": "none", "hook": False}
PER_TRICK = {"kind": "per-trick", "beyond": 0}
NO_EXTRAS = {"joker_tricks": "none", "pig": "none", "top_trump": "none", "bid_all_wins": False}
TWO_JOKERS = {"deck.jokers": 2}


def _extras(**changes: Any) -> dict[str, Any]:
    return {"scoring": {**PER_TRICK, "extras": {**NO_EXTRAS, **changes}}, "ending.condition": {"kind": "target", "points": 20}}


#: Schedules of contracts (King): the hand kinds in order, each its trumps and its score or modes;
#: a round for each dealer.
_SCHEDULE_END = {"ending.condition": {"kind": "schedule"}}
SCHEDULES: list[tuple[str, dict[str, Any]]] = [
    ("schedule", {**_SCHEDULE_END, "setup.trumps": {"method": "none"}, "scoring": {
        "kind": "schedule", "each_dealer": False, "contracts": [
        {"contract": "tricks", "hands": 1, "trumps": "none", "modes": None,
         "score": {"scoring": {"kind": "per-trick"}, "points": -20, "start": 0, "last": None}},
        {"contract": "hearts", "hands": 2, "trumps": "none", "modes": None,
         "score": {"scoring": {"kind": "avoid-suit", "suit": "hearts"}, "points": -10, "start": 0, "last": 1}},
        {"contract": "positive", "hands": 3, "trumps": "dealer", "score": None, "modes": [
            {"name": "up", "scoring": {"kind": "per-trick"}, "points": 25, "start": 0, "last": None},
            {"name": "down", "scoring": {"kind": "per-trick"}, "points": -50, "start": 175, "last": None}]},
    ]}}),
    ("schedule each dealer", {**_SCHEDULE_END, "ending.ties": "latest-winner", "scoring": {
        "kind": "schedule", "each_dealer": True, "contracts": [
            {"contract": "Queens and the Ace", "hands": 1, "trumps": "game", "modes": None, "score": {
                "scoring": {"kind": "card-points", "ranks": [{"rank": "Q", "points": 1}],
                            "cards": [{"card": "A of spades", "points": 1}]}, "points": -40, "start": 0, "last": 3}},
        ]}}),
]

#: Variations for the issue-3 modules: setup extras, bidding, jokers, boost, pig, kitty, bid scoring.
NEW_MODULES: list[tuple[str, dict[str, Any]]] = [
    ("robbing take", {"setup.robbing": {"verb": "rob", "form": "take-and-discard"}}),
    ("robbing swap", {"setup.robbing": {"verb": "rob", "form": "swap"}}),
    ("robbing pinch", {"setup.robbing": {"verb": "pinch", "form": "swap"}}),
    ("robbing with jokers", {**TWO_JOKERS, "setup.robbing": {"verb": "rob", "form": "swap"}}),
    ("robbing tarot", {"deck.kind": "tarot", "deck.order": "natural", "setup.robbing": {"verb": "rob", "form": "swap"}}),
    ("top trump point", {"setup.top_trump_point": True}),
    ("top trump point majors", {"deck.kind": "tarot", "deck.order": "natural", "setup.trumps": {"method": "majors"},
                                "setup.top_trump_point": True}),
    ("high low", {"setup.high_low": True}),
    ("high low German", {"deck.kind": "german32", "deck.order": "natural", "setup.high_low": True}),
    ("high low tarot", {"deck.kind": "tarot", "deck.order": "natural", "setup.high_low": True}),
    ("high low per trick", {"setup.high_low": True, **_extras()}),
    ("pig", {"setup.pig": PIG}),
    ("pig other card", {"setup.pig": {**PIG, "card": "K of hearts"}}),
    ("pig other name", {"setup.pig": {**PIG, "name": "duck"}}),
    ("bonus rules", {"setup.extra_rules": {"kind": "bonus", "name": "bonus rule", "repeal": False, "inventor": "dealer"}}),
    ("bonus rules repeal", {"setup.extra_rules": {"kind": "bonus", "name": "bonus rule", "repeal": True, "inventor": "dealer"}}),
    ("bonus laws", {"setup.extra_rules": {"kind": "bonus", "name": "occult law", "repeal": False, "inventor": "dealer"}}),
    ("bonus rules wild", {**TWO_JOKERS, "play.jokers": "wild",
                          "setup.extra_rules": {"kind": "bonus", "name": "bonus rule", "repeal": False, "inventor": "dealer"}}),
    *[(f"secret {who}", {"setup.extra_rules": {"kind": "secret", "name": "secret law", "repeal": False, "inventor": who}})
      for who in ("dealer", "random-player", "dealer-and-right")],
    ("secret German", {"deck.kind": "german32", "deck.order": "natural",
                       "setup.extra_rules": {"kind": "secret", "name": "secret law", "repeal": False, "inventor": "dealer"}}),
    ("exchange two", {"setup.exchange": {"name": "exchange", "cards": 2, "single": False}}),
    ("exchange three", {"setup.exchange": {"name": "exchange", "cards": 3, "single": False}}),
    ("exchange single", {"setup.exchange": {"name": "exchange", "cards": 1, "single": True}}),
    ("exchange one", {"setup.exchange": {"name": "exchange", "cards": 1, "single": False}}),
    ("mulligan", {"setup.exchange": {"name": "mulligan", "cards": 2, "single": False}}),
    *[(f"bids {order}", {"bidding.tricks": {**BIDS, "order": order}, **_extras()})
      for order in ("simultaneous", "dealer", "dealer-left")],
    ("bids blind", {"bidding.tricks": {**BIDS, "blind": "any"}, **_extras()}),
    ("bids blind zero", {"bidding.tricks": {**BIDS, "blind": "zero"}, **_extras()}),
    ("bids simultaneous blind", {"bidding.tricks": {**BIDS, "order": "simultaneous", "blind": "any"}, **_extras()}),
    ("bids hook", {"bidding.tricks": {**BIDS, "hook": True}, **_extras()}),
    ("auction", {"deal.kitty": KITTY, "bidding.auction": {"title": "squire"}, "play.opening_leader": "landlord"}),
    ("auction duke", {"deal.kitty": KITTY, "bidding.auction": {"title": "duke"}, "play.opening_leader": "landlord"}),
    ("auction per trick", {"deal.kitty": KITTY, "bidding.auction": {"title": "squire"}, "play.opening_leader": "landlord",
                           **_extras()}),
    ("auction and bids", {"deal.kitty": KITTY, "bidding.auction": {"title": "squire"}, "play.opening_leader": "landlord",
                          "bidding.tricks": BIDS, **_extras()}),
    ("jokers split", {**TWO_JOKERS, "play.jokers": "split"}),
    ("jokers bottom", {**TWO_JOKERS, "play.jokers": "bottom"}),
    ("joker bottom", {"deck.jokers": 1, "play.jokers": "bottom"}),
    ("jokers wild", {**TWO_JOKERS, "play.jokers": "wild"}),
    ("joker wild", {"deck.jokers": 1, "play.jokers": "wild"}),
    ("joker lead hearts", {**TWO_JOKERS, "play.joker_lead": "hearts"}),
    ("joker lead spades", {**TWO_JOKERS, "play.joker_lead": "spades"}),
    ("boost", {"play.boost": {"rank": "7", "name": "boost"}}),
    ("boost eight", {"play.boost": {"rank": "8", "name": "boost"}}),
    ("boost ace", {"play.boost": {"rank": "A", "name": "boost"}}),
    ("rush", {"play.boost": {"rank": "7", "name": "rush"}}),
    ("pig no lead", {"setup.pig": PIG, "play.pig_lead": "no-lead"}),
    ("pig no lead or first", {"setup.pig": PIG, "play.pig_lead": "no-lead-or-first"}),
    ("capture card", {"deal.kitty": KITTY, "play.kitty_capture": {"card": "Q of spades", "nickname": None, "suit": None}}),
    ("capture card nickname", {"deal.kitty": KITTY, "play.kitty_capture": {"card": "Q of spades", "nickname": "Alf", "suit": None}}),
    ("capture suit", {"deal.kitty": KITTY, "play.kitty_capture": {"card": None, "nickname": None, "suit": "hearts"}}),
    ("capture suit spades", {"deal.kitty": KITTY, "play.kitty_capture": {"card": None, "nickname": None, "suit": "spades"}}),
    ("pig points loss", {"setup.pig": PIG, "scoring.pig_points": -5}),
    ("pig points gain", {"setup.pig": PIG, "scoring.pig_points": 5}),
    ("pig points bigger loss", {"setup.pig": PIG, "scoring.pig_points": -7}),
    *[(f"exact bid {o}", {"bidding.tricks": BIDS, "scoring": {"kind": "exact-bid", "otherwise": o, "extras": NO_EXTRAS},
                          "ending.condition": {"kind": "target", "points": 60}})
      for o in ("zero", "tricks-if-under", "tricks-if-over")],
    ("exact bonus", {"bidding.tricks": BIDS, "scoring": {**PER_TRICK, "exact_bonus": 10, "extras": NO_EXTRAS},
                     "ending.condition": {"kind": "target", "points": 20}}),
    ("exact bonus 5", {"bidding.tricks": BIDS, "scoring": {**PER_TRICK, "exact_bonus": 5, "extras": NO_EXTRAS},
                       "ending.condition": {"kind": "target", "points": 20}}),
    ("zero bonus", {"bidding.tricks": BIDS, "scoring": {**PER_TRICK, "exact_bonus": 10, "zero_bonus": 3, "extras": NO_EXTRAS},
                    "ending.condition": {"kind": "target", "points": 20}}),
    ("blind bonus", {"bidding.tricks": {**BIDS, "blind": "any"},
                     "scoring": {**PER_TRICK, "exact_bonus": 10, "blind_bonus": 4, "extras": NO_EXTRAS},
                     "ending.condition": {"kind": "target", "points": 20}}),
    ("joker tricks void", {**TWO_JOKERS, **_extras(joker_tricks="void")}),
    ("joker tricks bonus", {**TWO_JOKERS, **_extras(joker_tricks="bonus")}),
    *[(f"pig extra {o}", {"setup.pig": PIG, **_extras(pig=o)}) for o in ("plus", "minus", "nothing")],
    ("top trump plus", _extras(top_trump="plus")),
    ("top trump minus", _extras(top_trump="minus")),
    ("top trump tarot", {"deck.kind": "tarot", "deck.order": "natural", **_extras(top_trump="plus")}),
    ("bid all wins", {"bidding.tricks": BIDS, **_extras(bid_all_wins=True)}),
    ("exact bid extras", {"bidding.tricks": BIDS, "setup.pig": PIG, "ending.condition": {"kind": "target", "points": 60},
                          "scoring": {"kind": "exact-bid", "otherwise": "zero", "extras": {**NO_EXTRAS, "pig": "plus"}}}),
]

#: Single-field variations of BASE (a few set two fields that only mean something together).
VARIATIONS: list[tuple[str, dict[str, Any]]] = [
    ("name", {"naming.name": "Other"}),
    ("one alias", {"naming.aliases": ["Alias"]}),
    ("two aliases", {"naming.aliases": ["Alias", "Second"]}),
    ("two aliases swapped", {"naming.aliases": ["Second", "Alias"]}),
    ("country fr", {"naming.country": "fr"}),
    ("country de", {"naming.country": "de"}),
    ("show country", {"naming.show_country": True}),
    ("show country fr", {"naming.show_country": True, "naming.country": "fr"}),
    ("adjective", {"naming.adjective": "lively"}),
    ("adjective with a vowel", {"naming.adjective": "old"}),
    *[(f"fact {key}", {"naming.fact": key}) for key in
      ("hidden-trump", "anti-trumps", "weak-led-suit", "avoid-suit", "avoid-suit-face")],
    ("min players", {"players.min": 2}),
    ("max players", {"players.max": 6}),
    ("exactly four players", {"players.min": 4, "players.max": 4}),
    ("three or four players", {"players.max": 4}),
    ("trumps named on the first four cards", {"setup.trumps": {"method": "called", "caller": "dealer-left", "seen": 4}}),
    ("trumps named on the whole hand", {"setup.trumps": {"method": "called", "caller": "dealer", "seen": "all"}}),
    ("trumps or none named before the deal", {"setup.trumps": {"method": "called", "caller": "dealer", "no_trumps": True}}),
    ("overtaking", {"play.overtake": "must"}),
    ("quotas by seat", {"players.min": 3, "players.max": 3, "scoring": {"kind": "per-trick", "beyond": 0,
                                                                         "quotas": [4, 2, 1]}}),
    ("overtaking unless a partner wins", {"players.min": 4, "players.max": 4, "players.sides": {"size": 2},
                                          "play.overtake": "unless-partner"}),
    ("point tricks in thirds", {"scoring": {"kind": "card-points", "ranks": [{"rank": "A", "points": 3}],
                                            "last_trick": 3, "groups": 3}}),
    ("point tricks beyond", {"scoring": {"kind": "card-points", "ranks": [{"rank": "A", "points": 11}],
                                         "per_trick": 1, "beyond": 20}}),
    ("a majority of tricks wins", {"scoring": {"kind": "majority", "needed": 4, "points": 2, "caller_points": None,
                                               "sweep": 3, "stop": False}}),
    ("a majority stops the hand, the caller scores less",
     {"setup.trumps": {"method": "called", "caller": "dealer", "seen": "all"},
      "scoring": {"kind": "majority", "needed": 4, "points": 2, "caller_points": 1, "sweep": None, "stop": True}}),
    ("partnerships of four players", {"players.min": 4, "players.max": 4, "players.sides": {"size": 2}}),
    ("partnerships with four or six", {"players.min": 4, "players.max": 6, "players.sides": {"size": 2}}),
    ("partnerships at four, alone at three or five", {"players.sides": {"size": 2}}),
    ("teams of three", {"players.min": 6, "players.max": 6, "players.sides": {"size": 3}, "deal.hand_size": 5}),
    ("teams of four", {"players.min": 8, "players.max": 8, "players.sides": {"size": 4}, "deal.hand_size": 5}),
    ("partnerships bidding", {"players.min": 4, "players.max": 4, "players.sides": {"size": 2},
                              "bidding.tricks": BIDS, **_extras()}),
    ("the caller against the rest", {"players.coalition": {"against": "caller"},
                                     "setup.trumps": {"method": "called", "caller": "dealer-left", "seen": "all"}}),
    ("the caller against the rest, a partner spared", {"players.coalition": {"against": "caller"},
                                                       "setup.trumps": {"method": "called", "caller": "dealer"},
                                                       "play.overtake": "unless-partner"}),
    ("bowers", {"setup.bowers": True}),
    ("bowers under the jokers", {"setup.bowers": True, "deck.jokers": 2}),
    ("French pack", {"deck.kind": "french32", "deck.order": "natural"}),
    ("French pack, the Tens below the Aces", {"deck.kind": "french32", "deck.order": "ace-ten"}),
    ("Tens below the Aces", {"deck.order": "ace-ten"}),
    ("German pack", {"deck.kind": "german32", "deck.order": "natural"}),
    ("tarot pack", {"deck.kind": "tarot", "deck.order": "natural"}),
    # The packs and orders of real games (issue 33).
    ("Italian pack", {"deck.kind": "italian40", "deck.order": "natural", "scoring.suit": "cups"}),
    ("Italian pack, Tresette's order", {"deck.kind": "italian40", "deck.order": "three-two-over-ace",
                                        "scoring.suit": "coins"}),
    ("Spanish 40 pack", {"deck.kind": "spanish40", "deck.order": "natural", "scoring.suit": "batons"}),
    ("Spanish 40 pack, Aces high", {"deck.kind": "spanish40", "deck.order": "ace-high", "scoring.suit": "swords"}),
    ("Spanish 48 pack, Botifarra's order", {"deck.kind": "spanish48", "deck.order": "promoted", "deck.promoted": "9",
                                            "scoring.suit": "cups"}),
    ("Spanish 48 pack, Twos over Aces", {"deck.kind": "spanish48", "deck.order": "two-over-ace",
                                         "scoring.suit": "cups"}),
    ("euchre pack", {"deck.kind": "euchre24", "deck.order": "natural"}),
    ("red pips reversed", {"deck.order": "ace-low", "deck.reversed_pips": "red"}),
    ("black pips reversed", {"deck.order": "ace-low", "deck.reversed_pips": "black"}),
    ("red pips reversed, piquet pack", {"deck.kind": "french32", "deck.order": "natural", "deck.reversed_pips": "red"}),
    ("ace low", {"deck.order": "ace-low"}),
    ("no courts", {"deck.order": "no-courts"}),
    ("two over ace", {"deck.order": "two-over-ace"}),
    ("three two over ace", {"deck.order": "three-two-over-ace"}),
    ("promoted 7", {"deck.order": "promoted", "deck.promoted": "7"}),
    ("promoted 2", {"deck.order": "promoted", "deck.promoted": "2"}),
    ("ace low without courts", {"deck.order": "ace-low", "deck.removed": ["K", "Q", "J"]}),
    ("removed 2", {"deck.removed": ["2"]}),
    ("removed 2 3", {"deck.removed": ["2", "3"]}),
    ("removed 3 2", {"deck.removed": ["3", "2"]}),
    ("one joker", {"deck.jokers": 1}),
    ("two jokers", {"deck.jokers": 2}),
    ("hand size", {"deal.hand_size": 8}),
    ("deal all", {"deal.hand_size": "all", "setup.trumps": {"method": "none"}}),
    ("hand size over three", {"deal.hand_size_over_three": 6}),
    *[(f"odd card {who} {extra}", {"deal.odd_card": {"who": who, "extra": extra}})
      for who in ("dealer-right", "dealer-left", "dealer") for extra in (True, False)],
    ("misdeal must", {"deal.misdeal": {"suit": "hearts", "must_show": True}}),
    ("misdeal may", {"deal.misdeal": {"suit": "hearts", "must_show": False}}),
    ("misdeal spades", {"deal.misdeal": {"suit": "spades", "must_show": True}}),
    ("kitty dealt", {"deal.kitty": {"name": "kitty", "form": "dealt", "size": 3}}),
    ("kitty dealt four", {"deal.kitty": {"name": "kitty", "form": "dealt", "size": 4}}),
    ("talon dealt", {"deal.kitty": {"name": "talon", "form": "dealt", "size": 3}}),
    ("kitty undealt", {"deal.kitty": {"name": "kitty", "form": "undealt"}}),
    ("kitty contributed", {"deal.kitty": {"name": "kitty", "form": "contributed"}}),
    ("kitty undealt sized", {"deal.kitty": {"name": "kitty", "form": "undealt", "size": 2}}),
    ("no trumps", {"setup.trumps": {"method": "none"}}),
    ("called by dealer", {"setup.trumps": {"method": "called", "caller": "dealer"}}),
    ("called by left", {"setup.trumps": {"method": "called", "caller": "dealer-left"}}),
    ("last card", {"setup.trumps": {"method": "last-card"}}),
    ("rotating", {"setup.trumps": {"method": "rotating"}}),
    ("fixed hearts", {"setup.trumps": {"method": "fixed", "suit": "hearts"}}),
    ("fixed spades", {"setup.trumps": {"method": "fixed", "suit": "spades"}}),
    ("hidden", {"setup.trumps": {"method": "hidden"}}),
    ("first card", {"setup.trumps": {"method": "first-card"}}),
    ("majors", {"deck.kind": "tarot", "deck.order": "natural", "setup.trumps": {"method": "majors"}}),
    ("fixed majors", {"deck.kind": "tarot", "deck.order": "natural", "setup.trumps": {"method": "fixed", "suit": "majors"}}),
    ("anti-trumps", {"setup.anti_trumps": True}),
    ("dealer leads", {"play.opening_leader": "dealer"}),
    ("holder leads", {"play.opening_leader": "holder", "play.opening_card": "2 of clubs"}),
    ("holder of another card", {"play.opening_leader": "holder", "play.opening_card": "3 of clubs"}),
    ("opening card without holder", {"play.opening_card": "2 of clubs"}),
    ("no trump lead", {"play.opening_lead": "no-trump"}),
    ("weak led suit", {"play.weak_led_suit": "poison"}),
    ("weak led suit named", {"play.weak_led_suit": "weak"}),
    ("weak led suit any suit", {"play.weak_led_suit": "poison", "play.winner": "any-suit"}),
    ("follow or trump", {"play.following": "follow-or-trump"}),
    ("free", {"play.following": "free"}),
    ("free otherwise trump", {"play.following": "free", "play.otherwise": "trump"}),
    *[(f"otherwise {o}", {"play.otherwise": o}) for o in ("trump", "higher", "new-suit", "new-rank")],
    ("breaking hearts", {"play.breaking": {"suit": "hearts", "verb": "breaking"}}),
    ("blasting hearts", {"play.breaking": {"suit": "hearts", "verb": "blasting"}}),
    ("breaking spades", {"play.breaking": {"suit": "spades", "verb": "breaking"}}),
    ("first trick ban hearts", {"play.first_trick_ban": "hearts"}),
    ("first trick ban spades", {"play.first_trick_ban": "spades"}),
    ("any suit wins", {"play.winner": "any-suit"}),
    ("left of leader", {"play.next_leader": "left-of-leader"}),
    ("lowest card", {"play.next_leader": "lowest-card"}),
    ("avoid spades", {"scoring.suit": "spades"}),
    ("face value", {"scoring.per_card": "face-value"}),
    ("penalty card", {"scoring.penalty_card": {"card": "Q of spades", "nickname": None, "points": 13}}),
    ("penalty card nickname", {"scoring.penalty_card": {"card": "Q of spades", "nickname": "Alf", "points": 13}}),
    ("penalty card points", {"scoring.penalty_card": {"card": "Q of spades", "nickname": None, "points": 12}}),
    ("penalty card other", {"scoring.penalty_card": {"card": "K of spades", "nickname": None, "points": 13}}),
    ("penalty heart", {"scoring.penalty_card": {"card": "Q of hearts", "nickname": None, "points": 13}}),
    ("penalty major", {"deck.kind": "tarot", "deck.order": "natural", "scoring.suit": "majors",
                       "scoring.penalty_card": {"card": "major 13", "nickname": None, "points": 13}}),
    ("avoid majors by number", {"deck.kind": "tarot", "deck.order": "natural", "scoring.suit": "majors",
                                "scoring.per_card": "face-value"}),
    ("bonus card", {"scoring.bonus_card": {"card": "J of diamonds", "nickname": None, "points": 10}}),
    ("bonus card nickname", {"scoring.bonus_card": {"card": "J of diamonds", "nickname": "Jim", "points": 10}}),
    ("bonus heart", {"scoring.bonus_card": {"card": "J of hearts", "nickname": None, "points": 10}}),
    ("joker loss", {"deck.jokers": 2, "scoring.joker_loss": 5}),
    ("joker loss one joker", {"deck.jokers": 1, "scoring.joker_loss": 5}),
    ("joker loss more", {"deck.jokers": 2, "scoring.joker_loss": 7}),
    ("shoot the moon", {"scoring.shoot_the_moon": 26}),
    ("shoot the moon 20", {"scoring.shoot_the_moon": 20}),
    ("doubler", {"scoring.doubler": {"card": "10 of clubs", "nickname": None}}),
    ("doubler nickname", {"scoring.doubler": {"card": "10 of clubs", "nickname": "Dot"}}),
    ("per trick", {"scoring": {"kind": "per-trick", "beyond": 0}}),
    ("per trick beyond one", {"scoring": {"kind": "per-trick", "beyond": 1}}),
    ("per trick beyond three", {"scoring": {"kind": "per-trick", "beyond": 3}}),
    ("threshold 60", {"ending.condition": {"kind": "threshold", "points": 60}}),
    ("target", {"ending.condition": {"kind": "target", "points": 50}}),
    ("rounds", {"ending.condition": {"kind": "rounds"}}),
    ("shrinking", {"ending.condition": {"kind": "shrinking", "back_up": False}}),
    ("shrinking back up", {"ending.condition": {"kind": "shrinking", "back_up": True}}),
    ("ties latest winner", {"ending.ties": "latest-winner"}),
    *NEW_MODULES,
    *SCHEDULES,
]


#: A climbing game with every field at its plainest, and the variations of its fields (the
#: climbing play section, shedding scoring, tokens, rows, run wrap, the ending by tokens).
CLIMB_BASE: dict[str, Any] = {
    **{k: copy.deepcopy(BASE[k]) for k in ("naming", "players", "bidding")},
    "deck": {**BASE["deck"], "run_wrap": False},
    "deal": {"hand_size": "all", "hand_size_over_three": None, "odd_card": None, "misdeal": None, "kitty": None,
             "tokens": None, "rows": False},
    "setup": {**BASE["setup"], "trumps": {"method": "none"}},
    "play": {
        "family": "climbing", "opening_leader": "dealer-left", "opening_card": None, "leads": "sets", "runs": None,
        "must_play": False, "beating": "higher", "jokers": "none", "natural_beats_joker": False, "low_bomb": False,
        "colour_match": False, "bomb": None, "transparent": None, "trick_end": "all-passed", "rejoin": True,
        "collection": "set-aside", "kitty_capture": None,
    },
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "extra-hand"},
}
_KITTY = {"deal.hand_size": 8, "deal.kitty": {"name": "crib", "form": "dealt", "size": 4}}
_TITLES = {"kind": "titles", "title": "magnate", "first": 2, "retire": True, "starter": "title",
           "rule_maker": "title"}

CLIMB_VARIATIONS: list[tuple[str, dict[str, Any]]] = [
    ("climb holder", {"play.opening_leader": "holder", "play.opening_card": "3 of clubs", "play.opening_play": "alone"}),
    ("climb holder leads with others", {"play.opening_leader": "holder", "play.opening_card": "3 of clubs",
                                        "play.opening_play": "with"}),
    ("climb dealer", {"play.opening_leader": "dealer"}),
    ("climb landlord", {**_KITTY, "play.opening_leader": "landlord", "bidding.auction": {"title": "squire"},
                        "scoring": {"kind": "landlord-stake"}}),
    ("climb landlord titles bombs pig", {**_KITTY, "bidding.auction": {"title": "squire"}, "scoring": _TITLES,
                                         "play.bomb": {"name": "petard"}, "setup.pig": {"card": "K of hearts"}}),
    ("climb singles", {"play.leads": "singles"}),
    ("climb same-suit runs", {"play.leads": "runs", "play.runs": "same-suit"}),
    ("climb any-suit runs with wrap", {"play.leads": "runs", "play.runs": "any-suit", "deck.run_wrap": True}),
    ("climb must play", {"play.must_play": True}),
    ("climb sets crush", {"play.beating": "sets-crush"}),
    ("climb higher sets", {"play.beating": "higher-sets"}),
    ("climb top joker", {"deck.jokers": 1, "play.jokers": "top"}),
    ("climb wild jokers", {"deck.jokers": 2, "play.jokers": "wild", "play.natural_beats_joker": True}),
    ("climb low bomb", {"play.low_bomb": True}),
    ("climb colour match", {"play.colour_match": True}),
    ("climb bomb and rocket", {"deck.jokers": 2, "play.jokers": "top", "play.bomb": {"name": "petard",
                                                                                      "rocket": "fireball"}}),
    ("climb transparent", {"play.transparent": {"rank": "5", "word": "glass"}}),
    ("climb first pass", {"play.leads": "singles", "play.trick_end": "first-pass"}),
    ("climb no rejoin", {"play.rejoin": False}),
    ("climb tricks avoid suit", {"play.collection": "trick", "scoring": {"kind": "avoid-suit", "suit": "hearts"}}),
    ("climb capture card", {**_KITTY, "play.kitty_capture": {"card": "Q of spades", "nickname": "Alf"}}),
    ("climb capture suit in tricks", {**_KITTY, "play.collection": "trick", "scoring": {"kind": "per-trick"},
                                      "play.kitty_capture": {"suit": "hearts"}}),
    ("climb tokens", {"deal.hand_size": 11, "deal.tokens": {"name": "penny"}, "scoring": {"kind": "countdown"},
                      "ending": {"condition": {"kind": "tokens"}, "ties": None}}),
    ("climb rows", {"deal.hand_size": 6, "deal.rows": True, "play.leads": "singles"}),
    ("climb pig", {"setup.pig": {"card": "K of hearts", "name": "goat"}}),
    ("climb card values", {"deck.jokers": 1, "play.jokers": "top", "scoring": {
        "kind": "card-values", "values": {"jokers": 10, "majors": 5, "faces": 10, "aces": 1, "pig": 15,
                                          "numbers": "one"},
        "losers_lose": True, "round_end": "knock-five", "stock_out": True, "low_finish_double": True}}),
    ("climb card values by pips", {"scoring": {"kind": "card-values", "values": {"numbers": "pips"},
                                               "round_end": "knock-out"}}),
    ("climb card count", {"scoring": {"kind": "card-count", "losers_lose": False, "pig_cards": 3,
                                      "round_end": "knock-five"}}),
    ("climb card count losers", {"scoring": {"kind": "card-count", "losers_lose": True,
                                             "round_end": "empty-hand"}}),
    ("climb titles", {"setup.extra_rules": {"kind": "bonus", "name": "bonus rule", "repeal": True},
                      "scoring": {**_TITLES, "first": 3, "vice": "vizier", "second": 2, "loser": "toad",
                                  "loser_penalty": 1, "retire": True, "pig": {"who": "loser", "points": -3},
                                  "starter": "vice", "passing": {"kind": "two-cards", "returned": 3},
                                  "rule_maker": "vice"}}),
    ("climb titles for the winner only", {"scoring": {**_TITLES, "retire": False, "pig": {"who": "title",
                                                                                           "points": 4},
                                                      "starter": "loser",
                                                      "passing": {"kind": "loser-deals", "usurper": True}}}),
    ("climb titles best card", {"scoring": {**_TITLES, "passing": {"kind": "best-card"}}}),
    ("climb titles swap hands", {"scoring": {**_TITLES, "vice": "aide", "second": 1,
                                             "passing": {"kind": "swap-hands"}, "starter": "title"}}),
    ("climb secret rules", {"setup.extra_rules": {"kind": "secret", "name": "unseen edict"}}),
]


#: A matching game with every field at its plainest, and the variations of its fields (the matching
#: play section with every kind of special card, cheat mode, the named card, the stock's discard piles
#: and wild-rank card, tokens and the countdown wild, rows, calling).
MATCH_BASE: dict[str, Any] = {
    **{k: copy.deepcopy(CLIMB_BASE[k]) for k in ("naming", "players", "bidding", "setup")},
    "deck": {**BASE["deck"], "run_wrap": False},
    "deal": {"hand_size": 7, "hand_size_over_three": None, "odd_card": None, "misdeal": None, "kitty": None,
             "tokens": None, "rows": False, "stock": {"discard_piles": 1, "wild_card": False}},
    "play": {
        "family": "matching", "first_turn": "dealer-left", "cheat": None, "effects": [], "named_card": None,
        "countdown_wild": False, "must_play": False, "draw": "stock", "play_drawn": False, "multiple": "none",
        "opening_effect": "none", "call": None,
    },
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "extra-hand"},
}


def _effects(*effects: dict[str, Any]) -> dict[str, Any]:
    return {"play.effects": list(effects)}


MATCH_VARIATIONS: list[tuple[str, dict[str, Any]]] = [
    ("match dealer first", {"play.first_turn": "dealer"}),
    ("match cheat", {"play.cheat": {"word": "spoof"}, **_effects({"rank": "Q", "kind": "reverse"})}),
    ("match must play, pick up the pile, play at once", {"play.must_play": True, "play.draw": "pile",
                                                          "play.play_drawn": True}),
    ("match play the drawn card", {"play.play_drawn": True, "play.after_draw": "drawn"}),
    ("match any card after a draw", {"play.play_drawn": True, "play.after_draw": "any"}),
    ("match several of a rank", {"play.multiple": "same-rank"}),
    ("match several of a rank or suit", {"play.multiple": "rank-or-suit"}),
    ("match opening by the dealer", {"play.opening_effect": "dealer", **_effects({"rank": "8", "kind": "wild"})}),
    ("match call", {"play.call": "Last card"}),
    ("match two piles and the wild card", {"deal.stock": {"discard_piles": 2, "wild_card": True}}),
    ("match jokers", {"deck.jokers": 1}),
    ("match named card", {"play.named_card": {"card": "Q of spades", "nickname": "Alf", "who": "next",
                                              "count": 5}}),
    ("match named card for its player", {"play.named_card": {"card": "7 of hearts", "nickname": None,
                                                             "who": "player", "count": 3}}),
    ("match tokens and the countdown wild", {"deal.tokens": {"name": "penny"}, "scoring": {"kind": "countdown"},
                                             "ending": {"condition": {"kind": "tokens"}, "ties": None},
                                             "play.countdown_wild": True,
                                             **_effects({"rank": "9", "kind": "points"})}),
    ("match rows", {"deal.rows": True, "deal.hand_size": 5}),
    ("match kitty", {"deal.hand_size": 6, "deal.kitty": {"name": "crib", "form": "dealt", "size": 4},
                     **_effects({"rank": "K", "kind": "kitty-take"}, {"rank": "J", "kind": "kitty-give"})}),
    ("match wilds", _effects({"rank": "A", "kind": "wild"}, {"rank": "K", "kind": "open"},
                             {"rank": "Q", "kind": "not-last"}, {"rank": "5", "kind": "not-last"})),
    ("match turns", _effects({"rank": "A", "kind": "reshuffle", "always": True}, {"rank": "K", "kind": "reverse"},
                             {"rank": "Q", "kind": "again"}, {"rank": "J", "kind": "skip"},
                             {"rank": "10", "kind": "all-draw"})),
    ("match reshuffle", _effects({"rank": "9", "kind": "reshuffle", "always": False})),
    ("match stacked chain", _effects({"rank": "2", "kind": "draw-chain", "chain": "stacked", "draw": 2, "step": 2})),
    ("match targeted chain", _effects({"rank": "3", "kind": "draw-chain", "chain": "targeted", "draw": 2,
                                       "step": 1})),
    ("match followers", _effects({"rank": "K", "kind": "top-follow"}, {"rank": "9", "kind": "bound", "bound": "lower"},
                                 {"rank": "8", "kind": "name-rank"}, {"rank": "7", "kind": "cordial",
                                                                      "word": "kindness"})),
    ("match higher bound", _effects({"rank": "6", "kind": "bound", "bound": "higher"})),
    ("match hands", _effects({"rank": "A", "kind": "pass-hands", "direction": "left"}, {"rank": "K", "kind": "give"},
                             {"rank": "Q", "kind": "tuck"}, {"rank": "J", "kind": "trade"},
                             {"rank": "4", "kind": "transparent", "word": "glass"})),
    ("match hands right", _effects({"rank": "A", "kind": "pass-hands", "direction": "right"})),
    ("match cover, copycat, points", {"scoring": {"kind": "card-values", "values": {"numbers": "pips"},
                                                  "round_end": "empty-hand", "stock_out": True},
                                      **_effects({"rank": "J", "kind": "cover"}, {"rank": "6", "kind": "copycat"},
                                                 {"rank": "5", "kind": "points", "points": 4})}),
]


#: A melding game with every field at its plainest (a Rummy: draw, meld, lay off, discard), and the
#: variations of its fields (both turn shapes, each draw rule and meld clause, rearranging, dump,
#: stump, the called block, the jokers' rules, the penalty, the full house, the pig in a meld).
MELD_BASE: dict[str, Any] = {
    **{k: copy.deepcopy(MATCH_BASE[k]) for k in ("naming", "players", "bidding", "setup", "deck", "deal", "scoring",
                                                 "ending")},
    "play": {
        "family": "melding", "first_turn": "dealer-left", "one_action": False, "desert": None,
        "draw": {"stock": "one", "kitty": False, "discard": "top", "melded_first": False, "meld_drawn": False},
        "melds": {"many": True, "runs": "same-suit", "single": None, "first_run": False, "no_first_out": False,
                  "must_meld": False, "keep_card": False, "rearrange": "none", "full_house": None},
        "lay_off": "any", "dump": None, "stump": None, "block": None, "joker_swap": False, "one_joker": False,
        "progressive_wilds": False, "penalty": None, "pig_meld": None, "call": None,
    },
}

MELD_VARIATIONS: list[tuple[str, dict[str, Any]]] = [
    ("meld dealer first", {"play.first_turn": "dealer", "play.restock": "shuffle", "play.blocked": True,
                           "play.draw.discard_taken": False}),
    ("meld the usual Rummy stock, no blocked hand, a taken card thrown back",
     {"play.restock": "turn", "play.blocked": False, "play.draw.discard_taken": True}),
    ("meld every step", {"play.desert": "ditch", "play.dump": "scrap", "play.stump": "sphinx", "play.block": "decoy",
                         "play.lay_off": "own"}),
    ("meld one action", {"play.one_action": True, "play.desert": "sink", "play.stump": "vault",
                         "play.melds.many": False}),
    ("meld draw two, wipe", {"play.draw.stock": "two", "play.draw.discard": "wipe", "play.draw.melded_first": True,
                             "play.draw.meld_drawn": True}),
    ("meld draw one or two, kitty", {"play.draw.stock": "one-or-two", "play.draw.kitty": True,
                                     "deal.kitty": {"name": "talon", "form": "dealt", "size": 4}}),
    ("meld clauses", {"play.melds.runs": "any-suit", "play.melds.single": "7", "play.melds.first_run": True,
                      "play.melds.no_first_out": True, "play.melds.keep_card": True, "play.penalty": 3,
                      "play.melds.full_house": "pinnacle"}),
    ("meld must meld", {"play.melds.must_meld": True, "deck.run_wrap": True}),
    ("meld rearranging", {"play.melds.rearrange": "any", "play.lay_off": None, "deck.jokers": 2,
                          "play.joker_swap": True, "play.one_joker": True}),
    ("meld rearranging own", {"play.melds.rearrange": "own", "play.lay_off": None,
                              "deal.stock": {"discard_piles": 2, "wild_card": True}}),
    ("meld progressive wilds", {"play.progressive_wilds": True, "play.call": "Rum"}),
    ("meld pig", {"setup.pig": {"card": "K of hearts", "name": "goat"}, "play.pig_meld": 10, "deal.rows": True,
                  "deal.hand_size": 5}),
    ("meld knock", {"scoring": {"kind": "card-count", "round_end": "knock-out", "losers_lose": True}}),
]


#: A fishing game (Kontsina: a spread, one card of a rank matched, sums) and the options its real
#: games (Xeri, Kontsina, read below) leave unset: every card of a rank, a sweep that clears the table.
FISH_BASE: dict[str, Any] = load_spec(Path(__file__).resolve().parents[1] / "corpus" / "real" / "kontsina.yaml") \
    .rules().model_dump(mode="json")

FISH_VARIATIONS: list[tuple[str, dict[str, Any]]] = [
    ("fish every card of a rank", {"play.match": "all"}),
    ("fish clearing the table", {"play.sweep": "clear-table", "scoring.sweeps": {"name": "sweep", "points": 10}}),
    ("fish every combination at once", {"play.match": "all", "play.combinations": "every"}),
    ("fish with builds", {"play.builds": True}),
]


def _apply(data: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(data)
    for path, value in patch.items():
        *parents, last = path.split(".")
        node = out
        for key in parents:
            node = node[key]
        node[last] = copy.deepcopy(value)
    return out


def _touched(prefix: str, value: Any, into: set[tuple[str, Any]]) -> None:
    """Every (field path, value) a patch sets, descending into the mappings it sets."""
    if isinstance(value, dict):
        for key, sub in value.items():
            _touched(f"{prefix}.{key}", sub, into)
    into.add((prefix, value if isinstance(value, (str, int, bool, type(None))) else repr(value)))


def _fields(model: type[BaseModel], prefix: str = "") -> dict[str, set[Any] | None]:
    """Every leaf field path of a model (through unions of models), with its Literal options if any."""
    out: dict[str, set[Any] | None] = {}
    for name, info in model.model_fields.items():
        path = f"{prefix}{name}"
        literals, models = annotation_parts(info.annotation)
        for sub in models:
            for sub_path, sub_literals in _fields(sub, path + ".").items():
                before = out.get(sub_path)
                if before is None or sub_literals is None:
                    out[sub_path] = before or sub_literals
                else:
                    out[sub_path] = before | sub_literals
        if not models:
            out[path] = literals or None
    return out


def _variation_specs() -> list[tuple[str, GameSpec]]:
    return ([("base", spec_from_data(BASE))] + [(label, spec_from_data(_apply(BASE, patch))) for label, patch in VARIATIONS]
            + [("climb base", spec_from_data(CLIMB_BASE))]
            + [(label, spec_from_data(_apply(CLIMB_BASE, patch))) for label, patch in CLIMB_VARIATIONS]
            + [("match base", spec_from_data(MATCH_BASE))]
            + [(label, spec_from_data(_apply(MATCH_BASE, patch))) for label, patch in MATCH_VARIATIONS]
            + [("meld base", spec_from_data(MELD_BASE))]
            + [(label, spec_from_data(_apply(MELD_BASE, patch))) for label, patch in MELD_VARIATIONS]
            + [(label, spec_from_data(_apply(FISH_BASE, patch))) for label, patch in FISH_VARIATIONS])


def test_variations_cover_every_field_and_option() -> None:
    touched: set[tuple[str, Any]] = set()
    for _, patch in VARIATIONS + CLIMB_VARIATIONS + MATCH_VARIATIONS + MELD_VARIATIONS + FISH_VARIATIONS:
        for path, value in patch.items():
            _touched(path, value, touched)
    base_values: set[tuple[str, Any]] = set()
    _touched("", BASE, base_values)
    _touched("", CLIMB_BASE, base_values)
    _touched("", MATCH_BASE, base_values)
    _touched("", MELD_BASE, base_values)
    real_values: set[tuple[str, Any]] = set()
    for real in ("xeri", "kontsina", "diloti"):   # card points: the fishing games of the corpus (tests/test_fishing.py)
        _touched("", load_spec(Path(__file__).resolve().parents[1] / "corpus" / "real" / f"{real}.yaml")
                 .rules().model_dump(mode="json"), real_values)
    base_values |= real_values
    touched |= {(p.lstrip("."), v) for p, v in real_values}
    base_values = {(p.lstrip("."), v) for p, v in base_values}
    paths = {p for p, _ in touched} | {"play.family"}  # each base is of its own family
    # the play sections of the families ``--family any`` draws (a family of weight 0 has its own tests)
    fields = {p: o for p, o in _fields(GameSpec).items() if not p.startswith("play.")}
    for f in FAMILIES.values():
        if f.weight > 0:
            for p, o in _fields(resolve(f.spec), "play.").items():
                fields[p] = o if fields.get(p) is None else (fields[p] | o if o is not None else fields[p])
    for path, options in fields.items():
        if options is not None and len(options) == 1:
            continue  # a constant: version, family, tags of single-member unions
        if path.startswith(NOT_RULES):
            continue  # not a rule: the rulebook never prints it
        assert path in paths, f"no variation changes {path}"
        for option in options or ():
            assert (path, option) in touched | base_values, f"no variation sets {path} to {option!r}"


def test_every_variation_changes_the_text() -> None:
    seen: dict[str, str] = {}
    for label, spec in _variation_specs():
        text = render_markdown(spec)
        assert text not in seen, f"{label!r} renders the same text as {seen.get(text)!r}"
        seen[text] = label


@pytest.mark.parametrize("label,spec", _variation_specs(), ids=lambda x: x if isinstance(x, str) else "")
def test_text_is_clean(label: str, spec: GameSpec) -> None:
    _assert_clean(render_markdown(spec), label)


@pytest.mark.slow
def test_sampled_games_read_cleanly() -> None:
    """Sampled games combine modules in ways no variation does: their text must be clean too, and
    every module they use must leave a mark in it."""
    from generator.sample import sample_game

    for seed in range(400):
        spec = sample_game(seed).spec
        text = render_markdown(spec)
        _assert_clean(text, f"seed {seed}")
        st, b = spec.setup, spec.bidding
        if st.robbing:
            assert f"*{st.robbing.verb}* the turned card" in text
        if st.pig:
            assert f"called the *{st.pig.name}*" in text
        if st.exchange:
            assert f"*{st.exchange.name}*" in text
        if b.any():
            assert "\n## Bidding\n" in text
        if spec.play.boost:
            assert f"*{spec.play.boost.name} trick*" in text


def _assert_clean(text: str, label: str) -> None:
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert "\n\n\n" not in text
    for bad in ("None", "{{", "}}", "{%", "  ", " .", " ,", "..", "[", "]"):
        assert bad not in text, f"{bad!r} in the text of {label}"
    for line in text.splitlines():
        assert line == line.rstrip(), f"trailing space in {line!r}"
        if line and not line.startswith(("#", "|", "-")) and not re.match(r"\d+\. ", line):
            assert line[0].isupper(), f"line starts in lower case: {line!r}"
            assert line.endswith((".", ":")), f"line is not a sentence: {line!r}"
    # numbered lists run 1, 2, 3 … with no gap
    for block in text.split("\n\n"):
        numbers = [int(m) for m in re.findall(r"^(\d+)\. ", block, flags=re.M)]
        assert numbers == list(range(1, len(numbers) + 1))


def test_wild_jokers_make_no_trumps() -> None:
    """A wild joker is always played as the card its player names, so wild jokers in a game with no
    trump suit make no trumps: the rulebook must not say a trick is won by its highest trump. Jokers
    that rank still form a trump suit of their own there."""
    from generator.text.parse import parse_markdown

    wild = spec_from_data(_apply(BASE, {"deck.jokers": 2, "setup.trumps": {"method": "none"}, "play.jokers": "wild"}))
    text = render_markdown(wild)
    assert "There is no trump suit." in text
    assert "trump in it" not in text
    assert "\n3. The trick is won by the highest card of the suit led." in text
    assert parse_markdown(text) == wild
    weak = wild.model_copy(update={"play": wild.play.model_copy(update={"weak_led_suit": "poor"})})
    assert "highest trump" not in render_markdown(weak) and parse_markdown(render_markdown(weak)) == weak
    ranked = spec_from_data(_apply(BASE, {"deck.jokers": 2, "setup.trumps": {"method": "none"}}))
    assert "\n3. The trick is won by the highest trump in it or, if it holds no trump, by the highest card of the " \
        "suit led." in render_markdown(ranked)
    with_suit = spec_from_data(_apply(BASE, {"deck.jokers": 2, "play.jokers": "wild"}))
    assert "The trick is won by the highest trump in it" in render_markdown(with_suit)


def test_a_breaking_verb_never_names_the_suit_twice() -> None:
    """The Hearts calibration game writes its verb as "breaking hearts" (the name in full): the
    rulebook prints the suit once, and the spec keeps the verb without it."""
    hearts = load_spec(REPO / "corpus" / "real" / "hearts.yaml")
    text = render_markdown(hearts)
    assert "is called “breaking hearts”." in text and "hearts hearts" not in text
    assert hearts.play.breaking is not None and hearts.play.breaking.verb == "breaking"
    bled = spec_from_data(_apply(BASE, {"play.breaking": {"suit": "spades", "verb": "breaking out the spades"}}))
    assert bled.play.breaking is not None and bled.play.breaking.verb == "breaking out the"
    assert "is called “breaking out the spades”." in render_markdown(bled)


def test_named_cards_and_suits_in_context() -> None:
    spec = load_spec(GOLDEN / "hearts.yaml")
    text = render_markdown(spec)
    assert "| The Queen of spades (“Old Meg”) | costs its taker 13 points |" in text
    assert "falls to −70 points or lower" in text
    tarot = render_markdown(load_spec(GOLDEN / "tarot.yaml"))
    assert "| Death (XIII) | costs its taker 20 points |" in tarot
    assert "The Pages are removed from each of the four suits." in tarot
    german = render_markdown(load_spec(GOLDEN / "german.yaml"))
    assert "hearts, bells, acorns and leaves" in german and "♥" not in german
