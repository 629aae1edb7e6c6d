"""Issue 35, group 1: secret laws a table can run. Each law form has a procedure the rulebook states
and the engine plays: a card a secret law forbids goes back and only its player is shown the law;
a law that makes something happen is carried out for everyone, called by its inventor, and shown
to no one; a reversal in the middle of a trick and a skipped turn do what the text says."""

from __future__ import annotations

import random

import tests.test_engine_climbing as climb
from generator.engine import Game
from generator.engine.laws import LawInForce
from generator.spec.laws import Law
from generator.text.parse import parse_markdown
from generator.text.render import render_markdown
from tests.conftest import make_spec

SECRET = {"setup.extra_rules": {"kind": "secret", "name": "unseen edict", "inventor": "dealer"}}


def _section(text: str, heading: str) -> str:
    return text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_secret_laws_say_who_shows_a_broken_law_and_who_calls_an_effect() -> None:
    spec = make_spec(**SECRET)
    text = render_markdown(spec)
    laws = _section(text, "Unseen edicts")
    # What the player who broke it learns, and what the others learn, said once and without contradiction.
    assert ("has it handed back by the inventor of that unseen edict, who shows that player the unseen edict; "
            "the others are told only that the card broke an unseen edict, not what it says.") in laws
    assert "is told only that it breaks" not in laws
    assert "its inventor says at once what happens" in laws
    assert "follow in the new direction from the player of that card" in laws
    assert parse_markdown(text).rules() == spec.rules()
    # Announced laws need no one to call them.
    bonus = make_spec(**{"setup.extra_rules": {"kind": "bonus", "name": "mystic law", "repeal": False}})
    assert "its inventor says at once" not in render_markdown(bonus)


def _first_trick(spec, hands: list[list[str]], laws: list[LawInForce]):
    """A state at the first lead of the first hand, with chosen hands and laws in force."""
    game = Game(spec, audit=False)
    state = game.new_initial_state(4, 1)
    while state.decision != "play":
        state.apply_action(state.legal_actions()[0])
    t = game.table
    state.hands = [sorted(t.index(c) for c in h) for h in hands]
    state.laws = laws
    state._legal = None
    return game, state


def test_a_broken_secret_law_hands_the_card_back_and_shows_only_its_player() -> None:
    law = LawInForce(Law("no-lead", rank="2"), 0, True, {0})
    game, s = _first_trick(make_spec(**SECRET), [["3 of clubs"], ["2 of clubs", "4 of clubs"], ["5 of clubs"],
                                                  ["6 of clubs"]], [law])
    t = game.table
    assert s.current == 1 and t.index("2 of clubs") in s.legal_actions()   # a law it does not know
    s.apply_action(t.index("2 of clubs"))
    assert t.index("2 of clubs") in s.hands[1] and s.trick == []          # handed back
    assert s.current == 1 and law.known_by == {0, 1}                      # shown to that player alone
    assert s.legal_actions() == [t.index("4 of clubs")]                   # who plays again


def test_a_secret_reversal_in_mid_trick_is_carried_out_and_stays_secret() -> None:
    law = LawInForce(Law("after-rank", rank="A", effect="reverse"), 0, True, {0})
    game, s = _first_trick(make_spec(**SECRET), [["3 of clubs"], ["2 of clubs"], ["A of clubs"], ["6 of clubs"]],
                           [law])
    t = game.table
    assert s.current == 1 and s.queue == [0, 3, 2]   # seat 1 leads; seats 2, 3 and 0 follow
    s.apply_action(t.index("2 of clubs"))
    s.apply_action(t.index("A of clubs"))            # seat 2 reverses play in the middle of the trick
    assert s.direction == -1 and law.known_by == {0}
    assert s.current == 0                            # the new way round from seat 2, seat 1 having played
    s.apply_action(t.index("3 of clubs"))
    assert s.current == 3


def test_in_climbing_a_skipped_player_misses_their_turn_where_passed_players_rejoin() -> None:
    # Bonus laws start the first hand with none in force; a secret one is put in force by hand.
    game, s = climb.started(climb.spec(setup={"extra_rules": {"kind": "bonus"}}, play={"leads": "singles"}), seed=4)
    t = game.table
    climb.set_hands(s, t, [["5 of clubs", "9 of clubs"], ["6 of hearts", "K of clubs"], ["2 of clubs", "A of clubs"],
                           ["4 of clubs", "8 of clubs"]])
    law = LawInForce(Law("after-rank", rank="9", effect="skip"), 3, True, {3})
    s.laws, s.current, s._legal = [law], 0, None
    s.apply_action(climb.mask(t, "9 of clubs"))
    assert s.current == 2 and 1 in s.passed and law.known_by == {3}   # seat 1's turn went by, as a pass
    text = render_markdown(climb.spec(setup={"extra_rules": {"kind": "secret"}}))
    assert "the next player in turn misses their next turn, which counts as a pass" in text
    assert "(in the middle of a trick too: the very next turn goes the new way)" in text


def test_secret_laws_play_whole_games_in_every_family_that_has_them() -> None:
    """Every law form, invented by bots, in whole games: the card audit holds and games end."""
    spec = make_spec(**{"setup.extra_rules": {"kind": "secret", "name": "unseen edict", "inventor": "dealer-and-right"}})
    game = Game(spec, audit=True, move_cap=20_000)
    seen = set()
    for seed in range(30):
        state = game.new_initial_state(4, seed)
        state.play_random(random.Random(seed).random, hands=1)
        seen |= {f.law.kind for f in state.laws}
    assert seen == {"no-suit-after", "no-lead", "after-rank"}


def test_a_law_that_draws_in_a_game_without_a_stock_is_said_to_change_nothing():
    """Trick-taking seed 186 deals no stock (its undealt cards are a talon): the drawing form says
    such a law changes nothing, never speaks of a stock the rules do not have, and reads back."""
    from generator.rulebook import render_markdown as rulebook
    from generator.sample import sample_game
    from generator.spec import derived
    from generator.text.lint import lint

    spec = sample_game(186, "trick-taking").spec
    assert spec.setup.extra_rules is not None and not derived.has_stock(spec)
    md = rulebook(spec)
    assert "draws a card where there are cards to draw from; this game has none, so such a law changes nothing" in md
    assert "the top card of the stock" not in md
    assert lint(spec, md) == [] and parse_markdown(md) == spec.rules()
