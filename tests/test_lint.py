"""The rulebook lint (issue 35): each kind of finding it reports, the causes fixed in the templates
(each with the game that showed it), and every rendered rulebook of a sample of every family and of
corpus/real linting clean."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.checks import check_spec
from generator.cli import main
from generator.families import FAMILIES
from generator.publish.facts import text_summary
from generator.rulebook import render_markdown
from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from generator.text.lint import Finding, lint
from tests.conftest import budget, make_spec
from tests.family_helpers import parse_markdown, with_changes

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "corpus" / "real"


def _spec(name: str, **changes: Any) -> GameSpec:
    """A corpus/real game with changes given as dotted paths, checked."""
    data = yaml.safe_load((REAL / f"{name}.yaml").read_text(encoding="utf-8"))
    spec = spec_from_data(with_changes(data, **changes))
    assert check_spec(spec) == []
    return spec


def _clean(spec: GameSpec) -> str:
    """The rulebook of ``spec``: no finding, and it reads back as the spec (the parser follows the fix)."""
    text = render_markdown(spec)
    assert lint(spec, text) == []
    assert parse_markdown(text) == spec.rules()
    return text


def _kinds(findings: list[Finding]) -> set[tuple[str, str]]:
    return {(f.kind, f.section) for f in findings}


# --------------------------------------------------------------------------- what the lint finds


def _with_line(text: str, heading: str, line: str) -> str:
    """``text`` with ``line`` added at the head of the section ``heading``."""
    mark = f"\n## {heading}\n\n"
    assert mark in text
    return text.replace(mark, mark + line + "\n", 1)


WHIST_LINES = [
    # a sentence about a rule the game does not use
    ("Play", "A joker played to a trick beats it.", "UNUSED_RULE"),
    ("Play", "A player may lay off a card.", "UNUSED_RULE"),
    ("Play", "The cards they keep still count against them when the hand is scored.", "UNUSED_RULE"),
    ("Play", "A player may lead a set or a run.", "UNUSED_RULE"),
    # a term used before it is defined, or never
    ("Setup", "The cards not dealt are left as the stock.", "UNDEFINED_TERM"),
    # program words
    ("Play", "The card_values table says what each card is worth.", "PROGRAM_WORD"),
    ("Scoring", "Scoring is by card-values.", "PROGRAM_WORD"),
    ("Scoring", "The bonus is None.", "PROGRAM_WORD"),
    ("Example of play", "- Reveal pig: Ann, yes.", "PROGRAM_WORD"),
    # grammar
    ("Scoring", "A player who reaches 1 points wins.", "GRAMMAR"),
    ("Variations", "Variations: play to 10 points instead of 20.", "GRAMMAR"),
    ("Scoring", "| Any other card | nothing |", "GRAMMAR"),
]


@pytest.mark.parametrize("heading, line, kind", WHIST_LINES, ids=[w[1][:40] for w in WHIST_LINES])
def test_the_lint_finds_each_kind_with_its_section_and_sentence(heading: str, line: str, kind: str) -> None:
    spec = make_spec()
    text = render_markdown(spec)
    assert lint(spec, text) == []
    if f"\n## {heading}\n" not in text:
        text += f"\n## {heading}\n\n"
    found = lint(spec, _with_line(text, heading, line))
    assert found and {(f.kind, f.section) for f in found} == {(kind, heading)}
    assert all(f.sentence and f.sentence in line for f in found)


def test_a_term_used_before_its_definition_is_found_and_one_used_after_is_not() -> None:
    spec = make_spec()
    text = render_markdown(spec)
    defined = _with_line(text, "Scoring", "Any cards not dealt form a face-down *stock*.")
    assert lint(spec, _with_line(defined, "Play", "The stock stays face down.")) != []
    assert lint(spec, _with_line(defined, "End of the game", "The stock stays face down.")) == []


def test_two_sections_stating_the_second_stock_out_contradict_each_other() -> None:
    spec = _spec("rummy")
    text = render_markdown(spec)
    twice = _with_line(text, "Play", "If the stock runs out again, the hand is blocked.")
    found = [f for f in lint(spec, twice) if f.kind == "CONTRADICTION"]
    assert found and found[0].section == "Scoring" and "second time the stock runs out" in found[0].sentence


def test_numbers_the_notes_print_must_be_the_rules() -> None:
    spec = make_spec()   # whist: four players, to 20 points
    text = render_markdown(spec)
    wrong = text.replace("reaches 20 points", "reaches 50 points")
    assert wrong != text and _kinds(lint(spec, wrong)) == {("DERIVED_FACT", "Quick reference")}
    sheet = _with_line(text, "Scoresheet", "The game has five hands.")
    assert _kinds(lint(spec, sheet)) == {("CONTRADICTION", "Scoresheet")}


# --------------------------------------------------------------------------- the causes, fixed


def test_rummy_states_its_second_stock_out_once() -> None:
    """Rummy ruled the second stock-out in Play (the blocked hand) and in Scoring, differently: the
    blocked hand's stock clause is left out where Scoring ends the hand at the second stock-out,
    which the engine checks first."""
    text = _clean(_spec("rummy"))
    assert "stock runs out again" not in text
    assert text.count("The second time the stock runs out") == 1


def test_a_melding_game_says_only_what_it_has() -> None:
    """No "laid off" without laying off, no joker among four put away or cleared without jokers,
    no kept cards counting against a deserter where scoring counts none."""
    plain = _clean(_spec("rummy", **{"provenance.differs": [], "play.lay_off": None, "play.melds.rearrange": "any", "play.stump": "vault",
                                     "play.desert": "desert",
                                     "scoring": {"kind": "first-out"},
                                     "ending.condition": {"kind": "target", "points": 5}}))
    assert "laid off" not in plain and "joker" not in plain and "count against" not in plain
    assert "with no joker:" not in _clean(_spec("rummy", **{"play.dump": "scrap"}))
    assert "(in a meld) since it last ran out" in plain   # no second stock-out in Scoring: the blocked hand says it
    full = _clean(_spec("rummy", **{"play.stump": "vault", "play.dump": "scrap", "play.desert": "desert",
                                    "deck.jokers": 2, "scoring.values.jokers": 25, "scoring.stock_out": False}))
    assert "with no joker among them" in full and "with no joker:" in full
    assert "still count against them" in full and "(in a meld or laid off)" in full


def test_terms_come_before_the_rules_that_use_them() -> None:
    """A meld is defined before the turn whose first step speaks of melds; going out before the
    rules that lean on it; a climbing trick's next leader is the next player with cards."""
    text = _clean(_spec("rummy"))
    assert text.index("A *meld* is") < text.index("A player's turn is these steps")
    assert text.index("has *gone out*") < text.index("*blocked*")
    assert "If that player has no cards left" in _clean(_spec("president"))


def test_the_scoresheet_has_the_rules_number_of_hands() -> None:
    """One hand per player at two to five players is not "five hands"; hands that shrink from a
    size that depends on the players are counted at each."""
    rounds = _clean(_spec("pay-me"))
    assert "The game has as many hands as there are players." in rounds
    shrink = _clean(_spec("oh-hell", **{"players.min": 3, "players.max": 5, "deal.hand_size": 7,
                                        "deal.hand_size_over_three": 5}))
    assert "The game has seven hands with three players and five hands with four or five players." in shrink


def test_a_game_of_tokens_keeps_no_points_on_its_sheet() -> None:
    spec = load_spec(ROOT / "corpus" / "hyloe" / "anville.yaml")
    text = render_markdown(spec)
    assert lint(spec, text) == []
    assert "The coins given up in the hand:" in text and "| Given up |" in text
    assert "the number of coins each player still holds" in text and "total" not in text.split("## Scoresheet")[1]


def test_the_quick_reference_counts_one_point() -> None:
    text = _clean(make_spec(**{"ending.condition.points": 1}))
    assert "reaches 1 point;" in text


# --------------------------------------------------------------------------- every rulebook


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(max_examples=budget(20), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_sampled_rulebooks_lint_clean(family: str, seed: int) -> None:
    spec = sample_game(seed, family).spec
    assert lint(spec, render_markdown(spec)) == []


@pytest.mark.parametrize("path", sorted(REAL.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_real_game_lints_clean(path: Path) -> None:
    """Printed as a book prints it, with its playtest report (the strategy note, Variations)."""
    spec = load_spec(path)
    report = path.with_suffix(".report.json")
    summary = text_summary(json.loads(report.read_text(encoding="utf-8"))) if report.is_file() else None
    assert lint(spec, render_markdown(spec, summary)) == []


def test_check_lint_names_the_file_the_section_and_the_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """`parlour check --lint`: ok for a clean rulebook; for a finding, the file, the section, the
    sentence and the kind, and exit 2 (here a word table that calls every "trumps" a joker's)."""
    import generator.text.lint as lint_module

    path = str(REAL / "whist.yaml")
    runner = CliRunner()
    res = runner.invoke(main, ["check", "--lint", path], catch_exceptions=False)
    assert res.exit_code == 0 and "ok" in res.output
    monkeypatch.setattr(lint_module, "RULE_WORDS", (("jokers", re.compile(r"\btrumps\b"), "trumps"),))
    res = runner.invoke(main, ["check", "--lint", path], catch_exceptions=False)
    assert res.exit_code == 2
    assert f"FAIL {path}: Setup: “" in res.output and "speaks of trumps [UNUSED_RULE]" in res.output


@pytest.mark.parametrize("seed", [6, 13, 18, 39, 40, 165])
def test_a_matching_example_tells_special_cards_in_the_rules_words(seed: int) -> None:
    """The games whose examples printed "kitty to next: yes", "gives to: names player 3", "chain:",
    "trade: no", "gives up a token: yes" and "with the drawn card:" (the narrator's labels)."""
    spec = sample_game(seed, "matching").spec
    text = render_markdown(spec)
    example = text.split("## Example of play")[1].split("\n## ")[0]
    assert not re.search(r"^\d+\. \w+ [a-z][a-z ]*: ", example, re.M)
    assert lint(spec, text) == []
