"""The rulebook parser (generator.text.parse): ``parse_markdown(render_markdown(spec)) == spec`` for
sampled games, the golden specs, every single-field variation of test_rulebook and the games
imported from the seed book; and text the parser cannot read is a ParseError that names the
section and quotes the sentence.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.sample import sample_game
from generator.spec import GameSpec, load_spec, spec_from_data
from generator.rulebook import render_markdown
from generator.text.parse import ParseError, parse_markdown
from tests.conftest import budget
from tests.family_helpers import round_trip, spec_diff
from tests.test_rulebook import BASE, GOLDEN_SPECS, _apply, _variation_specs

ROOT = Path(__file__).resolve().parents[1]
HYLOE = ROOT / "corpus" / "hyloe"


# --------------------------------------------------------------------------- round trips



@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_round_trip_golden(path: Path) -> None:
    spec = load_spec(path)
    assert parse_markdown(path.with_suffix(".md").read_text(encoding="utf-8")) == spec
    round_trip(spec, path.stem)


@pytest.mark.parametrize("label,spec", _variation_specs(), ids=lambda x: x if isinstance(x, str) else "")
def test_round_trip_variation(label: str, spec: GameSpec) -> None:
    round_trip(spec, label)


def _hyloe_specs() -> list[Path]:
    """Spec files of the games imported from the seed book (other YAML there, if any, is not a spec)."""
    out = []
    for path in sorted(HYLOE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "naming" in data:
            out.append(path)
    return out


@pytest.mark.slow
def test_round_trip_imported_games() -> None:
    """Every game imported from the seed book (corpus/hyloe) renders and parses back."""
    paths = _hyloe_specs()
    if not paths:
        pytest.skip("corpus/hyloe/ holds no imported games yet (the seed-book importer writes them there)")
    failures = []
    for path in paths:
        spec = spec_from_data(yaml.safe_load(path.read_text(encoding="utf-8")), path)
        try:
            back = parse_markdown(render_markdown(spec))
        except ParseError as exc:
            failures.append(f"{path.name}: {exc}")
            continue
        if back != spec.rules():  # where the game came from is printed, never read back
            failures.append(f"{path.name}: {spec_diff(spec.rules(), back)}")
    assert not failures, f"{len(failures)} of {len(paths)} imported games do not round-trip:\n" + "\n".join(failures)


def test_round_trip_real_games() -> None:
    """The traditional games written as specs (corpus/real) render and parse back."""
    paths = sorted((ROOT / "corpus" / "real").glob("*.yaml"))
    assert paths
    for path in paths:
        round_trip(load_spec(path), path.name)


def test_a_joker_loss_is_not_a_penalty_card() -> None:
    """With one joker, a loss per joker and the red joker as a penalty card once printed the same row
    ("| The red joker | costs its taker eight points |"); the loss now reads "Each joker"."""
    loss = spec_from_data(_apply(BASE, {"deck.jokers": 1, "scoring.joker_loss": 8}))
    penalty = spec_from_data(_apply(BASE, {"deck.jokers": 1, "scoring.penalty_card": {"card": "red joker", "points": 8}}))
    assert render_markdown(loss) != render_markdown(penalty)
    round_trip(loss, "joker loss")
    round_trip(penalty, "red joker penalty")


def test_playtest_summary_is_not_part_of_the_spec() -> None:
    spec = load_spec(GOLDEN_SPECS[0])
    for summary in ({"hands": 7.4, "minutes": 24, "games": 400}, {"minutes": 30}, {"hands": 3}):
        assert parse_markdown(render_markdown(spec, summary)) == spec


# --------------------------------------------------------------------------- text it must refuse

STRANGER = "The Queens are made of chocolate."


def _golden_text(stem: str) -> str:
    return (ROOT / "tests" / "golden" / f"{stem}.md").read_text(encoding="utf-8")


def _refused(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse_markdown(text)
    return info.value


@pytest.mark.parametrize("stem,after,section", [
    ("whist", "In each suit the cards rank, from high to low: Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2.",
     "The cards"),
    ("whist", "1. Each player is dealt 13 cards.", "Setup"),
    ("whist", "4. The winner of the trick leads to the next one.", "Play"),
    ("hearts", "- Each heart costs one point.", "Scoring"),
    ("hearts", ("Brindle Heath is a lively trick-taking game for three to five players, in which players avoid "
                "taking hearts."), "Brindle Heath (also Brindley or Brinsley)"),
    ("oh_hell", "A blind bid, made before looking (see *Setup*), can only be zero, and its player does not bid again.",
     "Bidding"),
    ("pig_boost", "- No card of a given rank may be led; for example, “No Ace may be led.”", "Unseen edicts"),
    ("german", "The player with the highest total wins.", "End of the game"),
])
def test_an_unknown_sentence_is_quoted(stem: str, after: str, section: str) -> None:
    text = _golden_text(stem)
    assert after in text
    exc = _refused(text.replace(after, f"{after} {STRANGER}", 1))
    assert exc.sentence == STRANGER and exc.section == section
    assert f"“{STRANGER}”" in str(exc) and section in str(exc)


def test_an_unknown_table_row_is_quoted() -> None:
    row = "| The Ace of spades | tastes of lemon |"
    text = _golden_text("hearts").replace("| Each joker |", row + "\n| Each joker |")
    exc = _refused(text)
    assert exc.sentence == row and exc.section == "Scoring"


@settings(max_examples=budget(100), deadline=None)
@given(seed=st.integers(0, 2**40), where=st.integers(0, 10_000), front=st.booleans())
def test_an_unknown_sentence_anywhere_is_quoted(seed: int, where: int, front: bool) -> None:
    """The sentence added at the start or the end of any line of prose (a paragraph line or a list item)."""
    lines = render_markdown(sample_game(seed).spec).split("\n")
    prose = [i for i, line in enumerate(lines) if line and not line.startswith(("#", "|"))]
    i = prose[where % len(prose)]
    if front:
        marker = re.match(r"(?:\d+\. |- )?", lines[i]).group(0)
        lines[i] = marker + STRANGER + " " + lines[i][len(marker):]
    else:
        lines[i] += " " + STRANGER
    exc = _refused("\n".join(lines))
    assert exc.sentence == STRANGER, str(exc)


@pytest.mark.parametrize("before,after", [
    ("Each player is dealt seven cards.", "Each player is dealt sevn cards."),
    ("Each player is dealt seven cards.", "Each player is dealt 7 cards."),
    ("Each player is dealt seven cards.", "Each player is dealt seven card."),
    ("Each player is dealt seven cards.", "Each player is dealt thirteen cards."),
    ("After the hands, three cards are dealt", "After the hands, thre cards are dealt"),
    ("for three or four players", "for three or fuor players"),
])
def test_a_garbled_number_is_refused(before: str, after: str) -> None:
    text = _golden_text("german")
    assert before in text
    exc = _refused(text.replace(before, after, 1))
    assert exc.section in ("Setup", "Ebersbach")
    assert after.split(" ")[-2] in exc.sentence or after in exc.sentence


def test_a_count_in_digits_below_13_says_why() -> None:
    exc = _refused(_golden_text("german").replace("dealt seven cards.", "dealt 7 cards."))
    assert "word" in exc.reason and exc.sentence == "Each player is dealt 7 cards."


@pytest.mark.parametrize("stem,before,after,section", [
    # derived facts that disagree with the rules they follow from
    ("whist", "Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2.", "Jack, 10, 9, 8, 7, 6, 5, 4, 3.", "The cards"),
    ("tarot", "In all, the pack has 73 cards.", "In all, the pack has 72 cards.", "The cards"),
    ("deal_all", "eight cards each with four players;", "seven cards each with four players;", "Setup"),
    ("german", "The hands are of 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7 cards: 13 hands in all.",
     "The hands are of 7, 6, 5, 4, 3, 2, 1 cards: seven hands in all.", "Setup"),
    ("landlord", "bids a number from one to four,", "bids a number from one to five,", "Bidding"),
    ("hearts", "players avoid taking hearts.", "players avoid taking spades.",
     "Brindle Heath (also Brindley or Brinsley)"),
    ("pig_boost", "Taking the goat (the King of hearts)", "Taking the goat (the King of spades)", "Scoring"),
    # a field stated twice, differently
    ("whist", "4. The winner of the trick leads to the next one.",
     ("4. The winner of the trick leads to the next one. The player to the left of this trick's leader leads to the "
      "next one."), "Play"),
])
def test_contradictions_are_refused(stem: str, before: str, after: str, section: str) -> None:
    text = _golden_text(stem)
    assert before in text
    exc = _refused(text.replace(before, after, 1))
    assert exc.section == section, str(exc)


@pytest.mark.parametrize("change", ["drop scoring", "swap sections", "stray heading", "no title", "item numbers"])
def test_the_shape_of_the_document_is_checked(change: str) -> None:
    text = _golden_text("whist")
    if change == "drop scoring":
        text = re.sub(r"## Scoring\n.*?(?=## End)", "", text, flags=re.DOTALL)
    elif change == "swap sections":
        text = text.replace("## Play", "## TEMP").replace("## Setup", "## Play").replace("## TEMP", "## Setup")
    elif change == "stray heading":
        text = text.replace("## The cards", "## The deck")
    elif change == "no title":
        text = text.split("\n", 2)[2]
    else:
        text = text.replace("2. The dealer's last card", "3. The dealer's last card")
    _refused(text)


def test_parse_error_is_a_value_error() -> None:
    assert issubclass(ParseError, ValueError)
