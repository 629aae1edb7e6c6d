"""The matching engine: what may be laid on what, drawing and picking up, every special card's
effect, jokers, calling, face-down rows, cheat mode, the blocked hand, the hand's scoring, loops,
and whole games played by every kind of bot, on hand-written specs covering the matching fields
(and on sampled matching specs once the sampler for the family exists)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.bots import make_bot
from generator.engine import Game
from generator.engine.actions import NO, SUIT_ACTION, YES
from generator.families.matching.engine import effects
from generator.families.matching.engine.play import (CALL, CHALLENGE, CLAIM_DECISION, JOKER_RANK, JOKER_SUIT, MATCH, MORE,
                                            NAME_SUIT, PLAY_DRAWN, Match)
from generator.families.matching.engine.rules import BLIND, CLAIM, DRAW, KNOCK, PICK_UP, RANK, SECOND, STOP, TARGET
from generator.engine.play import play_game
from generator.spec import GameSpec, load_spec
from tests.conftest import budget
from tests.family_helpers import card, cards, merged_data, play_sampled_games

ROOT = Path(__file__).resolve().parents[1]
CORPUS = [ROOT / "corpus" / "real" / "crazy-eights.yaml", ROOT / "corpus" / "real" / "switch.yaml"]

BASE: dict[str, Any] = {
    "naming": {"name": "Test Match", "country": "en", "adjective": "lively"},
    "players": {"min": 2, "max": 5},
    "deck": {"kind": "standard", "order": "ace-high", "jokers": 0},
    "deal": {"hand_size": 5, "stock": {"discard_piles": 1}},
    "play": {"family": "matching", "first_turn": "dealer-left"},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 3}, "ties": "latest-winner"},
}


def spec(**over: Any) -> GameSpec:
    """A matching spec: BASE with ``over`` merged in (the scoring and the ending replaced whole)."""
    data = merged_data(BASE, over)
    return GameSpec.model_validate(data)


def effect(rank: str, kind: str, **params: Any) -> GameSpec:
    """A spec whose cards of ``rank`` have the effect ``kind``."""
    return spec(play={"effects": [{"rank": rank, "kind": kind, **params}]})


class Table:
    """A matching position set up by hand: hands, the discard pile(s), the stock, the seat to play."""

    def __init__(self, s: GameSpec, players: int = 3, hands: tuple[str, ...] = (), piles: tuple[str, ...] = ("",),
                 stock: str = "", seat: int = 0, **fields: Any):
        self.game = Game(s)
        st_ = self.state = self.game.new_initial_state(players, 0)
        t = self.t = self.game.table
        ph = self.ph = self.game.phase(Match)
        for name, value in Match.hand_fields.items():
            setattr(st_, name, value(self.game, players) if callable(value) else copy.deepcopy(value))
        st_.hands = [sorted(cards(t, h)) if h else [] for h in (list(hands) + [""] * players)[:players]]
        st_.piles = [cards(t, p) if p else [] for p in piles]
        st_.down_piles = [[] for _ in piles]
        st_.named = [[ph.rules.natural(c) for c in p] for p in st_.piles]
        st_.stock = cards(t, stock) if stock else []
        st_.kitty = []
        st_.wild_rank = None
        for k, v in fields.items():
            setattr(st_, k, v)
        st_.mover = seat
        st_.open(ph, MATCH, seat)
        st_._legal = None

    def c(self, short: str) -> int:
        return card(self.t, short)

    def legal(self) -> list[int]:
        self.state._legal = None
        return self.state.legal_actions()

    def names(self) -> set[str]:
        return {self.state.action_to_string(a) for a in self.legal()}

    def do(self, *actions: int | str) -> "Table":
        for a in actions:
            if isinstance(a, str):
                a = self.c(a)
            self.state._legal = None
            self.state.apply_action(a)
        return self

    def hand(self, seat: int) -> set[str]:
        return {self.t.names[c] for c in self.state.hands[seat]}

    def top(self, pile: int = 0) -> tuple[str, str] | None:
        named = self.state.named[pile]
        if not named:
            return None
        r, s = named[-1]
        return self.ph.rules.rank_names[r], self.t.suit_names[s]

    @property
    def turn(self) -> tuple[str, int]:
        return self.state.decision, self.state.current


# -- matching, passing and drawing -----------------------------------------------------------------


def test_a_card_matches_the_top_card_by_rank_or_suit() -> None:
    tb = Table(spec(), hands=("7C 2H 9S", "3C", "4C"), piles=("7H",), stock="5D 6D")
    assert tb.names() == {"7 of clubs", "2 of hearts", "draw"}


def test_with_two_discard_piles_a_card_matches_the_top_of_either() -> None:
    s = spec(deal={"hand_size": 5, "stock": {"discard_piles": 2}})
    tb = Table(s, hands=("9C 2H 5D", "3C", "4C"), piles=("7H", "9S"), stock="6D")
    assert set(tb.legal()) == {tb.c("2H"), SECOND + tb.c("9C"), DRAW}
    tb.do(SECOND + tb.c("9C"))
    assert tb.top(1) == ("9", "clubs") and tb.top(0) == ("7", "hearts")


def test_must_play_passes_only_when_nothing_matches() -> None:
    tb = Table(spec(play={"must_play": True}), hands=("7C 9S", "3C", "4C"), piles=("7H",), stock="5D")
    assert DRAW not in tb.legal()
    tb = Table(spec(play={"must_play": True}), hands=("8C 9S", "3C", "4C"), piles=("7H",), stock="5D")
    assert tb.legal() == [DRAW]
    tb.do(DRAW)
    assert "5 of diamonds" in tb.hand(0) and tb.turn == (MATCH, 1)


def test_picking_up_the_pile_leaves_a_free_play() -> None:
    tb = Table(spec(play={"draw": "pile"}), hands=("9S", "3C", "4D"), piles=("7H 2H",), stock="5D")
    assert PICK_UP in tb.legal() and DRAW not in tb.legal()
    tb.do(PICK_UP)
    assert tb.hand(0) == {"9 of spades", "7 of hearts", "2 of hearts"}
    assert tb.state.piles == [[]] and tb.turn == (MATCH, 1)
    assert tb.c("3C") in tb.legal()   # nothing to match: any card


def test_a_drawn_card_may_be_played_at_once() -> None:
    tb = Table(spec(play={"play_drawn": True}), hands=("9S", "3C", "4D"), piles=("7H",), stock="5H 6D")
    tb.do(DRAW)
    assert tb.turn == (PLAY_DRAWN, 0) and set(tb.legal()) == {NO, tb.c("5H")}
    tb.do("5H")
    assert tb.top() == ("5", "hearts") and tb.turn == (MATCH, 1)
    tb = Table(spec(play={"play_drawn": True}), hands=("9S", "3C", "4D"), piles=("7H",), stock="6D")
    tb.do(DRAW)
    assert tb.turn == (MATCH, 1)   # the drawn card does not match: the turn passes


def test_the_stock_is_remade_from_all_but_the_top_card_and_a_reshuffle_leaves_a_free_play() -> None:
    tb = Table(spec(), hands=("9S", "3C", "4D"), piles=("7H 2H 5H",), stock="")
    tb.do(DRAW)
    assert tb.state.piles == [[tb.c("5H")]]
    assert len(tb.hand(0)) == 2 and len(tb.state.stock) == 1
    tb = Table(effect("3", "reshuffle"), hands=("3H 9S", "3C", "4D"), piles=("7H 2H",), stock="")
    tb.do("3H")
    assert tb.state.piles == [[]] and len(tb.state.stock) == 3
    assert tb.turn == (MATCH, 0) and tb.c("9S") in tb.legal()   # the same player again, any card


def test_several_cards_of_one_rank_the_last_laid_on_top() -> None:
    tb = Table(spec(play={"multiple": "same-rank"}), hands=("7H 7C 7S 9C", "3C", "4D"), piles=("7D",))
    tb.do("7H")
    assert tb.turn == (MORE, 0) and set(tb.legal()) == {STOP, tb.c("7C"), tb.c("7S")}
    tb.do("7S", "7C")
    assert tb.top() == ("7", "clubs") and tb.turn == (MATCH, 1)


def test_several_cards_of_one_rank_are_each_a_legal_play_on_the_pile_as_it_was() -> None:
    """Issue 31 (MT-06): "several cards of the same rank, all of which are a legal play". The 7 of
    hearts matches the 2 of hearts by suit, but the 7 of clubs and the 7 of spades could not be
    played alone on it, so they may not join the play (the engine once checked only the rank)."""
    tb = Table(spec(play={"multiple": "same-rank"}), hands=("7H 7C 7S 9C", "3C", "4D"), piles=("2H",))
    tb.do("7H")
    assert tb.turn == (MATCH, 1) and tb.top() == ("7", "hearts")
    # On the 7 of diamonds every 7 matches alone, and the first card laid does not change that.
    tb = Table(spec(play={"multiple": "same-rank"}), hands=("7H 7C 9C", "3C", "4D"), piles=("7D",))
    tb.do("7H")
    assert set(tb.legal()) == {STOP, tb.c("7C")}
    # A rule for the next card (an 8 bound 'lower'): each card must meet it.
    s = spec(play={"multiple": "same-rank", "effects": [{"rank": "8", "kind": "bound", "bound": "lower"}]})
    tb = Table(s, hands=("5H 5C 9C", "3C", "4D"), piles=("8S",), rule=("lower", 6))
    tb.do("5H")
    assert set(tb.legal()) == {STOP, tb.c("5C")}
    # A card that can always be played is a legal play alone.
    s = spec(play={"multiple": "same-rank", "effects": [{"rank": "8", "kind": "wild"}]})
    tb = Table(s, hands=("8H 8C 9C", "3C", "4D"), piles=("2H",))
    tb.do("8H")
    assert set(tb.legal()) == {STOP, tb.c("8C")}


def test_several_cards_of_one_rank_in_random_play_are_each_legal_alone() -> None:
    """Every card added to a play of several, over whole games, could have been laid alone."""
    s = spec(play={"multiple": "same-rank"})
    game = Game(s)
    ph = game.phase(Match)
    rng = random.Random(5)
    added = 0
    for seed in range(30):
        state = game.new_initial_state(3, seed)
        moves = 0
        while not state.is_terminal() and moves < 3000:
            moves += 1
            if state.decision == MORE and state.current_player() >= 0:
                before = ph._top_before(state)
                for a in state.legal_actions():
                    if a != STOP:
                        r, su = ph.rules.natural(a)
                        assert ph.always(state, state.mover, a) or ph.rules.meets(r, su, before, state.rule_before)
                        added += 1
            acts = state.legal_actions()
            state.apply_action(rng.choice(acts) if state.current_player() >= 0 else acts[0])
    assert added > 0
    tb = Table(spec(play={"multiple": "rank-or-suit"}), hands=("7H 2H 7C 9C", "3C", "4D"), piles=("5H",))
    tb.do("7H")
    assert set(tb.legal()) == {STOP, tb.c("7C"), tb.c("2H")}
    tb.do("2H")
    assert tb.turn == (MATCH, 1)   # hearts now: the 7 of clubs is neither, so the play is done


def test_only_the_top_cards_effect_fires_in_a_play_of_several() -> None:
    s = spec(play={"multiple": "rank-or-suit", "effects": [{"rank": "J", "kind": "skip"}]})
    tb = Table(s, hands=("JH 2H 9H 9C", "3C", "4D"), piles=("5H",))
    tb.do("JH", "2H", STOP)
    assert tb.turn == (MATCH, 1)   # the 2 is on top: no skip


# -- the special cards ---------------------------------------------------------------------------


def test_a_wild_names_the_suit_that_must_then_be_followed() -> None:
    tb = Table(effect("8", "wild"), hands=("8C 9S", "3D 3S KS", "4D"), piles=("7H",))
    assert tb.c("8C") in tb.legal()
    tb.do("8C")
    assert tb.turn == (NAME_SUIT, 0)
    tb.do(SUIT_ACTION + tb.t.suit_names.index("spades"))
    assert tb.top() == ("8", "spades") and tb.turn == (MATCH, 1)
    assert set(tb.legal()) == {tb.c("3S"), tb.c("KS"), DRAW}


def test_an_open_card_lets_any_card_follow() -> None:
    tb = Table(effect("8", "open"), hands=("8H 9S", "3D", "4D"), piles=("7H",))
    tb.do("8H")
    assert tb.c("3D") in tb.legal()


def test_a_not_last_card_may_not_leave_a_hand_empty() -> None:
    tb = Table(effect("7", "not-last"), hands=("7C", "3D", "4D"), piles=("7H",), stock="5D")
    assert tb.legal() == [DRAW]
    tb = Table(effect("7", "not-last"), hands=("7C 9S", "3D", "4D"), piles=("7H",))
    assert tb.c("7C") in tb.legal()


def test_kitty_take_and_kitty_give() -> None:
    tb = Table(effect("9", "kitty-take"), hands=("9H 2S", "3D", "4D"), piles=("7H",))
    tb.state.kitty = cards(tb.t, "AS AD")
    tb.do("9H")
    assert {"A of spades", "A of diamonds"} <= tb.hand(0) and tb.state.kitty == []
    tb = Table(effect("9", "kitty-give"), hands=("9H 2S", "3D", "4D"), piles=("7H",))
    tb.state.kitty = cards(tb.t, "AS AD")
    tb.do("9H")
    assert tb.turn == (effects.KITTY_GIVE, 0)
    tb.do(YES)
    assert {"A of spades", "A of diamonds"} <= tb.hand(1) and tb.turn == (MATCH, 1)


def test_a_reverse_reverses_and_with_two_players_gives_another_turn() -> None:
    tb = Table(effect("Q", "reverse"), hands=("QH 2S", "3D", "4D"), piles=("7H",))
    tb.do("QH")
    assert tb.state.direction == -1 and tb.turn == (MATCH, 2)
    tb = Table(effect("Q", "reverse"), players=2, hands=("QH 2S", "3D"), piles=("7H",))
    tb.do("QH")
    assert tb.turn == (MATCH, 0)


def test_a_skip_skips() -> None:
    tb = Table(effect("J", "skip"), hands=("JH 2S", "3D", "4D"), piles=("7H",))
    tb.do("JH")
    assert tb.turn == (MATCH, 2)
    tb = Table(effect("J", "skip"), players=2, hands=("JH 2S", "3D"), piles=("7H",))
    tb.do("JH")
    assert tb.turn == (MATCH, 0)


def test_another_turn() -> None:
    tb = Table(effect("K", "again"), hands=("KH 2S", "3D", "4D"), piles=("7H",))
    tb.do("KH")
    assert tb.turn == (MATCH, 0)


def test_a_stacked_chain_of_two_twos_makes_the_next_draw_four() -> None:
    s = effect("2", "draw-chain", chain="stacked", draw=2, step=2)
    tb = Table(s, hands=("2H 9S", "2C 8S", "4D 5D"), piles=("7H",), stock="AS AD AC AH KS KD")
    tb.do("2H")
    assert tb.turn == (MATCH, 1) and set(tb.legal()) == {tb.c("2C"), DRAW}   # a two or draw
    tb.do("2C")
    assert tb.state.chain == 4 and tb.legal() == [DRAW]
    tb.do(DRAW)
    assert len(tb.hand(2)) == 6 and tb.state.chain == 0 and tb.turn == (MATCH, 0)


def test_a_targeted_chain_names_its_victim_and_play_resumes_from_the_starter() -> None:
    s = effect("2", "draw-chain", chain="targeted", draw=2, step=1)
    tb = Table(s, players=4, hands=("2H 9S", "8S", "2C 4D", "5D"), piles=("7H",), stock="AS AD AC AH KS KD")
    tb.do("2H")
    assert tb.turn == (effects.TARGET_CHAIN, 0)
    tb.do(TARGET + 2)
    assert tb.turn == (MATCH, 2) and set(tb.legal()) == {tb.c("2C"), DRAW}
    tb.do("2C")
    assert tb.turn == (effects.TARGET_CHAIN, 2)
    tb.do(TARGET + 3)
    tb.do(DRAW)
    assert len(tb.hand(3)) == 4 and tb.turn == (MATCH, 1)   # 2 + 1 drawn; then the starter's left


def test_all_draw() -> None:
    tb = Table(effect("6", "all-draw"), hands=("6H 9S", "8S", "4D"), piles=("7H",), stock="AS AD AC")
    tb.do("6H")
    assert [len(h) for h in tb.state.hands] == [2, 2, 2]


def test_top_follow_asks_for_one_of_the_three_top_ranks() -> None:
    tb = Table(effect("9", "top-follow"), hands=("9H 2S", "AS QD 9D 3H", "4D"), piles=("7H",))
    tb.do("9H")
    assert set(tb.legal()) == {tb.c("AS"), tb.c("QD"), DRAW}


def test_pass_hands() -> None:
    tb = Table(effect("5", "pass-hands", direction="left"), hands=("5H 2S", "8S", "4D 4C"), piles=("7H",))
    tb.do("5H")
    assert tb.hand(1) == {"2 of spades"} and tb.hand(2) == {"8 of spades"}
    assert tb.hand(0) == {"4 of diamonds", "4 of clubs"}


def test_give() -> None:
    tb = Table(effect("4", "give"), hands=("4H 2S KC", "8S", "9D 9C"), piles=("7H",))
    tb.do("4H")
    assert tb.turn == (effects.GIVE_CARD, 0) and set(tb.legal()) == {NO, tb.c("2S"), tb.c("KC")}
    tb.do("KC")
    assert tb.turn == (effects.GIVE_TO, 0)
    tb.do(TARGET + 1)
    assert tb.hand(1) == {"8 of spades", "K of clubs"} and tb.hand(0) == {"2 of spades"}
    assert tb.c("KC") in tb.state.known[0]   # the giver knows where it went


def test_a_transparent_card_leaves_the_previous_top_card_to_match() -> None:
    tb = Table(effect("3", "transparent", word="glass"), hands=("3S 2D", "8S 9C", "4D"), piles=("7S",))
    tb.do("3S")
    assert tb.top() == ("7", "spades") and tb.state.piles[0] == [tb.c("3S"), tb.c("7S")]
    assert set(tb.legal()) == {tb.c("8S"), DRAW}


def test_tuck() -> None:
    tb = Table(effect("4", "tuck"), hands=("4H 2S KC", "8S", "9D"), piles=("7H",))
    tb.do("4H")
    assert tb.turn == (effects.TUCK, 0)
    tb.do("KC")
    assert tb.state.piles[0] == [tb.c("7H"), tb.c("KC"), tb.c("4H")] and tb.top() == ("4", "hearts")


def test_cordial_adds_a_second_suit() -> None:
    tb = Table(effect("10", "cordial", word="friend"), hands=("10H 2S", "8C 3D", "9D"), piles=("7H",))
    tb.do("10H")
    assert tb.turn == (effects.CORDIAL, 0)
    tb.do(SUIT_ACTION + tb.t.suit_names.index("clubs"))
    assert set(tb.legal()) == {tb.c("8C"), DRAW}


def test_trade() -> None:
    tb = Table(effect("K", "trade"), hands=("KH 2S 3S 4S", "8C", "9D 9C"), piles=("7H",))
    tb.do("KH")
    assert tb.turn == (effects.TRADE, 0) and set(tb.legal()) == {NO, TARGET + 1, TARGET + 2}
    tb.do(TARGET + 1)
    assert tb.hand(0) == {"8 of clubs"} and len(tb.hand(1)) == 3
    seen = tb.state.observation(0).public_state()
    assert seen.hands[1] == tb.state.hands[1] and -1 in seen.hands[2]   # the traders know each other's hands


def test_name_rank() -> None:
    tb = Table(effect("J", "name-rank"), hands=("JH 2S", "8C 5S 5D", "9D"), piles=("7H",))
    tb.do("JH")
    assert tb.turn == (effects.NAME_RANK, 0)
    tb.do(RANK + tb.ph.rules.rank_index["5"])
    assert set(tb.legal()) == {tb.c("5S"), tb.c("5D"), DRAW}


def test_cover_or_draw() -> None:
    tb = Table(effect("9", "cover"), hands=("9H 2H 3S", "8C", "4D"), piles=("7H",), stock="AS")
    tb.do("9H")
    assert tb.turn == (effects.COVER, 0) and set(tb.legal()) == {tb.c("2H"), DRAW}
    tb.do("2H")
    assert tb.top() == ("2", "hearts") and tb.turn == (MATCH, 1)
    tb = Table(effect("9", "cover"), hands=("9H 3S", "8C", "4D"), piles=("7H",), stock="AS")
    tb.do("9H", DRAW)
    assert tb.hand(0) == {"3 of spades", "A of spades"}


def test_copycat_fires_the_effect_beneath() -> None:
    s = spec(play={"effects": [{"rank": "J", "kind": "skip"}, {"rank": "5", "kind": "copycat"}]})
    tb = Table(s, hands=("5H 2S", "8C", "4D"), piles=("JH",))
    tb.do("5H")
    assert tb.turn == (MATCH, 2)


def test_points_are_scored_at_once() -> None:
    tb = Table(effect("A", "points", points=5), hands=("AH 2S", "8C", "4D"), piles=("7H",))
    tb.do("AH")
    assert tb.state.bonus == [5, 0, 0]


def test_bound_lower_and_higher() -> None:
    tb = Table(effect("9", "bound", bound="lower"), hands=("9H 2S", "8C 9S KS", "4D"), piles=("7H",))
    tb.do("9H")
    assert set(tb.legal()) == {tb.c("8C"), tb.c("9S"), DRAW}
    tb = Table(effect("9", "bound", bound="higher"), hands=("9H 2S", "8C 9S KS", "4D"), piles=("7H",))
    tb.do("9H")
    assert set(tb.legal()) == {tb.c("9S"), tb.c("KS"), DRAW}


def test_the_named_card_makes_the_next_player_draw_five() -> None:
    s = spec(play={"named_card": {"card": "Q of spades", "who": "next", "count": 5}})
    tb = Table(s, hands=("QS 2S", "8C", "4D"), piles=("7S",), stock="AS AD AC AH KS KD")
    tb.do("QS")
    assert len(tb.hand(1)) == 6


# -- jokers and wilds ------------------------------------------------------------------------------


def test_a_joker_is_named_as_any_card_and_fires_that_cards_effect() -> None:
    s = spec(deck={"jokers": 2}, play={"effects": [{"rank": "J", "kind": "skip"}]})
    tb = Table(s, hands=("RJ 2S", "8C", "4D"), piles=("7H",))
    assert tb.c("RJ") in tb.legal()
    tb.do("RJ")
    assert tb.turn == (JOKER_RANK, 0)
    tb.do(RANK + tb.ph.rules.rank_index["J"])
    assert tb.turn == (JOKER_SUIT, 0)
    tb.do(SUIT_ACTION + tb.t.suit_names.index("clubs"))
    assert tb.top() == ("J", "clubs") and tb.turn == (MATCH, 2)


def test_the_wild_rank_card_makes_its_rank_jokers() -> None:
    s = spec(deal={"hand_size": 5, "stock": {"discard_piles": 1, "wild_card": True}})
    g = Game(s, audit=True)
    for seed in range(10):
        state = g.new_initial_state(3, seed)
        assert len(state.wild_card) == 1
        rank = g.phase(Match).rules.rank_of[state.wild_card[0]]
        assert state.wild_rank == rank
        others = [c for c in range(g.table.size) if g.phase(Match).rules.rank_of[c] == rank and c != state.wild_card[0]]
        assert all(g.phase(Match).is_joker(state, c) for c in others)
        state.play_random(random.Random(seed).random)


def test_a_countdown_wild_is_the_rank_of_a_players_tokens() -> None:
    s = spec(deal={"hand_size": 5, "stock": {"discard_piles": 1}, "tokens": {"name": "coin"}},
             play={"countdown_wild": True}, scoring={"kind": "countdown"},
             ending={"condition": {"kind": "tokens"}})
    tb = Table(s, hands=("5C 2S", "8C", "4D"), piles=("7H",))
    assert tb.c("5C") in tb.legal()   # five tokens: fives are wild
    tb.do("5C")
    assert tb.turn == (NAME_SUIT, 0)


# -- calling, rows, knocking, the blocked hand, the stock running out ------------------------------


def test_a_player_who_does_not_call_draws_a_card() -> None:
    s = spec(play={"call": "last card"})
    tb = Table(s, hands=("7C 2S", "8C", "4D"), piles=("7H",), stock="AS AD")
    tb.do("7C")
    assert tb.turn == (CALL, 0)
    tb.do(NO)
    assert len(tb.hand(0)) == 2 and tb.turn == (MATCH, 1)
    tb = Table(s, hands=("7C 2S", "8C", "4D"), piles=("7H",), stock="AS AD")
    tb.do("7C", YES)
    assert len(tb.hand(0)) == 1


def test_face_down_rows_play_face_up_then_blind() -> None:
    s = spec(deal={"hand_size": 5, "stock": {"discard_piles": 1}, "rows": True})
    tb = Table(s, hands=("", "8C", "4D"), piles=("7H",), stock="AS",
               rows_up=[[card(Game(s).table, "2H")], [], []], rows_down=[cards(Game(s).table, "9S 3H"), [], []])
    assert set(tb.legal()) == {tb.c("2H"), DRAW}
    tb.do("2H")
    tb.state.open(tb.ph, MATCH, 0)
    tb.state.mover = 0
    assert set(tb.legal()) == {BLIND, BLIND + 1}
    tb.do(BLIND)   # the 9 of spades does not match the 2 of hearts: back to its place, and draw
    assert tb.state.rows_down[0] == cards(tb.t, "9S 3H") and tb.hand(0) == {"A of spades"}
    assert tb.c("9S") in tb.state.revealed and tb.turn == (MATCH, 1)


def test_knock_five() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": True, "round_end": "knock-five"})
    tb = Table(s, hands=("2C 3S", "8C KD", "4D"), piles=("7H",))
    assert KNOCK in tb.legal()
    tb.do(KNOCK)
    rec = tb.state.record.hands[-1]
    assert rec.scores == [0, -2, -1]


def test_a_blocked_hand_is_won_by_the_fewest_cards() -> None:
    tb = Table(spec(), hands=("9S 9C", "8C", "4D 5D"), piles=("7H",), stock="")
    tb.do(DRAW, DRAW, DRAW)
    assert tb.state.record.hands[-1].scores == [0, 1, 0]


def test_the_second_time_the_stock_runs_out_the_smallest_hand_wins() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": False, "stock_out": True})
    tb = Table(s, hands=("9S 9C", "8C", "4D 5D"), piles=("7H 2H",), stock="")
    tb.do(DRAW)             # the first time: the 7 goes back into the stock
    assert len(tb.hand(0)) == 3
    tb.do(DRAW)             # the second time: the hand ends
    assert tb.state.record.hands[-1].scores == [0, 5, 0]


# -- cheat mode ------------------------------------------------------------------------------------


def test_cheat_a_liar_picks_up_and_a_wrong_challenger_picks_up() -> None:
    s = spec(play={"cheat": {"word": "bluff"}})
    tb = Table(s, hands=("9S 2C", "8C 3C", "4D 5D"), piles=("7H",))
    tb.state.down_piles, tb.state.piles = tb.state.piles, [[]]
    tb.do("9S")   # face down: any card
    assert tb.turn == (CLAIM_DECISION, 0)
    assert CLAIM + tb.c("8H") in tb.legal() and CLAIM + tb.c("9S") not in tb.legal()
    tb.do(CLAIM + tb.c("8H"))
    assert tb.turn == (CHALLENGE, 1)
    obs = tb.state.observation(1)
    pub = obs.public_state()
    assert tb.c("9S") not in pub.down_piles[0]   # the claimer's card is hidden from the others
    tb.do(YES)
    assert tb.hand(0) == {"2 of clubs", "9 of spades", "7 of hearts"} and tb.turn == (MATCH, 1)
    tb = Table(s, hands=("8H 2C", "8C 3C", "4D 5D"), piles=("7H",))
    tb.state.down_piles, tb.state.piles = tb.state.piles, [[]]
    tb.do("8H", CLAIM + tb.c("8H"), NO, YES)   # player 2 challenges a true claim
    assert tb.hand(2) == {"4 of diamonds", "5 of diamonds", "7 of hearts", "8 of hearts"}
    assert tb.turn == (MATCH, 1)


# -- opening, scoring, laws, loops -----------------------------------------------------------------


def test_the_opening_card_acts_as_if_the_dealer_had_played_it() -> None:
    s = spec(play={"opening_effect": "dealer", "effects": [{"rank": r, "kind": "skip"} for r in ["A"]]
                   + [{"rank": r, "kind": "not-last"} for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4",
                                                              "3", "2")]})
    g = Game(s)
    for seed in range(40):
        state = g.new_initial_state(4, seed)
        top = state.piles[0][-1]
        if g.table.rank[top] == "A":
            assert state.current == (state.dealer + 2) % 4   # the dealer's left is skipped
            break
    else:
        pytest.fail("no Ace turned")


def test_card_values_score_the_others_hands_with_points() -> None:
    s = spec(scoring={"kind": "card-values", "values": {"faces": 10, "aces": 1, "numbers": "pips"}},
             play={"effects": [{"rank": "2", "kind": "points", "points": 3}]})
    tb = Table(s, hands=("2H", "KC 5D", "AD"), piles=("7H",))
    tb.do("2H")
    assert tb.state.record.hands[-1].scores == [16 + 3, 0, 0]


def test_the_first_turn_is_the_dealers_or_their_lefts() -> None:
    for first, offset in (("dealer", 0), ("dealer-left", 1)):
        game = Game(spec(play={"first_turn": first}))
        for seed in range(4):
            state = game.new_initial_state(4, seed)
            assert state.current == (state.dealer + offset) % 4


def test_a_final_play_of_the_lowest_rank_doubles_the_hand() -> None:
    s = spec(scoring={"kind": "card-count", "losers_lose": False, "low_finish_double": True})
    tb = Table(s, hands=("2H", "KC 5D", "AD"), piles=("7H",))
    tb.do("2H")
    assert tb.state.record.hands[-1].scores == [6, 0, 0]
    tb = Table(s, hands=("3H", "KC 5D", "AD"), piles=("7H",))
    tb.do("3H")
    assert tb.state.record.hands[-1].scores == [3, 0, 0]


def test_titles_with_retire_play_on_until_one_is_left() -> None:
    s = spec(scoring={"kind": "titles", "first": 2, "vice": "vice", "second": 1, "loser_penalty": 1,
                      "retire": True})
    tb = Table(s, hands=("7C", "7S 9S", "8S 4D"), piles=("7H",), stock="AS AD")
    tb.do("7C")
    assert tb.state.out == [0] and tb.turn == (MATCH, 1)
    tb.do("7S", "8S")
    assert tb.turn == (MATCH, 1)   # seat 0 has gone out: play passes them by
    tb.do("9S")                    # seat 1 goes out second; seat 2 is left
    assert tb.state.record.hands[-1].scores == [2, 1, -1]


def test_a_secret_law_takes_the_card_back() -> None:
    from generator.engine.laws import LawInForce
    from generator.spec.laws import Law

    s = spec(setup={"extra_rules": {"kind": "secret", "inventor": "dealer"}})
    tb = Table(s, hands=("9H 2S", "8C", "4D"), piles=("7H",))
    tb.state.laws = [LawInForce(Law("no-suit-after", suit="hearts", after="hearts"), 2, True, {2})]
    assert tb.c("9H") in tb.legal()
    tb.do("9H")
    assert tb.turn == (MATCH, 0) and "9 of hearts" in tb.hand(0) and 0 in tb.state.laws[0].known_by
    assert tb.c("9H") not in tb.legal()


def test_an_after_rank_law_acts_on_a_matching_play() -> None:
    from generator.engine.laws import LawInForce
    from generator.spec.laws import Law

    s = spec(setup={"extra_rules": {"kind": "bonus"}})
    tb = Table(s, hands=("9H 2S", "8C", "4D"), piles=("7H",), stock="AS")
    tb.state.laws = [LawInForce(Law("after-rank", rank="9", effect="skip"), 0, False, {0, 1, 2}),
                     LawInForce(Law("after-rank", rank="9", effect="draw"), 0, False, {0, 1, 2})]
    tb.do("9H")
    assert tb.turn == (MATCH, 2) and "A of spades" in tb.hand(0)


def test_a_cycling_game_is_caught_by_the_playtest() -> None:
    from generator.playtest.runner import play_one

    s = spec(players={"min": 2, "max": 2}, play={"draw": "pile"},
             ending={"condition": {"kind": "target", "points": 1000}, "ties": "latest-winner"})
    game = Game(s, move_cap=2000)
    assert game.phase(Match).repeats
    assert any(play_one(game, 2, seed).looped for seed in range(5))


# -- whole games -----------------------------------------------------------------------------------

FIELDS = st.fixed_dictionaries({
    "first_turn": st.sampled_from(["dealer", "dealer-left"]),
    "must_play": st.booleans(),
    "draw": st.sampled_from(["stock", "pile"]),
    "play_drawn": st.booleans(),
    "multiple": st.sampled_from(["none", "same-rank", "rank-or-suit"]),
    "opening_effect": st.sampled_from(["none", "dealer"]),
    "call": st.sampled_from([None, "last card"]),
    "cheat": st.sampled_from([None, {"word": "cheat"}]),
})
KINDS = [("wild", {}), ("open", {}), ("not-last", {}), ("kitty-take", {}), ("kitty-give", {}),
         ("reshuffle", {"always": True}), ("reverse", {}), ("draw-chain", {"chain": "stacked", "draw": 2, "step": 2}),
         ("again", {}), ("skip", {}), ("all-draw", {}), ("top-follow", {}), ("pass-hands", {"direction": "right"}),
         ("give", {}), ("transparent", {"word": "glass"}), ("tuck", {}), ("cordial", {"word": "friend"}),
         ("trade", {}), ("name-rank", {}), ("cover", {}), ("copycat", {}), ("points", {"points": 2}),
         ("bound", {"bound": "higher"}), ("draw-chain", {"chain": "targeted", "draw": 1, "step": 1})]
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


@st.composite
def matching_specs(draw) -> GameSpec:
    play = draw(FIELDS)
    if play["cheat"] is not None:   # cheat mode has no passing or drawing (the spec refuses them)
        play.update(must_play=False, draw="stock", play_drawn=False)
    picked = draw(st.lists(st.sampled_from(range(len(KINDS))), max_size=6, unique_by=lambda i: KINDS[i][0]))
    ranks = draw(st.permutations(RANKS))
    play["effects"] = [{"rank": ranks[k], "kind": KINDS[i][0], **KINDS[i][1]} for k, i in enumerate(picked)]
    if draw(st.booleans()):
        play["named_card"] = {"card": "Q of spades", "who": draw(st.sampled_from(["player", "next"]))}
    deal = {"hand_size": draw(st.integers(3, 7)),
            "stock": {"discard_piles": draw(st.integers(1, 2)), "wild_card": draw(st.booleans())},
            "rows": draw(st.booleans())}
    if draw(st.booleans()):
        deal["kitty"] = {"form": "dealt", "size": 3}
    scoring = draw(st.sampled_from([
        {"kind": "first-out"},
        {"kind": "card-count", "losers_lose": True, "stock_out": True},
        {"kind": "card-values", "values": {"faces": 10, "aces": 1, "jokers": 20}, "low_finish_double": True},
        {"kind": "card-count", "losers_lose": False, "round_end": "knock-five"},
        {"kind": "titles", "first": 2, "vice": "vice", "second": 1, "loser_penalty": 1, "retire": True},
        {"kind": "titles", "first": 2, "loser_penalty": 1, "retire": False, "starter": "loser",
         "passing": {"kind": "best-card"}},
        {"kind": "titles", "first": 1, "retire": True, "passing": {"kind": "swap-hands"}},
        {"kind": "landlord-stake"},
    ]))
    extra: dict[str, Any] = {}
    setup = draw(st.sampled_from([{}, {"pig": {"card": "K of hearts"}}, {"exchange": {"cards": 1}},
                                  {"extra_rules": {"kind": "bonus", "repeal": True}},
                                  {"extra_rules": {"kind": "secret", "inventor": "dealer"}}]))
    if setup:
        extra["setup"] = setup
    if scoring["kind"] == "landlord-stake":
        extra["bidding"] = {"auction": {"title": "landlord"}}
    lose = scoring.get("losers_lose", False)
    ending = {"condition": {"kind": "threshold" if lose else "target", "points": 8 if lose else 3},
              "ties": "latest-winner"}
    return spec(play=play, deal=deal, deck={"jokers": draw(st.integers(0, 2))}, scoring=scoring, ending=ending,
                **extra)


@pytest.mark.slow
@settings(max_examples=budget(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matching_specs(), st.integers(0, 10**6), st.integers(2, 5))
def test_random_play_keeps_every_card_in_one_place_and_ends(s: GameSpec, seed: int, players: int) -> None:
    game = Game(s, audit=True, move_cap=8_000)
    state = game.new_initial_state(players, seed)
    rng = random.Random(seed)
    while not state.terminal:
        legal = state.legal_actions()
        assert legal
        state.apply_action(legal[int(rng.random() * len(legal))])
        if isinstance(state.phase, Match):   # (between hands, before the deal, the pack is nowhere)
            state.check_cards()
    assert state.record.outcome in ("natural", "cap")


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_corpus_games_play_with_greedy_and_random_bots(path: Path) -> None:
    s = load_spec(path)
    game = Game(s, audit=True)
    for seed in range(4):
        for n in (2, 4):
            rec = play_game(game, n, seed, [make_bot("greedy" if p % 2 else "random", seed + p) for p in range(n)])
            assert rec.outcome == "natural"


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_strong_and_trivial_bots_play_full_games(path: Path) -> None:
    s = load_spec(path)
    game = Game(s, audit=True)
    bots = [make_bot("strong", 1, rollouts=2, max_rollouts=8), make_bot("highest", 2), make_bot("lowest", 3)]
    rec = play_game(game, 3, 7, bots)
    assert rec.outcome == "natural" and bots[0].fallbacks == 0 and bots[0].searches > 0
    rec = play_game(game, 2, 8, [make_bot("greedy-points", 1), make_bot("greedy", 2)])
    assert rec.outcome == "natural"


def test_the_strong_bot_searches_cheat_mode_without_seeing_the_face_down_cards() -> None:
    s = spec(play={"cheat": {"word": "bluff"}, "effects": [{"rank": "8", "kind": "wild"}]},
             ending={"condition": {"kind": "target", "points": 1}, "ties": "latest-winner"})
    game = Game(s, audit=True)
    bots = [make_bot("strong", 1, rollouts=2, max_rollouts=8), make_bot("greedy", 2), make_bot("greedy", 3)]
    rec = play_game(game, 3, 3, bots)
    assert rec.outcome == "natural" and bots[0].fallbacks == 0


@pytest.mark.slow
def test_sampled_matching_specs_play_at_every_player_count() -> None:
    play_sampled_games("matching", seeds=4, move_cap=30_000)


def _hand_by_hand(s: GameSpec, players: int, seed: int, inline: bool) -> list[tuple]:
    """A game played at random on the batch path a hand at a time (cards audited), with the
    inline turns of ``Match.play_random`` on or off: after each hand, the position and counts."""
    game = Game(s, audit=True)
    ph = next(p for p in game.phases if isinstance(p, Match))
    if not inline:
        ph.fast = ph.fast_turns = False
    state = game.new_initial_state(players, seed)
    rnd = random.Random(seed).random
    out = []
    while not state.terminal:
        state.play_random(rnd, hands=1)
        out.append((None if state.terminal else state.position_key(), state.record.moves, state.record.decisions,
                    list(state.totals), [list(h) for h in state.hands], list(state.stock)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("s", [load_spec(CORPUS[0]), spec(play={"effects": [{"rank": "8", "kind": "wild"}],
                                                                   "play_drawn": True}),
                               spec(play={"must_play": True},
                                    scoring={"kind": "card-count", "losers_lose": False, "stock_out": True}),
                               spec(scoring={"kind": "card-count", "losers_lose": True, "round_end": "knock-five"})],
                         ids=["crazy-eights", "play-drawn", "stock-out", "knock"])
def test_the_inline_turns_of_random_play_leave_what_the_step_queue_leaves(s: GameSpec) -> None:
    """The batch path's inline turns (a card with no effect, a wild and its suit, a draw) offer
    the same choices as ``legal`` and leave the state ``apply`` would: the same game, seed for seed."""
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        assert _hand_by_hand(s, players, seed, True) == _hand_by_hand(s, players, seed, False)


def test_every_kind_of_special_card_has_one_place_that_fires_it():
    """Each kind of the spec's effects is fired by its own entry of ``effects.FIRES``, or is one of
    the kinds that act elsewhere (``NO_FIRE``): a new kind cannot be sampled and then silently do
    nothing."""
    from typing import get_args

    from generator.families.matching.engine.effects import FIRES, NO_FIRE
    from generator.families.matching.spec import EffectKind

    kinds = set(get_args(EffectKind))
    assert set(FIRES) | NO_FIRE == kinds and not set(FIRES) & NO_FIRE


# -- issue 31: the engine plays what the rulebook prints -------------------------------------------


def test_tarot_majors_match_any_major_and_no_card_of_the_four_suits() -> None:
    """The rulebook: "The majors are a suit of their own with no ranks: a major matches any other
    major, and no card of the four suits." A major's label is its number, and the engine once let
    the major 5 match the 5 of cups (and the 5 of cups match the major 5)."""
    s = spec(deck={"kind": "tarot", "order": "natural", "jokers": 0})
    tb = Table(s, hands=("", "", ""), piles=("",))
    t = tb.t
    major5, major9, five_cups, five_swords = (t.index(n) for n in ("major 5", "major 9", "5 of cups", "5 of swords"))
    tb.state.hands[0] = sorted([major5, major9, five_swords])
    tb.state.piles = [[five_cups]]
    tb.state.named = [[tb.ph.rules.natural(five_cups)]]
    assert set(tb.legal()) == {five_swords, DRAW}          # the 5 of swords by rank; no major
    tb.state.piles = [[major5]]
    tb.state.named = [[tb.ph.rules.natural(major5)]]
    tb.state.hands[0] = sorted([major9, five_cups, five_swords])
    assert set(tb.legal()) == {major9, DRAW}              # any major; no 5 of a suit
    rules = tb.ph.rules
    assert "5" in rules.rank_names and all(rules.rank_of[t.index(f"major {n}")] >= rules.ranked for n in range(21))
    assert len(rules.rank_names) == 14 and len(set(rules.rank_of)) == 14 + 21   # a rank is named among the 14


def test_in_random_tarot_games_no_major_is_laid_on_a_suit_card_by_rank() -> None:
    s = spec(deck={"kind": "tarot", "order": "natural", "jokers": 0})
    game = Game(s)
    ph = game.phase(Match)
    t = game.table
    majors = {c for c in range(t.size) if t.names[c].startswith("major ")}
    rng = random.Random(3)
    for seed in range(20):
        state = game.new_initial_state(3, seed)
        for _ in range(2000):
            if state.is_terminal():
                break
            if state.decision == MATCH:
                named = state.named[0]
                top = named[-1] if named else None
                for a in state.legal_actions():
                    if a < t.size and top is not None and state.rule is None and not ph.always(state, state.current, a):
                        top_major = top[0] >= ph.rules.ranked
                        assert (a in majors) == top_major or ph.rules.suit_of[a] == top[1]
            state.apply_action(rng.choice(state.legal_actions()))


def test_after_a_draw_any_card_that_can_be_played_may_be_with_after_draw_any() -> None:
    s = spec(play={"play_drawn": True})
    tb = Table(s, hands=("9S 7H", "3C", "4D"), piles=("7D",), stock="2C 6D")
    tb.do(DRAW)   # a voluntary draw (the 7 of hearts could have been played)
    assert tb.state.decision != PLAY_DRAWN   # the 2 of clubs drawn does not match: the turn passes
    s = spec(play={"play_drawn": True, "after_draw": "any"})
    tb = Table(s, hands=("9S 7H", "3C", "4D"), piles=("7D",), stock="2C 6D")
    tb.do(DRAW)
    assert tb.turn == (PLAY_DRAWN, 0) and set(tb.legal()) == {NO, tb.c("7H")}
    tb.do("7H")
    assert tb.top() == ("7", "hearts") and tb.turn == (MATCH, 1) and tb.hand(0) == {"9 of spades", "2 of clubs"}
    with pytest.raises(ValueError, match="after_draw"):
        spec(play={"after_draw": "any"})


def test_a_crazy_eights_variant_with_any_card_after_a_draw_prints_and_reads_back() -> None:
    from generator.text.parse import parse_markdown
    from generator.text.render import render_markdown

    data = load_spec(CORPUS[0]).model_dump(mode="json")
    data["play"].update(must_play=False, play_drawn=True, after_draw="any")
    s = GameSpec.model_validate(data)
    text = render_markdown(s)
    assert "Having drawn, they may then play at once any card that can be played, the one drawn or another." in text
    assert parse_markdown(text).rules() == s.rules()
