"""The climbing engine: what beats what, the turns of a trick, going out, the hand's scoring, and
whole games played by every kind of bot, on hand-written specs covering the climbing fields
(and on sampled climbing specs once the sampler for the family exists)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.bots import make_bot
from generator.engine import Game
from generator.families.climbing.engine.play import Climb
from generator.families.climbing.engine.rules import BLIND, KNOCK, PASS, ClimbRules, cards_of
from generator.families.climbing.engine.scoring import ClimbFacts
from generator.engine.play import play_game
from generator.spec import GameSpec, load_spec
from tests.conftest import budget
from tests.family_helpers import merged_data, play_sampled_games

ROOT = Path(__file__).resolve().parents[1]
PRESIDENT = ROOT / "corpus" / "real" / "president.yaml"

BASE: dict[str, Any] = {
    "naming": {"name": "Test Climb", "country": "en", "adjective": "lively"},
    "players": {"min": 4, "max": 4},
    "deck": {"kind": "standard", "order": "ace-high", "jokers": 0},
    "deal": {"hand_size": "all"},
    "play": {"family": "climbing", "opening_leader": "dealer-left", "leads": "sets", "collection": "set-aside"},
    "scoring": {"kind": "first-out"},
    "ending": {"condition": {"kind": "target", "points": 5}, "ties": "latest-winner"},
}


def spec(**over: Any) -> GameSpec:
    """A climbing spec: BASE with ``over`` merged in (the scoring and the ending replaced whole)."""
    data = merged_data(BASE, over)
    if data["ending"]["condition"]["kind"] != "tokens":
        data["ending"].setdefault("ties", "latest-winner")
    return GameSpec.model_validate(data)


def rules_of(s: GameSpec) -> tuple[ClimbRules, Any]:
    game = Game(s)
    return game.phase(Climb).rules, game.table  # type: ignore[union-attr]


def ids(table, *names: str) -> list[int]:
    return [table.index(n if " of " in n or "joker" in n else n) for n in names]


def mask(table, *names: str) -> int:
    a = 0
    for c in ids(table, *names):
        a |= 1 << c
    return a


def on(rules: ClimbRules, table, hand: list[str], below: list[str] | None) -> set[frozenset[str]]:
    """The plays (as sets of card names) that ``hand`` may lay on the play ``below``."""
    old = rules.classify(mask(table, *below)) if below else None
    return {frozenset(table.names[c] for c in cards_of(a)) for a in rules.plays(ids(table, *hand), old)}


def beats(rules, table, new: list[str], old: list[str]) -> bool:
    return rules.beats(rules.classify(mask(table, *new)), rules.classify(mask(table, *old)))


# -- what beats what ------------------------------------------------------------------------------


def test_a_pair_beats_a_lower_pair_and_nothing_else_of_another_shape() -> None:
    r, t = rules_of(spec())
    assert beats(r, t, ["9 of clubs", "9 of hearts"], ["8 of clubs", "8 of spades"])
    assert not beats(r, t, ["7 of clubs", "7 of hearts"], ["8 of clubs", "8 of spades"])
    assert not beats(r, t, ["8 of diamonds", "8 of hearts"], ["8 of clubs", "8 of spades"])   # equal never beats
    assert not beats(r, t, ["A of clubs"], ["8 of clubs", "8 of spades"])
    plays = on(r, t, ["9 of clubs", "9 of hearts", "A of spades", "3 of clubs"], ["8 of clubs", "8 of spades"])
    assert plays == {frozenset({"9 of clubs", "9 of hearts"})}


def test_leads_follow_the_lead_shapes() -> None:
    r, t = rules_of(spec(play={"leads": "singles"}))
    assert on(r, t, ["9 of clubs", "9 of hearts"], None) == {frozenset({"9 of clubs"}), frozenset({"9 of hearts"})}
    r, t = rules_of(spec())
    assert frozenset({"9 of clubs", "9 of hearts"}) in on(r, t, ["9 of clubs", "9 of hearts"], None)


def test_runs_beat_runs_of_the_same_length_only() -> None:
    r, t = rules_of(spec(play={"leads": "runs", "runs": "any-suit"}))
    run3 = ["5 of clubs", "6 of hearts", "7 of clubs"]
    run4 = ["4 of spades", "5 of spades", "6 of spades", "7 of spades"]
    assert not beats(r, t, ["8 of clubs", "9 of hearts", "10 of clubs"], run4)
    assert beats(r, t, ["8 of clubs", "9 of hearts", "10 of clubs"], run3)
    assert not beats(r, t, ["2 of clubs", "3 of hearts", "4 of clubs"], run3)
    r, t = rules_of(spec(play={"leads": "runs", "runs": "same-suit"}))
    plays = on(r, t, ["5 of clubs", "6 of hearts", "7 of clubs", "6 of clubs"], None)
    assert frozenset({"5 of clubs", "6 of clubs", "7 of clubs"}) in plays
    assert frozenset({"5 of clubs", "6 of hearts", "7 of clubs"}) not in plays


def test_run_wrap() -> None:
    r, t = rules_of(spec(deck={"run_wrap": True}, play={"leads": "runs", "runs": "any-suit"}))
    plays = on(r, t, ["K of clubs", "A of hearts", "2 of clubs", "3 of spades"], None)
    assert frozenset({"K of clubs", "A of hearts", "2 of clubs"}) in plays       # 2nd-top-low
    assert frozenset({"A of hearts", "2 of clubs", "3 of spades"}) not in plays  # top-low-2nd
    # the wrapped run is the highest run of three
    assert beats(r, t, ["K of clubs", "A of hearts", "2 of clubs"], ["Q of clubs", "K of hearts", "A of clubs"])


def test_bombs_and_the_rocket() -> None:
    s = spec(deck={"jokers": 2}, play={"leads": "runs", "runs": "any-suit", "jokers": "top",
                                       "bomb": {"name": "bomb", "rocket": "rocket"}})
    r, t = rules_of(s)
    bomb = ["3 of clubs", "3 of diamonds", "3 of hearts", "3 of spades"]
    assert beats(r, t, bomb, ["8 of clubs", "9 of hearts", "10 of clubs"])                 # a bomb beats a run
    assert beats(r, t, ["4 of clubs", "4 of diamonds", "4 of hearts", "4 of spades"], bomb)  # a higher bomb
    assert beats(r, t, ["red joker", "black joker"], bomb)                                  # the rocket beats a bomb
    assert not beats(r, t, bomb, ["red joker", "black joker"])
    assert not beats(r, t, bomb, ["red joker"])          # a single joker is not beaten by a bomb
    assert beats(r, t, ["red joker"], bomb)              # … and beats one
    assert bomb and frozenset(bomb) in on(r, t, bomb + ["9 of clubs"], ["A of clubs"])   # at any time


def test_a_transparent_card_copies_the_play_beneath() -> None:
    r, t = rules_of(spec(play={"transparent": {"rank": "2", "word": "glass"}}))
    # Issue 35: with equal ranks never beating, a copy that could not beat what it copies could
    # never be laid at all; as the catalogue says, transparent cards are the exception.
    assert frozenset({"2 of clubs"}) in on(r, t, ["2 of clubs"], ["9 of hearts"])   # a copy of the 9 beats it
    assert frozenset({"2 of clubs", "2 of spades"}) in on(r, t, ["2 of clubs", "2 of spades"],
                                                          ["9 of hearts", "9 of clubs"])   # as many, on a set
    copy = r.as_laid(r.classify(mask(t, "2 of clubs")), ids(t, "2 of clubs"), r.classify(mask(t, "9 of hearts")))
    assert not r.beats(r.classify(mask(t, "9 of spades")), copy)   # the next play must beat a 9
    assert r.beats(r.classify(mask(t, "10 of spades")), copy)
    assert frozenset({"2 of clubs"}) in on(r, t, ["2 of clubs"], None)   # led, it is a 2
    assert beats(r, t, ["3 of clubs"], ["2 of hearts"])          # … which a 3 beats


def test_colour_match() -> None:
    r, t = rules_of(spec(play={"colour_match": True}))
    assert beats(r, t, ["7 of hearts"], ["7 of clubs"])
    assert not beats(r, t, ["7 of spades"], ["7 of clubs"])


def test_wild_jokers_in_sets_and_natural_beats_joker() -> None:
    s = spec(deck={"jokers": 2}, play={"jokers": "wild", "natural_beats_joker": True})
    r, t = rules_of(s)
    plays = on(r, t, ["7 of clubs", "red joker"], ["6 of clubs", "6 of hearts"])
    assert plays == {frozenset({"7 of clubs", "red joker"})}
    joker_pair = next(a for a in r.plays(ids(t, "7 of clubs", "red joker"), None) if len(cards_of(a)) == 2)
    assert r.classify(joker_pair).level == r.level[t.index("7 of clubs")]
    natural = r.classify(mask(t, "7 of hearts", "7 of spades"))
    assert r.beats(natural, r.classify(joker_pair))
    assert not r.beats(r.classify(joker_pair), natural)
    # a joker alone is a single of the top rank
    assert beats(r, t, ["red joker"], ["K of clubs"]) and not beats(r, t, ["red joker"], ["A of clubs"])


def test_the_low_bomb_beats_anything() -> None:
    r, t = rules_of(spec(play={"low_bomb": True}))
    assert beats(r, t, ["2 of clubs"], ["A of clubs", "A of hearts"])
    assert not beats(r, t, ["A of spades"], ["2 of clubs"])


def test_sets_crush_and_higher_sets() -> None:
    r, t = rules_of(spec(play={"leads": "singles", "beating": "sets-crush"}))
    assert beats(r, t, ["3 of clubs", "3 of hearts"], ["K of clubs"])
    assert beats(r, t, ["3 of clubs", "3 of hearts", "3 of spades"], ["K of clubs", "K of hearts"])
    assert on(r, t, ["3 of clubs", "3 of hearts"], None) == {frozenset({"3 of clubs"}), frozenset({"3 of hearts"})}
    r, t = rules_of(spec(play={"leads": "singles", "beating": "higher-sets"}))
    assert not beats(r, t, ["3 of clubs", "3 of hearts"], ["K of clubs"])
    assert beats(r, t, ["A of clubs", "A of hearts"], ["K of clubs"])


# -- turns and tricks ------------------------------------------------------------------------------


def started(s: GameSpec, players: int = 4, seed: int = 1):
    game = Game(s, audit=True)
    st_ = game.new_initial_state(players, seed)
    assert st_.decision == "climb"
    return game, st_


def set_hands(state, table, hands: list[list[str]]) -> None:
    """Deal chosen hands (the rest of the pack goes to the set-aside pile, out of play)."""
    state.hands = [sorted(ids(table, *h)) for h in hands]
    held = {c for h in state.hands for c in h}
    state.set_aside = [c for c in range(table.size) if c not in held]
    state.kitty, state.stock = [], []


def test_must_play_and_passing() -> None:
    game, s = started(spec(play={"must_play": True}))
    t = game.table
    set_hands(s, t, [["5 of clubs", "9 of clubs"], ["6 of clubs", "K of clubs"], ["2 of clubs", "3 of clubs"],
                     ["4 of clubs", "8 of clubs"]])
    s.current, s._legal = 0, None
    s.apply_action(mask(t, "5 of clubs"))
    assert s.current == 1 and PASS not in s.legal_actions()     # able, so must play
    s.apply_action(mask(t, "K of clubs"))
    assert s.legal_actions() == [PASS]                           # seat 2 cannot beat a king
    s.apply_action(PASS)
    s.apply_action(PASS)
    s.apply_action(PASS)
    assert s.trick == [] and s.current == 1 and s.to_beat is None   # the last to play leads again


def test_no_rejoin_and_first_pass() -> None:
    game, s = started(spec(play={"leads": "singles", "rejoin": False}))
    t = game.table
    set_hands(s, t, [["5 of clubs", "9 of clubs", "Q of hearts"], ["6 of clubs", "K of clubs", "3 of hearts"],
                     ["2 of clubs", "A of clubs", "4 of hearts"], ["4 of clubs", "8 of clubs", "5 of hearts"]])
    s.current, s._legal = 0, None
    s.apply_action(mask(t, "5 of clubs"))
    s.apply_action(PASS)                                         # seat 1 sits the trick out
    s.apply_action(mask(t, "A of clubs"))
    assert s.current == 3
    s.apply_action(PASS)
    assert s.current == 0
    s.apply_action(PASS)
    assert s.trick == [] and s.current == 2                      # seat 1 was never asked again
    game, s = started(spec(play={"leads": "singles", "trick_end": "first-pass"}))
    set_hands(s, t, [["5 of clubs", "9 of clubs"], ["6 of clubs", "K of clubs"], ["2 of clubs", "A of clubs"],
                     ["4 of clubs", "8 of clubs"]])
    s.current, s._legal = 0, None
    s.apply_action(mask(t, "5 of clubs"))
    s.apply_action(mask(t, "6 of clubs"))
    s.apply_action(PASS)
    assert s.trick == [] and s.current == 1


def test_going_out_and_who_leads_after() -> None:
    president = load_spec(PRESIDENT)
    game, s = started(president)
    t = game.table
    set_hands(s, t, [["5 of clubs"], ["6 of clubs", "K of clubs"], ["2 of clubs", "A of clubs"],
                     ["4 of clubs", "8 of clubs"]])
    s.current, s._legal, s.forced, s.opening_with = 0, None, None, None
    s.apply_action(mask(t, "5 of clubs"))                        # seat 0 goes out
    assert s.out == [0]
    for _ in range(3):
        s.apply_action(PASS)
    assert s.trick == [] and s.current == 1                      # the next still holding cards leads


def test_face_down_rows_blind_card_that_fails_goes_back() -> None:
    game, s = started(spec(deal={"rows": True}, play={"leads": "singles"}))
    t = game.table
    set_hands(s, t, [[], ["K of clubs"], ["A of clubs"], ["Q of clubs"]])
    s.rows_up = [[], [], [], []]
    s.rows_down = [ids(t, "3 of hearts", "J of hearts"), [], [], []]
    s.set_aside = [c for c in s.set_aside if c not in s.rows_down[0]]
    s.game.audit and s.check_cards()
    s.current, s._legal = 3, None
    s.apply_action(mask(t, "Q of clubs"))                        # seat 3 plays its last card
    # seat 3 went out: the hand is over with first-out scoring; start again with a retire game instead
    game, s = started(spec(deal={"rows": True}, play={"leads": "singles"},
                           scoring={"kind": "titles", "first": 2, "retire": True}))
    set_hands(s, t, [[], ["K of clubs", "2 of spades"], ["A of clubs", "3 of spades"], ["Q of clubs", "4 of spades"]])
    s.rows_up = [[], [], [], []]
    s.rows_down = [ids(t, "3 of hearts", "J of hearts"), [], [], []]
    s.set_aside = [c for c in s.set_aside if c not in s.rows_down[0]]
    s.check_cards()
    s.current, s._legal = 3, None
    s.apply_action(mask(t, "Q of clubs"))
    assert s.current == 0 and s.legal_actions() == [PASS, BLIND, BLIND + 1]
    s.apply_action(BLIND)                                        # the 3 of hearts cannot beat a queen
    assert s.rows_down[0] == ids(t, "3 of hearts", "J of hearts") and 0 in s.passed
    assert t.index("3 of hearts") in s.observation(1).public_state().rows_down[0]   # now seen by all
    s.check_cards()


def test_kitty_capture_with_piles_set_aside() -> None:
    s_ = spec(deal={"hand_size": 3, "kitty": {"form": "dealt", "size": 3}},
              play={"leads": "singles", "kitty_capture": {"suit": "hearts"}}, players={"min": 3, "max": 3})
    game, s = started(s_, players=3)
    t = game.table
    set_hands(s, t, [["5 of hearts", "9 of clubs"], ["6 of clubs", "K of clubs"], ["2 of clubs", "3 of clubs"]])
    s.kitty = ids(t, "J of spades", "Q of spades")
    s.set_aside = [c for c in s.set_aside if c not in s.kitty]
    s.current, s._legal = 0, None
    s.apply_action(mask(t, "5 of hearts"))
    s.apply_action(PASS)
    s.apply_action(PASS)
    assert s.kitty == [] and set(ids(t, "J of spades", "Q of spades")) <= set(s.hands[0])
    s.check_cards()


def test_knock_five() -> None:
    game, s = started(spec(scoring={"kind": "card-count", "losers_lose": True, "round_end": "knock-five"},
                           ending={"condition": {"kind": "threshold", "points": 50}}))
    t = game.table
    set_hands(s, t, [["2 of clubs", "3 of clubs"], ["K of clubs", "K of hearts"], ["A of clubs"], ["Q of clubs"]])
    s.current, s._legal = 0, None
    assert KNOCK in s.legal_actions()
    s.apply_action(KNOCK)
    assert s.record.hands[0].scores == [0, -2, -1, -1]


# -- scoring ------------------------------------------------------------------------------------------


def facts(**kw: Any) -> ClimbFacts:
    base = dict(out=[1], hands=[[0, 1], [], [2], [3, 4, 5]], rows=[0, 0, 0, 0], winner=1)
    base.update(kw)
    return ClimbFacts(**base)


def scorer_of(**over: Any):
    return Game(spec(**over)).scorer


def test_shedding_scores() -> None:
    assert scorer_of().score(facts()) == [0, 1, 0, 0]
    assert scorer_of(setup={"pig": {"card": "2 of clubs"}}).score(facts(pig=0)) == [0, 2, 0, 0]
    assert scorer_of(scoring={"kind": "card-count", "losers_lose": False}).score(facts()) == [0, 6, 0, 0]
    lose = scorer_of(scoring={"kind": "card-count", "losers_lose": True, "pig_cards": 4},
                     ending={"condition": {"kind": "threshold", "points": 20}}, setup={"pig": {"card": "A of clubs"}})
    assert lose.score(facts(pig=0)) == [-5, 0, -1, -3]
    values = scorer_of(scoring={"kind": "card-values", "values": {"faces": 10, "aces": 1, "numbers": "pips"}})
    t = Game(spec()).table
    hands = [ids(t, "K of clubs", "5 of hearts"), [], ids(t, "A of spades"), []]
    assert values.score(facts(hands=hands, rows=[0, 0, 2, 0])) == [0, 18, 0, 0]
    double = scorer_of(scoring={"kind": "card-count", "losers_lose": False, "low_finish_double": True})
    low = 1 << t.index("2 of hearts")
    assert double.score(facts(last_play=low)) == [0, 12, 0, 0]


def test_landlord_stake_doubles_per_bomb() -> None:
    sc = scorer_of(players={"min": 3, "max": 3}, deal={"kitty": {"form": "dealt", "size": 3}},
                   bidding={"auction": {"title": "landlord"}}, play={"opening_leader": "landlord"},
                   scoring={"kind": "landlord-stake"})
    f = facts(hands=[[0], [], [2]], rows=[0, 0, 0], landlord=1, landlord_bid=2, bombs=2)
    assert sc.score(f) == [-8, 16, -8]
    f = facts(hands=[[], [1], [2]], rows=[0, 0, 0], out=[0], winner=0, landlord=1, landlord_bid=1, bombs=0)
    assert sc.score(f) == [1, -2, 1]


def test_titles() -> None:
    president = Game(load_spec(PRESIDENT)).scorer
    f = facts(out=[2, 0, 3], hands=[[], [7], [], []], winner=2)
    assert president.titles(f) == (2, 0, 1)
    assert president.score(f) == [1, -1, 3, 0]
    winner_only = scorer_of(scoring={"kind": "titles", "first": 2, "retire": False, "loser_penalty": 2,
                                     "pig": {"who": "loser", "points": -3}}, setup={"pig": {"card": "2 of clubs"}})
    f = facts(pig=0)
    assert winner_only.titles(f) == (1, None, 3)
    assert winner_only.score(f) == [0, 2, 0, -5]


# -- whole hands and games ----------------------------------------------------------------------


def test_titles_card_passing_gives_the_two_highest_and_gets_two_back() -> None:
    game = Game(load_spec(PRESIDENT), audit=True)
    s = game.new_initial_state(4, 5)
    r = random.Random(5)
    while s.hand_no == 0:
        legal = s.legal_actions()
        s.apply_action(legal[r.randrange(len(legal))])
    title, _, loser = s.titles_won
    assert s.decision == "give-back" and s.current == title
    assert len(s.hands[title]) == 15 and len(s.hands[loser]) == 11
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert len(s.hands[title]) == 13 and len(s.hands[loser]) == 13
    assert s.decision == "climb" and s.current == title          # the title holder leads


def test_tokens_shrink_the_hands_and_end_the_game() -> None:
    s_ = spec(deal={"hand_size": 3, "tokens": {"name": "coin"}}, players={"min": 3, "max": 3},
              scoring={"kind": "countdown"}, ending={"condition": {"kind": "tokens"}})
    game = Game(s_, audit=True)
    s = game.new_initial_state(3, 2)
    r = random.Random(2)
    seen_sizes = []
    while not s.terminal:
        if s.decision == "climb" and not s.trick and not s.set_aside:
            seen_sizes.append(tuple(len(h) for h in s.hands))
        legal = s.legal_actions()
        s.apply_action(legal[r.randrange(len(legal))])
    assert s.record.outcome == "natural"
    assert max(s.totals) >= 3 and s.totals[s.record.winner] >= 3
    assert seen_sizes[0] == (3, 3, 3) and any(min(x) < 3 for x in seen_sizes[1:])


def test_the_first_lead_is_the_opening_card() -> None:
    game = Game(load_spec(PRESIDENT))
    s = game.new_initial_state(4, 3)
    assert s.legal_actions() == [1 << game.table.index("3 of clubs")]
    assert s.action_to_string(s.legal_actions()[0]) == "3 of clubs"


def test_describe() -> None:
    game = Game(spec(deck={"jokers": 2}, play={"leads": "runs", "runs": "any-suit", "jokers": "wild"}))
    r, t = game.phase(Climb).rules, game.table
    run = next(a for a in r.plays(ids(t, "5 of clubs", "7 of hearts", "red joker"), None) if len(cards_of(a)) == 3)
    state = game.new_initial_state(4, 0)
    assert state.action_to_string(run) == "5 of clubs, 7 of hearts, red joker as a 6 (a run of 3)"
    assert state.action_to_string(PASS) == "pass"


# -- invariants over many specs ---------------------------------------------------------------


def random_spec(r: random.Random) -> dict:
    """A climbing spec drawn over every field of the play section and the shedding scoring."""
    deck_kind = r.choice(["standard", "standard", "french32", "german32", "tarot"])
    order = {"standard": r.choice(["ace-high", "ace-low", "two-over-ace", "three-two-over-ace"])}.get(deck_kind,
                                                                                                       "natural")
    jokers = r.choice([0, 0, 1, 2]) if deck_kind != "tarot" else 0
    leads = r.choice(["singles", "sets", "runs"])
    beating = r.choice(["higher", "sets-crush", "higher-sets"])
    sets = leads != "singles" or beating != "higher"
    low_bomb = r.random() < 0.2
    ranks = {"standard": "A K Q J 10 9 8 7 6 5 4 3 2", "french32": "A K Q J 10 9 8 7",
             "german32": "A K Ober Unter 10 9 8 7", "tarot": "K Q Knight Page 10 9 8 7 6 5 4 3 2 A"}[deck_kind].split()
    suits = {"german32": ["hearts", "bells", "acorns", "leaves"],
             "tarot": ["cups", "swords", "pentacles", "wands"]}.get(deck_kind, ["clubs", "diamonds", "hearts", "spades"])
    play: dict[str, Any] = {
        "family": "climbing", "opening_leader": r.choice(["dealer", "dealer-left", "holder"]), "leads": leads,
        "runs": r.choice(["same-suit", "any-suit"]) if leads == "runs" else None, "must_play": r.random() < 0.3,
        "beating": beating, "jokers": r.choice(["top", "wild"]) if jokers else "none",
        "natural_beats_joker": r.random() < 0.3, "low_bomb": low_bomb,
        "colour_match": not low_bomb and deck_kind == "standard" and r.random() < 0.3,
        "trick_end": "first-pass" if not sets and r.random() < 0.5 else "all-passed",
        "rejoin": r.random() < 0.7, "collection": r.choice(["trick", "set-aside"])}
    if play["opening_leader"] == "holder":
        play["opening_card"] = f"{r.choice(ranks)} of {r.choice(suits)}"
    if not low_bomb and r.random() < 0.3:
        play["bomb"] = {"name": "bomb", "rocket": "rocket" if jokers == 2 and r.random() < 0.5 else None}
    if r.random() < 0.2:
        play["transparent"] = {"rank": r.choice(ranks)}
    nmin = r.choice([2, 3, 4])
    nmax = min(5 if deck_kind != "standard" else 6, r.choice([nmin, nmin + 1]))
    deal: dict[str, Any] = {"hand_size": "all" if r.random() < 0.6 else r.choice([5, 6])}
    setup: dict[str, Any] = {}
    bidding: dict[str, Any] = {}
    tokens = r.random() < 0.15
    if tokens:
        deal = {"hand_size": r.choice([3, 4]), "tokens": {"name": "coin"}}
    elif r.random() < 0.15 and play["collection"] == "set-aside" and nmax <= 4:
        deal = {"hand_size": 3, "rows": True}
    if r.random() < 0.2 and not deal.get("rows"):
        deal["kitty"] = {"form": "dealt", "size": 3}
        if nmin >= 3 and r.random() < 0.5:
            bidding["auction"] = {"title": "landlord"}
            play["opening_leader"] = "landlord"
            play.pop("opening_card", None)
        else:
            play["kitty_capture"] = r.choice([{"suit": suits[0]}, {"card": f"{ranks[0]} of {suits[1]}"}])
    if r.random() < 0.2:
        setup["pig"] = {"card": f"{ranks[1]} of {suits[2]}", "name": "pig"}
    if deal["hand_size"] != "all" and not tokens and not deal.get("rows") and r.random() < 0.3:
        setup["exchange"] = {"cards": 1}
        deal["misdeal"] = {"suit": suits[0], "must_show": r.random() < 0.5}
    if r.random() < 0.15:
        setup["extra_rules"] = {"kind": r.choice(["bonus", "secret"]), "repeal": r.random() < 0.5}
    ending: dict[str, Any] = {"condition": {"kind": "target", "points": r.choice([3, 5])}, "ties": "latest-winner"}
    if tokens:
        scoring: dict[str, Any] = {"kind": "countdown"}
        ending = {"condition": {"kind": "tokens"}}
    elif play["collection"] == "trick":
        scoring = r.choice([{"kind": "per-trick"}, {"kind": "avoid-suit", "suit": suits[1]}])
        if scoring["kind"] == "avoid-suit":
            ending = {"condition": {"kind": "threshold", "points": 10}, "ties": "latest-winner"}
    else:
        kind = r.choice(["first-out", "card-count", "card-values", "titles",
                         "landlord-stake" if bidding else "first-out"])
        end = {"round_end": "knock-five" if r.random() < 0.2 and not deal.get("rows") else "empty-hand",
               "low_finish_double": r.random() < 0.3}
        if kind == "first-out":
            scoring = {"kind": kind}
        elif kind == "card-count":
            scoring = {"kind": kind, "losers_lose": r.random() < 0.5, "pig_cards": 3, **end}
        elif kind == "card-values":
            scoring = {"kind": kind, "values": {"jokers": 10, "faces": 5, "aces": 1, "pig": 7, "majors": 5},
                       "losers_lose": r.random() < 0.3, **end}
        elif kind == "landlord-stake":
            scoring = {"kind": kind, **end}
        else:
            retire = r.random() < 0.6
            scoring = {"kind": "titles", "first": 3, "second": 1 if retire else None,
                       "vice": "vice" if retire else None, "loser_penalty": r.choice([0, 1]), "retire": retire,
                       "starter": r.choice(["title", "loser"]),
                       "pig": {"who": "title", "points": -2} if r.random() < 0.3 else None,
                       "passing": r.choice([None, {"kind": "best-card"}, {"kind": "two-cards", "returned": 3},
                                            {"kind": "swap-hands"}, {"kind": "loser-deals"}])}
        if scoring.get("losers_lose"):
            ending = {"condition": {"kind": "threshold", "points": 20}, "ties": "latest-winner"}
    return {"naming": BASE["naming"], "players": {"min": nmin, "max": max(nmin, nmax)},
            "deck": {"kind": deck_kind, "order": order, "jokers": jokers,
                     "run_wrap": leads == "runs" and r.random() < 0.3},
            "deal": deal, "setup": setup, "bidding": bidding, "play": play, "scoring": scoring, "ending": ending}


@settings(max_examples=budget(60), deadline=None)
@given(st.integers(0, 2**32))
def test_random_play_keeps_every_card_and_ends(seed: int) -> None:
    """Card conservation (the audit, at every hand's end and determinization) and the end of
    every game, over random climbing specs and random play."""
    s_ = GameSpec.model_validate(random_spec(random.Random(seed)))
    game = Game(s_, audit=True, move_cap=20_000)
    for n in s_.players.counts():
        state = game.new_initial_state(n, seed)
        state.play_random(random.Random(seed).random)
        assert state.terminal and state.record.outcome == "natural"
        assert state.record.winner is not None


@settings(max_examples=budget(25), deadline=None)
@given(st.integers(0, 2**32))
def test_random_play_through_the_api_keeps_every_card(seed: int) -> None:
    """The same one move at a time: the cards add up after every move, and the public copy of
    every player hides what they cannot see."""
    s_ = GameSpec.model_validate(random_spec(random.Random(seed)))
    game = Game(s_, audit=True, move_cap=3000)
    state = game.new_initial_state(s_.players.min, seed)
    r = random.Random(seed)
    for _ in range(300):
        if state.terminal:
            break
        if state.decision == "climb":
            state.check_cards()
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if state.decision == "climb":
            me = state.current
            pub = state.observation(me).public_state()
            for p in range(state.n):
                if p != me:   # only the cards shown to all (swap-hands) are seen
                    assert all(c < 0 or c in state.shown_tops for c in pub.hands[p])
                assert all(c < 0 or c in state.revealed for c in pub.rows_down[p])
            assert all(isinstance(state.action_to_string(a), str) for a in legal)
        state.apply_action(legal[r.randrange(len(legal))])


# -- bots -----------------------------------------------------------------------------------------


def test_greedy_and_trivial_bots_play_president() -> None:
    game = Game(load_spec(PRESIDENT), audit=True)
    for seed, lineup in enumerate((["greedy", "random", "random", "random"], ["highest", "lowest", "greedy-points",
                                                                              "greedy"])):
        rec = play_game(game, 4, seed, [make_bot(b, seed * 10 + i) for i, b in enumerate(lineup)])
        assert rec.outcome == "natural" and rec.winner is not None


@pytest.mark.statistical
def test_greedy_beats_random_at_president() -> None:
    game = Game(load_spec(PRESIDENT))
    wins = 0
    for seed in range(12):
        rec = play_game(game, 4, seed, [make_bot(b, seed * 10 + i) for i, b in
                                        enumerate(["greedy", "random", "random", "random"])])
        wins += rec.winner == 0
    assert wins >= 6


def test_strong_bot_plays_whole_games() -> None:
    """Determinization respects what a player cannot see: other hands, face-down rows, the kitty
    (no fallback to random play means every public copy added up)."""
    specs = [load_spec(PRESIDENT),
             spec(players={"min": 3, "max": 3}, deal={"hand_size": 3, "rows": True}, play={"leads": "singles"},
                  ending={"condition": {"kind": "target", "points": 2}}),
             spec(players={"min": 3, "max": 3}, deal={"hand_size": 6, "kitty": {"form": "dealt", "size": 3}},
                  bidding={"auction": {"title": "landlord"}}, play={"opening_leader": "landlord"},
                  scoring={"kind": "landlord-stake"}, ending={"condition": {"kind": "target", "points": 3}})]
    for i, s_ in enumerate(specs):
        game = Game(s_, audit=True)
        n = s_.players.min
        bots = [make_bot("strong", i, rollouts=1, max_rollouts=6)] + [make_bot("greedy", i + k) for k in range(1, n)]
        rec = play_game(game, n, i, bots)
        assert rec.outcome == "natural"
        assert bots[0].searches > 0 and bots[0].fallbacks == 0


# -- sampled specs (once the family's sampler exists) ------------------------------------------------


@pytest.mark.slow
def test_sampled_climbing_games_play_out() -> None:
    play_sampled_games("climbing", seeds=6, move_cap=50_000)


# -- tricks taken, card passing, laws ------------------------------------------------------------


def test_tricks_taken_end_the_hand_at_the_last_card() -> None:
    s_ = spec(play={"collection": "trick", "leads": "singles"}, scoring={"kind": "avoid-suit", "suit": "hearts"},
              ending={"condition": {"kind": "threshold", "points": 30}})
    game, s = started(s_)
    t = game.table
    set_hands(s, t, [["5 of hearts", "9 of clubs"], ["6 of hearts", "K of clubs"], ["2 of clubs", "3 of clubs"],
                     ["4 of clubs", "8 of clubs"]])
    s.in_play = {c for h in s.hands for c in h}
    s.current, s._legal = 0, None
    s.apply_action(mask(t, "5 of hearts"))
    s.apply_action(mask(t, "6 of hearts"))
    for _ in range(3):
        s.apply_action(PASS)
    assert s.won[1] == ids(t, "5 of hearts", "6 of hearts") and s.current == 1
    s.apply_action(mask(t, "K of clubs"))            # seat 1's last card: the hand ends, no one takes it
    rec = s.record.hands[0]
    assert rec.scores == [0, -2, 0, 0] and rec.tricks == [0, 1, 0, 0]


def _after_first_hand(s_: GameSpec, seed: int):
    game = Game(s_, audit=True)
    s = game.new_initial_state(4, seed)
    r = random.Random(seed)
    while s.hand_no == 0:
        legal = s.legal_actions()
        s.apply_action(legal[r.randrange(len(legal))])
    return game, s


def test_best_card_swap_hands_and_loser_deals() -> None:
    titles = {"kind": "titles", "first": 2, "vice": "vice", "second": 1, "retire": True}
    game, s = _after_first_hand(spec(scoring={**titles, "passing": {"kind": "best-card"}}), 3)
    title, _, loser = s.titles_won
    assert s.decision == "give-back" and s.current == title and len(s.hands[title]) == 14
    s.apply_action(s.legal_actions()[-1])
    assert s.decision == "climb" and len(s.hands[loser]) == 13
    game, s = _after_first_hand(spec(scoring={**titles, "passing": {"kind": "swap-hands"}}), 4)
    title, vice, _ = s.titles_won
    level = game.phase(Climb).rules.level
    shown = s.shown_tops
    best = max(shown, key=lambda c: level[c])
    assert best in s.hands[title] and len(shown) == 4
    game, s = _after_first_hand(spec(scoring={**titles, "passing": {"kind": "loser-deals"}}), 5)
    assert s.dealer == s.titles_won[2]


def test_invented_laws_act_on_plays() -> None:
    from generator.engine.laws import LawInForce
    from generator.spec.laws import Law

    game, s = started(spec(setup={"extra_rules": {"kind": "bonus"}}, play={"leads": "singles"}), seed=4)
    t = game.table
    set_hands(s, t, [["5 of clubs", "9 of clubs"], ["6 of hearts", "K of clubs", "7 of spades"],
                     ["2 of clubs", "A of clubs"], ["4 of clubs", "8 of clubs"]])
    everyone = set(range(4))
    s.laws = [LawInForce(Law("no-lead", rank="5"), 0, False, set(everyone)),
              LawInForce(Law("no-suit-after", suit="hearts", after="clubs"), 0, False, set(everyone)),
              LawInForce(Law("after-rank", rank="9", effect="reverse"), 0, False, set(everyone))]
    s.current, s._legal = 0, None
    assert s.legal_actions() == [mask(t, "9 of clubs")]       # no 5 may be led
    s.apply_action(mask(t, "9 of clubs"))                       # … and a 9 reverses play
    assert s.current == 3
    s.apply_action(PASS)
    s.apply_action(PASS)
    assert s.current == 1
    assert mask(t, "K of clubs") in s.legal_actions() and not any(
        a == mask(t, "6 of hearts") for a in s.legal_actions())   # no heart after a club (nor too low)


def test_the_strong_bot_merges_singles_of_a_rank_only_when_they_are_interchangeable() -> None:
    from generator.families.climbing.bots import distinct

    game, s = started(spec(scoring={"kind": "card-count", "losers_lose": False, "round_end": "knock-five"}))
    t = game.table
    set_hands(s, t, [["2 of clubs", "2 of hearts"], ["K of clubs"], ["A of clubs"], ["Q of clubs"]])
    s.current, s._legal = 0, None
    legal = s.legal_actions()
    assert KNOCK in legal
    merged = distinct(s.observation(0), legal)
    assert KNOCK in merged and mask(t, "2 of clubs") in merged and mask(t, "2 of hearts") not in merged
    game, s = started(spec(play={"colour_match": True}))
    set_hands(s, game.table, [["2 of clubs", "2 of hearts"], ["K of clubs"], ["A of clubs"], ["Q of clubs"]])
    s.current, s._legal = 0, None
    assert distinct(s.observation(0), s.legal_actions()) == s.legal_actions()


def test_president_the_holder_of_the_three_of_clubs_opens_with_any_lead_that_includes_it() -> None:
    """Issue 31: President's usual rule (``opening_play`` 'with'): a pair or triple of threes may
    open; today's 'alone' leads the 3 of clubs as a single."""
    from generator.engine import Game as _Game
    from generator.text.parse import parse_markdown
    from generator.text.render import render_markdown

    president = load_spec(ROOT / "corpus" / "real" / "president.yaml")
    assert president.play.opening_play == "with"
    for opening in ("alone", "with"):
        data = president.model_dump(mode="json")
        data["play"]["opening_play"] = opening
        s = GameSpec.model_validate(data)
        text = render_markdown(s)
        assert parse_markdown(text).rules() == s.rules()
        game = _Game(s)
        three = game.table.index("3 of clubs")
        seen_sets = False
        for seed in range(40):
            state = game.new_initial_state(4, seed)
            legal = state.legal_actions()
            assert all(a >> three & 1 for a in legal)
            assert state.hands[state.current].count(three) == 1
            if opening == "alone":
                assert legal == [1 << three]
            else:
                seen_sets |= any(bin(a).count("1") > 1 for a in legal)
        assert opening == "alone" or seen_sets
    with pytest.raises(ValueError, match="opening_play"):
        GameSpec.model_validate({**president.model_dump(mode="json"),
                                 "play": {**president.model_dump(mode="json")["play"], "opening_leader": "dealer",
                                          "opening_card": None, "opening_play": "with"}})

