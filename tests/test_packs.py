"""The packs of real games beyond the seed book (issue 33) and their rank orders, in every layer:
the spec (sizes, suits, names, orders holding every rank once), the rulebook (the pack's sentence,
each order's rank list, both colours' lists under reversed pips, read back), the engine (the
Tresette order and reversed pips decide tricks; cards conserved through play), the checks (what
cannot work is refused with a reason) and the sampler (drawn only when asked, from a stream of
their own, so that every seed's game without them is what it was)."""

from __future__ import annotations

import random
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.checks import check_spec
from generator.engine import Game
from generator.engine.cards import compile_deck
from generator.families import FAMILIES
from generator.rulebook import render_markdown
from generator.sample import deck as sample_deck
from generator.sample import sample_game
from generator.spec import DeckSpec, GameSpec, derived, load_spec, spec_from_data
from generator.spec.io import SpecError
from generator.spec.deck import COURTS, PACK_ORDERS, REAL_PACKS
from generator.table.cards import face
from tests.conftest import budget, make_spec, whist_with
from tests.family_helpers import round_trip
from tests.test_engine import winner

ROOT = Path(__file__).resolve().parents[1]
TRESETTE = ROOT / "corpus" / "real" / "tresette.yaml"

SIZES = {"italian40": 40, "spanish40": 40, "spanish48": 48, "euchre24": 24}
LATIN = ("coins", "cups", "swords", "batons")


def deck_of(kind: str, order: str = "natural", **more) -> DeckSpec:
    return DeckSpec(kind=kind, order=order, **more)


def orders_of(kind: str) -> list[tuple[str, str | None]]:
    """Every order a pack takes, with each rank that may be promoted for 'promoted'."""
    out = []
    for order in PACK_ORDERS[kind]:
        if order == "promoted":
            base = deck_of(kind, "ace-high").full_order()
            out += [("promoted", r) for r in base if r != "A"]
        else:
            out.append((order, None))
    return out


# -- the spec ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", REAL_PACKS)
def test_each_real_pack_has_its_cards(kind: str) -> None:
    deck = deck_of(kind)
    cards = deck.cards()
    assert deck.size() == len(set(cards)) == SIZES[kind]
    assert len(deck.ranks()) * 4 == SIZES[kind]
    assert deck.suits() == (LATIN if kind != "euchre24" else ("clubs", "diamonds", "hearts", "spades"))


def test_the_courts_are_named_as_card_players_name_them() -> None:
    assert "Horse of cups" in deck_of("italian40").cards()
    assert "Knight of batons" in deck_of("spanish40").cards()
    assert deck_of("italian40").ranks() == ("K", "Horse", "J", "7", "6", "5", "4", "3", "2", "A")
    assert deck_of("spanish48").ranks() == ("K", "Knight", "J", "9", "8", "7", "6", "5", "4", "3", "2", "A")
    assert deck_of("euchre24").ranks() == ("A", "K", "Q", "J", "10", "9")


@pytest.mark.parametrize("kind", list(PACK_ORDERS))
def test_every_order_of_a_pack_holds_each_of_its_ranks_once(kind: str) -> None:
    """(The standard pack's "no courts" is the one order that leaves ranks out: the courts.)"""
    ranks = deck_of(kind, PACK_ORDERS[kind][0]).full_order()
    for order, promoted in orders_of(kind):
        full = deck_of(kind, order, promoted=promoted).full_order()
        kept = [r for r in ranks if r not in COURTS[kind]] if order == "no-courts" else ranks
        assert sorted(full) == sorted(kept) and len(set(full)) == len(full), (kind, order, promoted)


def test_tresette_and_botifarra_orders() -> None:
    assert deck_of("italian40", "three-two-over-ace").ranks() == (
        "3", "2", "A", "K", "Horse", "J", "7", "6", "5", "4")
    assert deck_of("spanish48", "promoted", promoted="9").ranks() == (
        "9", "A", "K", "Knight", "J", "8", "7", "6", "5", "4", "3", "2")


def test_face_values_of_the_latin_packs() -> None:
    """An Italian 7 is worth 7; the courts their printed numbers; an Ace is a One in any order."""
    tresette = deck_of("italian40", "three-two-over-ace")
    assert [derived.face_value(tresette, r) for r in ("7", "J", "Horse", "K", "A")] == [7, 8, 9, 10, 1]
    assert [derived.face_value(deck_of("spanish48"), r) for r in ("9", "J", "Knight", "K", "A")] == [9, 10, 11, 12, 1]


@pytest.mark.parametrize("kind,order", [("italian40", "ace-low"), ("euchre24", "ace-high"),
                                        ("spanish40", "no-courts"), ("french32", "three-two-over-ace")])
def test_an_order_a_pack_cannot_take_is_refused(kind: str, order: str) -> None:
    spec = make_spec(**{"deck.kind": kind, "deck.order": order})
    assert [(p.code, p.field) for p in check_spec(spec)] == [("DECK_INCONSISTENT", "deck.order")]


def test_reversed_pips_of_a_red_suit() -> None:
    deck = deck_of("standard", "ace-low", reversed_pips="red")
    assert deck.suit_order("hearts") == ("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
    assert deck.suit_order("spades") == deck.ranks()
    assert deck.suit_order("clubs") == ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")


@pytest.mark.parametrize("changes,words", [
    ({"kind": "italian40", "order": "natural", "reversed_pips": "red"}, "has no red or black suits"),
    ({"kind": "standard", "order": "two-over-ace", "reversed_pips": "black"}, "puts pips above the courts"),
])
def test_reversed_pips_that_cannot_be_are_a_readable_error(tmp_path: Path, changes: dict, words: str) -> None:
    data = whist_with(**{f"deck.{k}": v for k, v in changes.items()})
    with pytest.raises(SpecError) as err:
        spec_from_data(data, tmp_path / "game.yaml")
    assert "deck" in str(err.value) and words in str(err.value)


def test_a_pack_without_reversed_pips_writes_no_field() -> None:
    """Every spec file written before the field existed is written the same."""
    assert "reversed_pips" not in make_spec().model_dump()
    assert make_spec(**{"deck.reversed_pips": "red"}).model_dump()["deck"]["reversed_pips"] == "red"


# -- the rulebook -------------------------------------------------------------------------------

def _trick_game(kind: str, order: str, promoted: str | None = None, reversed_pips: str | None = None) -> GameSpec:
    spec = load_spec(TRESETTE).rules()
    deck = DeckSpec(kind=kind, order=order, promoted=promoted, reversed_pips=reversed_pips)
    return spec.model_copy(update={"deck": deck})


ROUND_TRIPS = ([(kind, order, promoted, None) for kind in REAL_PACKS + ("french32",) for order, promoted in orders_of(kind)]
               + [(kind, order, None, colour) for kind, order in (("standard", "ace-high"), ("standard", "ace-low"),
                                                                  ("french32", "natural"), ("euchre24", "natural"))
                  for colour in ("red", "black")])


@pytest.mark.parametrize("kind,order,promoted,colour", ROUND_TRIPS)
def test_every_new_pack_and_order_reads_back(kind: str, order: str, promoted: str | None, colour: str | None) -> None:
    round_trip(_trick_game(kind, order, promoted, colour), f"{kind} {order} {promoted} {colour}")


def test_the_rulebook_prints_the_pack_and_its_order() -> None:
    text = render_markdown(load_spec(TRESETTE))
    assert "The game uses a 40-card Italian-suited pack in four suits: coins, cups, swords and batons." in text
    assert "Threes and Twos rank above Aces, the Threes highest." in text
    assert "In each suit the cards rank, from high to low: 3, 2, Ace, King, Horse, Jack, 7, 6, 5, 4." in text


def test_the_rulebook_prints_both_colours_under_reversed_pips() -> None:
    text = render_markdown(_trick_game("standard", "ace-low", reversed_pips="red"))
    assert ("In the red suits (diamonds and hearts) the pips run the other way, and the cards rank, from high to "
            "low: King, Queen, Jack, Ace, 2, 3, 4, 5, 6, 7, 8, 9, 10.") in text
    assert ("In the black suits (clubs and spades) the cards rank, from high to low: King, Queen, Jack, 10, 9, 8, "
            "7, 6, 5, 4, 3, 2, Ace.") in text


def test_the_piquet_pack_is_called_so() -> None:
    text = render_markdown(_trick_game("french32", "natural"))
    assert "The game uses a 32-card French-suited piquet pack in four suits" in text


# -- the engine ---------------------------------------------------------------------------------

def test_the_tresette_order_decides_tricks() -> None:
    tresette = {"deck.kind": "italian40", "deck.order": "three-two-over-ace", "setup.trumps": {"method": "none"}}
    assert winner(tresette, ["A of cups", "K of cups", "3 of cups", "2 of cups"]) == 2
    assert winner(tresette, ["4 of cups", "3 of coins", "7 of cups", "Horse of cups"]) == 3
    natural = {**tresette, "deck.order": "natural"}
    assert winner(natural, ["A of cups", "K of cups", "3 of cups", "2 of cups"]) == 1


def test_botifarra_nines_beat_aces() -> None:
    botifarra = {"deck.kind": "spanish48", "deck.order": "promoted", "deck.promoted": "9",
                 "setup.trumps": {"method": "none"}}
    assert winner(botifarra, ["A of swords", "9 of swords", "K of swords"]) == 1


def test_red_pips_are_reversed_in_red_suits_only() -> None:
    red = {"deck.order": "ace-low", "deck.reversed_pips": "red", "setup.trumps": {"method": "none"}}
    assert winner(red, ["10 of hearts", "2 of hearts", "A of hearts"]) == 2      # the Ace tops a red suit's pips
    assert winner(red, ["10 of spades", "2 of spades", "A of spades"]) == 0      # a black suit as usual
    assert winner(red, ["A of hearts", "J of hearts"]) == 1                      # courts stay above
    table = compile_deck(make_spec(**red).deck)
    hearts = sorted(table.strength[c] for c in table.cards_of(table.suit_names.index("hearts")))
    spades = sorted(table.strength[c] for c in table.cards_of(table.suit_names.index("spades")))
    assert hearts == spades   # a suit's strengths are the same numbers, in another order


def test_the_play_table_tells_the_latin_suits_apart() -> None:
    table = compile_deck(deck_of("italian40"))
    signs = {face(table, table.index(f"7 of {s}")).short for s in LATIN}
    assert len(signs) == 4


# -- the checks ---------------------------------------------------------------------------------

def test_reversed_pips_where_a_rule_compares_suits_are_refused() -> None:
    spec = make_spec(**{"deck.order": "ace-low", "deck.reversed_pips": "red", "play.winner": "any-suit"})
    assert ("RULE_CONFLICT", "deck.reversed_pips") in [(p.code, p.field) for p in check_spec(spec)]


def test_reversed_pips_with_a_trump_named_by_its_place_are_refused() -> None:
    spec = make_spec(**{"deck.order": "ace-low", "deck.reversed_pips": "black", "setup.top_trump_point": True})
    problems = [(p.code, p.field) for p in check_spec(spec)]
    assert ("RULE_CONFLICT", "setup.top_trump_point") in problems


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != "trick-taking"])
def test_reversed_pips_are_refused_where_runs_or_sets_read_one_rank_list(family: str) -> None:
    spec = sample_game(3, family).spec
    spec = spec.model_copy(update={"deck": DeckSpec(kind="standard", order="ace-high", reversed_pips="red")})
    reasons = [p for p in check_spec(spec) if p.field == "deck.reversed_pips"]
    assert reasons and "rank list" in reasons[0].message


# -- the sampler --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_without_the_real_packs_every_seed_keeps_its_game(seed: int) -> None:
    assert sample_game(seed).spec == sample_game(seed, real_packs=False).spec


def test_the_real_packs_are_drawn_from_their_own_stream() -> None:
    """With them, a seed that draws no real pack and no reversal gives the game it gave without."""
    same = drawn = 0
    for seed in range(40):
        plain, real = sample_game(seed).spec, sample_game(seed, real_packs=True).spec
        assert real == sample_game(seed, real_packs=True).spec       # deterministic from the seed
        if real.deck.kind in REAL_PACKS or real.deck.reversed_pips:
            drawn += 1
        else:
            same += 1
            assert real == plain, seed
    assert drawn and same


@pytest.mark.slow
@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=budget(10), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_on_a_real_pack_conserves_its_cards(family: str, seed: int) -> None:
    """With the real packs always drawn: the game passes its checks, reads back from its rulebook,
    and plays to its end at every player count with every card in one place (the audit)."""
    with mock.patch.object(sample_deck, "REAL_PACK_CHANCE", 1):
        spec = sample_game(seed, family, real_packs=True).spec
    assert spec.deck.kind in REAL_PACKS and spec.deck.size() == SIZES[spec.deck.kind]
    assert check_spec(spec) == []
    round_trip(spec, f"{family} seed {seed}")
    game = Game(spec, audit=True, move_cap=4000)
    for n in spec.players.counts():
        state = game.new_initial_state(n, seed)
        state.play_random(random.Random(seed).random)
        assert state.is_terminal()
        assert sorted(state.game.table.names) == sorted(spec.deck.cards())


@pytest.mark.slow
def test_tresette_plays_and_passes_the_playtest() -> None:
    from generator.playtest import playtest

    report = playtest(load_spec(TRESETTE), games=40, seed=1)
    assert report.verdict == "pass"


def test_a_run_in_tresettes_order_follows_the_printed_rank_list() -> None:
    """A melding game on the Italian pack in Tresette's order: 3-2-Ace and Jack-7-6 are runs (next to
    each other in the printed list); 4-3-2, numbers in a row but not neighbours in this list, is not."""
    from generator.families.melding.engine.play import Turn
    from tests.test_engine_melding import spec as meld_spec

    s = meld_spec(deck={"kind": "italian40", "order": "three-two-over-ace", "jokers": 0})
    assert check_spec(s) == []
    game = Game(s)
    rules, t = game.phase(Turn).rules, game.table
    run = lambda *names: rules.arrange([t.index(f"{n} of cups") for n in names], 0)  # noqa: E731
    assert run("3", "2", "A") is not None and run("J", "7", "6") is not None
    assert run("A", "K", "Horse") is not None
    assert run("4", "3", "2") is None      # the 4 is the lowest rank, far from the 3


@pytest.mark.parametrize("kind,players,each", [("euchre24", 5, 5), ("italian40", 5, 9), ("spanish48", 6, 9)])
def test_a_deal_the_smaller_packs_cannot_give_is_refused(kind: str, players: int, each: int) -> None:
    spec = make_spec(**{"deck.kind": kind, "deck.order": "natural", "players.min": players, "players.max": players,
                        "deal.hand_size": each, "setup.trumps": {"method": "none"}})
    assert [(p.code, p.field, p.players) for p in check_spec(spec)] == [("DEAL_IMPOSSIBLE", "deal.hand_size", players)]


def test_every_table_of_packs_knows_every_pack() -> None:
    """Each place that looks a pack up by its kind has a row for every pack (a new pack added to
    ``DeckKind`` and forgotten in one of them fails here, not in a game)."""
    from typing import get_args

    from generator.spec.deck import ACE_HIGH_OF, NATURAL_ORDERS, SUITS, TRUMP_ROTATION, DeckKind
    from generator.text.quickref import PACK_NAMES

    kinds = set(get_args(DeckKind))
    for table in (SUITS, TRUMP_ROTATION, PACK_ORDERS, COURTS, derived.LOW_SUITS, derived.COURT_VALUES, PACK_NAMES):
        assert set(table) == kinds
    for kind, orders in PACK_ORDERS.items():
        assert ("natural" in orders) == (kind in NATURAL_ORDERS)
        # the orders that move ranks of an Ace-high list need the pack's list (the Tens below the
        # Aces can move the natural order's Ten instead)
        assert (set(orders) - {"natural", "ace-ten"} != set()) == (kind in ACE_HIGH_OF)
        for order in orders:
            assert deck_of(kind, order, promoted=ACE_HIGH_OF[kind][-1] if order == "promoted" else None).size() > 0
