"""Card points in tricks (issue 33): a trick-taking hand scored by the points of the cards each
player (or side) won, the last trick, and counting in groups — recomputed here from the spec's
words and the record, never from the engine's scorer."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from generator.checks import check_spec
from generator.engine.state import Game
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import load_spec
from generator.spec.io import spec_from_data, spec_to_data
from generator.text.parse import parse_markdown

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"

SAMPLED = [s for s in (sample_game(seed, family="trick-taking").spec for seed in range(300))
           if s.scoring.kind == "card-points"]


def _expected(spec, hand, sides: list[int] | None) -> list[int]:
    """The hand's scores from the record: each unit's (player's or side's) cards by the table, the
    last trick's bonus to whoever took it (``last``), a point per trick, then whole groups only and
    the points beyond ``beyond``; every member gets its side's."""
    s = spec.scoring
    by_rank = {row.rank: row.points for row in s.ranks}
    by_card = {row.card: row.points for row in s.cards}
    n = len(hand.won)
    unit = sides or list(range(n))
    points = [0] * (max(unit) + 1)
    for p, pile in enumerate(hand.won):
        points[unit[p]] += sum(by_rank.get(c.split(" of ")[0], 0) + by_card.get(c, 0) for c in pile)
    if s.last_trick:
        points[unit[hand.last]] += s.last_trick
    for p, t in enumerate(hand.tricks):   # a point per trick (Botifarra's), the unit's tricks pooled
        points[unit[p]] += (s.per_trick or 0) * t
    scores = [max(0, points[unit[p]] // (s.groups or 1) - (s.beyond or 0)) for p in range(n)]
    return [-x for x in scores] if getattr(hand, "low", False) else scores   # a low hand inverts its scores (SC-T6)


def test_the_sampler_draws_point_trick_games_that_check_and_read_back() -> None:
    assert 8 <= len(SAMPLED) <= 60   # one in eight of the games without bids (about 20 expected)
    kinds = {(s.scoring.groups, s.scoring.last_trick is not None) for s in SAMPLED}
    assert (3, True) in kinds and (None, True) in kinds and (None, False) in kinds   # each table drawn
    for spec in SAMPLED:
        assert check_spec(spec) == []
        assert spec.bidding.tricks is None
        assert parse_markdown(render_markdown(spec)).rules() == spec.rules()


@pytest.mark.parametrize("which", range(6))
def test_a_hand_scores_the_cards_won_and_the_last_trick(which: int) -> None:
    spec = SAMPLED[which]
    game = Game(spec, audit=True)
    for n in spec.players.counts():
        state = game.new_initial_state(n, which)
        state.play_random(random.Random(which).random)
        rec = state.record
        for hand in rec.hands:
            assert hand.scores == _expected(spec, hand, rec.sides)


def test_card_points_are_not_scored_with_bids_nor_sweeps() -> None:
    data = spec_to_data(load_spec(REAL / "whist-partners.yaml"))
    data["scoring"] = {"kind": "card-points", "ranks": [{"rank": "A", "points": 4}], "last_trick": 10,
                       "sweeps": {"name": "sweep", "points": 1}}
    data["bidding"] = {"tricks": {"order": "dealer-left", "blind": "none", "hook": False}, "auction": None}
    fields = {p.field for p in check_spec(spec_from_data(data))}
    assert {"bidding.tricks", "scoring.sweeps"} <= fields


def test_a_fishing_game_has_no_last_trick() -> None:
    data = copy.deepcopy(spec_to_data(load_spec(REAL / "kontsina.yaml")))
    data["scoring"]["last_trick"] = 3
    problems = check_spec(spec_from_data(data))
    assert [p.field for p in problems] == ["scoring.last_trick"]
    assert "no tricks" in problems[0].message


def test_thirds_are_printed_and_read_back() -> None:
    data = spec_to_data(load_spec(REAL / "whist-partners.yaml"))
    data["scoring"] = {"kind": "card-points", "ranks": [{"rank": "A", "points": 3}, {"rank": "K", "points": 1}],
                       "last_trick": 3, "groups": 3}
    spec = spec_from_data(data)
    text = render_markdown(spec)
    assert "| Winning the last trick of the hand | three points |" in text
    assert ("The points are counted in threes: add them up, and the hand scores one point for every whole three; "
            "what is left over scores nothing.") in text
    assert parse_markdown(text).rules() == spec.rules()


# --------------------------------------------------------------------------- the catalogues


def test_the_seed_books_catalogue_alone_draws_none_of_parlours_options() -> None:
    """``--catalogue book``: no partnerships, point tricks, majorities, calls on the hand or
    overtaking; where none of them was drawn, a seed's game is mostly the same in both catalogues,
    whose options come from a stream of their own (not always: a draft an option made fail the
    checks is drawn again, from the catalogue's stream)."""
    found, same, plain = set(), 0, 0
    for seed in range(300):
        book = sample_game(seed, family="trick-taking", catalogue="book").spec
        parlour = sample_game(seed, family="trick-taking").spec
        assert book.players.sides is None and book.scoring.kind not in ("card-points", "majority")
        assert book.play.overtake is None and getattr(book.setup.trumps, "seen", None) is None
        found |= {"sides"} if parlour.players.sides else set()
        found |= {parlour.scoring.kind} & {"card-points", "majority"}
        found |= {"overtake"} if parlour.play.overtake else set()
        found |= {"seen"} if getattr(parlour.setup.trumps, "seen", None) is not None else set()
        if parlour.players.sides is None and parlour.scoring.kind == book.scoring.kind and \
                parlour.play.overtake is None and getattr(parlour.setup.trumps, "seen", None) is None:
            plain += 1
            same += parlour.rules() == book.rules()
    assert found == {"sides", "card-points", "majority", "overtake", "seen"}
    assert same >= 0.8 * plain


def test_generate_says_which_catalogue_and_refuses_real_packs_with_the_book(tmp_path) -> None:
    from click.testing import CliRunner

    from generator.cli import main

    out = tmp_path / "book"
    res = CliRunner().invoke(main, ["generate", "--family", "trick-taking", "--count", "2", "--seed", "3",
                                    "--catalogue", "book", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert all(load_spec(f).provenance.catalogue == "book" for f in out.glob("*.yaml"))
    res = CliRunner().invoke(main, ["generate", "--family", "trick-taking", "--count", "1", "--catalogue", "book",
                                    "--real-packs", "--out", str(tmp_path / "x")])
    assert res.exit_code == 2 and "--real-packs: not with --catalogue book" in res.output
    assert not (tmp_path / "x").exists()


# --------------------------------------------------------------------------- quotas by seat


def test_sergeant_major_scores_the_tricks_beyond_each_seats_quota() -> None:
    """The quotas 9, 5, 2 by seat from the dealer add up to the sixteen tricks, so the tricks over
    quota and under it balance every hand (what a player over would pull from one under), and a
    hand scores at most 14 (one seat taking all sixteen over a quota of 2)."""
    spec = load_spec(REAL / "sergeant-major.yaml")
    assert check_spec(spec) == []
    text = render_markdown(spec)
    assert parse_markdown(text).rules() == spec.rules()
    assert ("beyond their quota, which goes by seat: the dealer's is nine, and then, going left from the dealer, "
            "five and two.") in text
    game = Game(spec, audit=True)
    hands = 0
    for seed in range(40):
        state = game.new_initial_state(3, seed)
        state.play_random(random.Random(seed).random)
        for hand in state.record.hands:
            quota = {(hand.dealer + k) % 3: q for k, q in enumerate((9, 5, 2))}
            t = hand.tricks
            assert sum(t) == 16 and sum(t[p] - quota[p] for p in range(3)) == 0
            assert hand.scores == [max(0, t[p] - quota[p]) for p in range(3)] and sum(hand.scores) <= 14
            hands += 1
    assert hands > 100


def test_quotas_need_a_seat_each() -> None:
    data = spec_to_data(load_spec(REAL / "sergeant-major.yaml"))
    data["players"] = {"min": 3, "max": 4}
    data["deal"]["hand_size"] = 12   # a deal four can have: the quotas alone are then at fault
    assert [p.field for p in check_spec(spec_from_data(data))] == ["scoring.quotas"]
