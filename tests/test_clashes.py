"""Contradictions inside one rulebook (issue 15): where two modules meet, the text says how, as
the engine plays it; and the static checks of ``generator.checks.clashes`` find such meetings from
the spec. The five games a reader could not settle are sampled games (seed and family below)."""

from __future__ import annotations

import re

import pytest

from generator.checks import check_spec
from generator.checks.clashes import check_clashes, notes, printed_trick_numbers, unconnected
from generator.sample import sample_game
from generator.spec import GameSpec
from generator.text.parse import parse_markdown
from generator.rulebook import render_markdown

TT = "trick-taking"


def _game(seed: int, family: str = TT) -> tuple[GameSpec, str]:
    spec = sample_game(seed, family).spec
    text = render_markdown(spec)
    assert parse_markdown(text) == spec.rules()
    return spec, text


def _section(text: str, title: str) -> str:
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _edit(spec: GameSpec, **sections: dict) -> GameSpec:
    data = spec.model_dump()
    for name, fields in sections.items():
        data[name].update(fields)
    return GameSpec.model_validate(data)


# --------------------------------------------------------------------------- the five cases


def test_a_wild_joker_led_defers_to_the_joker_lead_rule() -> None:
    spec, text = _game(19)
    assert spec.play.jokers == "wild" and spec.play.joker_lead == "clubs"
    assert "When a joker is led, though, the other players must first obey the rule for a joker led (see *Play*)." \
        in _section(text, "The cards")
    assert ("When a joker is led, the suit led is that of the card it is named as, but each other player must first "
            "play their highest club if they hold one; a player who holds none plays by the usual rules.") in text
    assert "and otherwise plays by the usual rules" not in text


def test_bids_say_what_they_count_when_tricks_go_round_twice_or_do_not_count() -> None:
    spec, text = _game(112)
    assert spec.play.boost is not None and spec.scoring.extras.joker_tricks == "void" and spec.bidding.tricks.hook
    assert ("A *shove trick* goes round twice (see *Play*), so a hand may have fewer tricks than that, and a trick "
            "that holds a joker does not count as a trick won, not even toward a bid (see *Scoring*); even so, the "
            "bids may go up to the number of cards in the smallest hand, and that number is the total the last "
            "bidder must avoid.") in _section(text, "Bidding")


def test_the_bid_limit_is_the_engines() -> None:
    """What the sentence above says: the engine offers bids up to the cards in the smallest hand."""
    from generator.engine.steps.bids import BiddingRules
    spec, _ = _game(112)
    rules = BiddingRules(spec)
    assert rules.bid_options(8, [3, 2, None], last=True)[-1] - rules.bid_options(8, [3, 2, None], last=True)[0] == 8
    assert len(rules.bid_options(8, [3, 2, None], last=True)) == 8   # 3 + 2 + 3 = 8 is barred by the hook


def test_the_top_trump_point_is_scored_once_under_scoring() -> None:
    spec, text = _game(94)
    assert spec.setup.top_trump_point and spec.scoring.extras.top_trump == "plus"
    assert "scores one point for the hand at once" not in text
    assert "may show it, for one point added to their score for the hand (see *Scoring*)." in _section(text, "Setup")
    scoring = _section(text, "Scoring")
    assert ("A player who showed the highest trump before play (see *Setup*) adds one point to their score for the "
            "hand, once, after the scores above.") in scoring
    assert ("This point is apart from the one for taking that card in a trick (see the table above): a player who "
            "shows it and then takes it counts both.") in scoring


def test_hearts_in_play_are_said_one_way() -> None:
    spec, text = _game(118)
    assert spec.scoring.kind == "avoid-suit" and spec.scoring.shoot_the_moon and spec.bidding.auction
    assert "dealt to the players" not in text
    assert ("A player who took every heart in play, that is, every heart in the players' hands when the first trick "
            "is led (hearts anywhere else do not count), loses nothing for them") in text
    assert "| The baron took all of the hearts in play, or none of them |" in text


def test_shrinking_hands_are_said_with_the_deal() -> None:
    spec, text = _game(112)
    assert spec.ending.condition.kind == "shrinking"
    setup, end = _section(text, "Setup"), _section(text, "End of the game")
    assert ("1. Each player is dealt eight cards. Each later hand is dealt with one card fewer per player, down to "
            "one card each. The hands are of 8, 7, 6, 5, 4, 3, 2, 1 cards: eight hands in all.") in setup
    assert "The hands are of" not in end and "one card fewer" not in end
    assert "The game ends after the one-card hand, when the hands have shrunk as *Setup* says." in end


# --------------------------------------------------------------------------- the checks


def test_a_card_the_pack_lacks_is_an_error() -> None:
    spec, _ = _game(94)
    removed = spec.deck.removed[0] if spec.deck.removed else None
    broken = _edit(spec, play={"boost": {"rank": removed or "Z", "name": "lift"}})
    found = {(p.code, p.field) for p in check_clashes(broken)}
    assert ("DECK_INCONSISTENT", "play.boost.rank") in found
    assert "play.boost.rank" in {p.field for p in check_spec(broken)}
    assert [p.field for p in check_spec(broken)].count("play.boost.rank") == 1   # said once, not by two checks


def test_a_suit_the_pack_lacks_is_an_error() -> None:
    spec, _ = _game(19)
    broken = _edit(spec, play={"joker_lead": "majors"})
    assert ("DECK_INCONSISTENT", "play.joker_lead") in {(p.code, p.field) for p in check_clashes(broken)}


def test_a_trick_count_no_hand_has_is_an_error() -> None:
    spec, _ = _game(0)
    assert spec.scoring.kind == "per-trick"
    broken = _edit(spec, scoring={"beyond": 60})
    assert printed_trick_numbers(broken) == [("scoring.beyond", 60)]
    assert ("DEAL_IMPOSSIBLE", "scoring.beyond") in {(p.code, p.field) for p in check_clashes(broken)}


def test_one_card_as_penalty_and_bonus_is_an_error() -> None:
    spec, _ = _game(118)
    card = spec.scoring.bonus_card.card
    broken = _edit(spec, scoring={"penalty_card": {"card": card, "points": 3}})
    assert ("RULE_CONFLICT", "scoring.bonus_card.card") in {(p.code, p.field) for p in check_clashes(broken)}


def test_a_note_without_its_connecting_sentence_is_found() -> None:
    spec, text = _game(19)
    assert [n.code for n in notes(spec)] == ["JOKER_LED_WILD"] and unconnected(spec, text) == []
    cut = text.replace("When a joker is led, though, the other players must first obey the rule for a joker led "
                       "(see *Play*).\n", "")
    assert [n.code for n in unconnected(spec, cut)] == ["JOKER_LED_WILD"]


@pytest.mark.slow
@pytest.mark.parametrize("family", [TT, "climbing", "matching", "melding"])
def test_every_note_of_sampled_games_is_connected_in_the_text(family: str) -> None:
    """Over sampled games of the family: every meeting of two rules has its connecting sentence,
    and every count of tricks the text prints is one the check computes from the spec."""
    seen = 0
    for seed in range(120):
        spec = sample_game(seed, family).spec
        # the rules only: the worked example after them tells of "the first three tricks" of a hand
        text = render_markdown(spec).split("\n## Example of play\n")[0]
        assert unconnected(spec, text) == [], seed
        seen += bool(notes(spec))
        printed = {n for _, n in printed_trick_numbers(spec)}
        words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                 "eleven": 11, "twelve": 12}
        for m in re.finditer(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) tricks\b", text):
            number = int(m[1]) if m[1].isdigit() else words[m[1]]
            assert number in printed, (seed, m[0])
    assert seen, "no sampled game had two rules meeting"


def test_the_engine_deals_the_hands_setup_lists() -> None:
    """The sizes Setup prints are the engine's: in a game of four, the cards taken each hand."""
    from generator.engine.state import Game
    from generator.playtest.runner import play_one

    spec, _ = _game(112)
    record = play_one(Game(spec), 4, 1, keep_record=True).record
    assert [sum(len(w) for w in hand["won"]) // 4 for hand in record["hands"]] == [8, 7, 6, 5, 4, 3, 2, 1]


def test_an_opening_card_barred_from_the_lead_is_led_even_so() -> None:
    """A card that must open the first trick, of a suit that may not go to the first trick: the
    engine leads it all the same, and the text says so."""
    from generator.spec.deck import card_suit

    spec = next(s for s in (sample_game(seed, TT).spec for seed in range(100))
                if s.play.opening_leader == "holder")
    broken = _edit(spec, play={"first_trick_ban": card_suit(spec.play.opening_card)})
    assert check_spec(broken) == [] and [n.code for n in notes(broken)] == ["OPENING_CARD_BARRED"]
    text = render_markdown(broken)
    assert "That card is led even so, though a rule below would bar it from the lead." in text
    assert unconnected(broken, text) == [] and parse_markdown(text) == broken.rules()
