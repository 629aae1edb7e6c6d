"""The command line: error paths give exit 2 and a message naming the file and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import WHIST, whist_data


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)
    return invoke


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_check_ok(run):
    res = run("check", str(WHIST))
    assert res.exit_code == 0 and "ok" in res.output


def test_malformed_yaml(run, tmp_path):
    path = write(tmp_path, "bad.yaml", "naming: [\n  name: x\n")
    for cmd in (("check", path), ("render", path), ("playtest", path)):
        res = run(*cmd)
        assert res.exit_code == 2, cmd
        assert "bad.yaml" in res.output and "not valid YAML at line" in res.output


def test_unknown_field(run, tmp_path):
    data = whist_data()
    data["play"]["trump_colour"] = "red"
    path = write(tmp_path, "unknown.yaml", yaml.safe_dump(data))
    res = run("render", path)
    assert res.exit_code == 2
    assert "unknown.yaml: play.trump_colour: unknown field" in res.output


def test_wrong_value_names_the_field(run, tmp_path):
    data = whist_data()
    data["play"]["following"] = "sometimes"
    path = write(tmp_path, "wrong.json", json.dumps(data))
    res = run("check", path)
    assert res.exit_code == 2 and "wrong.json: play.following:" in res.output and "'sometimes'" in res.output


def test_impossible_deal(run, tmp_path):
    data = whist_data()
    data["deal"]["hand_size"] = 14
    path = write(tmp_path, "big.yaml", yaml.safe_dump(data))
    for cmd in (("check", path), ("playtest", path)):
        res = run(*cmd)
        assert res.exit_code == 2
        assert "big.yaml: deal.hand_size: the deal needs 56 cards but the pack has only 52" in res.output
        assert "DEAL_IMPOSSIBLE" in res.output


def test_missing_file(run, tmp_path):
    res = run("check", str(tmp_path / "nope.yaml"))
    assert res.exit_code == 2 and "nope.yaml: no such file" in res.output


def test_schema_is_json_schema(run):
    res = run("schema")
    schema = json.loads(res.output)
    assert res.exit_code == 0 and schema["title"] == "Parlour game specification"
    assert "naming" in schema["properties"] and "play" in schema["required"]


def test_playtest_report_and_records(run, tmp_path):
    records = tmp_path / "games.jsonl"
    res = run("playtest", str(WHIST), "--games", "20", "--seed", "3", "--records", str(records))
    assert res.exit_code == 0, res.output
    assert "verdict: pass" in res.output and "wins by seat" in res.output
    lines = [json.loads(x) for x in records.read_text().splitlines()]
    # 20 games of the sensible players, then 20 of the random players (the pilot of 50 caps at --games)
    assert [x["bots"] for x in lines] == ["greedy"] * 20 + ["random"] * 20
    first = lines[0]
    assert {"seed", "players", "hands", "ranking"} <= first.keys()
    hand = first["hands"][0]
    assert {"dealer", "trump", "tricks", "won", "scores", "totals"} <= hand.keys()
    # the same seed gives the same records, and an existing file is not replaced silently
    again = run("playtest", str(WHIST), "--games", "20", "--seed", "3", "--records", str(records))
    assert again.exit_code == 2 and "already exists" in again.output


def test_playtest_json_is_stable(run):
    a = run("playtest", str(WHIST), "--games", "10", "--json")
    b = run("playtest", str(WHIST), "--games", "10", "--json")
    assert a.exit_code == 0 and a.output == b.output
    assert json.loads(a.output)["verdict"] == "pass"


@pytest.mark.slow
def test_generate_fifty_games_that_check_and_playtest(run, tmp_path):
    """The issue's bar: 50 games from seed 7, each passing `check`, each playtested to a verdict."""
    out = tmp_path / "games"
    res = run("generate", "--family", "trick-taking", "--count", "50", "--seed", "7", "--out", str(out))
    assert res.exit_code == 0, res.output
    specs = sorted(out.glob("*.yaml"))
    assert len(specs) == 50 and len(list(out.glob("*.md"))) == 50
    assert run("check", *map(str, specs)).exit_code == 0
    for path in specs:
        r = run("playtest", str(path), "--games", "3", "--json")
        assert r.exit_code in (0, 1), r.output
        assert json.loads(r.output)["verdict"] in ("pass", "reject")
    # the same seed writes byte-identical files; an existing file is never replaced silently
    again = tmp_path / "again"
    run("generate", "--count", "50", "--seed", "7", "--out", str(again))
    assert all((again / p.name).read_bytes() == p.read_bytes() for p in out.iterdir())
    clash = run("generate", "--count", "50", "--seed", "7", "--out", str(out))
    assert clash.exit_code == 2 and "already exists" in clash.output


def test_generate_for_a_player_count(run, tmp_path):
    res = run("generate", "--count", "5", "--seed", "1", "--players", "6", "--out", str(tmp_path))
    assert res.exit_code == 0
    for path in tmp_path.glob("*.yaml"):
        data = yaml.safe_load(path.read_text())
        assert data["players"]["min"] <= 6 <= data["players"]["max"]


def test_parse_reads_a_rulebook_back(run, tmp_path):
    book = tmp_path / "whist.md"
    book.write_text(run("render", str(WHIST)).output, encoding="utf-8")
    res = run("parse", str(book))
    assert res.exit_code == 0
    expected = yaml.safe_load(run("render", str(WHIST), "--format", "yaml").output)
    expected.pop("provenance", None)  # where the game came from is printed, never read back
    assert yaml.safe_load(res.output) == expected
    book.write_text(book.read_text(encoding="utf-8") + "\nThe dealer sings.\n", encoding="utf-8")
    bad = run("parse", str(book))
    assert bad.exit_code == 2 and "no rule reads this sentence: “The dealer sings.”" in bad.output
