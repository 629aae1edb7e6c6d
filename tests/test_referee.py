"""The independent referee (issue 31): for each family, rules written from the rulebook's
sentences (``tests/referee/<family>.py``) check every legal set, every trick or pile and every
hand's scores of games the engine plays; and the regressions of what it found."""

from __future__ import annotations

import pytest

from generator.engine.cards import compile_deck
from generator.engine.laws import LawBook
from generator.sample import sample_game
from generator.spec.laws import Law
from tests.conftest import make_spec
from tests.referee.drive import referee_family, referee_game

# -- the referee over sampled games -----------------------------------------------------------

#: Seeds whose specs hold the modules a short run must reach: wild jokers and the joker lead (142),
#: invented laws in a tarot pack (574), a boost trick, breaking and kitty capture among the rest.
TRICK_SEEDS = (0, 1, 2, 3, 142, 574)


def test_the_trick_taking_referee_agrees_with_the_engine():
    tally = referee_family("trick-taking", TRICK_SEEDS)
    assert tally.disagreements == []
    assert tally.games >= 20 and tally.moves > 2_000 and tally.hands > 100


@pytest.mark.slow
def test_the_trick_taking_referee_agrees_over_a_larger_sample():
    tally = referee_family("trick-taking", range(100, 160))
    assert tally.disagreements == [] and tally.games > 150


#: Climbing specs with a low bomb (3), wild jokers in runs and a pig taken in a trick (12).
CLIMB_SEEDS = (3, 12)


@pytest.mark.parametrize("seed", CLIMB_SEEDS)
def test_the_climbing_referee_agrees_with_the_engine(seed):
    spec = sample_game(seed, family="climbing").spec
    tally = referee_game(spec, spec.players.min, seed)
    assert tally.disagreements == []
    assert tally.moves > 50 and tally.tricks > 10


@pytest.mark.slow
def test_the_climbing_referee_agrees_over_a_larger_sample():
    # specs of short games, a game at each count (a few climbing games run for thousands of moves under
    # random play, 107 and 110 among them: benchmarks/referee.py runs hundreds of specs)
    tally = referee_family("climbing", [*range(100, 107), 108, 109, 111, *range(112, 118)])
    assert tally.disagreements == [] and tally.games > 40


def test_the_referee_catches_an_engine_that_gives_a_trick_to_the_wrong_card(monkeypatch):
    """Not vacuous: a trick given to its first card instead of its best is a disagreement."""
    from generator.families.trick_taking.engine.rules import TrickRules
    monkeypatch.setattr(TrickRules, "winner", lambda self, trick, eff, trump, anti: 0)
    spec = sample_game(0, family="trick-taking").spec
    tally = referee_game(spec, spec.players.min, 1)
    assert len(tally.disagreements) == 1 and "the rulebook to seat" in tally.disagreements[0]


# -- what the referee found ------------------------------------------------------------------

def test_a_rank_law_does_not_catch_the_tarot_major_of_that_number():
    """Found by the referee (spec seed 574): "No Two may be led" barred The High Priestess (II)
    too, since the card table labels a major with its number; a major has a number, not a rank."""
    spec = make_spec(**{"deck.kind": "tarot", "deck.order": "natural", "deal.hand_size": 15})
    table = compile_deck(spec.deck)
    book = LawBook(table, table.suit_names, spec.deck.ranks())
    eff = list(table.suit)
    no_two = Law("no-lead", rank="2")
    assert book.forbids(no_two, table.index("2 of cups"), [], eff)
    assert not book.forbids(no_two, table.index("major 2"), [], eff)
    from generator.engine.laws import LawInForce
    skip = [LawInForce(Law("after-rank", rank="9", effect="skip"), 0, False, {0})]
    assert book.effects(skip, table.index("9 of swords")) == ["skip"]
    assert book.effects(skip, table.index("major 9")) == []


def test_a_boost_trick_is_led_by_a_card_of_the_rank_not_the_major_of_that_number():
    """Found by the referee (spec seeds 812, 869, 1048 …): a trick led with The High Priestess
    (II) went round twice in a game whose boost rank is the Two."""
    spec = make_spec(**{"deck.kind": "tarot", "deck.order": "natural", "deal.hand_size": 15,
                        "setup.trumps": {"method": "none"}, "play.boost": {"rank": "2", "name": "boost"}})
    from generator.engine.state import Game
    game = Game(spec)
    led = {}
    for seed in range(60):
        state = game.new_initial_state(4, seed)
        if state.decision != "play":
            continue
        hand = [game.table.names[c] for c in state.legal_actions()]
        for card in ("major 2", "2 of cups"):
            if card in hand and card not in led:
                state.apply_action(game.table.index(card))
                led[card] = state.boosted
                break
    assert led == {"major 2": False, "2 of cups": True}


def test_a_major_is_of_a_rank_not_yet_played_and_a_seven_follows_the_major_seven():
    """Found by the referee (spec seed 1247): with "a card of a rank not yet played" a Seven was
    barred after the major VII, and a major allowed only when its number was not played as a rank."""
    from generator.families.trick_taking.engine.rules import TrickRules
    from generator.engine.cards import effective_suits
    spec = make_spec(**{"deck.kind": "tarot", "deck.order": "natural", "deal.hand_size": 15,
                        "setup.trumps": {"method": "none"}, "play.otherwise": "new-rank"})
    t = compile_deck(spec.deck)
    rules, eff = TrickRules(spec, t), effective_suits(t, None)
    ids = lambda *names: [t.index(n) for n in names]   # noqa: E731
    hand = ids("7 of swords", "Knight of swords")
    got = rules.legal(hand, ids("major 7"), eff, None, False, False)
    assert sorted(t.names[c] for c in got) == ["7 of swords", "Knight of swords"]
    got = rules.legal(ids("10 of cups", "major 10"), ids("A of swords", "10 of swords"), eff, None, False, False)
    assert [t.names[c] for c in got] == ["major 10"]


CLIMB = {"naming": {"name": "Test Climb", "country": "en", "adjective": "lively"}, "players": {"min": 4, "max": 4},
         "deck": {"kind": "standard", "order": "ace-high", "jokers": 2}, "deal": {"hand_size": "all"},
         "play": {"family": "climbing", "opening_leader": "dealer-left", "leads": "runs", "runs": "any-suit",
                  "jokers": "wild", "collection": "set-aside"},
         "scoring": {"kind": "first-out"}, "ending": {"condition": {"kind": "target", "points": 5},
                                                     "ties": "latest-winner"}}


def test_a_wild_joker_in_a_run_may_stand_for_a_rank_its_player_holds():
    """Found by the referee (spec seeds 12, 19): "it stands for any card of the pack's ranks", yet
    a joker filled only ranks its player lacked, so 5♥-joker-joker as 5-6-7 was refused to a
    player holding a Six."""
    from generator.engine.state import Game
    from generator.families.climbing.engine.play import Climb, describe_play
    from generator.spec import GameSpec
    game = Game(GameSpec.model_validate(CLIMB))
    rules, t = game.phase(Climb).rules, game.table
    hand = [t.index(n) for n in ("5 of hearts", "6 of hearts", "red joker", "black joker")]
    said = {describe_play(rules, game.spec.deck.ranks(), a) for a in rules.plays(hand, None)}
    assert "5 of hearts, red joker as a 6, black joker as a 7 (a run of 3)" in said
    assert "6 of hearts, 5 of hearts, red joker as a 7 (a run of 3)" in said


def test_the_lowest_card_once_played_is_beaten_only_by_what_beats_every_play():
    """Found by the referee (spec seeds 1, 3): the engine let nothing but a lone joker or the
    rocket beat the low bomb, while the rulebook said only that it "may be played on any play, and
    beats it" — by its other rules a higher single beat it. The rulebook now says so."""
    from generator.rulebook import render_markdown
    from generator.spec import GameSpec
    from generator.text.parse import parse_markdown
    data = {**CLIMB, "play": {**CLIMB["play"], "jokers": "top", "low_bomb": True, "bomb": {"name": "bomb", "rocket": "rocket"}}}
    spec = GameSpec.model_validate(data)
    text = render_markdown(spec)
    assert ("A single card of the lowest rank (a Two) may be played on any play, a bomb included, and beats it; "
            "nothing then beats it but a joker played alone or the rocket.") in text
    back = parse_markdown(text)
    assert getattr(back, "spec", back).rules() == spec.rules()


def _climb(**play):
    from generator.spec import GameSpec
    return GameSpec.model_validate({**CLIMB, "play": {**CLIMB["play"], **play}})


def test_a_wild_joker_played_alone_is_no_transparent_card():
    """Found by the referee (spec seeds 104, 106, 110): a lone wild joker laid on a King took the
    King's rank as a transparent card would, so a King beat it; "played alone it is a single card
    of the highest rank"."""
    from generator.engine.state import Game
    from generator.families.climbing.engine.play import Climb
    spec = _climb(transparent={"rank": "6", "word": "glass"})
    game = Game(spec)
    rules, t = game.phase(Climb).rules, game.table
    king = rules.classify(1 << t.index("K of clubs"))
    joker = 1 << t.index("red joker")
    assert rules.as_laid(rules.classify(joker), [t.index("red joker")], king).level == rules.top_level - 1
    six = [t.index("6 of hearts")]
    assert rules.as_laid(rules.classify(1 << six[0]), six, king).level == king.level   # a Six still is


def test_a_trick_holding_a_joker_does_not_count_in_climbing_when_the_rulebook_says_so():
    """Found by the referee (spec seed 104): "A trick that holds a joker does not count as a trick
    won" was printed for a climbing game whose piles are tricks, and the engine counted it."""
    from generator.families.climbing.engine.scoring import ClimbFacts, ClimbScorer
    from generator.spec import GameSpec
    data = {**CLIMB, "play": {**CLIMB["play"], "collection": "trick"},
            "scoring": {"kind": "per-trick", "extras": {"joker_tricks": "void"}}}
    spec = GameSpec.model_validate(data)
    scorer = ClimbScorer(spec, compile_deck(spec.deck))
    facts = ClimbFacts([0], [[], [], [], []], [0] * 4, 0, 0, None, None, 0, 0, 0,
                       tricks=[3, 1, 0, 0], won=[[], [], [], []], joker_tricks=[1, 1, 0, 0])
    assert scorer.score(facts) == [2, 0, 0, 0]


def test_the_lowest_rank_may_not_be_both_the_low_bomb_and_transparent():
    """Found by the referee (spec seed 49): with Twos the lowest rank and transparent, the rulebook
    said a Two beats any play and, laid on a play, counts as its rank: a static check now refuses it."""
    from generator.checks import check_spec
    spec = _climb(leads="sets", jokers="none", low_bomb=True, transparent={"rank": "2", "word": "invisible"})
    spec = spec.model_copy(update={"deck": spec.deck.model_copy(update={"jokers": 0})})
    assert "play.transparent" in {p.field for p in check_spec(spec)}


# -- matching --------------------------------------------------------------------------------

REAL = __import__("pathlib").Path(__file__).resolve().parents[1] / "corpus" / "real"


@pytest.mark.parametrize("name", ["crazy-eights", "switch"])
def test_the_matching_referee_agrees_with_the_engine_on_the_real_games(name):
    from generator.spec import load_spec

    spec = load_spec(REAL / f"{name}.yaml")
    tally = referee_game(spec, 4, 3)
    assert tally.disagreements == []
    assert tally.moves > 100 and tally.hands >= 1


#: Sampled matching specs whose random games are short (some run for hundreds of thousands of
#: moves: benchmarks/referee.py runs hundreds of specs), with hands scored by the cards left.
MATCH_SEEDS = (0, 2, 4, 6, 7, 8, 9, 10, 11)


def test_the_matching_referee_agrees_over_sampled_games():
    tally = referee_family("matching", MATCH_SEEDS)
    assert tally.disagreements == []
    assert tally.games >= 20 and tally.moves > 20_000 and tally.hands > 50


@pytest.mark.slow
def test_the_matching_referee_agrees_over_a_larger_sample():
    tally = referee_family("matching", range(12, 40))
    assert tally.disagreements == [] and tally.games > 60


def test_the_matching_referee_catches_a_card_that_does_not_match(monkeypatch):
    """Not vacuous: an engine that lets every card be played is caught at once."""
    from generator.families.matching.engine.rules import MatchRules
    from generator.spec import load_spec

    real = MatchRules.__init__

    def every_card_always(self, spec, table):
        real(self, spec, table)
        self.always_rank = [True] * len(self.always_rank)

    monkeypatch.setattr(MatchRules, "__init__", every_card_always)
    tally = referee_game(load_spec(REAL / "crazy-eights.yaml"), 4, 3)
    assert tally.disagreements and "the rulebook forbids" in tally.disagreements[0]


def test_the_matching_referee_catches_a_wrong_score(monkeypatch):
    from generator.engine.shedding.scoring import SheddingScorer
    from generator.spec import load_spec

    real = SheddingScorer.score
    monkeypatch.setattr(SheddingScorer, "score", lambda self, f: [s + 1 for s in real(self, f)])
    tally = referee_game(load_spec(REAL / "crazy-eights.yaml"), 4, 3)
    assert tally.disagreements and "the engine scores" in tally.disagreements[0]


# -- melding ---------------------------------------------------------------------------------


def test_the_melding_referee_agrees_with_the_engine_on_rummy():
    from generator.spec import load_spec

    spec = load_spec(REAL / "rummy.yaml")   # (its hand ends on a second stock-out too: its scores are skipped)
    tally = referee_game(spec, 4, 3)
    assert tally.disagreements == []
    assert tally.moves > 100


#: Sampled melding specs whose random games are short, hands paid by the cards left among them.
MELD_SEEDS = (2, 3, 7, 8, 10, 11)


def test_the_melding_referee_agrees_over_sampled_games():
    tally = referee_family("melding", MELD_SEEDS)
    assert tally.disagreements == []
    assert tally.games >= 15 and tally.moves > 10_000 and tally.hands > 40


@pytest.mark.slow
def test_the_melding_referee_agrees_over_a_larger_sample():
    tally = referee_family("melding", range(10, 60))
    assert tally.disagreements == [] and tally.games > 150


def test_the_melding_referee_catches_a_lay_off_left_out(monkeypatch):
    """Not vacuous: an engine that never offers a lay-off the rulebook allows is caught."""
    from generator.families.melding.engine.rules import MeldRules

    monkeypatch.setattr(MeldRules, "fits", lambda self, meld, kind, lo, wild: frozenset())
    tally = referee_family("melding", range(0, 10))
    assert tally.disagreements and "offered to lay off" in tally.disagreements[0]


# -- fishing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["xeri", "kontsina", "diloti"])
def test_the_fishing_referee_agrees_with_the_engine_on_the_real_games(name):
    from generator.spec import load_spec

    spec = load_spec(REAL / f"{name}.yaml")
    tally = referee_game(spec, 2, 5)
    assert tally.disagreements == []
    assert tally.moves > 100 and tally.hands >= 2


def test_the_fishing_referee_agrees_over_sampled_games():
    tally = referee_family("fishing", range(0, 12))
    assert tally.disagreements == []
    assert tally.games >= 30 and tally.moves > 5_000 and tally.hands > 100


#: Sampled fishing specs with builds (10: one card of a rank, 11: every card of it), every
#: combination at once (30, with capturing compulsory) and both (88).
BUILD_SEEDS = (10, 11, 30, 88)


def test_the_fishing_referee_agrees_on_builds_and_every_combination_at_once():
    tally = referee_family("fishing", BUILD_SEEDS)
    assert tally.disagreements == []
    assert tally.games >= 12 and tally.moves > 2_000 and tally.hands > 50


def test_the_fishing_referee_reads_the_rulebooks_own_examples():
    """Diloti's printed examples, played on the referee alone: "an Eight played on a table of Eight,
    Six, Five, Three and Two takes all five at once", and "with a Four on the table, a player
    holding a Seven plays a Three onto it and builds 7; an opponent holding a Nine raises the build
    to 9 with a Two, and on a later turn takes it whole with the Nine"."""
    from generator.spec import load_spec
    from tests.referee import fishing as ref

    r = ref.Rules.of(load_spec(REAL / "diloti.yaml"))
    table = ["8 of clubs", "6 of clubs", "5 of clubs", "3 of clubs", "2 of clubs"]
    assert ref.captures(r, "8 of hearts", table) == {frozenset(table)}
    ann, ben = ["3 of hearts", "7 of spades"], ["2 of spades", "9 of spades"]
    assert ("3 of hearts", frozenset(["4 of clubs"]), 7) in ref.turn(r, ann, ["4 of clubs"])
    built = (ref.Build(0, 7, frozenset(["4 of clubs", "3 of hearts"])),)
    on_table = ["4 of clubs", "3 of hearts"]
    assert ("2 of spades", built[0].cards, 9) in ref.turn(r, ben, on_table, built, seat=1)
    # the builder keeps their Seven for the build: it may only take it, and nothing is laid
    assert ref.turn(r, ["7 of spades"], on_table, built, seat=0) == {("7 of spades", built[0].cards, None)}
    raised = (ref.Build(1, 9, frozenset(["4 of clubs", "3 of hearts", "2 of spades"])),)
    assert ("9 of spades", raised[0].cards, None) in ref.turn(r, ["9 of spades"], [*on_table, "2 of spades"], raised, 1)


def _diloti_in_partnerships():
    from generator.spec import GameSpec, load_spec

    data = load_spec(REAL / "diloti.yaml").model_dump()
    data["players"] = {"min": 4, "max": 4, "sides": {"size": 2}}
    return GameSpec.model_validate(data)


def test_the_fishing_referee_agrees_on_diloti_in_partnerships():
    """"No one raises their own build nor their partner's": four players, partners opposite."""
    tally = referee_game(_diloti_in_partnerships(), 4, 7)
    assert tally.disagreements == []
    assert tally.moves > 100 and tally.hands >= 2


def test_the_fishing_referee_catches_a_partners_build_raised_and_a_group_build_left_out(monkeypatch):
    """Not vacuous for builds: an engine that lets a player raise their partner's build, or that
    never offers a group build, is caught."""
    from generator.families.fishing.engine.play import Fish
    from generator.families.fishing.engine.rules import FishRules
    from generator.spec import load_spec

    monkeypatch.setattr(Fish, "_mine", lambda self, state, seat: lambda owner: owner == seat)
    tally = referee_game(_diloti_in_partnerships(), 4, 7)
    assert tally.disagreements and "the engine offers [(" in tally.disagreements[0]
    monkeypatch.undo()
    real = FishRules.new_builds

    def one_set_only(self, card, hand, layout, builds, table=None):
        return [(total, cards) for total, cards in real(self, card, hand, layout, builds, table)
                if sum(self.value[c] for c in cards) + self.value[card] == total]

    monkeypatch.setattr(FishRules, "new_builds", one_set_only)
    tally = referee_game(load_spec(REAL / "diloti.yaml"), 2, 5)
    assert tally.disagreements and "misses [(" in tally.disagreements[0]


def test_the_fishing_referee_catches_a_capture_of_one_group_where_every_group_goes(monkeypatch):
    """Not vacuous for every combination at once: an engine whose card takes a single group of
    those equal to it, not as many as fit, is caught."""
    from generator.families.fishing.engine import rules
    from generator.spec import load_spec

    monkeypatch.setattr(rules, "maximal_collections", lambda groups: [sorted(g) for g in groups])
    tally = referee_game(load_spec(REAL / "diloti.yaml"), 2, 5)
    assert tally.disagreements and "the engine offers [(" in tally.disagreements[0]


def test_the_fishing_referee_catches_a_sum_left_out_and_a_sweep_miscounted(monkeypatch):
    """Not vacuous: an engine that forgets sum captures, or counts no sweep, is caught."""
    from generator.families.fishing.engine.rules import FishRules
    from generator.spec import load_spec

    real = FishRules.captures
    monkeypatch.setattr(FishRules, "captures", lambda self, card, layout, *a, **k: [
        t for t in real(self, card, layout, *a, **k) if len(t) == 1 or self.pile])
    tally = referee_game(load_spec(REAL / "kontsina.yaml"), 2, 5)
    assert tally.disagreements and "misses" in tally.disagreements[0]
    monkeypatch.undo()
    monkeypatch.setattr(FishRules, "is_sweep", lambda self, *a, **k: False)
    tally = referee_game(load_spec(REAL / "xeri.yaml"), 2, 5)
    assert tally.disagreements and "the engine scores" in tally.disagreements[0]
