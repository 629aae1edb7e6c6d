"""Facts derived from a spec (generator.spec.derived): their values, that the engine plays what they
say, and that the layers ask them instead of working them out again."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from generator.engine.cards import compile_deck
from generator.engine.state import Game
from generator.spec import DeckSpec, GameSpec, derived, spec_from_data
from generator.spec.deck import SUITS
from tests.test_rulebook import BASE, _apply

ROOT = Path(__file__).resolve().parents[1]


def spec(**patch: Any) -> GameSpec:
    return spec_from_data(_apply(BASE, patch))


# -- the deal --------------------------------------------------------------------------------------


def test_stock_left_after_the_deal() -> None:
    s = spec()  # 52 cards, seven each, three to five players
    assert [derived.stock_left(s.deck, s.deal, n) for n in (3, 4, 5)] == [31, 24, 17]
    odd = spec(**{"deal.odd_card": {"who": "dealer", "extra": False}})
    assert derived.stock_left(odd.deck, odd.deal, 3) == 32  # the card never dealt stays on the stock
    kitty = spec(**{"deal.kitty": {"name": "pot", "form": "dealt", "size": 4}})
    assert derived.stock_left(kitty.deck, kitty.deal, 3) == 27 and derived.kitty_reserve(kitty.deal) == 4
    undealt = spec(**{"deal.kitty": {"name": "pot", "form": "undealt"}})
    assert derived.stock_left(undealt.deck, undealt.deal, 3) == 0 and derived.cards_left(undealt.deck, undealt.deal, 3) == 31
    too_many = spec(**{"deal.hand_size": 12})
    assert derived.cards_left(too_many.deck, too_many.deal, 5) == -8 and derived.stock_left(too_many.deck, too_many.deal, 5) == 0


def test_a_whole_pack_deal_sets_cards_aside_and_leaves_no_stock() -> None:
    s = spec(**{"deal.hand_size": "all", "setup.trumps": {"method": "called", "caller": "dealer"}})
    assert [derived.set_aside(s.deck, s.deal, n) for n in (3, 4, 5)] == [1, 0, 2]
    assert [derived.stock_left(s.deck, s.deal, n) for n in (3, 4, 5)] == [0, 0, 0]
    assert not derived.leaves_stock(s.deal) and not derived.has_stock(s)
    assert derived.set_aside(spec().deck, spec().deal, 3) == 0


def test_a_stock_exists_for_a_turned_card_even_with_nothing_else_left() -> None:
    exact = spec(**{"players": {"min": 4, "max": 4}, "deal.hand_size": 12, "deal.odd_card": {"who": "dealer", "extra": True}})
    assert derived.stock_left(exact.deck, exact.deal, 4) == 3 and derived.has_stock(exact)
    none_left = spec(**{"players": {"min": 4, "max": 4}, "deal.hand_size": 13, "setup.trumps": {"method": "none"}})
    assert not derived.has_stock(none_left)
    assert derived.has_stock(none_left.model_copy(update={"setup": spec().setup}))  # turn-up: the card must come from one


def test_tricks_per_hand() -> None:
    s = spec()
    assert derived.tricks_per_hand(s.deck, s.deal, 4) == 7
    fewer = spec(**{"deal.odd_card": {"who": "dealer", "extra": False}})
    assert derived.tricks_per_hand(fewer.deck, fewer.deal, 4) == 6
    given = spec(**{"deal.hand_size": "all", "deal.kitty": {"name": "pot", "form": "contributed"},
                    "setup.trumps": {"method": "none"}})
    assert derived.tricks_per_hand(given.deck, given.deal, 4) == 12


def test_shrinking_hand_sizes() -> None:
    assert derived.shrinking_hand_sizes(spec().ending.condition, 4) is None
    down = spec(**{"ending.condition": {"kind": "shrinking", "back_up": False}}).ending.condition
    up = spec(**{"ending.condition": {"kind": "shrinking", "back_up": True}}).ending.condition
    assert derived.shrinking_hand_sizes(down, 3) == [3, 2, 1]
    assert derived.shrinking_hand_sizes(up, 3) == [3, 2, 1, 2, 3]


# -- trumps ----------------------------------------------------------------------------------------


def test_where_the_trump_card_comes_from() -> None:
    s = spec()
    assert derived.turns_top_card(s.setup) and not derived.trump_card_from_kitty(s.deal) and derived.trump_card_on_stock(s)
    kitty = spec(**{"deal.kitty": {"name": "pot", "form": "dealt", "size": 3}})
    assert derived.trump_card_from_kitty(kitty.deal) and not derived.trump_card_on_stock(kitty)
    hidden = spec(**{"setup.trumps": {"method": "hidden"}})
    assert derived.turns_top_card(hidden.setup) and not derived.trump_card_on_stock(hidden)
    last = spec(**{"setup.trumps": {"method": "last-card"}, "deck.jokers": 1})
    assert not derived.turns_top_card(last.setup) and derived.trump_card_may_be_joker(last)
    assert not derived.trump_card_may_be_joker(spec())  # no jokers


@pytest.mark.parametrize("method,jokers,play,possible", [
    ("none", 0, "top", False),
    ("none", 2, "top", True),       # ranked jokers form a trump suit of their own
    ("none", 2, "wild", False),     # wild jokers are played as natural cards
    ("turn-up", 2, "wild", True),
    ("first-card", 0, "top", True),
])
def test_trumps_possible(method: str, jokers: int, play: str, possible: bool) -> None:
    s = spec(**{"setup.trumps": {"method": method}, "deck.jokers": jokers, "play.jokers": play})
    assert derived.trumps_possible(s) is possible


def test_when_trumps_become_known() -> None:
    for method, at_deal, in_play in (("turn-up", True, False), ("hidden", False, True), ("first-card", False, True),
                                     ("none", False, False), ("majors", True, False)):
        setup = spec(**{"setup.trumps": {"method": method}}).setup
        assert (derived.trumps_known_at_deal(setup), derived.trumps_revealed_in_play(setup)) == (at_deal, in_play), method


def test_a_trump_rule_applies_once_a_hidden_trump_is_turned() -> None:
    """What the static checks rely on when they accept "follow suit or play a trump" with a hidden
    trump card: until the card is turned players must follow suit; afterwards they may also trump."""
    from generator.spec.deck import card_suit

    s = spec(**{"setup.trumps": {"method": "hidden"}, "play.following": "follow-or-trump", "players": {"min": 3, "max": 3}})
    suit_of = [s.deck.suits().index(card_suit(c)) for c in s.deck.cards()]
    game = Game(s)
    before = after = 0
    for seed in range(30):
        state = game.new_initial_state(3, seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(state.current_player())
            legal = state.legal_actions()
            if obs.phase == "play" and obs.trick:
                led = suit_of[obs.trick[0][1]]
                allowed = {led} if obs.trump is None else {led, obs.trump}
                may = [c for c in obs.hand if suit_of[c] in allowed]
                assert sorted(legal) == sorted(may or obs.hand)
                before += obs.trump is None and bool(may)
                after += obs.trump is not None and any(suit_of[c] == obs.trump != led for c in may)
            state.apply_action(rnd.choice(legal))
    assert before and after


def test_wild_jokers_are_never_played_as_themselves() -> None:
    """What the rulebook's "no trumps" with wild jokers rests on: the engine offers a wild joker only
    as a natural card (and the cards already played, hence every trick, hold only natural cards)."""
    s = spec(**{"deck.jokers": 2, "setup.trumps": {"method": "none"}, "play.jokers": "wild", "players": {"min": 3, "max": 3}})
    assert not derived.trumps_possible(s)
    jokers = {s.deck.cards().index(j) for j in ("red joker", "black joker")}
    game = Game(s)
    offered = 0
    for seed in range(20):
        state = game.new_initial_state(3, seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert not jokers & set(legal)
            offered += sum(1 for a in legal if a >= s.deck.size())
            state.apply_action(rnd.choice(legal))
    assert offered  # wild jokers were held and offered as natural cards


# -- the rest --------------------------------------------------------------------------------------


def test_low_suits_and_their_phrase() -> None:
    from generator.text.phrases import one_of_suits

    assert {kind: one_of_suits(derived.low_suits(DeckSpec(kind=kind, order="natural" if kind != "standard" else "ace-high")))
            for kind in SUITS} == {"standard": "a heart or a diamond", "french32": "a heart or a diamond",
                                   "german32": "an acorn or a leaf", "tarot": "a major",
                                       "euchre24": "a heart or a diamond", "italian40": "a coin or a cup",
                                       "spanish40": "a coin or a cup", "spanish48": "a coin or a cup"}


def test_face_values() -> None:
    assert derived.face_values(DeckSpec(kind="standard", order="ace-high"))[0] == ("A", 14)
    assert derived.face_values(DeckSpec(kind="standard", order="ace-low"))[-1] == ("A", 1)
    assert derived.face_values(DeckSpec(kind="tarot", order="natural")) == (("K", 14), ("Q", 13), ("Knight", 12),
                                                                            ("Page", 11), ("A", 1))
    assert derived.face_value(DeckSpec(kind="german32", order="natural"), "Ober") == 12
    assert not derived.numbers_in_play(DeckSpec(kind="standard", order="ace-high", removed=[str(n) for n in range(2, 11)]))


def _decks() -> list[DeckSpec]:
    decks = [DeckSpec(kind=k, order="natural") for k in ("french32", "german32", "tarot")]
    decks += [DeckSpec(kind="standard", order=o) for o in ("ace-high", "ace-low", "no-courts", "two-over-ace",
                                                          "three-two-over-ace")]
    decks += [DeckSpec(kind="standard", order="promoted", promoted=r) for r in ("Q", "J", "7")]
    return decks


@pytest.mark.parametrize("deck", _decks(), ids=lambda d: f"{d.kind}-{d.order}-{d.promoted}")
def test_the_engine_counts_the_face_values_the_rulebook_prints(deck: DeckSpec) -> None:
    table = compile_deck(deck)
    for name, rank, face in zip(table.names, table.rank, table.face):
        if " of " in name:
            assert face == derived.face_value(deck, rank), name


def test_the_engine_counts_an_ace_14_below_promoted_kings() -> None:
    deck = DeckSpec(kind="standard", order="promoted", promoted="K")
    table = compile_deck(deck)
    assert table.face[table.index("A of clubs")] == derived.face_value(deck, "A") == 14


#: Re-derivations the layers used to carry, and must not again: (pattern, what it derives).
REDERIVED = (
    (r'method in \("turn-up", "hidden"\)', "turns_top_card"),
    (r'method in \("turn-up", "hidden", "last-card"\)', "shows_trump_card"),
    (r'form in \("dealt", "undealt"\)', "kitty_at_deal"),
    (r'form not in \("dealt", "undealt"\)', "kitty_at_deal"),
    (r'kitty\.size if kitty and kitty\.form == "dealt"', "kitty_reserve"),
    (r'"hearts", "diamonds"\)', "low_suits"),
    (r'"K": 13, "Q": 12, "J": 11', "COURT_VALUES"),
    (r'jokers > 0 and .*method', "trump_card_may_be_joker"),
    (r'method != "none" or .*jokers', "trumps_possible"),
    (r'TRUMPS_KNOWN_AT_START', "trumps_known_at_deal"),
)
LAYERS = ("generator/sample", "generator/checks", "generator/text", "generator/importer", "generator/publish", "templates")


def test_the_layers_ask_instead_of_deriving_again() -> None:
    found = []
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*")):
            if path.suffix not in (".py", ".j2"):
                continue
            text = path.read_text(encoding="utf-8")
            for pattern, owner in REDERIVED:
                for m in re.finditer(pattern, text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.append(f"{path.relative_to(ROOT)}:{line}: use derived.{owner}")
    assert not found, "\n".join(found)
