"""`parlour import` for the matching family: every matching game of the shared book read with no
sentence left over into a valid spec, the book's defects listed per game (the lost special-card
list first of all), and each sentence form of the catalogue read in the general phrasing (other
challenge words, call words, currencies, seats, draws, one or two discard piles) — made-up games, no
key on names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.importer import import_book
from generator.importer.deal import CURRENCIES
from generator.families.matching.importer import CHALLENGE_WORDS
from generator.importer.report import repair_kinds
from generator.spec import GameSpec, spec_from_data
from tests.conftest import budget
from tests.family_helpers import (
    book_games,
    kinds,
    lenient_imports_the_rest,
    needs_book,
    needs_checks_of,
    unread_sentence_stops_the_import,
    with_repair,
)

#: The static checks of matching are another layer's; judged here once they are on the branch.
needs_checks = needs_checks_of("matching")

POINTS_FACT = {"Aston by Wrenbury", "Klein Luckow", "La Belle-Étoile", "Wulkow"}


@pytest.fixture(scope="module")
def matching():
    return book_games("matching")


def read(text: str):
    """The one game of ``text``, read with no problem."""
    g = import_book(text).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    return g


# -- the shared book ---------------------------------------------------------------------------------


@needs_book
def test_every_matching_game_imports_with_no_sentence_left_over(matching):
    assert len(matching) == 28
    for name, g in matching.items():
        assert g.problems == [], (name, [str(p) for p in g.problems])
        assert g.status == "repaired", name  # the special-card list is lost from every one
        assert isinstance(g.spec, GameSpec) and g.spec.family == "matching"
        assert spec_from_data(g.spec.model_dump(mode="json")) == g.spec
        assert g.spec.play.effects == [] and g.spec.play.named_card is None and not g.spec.play.countdown_wild
        assert g.spec.deal.stock is not None
        for r in g.repairs:
            assert r.kind in repair_kinds() or r.kind.startswith("unlisted-"), r.kind
            assert r.where is not None or r.kind in ("deal-impossible",), (name, r.kind)


@needs_book
def test_the_books_matching_defects_are_listed_per_game(matching):
    """The catalogue's §2 defects of the matching games in the shared book, each listed where it is."""
    assert with_repair(matching, "special-cards-lost") == set(matching)
    assert with_repair(matching, "fail-to-do") == {"Bledlow Ridge", "Delitz am Berge", "Knaphill", "La Belle-Étoile",
                                                   "Opperding", "Tantobie", "Woltersdorf"}
    assert with_repair(matching, "match-match") == {"Suurhusen"}
    # the pile picked up leaves nothing to match: five by passing, one by a challenge
    assert with_repair(matching, "nothing-to-match") == {"Aston by Wrenbury", "Bartensleben", "Broughall", "Oswaldkirk",
                                                         "Wichsenstein Castle", "Suurhusen"}
    assert with_repair(matching, "deal-impossible") == {"Berghausen", "Tantobie"}
    berghausen = next(r.text for r in matching["Berghausen"].repairs if r.kind == "deal-impossible")
    assert "5 players (1 short)" in berghausen and "discard pile's first card" in berghausen  # 10 × 5 + 1 = 51 of 50
    assert with_repair(matching, "tiny-stock") == {"Broughall", "Hardwick Village", "Mistendorf", "Knaphill"}
    assert with_repair(matching, "points-effect-lost") == POINTS_FACT
    assert with_repair(matching, "call-word-first-word") == {"Bledlow Ridge", "Delitz am Berge", "La Belle-Étoile"}
    assert with_repair(matching, "jokers-wild-lost") == {n for n, g in matching.items() if g.spec.deck.jokers}
    assert with_repair(matching, "countdown-wild-unknown") == {"Lower Thurnham"}
    assert with_repair(matching, "rank-named-twice") == {"La Capte"}
    assert with_repair(matching, "pass-at-will") == {n for n, g in matching.items()
                                                     if not g.spec.play.must_play and g.spec.play.cheat is None}
    lost = with_repair(matching, "card-values-lost")
    assert lost == {n for n, g in matching.items() if g.spec.scoring.kind == "card-values"} and len(lost) == 8
    assert not with_repair(matching, "reshuffle-unsaid") and not with_repair(matching, "opening-effect-unsaid")


@needs_book
def test_the_specs_say_what_the_book_says(matching):
    opp = matching["Opperding"].spec
    assert opp.deal.stock.model_dump() == {"discard_piles": 2, "wild_card": True}
    # the book's "as if the dealer had played it" has no special card to act on: dropped, and listed
    assert (opp.play.first_turn, opp.play.opening_effect, opp.play.call) == ("dealer-left", "none", "Opperding")
    assert "opening-effect-moot" in kinds(matching["Opperding"])
    assert matching["Broughall"].spec.deal.stock.wild_card and matching["Salvington"].spec.deal.stock.discard_piles == 2
    sal = matching["Salvington"].spec.play
    assert (sal.must_play, sal.draw, sal.play_drawn) == (True, "stock", True)
    sv = matching["Suurhusen"].spec.play
    assert sv.cheat.word == "bunco" and sv.first_turn == "dealer-left"
    bart = matching["Bartensleben"].spec.play
    assert (bart.first_turn, bart.draw, bart.multiple, bart.opening_effect) == ("dealer", "pile", "rank-or-suit", "none")
    assert matching["Hardwick Village"].spec.play.multiple == "same-rank"
    hw = matching["Hardwick Village"].spec.scoring
    assert (hw.kind, hw.title, hw.first, hw.loser, hw.loser_penalty, hw.retire) == ("titles", "imperator", 3, "clod", 1, False)
    assert hw.passing.model_dump() == {"kind": "two-cards", "returned": 2, "usurper": False}
    mist = matching["Mistendorf"].spec
    assert mist.setup.pig.name == "turkey" and mist.scoring.pig.model_dump() == {"who": "loser", "points": 3}
    dz = matching["Delitz am Berge"].spec
    assert (dz.scoring.vice, dz.scoring.second, dz.setup.extra_rules.kind, dz.play.call) == ("advisor", 1, "bonus", "Delitz")
    lt = matching["Lower Thurnham"].spec
    assert (lt.deal.tokens.name, lt.deal.hand_size, lt.scoring.kind, lt.ending.condition.kind) == ("coin", 5, "countdown",
                                                                                                  "tokens")
    assert matching["Hethel"].spec.scoring.low_finish_double and matching["Hethel"].spec.play.play_drawn
    tan = matching["Tantobie"].spec
    assert tan.deal.rows and tan.scoring.losers_lose and tan.ending.condition.kind == "threshold"
    assert matching["Bledlow Ridge"].spec.setup.exchange.name == "exchange"
    assert matching["Wulkow"].spec.scoring.model_dump()["losers_lose"] is True
    assert matching["Oswaldkirk"].spec.play.must_play and matching["Oswaldkirk"].spec.play.draw == "pile"


@needs_book
@needs_checks
def test_games_failing_a_static_check_have_the_defect_listed(matching):
    from generator.checks import check_spec

    kept = {"deal-impossible", "tiny-stock", "exchange-never-possible", "over-three-unused"}
    for name, g in matching.items():
        if check_spec(g.spec):
            assert kinds(g) & kept, (name, [p.code for p in check_spec(g.spec)])


# -- each sentence form, in the general phrasing ------------------------------------------------------

NORMAL = """\
Nether Match is an enjoyable matching game for {players} players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2. Include two jokers, one red and one black.
Each player is dealt seven cards.
{piles} Undealt cards form the stock.
{seat} takes the first turn.
Each player in turn must play a legal card to {pile}, if they are able to do so. A card must match the suit or rank of the top card of {top} (for example, the {example} can be followed by {again} of any suit, or any {suit}).
{header} when played. {list}
{draw} If the stock runs out, shuffle all but the top {reshuffle} to form a new stock.
If a card with a special effect is turned up as the first card of {pile}, it {opening}. If it's a joker, the dealer decides its value before looking at their own cards.
If a player has only one card in their hand they must call {call}. (If they fail to do{so} before the next player starts their turn, they must draw a card.)
The first player to empty their hand wins the round, and scores a point.
The first player to reach 5 points wins the game. If tied, play an extra round.
"""

ONE_PILE = {"piles": "Deal one card to form a face-up discard pile.", "pile": "the discard pile", "top": "the discard pile",
            "reshuffle": "card of the discard pile"}
TWO_PILES = {"piles": "Deal one card to form a face-up discard pile, and another to form a second discard pile.",
             "pile": "either discard pile", "top": "whichever discard pile it is being played onto",
             "reshuffle": "cards of each discard pile"}


def normal(**over: str) -> str:
    words = {"players": "two to five", "seat": "The dealer", "example": "Queen of clubs", "again": "a Queen", "suit": "club",
             "header": "Some cards may have special effects", "list": "These are as follows:-",
             "draw": "If a player cannot or does not want to play a card, they pass their turn and draw a card from the stock.",
             "opening": "has no effect", "call": '"Nether"', "so": "", **ONE_PILE}
    words.update(over)
    return NORMAL.format(**words)


def test_a_normal_game_in_one_pile():
    g = read(normal())
    p = g.spec.play
    assert (p.first_turn, p.cheat, p.must_play, p.draw, p.play_drawn, p.multiple) == ("dealer", None, False, "stock", False, "none")
    assert (p.opening_effect, p.call, p.effects) == ("none", "Nether", [])
    assert g.spec.deal.stock.model_dump() == {"discard_piles": 1, "wild_card": False}
    assert {"special-cards-lost", "fail-to-do", "pass-at-will", "jokers-wild-lost"} <= kinds(g)
    assert "call-word-first-word" in kinds(g)  # "Nether" of "Nether Match"
    assert "nothing-to-match" not in kinds(g) and "tiny-stock" not in kinds(g)


def test_two_piles_and_a_wild_rank_card():
    piles = TWO_PILES["piles"] + (" Deal another card face-up and place it to one side where players can see it: cards of "
                                  "this rank are considered to be jokers instead of their usual rank.")
    g = read(normal(**{**TWO_PILES, "piles": piles}, opening="is treated as if the dealer had played it"))
    assert g.spec.deal.stock.model_dump() == {"discard_piles": 2, "wild_card": True}
    assert g.spec.play.opening_effect == "none" and "opening-effect-moot" in kinds(g)


@pytest.mark.parametrize("over", [{"pile": "either discard pile"}, {"top": "whichever discard pile it is being played onto"},
                                  {"reshuffle": "cards of each discard pile"}])
def test_a_sentence_for_two_piles_in_a_game_of_one_is_a_problem(over):
    g = import_book(normal(**over)).games[0]
    assert any("two discard piles" in p.message for p in g.problems)


@pytest.mark.parametrize("seat, first", [("The dealer", "dealer"), ("The player to the dealer's left", "dealer-left"),
                                         ("The player to the left of the dealer", "dealer-left")])
def test_who_takes_the_first_turn(seat, first):
    assert read(normal(seat=seat)).spec.play.first_turn == first


@pytest.mark.parametrize("draw, must, source, drawn", [
    ("If a player cannot or does not want to play a card, they pass their turn and draw the discard pile into their hand.",
     False, "pile", False),
    ("A player must play a card each turn if they can. If they cannot, they pass their turn and draw a card from the stock.",
     True, "stock", False),
    ("A player must play a card each turn if they can. If they cannot, they pass their turn and draw a card from the stock. If "
     "the drawn card could be played, they may play it immediately.", True, "stock", True),
    ("If a player cannot or does not want to play a card, they pass their turn and draw a card from the stock. If the drawn "
     "card could be played, they may play it immediately.", False, "stock", True),
])
def test_passing_and_drawing(draw, must, source, drawn):
    g = read(normal(draw=draw))
    p = g.spec.play
    assert (p.must_play, p.draw, p.play_drawn) == (must, source, drawn)
    assert ("pass-at-will" in kinds(g)) == (not must)
    assert ("nothing-to-match" in kinds(g)) == (source == "pile")


def test_the_drawn_card_of_a_picked_up_pile_is_dropped():
    g = read(normal(draw="If a player cannot or does not want to play a card, they pass their turn and draw the discard pile "
                         "into their hand. If the drawn card could be played, they may play it immediately."))
    assert g.spec.play.play_drawn is False and "play-drawn-pile" in kinds(g)


def test_if_they_cannot_follows_a_rule_that_they_must():
    g = import_book(normal(draw="If they cannot, they pass their turn and draw a card from the stock.")).games[0]
    assert any("If they cannot" in p.message for p in g.problems)


@pytest.mark.parametrize("extra, multiple", [
    ("If a player has several cards of the same rank, all of which are a legal play, they may play them together as a single "
     "play.", "same-rank"),
    ("A player may play several cards together as a single play, if they are either all the same rank or all the same suit.",
     "rank-or-suit"),
])
def test_several_cards_as_one_play(extra, multiple):
    text = normal().replace("If a card with a special effect",
                            extra + " The top card determines the suit to follow, and if the cards have special effects only "
                            "the top one occurs.\nIf a card with a special effect")
    g = read(text)
    assert g.spec.play.multiple == multiple and "multiple-top-unsaid" not in kinds(g)
    g = read(text.replace(" The top card determines the suit to follow, and if the cards have special effects only the top one "
                          "occurs.", ""))
    assert "multiple-top-unsaid" in kinds(g)


def test_one_special_card():
    g = read(normal(header="One card has a special effect", list="That is:-"))
    assert "special-cards-lost" in kinds(g) and "That is" in next(r.text for r in g.repairs if r.kind == "special-cards-lost")
    g = import_book(normal(header="One card has a special effect")).games[0]
    assert any("header" in p.message for p in g.problems)


@pytest.mark.parametrize("call, word", [('"Nether"', "Nether"), ("“Nether”", "Nether"), ('"Last card"', "Last card"),
                                        ('"Mau"', "Mau")])
def test_the_call_word_in_any_quotation_marks(call, word):
    g = read(normal(call=call, so=" so"))
    assert g.spec.play.call == word and "fail-to-do" not in kinds(g)
    assert ("call-word-first-word" in kinds(g)) == (word == "Nether")


@pytest.mark.parametrize("example, again, suit, fine", [("Queen of clubs", "a Queen", "club", True),
                                                        ("8 of hearts", "an 8", "heart", True),
                                                        ("Ace of spades", "an Ace", "spade", True),
                                                        ("Queen of clubs", "a King", "club", False),
                                                        ("Queen of clubs", "a Queen", "heart", False)])
def test_the_matching_example_is_only_an_example(example, again, suit, fine):
    g = import_book(normal(example=example, again=again, suit=suit)).games[0]
    assert (g.problems == []) == fine
    if fine:
        assert g.spec.play.effects == []  # the example's rank is never special, and no rank is special here


def test_an_example_rank_the_pack_lacks_is_listed():
    g = read(normal().replace("Cards rank A, K", "Remove all Queens. Cards rank A, K").replace("Q, J, 10", "J, 10"))
    assert "example-rank-missing" in kinds(g) and g.spec.deck.removed == ["Q"]


def test_a_turned_joker_in_a_pack_without_jokers_is_a_problem():
    g = import_book(normal().replace(" Include two jokers, one red and one black.", "")).games[0]
    assert any("no joker" in p.message for p in g.problems)
    g = read(normal().replace(" Include two jokers, one red and one black.", "").replace(
        " If it's a joker, the dealer decides its value before looking at their own cards.", ""))
    assert "jokers-wild-lost" not in kinds(g)


def test_a_tiny_stock_and_a_deal_that_does_not_fit():
    g = read(normal(players="two to six").replace("dealt seven cards", "dealt eight cards"))
    # 54 cards: 6 × 8 + 1 = 49 leaves a stock of 5 with six players
    assert "tiny-stock" in kinds(g) and "deal-impossible" not in kinds(g)
    g = read(normal(players="two to six").replace("dealt seven cards", "dealt nine cards"))
    assert "deal-impossible" in kinds(g)


def test_tokens_rows_and_a_kitty_in_a_matching_game():
    text = normal(players="three to five").replace(
        "Each player is dealt seven cards.", "Each player starts with six poker chips. Each round, deal each player as many "
        "cards as they have poker chips.").replace(
        "Undealt cards form the stock.", 'Undealt cards form the stock. Deal three cards to form a face-down "crypt". Deal each '
        "player a row of three face-down cards: for each of these cards deal another card face-up on top of it.").replace(
        "The first player to empty their hand wins the round, and scores a point.\nThe first player to reach 5 points wins the "
        "game. If tied, play an extra round.",
        "If you have no cards in your hand, you may play cards from your face-up row (and if the face-up ones have been "
        "played, the face-down ones) as if they were in your hand. Face-down cards are played blind: if their play is invalid, "
        "you must put the card back where you played it from, and pass your turn.\nThe first player to play out their "
        "face-down cards wins the round, and discards one of their poker chips.\nThe first player to get rid of all their "
        "poker chips is the winner.")
    g = read(text)
    s = g.spec
    assert (s.deal.tokens.name, s.deal.rows, s.deal.kitty.name, s.scoring.kind) == ("poker chip", True, "crypt", "countdown")
    assert {"kitty-effect-lost", "countdown-wild-unknown"} <= kinds(g)
    g = import_book(text.replace("If you have no cards in your hand, you may play cards from your face-up row (and if the "
                                 "face-up ones have been played, the face-down ones) as if they were in your hand. Face-down "
                                 "cards are played blind: if their play is invalid, you must put the card back where you "
                                 "played it from, and pass your turn.\n", "")).games[0]
    assert any("rows" in p.message for p in g.problems)


@pytest.mark.parametrize("opening", ["(The second time that the stock is exhausted", "(Or the second time the stock is exhausted"])
def test_the_second_stock_exhaustion_ends_a_hand_of_a_game_with_a_stock(opening):
    text = normal().replace(
        "The first player to empty their hand wins the round, and scores a point.",
        f"The first player to empty their hand wins the round. {opening}, the round ends immediately and the player with the "
        "smallest hand wins. If tied, the tied player whose turn is happening or would have happened soonest wins.) They gain "
        "points equal to the total number of cards remaining in their opponents' hands.")
    g = read(text)
    assert (g.spec.scoring.kind, g.spec.scoring.stock_out) == ("card-count", True)
    assert "stock-out-no-stock" not in kinds(g)  # climbing's repair: a matching game has a stock


def test_the_cards_of_a_wild_rank_count_as_their_own_rank_in_the_lost_card_values():
    piles = ONE_PILE["piles"] + (" Deal another card face-up and place it to one side where players can see it: cards of "
                                 "this rank are considered to be jokers instead of their usual rank.")
    text = normal(piles=piles).replace(" Include two jokers, one red and one black.", "").replace(
        " If it's a joker, the dealer decides its value before looking at their own cards.", "").replace(
        "The first player to empty their hand wins the round, and scores a point.",
        "The first player to empty their hand wins the round. Each other player loses points equal to the cards remaining in "
        "their own hand, as follows:").replace("The first player to reach 5 points wins the game",
                                               "When a player's score reaches -60 or lower the player with the highest score "
                                               "wins the game")
    g = read(text)
    v = g.spec.scoring.values
    assert g.spec.deck.jokers == 0 and g.spec.deal.stock.wild_card
    assert (v.jokers, v.faces, v.aces, v.numbers) == (None, 5, 1, "pips") and g.spec.scoring.losers_lose
    assert "wild rank" in next(r.text for r in g.repairs if r.kind == "card-values-lost")


def test_a_kitty_taken_by_an_auction_has_no_lost_card():
    text = normal(players="three to five").replace("Undealt cards form the stock.", 'Undealt cards form the stock. Deal four '
                                                   'cards to form a face-down "box".')
    assert "kitty-effect-lost" in kinds(read(text))
    auction = text.replace("The dealer takes the first turn.", "Starting with the dealer, players bid to become the baron. A "
                           "bid may be a number from one to five (which must be larger than all previous bids), or a pass. As "
                           "soon as two consecutive players pass, or a bid of five is made, the highest bidder becomes the "
                           "baron and takes the box into their hand. If all players pass, the hand is redealt.\nThe dealer "
                           "takes the first turn.").replace(
        "The first player to empty their hand wins the round, and scores a point.", "The first player to empty their hand wins "
        "the round. If this is the baron, each opponent must pay them a number of points equal to the amount of the bid; if "
        "the baron loses, then they must pay the bid amount to each opponent.")
    g = read(auction)
    assert g.spec.bidding.auction.title == "baron" and g.spec.scoring.kind == "landlord-stake"
    assert "kitty-effect-lost" not in kinds(g)


def test_a_trick_score_in_a_matching_game_is_a_problem():
    text = normal().replace("The first player to empty their hand wins the round, and scores a point.",
                            "When all tricks have been played, each player scores 1 point per trick won.")
    assert any("tricks" in p.message for p in import_book(text).games[0].problems)


TITLES = """\
Titleham is a raucous matching game for three to five players where the winners and losers are given titles. It uses a standard 52 card pack. Cards rank K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A.
Each player is dealt six cards.
Deal one card to form a face-up discard pile. Undealt cards form the stock.
A player who holds the 9 of clubs (the goat) may choose to reveal it at this point.
The player to the dealer's left takes the first turn.
Each player in turn must play a legal card to the discard pile, if they are able to do so. A card must match the suit or rank of the top card of the discard pile (for example, the 5 of diamonds can be followed by a 5 of any suit, or any diamond).
Some cards may have special effects when played. These are as follows:-
If a player cannot or does not want to play a card, they pass their turn and draw a card from the stock. If the stock runs out, shuffle all but the top card of the discard pile to form a new stock.
If a card with a special effect is turned up as the first card of the discard pile, it has no effect.
When a player empties their hand, they win and become {title}, scoring 2 points. The single player (if any) with the most cards left in their hand is the {loser}, who loses 1 point. If the goat was revealed at the start of the hand, the {loser} scores 3 points.
The {title} starts the next round. {passing}
The first player to reach 12 points wins the game. If tied, play an extra round.
"""


@pytest.mark.parametrize("passing, value", [
    ("After cards are dealt for a new round the {loser} must give the {title} their two highest cards, and the {title} gives back "
     "any two cards in exchange.", {"kind": "two-cards", "returned": 2, "usurper": False}),
    ("After cards are dealt for a new round the {loser} must give the {title} their two highest cards, and the {title} gives back "
     "any three cards in exchange.", {"kind": "two-cards", "returned": 3, "usurper": False}),
    ("After cards are dealt for a new round the {loser} must give the {title} their highest card, and the {title} gives back "
     "any card in exchange.", {"kind": "best-card", "returned": None, "usurper": False}),
    ("After the deal, the {loser} gives the {title} their highest card, and receives any one card back.",
     {"kind": "best-card", "returned": None, "usurper": False}),
])
@pytest.mark.parametrize("title, loser", [("monarch", "drudge"), ("leader", "pit dweller")])
def test_titles_won_by_the_first_out_with_the_books_phrasing(passing, value, title, loser):
    g = read(TITLES.format(title=title, loser=loser, passing=passing.format(title=title, loser=loser)))
    sc = g.spec.scoring
    assert (sc.title, sc.first, sc.loser, sc.loser_penalty, sc.retire, sc.starter) == (title, 2, loser, 1, False, "title")
    assert sc.pig.model_dump() == {"who": "loser", "points": 3} and sc.passing.model_dump() == value


def test_cards_given_back_by_someone_without_the_title_is_a_problem():
    text = TITLES.format(title="boss", loser="serf", passing="After cards are dealt for a new round the serf must give the boss "
                         "their two highest cards, and the judge gives back any two cards in exchange.")
    assert any("judge" in p.message for p in import_book(text).games[0].problems)


def test_a_final_play_of_the_lowest_rank():
    text = TITLES.format(title="boss", loser="serf", passing="").replace(
        "When a player empties their hand, they win and become boss, scoring 2 points. The single player (if any) with the most "
        "cards left in their hand is the serf, who loses 1 point. If the goat was revealed at the start of the hand, the serf "
        "scores 3 points.\nThe boss starts the next round. \n",
        "The first player to empty their hand wins the round. The winner gains points equal to the scores of the cards remaining "
        "in their opponents' hands, as follows:\nIf the final play of the round included only Aces, these points are doubled.\n")
    g = read(text)
    assert g.spec.scoring.low_finish_double and g.spec.scoring.values.pig == 5 and "card-values-lost" in kinds(g)
    wrong = import_book(text.replace("included only Aces", "included only Kings")).games[0]
    assert any("lowest rank" in p.message for p in wrong.problems)


CHEAT = """\
Fibbing Parva is a sneaky French matching game for three to six players where players may lie about their cards. It uses a standard 52 card pack. Cards rank K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A.
Each player is dealt seven cards.
{piles}; when every player has seen {it}, turn {it} face-down. Undealt cards form the stock.
The player to the dealer's left takes the first turn.
Each player in turn plays a card to {pile} face-down, announcing what they are claiming the card to be. The player may (and if no legal play is available to them must) lie about this. The card a player claims to be playing must match{match} the suit or rank of the top card of {top} (for example, the 4 of diamonds can be followed by a 4 of any suit, or any diamond).
Some cards may have special effects when a player claims to play them. These are as follows:-
Any player may challenge a play they believe to be a lie, by shouting {shout} The play is revealed: if the player was lying they must pick up {pile} into their hand, and if the challenger was mistaken, they must pick it up instead - either way play continues from the challenged player's left{reversed}. An unchallenged play continues with everyone acting as if the claimed card had truly been played. If the claimed card has a special ability and is unchallenged, its ability occurs.
If a card with a special effect is turned up as the first card of {pile}, it has no effect.
The first player to empty their hand wins the round, and scores a point.
The first player to reach 7 points wins the game. If tied, the tied player who won a round latest in the game wins.
"""


def cheat(word: str = "bunco", two: bool = False, match: str = " match", reversed: str = "", shout: str | None = None) -> str:
    piles = TWO_PILES if two else ONE_PILE
    return CHEAT.format(piles=piles["piles"][:-1], it="them" if two else "it", pile=piles["pile"], top=piles["top"],
                        match=match, reversed=reversed, shout=shout or f'"{word}!"')


@pytest.mark.parametrize("word", CHALLENGE_WORDS)
def test_cheat_mode_with_any_challenge_word(word):
    g = read(cheat(word))
    p = g.spec.play
    assert p.cheat.model_dump() == {"word": word} and p.effects == [] and g.spec.deal.stock.discard_piles == 1
    assert {"match-match", "nothing-to-match", "special-cards-lost"} <= kinds(g)
    assert not any(k.startswith("unlisted-") for k in kinds(g))


def test_cheat_mode_with_two_piles_and_a_reverse_card_revealed():
    g = read(cheat("spoof", two=True, match="", reversed=" (or right, if play is reversed)", shout="“spoof!”"))
    assert g.spec.deal.stock.discard_piles == 2 and g.spec.play.cheat.word == "spoof"
    assert "reverse-effect-lost" in kinds(g) and "match-match" not in kinds(g)


def test_a_new_challenge_word_is_kept_and_listed():
    g = read(cheat("humbug"))
    assert g.spec.play.cheat.word == "humbug" and "unlisted-challenge word" in kinds(g)


def test_cheat_mode_sentences_in_a_face_up_game_are_problems():
    g = import_book(normal(header="Some cards may have special effects when a player claims to play them.").replace(
        " when played. These", " These")).games[0]
    assert any("claims" in p.message for p in g.problems)
    text = cheat().replace("; when every player has seen it, turn it face-down", "")
    g = read(text)
    assert "cheat-pile-face-up" in kinds(g)
    bad = import_book(text.replace("Undealt cards form the stock.", "Undealt cards form the stock.\nIf a player cannot or does "
                                   "not want to play a card, they pass their turn and draw a card from the stock.")).games[0]
    assert any("cheat mode" in p.message for p in bad.problems)


def test_the_intro_points_fact_is_listed_not_invented():
    text = normal().replace("an enjoyable matching game for two to five players, played with a standard 52 card pack.",
                            "an enjoyable matching game for two to five players where points can be scored during the hand. It "
                            "uses a standard 52 card pack.")
    g = read(text)
    assert "points-effect-lost" in kinds(g) and g.spec.play.effects == [] and g.spec.naming.fact is None


# -- the command --------------------------------------------------------------------------------------


def _unread() -> str:
    """A book whose one game has a sentence no rule reads."""
    return normal().replace("If tied, play", "Everyone sings. If tied, play")


def test_an_unread_matching_sentence_stops_the_import(tmp_path):
    unread_sentence_stops_the_import(tmp_path, _unread(), "Nether Match")


@needs_checks
def test_lenient_imports_the_rest(tmp_path):
    lenient_imports_the_rest(tmp_path, _unread(), "nether-match.yaml")


# -- the word lists, drawn together -------------------------------------------------------------------

PLURAL = {"penny": "pennies", "match": "matches"}


@settings(max_examples=budget(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(word=st.sampled_from(CHALLENGE_WORDS), two=st.booleans(), call=st.sampled_from(["Nether", "Last", "Mau", "Niche"]),
       cur=st.sampled_from(CURRENCIES), seat=st.sampled_from(["The dealer", "The player to the dealer's left"]),
       opening=st.sampled_from(["has no effect", "is treated as if the dealer had played it"]))
def test_any_words_of_the_lists_are_read_into_the_spec(word, two, call, cur, seat, opening):
    """Whatever the generator drew from its word lists, the game is read with no problem, and the
    words are what the spec holds."""
    g = read(cheat(word, two=two))
    assert (g.spec.play.cheat.word, g.spec.deal.stock.discard_piles) == (word, 2 if two else 1)
    piles = TWO_PILES if two else ONE_PILE
    plural = PLURAL.get(cur, cur + "s")
    text = normal(**piles, call=f'"{call}"', seat=seat, opening=opening).replace(
        "Each player is dealt seven cards.", f"Each player starts with five {plural}. Each round, deal each player as many cards "
        f"as they have {plural}.").replace(
        "The first player to empty their hand wins the round, and scores a point.\nThe first player to reach 5 points wins the "
        "game. If tied, play an extra round.", f"The first player to empty their hand wins the round, and discards one of their "
        f"{plural}.\nThe first player to get rid of all their {plural} is the winner.")
    g = read(text)
    assert (g.spec.deal.tokens.name, g.spec.play.call, g.spec.deal.stock.discard_piles) == (cur, call, 2 if two else 1)
    assert g.spec.play.first_turn == ("dealer" if seat == "The dealer" else "dealer-left")
