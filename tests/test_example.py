"""The sections after the rules: the worked example (true to the engine), the strategy note, the
scoresheet and the quick reference; the sections every rulebook has; the parser skipping what is not
a rule while staying strict about where it stands.

The example's facts are checked against an independent replay of the same seed (``parlour
replay``'s code, the whole game, its printed lines read back): each seat's cards, every move and
trick, who took each trick, the order players went out, and the hand's scores.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.engine import Game
from generator.families import FAMILIES
from generator.playtest.replay import replay
from generator.playtest.runner import PLAYTEST_MOVE_CAP
from generator.sample import sample_game
from generator.spec import load_spec
from generator.rulebook import render_markdown
from generator.rulebook.example import EXAMPLE_TRIES, worked_example
from generator.text.example import EXAMPLE_BOT, Example, example_seed
from generator.text.parse import ParseError, parse_markdown
from generator.text.render import example_seat, hand_words

REPO = Path(__file__).resolve().parents[1]
REAL = sorted((REPO / "corpus" / "real").glob("*.yaml"))
#: Sampled specs of every family (a few seeds each: the example costs milliseconds a game).
SAMPLED = [(family, seed) for family in sorted(FAMILIES) for seed in range(6)]


def _sampled(family: str, seed: int):
    return sample_game(seed, family).spec


def _specs():
    return [(p.stem, load_spec(p)) for p in REAL] + [(f"{f}-{s}", _sampled(f, s)) for f, s in SAMPLED]


SPECS = _specs()


# --------------------------------------------------------------------------- the replay, read back


_HAND = re.compile(r"hand (\d+): seat (\d+) deals")
_HOLDS = re.compile(r"  seat (\d+) holds (.*)")
_TRICK = re.compile(r"    trick: (.*) → seat (\d+) takes it")
_CLIMB_TRICK = re.compile(r"    trick of (\d+) plays → (?:seat (\d+) takes it|set aside \(last: seat (\d+)\))")
_MOVE = re.compile(r"    seat (\d+) (.*) \((?:forced|1 of \d+)\)")
_DECISION = re.compile(r"  ([a-z-]+): seat (\d+) — (.*) \((?:forced|1 of \d+)\)")
_SCORES = re.compile(r"  (?:.*; )?hand scores: (.*); totals: (.*)")
_OUT = re.compile(r"out in order: ([\d ]+|no one);")


def _first_hand(lines: list[str]) -> dict:
    """The facts of the first hand of a replay's printed lines."""
    facts: dict = {"hands": {}, "tricks": [], "climb_tricks": [], "moves": [], "decisions": []}
    hand = 0
    for line in lines:
        m = _HAND.fullmatch(line)
        if m:
            hand = int(m[1])
            if hand == 1:
                facts["dealer"] = int(m[2]) - 1
            continue
        if hand != 1:
            continue
        if m := _HOLDS.fullmatch(line):
            facts["hands"].setdefault(int(m[1]) - 1, m[2].split(", ") if m[2] != "nothing" else [])
        elif m := _TRICK.fullmatch(line):
            played = [p.split(" ", 2) for p in m[1].split("; ")]   # "seat 2 K of clubs"
            facts["tricks"].append(([int(p[1]) - 1 for p in played], [p[2] for p in played], int(m[2]) - 1))
        elif m := _CLIMB_TRICK.fullmatch(line):
            taker = int(m[2]) - 1 if m[2] else None
            facts["climb_tricks"].append((int(m[1]), taker))
        elif m := _SCORES.fullmatch(line):
            facts["scores"] = [int(v) for v in m[1].split()]
            facts["totals"] = [int(v) for v in m[2].split()]
            out = _OUT.search(line)
            if out:
                facts["out"] = [] if out[1] == "no one" else [int(v) - 1 for v in out[1].split()]
        elif m := _MOVE.fullmatch(line):
            facts["moves"].append((int(m[1]) - 1, m[2]))
        elif m := _DECISION.fullmatch(line):
            facts["decisions"].append((m[1], int(m[2]) - 1, m[3]))
    return facts


def _replayed(spec, ex: Example) -> dict:
    game = Game(spec, move_cap=PLAYTEST_MOVE_CAP)
    lines, summary = replay(game, ex.players, ex.seed, [EXAMPLE_BOT] * ex.players)
    assert summary.outcome != "error", summary.error
    return _first_hand(lines)


@pytest.mark.slow
@pytest.mark.parametrize("label,spec", SPECS, ids=[label for label, _ in SPECS])
def test_example_is_the_replay_of_its_seed(label: str, spec) -> None:
    ex = worked_example(spec)
    assert ex is not None, f"{label}: no example"
    assert example_seed(spec) <= ex.seed < example_seed(spec) + EXAMPLE_TRIES and ex.bot == EXAMPLE_BOT
    facts = _replayed(spec, ex)
    assert ex.dealer == facts["dealer"]
    assert {p: cards for p, cards in enumerate(ex.hands)} == facts["hands"]
    assert [(m.seat, m.words) for m in ex.play] == facts["moves"]
    assert [(m.decision, m.seat, m.words) for m in ex.before_play] == facts["decisions"]
    if ex.by_tricks:
        assert [(t.seats, t.cards, t.taker) for t in ex.tricks] == facts["tricks"]
        if ex.tricks_taken is not None:
            assert ex.tricks_taken == [sum(1 for t in ex.tricks if t.taker == p) for p in range(ex.players)] \
                or sum(ex.tricks_taken) <= len(ex.tricks)
    else:
        assert [(len(t.seats), t.taker) for t in ex.tricks] == facts["climb_tricks"]
    assert ex.scores == facts["scores"] and ex.totals == facts["totals"]
    if "out" in facts:
        assert (ex.out or []) == facts["out"]


@pytest.mark.parametrize("label,spec", SPECS[:12], ids=[label for label, _ in SPECS[:12]])
def test_example_text_states_the_facts(label: str, spec) -> None:
    ex = worked_example(spec)
    text = render_markdown(spec).split("\n## Example of play\n")[1].split("\n## ")[0]
    for p, cards in enumerate(ex.hands):
        row = next(line for line in text.splitlines() if line.startswith(f"| {example_seat(p)} | "))
        assert row == f"| {example_seat(p)} | {hand_words(cards)} |"
        # Every card is there, its rank under its suit.
        for card in cards:
            rank, _, suit = card.partition(" of ")
            assert re.search(rf"{re.escape(suit)}: (?:[^;|]*, )?{re.escape(rank)}\b" if suit else re.escape(card), row)
    scores = " | ".join(f"−{-v}" if v < 0 else str(v) for v in ex.scores)
    assert f"| This hand | {scores} |" in text
    for i, t in enumerate(ex.tricks[:3] if ex.by_tricks else [], 1):
        played = ", ".join(f"{example_seat(p)} {c}" for p, c in zip(t.seats, t.cards))
        assert f"| {i} | {played} | {example_seat(t.taker)}, with the " in text
    assert "seed" not in text.lower() and "greedy" not in text


def test_example_reasons_are_true() -> None:
    """Where a trick's taker comes with a reason, the reason holds of the cards (plain trick rules)."""
    spec = load_spec(REPO / "corpus" / "real" / "whist-classic.yaml")
    ex = worked_example(spec)
    assert ex.explained
    trump = next(t for t in ex.table if t.startswith("trumps: ")).split(": ")[1].split(" (")[0]
    order = spec.deck.ranks()
    for t in ex.tricks:
        won = t.cards[t.seats.index(t.taker)]
        suit = won.split(" of ")[1]
        rivals = [c for c in t.cards if c.split(" of ")[1] == suit]
        assert all(order.index(won.split(" of ")[0]) <= order.index(c.split(" of ")[0]) for c in rivals)
        assert ("trump" in t.why) == (suit == trump)


def test_example_is_deterministic() -> None:
    """The same example every time (what it costs: ``benchmarks/example.py``)."""
    spec = load_spec(REPO / "corpus" / "real" / "rummy.yaml")
    a, b = worked_example(spec), worked_example(spec)
    assert a == b
    assert f"--seed {a.seed} " in a.appendix() and a.seed == example_seed(spec)


def test_each_game_deals_its_own_example():
    """Two games with the same pack show different example deals (the seed comes from the name)."""
    spec = load_spec(REPO / "corpus" / "real" / "whist-classic.yaml")
    other = spec.model_copy(update={"naming": spec.naming.model_copy(update={"name": "Nether Wallop"})})
    assert example_seed(spec) != example_seed(other)
    assert worked_example(spec).hands != worked_example(other).hands


# --------------------------------------------------------------------------- the sections a reader expects


EXPECTED = ("## The cards", "## Setup", "## Play", "## Scoring", "## End of the game", "## Example of play",
            "## Scoresheet", "## Quick reference")


@pytest.mark.parametrize("label,spec", SPECS, ids=[label for label, _ in SPECS])
def test_every_rulebook_has_the_sections_a_reader_expects(label: str, spec) -> None:
    text = render_markdown(spec)
    headings = re.findall(r"^## .*$", text, flags=re.M)
    positions = [headings.index(h) for h in EXPECTED]   # each present …
    assert positions == sorted(positions)               # … in order
    assert headings[-1] == "## Quick reference"         # the rulebook ends with it
    intro = text.split("\n## ")[0]
    assert re.search(r"for (?:two|three|four|five|six|seven|eight)\b", intro), "the players are named"
    assert parse_markdown(text) == spec.rules()


# --------------------------------------------------------------------------- the parser skips, strictly


def test_parser_skips_notes_but_not_their_place() -> None:
    spec = load_spec(REPO / "corpus" / "real" / "hearts.yaml")
    text = render_markdown(spec)
    rules, notes = text.split("\n## Example of play\n")
    # What the notes say is no rule: another hand's figures change nothing, and leaving them out neither.
    assert parse_markdown(text.replace("| This hand | ", "| This hand | 1 | ")) == spec.rules()
    assert parse_markdown(rules) == spec.rules()
    # But a sentence of another form there is refused, as anywhere (a rule written after the rules).
    with pytest.raises(ParseError, match="no rule reads this sentence: “The dealer sings.”"):
        parse_markdown(text + "\nThe dealer sings.\n")
    with pytest.raises(ParseError, match="Example of play: no rule reads"):
        parse_markdown(text.replace("The scores of the hand:", "Hearts may be led at any time."))
    # But they stand after the rules, in their order, once each.
    ending = rules.index("\n## End of the game\n")
    moved = rules[:ending] + "\n## Quick reference\n\n- **Players**: four.\n" + rules[ending:]
    with pytest.raises(ParseError, match="out of order"):
        parse_markdown(moved)
    with pytest.raises(ParseError, match="out of order"):
        parse_markdown(text + "\n## Example of play\n\nAgain.\n")
    with pytest.raises(ParseError):
        parse_markdown(text.replace("## Scoresheet", "## Score sheet"))
    # And the Markdown is still well formed there (a list that skips a number is refused).
    with pytest.raises(ParseError):
        parse_markdown(text + "\n1. a\n3. b\n")


# --------------------------------------------------------------------------- strategy, variations, scoresheet


def test_strategy_and_variations_only_from_a_report() -> None:
    spec = load_spec(REPO / "corpus" / "real" / "oh-hell.yaml")
    plain = render_markdown(spec)
    assert "## Strategy" not in plain and "## Variations" not in plain
    note = ["Do not play by rote: the best rule of thumb, always playing the lowest cards allowed, won 5% of the games "
            "against strong players, where an even share is 25%."]
    text = render_markdown(spec, {"strategy": note, "variations": ["the game to 50 points also plays well"]})
    assert f"\n## Strategy\n\n{note[0]}\n" in text
    assert "\n## Variations\n\nPlaytested too, and passed: the game to 50 points also plays well.\n" in text
    assert parse_markdown(text) == spec.rules()
    # What the parser recognises there is the note's own forms, not any sentence.
    with pytest.raises(ParseError, match="Strategy: no rule reads this sentence"):
        parse_markdown(text.replace(note[0], "Always lead trumps."))


def test_scoresheet_rows_and_columns() -> None:
    oh_hell = load_spec(REPO / "corpus" / "real" / "oh-hell.yaml")   # 3–5 players, eight hands
    text = render_markdown(oh_hell)
    sheet = text.split("\n## Scoresheet\n")[1].split("\n## ")[0]
    rows = [line for line in sheet.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == 8 and rows[0] == "| 1 | | | | | |"   # a column per player, up to five
    hearts = load_spec(REPO / "corpus" / "real" / "hearts.yaml")
    typical = render_markdown(hearts, {"hands": 12, "minutes": 57, "games": 200})
    sheet = typical.split("\n## Scoresheet\n")[1].split("\n## ")[0]
    assert "about twelve hands" in sheet
    assert len([line for line in sheet.splitlines() if re.match(r"\| \d+ \|", line)]) == 12   # at most a page


# --------------------------------------------------------------------------- variations


def test_siblings_are_round_numbers_either_side() -> None:
    from generator.judging.variations import siblings

    whist = load_spec(REPO / "corpus" / "real" / "whist-classic.yaml")      # to 20 points
    assert [(s.value, s.words) for s in siblings(whist)] == [
        (10, "play to 10 points instead of 20, for a shorter game"),
        (30, "play to 30 points instead of 20, for a longer game")]
    hearts = load_spec(REPO / "corpus" / "real" / "hearts.yaml")            # until a player falls to −100
    assert [s.value for s in siblings(hearts)] == [60, 150]
    assert "falls to −60 points instead of −100" in siblings(hearts)[0].words
    assert siblings(load_spec(REPO / "corpus" / "real" / "oh-hell.yaml")) == []   # its hands end it


def test_judge_keeps_the_siblings_that_pass() -> None:
    from generator.judging import JudgeOptions, judge

    whist = load_spec(REPO / "corpus" / "real" / "whist-classic.yaml")
    judged = judge(whist, JudgeOptions(games=20, variations=True))
    assert judged.passed
    assert judged.variations == ["play to 10 points instead of 20, for a shorter game"]
    assert judge(whist, JudgeOptions(games=20)).variations == []       # off unless asked for
    text = render_markdown(whist, {"variations": judged.variations})
    assert "\n## Variations\n\nPlaytested too, and passed: play to " in text and parse_markdown(text) == whist.rules()


def test_variations_need_a_playtest(tmp_path) -> None:
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(main, ["generate", "--count", "1", "--variations", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--variations: only with --playtest" in result.output


# --------------------------------------------------------------------------- the strategy note


def test_strategy_note_from_a_tier2_report() -> None:
    import json

    from generator.publish.facts import text_summary
    from generator.text.strategy import strategy_note

    report = json.loads((REPO / "corpus" / "real" / "oh-hell.report.json").read_text(encoding="utf-8"))
    note = strategy_note(report)
    # the figures of the stored report (judged again on 2026-11-29 with sensible Tier-1 players)
    assert note[0] == ("Plan ahead, for skill shows strongly: with four players, a strong player who looks ahead won 84% "
                       "of the games against three players choosing at random, where an even share is 25%.")
    assert note[1].startswith("Do not agonise over playing trumps: told never to play a trump while it held another "
                              "card, the same player still won 82% of the games (against 84%).")
    assert note[2].startswith("Do not play by rote: the best rule of thumb, always grabbing the most points on offer at "
                              "once, won 8%")
    assert not re.search(r"\b[A-Z]+_[A-Z_]+\b|inert|dominance|seed", " ".join(note))   # no codes, no seeds
    spec = load_spec(REPO / "corpus" / "real" / "oh-hell.yaml")
    text = render_markdown(spec, text_summary(report))
    assert "\n## Strategy\n\nPlan ahead, for skill shows strongly: with four players" in text and parse_markdown(text) == spec.rules()
    # Without Tier 2 there is nothing to draw from, and nothing is invented.
    tier1 = {k: v for k, v in report.items() if k != "tier2"}
    assert strategy_note(tier1) == [] and strategy_note(None) == []
    assert "## Strategy" not in render_markdown(spec, text_summary(tier1))


def test_a_trick_taking_example_shows_the_whole_hand():
    """Every trick of the first hand is shown, so the score row can be checked from the table."""
    spec = load_spec(REPO / "corpus" / "real" / "whist-classic.yaml")
    ex = worked_example(spec)
    text = render_markdown(spec).split("\n## Example of play\n")[1].split("\n## ")[0]
    assert len(ex.tricks) == 13
    assert "The 13 tricks of the hand, with the cards in the order they were played:" in text
    assert "played the same way" not in text
    assert [line.split(" | ")[0] for line in text.splitlines() if re.match(r"\| \d+ \| ", line)] == [f"| {i}" for i in range(1, 14)]


def test_the_example_says_how_the_hand_ended():
    """Out, knocked or blocked: a shedding hand's end is named, so the score row follows from it."""
    from generator.text.example import Move
    from generator.text.render import _example_view

    spec = load_spec(REPO / "corpus" / "real" / "rummy.yaml")
    ex = worked_example(spec)
    blocked = Example(players=ex.players, seed=ex.seed, bot=ex.bot, hands=ex.hands, moves=ex.moves[:3], out=[],
                      scores=ex.scores)
    assert _example_view(spec, blocked)["ended"].startswith("No one goes out, so the hand ends by the rule")
    gone = Example(players=ex.players, seed=ex.seed, bot=ex.bot, hands=ex.hands, moves=ex.moves[:3], out=[2, 0],
                   scores=ex.scores)
    assert _example_view(spec, gone)["ended"] == "Cleo goes out first, then Ann."
    knock = spec.model_copy(update={"scoring": spec.scoring.model_copy(update={"round_end": "knock-five"})})
    knocked = Example(players=ex.players, seed=ex.seed, bot=ex.bot, hands=ex.hands, out=[],
                      moves=[*ex.moves[:3], Move(1, "knocks", True, "turn")], scores=ex.scores)
    assert _example_view(knock, knocked)["ended"] == "Ben knocks, which ends the hand at once, and wins it."
    fishing = Example(players=ex.players, seed=ex.seed, bot=ex.bot, hands=ex.hands, moves=ex.moves[:3], out=None,
                      scores=ex.scores)
    assert _example_view(spec, fishing)["ended"] == ""   # a family with no going out says nothing of it
