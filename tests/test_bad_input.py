"""Bad input is held (issue 16): the parser, the importer and spec loading answer any input with
their own error — one short line naming the file, section or field — never a traceback, a hang, a
message the size of the input, or a rulebook with a section the spec never had.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.importer import import_book
from generator.sample import sample_game
from generator.spec import GameSpec, SpecError, load_spec, spec_from_data
from generator.spec.words import MAX_CARDS, MAX_NAME, MAX_POINTS, MAX_TARGET
from generator.text import render_markdown
from generator.text.parse import ParseError, parse_markdown
from tests.conftest import WHIST, whist_data, whist_with

ROOT = Path(__file__).resolve().parents[1]
HYLOE = ROOT / "corpus" / "hyloe"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# -- 1. the parser: every broken rulebook is a ParseError ---------------------------------------------


#: Rulebooks with every section between them: the real games, imported games with trick bids, an
#: auction, invented laws, an exchange, a pig, robbing, shrinking hands, a boost and kitty capture,
#: and a few sampled games.
MUTATED = [*sorted((ROOT / "corpus" / "real").glob("*.yaml")),
           *(HYLOE / f"{n}.yaml" for n in ("zweimen", "laskill", "grand-piquey", "zens", "chateau-fromage",
                                           "fahrenholz", "lathbury", "holbach")),
           *range(6)]


def _rulebook(source) -> str:
    return render_markdown(sample_game(source).spec if isinstance(source, int) else load_spec(source))


def _mutations(text: str):
    """Each line dropped, duplicated, and cut in half and before its last character."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line:
            continue
        yield f"line {i + 1} dropped", lines[:i] + lines[i + 1:]
        yield f"line {i + 1} twice", lines[: i + 1] + lines[i:]
        for cut in sorted({len(line) // 2, len(line) - 1}):
            if cut > 0:
                yield f"line {i + 1} cut at {cut}", lines[:i] + [line[:cut]] + lines[i + 1:]


@pytest.mark.slow
@pytest.mark.parametrize("source", MUTATED, ids=lambda s: s.stem if isinstance(s, Path) else f"seed{s}")
def test_a_rulebook_with_a_line_dropped_doubled_or_cut_parses_or_is_a_parse_error(source):
    text = _rulebook(source)
    for what, lines in _mutations(text):
        try:
            result = parse_markdown("\n".join(lines))
        except ParseError as exc:
            assert exc.section and len(str(exc)) < 1_000, (what, str(exc)[:300])
        else:
            assert isinstance(result, GameSpec), what


def test_zweimen_without_its_bid_sentence_names_the_section(tmp_path):
    """The issue's example: the bid sentence deleted left "Then all the bids are shown together."
    checking the trick bids of a spec that has none (an AttributeError)."""
    text = _rulebook(HYLOE / "zweimen.yaml")
    assert "secretly writes down a bid" in text
    cut = "\n".join(line for line in text.split("\n") if "secretly writes down a bid" not in line)
    md = write(tmp_path, "z.md", cut)
    res = run("parse", str(md))
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"parlour: {md}: Bidding: ") and "Traceback" not in res.output
    assert "“Then all the bids are shown together.”" in res.output


@pytest.mark.parametrize("replace", [
    ("1. ", "9" * 5000 + ". "),             # a list item numbered beyond int()'s digits
    ("The hands are of 6, 5,", "The hands are of " + "6" * 5000 + ", 5,"),  # int() of the list of hand sizes
])
def test_numbers_too_long_for_int_are_a_parse_error(replace):
    text = _rulebook(HYLOE / "holbach.yaml").replace(*replace, 1)
    with pytest.raises(ParseError):
        parse_markdown(text)


def test_a_huge_shrinking_hand_is_refused_before_its_hands_are_listed():
    """Oh Hell's "eight cards" made 10^20: the list of shrinking hand sizes was built to compare
    (an OverflowError); now the spec refuses the hand size first."""
    text = _rulebook(ROOT / "corpus" / "real" / "oh-hell.yaml")
    assert "dealt eight cards" in text
    with pytest.raises(ParseError, match="deal.hand_size"):
        parse_markdown(text.replace("dealt eight cards", "dealt 100000000 cards"))


# -- 2. the importer: player ranges and counts are bounded before they are used ---------------------


GAME = """\
Nether Nowhere is a classic English trick-taking game for {players} players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Turn the top card of the deck to determine trump suit.
The dealer starts by leading any card. Players must follow suit if possible, otherwise may play any card.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The winner of the trick leads the next trick.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game. If tied, play an extra round.
"""


@pytest.mark.parametrize("players", ["zero to five", "one to four", "two to nine", "two to 10000000",
                                     "two to 100000000000000000000", "two to " + "9" * 5000])
def test_a_player_range_out_of_bounds_is_a_problem_at_once(players, monkeypatch):
    """Refused where the range is read and never set, so no cross-check loops over its counts (over
    "two to 100000000" such a loop would never end; ``benchmarks/latency.py`` times the refusal)."""
    from generator.importer.core import Draft

    written: list[str] = []
    real_set = Draft.set

    def spy(self, path, value, *args, **kwargs):
        written.append(path)
        return real_set(self, path, value, *args, **kwargs)
    monkeypatch.setattr(Draft, "set", spy)
    g = import_book(GAME.format(players=players)).games[0]
    assert "naming.name" in written and not [w for w in written if w.startswith("players")], written
    assert len(g.problems) == 1, g.problems   # the range alone: nothing was worked out at its counts
    assert g.spec is None and g.status == "failed"
    assert any("a game is for 2 to 8 players" in p.message for p in g.problems), g.problems
    assert all(len(str(p)) < 700 for p in g.problems)


def test_a_player_range_written_backwards_is_repaired_with_its_reason():
    g = import_book(GAME.format(players="five to two")).games[0]
    assert (g.spec.players.min, g.spec.players.max) == (2, 5) and g.status == "repaired"
    (repair,) = [r for r in g.repairs if r.kind == "player-range-reversed"]
    assert repair.category == "defect" and "runs backwards" in repair.text


@pytest.mark.parametrize("old, new", [
    ("Each player is dealt seven cards.", "Each player is dealt " + "7" * 5000 + " cards."),
    ("reach 12 points", "reach " + "1" * 5000 + " points"),
    ("reach 12 points", "reach 1000000000000 points"),
])
def test_a_number_too_long_in_a_sentence_is_a_problem_of_that_sentence(old, new):
    g = import_book(GAME.format(players="three to four").replace(old, new)).games[0]
    assert g.spec is None
    assert any("digits is larger than any count" in p.message for p in g.problems), g.problems


@pytest.mark.parametrize("old, new, field", [
    ("Each player is dealt seven cards.", "Each player is dealt 10000000 cards.", "deal.hand_size"),
    ("reach 12 points", "reach 100000000 points", "ending.condition.points"),
])
def test_a_count_beyond_the_spec_bounds_names_its_field(old, new, field):
    g = import_book(GAME.format(players="three to four").replace(old, new)).games[0]
    assert g.spec is None
    assert any(field in p.message for p in g.problems), g.problems


@pytest.mark.parametrize("path, value", [
    ("players.max", 100_000_000), ("players.min", 0), ("deal.hand_size", 10_000_000), ("deal.hand_size", 0),
    ("deal.hand_size_over_three", MAX_CARDS + 1), ("deal.kitty", {"form": "dealt", "size": 11}),
    ("setup.exchange", {"cards": MAX_CARDS + 1}), ("scoring.beyond", MAX_CARDS + 1),
    ("ending.condition.points", MAX_TARGET + 1), ("deck.removed", ["2"] * 15),
    ("scoring", {"kind": "avoid-suit", "suit": "hearts", "shoot_the_moon": MAX_POINTS + 1}),
    ("scoring", {"kind": "avoid-suit", "suit": "hearts", "pig_points": -MAX_POINTS - 1}),
    ("scoring", {"kind": "avoid-suit", "suit": "hearts", "bonus_card": {"card": "J of hearts", "points": 10 ** 9}}),
])
def test_every_count_is_bounded_in_the_spec(path, value):
    with pytest.raises(SpecError) as exc:
        spec_from_data(whist_with(**{path: value}))
    assert exc.value.field.startswith(path.split(".")[0]) and len(str(exc.value)) < 300


def test_a_player_range_running_backwards_is_not_a_spec():
    with pytest.raises(SpecError, match="players: the player range runs backwards: min is 5, max is 3"):
        spec_from_data(whist_with(**{"players.min": 5, "players.max": 3}))


# -- 3. messages stay short: no alias bombs, no input repeated whole --------------------------------


def anchor_bomb(depth: int) -> str:
    """ "Billion laughs": nine lists of nine aliases of the list before, ``depth`` deep."""
    lines = ['  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"  a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, depth + 1)]
    return "\n".join(lines)


def test_a_yaml_anchor_bomb_is_refused_quickly_with_a_short_message(tmp_path):
    text = WHIST.read_text(encoding="utf-8").replace("  name: Whist\n", f"  name:\n{anchor_bomb(9)}\n")
    path = write(tmp_path, "bomb.yaml", text)
    assert len(text) < 2_000
    res = run("check", str(path))
    assert res.exit_code == 2 and len(res.output) < 300, res.output[:300]
    assert "bomb.yaml" in res.output and "aliases are not allowed" in res.output
    # refused at the first alias, before anything is built from it (``benchmarks/latency.py`` times it)
    first = next(i for i, line in enumerate(text.splitlines(), 1) if "*a0" in line)
    assert f"(*a0) at line {first}:" in res.output, res.output


@pytest.mark.parametrize("path, value", [
    ("naming.name", "W" * 100_000),
    ("naming.name", ["x" * 1_000] * 1_000),
    ("deck.removed", ["x" * 30] * 10_000),
    ("setup.trumps", {"method": "x" * 100_000}),
    ("play.following", "sometimes " * 10_000),
    ("deal.hand_size", 10 ** 4000),
    ("ending.condition", {"kind": "target", "points": "9" * 100_000}),
])
def test_an_error_message_quotes_a_bounded_part_of_the_input(tmp_path, path, value):
    p = write(tmp_path, "long.json", json.dumps(whist_with(**{path: value})))
    res = run("check", str(p))
    assert res.exit_code == 2
    assert len(res.output) < 600, res.output[:600]


@pytest.mark.parametrize("text, says", [
    ("naming: " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("deal:\n  hand_size: " + "9" * 5_000 + "\n", "number too long"),
    ("naming:\n  name: " + "W" * 1_100_000 + "\n", "larger than any spec"),
])
def test_input_too_deep_long_or_large_to_read_is_refused(tmp_path, text, says):
    res = run("check", str(write(tmp_path, "odd.yaml", text)))
    assert res.exit_code == 2 and says in res.output and len(res.output) < 300, res.output[:300]


# -- 4. free text cannot change the rules or the page -------------------------------------------------


HOSTILE = [
    "Whist\n\n## Scoring\n\nThe dealer wins every hand.",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "*Big* Jim",
    "Jim | x",
    "1. Whist",
    "- Whist",
    "Whist\u202e",          # a right-to-left override
    " Whist",
    "Wh  ist",
    "W" * (MAX_NAME + 1),
]

#: Every free-text field of a spec, with a spec part that holds it.
FREE_TEXT = {
    "naming.name": {}, "naming.adjective": {}, "naming.aliases": {},
    "deal.kitty.name": {"deal.kitty": {"form": "undealt"}},
    "bidding.auction.title": {"bidding.auction": {}},
    "setup.robbing.verb": {"setup.robbing": {"form": "swap"}},
    "setup.pig.name": {"setup.pig": {"card": "Q of spades"}},
    "setup.exchange.name": {"setup.exchange": {"cards": 1}},
    "setup.extra_rules.name": {"setup.extra_rules": {"kind": "bonus"}},
    "play.weak_led_suit": {},
    "play.breaking.verb": {"play.breaking": {"suit": "hearts"}},
    "play.boost.name": {"play.boost": {"rank": "7"}},
    "play.kitty_capture.nickname": {"play.kitty_capture": {"card": "2 of clubs"}},
    "scoring.penalty_card.nickname": {"scoring": {"kind": "avoid-suit", "suit": "hearts",
                                                  "penalty_card": {"card": "Q of spades", "points": 13}}},
    "scoring.bonus_card.nickname": {"scoring": {"kind": "avoid-suit", "suit": "hearts",
                                                "bonus_card": {"card": "J of clubs", "points": 10}}},
    "scoring.doubler.nickname": {"scoring": {"kind": "avoid-suit", "suit": "hearts",
                                             "doubler": {"card": "10 of clubs"}}},
}


@pytest.mark.parametrize("field", FREE_TEXT)
@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_free_text_is_one_line_of_plain_words(field, value):
    changes = copy.deepcopy(FREE_TEXT[field])
    changes[field] = [value] if field == "naming.aliases" else value
    with pytest.raises(SpecError) as exc:
        spec_from_data(whist_with(**changes))
    assert exc.value.field.startswith(field), str(exc.value)
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 300


def test_a_hostile_name_is_refused_by_check_and_render(tmp_path):
    path = write(tmp_path, "evil.yaml", yaml.safe_dump(whist_with(**{"naming.name": HOSTILE[0]})))
    for cmd in ("check", "render"):
        res = run(cmd, str(path))
        assert res.exit_code == 2 and "evil.yaml: naming.name: a name may hold only" in res.output, res.output
        assert res.output.count("\n") == 1  # one line, quoting the name as a repr


def test_real_names_are_words():
    """Accents, hyphens, apostrophes, digits and the full stop of "St. Helens" (names only)."""
    for name in ("Crölpa-Löbschütz", "St. Ann's", "Bo’ness", "Universitäts- und Hansestadt Greifswald", "Zweimen 2"):
        assert spec_from_data(whist_with(**{"naming.name": name})).naming.name == name
    with pytest.raises(SpecError, match="deal.kitty.name"):
        spec_from_data(whist_with(**{"deal.kitty": {"form": "undealt", "name": "St. Kitty"}}))
    with pytest.raises(SpecError, match="naming.aliases: an alias may not hold the word 'or'"):
        spec_from_data(whist_with(**{"naming.aliases": ["Whist or Not"]}))


def _hostile_spec() -> GameSpec:
    """A spec with every free-text field hostile, put in past validation (as a program could): the
    Markdown must still be safe."""
    base = spec_from_data(whist_with(**{
        "deal.kitty": {"form": "dealt", "size": 1, "name": "pot"},
        "bidding.auction": {"title": "boss"},
        "setup.robbing": {"form": "swap"}, "setup.trumps": {"method": "turn-up"},
        "setup.pig": {"card": "Q of spades"}, "setup.exchange": {"cards": 1},
        "play.breaking": {"suit": "hearts"}, "play.boost": {"rank": "7"}, "play.weak_led_suit": "weak",
        "play.kitty_capture": {"card": "2 of clubs", "nickname": "Deuce"},
        "naming.aliases": ["Whisk"],
    }))
    evil = "x</p><script>alert(1)</script>\n\n## Scoring\n\n[y](javascript:alert(1)) *z*"

    def put(model, **values):
        return model.model_copy(update=values)

    s = base
    return put(s, naming=put(s.naming, name=evil, aliases=[evil], adjective=evil),
               deal=put(s.deal, kitty=put(s.deal.kitty, name=evil)),
               bidding=put(s.bidding, auction=put(s.bidding.auction, title=evil)),
               setup=put(s.setup, robbing=put(s.setup.robbing, verb=evil), pig=put(s.setup.pig, name=evil),
                         exchange=put(s.setup.exchange, name=evil)),
               play=put(s.play, weak_led_suit=evil, breaking=put(s.play.breaking, verb=evil),
                        boost=put(s.play.boost, name=evil), kitty_capture=put(s.play.kitty_capture, nickname=evil)))


def test_markdown_escapes_spec_text_like_the_html():
    spec = _hostile_spec()
    plain = render_markdown(spec.model_copy(update={"naming": spec.naming.model_copy(update={
        "name": "Whist", "aliases": ["Whisk"], "adjective": "classic"})}))
    md = render_markdown(spec)
    assert not re.search(r"(?<!\\)[<>&]", md) and not re.search(r"(?<!\\)\]\(javascript:", md)
    assert "\\<script\\>" in md and "\\[y\\](javascript:alert(1)) \\*z\\*" in md
    headings = [line for line in md.split("\n") if line.startswith("#")]
    assert len(headings) == len([line for line in plain.split("\n") if line.startswith("#")])
    assert all(h.startswith("## ") or h.startswith("# x") for h in headings)
    assert "\n## Scoring\n" in md and md.count("\n## Scoring\n") == 1


def test_the_markdown_filter_changes_nothing_a_spec_accepts():
    from generator.text.phrases import md

    for word in ("Crölpa-Löbschütz", "St. Ann's", "Bo’ness", "Black Lady", "breaking out the", "two-headed"):
        assert md(word) == word


# -- 5. clear messages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path, key", [
    ("setup", "hidden"), ("ending.condition", "rounds"), ("scoring", "target"), ("", "fixed"), ("setup.trumps", "none"),
])
def test_an_unknown_field_spelt_like_a_tag_is_named(tmp_path, path, key):
    data = whist_data()
    node = data
    for part in filter(None, path.split(".")):
        node = node[part]
    node[key] = True
    res = run("check", str(write(tmp_path, "tag.yaml", yaml.safe_dump(data))))
    assert res.exit_code == 2
    assert f"tag.yaml: {path + '.' if path else ''}{key}: unknown field" in res.output, res.output


def test_a_missing_file_says_so_without_a_reason_code(tmp_path):
    for cmd in ("check", "render", "playtest"):
        res = run(cmd, str(tmp_path / "nope.yaml"))
        assert res.exit_code == 2 and "nope.yaml: no such file" in res.output, (cmd, res.output)
        assert "SPEC_INVALID" not in res.output and "[" not in res.output


def test_a_rulebook_given_as_a_spec_says_so_and_names_its_yaml(tmp_path):
    spec = write(tmp_path, "zweimen.yaml", (HYLOE / "zweimen.yaml").read_text(encoding="utf-8"))
    md = write(tmp_path, "zweimen.md", _rulebook(HYLOE / "zweimen.yaml"))
    for cmd in ("check", "render", "playtest"):
        res = run(cmd, str(md))
        assert res.exit_code == 2, res.output
        assert f"{md}: this looks like a rulebook, not a spec: give its spec {spec}" in res.output
        assert f"'parlour parse {md}'" in res.output and "not valid YAML" not in res.output
    (tmp_path / "elsewhere").mkdir()
    alone = write(tmp_path / "elsewhere", "game.md", md.read_text(encoding="utf-8"))
    res = run("check", str(alone))
    assert res.exit_code == 2 and "give the game's .yaml spec" in res.output


def test_a_spec_with_a_comment_header_is_still_a_spec(tmp_path):
    """A YAML comment looks like a Markdown title: a spec that begins with one is no rulebook."""
    path = write(tmp_path, "x.yaml", "# my game\n" + yaml.safe_dump(whist_data()))
    assert load_spec(path).naming.name == "Whist"


def test_a_huge_number_nested_in_a_list_is_quoted_by_its_size() -> None:
    """Found by benchmarks/fuzz.py: a number of thousands of digits inside a list reached the
    message writer, which Python refuses to write out (more than 4,300 digits)."""
    from generator.sample import sample_game
    from generator.spec import spec_from_data
    from generator.spec.io import SpecError

    data = sample_game(1).spec.model_dump(mode="json")
    data["naming"]["aliases"] = ["Ollndorf", [10**4400]]
    with pytest.raises(SpecError, match="a number of about 4401 digits"):
        spec_from_data(data)
