"""`parlour import` for the melding family: every melding game of the shared book read with no
sentence left over into a valid spec, the book's defects listed per game (the lost turn list first of
all), what the other sentences reveal of the lost turn (deserting, rearranging, the kitty) used, and
each sentence form of the catalogue read in the general phrasing (other seats, modes, wild ranks, desert
verbs, full-house names, piles, penalties) — made-up games, no key on names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.importer import import_book
from generator.families.melding.importer import DESERT_ADJECTIVES, DESERT_VERBS, FULL_HOUSE_NAMES, REARRANGE_ADJECTIVES
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

#: The static checks of melding are another layer's; judged here once they are on the branch.
needs_checks = needs_checks_of("melding")

REARRANGING = {"Heerstedt", "Hummersknott", "Jardin aromatique", "Kirnitzschtal", "Osgodby", "Sarisbury Green", "Swingfield",
               "Trethurgy"}
DESERTING = {"Ahlbeck", "Albaron", "Kirnitzschtal"}
ONE_ACTION = {"Jardin aromatique", "Löwitz", "Osgodby"}


@pytest.fixture(scope="module")
def melding():
    return book_games("melding")


def read(text: str):
    """The one game of ``text``, read with no problem."""
    g = import_book(text).games[0]
    assert g.problems == [], [str(p) for p in g.problems]
    return g


def problems(text: str) -> list[str]:
    return [p.message for p in import_book(text).games[0].problems]


# -- the shared book ---------------------------------------------------------------------------------


@needs_book
def test_every_melding_game_imports_with_no_sentence_left_over(melding):
    assert len(melding) == 31
    for name, g in melding.items():
        assert g.problems == [], (name, [str(p) for p in g.problems])
        assert g.status == "repaired", name  # the turn list is lost from every one
        assert isinstance(g.spec, GameSpec) and g.spec.family == "melding"
        assert spec_from_data(g.spec.model_dump(mode="json")) == g.spec
        assert g.spec.deal.stock is not None
        for r in g.repairs:
            assert r.kind in repair_kinds() or r.kind.startswith("unlisted-"), r.kind
            assert r.where is not None or r.kind in ("deal-impossible",), (name, r.kind)


@needs_book
def test_the_books_melding_defects_are_listed_per_game(melding):
    assert with_repair(melding, "turn-list-lost") == set(melding)
    assert with_repair(melding, "fail-to-do") == {"Anville", "Day", "Le Petit-Madieu", "Osgodby", "Tye Green", "Warigny"}
    assert with_repair(melding, "call-word-first-word") == {"Le Petit-Madieu", "Tye Green"}
    # catalogue §2.3: cannot be dealt once the discard card (and the rows) count; a stock of a few cards
    assert with_repair(melding, "deal-impossible") == {"Albaron", "Heerstedt"}
    albaron = next(r.text for r in melding["Albaron"].repairs if r.kind == "deal-impossible")
    assert "6 players (1 short)" in albaron and "discard pile's first card" in albaron  # 9 × 6 + 1 = 55 of 54
    assert with_repair(melding, "tiny-stock") == {"Arlange", "Wilmshagen", "Warigny"}
    assert with_repair(melding, "penalty-inverted") == {"Le Dancourt"}
    assert with_repair(melding, "wilds-past-last-rank") == {"Trethurgy"}
    assert with_repair(melding, "wild-card-rankless") == {"Le Petit-Madieu"}  # a tarot major may be turned
    assert with_repair(melding, "rearranging-revealed") == REARRANGING
    assert with_repair(melding, "desert-revealed") == DESERTING
    assert with_repair(melding, "desert-verb-unknown") == {"Albaron"}  # no "has deserted" sentence
    assert with_repair(melding, "kitty-draw-lost") == {"Löwitz", "Tean"}
    assert with_repair(melding, "pig-meld-game") == {"Tisbury"}
    lost = with_repair(melding, "card-values-lost")
    assert lost == {n for n, g in melding.items() if g.spec.scoring.kind == "card-values"} and len(lost) == 7
    for kind in ("reshuffle-unsaid", "jokers-wild-unsaid", "laws-skip-unsaid", "full-house-wins-game"):
        assert not with_repair(melding, kind), kind


@needs_book
def test_the_specs_say_what_the_book_says(melding):
    spec = {name: g.spec for name, g in melding.items()}
    assert {n for n, s in spec.items() if s.play.one_action} == ONE_ACTION
    assert {n for n, s in spec.items() if s.play.melds.rearrange == "any"} == REARRANGING
    assert all(s.play.lay_off is None and s.play.dump is None for n, s in spec.items() if n in REARRANGING)
    assert {n: s.play.desert for n, s in spec.items() if s.play.desert} == {n: "desert" for n in DESERTING}
    assert {n for n, s in spec.items() if s.play.progressive_wilds} == {"Tean", "Trethurgy"}
    assert (spec["Ahlbeck"].play.first_turn, spec["Arlange"].play.first_turn) == ("dealer-left", "dealer")
    assert spec["Ahlbeck"].scoring.stock_out and spec["Ahlbeck"].ending.condition.kind == "rounds"
    assert spec["Le Dancourt"].play.penalty == 4 and spec["Le Dancourt"].scoring.retire
    tis = spec["Tisbury"]
    assert (tis.play.pig_meld, tis.scoring.pig_cards, tis.setup.pig.name) == (5, 4, "cow")
    assert spec["Londonthorpe"].scoring.round_end == "knock-out"
    assert spec["Warigny"].scoring.round_end == "knock-five" and spec["Warigny"].play.call == "Warigny"
    assert spec["Reihendorf"].deal.stock.discard_piles == 2 and spec["Reihendorf"].deck.run_wrap
    assert spec["La Borne"].deal.stock.wild_card and spec["Le Petit-Madieu"].deal.stock.wild_card
    assert spec["Tean"].play.draw.kitty and spec["Tean"].deal.kitty.name == "pot"
    low = spec["Löwitz"]
    assert low.setup.extra_rules.kind == "bonus" and low.play.draw.kitty and low.deal.kitty.name == "reliquary"
    assert spec["Calas"].scoring.passing.usurper and spec["Calas"].scoring.loser == "bumpkin"
    assert spec["Anville"].deal.tokens.name == "coin" and spec["Anville"].scoring.kind == "countdown"
    assert spec["Heerstedt"].deal.rows and spec["Osgodby"].setup.exchange.name == "redraw"
    assert all(s.play.block is None and s.play.stump is None and not s.play.joker_swap for s in spec.values())


@needs_book
@needs_checks
def test_games_failing_a_static_check_have_the_defect_listed(melding):
    from generator.checks import check_spec

    kept = {"deal-impossible", "tiny-stock", "exchange-never-possible", "over-three-unused", "wilds-past-last-rank",
            "hands-too-small-to-meld"}
    for name, g in melding.items():
        if check_spec(g.spec):
            assert kinds(g) & kept, (name, [p.code for p in check_spec(g.spec)])


# -- each sentence form, in the general phrasing ------------------------------------------------------

GAME = """\
Nether Meld is an {adjective} melding game for {players} players{intro}. Cards rank {ranks}.{jokers}
Each player is dealt seven cards.
{piles} Undealt cards form the stock.{kitty}
{seat} takes the first turn. {header}
{wild}
{reshuffle}
{extra}
{won} {scoring}
The first player to reach 30 points wins the game. If tied, play an extra round.
"""

ONE_PILE = "Deal one card to form a face-up discard pile."
TWO_PILES = "Deal one card to form a face-up discard pile, and another to form a second discard pile."
WILD_CARD = (" Deal another card face-up and place it to one side where players can see it: cards of this rank are "
             "considered to be jokers instead of their usual rank.")
JOKERS = " Include two jokers, one red and one black."
SEQUENCE = "A player's turn consists of the following steps in sequence:"
ONE_ACTION_HEADER = "On their turn a player may take one of the following actions:"


def game(**over: str) -> str:
    words = {"adjective": "enjoyable", "players": "two to four", "intro": ", played with a standard 52 card pack",
             "ranks": "K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A", "jokers": "", "piles": ONE_PILE, "kitty": "",
             "seat": "The dealer", "header": SEQUENCE, "wild": "",
             "reshuffle": "If the stock runs out, shuffle the discard pile to form a new stock.", "extra": "",
             "won": "The first player to empty their hand wins the round.",
             "scoring": "They gain points equal to the total number of cards remaining in their opponents' hands."}
    words.update(over)
    return GAME.format(**words)


def fact(text: str) -> str:
    return f" where {text}. It uses a standard 52 card pack"


def test_a_plain_game_has_the_default_turn():
    g = read(game())
    p = g.spec.play
    assert (p.first_turn, p.one_action, p.desert, p.lay_off, p.dump, p.stump, p.block) == ("dealer", False, None, "any", None,
                                                                                           None, None)
    assert p.draw.model_dump() == {"stock": "one", "kitty": False, "discard": "top", "melded_first": False,
                                   "meld_drawn": False, "discard_taken": False}
    assert (p.melds.rearrange, p.melds.many, p.melds.runs, p.melds.full_house) == ("none", True, "same-suit", None)
    assert g.spec.deal.stock.model_dump() == {"discard_piles": 1, "wild_card": False}
    assert kinds(g) >= {"turn-list-lost"} and "reshuffle-unsaid" not in kinds(g)
    assert "discard one card" in next(r.text for r in g.repairs if r.kind == "turn-list-lost")


@pytest.mark.parametrize("seat, first", [("The dealer", "dealer"), ("The player to the dealer's left", "dealer-left"),
                                         ("The player to the left of the dealer", "dealer-left")])
@pytest.mark.parametrize("header, one_action", [(SEQUENCE, False), (ONE_ACTION_HEADER, True)])
def test_who_starts_and_the_shape_of_a_turn(seat, first, header, one_action):
    g = read(game(seat=seat, header=header))
    assert (g.spec.play.first_turn, g.spec.play.one_action) == (first, one_action)
    lost = next(r.text for r in g.repairs if r.kind == "turn-list-lost")
    assert header in lost and ("no discard" in lost) == one_action


def test_a_game_with_no_turn_header_or_first_turn_is_a_problem():
    said = problems(game(header=""))
    assert any("in their turn" in m for m in said)
    said = problems(game(seat="The dealer", header="").replace("The dealer takes the first turn. ", ""))
    assert any("first turn" in m for m in said)


def test_two_discard_piles_are_reshuffled_together():
    g = read(game(piles=TWO_PILES, reshuffle="If the stock runs out, shuffle both discard piles to form a new stock."))
    assert g.spec.deal.stock.discard_piles == 2
    assert any("shuffles one discard pile" in m for m in problems(game(piles=TWO_PILES)))
    assert any("shuffles two discard piles" in m for m in problems(
        game(reshuffle="If the stock runs out, shuffle both discard piles to form a new stock.")))
    assert "reshuffle-unsaid" in kinds(read(game(reshuffle="")))


@pytest.mark.parametrize("jokers, piles", [(JOKERS, ONE_PILE), ("", ONE_PILE + WILD_CARD)])
def test_jokers_and_the_wild_rank_are_wild(jokers, piles):
    wild = "The jokers are wild and can be played as any card."
    g = read(game(jokers=jokers, piles=piles, wild=wild))
    assert "jokers-wild-unsaid" not in kinds(g) and g.spec.deal.stock.wild_card == (jokers == "")
    assert "jokers-wild-unsaid" in kinds(read(game(jokers=jokers, piles=piles)))
    assert "wild-card-rankless" not in kinds(g)


def test_a_joker_rule_without_jokers_is_a_problem():
    assert any("no joker" in m for m in problems(game(wild="The jokers are wild and can be played as any card.")))
    assert any("no joker" in m for m in problems(game(wild="A meld may contain at most one joker.")))


def test_the_wild_rank_card_of_a_pack_with_jokers_may_have_no_rank():
    g = read(game(jokers=JOKERS, piles=ONE_PILE + WILD_CARD, wild="The jokers are wild and can be played as any card."))
    assert "wild-card-rankless" in kinds(g)


@pytest.mark.parametrize("sentence, field", [
    ("A player may swap a card from their hand for a joker in a meld, if the meld stays valid.", "joker_swap"),
    ("On their turn, a player may exchange a card from their hand for a joker in any meld on the table, provided the meld "
     "remains valid.", "joker_swap"),
    ("A meld may contain at most one joker.", "one_joker"),
    ("Each meld may hold no more than one joker.", "one_joker"),
])
def test_joker_swap_and_one_joker(sentence, field):
    g = read(game(jokers=JOKERS, wild="The jokers are wild and can be played as any card. " + sentence))
    assert getattr(g.spec.play, field) is True


def test_a_jokers_value_changed_when_rearranging_reveals_rearranging():
    g = read(game(jokers=JOKERS, wild="The jokers are wild and can be played as any card. The value of a joker may be changed "
                                       "when rearranging melds."))
    p = g.spec.play
    assert (p.melds.rearrange, p.lay_off, p.dump) == ("any", None, None)
    assert "cannot be told" in next(r.text for r in g.repairs if r.kind == "rearranging-revealed")


@pytest.mark.parametrize("ranks, wilds", [
    ("K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A", ("Aces", "2s", "3s")),
    ("A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2", ("2s", "3s", "4s")),
    ("2, A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3", ("3s", "4s", "5s")),
])
def test_progressive_wilds_go_up_from_the_lowest_rank(ranks, wilds):
    first, second, third = wilds
    text = game(ranks=ranks, wild=f"In the first hand {first} are wild and can be played as any card. In the second hand "
                f"{second} are wild, in the third {third}, and so on.")
    if ranks.startswith("2,"):
        text = text.replace("Cards rank 2,", "2s are higher than Aces: cards rank 2,")
    g = read(text)
    assert g.spec.play.progressive_wilds
    # a game to a points target may last any number of hands: past the top rank the count starts again
    assert "wilds-past-last-rank" in kinds(g)
    shrinking = read(text.replace("The first player to reach 30 points wins the game. If tied, play an extra round.",
                                  "Each successive hand is played with one fewer card, down to just one card each, after "
                                  "which hand the game ends.\nThe highest-scoring player wins. If tied, play an extra round."))
    assert "wilds-past-last-rank" not in kinds(shrinking)


def test_progressive_wilds_in_the_wrong_order_or_with_jokers_are_problems():
    wrong = "In the first hand 2s are wild and can be played as any card. In the second hand 3s are wild, in the third 4s, and so on."
    assert any("from the lowest up" in m for m in problems(game(wild=wrong)))
    right = wrong.replace("2s", "Aces", 1).replace("3s", "2s", 1).replace("4s", "3s")
    assert any("jokers" in m for m in problems(game(wild=right, jokers=JOKERS)))
    assert any("after it" in m for m in problems(game(wild=right.split(". ")[0] + ".")))


@pytest.mark.parametrize("n, cards", [("three", 3), ("four", 4)])
def test_the_rearranging_penalty_is_read_as_the_penalty_for_an_invalid_meld(n, cards):
    penalty = (f"If a player begins to rearrange melds but is unable to complete them, they must take back the cards they "
               f"played, plus an additional {n} penalty cards.")
    g = read(game(extra=penalty))
    assert g.spec.play.penalty == cards and "penalty-inverted" in kinds(g)
    assert any("rearranges them" in m for m in problems(game(extra=penalty, intro=fact("melds can be rearranged"))))


@pytest.mark.parametrize("adjective", REARRANGE_ADJECTIVES)
def test_a_rearranging_adjective_reveals_rearranging(adjective):
    g = read(game(adjective=adjective).replace(" is an ", " is an " if adjective[0] in "aeiou" else " is a "))
    assert g.spec.play.melds.rearrange == "any" and g.spec.play.lay_off is None
    assert adjective in next(r.text for r in g.repairs if r.kind == "rearranging-revealed")


@pytest.mark.parametrize("past, verb", list(DESERT_VERBS.items()))
def test_the_desert_verb_comes_from_its_past_tense(past, verb):
    g = read(game(won=f"The first player to empty their hand wins the round. Alternatively, if all but one player has {past}, "
                      "the hand ends immediately with the remaining player as the winner."))
    assert g.spec.play.desert == verb and "desert-revealed" in kinds(g) and "desert-verb-unknown" not in kinds(g)


@pytest.mark.parametrize("adjective", DESERT_ADJECTIVES)
def test_a_desert_fact_or_adjective_keeps_the_specs_word(adjective):
    g = read(game(adjective=adjective, intro=fact("players can opt to drop out early")).replace(" is an ", " is a "))
    assert g.spec.play.desert == "desert" and {"desert-revealed", "desert-verb-unknown"} <= kinds(g)
    assert g.spec.naming.fact == "desert" and "fact-no-key" not in kinds(g)
    g = read(game(intro=fact("players can opt to drop out early")))
    assert g.spec.play.desert == "desert"


def test_an_unlisted_desert_verb_is_kept_and_listed():
    g = read(game(won="The first player to empty their hand wins the round. Alternatively, if all but one player has folded, "
                      "the hand ends immediately with the remaining player as the winner."))
    assert g.spec.play.desert == "fold" and "unlisted-desert verb" in kinds(g)


@pytest.mark.parametrize("name", FULL_HOUSE_NAMES)
def test_the_full_house_by_any_name(name):
    article = "An" if name[0] in "aeiou" else "A"
    extra = (f'{article} "{name}" (three of one rank and two of another) is a valid meld. Playing {article.lower()} {name} '
             "removes it from the game, and the player discards the rest of their hand.")
    g = read(game(extra=extra))
    assert g.spec.play.melds.full_house == name and "full-house-out-unsaid" not in kinds(g)
    assert not any(k.startswith("unlisted-") for k in kinds(g))


def test_the_full_house_fact_alone_gives_a_full_house_that_wins_the_hand():
    g = read(game(intro=fact("a full house wins the game")))
    assert g.spec.play.melds.full_house == "full house"
    assert {"full-house-from-fact", "full-house-wins-game"} <= kinds(g)
    said = problems(game(extra="Playing a nonpareil removes it from the game, and the player discards the rest of their hand."))
    assert any("nonpareil" in m for m in said)


@pytest.mark.parametrize("header, ending, fine", [(ONE_ACTION_HEADER, "pass their turn", True),
                                                  (SEQUENCE, "skip that step", True),
                                                  (SEQUENCE, "pass their turn", False)])
def test_invented_laws_skip_a_step_or_pass_the_turn(header, ending, fine):
    laws = ('After the first hand of the game, players may have to obey additional occult edicts. (An occult edict can be a '
            'constraint on card play, such as "cannot play a meld that lacks a spade" or "can\'t discard a 7", or a bonus '
            'ability, eg. "after playing a meld with a King in it, take another turn".)')
    text = game(header=header, extra=f"If the occult edicts mean that a player has no valid play open to them, they must "
                f"{ending}.").replace("Each player is dealt seven cards.", "Each player is dealt seven cards.\n" + laws).replace(
        "They gain points", "The winner of the round may invent an occult edict to apply to all future rounds. They gain points")
    text = text.replace("The winner of the round may invent an occult edict to apply to all future rounds. They gain points "
                        "equal to the total number of cards remaining in their opponents' hands.",
                        "They gain points equal to the total number of cards remaining in their opponents' hands.\nThe winner "
                        "of the round may invent an occult edict to apply to all future rounds. New occult edicts exist "
                        "alongside older ones.")
    g = import_book(text).games[0]
    assert (g.problems == []) == fine, [str(p) for p in g.problems]
    assert g.spec.setup.extra_rules.name == "occult edict"
    if fine:
        assert "laws-skip-unsaid" not in kinds(g)


def test_knock_on_going_out():
    knock = ("When a player empties their hand, they knock. Each other player may take one more turn, then the round ends with "
             "the knocking player as its winner.")
    g = read(game(won=knock, scoring="The winner gains points equal to the scores of the cards remaining in their opponents' "
                                     "hands, as follows:"))
    assert (g.spec.scoring.round_end, g.spec.scoring.kind) == ("knock-out", "card-values")
    half = problems(game(won="The first player to empty their hand wins the round. When a player empties their hand, they "
                             "knock."))
    assert any("one more turn" in m for m in half)


@pytest.mark.parametrize("what, listed", [("game", True), ("hand", False)])
def test_the_pig_left_in_a_meld(what, listed):
    pig = "A player who holds the 4 of hearts (the goat) may choose to reveal it at this point."
    text = game(intro=fact('players must keep track of "the goat"'), seat=f"{pig}\nThe dealer",
                scoring=f"They gain points equal to the total number of cards remaining in their opponents' hands. The goat "
                f"counts as if it were three cards for scoring. If the goat ended the {what} in a meld and a player revealed it "
                "at the start of the hand, that player gains 10 points.")
    g = read(text)
    assert (g.spec.play.pig_meld, g.spec.scoring.pig_cards, g.spec.naming.fact) == (10, 3, "pig")
    assert ("pig-meld-game" in kinds(g)) == listed
    assert any("called that" in m for m in problems(text.replace("If the goat ended", "If the sheep ended")))


def test_a_kitty_may_be_drawn_from():
    g = read(game(kitty=' Deal four cards to form a face-down "crate".'))
    assert g.spec.play.draw.kitty and "kitty-draw-lost" in kinds(g)


def test_calling_rows_tokens_and_the_usurper():
    text = game(players="three to five", extra='If a player has only one card in their hand they must call "Nether". (If '
                'they fail to do before the next player starts their turn, they must draw a card.)\nIf you have no cards in '
                "your hand, you may play cards from your face-up row (and if the face-up ones have been played, the face-down "
                "ones) as if they were in your hand. Face-down cards are played blind: if their play is invalid, you must put "
                "the card back where you played it from, and pass your turn.").replace(
        "Undealt cards form the stock.", "Undealt cards form the stock. Deal each player a row of three face-down cards: for "
        "each of these cards deal another card face-up on top of it.").replace(
        "Each player is dealt seven cards.", "Each player starts with six tokens. Each round, deal each player as many cards "
        "as they have tokens.").replace(
        "The first player to empty their hand wins the round. They gain points equal to the total number of cards remaining in "
        "their opponents' hands.\nThe first player to reach 30 points wins the game. If tied, play an extra round.",
        "The first player to play out their face-down cards wins the round, and discards one of their tokens.\nThe first "
        "player to get rid of all their tokens is the winner.")
    g = read(text)
    s = g.spec
    assert (s.play.call, s.deal.rows, s.deal.tokens.name, s.scoring.kind) == ("Nether", True, "token", "countdown")
    assert {"fail-to-do", "call-word-first-word"} <= kinds(g)
    titles = game(won="When a player empties their hand, they win and become boss, scoring 2 points. The single player (if "
                      "any) with the most cards left in their hand is the serf, who loses 1 point.",
                  scoring="\nThe boss starts the next round. The serf gathers and deals all cards for the next round. If any "
                  "other player picks up the play pile or attempts to deal, they automatically become the serf for the next "
                  "round.")
    sc = read(titles).spec.scoring
    assert (sc.kind, sc.title, sc.loser, sc.passing.kind, sc.passing.usurper) == ("titles", "boss", "serf", "loser-deals", True)


def test_trick_scoring_in_a_melding_game_is_a_problem():
    text = game(won="When all tricks have been played each player scores 1 point per trick won.", scoring="")
    assert any("going out" in m for m in problems(text))


# -- the command --------------------------------------------------------------------------------------


def _unread() -> str:
    """A book whose one game has a sentence no rule reads."""
    return game().replace("If tied, play", "Everyone sings. If tied, play")


def test_an_unread_melding_sentence_stops_the_import(tmp_path):
    unread_sentence_stops_the_import(tmp_path, _unread(), "Nether Meld")


@needs_checks
def test_lenient_imports_the_rest(tmp_path):
    lenient_imports_the_rest(tmp_path, _unread(), "nether-meld.yaml")


# -- the word lists, drawn together -------------------------------------------------------------------


@settings(max_examples=budget(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(past=st.sampled_from(sorted(DESERT_VERBS)), name=st.sampled_from(FULL_HOUSE_NAMES), two=st.booleans(),
       header=st.sampled_from([SEQUENCE, ONE_ACTION_HEADER]), seat=st.sampled_from(["The dealer", "The player to the dealer's left"]),
       penalty=st.sampled_from(["three", "four", None]), wild=st.booleans())
def test_any_words_of_the_lists_are_read_into_the_spec(past, name, two, header, seat, penalty, wild):
    """Whatever the generator drew from its word lists, the game is read with no problem, and the
    words are what the spec holds."""
    extra = f'A "{name}" (three of one rank and two of another) is a valid meld.'
    if penalty:
        extra += (" If a player begins to rearrange melds but is unable to complete them, they must take back the cards they "
                  f"played, plus an additional {penalty} penalty cards.")
    g = read(game(piles=(TWO_PILES if two else ONE_PILE) + (WILD_CARD if wild else ""), header=header, seat=seat,
                  wild="The jokers are wild and can be played as any card." if wild else "",
                  reshuffle=f"If the stock runs out, shuffle {'both discard piles' if two else 'the discard pile'} to form a new "
                  "stock.", extra=extra,
                  won="The first player to empty their hand wins the round. Alternatively, if all but one player has "
                  f"{past}, the hand ends immediately with the remaining player as the winner."))
    p = g.spec.play
    assert (p.desert, p.melds.full_house, p.one_action) == (DESERT_VERBS[past], name, header == ONE_ACTION_HEADER)
    assert p.first_turn == ("dealer" if seat == "The dealer" else "dealer-left")
    assert (p.penalty, g.spec.deal.stock.discard_piles, g.spec.deal.stock.wild_card) == (
        {"three": 3, "four": 4, None: None}[penalty], 2 if two else 1, wild)
