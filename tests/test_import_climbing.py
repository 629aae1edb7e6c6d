"""`parlour import` for the climbing family: every climbing game of the shared book read with no
sentence left over into a valid spec, the book's defects listed per game, and each sentence form of
the catalogue read in the general phrasing (other bomb names, transparent words, currencies,
titles) — made-up games, no key on names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.importer import import_book
from generator.importer.deal import CURRENCIES
from generator.families.climbing.importer import BOMB_NAMES, ROCKET_NAMES, TRANSPARENT_WORDS
from generator.importer.report import repair_kinds
from generator.importer.scoring import LIKELY_VALUES, LOSER_TITLES, VICE_TITLES
from generator.importer.scoring import TITLES as FIRST_TITLES
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

#: The static checks of climbing are another layer's; judged here once they are on the branch.
needs_checks = needs_checks_of("climbing")


@pytest.fixture(scope="module")
def climbing():
    return book_games("climbing")


# -- the shared book ---------------------------------------------------------------------------------


@needs_book
def test_every_climbing_game_imports_with_no_sentence_left_over(climbing):
    assert len(climbing) == 33
    # "hand" for a trick, in every one, is a reading (the spec's), not a repair
    assert {n for n, g in climbing.items() if g.status == "imported"} >= {"Coppingford", "Kunrau", "Wernstedt"}
    for name, g in climbing.items():
        assert g.problems == [], name
        assert g.status in ("imported", "repaired"), name
        assert isinstance(g.spec, GameSpec) and g.spec.family == "climbing"
        assert spec_from_data(g.spec.model_dump(mode="json")) == g.spec
        for r in g.repairs:
            assert r.kind in repair_kinds() or r.kind.startswith("unlisted-"), r.kind


@needs_book
def test_the_books_climbing_defects_are_listed_per_game(climbing):
    """The catalogue's §2 defects of the climbing games in the shared book, each listed where it is."""
    assert with_repair(climbing, "hand-means-trick") == set(climbing)
    assert with_repair(climbing, "beat-example-inverted") == {"Lees", "Ricrange", "Shimpling"}
    assert with_repair(climbing, "run-wrap-without-runs") == {"Lees", "Waldeck", "Whittle-le-Woods"}
    assert with_repair(climbing, "singles-lead-sets-beat") == {"Lees", "Tithby"}
    assert with_repair(climbing, "joker-bomb-precedence") == {"Lower Catesby"}
    assert with_repair(climbing, "rows-never-reached") == {"Heydour", "Lees"}
    assert with_repair(climbing, "stock-out-no-stock") == {"Humbleton"}
    assert with_repair(climbing, "capture-before-collection") == {"Lower Catesby", "Maulds Meaburn", "Waldeck"}
    assert with_repair(climbing, "run-example-majors") == {"Heteborn", "Le Brusc"}
    assert with_repair(climbing, "rank-plural") == {"Prestbury"}
    assert with_repair(climbing, "leader-gone-out") == {"Prestbury"}
    assert with_repair(climbing, "exchange-never-possible") == {"Aston Pigott"}
    assert with_repair(climbing, "deal-impossible") == {"Heydour"}
    lost = with_repair(climbing, "card-values-lost")
    assert lost == {n for n, g in climbing.items() if g.spec.scoring.kind == "card-values"} and len(lost) == 9


@needs_book
def test_the_repaired_specs_say_what_the_readings_say(climbing):
    lees = climbing["Lees"].spec
    assert (lees.play.leads, lees.play.beating, lees.deck.run_wrap, lees.deal.rows) == ("singles", "higher-sets", False, True)
    assert climbing["Sitzmannshaus"].spec.deck.run_wrap and climbing["Angram"].spec.deck.run_wrap
    assert climbing["Humbleton"].spec.scoring.stock_out is False
    lc = climbing["Lower Catesby"].spec.play
    assert (lc.jokers, lc.bomb.name, lc.bomb.rocket, lc.kitty_capture.suit) == ("top", "shell", "firework", "diamonds")
    bonese = climbing["Bonese"].spec
    assert (bonese.deal.hand_size, bonese.deal.tokens.name, bonese.scoring.kind) == (11, "penny", "countdown")
    assert bonese.ending.condition.kind == "tokens" and bonese.ending.ties is None
    assert bonese.play.collection == "trick"
    mol = climbing["Molmerswende"].spec
    assert (mol.play.opening_leader, mol.scoring.kind, mol.scoring.round_end) == ("landlord", "landlord-stake", "knock-five")
    assert mol.setup.extra_rules.name == "bonus rule"
    p = climbing["Prestbury"].spec.scoring
    assert (p.kind, p.title, p.first, p.loser, p.loser_penalty, p.retire, p.passing.kind) == \
        ("titles", "leader", 3, "rube", 1, True, "loser-deals")
    kayna = climbing["Kayna"].spec.scoring.values
    assert (kayna.jokers, kayna.faces, kayna.aces, kayna.pig, kayna.numbers) == (10, None, 1, 5, "pips")
    assert climbing["Tithby"].spec.scoring.model_dump()["losers_lose"] is True
    butz = climbing["Butz"].spec.scoring
    assert (butz.kind, butz.suit, butz.bonus_card.nickname) == ("avoid-suit", "hearts", "Pat")
    assert climbing["Cliffe Woods"].spec.play.bomb.name == "bolt"
    assert climbing["Cliffe Woods"].spec.play.transparent.model_dump() == {"rank": "5", "word": "transparent"}
    assert climbing["Angram"].spec.play.transparent.word == "invisible"
    assert climbing["Montoute"].spec.scoring.beyond == 6


@needs_book
@needs_checks
def test_games_failing_a_static_check_have_the_defect_listed(climbing):
    from generator.checks import check_spec

    kept = {"deal-impossible", "exchange-never-possible", "rows-never-reached", "two-player-rule-unused",
            "over-three-unused"}
    for name, g in climbing.items():
        if check_spec(g.spec):
            assert kinds(g) & kept, (name, [p.code for p in check_spec(g.spec)])


# -- each sentence form, in the general phrasing ------------------------------------------------------

BOMBS = """\
Nether Climb is an amusing English climbing game for two to four players where powerful "{bomb}s" can defeat weaker plays. It uses a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2. Include two jokers, one red and one black.
Each player is dealt seven cards.
Deal four cards to form a face-down "stash".
The player to the dealer's left may lead any single card, or set of cards of equal rank (eg. four Kings), or run of three or more cards across any suits (eg. Jack of hearts, Queen of clubs, King of spades).
Each player in turn must either pass or play a card or set of cards which beats the previous play. A single card is beaten by a higher single card, by any run, or by any pair, triple or quartet set (even if the set's rank is lower). A set is beaten by a set of the same size with higher ranks, or a larger set of any rank. (For example, 9-9 can be beaten by 4-4-4.) Runs are beaten by runs of the same size, starting at a higher rank.
The jokers are wild and can be played as any card. A set containing a joker is beaten by the same set without one (eg. 7-joker is beaten by 7-7).
A single card can be beaten by a card of the same rank in the opposite colour suit. Four cards of the same rank are a {bomb}, and can be played at any time to beat anything except a {rocket} or a higher-ranking {bomb}. A pair of jokers is a {rocket}, which beats all other plays and cannot be beaten.
{plural} are {word}: after you play {article} {one} or a set of {plural}, they are counted as copies of the card beneath them. If there is no card beneath it, it counts as {article} {one}.
The first time a player wins a trick which contains the 3 of clubs (the Ozzy), they also take the stash as if it were a separate, won trick.
In a two-player game, the trick continues until a player passes. With more, it continues until all but one player has passed in sequence. (Once a player has passed during a trick they cannot rejoin it.) When this happens, the player who played the final card takes the pile of played cards as a trick, and leads the next.
When a player plays their last card, the round ends immediately (the final trick being discarded with no winner) and each player scores 1 point per trick won beyond the second.
The first player to reach 20 points wins the game. If tied, play an extra round.
"""


@pytest.mark.parametrize("bomb", BOMB_NAMES)
def test_bombs_rockets_and_wild_jokers(bomb):
    rocket = ROCKET_NAMES[BOMB_NAMES.index(bomb) % len(ROCKET_NAMES)]
    g = import_book(BOMBS.format(bomb=bomb, rocket=rocket, plural="Eights", word="glass", article="an", one="8")).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    p = g.spec.play
    assert (p.opening_leader, p.leads, p.runs, p.beating) == ("dealer-left", "runs", "any-suit", "sets-crush")
    assert (p.jokers, p.natural_beats_joker, p.colour_match) == ("wild", True, True)
    assert p.bomb.model_dump() == {"name": bomb, "rocket": rocket}
    assert p.transparent.model_dump() == {"rank": "8", "word": "glass"}
    assert (p.trick_end, p.rejoin, p.collection) == ("all-passed", False, "trick")
    assert p.kitty_capture.model_dump() == {"card": "3 of clubs", "nickname": "Ozzy", "suit": None}
    assert g.spec.scoring.beyond == 2
    assert "hand-means-trick" not in kinds(g)  # this book says "trick"
    assert "beat-example-inverted" not in kinds(g)  # a larger set of any rank beats, as the example says


@pytest.mark.parametrize("plural, one, article", [("Twos", "2", "a"), ("Aces", "Ace", "an"), ("Queens", "Queen", "a"),
                                                  ("10s", "10", "a")])
@pytest.mark.parametrize("word", TRANSPARENT_WORDS)
def test_transparent_cards_by_any_word_and_rank(plural, one, article, word):
    text = BOMBS.format(bomb="bomb", rocket="rocket", plural=plural, word=word, article=article, one=one)
    g = import_book(text).games[0]
    assert g.problems == []
    assert g.spec.play.transparent.word == word and g.spec.play.transparent.rank in ("2", "A", "Q", "10")


def test_a_bomb_the_intro_names_otherwise_is_a_problem():
    text = BOMBS.format(bomb="petard", rocket="rocket", plural="Eights", word="glass", article="an", one="8")
    g = import_book(text.replace('powerful "petards"', 'powerful "bolts"')).games[0]
    assert any("bolts" in p.message for p in g.problems)


TOKENS = """\
Klein Climb is a traditional climbing game for three to five players where hand sizes gradually decrease. It uses a standard 52 card pack. Cards rank K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A.
Each player starts with seven {cur}. Each round, deal each player as many cards as they have {cur}.
A player who holds the Queen of spades (the goat) may choose to reveal it at this point.
Whoever has the 7 of hearts plays it to lead the first trick.
Each player in turn must either pass or play a card which beats the previous play. A card is beaten by any card of a higher rank.
The hand continues until a player passes, or until there are as many cards in the middle as there are players. When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads the next trick.
The first player to empty their hand wins the round, and discards one of their {cur}. If the goat was revealed, they discard two.
The first player to get rid of all their {cur} is the winner.
"""


@pytest.mark.parametrize("cur, name", [("pennies", "penny"), ("coins", "coin"), ("counters", "counter"), ("tokens", "token"),
                                       ("poker chips", "poker chip"), ("matches", "match")])
def test_countdown_tokens_in_any_currency(cur, name):
    g = import_book(TOKENS.format(cur=cur)).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    s = g.spec
    assert (s.deal.hand_size, s.deal.tokens.name) == (7, name)
    assert (s.play.opening_leader, s.play.opening_card, s.play.leads, s.play.trick_end) == \
        ("holder", "7 of hearts", "singles", "first-pass")
    assert (s.play.collection, s.scoring.kind, s.ending.condition.kind, s.ending.ties) == ("set-aside", "countdown", "tokens", None)
    assert "pig-winner-unsaid" not in kinds(g) and "hand-means-trick" in kinds(g)


def test_tokens_named_two_ways_are_a_problem():
    text = TOKENS.format(cur="coins").replace("as many cards as they have coins", "as many cards as they have counters")
    assert import_book(text).games[0].problems


TITLES = """\
Titleworth is a lively French climbing game for two to five players where the winners and losers are given titles. It uses a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2. 2s can be counted either high or low in a run, such that 2-3-4 and King-Ace-2 are both valid runs (but Ace-2-3 is not).
Each player is dealt eight cards.
A player who holds the 9 of hearts (the goat) may choose to reveal it at this point.
The dealer starts by leading any single card, or set of cards of equal rank (eg. three 5s), or run of three or more cards of the same suit (eg. King-Ace-2 of clubs).
Each player in turn must either pass or play a card or set of cards which beats the previous play. A single card is beaten by a higher single card, by any run that includes a higher ranked card, or by any set of cards (eg. a pair of Aces) of higher rank. A set is beaten by a set of the same size with higher ranks, or a larger set of a higher rank. (For example, a 4 can be beaten by a 9-9.) Runs are beaten by runs of the same size, starting at a higher rank.
A single 2 can be played at any time, and beats any other play.
In a two-player game, the hand continues until a player passes. With more, it continues until all but one player has passed in sequence. (Otherwise, a player that has passed may still play a card later in the trick.) When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads the next trick.
When a player empties their hand, they retire. Continue playing until one player is left. The first player to retire is the {title} and scores 2 points. The second player to retire is the {vice} and scores 3 points. The last player left is the {loser}, who loses 2 points. If the goat was revealed, the {loser} loses 4 points.
The {vice} starts the next round. After the deal, the {loser} gives the {title} their two highest cards, and the {title} returns any three cards.
The first player to reach 12 points wins the game. If tied, the tied player who won a round latest in the game wins.
"""


@pytest.mark.parametrize("title, vice, loser", [("magnate", "vizier", "clod"), ("emperor", "bishop", "pit dweller"),
                                                ("boss", "assistant", "rube")])
def test_titles_with_a_vice_card_passing_and_a_low_bomb(title, vice, loser):
    g = import_book(TITLES.format(title=title, vice=vice, loser=loser)).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    s = g.spec
    assert s.deck.run_wrap and (s.play.leads, s.play.beating, s.play.low_bomb) == ("runs", "higher-sets", True)
    sc = s.scoring
    assert (sc.title, sc.first, sc.vice, sc.second, sc.loser, sc.loser_penalty, sc.retire) == (title, 2, vice, 3, loser, 2, True)
    assert sc.pig.model_dump() == {"who": "loser", "points": -4} and sc.starter == "vice"
    assert sc.passing.model_dump() == {"kind": "two-cards", "returned": 3, "usurper": False}
    assert s.ending.ties == "latest-winner" and "latest-winner" not in kinds(g)  # a shedding round has a winner
    assert "beat-example-inverted" not in kinds(g) and "leader-gone-out" in kinds(g)


def test_a_low_bomb_that_is_not_the_lowest_rank_is_a_problem():
    text = TITLES.format(title="boss", vice="aide", loser="serf").replace("A single 2 can", "A single 3 can")
    assert any("lowest rank" in p.message for p in import_book(text).games[0].problems)


def test_an_inverted_beating_example_is_read_by_the_rule():
    text = TITLES.format(title="boss", vice="aide", loser="serf").replace("a 4 can be beaten by a 9-9", "a 9 can be beaten by a 4-4")
    g = import_book(text).games[0]
    assert g.problems == [] and "beat-example-inverted" in kinds(g) and g.spec.play.beating == "higher-sets"


VALUES = """\
Valuewick is a classic climbing game for three to four players, played with a tarot deck. Cards rank King, Queen, Knight, Page, 10, 9, 8, 7, 6, 5, 4, 3, 2, A.
Each player is dealt seven cards.
The major arcana is considered to be its own suit.
A player who holds The Tower may choose to reveal it at this point.
Deal four cards to form a face-down "crypt". Starting with the dealer, players bid to become the banker. A bid may be a number from one to four (which must be larger than all previous bids), or a pass. As soon as two consecutive players pass, or a bid of four is made, the highest bidder becomes the banker and takes the crypt into their hand. If all players pass, the hand is redealt.
The banker leads any single card, or set of cards of equal rank (eg. a pair of Pages).
Each player in turn must either pass or play a card or set of cards which beats the previous play. (A player must play if they are able to do so.) A single card is beaten by a higher single card, and a set is beaten by a set of the same size with a higher card rank.
Four cards of the same rank are a dart, and can be played at any time to beat anything except a higher-ranking dart.
The hand continues until all but one player has passed in sequence. (Otherwise, a player that has passed may still play a card later in the trick.) When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads the next trick.
{scoring}
The first player to reach 50 points wins the game. If tied, play an extra round.
"""


def test_the_lost_card_value_table_gets_the_likeliest_values():
    text = VALUES.format(scoring="The first player to empty their hand wins the round. Each other player loses points equal to "
                                 "the cards remaining in their own hand, as follows:").replace(
        "The first player to reach 50 points wins the game", "When a player's score reaches -50 or lower the player with the "
        "highest score wins the game")
    g = import_book(text.replace("Deal four cards to form a face-down \"crypt\". Starting with the dealer, players bid to become "
                                 "the banker. A bid may be a number from one to four (which must be larger than all previous "
                                 "bids), or a pass. As soon as two consecutive players pass, or a bid of four is made, the "
                                 "highest bidder becomes the banker and takes the crypt into their hand. If all players pass, "
                                 "the hand is redealt.\n", "").replace("The banker leads", "The dealer leads")).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    v = g.spec.scoring
    assert (v.kind, v.losers_lose) == ("card-values", True)
    # tarot: majors 5; the pig's likeliest 5 equals the majors' value, so the generator moved it to 10
    assert v.values.model_dump() == {"jokers": None, "majors": LIKELY_VALUES["majors"], "faces": 5, "aces": 1, "pig": 10,
                                     "numbers": "pips"}
    assert "card-values-lost" in kinds(g) and g.spec.play.must_play


def test_the_landlords_stake_doubled_for_bombs():
    stake = ("The first player to empty their hand wins the round. If this is the banker, each opponent must pay them a number "
             "of points equal to the amount of the bid; if the banker loses, then they must pay the bid amount to each opponent. "
             "These payments area doubled for every dart played during the round.")
    g = import_book(VALUES.format(scoring=stake)).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    assert (g.spec.play.opening_leader, g.spec.scoring.kind) == ("landlord", "landlord-stake")
    assert "area-doubled" in kinds(g) and "bomb-doubling-unsaid" not in kinds(g)
    g = import_book(VALUES.format(scoring=stake.replace(" These payments area doubled for every dart played during the "
                                                        "round.", ""))).games[0]
    assert g.problems == [] and "bomb-doubling-unsaid" in kinds(g)


@pytest.mark.parametrize("counts_as", ["counts as if it were", "counts as as it were"])
def test_card_counts_with_the_pig_and_a_knock(counts_as):
    count = ("A player whose hand contains cards whose face values total 5 or less may knock, ending the round immediately with "
             "them as its winner. They gain points equal to the total number of cards remaining in their opponents' hands. The "
             f"Tower (if it was revealed at the start of the hand) {counts_as} three cards.")
    text = VALUES.format(scoring=count)
    text = text.replace(" If this is the banker", "")
    g = import_book(text).games[0]
    s = g.spec.scoring
    assert g.problems == [], [str(p) for p in g.problems]
    assert (s.kind, s.losers_lose, s.pig_cards, s.round_end) == ("card-count", False, 3, "knock-five")
    assert "landlord-payment-unsaid" in kinds(g)
    assert ("counts-as-as" in kinds(g)) == ("as as" in counts_as)


def test_a_shedding_sentence_in_a_game_of_tricks_is_a_problem():
    text = VALUES.format(scoring="The first player to empty their hand wins the round, and scores a point.")
    text = text.replace("When the hand ends, the pile of played cards is set aside face-down and the player who played the "
                        "final card to it leads the next trick.", "When this happens, the player who played the final card "
                        "takes the pile of played cards as a trick, and leads the next.")
    assert any("shedding" in p.message for p in import_book(text).games[0].problems)


# -- the command --------------------------------------------------------------------------------------


def _unread() -> str:
    """A book whose one game has a sentence no rule reads."""
    return TOKENS.format(cur="coins").replace("The first player to get rid", "Everyone sings. The first player to get rid")


def test_an_unread_climbing_sentence_stops_the_import(tmp_path):
    unread_sentence_stops_the_import(tmp_path, _unread(), "Klein Climb")


@needs_checks
def test_lenient_imports_the_rest(tmp_path):
    lenient_imports_the_rest(tmp_path, _unread(), "klein-climb.yaml")


WINNER_ONLY = """\
Firstby is a raucous German climbing game for three to four players where the winners and losers are given titles. It uses a standard 52 card pack. Remove all 7s. Cards rank A, K, Q, J, 10, 9, 8, 6, 5, 4, 3, 2.
Each player is dealt eight cards.
Deal five cards to form a face-down "pit".
The player to the dealer's left starts by leading any single card, or set of cards of equal rank (eg. a pair of Jacks).
Each player in turn must either pass or play a card or set of cards which beats the previous play. A single card is beaten by a higher single card, and a set is beaten by a set of the same size with a higher card rank.
The hand continues until all but one player has passed in sequence. (Otherwise, a player that has passed may still play a card later in the trick.) When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads the next trick.
The first time a heart is set aside, the player takes the pit into their hand.
The first player to empty their hand wins the round, becomes the monarch and scores 3 points, plus one point per card left in the pit. The player with the most cards left is the oaf, who loses 1 point.
{between}
The first player to reach 14 points wins the game. If tied, play an extra round.
"""


@pytest.mark.parametrize("between, passing", [
    ("The oaf gathers and deals all cards for the next round. Anyone else who picks up the pile or tries to deal becomes the "
     "oaf for the next round.", {"kind": "loser-deals", "returned": None, "usurper": True}),
    ("After the deal, the oaf gives the monarch their highest card, and receives any one card back.",
     {"kind": "best-card", "returned": None, "usurper": False}),
    ("After the deal, the oaf gives the monarch their two highest cards, and the monarch returns any two cards.",
     {"kind": "two-cards", "returned": 2, "usurper": False}),
    ("Before anyone looks at their cards, each player reveals the top card of their hand; the monarch swaps hands with the "
     "owner of the highest card.", {"kind": "swap-hands", "returned": None, "usurper": False}),
])
def test_titles_won_by_the_first_out_and_the_rules_between_rounds(between, passing):
    g = import_book(WINNER_ONLY.format(between="The monarch starts the next round. " + between)).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    sc = g.spec.scoring
    assert (sc.title, sc.first, sc.loser, sc.loser_penalty, sc.retire, sc.starter) == ("monarch", 3, "oaf", 1, False, "title")
    assert sc.passing.model_dump() == passing
    capture = g.spec.play.kitty_capture
    assert (capture.suit, capture.card) == ("hearts", None) and "kitty-taker" in kinds(g)
    assert "titles-kitty-unsaid" not in kinds(g)


def test_passing_by_someone_without_the_title_is_a_problem():
    text = WINNER_ONLY.format(between="The serf gathers and deals all cards for the next round.")
    assert any("serf" in p.message for p in import_book(text).games[0].problems)


def test_a_natural_set_beats_one_with_a_joker_by_example_alone():
    text = BOMBS.format(bomb="bomb", rocket="rocket", plural="Eights", word="glass", article="an", one="8").replace(
        "A set containing a joker is beaten by the same set without one (eg. 7-joker is beaten by 7-7).",
        "(For example, 9-joker is beaten by 9-9.)")
    g = import_book(text).games[0]
    assert g.problems == [] and g.spec.play.natural_beats_joker
    wrong = import_book(text.replace("9-joker is beaten by 9-9", "9-joker is beaten by 4-4")).games[0]
    assert wrong.problems


# -- the word lists, drawn together -------------------------------------------------------------------

PLURAL = {"penny": "pennies", "match": "matches"}
RANK_WORDS = [("Twos", "2", "a"), ("Threes", "3", "a"), ("Eights", "8", "an"), ("Jacks", "Jack", "a"), ("Aces", "Ace", "an"),
              ("Sixs", "6", "a"), ("Sixes", "6", "a"), ("9s", "9", "a")]


@settings(max_examples=budget(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bomb=st.sampled_from(BOMB_NAMES), rocket=st.sampled_from(ROCKET_NAMES), word=st.sampled_from(TRANSPARENT_WORDS),
       rank=st.sampled_from(RANK_WORDS), cur=st.sampled_from(CURRENCIES), title=st.sampled_from(FIRST_TITLES),
       vice=st.sampled_from(VICE_TITLES), loser=st.sampled_from(LOSER_TITLES))
def test_any_words_of_the_lists_are_read_into_the_spec(bomb, rocket, word, rank, cur, title, vice, loser):
    """Whatever the generator drew from its word lists, the game is read with no problem, and the
    words are what the spec holds (no repair but the plural "Sixs")."""
    plural, one, article = rank
    g = import_book(BOMBS.format(bomb=bomb, rocket=rocket, plural=plural, word=word, article=article, one=one)).games[0]
    assert g.problems == []
    assert (g.spec.play.bomb.name, g.spec.play.bomb.rocket, g.spec.play.transparent.word) == (bomb, rocket, word)
    assert ("rank-plural" in kinds(g)) == (plural == "Sixs")
    g = import_book(TOKENS.format(cur=PLURAL.get(cur, cur + "s"))).games[0]
    assert g.problems == [] and g.spec.deal.tokens.name == cur
    g = import_book(TITLES.format(title=title, vice=vice, loser=loser)).games[0]
    assert g.problems == [] and not any(k.startswith("unlisted-") for k in kinds(g))
    assert (g.spec.scoring.title, g.spec.scoring.vice, g.spec.scoring.loser) == (title, vice, loser)


def test_a_title_stake_is_read_and_dropped():
    text = VALUES.format(scoring="When a player empties their hand, they retire. Continue playing until one player is left. The "
                                 "first player to retire is the boss and scores 3 points. The last player left is the serf. If "
                                 "the banker became the boss, each opponent must pay them a number of points equal to the amount "
                                 "of the bid; otherwise the banker must pay the bid amount to each opponent.")
    g = import_book(text).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    assert g.spec.scoring.kind == "titles" and g.spec.scoring.loser_penalty == 0
    assert "title-stake-dropped" in kinds(g) and "titles-kitty-unsaid" not in kinds(g)
