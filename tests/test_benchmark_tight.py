"""The tight yardsticks (``benchmarks/tight.py``) play the engine's games: over a few thousand
seeded random hands, each in whole games as the benchmarks play them, the yardstick and the engine
agree on how long a hand lasts (decisions, and moves where the yardstick counts the forced ones
too), how it is won (the winner's seat from the dealer, the winner's score, a blocked hand, the
titles passing from hand to hand, the tricks of each seat) and how many hands a game lasts. So
the ratio table compares one game with itself.

Each comparison allows four standard errors of the difference (of two means, two shares or two
variances, from the samples themselves): a real difference of a few per cent in a mean is many
standard errors at these counts, and a chance failure at four is about 1 in 16,000 a check."""

from __future__ import annotations

import random
import statistics
from math import sqrt
from typing import Any, Callable

import pytest

from generator.engine import Game
from generator.spec import load_spec
from tests.family_helpers import ROOT, load_benchmark

Z = 4.0
PLAYERS = 4


@pytest.fixture(scope="module")
def tight(request):
    return load_benchmark(request, "tight")


def engine_hands(name: str, hands: int, seed: int, facts: Callable[[Any], Any], players: int = PLAYERS) -> list[tuple]:
    """``hands`` random hands of the engine's game, in whole games as ``timing.play_hands`` plays
    them, each as the yardstick logs it: (first, dealer, decisions, moves, scores, facts)."""
    game = Game(load_spec(ROOT / "corpus" / "real" / f"{name}.yaml"))
    rnd = random.Random(seed).random
    out = []
    state = game.new_initial_state(players, seed)
    for done in range(hands):
        if state.terminal:
            state = game.new_initial_state(players, seed * 1_000_003 + done)
        rec = state.record
        first, moves, decisions = state.hand_no == 0, rec.moves, rec.decisions
        state.play_random(rnd, hands=1)
        hand = rec.hands[-1]
        out.append((first, hand.dealer, rec.decisions - decisions, rec.moves - moves, tuple(hand.scores),
                    facts(hand)))
    return out


def tight_hands(tight: Any, name: str, hands: int, seed: int) -> list[tuple]:
    log: list[tuple] = []
    tight.GAMES[name](hands, seed, log)
    return log


def same_mean(a: list[float], b: list[float], what: str) -> None:
    se = sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    assert abs(ma - mb) <= Z * se, f"{what}: engine {ma:.3f}, yardstick {mb:.3f} (s.e. {se:.3f})"


def same_spread(a: list[float], b: list[float], what: str) -> None:
    """The variances agree: a sample variance's standard error is sqrt((m4 − s⁴) / n)."""
    def var_se(x: list[float]) -> tuple[float, float]:
        m = statistics.fmean(x)
        v = statistics.fmean((y - m) ** 2 for y in x)
        m4 = statistics.fmean((y - m) ** 4 for y in x)
        return v, (m4 - v * v) / len(x)
    va, ea = var_se(a)
    vb, eb = var_se(b)
    assert abs(va - vb) <= Z * sqrt(ea + eb), f"{what}: variance engine {va:.2f}, yardstick {vb:.2f}"


def same_share(a: list[bool], b: list[bool], what: str) -> None:
    pa, pb = sum(a) / len(a), sum(b) / len(b)
    p = (sum(a) + sum(b)) / (len(a) + len(b))
    se = sqrt(p * (1 - p) * (1 / len(a) + 1 / len(b))) or 1e-9
    assert abs(pa - pb) <= Z * se, f"{what}: engine {pa:.4f}, yardstick {pb:.4f} (s.e. {se:.4f})"


def same_length(e: list[tuple], t: list[tuple], moves: bool = True) -> None:
    """Decisions (and moves) per hand, mean and spread, and hands per game (by the share of hands
    that open a game)."""
    for k, what in ((2, "decisions a hand"), (3, "moves a hand"))[:2 if moves else 1]:
        same_mean([h[k] for h in e], [h[k] for h in t], what)
        same_spread([h[k] for h in e], [h[k] for h in t], what)
    same_share([h[0] for h in e], [h[0] for h in t], "share of hands that open a game")


def winner_seats(e: list[tuple], t: list[tuple], players: int = PLAYERS) -> None:
    """The hand's winner (best score), by seat from the dealer."""
    def seat(h: tuple) -> int:
        scores = h[4]
        return (scores.index(max(scores)) - h[1]) % players
    for k in range(players):
        same_share([seat(h) == k for h in e], [seat(h) == k for h in t], f"winner at dealer + {k}")


@pytest.mark.statistical
def test_tight_whist_is_the_engines(tight):
    e = engine_hands("whist", 4000, 11, lambda hand: ())
    t = tight_hands(tight, "whist", 4000, 12)
    same_length(e, t)
    assert all(h[3] == 52 for h in e)
    for k in range(PLAYERS):   # tricks by seat from the dealer (the dealer holds a trump)
        same_mean([h[4][(h[1] + k) % PLAYERS] for h in e], [h[4][(h[1] + k) % PLAYERS] for h in t],
                  f"tricks at dealer + {k}")
        same_spread([h[4][(h[1] + k) % PLAYERS] for h in e], [h[4][(h[1] + k) % PLAYERS] for h in t],
                    f"tricks at dealer + {k}")
    winner_seats(e, t)


@pytest.mark.statistical
@pytest.mark.slow
def test_tight_president_is_the_engines(tight):
    e = engine_hands("president", 3000, 11, lambda hand: tuple(hand.titles))
    t = tight_hands(tight, "president", 3000, 12)
    same_length(e, t)

    def moves_of_title(log: list[tuple], before: int, after: int) -> list[bool]:
        """Of each hand after the first of its game: whether the title ``before`` of the hand
        before (0 President, 1 Vice, 2 Scum) is the title ``after`` now."""
        return [log[i][5][after] == log[i - 1][5][before] for i in range(1, len(log)) if not log[i][0]]
    for before, after in ((0, 0), (2, 0), (1, 0), (0, 2), (2, 2)):
        same_share(moves_of_title(e, before, after), moves_of_title(t, before, after),
                   f"title {before} then title {after}")


@pytest.mark.statistical
def test_tight_crazy_eights_is_the_engines(tight):
    left = lambda hand: tuple(hand.left)   # noqa: E731
    e = engine_hands("crazy-eights", 4000, 11, left)
    t = tight_hands(tight, "crazy-eights", 4000, 12)
    same_length(e, t)
    same_mean([max(h[4]) for h in e], [max(h[4]) for h in t], "the winner's score")
    same_spread([max(h[4]) for h in e], [max(h[4]) for h in t], "the winner's score")
    winner_seats(e, t)

    def blocked(h: tuple) -> bool:   # won with cards still in hand
        return h[5][h[4].index(max(h[4]))] > 0
    same_share([blocked(h) for h in e], [blocked(h) for h in t], "blocked hands")


@pytest.mark.statistical
@pytest.mark.slow
def test_tight_rummy_is_the_engines(tight):
    left = lambda hand: tuple(hand.left)   # noqa: E731
    e = engine_hands("rummy", 2500, 11, left)
    t = tight_hands(tight, "rummy", 2500, 12)
    same_length(e, t, moves=False)   # the engine counts forced steps the yardstick skips
    same_mean([max(h[4]) for h in e], [max(h[4]) for h in t], "the winner's score")
    same_spread([max(h[4]) for h in e], [max(h[4]) for h in t], "the winner's score")
    winner_seats(e, t)

    def went_out(h: tuple) -> bool:
        return h[5][h[4].index(max(h[4]))] == 0
    same_share([went_out(h) for h in e], [went_out(h) for h in t], "hands won by going out")
    same_mean([sum(h[5]) for h in e], [sum(h[5]) for h in t], "cards left in all hands")


@pytest.mark.statistical
def test_tight_xeri_is_the_engines(tight):
    """Besides the length and the winner: each seat's score and cards taken from the dealer, the
    xeris a hand, the 26–26 split (no majority), and real-games.md's sum: every card taken, 22
    points of cards a hand plus 3 for the majority plus 10 a xeri (asserted hand by hand)."""
    facts = lambda hand: (tuple(hand.captured), tuple(hand.sweeps))   # noqa: E731
    e = engine_hands("xeri", 4000, 11, facts, players=2)
    t = tight_hands(tight, "xeri", 4000, 12)
    same_length(e, t)
    assert all(h[3] == 48 for h in e + t)   # every turn plays a card: 24 each
    for h in e + t:
        cards, xeris = h[5]
        assert sum(cards) == 52
        assert sum(h[4]) == 22 + 3 * (cards[0] != cards[1]) + 10 * sum(xeris)
    for k in range(2):   # by seat from the dealer (the dealer plays last)
        for what, of in (("score", lambda h, q: h[4][q]), ("cards taken", lambda h, q: h[5][0][q]),
                         ("xeris", lambda h, q: h[5][1][q])):
            same_mean([of(h, (h[1] + k) % 2) for h in e], [of(h, (h[1] + k) % 2) for h in t], f"{what} at dealer + {k}")
        same_spread([h[4][(h[1] + k) % 2] for h in e], [h[4][(h[1] + k) % 2] for h in t], f"score at dealer + {k}")
    same_share([h[5][0][0] == 26 for h in e], [h[5][0][0] == 26 for h in t], "cards split 26–26")
    same_mean([sum(h[5][1]) for h in e], [sum(h[5][1]) for h in t], "xeris a hand")
    winner_seats(e, t, players=2)


def test_tight_games_are_seeded(tight):
    """The same seed plays the same hands; another seed others."""
    for name, play in tight.GAMES.items():
        a: list[tuple] = []
        b: list[tuple] = []
        c: list[tuple] = []
        assert play(30, 5, a) == play(30, 5, b) and a == b, name
        play(30, 6, c)
        assert a != c, name
