"""`parlour evolve`: the operators, the niches, the archive, and tiny runs of the search.

Runs are tiny (a few candidates, two Tier-1 games per player count) and use seed 19, whose
candidates judge in a fraction of a second each."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.checks import check_spec
from generator.cli import main
from generator.evolve.archive import Archive, Elite, load
from generator.evolve.niches import NOT_MEASURED, Niche, all_niches, bin_of, niche_of
from generator.evolve.operators import PHASES, SECTIONS, crossover, mutate
from generator.evolve.search import Settings, initial_batch, run
from generator.families import FAMILIES, family_of
from generator.judging import JudgeOptions, judge
from generator.sample import sample_game
from tests.conftest import WHIST, budget

TINY = ("--seed", "19", "--initial", "4", "--batch", "3", "--games", "2")
FAMILY_NAMES = list(FAMILIES)


def _rules(spec):
    return {k: v for k, v in spec.model_dump(mode="json").items() if k not in ("naming", "provenance")}


@pytest.fixture
def cli():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


@settings(max_examples=budget(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), family=st.sampled_from(FAMILY_NAMES))
def test_a_mutant_passes_the_checks_keeps_its_family_and_differs(seed, family):
    parent = sample_game(seed, family=family).spec
    child = mutate(parent, "mum", seed, run_seed=3)
    assert child is not None
    assert check_spec(child.spec) == []
    assert family_of(child.spec).name == family
    assert _rules(child.spec) != _rules(parent)
    assert child.spec.provenance.origin == "evolved" and child.spec.provenance.parents == ["mum"]
    assert child.spec.provenance.operator.startswith("mutation: ")
    again = mutate(parent, "mum", seed, run_seed=3)
    assert again.spec == child.spec  # deterministic
    # every section but the one named comes from the parent, unchanged
    changed = [s for s in SECTIONS if getattr(child.spec, s) != getattr(parent, s)]
    assert len(changed) == 1 and changed[0] in child.spec.provenance.operator


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_a_crossover_child_takes_each_phase_from_a_parent(family):
    child = None
    for seed in range(100, 160, 3):  # some trios cannot be crossed in any order (the checks refuse)
        parents = [(f"p{i}", sample_game(seed + i, family=family).spec) for i in range(3)]
        child = crossover(parents, seed, run_seed=3)
        if child is not None:
            break
    assert child is not None, "no crossover of three drafts passed the checks for 20 trios"
    spec = child.spec
    assert check_spec(spec) == [] and family_of(spec).name == family
    by_id = dict(parents)
    ids = spec.provenance.parents
    assert sorted(ids) == ["p0", "p1", "p2"] and spec.provenance.operator.startswith("crossover: ")
    for phase, parent_id in zip(PHASES, ids):
        for section in phase:
            assert getattr(spec, section) == getattr(by_id[parent_id], section), (section, parent_id)
    assert all(_rules(spec) != _rules(p) for _, p in parents)
    assert crossover(parents, seed, run_seed=3).spec == spec


def test_a_crossover_needs_three_parents_of_one_family():
    a = sample_game(1, family=FAMILY_NAMES[0]).spec
    b = sample_game(1, family=FAMILY_NAMES[1]).spec
    with pytest.raises(ValueError):
        crossover([("a", a), ("b", b), ("c", a)], 0, 0)


def test_the_niche_of_a_report():
    assert bin_of("players", 2) == "2" and bin_of("players", 4) == "3-4" and bin_of("players", 6) == "5+"
    assert bin_of("length", 14.9) == "<15 min" and bin_of("length", 15) == "15-30 min"
    assert bin_of("skill", 0.6) == "Order 0.5+"
    from generator.spec import load_spec

    whist = load_spec(WHIST)
    judged = judge(whist, JudgeOptions(games=20, mend=False))
    assert judged.passed
    niche = niche_of(whist, judged.report)
    assert niche.family == "trick-taking" and niche.players == "3-4" and niche.skill == NOT_MEASURED
    assert niche in all_niches(1) and Niche.from_key(niche.key) == niche


def test_the_archive_keeps_the_better_elite():
    spec = sample_game(1).spec
    archive = Archive(settings=Settings().as_dict())
    niche = Niche("trick-taking", "3-4", "<15 min", NOT_MEASURED)
    first = Elite("a", niche, 0.7, spec, 0)
    assert archive.place(first)
    assert not archive.place(Elite("b", niche, 0.6, spec, 1))
    assert not archive.place(Elite("c", niche, 0.7, spec, 1))  # a tie keeps the elite found first
    assert archive.elites[niche].id == "a"
    assert archive.place(Elite("d", niche, 0.8, spec, 2))
    assert archive.elites[niche].id == "d" and len(archive.elites) == 1


def test_every_family_takes_part_in_the_first_generation():
    batch = initial_batch(Settings(seed=11, initial=2 * len(FAMILIES)))
    assert [family_of(c.spec).name for c in batch] == FAMILY_NAMES * 2
    assert all(c.spec.provenance.origin == "generated" for c in batch)


@pytest.mark.slow
def test_a_tiny_run_is_the_same_on_one_or_two_workers_and_resumed(cli, tmp_path):
    one, two, resumed = tmp_path / "one", tmp_path / "two", tmp_path / "resumed"
    res = cli("evolve", "--out", str(one), *TINY, "--generations", "2", "--workers", "1")
    assert res.exit_code == 0, res.output
    assert "candidates judged" in res.output and "niches filled" in res.output
    assert cli("evolve", "--out", str(two), *TINY, "--generations", "2", "--workers", "2").exit_code == 0
    assert cli("evolve", "--out", str(resumed), *TINY, "--generations", "1", "--workers", "1").exit_code == 0
    res = cli("evolve", "--out", str(resumed), "--resume", "--generations", "2", "--workers", "2")
    assert res.exit_code == 0, res.output
    data = (one / "archive.json").read_bytes()
    assert (two / "archive.json").read_bytes() == data
    assert (resumed / "archive.json").read_bytes() == data
    archive = json.loads(data)
    assert archive["generation"] == 2 and archive["candidates"] == 4 + 2 * 3
    assert [h["candidates"] for h in archive["history"]] == [4, 3, 3]
    assert archive["passed"] == sum(h["passed"] for h in archive["history"]) > 0
    assert archive["candidates"] - archive["passed"] <= sum(archive["rejected"].values())
    elites = sorted(p.name for p in (one / "elites").iterdir())
    assert elites == sorted(p.name for p in (resumed / "elites").iterdir())
    assert elites == sorted(f"{e['id']}{ext}" for e in archive["niches"].values() for ext in (".yaml", ".report.json"))
    assert (one / "archive.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # the elites' folder is a book's folder
    from generator.commands.book import spec_files

    assert len(spec_files((str(one / "elites"),))) == len(archive["niches"])


@pytest.mark.slow
def test_an_interrupted_run_resumes_to_the_same_archive(tmp_path):
    s = Settings(seed=19, initial=4, batch=3, games=2, generations=2)
    whole = run(Archive(settings=s.as_dict()), s, _serial(), out=tmp_path / "whole")

    def stop(generation: int, judged: int, of: int) -> None:
        if generation == 2 and judged == 2:
            raise KeyboardInterrupt

    cut = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        run(Archive(settings=s.as_dict()), s, _serial(), out=cut, progress=stop)
    assert json.loads((cut / "archive.json").read_text())["generation"] == 1
    run(load(cut), s, _serial(), out=cut)
    assert (cut / "archive.json").read_bytes() == (tmp_path / "whole" / "archive.json").read_bytes()
    assert whole.generation == 2


def _serial():
    from generator.evolve.search import Executor

    return Executor(workers=1)


def test_the_command_refuses_an_archive_in_the_way_and_bad_options(cli, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "archive.json").write_text("{}")
    res = cli("evolve", "--out", str(out), *TINY, "--generations", "0")
    assert res.exit_code == 2 and "archive.json: already exists" in res.output
    res = cli("evolve", "--out", str(out), "--resume")
    assert res.exit_code == 2 and "archive.json" in res.output
    res = cli("evolve", "--out", str(tmp_path / "none"), "--resume")
    assert res.exit_code == 2 and "no archive to resume" in res.output
    assert cli("evolve", "--out", str(out), "--resume", "--force").exit_code == 2
    assert cli("evolve", "--out", str(out), "--tier", "3").exit_code == 2
    assert cli("evolve", "--out", str(out), "--games", "0").exit_code == 2
    assert not (out / "elites").exists()


@pytest.mark.slow
def test_a_resumed_run_keeps_its_settings(cli, tmp_path):
    out = tmp_path / "run"
    assert cli("evolve", "--out", str(out), *TINY, "--generations", "0", "--workers", "1").exit_code == 0
    res = cli("evolve", "--out", str(out), "--resume", "--games", "5")
    assert res.exit_code == 2 and "settings.games" in res.output


@pytest.mark.slow
def test_sigterm_stops_the_run_with_a_whole_archive_that_resumes(tmp_path):
    """SIGTERM between or during generations: exit 143, one line saying how to resume, the archive
    of the last whole generation, no temporary file; the run then resumes. (One worker: ending a
    pool's workers on a signal is the worker pool's own test.)"""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "evolve", "--out", str(out), "--seed", "19",
                             "--initial", "2", "--batch", "2", "--games", "2", "--generations", "1000",
                             "--workers", "1"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (out / "archive.json").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    said = [line for line in err.splitlines() if not line.startswith("generation ")]   # all but the news of each candidate
    assert len(said) == 1 and "terminated (SIGTERM)" in err and f"parlour evolve --out {out} --resume" in err
    assert not [p for p in out.rglob("*") if p.name.startswith(".") or p.name.endswith(".tmp")]
    saved = json.loads((out / "archive.json").read_text())
    assert saved["generation"] >= 0
    res = CliRunner().invoke(main, ["evolve", "--out", str(out), "--resume", "--generations",
                                    str(saved["generation"] + 1), "--workers", "1"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert json.loads((out / "archive.json").read_text())["generation"] == saved["generation"] + 1


def test_the_skill_axis_reads_order_at_the_best_count():
    """With Tier 2 a game's skill bin is its Order at the count where it plays best."""
    from types import SimpleNamespace

    from generator.playtest.metrics import Tier2Count
    from generator.playtest.runner import GameSummary

    def t1(players, minutes):
        return SimpleNamespace(players=players, minutes=lambda: [minutes] * 3)

    def t2(players, wins):  # the focus seat (index mod n) wins ``wins`` of 10 order games
        games = [GameSummary(index=i, seed=i, players=players, winner=(i % players) if i < wins else (i + 1) % players)
                 for i in range(10)]
        return Tier2Count(players, {}, {"order": games})

    report = SimpleNamespace(
        counts=[t1(3, 40.0), t1(4, 20.0)], tier2=[t2(3, 2), t2(4, 9)],
        quality=lambda: {"score": 0.8, "by_players": [{"players": 3, "score": 0.7}, {"players": 4, "score": 0.9}]})
    spec = sample_game(1).spec
    niche = niche_of(spec, report)
    assert niche == Niche(family_of(spec).name, "3-4", "15-30 min", "Order 0.5+")
    report.tier2 = None
    assert niche_of(spec, report).skill == NOT_MEASURED


def test_a_time_budget_cuts_the_generation_under_way_and_keeps_what_was_judged(tmp_path, monkeypatch):
    """With ``minutes``, the generation under way keeps the candidates judged when the time is
    spent (marked ``cut`` in its history) and no generation follows; the cut archive resumes. A
    budget never reached leaves the run as it was. (A clock that ticks a second a look.)"""
    from generator import judging

    s = Settings(seed=19, initial=4, batch=3, games=2, generations=2)
    whole = tmp_path / "whole"
    run(Archive(settings=s.as_dict()), s, _serial(), out=whole)
    ample = tmp_path / "ample"
    assert not run(Archive(settings=s.as_dict()), s, _serial(), out=ample, minutes=60).cut
    assert (ample / "archive.json").read_bytes() == (whole / "archive.json").read_bytes()

    ticks = iter(range(10**6))
    monkeypatch.setattr(judging, "clock", lambda: float(next(ticks)))
    cut = tmp_path / "cut"
    archive = run(Archive(settings=s.as_dict()), s, _serial(), out=cut, minutes=3 / 60)   # three looks: two verdicts
    assert archive.cut and archive.generation == 0
    saved = json.loads((cut / "archive.json").read_text())
    assert saved["history"] == [{**saved["history"][0], "candidates": 2, "cut": True}]
    assert saved["candidates"] == 2
    assert all(e["id"].startswith(("g000-000-", "g000-001-")) for e in saved["niches"].values())
    monkeypatch.setattr(judging, "clock", lambda: 0.0)
    resumed = run(load(cut), s, _serial(), out=cut)
    assert resumed.generation == 2 and not resumed.cut

    nothing = tmp_path / "nothing"
    monkeypatch.setattr(judging, "clock", lambda: float(next(ticks)))
    archive = run(Archive(settings=s.as_dict()), s, _serial(), out=nothing, minutes=0.5 / 60)
    assert archive.cut and archive.generation == -1 and not (nothing / "archive.json").exists()


def test_the_command_says_where_its_time_budget_stopped_it(cli, tmp_path, monkeypatch):
    from generator import judging

    ticks = iter(range(10**6))
    monkeypatch.setattr(judging, "clock", lambda: float(next(ticks)))
    out = tmp_path / "run"
    res = cli("evolve", "--out", str(out), *TINY, "--generations", "1", "--workers", "1", "--minutes", "0.05")
    assert res.exit_code == 0, res.output
    assert "stopped by its time budget (0.05 min): generation 0 cut after 2 candidates" in res.output
    assert f"parlour evolve --out {out} --resume" in res.output
    res = cli("evolve", "--out", str(tmp_path / "none"), *TINY, "--workers", "1", "--minutes", "0.001")
    assert res.exit_code == 0 and "before a candidate was judged; nothing was saved" in res.output
    assert cli("evolve", "--out", str(tmp_path / "x"), "--minutes", "0").exit_code == 2
