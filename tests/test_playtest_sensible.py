"""Tier 1's two kinds of players, the table-time model and the degenerate-game checks
(docs/playtest-metrics.md): sensible players judge length and everything a table would see, random
players robustness and agency; the model puts the calibration games within their published
times; a game decided in its first hand, or a printed rule that never applies, is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.engine import Game
from generator.engine.phase import PrintedRule
from generator.mend.evidence import estimates
from generator.mend.fields import with_values
from generator.mend.knobs import TargetKnob, one_hand_floor
from generator.playtest import Report, Tier1Count, dead_rules, dead_text, depends, playtest
from generator.playtest.metrics import RANDOM, SENSIBLE
from generator.playtest.runner import GameSummary, game_seed, play_one
from generator.playtest.stats import median
from generator.playtest.tabletime import CALIBRATION, MODEL, TableTime, fit
from generator.sample import sample_game
from generator.spec import load_spec

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "corpus" / "real"


def games(n: int, count: int, **kw) -> list[GameSummary]:
    return [GameSummary(i, i, n, winner=i % n, ranking=[1 if p == i % n else 2 for p in range(n)], **kw)
            for i in range(count)]


def test_each_kind_of_players_judges_its_own_metrics():
    # 200 very long games with few real choices: a length problem and an agency problem at once
    long_dull = games(4, 200, moves=3000, decisions=400, hands=3, deals=3)
    sensible = {r.code for r in Tier1Count(4, long_dull, "greedy", SENSIBLE).judge().reasons}
    rand = {r.code for r in Tier1Count(4, long_dull, "random", RANDOM).judge().reasons}
    assert sensible == {"TOO_LONG"}
    assert rand == {"NO_AGENCY"}
    both = {r.code for r in Tier1Count(4, long_dull).judge().reasons}
    assert both == {"TOO_LONG", "NO_AGENCY"}


def test_a_verdict_that_depends_on_the_players_says_so():
    ends = games(4, 200, moves=200, decisions=150, hands=4, deals=4)
    never = [GameSummary(i, i, 4, outcome="cap", moves=5000, decisions=2500, hands=30, deals=30) for i in range(100)]
    notes = depends([Tier1Count(4, ends, "greedy", SENSIBLE)], [Tier1Count(4, never, "random", RANDOM)])
    assert len(notes) == 1 and "depends on the players" in notes[0] and "never ended" in notes[0]
    assert depends([Tier1Count(4, ends, "greedy", SENSIBLE)], [Tier1Count(4, ends, "random", RANDOM)]) == []
    # the reverse: random players end it, sensible players do not
    back = depends([Tier1Count(4, never, "greedy", SENSIBLE)], [Tier1Count(4, ends, "random", RANDOM)])
    assert len(back) == 1 and "with sensible players" in back[0]


def test_one_hand_and_short_games_are_warned():
    quick = games(4, 200, moves=40, decisions=30, hands=1, deals=1)
    warned = {w.code for w in Tier1Count(4, quick, "greedy", SENSIBLE).judge().warnings}
    assert {"ONE_HAND", "TOO_SHORT"} <= warned
    several = games(4, 200, moves=300, decisions=250, hands=5, deals=5)
    assert not {w.code for w in Tier1Count(4, several, "greedy", SENSIBLE).judge().warnings} & {"ONE_HAND", "TOO_SHORT"}


def test_a_rule_that_never_applied_is_named():
    spec = load_spec(REAL / "president.yaml")   # titles pass cards between hands (PassCards)
    phases = {type(p).__name__: p for p in Game(spec).phases}
    assert "PassCards" in phases
    one_hand = games(4, 20, moves=80, decisions=60, hands=1, deals=1, met=["climb", "shape:single", "shape:set"])
    found = dead_text(spec, [Tier1Count(4, one_hand, "greedy", SENSIBLE)])
    assert [w.code for w in found.warnings] == ["DEAD_TEXT"]
    assert "passing cards between the titled players" in found.warnings[0].message
    played = games(4, 20, moves=80, decisions=60, hands=3, deals=3, met=["climb", "give-back", "shape:set"])
    assert dead_text(spec, [Tier1Count(4, played, "greedy", SENSIBLE)]).warnings == []


def test_a_playtest_plays_both_kinds_and_prints_sensible_lengths():
    report = playtest(load_spec(REAL / "whist-classic.yaml"), games=30, seed=2)
    assert report.counts[0].role == SENSIBLE and report.counts[0].bot == "greedy"
    assert report.random is not None and report.random[0].role == RANDOM and report.random[0].bot == "random"
    d = report.as_dict()
    assert d["counts"][0]["bot"] == "greedy" and d["random"][0]["bot"] == "random"
    # the sensible players' games give the lengths that are printed
    assert d["counts"][0]["minutes_median"] == pytest.approx(median([g.minutes for g in report.counts[0].games]), abs=1e-3)
    alone = playtest(load_spec(REAL / "whist-classic.yaml"), games=30, seed=2, bot="random")
    assert alone.random is None and alone.counts[0].bot == "random"


@pytest.mark.statistical
@pytest.mark.parametrize("cal", [c for c in CALIBRATION if c.low], ids=lambda c: c.name)
def test_the_table_time_model_puts_every_calibration_game_within_its_published_time(cal):
    """At the published player count, with sensible players (60 games, a seed the fit did not use)."""
    game = Game(load_spec(ROOT / cal.spec))
    n = cal.players
    per = []
    for i in range(60):
        g = play_one(game, n, game_seed(7, n, i), i, ["greedy"] * n, bounds=None)
        assert g.outcome == "natural"
        per.append(g.minutes / (g.hands if cal.per == "hand" else 1))
    assert cal.within(median(per)), (cal.name, median(per), cal.range)


def test_the_fit_recovers_a_known_model():
    truth = TableTime(move=3.0, think=2.0, deal=50.0, scoring=MODEL.scoring)
    rows = []
    for moves, decisions, deals, hands in [(260, 200, 5, 5), (52, 40, 1, 1), (700, 300, 12, 10), (90, 80, 3, 3),
                                           (400, 100, 8, 8)]:
        rows.append(((decisions, moves, deals, hands), truth.seconds(decisions, moves, deals, hands) / 60))
    got = fit(rows)
    assert (got.move, got.think, got.deal) == pytest.approx((3.0, 2.0, 50.0), abs=0.05)


def test_the_target_mend_never_goes_below_what_one_hand_brings():
    spec = load_spec(REAL / "hearts.yaml")
    # every game: 40 hands of 3 minutes, the leader 2.5 points a hand, but one hand can bring 26
    long = [GameSummary(i, i, 4, winner=0, ranking=[1, 2, 3, 4], moves=40 * 30, decisions=40 * 25, hands=40,
                        deals=40, totals=[-100, -60, -50, -40], worst_hand=-26) for i in range(40)]
    report = Report("x", 0, "greedy", [Tier1Count(4, long, "greedy", SENSIBLE)], [], [])
    est = estimates(spec, report)
    assert one_hand_floor(est) == 26
    for cand in TargetKnob().candidates(spec, est):
        assert cand.changes["ending.condition.points"] > 26


def test_a_count_clear_of_every_line_stops_at_the_pilot():
    # 30 minutes a game by the model, every move a real choice: nothing close to any line
    n = 4
    per_game = round((30 * 60 - 5 * (MODEL.deal + MODEL.scoring)) / (MODEL.move + MODEL.think))
    calm = games(n, 50, moves=per_game, decisions=per_game, hands=5, deals=5)
    c = Tier1Count(n, calm, "greedy", SENSIBLE)
    assert c.clear(c.judge())
    # a game whose median sits near the long warning (games of 48 to 68 minutes) is not clear: its
    # games go on to the base
    def moves(minutes: float) -> int:
        return round((minutes * 60 - 5 * (MODEL.deal + MODEL.scoring)) / (MODEL.move + MODEL.think))

    spread = [GameSummary(i, i, n, winner=i % n, ranking=[1 if p == i % n else 2 for p in range(n)], hands=5, deals=5,
                          moves=moves(48 + 20 * i / 49), decisions=moves(48 + 20 * i / 49)) for i in range(50)]
    slow = Tier1Count(n, spread, "greedy", SENSIBLE)
    assert not slow.judge().warnings and not slow.clear(slow.judge())
    # few real choices for random players: not clear of the agency warning
    dull = Tier1Count(n, games(n, 50, moves=100, decisions=45, hands=5, deals=5), "random", RANDOM)
    assert not dull.clear(dull.judge())


def test_a_playtest_spends_its_games_where_the_verdict_is_close():
    report = playtest(load_spec(REAL / "whist-classic.yaml"), games=200, seed=2)
    assert not report.warnings
    assert [len(c.games) for c in report.counts] == [50] and [len(c.games) for c in report.random] == [50]
    alone = playtest(load_spec(REAL / "whist-classic.yaml"), games=200, seed=2, bot="random")
    assert [len(c.games) for c in alone.counts] == [200]   # one kind judging everything plays the base, as before


def test_random_players_stop_once_their_games_hold_enough_moves(monkeypatch):
    """A game random players never end: ten capped games hold 50,000 moves, enough for what they judge."""
    from generator import playtest as pt

    real = pt.Tier1Count.clear
    monkeypatch.setattr(pt.Tier1Count, "clear", lambda self, f: self.role == RANDOM or real(self, f))
    monkeypatch.setattr(pt, "RANDOM_MOVES", 1)   # every game holds a move: the first look is enough
    report = playtest(load_spec(REAL / "whist-classic.yaml"), games=200, seed=2)
    assert [len(c.games) for c in report.random] == [10]


def whist_with_misdeal() -> "object":
    from generator.mend.fields import with_values

    return with_values(load_spec(REAL / "whist-classic.yaml"), {"deal.misdeal": {"suit": "diamonds", "must_show": True}})


def test_a_rule_that_applies_without_a_decision_is_not_dead():
    """A hand that must be shown is thrown in with no one deciding: the record says the rule applied."""
    report = playtest(whist_with_misdeal(), games=30, seed=4)
    applied = [g for c in report.counts for g in c.games if "ShowMisdeal" in g.met]
    assert applied and all(g.deals > g.hands for g in applied)
    assert not [w for w in report.warnings if w.code == "DEAD_TEXT"]


def test_a_dead_rule_that_the_game_can_do_without_is_dropped(monkeypatch):
    from generator.engine.steps.misdeal import ShowMisdeal
    from generator.mend import dead
    from generator.judging import JudgeOptions

    spec = whist_with_misdeal()
    options = JudgeOptions(games=30)
    report = options.playtest(spec)
    misdeal = PrintedRule(ShowMisdeal.rule, frozenset(), ShowMisdeal.dropped_by)
    monkeypatch.setattr(dead, "dead_rules", lambda spec, counts: [misdeal] if spec.deal.misdeal else [])
    mended = dead.drop_dead(spec, report, options.playtest)
    assert mended is not None and mended.spec.deal.misdeal is None and mended.report.verdict == "pass"
    m = mended.spec.provenance.mends[-1]
    assert m.field == "deal.misdeal" and m.draft == {"suit": "diamonds", "must_show": True} and m.mended is None
    assert "never applied" in m.why
    # a rule the game cannot do without (the auction names no way out) is left, with its warning
    from generator.engine.steps.auction import Auction

    monkeypatch.setattr(dead, "dead_rules", lambda spec, counts: [PrintedRule(Auction.rule, frozenset(), {})])
    assert dead.drop_dead(spec, report, options.playtest) is None


def test_rules_inside_card_play_leave_their_names_when_they_apply():
    """A special card laid, a set played: the engine records it, so the playtest can tell a printed
    rule that was used from one no game ever needed."""
    for name, rule in [("crazy-eights.yaml", "effect:8"), ("president.yaml", "shape:set")]:
        game = Game(load_spec(REAL / name))
        met = set()
        for i in range(6):
            met |= set(play_one(game, 4, game_seed(3, 4, i), i, ["greedy"] * 4, bounds=None).met)
        assert rule in met, name


def test_a_special_card_never_laid_and_sets_never_played_are_named():
    eights = load_spec(REAL / "crazy-eights.yaml")
    without = games(4, 20, moves=80, decisions=60, hands=3, deals=3, met=["match"])
    found = dead_text(eights, [Tier1Count(4, without, "greedy", SENSIBLE)])
    assert [w.code for w in found.warnings] == ["DEAD_TEXT"]
    assert "laying a card of rank 8 (its effect: wild)" in found.warnings[0].message
    laid = games(4, 20, moves=80, decisions=60, hands=3, deals=3, met=["match", "effect:8"])
    assert dead_text(eights, [Tier1Count(4, laid, "greedy", SENSIBLE)]).warnings == []
    president = load_spec(REAL / "president.yaml")
    singles = games(4, 20, moves=80, decisions=60, hands=3, deals=3, met=["climb", "give-back", "shape:single"])
    (rule,) = dead_rules(president, [Tier1Count(4, singles, "greedy", SENSIBLE)])
    assert rule.text == "playing sets of cards of one rank" and rule.dropped_by["play.leads"] == "singles"


@pytest.mark.parametrize("family", ["trick-taking", "climbing", "matching", "melding"])
def test_every_rule_a_playtest_may_drop_comes_out_of_the_game(family):
    """Each printed rule's ``dropped_by`` gives a spec the schema takes (or refuses cleanly), and the
    game made of it no longer prints that rule: the dead-rule mend can never keep a rule it says it
    dropped, nor crash on one."""
    seen = 0
    for seed in range(60):
        spec = sample_game(seed, family).spec
        for rule in (r for ph in Game(spec).phases for r in ph.printed_rules() if r.dropped_by):
            try:
                changed = with_values(spec, rule.dropped_by)
            except ValueError:
                continue
            seen += 1
            assert rule.text not in {r.text for ph in Game(changed).phases for r in ph.printed_rules()}, (seed, rule)
    assert seen or family == "trick-taking"


def test_two_dropped_rules_of_one_list_or_part_combine():
    from generator.mend.dead import SKIP, merge_drop

    a, b, c = {"rank": "8"}, {"rank": "2"}, {"rank": "J"}
    changes = {"play.effects": [b, c]}            # the 8 dropped
    assert merge_drop(changes, "play.effects", [a, c]) == [c]   # and the 2: only the Jack stays
    assert merge_drop({"play.bomb": None}, "play.bomb.rocket", None) is SKIP
    assert merge_drop({}, "play.low_bomb", False) is False
