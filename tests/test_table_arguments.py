"""Issue 35, group 2: rules a table would argue about, each now stated once and plainly, and played
by the engine as stated: transparent cards, runs of other suits, a copying card laid on a copying
card, the emptied pile, a card drawn after passing, a wild joker played as a card of the avoided
suit, and "leader" (a title in shedding games, never the player who leads a trick)."""

from __future__ import annotations

import re

import tests.test_engine_climbing as climb
import tests.test_engine_matching as matching
from generator.engine import Game
from generator.engine.actions import WILD_BASE
from generator.families.matching.engine.effects import firing
from generator.text.parse import parse_markdown
from generator.text.render import render_markdown
from tests.conftest import make_spec


def _round_trip(spec) -> str:
    text = render_markdown(spec)
    assert parse_markdown(text).rules() == spec.rules()
    return text


def test_transparent_cards_can_be_laid_on_what_they_copy_and_the_rules_say_so() -> None:
    s = climb.spec(play={"transparent": {"rank": "2", "word": "clear"}})
    text = _round_trip(s)
    assert "Cards of equal rank never beat each other, except as the rules below say." in text
    assert ("Twos are *clear*: Twos laid on a single card or a set count as cards of its rank, and beat it when "
            "they are as many, though of the same rank") in text
    game, st = climb.started(s)
    t = game.table
    climb.set_hands(st, t, [["9 of hearts", "3 of clubs"], ["2 of clubs", "4 of clubs"], ["5 of clubs"], ["6 of clubs"]])
    st.current, st._legal = 0, None
    st.apply_action(climb.mask(t, "9 of hearts"))
    assert climb.mask(t, "2 of clubs") in st.legal_actions()     # a Two copies the Nine and is laid on it
    st.apply_action(climb.mask(t, "2 of clubs"))
    assert st.to_beat.level == game.phase(climb.Climb).rules.level[t.index("9 of hearts")]   # still a Nine to beat


def test_a_run_beats_a_run_whatever_their_suits() -> None:
    s = climb.spec(play={"leads": "runs", "runs": "same-suit"})
    assert "its suits need not match those of the run it beats." in _round_trip(s)
    r, t = climb.rules_of(s)
    assert climb.beats(r, t, ["6 of hearts", "7 of hearts", "8 of hearts"], ["5 of clubs", "6 of clubs", "7 of clubs"])


def test_a_copying_card_laid_on_a_copying_card_fires_nothing() -> None:
    s = matching.spec(play={"effects": [{"rank": "J", "kind": "copycat"}, {"rank": "5", "kind": "skip"}]})
    assert "laid on a card that itself copies (such as another of its rank), it fires nothing" in _round_trip(s)
    tb = matching.Table(s, hands=("JH 2S", "8C", "4D"), piles=("JC",))
    tb.do("JH")
    assert firing(tb.ph, tb.state) == (-1, None) and tb.turn == (matching.MATCH, 1)   # no one skipped


def test_after_a_card_empties_the_pile_any_card_may_be_played_on_it() -> None:
    s = matching.spec(play={"effects": [{"rank": "3", "kind": "reshuffle"}, {"rank": "9", "kind": "transparent",
                                                                              "word": "glass"}]})
    text = _round_trip(s)
    assert "its player takes another turn, in which any card may be played onto the emptied pile" in text
    assert "laid on an empty pile, it is itself the one to match" in text
    tb = matching.Table(s, hands=("3H 4S 8C", "3C", "4D"), piles=("7H 2H",), stock="")
    tb.do("3H")
    assert tb.state.piles == [[]] and tb.turn == (matching.MATCH, 0) and tb.c("4S") in tb.legal()
    tb = matching.Table(s, hands=("9S 2D", "3C", "4D"), piles=("",))
    tb.do("9S")
    assert tb.top() == ("9", "spades")   # alone on the pile, the glass Nine is the card to match


def test_whether_a_card_drawn_after_passing_may_be_played_is_said_both_ways() -> None:
    kept = matching.spec()
    assert "Their turn then ends: the card drawn may not be played before their next turn." in _round_trip(kept)
    tb = matching.Table(kept, hands=("9S", "3C", "4D"), piles=("7H",), stock="5H 6D")
    tb.do(matching.DRAW)
    assert "5 of hearts" in tb.hand(0) and tb.turn == (matching.MATCH, 1)   # a 5 of hearts matches, but waits
    picked = matching.spec(play={"draw": "pile"})
    assert "Their turn then ends: the cards picked up may not be played before their next turn." in _round_trip(picked)
    played = matching.spec(play={"play_drawn": True})
    text = _round_trip(played)
    assert "If the card drawn can be played, they may play it at once." in text and "Their turn then ends" not in text


def test_a_wild_joker_played_as_a_heart_costs_nothing_as_a_heart() -> None:
    wild = {"deck.jokers": 2, "play.jokers": "wild", "deal.hand_size": 12}
    s = make_spec(**wild, scoring={"kind": "avoid-suit", "suit": "hearts", "per_card": "one", "penalty_card": None,
                                   "bonus_card": None, "joker_loss": None, "shoot_the_moon": None, "doubler": None})
    assert ("A joker is scored as a joker, whatever card it was played as: it is never a heart, and costs nothing."
            in _round_trip(s))
    costs = make_spec(**wild, scoring={"kind": "avoid-suit", "suit": "hearts", "per_card": "one",
                                       "penalty_card": {"card": "Q of spades", "points": 13}, "bonus_card": None,
                                       "joker_loss": 2, "shoot_the_moon": None, "doubler": None})
    assert ("it is never a heart nor any card named in the table below, and costs what the table below says for a "
            "joker.") in _round_trip(costs)
    # The engine: a joker laid as a heart goes to the trick's taker as a joker, and costs no heart's point.
    game = Game(s)
    t = game.table
    st = game.new_initial_state(4, 3)
    laid_as_heart = 0
    while not st.terminal and st.hand_no == 0:
        legal = st.legal_actions()
        as_heart = [a for a in legal if a >= WILD_BASE and t.suit_names[t.suit[(a - WILD_BASE) % 1000]] == "hearts"]
        laid_as_heart += bool(as_heart)
        st.apply_action(as_heart[0] if as_heart else legal[0])
    hand = st.record.hands[0]
    assert laid_as_heart and any("joker" in c for won in hand.won for c in won)   # the record names the cards taken
    for seat, won in enumerate(hand.won):
        assert hand.scores[seat] == -sum(1 for c in won if c.endswith(" of hearts"))


def test_leader_is_only_a_title_in_climbing_rules() -> None:
    s = climb.spec(play={"leads": "runs", "runs": "same-suit"},
                   scoring={"kind": "titles", "title": "leader", "first": 2, "loser": "rube", "loser_penalty": 1})
    text = _round_trip(s)
    assert "To start a trick, the player who leads it plays face up" in text
    assert "That player may also lead a *run*" in text
    # Every sentence of the rules that says "leader" speaks of the title.
    said = [line for line in text.splitlines() if re.search(r"\bleader\b", line)]
    assert said and all("*leader*" in line or "the leader leads" in line or "from leader to" in line for line in said)
