"""The playtest: metrics and intervals, verdicts with reasons and replay seeds, escalation, exact
score bounds, the quality score, and identical results on any number of workers."""

from __future__ import annotations

import random

import pytest

from generator.bots import bot_seed
from generator.engine import Game
from generator.families.trick_taking.engine.play import PLAY
from generator.playtest import Settings, Tier1Count, _stages, playtest
from generator.playtest.bounds import ScoreBounds
from generator.playtest.metrics import ORDER, STRONG, Tier2Count, tier2_configs
from generator.playtest.parallel import DaskExecutor, ProcessExecutor, SerialExecutor
from generator.playtest.replay import replay
from generator.playtest.runner import GameSummary, game_seed, play_one
from generator.playtest.stats import harmonic_mean, median_interval, ratio_interval, wilson
from generator.sample import sample_game
from generator.spec import load_spec
from tests.conftest import ROOT, make_spec

REAL = ROOT / "corpus" / "real"
TYPICAL = ROOT / "benchmarks" / "typical-variant.yaml"


# -- statistics -----------------------------------------------------------------------------------

def test_intervals():
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = median_interval(list(range(100)))
    assert lo < 49.5 < hi and hi - lo < 25
    r, lo, hi = ratio_interval([5, 5, 5], [10, 10, 10])
    assert r == 0.5 and lo == hi == 0.5
    assert harmonic_mean([1.0, 0.0]) == pytest.approx(2 / (1 + 100))   # floored at 0.01


def test_stages():
    assert _stages(200, 50, 800) == [10, 50, 200, 400, 800]
    assert _stages(20, 50, 80) == [10, 20, 40, 80]
    assert _stages(5, 50, 20) == [5, 10, 20]


# -- the runner -----------------------------------------------------------------------------------

def test_random_self_play_is_the_batch_path():
    """Tier 1 plays exactly the games State.play_random plays (so a replay is the same game)."""
    for spec in [make_spec()] + [sample_game(s).spec for s in (3, 4, 5)]:
        game = Game(spec, audit=True, move_cap=5000)
        n = spec.players.min
        for i in range(5):
            seed = game_seed(0, n, i)
            summary = play_one(game, n, seed, i, keep_record=True)
            state = game.new_initial_state(n, seed)
            state.play_random(random.Random(bot_seed(seed, 0)).random)
            assert summary.record == state.record.as_dict()
            assert summary.moves == state.record.moves and summary.decisions == state.record.decisions


def test_replay_is_the_playtest_game():
    game = Game(make_spec(), audit=True)
    seed = game_seed(3, 4, 7)
    lines, summary = replay(game, 4, seed)
    assert summary == play_one(game, 4, seed, 0)
    text = "\n".join(lines)
    assert text.count("takes it") == 13 * summary.hands   # every trick, including each hand's last
    assert f"{summary.hands} hands" in text and "hand 1: seat 1 deals" in text
    lines2, s2 = replay(game, 4, seed, ["strong", "random", "random", "random"], {"rollouts": 2, "max_rollouts": 8})
    assert s2 == play_one(game, 4, seed, 0, ["strong", "random", "random", "random"], {"rollouts": 2, "max_rollouts": 8})


def test_score_bounds_hold():
    """The bounds behind the dead tail are exact: every final total lies inside every range given."""
    specs = [make_spec(), load_spec(REAL / "hearts.yaml"), make_spec(**{"ending.condition": {"kind": "rounds"}}),
             make_spec(**{"scoring.beyond": 2, "deal.hand_size": 5, "ending.condition": {"kind": "shrinking"}})]
    measured = 0
    for spec in specs:
        game = Game(spec, move_cap=5000)
        bounds = ScoreBounds.build(game, 4)
        assert bounds is not None
        for i in range(6):
            state = game.new_initial_state(4, i)
            rnd = random.Random(i).random
            ranges = []
            while not state.terminal:
                legal = state.legal_actions()
                phase, hand = state.decision, state.hand_no
                state.apply_action(legal[int(rnd() * len(legal))])
                if state.hand_no != hand and not state.terminal:
                    ranges.append(bounds.final_ranges(state, True))
                elif state.hand_no == hand and phase == PLAY and not state.trick:
                    ranges.append(bounds.final_ranges(state, False))
            for r in ranges:
                if r is not None:
                    measured += 1
                    assert all(lo <= t <= hi for lo, t, hi in zip(r[0], state.totals, r[1]))
    assert measured > 20
    assert ScoreBounds.build(Game(load_spec(REAL / "oh-hell.yaml")), 4) is None   # bids: not bounded


# -- verdicts -------------------------------------------------------------------------------------

@pytest.mark.statistical
def test_calibration_games_pass_tier1():
    for name in ("whist-classic", "hearts", "oh-hell"):
        report = playtest(load_spec(REAL / f"{name}.yaml"), games=60, seed=1)
        assert report.verdict == "pass", (name, [r.as_dict() for r in report.reasons])
        assert report.quality() is not None and 0 < report.quality()["score"] <= 1


def _replayed(spec, reason):
    lineup = reason.bots
    return play_one(Game(spec, audit=True, move_cap=5000), reason.players, reason.seed, 0, lineup)


@pytest.mark.slow
def test_a_game_that_never_ends_is_rejected_with_a_replay_seed():
    spec = make_spec(**{"scoring.beyond": 13})   # nobody ever scores: the target is never reached
    report = playtest(spec, games=200, seed=2)
    assert report.verdict == "reject"
    codes = {r.code for r in report.reasons}
    assert {"NON_TERMINATING", "INCOMPLETE"} <= codes
    assert report.counts[0].as_dict()["games"] == 10   # certain after the first small pilot
    reason = next(r for r in report.reasons if r.code == "NON_TERMINATING")
    assert _replayed(spec, reason).outcome == "cap"
    assert report.quality() is None


def test_a_game_without_choices_is_rejected():
    spec = make_spec(**{"deal.hand_size": 1, "ending.condition": {"kind": "rounds"}})
    report = playtest(spec, games=50, seed=0)
    codes = {r.code for r in report.reasons}
    assert {"TOO_SHORT", "NO_AGENCY"} <= codes
    reason = next(r for r in report.reasons if r.code == "TOO_SHORT")
    assert _replayed(spec, reason).decisions / 4 < 4


def test_an_engine_error_is_a_finding(monkeypatch):
    from generator.engine.trick_scoring import HandScorer

    real = HandScorer.score
    calls = {"n": 0}

    def flaky(self, facts):
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("a card went missing")
        return real(self, facts)

    monkeypatch.setattr(HandScorer, "score", flaky)
    report = playtest(make_spec(), games=20, seed=0)
    reason = next(r for r in report.reasons if r.code == "ENGINE_ERROR")
    assert "a card went missing" in reason.message and reason.seed is not None


def test_escalation_plays_more_games_when_an_estimate_is_on_the_wrong_side(monkeypatch):
    from generator.playtest import metrics

    real = Tier1Count.judge

    def close_call(self, only=None, z=None):
        out = real(self, only, z)
        out.escalate.add("tier1")   # as if an estimate sat just past a threshold
        return out

    monkeypatch.setattr(metrics.Tier1Count, "judge", close_call)
    report = playtest(make_spec(), games=20, seed=0)
    assert report.counts[0].as_dict()["games"] == 80   # 20 → 40 → 80 (4 × --games)
    # the random players: --games (the pilot of 50 is more than 20), then at most half of 4 × --games
    assert report.random_counts[0].as_dict()["games"] == 40


def _summaries(n, games, winner, **kw):
    return [GameSummary(i, i, n, winner=winner(i), ranking=[1 if p == winner(i) else 2 for p in range(n)], hands=3,
                        **kw) for i in range(games)]


def test_tier2_judgement():
    n = 4
    configs = tier2_configs(n, ["trumps"], ["highest"])
    fair = _summaries(n, 200, lambda i: (i * 7 + i // 4) % 4, dead_tail=0.05, lead_changes=2)
    games = {STRONG: fair, ORDER: _summaries(n, 200, lambda i: i % 4),               # the strong bot always wins
             "dominance:highest": _summaries(n, 200, lambda i: (i + 1) % 4),        # the trivial bot never wins
             "inert:trumps": _summaries(n, 200, lambda i: i % 4)}                   # no worse without trumps
    f = Tier2Count(n, configs, games).judge()
    assert not f.reasons and [w.code for w in f.warnings] == ["INERT_RULE"]
    assert f.warnings[0].bots == ["strong-without:trumps", "random", "random", "random"]
    biased = _summaries(n, 200, lambda i: 0, dead_tail=0.6, lead_changes=0)           # seat 1 always wins
    luck = _summaries(n, 200, lambda i: (i + 1) % 4)                                  # the strong bot never wins
    trivial = _summaries(n, 200, lambda i: i % 4)                                     # the trivial bot always wins
    f = Tier2Count(n, configs, {STRONG: biased, ORDER: luck, "dominance:highest": trivial}).judge()
    codes = {r.code for r in f.reasons}
    assert codes == {"SEAT_BIAS", "LUCK_ONLY", "EARLY_DECIDED", "DOMINANT_STRATEGY"}
    assert "NO_TENSION" in {w.code for w in f.warnings}
    seat = next(r for r in f.reasons if r.code == "SEAT_BIAS")
    assert seat.bots == ["strong"] * 4 and seat.tier == 2


def test_an_early_look_rejects_only_beyond_doubt():
    """Rummy at four players, seed 0: seat 1 won none of the first 25 games with strong bots at
    every seat, and 9, 9 and 7 of 40 on seeds 1 to 3. At 25 of a planned 100 games that is not
    yet a reason (a 99.9% interval), but the configuration plays on; at the planned count the
    same share is one (95%). A seat that always wins is rejected at the early look too."""
    n = 4
    configs = tier2_configs(n, [], ["highest"])
    seat1_never = _summaries(n, 25, lambda i: 1 + i % 3, dead_tail=0.05, lead_changes=2)
    early = Tier2Count(n, configs, {STRONG: seat1_never}, planned=100).judge()
    assert not early.reasons and STRONG in early.escalate and STRONG not in early.settled
    planned = Tier2Count(n, configs, {STRONG: seat1_never}, planned=25).judge()
    reason = next(r for r in planned.reasons if r.code == "SEAT_BIAS")
    assert "seat 1 wins 0% of games (95% interval 0%–13%" in reason.message
    seat1_always = _summaries(n, 25, lambda i: 0, dead_tail=0.05, lead_changes=2)
    beyond_doubt = Tier2Count(n, configs, {STRONG: seat1_always}, planned=100).judge()
    reason = next(r for r in beyond_doubt.reasons if r.code == "SEAT_BIAS")
    assert "seat 1 wins 100% of games (99.9% interval" in reason.message
    # the other reasons read the same rule: a trivial policy that wins 19 of 25 is a reason only
    # at the planned count; one that wins all 25 at the early look too
    for wins, planned_games, expected in ((19, 100, False), (19, 25, True), (25, 100, True)):
        trivial = _summaries(n, 25, lambda i, w=wins: i % 4 if i < w else (i + 1) % 4)
        f = Tier2Count(n, configs, {"dominance:highest": trivial}, planned=planned_games).judge()
        assert any(r.code == "DOMINANT_STRATEGY" for r in f.reasons) is expected, (wins, planned_games)


def test_a_reason_prints_its_interval_and_a_warning_the_95_one():
    """At an early look, LUCK_ONLY and EARLY_DECIDED as reasons print their 99.9% intervals; the
    same checks as warnings (their estimates past the warning line only) print 95%."""
    n = 4
    configs = tier2_configs(n, [], [])
    hopeless = _summaries(n, 25, lambda i: (i + 1) % 4, dead_tail=0.9, lead_changes=2)   # never wins; decided early
    f = Tier2Count(n, configs, {ORDER: hopeless, STRONG: hopeless}, planned=100).judge()
    messages = {r.code: r.message for r in f.reasons}
    assert "(Order -0.33, 99.9% interval" in messages["LUCK_ONLY"]
    assert "(99.9% interval 90%–90%)" in messages["EARLY_DECIDED"]
    middling = _summaries(n, 25, lambda i: i % 4 if i % 6 == 0 else (i + 1) % 4, dead_tail=0.3, lead_changes=2)
    f = Tier2Count(n, configs, {ORDER: middling, STRONG: middling}, planned=100).judge()
    warnings = {w.code: w.message for w in f.warnings}
    assert not f.reasons and "95% interval" in warnings["LUCK_ONLY"] and "95% interval" in warnings["EARLY_DECIDED"]


def test_a_pilot_rejects_only_beyond_doubt():
    """Tier 1 too: one game of the first ten stopped by the safety cap gives a 95% interval of
    1.8% to 40%, wholly past the 1% line; yet a game stopped once in two hundred games shows one
    in its first ten about one time in twenty. At the pilot of a planned 200 it is no reason (the
    count plays on); at the planned count, the same share is one. Ten capped games of ten are a
    reason at the pilot too."""
    def games(capped, n=10):
        return [GameSummary(i, i, 4, outcome="cap" if i < capped else "natural", winner=i % 4,
                            ranking=[1 if p == i % 4 else 2 for p in range(4)], moves=200, decisions=120, hands=3)
                for i in range(n)]
    pilot = Tier1Count(4, games(1), "greedy", "sensible", planned=200).judge()
    assert "NON_TERMINATING" not in {r.code for r in pilot.reasons} and "tier1" in pilot.escalate
    planned = Tier1Count(4, games(1), "greedy", "sensible", planned=10).judge()
    assert "NON_TERMINATING" in {r.code for r in planned.reasons}
    never = Tier1Count(4, games(10), "greedy", "sensible", planned=200).judge()
    assert {"NON_TERMINATING", "INCOMPLETE"} <= {r.code for r in never.reasons}


def test_tier2_runs_and_reports():
    report = playtest(load_spec(TYPICAL), games=30, seed=4, players=[2], tier=2, tier2_games=6, rollouts=2,
                      max_rollouts=8, pilot=5)
    # each count knows the games it is planned to play, from which a reason is judged at 95%: the
    # sensible players' --games, the random players' share of them (half, at least the pilot), and
    # Tier 2's tier2_games
    assert report.counts[0].planned == 30 and report.random_counts[0].planned == 15
    assert report.tier2[0].planned == 6
    d = report.as_dict()
    assert d["tier2"] and d["tier2"][0]["players"] == 2
    t2 = d["tier2"][0]
    assert set(t2["games"]) == {"strong", "order", "dominance:highest", "dominance:lowest",
                                "dominance:greedy-points", "inert:trumps"}
    assert 0 <= t2["balance"] <= 1 and 0 <= t2["fairness"] <= 1
    # (six games per configuration with a tiny budget can reject: only the structure is checked here)
    assert (d["quality"] is None) == (d["verdict"] == "reject")
    if d["quality"]:
        assert "order" in d["quality"]["by_players"][0]["components"]


def test_settings_record_the_budget():
    s = Settings(tier=2, rollouts=3, max_rollouts=9)
    assert s.as_dict()["rollouts"] == 3


# -- parallel and distributed --------------------------------------------------------------------

def _run(executor):
    spec = load_spec(TYPICAL)
    return playtest(spec, games=60, seed=9, tier=2, players=[2, 3], tier2_games=4, rollouts=2, max_rollouts=8,
                    executor=executor).as_dict()


@pytest.mark.slow
def test_local_processes_give_the_same_report():
    serial = _run(SerialExecutor())
    with ProcessExecutor(2) as ex:
        assert _run(ex) == serial


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_report():
    pytest.importorskip("distributed")
    serial = _run(SerialExecutor())
    with DaskExecutor(local_workers=2, processes=False) as ex:
        assert _run(ex) == serial


def test_a_trivial_seat_beside_strong_partners_is_judged_as_if_it_played_alone():
    """With sides the trivial policy plays one seat of its side and strong partners the others, so
    its side's edge over a fair share is the policy's own edge halved (two to a side): the check
    multiplies it back before the thresholds set for a player alone."""
    n, sides = 4, [0, 1, 0, 1]
    configs = tier2_configs(n, [], ["highest"])

    def side_wins(share):   # the trivial seat (game i sits it at seat i % 4) is on the winning side in `share` of games
        return lambda i: i % 4 if (i * 37 % 100) < share * 100 else (i + 1) % 4

    def codes(share):
        games = {"dominance:highest": _summaries(n, 400, side_wins(share), sides=sides)}
        f = Tier2Count(n, configs, games).judge()
        return {r.code for r in f.reasons}, {w.code for w in f.warnings}, f

    reasons, warnings, _ = codes(0.40)   # raw 40% would warn; as if alone it is 30%
    assert "DOMINANT_STRATEGY" not in reasons | warnings
    reasons, warnings, f = codes(0.47)   # as if alone 44%: a warning
    assert "DOMINANT_STRATEGY" in warnings and "DOMINANT_STRATEGY" not in reasons
    message = next(w.message for w in f.warnings if w.code == "DOMINANT_STRATEGY")
    assert "beside strong partners" in message and "as if it played alone" in message
    reasons, _, _ = codes(0.62)          # as if alone 74%, its interval above one half: a rejection
    assert "DOMINANT_STRATEGY" in reasons
