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
from generator.rulebook import render_markdown
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


# -- issue 32: the command line's flags, saved state, and the wording ----------------------------------


def _error(res) -> str:
    """The one error line a refused command ends with, and no traceback."""
    assert "Traceback" not in res.output, res.output
    lines = [x for x in res.output.splitlines() if x.startswith("parlour: ")]
    assert len(lines) == 1, res.output
    return lines[0]


def _closed_port() -> int:
    """A local port nothing listens on (bound, then let go): connecting to it is refused at once."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: Each command that takes --scheduler, with what it needs besides, writing (if at all) in OUT.
SCHEDULED = {
    "playtest": lambda out: ("playtest", str(WHIST), "--games", "2"),
    "evolve": lambda out: ("evolve", "--out", str(out), "--initial", "1", "--generations", "0", "--games", "2"),
    "generate": lambda out: ("generate", "--playtest", "--count", "1", "--games", "2", "--out", str(out)),
}


@pytest.mark.parametrize("command", sorted(SCHEDULED))
@pytest.mark.parametrize("address, says", [
    ("notanaddress", "no port"),
    ("tcp://[::1", "an IPv6 host goes in brackets"),
    ("tcp://host:0", "'0' is not a port"),
    ("tcp://host:99999", "'99999' is not a port"),
    ("udp://host:8786", "unknown transport 'udp'"),
    ("tcp://:8786", "no host name"),
])
def test_a_scheduler_address_that_is_none_is_bad_input(tmp_path, command, address, says):
    out = tmp_path / "out"
    res = run(*SCHEDULED[command](out), "--scheduler", address)
    assert res.exit_code == 2
    line = _error(res)
    assert line.startswith(f"parlour: --scheduler: {address!r} is not a Dask scheduler's address") and says in line
    assert not out.exists()


@pytest.mark.parametrize("command", sorted(SCHEDULED))
def test_a_scheduler_that_does_not_answer_is_bad_input_before_any_work(tmp_path, command):
    out = tmp_path / "out"
    address = f"tcp://127.0.0.1:{_closed_port()}"
    res = run(*SCHEDULED[command](out), "--scheduler", address)
    assert res.exit_code == 2
    assert _error(res).startswith(f"parlour: --scheduler: cannot reach the Dask scheduler {address}")
    assert not out.exists()


@pytest.mark.parametrize("command", sorted(SCHEDULED))
def test_scheduler_with_dask_local_is_refused_as_conflicting(tmp_path, command):
    out = tmp_path / "out"
    res = run(*SCHEDULED[command](out), "--scheduler", "tcp://127.0.0.1:8786", "--dask-local")
    assert res.exit_code == 2
    assert _error(res).startswith("parlour: --scheduler and --dask-local: give one of them")
    assert not out.exists()


def test_every_command_with_a_scheduler_checks_it():
    """A command given --scheduler later is checked too: the check comes with the option."""
    taking = sorted(name for name, cmd in main.commands.items() if any(p.name == "scheduler" for p in cmd.params))
    assert taking == sorted(SCHEDULED)


def test_a_scheduler_that_answers_but_is_no_scheduler_is_said_so(monkeypatch):
    """Past the address and the port, Dask's own client may fail any way it likes (a port that
    speaks another protocol made it allocate exabytes): it is one error naming the scheduler."""
    import distributed

    from generator.playtest.parallel import DaskExecutor, SchedulerUnreachable

    def garbled(*args, **kwargs):
        raise MemoryError("Unable to allocate 3.07 EiB")

    monkeypatch.setattr(distributed, "Client", garbled)
    with pytest.raises(SchedulerUnreachable, match="cannot reach the Dask scheduler tcp://h:1: no Dask scheduler"):
        DaskExecutor("tcp://h:1")


@pytest.fixture(scope="module")
def saved_run(tmp_path_factory):
    """A small evolve run's archive, to damage one field at a time."""
    out = tmp_path_factory.mktemp("evolved") / "run"
    res = run("evolve", "--out", str(out), "--initial", "2", "--generations", "0", "--games", "3", "--workers", "1")
    assert res.exit_code == 0, res.output
    return out


def _set_path(data: dict, path: str, value) -> None:
    keys = path.split(".")
    node = data
    for k in keys[:-1]:
        node = node[k] if k != "*" else next(iter(node.values()))
    node[keys[-1] if keys[-1] != "*" else next(iter(node))] = value


@pytest.mark.parametrize("path, value, says", [
    ("settings.games", "x", "settings.games: \"x\" is not a whole number"),
    ("settings.games", 0, "settings.games: 0 is not in the range 1 to 100,000"),
    ("settings.games", True, "settings.games: true is not a whole number"),
    ("settings.tier", 3, "settings.tier: 3 is not in the range 1 to 2"),
    ("settings.mend", "yes", "settings.mend: \"yes\" is not true or false"),
    ("settings.crossover", 1.5, "settings.crossover: 1.5 is not a share from 0 to 1"),
    ("settings.rollouts", None, "settings.rollouts: null is not a whole number"),
    ("settings.extra", 1, "settings.extra: not a setting of a run"),
    ("generation", -5, "generation: -5 is below -1"),
    ("games", "many", "games: \"many\" is not a whole number"),
    ("candidates", -1, "candidates: -1 is below 0"),
    ("passed", 10**6, "passed: 1000000 is not in the range 0 to"),
    ("niches.*.id", "../../elsewhere", "id: \"../../elsewhere\" is not an elite's id"),
    ("niches.*.quality", 7, "quality: 7 is not a quality from 0 to 1"),
    ("niches.*.generation", 99, "generation: 99 is not in the range 0 to 0"),
    ("rejected", [], "rejected: not a table of reason codes and counts"),
    ("settings", "x", "settings: not a table of settings"),
])
def test_a_damaged_archive_is_refused_naming_the_file_and_field(saved_run, tmp_path, path, value, says):
    """Saved state is input: a resumed run's archive.json is held to what the command line allows
    (issue 32: games 0, refused by --games, judged 28 candidates on no game at all)."""
    import shutil

    out = tmp_path / "run"
    shutil.copytree(saved_run, out)
    data = json.loads((out / "archive.json").read_text(encoding="utf-8"))
    _set_path(data, path, value)
    (out / "archive.json").write_text(json.dumps(data), encoding="utf-8")
    before = sorted((p.name, p.read_bytes()) for p in out.rglob("*") if p.is_file())
    res = run("evolve", "--out", str(out), "--resume", "--generations", "1", "--workers", "1")
    assert res.exit_code == 2
    line = _error(res)
    assert line.startswith(f"parlour: {out / 'archive.json'}: ") and says in line, line
    assert sorted((p.name, p.read_bytes()) for p in out.rglob("*") if p.is_file()) == before


def test_an_undamaged_archive_still_resumes(saved_run, tmp_path):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(saved_run, out)
    res = run("evolve", "--out", str(out), "--resume", "--generations", "1", "--workers", "1")
    assert res.exit_code == 0, res.output
    assert json.loads((out / "archive.json").read_text(encoding="utf-8"))["generation"] == 1


def test_the_archive_bounds_are_the_command_lines():
    """One table gives both: a setting the command line refuses is refused in an archive too."""
    from generator.commands.evolve import evolve
    from generator.evolve import BOUNDS

    for p in evolve.params:
        if p.name in BOUNDS:
            assert (p.type.min, p.type.max) == BOUNDS[p.name], p.name


def test_a_single_player_count_is_said_once(tmp_path):
    for args in (("playtest", str(WHIST), "--players", "3"), ("replay", str(WHIST), "--seed", "1", "--players", "3")):
        res = run(*args)
        assert res.exit_code == 2
        assert _error(res).endswith("players: Whist is for 4 players, not 3"), res.output


def test_replay_names_the_unknown_bot_before_counting_the_bots():
    res = run("replay", str(WHIST), "--seed", "1", "--bots", "greedyy")
    assert res.exit_code == 2 and "--bots: unknown bot 'greedyy'" in _error(res)
    res = run("replay", str(WHIST), "--seed", "1", "--bots", "greedy")
    assert res.exit_code == 2 and _error(res).startswith("parlour: --bots: 1 bot for 4 players")


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_replay_refuses_bot_and_bots_together(bot):
    """Either flag alone says who plays; given both, one of them would be ignored."""
    res = run("replay", str(WHIST), "--seed", "1", "--bot", bot, "--bots", "greedy,greedy,greedy,greedy")
    assert res.exit_code == 2 and _error(res).startswith("parlour: --bot and --bots: give one of them")


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_parse_given_a_spec_says_it_is_a_spec(tmp_path, suffix):
    data = whist_data()
    text = json.dumps(data) if suffix == ".json" else yaml.safe_dump(data)
    res = run("parse", str(write(tmp_path, f"whist{suffix}", text)))
    assert res.exit_code == 2
    assert f"whist{suffix}: this looks like a spec, not a rulebook" in _error(res)


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_spec_with_a_byte_order_mark_is_the_same_spec(tmp_path, suffix):
    """Some editors begin UTF-8 files with a byte-order mark; it is not part of the first key."""
    data = whist_data()
    text = json.dumps(data) if suffix == ".json" else yaml.safe_dump(data, sort_keys=False)
    path = tmp_path / f"bom{suffix}"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_spec(path) == load_spec(write(tmp_path, f"plain{suffix}", text))


def test_a_rulebook_and_a_book_with_a_byte_order_mark_are_read(tmp_path):
    from tests.test_import import GENERAL

    md = tmp_path / "whist.md"
    md.write_bytes(b"\xef\xbb\xbf" + render_markdown(load_spec(WHIST)).encode("utf-8"))
    res = run("parse", str(md))
    assert res.exit_code == 0, res.output
    book = tmp_path / "book.txt"
    book.write_bytes(b"\xef\xbb\xbf" + GENERAL.encode("utf-8"))
    plain = import_book(GENERAL)
    res = run("import", str(book), "--no-judge", "--lenient", "--out", str(tmp_path / "imp"))
    assert res.exit_code == 0, res.output
    assert len(list((tmp_path / "imp").glob("*.yaml"))) == sum(1 for g in plain.games if g.spec is not None)


def test_a_section_of_the_wrong_shape_names_no_class():
    """pydantic says "instance of Stock"; a reader of the spec knows no classes."""
    base = whist_data()
    for section in base:
        if not isinstance(base[section], dict):
            continue
        for bad in (5, [1], "x"):
            data = copy.deepcopy(base)
            data[section] = bad
            with pytest.raises(SpecError) as caught:
                spec_from_data(data)
            message = str(caught.value)
            assert "instance of" not in message and "object to extract fields" not in message, message
            assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w*\b", message.split("(got")[0]), message


def test_the_no_games_hint_gives_a_line_that_begins_a_game(tmp_path):
    """The hint's example is read as a game's first line, and so is its range in digits."""
    res = run("import", str(write(tmp_path, "none.txt", "Hello.\n")), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2
    example = re.search(r'such as "([^"]+)"', _error(res))[1]
    for line in (example, example.replace("three to six", "3 to 6")):
        games = import_book(line).games
        assert len(games) == 1 and games[0].family == "climbing", line
        assert not any("not an intro" in p.message for p in games[0].problems), (line, games[0].problems)


def test_a_line_nearly_beginning_a_game_is_not_folded_into_the_one_before():
    from tests.test_import import GENERAL

    before = import_book(GENERAL)
    near = "Foo is a climbing game for 2 to 4 players, played with a standard 52 card pack."
    after = import_book(GENERAL.rstrip("\n") + "\n\n" + near + "\n")
    assert len(after.games) == len(before.games) + 1
    last = after.games[-1]
    assert last.name == "Foo" and last.status == "failed" and "not an intro" in last.problems[0].message
    assert [g.spec for g in after.games[:-1]] == [g.spec for g in before.games]


def test_the_import_summary_counts_games_in_words(tmp_path):
    near = "Foo is a climbing game for 2 to 4 players, played with a standard 52 card pack.\n"
    res = run("import", str(write(tmp_path, "one.txt", near)), "--no-judge", "--lenient", "--out", str(tmp_path / "o"))
    assert res.exit_code == 0, res.output
    assert "imported 0 of 1 game of the families Parlour plays" in res.output
    assert " or matching or " not in res.output


# -- found by benchmarks/fuzz.py's state target: saved reports, run records, archives --------------------


def _whist_report() -> dict:
    from generator.playtest import playtest

    return playtest(load_spec(WHIST), games=4, seed=0).as_dict()


@pytest.mark.parametrize("damage, says", [
    (lambda r: r["counts"][0].update(win_rates=10**30), "counts[0].win_rates: not a list of shares"),
    (lambda r: r["counts"].__setitem__(0, "x"), "counts[0]: not a table of figures"),
    (lambda r: r["counts"][0].update(hands_median="many"), "counts[0].hands_median: not a number of hands"),
    (lambda r: r["counts"][0].update(minutes_median=None), "counts[0].minutes_median: not a number of minutes"),
    (lambda r: r["counts"][0].update(players=True), "counts[0].players: not a player count from 2 to 8"),
    (lambda r: r.update(reasons=[{"message": 5}]), "reasons: not a list of reasons"),
    (lambda r: r.update(tier2=[{"players": "four"}]), "tier2[0]: not the figures of a player count"),
    (lambda r: r.update(variations="shorter"), "variations: not a list of sentences"),
    (lambda r: r.update(verdict="maybe"), "verdict: neither pass nor reject"),
])
def test_a_damaged_report_is_refused_by_render_and_passed_over_by_a_book(tmp_path, damage, says):
    """A report on disk is input: a value of another kind in it stopped `render --report` or a book
    with a traceback (TypeError in the figures table, AttributeError in the verdict's sentences)."""
    from generator.commands.book import saved_report

    report = _whist_report()
    damage(report)
    spec = write(tmp_path, "whist.yaml", WHIST.read_text(encoding="utf-8"))
    saved = write(tmp_path, "whist.report.json", json.dumps(report))
    res = run("render", str(spec), "--report", str(saved))
    assert res.exit_code == 2 and _error(res).startswith(f"parlour: {saved}: {says}")
    assert saved_report(spec, "Whist") is None   # the book plays the game again instead


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"counts": [' + "9" * 5000 + "]}"])
def test_a_report_too_deep_or_too_long_to_read_is_refused(tmp_path, text):
    from generator.commands.book import saved_report

    spec = write(tmp_path, "whist.yaml", WHIST.read_text(encoding="utf-8"))
    saved = write(tmp_path, "whist.report.json", text)
    res = run("render", str(spec), "--report", str(saved))
    assert res.exit_code == 2 and "not a playtest report" in _error(res)
    assert saved_report(spec, "Whist") is None


@pytest.mark.parametrize("field, value", [
    ("rejected_by", "TOO_LONG"), ("mended", float("inf")), ("drafts", "9"), ("games", [1, 2]),
    ("playtest", "yes"), ("seed", None), ("kept", -1),
])
def test_a_damaged_run_record_is_no_record(tmp_path, field, value):
    """A book's cover reads run records as an account it can go without: damaged, it is none."""
    from collections import Counter

    from generator.publish import runs

    good = json.loads(runs.record(seed=7, family="climbing", count=2, players=None,
                                  playtest={"tier": 1, "games": 20, "mend": True}, drafts=5,
                                  kept=["000007-a.yaml", "000008-b.yaml"], mended=1,
                                  rejected_by=Counter({"TOO_LONG": 3}), redrawn_by=Counter(), redrawn=0,
                                  finished=True))
    path = tmp_path / runs.record_name(7)
    path.write_text(json.dumps(good), encoding="utf-8")
    assert runs.read(path) is not None
    path.write_text(json.dumps({**good, field: value}), encoding="utf-8")
    assert runs.read(path) is None
    path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert runs.read(path) is None


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, '{"version": 1, "games": ' + "9" * 5000 + "}"])
def test_an_archive_too_deep_or_too_long_to_read_is_refused(tmp_path, text):
    (tmp_path / "run").mkdir()
    write(tmp_path / "run", "archive.json", text)
    res = run("evolve", "--out", str(tmp_path / "run"), "--resume")
    assert res.exit_code == 2 and "archive.json: not an archive" in _error(res)


def test_the_lines_that_begin_a_game_are_read_with_bounded_names():
    """Found by benchmarks/fuzz.py: every line of a book is tried as a game's first line, and the
    unbounded name of that pattern took minutes over a long line repeating "is a" without "game
    for" (and the intro's the same over a long first sentence). A name runs to 200 characters;
    the seed book's longest is far shorter."""
    from generator.importer import naming

    start = " is a traditional climbing game for two to four players, played with a standard 52 card pack."
    assert naming.GAME_START.match("N" * 200 + start) and not naming.GAME_START.match("N" * 201 + start)
    assert naming.GAME_START.match("St. Ives" + start)["name"] == "St. Ives"
    assert import_book("a is a " * 20_000).games == []
    assert import_book("Foo is a b " * 20_000 + "game for two to four players.").games == []
