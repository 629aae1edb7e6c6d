"""`parlour playtest`, `parlour replay` and `parlour generate --playtest` on the command line, and the
JSON report against its schema."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import ROOT, WHIST, whist_data

SCHEMA = json.loads((ROOT / "docs" / "playtest-report.schema.json").read_text(encoding="utf-8"))
REAL = ROOT / "corpus" / "real"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


@pytest.mark.slow
def test_json_report_follows_its_schema(run):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    res = run("playtest", str(REAL / "whist-classic.yaml"), "--tier", "2", "--games", "20", "--tier2-games", "4",
              "--rollouts", "2", "--max-rollouts", "8", "--workers", "1", "--json")
    report = json.loads(res.output)
    jsonschema.validate(report, SCHEMA)
    assert report["tier"] == 2 and report["tier2"][0]["players"] == 4


@pytest.mark.slow
def test_several_files_and_text_report(run):
    res = run("playtest", str(WHIST), str(REAL / "hearts.yaml"), "--games", "20", "--workers", "1")
    assert res.exit_code == 0, res.output
    assert res.output.count("verdict: pass") == 2 and "Hearts: playtest" in res.output
    assert "wins by seat" in res.output and "real choices" in res.output
    res = run("playtest", str(WHIST), str(REAL / "hearts.yaml"), "--games", "10", "--workers", "1", "--json")
    reports = json.loads(res.output)
    assert [r["game"] for r in reports] == ["Whist", "Hearts"]
    for r in reports:
        jsonschema.validate(r, SCHEMA)


def test_the_same_with_two_workers(run):
    args = ("playtest", str(WHIST), "--games", "120", "--seed", "5", "--json")
    assert run(*args, "--workers", "1").output == run(*args, "--workers", "2").output


@pytest.mark.slow
def test_a_rejection_prints_its_replay_command(run, tmp_path):
    data = whist_data()
    data["scoring"]["beyond"] = 12   # a point only for all 13 tricks: the game (nearly) never ends
    path = tmp_path / "slow.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    res = run("playtest", str(path), "--workers", "1")
    assert res.exit_code == 1 and "verdict: REJECT" in res.output
    command = re.search(r"replay: parlour replay (\S+) (--seed \d+ --players \d+)", res.output)
    assert command, res.output
    replayed = run("replay", command.group(1), *command.group(2).split())
    assert replayed.exit_code == 0
    assert "hand 1: seat 1 deals" in replayed.output and "takes it" in replayed.output


def test_replay_command(run):
    res = run("replay", str(WHIST), "--seed", "11")
    assert res.exit_code == 0
    lines = res.output.splitlines()
    assert lines[0].startswith("Whist: 4 players, game seed 11, random self-play")
    assert lines[-1].startswith("result: seat ")
    assert sum("plays" in line for line in lines) == 52 * sum(line.startswith("hand ") for line in lines)
    res = run("replay", str(WHIST), "--seed", "11", "--bots", "strong,random,random,greedy", "--rollouts", "2",
              "--max-rollouts", "8")
    assert res.exit_code == 0 and "seat 1 strong" in res.output
    bad = run("replay", str(WHIST), "--seed", "1", "--bots", "strong,random")
    assert bad.exit_code == 2 and "2 bots for 4 players" in bad.output


@pytest.mark.slow
def test_generate_keeps_only_games_that_pass(run, tmp_path):
    """--count counts the games kept: drafts are drawn until that many pass, and the summary's
    numbers add up to the files written (kept in OUT, rejected with reasons in OUT/rejected)."""
    out = tmp_path / "games"
    res = run("generate", "--count", "3", "--seed", "7", "--out", str(out), "--playtest", "--games", "20",
              "--workers", "1")
    assert res.exit_code == 0, res.output
    m = re.search(r"drafts: (\d+) = (\d+) kept \((\d+) as drawn, (\d+) mended\) \+ (\d+) rejected", res.output)
    assert m, res.output
    drafts, kept, as_drawn, mended, rejected_n = map(int, m.groups())
    assert kept == 3 and drafts == kept + rejected_n and kept == as_drawn + mended
    kept_files = sorted(out.glob("*.yaml"))
    rejected = sorted((out / "rejected").glob("*.yaml"))
    assert len(kept_files) == 3 and len(list(out.glob("*.md"))) == 3
    assert len(rejected) == rejected_n
    # the drafts judged are the first ones of the seed, none skipped
    numbers = sorted(int(p.name[:6]) for p in kept_files + rejected)
    assert numbers == list(range(7, 7 + drafts))
    for spec in rejected:
        reasons = spec.with_suffix(".reasons.txt").read_text(encoding="utf-8")
        assert re.search(r"[A-Z_]+: .+, with \d players", reasons)
    if rejected:
        assert "rejected (in " in res.output