"""The play session (``generator/table``) on its own: a scripted person making random legal moves
through sampled games of every family at several player counts, with the card audit on; hidden
information staying hidden (the seat's view and the story of the others' moves); undo, hints, the
rules of the moment and the seating's bad input."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import Game
from generator.families import FAMILIES
from generator.sample import sample_game
from generator.spec import load_spec
from generator.table import Seating, SeatingError, Session
from generator.table.witness import Witness
from tests.conftest import ROOT, budget

CORPUS = ROOT / "corpus" / "real"


def hidden_from(state, seat: int) -> set[int]:
    """The cards ``seat`` may not see now: every card not shown in its public copy."""
    public = state.observation(seat).public_state()
    size = state.game.table.size
    seen = set()
    for place in state.game.places:
        value = getattr(public, place.name)
        for cards in (value if place.per_seat else [value]):
            seen.update(c for c in cards if 0 <= c < size)
    return set(range(size)) - seen


def play_through(session: Session, rng: random.Random, check=None) -> int:
    """Random legal moves for the person until the game ends; the number of choices made."""
    made = 0
    while not session.over:
        moves = session.moves()
        assert moves, "the person is asked to move with no move to make"
        session.play(rng.choice(moves))
        made += 1
        session.state.check_cards()
        if check is not None:
            check(session)
    return made


def view_hides_other_hands(session: Session) -> None:
    view = session.view()
    assert not view.cards_shown() & hidden_from(session.state, session.seating.seat)
    mine = {f.card for f in view.hand}
    assert all(not mine & set(h) for p, h in enumerate(session.state.hands) if p != session.seating.seat)


def sampled(family: str, seed: int):
    return sample_game(seed, family=family).spec


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
@given(seed=st.integers(0, 10_000), which=st.sampled_from(["min", "max"]), seat=st.integers(1, 8),
       bots=st.sampled_from(["random", "greedy"]))
@settings(max_examples=budget(6))
def test_a_scripted_person_plays_sampled_games_of_every_family_to_the_end(family, seed, which, seat, bots):
    spec = sampled(family, seed)
    n = spec.players.min if which == "min" else min(spec.players.max, spec.players.min + 2)
    seating = Seating.build(spec, players=n, seat=1 + (seat - 1) % n, bots=bots, seed=seed)
    session = Session(spec, seating, audit=True)
    play_through(session, random.Random(seed), view_hides_other_hands)
    assert session.state.is_terminal()
    summary = session.summary()
    assert summary.hands == len(session.state.record.hands) >= 1
    assert session.score_sheet().totals == session.state.totals


@pytest.mark.parametrize("name", ["whist", "hearts", "president", "crazy-eights", pytest.param("rummy", marks=pytest.mark.slow),
                                  "oh-hell"])
def test_a_scripted_person_plays_a_corpus_game_to_the_end(name):
    spec = load_spec(CORPUS / f"{name}.yaml")
    session = Session(spec, Seating.build(spec, players=spec.players.min, bots="random", seed=5), audit=True)
    assert play_through(session, random.Random(5), view_hides_other_hands) > 0
    assert session.state.is_terminal() and session.summary().lines()


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_story_of_the_others_moves_names_no_card_the_seat_cannot_see(family, seed):
    """Driven move by move below the session: each move of another seat names no card hidden from
    the viewer where the move lands (before a next deal takes the cards back)."""
    spec = sampled(family, seed)
    n = spec.players.max if spec.players.max <= 4 else spec.players.min
    state = Game(spec, audit=True).new_initial_state(n, seed)
    witness = Witness(state.game, 0, lambda p: f"seat {p + 1}")
    names = state.game.table.names
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(x)}(?![\w-])" for x in sorted(names, key=len, reverse=True)))
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal() and moves < 3000:
        legal = state.legal_actions()
        action = rng.choice(legal)
        mover = state.current
        text, facts = witness.before(state, action)
        landed = state.clone()
        landed.end_after_hand()
        landed.apply_action(action)
        state.apply_action(action)
        moves += 1
        lines = witness.after(state, text, facts)
        if mover != 0:
            hidden = hidden_from(landed, 0)
            for line in lines:
                if line.seat != mover:   # a trick taken, a hand scored: cards seen as they were played
                    continue
                named = {names.index(m) for m in pattern.findall(line.text)}
                assert not named & hidden, (line.text, [names[c] for c in named & hidden])


def test_a_secret_choice_is_told_without_its_choice():
    """Simultaneous trick bids: a bid nobody else may see yet is told as chosen in secret."""
    spec = load_spec(CORPUS / "oh-hell.yaml")
    data = spec.model_dump()
    data["bidding"]["tricks"]["order"] = "simultaneous"
    from generator.spec import spec_from_data

    spec = spec_from_data(data)
    session = Session(spec, Seating.build(spec, players=4, seat=4, bots="greedy", seed=3))
    bids = [line.text for line in session.log if "bid" in line.text]
    assert bids and all("chosen in secret" in b for b in bids)


def whist_session(seed: int = 11) -> Session:
    spec = load_spec(CORPUS / "whist.yaml")
    return Session(spec, Seating.build(spec, players=4, seat=2, bots="greedy", seed=seed))


def test_undo_takes_back_the_last_choice_and_the_same_move_gives_the_same_game():
    session = whist_session()
    before = session.view().as_dict(), len(session.log)
    first = session.play(1)
    after = session.view().as_dict()
    assert first and session.can_undo()
    assert session.undo()
    assert (session.view().as_dict(), len(session.log)) == before
    again = session.play(1)
    assert [line.text for line in again] == [line.text for line in first]
    assert session.view().as_dict() == after
    assert session.undo() and not session.undo()   # nothing left to take back
    assert session.summary().undos == 2


def test_a_hint_names_legal_moves_and_is_the_same_when_asked_twice():
    session = whist_session()
    hint = session.hint()
    assert [a.bot for a in hint] == ["greedy", "strong"]
    moves = session.moves()
    assert all(a.move in moves and a.why for a in hint)
    assert [a.move for a in session.hint()] == [a.move for a in hint]
    assert session.summary().hints == 2


def test_the_rules_of_the_moment_are_the_section_of_the_decision():
    session = whist_session()
    assert [p.heading for p in session.rules_now()] == ["Play"]
    assert session.rules_now()[0].text.startswith("## Play")
    spec = load_spec(CORPUS / "oh-hell.yaml")
    session = Session(spec, Seating.build(spec, players=4, seat=1, bots="greedy", seed=2))
    rng = random.Random(0)
    seen = set()
    while not session.over and len(seen) < 2:
        seen.add((session.state.decision, tuple(p.heading for p in session.rules_now())))
        session.play(rng.choice(session.moves()))
    assert ("bid", ("Bidding",)) in seen and ("play", ("Play",)) in seen


def test_the_game_is_told_from_the_deal():
    session = whist_session()
    assert session.log == []   # seat 2 leads: nothing has happened yet
    session.play(1)
    assert session.log[0].text == "hand 1: seat 1 deals"
    assert session.log[1].text.startswith("seat 2 (you) plays ")
    assert all(line.text for line in session.log)


def test_leaving_ends_the_game_where_it_stands():
    session = whist_session()
    session.play(1)
    summary = session.leave()
    assert session.over and not session.moves() and not summary.finished
    assert summary.lines()[0] == "Game left unfinished."


@pytest.mark.parametrize("kwargs, field", [
    ({"players": 9}, "players"), ({"seat": 5}, "seat"), ({"bots": "clever"}, "bots"),
    ({"bots": "greedy,random"}, "bots"), ({"rollouts": 0}, "rollouts"),
])
def test_a_seating_that_cannot_be_names_its_option(kwargs, field):
    spec = load_spec(CORPUS / "whist.yaml")
    with pytest.raises(SeatingError, match=f"^{field}:"):
        Seating.build(spec, **{"players": 4, **kwargs})


def test_bots_are_given_seat_by_seat_around_the_person():
    spec = load_spec(CORPUS / "whist.yaml")
    seating = Seating.build(spec, players=4, seat=2, bots="random,greedy,strong", seed=1)
    assert seating.bots == ("random", "you", "greedy", "strong") and seating.seat == 1


def test_a_suit_named_over_a_crazy_eight_is_on_the_table():
    spec = load_spec(CORPUS / "crazy-eights.yaml")
    session = Session(spec, Seating.build(spec, players=2, bots="greedy", seed=12))
    rng = random.Random(2)
    named = []
    while not session.over and not named:
        view = session.view()
        named = [(words, text) for words, text in view.facts if words == "suit named"]
        if not named:
            session.play(rng.choice(session.moves()))
    top = next(s for s in view.shelves if s.label == "discard pile").cards[0]
    assert named and top.short.startswith("8") and named[0][1] not in top.name


@pytest.mark.parametrize("game, players", [("whist", 4), ("president", 4), ("rummy", 2), ("crazy-eights", 2)])
def test_undo_in_the_middle_of_a_hand_tells_the_same_story_again(game, players):
    """After tricks have been taken, an undo and the same move again tell exactly the lines they
    told the first time (no trick told twice)."""
    spec = load_spec(CORPUS / f"{game}.yaml")
    session = Session(spec, Seating.build(spec, players=players, seat=1, bots="greedy", seed=6))
    for _ in range(6):
        session.play(1)
    first = [line.text for line in session.play(1)]
    more = [line.text for line in session.play(1)]
    assert session.undo() and session.undo()
    assert [line.text for line in session.play(1)] == first
    assert [line.text for line in session.play(1)] == more
