"""The melding engine: what a meld is (sets, runs in the printed order with and without the wrap,
jokers), the turn as a sequence of decisions (drawing, melding, laying off, dumping, stumping,
discarding, the called block, deserting, calling), one-action turns, rearranging, the stock's
reshuffle, progressive wilds, the full house, going out and the knock on going out, scoring, and
whole games played by every kind of bot, on hand-written specs covering the melding fields and the
Rummy of the corpus (and on sampled melding specs once the sampler for the family exists)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.bots import make_bot
from generator.engine import Game
from generator.engine.actions import NO, YES
from generator.families.melding.engine.actions import (ACTION_Q, ADD, BLOCK_Q, CALL_Q, DESERT_Q, DISCARD_Q, DRAW_Q,
                                                      DUMP, FULL, KNOCK, LAY_OFF, LAYOFF_Q, MELD, MELD_Q, SHED, STOCK,
                                                      STOP, STUMP, STUMP_Q, SWAP, TAKE)
from generator.families.melding.engine.play import Turn
from generator.families.melding.engine.rules import RUN, SET, SINGLE, MeldRules, bits
from generator.engine.play import play_game
from generator.spec import GameSpec, load_spec
from tests.conftest import budget
from tests.family_helpers import card, cards, merged_data

ROOT = Path(__file__).resolve().parents[1]
RUMMY = ROOT / "corpus" / "real" / "rummy.yaml"

BASE: dict[str, Any] = {
    "naming": {"name": "Test Meld", "country": "en", "adjective": "sociable"},
    "players": {"min": 2, "max": 5},
    "deck": {"kind": "standard", "order": "ace-high", "jokers": 0},
    "deal": {"hand_size": 7, "stock": {"discard_piles": 1}},
    "play": {"family": "melding", "first_turn": "dealer-left"},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 3}, "ties": "latest-winner"},
}


def spec(**over: Any) -> GameSpec:
    return GameSpec.model_validate(merged_data(BASE, over))


class Table:
    """A melding position set up by hand: hands, the discard pile(s), the stock, the melds on the
    table, and the step of the turn of the seat to play."""

    def __init__(self, s: GameSpec, players: int = 3, hands: tuple[str, ...] = (), piles: tuple[str, ...] = ("",),
                 stock: str = "", melds: tuple[tuple[int, str], ...] = (), seat: int = 0, step: str = "start",
                 **fields: Any):
        self.game = Game(s)
        st_ = self.state = self.game.new_initial_state(players, 0)
        t = self.t = self.game.table
        ph = self.ph = self.game.phase(Turn)
        for name, value in Turn.hand_fields.items():
            setattr(st_, name, value(self.game, players) if callable(value) else
                    (type(value)() if isinstance(value, (list, dict)) else value))
        st_.hands = [sorted(cards(t, h)) for h in (list(hands) + [""] * players)[:players]]
        st_.piles = [cards(t, p) for p in piles]
        st_.named = [[ph.rules.natural(c) for c in p] for p in st_.piles]
        st_.stock = cards(t, stock)
        st_.kitty = []
        st_.wild_rank = fields.pop("wild_rank", None)
        wild = ph.rules.wild_mask(st_.wild_rank)
        for owner, m in melds:
            kind, lo, order = ph.rules.arrange(cards(t, m), wild)
            st_.melds.append(order)
            st_.meld_info.append((owner, kind, lo))
        for k, v in fields.items():
            setattr(st_, k, v)
        ph._begin_turn(st_, seat)
        st_.step = step
        st_._legal = None
        ph._go(st_)

    def c(self, short: str) -> int:
        return card(self.t, short)

    def mask(self, shorts: str) -> int:
        return sum(1 << c for c in cards(self.t, shorts))

    def legal(self) -> list[int]:
        self.state._legal = None
        return self.state.legal_actions()

    def do(self, *actions: int | str) -> "Table":
        for a in actions:
            if isinstance(a, str):
                a = self.c(a)
            self.state._legal = None
            self.state.apply_action(a)
        return self

    def hand(self, seat: int) -> set[str]:
        return {self.t.names[c] for c in self.state.hands[seat]}

    def meld_names(self) -> list[list[str]]:
        return [[self.t.names[c] for c in m] for m in self.state.melds]

    @property
    def turn(self) -> tuple[str, int]:
        return self.state.decision, self.state.current


def rules_of(s: GameSpec) -> tuple[MeldRules, Any]:
    g = Game(s)
    return g.phase(Turn).rules, g.table


# -- what a meld is ------------------------------------------------------------------------------------

def test_a_set_is_three_or_more_of_a_rank_each_card_once() -> None:
    r, t = rules_of(spec())
    assert r.arrange(cards(t, "7C 7D 7H"), 0)[0] == SET
    assert r.arrange(cards(t, "7C 7D 7H 7S"), 0)[0] == SET
    assert r.arrange(cards(t, "7C 7D"), 0) is None
    assert r.arrange(cards(t, "7C 7D 8H"), 0) is None


def test_a_run_follows_the_printed_rank_order() -> None:
    r, t = rules_of(spec())   # ace-high: A above K, 2 the lowest
    assert r.arrange(cards(t, "QH KH AH"), 0)[0] == RUN
    assert r.arrange(cards(t, "AH 2H 3H"), 0) is None
    assert r.arrange(cards(t, "5H 6H 8H"), 0) is None
    assert r.arrange(cards(t, "5H 6D 7H"), 0) is None   # same suit
    r, t = rules_of(spec(play={"melds": {"runs": "any-suit"}}))
    assert r.arrange(cards(t, "5H 6D 7H"), 0)[0] == RUN
    r, t = rules_of(spec(deck={"order": "two-over-ace"}))   # 2 above A: K-A-2 runs, A-2-3 does not
    assert r.arrange(cards(t, "KH AH 2H"), 0)[0] == RUN
    assert r.arrange(cards(t, "AH 2H 3H"), 0) is None


def test_the_run_wrap_lets_the_lowest_rank_follow_the_top_at_the_high_end_only() -> None:
    r, t = rules_of(spec(deck={"run_wrap": True}))   # ace-high, 2 lowest: K-A-2 runs, A-2-3 still runs low
    assert r.arrange(cards(t, "KH AH 2H"), 0)[0] == RUN
    assert r.arrange(cards(t, "2H 3H 4H"), 0)[0] == RUN
    assert r.arrange(cards(t, "AH 2H 3H"), 0) is None   # top-low-2nd
    assert r.arrange(cards(t, "QH KH AH 2H"), 0)[1:] == (10, tuple(cards(t, "QH KH AH 2H")))


def test_a_joker_stands_for_a_card_but_a_meld_needs_a_natural_one() -> None:
    s = spec(deck={"jokers": 2})
    r, t = rules_of(s)
    w = r.wild_mask(None)
    kind, lo, order = r.arrange(cards(t, "5H 7H RJ"), w)
    assert kind == RUN and order == tuple(cards(t, "5H RJ 7H"))
    assert r.arrange(cards(t, "5H RJ BJ"), w) is not None
    assert r.arrange(cards(t, "7C 7D RJ"), w)[0] == SET
    r1, t1 = rules_of(spec(deck={"jokers": 2}, play={"one_joker": True}))
    assert r1.arrange(cards(t1, "5H RJ BJ"), r1.wild_mask(None)) is None
    assert r1.arrange(cards(t1, "5H 6H RJ"), r1.wild_mask(None)) is not None


def test_a_single_card_of_the_single_rank_is_a_meld() -> None:
    r, t = rules_of(spec(play={"melds": {"single": "K"}}))
    assert r.arrange(cards(t, "KH"), 0)[0] == SINGLE
    assert r.arrange(cards(t, "QH"), 0) is None


def test_the_melds_a_hand_offers_are_valid_and_bounded() -> None:
    r, t = rules_of(spec(deck={"jokers": 2}))
    hand = cards(t, "3H 4H 5H 6H 7H 9C 9D 9H 9S RJ")
    w = r.wild_mask(None)
    offered = r.hand_melds(hand, w)
    assert offered and all(r.arrange(bits(m), w) is not None for m in offered)
    assert len(offered) == len(set(offered)) < 60
    assert sum(1 << c for c in cards(t, "3H 4H 5H 6H 7H")) in offered
    assert sum(1 << c for c in cards(t, "9C 9D 9H 9S")) in offered


# -- the turn --------------------------------------------------------------------------------------------

def test_a_sequence_turn_draws_melds_lays_off_and_discards() -> None:
    tb = Table(spec(), hands=("5H 6H 7H 9C KD 8S", "2C 3C 4D"), piles=("9D",), stock="QS JS",
               melds=((1, "8C 8D 8H"),))
    assert tb.turn == (DRAW_Q, 0)
    assert set(tb.legal()) == {STOCK + 1, TAKE + 1}
    tb.do(TAKE + 1)
    assert tb.turn == (MELD_Q, 0)
    assert MELD | tb.mask("5H 6H 7H") in tb.legal() and STOP in tb.legal()
    tb.do(MELD | tb.mask("5H 6H 7H"))
    assert tb.turn == (LAYOFF_Q, 0)   # no meld left: the step passes on by itself
    assert set(tb.legal()) == {STOP, LAY_OFF + tb.c("8S")}
    tb.do(LAY_OFF + tb.c("8S"))
    assert tb.turn == (DISCARD_Q, 0)
    tb.do("KD")
    assert tb.turn == (DRAW_Q, 1) and tb.state.piles[0][-1] == tb.c("KD")
    assert tb.hand(0) == {"9 of clubs", "9 of diamonds"}


def test_lay_off_on_any_meld_or_only_ones_own() -> None:
    melds = ((1, "5H 6H 7H"), (0, "9C 9D 9H"))
    tb = Table(spec(), hands=("8H 9S 2C",), melds=melds, step="lay-off")
    assert {LAY_OFF + tb.c("8H"), LAY_OFF + 128 + tb.c("9S")} <= set(tb.legal())
    tb = Table(spec(play={"lay_off": "own"}), hands=("8H 9S 2C",), melds=melds, step="lay-off")
    assert LAY_OFF + tb.c("8H") not in tb.legal() and LAY_OFF + 128 + tb.c("9S") in tb.legal()
    tb.do(LAY_OFF + 128 + tb.c("9S"))
    assert tb.meld_names()[1] == ["9 of clubs", "9 of diamonds", "9 of hearts", "9 of spades"]


def test_the_first_meld_must_be_a_run_with_no_joker() -> None:
    s = spec(deck={"jokers": 1}, play={"melds": {"first_run": True}})
    tb = Table(s, hands=("9C 9D 9H 5S 6S 7S RJ 2C",), step="meld")
    melds = [a for a in tb.legal() if MELD <= a < FULL]
    assert melds == [MELD | tb.mask("5S 6S 7S")]
    tb.do(melds[0])
    assert any(MELD | tb.mask("9C 9D 9H") == a for a in tb.legal())


def test_keep_card_never_melds_or_lays_off_the_last_card() -> None:
    s = spec(play={"melds": {"keep_card": True}})
    tb = Table(s, hands=("5S 6S 7S",), step="meld")
    assert tb.turn != (MELD_Q, 0)   # the only meld would empty the hand: skipped to the discard
    assert tb.turn == (DISCARD_Q, 0)


def test_must_meld_takes_away_the_stop() -> None:
    tb = Table(spec(play={"melds": {"must_meld": True}}), hands=("5S 6S 7S 2C",), step="meld")
    assert STOP not in tb.legal()


def test_no_first_out_on_the_first_turn() -> None:
    tb = Table(spec(play={"melds": {"no_first_out": True}}), hands=("5S 6S 7S",), step="meld")
    assert tb.turn == (DISCARD_Q, 0)
    tb = Table(spec(play={"melds": {"no_first_out": True}}), hands=("5S 6S 7S",), step="meld",
               had_turn=[True, False, False])
    assert tb.turn == (MELD_Q, 0)


def test_one_meld_a_turn_unless_many() -> None:
    s = spec(play={"melds": {"many": False}})
    tb = Table(s, hands=("5S 6S 7S 9C 9D 9H 2C",), step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"))
    assert tb.turn[0] != MELD_Q


def test_going_out_ends_the_hand_and_card_values_score_the_others() -> None:
    s = spec(scoring={"kind": "card-values", "values": {"faces": 10, "aces": 1, "numbers": "pips"}},
             ending={"condition": {"kind": "target", "points": 500}, "ties": "latest-winner"})
    tb = Table(s, hands=("5S 6S 7S 2C 4D", "KD 3C", "AH"), step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"))
    assert tb.turn == (DISCARD_Q, 0)
    tb.do("2C")
    assert tb.state.hand_no == 0 and tb.turn == (DRAW_Q, 1)
    tb = Table(s, hands=("5S 6S 7S 2C", "KD 3C", "AH"), step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"), "2C")   # the last card discarded: out
    assert tb.state.hand_no == 1
    assert tb.state.record.hands[0].scores == [14, 0, 0]


def test_the_knock_on_going_out_gives_everyone_else_one_more_turn() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": True, "round_end": "knock-out"},
             ending={"condition": {"kind": "threshold", "points": 100}, "ties": "latest-winner"})
    tb = Table(s, hands=("5S 6S 7S 2C", "KD 3C", "AH 4H"), stock="QD QC QH", step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"), "2C")
    assert tb.state.hand_no == 0 and tb.state.knocker == 0 and tb.turn == (DRAW_Q, 1)
    tb.do(STOCK + 1, "QD")
    assert tb.turn == (DRAW_Q, 2)
    tb.do(STOCK + 1, "QC")
    assert tb.state.hand_no == 1
    assert tb.state.record.hands[0].scores == [0, -2, -2]


def test_the_stock_is_remade_from_the_whole_discard_pile() -> None:
    tb = Table(spec(), hands=("2C 9D", "3C"), piles=("5H 6D KS",), stock="")
    tb.do(STOCK + 1)
    st_ = tb.state
    assert st_.piles[0] == [] and len(st_.stock) == 2 and len(st_.hands[0]) == 3


def test_stock_out_ends_the_hand_the_second_time() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": True, "stock_out": True},
             ending={"condition": {"kind": "threshold", "points": 100}, "ties": "latest-winner"})
    tb = Table(s, players=2, hands=("2C 9D", "3C"), piles=("5H",), stock="", stock_outs=1)
    tb.do(STOCK + 1)
    assert tb.state.hand_no == 1 and tb.state.record.hands[0].scores == [-2, 0]


def test_a_blocked_hand_is_won_by_the_fewest_cards() -> None:
    s = spec(play={"desert": None}, scoring={"kind": "first-out"})
    tb = Table(s, players=2, hands=("2C 9D 4H", "3C 5D"), piles=("",), stock="")
    # nothing to draw, nothing to lay: each discards… but the discard can be taken. With no
    # discard possible (laws aside) the blocked rule needs every player idle: simulate idle turns
    tb.state.idle = 1
    tb.ph._end_turn(tb.state, 0)
    assert tb.state.hand_no == 1 and tb.state.record.hands[0].scores == [0, 1]


def test_wipe_takes_any_number_of_cards_from_the_top() -> None:
    tb = Table(spec(play={"draw": {"discard": "wipe"}}), hands=("2C",), piles=("5H 6D KS",))
    assert {TAKE + 1, TAKE + 2, TAKE + 3} <= set(tb.legal())
    tb.do(TAKE + 2)
    assert tb.hand(0) == {"2 of clubs", "6 of diamonds", "K of spades"}
    assert tb.state.piles[0] == [tb.c("5H")]


def test_melded_first_bars_the_discard_pile_until_one_has_melded() -> None:
    s = spec(play={"draw": {"melded_first": True}})
    tb = Table(s, hands=("2C",), piles=("5H",))
    assert tb.turn[0] != DRAW_Q or TAKE + 1 not in tb.legal()
    tb = Table(s, hands=("2C",), piles=("5H",), has_melded=[True, False, False])
    assert TAKE + 1 in tb.legal()


def test_meld_drawn_offers_the_take_only_when_it_can_be_melded_and_then_it_must_be() -> None:
    s = spec(play={"draw": {"meld_drawn": True}})
    tb = Table(s, hands=("2C 3D",), piles=("5H",))
    assert tb.turn[0] != DRAW_Q or TAKE + 1 not in tb.legal()
    tb = Table(s, hands=("6H 7H 2C 9S",), piles=("5H",))
    tb.do(TAKE + 1)
    assert tb.turn == (MELD_Q, 0) and STOP not in tb.legal()


def test_the_called_block_and_the_false_call() -> None:
    s = spec(play={"block": "block"})
    tb = Table(s, hands=("8H 2C KD", "4S 5S", ""), melds=((1, "5H 6H 7H"),), step="discard", stock="QC QD")
    tb.do("8H")
    assert tb.turn == (BLOCK_Q, 0)
    tb.do(YES)   # the next player may not take the 8: they draw from the stock
    assert tb.turn == (DRAW_Q, 1) and tb.legal() == [STOCK + 1]
    # a false call: the caller takes a card at random from the next player's hand
    tb = Table(s, hands=("8H 2C KD", "4S 5S", ""), melds=((1, "5H 6H 7H"),), step="discard", stock="QC QD")
    tb.do("KD", YES)
    assert len(tb.state.hands[0]) == 3 and len(tb.state.hands[1]) == 1


def test_deserting_sheds_a_third_of_the_hand_into_the_stock_and_leaves_the_hand() -> None:
    s = spec(play={"desert": "desert"})
    tb = Table(s, hands=("2C 3C 4C 5C 6C 7C", "9H", "9D"), stock="KS", had_turn=[True, True, True])
    assert tb.turn == (DESERT_Q, 0)
    tb.do(YES)
    assert tb.turn == (SHED, 0)
    tb.do("2C", "3C")
    st_ = tb.state
    assert st_.deserted == [0] and len(st_.hands[0]) == 4 and len(st_.stock) == 3
    assert tb.turn == (DESERT_Q, 1)
    tb.do(YES)   # all but one deserted: the last wins the hand
    assert st_.hand_no == 1 and st_.record.hands[0].scores == [0, 0, 1]


def test_dump_moves_a_meld_of_four_beneath_the_top_discard() -> None:
    s = spec(play={"dump": "dump"})
    tb = Table(s, hands=("2C 3D",), piles=("KS",), melds=((1, "9C 9D 9H 9S"), (1, "5H 6H 7H")), step="dump")
    assert set(tb.legal()) == {STOP, DUMP + 0}
    tb.do(DUMP + 0)
    assert tb.state.piles[0][-1] == tb.c("KS") and len(tb.state.piles[0]) == 5 and len(tb.state.melds) == 1


def test_stump_puts_four_of_a_rank_out_of_the_hand() -> None:
    s = spec(play={"stump": "stump"})
    tb = Table(s, hands=("9C 9D 9H 9S 2C 3D",), step="stump")
    assert tb.turn == (STUMP_Q, 0)
    tb.do(STUMP | tb.mask("9C 9D 9H 9S"))
    assert tb.hand(0) == {"2 of clubs", "3 of diamonds"} and len(tb.state.stumped[0]) == 4


def test_a_joker_swap_takes_the_joker_into_the_hand() -> None:
    s = spec(deck={"jokers": 1}, play={"joker_swap": True})
    tb = Table(s, hands=("6H 2C",), melds=((1, "5H RJ 7H"),), step="meld")
    assert SWAP + tb.c("6H") in tb.legal()
    tb.do(SWAP + tb.c("6H"))
    assert tb.meld_names()[0] == ["5 of hearts", "6 of hearts", "7 of hearts"] and "red joker" in tb.hand(0)


def test_the_wild_rank_card_makes_its_rank_jokers() -> None:
    s = spec(deal={"stock": {"discard_piles": 1, "wild_card": True}})
    r, t = rules_of(s)
    wild = r.wild_mask(r.rank_of[card(t, "4C")])
    assert r.arrange(cards(t, "9H 9D 4S"), wild)[0] == SET
    assert r.arrange(cards(t, "4S 4H 4D"), wild) is None   # three jokers: no natural card


def test_progressive_wilds_move_up_a_rank_each_hand_and_wrap() -> None:
    s = spec(play={"progressive_wilds": True}, deck={"order": "ace-high", "removed": []})
    g = Game(s)
    ph = g.phase(Turn)
    seen = []
    state = g.new_initial_state(3, 1)
    for hand in (0, 1, 13):
        state.hand_no = hand
        ph.start(state)
        seen.append(ph.rules.rank_names[state.wild_rank])
    assert seen == ["2", "3", "2"]


def test_a_full_house_takes_its_player_out() -> None:
    s = spec(play={"melds": {"full_house": "full house"}})
    tb = Table(s, hands=("9C 9D 9H 4S 4D 2C KD",), step="meld")
    fh = FULL | tb.mask("9C 9D 9H 4D 4S")
    assert fh in tb.legal()
    tb.do(fh)
    assert tb.state.hand_no == 1 and tb.state.record.hands[0].scores == [1, 0, 0]


def test_rearranging_adds_a_card_by_splitting_the_table_melds() -> None:
    s = spec(play={"lay_off": None, "melds": {"rearrange": "any"}, "one_action": True})
    tb = Table(s, hands=("8H 2C", "3C 4D", "5C 6D"), piles=("2S",), stock="KS QS JS",
               melds=((1, "5H 6H 7H"), (2, "9H 10H JH")))
    assert tb.turn == (ACTION_Q, 0)
    assert ADD + tb.c("8H") in tb.legal()
    tb.do(ADD + tb.c("8H"))
    assert sorted(len(m) for m in tb.state.melds) in ([3, 4], [7])
    assert all(o == 0 for o, _, _ in tb.state.meld_info[-1:])
    assert tb.state.current == 1


def test_one_action_turns_take_one_action_and_no_discard() -> None:
    s = spec(play={"one_action": True})
    tb = Table(s, hands=("5S 6S 7S 2C", "3C 4D", "5C 6D"), piles=("9C",), stock="KD QD")
    assert tb.turn == (ACTION_Q, 0)
    assert STOCK + 1 in tb.legal() and MELD | tb.mask("5S 6S 7S") in tb.legal()
    tb.do(MELD | tb.mask("5S 6S 7S"))
    assert tb.turn == (ACTION_Q, 1) and tb.hand(0) == {"2 of clubs"}


def test_a_player_who_does_not_call_draws_a_card() -> None:
    s = spec(play={"call": "last card"})
    tb = Table(s, hands=("5S 6S 7S 2C 3D", "KD"), stock="QD QC", step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"), "3D")
    assert tb.turn == (CALL_Q, 0)
    tb.do(NO)
    assert len(tb.state.hands[0]) == 2


def test_knock_five() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": True, "round_end": "knock-five"},
             ending={"condition": {"kind": "threshold", "points": 100}, "ties": "latest-winner"})
    tb = Table(s, hands=("2C 3D", "KD 3C"), stock="QD")
    assert KNOCK in tb.legal()
    tb.do(KNOCK)
    assert tb.state.record.hands[0].scores == [0, -2, 0]


def test_the_pig_in_a_meld_scores_for_its_revealer() -> None:
    s = spec(setup={"pig": {"card": "9 of hearts"}}, play={"pig_meld": 5})
    tb = Table(s, hands=("5S 6S 7S 2C",), melds=((1, "9C 9D 9H"),), step="meld", pig_revealed=True, pig_owner=2)
    tb.do(MELD | tb.mask("5S 6S 7S"), "2C")
    assert tb.state.record.hands[0].scores == [2, 0, 5]   # (first-out: one more with a revealed pig)


def test_a_secret_law_takes_the_discard_back() -> None:
    from generator.engine.laws import LawInForce
    from generator.spec.laws import Law

    law = Law("no-lead", rank="K")
    s = spec(setup={"extra_rules": {"kind": "secret", "inventor": "dealer"}})
    tb = Table(s, hands=("KD 2C", "3C"), step="discard", laws=[LawInForce(law, 1, True, {1})])
    tb.do("KD")   # broken: back in hand, and now known: the 2 is the only discard left
    assert "K of diamonds" in tb.hand(0) and tb.turn == (DISCARD_Q, 0) and tb.legal() == [tb.c("2C")]


def test_face_down_rows_come_into_play_when_the_hand_is_empty() -> None:
    s = spec(deal={"hand_size": 7, "stock": {"discard_piles": 1}, "rows": True})
    tb = Table(s, hands=("", "2C 3C"), stock="KS QS", rows_up=[cards_of(s, "5H 6H 7H"), [], []],
               rows_down=[cards_of(s, "9C 9D 9H"), [], []])
    assert tb.hand(0) == {"5 of hearts", "6 of hearts", "7 of hearts"} and tb.state.rows_up[0] == []
    assert set(cards_of(s, "5H 6H 7H")) <= tb.ph.shown(tb.state, 1)   # everyone saw the row
    tb = Table(s, hands=("", "2C 3C"), stock="KS QS", rows_down=[cards_of(s, "9C 9D 9H"), [], []])
    assert tb.turn == ("turn-blind", 0)
    tb.do(tb.legal()[1])
    assert tb.hand(0) == {"9 of diamonds"} and len(tb.state.rows_down[0]) == 2


def cards_of(s: GameSpec, shorts: str) -> list[int]:
    return cards(Game(s).table, shorts)


def test_a_blind_card_that_cannot_be_used_goes_back_in_one_action_turns() -> None:
    s = spec(deal={"hand_size": 7, "stock": {"discard_piles": 1}, "rows": True}, play={"one_action": True})
    tb = Table(s, hands=("", "2C 3C", "4D 5D"), stock="KS QS", piles=("8S",), rows_down=[cards_of(s, "9C"), [], []])
    tb.do(tb.legal()[0])
    assert tb.turn[1] == 1 and tb.state.rows_down[0] == cards_of(s, "9C") and tb.c("9C") in tb.state.revealed


def test_the_kitty_may_be_drawn_from() -> None:
    s = spec(deal={"hand_size": 7, "stock": {"discard_piles": 1}, "kitty": {"form": "dealt", "size": 3}},
             play={"draw": {"kitty": True}})
    tb = Table(s, hands=("2C",), stock="KS", kitty=cards_of(s, "AH 4H"))
    from generator.families.melding.engine.actions import KITTY
    assert KITTY in tb.legal()
    tb.do(KITTY)
    assert tb.hand(0) == {"2 of clubs", "A of hearts"} and tb.state.kitty == cards_of(s, "4H")


def test_two_discard_piles_take_and_discard_on_either() -> None:
    from generator.families.melding.engine.actions import SECOND
    s = spec(deal={"hand_size": 7, "stock": {"discard_piles": 2}})
    tb = Table(s, hands=("2C 9D",), piles=("5H", "KS"), stock="QS")
    assert {STOCK + 1, TAKE + 1, TAKE + 101} <= set(tb.legal())
    tb.do(TAKE + 101, SECOND + tb.c("9D"))
    assert tb.state.piles == [cards_of(s, "5H"), cards_of(s, "9D")]


def test_a_final_meld_of_the_lowest_rank_doubles_the_hand() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": False, "low_finish_double": True},
             ending={"condition": {"kind": "target", "points": 100}, "ties": "latest-winner"})
    tb = Table(s, hands=("2C 2D 2H 9S", "KD 3C"), step="meld")
    tb.do(MELD | tb.mask("2C 2D 2H"), "9S")
    assert tb.state.record.hands[0].scores == [4, 0, 0]


def test_titles_with_retire_play_on_until_one_is_left() -> None:
    s = spec(scoring={"kind": "titles", "first": 2, "vice": "vice", "second": 1, "loser_penalty": 1,
                      "retire": True}, ending={"condition": {"kind": "target", "points": 100}, "ties": "latest-winner"})
    tb = Table(s, hands=("5S 6S 7S 2C", "KD 3C", "AH 4H"), stock="QD QC QH", step="meld")
    tb.do(MELD | tb.mask("5S 6S 7S"), "2C")
    assert tb.state.hand_no == 0 and tb.state.out == [0] and tb.turn == (DRAW_Q, 1)


def test_the_greedy_bot_takes_a_discard_that_melds_and_discards_a_lone_costly_card() -> None:
    from generator.families.melding.bots import greedy_play

    tb = Table(spec(), hands=("5H 6H 9C KD 2S", "3C 4D"), piles=("7H",), stock="QS")
    obs = tb.state.observation(0)
    assert greedy_play(obs, tb.legal(), random.Random(0)) == TAKE + 1
    tb.do(TAKE + 1, MELD | tb.mask("5H 6H 7H"))
    assert tb.turn == (DISCARD_Q, 0)
    assert greedy_play(tb.state.observation(0), tb.legal(), random.Random(0)) == tb.c("KD")


def test_a_player_sees_the_discards_another_took_and_nothing_else_hidden() -> None:
    tb = Table(spec(), hands=("2C 3D", "5H 6H 9C"), piles=("7H",), stock="QS KS", seat=1)
    tb.do(TAKE + 1)
    pub = tb.state.observation(0).public_state()
    assert pub.hands[0] == tb.state.hands[0]
    assert tb.c("7H") in pub.hands[1] and sorted(pub.hands[1]).count(-1) == 3
    assert all(c < 0 for c in pub.stock)


# -- whole games ------------------------------------------------------------------------------------------

FIELDS = st.fixed_dictionaries({
    "first_turn": st.sampled_from(["dealer", "dealer-left"]),
    "desert": st.sampled_from([None, "desert"]),
    "draw": st.fixed_dictionaries({"stock": st.sampled_from(["one", "two", "one-or-two"]),
                                   "discard": st.sampled_from(["top", "wipe"]),
                                   "melded_first": st.booleans()}),
    "dump": st.sampled_from([None, "dump"]),
    "stump": st.sampled_from([None, "stump"]),
    "joker_swap": st.booleans(),
    "one_joker": st.booleans(),
    "call": st.sampled_from([None, "last card"]),
})


@st.composite
def melding_specs(draw) -> GameSpec:
    play = draw(FIELDS)
    one_action = draw(st.booleans())
    rearrange = draw(st.sampled_from(["none", "none", "any", "own"]))
    melds = {"many": draw(st.booleans()), "runs": draw(st.sampled_from(["same-suit", "any-suit"])),
             "first_run": draw(st.booleans()), "rearrange": rearrange,
             "full_house": draw(st.sampled_from([None, "full house"])),
             "single": draw(st.sampled_from([None, "K"]))}
    if draw(st.booleans()):
        melds["no_first_out"] = True
    elif draw(st.booleans()):
        melds["must_meld"] = True
    play["one_action"] = one_action
    if not one_action:
        melds["keep_card"] = draw(st.booleans())
        play["draw"]["meld_drawn"] = draw(st.booleans())
        play["block"] = draw(st.sampled_from([None, "block"]))
    if rearrange != "none":
        play["lay_off"] = None
        play["dump"] = None
    else:
        play["lay_off"] = draw(st.sampled_from(["any", "own"]))
    play["melds"] = melds
    play["progressive_wilds"] = draw(st.booleans())
    play["penalty"] = draw(st.sampled_from([None, 3]))
    deal = {"hand_size": draw(st.integers(5, 10)),
            "stock": {"discard_piles": draw(st.integers(1, 2)), "wild_card": draw(st.booleans())},
            "rows": draw(st.booleans())}
    if draw(st.booleans()):
        deal["kitty"] = {"form": "dealt", "size": 3}
        play["draw"]["kitty"] = draw(st.booleans())
    scoring = draw(st.sampled_from([
        {"kind": "first-out"},
        {"kind": "card-count", "losers_lose": True, "stock_out": True},
        {"kind": "card-values", "values": {"faces": 10, "aces": 1, "jokers": 20}, "low_finish_double": True},
        {"kind": "card-count", "losers_lose": False, "round_end": "knock-five"},
        {"kind": "card-count", "losers_lose": True, "round_end": "knock-out"},
        {"kind": "titles", "first": 2, "vice": "vice", "second": 1, "loser_penalty": 1, "retire": True},
    ]))
    extra: dict[str, Any] = {}
    setup = draw(st.sampled_from([{}, {"pig": {"card": "K of hearts"}}, {"exchange": {"cards": 1}},
                                  {"extra_rules": {"kind": "secret", "inventor": "dealer"}}]))
    if setup.get("pig"):
        play["pig_meld"] = 4
    if setup:
        extra["setup"] = setup
    lose = scoring.get("losers_lose", False)
    ending = {"condition": {"kind": "threshold" if lose else "target", "points": 20 if lose else 3},
              "ties": "latest-winner"}
    deck = {"jokers": draw(st.integers(0, 2)), "run_wrap": draw(st.booleans()),
            "order": draw(st.sampled_from(["ace-high", "ace-low", "two-over-ace"]))}
    return spec(play=play, deal=deal, deck=deck, scoring=scoring, ending=ending, **extra)


@pytest.mark.slow
@settings(max_examples=budget(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(melding_specs(), st.integers(0, 10**6), st.integers(2, 5))
def test_random_play_keeps_every_card_in_one_place_and_ends(s: GameSpec, seed: int, players: int) -> None:
    game = Game(s, audit=True, move_cap=3_000)
    state = game.new_initial_state(players, seed)
    rng = random.Random(seed)
    while not state.terminal:
        legal = state.legal_actions()
        assert legal
        state.apply_action(legal[int(rng.random() * len(legal))])
        if isinstance(state.phase, Turn):
            state.check_cards()
    assert state.record.outcome in ("natural", "cap")


def _by_path(s: GameSpec, players: int, seed: int, fast: bool) -> tuple:
    game = Game(s, audit=True, move_cap=5_000)
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    if fast:
        state.play_random(rnd)
    else:
        while not state.terminal:
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])
    rec = state.record
    return rec.outcome, rec.moves, rec.decisions, [h.scores for h in rec.hands], list(state.totals)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_the_fast_random_path_plays_the_same_game_as_legal_and_apply(players: int, seed: int) -> None:
    s = load_spec(RUMMY)
    assert _by_path(s, players, seed, True) == _by_path(s, players, seed, False)


def test_the_rummy_of_the_corpus_plays_with_greedy_and_random_bots() -> None:
    game = Game(load_spec(RUMMY), audit=True)
    for seed in range(3):
        for n in (2, 4, 6):
            rec = play_game(game, n, seed, [make_bot("greedy" if p % 2 else "random", seed + p) for p in range(n)])
            assert rec.outcome == "natural"


@pytest.mark.statistical
def test_greedy_beats_random_at_rummy() -> None:
    game = Game(load_spec(RUMMY))
    wins = sum(play_game(game, 2, seed, [make_bot("greedy", seed), make_bot("random", seed + 1)]).winner == 0
               for seed in range(10))
    assert wins >= 8


def test_the_strong_and_trivial_bots_play_full_games() -> None:
    game = Game(load_spec(RUMMY), audit=True)
    bots = [make_bot("strong", 1, rollouts=2, max_rollouts=8), make_bot("highest", 2), make_bot("lowest", 3)]
    rec = play_game(game, 3, 7, bots)
    assert rec.outcome == "natural" and bots[0].fallbacks == 0 and bots[0].searches > 0
    rec = play_game(game, 2, 8, [make_bot("greedy-points", 1), make_bot("greedy", 2)])
    assert rec.outcome == "natural"


@pytest.mark.slow
def test_the_strong_bot_plays_machiavelli_like_turns() -> None:
    s = spec(deck={"jokers": 2}, play={"one_action": True, "lay_off": None, "joker_swap": True,
                                       "melds": {"rearrange": "any", "runs": "same-suit"}},
             deal={"hand_size": 7, "stock": {"discard_piles": 1}},
             ending={"condition": {"kind": "target", "points": 1}, "ties": "latest-winner"})
    game = Game(s, audit=True)
    bots = [make_bot("strong", 1, rollouts=2, max_rollouts=8), make_bot("greedy", 2)]
    rec = play_game(game, 2, 3, bots)
    assert rec.outcome in ("natural", "cap") and bots[0].fallbacks == 0


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("generator.families.melding.sampler") is None,
                    reason="the melding sampler is not on this branch yet")
def test_sampled_melding_specs_play_at_every_player_count() -> None:
    """Twenty sampled melding specs, a game at every player count each allows, cards audited. A
    sampled game may reach a dead end (hands of a card or two, no meld that can grow, no stock-out
    rule to end the hand): the cap stops it, as the playtest would report it."""
    from generator.sample import sample_game

    outcomes = []
    for seed in range(20):
        s = sample_game(seed, family="melding").spec
        game = Game(s, audit=True, move_cap=3_000)
        for n in s.players.counts():
            state = game.new_initial_state(n, seed)
            state.play_random(random.Random(seed).random)
            outcomes.append(state.record.outcome)
    assert set(outcomes) <= {"natural", "cap"} and outcomes.count("natural") > len(outcomes) // 2


def test_a_cycling_game_is_caught_by_the_playtest() -> None:
    """A card taken from the discard pile and discarded again, turn after turn, brings a position
    back: the phase says positions can repeat, and the playtest sees it."""
    from generator.playtest.runner import play_one

    s = spec(players={"min": 2, "max": 2}, ending={"condition": {"kind": "target", "points": 1000},
                                                   "ties": "latest-winner"})
    game = Game(s, move_cap=2000)
    assert game.phase(Turn).repeats
    assert any(play_one(game, 2, seed).looped for seed in range(5))


def test_rearranging_adds_two_hand_cards_that_need_each_other() -> None:
    """Machiavelli's move: the 7 and 9 of hearts take the 8 of hearts out of a set of four 8s."""
    s = spec(play={"lay_off": None, "melds": {"rearrange": "any"}, "one_action": True})
    tb = Table(s, hands=("7H 9H 2C", "3C 4D", "5C 6D"), piles=("2S",), stock="KS QS JS",
               melds=((1, "8C 8D 8H 8S"),))
    from generator.families.melding.engine.actions import ADD_TWO
    a, b = sorted((tb.c("7H"), tb.c("9H")))
    assert ADD + tb.c("7H") not in tb.legal() and ADD_TWO + 128 * a + b in tb.legal()
    tb.do(ADD_TWO + 128 * a + b)
    assert sorted(map(sorted, tb.meld_names())) == [["7 of hearts", "8 of hearts", "9 of hearts"],
                                                    ["8 of clubs", "8 of diamonds", "8 of spades"]]
    assert tb.hand(0) == {"2 of clubs"}


# -- issue 31: the blocked hand is Parlour's rule, and the real games' rules as options ------------


def test_the_blocked_hand_is_parlours_rule_and_can_be_left_out() -> None:
    """With ``blocked`` (the default, Parlour's rule) the second stock run-out with nothing laid
    since ends the hand; without it the stock is remade again and play goes on."""
    tb = Table(spec(), players=2, hands=("2C 9D", "3C"), piles=("5H 6D KS",), stock="", dry_outs=1)
    tb.do(STOCK + 1)
    assert tb.state.hand_no == 1   # blocked: the fewest cards (seat 1) win
    tb = Table(spec(play={"blocked": False}), players=2, hands=("2C 9D", "3C"), piles=("5H 6D KS",), stock="",
               dry_outs=1)
    tb.do(STOCK + 1)
    assert tb.state.hand_no == 0 and len(tb.hand(0)) == 3 and len(tb.state.stock) == 2
    tb = Table(spec(play={"blocked": False}), players=2, hands=("2C 9D 4H", "3C 5D"), piles=("",), stock="")
    tb.state.idle = 1
    tb.ph._end_turn(tb.state, 0)
    assert tb.state.hand_no == 0   # every player idle: no blocked hand either


def test_the_blocked_hand_is_printed_as_parlours_rule_and_read_back() -> None:
    from generator.text.parse import parse_markdown
    from generator.text.render import render_markdown

    for blocked in (True, False):
        s = spec(play={"blocked": blocked})
        text = render_markdown(s)
        assert ("Parlour's rule, added by this edition" in text) == blocked
        assert parse_markdown(text).rules() == s.rules()


def test_one_action_turns_need_the_blocked_hand() -> None:
    with pytest.raises(ValueError, match="blocked"):
        spec(play={"one_action": True, "blocked": False})


def test_a_card_taken_from_the_pile_may_be_discarded_the_same_turn_with_discard_taken() -> None:
    tb = Table(spec(), hands=("2C 9D",), piles=("5H",), stock="7S")
    tb.do(TAKE + 1)
    while tb.turn[0] != DISCARD_Q:
        tb.do(STOP)
    assert tb.c("5H") not in tb.legal()
    tb = Table(spec(play={"draw": {"discard_taken": True}}), hands=("2C 9D",), piles=("5H",), stock="7S")
    tb.do(TAKE + 1)
    while tb.turn[0] != DISCARD_Q:
        tb.do(STOP)
    assert tb.c("5H") in tb.legal()
    tb.do("5H")
    assert tb.state.piles[0] == [tb.c("5H")]
    with pytest.raises(ValueError, match="discard_taken"):
        spec(play={"draw": {"discard_taken": True, "meld_drawn": True}})


def test_the_stock_turned_over_leaves_the_top_card_and_is_not_shuffled() -> None:
    s = spec(play={"restock": "turn"})
    tb = Table(s, hands=("2C 9D", "3C"), piles=("5H 6D KS 4C",), stock="")
    tb.do(STOCK + 1)
    st_ = tb.state
    assert st_.piles[0] == [tb.c("4C")]                        # the top card stays
    assert "5 of hearts" in tb.hand(0)                          # the bottom card is the new stock's top
    assert st_.stock == cards(tb.t, "6D KS")                    # in the pile's order, unshuffled
    tb = Table(s, hands=("2C 9D", "3C"), piles=("4C",), stock="")
    tb.do(STOCK + 1)
    assert tb.state.piles[0] == [tb.c("4C")] and tb.hand(0) == {"2 of clubs", "9 of diamonds"}


def test_random_games_with_the_options_play_to_the_end() -> None:
    for play in ({"restock": "turn"}, {"draw": {"discard_taken": True}}, {"blocked": False}):
        s = spec(play=play)
        for players in (2, 4):
            game = Game(s, audit=True, move_cap=5_000)
            state = game.new_initial_state(players, 3)
            rng = random.Random(3)
            while not state.terminal:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            assert state.record.outcome in ("natural", "cap")
