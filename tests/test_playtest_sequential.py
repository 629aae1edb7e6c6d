"""Tier 2 in looks: stopping a settled configuration early, the likely rejections first, never
changes the verdict of the full run (every configuration played to ``tier2_games``), and Order
stays within the full run's interval.

The synthetic games below are drawn from a game's index alone, as real games are from their seed,
so the sequential run's games are a subset of the full run's, game for game; a real spec checks
the same on a small budget."""

from __future__ import annotations

import random

import pytest

from generator.playtest import Settings, playtest, rejection_rank, tier2_stages
from generator.playtest.metrics import SEAT_BAND
from generator.playtest.parallel import Executor, run_task, seat_lineup
from generator.playtest.report import format_report
from generator.playtest.runner import GameSummary
from generator.spec import load_spec
from tests.conftest import ROOT

TYPICAL = ROOT / "benchmarks" / "typical-variant.yaml"


def _kind(lineup: tuple[str, ...]) -> str:
    focus, other = lineup
    if focus == "strong":
        return "strong" if other == "strong" else "order"
    if focus.startswith("strong-without:"):
        return "inert"
    return "dominance:" + focus


class Synthetic(Executor):
    """Tier-1 tasks played for real; Tier-2 games drawn from their index: the focus seat wins with
    the scenario's probability for its configuration (the inert games share the order games'
    draws, as they share their deals). Counts the Tier-2 games it is asked for."""

    def __init__(self, focus_wins: dict[str, float]):
        self.focus_wins = focus_wins
        self.tier2_games = 0

    def run(self, tasks, progress=None):  # noqa: ANN001, ANN201
        out = []
        for t in tasks:
            if t.lineup is None:
                out += Memo().run([t])
                continue
            kind, n = _kind(t.lineup), t.players
            games = []
            for i in range(t.start, t.stop):
                deal = random.Random(f"{n}:{i}").random()
                draw = deal if kind in ("order", "inert") else random.Random(f"{kind}:{n}:{i}").random()
                other = random.Random(f"other:{kind}:{n}:{i}").randrange(n - 1)
                focus = i % n
                if kind == "strong":   # fair seats, or the first seat winning the scenario's share
                    bias = self.focus_wins.get("seat")
                    if bias == "even":   # every seat in turn: exactly a fair share
                        winner = i % n
                    elif bias == "streak":   # the first seat wins the first five, then every seat in turn
                        winner = 0 if i < 5 else i % n
                    else:
                        winner = int(draw * n) if bias is None else 0 if draw < bias else 1 + other
                else:
                    winner = focus if draw < self.focus_wins[kind] else [p for p in range(n) if p != focus][other]
                changes = 0 if self.focus_wins.get("tension") == "none" else 2
                games.append(GameSummary(i, i, n, winner=winner, ranking=[1 if p == winner else 2 for p in range(n)],
                                         hands=3, lead_changes=changes, moves=40, decisions=30))
            self.tier2_games += len(games)
            out.append(games)
        return out


def _both(executor_of, spec, **kw):  # noqa: ANN001, ANN202
    runs = []
    for sequential in (True, False):
        ex = executor_of()
        # Tier 1 by random players alone: this fake executor stands in for Tier 2's line-ups only
        report = playtest(spec, games=30, seed=3, tier=2, executor=ex, sequential=sequential, bot="random", **kw)
        runs.append((report, ex))
    return runs


def _orders(report):  # noqa: ANN001, ANN202
    return {t.players: t.order() for t in report.tier2 or []}


SCENARIOS = {
    # a game of skill: nothing to reject, every configuration clear early
    "skill": {"order": 0.8, "inert": 0.5, "dominance:highest": 0.1, "dominance:lowest": 0.05,
              "dominance:greedy-points": 0.15},
    # the strong bot does worse than chance among random bots: LUCK_ONLY
    "luck": {"order": 0.1, "inert": 0.1, "dominance:highest": 0.3, "dominance:lowest": 0.3,
             "dominance:greedy-points": 0.3},
    # always playing the lowest card beats strong players: DOMINANT_STRATEGY
    "dominant": {"order": 0.7, "inert": 0.6, "dominance:highest": 0.2, "dominance:lowest": 0.85,
                 "dominance:greedy-points": 0.3},
    # a game of skill whose first seat wins three games in four among strong players: SEAT_BIAS
    "seat": {"order": 0.8, "inert": 0.5, "dominance:highest": 0.1, "dominance:lowest": 0.05,
             "dominance:greedy-points": 0.15, "seat": 0.75},
    # near the thresholds: an Order just above the rejection line, a trivial policy near the warning
    "borderline": {"order": 0.58, "inert": 0.57, "dominance:highest": 0.42, "dominance:lowest": 0.3,
                   "dominance:greedy-points": 0.38},
}


@pytest.mark.slow
def test_sequential_tier2_gives_the_full_runs_verdict_for_less():
    spec = load_spec(TYPICAL)
    for name, focus_wins in SCENARIOS.items():
        (seq, seq_ex), (full, full_ex) = _both(lambda: Synthetic(focus_wins), spec, players=[2, 3], tier2_games=40)
        assert seq.verdict == full.verdict, name
        assert {r.code for r in seq.reasons} <= {r.code for r in full.reasons} or full.reasons, name
        assert seq_ex.tier2_games <= full_ex.tier2_games, name
        if seq.verdict == "pass":
            for n, (value, _, _) in _orders(seq).items():
                _, lo, hi = _orders(full)[n]
                assert lo <= value <= hi, (name, n)
            assert all(len(t.games["order"]) >= 20 for t in seq.tier2)   # Order on half of tier2_games at least
        if name == "luck":   # the cheap configurations came first and settled it: nothing else was played
            assert all(not t.games["strong"] for t in seq.tier2)
            assert "not played (a rejection ended the run first)" in format_report(seq)
        if name == "seat":
            assert "SEAT_BIAS" in {r.code for r in seq.reasons}
    (seq, seq_ex), (full, full_ex) = _both(lambda: Synthetic(SCENARIOS["skill"]), spec, players=[2, 3],
                                           tier2_games=40)
    assert seq_ex.tier2_games < 0.7 * full_ex.tier2_games   # the clear configurations stopped early
    for t in seq.tier2:   # the strong games stop at half when every seat is within the band there
        half = t.games["strong"][:20]
        inside = all(abs(sum(g.winner == p for g in half) / 20 - 1 / t.players) <= SEAT_BAND for p in range(t.players))
        assert (len(t.games["strong"]) == 20) == inside
        assert len(t.games["dominance:lowest"]) == 5   # a trivial policy clearly beaten: at an eighth
        assert len(t.games["order"]) >= 10   # the sift plays the trivial policies only
    (seq, _), _ = _both(lambda: Synthetic({**SCENARIOS["skill"], "seat": "even"}), spec, players=[2, 3, 4],
                        tier2_games=40)
    assert [len(t.games["strong"]) for t in seq.tier2] == [20, 20, 20]   # fair seats: stopped at half
    # ... but a NO_TENSION warning at half is judged again on every game (a comeback is rare, and
    # fewer games see none more often)
    (seq, _), _ = _both(lambda: Synthetic({**SCENARIOS["skill"], "seat": "even", "tension": "none"}), spec,
                        players=[2, 3], tier2_games=40)
    assert [len(t.games["strong"]) for t in seq.tier2] == [40, 40]
    assert "NO_TENSION" in {w.code for w in seq.warnings}


class Memo(Executor):
    """Plays each game once and hands it to every later run that asks for it (same task keys):
    the full run costs only the games the sequential run did not play."""

    played: dict = {}

    def run(self, tasks, progress=None):  # noqa: ANN001, ANN201
        out = []
        for t in tasks:
            games = []
            for i in range(t.start, t.stop):
                key = (t.spec_json, t.players, t.seed, i, t.lineup and tuple(seat_lineup(t.lineup, t.players, i, t.rotate)),
                       t.bot_options, t.audit)
                if key not in self.played:
                    sub = type(t)(**{**t.__dict__, "start": i, "stop": i + 1})
                    self.played[key] = run_task(sub)[0]
                games.append(self.played[key])
            out.append(games)
        return out


@pytest.mark.slow
def test_sequential_tier2_on_a_real_game_keeps_verdict_and_order():
    spec = load_spec(TYPICAL)
    Memo.played = {}
    (seq, _), (full, _) = _both(Memo, spec, players=[2], tier2_games=20, rollouts=1, max_rollouts=4)
    assert seq.verdict == full.verdict
    if seq.verdict == "pass":
        value, _, _ = _orders(seq)[2]
        _, lo, hi = _orders(full)[2]
        assert lo <= value <= hi


def test_no_rejection_from_the_first_handful_of_games():
    """A fair game whose first seat happens to win the first five games (five of five: the Wilson
    interval already lies above a third plus the band) is not rejected: the strong games are first
    judged at a quarter of tier2_games, and the sift at an eighth takes no reasons."""
    spec = load_spec(TYPICAL)
    (seq, _), _ = _both(lambda: Synthetic({**SCENARIOS["skill"], "seat": "streak"}), spec, players=[3],
                        tier2_games=40)
    assert seq.verdict == "pass", [r.message for r in seq.reasons]


def test_looks_and_the_order_of_the_first_look():
    assert tier2_stages(Settings(tier2_games=100, tier2_max_games=200)) == [12, 25, 50, 100, 200]
    assert tier2_stages(Settings(tier2_games=20, tier2_max_games=40)) == [5, 10, 20, 40]
    assert tier2_stages(Settings(tier2_games=10, tier2_max_games=20)) == [10, 20]
    ranks = sorted(["inert:trumps", "strong", "dominance:lowest", "order"], key=rejection_rank)
    assert ranks == ["order", "dominance:lowest", "strong", "inert:trumps"]
