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
